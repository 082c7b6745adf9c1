// SPDX-License-Identifier: GPL-3.0-or-later
/* Step explanations (kv-explain.h) and E, what every agent knows. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-explicit-knowledge.h"

/* Van Ditmarsch's showcard: no world goes, 2 loses all its links, learns
 * the whole deal, and everyone learns what 3 and 1 do not hold. */
static void
test_hexa_showcard (void)
{
  g_autoptr(KvHistory) history = test_open_history ("hexa-show");
  g_autoptr(KvExplanation) e = kv_explain_entry (history, 1);

  g_assert_cmpuint (e->n_removed, ==, 0);
  g_assert_nonnull (strstr (e->text, "showcard₁₂{r}"));
  g_assert_nonnull (strstr (e->text, "2 lost 3 of its 3 links."));
  g_assert_nonnull (strstr (e->text, "Product: 18 pairs (w, e) tried, 6 kept."));
  g_assert_nonnull (strstr (e->text, "2 now knows that 1 holds r.\n"));
  g_assert_nonnull (strstr (e->text, "2 now knows that 3 holds b.\n"));
  g_assert_nonnull (strstr (e->text, "everyone now knows that 3 does not hold r."));
  g_assert_null (strstr (e->text, "1 now knows"));
}

/* An announcement names the worlds it removes. */
static void
test_hexa_removed_named (void)
{
  g_autoptr(KvScript) script = test_script ("title hexa\nagents 1 2 3\ncards r w b\nhands 1 1 1\n"
                                            "deal 1: r 2: w 3: b\nnocard 2 b\n");
  g_autoptr(KvHistory) history = test_history (script);
  g_autoptr(KvExplanation) e = kv_explain_entry (history, 1);

  g_assert_cmpuint (e->n_removed, ==, 2);
  g_assert_cmpuint (e->removed->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (e->removed, 0), ==, "rbw");
  g_assert_cmpstr (g_ptr_array_index (e->removed, 1), ==, "wbr");
  g_assert_nonnull (strstr (e->text, "2 worlds were removed: rbw, wbr."));
  g_assert_nonnull (strstr (e->text, "everyone now knows that 2 does not hold b."));
}

/* Clue 11 after all steps: all three know Plum is 2's, so E says 2 while
 * common knowledge still has every owner; a suggest removes too many
 * worlds to name. */
static void
test_clue11_everyone (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");
  const KvModel *last = test_last_model (history);
  const KvGame *game = last->game;
  g_autoptr(KvKnowledge) k = kv_knowledge_new (last, last->actual);
  g_autofree guint32 *everyone = kv_knowledge_everyone (k);
  g_autoptr(KvExplanation) e = kv_explain_entry (history, 1);
  int plum = -1;

  for (guint c = 0; c < game->n_cards; c++)
    if (g_str_equal (game->card_names[c], "Plum"))
      plum = (int) c;
  g_assert_cmpint (plum, >=, 0);
  g_assert_cmpstr (kv_game_owner_name (game, (guint) kv_knowledge_known_owner (everyone[plum])), ==, "2");
  g_assert_cmpint (kv_knowledge_known_owner (k->common.possible[plum]), <, 0);

  g_assert_cmpuint (e->n_removed, >, KV_EXPLAIN_NAMED_MAX);
  g_assert_cmpuint (e->removed->len, ==, 0);
  g_assert_nonnull (strstr (e->text, "everyone now knows that 2 holds Plum."));
}

/* Real Cluedo (the symbolic engine): 1's suggest of the envelope's three
 * cards tells 1 the envelope, one sentence per owner and side, the cards
 * listed, rather than one sentence per card. */
