// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-strategy-menu.h: "Players" — which strategy each player of Next turn
 * and Play to the end uses (random, naive, del, del+), in a popover under
 * a button that names them. It shows and edits a KvSession's strategies. */
#pragma once

#include <gtk/gtk.h>

#include "kv-session.h"

G_BEGIN_DECLS

#define KV_TYPE_STRATEGY_MENU (kv_strategy_menu_get_type ())
G_DECLARE_FINAL_TYPE (KvStrategyMenu, kv_strategy_menu, KV, STRATEGY_MENU, GtkWidget)

/* The session whose players it shows (a weak reference), or NULL. */
void        kv_strategy_menu_set_session  (KvStrategyMenu *self,
                                           KvSession      *session);
/* The drop-down of @agent's strategy (for tests), or NULL. */
GtkDropDown *kv_strategy_menu_get_drop_down (KvStrategyMenu *self,
                                             guint           agent);
/* The button's label ("Players: del · naive · del"). */
const char *kv_strategy_menu_get_summary  (KvStrategyMenu *self);

/* Where @name is among the engine's strategies (kv_strategy_names ():
 * the drop-downs' items), 0 for an unknown name; and one line saying what
 * @name does (translated, static). */
guint       kv_strategy_index             (const char *name);
const char *kv_strategy_describe          (const char *name);

G_END_DECLS
