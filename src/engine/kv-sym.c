// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym.c: the symbolic back-end on BuDDy (see kv-sym.h for the encoding). */
#include "config.h"

#include <bdd.h>
#include <string.h>
#include <time.h>
#include <glib/gi18n.h>

#include "kv-sym.h"
#include "kv-action.h"
#include "kv-product-update.h"
#include "kv-error.h"

/* Who observes each variable: the state variables (card, owner) first, then
 * the event variables each product added. */
typedef struct {
  guint32 observers;   /* bit mask of the agents that observe it */
  int     var;         /* its BuDDy variable, which is also its level */
} Variable;
typedef GArray Vocabulary;   /* Variable: the state variables, then the event variables */

/* The variable order (a variable's number is its level: the order never
 * changes): a game's state variables (card, owner) from STATE_BASE down,
 * card-major, with free levels above each card's (gap_of ()). A product's
 * event variables go just above the card of the topmost variable its
 * preconditions mention (a showcard's: its first requested card), the
 * newest on top, or above everything when that card has no free level
 * left or the preconditions mention no card. An event's precondition is
 * about the cards, so with the events above them the state law splits
 * into one copy per event below, instead of carrying which preconditions
 * hold down to the bottom; placed at their first card rather than above
 * every card, they leave the cards above it alone (θ after cluedo-30's
 * 17 steps: 278 000 nodes on top, 255 000 placed; see bench/). Counts
 * skip the levels a state gives no variable (vocabulary_ranks ()). */
#define STATE_BASE (KV_SYM_MAX_VARS / 2)

struct _KvSym {
  gatomicrefcount ref;
  KvGame     *game;
  Vocabulary *vocabulary;
  BDD         theta;     /* referenced: the deals (and event histories) still possible */
  BDD         actual;    /* referenced: the actual world as a cube over every variable */
  BDD         deals;     /* referenced, or bddfalse until asked for: θ's deals (deals_of) */
  /* When set, deals_of (deals_from) ∧ deals_step (referenced) are θ's
   * deals: the steps since deals_from only added conditions on the deal. */
  KvSym      *deals_from;
  BDD         deals_step;
  /* An earlier state with the same θ, vocabulary and actual world (a step
   * that removed nothing, such as most endmoves): its read-outs are ours. */
  KvSym      *twin;
  KvKnowledge *knowledge;   /* read out on demand (kv_sym_knowledge) */
};

/* The last BuDDy error code since the flag was cleared (0: none). BuDDy
 * reports errors through one process-wide hook, so this is global too. */
static int sym_error_code;

/* Our own code, beside BuDDy's negative ones. */
#define SYM_TOO_MANY_VARS 1

/* KRIPKEVIZ_SYM_TRACE set: each phase's time and result size on stderr. */
static gboolean trace_on;

static gint64
trace_start (void)
{
  return trace_on ? g_get_monotonic_time () : 0;
}

static void
trace (const char *what, gint64 start, BDD result)
{
  if (trace_on)
    {
      double ms = (g_get_monotonic_time () - start) / 1000.0;
      g_printerr ("sym: %-14s %9.1f ms %9d nodes\n", what, ms, bdd_nodecount (result));
    }
}

static void
on_gbc (int pre, bddGbcStat *stat)
{
  if (!pre)
    g_printerr ("sym: gc %d nodes, %d free, %ld ms in all, %d collections\n", stat->nodes, stat->freenodes,
                stat->sumtime * 1000 / CLOCKS_PER_SEC, stat->num);
}

static void
on_bdd_error (int code)
{
  sym_error_code = code;
}

guint
kv_sym_max_nodes (void)
{
  const char *text = g_getenv ("KRIPKEVIZ_BDD_NODES");
  guint64 n;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 100000, KV_SYM_MAX_NODES, &n, NULL))
    return (guint) n;
  return KV_SYM_MAX_NODES;
}

static void
sym_library_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      /* The table starts at a million nodes (or half the bound, if lower:
       * BuDDy takes a bound only above the table's size) and grows up to
       * the bound. */
      bdd_init ((int) MIN (1000000, kv_sym_max_nodes () / 2), 100000);
      bdd_setvarnum (KV_SYM_MAX_VARS);
      bdd_error_hook (on_bdd_error);
      trace_on = g_getenv ("KRIPKEVIZ_SYM_TRACE") != NULL;
      bdd_gbc_hook (trace_on ? on_gbc : NULL);   /* the default one prints to stdout */
      bdd_resize_hook (NULL);
      bdd_setmaxnodenum (kv_sym_max_nodes ());
      bdd_setmaxincrease (2000000);
      bdd_setcacheratio (8);
      g_once_init_leave (&done, 1);
    }
}

/* Turns a BuDDy error since the last call into a GError. */
static gboolean
sym_failed (GError **error)
{
  int code = sym_error_code;

  if (code == 0)
    return FALSE;
  sym_error_code = 0;
  if (code == SYM_TOO_MANY_VARS)
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 _("the game and its steps need more than %d boolean variables"), KV_SYM_MAX_VARS);
  else
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 _("the game is too big for the symbolic engine: %s (the BDD table holds at most %u nodes)"),
                 bdd_errstring (code), kv_sym_max_nodes ());
  return TRUE;
}

/* Set once: BuDDy caches satcount-like results per node, and growing the
 * variable count later would leave them stale. */
static gboolean
sym_ensure_vars (guint n_vars)
{
  if (n_vars > KV_SYM_MAX_VARS)
    {
      sym_error_code = SYM_TOO_MANY_VARS;
      return FALSE;
    }
  return TRUE;
}

static inline guint
n_state_vars (const KvGame *game)
{
  return game->n_cards * kv_game_n_owners (game);
}

/* Free levels left above each card's state variables for the event
 * variables of actions whose preconditions start at that card. */
static inline guint
gap_of (const KvGame *game)
{
  guint n_state = n_state_vars (game);

  if (n_state >= KV_SYM_MAX_VARS - STATE_BASE)
    return 0;
  return MIN (64, (KV_SYM_MAX_VARS - STATE_BASE - n_state) / game->n_cards);
}

static inline guint
card_base (const KvGame *game, guint card)
{
  return STATE_BASE + card * (gap_of (game) + kv_game_n_owners (game));
}

static inline int
var_of (const KvGame *game, guint card, guint owner)
{
  return (int) (card_base (game, card) + gap_of (game) + owner);
}

/* The level past the last state variable. */
static inline guint
levels_end (const KvGame *game)
{
  return (guint) var_of (game, game->n_cards - 1, kv_game_n_owners (game) - 1) + 1;
}

static inline const Variable *
variable (const Vocabulary *vocabulary, guint position)
{
  return &g_array_index (vocabulary, Variable, position);
}

/* rank[L]: how many of the first @n_positions variables of @vocabulary
 * lie above level L, for L up to levels_end (): counts skip the levels
 * this state gives no variable (free event slots). */
