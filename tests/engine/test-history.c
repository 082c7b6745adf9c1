// SPDX-License-Identifier: GPL-3.0-or-later
/* test-history.c: a history that starts from a given model (a .kvm.json
 * read back) rather than from a game's initial model: steps pushed on it
 * give what they give in the game it came from, refused ones change
 * nothing, and kv_history_run_steps runs a script's steps on it within the
 * history's limit, naming the line of a step that fails. And a symbolic
 * history (real Cluedo, too big to enumerate): entries with states and no
 * models, pushed, refused, truncated and counted as the CLI counts them. */
#include "config.h"

#include "kv-test-util.h"

/* @model written as .kvm.json and read back: a model with a game of its
 * own, as the window and the CLI open one. */
static KvModel *
read_back (const KvModel *model, guint world_limit)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = kv_model_to_json (model, -1);
  KvModel *back = kv_model_from_json (text, strlen (text), world_limit, &error);

  g_assert_no_error (error);
  g_assert_nonnull (back);
  return back;
}

/* The worlds of @model with each agent's class at them, in world order:
 * what two models must agree on to be the same. */
static char *
describe (const KvModel *model)
{
  GString *out = g_string_new (NULL);

  for (guint w = 0; w < model->n_worlds; w++)
    {
      g_autofree char *label = kv_model_world_label (model, w);

      g_string_append_printf (out, "%s%s%s", w > 0 ? " " : "", label, w == model->actual ? "*" : "");
      for (guint a = 0; a < model->game->n_agents; a++)
        g_string_append_printf (out, ":%u", model->cls[a][w]);
    }
  return g_string_free (out, FALSE);
}

static gboolean
push_line (KvHistory *history, const char *line, GError **error)
{
  g_autoptr(KvStep) step = kv_step_parse (history->game, line, NULL, error);

  return step != NULL && kv_history_push (history, step, error);
}

