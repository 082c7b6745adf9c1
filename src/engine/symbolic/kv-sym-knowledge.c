// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-knowledge.c: what the symbolic engine reads off a structure, exactly
 * in 64 bits — the world count, the deals a step removed, the knowledge
 * table (each agent's class and the common component: how many worlds,
 * who may hold each card), an agent's class size, the envelopes still
 * possible, a perspective's (a chain's worlds, owners and envelopes). The
 * counts and the table walk θ's nodes themselves, once
 * each, by level (node_level ()). */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include <string.h>

#include "kv-sym-private.h"

/* rank[L]: how many of the first @n_positions variables of @vocabulary
 * lie above level L, for L up to levels_end (): counts skip the levels
 * this state gives no variable (free event slots), the envelope's (defined
 * by the others: is_defined ()), and those @fixed (per level; NULL: none)
 * fixes to 0 or 1. */
static guint *
vocabulary_ranks (const Vocabulary *vocabulary, const KvGame *game, guint n_positions,
                  const gint8 *fixed)
{
  guint end = levels_end (game);
  guint *rank = g_new0 (guint, end + 1);

  for (guint p = 0; p < n_positions; p++)
    if ((fixed == NULL || fixed[level_of (variable (vocabulary, p)->var)] < 0) && !is_defined (game, p))
      rank[level_of (variable (vocabulary, p)->var) + 1]++;
  for (guint level = 0; level < end; level++)
    rank[level + 1] += rank[level];
  return rank;
}

typedef struct Envelope Envelope;

/* One walk over the nodes of a set of worlds, counting them and marking
 * the variables that are true in some of them. Counts are exact in 64
 * bits (no node below the root counts more than the root, and the root is
 * a world count). Nodes are memoised by BuDDy's node number (below
 * bdd_getallocnum ()), four bytes each, into a list of what was found
 * below each node walked: the sets read out here have up to millions of
 * nodes, and a hash table of the counts would cost more than the walk.
 *
 * The walk may fix some variables (@fixed: an agent's observations at the
 * actual world): it then reads that agent's class off θ directly, taking
 * only the matching child where θ tests a fixed variable, instead of
 * building θ ∧ (the observation) first. */
typedef struct {
  guint        hi;            /* the level past the last variable */
  const gint8 *fixed;         /* per level: 0 or 1 when fixed, else -1 */
  const guint *rank;          /* vocabulary_ranks () of the free variables */
  guint32     *slot;          /* per node: 1 + its position in @below, 0 when not walked */
  GArray      *below;         /* guint64: each walked node's assignments down to @hi */
  gboolean    *can_be_true;   /* per level */
  int         *skipped;       /* per level, a difference array of levels skipped by an edge */
  Envelope    *envelope;      /* NULL: the envelope is not asked for */
  guint       *level_of_var;  /* per variable: its level, read from BuDDy once a walk
                               * rather than twice a node */
} Walk;

static inline guint
walk_level (const Walk *walk, BDD b)
{
  return walk->level_of_var[bdd_var (b)];
}

/* Which cards may be in the envelope, read off a walk: a card is where no
 * agent holds it (its envelope variable is defined, not in θ), so on a
 * path through its agents' variables that are all false. Whether a node
 * inside a card's block has such a path below it (@none_below) depends on
 * the node alone; whether a path reaches the node with none of them true
 * yet holds for every path that enters the block there from above, so a
 * card is marked where an edge enters its block or skips it. */
struct Envelope {
  guint    n_cards;
  guint   *start;        /* per card: the level of its first agent's variable */
  guint   *end;          /* per card: past its last agent's (its envelope variable's level) */
  guint   *by_level;     /* the cards by ascending start */
  int     *card_at;      /* per level up to hi: the card whose agents' block holds it, or -1 */
  guint   *next_card;    /* per level up to hi: the position in by_level of the first card
                          * whose block starts below it */
  guint   *ones;         /* per level up to hi: the levels above it the walk fixes to 1 */
  GArray  *none_below;   /* guint8, beside Walk.below */
  gboolean *possible;    /* per card: may be in the envelope */
};

static gboolean
none_fixed_true (const Envelope *en, guint from, guint to)
{
  return en->ones[to] == en->ones[from];
}

/* The edge from level @level (G_MAXUINT: above the root) to a node at
 * @child_level with assignments below, whose envelope bit (inside a block)
 * is @child_none: marks the cards whose block it enters or skips. */
