// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym.h: the symbolic back-end — a knowledge game as a BDD (BuDDy).
 *
 * The approach of SMCDEL's knowledge structures: one boolean variable per
 * (card, owner) pair, "card is held by owner", in one block per card
 * (kv-sym-private.h). The state law θ is the BDD of the deals still
 * possible; agent a observes the variables of its own hand, so the initial
 * structure is exactly the explicit initial model. The envelope's
 * variables are defined ("no agent holds the card"), not kept in θ.
 *
 *   K_a φ = ∀(variables a does not observe)(θ → φ)
 *   M_a φ = ∃(variables a does not observe)(θ ∧ φ)
 *   D_B φ = the same over the variables nobody in B observes
 *   C_B φ = νX. ⋀_{a∈B} K_a(φ ∧ X), found as "no ¬φ world is reachable
 *            by B's relations" (kv-sym-reach.c)
 *   win{a} = a knows whether each card is in the envelope (or, without an
 *            envelope, whether each card is held by each owner)
 *
 * Steps: the product with an action model adds fresh event variables (for
 * each agent with several event blocks, its blocks one-hot, observed by
 * that agent; the event in binary, observed by nobody, when the blocks do
 * not name it), each in the block of the first card its events'
 * preconditions mention; θ' = θ ∧ ⋁_e (code(e) ∧ pre(e)). A private
 * showcard stays exact: the target observes which card, the others only
 * that one was shown. A suggest expands against the actual deal, as in the
 * explicit engine. A step that removes nothing gives a state that shares
 * its predecessor's read-outs.
 *
 * Event variables are never removed: a world is a deal with its event
 * history, counted as the explicit product counts it, and the asker's
 * knowledge of the card shown lives in them.
 *
 * A long game's suggestions tie cards together, and where the event
 * variables go decides how wide θ is (kv-sym-step.c); BuDDy can reorder
 * the cards' blocks when asked (KRIPKEVIZ_SYM_REORDER, kv-sym.c).
 * docs/symbolic.md describes the encoding and how long a game fits.
 *
 * KRIPKEVIZ_SYM_TRACE set: each phase's time and BDD size go to stderr.
 *
 * BuDDy is a process-wide library: the node table is bounded by
 * kv_sym_max_nodes () nodes (about 20 bytes each), and a table overflow
 * becomes KV_ERROR_LIMIT, never an abort. A state references its own BDDs
 * only, never an earlier state (kv-sym-private.h, deals_from), so a game
 * whose earlier states are freed keeps one θ in the table. Not thread
 * safe: reach it through kv-state.c, which serialises the calls.
 */
#pragma once

#include "kv-envelope-links.h"
#include "kv-knowledge.h"
#include "kv-step.h"

G_BEGIN_DECLS

#define KV_SYM_MAX_NODES 20000000

/* The bound on BuDDy's node table: KRIPKEVIZ_BDD_NODES (100 000 to
 * KV_SYM_MAX_NODES) when set, else KV_SYM_MAX_NODES; read when the library
 * starts. */
guint kv_sym_max_nodes (void);
/* The smallest bound KRIPKEVIZ_BDD_NODES may set. */
#define KV_SYM_MIN_NODES 100000
/* KRIPKEVIZ_BDD_NODES read: *@nodes the bound it sets (KV_SYM_MAX_NODES
 * when unset or empty); FALSE and an @error that names it and says why
 * when it is not a number in range. */
gboolean kv_sym_nodes_from_env (guint *nodes, GError **error);
#define KV_SYM_MAX_VARS  1536

typedef struct _KvSym KvSym;

/* The symbolic initial structure of @game: every deal its header allows. */
KvSym   *kv_sym_new_initial   (KvGame *game, GError **error);

/* The structure after @step. KV_ERROR_FALSE when its precondition is false
 * at the actual world, KV_ERROR_LIMIT when the node table overflows or
 * the structures it holds would leave the read-outs (which cannot fail)
 * less than an eighth of it (kv-sym.c). */
KvSym   *kv_sym_apply_step    (KvSym *sym, const KvStep *step, GError **error);