static void
test_from_model (void)
{
  g_autoptr(KvHistory) hexa = test_open_history ("hexa");
  KvModel *after_nocard = kv_history_get (hexa, 1)->model;
  g_autoptr(KvModel) model = read_back (after_nocard, 0);
  g_autoptr(KvHistory) history = kv_history_new_for_model (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  g_assert_false (hexa->given);
  g_assert_true (history->given);
  g_assert_true (history->game == model->game);
  g_assert_cmpuint (kv_history_length (history), ==, 1);
  g_assert_true (kv_history_get (history, 0)->model == model);
  g_assert_null (kv_history_get (history, 0)->step);
  g_assert_cmpuint (history->world_limit, ==, model->world_limit);

  /* Hexa's second step on the model read back: as on Hexa itself. */
  g_assert_true (push_line (history, "endmove 2", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (history), ==, 2);
  expected = describe (kv_history_get (hexa, 2)->model);
  got = describe (kv_history_get (history, 1)->model);
  g_assert_cmpstr (got, ==, expected);
  g_assert_true (test_check (kv_history_get (history, 1)->model, "win{1} & win{3} & ~win{2}"));
  /* A suggest-free step the game never took: the same on both sides. */
  {
    g_autoptr(KvModel) direct = test_apply (after_nocard, "showcard 3 -> 1 b");
    g_autofree char *direct_text = describe (direct);
    g_autofree char *pushed_text = NULL;

    kv_history_truncate (history, 0);
    g_assert_cmpuint (kv_history_length (history), ==, 1);
    g_assert_true (push_line (history, "showcard 3 -> 1 b", &error));
    g_assert_no_error (error);
    pushed_text = describe (kv_history_get (history, 1)->model);
    g_assert_cmpstr (pushed_text, ==, direct_text);
  }
}

static void
test_refused (void)
{
  g_autoptr(KvHistory) hexa = test_open_history ("hexa");
  g_autoptr(KvModel) model = read_back (kv_history_get (hexa, 1)->model, 0);
  g_autoptr(KvHistory) history = kv_history_new_for_model (model);
  g_autoptr(GError) error = NULL;

  /* 1 holds r at the actual world (the model's deal is its actual world's). */
  g_assert_false (push_line (history, "nocard 1 r", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (kv_history_length (history), ==, 1);
  g_assert_true (kv_history_get (history, 0)->model == model);
}

/* A script of @model's game (its steps borrow it), as the session file
 * makes one for steps on a model. */
static KvScript *
script_on (KvModel *model, const char *const *lines)
{
  KvScript *script = g_new0 (KvScript, 1);

  script->game = kv_game_ref (model->game);
  script->filename = g_strdup ("steps.kvg");
  script->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  script->step_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      KvStep *step = kv_step_parse (model->game, lines[i], NULL, &error);
      guint line = 10 + i;

      g_assert_no_error (error);
      g_ptr_array_add (script->steps, step);
      g_array_append_val (script->step_lines, line);
    }
  return script;
}

/* A copy up to a step shares the entries' states; steps pushed on the
 * copy (Play to the end's worker) leave the history as it was. */
static void
test_copy (void)
{
  g_autoptr(KvHistory) clue = test_open_history ("clue11");
  g_autoptr(KvHistory) copy = kv_history_copy (clue, 2);
  g_autoptr(GError) error = NULL;
  guint length = kv_history_length (clue);

  g_assert_cmpuint (length, >, 3);
  g_assert_cmpuint (kv_history_length (copy), ==, 3);
  g_assert_true (copy->game == clue->game);
  g_assert_cmpint (copy->engine, ==, clue->engine);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (kv_history_get (copy, i)->state == kv_history_get (clue, i)->state);
      g_assert_true (kv_history_get (copy, i)->model == kv_history_get (clue, i)->model);
      g_assert_true (kv_history_get (copy, i)->expanded == kv_history_get (clue, i)->expanded);
    }
  g_assert_true (push_line (copy, "endmove 1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (copy), ==, 4);
  g_assert_cmpuint (kv_history_length (clue), ==, length);
  g_assert_true (kv_history_get (copy, 3)->state != kv_history_get (clue, 3)->state);
}

static void
test_run_steps (void)
{
  static const char *const good[] = { "endmove 2", "announce ~w@2 -> true", NULL };
  static const char *const bad[] = { "endmove 2", "win 2", "endmove 3", NULL };
  g_autoptr(KvHistory) hexa = test_open_history ("hexa");
  g_autoptr(KvModel) model = read_back (kv_history_get (hexa, 1)->model, 0);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(KvHistory) history = kv_history_new_for_model (model);
    g_autoptr(KvScript) script = script_on (model, good);

    g_assert_true (kv_history_run_steps (history, script, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (kv_history_length (history), ==, 3);
    g_assert_cmpuint (kv_history_get (history, 2)->model->n_worlds, ==, 2);
  }
  {
    g_autoptr(KvHistory) history = kv_history_new_for_model (model);
    g_autoptr(KvScript) script = script_on (model, bad);

    /* 2 cannot win after its endmove: the second step (line 11) is refused,
     * the first stays. */
    g_assert_false (kv_history_run_steps (history, script, &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
    g_assert_true (g_str_has_prefix (error->message, "steps.kvg:11:1: error: "));
    g_assert_cmpuint (kv_history_length (history), ==, 2);
  }
}

static void
test_run_steps_limit (void)
{
  static const char *const many[] = {
    "announce true", "announce true", "announce true", "announce true",
    "announce true", "announce true", "announce true", "announce true", NULL,
  };
  g_autoptr(KvHistory) hexa = test_open_history ("hexa");
  /* Four worlds, at most four per model: 32 in all, eight models' worth. */
  g_autoptr(KvModel) model = read_back (kv_history_get (hexa, 1)->model, 4);
  g_autoptr(KvHistory) history = kv_history_new_for_model (model);
  g_autoptr(KvScript) script = script_on (model, many);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (model->n_worlds, ==, 4);
  g_assert_cmpuint (history->world_limit, ==, 4);
  g_assert_false (kv_history_run_steps (history, script, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  /* The eighth step makes nine models of four worlds (line 17). */
  g_assert_true (g_str_has_prefix (error->message, "steps.kvg:17:1: error: "));
}

/* The world counts of `kripkeviz-cli run cluedo --json`, step by step. */
static const guint64 cluedo_worlds[] = {
  5557616064u, 4734265536u, 4734265536u, 4225725504u,
  4225725504u, 3959347392u, 3959347392u, 406912968u,
};

static void
test_symbolic (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("cluedo", &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvHistory) rerun = NULL;
  g_autoptr(KvGame) copy = NULL;
  g_autoptr(KvExplanation) explanation = NULL;
  g_autoptr(KvScript) hexa = kv_script_open ("hexa", NULL);
  const KvHistoryEntry *entry;
  guint kept = 0;

  g_assert_no_error (error);
  /* Auto: the game's deals are over the limit; a low limit under a small
   * game keeps it explicit (so it is refused, and the limit can be raised). */
  g_assert_cmpint (kv_history_choose_engine (script->game, 0), ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpint (kv_history_choose_engine (hexa->game, 0), ==, KV_ENGINE_EXPLICIT);
  g_assert_cmpint (kv_history_choose_engine (hexa->game, 5), ==, KV_ENGINE_EXPLICIT);

  history = kv_history_run_script_with_engine (script, KV_ENGINE_AUTO, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (history->engine, ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpuint (kv_history_length (history), ==, G_N_ELEMENTS (cluedo_worlds));
  for (guint i = 0; i < kv_history_length (history); i++)
    {
      entry = kv_history_get (history, i);
      g_assert_null (entry->model);
      g_assert_nonnull (entry->state);
      g_assert_cmpint (kv_state_engine (entry->state), ==, KV_ENGINE_SYMBOLIC);
      g_assert_cmpuint (kv_state_count_worlds (entry->state), ==, cluedo_worlds[i]);
    }
  /* The suggest's answers are kept, as the actual deal gives them: 2 shows
   * White to 1. */
  entry = kv_history_get (history, 1);
  g_assert_nonnull (entry->expanded);
  g_assert_cmpuint (entry->expanded->len, ==, 1);
  {
    g_autofree char *answer = kv_step_to_string (g_ptr_array_index (entry->expanded, 0));

    g_assert_cmpstr (answer, ==, "showcard 2 -> 1 White of White rope hall");
  }
  /* After the last suggest nobody could show: 1 knows the envelope. */
  g_assert_cmpuint (kv_state_knowledge (kv_history_get (history, 7)->state)->winners, ==, 1u << 0);
  g_assert_cmpuint (kv_state_knowledge (kv_history_get (history, 6)->state)->winners, ==, 0);

  /* The explanation counts the deals removed, each with all its worlds,
   * never names them. */
  explanation = kv_explain_entry (history, 1);
  g_assert_cmpuint (explanation->n_removed, ==, 1924850928u);
  g_assert_true (explanation->removed_deals);
  g_assert_cmpuint (explanation->removed->len, ==, 0);
  g_assert_nonnull (strstr (explanation->text, "1\u202f924\u202f850\u202f928 deals were removed, with all their worlds."));

  /* A refused step changes nothing. */
  g_assert_false (push_line (history, "nocard 1 Scarlet", &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_clear_error (&error);
  g_assert_cmpuint (kv_history_length (history), ==, 8);
  g_assert_cmpuint (kv_state_count_worlds (kv_history_get (history, 7)->state), ==, cluedo_worlds[7]);

  /* Truncated, then pushed on: the counts follow the new steps. */
  kv_history_truncate (history, 2);
  g_assert_cmpuint (kv_history_length (history), ==, 3);
  g_assert_true (push_line (history, "nocard 3 Plum rope", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (history), ==, 4);
  g_assert_null (kv_history_get (history, 3)->model);
  g_assert_cmpuint (kv_state_count_worlds (kv_history_get (history, 3)->state), <, cluedo_worlds[2]);
  g_assert_cmpuint (kv_state_count_worlds (kv_history_get (history, 3)->state), >, 0);
  g_assert_true (push_line (history, "endmove 2", &error));
  g_assert_cmpuint (kv_state_count_worlds (kv_history_get (history, 4)->state), ==,
                    kv_state_count_worlds (kv_history_get (history, 3)->state));

  /* Run again on the same deal: the same engine, every step kept. */
  copy = kv_game_copy_with_deal (history->game, NULL);
  rerun = kv_history_rerun (history, copy, &kept, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rerun->engine, ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpuint (kept, ==, 4);
  g_assert_cmpuint (kv_state_count_worlds (kv_history_get (rerun, 4)->state), ==,
                    kv_state_count_worlds (kv_history_get (history, 4)->state));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/from-model", test_from_model);
  g_test_add_func ("/history/from-model-refused", test_refused);
  g_test_add_func ("/history/copy", test_copy);
  g_test_add_func ("/history/run-steps", test_run_steps);
  g_test_add_func ("/history/run-steps-limit", test_run_steps_limit);
  g_test_add_func ("/history/symbolic", test_symbolic);
  return g_test_run ();
}