static inline void
envelope_edge (Envelope *en, guint level, guint child_level, gboolean child_none)
{
  for (guint i = level == G_MAXUINT ? 0 : en->next_card[level];
       i < en->n_cards && en->start[en->by_level[i]] <= child_level; i++)
    {
      guint c = en->by_level[i];

      if (child_level < en->end[c])
        en->possible[c] |= child_none && none_fixed_true (en, en->start[c], child_level);
      else
        en->possible[c] |= none_fixed_true (en, en->start[c], en->end[c]);
    }
}

/* A variable can be true where a node tests it with a high child that
 * still has assignments, or where an edge to a node that has some skips
 * its level (with every variable fixed by the walk, that last part is not
 * true of every node: the fixed values may rule all its paths out). */
static guint64
walk_node (Walk *walk, BDD b)
{
  guint64 n = 0;
  guint8 none = FALSE;   /* for the envelope: see Envelope */
  guint level;

  if (b == bddfalse)
    return 0;
  if (b == bddtrue)
    return 1;
  if (walk->slot[b] != 0)
    return g_array_index (walk->below, guint64, walk->slot[b] - 1);
  level = walk_level (walk, b);
  for (int side = 0; side < 2; side++)
    {
      BDD child = side ? bdd_high (b) : bdd_low (b);
      guint child_level;
      guint64 below;

      if (child == bddfalse || (walk->fixed[level] >= 0 && walk->fixed[level] != side))
        continue;
      below = walk_node (walk, child);
      /* A false branch adds nothing, and shifting its zero by the number
       * of skipped variables could exceed 63 bits. */
      if (below == 0)
        continue;
      if (side == 1)
        walk->can_be_true[level] = TRUE;
      child_level = child == bddtrue ? walk->hi : walk_level (walk, child);
      if (child_level > level + 1)
        {
          walk->skipped[level + 1]++;
          walk->skipped[child_level]--;
        }
      n += below << (walk->rank[child_level] - walk->rank[level + 1]);
      if (walk->envelope != NULL)
        {
          Envelope *en = walk->envelope;
          gboolean child_none = child != bddtrue && g_array_index (en->none_below, guint8, walk->slot[child] - 1);
          int card = en->card_at[level];

          envelope_edge (en, level, child_level, child_none);
          /* Inside a card's block, the low side: can the path go on with
           * no agent holding the card? */
          if (side == 0 && card >= 0)
            none = child_level < en->end[card] ? child_none && none_fixed_true (en, level + 1, child_level)
                                               : none_fixed_true (en, level + 1, en->end[card]);
        }
    }
  if (walk->envelope != NULL)
    g_array_append_val (walk->envelope->none_below, none);
  g_array_append_val (walk->below, n);
  walk->slot[b] = walk->below->len;
  return n;
}

/* Walks @set, with the variables @fixed fixed and @rank counting the
 * others, into @walk (walk_clear () frees it): the number of @set's
 * assignments of those variables. */
static guint64
walk_set (Walk *walk, BDD set, const gint8 *fixed, const guint *rank, guint hi, Envelope *envelope)
{
  guint top = set == bddtrue || set == bddfalse ? hi : node_level (set);
  guint64 n;

  walk->hi = hi;
  walk->fixed = fixed;
  walk->rank = rank;
  walk->slot = g_new0 (guint32, (gsize) bdd_getallocnum ());
  walk->below = g_array_new (FALSE, FALSE, sizeof (guint64));
  walk->can_be_true = g_new0 (gboolean, hi);
  walk->skipped = g_new0 (int, hi + 1);
  walk->envelope = envelope;
  walk->level_of_var = g_new (guint, MAX (bdd_varnum (), 1));
  for (int var = 0; var < bdd_varnum (); var++)
    walk->level_of_var[var] = level_of (var);
  n = walk_node (walk, set);
  if (envelope != NULL && n > 0)
    envelope_edge (envelope, G_MAXUINT, top,
                   set != bddtrue && g_array_index (envelope->none_below, guint8, walk->slot[set] - 1));
  return n << rank[top];
}

static void
walk_clear (Walk *walk)
{
  g_free (walk->level_of_var);
  g_free (walk->slot);
  g_array_unref (walk->below);
  g_free (walk->can_be_true);
  g_free (walk->skipped);
}