static guint *
vocabulary_ranks (const Vocabulary *vocabulary, const KvGame *game, guint n_positions)
{
  guint end = levels_end (game);
  guint *rank = g_new0 (guint, end + 1);

  for (guint p = 0; p < n_positions; p++)
    rank[variable (vocabulary, p)->var + 1]++;
  for (guint level = 0; level < end; level++)
    rank[level + 1] += rank[level];
  return rank;
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

/* The variables none of @agents observes (a bit mask over agents). */
static BDD
unobserved_vars (const Vocabulary *vocabulary, guint32 agents)
{
  g_autofree int *vars = g_new (int, MAX (vocabulary->len, 1));
  guint n = 0;

  for (guint p = 0; p < vocabulary->len; p++)
    if (!(variable (vocabulary, p)->observers & agents))
      vars[n++] = variable (vocabulary, p)->var;
  return keep (bdd_makeset (vars, (int) n));
}

/* ---- the relational product ---------------------------------------------
 *
 * ∃V (f ∧ g) in one walk, without building f ∧ g: when f is θ (hundreds of
 * thousands of nodes) and the result a set of one agent's observations (a
 * few thousand), the conjunction is what costs, not the projection
 * (measured: KRIPKEVIZ_SYM_TRACE). Our own, on BuDDy's public API, because
 * BuDDy 2.4's bdd_appex gave wrong answers here. The memo is an open
 * addressing table of (f, g) pairs; its results are referenced, so that a
 * garbage collection inside bdd_or or bdd_ite keeps them. */

typedef struct {
  guint64 key;     /* (f << 32 | g) + 1, 0 when free */
  BDD     value;   /* referenced */
} RelprodEntry;

typedef struct {
  guint8       *hidden;   /* per level: quantified away; owned */
  RelprodEntry *table;
  guint         mask;
  guint         n;
} Relprod;

static inline guint
relprod_slot (const Relprod *rp, guint64 key)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & rp->mask;
}

static void
relprod_grow (Relprod *rp)
{
  RelprodEntry *old = rp->table;
  guint old_size = rp->mask + 1;

  rp->mask = old_size * 2 - 1;
  rp->table = g_new0 (RelprodEntry, old_size * 2);
  for (guint i = 0; i < old_size; i++)
    if (old[i].key != 0)
      {
        guint slot = relprod_slot (rp, old[i].key);

        while (rp->table[slot].key != 0)
          slot = (slot + 1) & rp->mask;
        rp->table[slot] = old[i];
      }
  g_free (old);
}

static BDD
relprod_rec (Relprod *rp, BDD f, BDD g)
{
  guint64 key;
  guint slot, level, level_f, level_g;
  BDD f0, f1, g0, g1, r0, r1, r;

  if (f == bddfalse || g == bddfalse)
    return bddfalse;
  if (f == bddtrue && g == bddtrue)
    return bddtrue;
  key = ((guint64) (guint) f << 32 | (guint) g) + 1;
  for (slot = relprod_slot (rp, key); rp->table[slot].key != 0; slot = (slot + 1) & rp->mask)
    if (rp->table[slot].key == key)
      return rp->table[slot].value;

  level_f = f == bddtrue ? G_MAXUINT : (guint) bdd_var (f);
  level_g = g == bddtrue ? G_MAXUINT : (guint) bdd_var (g);
  level = MIN (level_f, level_g);
  f0 = level_f == level ? bdd_low (f) : f;
  f1 = level_f == level ? bdd_high (f) : f;
  g0 = level_g == level ? bdd_low (g) : g;
  g1 = level_g == level ? bdd_high (g) : g;
  /* r0 and r1 stay referenced in the memo (or are constants). The
   * cases BuDDy would settle at once are settled here, without a call. */
  r0 = relprod_rec (rp, f0, g0);
  if (rp->hidden[level] && r0 == bddtrue)
    r = bddtrue;
  else
    {
      r1 = relprod_rec (rp, f1, g1);
      if (r0 == r1)
        r = r0;
      else if (!rp->hidden[level])
        r = bdd_ite (bdd_ithvar ((int) level), r1, r0);
      else if (r0 == bddfalse || r1 == bddtrue)
        r = r1;
      else if (r1 == bddfalse)
        r = r0;
      else
        r = bdd_or (r0, r1);
    }
  bdd_addref (r);

  if (2 * (rp->n + 1) > rp->mask + 1)
    {
      relprod_grow (rp);
      for (slot = relprod_slot (rp, key); rp->table[slot].key != 0; slot = (slot + 1) & rp->mask)
        ;
    }
  rp->table[slot].key = key;
  rp->table[slot].value = r;
  rp->n++;
  return r;
}

/* A relational product that quantifies away the levels @hidden (taken)
 * marks; its memo serves every call until relprod_clear (), so the BDDs
 * passed to it must stay referenced until then. */
static void
relprod_init (Relprod *rp, guint8 *hidden)
{
  rp->hidden = hidden;
  rp->mask = 1023;
  rp->n = 0;
  rp->table = g_new0 (RelprodEntry, rp->mask + 1);
}

static void
relprod_clear (Relprod *rp)
{
  for (guint i = 0; i <= rp->mask; i++)
    if (rp->table[i].key != 0)
      bdd_delref (rp->table[i].value);
  g_clear_pointer (&rp->table, g_free);
  g_clear_pointer (&rp->hidden, g_free);
}

/* ∃(the hidden levels)(@f ∧ @g), referenced. */
static BDD
relprod_run (Relprod *rp, BDD f, BDD g)
{
  return keep (relprod_rec (rp, f, g));
}

/* Per level, whether none of @agents observes the variable there (levels
 * of no variable are never reached). */
static guint8 *
hidden_levels (const Vocabulary *vocabulary, guint32 agents)
{
  guint8 *hidden = g_new0 (guint8, KV_SYM_MAX_VARS);

  for (guint p = 0; p < vocabulary->len; p++)
    hidden[variable (vocabulary, p)->var] = !(variable (vocabulary, p)->observers & agents);
  return hidden;
}

/* The next agent of @agents after @a, round the table. */
static guint
next_agent (const KvGame *game, guint32 agents, guint a)
{
  do
    a = (a + 1) % game->n_agents;
  while (!(agents & (1u << a)));
  return a;
}

/* The worlds of @theta linked to one of @from (a subset of @theta) by a
 * chain of @agents' relations: a least fixpoint, each agent's step taken
 * from what is reached so far. S5 relations are symmetric, so these are
 * also the worlds from which @from is reachable.
 *
 * Reached sets are kept as what the last agent observes: after agent a's
 * step the reached worlds are θ ∧ S_a, S_a a set of a's observations, and
 * the next agent b's is S_b = ∃(what b does not see)(θ ∧ S_a), never
 * θ ∧ S_a itself (measured: building it was most of a read-out). What
 * neither a nor b observes is quantified away once, natively, into
 * T_ab = ∃(hidden from a and b) θ (with six players, two hands out of
 * six: small; with three, θ itself), and S_b is one relational product of
 * T_ab and S_a. The reached set only grows, so it is closed when an
 * agent's S is what it was a round before; and a closed set is all of θ
 * when S_a is every observation a can make in θ, the usual end, found
 * without a last round of confirmation. (Measured on cluedo-30 and not
 * kept: starting from every agent's class at once, checking every agent's
 * S against all its observations, and stepping from the observations not
 * yet reached: more work for as many rounds.) */
