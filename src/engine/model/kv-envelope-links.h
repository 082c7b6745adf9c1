// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-envelope-links.h: which envelopes each agent links — the envelope
 * view's relation, on either engine.
 *
 * Over every world still possible, an agent links two envelopes iff it
 * cannot tell apart some world holding one from some world holding the
 * other (the explicit envelope view's definition, kv-view.h). The nodes
 * are the envelopes of every world, ascending as numbers (KvHand).
 *
 * Explicit: from the model's classes. Symbolic: for agent a and envelope
 * e, P_e = ∃(variables a does not observe)(θ ∧ envelope = e), the
 * observations a may make with e in the envelope; then the envelopes
 * linked to e are ∃(a's observed variables)(θ' ∧ P_e), θ' being θ with
 * only a's observed and the envelope's variables left: one BDD product
 * per envelope and agent, never one per pair (cluedo: 324 envelopes,
 * 52 000 pairs per agent).
 *
 * The groups: explicitly, each class's envelopes; symbolically, the
 * observations split by each P_e in turn (partition refinement), the set
 * of envelopes of each part.
 *
 * kv_state_envelope_links (kv-state.h) is the one entry point; the two
 * constructors are its back-ends. Reference counted and immutable.
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

typedef struct {
  gatomicrefcount ref;
  GArray  *hands;      /* KvHand: every envelope still possible, ascending */
  guint    n_agents;
  guint    words;      /* 64-bit words per row: (hands->len + 63) / 64 */
  guint64 *links;      /* n_agents × n × words: row x of agent a has bit y set
                        * iff a links envelopes x and y (x links itself) */
  GPtrArray **groups;  /* n_agents, or NULL: per agent the distinct sets of
                        * envelopes one of its classes holds (GBytes, words
                        * guint64 each; sorted by g_bytes_compare), what the
                        * envelope view draws when the links are not an
                        * equivalence; only for at most
                        * KV_ENVELOPE_GROUPS_MAX envelopes */
} KvEnvelopeLinks;

/* The most envelopes whose groups are worked out: past it an envelope
 * view counts links rather than draw them (kv-view-symbolic.c), and real
 * Cluedo's 324 envelopes have thousands of groups. */
#define KV_ENVELOPE_GROUPS_MAX 100

/* An empty relation (no envelopes) when the game has no envelope. */
KvEnvelopeLinks *kv_envelope_links_new_for_model (const KvModel *model);
/* For the two constructors: takes @hands (sorted ascending), the
 * relation starts empty; and the groups in @set (GBytes) sorted, since a
 * hash table has no order. */
KvEnvelopeLinks *kv_envelope_links_new_empty     (GArray *hands, guint n_agents);
GPtrArray       *kv_envelope_links_sorted_groups (GHashTable *set);

KvEnvelopeLinks *kv_envelope_links_ref   (KvEnvelopeLinks *links);
void             kv_envelope_links_unref (KvEnvelopeLinks *links);

static inline guint
kv_envelope_links_n (const KvEnvelopeLinks *links)
{
  return links->hands->len;
}

static inline const guint64 *
kv_envelope_links_row (const KvEnvelopeLinks *links, guint agent, guint x)
{
  return links->links + ((gsize) agent * links->hands->len + x) * links->words;
}

/* Whether @agent links envelopes @x and @y (indices into hands). */
static inline gboolean
kv_envelope_links_get (const KvEnvelopeLinks *links, guint agent, guint x, guint y)
{
  return (kv_envelope_links_row (links, agent, x)[y >> 6] >> (y & 63)) & 1;
}

/* The index of @hand among the envelopes, or -1. */
int              kv_envelope_links_find  (const KvEnvelopeLinks *links, KvHand hand);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvEnvelopeLinks, kv_envelope_links_unref)

G_END_DECLS
