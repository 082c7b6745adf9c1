// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-game-title.c: the built-in games' titles and categories in the user's language */
#define G_LOG_DOMAIN "kv-game-title"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-game-title.h"
#include "kv-i18n.h"
#include "kv-narration.h"

/* The "title" line of each .kvg of data/games, as the script reader reads
 * it (po/check-po.sh titles checks that each is here and translated). */
static const char *const builtin_titles[] = {
  /* TRANSLATORS: the title of a built-in game (data/games/clue11.kvg) */
  N_("Clue, three players, eleven cards"),
  /* TRANSLATORS: the title of a built-in game (data/games/clue18.kvg):
   * Bowman's deck, six cards of each category */
  N_("Clue, four players, eighteen cards"),
  /* TRANSLATORS: the title of a built-in game (data/games/cluedo.kvg) */
  N_("Cluedo, three players"),
  /* TRANSLATORS: the title of a built-in game (data/games/cluedo4.kvg) */
  N_("Cluedo, four players"),
  /* TRANSLATORS: the title of a built-in game (data/games/cluedo5.kvg) */
  N_("Cluedo, five players"),
  /* TRANSLATORS: the title of a built-in game (data/games/cluedo6.kvg) */
  N_("Cluedo, six players"),
  /* TRANSLATORS: the title of a built-in game (data/games/hexa.kvg); 1, 2
   * and 3 are the players, r, w and b the cards (red, white, blue) */
  N_("Hexa: three players, three cards"),
  /* TRANSLATORS: the title of a built-in game (data/games/hexa-show.kvg):
   * player 1 shows the red card to player 2 */
  N_("Hexa: 1 shows red to 2"),
  /* TRANSLATORS: the title of a built-in game (data/games/twocards.kvg);
   * "twocards" is the name of the action in van Ditmarsch's paper */
  N_("twocards: 3 shows one card to 1 and the other to 2"),
  NULL,
};

const char *
kv_game_display_title (const char *title)
{
  if (title == NULL)
    return NULL;
  for (guint i = 0; builtin_titles[i] != NULL; i++)
    if (g_str_equal (title, builtin_titles[i]))
      return g_dgettext (GETTEXT_PACKAGE, builtin_titles[i]);
  return title;
}

char *
kv_game_title_in (const KvGame *game, const char *lang)
{
  char *own = lang != NULL ? kv_say_text (game->titles, lang) : NULL;

  return own != NULL ? own : g_strdup (kv_game_display_title (game->title));
}

char *
kv_game_user_title (const KvGame *game)
{
  return kv_game_title_in (game, kv_i18n_narration_language ());
}

/* The categories of the built-in games (data/games/cluedo*.kvg, clue11.kvg). */
static const char *const builtin_categories[] = {
  /* TRANSLATORS: a category of cards in the built-in Cluedo games (the
   * people who may have done it); the envelope grid's note says "its
   * suspect heads its row" */
  N_("suspect"),
  /* TRANSLATORS: a category of cards in the built-in Cluedo games */
  N_("weapon"),
  /* TRANSLATORS: a category of cards in the built-in Cluedo games */
  N_("room"),
  NULL,
};

const char *
kv_game_display_category (const KvGame *game, int category)
{
  const char *name;

  g_return_val_if_fail (category >= 0 && (guint) category < game->n_categories, NULL);
  name = game->category_names[category];
  if (game->title != NULL && g_strv_contains (builtin_titles, game->title)
      && g_strv_contains (builtin_categories, name))
    return g_dgettext (GETTEXT_PACKAGE, name);
  return name;
}

const char *const *
kv_game_builtin_titles (void)
{
  return builtin_titles;
}