static BDD
reach (const Vocabulary *vocabulary, const KvGame *game, BDD theta, guint32 agents, BDD from)
{
  guint n_agents = game->n_agents;
  g_autofree Relprod *step = g_new0 (Relprod, n_agents);
  g_autofree BDD *observed = g_new (BDD, n_agents);
  g_autofree BDD *pair = g_new (BDD, n_agents);   /* T_a,next(a), referenced */
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (BDD));
  guint first = (guint) g_bit_nth_lsf (agents, -1);
  /* With three agents the third's hand and the envelope are most of what
   * is left, and T_ab is no smaller than θ (measured on cluedo): not
   * worth the projections. */
  gboolean project = __builtin_popcount (agents) > 3;
  BDD all_of_first, result;
  gint64 start = trace_start ();
  guint steps = 0;

  for (guint a = 0; a < n_agents; a++)
    {
      observed[a] = pair[a] = bddfalse;
      if (agents & (1u << a))
        {
          BDD neither = unobserved_vars (vocabulary, (1u << a) | (1u << next_agent (game, agents, a)));

          relprod_init (&step[a], hidden_levels (vocabulary, 1u << a));
          pair[a] = keep (project ? bdd_exist (theta, neither) : theta);
          bdd_delref (neither);
        }
    }
  /* The first agent's step from @from, and every observation it can make
   * (what the agent before it sees of θ does not matter). */
  {
    BDD hidden = unobserved_vars (vocabulary, 1u << first);
    guint last = first;

    while (next_agent (game, agents, last) != first)
      last = next_agent (game, agents, last);
    observed[first] = keep (bdd_exist (from, hidden));
    all_of_first = keep (bdd_exist (pair[last], hidden));
    bdd_delref (hidden);
  }
  trace ("  pairs", start, all_of_first);
  result = bddfalse;
  for (guint a = first;;)
    {
      guint b = next_agent (game, agents, a);
      BDD next;

      if (observed[a] == all_of_first && a == first)
        {
          result = keep (theta);
          break;
        }
      next = relprod_run (&step[b], pair[a], observed[a]);
      steps++;
      if (next == observed[b] || sym_error_code != 0)
        {
          /* Closed: nothing was added in a round. */
          bdd_delref (next);
          result = keep (bdd_and (theta, observed[b]));
          break;
        }
      /* Each agent's memo holds pairs of nodes of every earlier S: they
       * stay referenced until the end. */
      g_array_append_val (kept, observed[b]);
      observed[b] = next;
      a = b;
    }
  if (trace_on)
    g_printerr ("sym: reach %u steps%s\n", steps, result == theta ? " (all)" : "");
  trace ("reach", start, result);
  for (guint a = 0; a < n_agents; a++)
    {
      bdd_delref (observed[a]);
      bdd_delref (pair[a]);
      if (agents & (1u << a))
        relprod_clear (&step[a]);
    }
  for (guint i = 0; i < kept->len; i++)
    bdd_delref (g_array_index (kept, BDD, i));
  bdd_delref (all_of_first);
  return result;
}

static Vocabulary *
initial_vocabulary (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  Vocabulary *vocabulary = g_array_sized_new (FALSE, FALSE, sizeof (Variable), game->n_cards * n_owners);

  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      {
        Variable v = { o < game->n_agents ? 1u << o : 0, var_of (game, c, o) };
        g_array_append_val (vocabulary, v);
      }
  return vocabulary;
}

static Vocabulary *
vocabulary_copy (const Vocabulary *vocabulary)
{
  Vocabulary *copy = g_array_sized_new (FALSE, FALSE, sizeof (Variable), vocabulary->len);

  g_array_append_vals (copy, vocabulary->data, vocabulary->len);
  return copy;
}

/* Exactly @k of @cards' variables for @owner are true (a counting DP from the
 * last card back, so the BDD follows the variable order). */
static BDD
owner_holds_exactly (const KvGame *game, guint owner, KvHand cards, guint k)
{
  g_autofree BDD *count = g_new (BDD, k + 1);

  for (guint j = 0; j <= k; j++)
    count[j] = keep (j == 0 ? bddtrue : bddfalse);
  for (int c = (int) game->n_cards - 1; c >= 0; c--)
    {
      BDD x;

      if (!(cards & KV_CARD_BIT (c)))
        continue;
      x = bdd_ithvar (var_of (game, (guint) c, owner));
      for (guint j = k + 1; j-- > 0;)
        {
          BDD held = j > 0 ? count[j - 1] : bddfalse;
          set_to (&count[j], bdd_ite (x, held, count[j]));
        }
    }
  for (guint j = 0; j < k; j++)
    bdd_delref (count[j]);
  return count[k];
}

/* θ of the initial structure: every card has one owner, every agent its
 * hand size, the envelope one card of each of its categories. */
static BDD
initial_law (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  KvHand every = game->n_cards == 64 ? G_MAXUINT64 : KV_CARD_BIT (game->n_cards) - 1;
  BDD theta = keep (bddtrue);

  for (guint c = 0; c < game->n_cards; c++)
    {
      BDD one = keep (bddfalse);

      for (guint o = 0; o < n_owners; o++)
        {
          BDD only = keep (bddtrue);

          for (guint p = 0; p < n_owners; p++)
            set_to (&only, bdd_and (only, p == o ? bdd_ithvar (var_of (game, c, p))
                                                 : bdd_nithvar (var_of (game, c, p))));
          set_to (&one, bdd_or (one, only));
          bdd_delref (only);
        }
      set_to (&theta, bdd_and (theta, one));
      bdd_delref (one);
    }
  for (guint a = 0; a < game->n_agents; a++)
    {
      BDD hand = owner_holds_exactly (game, a, every, game->hand_sizes[a]);
      set_to (&theta, bdd_and (theta, hand));
      bdd_delref (hand);
    }
  if (game->has_envelope)
    for (guint k = 0; k < game->n_categories; k++)
      {
        KvHand cards = 0;
        guint want = (game->envelope_categories >> k) & 1;
        BDD part;

        for (guint c = 0; c < game->n_cards; c++)
          if (game->card_category[c] == (int) k)
            cards |= KV_CARD_BIT (c);
        part = owner_holds_exactly (game, kv_game_envelope (game), cards, want);
        set_to (&theta, bdd_and (theta, part));
        bdd_delref (part);
      }
  if (game->has_envelope)
    {
      /* Cards of no category are never in the envelope. */
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == KV_NO_CATEGORY)
          set_to (&theta, bdd_and (theta, bdd_nithvar (var_of (game, c, kv_game_envelope (game)))));
    }
  return theta;
}

/* The actual deal as a cube over the state variables. */
static BDD
actual_deal_cube (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  BDD cube = keep (bddtrue);

  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      {
        int v = var_of (game, c, o);
        gboolean held = (game->deal[o] & KV_CARD_BIT (c)) != 0;
        set_to (&cube, bdd_and (cube, held ? bdd_ithvar (v) : bdd_nithvar (v)));
      }
  return cube;
}

/* Takes @vocabulary, @theta and @actual. */
static KvSym *
sym_new (KvGame *game, Vocabulary *vocabulary, BDD theta, BDD actual)
{
  KvSym *sym = g_new0 (KvSym, 1);

  g_atomic_ref_count_init (&sym->ref);
  sym->game = kv_game_ref (game);
  sym->vocabulary = vocabulary;
  sym->theta = theta;
  sym->actual = actual;
  return sym;
}

KvSym *
kv_sym_new_initial (KvGame *game, GError **error)
{
  BDD theta;

  sym_library_init ();
  if (kv_game_n_owners (game) > 31)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   "The symbolic engine handles at most 31 owners.");
      return NULL;
    }
  /* World counts are 64-bit everywhere. */
  if (kv_game_count_deals (game) >= 0x1p63)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the game has about %.3g deals, more than even the symbolic engine counts (2^63)"),
                   kv_game_count_deals (game));
      return NULL;
    }
  sym_error_code = 0;
  if (!sym_ensure_vars (levels_end (game)))
    {
      sym_failed (error);
      return NULL;
    }
  theta = initial_law (game);
  if (sym_failed (error))
    {
      bdd_delref (theta);
      return NULL;
    }
  return sym_new (game, initial_vocabulary (game), theta, actual_deal_cube (game));
}

