// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge.h: what every agent knows at one world — the knowledge table.
 *
 * For each agent (and for "everyone", i.e. common knowledge among all
 * agents) the worlds it considers possible at the world, and over those the
 * possible owners of each card, as a bit mask over owners.
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

typedef struct {
  guint64  class_size;        /* worlds considered possible */
  guint32 *possible;          /* n_cards masks over owners */
  gboolean wins;              /* knows δ */
} KvPerspective;

typedef struct {
  guint          n_agents;
  guint          n_cards;
  guint          world;
  KvPerspective *agents;      /* n_agents */
  KvPerspective  common;      /* over the world's component of the union of all relations */
  guint32        winners;     /* bit mask of agents that know δ */
} KvKnowledge;

/* A table with empty perspectives, for a back-end that fills them itself
 * (the symbolic engine, kv-sym-knowledge.c), then calls kv_knowledge_decide_winners. */
KvKnowledge *kv_knowledge_new_empty (const KvGame *game);
/* Sets each perspective's wins and the winners from the possible owners. */
void         kv_knowledge_decide_winners (KvKnowledge *k, const KvGame *game);
KvKnowledge *kv_knowledge_copy (const KvKnowledge *k);
void         kv_knowledge_free (KvKnowledge *k);

/* The single owner in @mask, or -1 when there are several (or none). */
int          kv_knowledge_known_owner (guint32 mask);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvKnowledge, kv_knowledge_free)

G_END_DECLS
