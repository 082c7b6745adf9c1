// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-game-title.h: the built-in games' titles and categories in the
 * user's language.
 *
 * The .kvg files of data/games write their titles in English ("title
 * Hexa: three players, three cards"); kv-game-title.c lists the same
 * titles with N_(), so xgettext extracts them into the catalogue and
 * po/nl.po translates them. The data suite (po/check-po.sh titles) fails when a built-in's
 * title is not listed there or not translated, so the two cannot drift.
 *
 * Only those titles are translated: a title a user wrote (their own .kvg,
 * a model file) stays as written, even if it happens to be a message of
 * the program's. The same for the categories (suspect, weapon, room): a
 * built-in game's are shown in the user's language (the envelope grid's
 * note, the knowledge table's groups, the composer), a user's game's as
 * written. Card names are never translated: formulas and scripts name
 * the cards.
 */
#pragma once

#include "kv-game.h"

G_BEGIN_DECLS

/* @title as shown to the user: a built-in game's title in the user's
 * language, any other as it is. NULL for NULL. */
const char        *kv_game_display_title   (const char *title);

/* @game's title in @lang ("nl"; NULL: the default): its own title.LANG
 * line when it has one (a lesson's), else as kv_game_display_title ()
 * shows it; NULL when it has no title. */
char              *kv_game_title_in         (const KvGame *game, const char *lang);
/* @game's title in the user's language (kv_i18n_narration_language ()). */
char              *kv_game_user_title       (const KvGame *game);

/* The name of @game's @category as shown to the user: translated when
 * @game is a built-in one, else as written. */
const char        *kv_game_display_category (const KvGame *game, int category);

/* The built-in games' titles, in English, NULL-terminated (for tests). */
const char *const *kv_game_builtin_titles  (void);

G_END_DECLS