KvSym *
kv_sym_ref (KvSym *sym)
{
  g_atomic_ref_count_inc (&sym->ref);
  return sym;
}

void
kv_sym_unref (KvSym *sym)
{
  if (sym == NULL || !g_atomic_ref_count_dec (&sym->ref))
    return;
  bdd_delref (sym->theta);
  bdd_delref (sym->actual);
  bdd_delref (sym->deals);
  bdd_delref (sym->deals_step);
  g_clear_pointer (&sym->deals_from, kv_sym_unref);
  g_clear_pointer (&sym->twin, kv_sym_unref);
  g_clear_pointer (&sym->knowledge, kv_knowledge_free);
  g_array_unref (sym->vocabulary);
  kv_game_unref (sym->game);
  g_free (sym);
}

KvGame *
kv_sym_game (const KvSym *sym)
{
  return sym->game;
}

/* ---- products ------------------------------------------------------------ */

static guint
bits_for (guint n_values)
{
  return n_values <= 1 ? 0 : g_bit_storage (n_values - 1);
}

/* The highest level of @vocabulary's variables in [@lo, @hi), or @hi:
 * the levels from @lo up to it are free. */
static guint
free_below (const Vocabulary *vocabulary, guint lo, guint hi)
{
  guint top = hi;

  for (guint p = 0; p < vocabulary->len; p++)
    {
      guint var = (guint) variable (vocabulary, p)->var;

      if (var >= lo && var < top)
        top = var;
    }
  return top;
}

/* Appends @n_bits event variables observed by @observers, each above the
 * last, placed just above @anchor's card (the topmost variable the
 * preconditions mention) when its free levels suffice, else above every
 * variable; returns the position of the first. */
static guint
append_vars (Vocabulary *vocabulary, const KvGame *game, guint n_bits, guint32 observers, int anchor)
{
  guint first = vocabulary->len;
  guint gap = gap_of (game);
  guint top = 0;

  if (anchor >= STATE_BASE && gap > 0)
    {
      guint lo = card_base (game, (anchor - STATE_BASE) / (gap + kv_game_n_owners (game)));

      top = free_below (vocabulary, lo, lo + gap);
      if (top - lo < n_bits)
        top = 0;
    }
  if (top == 0)
    top = free_below (vocabulary, 0, STATE_BASE);
  if (top < n_bits)
    {
      sym_error_code = SYM_TOO_MANY_VARS;
      return 0;   /* the error is pending; position 0 keeps the BDDs well formed */
    }
  for (guint i = 0; i < n_bits; i++)
    {
      Variable v = { observers, top - 1 - (int) i };
      g_array_append_val (vocabulary, v);
    }
  return first;
}

/* @value in binary on the @n_bits variables from position @first, as a cube. */
static BDD
binary_cube (const Vocabulary *vocabulary, guint first, guint n_bits, guint value)
{
  BDD cube = keep (bddtrue);

  for (guint i = 0; i < n_bits; i++)
    {
      int var = variable (vocabulary, first + i)->var;
      set_to (&cube, bdd_and (cube, (value >> i) & 1 ? bdd_ithvar (var) : bdd_nithvar (var)));
    }
  return cube;
}

/* Whether some agent tells every pair of events apart, so that the agents'
 * blocks name the event. */
static gboolean
blocks_name_events (const KvActionModel *am)
{
  for (guint e = 0; e < am->n_events; e++)
    for (guint f = e + 1; f < am->n_events; f++)
      {
        gboolean apart = FALSE;

        for (guint a = 0; a < am->n_agents && !apart; a++)
          apart = kv_action_model_class (am, a, e) != kv_action_model_class (am, a, f);
        if (!apart)
          return FALSE;
      }
  return TRUE;
}

/* Whether agents @a and @b split @am's events into the same blocks. */
static gboolean
same_blocks (const KvActionModel *am, guint a, guint b)
{
  for (guint e = 0; e < am->n_events; e++)
    for (guint f = e + 1; f < am->n_events; f++)
      if ((kv_action_model_class (am, a, e) == kv_action_model_class (am, a, f))
          != (kv_action_model_class (am, b, e) == kv_action_model_class (am, b, f)))
        return FALSE;
  return TRUE;
}

/* The event variables of @am, appended to @vocabulary: for each partition
 * of the events into blocks some agents have (several blocks), the block
 * in binary, observed by those agents (a showcard's asker and responder
 * share one set); then, when the blocks do not name the event, the event
 * in binary, observed by nobody. Returns each event's code, a cube over
 * those variables, so that (w, e) ~a (w', e') iff w ~a w' and e ~a e',
 * exactly as in the product. */
static BDD *
event_codes (Vocabulary *vocabulary, const KvGame *game, const KvActionModel *am, const BDD *pre)
{
  BDD *codes = g_new (BDD, am->n_events);
  g_autofree guint *first_of = g_new0 (guint, am->n_agents);
  g_autofree guint *bits_of = g_new0 (guint, am->n_agents);
  BDD support = keep (bddtrue);
  int anchor = -1;

  for (guint e = 0; e < am->n_events; e++)
    codes[e] = keep (bddtrue);
  if (am->n_events == 1)
    {
      bdd_delref (support);
      return codes;
    }
  for (guint e = 0; e < am->n_events; e++)
    set_to (&support, bdd_and (support, bdd_support (pre[e])));
  if (support != bddtrue && support != bddfalse)
    anchor = bdd_var (support);
  bdd_delref (support);
  for (guint a = 0; a < am->n_agents; a++)
    {
      guint n_blocks = 0, n_bits, first;
      gboolean shared = FALSE;

      for (guint e = 0; e < am->n_events; e++)
        n_blocks = MAX (n_blocks, kv_action_model_class (am, a, e) + 1);
      n_bits = bits_for (n_blocks);
      if (n_bits == 0)
        continue;
      for (guint b = 0; b < a && !shared; b++)
        if (bits_of[b] > 0 && same_blocks (am, a, b))
          {
            /* a observes b's variables too: they already name a's blocks. */
            for (guint i = 0; i < bits_of[b]; i++)
              g_array_index (vocabulary, Variable, first_of[b] + i).observers |= 1u << a;
            shared = TRUE;
          }
      if (shared)
        continue;
      first = append_vars (vocabulary, game, n_bits, 1u << a, anchor);
      first_of[a] = first;
      bits_of[a] = n_bits;
      for (guint e = 0; e < am->n_events; e++)
        {
          BDD block = binary_cube (vocabulary, first, n_bits, kv_action_model_class (am, a, e));
          set_to (&codes[e], bdd_and (codes[e], block));
          bdd_delref (block);
        }
    }
  if (!blocks_name_events (am))
    {
      guint n_bits = bits_for (am->n_events);
      guint first = append_vars (vocabulary, game, n_bits, 0, anchor);

      for (guint e = 0; e < am->n_events; e++)
        {
          BDD name = binary_cube (vocabulary, first, n_bits, e);
          set_to (&codes[e], bdd_and (codes[e], name));
          bdd_delref (name);
        }
    }
  return codes;
}

/* θ ⊗ A: the worlds (w, e) with w ⊨ pre(e), e written in its code. */
static BDD
product_law (BDD theta, guint n_events, const BDD *pre, const BDD *codes)
{
  BDD events = keep (bddfalse);
  BDD result;

  for (guint e = 0; e < n_events; e++)
    {
      BDD pair = keep (bdd_and (codes[e], pre[e]));
      set_to (&events, bdd_or (events, pair));
      bdd_delref (pair);
    }
  result = keep (bdd_and (theta, events));
  bdd_delref (events);
  return result;
}

