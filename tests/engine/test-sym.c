// SPDX-License-Identifier: GPL-3.0-or-later
/* test-sym.c: the symbolic back-end agrees with the explicit one.
 *
 * Hexa, Clue 11 and a four-player game (initial model and after each
 * step), then random formulas (fixed seed) over random steps: world
 * counts, class sizes, possible owners, the deals each step removed and
 * the truth of every formula at the actual world must be identical. The
 * steps exercise what the symbolic engine does to go faster: a suggest's
 * steps taken in one product, event variables placed by their
 * preconditions, endmoves that remove nothing (whose read-outs are the
 * previous state's), deals worked out from the previous state's (after an
 * announcement of what agents know, from the deals it touched), and
 * common knowledge among more than three agents (read through projections
 * of θ on two agents' observations). The envelopes still possible and
 * each agent's class size (kv_sym_envelopes, kv_sym_count_agent_worlds)
 * are compared at every step of Clue 11's built-in script, and win{a}
 * with a card-by-card computation before every endmove of random games
 * of three and four players (real Cluedo among them). A game played
 * as the players play it (each state freed once the next is made) keeps
 * no earlier state's θ in BuDDy's table. With a table too small for the
 * game, a step is refused before the read-outs run out of nodes, and
 * BuDDy answers rightly after the refusal.
 */
#include "config.h"

#include "kv-test-util.h"

#include <bdd.h>

#include "kv-sym-private.h"
#include "kv-explicit-knowledge.h"

#define N_RANDOM_FORMULAS 300

static const char hexa[] =
  "agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n";

static const char clue11[] =
  "agents 1 2 3\n"
  "category weapon: axe candle dagger handgun lead rope wrench\n"
  "category suspect: Scarlet Mustard Green Plum\n"
  "envelope weapon suspect\nhands 3 3 3\n"
  "deal env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle\n";

/* Four players, one card each, two in the envelope: 216 deals, small
 * enough to enumerate, with more than three agents. */
static const char four[] =
  "agents 1 2 3 4\n"
  "category suspect: Scarlet Mustard Plum\n"
  "category weapon: rope knife pipe\n"
  "envelope suspect weapon\nhands 1 1 1 1\n"
  "deal env: Plum pipe 1: Scarlet 2: rope 3: Mustard 4: knife\n";

/* Steps for each game, applied in order by the tests. */
static const char *hexa_steps[] = { "nocard 1 w", "showcard 1 -> 3 r", "endmove 2", "suggest 3 r", NULL };
static const char *clue11_steps[] = { "suggest 1 candle Plum", "endmove 1", "suggest 2 axe Mustard",
                                      "showcard 3 -> 1 Green of Green lead", "nocard 1 lead Mustard",
                                      "endmove 2", "suggest 3 Scarlet rope", "endmove 3", NULL };
static const char *four_steps[] = { "suggest 1 Mustard rope", "endmove 1", "suggest 2 Plum knife",
                                    "endmove 2", "showcard 4 -> 3 knife", "suggest 3 Scarlet pipe",
                                    "endmove 4", "win 3", NULL };

/* Announcements of what an agent knows, after a private showcard: a deal
 * where 3 holds both asked cards has two worlds (which one it showed), and
 * "1 knows Green@3" removes one of them, not the deal; a deal where 3 holds
 * lead alone loses its one world, and is removed (alike for 1 showing 2
 * axe). */
static const char *clue11_announced[] = {
  "showcard 3 -> 1 Green of Green lead", "announce K{1} Green@3", "suggest 2 axe Mustard",
  "announce K{2} axe@1", NULL };

/* Announcements that split the worlds into parts no agent links (each
 * agent's hand tells the parts apart), so that common knowledge ranges
 * over part of the model: with everything linked, reaching too far would
 * go unseen. Clue 11: the actual suspects per agent, or none at 1 and 2;
 * four players: each agent's card's category as at the actual deal, or
 * every one the other. */
static const char *clue11_split[] = {
  "announce Scarlet@1 & Plum@2 & Green@3 | ~(Scarlet@1 | Mustard@1 | Green@1 | Plum@1)"
  " & ~(Scarlet@2 | Mustard@2 | Green@2 | Plum@2)",
  "suggest 1 candle Plum", "endmove 1", "showcard 3 -> 1 Green of Green lead", NULL };
static const char *four_split[] = {
  "announce (Scarlet@1 | Mustard@1 | Plum@1) & (rope@2 | knife@2 | pipe@2) & (Scarlet@3 | Mustard@3 | Plum@3)"
  " & (rope@4 | knife@4 | pipe@4) | (rope@1 | knife@1 | pipe@1) & (Scarlet@2 | Mustard@2 | Plum@2)"
  " & (rope@3 | knife@3 | pipe@3) & (Scarlet@4 | Mustard@4 | Plum@4)",
  "suggest 1 Mustard rope", "endmove 1", "showcard 4 -> 3 knife", NULL };

static guint32
random_agents (GRand *rand, const KvGame *game, gboolean one)
{
  guint32 all = (1u << game->n_agents) - 1;
  guint32 mask;

  if (one)
    return 1u << g_rand_int_range (rand, 0, (int) game->n_agents);
  do
    mask = (guint32) g_rand_int (rand) & all;
  while (mask == 0);
  return mask;
}