/* The envelope's part of a walk of @game's states with @fixed fixed. */
static Envelope *
envelope_new (const KvGame *game, const gint8 *fixed, guint hi)
{
  Envelope *en = g_new0 (Envelope, 1);

  en->n_cards = game->n_cards;
  en->start = g_new (guint, game->n_cards);
  en->end = g_new (guint, game->n_cards);
  en->by_level = g_new (guint, game->n_cards);
  en->card_at = g_new (int, hi + 1);
  en->next_card = g_new (guint, hi + 1);
  en->ones = g_new0 (guint, hi + 1);
  en->none_below = g_array_new (FALSE, FALSE, sizeof (guint8));
  en->possible = g_new0 (gboolean, game->n_cards);
  for (guint level = 0; level <= hi; level++)
    en->card_at[level] = -1;
  /* A card's variables are in a row (its block moves whole), its
   * agents' first, its envelope variable last. */
  for (guint c = 0; c < game->n_cards; c++)
    {
      guint i = c;

      en->start[c] = level_of (var_of (game, c, 0));
      en->end[c] = level_of (var_of (game, c, kv_game_envelope (game)));
      g_assert (en->end[c] == en->start[c] + game->n_agents);
      for (guint level = en->start[c]; level < en->end[c]; level++)
        en->card_at[level] = (int) c;
      for (; i > 0 && en->start[en->by_level[i - 1]] > en->start[c]; i--)
        en->by_level[i] = en->by_level[i - 1];
      en->by_level[i] = c;
    }
  /* The first card (in level order) starting below each level. */
  for (guint level = hi + 1, i = game->n_cards; level-- > 0;)
    {
      while (i > 0 && en->start[en->by_level[i - 1]] > level)
        i--;
      en->next_card[level] = i;
    }
  for (guint level = 0; level < hi; level++)
    en->ones[level + 1] = en->ones[level] + (fixed[level] == 1);
  return en;
}

static void
envelope_free (Envelope *en)
{
  g_free (en->start);
  g_free (en->end);
  g_free (en->by_level);
  g_free (en->card_at);
  g_free (en->next_card);
  g_free (en->ones);
  g_array_unref (en->none_below);
  g_free (en->possible);
  g_free (en);
}

/* Per level below @hi, -1: a walk that fixes no variable. */
static gint8 *
none_fixed (guint hi)
{
  gint8 *none = g_new (gint8, hi);

  memset (none, -1, hi);
  return none;
}

/* The number of assignments of the variables @rank counts satisfying @b
 * (which mentions no other). */
static guint64
count_over (BDD b, const guint *rank, guint hi)
{
  g_autofree gint8 *none = none_fixed (hi);
  Walk walk;
  guint64 n;

  n = walk_set (&walk, b, none, rank, hi, NULL);
  walk_clear (&walk);
  return n;
}

/* The number of assignments of @sym's variables satisfying @b. */
guint64
_kv_sym_count (const KvSym *sym, BDD b)
{
  g_autofree guint *rank = vocabulary_ranks (sym->vocabulary, sym->game, sym->vocabulary->len, NULL);

  return count_over (b, rank, levels_end (sym->game));
}

guint64
kv_sym_count_worlds (const KvSym *sym)
{
  /* Counted once: the CLI and the window ask for it several times a
   * step. θ never changes, so the cache is not part of the state (hence
   * the const cast). A twin has its predecessor's θ, and its count. */
  if (sym->twin != NULL)
    return kv_sym_count_worlds (sym->twin);
  if (sym->n_worlds == 0)
    ((KvSym *) sym)->n_worlds = _kv_sym_count (sym, sym->theta) + 1;
  return sym->n_worlds - 1;
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

      fixed[level_of (var)] = (gint8) value;
      b = value ? bdd_high (b) : bdd_low (b);
    }
  for (guint position = 0; position < sym->vocabulary->len; position++)
    if (!(variable (sym->vocabulary, position)->observers & (1u << agent)))
      fixed[level_of (variable (sym->vocabulary, position)->var)] = -1;
  return fixed;
}

/* The event variables of @vocabulary (those after the state variables),
 * as a set. Referenced. */
