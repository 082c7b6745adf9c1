// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explain.h: what one step did, told to a student.
 *
 * Compares the model before a step with the model after it: the action in
 * words and in DEL notation, the worlds it removed, the links each agent
 * lost, the pairs a product step tried and kept, and what each agent (and
 * everyone) learned, read off the knowledge tables at the actual worlds
 * ("3 now knows that 2 holds w"). Sentences are translated.
 */
#pragma once

#include "kv-history.h"
#include "kv-knowledge.h"
#include "kv-state.h"

G_BEGIN_DECLS

/* The names of worlds removed are listed up to this many, counted beyond. */
#define KV_EXPLAIN_NAMED_MAX 50

typedef struct {
  char      *text;         /* sentences, one per line */
  char      *summary;      /* at most four short lines for a class: what was said or shown,
                            * why the removed worlds go, who learned what; counts in words
                            * ("1.9 billion deals"), no coded deal listed */
  guint64    n_removed;    /* worlds of the model before with no world after; on the symbolic
                            * engine, deals (removed_deals) */
  GPtrArray *removed;      /* char*: their names (kv_game_deal_label) when n_removed ≤
                            * KV_EXPLAIN_NAMED_MAX, else empty */
  gboolean   removed_deals;   /* n_removed counts deals, each with all its worlds */
} KvExplanation;

/* Explains entry @index (≥ 1) of @history: the step from entry @index - 1
 * (on either engine, as kv_explain_states). */
KvExplanation *kv_explain_entry       (const KvHistory *history, guint index);
/* Explains @step from @before to @after on either back-end; a symbolic
 * step's removed deals are counted, and named when few (a deal's worlds go
 * together), and its links not listed. */
KvExplanation *kv_explain_states      (const KvStep *step, KvState *before, KvState *after);
void           kv_explanation_free    (KvExplanation *explanation);

/* E, what every agent knows: for each card the owners some agent still
 * considers possible (the union of the agents' masks), n_cards masks. */
guint32       *kv_knowledge_everyone  (const KvKnowledge *k);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvExplanation, kv_explanation_free)

G_END_DECLS