/* A random formula of @depth over @game; boxes and diamonds over @steps. */
static KvFormula *
random_formula (GRand *rand, KvGame *game, GPtrArray *steps, guint depth)
{
  static const KvFormulaKind binary[] = { KV_FORMULA_AND, KV_FORMULA_OR, KV_FORMULA_IMPLIES, KV_FORMULA_IFF };
  static const KvFormulaKind modal[] = { KV_FORMULA_KNOWS, KV_FORMULA_POSSIBLE, KV_FORMULA_WHETHER,
                                         KV_FORMULA_EVERYONE, KV_FORMULA_COMMON, KV_FORMULA_DISTRIB };
  int pick = depth == 0 ? 0 : g_rand_int_range (rand, 0, 8);

  switch (pick)
    {
    case 0:
      return kv_formula_new_atom ((guint) g_rand_int_range (rand, 0, (int) game->n_cards),
                                  (guint) g_rand_int_range (rand, 0, (int) kv_game_n_owners (game)));
    case 1:
      return kv_formula_new_modal (KV_FORMULA_WIN, random_agents (rand, game, TRUE), NULL);
    case 2:
      return kv_formula_new (KV_FORMULA_NOT, random_formula (rand, game, steps, depth - 1), NULL);
    case 3:
    case 4:
      {
        KvFormula *left = random_formula (rand, game, steps, depth - 1);
        KvFormula *right = random_formula (rand, game, steps, depth - 1);
        return kv_formula_new (binary[g_rand_int_range (rand, 0, G_N_ELEMENTS (binary))], left, right);
      }
    case 5:
      {
        KvFormula *f = kv_formula_new (g_rand_boolean (rand) ? KV_FORMULA_BOX : KV_FORMULA_DIAMOND,
                                       random_formula (rand, game, steps, depth - 1), NULL);
        f->step = kv_step_ref (g_ptr_array_index (steps, g_rand_int_range (rand, 0, (int) steps->len)));
        return f;
      }
    default:
      {
        KvFormulaKind kind = modal[g_rand_int_range (rand, 0, G_N_ELEMENTS (modal))];
        gboolean one = kind == KV_FORMULA_KNOWS || kind == KV_FORMULA_POSSIBLE || kind == KV_FORMULA_WHETHER;
        return kv_formula_new_modal (kind, random_agents (rand, game, one),
                                     random_formula (rand, game, steps, depth - 1));
      }
    }
}

/* Perspectives agree: size and possible owners of every card. */
static void
assert_same_perspective (const KvPerspective *sym, const KvPerspective *model, guint n_cards)
{
  g_assert_cmpuint (sym->class_size, ==, model->class_size);
  g_assert_cmpint (sym->wins, ==, model->wins);
  for (guint c = 0; c < n_cards; c++)
    g_assert_cmphex (sym->possible[c], ==, model->possible[c]);
}

/* Every read-out of @sym equals @model's: world count, and the knowledge
 * table (each agent's class, the common-knowledge component, winners). */
static void
assert_same_readouts (KvModel *model, KvSym *sym)
{
  KvGame *game = model->game;
  g_autoptr(KvKnowledge) expected = kv_knowledge_new (model, model->actual);
  g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);

  g_assert_cmpuint (kv_sym_count_worlds (sym), ==, model->n_worlds);
  g_assert_cmphex (k->winners, ==, expected->winners);
  for (guint a = 0; a < game->n_agents; a++)
    assert_same_perspective (&k->agents[a], &expected->agents[a], game->n_cards);
  assert_same_perspective (&k->common, &expected->common, game->n_cards);
}

static void
assert_same_truth (KvModel *model, KvSym *sym, const KvFormula *f)
{
  g_autoptr(GError) error = NULL;
  gboolean expected = FALSE, value = FALSE;

  g_assert_true (kv_check_actual (model, f, &expected, &error));
  g_assert_no_error (error);
  g_assert_true (kv_sym_check_actual (sym, f, &value, &error));
  g_assert_no_error (error);
  if (value != expected)
    {
      g_autofree char *text = kv_formula_to_string (model->game, f, TRUE);
      g_error ("%s: symbolic %d, explicit %d", text, value, expected);
    }
}

/* The deals of @before that no world of @after has, on the explicit
 * engine: the count the symbolic one gives for a step. */
static guint64
explicit_removed_deals (KvModel *before, KvModel *after)
{
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) removed = g_hash_table_new (NULL, NULL);

  for (guint w = 0; w < after->n_worlds; w++)
    g_hash_table_add (kept, GUINT_TO_POINTER (after->deal[w] + 1));
  for (guint w = 0; w < before->n_worlds; w++)
    if (!g_hash_table_contains (kept, GUINT_TO_POINTER (before->deal[w] + 1)))
      g_hash_table_add (removed, GUINT_TO_POINTER (before->deal[w] + 1));
  return g_hash_table_size (removed);
}

/* Runs @steps on both back-ends, comparing read-outs and random formulas
 * after each one. */