static BDD
event_vars (const Vocabulary *vocabulary, const KvGame *game)
{
  g_autofree int *vars = g_new (int, MAX (vocabulary->len, 1));
  guint n = 0;

  for (guint p = n_state_vars (game); p < vocabulary->len; p++)
    vars[n++] = variable (vocabulary, p)->var;
  return keep (bdd_makeset (vars, (int) n));
}

/* What announcements (steps of one event each, so no new variable) said
 * of the deal, when @before became @after = @before ∧ @kept: not "every
 * world of the deal was removed". Only the deals with a removed world
 * are looked at, a few of them (an endmove removes the worlds where its
 * agent would have won), instead of projecting the new θ. Referenced. */
BDD
_kv_sym_announced_deals (const Vocabulary *vocabulary, const KvGame *game, BDD before, BDD after, BDD kept)
{
  BDD events = event_vars (vocabulary, game);
  BDD removed = keep (bdd_not (kept));
  BDD touched = _kv_sym_and_exist (before, removed, events);   /* the deals with a removed world */
  BDD left = _kv_sym_and_exist (after, touched, events);       /* those of them with a world left */
  BDD law = keep (bdd_imp (touched, left));

  bdd_delref (events);
  bdd_delref (removed);
  bdd_delref (touched);
  bdd_delref (left);
  return law;
}

/* The deals still possible in @sym: θ with its event variables quantified
 * away; worked out once, as each state is the "after" of one step and the
 * "before" of the next. */
static BDD
deals_of (KvSym *sym)
{
  BDD events;

  if (sym->deals != bddfalse || sym->theta == bddfalse)
    return sym->deals;
  if (sym->twin != NULL)
    return deals_of (sym->twin);
  if (sym->deals_from != NULL)
    {
      /* The steps since deals_from added conditions on the deal alone. */
      BDD from = deals_of (sym->deals_from);
      BDD deals;
      gint64 start = trace_start ();

      do
        {
          _kv_sym_error_code = 0;
          deals = bdd_and (from, sym->deals_step);
        }
      while (_kv_sym_readout_retry ());
      sym->deals = keep (deals);
      _kv_sym_drop_deals_from (sym);
      trace ("deals step", start, sym->deals);
      return sym->deals;
    }
  gint64 start = trace_start ();
  do
    {
      _kv_sym_error_code = 0;
      events = event_vars (sym->vocabulary, sym->game);
      set_to (&sym->deals, bdd_exist (sym->theta, events));
      bdd_delref (events);
    }
  while (_kv_sym_readout_retry ());
  trace ("deals", start, sym->deals);
  return sym->deals;
}

/* The number of θ's deals, counted once. */
static guint64
count_deals (KvSym *sym)
{
  if (sym->twin != NULL)
    return count_deals (sym->twin);
  if (sym->n_deals == 0)
    {
      g_autofree guint *rank = vocabulary_ranks (sym->vocabulary, sym->game, n_state_vars (sym->game), NULL);

      BDD deals = deals_of (sym);
      gint64 start = trace_start ();

      sym->n_deals = count_over (deals, rank, levels_end (sym->game)) + 1;
      trace ("count deals", start, deals);
    }
  return sym->n_deals - 1;
}

guint64
kv_sym_count_removed_deals (KvSym *before, KvSym *after)
{
  /* A step keeps some of the deals and adds none (a product's worlds are
   * pairs of an earlier world and an event), so the removed ones are the
   * difference of the counts: each state's deals are counted once, as the
   * "after" of one step and the "before" of the next, and no set
   * difference is built. */
  guint64 n_before = count_deals (before);
  guint64 n_after = count_deals (after);

  g_return_val_if_fail (n_after <= n_before, 0);
  return n_before - n_after;
}

/* Appends to @out each deal @b (over the state variables @vars, @n of
 * them by ascending level, @owner_of and @card_of their owner and card)
 * allows, from variable @i on with @hands chosen above; the envelope gets
 * the cards no agent holds. */
