// SPDX-License-Identifier: GPL-3.0-or-later
/* test-probability.c: probabilities over deals, on both engines, against a
 * hand count.
 *
 * Clue 11 as dealt in data/games/clue11.kvg; 2 suggests axe Scarlet: 3 has
 * neither, 1 holds both and shows one to 2. Agent 3 (Green handgun candle)
 * does not see which. For 3 the envelope is one of 5 weapons × 3 suspects
 * and 1 and 2 share the other six cards 3 and 3: 15 × 20 = 300 deals; the
 * answer says 1 holds axe or Scarlet. Deals where 1 holds neither: with
 * axe and Scarlet both in the envelope 20; one of them there (2 + 4
 * envelopes) 10 each; neither there (8) C(4,3) = 4 each: 112. So 188
 * deals are left. Scarlet@1: a suspect other than Scarlet in the envelope
 * (2), any weapon (5), 1's two other cards of five: 10 × 10 = 100 deals,
 * 100/188. Scarlet in the envelope: the weapon not axe (4), axe in 1's
 * hand: 4 × 10 = 40, 40/188; 2 holds it in the other 48. axe@1: the
 * weapon not axe (4), any suspect (3): 12 × 10 = 120, 120/188.
 * Worlds: a deal where 1 holds both has two (which card it showed): 8
 * envelopes × 4 = 32 of them, so 220 worlds, Scarlet@1 in 132 (60 %):
 * world shares are not deal shares.
 */
#include "config.h"

#include "kv-test-util.h"

static const char clue11_showcard[] =
  "agents 1 2 3\n"
  "category weapon: axe candle dagger handgun lead rope wrench\n"
  "category suspect: Scarlet Mustard Green Plum\n"
  "envelope weapon suspect\n"
  "hands 3 3 3\n"
  "deal env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle\n"
  "responders clockwise\n";

static KvState *
after_showcard (KvEngineKind engine)
{
  g_autoptr(KvScript) script = test_script (clue11_showcard);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) initial = kv_state_new_initial (script->game, engine, 0, &error);
  g_autoptr(KvStep) step = NULL;
  KvState *state;

  g_assert_no_error (error);
  step = kv_step_parse (script->game, "suggest 2 axe Scarlet", NULL, &error);
  g_assert_no_error (error);
  state = kv_state_apply_step (initial, step, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (state), ==, engine);
  return state;
}

static double
share (KvState *state, const double *shares, const char *card, const char *owner)
{
  const KvGame *game = kv_state_game (state);

  return shares[kv_game_find_card (game, card) * kv_game_n_owners (game) + kv_game_find_owner (game, owner)];
}

static void
test_hand_count (gconstpointer data)
{
  g_autoptr(KvState) state = after_showcard (GPOINTER_TO_INT (data));
  g_autofree double *p = kv_state_probabilities (state, 2);
  const KvGame *game = kv_state_game (state);

  g_assert_cmpfloat_with_epsilon (share (state, p, "Scarlet", "1"), 100.0 / 188, 1e-9);
  g_assert_cmpfloat_with_epsilon (share (state, p, "Scarlet", "2"), 48.0 / 188, 1e-9);
  g_assert_cmpfloat_with_epsilon (share (state, p, "Scarlet", "env"), 40.0 / 188, 1e-9);
  g_assert_cmpfloat_with_epsilon (share (state, p, "axe", "1"), 120.0 / 188, 1e-9);
  /* 3's own cards are certain. */
  g_assert_cmpfloat_with_epsilon (share (state, p, "Green", "3"), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (share (state, p, "candle", "1"), 0.0, 1e-9);
  /* Every card's shares sum to 1. */
  for (guint c = 0; c < game->n_cards; c++)
    {
      double sum = 0;

      for (guint o = 0; o < kv_game_n_owners (game); o++)
        sum += p[c * kv_game_n_owners (game) + o];
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    }
}

/* World shares weigh a deal by its worlds: 132 of 220. */
static void
test_world_shares (void)
{
  g_autoptr(KvState) state = after_showcard (KV_ENGINE_EXPLICIT);
  const KvModel *model = kv_state_model (state);
  g_autofree double *w = kv_world_probabilities_new (model, 2, model->actual);

  g_assert_cmpuint (kv_state_count_agent_worlds (state, 2), ==, 220);
  g_assert_cmpfloat_with_epsilon (share (state, w, "Scarlet", "1"), 132.0 / 220, 1e-9);
}

/* Both engines agree on every agent's every share, at every step of the
 * built-in Clue 11 game. */
static void
test_engines_agree (void)
{
  g_autoptr(KvScript) script = kv_script_open ("clue11", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) x = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_autoptr(KvState) y = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  guint n = script->game->n_cards * kv_game_n_owners (script->game);

  g_assert_no_error (error);
  for (guint i = 0; i <= script->steps->len; i++)
    {
      for (guint a = 0; a < script->game->n_agents; a++)
        {
          g_autofree double *px = kv_state_probabilities (x, a);
          g_autofree double *py = kv_state_probabilities (y, a);

          for (guint k = 0; k < n; k++)
            g_assert_cmpfloat_with_epsilon (px[k], py[k], 1e-9);
        }
      if (i == script->steps->len)
        break;
      test_step_both (&x, &y, g_ptr_array_index (script->steps, i));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/probability/hand-count/explicit", GINT_TO_POINTER (KV_ENGINE_EXPLICIT), test_hand_count);
  g_test_add_data_func ("/probability/hand-count/symbolic", GINT_TO_POINTER (KV_ENGINE_SYMBOLIC), test_hand_count);
  g_test_add_func ("/probability/world-shares", test_world_shares);
  g_test_add_func ("/probability/engines-agree", test_engines_agree);
  return g_test_run ();
}