/* Whether @f holds at the actual world. */
gboolean kv_sym_check_actual  (KvSym *sym, const KvFormula *f, gboolean *value, GError **error);
/* The same, and in *@n_true the worlds where @f holds, counted exactly
 * (G_MAXUINT64 when it cannot be: a formula with an action [α]). */
gboolean kv_sym_check_count   (KvSym *sym, const KvFormula *f, gboolean *value, guint64 *n_true, GError **error);

/* The number of worlds: deals and event histories still possible, counted
 * exactly in 64 bits over θ (BuDDy's satcount is a double over every
 * variable of the table); it equals the explicit product's world count. */
guint64  kv_sym_count_worlds  (const KvSym *sym);



/* The deals of @before that @after no longer has (@after comes from
 * @before by steps), each with all its worlds, counted exactly. Each
 * state's deals are worked out once and kept. (The explicit engine counts
 * the worlds; they differ where a deal has several worlds, after a private
 * showcard.) */
guint64  kv_sym_count_removed_deals (KvSym *before, KvSym *after);

/* The deals kv_sym_count_removed_deals counts, when at most @most: each
 * deal as kv_game_n_owners () hands in a row (the envelope's too), in the
 * order the explicit engine lists deals, into a new array of KvHand; NULL
 * when there are more. */
GArray  *kv_sym_removed_deals (KvSym *before, KvSym *after, guint most);

/* The knowledge table at the actual world (kv-knowledge.h): each agent's
 * class and the common-knowledge component, counted exactly. Read out on
 * the first call (or taken from the earlier state a no-op step came from)
 * and kept in @sym; each call returns a copy for the caller to free. */
KvKnowledge *kv_sym_knowledge (KvSym *sym);

/* The envelope contents still possible: over @agent's class at the actual
 * world, or over every world of θ when @agent is -1. Each is a KvHand
 * (the envelope's cards, one of each envelope category), exact, sorted
 * ascending, no repeats; empty when the game has no envelope. Free with
 * g_array_unref. */
GArray  *kv_sym_envelopes     (KvSym *sym, int agent);
/* The same over the actual world's common-knowledge component (the
 * knowledge table's "common" column): every world's when the component is
 * every world, as it is in a game's usual course. */
GArray  *kv_sym_common_envelopes (KvSym *sym);

/* The perspective of the chain @chain (@n_chain agents, at least one:
 * what a₁ thinks a₂ … considers possible, kv-perspective.h) at the actual
 * world: its worlds' count into @p's class_size, each card's owners over
 * them into @p's possible (n_cards masks, zeroed by the caller, as
 * kv_perspective_owners gives), and the envelopes possible in them as
 * kv_sym_envelopes lists them (empty without an envelope; free with
 * g_array_unref). Computed with BDDs (kv-sym-knowledge.c). */
GArray  *kv_sym_perspective   (KvSym *sym, const guint *chain, guint n_chain, KvPerspective *p);

/* The number of worlds @agent considers possible at the actual world (its
 * class), exactly: kv_sym_knowledge ()'s class_size, without the rest of
 * the table when that is not read out yet. */
guint64  kv_sym_count_agent_worlds (KvSym *sym, guint agent);

/* Deal shares (kv-probability.h) of @agent's class at the actual world:
 * n_cards × n_owners, card-major; each deal counted once however many
 * worlds it has (kv-sym-probability.c). Call it through
 * kv_state_probabilities, which holds the symbolic engine's lock. */
double  *kv_sym_probabilities (KvSym *sym, guint agent);

/* Nodes of θ (for the bench). */
guint    kv_sym_node_count    (const KvSym *sym);

KvGame  *kv_sym_game          (const KvSym *sym);
/* The envelope view's relation (kv-envelope-links.h) read off θ. NULL and
 * KV_ERROR_LIMIT when the BDD table overflows. Call it through
 * kv_state_envelope_links, which holds the symbolic engine's lock (BuDDy
 * is not thread safe). */
KvEnvelopeLinks *kv_envelope_links_new_for_sym (KvSym *sym, GError **error);

KvSym   *kv_sym_ref           (KvSym *sym);
void     kv_sym_unref         (KvSym *sym);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvSym, kv_sym_unref)

G_END_DECLS