static void
deals_rec (const KvGame *game, BDD b, const int *vars, const guint *owner_of, const guint *card_of,
           guint n, guint i, KvHand *hands, GArray *out)
{
  if (b == bddfalse)
    return;
  if (i == n)
    {
      guint n_owners = kv_game_n_owners (game);
      KvHand held = 0;

      g_assert (b == bddtrue);
      for (guint a = 0; a < game->n_agents; a++)
        held |= hands[a];
      if (game->has_envelope)
        hands[kv_game_envelope (game)] = (KvHand) (KV_CARD_BIT (game->n_cards) - 1) & ~held;
      g_array_append_vals (out, hands, n_owners);
      return;
    }
  for (int side = 0; side < 2; side++)
    {
      gboolean tested = b != bddtrue && bdd_var (b) == vars[i];
      KvHand saved = hands[owner_of[i]];

      if (side)
        hands[owner_of[i]] |= KV_CARD_BIT (card_of[i]);
      deals_rec (game, tested ? (side ? bdd_high (b) : bdd_low (b)) : b, vars, owner_of, card_of, n, i + 1,
                 hands, out);
      hands[owner_of[i]] = saved;
    }
}

/* The deals @deals (a BDD over the state variables but the envelope's)
 * allows: kv_sym_removed_deals's array. */
static GArray *
deals_list (const KvGame *game, BDD deals)
{
  guint n_owners = kv_game_n_owners (game);
  g_autofree int *vars = g_new (int, n_state_vars (game));
  g_autofree guint *owner_of = g_new (guint, n_state_vars (game));
  g_autofree guint *card_of = g_new (guint, n_state_vars (game));
  g_autofree KvHand *hands = g_new0 (KvHand, n_owners);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KvHand));
  guint n = 0;

  /* By ascending level (insertion sort: a few hundred variables). */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      {
        int var = var_of (game, c, o);
        guint i = n++;

        if (is_defined (game, c * n_owners + o))
          {
            n--;
            continue;
          }
        for (; i > 0 && bdd_var2level (vars[i - 1]) > bdd_var2level (var); i--)
          {
            vars[i] = vars[i - 1];
            owner_of[i] = owner_of[i - 1];
            card_of[i] = card_of[i - 1];
          }
        vars[i] = var;
        owner_of[i] = o;
        card_of[i] = c;
      }
  deals_rec (game, deals, vars, owner_of, card_of, n, 0, hands, out);
  return out;
}

/* Whether hand @x comes before @y among hands of a size: by their
 * cards' numbers in lexicographic order, the first differing card. */
static int
compare_hand_cards (KvHand x, KvHand y)
{
  KvHand differ = x ^ y;

  if (differ == 0)
    return 0;
  return (x & differ & -differ) ? -1 : 1;
}

/* The explicit engine's order of deals (kv-model.c enumerates them): the
 * envelope's card of each category in turn, then each agent's hand. */
static int
compare_deals (gconstpointer a, gconstpointer b, gpointer game_pointer)
{
  const KvGame *game = game_pointer;
  const KvHand *x = a, *y = b;
  int order;

  if (game->has_envelope)
    for (guint k = 0; k < game->n_categories; k++)
      {
        KvHand in_category = 0;

        for (guint c = 0; c < game->n_cards; c++)
          if (game->card_category[c] == (int) k)
            in_category |= KV_CARD_BIT (c);
        order = compare_hand_cards (x[kv_game_envelope (game)] & in_category,
                                    y[kv_game_envelope (game)] & in_category);
        if (order != 0)
          return order;
      }
  for (guint o = 0; o < game->n_agents; o++)
    if ((order = compare_hand_cards (x[o], y[o])) != 0)
      return order;
  return 0;
}

GArray *
kv_sym_removed_deals (KvSym *before, KvSym *after, guint most)
{
  GArray *out;
  BDD removed;

  if (kv_sym_count_removed_deals (before, after) > most)
    return NULL;
  do
    {
      _kv_sym_error_code = 0;
      removed = keep (bdd_apply (deals_of (before), deals_of (after), bddop_diff));
      if (_kv_sym_error_code != 0)
        bdd_delref (removed);
    }
  while (_kv_sym_readout_retry ());
  out = deals_list (before->game, removed);
  bdd_delref (removed);
  g_qsort_with_data (out->data, (gint) (out->len / kv_game_n_owners (before->game)),
                     kv_game_n_owners (before->game) * sizeof (KvHand), compare_deals, before->game);
  return out;
}

/* The actual world's component of the union of every agent's relation:
 * what is common knowledge ranges over it. Keeps the pair projection it
 * starts from in @sym->view, in a game with an envelope (without one,
 * win{a} is about the whole deal, which the pair projection leaves out). */