static void
agree_on (const char *script_text, const char **steps_text, guint32 seed)
{
  g_autoptr(KvScript) script = test_script (script_text);
  KvGame *game = script->game;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (game, 0, &error);
  g_autoptr(KvSym) sym = kv_sym_new_initial (game, &error);
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  g_assert_no_error (error);
  for (guint i = 0; steps_text[i] != NULL; i++)
    {
      KvStep *step = kv_step_parse (game, steps_text[i], NULL, &error);
      g_assert_no_error (error);
      g_ptr_array_add (steps, step);
    }
  for (guint i = 0; ; i++)
    {
      assert_same_readouts (model, sym);
      for (guint n = 0; n < N_RANDOM_FORMULAS; n++)
        {
          g_autoptr(KvFormula) f = random_formula (rand, game, steps, (guint) g_rand_int_range (rand, 1, 5));
          assert_same_truth (model, sym, f);
        }
      if (i == steps->len)
        break;
      {
        KvModel *next_model = kv_model_apply_step (model, g_ptr_array_index (steps, i), 0, &error);
        KvSym *next_sym;

        g_assert_no_error (error);
        next_sym = kv_sym_apply_step (sym, g_ptr_array_index (steps, i), &error);
        g_assert_no_error (error);
        g_assert_cmpuint (kv_sym_count_removed_deals (sym, next_sym), ==,
                          explicit_removed_deals (model, next_model));
        kv_model_unref (model);
        model = next_model;
        kv_sym_unref (sym);
        sym = next_sym;
      }
    }
}

static void
test_hexa (void)
{
  agree_on (hexa, hexa_steps, 12);
}

static void
test_clue11 (void)
{
  agree_on (clue11, clue11_steps, 13);
}

static void
test_four (void)
{
  agree_on (four, four_steps, 14);
}

static void
test_announced (void)
{
  agree_on (clue11, clue11_announced, 15);
}

/* The first of @steps leaves the actual world's component smaller than
 * the model. */
static void
assert_splits (const char *script_text, const char **steps)
{
  g_autoptr(KvScript) script = test_script (script_text);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvSym) sym = kv_sym_new_initial (script->game, &error);
  g_autoptr(KvStep) step = kv_step_parse (script->game, steps[0], NULL, &error);
  g_autoptr(KvSym) next = NULL;
  g_autoptr(KvKnowledge) k = NULL;

  g_assert_no_error (error);
  next = kv_sym_apply_step (sym, step, &error);
  g_assert_no_error (error);
  k = kv_sym_knowledge (next);
  g_assert_cmpuint (k->common.class_size, >, 0);
  g_assert_cmpuint (k->common.class_size, <, kv_sym_count_worlds (next));
}

static void
test_split (void)
{
  assert_splits (clue11, clue11_split);
  assert_splits (four, four_split);
  agree_on (clue11, clue11_split, 15);
  agree_on (four, four_split, 16);
}

/* Whether some card's variables are off their own level: the order was
 * changed. */
static gboolean
order_changed (const KvGame *game)
{
  for (guint c = 0; c < game->n_cards; c++)
    if (level_of (var_of (game, c, 0)) != (guint) var_of (game, c, 0))
      return TRUE;
  return FALSE;
}

/* With the cards' blocks shuffled by BuDDy after every step (as
 * reordering moves them, whole), and with our own relational product too:
 * every walk goes by levels, so the answers are the explicit engine's. */
static void
test_reordered (void)
{
  g_autoptr(KvScript) script = test_script (clue11);

  _kv_sym_reorder_from = 1;
  _kv_sym_reorder_method = BDD_REORDER_RANDOM;
  agree_on (hexa, hexa_steps, 21);
  agree_on (clue11, clue11_steps, 22);
  agree_on (four, four_steps, 23);
  agree_on (clue11, clue11_split, 24);
  g_assert_true (order_changed (script->game));
  _kv_sym_avoid_appex = TRUE;
  agree_on (four, four_steps, 25);
  agree_on (clue11, clue11_announced, 26);
  _kv_sym_avoid_appex = FALSE;
  _kv_sym_reorder_from = 0;
  _kv_sym_reorder_method = BDD_REORDER_WIN2ITE;
}

/* Without BuDDy's bdd_appex, as past 2^23 nodes (kv-sym.c): our own
 * relational product for the common components, a conjunction and then
 * a projection for M, K and the envelope links; the same answers as the
 * explicit engine, one of the models split. */
static void
test_avoid_appex (void)
{
  _kv_sym_avoid_appex = TRUE;
  agree_on (hexa, hexa_steps, 17);
  agree_on (four, four_steps, 18);
  agree_on (clue11, clue11_split, 19);
  _kv_sym_avoid_appex = FALSE;
}

/* win{a} for every agent a, as an endmove's precondition ¬win{a} (a BDD),
 * read with @view or from θ itself (@view NULL). */
