// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym.h: the symbolic back-end — a knowledge game as a BDD (BuDDy).
 *
 * The approach of SMCDEL's knowledge structures: one boolean variable per
 * (card, owner) pair, "card is held by owner", ordered card-major (every
 * owner of card 0, then of card 1, …: the one-hot constraint of a card stays
 * local, see bench/ for the measured sizes). The state law θ is the BDD of the
 * deals still possible; agent a observes the variables of its own hand, so
 * the initial structure is exactly the explicit initial model (two deals are
 * linked for a iff a holds the same hand in both). The envelope's
 * variables are defined ("no agent holds the card"), not kept in θ: a
 * sixth of its nodes (kv-sym-private.h, is_defined ()).
 *
 *   K_a φ = ∀(variables a does not observe)(θ → φ)
 *   M_a φ = ∃(variables a does not observe)(θ ∧ φ)
 *   D_B φ = the same over the variables nobody in B observes
 *   C_B φ = νX. ⋀_{a∈B} K_a(φ ∧ X), found as "no ¬φ world is reachable
 *            by B's relations" (a least fixpoint, kept as sets of one
 *            agent's observations at a time)
 *   win{a} = a knows whether each card is in the envelope (or, without an
 *            envelope, whether each card is held by each owner)
 *
 * Steps: the product with an action model adds fresh event variables: for
 * each agent with several event blocks, its block one-hot (one variable
 * per block), observed by that agent (agents with the same blocks share
 * them: a showcard's asker and responder), each just above the first card
 * its events' preconditions mention (a showcard's "b shows c" above card
 * c: kv-sym-step.c says why not binary); when the blocks do not tell every
 * event apart, the event in binary, observed by nobody, above the first
 * card the preconditions mention. θ' = θ ∧ ⋁_e (code(e) ∧ pre(e)), so a private
 * showcard stays exact: the target observes which card, the others only that
 * one was shown. A public announcement (one event) adds no variable. A
 * suggest expands against the actual deal, as in the explicit engine, and
 * its steps with propositional preconditions (nocard, showcard) meet θ in
 * one conjunction. A step that removes nothing (most endmoves) gives a state
 * that shares its predecessor's read-outs.
 *
 * Event variables are never removed: a world is a deal with its event
 * history, counted as the explicit product counts it, and the asker's
 * knowledge of the card shown lives in them. Quantifying them away would be
 * sound only where the deal fixes the event and every agent observing them
 * could tell it from its other variables, which a showcard's asker cannot.
 * Nor can they be replaced by state variables, measured: a showcard's
 * "b shows c" equals c@b in every world of θ only when b holds no other
 * asked card in any of them (then the asker could observe c@b instead, and
 * counts and links would stay), and in bench/cluedo-30.kvg that held for
 * none of the 36 event variables at any step; up to 9 were constant in
 * θ, one node per path each, not worth a reduction.
 *
 * KRIPKEVIZ_SYM_TRACE set: each phase's time and BDD size go to stderr.
 *
 * BuDDy is a process-wide library: the node table is bounded by
 * kv_sym_max_nodes () nodes (about 20 bytes each, so ≤ 400 MB), starts at
 * a million nodes and doubles (kv-sym.c says why), and a table overflow
 * becomes KV_ERROR_LIMIT, never an abort. A state references its own BDDs
 * only, never an earlier state (kv-sym-private.h, deals_from), so a game
 * whose earlier states are freed keeps one θ in the table. Not thread
 * safe: reach it through kv-state.c, which serialises the calls.
 *
 * Speed (release build, `kripkeviz-cli run --json` on the 2-core build
 * machine at its quickest; docs/design.md's "Budgets" are 1 s and 300 MB for
 * bench/cluedo-30.kvg, 5 s and 1 GB for bench/cluedo6-30.kvg): cluedo-30
 * 0.72–0.76 s and 60 MB, cluedo6-30 4.6–5.0 s and 400 MB, run holding
 * two states at a time (src/cli/kv-cli-engine.c). What is left is the
 * suggests' products (θ ∧ the suggest's answers, nearly half of
 * cluedo6-30), the common component's pair projection (with the
 * envelope, so that the endmove after a suggest reads its win{a} off it:
 * kv-sym-private.h, PairView), the deals each step removed and the
 * knowledge table's walks; θ peaks at 214 000 nodes in cluedo-30 and at
 * 1 344 000 in cluedo6-30, and bench/kv-bench-symbolic.c prints them. The README's "Speed against
 * those budgets" lists what was measured without gain. All-`naive`
 * self-play of cluedo6 (`play cluedo6 --agents naive --games 100 --seed
 * 1`) used to stop in its third game, the table full of earlier states'
 * θ; it plays now (kv-sym-step.c has the figures).
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
#define KV_SYM_MAX_VARS  4096

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

/* The number of worlds: deals and event histories still possible, counted
 * exactly in 64 bits over θ (BuDDy's satcount is a double over every
 * variable of the table); it equals the explicit product's world count. */
guint64  kv_sym_count_worlds  (const KvSym *sym);



/* The deals of @before that @after no longer has (@after comes from
 * @before by steps), each with all its worlds, counted exactly. Each
 * state's deals are worked out once and kept. (The explicit engine counts
 * the worlds; they differ where a deal has several worlds, after a private
 * showcard: a walk of θ per step, a third of real Cluedo's time.) */
guint64  kv_sym_count_removed_deals (KvSym *before, KvSym *after);

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