static BDD
common_component (KvSym *sym)
{
  BDD component;

  do
    {
      _kv_sym_error_code = 0;
      set_to (&sym->view.bdd, bddfalse);
      component = _kv_sym_reach (sym->vocabulary, sym->game, sym->theta, (1u << sym->game->n_agents) - 1,
                                 sym->actual, sym->mover, sym->game->has_envelope ? &sym->view : NULL);
      if (_kv_sym_error_code != 0)
        bdd_delref (component);
    }
  while (_kv_sym_readout_retry ());
  return component;
}

/* @p over the worlds of @set with the variables @fixed (or NULL) fixed:
 * how many, and who may hold each card. */
static void
fill_perspective (const KvSym *sym, KvPerspective *p, BDD set, const gint8 *fixed)
{
  const KvGame *game = sym->game;
  guint hi = levels_end (game);
  g_autofree guint *rank = NULL;
  g_autofree gint8 *none = NULL;
  guint top = set == bddtrue || set == bddfalse ? hi : node_level (set);
  Walk walk;
  Envelope *envelope = NULL;
  int free_here = 0;

  if (set == bddfalse)
    return;
  if (fixed == NULL)
    {
      none = none_fixed (hi);
      fixed = none;
    }
  rank = vocabulary_ranks (sym->vocabulary, game, sym->vocabulary->len, fixed);
  if (game->has_envelope)
    envelope = envelope_new (game, fixed, hi);
  p->class_size = walk_set (&walk, set, fixed, rank, hi, envelope);
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
    for (guint o = 0; o < game->n_agents; o++)
      if (walk.can_be_true[level_of (var_of (game, c, o))])
        p->possible[c] |= 1u << o;
  if (envelope != NULL)
    {
      for (guint c = 0; c < game->n_cards; c++)
        if (envelope->possible[c])
          p->possible[c] |= 1u << kv_game_envelope (game);
      envelope_free (envelope);
    }
  walk_clear (&walk);
}

static void
perspective_copy (KvPerspective *to, const KvPerspective *from, gsize size)
{
  to->class_size = from->class_size;
  to->wins = from->wins;
  memcpy (to->possible, from->possible, size);
}

/* @agent's class at the actual world into @p: one walk of θ with what the
 * agent observes there fixed. */
static void
fill_class (const KvSym *sym, guint agent, KvPerspective *p)
{
  g_autofree gint8 *observed = actual_observation (sym, agent);

  fill_perspective (sym, p, sym->theta, observed);
}

KvKnowledge *
kv_sym_knowledge (KvSym *sym)
{
  KvKnowledge *k;
  BDD component;

  if (sym->twin != NULL)
    return kv_sym_knowledge (sym->twin);
  if (sym->knowledge != NULL)
    return kv_knowledge_copy (sym->knowledge);
  k = kv_knowledge_new_empty (sym->game);

  for (guint a = 0; a < sym->game->n_agents; a++)
    {
      gint64 start = trace_start ();

      fill_class (sym, a, &k->agents[a]);
      trace ("class", start, bddfalse);
    }
  component = common_component (sym);
  {
    gint64 start = trace_start ();
    fill_perspective (sym, &k->common, component, NULL);
    trace ("fill common", start, component);
  }
  /* The usual case, every world in the component: that walk counted θ. */
  if (component == sym->theta && sym->n_worlds == 0)
    sym->n_worlds = k->common.class_size + 1;
  bdd_delref (component);
  kv_knowledge_decide_winners (k, sym->game);
  sym->knowledge = k;
  return kv_knowledge_copy (k);
}

guint64
kv_sym_count_agent_worlds (KvSym *sym, guint agent)
{
  g_autofree guint32 *possible = NULL;
  KvPerspective p = { 0 };

  g_return_val_if_fail (agent < sym->game->n_agents, 0);
  if (sym->twin != NULL)
    return kv_sym_count_agent_worlds (sym->twin, agent);
  if (sym->knowledge != NULL)
    return sym->knowledge->agents[agent].class_size;
  /* One walk of θ, as the table's, without the rest of the table. */
  possible = g_new0 (guint32, MAX (sym->game->n_cards, 1));
  p.possible = possible;
  fill_class (sym, agent, &p);
  return p.class_size;
}

/* Appends to @out every hand (over the cards of @vars, by ascending
 * level, with their cards in @cards) that @b, a BDD over those variables
 * only, allows, from position @i on with @hand chosen above. Variables @b
 * skips are free: both values. */