static BDD
not_wins (KvSym *sym, const PairView *view, guint agent)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf ("endmove %u", agent + 1);
  g_autoptr(KvStep) step = kv_step_parse (sym->game, text, NULL, &error);
  g_autoptr(KvActionModel) am = NULL;
  g_autoptr(GArray) vocabulary = _kv_sym_vocabulary_copy (sym->vocabulary);
  Eval ev = { sym->game, vocabulary, &error, view };
  guint event;
  BDD *pre, result;

  g_assert_no_error (error);
  am = kv_action_model_for_step (step, &event);
  pre = _kv_sym_preconditions (&ev, sym->theta, am);
  g_assert_no_error (error);
  result = pre[0];
  g_free (pre);
  return result;
}

/* win{a} read off a state's pair view (the knowledge table's T_ab, with
 * the envelope) is win{a} projected from θ, for every agent a at every
 * step of a four-player game: for the view's two agents it is read off
 * the view, for the others from θ. The view's agents can win somewhere,
 * and so can 1, who shares a showcard with every other agent and so is in
 * no view: a view that was wrong, or used for the wrong agent, would
 * show. */
static void
test_pair_view (void)
{
  static const char *steps[] = { "suggest 1 Mustard rope", "endmove 1", "suggest 2 Plum knife", "endmove 2",
                                 "showcard 4 -> 3 knife", "suggest 3 Scarlet pipe", "endmove 4",
                                 "showcard 3 -> 1 Mustard", "showcard 4 -> 1 knife", NULL };
  g_autoptr(KvScript) script = test_script (four);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvSym) sym = kv_sym_new_initial (script->game, &error);
  guint n_views = 0, n_wins_in_view = 0, n_wins_outside = 0;

  g_assert_no_error (error);
  for (guint i = 0; ; i++)
    {
      g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);   /* makes the view */
      const PairView *view = view_for (sym, 0);

      n_views += view != NULL;
      for (guint a = 0; a < script->game->n_agents; a++)
        {
          BDD from_view = not_wins (sym, view, a);
          BDD from_theta = not_wins (sym, NULL, a);

          g_assert_cmpint (from_view, ==, from_theta);
          if (from_theta != bddtrue && view != NULL && (view->agents & (1u << a)))
            n_wins_in_view++;
          else if (from_theta != bddtrue)
            n_wins_outside++;
          bdd_delref (from_view);
          bdd_delref (from_theta);
        }
      if (steps[i] == NULL)
        break;
      {
        g_autoptr(KvStep) step = kv_step_parse (script->game, steps[i], NULL, &error);
        KvSym *next;

        g_assert_no_error (error);
        next = kv_sym_apply_step (sym, step, &error);
        g_assert_no_error (error);
        kv_sym_unref (sym);
        sym = next;
      }
    }
  g_assert_cmpuint (n_views, >, 0);
  g_assert_cmpuint (n_wins_in_view, >, 0);
  g_assert_cmpuint (n_wins_outside, >, 0);

  /* Without an envelope, win{a} is about the whole deal: no view. */
  {
    g_autoptr(KvScript) open = test_script ("agents 1 2 3 4\ncategory card: a b c d e f g h\n"
                                            "hands 2 2 2 2\ndeal 1: a b 2: c d 3: e f 4: g h\n");
    g_autoptr(KvSym) initial = kv_sym_new_initial (open->game, &error);
    g_autoptr(KvKnowledge) k = NULL;

    g_assert_no_error (error);
    k = kv_sym_knowledge (initial);
    g_assert_cmpint (initial->view.bdd, ==, bddfalse);
  }
}

/* win{a} the slow way, card by card: a's observations with some world,
 * but for those where some card can be in the envelope and can be out of
 * it (two envelopes). */
static BDD
wins_card_by_card (KvSym *sym, guint agent)
{
  KvGame *game = sym->game;
  BDD hidden = _kv_sym_unobserved_vars (sym->vocabulary, 1u << agent);
  BDD result = keep (bdd_exist (sym->theta, hidden));

  for (guint c = 0; c < game->n_cards; c++)
    {
      BDD in = _kv_sym_envelope_holds (game, c);
      BDD out = keep (bdd_not (in));
      BDD can_be_in = _kv_sym_and_exist (sym->theta, in, hidden);
      BDD can_be_out = _kv_sym_and_exist (sym->theta, out, hidden);
      BDD doubt = keep (bdd_and (can_be_in, can_be_out));

      set_to (&result, bdd_apply (result, doubt, bddop_diff));
      bdd_delref (doubt);
      bdd_delref (can_be_out);
      bdd_delref (can_be_in);
      bdd_delref (out);
      bdd_delref (in);
    }
  bdd_delref (hidden);
  return result;
}

/* "suggest @agent" with a card of each of the envelope's categories,
 * drawn from @rand. */
static KvStep *
random_suggest (KvGame *game, guint agent, GRand *rand)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  KvStep *step;

  g_string_printf (text, "suggest %s", game->agent_names[agent]);
  for (guint k = 0; k < game->n_categories; k++)
    {
      g_autoptr(GArray) cards = g_array_new (FALSE, FALSE, sizeof (guint));

      if (!((game->envelope_categories >> k) & 1))
        continue;
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) k)
          g_array_append_val (cards, c);
      g_string_append_printf (text, " %s",
                              game->card_names[g_array_index (cards, guint, g_rand_int_range (rand, 0, (gint32) cards->len))]);
    }
  step = kv_step_parse (game, text->str, NULL, &error);
  g_assert_no_error (error);
  return step;
}

