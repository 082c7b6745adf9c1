// SPDX-License-Identifier: GPL-3.0-or-later
/* test-play.c: strategies and self-play against golden game records.
 *
 * Each strategy plays Hexa and Clue 11 (every agent with that strategy)
 * from a fixed seed; the game record must equal tests/engine/play/GAME-STRATEGY.kvg
 * (KV_UPDATE_GOLDEN=1 rewrites them), replay through `run` to the same
 * winner, and be the same when played again from the seed.
 */
#include "config.h"

#include "kv-test-util.h"

static KvPlayRecord *
play (const char *game_name, const char *strategy_name, guint32 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (game_name, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(KvGame) game = NULL;
  const KvStrategy *strategies[KV_MAX_AGENTS];
  KvPlayRecord *record;

  g_assert_no_error (error);
  for (guint a = 0; a < script->game->n_agents; a++)
    strategies[a] = kv_strategy_find (strategy_name);
  g_assert_nonnull (strategies[0]);
  game = kv_play_deal (script->game, rand);
  record = kv_play_game (game, strategies, rand, 50, NULL, NULL, &error);
  g_assert_no_error (error);
  return record;
}

static void
test_golden (gconstpointer data)
{
  g_auto(GStrv) parts = g_strsplit (data, " ", 2);
  g_autoptr(KvPlayRecord) record = play (parts[0], parts[1], 7);
  g_autoptr(KvPlayRecord) again = play (parts[0], parts[1], 7);
  g_autofree char *text = kv_play_record_to_script (record);
  g_autofree char *text_again = kv_play_record_to_script (again);
  g_autofree char *name = g_strdup_printf ("%s-%s.kvg", parts[0], parts[1]);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "engine", "play", name, NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) replay = NULL;
  g_autoptr(KvHistory) history = NULL;
  const KvStep *last;

  g_assert_cmpstr (text, ==, text_again);
  if (g_getenv ("KV_UPDATE_GOLDEN") != NULL)
    g_file_set_contents (path, text, -1, NULL);
  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);

  /* The record replays, and its last step is the winner's win. */
  g_assert_cmpint (record->winner, >=, 0);
  replay = test_script (text);
  history = test_history (replay);
  last = kv_history_get (history, kv_history_length (history) - 1)->step;
  g_assert_cmpint (last->kind, ==, KV_STEP_WIN);
  g_assert_cmpint (last->agent, ==, record->winner);
  g_assert_true (kv_strategy_model_knows (test_last_model (history), record->winner));
  /* Nobody could have won earlier: every endmove was true. */
  g_assert_cmpuint (record->observer_known, <=, record->observer_total);
}

/* del+'s first suggestion splits the class at least as finely as del's. */
static void
test_del_plus_informative (void)
{
  g_autoptr(KvPlayRecord) del = NULL, del_plus = NULL;
  guint del_rounds = 0, del_plus_rounds = 0;

  for (guint32 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(KvPlayRecord) a = play ("clue11", "del", seed);
      g_autoptr(KvPlayRecord) b = play ("clue11", "del+", seed);

      del_rounds += a->rounds;
      del_plus_rounds += b->rounds;
    }
  g_assert_cmpuint (del_plus_rounds, <=, del_rounds);
}

static void
test_strategy_names (void)
{
  const char *const *names = kv_strategy_names ();

  g_assert_cmpuint (g_strv_length ((GStrv) names), ==, 4);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_cmpstr (kv_strategy_find (names[i])->name, ==, names[i]);
  g_assert_null (kv_strategy_find ("clever"));
}

int
main (int argc, char **argv)
{
  const char *games[] = { "hexa", "clue11" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/play/strategy-names", test_strategy_names);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint s = 0; kv_strategy_names ()[s] != NULL; s++)
      {
        char *data = g_strdup_printf ("%s %s", games[g], kv_strategy_names ()[s]);
        g_autofree char *path = g_strdup_printf ("/play/golden/%s/%s", games[g], kv_strategy_names ()[s]);

        g_test_add_data_func_full (path, data, test_golden, g_free);
      }
  g_test_add_func ("/play/del-plus-informative", test_del_plus_informative);
  return g_test_run ();
}
