// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym.c: the symbolic back-end on BuDDy (see kv-sym.h for the encoding). */
#include "config.h"

#include <bdd.h>
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

/* The variable order: a game's state variables (card, owner) from
 * STATE_BASE down the order, every product's event variables above them,
 * the newest on top. An event's precondition is about the cards, so with
 * the events first the state law splits into one copy per event below
 * them, instead of carrying which preconditions hold down to the bottom
 * (measured on cluedo: see bench/). */
#define STATE_BASE (KV_SYM_MAX_VARS / 2)

struct _KvSym {
  gatomicrefcount ref;
  KvGame     *game;
  Vocabulary *vocabulary;
  BDD         theta;     /* referenced: the deals (and event histories) still possible */
  BDD         actual;    /* referenced: the actual world as a cube over every variable */
  BDD         deals;     /* referenced, or bddfalse until asked for: θ's deals (deals_of) */
};

/* The last BuDDy error code since the flag was cleared (0: none). BuDDy
 * reports errors through one process-wide hook, so this is global too. */
static int sym_error_code;

/* Our own code, beside BuDDy's negative ones. */
#define SYM_TOO_MANY_VARS 1

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
      bdd_gbc_hook (NULL);           /* the default one prints to stdout */
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

static inline int
var_of (const KvGame *game, guint card, guint owner)
{
  return (int) (STATE_BASE + card * kv_game_n_owners (game) + owner);
}

static inline const Variable *
variable (const Vocabulary *vocabulary, guint position)
{
  return &g_array_index (vocabulary, Variable, position);
}

