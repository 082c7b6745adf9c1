// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-state.h: one engine API over two back-ends.
 *
 * A KvState is the knowledge state at one step of a game, held either by the
 * explicit engine (a KvModel: every world) or by the symbolic one (a KvSym:
 * BDDs, for games too big to enumerate). Callers read it out the same way:
 * world and class counts (64-bit, exact), possible owners per card, formula
 * truth at the actual world, and applying a step. The semantics are the
 * same (tests/engine/test-sym.c compares them).
 *
 *   g_autoptr(KvState) s = kv_state_new_initial (game, KV_ENGINE_AUTO, 0, &error);
 *   g_autoptr(KvState) t = kv_state_apply_step (s, step, &error);
 *   kv_state_check_actual (t, formula, &value, &error);
 *
 * KV_ENGINE_AUTO picks explicit when the game's deals fit the world limit,
 * symbolic otherwise; the choice is made once, on the initial state, and
 * every state derived from it keeps its back-end. kv_engine_from_env reads
 * KRIPKEVIZ_ENGINE. States are immutable and reference counted. BuDDy,
 * the symbolic back-end, is process-wide and not thread safe: every
 * kv_state_* call on a symbolic state holds one process-wide recursive lock
 * for that call only, so symbolic games may run in several threads at once
 * (the window's and a tournament's), each waiting at most for the other's
 * one call. Reach the symbolic engine only through these functions.
 */
#pragma once

#include "kv-count.h"
#include "kv-model.h"
#include "kv-perspective.h"
#include "kv-sym.h"
#include "kv-envelope-links.h"

G_BEGIN_DECLS

typedef enum {
  KV_ENGINE_AUTO,
  KV_ENGINE_EXPLICIT,
  KV_ENGINE_SYMBOLIC,
} KvEngineKind;

/* "auto", "explicit" or "symbolic"; anything else is KV_ERROR_NAME. */
gboolean     kv_engine_parse     (const char *text, KvEngineKind *kind, GError **error);
const char  *kv_engine_name      (KvEngineKind kind);
/* KRIPKEVIZ_ENGINE, or auto when unset or empty. */
gboolean     kv_engine_from_env  (KvEngineKind *kind, GError **error);

typedef struct _KvState KvState;

/* A boxed type (reference counted), for properties that hold a state. */
#define KV_TYPE_STATE (kv_state_get_type ())
GType        kv_state_get_type     (void) G_GNUC_CONST;

KvState     *kv_state_new_initial  (KvGame *game, KvEngineKind kind, guint world_limit, GError **error);
/* An explicit state over @model (referenced). */
KvState     *kv_state_new_for_model (KvModel *model);
KvState     *kv_state_apply_step   (KvState *state, const KvStep *step, GError **error);
gboolean     kv_state_check_actual (KvState *state, const KvFormula *f, gboolean *value, GError **error);
/* The same, and the worlds where @f holds in *@n_true, on either engine
 * (G_MAXUINT64 when the symbolic engine cannot count them: a formula with
 * an action [α] in it). */
gboolean     kv_state_check_count  (KvState *state, const KvFormula *f, gboolean *value, guint64 *n_true,
                                    GError **error);

/* Why @step is false at the actual world of @state, or NULL when it can
 * be applied there (kv_step_why_false on either engine; a suggest is never
 * false). Free with g_free. */
char        *kv_state_why_false    (KvState *state, const KvStep *step);

KvEngineKind kv_state_engine       (const KvState *state);   /* never AUTO */
KvGame      *kv_state_game         (const KvState *state);
guint64      kv_state_count_worlds (const KvState *state);
/* Symbolic states only (explicit ones name the worlds, kv-explain.h): the
 * deals of @before that no world of @after has, @after following @before
 * by steps — each went with all its worlds. */
guint64      kv_state_count_removed (const KvState *before, const KvState *after);
/* Those deals' labels (kv_game_deal_label), when at most @most; else
 * NULL. Symbolic states only. */
GPtrArray   *kv_state_removed_deal_labels (const KvState *before, const KvState *after, guint most);
/* The knowledge table at the actual world, on either back-end: read out
 * once, on the first call, and owned by @state. */
const KvKnowledge *kv_state_knowledge (KvState *state);
/* The explicit model, or NULL for a symbolic state. */
KvModel     *kv_state_model        (const KvState *state);

KvState     *kv_state_ref          (KvState *state);
void         kv_state_unref        (KvState *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvState, kv_state_unref)

/* --- what one agent considers possible (the players, kv-strategy.c) --- */

/* The envelopes @agent considers possible at the actual world (its class),
 * as KvHands (one card of each envelope category), exact, sorted ascending
 * as numbers, no repeats; empty when the game has no envelope. The same
 * list on both back-ends. Free with g_array_unref. */
GArray      *kv_state_envelopes        (KvState *state, guint agent);
/* The envelopes of every world still possible, and of the worlds of the
 * actual world's common-knowledge component (what common knowledge ranges
 * over: in a game's usual course every world), as kv_state_envelopes
 * lists them. The same lists on both back-ends. */
GArray      *kv_state_all_envelopes    (KvState *state);
GArray      *kv_state_common_envelopes (KvState *state);
/* The number of worlds @agent considers possible at the actual world. */
guint64      kv_state_count_agent_worlds (KvState *state, guint agent);
/* Deal shares of @agent's class at the actual world (kv-probability.h:
 * each deal it still considers possible equally likely), on either
 * back-end: n_cards × n_owners, card-major. Free with g_free. */
double      *kv_state_probabilities      (KvState *state, guint agent);

/* A perspective at the actual world (kv-perspective.h): what the chain
 * a₁ → … → aₙ considers possible. */
typedef struct {
  guint64  n_worlds;    /* the chain's worlds */
  guint32 *owners;      /* per card, its owners over them: masks, as kv_perspective_owners */
  GArray  *envelopes;   /* KvHand: the envelopes in them, as kv_state_envelopes; empty without one */
} KvStatePerspective;

/* The perspective of @chain (@n_chain agents, 1 to KV_PERSPECTIVE_MAX) at
 * the actual world of @state, on either back-end with the same answers:
 * the explicit one by kv_perspective_worlds and kv_perspective_owners, the
 * symbolic one with BDDs (kv_sym_perspective). Free with
 * kv_state_perspective_free. */
KvStatePerspective *kv_state_perspective (KvState *state, const guint *chain, guint n_chain);
void         kv_state_perspective_free (KvStatePerspective *perspective);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvStatePerspective, kv_state_perspective_free)

/* The envelope view's relation on either back-end: every envelope still
 * possible and, per agent, which of them it links (kv-envelope-links.h);
 * no envelopes when the game has none. A new reference for the caller
 * (the window keeps the one of the step it shows); read out once a state
 * and kept. NULL and KV_ERROR_LIMIT
 * when a symbolic state's BDD table overflows. */
KvEnvelopeLinks *kv_state_envelope_links (KvState *state, GError **error);

G_END_DECLS