static void
envelopes_rec (BDD b, const int *vars, const guint *cards, guint n, guint i, KvHand hand, GArray *out)
{
  if (b == bddfalse)
    return;
  if (i == n)
    {
      g_assert (b == bddtrue);
      g_array_append_val (out, hand);
      return;
    }
  if (b != bddtrue && bdd_var (b) == vars[i])
    {
      envelopes_rec (bdd_low (b), vars, cards, n, i + 1, hand, out);
      envelopes_rec (bdd_high (b), vars, cards, n, i + 1, hand | KV_CARD_BIT (cards[i]), out);
    }
  else
    {
      envelopes_rec (b, vars, cards, n, i + 1, hand, out);
      envelopes_rec (b, vars, cards, n, i + 1, hand | KV_CARD_BIT (cards[i]), out);
    }
}

/* @set (a set of worlds, or with @from_view a part of a pair view, which
 * holds the envelope's variables already) projected on the envelope's
 * variables; referenced. */
static BDD
project_on_envelope (KvSym *sym, BDD set, gboolean from_view)
{
  BDD others = _kv_sym_unobserved_but_envelope (sym->vocabulary, sym->game, 0);
  BDD projected = from_view ? keep (bdd_exist (set, others)) : _kv_sym_envelope_exist (sym->game, set, others);

  bdd_delref (others);
  return projected;
}

/* The conjunction of what @observed fixes (per level, as
 * actual_observation () gives): a cube; referenced. */
static BDD
observation_cube (const KvSym *sym, const gint8 *observed)
{
  BDD cube = keep (bddtrue);

  for (guint p = sym->vocabulary->len; p-- > 0;)
    {
      int var = variable (sym->vocabulary, p)->var;
      gint8 value = observed[level_of (var)];

      if (value >= 0)
        set_to (&cube, bdd_and (cube, value ? bdd_ithvar (var) : bdd_nithvar (var)));
    }
  return cube;
}

/* θ (or @agent's class at the actual world) projected on the envelope's
 * variables, from the pair view when it has what is needed; referenced. */
static BDD
envelope_projection (KvSym *sym, int agent)
{
  const PairView *view = view_for (sym, agent < 0 ? 0 : 1u << agent);
  BDD source = view != NULL ? view->bdd : sym->theta;
  BDD set, projected;

  if (agent < 0)
    set = keep (source);
  else
    {
      /* θ ∧ what the agent observes at the actual world: not θ's cofactor
       * there, as the envelope's definition reads the agent's cards. */
      g_autofree gint8 *observed = actual_observation (sym, (guint) agent);
      BDD cube = observation_cube (sym, observed);

      set = keep (bdd_and (source, cube));
      bdd_delref (cube);
    }
  projected = project_on_envelope (sym, set, view != NULL);
  bdd_delref (set);
  return projected;
}

/* The envelope's variables (one per card) by ascending level into
 * @vars, their cards into @cards: each n_cards long. */
static void
envelope_vars (const KvGame *game, int *vars, guint *cards)
{
  /* Insertion sort: a few dozen cards. */
  for (guint c = 0; c < game->n_cards; c++)
    {
      int var = var_of (game, c, kv_game_envelope (game));
      guint i = c;

      for (; i > 0 && level_of (vars[i - 1]) > level_of (var); i--)
        {
          vars[i] = vars[i - 1];
          cards[i] = cards[i - 1];
        }
      vars[i] = var;
      cards[i] = c;
    }
}

GArray *
_kv_sym_envelopes_of (const KvGame *game, BDD projected)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KvHand));
  g_autofree int *vars = g_new (int, MAX (game->n_cards, 1));
  g_autofree guint *cards = g_new (guint, MAX (game->n_cards, 1));

  envelope_vars (game, vars, cards);
  envelopes_rec (projected, vars, cards, game->n_cards, 0, 0, out);
  g_array_sort (out, kv_hand_compare);
  return out;
}