static void
free_bdds (BDD *bdds, guint n)
{
  for (guint i = 0; i < n; i++)
    bdd_delref (bdds[i]);
  g_free (bdds);
}

/* ---- model checking ------------------------------------------------------ */

typedef struct {
  KvGame     *game;
  Vocabulary *vocabulary;   /* grows under a dynamic operator, shrinks back after */
  GError    **error;
} Eval;

static BDD eval (Eval *ev, BDD theta, const KvFormula *f);

/* M_B φ: ∃(what nobody in B observes)(θ ∧ φ). Not bdd_appex: BuDDy 2.4's
 * combined quantifiers gave wrong answers on Cluedo's endmoves (its
 * cache), while quantifying after applying did not. */
static BDD
possible (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD hidden = unobserved_vars (ev->vocabulary, agents);
  BDD both = keep (bdd_and (theta, phi));
  BDD result = keep (bdd_exist (both, hidden));

  bdd_delref (both);
  bdd_delref (hidden);
  return result;
}

/* K_B φ = ¬M_B ¬φ, i.e. ∀(what nobody in B observes)(θ → φ). */
static BDD
knows (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD not_phi = keep (bdd_not (phi));
  BDD doubt = possible (ev, theta, agents, not_phi);
  BDD result = keep (bdd_not (doubt));

  bdd_delref (doubt);
  bdd_delref (not_phi);
  return result;
}

static BDD
knows_whether (Eval *ev, BDD theta, guint agent, BDD phi)
{
  BDD yes = knows (ev, theta, 1u << agent, phi);
  BDD not_phi = keep (bdd_not (phi));
  BDD no = knows (ev, theta, 1u << agent, not_phi);
  BDD result = keep (bdd_or (yes, no));

  bdd_delref (yes);
  bdd_delref (not_phi);
  bdd_delref (no);
  return result;
}

static BDD
everyone (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD result = keep (bddtrue);

  for (guint a = 0; a < ev->game->n_agents; a++)
    if (agents & (1u << a))
      {
        BDD k = knows (ev, theta, 1u << a, phi);
        set_to (&result, bdd_and (result, k));
        bdd_delref (k);
      }
  return result;
}

/* C_B φ: no world where φ fails is reachable by B's relations (the least
 * fixpoint of reachability from ¬φ, far cheaper on big structures than
 * the greatest fixpoint νX. E_B(φ ∧ X) it equals in S5). */
static BDD
common (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD fails = keep (bdd_apply (theta, phi, bddop_diff));
  BDD bad = reach (ev->vocabulary, ev->game, theta, agents, fails);
  BDD result = keep (bdd_not (bad));

  bdd_delref (bad);
  bdd_delref (fails);
  return result;
}

/* The δ-uniqueness walk of win (): for each node f of P, over the
 * variables a observes, E(f) = ∃Q f and M(f) = "f has two assignments of Q
 * that differ", Q being δ's variables a does not observe, counted from
 * f's level down. Levels skipped by an edge hold free variables, so an
 * edge that skips a variable of Q makes M what E is. */
typedef struct {
  const guint8 *quantified;   /* per level: in Q */
  guint        *q_rank;       /* per level: how many levels of Q lie above it */
  guint         end;          /* the level past the last variable */
  GHashTable   *memo;         /* node → position in @pairs */
  GArray       *pairs;        /* BDD: E then M, referenced */
} Unique;

static void
unique_rec (Unique *u, BDD f, BDD *e, BDD *m)
{
  gpointer found;
  BDD child_e[2], child_m[2];
  guint level;

  if (f == bddfalse || f == bddtrue)
    {
      *e = f;
      *m = bddfalse;
      return;
    }
  if (g_hash_table_lookup_extended (u->memo, GINT_TO_POINTER (f), NULL, &found))
    {
      *e = g_array_index (u->pairs, BDD, GPOINTER_TO_UINT (found));
      *m = g_array_index (u->pairs, BDD, GPOINTER_TO_UINT (found) + 1);
      return;
    }
  level = (guint) bdd_var (f);
  for (int side = 0; side < 2; side++)
    {
      BDD child = side ? bdd_high (f) : bdd_low (f);
      guint child_level = child == bddfalse || child == bddtrue ? u->end : (guint) bdd_var (child);

      unique_rec (u, child, &child_e[side], &child_m[side]);
      /* referenced here, as the memo holds the child's own */
      if (u->q_rank[child_level] > u->q_rank[level + 1])
        child_m[side] = keep (bdd_or (child_m[side], child_e[side]));
      else
        child_m[side] = keep (child_m[side]);
    }
  if (u->quantified[level])
    {
      BDD both = keep (bdd_and (child_e[0], child_e[1]));
      BDD either = keep (bdd_or (child_m[0], child_m[1]));

      *e = keep (bdd_or (child_e[0], child_e[1]));
      *m = keep (bdd_or (either, both));
      bdd_delref (either);
      bdd_delref (both);
    }
  else
    {
      *e = keep (bdd_ite (bdd_ithvar ((int) level), child_e[1], child_e[0]));
      *m = keep (bdd_ite (bdd_ithvar ((int) level), child_m[1], child_m[0]));
    }
  bdd_delref (child_m[0]);
  bdd_delref (child_m[1]);
  g_hash_table_insert (u->memo, GINT_TO_POINTER (f), GUINT_TO_POINTER (u->pairs->len));
  g_array_append_val (u->pairs, *e);
  g_array_append_val (u->pairs, *m);
}

/* win{a}: a knows δ, the envelope (or, without one, the whole deal): a's
 * class has one assignment of δ's variables (outside θ: false). θ is
 * projected once onto what a observes and δ's variables (P), then one
 * walk of P finds where two assignments of δ remain (unique_rec), instead
 * of a projection of P per variable of δ (measured: those took 90% of an
 * endmove). */
static BDD
win (Eval *ev, BDD theta, guint agent)
{
  const KvGame *game = ev->game;
  guint n_owners = kv_game_n_owners (game);
  guint n_vars = ev->vocabulary->len;
  g_autofree int *rest = g_new (int, MAX (n_vars, 1));
  g_autofree guint8 *quantified = g_new0 (guint8, KV_SYM_MAX_VARS + 1);
  g_autofree gboolean *in_delta = g_new0 (gboolean, MAX (n_vars, 1));
  guint n_rest = 0;
  Unique u = { quantified, g_new0 (guint, KV_SYM_MAX_VARS + 2), levels_end (game),
               g_hash_table_new (NULL, NULL), g_array_new (FALSE, FALSE, sizeof (BDD)) };
  BDD rest_set, projected, e, m;
  BDD result;
  gint64 start = trace_start ();

  /* δ's variables, by position: the state variables come first, card-major. */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      if (!game->has_envelope || o == kv_game_envelope (game))
        in_delta[c * n_owners + o] = TRUE;
  for (guint p = 0; p < n_vars; p++)
    if (!(variable (ev->vocabulary, p)->observers & (1u << agent)))
      {
        if (in_delta[p])
          quantified[variable (ev->vocabulary, p)->var] = TRUE;
        else
          rest[n_rest++] = variable (ev->vocabulary, p)->var;
      }
  for (guint level = 0; level <= u.end; level++)
    u.q_rank[level + 1] = u.q_rank[level] + quantified[level];
  rest_set = keep (bdd_makeset (rest, (int) n_rest));
  projected = keep (bdd_exist (theta, rest_set));
  trace ("win project", start, projected);
  unique_rec (&u, projected, &e, &m);
  {
    guint top = projected == bddfalse || projected == bddtrue ? u.end : (guint) bdd_var (projected);
    BDD doubt = keep (u.q_rank[top] > 0 ? bdd_or (m, e) : m);

    /* Only where a can be (e): where nobody can win, win{a} is false and
     * an endmove's θ ∧ ¬win{a} is θ itself, with no walk of θ. */
    result = keep (bdd_apply (e, doubt, bddop_diff));
    bdd_delref (doubt);
  }
  trace ("win", start, result);
  for (guint i = 0; i < u.pairs->len; i++)
    bdd_delref (g_array_index (u.pairs, BDD, i));
  g_array_unref (u.pairs);
  g_hash_table_unref (u.memo);
  g_free (u.q_rank);
  bdd_delref (projected);
  bdd_delref (rest_set);
  return result;
}