/* win{a}, an endmove's precondition, is the card-by-card win{a} for every
 * agent before every endmove of random games (random deals, random
 * suggestions, each followed by the suggester's endmove) of three and
 * four players, read from θ and, where the state has one, from its pair
 * view. Some agent can win somewhere in them, so a walk that lost the
 * observations with one envelope would show. */
static void
test_win_by_cards (void)
{
  static const char four_clue[] =
    "agents 1 2 3 4\n"
    "category weapon: axe candle dagger handgun lead rope wrench\n"
    "category suspect: Scarlet Mustard Green Plum\n"
    "envelope weapon suspect\nhands 3 2 2 2\n"
    "deal env: lead Mustard 1: Scarlet axe rope 2: Plum wrench 3: Green dagger 4: handgun candle\n";
  const struct { const char *text, *name; guint steps; } games[] = {
    { clue11, NULL, 16 }, { four_clue, NULL, 16 }, { NULL, "cluedo", 12 },
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (32);
  guint n_wins = 0;

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint seed = 0; seed < 2; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(KvScript) script = games[g].text != NULL ? test_script (games[g].text)
                                                          : kv_script_open (games[g].name, &error);
        g_autoptr(KvGame) game = NULL;
        g_autoptr(KvSym) sym = NULL;

        g_assert_no_error (error);
        game = kv_play_deal (script->game, rand);
        sym = kv_sym_new_initial (game, &error);
        g_assert_no_error (error);
        for (guint i = 0; i < games[g].steps; i++)
          {
            guint agent = (i / 2) % game->n_agents;
            g_autoptr(KvStep) step = NULL;
            KvSym *next;

            if (i % 2 == 0)
              step = random_suggest (game, agent, rand);
            else
              {
                g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);   /* makes the view */
                const PairView *view = view_for (sym, 0);

                for (guint a = 0; a < game->n_agents; a++)
                  {
                    BDD wins = wins_card_by_card (sym, a);
                    BDD expected = keep (bdd_not (wins));
                    BDD from_theta = not_wins (sym, NULL, a);
                    BDD from_view = not_wins (sym, view, a);

                    g_assert_cmpint (from_theta, ==, expected);
                    g_assert_cmpint (from_view, ==, expected);
                    n_wins += wins != bddfalse;
                    bdd_delref (from_view);
                    bdd_delref (from_theta);
                    bdd_delref (expected);
                    bdd_delref (wins);
                  }
                g_autofree char *endmove = g_strdup_printf ("endmove %s", game->agent_names[agent]);

                step = kv_step_parse (game, endmove, NULL, &error);
                g_assert_no_error (error);
              }
            next = kv_sym_apply_step (sym, step, &error);
            if (next == NULL)
              {
                /* The suggester knows δ: its endmove is false at the actual deal. */
                g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
                break;
              }
            kv_sym_unref (sym);
            sym = next;
          }
      }
  g_test_message ("%u agents could win somewhere", n_wins);
  g_assert_cmpuint (n_wins, >, 0);
}

/* A step whose precondition is false at the actual deal is refused by both,
 * with the same reason ("1 holds r"). */
static void
test_false_step (void)
{
  static const char *const cases[][2] = {
    { "", "nocard 1 r" },
    { "", "showcard 2 -> 1 r" },
    { "", "win 1" },
    { "", "announce b@1" },
    { "announce w@2", "endmove 1" },
  };
  g_autoptr(KvScript) script = test_script (hexa);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) explicit_error = NULL;
      g_autoptr(KvSym) sym = kv_sym_new_initial (script->game, &error);
      g_autoptr(KvModel) model = kv_model_new_initial (script->game, 0, &error);
      g_autoptr(KvStep) step = kv_step_parse (script->game, cases[i][1], NULL, &error);
      g_autoptr(KvSym) next = NULL;
      g_autoptr(KvModel) next_model = NULL;

      g_assert_no_error (error);
      if (cases[i][0][0] != '\0')
        {
          g_autoptr(KvStep) before = kv_step_parse (script->game, cases[i][0], NULL, &error);
          KvSym *s = kv_sym_apply_step (sym, before, &error);
          KvModel *m = kv_model_apply_step (model, before, 0, &error);

          g_assert_no_error (error);
          kv_sym_unref (g_steal_pointer (&sym));
          sym = s;
          kv_model_unref (g_steal_pointer (&model));
          model = m;
        }
      next = kv_sym_apply_step (sym, step, &error);
      g_assert_null (next);
      g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
      next_model = kv_model_apply_step (model, step, 0, &explicit_error);
      g_assert_null (next_model);
      g_assert_error (explicit_error, KV_ERROR, KV_ERROR_FALSE);
      g_assert_cmpstr (error->message, ==, explicit_error->message);
      g_assert_true (g_str_has_prefix (error->message, "this step is false at the actual world: "));
    }
}