/* The levels @vocabulary's variables take: [*lo, *hi). */
static void
vocabulary_levels (const Vocabulary *vocabulary, const KvGame *game, guint *lo, guint *hi)
{
  const Variable *last = variable (vocabulary, vocabulary->len - 1);

  *lo = last->var < STATE_BASE ? (guint) last->var : STATE_BASE;
  *hi = STATE_BASE + n_state_vars (game);
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

/* The worlds of @theta linked to one of @from (a subset of @theta) by a
 * chain of @agents' relations: a least fixpoint, each agent's step taken
 * from what is reached so far, stopping when nothing is added or every
 * world is reached. S5 relations are symmetric, so these are also the
 * worlds from which @from is reachable. */
static BDD
reach (const Vocabulary *vocabulary, const KvGame *game, BDD theta, guint32 agents, BDD from)
{
  BDD reached = keep (from);

  for (;;)
    {
      BDD next = keep (reached);

      for (guint a = 0; a < game->n_agents && next != theta; a++)
        if (agents & (1u << a))
          {
            BDD hidden = unobserved_vars (vocabulary, 1u << a);
            BDD seen = keep (bdd_exist (next, hidden));
            BDD linked = keep (bdd_and (theta, seen));

            set_to (&next, bdd_or (next, linked));
            bdd_delref (linked);
            bdd_delref (seen);
            bdd_delref (hidden);
          }
      if (next == reached || sym_error_code != 0)
        {
          bdd_delref (next);
          return reached;
        }
      set_to (&reached, next);
      bdd_delref (next);
      if (reached == theta)
        return reached;
    }
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
  if (!sym_ensure_vars (STATE_BASE + n_state_vars (game)))
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

/* Appends @n_bits event variables observed by @observers, each above the
 * last; returns the position of the first. */
static guint
append_vars (Vocabulary *vocabulary, guint n_bits, guint32 observers)
{
  guint first = vocabulary->len;
  int top = variable (vocabulary, first - 1)->var;

  if (top >= STATE_BASE)
    top = STATE_BASE;
  if (top < (int) n_bits)
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
event_codes (Vocabulary *vocabulary, const KvActionModel *am)
{
  BDD *codes = g_new (BDD, am->n_events);
  g_autofree guint *first_of = g_new0 (guint, am->n_agents);
  g_autofree guint *bits_of = g_new0 (guint, am->n_agents);

  for (guint e = 0; e < am->n_events; e++)
    codes[e] = keep (bddtrue);
  if (am->n_events == 1)
    return codes;
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
      first = append_vars (vocabulary, n_bits, 1u << a);
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
      guint first = append_vars (vocabulary, n_bits, 0);

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

/* win{a}: a knows δ, the envelope (or, without one, the whole deal): no
 * variable of δ is both true and false in a's class. θ is projected once
 * onto what a observes and δ's variables, so each variable's test works
 * on that small BDD: M_a v = ∃(δ's hidden variables)(P with v true). */
static BDD
win (Eval *ev, BDD theta, guint agent)
{
  const KvGame *game = ev->game;
  guint n_owners = kv_game_n_owners (game);
  guint n_vars = ev->vocabulary->len;
  g_autofree int *rest = g_new (int, MAX (n_vars, 1));
  g_autofree int *delta = g_new (int, MAX (n_vars, 1));
  g_autofree gboolean *in_delta = g_new0 (gboolean, MAX (n_vars, 1));
  guint n_rest = 0, n_delta = 0;
  BDD rest_set, delta_set, projected;
  BDD doubt = keep (bddfalse);
  BDD result;

  /* δ's variables, by position: the state variables come first, card-major. */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      if (!game->has_envelope || o == kv_game_envelope (game))
        in_delta[c * n_owners + o] = TRUE;
  for (guint p = 0; p < n_vars; p++)
    if (!(variable (ev->vocabulary, p)->observers & (1u << agent)))
      {
        if (in_delta[p])
          delta[n_delta++] = variable (ev->vocabulary, p)->var;
        else
          rest[n_rest++] = variable (ev->vocabulary, p)->var;
      }
  rest_set = keep (bdd_makeset (rest, (int) n_rest));
  delta_set = keep (bdd_makeset (delta, (int) n_delta));
  projected = keep (bdd_exist (theta, rest_set));
  for (guint i = 0; i < n_delta && sym_error_code == 0; i++)
    {
      /* M_a v and M_a ¬v: P restricted to v, then δ's hidden variables
       * quantified away (no bdd_appex, see knows ()). */
      BDD if_true = keep (bdd_restrict (projected, bdd_ithvar (delta[i])));
      BDD if_false = keep (bdd_restrict (projected, bdd_nithvar (delta[i])));
      BDD yes = keep (bdd_exist (if_true, delta_set));
      BDD no = keep (bdd_exist (if_false, delta_set));
      BDD both = keep (bdd_and (yes, no));

      set_to (&doubt, bdd_or (doubt, both));
      bdd_delref (both);
      bdd_delref (no);
      bdd_delref (yes);
      bdd_delref (if_false);
      bdd_delref (if_true);
    }
  result = keep (bdd_not (doubt));
  bdd_delref (doubt);
  bdd_delref (projected);
  bdd_delref (delta_set);
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
  codes = event_codes (ev->vocabulary, am);
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

/* One step that is not a suggest. */
static KvSym *
apply_one (KvSym *sym, const KvStep *step, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(KvActionModel) am = NULL;
  Vocabulary *vocabulary = vocabulary_copy (sym->vocabulary);
  Eval ev = { sym->game, vocabulary, &local };
  guint event;
  BDD *pre, *codes;
  BDD theta, actual;

  sym_error_code = 0;
  am = kv_action_model_for_step (step, &event);
  pre = preconditions (&ev, sym->theta, am);
  if (local == NULL && !sym_failed (&local) && !at_actual (sym, pre[event]))
    {
      g_autofree char *text = kv_step_to_string (step);
      g_set_error (&local, KV_ERROR, KV_ERROR_FALSE,
                   "“%s” cannot happen: its precondition is false at the actual world.", text);
    }
  if (local != NULL)
    {
      free_bdds (pre, am->n_events);
      g_array_unref (vocabulary);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  codes = event_codes (vocabulary, am);
  theta = product_law (sym->theta, am->n_events, pre, codes);
  actual = keep (bdd_and (sym->actual, codes[event]));
  free_bdds (codes, am->n_events);
  free_bdds (pre, am->n_events);
  if (sym_failed (error))
    {
      bdd_delref (theta);
      bdd_delref (actual);
      g_array_unref (vocabulary);
      return NULL;
    }
  return sym_new (sym->game, vocabulary, theta, actual);
}

KvSym *
kv_sym_apply_step (KvSym *sym, const KvStep *step, GError **error)
{
  g_autoptr(GPtrArray) steps = expand_step (sym->game, step);
  g_autoptr(KvSym) current = kv_sym_ref (sym);

  for (guint i = 0; i < steps->len; i++)
    {
      KvSym *next = apply_one (current, g_ptr_array_index (steps, i), error);

      if (next == NULL)
        return NULL;
      kv_sym_unref (current);
      current = next;
    }
  return g_steal_pointer (&current);
}

/* ---- read-outs ----------------------------------------------------------- */

/* Satisfying assignments of the variables from level(@b) to @hi, exactly
 * in 64 bits (no node below the root counts more than the root, and the
 * root is a world count). Variables keep their index as level: the order is
 * never changed. */
static guint64
count_below (BDD b, guint hi, GHashTable *memo)
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
      n += count_below (child, hi, memo) << (child_level - level - 1);
    }
  g_hash_table_insert (memo, GINT_TO_POINTER (b), g_memdup2 (&n, sizeof n));
  return n;
}

/* The number of assignments of the variables at levels [@lo, @hi)
 * satisfying @b (which mentions no other). */
static guint64
count_over (BDD b, guint lo, guint hi)
{
  g_autoptr(GHashTable) memo = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint top = b == bddfalse || b == bddtrue ? hi : (guint) bdd_var (b);

  if (b == bddfalse)
    return 0;
  return count_below (b, hi, memo) << (top - lo);
}

/* The number of assignments of @sym's variables satisfying @b. */
static guint64
count (const KvSym *sym, BDD b)
{
  guint lo, hi;

  vocabulary_levels (sym->vocabulary, sym->game, &lo, &hi);
  return count_over (b, lo, hi);
}

guint64
kv_sym_count_worlds (const KvSym *sym)
{
  return count (sym, sym->theta);
}

/* The actual world's class for @agent: θ ∧ (what it observes, as actual). */
static BDD
actual_class (const KvSym *sym, guint agent)
{
  BDD hidden = unobserved_vars (sym->vocabulary, 1u << agent);
  BDD seen = keep (bdd_exist (sym->actual, hidden));
  BDD cls = keep (bdd_and (sym->theta, seen));

  bdd_delref (seen);
  bdd_delref (hidden);
  return cls;
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
  vars = g_new (int, MAX (sym->vocabulary->len, 1));
  for (guint p = n_state; p < sym->vocabulary->len; p++)
    vars[n++] = variable (sym->vocabulary, p)->var;
  events = keep (bdd_makeset (vars, (int) n));
  sym->deals = keep (bdd_exist (sym->theta, events));
  bdd_delref (events);
  return sym->deals;
}

guint64
kv_sym_count_removed_deals (KvSym *before, KvSym *after)
{
  BDD gone = keep (bdd_apply (deals_of (before), deals_of (after), bddop_diff));
  guint64 n = count_over (gone, STATE_BASE, STATE_BASE + n_state_vars (before->game));

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
 * the variables that are true in some of them. Nodes are memoised in
 * arrays indexed by BuDDy's node number (below bdd_getallocnum ()): the
 * sets read out here have up to millions of nodes. */
typedef struct {
  guint     hi;            /* the level past the last variable */
  guint64  *below;         /* per node: its assignments down to @hi */
  guint8   *seen;          /* per node */
  gboolean *can_be_true;   /* per level */
  int      *skipped;       /* per level, a difference array of levels skipped by an edge */
} Walk;

/* Every node but false reaches true, so a variable can be true where a
 * node tests it with a high child other than false, or where an edge skips
 * its level. */
static guint64
walk_node (Walk *walk, BDD b)
{
  guint64 n = 0;
  guint level;

  if (b == bddfalse)
    return 0;
  if (b == bddtrue)
    return 1;
  if (walk->seen[b])
    return walk->below[b];
  level = (guint) bdd_var (b);
  if (bdd_high (b) != bddfalse)
    walk->can_be_true[level] = TRUE;
  for (int side = 0; side < 2; side++)
    {
      BDD child = side ? bdd_high (b) : bdd_low (b);
      guint child_level;

      if (child == bddfalse)
        continue;
      child_level = child == bddtrue ? walk->hi : (guint) bdd_var (child);
      if (child_level > level + 1)
        {
          walk->skipped[level + 1]++;
          walk->skipped[child_level]--;
        }
      n += walk_node (walk, child) << (child_level - level - 1);
    }
  walk->seen[b] = TRUE;
  walk->below[b] = n;
  return n;
}

/* @p over the worlds of @set: how many, and who may hold each card. */
static void
fill_perspective (const KvSym *sym, KvPerspective *p, BDD set)
{
  const KvGame *game = sym->game;
  guint n_nodes = (guint) bdd_getallocnum ();
  guint lo, hi;
  Walk walk;
  int free_here = 0;

  if (set == bddfalse)
    return;
  vocabulary_levels (sym->vocabulary, game, &lo, &hi);
  walk.hi = hi;
  walk.below = g_new (guint64, n_nodes);
  walk.seen = g_new0 (guint8, n_nodes);
  walk.can_be_true = g_new0 (gboolean, hi);
  walk.skipped = g_new0 (int, hi + 1);
  /* The variables above the root are free. */
  walk.skipped[0]++;
  walk.skipped[set == bddtrue ? hi : (guint) bdd_var (set)]--;
  p->class_size = walk_node (&walk, set) << ((set == bddtrue ? hi : (guint) bdd_var (set)) - lo);
  for (guint level = 0; level < hi; level++)
    {
      free_here += walk.skipped[level];
      if (free_here > 0)
        walk.can_be_true[level] = TRUE;
    }
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < kv_game_n_owners (game); o++)
      if (walk.can_be_true[var_of (game, c, o)])
        p->possible[c] |= 1u << o;
  g_free (walk.below);
  g_free (walk.seen);
  g_free (walk.can_be_true);
  g_free (walk.skipped);
}

KvKnowledge *
kv_sym_knowledge (const KvSym *sym)
{
  KvKnowledge *k = kv_knowledge_new_empty (sym->game);
  BDD component;

  for (guint a = 0; a < sym->game->n_agents; a++)
    {
      BDD cls = actual_class (sym, a);

      fill_perspective (sym, &k->agents[a], cls);
      bdd_delref (cls);
    }
  component = common_component (sym);
  fill_perspective (sym, &k->common, component);
  bdd_delref (component);
  kv_knowledge_decide_winners (k, sym->game);
  return k;
}

guint
kv_sym_node_count (const KvSym *sym)
{
  return (guint) bdd_nodecount (sym->theta);
}