/* Each event's precondition, evaluated once in θ. */
static BDD *
preconditions (Eval *ev, BDD theta, const KvActionModel *am)
{
  BDD *pre = g_new (BDD, am->n_events);

  for (guint e = 0; e < am->n_events; e++)
    pre[e] = eval (ev, theta, am->pre[e]);
  return pre;
}

/* The steps a step stands for: a suggest expands against the actual deal,
 * always (as the explicit checker does). */
static GPtrArray *
expand_step (const KvGame *game, const KvStep *step)
{
  GPtrArray *steps;

  if (step->kind == KV_STEP_SUGGEST)
    return kv_suggest_expand_hands (step, game->deal);
  steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  g_ptr_array_add (steps, kv_step_ref ((KvStep *) step));
  return steps;
}

/* [α]φ and ⟨α⟩φ for the chain @steps from @index: pre(e) → φ at (w, e),
 * φ evaluated in the product and read back at e's code. */
static BDD
eval_dynamic (Eval *ev, BDD theta, GPtrArray *steps, guint index, const KvFormula *f)
{
  g_autoptr(KvActionModel) am = NULL;
  guint event, mark;
  BDD *pre, *codes;
  BDD next, after, at_event, result;

  if (index == steps->len)
    return eval (ev, theta, f->left);
  am = kv_action_model_for_step (g_ptr_array_index (steps, index), &event);
  pre = preconditions (ev, theta, am);
  mark = ev->vocabulary->len;
  codes = event_codes (ev->vocabulary, ev->game, am, pre);
  next = product_law (theta, am->n_events, pre, codes);
  after = eval_dynamic (ev, next, steps, index + 1, f);
  at_event = keep (bdd_restrict (after, codes[event]));
  if (f->kind == KV_FORMULA_BOX)
    result = keep (bdd_imp (pre[event], at_event));
  else
    result = keep (bdd_and (pre[event], at_event));
  bdd_delref (at_event);
  bdd_delref (after);
  bdd_delref (next);
  free_bdds (codes, am->n_events);
  free_bdds (pre, am->n_events);
  g_array_set_size (ev->vocabulary, mark);
  return result;
}