static void
test_cluedo_grouped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("cluedo", &error);
  g_autoptr(KvHistory) history = kv_history_run_script_with_engine (script, KV_ENGINE_AUTO, 0, &error);
  g_autoptr(KvExplanation) e = NULL;

  g_assert_no_error (error);
  e = kv_explain_entry (history, 7);

  g_assert_nonnull (strstr (e->text, "\n1 now knows that env holds Plum, rope and study.\n"));
  g_assert_nonnull (strstr (e->text, "\n1 now knows that env holds none of Green, Peacock, leadpipe, revolver, "
                                     "conservatory, diningroom, billiardroom, library, lounge and hall.\n"));
  g_assert_nonnull (strstr (e->text, "\n3 now knows that 2 holds White.\n"));
  g_assert_nonnull (strstr (e->text, "\neveryone now knows that 3 holds none of Plum, rope and study."));
  g_assert_null (strstr (e->text, "env holds Plum\n"));
  /* Never "does not hold A and B", which reads as "not both". */
  g_assert_null (strstr (e->text, "does not hold Plum, rope"));
}

/* Negative sentences cannot read as "not both": one card "does not hold",
 * two "holds neither … nor …", three or more "holds none of …" (Clue 11's
 * suggest of axe and Mustard, which 3 does not hold, then 2's suggest of
 * lead and Mustard); each sentence ends with a full stop. */
static void
test_clue11_negatives (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");
  g_autoptr(GString) all = g_string_new (NULL);

  for (guint i = 1; i < kv_history_length (history); i++)
    {
      g_autoptr(KvExplanation) e = kv_explain_entry (history, i);

      g_string_append_printf (all, "%s\n", e->text);
    }
  g_assert_nonnull (strstr (all->str, "\n1 now knows that 3 does not hold Mustard.\n"));
  g_assert_nonnull (strstr (all->str, "\neveryone now knows that 3 holds neither axe nor Mustard.\n"));
  g_assert_nonnull (strstr (all->str, "\n1 now knows that env holds none of candle, dagger, handgun, wrench and Green.\n"));
  g_assert_null (strstr (all->str, "does not hold axe and"));
  /* Every line a sentence. */
  {
    g_auto(GStrv) lines = g_strsplit (all->str, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '\0')
        g_assert_true (g_str_has_suffix (lines[i], "."));
  }
}

/* Bowman's shares: in hexa after 1 says it lacks w, 2 (holding w) sees
 * two worlds, rwb and bwr: r is 1's or 3's half the time each; 1, holding
 * r, knows r is its own for sure. */
static void
test_hexa_probabilities (void)
{
  g_autoptr(KvHistory) history = test_open_history ("hexa");
  const KvModel *model = kv_history_get (history, 1)->model;
  const KvGame *game = model->game;
  guint n_owners = kv_game_n_owners (game);
  g_autofree double *two = kv_probabilities_new (model, 1, model->actual);
  g_autofree double *one = kv_probabilities_new (model, 0, model->actual);

  g_assert_cmpfloat_with_epsilon (two[0 * n_owners + 0], 0.5, 1e-9);   /* r at 1 */
  g_assert_cmpfloat_with_epsilon (two[0 * n_owners + 1], 0.0, 1e-9);   /* r at 2 */
  g_assert_cmpfloat_with_epsilon (two[0 * n_owners + 2], 0.5, 1e-9);   /* r at 3 */
  g_assert_cmpfloat_with_epsilon (two[1 * n_owners + 1], 1.0, 1e-9);   /* w at 2 */
  g_assert_cmpfloat_with_epsilon (one[0 * n_owners + 0], 1.0, 1e-9);
  for (guint c = 0; c < game->n_cards; c++)
    {
      double sum = 0;

      for (guint o = 0; o < n_owners; o++)
        sum += one[c * n_owners + o];
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    }
}

/* The summary a class reads: at most four lines, the step, why its
 * removed worlds go, who learned what; no coded deal listed, no count of
 * millions in digits. */
