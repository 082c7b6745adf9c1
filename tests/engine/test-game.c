// SPDX-License-Identifier: GPL-3.0-or-later
/* Games: counting deals without enumerating them, the world limit, labels. */
#include "config.h"

#include "kv-test-util.h"

/* 10 agents and 60 cards: about 2.2 × 10^53 deals, refused before allocating. */
static void
test_too_big (void)
{
  g_autoptr(GString) text = g_string_new ("agents 0 1 2 3 4 5 6 7 8 9\ncards");
  g_autoptr(KvScript) script = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = NULL;
  gint64 start = g_get_monotonic_time ();

  for (guint c = 0; c < 60; c++)
    g_string_append_printf (text, " c%u", c);
  g_string_append (text, "\nhands 6 6 6 6 6 6 6 6 6 6\ndeal");
  for (guint a = 0; a < 10; a++)
    {
      g_string_append_printf (text, " %u:", a);
      for (guint c = 0; c < 6; c++)
        g_string_append_printf (text, " c%u", a * 6 + c);
    }
  g_string_append_c (text, '\n');
  script = test_script (text->str);
  g_assert_cmpfloat (kv_game_count_deals (script->game), >, 1e50);
  model = kv_model_new_initial (script->game, 0, &error);
  g_assert_null (model);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  /* Counts for people: past 2⁵³ as 2.22×10⁵³, else grouped (U+202F). */
  g_assert_cmpstr (error->message, ==, "the game has 2.22×10⁵³ deals, more than the limit of 2\u202f000\u202f000 worlds");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  /* A configurable limit: Hexa's 6 worlds are over a limit of 5. */
  g_clear_error (&error);
  {
    g_autoptr(KvScript) hexa = test_script (HEXA);
    g_autoptr(KvModel) m = kv_model_new_initial (hexa->game, 5, &error);

    g_assert_null (m);
    g_assert_cmpstr (error->message, ==, "the game has 6 deals, more than the limit of 5 worlds");
  }
}