GArray *
kv_sym_envelopes (KvSym *sym, int agent)
{
  const KvGame *game = sym->game;
  GArray *out;
  BDD projected;

  g_return_val_if_fail (agent >= -1 && agent < (int) game->n_agents,
                        g_array_new (FALSE, FALSE, sizeof (KvHand)));
  if (!game->has_envelope)
    return g_array_new (FALSE, FALSE, sizeof (KvHand));
  do
    {
      _kv_sym_error_code = 0;
      projected = envelope_projection (sym, agent);
      if (_kv_sym_error_code != 0)
        bdd_delref (projected);
    }
  while (_kv_sym_readout_retry ());
  out = _kv_sym_envelopes_of (game, projected);
  bdd_delref (projected);
  return out;
}

GArray *
kv_sym_common_envelopes (KvSym *sym)
{
  g_autoptr(KvKnowledge) knowledge = NULL;
  BDD component, projected = bddfalse;
  GArray *out;

  if (!sym->game->has_envelope)
    return g_array_new (FALSE, FALSE, sizeof (KvHand));
  /* The table is read out once per state and kept: when its component
   * counts every world, no reachability is worked out again. */
  knowledge = kv_sym_knowledge (sym);
  if (knowledge->common.class_size == kv_sym_count_worlds (sym))
    return kv_sym_envelopes (sym, -1);
  do
    {
      component = common_component (sym);
      _kv_sym_error_code = 0;
      projected = project_on_envelope (sym, component, FALSE);
      bdd_delref (component);
      if (_kv_sym_error_code != 0)
        {
          bdd_delref (projected);
          projected = bddfalse;
        }
    }
  while (_kv_sym_readout_retry ());
  out = _kv_sym_envelopes_of (sym->game, projected);
  bdd_delref (projected);
  return out;
}

/* The worlds of the chain @chain at the actual world, referenced, as
 * kv_perspective_worlds () finds them in a model: W₁ = θ ∧ (what a₁
 * observes there), W₍ₖ₊₁₎ = θ ∧ Sₖ₊₁ with Sₖ₊₁ = ∃(what aₖ₊₁ does not
 * observe) Wₖ, the observations aₖ₊₁ makes in Wₖ. Each S is a set of one
 * agent's observations, so Wₖ itself is never built: Sₖ₊₁ is one
 * relational product of θ and Sₖ (_kv_sym_observe), as reach_ring ()
 * steps, and only the last W is. */
static BDD
chain_worlds (KvSym *sym, const guint *chain, guint n_chain)
{
  g_autofree gint8 *observed = actual_observation (sym, chain[0]);
  BDD seen = observation_cube (sym, observed);
  BDD worlds;

  for (guint i = 1; i < n_chain; i++)
    {
      BDD next = _kv_sym_observe (sym->vocabulary, sym->theta, chain[i], seen);

      bdd_delref (seen);
      seen = next;
    }
  worlds = keep (bdd_and (sym->theta, seen));
  bdd_delref (seen);
  return worlds;
}

GArray *
kv_sym_perspective (KvSym *sym, const guint *chain, guint n_chain, KvPerspective *p)
{
  const KvGame *game = sym->game;
  GArray *out;
  BDD worlds, projected = bddfalse;

  g_return_val_if_fail (n_chain >= 1, NULL);
  for (guint i = 0; i < n_chain; i++)
    g_return_val_if_fail (chain[i] < game->n_agents, NULL);
  if (sym->twin != NULL)
    return kv_sym_perspective (sym->twin, chain, n_chain, p);
  if (n_chain == 1)
    {
      /* One agent: its class, the table's own read-out (one walk of θ
       * with its observations fixed), when that is made already. */
      if (sym->knowledge != NULL)
        perspective_copy (p, &sym->knowledge->agents[chain[0]], MAX (game->n_cards, 1) * sizeof (guint32));
      else
        fill_class (sym, chain[0], p);
      return kv_sym_envelopes (sym, (int) chain[0]);
    }
  do
    {
      _kv_sym_error_code = 0;
      worlds = chain_worlds (sym, chain, n_chain);
      if (game->has_envelope && _kv_sym_error_code == 0)
        projected = project_on_envelope (sym, worlds, FALSE);
      if (_kv_sym_error_code != 0)
        {
          bdd_delref (worlds);
          bdd_delref (projected);
          projected = bddfalse;
        }
    }
  while (_kv_sym_readout_retry ());
  fill_perspective (sym, p, worlds, NULL);
  out = game->has_envelope ? _kv_sym_envelopes_of (game, projected) : g_array_new (FALSE, FALSE, sizeof (KvHand));
  bdd_delref (projected);
  bdd_delref (worlds);
  return out;
}
