// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-private.h: what the files of the symbolic engine share — the
 * structure, its vocabulary and variable order, the error and trace state
 * BuDDy's process-wide hooks feed, and the functions one file calls in
 * another. Only kv-sym*.c include it; kv-sym.h is the engine's API.
 *
 *   kv-sym.c          the library's start and bounds, errors, tracing; the
 *                     vocabulary; the initial structure; ref counting
 *   kv-sym-reach.c    the relational product and reachability (C_B, and
 *                     the knowledge table's common component), and one
 *                     agent's step of a perspective's chain
 *   kv-sym-step.c     products with action models: event variables, steps
 *   kv-sym-check.c    formula evaluation: K, M, D, E, C, Kw, win, [α], ⟨α⟩
 *   kv-sym-knowledge.c  exact counts, the knowledge table, removed deals,
 *                     envelopes, perspectives (chains of agents)
 */
#pragma once

#include <bdd.h>

#include "kv-sym.h"
#include "kv-knowledge-actions.h"

G_BEGIN_DECLS

/* Who observes each variable: the state variables (card, owner) first, then
 * the event variables each product added. */
typedef struct {
  guint32 observers;   /* bit mask of the agents that observe it */
  int     var;         /* its BuDDy variable (its level: level_of ()) */
} Variable;
typedef GArray Vocabulary;   /* Variable: the state variables, then the event variables */

/* The variable layout: STATE_BASE slots for event variables above every
 * card, then one block of BLOCK_WIDTH variables per card: free slots for
 * event variables, then the card's owners. A product's event variables go
 * into the free slots of the block of the topmost card their
 * preconditions mention (a showcard's "b shows c" just above card c, or,
 * in a game of three players, all of a showcard's variables above its
 * topmost card: kv-sym-step.c says why), the
 * newest on top, or above every card when that block is full: with the
 * events next to the cards they are about, the state law splits into one
 * copy per event below them instead of carrying which preconditions hold
 * down to the bottom. The cards start in the game's order; reordering,
 * when asked for (kv-sym.c), moves blocks whole, so a variable's level is not its number:
 * read it with level_of (). Counts skip the levels a state gives no
 * variable (vocabulary_ranks () in kv-sym-knowledge.c). */
#define STATE_BASE 256

/* θ projected on what two agents observe and on the envelope's variables:
 * the pair projection T_ab the common component's read-out starts from
 * (kv-sym-reach.c), kept by the state so that win{a} for either agent
 * (kv-sym-check.c), their envelope links (kv-sym-envelope-links.c) and the
 * envelopes still possible (kv-sym-knowledge.c) are projected from it
 * rather than from θ with the envelope's definition. */
typedef struct {
  BDD     bdd;      /* referenced, or bddfalse: none yet */
  BDD     theta;    /* the θ it projects (the state's own, not referenced) */
  guint32 agents;
} PairView;

struct _KvSym {
  gatomicrefcount ref;
  KvGame     *game;
  Vocabulary *vocabulary;
  BDD         theta;     /* referenced: the deals (and event histories) still possible */
  BDD         actual;    /* referenced: the actual world as a cube over every variable */
  BDD         deals;     /* referenced, or bddfalse until asked for: θ's deals (deals_of) */
  /* When set, deals_of (deals_from) ∧ deals_step (referenced) are θ's
   * deals: the steps since deals_from only added conditions on the deal.
   * Not a reference: holding one kept every earlier state's θ in the
   * table through a game nobody read the deals of (a self-play game of
   * `naive` players filled the 20 million nodes with them). When
   * deals_from is freed first, it clears the link (deals_waiting) and the
   * deals come from θ itself. */
  KvSym      *deals_from;
  BDD         deals_step;
  GPtrArray  *deals_waiting;   /* the states whose deals_from we are, or NULL */
  /* An earlier state with the same θ, vocabulary and actual world (a step
   * that removed nothing, such as most endmoves): its read-outs are ours. */
  KvSym      *twin;
  KvKnowledge *knowledge;   /* read out on demand (kv_sym_knowledge) */
  PairView    view;      /* made with the knowledge's common component */
  int         mover;     /* who suggested in the step that made the state, or -1:
                          * the one whose endmove comes next, which the view
                          * includes when it can */
  guint64     n_worlds;  /* 1 + the world count once counted, else 0 */
  guint64     n_deals;   /* 1 + the count of θ's deals once counted, else 0 */
};

/* A formula being evaluated (kv-sym-check.c): also a step's preconditions,
 * in kv-sym-step.c. */
typedef struct {
  KvGame     *game;
  Vocabulary *vocabulary;   /* grows under a dynamic operator, shrinks back after */
  GError    **error;
  const PairView *view;     /* NULL, or the evaluated state's (view_for ()) */
} Eval;

/* @sym's pair view (a twin's is its predecessor's) when it holds what
 * @agents observe (0: the envelope alone), else NULL. */
static inline const PairView *
view_for (const KvSym *sym, guint32 agents)
{
  const PairView *view = &(sym->twin != NULL ? sym->twin : sym)->view;

  return view->bdd != bddfalse && (view->agents & agents) == agents ? view : NULL;
}

/* The last BuDDy error code since the flag was cleared (0: none). BuDDy
 * reports errors through one process-wide hook, so this is global too. */
extern int _kv_sym_error_code;

/* Our own code, beside BuDDy's negative ones. */
#define SYM_TOO_MANY_VARS 1

/* KRIPKEVIZ_SYM_TRACE set: each phase's time and result size on stderr. */
extern gboolean _kv_sym_trace_on;

static inline gint64
trace_start (void)
{
  return _kv_sym_trace_on ? g_get_monotonic_time () : 0;
}

static inline void
trace (const char *what, gint64 start, BDD result)
{
  if (_kv_sym_trace_on)
    {
      double ms = (g_get_monotonic_time () - start) / 1000.0;
      g_printerr ("sym: %-14s %9.1f ms %9d nodes\n", what, ms, bdd_nodecount (result));
    }
}

static inline guint
n_state_vars (const KvGame *game)
{
  return game->n_cards * kv_game_n_owners (game);
}

/* Each card's block of BLOCK_WIDTH variables: its free event slots, then
 * its owners' variables. The blocks are the same in every game (card c's
 * is the c-th from STATE_BASE), so that reordering, which moves blocks
 * whole (_kv_sym_reorder ()), keeps every game's cards whole. */
#define BLOCK_WIDTH 20
G_STATIC_ASSERT (STATE_BASE + KV_MAX_CARDS * BLOCK_WIDTH == KV_SYM_MAX_VARS);
G_STATIC_ASSERT (KV_MAX_AGENTS + 1 < BLOCK_WIDTH);

/* Free levels left above each card's state variables for the event
 * variables of actions whose preconditions start at that card. */
static inline guint
gap_of (const KvGame *game)
{
  return BLOCK_WIDTH - kv_game_n_owners (game);
}

static inline guint
card_base (const KvGame *game, guint card)
{
  (void) game;
  return STATE_BASE + card * BLOCK_WIDTH;
}

static inline int
var_of (const KvGame *game, guint card, guint owner)
{
  return (int) (card_base (game, card) + gap_of (game) + owner);
}

/* The level past the last variable BuDDy has: reordering may move a
 * game's cards into any block made so far, so walks over levels span them
 * all. */
static inline guint
levels_end (const KvGame *game)
{
  (void) game;
  return (guint) bdd_varnum ();
}

/* A variable's level in BuDDy's order, which reordering changes (blocks
 * move whole: a card's variables stay in a row, in the order of their
 * numbers). Walks over a BDD's nodes go by levels, never numbers. */
static inline guint
level_of (int var)
{
  return (guint) bdd_var2level (var);
}

/* The level of the top node of @b (not a constant). */
static inline guint
node_level (BDD b)
{
  return level_of (bdd_var (b));
}

/* Whether the state variable at @position is the envelope's: in a game
 * with an envelope, "card c is in the envelope" is defined as "no agent
 * holds c" (every card has one owner), so θ leaves those variables out.
 * They keep their place in the vocabulary and the order (the last level of
 * each card), and a read-out that needs them back conjoins θ with their
 * definition (_kv_sym_envelope_exist ()); counts skip them. θ is a sixth
 * smaller without them. */
static inline gboolean
is_defined (const KvGame *game, guint position)
{
  return game->has_envelope && position < n_state_vars (game)
         && position % kv_game_n_owners (game) == kv_game_envelope (game);
}

static inline const Variable *
variable (const Vocabulary *vocabulary, guint position)
{
  return &g_array_index (vocabulary, Variable, position);
}

static inline BDD
keep (BDD b)
{
  return bdd_addref (b);
}

/* Replaces the referenced *@into by @b (referenced on the way). */
static inline void
set_to (BDD *into, BDD b)
{
  BDD old = *into;

  *into = bdd_addref (b);
  bdd_delref (old);
}

/* Whether @b holds at @world (a cube over every variable). */
static inline gboolean
holds_at (BDD world, BDD b)
{
  BDD both = keep (bdd_and (b, world));
  gboolean value = both != bddfalse;

  bdd_delref (both);
  return value;
}

static inline void
free_bdds (BDD *bdds, guint n)
{
  for (guint i = 0; i < n; i++)
    bdd_delref (bdds[i]);
  g_free (bdds);
}

/* kv-sym.c */
gboolean    _kv_sym_failed            (GError **error);
/* The worlds of @b (a subset of θ's variables' assignments), exactly. */
guint64     _kv_sym_count             (const KvSym *sym, BDD b);
gboolean    _kv_sym_leave_room        (GError **error);
gboolean    _kv_sym_readout_retry     (void);
KvSym      *_kv_sym_new               (KvGame *game, Vocabulary *vocabulary, BDD theta, BDD actual);
void        _kv_sym_set_deals_from    (KvSym *sym, KvSym *from, BDD deals_step);
void        _kv_sym_drop_deals_from   (KvSym *sym);
Vocabulary *_kv_sym_vocabulary_copy   (const Vocabulary *vocabulary);
BDD         _kv_sym_unobserved_vars   (const Vocabulary *vocabulary, guint32 agents);
/* Those of them that are not the envelope's: what a projection on what
 * @agents observe and on the envelope quantifies away. */
BDD         _kv_sym_unobserved_but_envelope (const Vocabulary *vocabulary, const KvGame *game, guint32 agents);

/* "@card is in the envelope": no agent holds it. Referenced. */
BDD         _kv_sym_envelope_holds    (const KvGame *game, guint card);
/* ∃@vars (@set ∧ the envelope's variables as defined): for a read-out
 * that keeps some of them (a projection on the envelope). Referenced. */
BDD         _kv_sym_envelope_exist    (const KvGame *game, BDD set, BDD vars);

/* Set (by tests): never BuDDy's bdd_appex (kv-sym.c says when it is
 * used), as in a table past 2^23 nodes. */
extern gboolean _kv_sym_avoid_appex;
/* Whether bdd_appex's cache can be trusted with the variable set @vars. */
gboolean    _kv_sym_appex_trusted     (BDD vars);
/* ∃@vars (@f ∧ @g), referenced: by bdd_appex when trusted, else the
 * conjunction, then the projection. */
BDD         _kv_sym_and_exist         (BDD f, BDD g, BDD vars);

/* Reorders the variables (the cards' blocks) when @theta, of a state of
 * @game, has grown past the threshold (kv-sym.c). */
void        _kv_sym_reorder           (const KvGame *game, BDD theta);
/* θ's size from which reordering starts (0: never), and BuDDy's method
 * (BDD_REORDER_RANDOM: at every step from that size); tests set them. */
extern guint _kv_sym_reorder_from;
extern int   _kv_sym_reorder_method;

/* kv-sym-reach.c */
/* @view (NULL: not wanted) gets the pair projection reach started from,
 * if it made one, with @prefer among its agents when it can (-1: any). */
BDD         _kv_sym_reach             (const Vocabulary *vocabulary, const KvGame *game, BDD theta,
                                       guint32 agents, BDD from, int prefer, PairView *view);
BDD         _kv_sym_observe           (const Vocabulary *vocabulary, BDD theta, guint agent, BDD from);

/* kv-sym-step.c */
GPtrArray  *_kv_sym_expand_step       (const KvGame *game, const KvStep *step);
/* @together: every event variable above the topmost card the
 * preconditions mention, else each above its own events' topmost card. */
BDD        *_kv_sym_event_codes       (Vocabulary *vocabulary, const KvGame *game, const KvActionModel *am,
                                       const BDD *pre, gboolean together);
BDD         _kv_sym_product_law       (BDD theta, guint n_events, const BDD *pre, const BDD *codes);

/* Set (by tests): each showcard's event variables apart, whatever the
 * number of players (kv-sym-step.c, events_together ()). */
extern gboolean _kv_sym_events_apart;

/* kv-sym-knowledge.c */
/* What announcements said of the deal (a deals_step), when they took
 * θ @before to @after = @before ∧ @kept. Referenced. */
BDD         _kv_sym_announced_deals   (const Vocabulary *vocabulary, const KvGame *game, BDD before, BDD after,
                                       BDD kept);
/* The envelopes @projected (a BDD over the envelope's variables only)
 * allows, sorted (kv_hand_compare), into a new array of KvHand. */
GArray     *_kv_sym_envelopes_of      (const KvGame *game, BDD projected);

/* kv-sym-check.c */
BDD        *_kv_sym_preconditions     (Eval *ev, BDD theta, const KvActionModel *am);

G_END_DECLS