static int
compare_hands (gconstpointer a, gconstpointer b)
{
  KvHand x = *(const KvHand *) a, y = *(const KvHand *) b;

  return x < y ? -1 : x > y;
}

/* The envelope contents over @worlds of @model (all of them when NULL),
 * sorted ascending: what kv_sym_envelopes () must give. */
static GArray *
explicit_envelopes (KvModel *model, const KvBits *worlds)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KvHand));
  guint env = kv_game_envelope (model->game);

  for (guint w = 0; w < model->n_worlds; w++)
    if (worlds == NULL || kv_bits_get (worlds, w))
      {
        KvHand hand = kv_model_hand (model, w, env);

        if (!g_hash_table_contains (seen, &hand))
          {
            g_hash_table_add (seen, g_memdup2 (&hand, sizeof hand));
            g_array_append_val (out, hand);
          }
      }
  g_array_sort (out, compare_hands);
  return out;
}

static void
assert_same_hands (GArray *sym, GArray *expected)
{
  g_assert_cmpuint (sym->len, ==, expected->len);
  for (guint i = 0; i < sym->len; i++)
    g_assert_cmphex (g_array_index (sym, KvHand, i), ==, g_array_index (expected, KvHand, i));
}

/* kv_sym_envelopes and kv_sym_count_agent_worlds against the explicit
 * engine, at every step of Clue 11's built-in script: each agent's class
 * and the whole model. The class counts are asked for before the
 * knowledge table is read out and after, as they take either path. */
static void
test_envelopes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvModel) model = NULL;
  g_autoptr(KvSym) sym = NULL;

  g_assert_no_error (error);
  model = kv_model_new_initial (script->game, 0, &error);
  sym = kv_sym_new_initial (script->game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (script->steps->len, >, 0);
  for (guint i = 0; ; i++)
    {
      g_autoptr(GArray) all = kv_sym_envelopes (sym, -1);
      g_autoptr(GArray) all_expected = explicit_envelopes (model, NULL);

      assert_same_hands (all, all_expected);
      for (guint a = 0; a < script->game->n_agents; a++)
        {
          g_autoptr(KvBits) class = kv_model_class_of (model, a, model->actual);
          g_autoptr(GArray) mine = kv_sym_envelopes (sym, (int) a);
          g_autoptr(GArray) expected = explicit_envelopes (model, class);
          KvHand actual = script->game->deal[kv_game_envelope (script->game)];
          gboolean has_actual = FALSE;

          assert_same_hands (mine, expected);
          for (guint e = 0; e < mine->len; e++)
            has_actual |= g_array_index (mine, KvHand, e) == actual;
          g_assert_true (has_actual);
          g_assert_cmpuint (kv_sym_count_agent_worlds (sym, a), ==, kv_bits_count (class));
        }
      {
        g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);

        for (guint a = 0; a < script->game->n_agents; a++)
          g_assert_cmpuint (kv_sym_count_agent_worlds (sym, a), ==, k->agents[a].class_size);
      }
      if (i == script->steps->len)
        break;
      {
        const KvStep *step = g_ptr_array_index (script->steps, i);
        KvModel *next_model = kv_model_apply_step (model, step, 0, &error);
        KvSym *next_sym;

        g_assert_no_error (error);
        next_sym = kv_sym_apply_step (sym, step, &error);
        g_assert_no_error (error);
        kv_model_unref (model);
        model = next_model;
        kv_sym_unref (sym);
        sym = next_sym;
      }
    }
}

/* Real Cluedo: 5 557 616 064 deals, counted exactly. */
static void
test_cluedo_count (void)
{
  g_autoptr(KvScript) script = test_script (
    "agents 1 2 3\n"
    "category suspect: Scarlet Mustard White Green Peacock Plum\n"
    "category weapon: candlestick dagger leadpipe revolver rope wrench\n"
    "category room: kitchen ballroom conservatory diningroom billiardroom library lounge hall study\n"
    "envelope suspect weapon room\nhands 6 6 6\n"
    "deal env: Plum rope study 1: Scarlet Mustard candlestick dagger kitchen ballroom "
    "2: White Green leadpipe revolver conservatory diningroom "
    "3: Peacock wrench billiardroom library lounge hall\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvSym) sym = kv_sym_new_initial (script->game, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (kv_sym_count_worlds (sym), ==, G_GUINT64_CONSTANT (5557616064));
  /* Agent 1 sees its six cards: 15!/(6! 6! 3!) … restricted to one of each in the envelope. */
  {
    g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);

    g_assert_cmpuint (k->agents[0].class_size, ==, (guint64) 4 * 4 * 7 * 924);
  }
}

/* BuDDy's live nodes after a collection. */
static int
live_nodes (void)
{
  bdd_gbc ();
  return bdd_getnodenum ();
}

/* Everything a state references is given back when it goes: stepping,
 * the knowledge table (its common-knowledge walk), C and K formulas and
 * the envelope read-outs leave BuDDy's table as they found it. (A result
 * kept by mistake grows the table game after game: a long tournament
 * filled all 20 million nodes.) */
