// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-game-menu.h: the game menu of the window's header bar: the built-in
 * games (win.open-game), Open… and Save Script… (win.open, win.save), and
 * the last few .kvg files opened or saved (win.open-game with their path). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The menu as it is now (the recent files change): a new model. */
GMenuModel *kv_game_menu_new        (void);

/* Adds @path (a .kvg file) to the recent files. */
void        kv_game_menu_add_recent (const char *path);

G_END_DECLS
