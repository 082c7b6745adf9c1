// SPDX-License-Identifier: GPL-3.0-or-later
/* test-turn.c: one turn player. Next turn and Play to the end in the window
 * (kv_turn_play on a history) and `play` (kv_play_game) make the same moves
 * from the same seed: the same deal, the same suggestions, the same shows,
 * the same passes, the same winner. */
#include "config.h"

#include "kv-test-util.h"

static char *
history_script (const KvHistory *history)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();

  for (guint i = 1; i < kv_history_length (history); i++)
    g_ptr_array_add (steps, kv_history_get (history, i)->step);
  return kv_script_to_text (history->game, steps);
}

static void
check_same_moves (const char *game_name, const char *const *names, guint32 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (game_name, &error);
  g_autoptr(GRand) rand_play = g_rand_new_with_seed (seed);
  g_autoptr(GRand) rand_turn = g_rand_new_with_seed (seed);
  g_autoptr(KvGame) dealt_play = NULL, dealt_turn = NULL;
  g_autoptr(KvPlayRecord) record = NULL;
  g_autoptr(KvHistory) history = NULL;
  const KvStrategy *strategies[KV_MAX_AGENTS];
  g_autofree char *played = NULL, *turned = NULL, *why_not = NULL;
  guint n_agents;

  g_assert_no_error (error);
  n_agents = script->game->n_agents;
  for (guint a = 0; a < n_agents; a++)
    strategies[a] = kv_strategy_find (names[a % g_strv_length ((GStrv) names)]);

  dealt_play = kv_play_deal (script->game, rand_play);
  record = kv_play_game (dealt_play, KV_ENGINE_EXPLICIT, strategies, rand_play, 50, NULL, NULL, &error);
  g_assert_no_error (error);

  dealt_turn = kv_play_deal (script->game, rand_turn);
  history = kv_history_new_with_engine (dealt_turn, KV_ENGINE_EXPLICIT, 0, &error);
  g_assert_no_error (error);
  kv_turn_play_to_end (history, strategies, rand_turn, 50 * n_agents, NULL, NULL, &error);
  g_assert_no_error (error);

  played = kv_play_record_to_script (record);
  turned = history_script (history);
  g_assert_cmpstr (turned, ==, played);
  g_assert_cmpint (record->winner, >=, 0);
  why_not = kv_turn_why_not (history);
  g_assert_nonnull (why_not);
}

static void
test_same_moves (gconstpointer data)
{
  g_auto(GStrv) names = g_strsplit (data, ",", -1);

  for (guint32 seed = 1; seed <= 6; seed++)
    {
      check_same_moves ("clue11", (const char *const *) names, seed);
      check_same_moves ("hexa", (const char *const *) names, seed);
    }
}

/* A turn left half done by hand (a suggest typed in) is finished by the
 * suggester: its ending, and nothing else. */
static void
test_finishes_half_turn (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");
  g_autoptr(GError) error = NULL;
  guint agent = 99, added;

  kv_history_truncate (history, 0);
  {
    g_autoptr(KvStep) step = kv_step_parse (history->game, "suggest 1 candle Plum", NULL, &error);

    g_assert_no_error (error);
    g_assert_true (kv_history_push (history, step, &error));
  }
  added = kv_turn_play (history, NULL, NULL, &agent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (added, ==, 1);
  g_assert_cmpuint (agent, ==, 0);
  g_assert_cmpint (kv_history_get (history, 2)->step->kind, ==, KV_STEP_ENDMOVE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/turn/same-moves/naive", "naive", test_same_moves);
  g_test_add_data_func ("/turn/same-moves/del", "del", test_same_moves);
  g_test_add_data_func ("/turn/same-moves/del+", "del+", test_same_moves);
  g_test_add_data_func ("/turn/same-moves/random", "random", test_same_moves);
  g_test_add_data_func ("/turn/same-moves/mixed", "naive,del,del+,random", test_same_moves);
  g_test_add_func ("/turn/finishes-half-turn", test_finishes_half_turn);
  return g_test_run ();
}