static void
test_no_leak (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvFormula) common = kv_formula_parse (script->game, "C{1,2,3} ~axe@env", NULL, &error);
  int before;

  g_assert_no_error (error);
  /* The library starts with the first state. */
  kv_sym_unref (kv_sym_new_initial (script->game, &error));
  before = live_nodes ();
  for (int round = 0; round < 2; round++)
    {
      KvSym *sym = kv_sym_new_initial (script->game, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < script->steps->len; i++)
        {
          KvSym *next = kv_sym_apply_step (sym, g_ptr_array_index (script->steps, i), &error);
          gboolean value;

          g_assert_no_error (error);
          kv_knowledge_free (kv_sym_knowledge (next));
          g_array_unref (kv_sym_envelopes (next, 0));
          g_assert_true (kv_sym_check_actual (next, common, &value, &error));
          kv_sym_count_removed_deals (sym, next);
          kv_sym_unref (sym);
          sym = next;
        }
      kv_sym_unref (sym);
      g_assert_cmpint (live_nodes (), ==, before);
    }
}

/* A game played as the players play it: each state freed once the next
 * is made, nothing read out on the way. A state keeps no earlier state's
 * θ (its deals, worked out from an earlier state's while that one lives,
 * are read off its own θ once that one is gone): the table holds the two
 * states' BDDs and nothing of those before (a reference to the state
 * before, kept for the deals, filled the 20 million nodes in a self-play
 * game of `naive` players). The deals removed by the last step, read
 * after every state before it is gone, are still the explicit engine's. */
static void
test_play_frees (void)
{
  g_autoptr(KvScript) script = test_script (clue11);
  KvGame *game = script->game;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (game, 0, &error);
  KvSym *sym, *before = NULL;
  int start;

  g_assert_no_error (error);
  kv_sym_unref (kv_sym_new_initial (game, &error));
  start = live_nodes ();
  sym = kv_sym_new_initial (game, &error);
  for (guint i = 0; clue11_steps[i] != NULL; i++)
    {
      g_autoptr(KvStep) step = kv_step_parse (game, clue11_steps[i], NULL, &error);
      KvModel *next_model;
      KvSym *next;
      guint held;

      g_assert_no_error (error);
      next = kv_sym_apply_step (sym, step, &error);
      g_assert_no_error (error);
      next_model = kv_model_apply_step (model, step, 0, &error);
      g_assert_no_error (error);
      g_clear_pointer (&before, kv_sym_unref);
      before = sym;
      sym = next;
      /* θ of each, their actual worlds (a cube: a node per variable, 44
       * cards' and a few events') and what the last step said of the
       * deal (a few nodes per card). Measured: 60 nodes over the two θ at
       * most; with the state before referenced, 1 000 to 4 000. */
      held = kv_sym_node_count (before) + kv_sym_node_count (sym) + 300;
      g_assert_cmpint (live_nodes () - start, <=, (int) held);
      if (clue11_steps[i + 1] == NULL)
        g_assert_cmpuint (kv_sym_count_removed_deals (before, sym), ==, explicit_removed_deals (model, next_model));
      kv_model_unref (model);
      model = next_model;
    }
  kv_sym_unref (before);
  kv_sym_unref (sym);
  g_assert_cmpint (live_nodes (), ==, start);
}

/* The one engine API: auto picks explicit for Clue 11 and symbolic for the
 * built-in real Cluedo; forced back-ends agree. */
