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
  g_assert_nonnull (strstr (error->message, "about 2.22e+53 deals, more than the limit of 2000000 worlds"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  /* A configurable limit: Hexa's 6 worlds are over a limit of 5. */
  g_clear_error (&error);
  {
    g_autoptr(KvScript) hexa = test_script (HEXA);
    g_autoptr(KvModel) m = kv_model_new_initial (hexa->game, 5, &error);

    g_assert_null (m);
    g_assert_nonnull (strstr (error->message, "about 6 deals, more than the limit of 5"));
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/too-big", test_too_big);
  g_test_add_func ("/game/labels", test_labels);
  g_test_add_func ("/game/owners", test_owners);
  return g_test_run ();
}
