// SPDX-License-Identifier: GPL-3.0-or-later
/* test-play.c: strategies and self-play against golden game records.
 *
 * Each strategy plays Hexa and Clue 11 (every agent with that strategy)
 * from a fixed seed; the game record must equal tests/engine/play/GAME-STRATEGY.kvg
 * (KV_UPDATE_GOLDEN=1 rewrites them), replay through `run` to the same
 * winner, and be the same when played again from the seed. On Clue 11 the
 * symbolic back-end plays naive's and del's games exactly as the explicit
 * one, and reads out the same envelopes and class sizes at every step.
 */
#include "config.h"

#include "kv-test-util.h"

static KvPlayRecord *
play_on (const char *game_name, const char *strategy_name, guint32 seed, KvEngineKind engine)
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
  record = kv_play_game (game, engine, strategies, rand, 50, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (record->state), ==,
                   engine == KV_ENGINE_SYMBOLIC ? KV_ENGINE_SYMBOLIC : KV_ENGINE_EXPLICIT);
  return record;
}

static KvPlayRecord *
play (const char *game_name, const char *strategy_name, guint32 seed)
{
  return play_on (game_name, strategy_name, seed, KV_ENGINE_AUTO);
}

/* The record replays through `run` (explicit), its last step is the
 * winner's win, and the winner knows δ there. */
static void
assert_replays_to_win (const KvPlayRecord *record)
{
  g_autofree char *text = kv_play_record_to_script (record);
  g_autoptr(KvScript) replay = test_script (text);
  g_autoptr(KvHistory) history = test_history (replay);
  const KvStep *last = kv_history_get (history, kv_history_length (history) - 1)->step;

  g_assert_cmpint (record->winner, >=, 0);
  g_assert_cmpint (last->kind, ==, KV_STEP_WIN);
  g_assert_cmpint (last->agent, ==, record->winner);
  g_assert_true (kv_strategy_model_knows (test_last_model (history), record->winner));
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

  g_assert_cmpstr (text, ==, text_again);
  if (g_getenv ("KV_UPDATE_GOLDEN") != NULL)
    g_file_set_contents (path, text, -1, NULL);
  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);

  /* The record replays, and its last step is the winner's win. */
  assert_replays_to_win (record);
  /* Nobody could have won earlier: every endmove was true. */
  g_assert_cmpuint (record->common_known, <=, record->delta_total);
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

/* naive and del play Clue 11 on the symbolic back-end move for move as on
 * the explicit one: del's suggestion, the first envelope of its class, is
 * read out of the symbolic state in the explicit engine's deal order. */
static void
test_symbolic_same_games (gconstpointer data)
{
  for (guint32 seed = 1; seed <= 4; seed++)
    {
      g_autoptr(KvPlayRecord) explicit = play_on ("clue11", data, seed, KV_ENGINE_EXPLICIT);
      g_autoptr(KvPlayRecord) symbolic = play_on ("clue11", data, seed, KV_ENGINE_SYMBOLIC);
      g_autofree char *a = kv_play_record_to_script (explicit);
      g_autofree char *b = kv_play_record_to_script (symbolic);

      g_assert_cmpstr (a, ==, b);
      g_assert_cmpint (explicit->winner, ==, symbolic->winner);
      g_assert_cmpuint (explicit->rounds, ==, symbolic->rounds);
      g_assert_cmpuint (explicit->common_known, ==, symbolic->common_known);
      g_assert_cmpuint (explicit->delta_total, ==, symbolic->delta_total);
    }
}

/* random and del+ read envelopes, not worlds, on the symbolic back-end
 * (kv-strategy.h): their games there are their own, but still sound — the
 * same from the seed, replayed by `run` to the winner's true win. */
static void
test_symbolic_own_games (gconstpointer data)
{
  for (guint32 seed = 1; seed <= 3; seed++)
    {
      g_autoptr(KvPlayRecord) record = play_on ("clue11", data, seed, KV_ENGINE_SYMBOLIC);
      g_autoptr(KvPlayRecord) again = play_on ("clue11", data, seed, KV_ENGINE_SYMBOLIC);
      g_autofree char *a = kv_play_record_to_script (record);
      g_autofree char *b = kv_play_record_to_script (again);

      g_assert_cmpstr (a, ==, b);
      assert_replays_to_win (record);
    }
}

/* Step by step through a played Clue 11 game, both back-ends give every
 * agent the same envelopes (of the 7 × 4 there are) and the same class
 * size, and agree on who knows δ. */
static void
test_state_envelopes (void)
{
  g_autoptr(KvPlayRecord) record = play_on ("clue11", "del", 3, KV_ENGINE_EXPLICIT);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) explicit = kv_state_new_initial (record->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_autoptr(KvState) symbolic = kv_state_new_initial (record->game, KV_ENGINE_SYMBOLIC, 0, &error);
  guint narrowed = 0, knew = 0;

  g_assert_no_error (error);
  for (guint i = 0; i <= record->steps->len; i++)
    {
      for (guint a = 0; a < record->game->n_agents; a++)
        {
          g_autoptr(GArray) x = kv_state_envelopes (explicit, a);
          g_autoptr(GArray) y = kv_state_envelopes (symbolic, a);

          g_assert_cmpuint (x->len, >, 0);
          g_assert_cmpuint (x->len, ==, y->len);
          g_assert_cmpmem (x->data, x->len * sizeof (KvHand), y->data, y->len * sizeof (KvHand));
          g_assert_cmpuint (kv_state_count_agent_worlds (explicit, a), ==,
                            kv_state_count_agent_worlds (symbolic, a));
          g_assert_cmpint (kv_strategy_state_knows (explicit, a), ==, kv_strategy_state_knows (symbolic, a));
          narrowed += x->len < 7 * 4;
          knew += kv_strategy_state_knows (symbolic, a);
        }
      if (i == record->steps->len)
        break;
      {
        KvState *next_x = kv_state_apply_step (explicit, g_ptr_array_index (record->steps, i), &error);
        KvState *next_y;

        g_assert_no_error (error);
        next_y = kv_state_apply_step (symbolic, g_ptr_array_index (record->steps, i), &error);
        g_assert_no_error (error);
        kv_state_unref (explicit);
        kv_state_unref (symbolic);
        explicit = next_x;
        symbolic = next_y;
      }
    }
  /* The game taught something, and the winner knew δ at the end. */
  g_assert_cmpuint (narrowed, >, 0);
  g_assert_cmpuint (knew, >, 0);
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
  g_test_add_func ("/play/symbolic/envelopes", test_state_envelopes);
  g_test_add_data_func ("/play/symbolic/same-games/naive", "naive", test_symbolic_same_games);
  g_test_add_data_func ("/play/symbolic/same-games/del", "del", test_symbolic_same_games);
  g_test_add_data_func ("/play/symbolic/own-games/random", "random", test_symbolic_own_games);
  g_test_add_data_func ("/play/symbolic/own-games/del+", "del+", test_symbolic_own_games);
  return g_test_run ();
}