static void
test_state_auto (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) clue = kv_script_open ("clue11", &error);
  g_autoptr(KvScript) cluedo = kv_script_open ("cluedo", &error);
  g_autoptr(KvState) small = NULL, big = NULL, forced = NULL;
  KvEngineKind kind;

  g_assert_no_error (error);
  small = kv_state_new_initial (clue->game, KV_ENGINE_AUTO, 0, &error);
  forced = kv_state_new_initial (clue->game, KV_ENGINE_SYMBOLIC, 0, &error);
  big = kv_state_new_initial (cluedo->game, KV_ENGINE_AUTO, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (small), ==, KV_ENGINE_EXPLICIT);
  g_assert_cmpint (kv_state_engine (forced), ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpint (kv_state_engine (big), ==, KV_ENGINE_SYMBOLIC);
  g_assert_null (kv_state_model (big));
  g_assert_cmpuint (kv_state_count_worlds (small), ==, 47040);
  g_assert_cmpuint (kv_state_count_worlds (forced), ==, 47040);
  g_assert_cmpuint (kv_state_count_worlds (big), ==, G_GUINT64_CONSTANT (5557616064));
  for (guint a = 0; a < clue->game->n_agents; a++)
    for (guint c = 0; c < clue->game->n_cards; c++)
      g_assert_cmphex (kv_state_knowledge (small)->agents[a].possible[c], ==,
                       kv_state_knowledge (forced)->agents[a].possible[c]);

  g_assert_true (kv_engine_parse ("symbolic", &kind, &error));
  g_assert_cmpint (kind, ==, KV_ENGINE_SYMBOLIC);
  g_assert_false (kv_engine_parse ("bdd", &kind, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_NAME);
}

/* Real Cluedo's first steps of a `del` self-play, which repeat suggestions
 * (with each showcard's event variables apart, θ doubles with each
 * suggest past the tenth step). */
static const char *const repeated_steps[] = {
  "suggest 1 White leadpipe conservatory", "endmove 1", "suggest 2 Scarlet candlestick kitchen",
  "endmove 2", "suggest 3 Scarlet candlestick ballroom", "endmove 3",
  "suggest 1 Green leadpipe conservatory", "endmove 1", "suggest 2 Mustard candlestick kitchen",
  "endmove 2", "suggest 3 Mustard candlestick ballroom", "endmove 3",
  "suggest 1 Peacock leadpipe conservatory", "endmove 1", "suggest 2 Peacock candlestick kitchen",
};

/* What every read-out of a state must say whatever the table's size: the
 * actual world is in each class and in the common component, which
 * holds every class. */
static void
assert_readouts_sound (KvSym *sym)
{
  KvGame *game = kv_sym_game (sym);
  g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);
  KvHand actual = game->deal[kv_game_envelope (game)];
  gboolean value = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvFormula) f = kv_formula_parse (game, "Scarlet@1 & Plum@env", NULL, &error);

  g_assert_no_error (error);
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(GArray) envelopes = kv_sym_envelopes (sym, (int) a);
      gboolean found = FALSE;

      g_assert_cmpuint (k->agents[a].class_size, >=, 1);
      g_assert_cmpuint (k->common.class_size, >=, k->agents[a].class_size);
      for (guint c = 0; c < game->n_cards; c++)
        g_assert_cmpuint (k->common.possible[c] & k->agents[a].possible[c], ==, k->agents[a].possible[c]);
      for (guint i = 0; i < envelopes->len; i++)
        found |= g_array_index (envelopes, KvHand, i) == actual;
      g_assert_true (found);
    }
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < kv_game_n_owners (game); o++)
      if (game->deal[o] & KV_CARD_BIT (c))
        g_assert_cmpuint (k->common.possible[c] & (1u << o), !=, 0);
  g_assert_true (kv_sym_check_actual (sym, f, &value, &error));
  g_assert_no_error (error);
  g_assert_true (value);
}

/* A node table too small for the game (KRIPKEVIZ_BDD_NODES, read when
 * BuDDy starts: hence a subprocess). The history's states filled it, a
 * read-out ran out of nodes, and BuDDy, never told to leave its error
 * state, answered bddfalse from then on: a common component of no world,
 * then an envelope projection that was no BDD (envelopes_rec's assertion).
 * Now a step that would leave the read-outs no room is refused, and the
 * states before it still read out right. (About a second.) */
static void
test_full_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(GPtrArray) states = NULL;
  gboolean refused = FALSE;

  if (!g_test_subprocess ())
    {
      g_setenv ("KRIPKEVIZ_BDD_NODES", "450000", TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  /* Reordering, or a showcard's event variables together, fit these
   * steps in the table: this is about the table running out, so the
   * order stays and the variables go apart. */
  _kv_sym_reorder_from = 0;
  _kv_sym_events_apart = TRUE;
  script = kv_script_open ("cluedo", &error);
  g_assert_no_error (error);
  states = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_sym_unref);
  g_ptr_array_add (states, kv_sym_new_initial (script->game, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (repeated_steps) && !refused; i++)
    {
      g_autoptr(KvStep) step = kv_step_parse (script->game, repeated_steps[i], NULL, &error);
      KvSym *next;

      g_assert_no_error (error);
      next = kv_sym_apply_step (g_ptr_array_index (states, states->len - 1), step, &error);
      if (next == NULL)
        {
          g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
          g_clear_error (&error);
          refused = TRUE;
          break;
        }
      g_ptr_array_add (states, next);
      assert_readouts_sound (next);
    }
  g_test_message ("refused after %u steps", states->len - 1);
  /* The table is small enough to run out within the steps. */
  g_assert_true (refused);
  /* After the refusal BuDDy answers again: the last state's read-outs
   * (read anew: the knowledge is cached, the envelopes are not) and a
   * formula checked at it. */
  assert_readouts_sound (g_ptr_array_index (states, states->len - 1));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sym/hexa", test_hexa);
  g_test_add_func ("/sym/clue11", test_clue11);
  g_test_add_func ("/sym/four-players", test_four);
  g_test_add_func ("/sym/announced", test_announced);
  g_test_add_func ("/sym/split", test_split);
  g_test_add_func ("/sym/avoid-appex", test_avoid_appex);
  g_test_add_func ("/sym/pair-view", test_pair_view);
  g_test_add_func ("/sym/win-by-cards", test_win_by_cards);
  g_test_add_func ("/sym/false-step", test_false_step);
  g_test_add_func ("/sym/envelopes", test_envelopes);
  g_test_add_func ("/sym/cluedo-count", test_cluedo_count);
  g_test_add_func ("/sym/state-auto", test_state_auto);
  g_test_add_func ("/sym/no-leak", test_no_leak);
  g_test_add_func ("/sym/play-frees", test_play_frees);
  g_test_add_func ("/sym/full-table", test_full_table);
  g_test_add_func ("/sym/reordered", test_reordered);
  return g_test_run ();
}
