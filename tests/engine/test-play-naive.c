// SPDX-License-Identifier: GPL-3.0-or-later
/* test-play-naive.c: naive's bookkeeping on hand-worked games.
 *
 * naive marks the cards of its own suggestion nobody could show as in the
 * envelope. It must read those marks before it gives up on a category with
 * two cards it has not seen: in the games below the envelope's cards come
 * late in their categories, after cards whose owner player 1 never saw.
 */
#include "config.h"

#include "kv-test-util.h"
#include "kv-tournament.h"

/* Clue 11 dealt as @deal; the envelope is its first part. */
static KvGame *
clue11_with (const char *deal)
{
  g_autofree char *text = g_strdup_printf (
    "agents 1 2 3\n"
    "category weapon: axe candle dagger handgun lead rope wrench\n"
    "category suspect: Scarlet Mustard Green Plum\n"
    "envelope weapon suspect\n"
    "hands 3 3 3\n"
    "deal %s\n"
    "responders clockwise\n", deal);
  g_autoptr(KvScript) script = test_script (text);

  return kv_game_ref (script->game);
}

static KvHand
cards_of (const KvGame *game, const char *names)
{
  g_auto(GStrv) words = g_strsplit (names, " ", -1);
  KvHand hand = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      int c = kv_game_find_card (game, words[i]);

      g_assert_cmpint (c, >=, 0);
      hand |= KV_CARD_BIT (c);
    }
  return hand;
}

/* Player 1 (agent 0) asks @asked; nobody can show. Before: naive does not
 * know δ (it has seen nothing). After: it knows, and suggests exactly δ. */
static void
test_unanswered (gconstpointer data)
{
  const char *const *c = data;
  g_autoptr(KvGame) game = clue11_with (c[0]);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) state = kv_state_new_initial (game, KV_ENGINE_EXPLICIT, 0, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  const KvStrategy *naive = kv_strategy_find ("naive");
  g_autofree KvPlayer *player = kv_player_new (game, 0, naive);
  KvHand asked = cards_of (game, c[1]);

  g_assert_no_error (error);
  g_assert_false (naive->knows (player, state));
  kv_player_observe (player, game, 0, asked, -1, -1, TRUE);
  g_assert_true ((player->envelope & asked) == asked);
  g_assert_true (naive->knows (player, state));
  g_assert_cmphex (naive->suggest (player, state, rand), ==, asked);
  /* The model agrees: the suggestion's nocards tell player 1 δ. */
  g_assert_true (game->deal[kv_game_envelope (game)] == asked);
}

/* All-naive Clue 11: a suggestion of naive's nobody answers holds only
 * envelope cards (it never asks its own cards), so it wins in that turn. */
static void
test_wins_unanswered (void)
{
  g_autoptr(KvScript) script = kv_script_open ("clue11", NULL);
  const KvStrategy *listed[3];
  g_autoptr(KvTournament) tournament = NULL;
  const KvTournamentTally *tally;

  for (guint a = 0; a < 3; a++)
    listed[a] = kv_strategy_find ("naive");
  tournament = kv_tournament_new (script->game, listed, 11);
  for (guint g = 0; g < 60; g++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (kv_tournament_play_game (tournament, &error));
      g_assert_no_error (error);
    }
  tally = &kv_tournament_get_result (tournament)->tallies[0];
  g_assert_cmpuint (tally->unanswered, >, 0);
  g_assert_cmpuint (tally->won_unanswered, ==, tally->unanswered);
}

int
main (int argc, char **argv)
{
  /* The envelope's weapon after two weapons player 1 has not seen. */
  static const char *const late_weapon[] = {
    "env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle",
    "lead Mustard" };
  /* Both envelope cards last in their categories. */
  static const char *const last_both[] = {
    "env: wrench Plum 1: Scarlet axe rope 2: Mustard lead dagger 3: Green handgun candle",
    "wrench Plum" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/play/naive/unanswered/late-weapon", late_weapon, test_unanswered);
  g_test_add_data_func ("/play/naive/unanswered/last-both", last_both, test_unanswered);
  g_test_add_func ("/play/naive/wins-unanswered", test_wins_unanswered);
  return g_test_run ();
}