static void
test_labels (void)
{
  const struct { const char *name, *label; } cases[] = {
    { "hexa", "rwb" },
    { "twocards", "n e sw" },
    { "clue11", "arS dwP chG [lM]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = kv_script_open (cases[i].name, &error);
      g_autoptr(KvModel) m = kv_model_new_initial (script->game, 0, &error);
      g_autofree char *label = kv_model_world_label (m, m->actual);

      g_assert_cmpstr (label, ==, cases[i].label);
    }

  /* Cards with the same initial are written out in full. */
  {
    g_autoptr(KvScript) script = test_script ("agents A B\ncards king knight\nhands 1 1\ndeal A: king B: knight\n");
    g_autoptr(GError) error = NULL;
    g_autoptr(KvModel) m = kv_model_new_initial (script->game, 0, &error);
    g_autofree char *label = kv_model_world_label (m, m->actual);

    g_assert_cmpstr (label, ==, "A: king | B: knight");
  }
}

static void
test_owners (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  KvGame *game = script->game;

  g_assert_cmpuint (kv_game_n_owners (game), ==, 4);
  g_assert_cmpstr (kv_game_owner_name (game, 3), ==, "env");
  g_assert_cmpint (kv_game_find_owner (game, "env"), ==, 3);
  g_assert_cmpint (kv_game_find_agent (game, "env"), ==, -1);
  g_assert_cmpint (kv_game_find_card (game, "Plum"), ==, 10);
  g_assert_cmpuint (kv_game_owner_of (game, game->deal, 10), ==, 1);
}

/* Another deal of Clue 11: the validator's first complaint for each kind
 * of wrong deal, and a copy dealt anew that the game's steps run on again
 * up to the first one that no longer holds. */
static void
test_deal (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  KvGame *game = script->game;
  int axe = kv_game_find_card (game, "axe"), lead = kv_game_find_card (game, "lead");
  int mustard = kv_game_find_card (game, "Mustard"), scarlet = kv_game_find_card (game, "Scarlet");
  const struct { guint from, to; int card; const char *message; } cases[] = {
    { 0, 1, axe, "player 1 holds 2 cards; the game deals 3" },
    { 3, 0, lead, "player 1 holds 4 cards; the game deals 3" },
    { 0, 3, axe, "player 1 holds 2 cards; the game deals 3" },
  };
  KvHand deal[4];
  g_autoptr(KvGame) copy = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvHistory) rerun = NULL;
  guint kept = 0;

  g_assert_true (kv_game_validate_deal (game, game->deal, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      memcpy (deal, game->deal, sizeof deal);
      deal[cases[i].from] &= ~KV_CARD_BIT (cases[i].card);
      deal[cases[i].to] |= KV_CARD_BIT (cases[i].card);
      g_assert_false (kv_game_validate_deal (game, deal, &error));
      g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_clear_error (&error);
    }
  /* Two weapons in the envelope, a suspect out: sizes right, categories not. */
  memcpy (deal, game->deal, sizeof deal);
  deal[0] = (deal[0] & ~KV_CARD_BIT (axe)) | KV_CARD_BIT (mustard);
  deal[3] = (deal[3] & ~KV_CARD_BIT (mustard)) | KV_CARD_BIT (axe);
  g_assert_false (kv_game_validate_deal (game, deal, &error));
  g_assert_cmpstr (error->message, ==, "the envelope must hold exactly one weapon card");
  g_clear_error (&error);
  memcpy (deal, game->deal, sizeof deal);
  deal[1] |= deal[0] & KV_CARD_BIT (axe);
  g_assert_false (kv_game_validate_deal (game, deal, &error));
  g_assert_cmpstr (error->message, ==, "the deal gives axe to two owners");
  g_clear_error (&error);
  memcpy (deal, game->deal, sizeof deal);
  deal[2] |= KV_CARD_BIT (game->n_cards);
  g_assert_false (kv_game_validate_deal (game, deal, &error));
  g_assert_cmpstr (error->message, ==, "the deal gives a card the game does not have");
  g_clear_error (&error);

  /* Mustard and Scarlet swap between 1 and the envelope: when nobody
   * shows lead or Scarlet, 3 knows the envelope; "endmove 3" is false. */
  memcpy (deal, game->deal, sizeof deal);
  deal[0] = (deal[0] & ~KV_CARD_BIT (scarlet)) | KV_CARD_BIT (mustard);
  deal[3] = (deal[3] & ~KV_CARD_BIT (mustard)) | KV_CARD_BIT (scarlet);
  g_assert_true (kv_game_validate_deal (game, deal, NULL));
  copy = kv_game_copy_with_deal (game, deal);
  g_assert_true (copy->deal != deal && kv_game_deal_equal (game, copy->deal, deal));
  g_assert_false (kv_game_deal_equal (game, copy->deal, game->deal));
  g_assert_true (kv_game_validate (copy, NULL));
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  rerun = kv_history_rerun (history, copy, &kept, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept, ==, 5);
  g_assert_cmpuint (kv_history_length (rerun), ==, 6);
  g_assert_true (rerun->game == copy);
  for (guint i = 1; i < kv_history_length (rerun); i++)
    {
      g_autofree char *was = kv_step_to_string (kv_history_get (history, i)->step);
      g_autofree char *now = kv_step_to_string (kv_history_get (rerun, i)->step);

      g_assert_cmpstr (now, ==, was);
      g_assert_true (kv_history_get (rerun, i)->step->game == copy);
    }
  /* A history from a given model has no other deal to start from. */
  {
    g_autoptr(KvHistory) given = kv_history_new_for_model (kv_history_get (history, 0)->model);

    g_assert_null (kv_history_rerun (given, copy, &kept, &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
    g_clear_error (&error);
  }

  /* On the game's own deal every step is kept. */
  g_clear_pointer (&rerun, kv_history_free);
  g_clear_pointer (&copy, kv_game_unref);
  copy = kv_game_copy_with_deal (game, NULL);
  rerun = kv_history_rerun (history, copy, &kept, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept, ==, script->steps->len);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/too-big", test_too_big);
  g_test_add_func ("/game/labels", test_labels);
  g_test_add_func ("/game/owners", test_owners);
  g_test_add_func ("/game/deal", test_deal);
  return g_test_run ();
}
