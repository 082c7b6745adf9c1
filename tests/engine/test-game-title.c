// SPDX-License-Identifier: GPL-3.0-or-later
/* test-game-title.c: the built-in games' titles are shown in the user's
 * language, every other title as written. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "kv-test-util.h"

static gboolean
is_listed (const char *title)
{
  const char *const *titles = kv_game_builtin_titles ();

  for (guint i = 0; titles[i] != NULL; i++)
    if (g_str_equal (titles[i], title))
      return TRUE;
  return FALSE;
}

/* Every built-in game's title, as the script reader reads it from
 * data/games, is one kv_game_display_title translates. */
static void
test_every_builtin (void)
{
  g_auto(GStrv) names = kv_script_builtin_names ();

  g_assert_cmpuint (g_strv_length (names), >, 0);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = kv_script_builtin_title (names[i]);

      g_test_message ("%s: %s", names[i], title);
      g_assert_nonnull (title);
      g_assert_true (is_listed (title));
    }
}

/* In English (the tests' C locale) every title is as written; a user's own
 * title is the very string given. */
static void
test_as_written (void)
{
  const char *own = "My own game: four players";

  g_assert_null (kv_game_display_title (NULL));
  g_assert_true (kv_game_display_title (own) == own);
  g_assert_cmpstr (kv_game_display_title ("Hexa: three players, three cards"), ==,
                   "Hexa: three players, three cards");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KvScript) cluedo = kv_script_open ("cluedo", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (kv_game_display_category (cluedo->game, 1), ==, "weapon");
  }
}

/* In Dutch, from the build tree's catalogue: the built-ins' titles are
 * Dutch; a title that is some other message of the program or a user's
 * stays as written. */
static void
test_dutch (void)
{
  const char *own = "Mijn eigen spel";

  if (setlocale (LC_ALL, "nl_NL.UTF-8") == NULL)
    {
      g_test_skip ("no nl_NL.UTF-8 locale");
      return;
    }
  g_setenv ("LANGUAGE", "nl", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, KV_BUILD_ROOT G_DIR_SEPARATOR_S "po");
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_assert_cmpstr (kv_game_display_title ("Hexa: three players, three cards"), ==,
                   "Hexa: drie spelers, drie kaarten");
  g_assert_cmpstr (kv_game_display_title ("Cluedo, six players"), ==, "Cluedo, zes spelers");
  for (const char *const *t = kv_game_builtin_titles (); *t != NULL; t++)
    g_assert_cmpstr (kv_game_display_title (*t), !=, *t);
  /* A message the catalogue translates (the Open dialog's), but no
   * built-in's title: a user may call a game that. */
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Game scripts"), !=, "Game scripts");
  g_assert_cmpstr (kv_game_display_title ("Game scripts"), ==, "Game scripts");
  g_assert_true (kv_game_display_title (own) == own);

  /* A built-in game's categories in Dutch; a user's game's as written,
   * even with the same names. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KvScript) cluedo = kv_script_open ("cluedo", &error);
    g_autoptr(KvScript) mine = test_script ("title Mijn spel\nagents 1 2\ncategory weapon: axe rope\n"
                                            "category room: hall study\nenvelope weapon room\nhands 1 1\n"
                                            "deal env: axe hall 1: rope 2: study\n");

    g_assert_no_error (error);
    g_assert_cmpstr (kv_game_display_category (cluedo->game, 0), ==, "verdachte");
    g_assert_cmpstr (kv_game_display_category (cluedo->game, 1), ==, "wapen");
    g_assert_cmpstr (kv_game_display_category (cluedo->game, 2), ==, "kamer");
    g_assert_cmpstr (kv_game_display_category (mine->game, 0), ==, "weapon");
  }

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C.UTF-8");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-title/every-builtin", test_every_builtin);
  g_test_add_func ("/game-title/as-written", test_as_written);
  g_test_add_func ("/game-title/dutch", test_dutch);
  return g_test_run ();
}