static BDD
eval (Eval *ev, BDD theta, const KvFormula *f)
{
  BDD left, right, result;

  if (*ev->error != NULL || sym_error_code != 0)
    return keep (bddfalse);
  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
      return keep (bddtrue);
    case KV_FORMULA_FALSE:
      return keep (bddfalse);
    case KV_FORMULA_ATOM:
      return keep (bdd_ithvar (var_of (ev->game, f->card, f->owner)));
    case KV_FORMULA_WIN:
      return win (ev, theta, (guint) g_bit_nth_lsf (f->agents, -1));
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      {
        g_autoptr(GPtrArray) steps = expand_step (ev->game, f->step);
        return eval_dynamic (ev, theta, steps, 0, f);
      }
    default:
      break;
    }

  left = eval (ev, theta, f->left);
  switch (f->kind)
    {
    case KV_FORMULA_NOT:
      result = keep (bdd_not (left));
      break;
    case KV_FORMULA_KNOWS:
    case KV_FORMULA_DISTRIB:
      result = knows (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_POSSIBLE:
      result = possible (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_WHETHER:
      result = knows_whether (ev, theta, (guint) g_bit_nth_lsf (f->agents, -1), left);
      break;
    case KV_FORMULA_EVERYONE:
      result = everyone (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_COMMON:
      result = common (ev, theta, f->agents, left);
      break;
    default:
      right = eval (ev, theta, f->right);
      if (f->kind == KV_FORMULA_AND)
        result = keep (bdd_and (left, right));
      else if (f->kind == KV_FORMULA_OR)
        result = keep (bdd_or (left, right));
      else if (f->kind == KV_FORMULA_IMPLIES)
        result = keep (bdd_imp (left, right));
      else
        result = keep (bdd_biimp (left, right));
      bdd_delref (right);
      break;
    }
  bdd_delref (left);
  return result;
}

/* Whether @b holds at the actual world of @sym. */
static gboolean
at_actual (const KvSym *sym, BDD b)
{
  BDD both = keep (bdd_and (b, sym->actual));
  gboolean value = both != bddfalse;

  bdd_delref (both);
  return value;
}

gboolean
kv_sym_check_actual (KvSym *sym, const KvFormula *f, gboolean *value, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GArray) vocabulary = vocabulary_copy (sym->vocabulary);
  Eval ev = { sym->game, vocabulary, &local };
  BDD truth;

  sym_error_code = 0;
  truth = eval (&ev, sym->theta, f);
  if (local == NULL)
    sym_failed (&local);
  if (local == NULL)
    *value = at_actual (sym, truth);
  bdd_delref (truth);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

/* Whether @f's truth at a world depends on that world's deal alone (no
 * knowledge, no step, no win): such a precondition is the same BDD in
 * every structure, and says nothing about earlier events. */
static gboolean
is_propositional (const KvFormula *f)
{
  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
    case KV_FORMULA_FALSE:
    case KV_FORMULA_ATOM:
      return TRUE;
    case KV_FORMULA_NOT:
      return is_propositional (f->left);
    case KV_FORMULA_AND:
    case KV_FORMULA_OR:
    case KV_FORMULA_IMPLIES:
    case KV_FORMULA_IFF:
      return is_propositional (f->left) && is_propositional (f->right);
    default:
      return FALSE;
    }
}

static gboolean
action_is_propositional (const KvActionModel *am)
{
  for (guint e = 0; e < am->n_events; e++)
    if (!is_propositional (am->pre[e]))
      return FALSE;
  return TRUE;
}

/* A step being applied: a suggest's expanded steps go through one of
 * these, so that the products of those whose preconditions are
 * propositional (nocard, showcard) are gathered in @pending and meet θ in
 * one conjunction, one walk of θ instead of one per step. */
typedef struct {
  KvGame     *game;
  Vocabulary *vocabulary;
  BDD         theta;     /* referenced: θ, without @pending */
  BDD         pending;   /* referenced: the products not yet taken into θ */
  BDD         actual;    /* referenced */
  BDD         deal_law;  /* referenced: what the steps said of the deal, when propositional */
  gboolean    propositional;
} Apply;

static void
apply_flush (Apply *ap)
{
  gint64 start = trace_start ();

  if (ap->pending == bddtrue)
    return;
  set_to (&ap->theta, bdd_and (ap->theta, ap->pending));
  set_to (&ap->pending, bddtrue);
  trace ("product", start, ap->theta);
}

static gboolean
apply_one (Apply *ap, const KvStep *step, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(KvActionModel) am = NULL;
  Eval ev = { ap->game, ap->vocabulary, &local };
  gboolean propositional;
  guint event;
  BDD *pre, *codes;
  BDD events = keep (bddfalse), preconditions_hold = keep (bddfalse);
  gint64 start = trace_start ();

  sym_error_code = 0;
  am = kv_action_model_for_step (step, &event);
  propositional = action_is_propositional (am);
  /* An epistemic precondition is evaluated in θ as it is by now. */
  if (!propositional)
    apply_flush (ap);
  pre = preconditions (&ev, ap->theta, am);
  trace ("preconditions", start, pre[0]);
  if (local == NULL && !sym_failed (&local))
    {
      BDD here = keep (bdd_and (ap->actual, pre[event]));

      if (here == bddfalse)
        {
          g_autofree char *text = kv_step_to_string (step);
          g_set_error (&local, KV_ERROR, KV_ERROR_FALSE,
                       "“%s” cannot happen: its precondition is false at the actual world.", text);
        }
      bdd_delref (here);
    }
  if (local != NULL)
    {
      free_bdds (pre, am->n_events);
      bdd_delref (events);
      bdd_delref (preconditions_hold);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* θ ⊗ A: the worlds (w, e) with w ⊨ pre(e), e written in its code. */
  codes = event_codes (ap->vocabulary, ap->game, am, pre);
  for (guint e = 0; e < am->n_events; e++)
    {
      BDD pair = keep (bdd_and (codes[e], pre[e]));

      set_to (&events, bdd_or (events, pair));
      set_to (&preconditions_hold, bdd_or (preconditions_hold, pre[e]));
      bdd_delref (pair);
    }
  set_to (&ap->pending, bdd_and (ap->pending, events));
  set_to (&ap->actual, bdd_and (ap->actual, codes[event]));
  /* The new event variables are free in θ, so ∃ of them over θ ∧ events
   * is θ ∧ (some precondition holds): with propositional preconditions,
   * a condition on the deal alone. */
  ap->propositional = ap->propositional && propositional;
  if (ap->propositional)
    set_to (&ap->deal_law, bdd_and (ap->deal_law, preconditions_hold));
  if (!propositional)
    apply_flush (ap);
  free_bdds (codes, am->n_events);
  free_bdds (pre, am->n_events);
  bdd_delref (events);
  bdd_delref (preconditions_hold);
  return !sym_failed (error);
}

KvSym *
kv_sym_apply_step (KvSym *sym, const KvStep *step, GError **error)
{
  g_autoptr(GPtrArray) steps = expand_step (sym->game, step);
  Apply ap = { sym->game, vocabulary_copy (sym->vocabulary), keep (sym->theta), keep (bddtrue),
               keep (sym->actual), keep (bddtrue), TRUE };
  gboolean ok = TRUE;
  KvSym *next = NULL;

  for (guint i = 0; i < steps->len && ok; i++)
    ok = apply_one (&ap, g_ptr_array_index (steps, i), error);
  if (ok)
    {
      apply_flush (&ap);
      ok = !sym_failed (error);
    }
  if (ok)
    {
      next = sym_new (sym->game, g_steal_pointer (&ap.vocabulary), ap.theta, ap.actual);
      ap.theta = ap.actual = bddfalse;
      if (next->theta == sym->theta && next->actual == sym->actual
          && next->vocabulary->len == sym->vocabulary->len)
        next->twin = kv_sym_ref (sym->twin != NULL ? sym->twin : sym);
      else if (ap.propositional)
        {
          next->deals_from = kv_sym_ref (sym);
          next->deals_step = keep (ap.deal_law);
        }
    }
  if (ap.vocabulary != NULL)
    g_array_unref (ap.vocabulary);
  bdd_delref (ap.theta);
  bdd_delref (ap.pending);
  bdd_delref (ap.actual);
  bdd_delref (ap.deal_law);
  return next;
}

/* ---- read-outs ----------------------------------------------------------- */

/* Satisfying assignments of the variables from level(@b) to @hi, exactly
 * in 64 bits (no node below the root counts more than the root, and the
 * root is a world count). Variables keep their index as level: the order is
 * never changed. */
static guint64
count_below (BDD b, const guint *rank, guint hi, GHashTable *memo)
{
  gpointer cached;
  guint64 n = 0;
  guint level;

  if (b == bddfalse)
    return 0;
  if (b == bddtrue)
    return 1;
  if (g_hash_table_lookup_extended (memo, GINT_TO_POINTER (b), NULL, &cached))
    return *(guint64 *) cached;
  level = (guint) bdd_var (b);
  for (int side = 0; side < 2; side++)
    {
      BDD child = side ? bdd_high (b) : bdd_low (b);
      guint child_level;

      /* A false branch adds nothing, and shifting its zero by the number of
       * skipped variables could exceed 63 bits. */
      if (child == bddfalse)
        continue;
      child_level = child == bddtrue ? hi : (guint) bdd_var (child);
      n += count_below (child, rank, hi, memo) << (rank[child_level] - rank[level] - 1);
    }
  g_hash_table_insert (memo, GINT_TO_POINTER (b), g_memdup2 (&n, sizeof n));
  return n;
}

/* The number of assignments of the variables @rank counts satisfying @b
 * (which mentions no other). */
static guint64
count_over (BDD b, const guint *rank, guint hi)
{
  g_autoptr(GHashTable) memo = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint top = b == bddfalse || b == bddtrue ? hi : (guint) bdd_var (b);

  if (b == bddfalse)
    return 0;
  return count_below (b, rank, hi, memo) << rank[top];
}

/* The number of assignments of @sym's variables satisfying @b. */
static guint64
count (const KvSym *sym, BDD b)
{
  g_autofree guint *rank = vocabulary_ranks (sym->vocabulary, sym->game, sym->vocabulary->len);

  return count_over (b, rank, levels_end (sym->game));
}

guint64
kv_sym_count_worlds (const KvSym *sym)
{
  return count (sym, sym->theta);
}

/* What @agent observes at the actual world, per level: its variables'
 * values there, -1 for the others. */
static gint8 *
actual_observation (const KvSym *sym, guint agent)
{
  gint8 *fixed = g_new (gint8, levels_end (sym->game));
  BDD b = sym->actual;

  memset (fixed, -1, levels_end (sym->game));
  /* The actual world is a cube: one child of each node is false. */
  while (b != bddtrue && b != bddfalse)
    {
      int var = bdd_var (b);
      int value = bdd_low (b) == bddfalse;

      fixed[var] = (gint8) value;
      b = value ? bdd_high (b) : bdd_low (b);
    }
  for (guint position = 0; position < sym->vocabulary->len; position++)
    if (!(variable (sym->vocabulary, position)->observers & (1u << agent)))
      fixed[variable (sym->vocabulary, position)->var] = -1;
  return fixed;
}

/* The deals still possible in @sym: θ with its event variables (those
 * after the state variables) quantified away; worked out once, as each
 * state is the "after" of one step and the "before" of the next. */
static BDD
deals_of (KvSym *sym)
{
  guint n_state = n_state_vars (sym->game);
  g_autofree int *vars = NULL;
  guint n = 0;
  BDD events;

  if (sym->deals != bddfalse || sym->theta == bddfalse)
    return sym->deals;
  if (sym->twin != NULL)
    return deals_of (sym->twin);
  if (sym->deals_from != NULL)
    {
      /* The steps since deals_from added conditions on the deal alone. */
      sym->deals = keep (bdd_and (deals_of (sym->deals_from), sym->deals_step));
      g_clear_pointer (&sym->deals_from, kv_sym_unref);
      return sym->deals;
    }
  vars = g_new (int, MAX (sym->vocabulary->len, 1));
  for (guint p = n_state; p < sym->vocabulary->len; p++)
    vars[n++] = variable (sym->vocabulary, p)->var;
  gint64 start = trace_start ();
  events = keep (bdd_makeset (vars, (int) n));
  sym->deals = keep (bdd_exist (sym->theta, events));
  trace ("deals", start, sym->deals);
  bdd_delref (events);
  return sym->deals;
}

guint64
kv_sym_count_removed_deals (KvSym *before, KvSym *after)
{
  BDD gone = keep (bdd_apply (deals_of (before), deals_of (after), bddop_diff));
  g_autofree guint *rank = vocabulary_ranks (before->vocabulary, before->game, n_state_vars (before->game));
  guint64 n = count_over (gone, rank, levels_end (before->game));

  bdd_delref (gone);
  return n;
}

/* The actual world's component of the union of every agent's relation:
 * what is common knowledge ranges over it. */
static BDD
common_component (const KvSym *sym)
{
  return reach (sym->vocabulary, sym->game, sym->theta, (1u << sym->game->n_agents) - 1, sym->actual);
}

/* One walk over the nodes of a set of worlds, counting them and marking
 * the variables that are true in some of them. Nodes are memoised by
 * BuDDy's node number (below bdd_getallocnum ()), four bytes each, into a
 * list of the counts of the nodes walked: the sets read out here have up
 * to millions of nodes, the table tens of millions.
 *
 * The walk may fix some variables (@fixed: an agent's observations at the
 * actual world): it then reads that agent's class off θ directly, taking
 * only the matching child where θ tests a fixed variable, instead of
 * building θ ∧ (the observation) first (measured: with six agents the
 * conjunctions took a fifth of a read-out). */
typedef struct {
  guint        hi;            /* the level past the last variable */
  const gint8 *fixed;         /* per level: 0 or 1 when fixed, else -1 */
  const guint *rank;          /* vocabulary_ranks () of the free variables */
  guint32     *slot;          /* per node: 1 + its position in @below, 0 when not walked */
  GArray      *below;         /* guint64: each walked node's assignments down to @hi */
  gboolean    *can_be_true;   /* per level */
  int         *skipped;       /* per level, a difference array of levels skipped by an edge */
} Walk;

/* A variable can be true where a node tests it with a high child that
 * still has assignments, or where an edge to a node that has some skips
 * its level (with every variable fixed by the walk, that last part is not
 * true of every node: the fixed values may rule all its paths out). */
static guint64
walk_node (Walk *walk, BDD b)
{
  guint64 n = 0;
  guint level;

  if (b == bddfalse)
    return 0;
  if (b == bddtrue)
    return 1;
  if (walk->slot[b] != 0)
    return g_array_index (walk->below, guint64, walk->slot[b] - 1);
  level = (guint) bdd_var (b);
  for (int side = 0; side < 2; side++)
    {
      BDD child = side ? bdd_high (b) : bdd_low (b);
      guint child_level;
      guint64 below;

      if (child == bddfalse || (walk->fixed[level] >= 0 && walk->fixed[level] != side))
        continue;
      below = walk_node (walk, child);
      if (below == 0)
        continue;
      if (side == 1)
        walk->can_be_true[level] = TRUE;
      child_level = child == bddtrue ? walk->hi : (guint) bdd_var (child);
      if (child_level > level + 1)
        {
          walk->skipped[level + 1]++;
          walk->skipped[child_level]--;
        }
      n += below << (walk->rank[child_level] - walk->rank[level + 1]);
    }
  g_array_append_val (walk->below, n);
  walk->slot[b] = walk->below->len;
  return n;
}

/* @p over the worlds of @set with the variables @fixed (or NULL) fixed:
 * how many, and who may hold each card. */
static void
fill_perspective (const KvSym *sym, KvPerspective *p, BDD set, const gint8 *fixed)
{
  const KvGame *game = sym->game;
  guint n_nodes = (guint) bdd_getallocnum ();
  guint hi = levels_end (game);
  g_autofree guint *rank = g_new0 (guint, hi + 1);
  g_autofree gint8 *none = NULL;
  guint top = set == bddtrue || set == bddfalse ? hi : (guint) bdd_var (set);
  Walk walk;
  int free_here = 0;

  if (set == bddfalse)
    return;
  if (fixed == NULL)
    {
      none = g_new (gint8, hi);
      memset (none, -1, hi);
      fixed = none;
    }
  for (guint position = 0; position < sym->vocabulary->len; position++)
    if (fixed[variable (sym->vocabulary, position)->var] < 0)
      rank[variable (sym->vocabulary, position)->var + 1]++;
  for (guint level = 0; level < hi; level++)
    rank[level + 1] += rank[level];
  walk.hi = hi;
  walk.fixed = fixed;
  walk.rank = rank;
  walk.slot = g_new0 (guint32, n_nodes);
  walk.below = g_array_new (FALSE, FALSE, sizeof (guint64));
  walk.can_be_true = g_new0 (gboolean, hi);
  walk.skipped = g_new0 (int, hi + 1);
  p->class_size = walk_node (&walk, set) << rank[top];
  if (p->class_size > 0)
    {
      /* The variables above the root are free. */
      walk.skipped[0]++;
      walk.skipped[top]--;
      for (guint level = 0; level < hi; level++)
        {
          free_here += walk.skipped[level];
          if (fixed[level] >= 0)
            walk.can_be_true[level] = fixed[level] == 1;
          else if (free_here > 0)
            walk.can_be_true[level] = TRUE;
        }
    }
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < kv_game_n_owners (game); o++)
      if (walk.can_be_true[var_of (game, c, o)])
        p->possible[c] |= 1u << o;
  g_free (walk.slot);
  g_array_unref (walk.below);
  g_free (walk.can_be_true);
  g_free (walk.skipped);
}

static KvKnowledge *
knowledge_copy (const KvKnowledge *from, const KvGame *game)
{
  KvKnowledge *k = kv_knowledge_new_empty (game);
  gsize size = MAX (game->n_cards, 1) * sizeof (guint32);

  k->world = from->world;
  k->winners = from->winners;
  for (guint a = 0; a < game->n_agents; a++)
    {
      k->agents[a].class_size = from->agents[a].class_size;
      k->agents[a].wins = from->agents[a].wins;
      memcpy (k->agents[a].possible, from->agents[a].possible, size);
    }
  k->common.class_size = from->common.class_size;
  k->common.wins = from->common.wins;
  memcpy (k->common.possible, from->common.possible, size);
  return k;
}

KvKnowledge *
kv_sym_knowledge (KvSym *sym)
{
  KvKnowledge *k;
  BDD component;

  if (sym->twin != NULL)
    return kv_sym_knowledge (sym->twin);
  if (sym->knowledge != NULL)
    return knowledge_copy (sym->knowledge, sym->game);
  k = kv_knowledge_new_empty (sym->game);

  for (guint a = 0; a < sym->game->n_agents; a++)
    {
      gint64 start = trace_start ();
      g_autofree gint8 *observed = actual_observation (sym, a);

      fill_perspective (sym, &k->agents[a], sym->theta, observed);
      trace ("class", start, bddfalse);
    }
  component = common_component (sym);
  {
    gint64 start = trace_start ();
    fill_perspective (sym, &k->common, component, NULL);
    trace ("fill common", start, component);
  }
  bdd_delref (component);
  kv_knowledge_decide_winners (k, sym->game);
  sym->knowledge = k;
  return knowledge_copy (k, sym->game);
}

guint
kv_sym_node_count (const KvSym *sym)
{
  return (guint) bdd_nodecount (sym->theta);
}