static void
test_summary (void)
{
  g_autoptr(KvHistory) hexa = test_open_history ("hexa");
  g_autoptr(KvHistory) clue = test_open_history ("clue11");
  g_autoptr(KvExplanation) nocard = kv_explain_entry (hexa, 1);
  g_autoptr(KvExplanation) endmove = kv_explain_entry (hexa, 2);
  g_auto(GStrv) lines = g_strsplit (nocard->summary, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), <=, 4);
  g_assert_cmpstr (lines[0], ==, "1 does not hold w.");
  /* Hexa's worlds are named: a class reads "wrb". */
  g_assert_cmpstr (lines[1], ==, "1 holds w in 2 worlds (wrb, wbr), which are removed.");
  g_assert_cmpstr (lines[2], ==, "Everyone now knows that 1 does not hold w.");
  g_assert_true (g_str_has_prefix (lines[3], "… and 3 more things learned"));
  /* An endmove says why: the player would have won there (in Hexa, by
   * knowing the whole deal; in Clue, the envelope). */
  g_assert_nonnull (strstr (endmove->summary, "2 would have known the whole deal in 2 worlds"));
  {
    g_autoptr(KvExplanation) clue_endmove = kv_explain_entry (clue, 2);

    /* Clue 11's endmoves remove nothing: no world where 1 knew the envelope. */
    g_assert_nonnull (strstr (clue_endmove->summary, "No world goes: in none of them would 1 have known the envelope."));
  }

  for (guint i = 1; i < kv_history_length (clue); i++)
    {
      g_autoptr(KvExplanation) e = kv_explain_entry (clue, i);
      g_auto(GStrv) clue_lines = g_strsplit (e->summary, "\n", -1);

      g_assert_cmpuint (g_strv_length (clue_lines), <=, 4);
      /* Clue's worlds are codes ("arS dwP chG [lM]"): counted, not named. */
      g_assert_null (strstr (e->summary, "["));
      g_assert_null (strstr (e->summary, "lost"));
    }
}

/* The formula bar's count (kv_state_check_count): the worlds where a
 * formula holds, the same on both engines; a formula with an action is
 * counted on the explicit engine, said uncounted on the symbolic one. */
static void
test_formula_count (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvState) exp = NULL;
  g_autoptr(KvState) sym = NULL;
  static const char *formulas[] = { "K{1} Plum@2", "~K{3} axe@1", "C{1,2,3} ~Plum@env", "win{1}" };

  g_assert_no_error (error);
  exp = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_assert_no_error (error);
  sym = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  for (guint step = 0; step < 3; step++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (formulas); i++)
        {
          g_autoptr(KvFormula) f = kv_formula_parse (script->game, formulas[i], NULL, &error);
          gboolean value_exp = FALSE, value_sym = TRUE;
          guint64 n_exp = 0, n_sym = 1;

          g_assert_no_error (error);
          g_assert_true (kv_state_check_count (exp, f, &value_exp, &n_exp, &error));
          g_assert_true (kv_state_check_count (sym, f, &value_sym, &n_sym, &error));
          g_assert_no_error (error);
          g_assert_cmpint (value_exp, ==, value_sym);
          g_assert_cmpuint (n_exp, ==, n_sym);
          g_assert_cmpuint (n_exp, <=, kv_state_count_worlds (exp));
        }
      test_step_both (&exp, &sym, g_ptr_array_index (script->steps, step));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/explain/clue11-negatives", test_clue11_negatives);
  g_test_add_func ("/explain/hexa-showcard", test_hexa_showcard);
  g_test_add_func ("/explain/summary", test_summary);
  g_test_add_func ("/explain/formula-count", test_formula_count);
  g_test_add_func ("/explain/hexa-removed-named", test_hexa_removed_named);
  g_test_add_func ("/explain/clue11-everyone", test_clue11_everyone);
  g_test_add_func ("/explain/cluedo-grouped", test_cluedo_grouped);
  g_test_add_func ("/explain/hexa-probabilities", test_hexa_probabilities);
  return g_test_run ();
}
