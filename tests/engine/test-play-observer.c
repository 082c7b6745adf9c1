// SPDX-License-Identifier: GPL-3.0-or-later
/* test-play-observer.c: Bowman's observer and Aartun's set-up.
 *
 * The observer game is small enough to work by hand: four players with one
 * card each of five suspects, one in the envelope, all playing del.
 *   1 (holds A) asks B, the first envelope it considers possible: 2 shows
 *     B. One card asked, one shown: everybody, the observer too, learns B@2.
 *   2 (B) asks A: 3, 4 and the observer have none, 1 shows A: A@1.
 *   3 (C) now considers D or E; it asks D: 4 shows it, D@4, and 3 knows
 *     δ = E and wins.
 * Just before the win the observer knows the owners of A, B, D and not of
 * C or E (3's card or the envelope's): 3 cards, none of δ. The win tells
 * it nothing (3 would know δ either way), and the players have no common
 * knowledge of δ either (1 does not know it).
 */
#include "config.h"

#include "kv-test-util.h"
#include "kv-tournament.h"

static const char four_players[] =
  "agents 1 2 3 4\n"
  "category suspect: A B C D E\n"
  "envelope suspect\n"
  "hands 1 1 1 1\n"
  "deal env: E 1: A 2: B 3: C 4: D\n"
  "responders clockwise\n";

static void
test_observer_by_hand (gconstpointer data)
{
  KvEngineKind engine = GPOINTER_TO_INT (data);
  g_autoptr(KvScript) script = test_script (four_players);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  const KvStrategy *del = kv_strategy_find ("del");
  const KvStrategy *strategies[] = { del, del, del, del };
  KvPlayOptions options = { .observer = TRUE };
  g_autoptr(KvPlayRecord) record = NULL;
  g_autofree char *text = NULL;

  record = kv_play_game_with_options (script->game, engine, strategies, rand, 10, &options,
                                      NULL, NULL, &error);
  g_assert_no_error (error);
  text = kv_play_record_to_script (record);
  g_assert_nonnull (strstr (text, "hands 1 1 1 1 0\n"));
  g_assert_nonnull (strstr (text, "suggest 1 B\nendmove 1\nsuggest 2 A\nendmove 2\nsuggest 3 D\nwin 3\n"));
  g_assert_cmpint (record->winner, ==, 2);
  g_assert_cmpint (record->observer, ==, 4);
  g_assert_cmpstr (record->game->agent_names[4], ==, "o");
  g_assert_cmpuint (record->delta_total, ==, 1);
  g_assert_cmpuint (record->observer_before.owners_known, ==, 3);
  g_assert_cmpuint (record->observer_before.delta_known, ==, 0);
  g_assert_cmpuint (record->observer_end.owners_known, ==, 3);
  g_assert_cmpuint (record->observer_end.delta_known, ==, 0);
  g_assert_cmpuint (record->common_known, ==, 0);
  g_assert_cmpuint (record->done_round[2], ==, 1);

  /* The transcript replays to the same end. */
  {
    g_autoptr(KvScript) replay = test_script (text);
    g_autoptr(KvHistory) history = test_history (replay);

    g_assert_true (kv_strategy_model_knows (test_last_model (history), 2));
    g_assert_false (kv_strategy_model_knows (test_last_model (history), 4));
  }
}

/* Without the observer the same game is played move for move; C among
 * the players counted from the knowledge table agrees with C{1,2,3,4}
 * checked as formulas. */
static void
test_observer_changes_nothing (void)
{
  g_autoptr(KvScript) script = test_script (four_players);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  const KvStrategy *del = kv_strategy_find ("del");
  const KvStrategy *strategies[] = { del, del, del, del };
  g_autoptr(KvPlayRecord) record = kv_play_game (script->game, KV_ENGINE_EXPLICIT, strategies, rand, 10,
                                                 NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (record->observer, ==, -1);
  g_assert_cmpint (record->winner, ==, 2);
  g_assert_cmpuint (record->steps->len, ==, 6);
  g_assert_cmpuint (kv_play_common_known (record->state, 0x7, &error), ==, 0);
  g_assert_cmpuint (kv_play_common_known (record->state, 0xf, &error), ==, record->common_known);
}

/* Aartun: seat 1 del, the others uniform (random envelopes of all, never
 * accusing), fixed seats; each game ends when seat 1 asks δ or wins. */
static void
test_aartun (void)
{
  g_autoptr(KvScript) script = kv_script_open ("clue11", NULL);
  const KvStrategy *listed[] = { kv_strategy_find ("del"), kv_strategy_find ("uniform"),
                                 kv_strategy_find ("uniform") };
  KvPlayOptions options = { .fixed_seats = TRUE, .end_when_first_asks = TRUE };
  g_autoptr(KvTournament) tournament = kv_tournament_new (script->game, listed, 3);
  const KvTournamentResult *result;

  g_assert_nonnull (listed[1]);
  kv_tournament_set_options (tournament, &options);
  for (guint g = 0; g < 20; g++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (kv_tournament_play_game (tournament, &error));
      g_assert_no_error (error);
    }
  result = kv_tournament_get_result (tournament);
  /* Seat 1 asked δ or won in every game; nobody else won. */
  g_assert_cmpuint (result->seats[0].done, ==, 20);
  g_assert_cmpuint (result->tallies[0].wins + result->ended_by_ask, ==, 20);
  g_assert_cmpuint (result->tallies[1].wins, ==, 0);
  g_assert_cmpuint (result->tallies[0].seats, ==, 20);
  g_assert_cmpfloat (kv_tournament_seat_mean (&result->seats[0]), >=, 1.0);
}

/* His game has no announcements: nobody ends a move with endmove, only
 * seat 1 wins (when it knows δ it would ask for it), and the explicit
 * engine is not asked to hold the unannounced showcards' worlds. */
static void
test_aartun_silent (void)
{
  g_autoptr(KvScript) script = kv_script_open ("clue11", NULL);
  const KvStrategy *uniform = kv_strategy_find ("uniform");
  const KvStrategy *strategies[] = { kv_strategy_find ("naive"), uniform, uniform };
  KvPlayOptions options = { .fixed_seats = TRUE, .end_when_first_asks = TRUE };

  for (guint32 seed = 1; seed <= 10; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvPlayRecord) record = kv_play_game_with_options (script->game, KV_ENGINE_AUTO, strategies, rand,
                                                                  40, &options, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (kv_state_engine (record->state), ==, KV_ENGINE_SYMBOLIC);
      g_assert_true (record->ended_by_ask || record->winner == 0);
      for (guint i = 0; i < record->steps->len; i++)
        {
          const KvStep *step = g_ptr_array_index (record->steps, i);

          g_assert_cmpint (step->kind, !=, KV_STEP_ENDMOVE);
          g_assert_true (step->kind != KV_STEP_WIN || step->agent == 0);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/play/observer/by-hand/explicit", GINT_TO_POINTER (KV_ENGINE_EXPLICIT),
                        test_observer_by_hand);
  g_test_add_data_func ("/play/observer/by-hand/symbolic", GINT_TO_POINTER (KV_ENGINE_SYMBOLIC),
                        test_observer_by_hand);
  g_test_add_func ("/play/observer/changes-nothing", test_observer_changes_nothing);
  g_test_add_func ("/play/aartun/silent", test_aartun_silent);
  g_test_add_func ("/play/aartun", test_aartun);
  return g_test_run ();
}
