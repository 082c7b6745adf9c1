// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-game-menu.c: the game menu — built-in games, open and save, the
 * deal, recent files */
#define G_LOG_DOMAIN "kv-game-menu"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-engine.h"
#include "kv-game-menu.h"

#define MAX_RECENT 5

void
kv_game_menu_add_recent (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    /* As data/org.kripkeviz.Kripkeviz.mime.xml names them. */
    .mime_type = (char *) (kv_model_json_is_path (path) ? "application/x-kripkeviz-model" : "text/x-kripkeviz"),
    .app_name = (char *) "Kripkeviz",
    .app_exec = (char *) "kripkeviz %f",
    .groups = NULL,
    .is_private = FALSE,
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

GMenuModel *
kv_game_menu_new (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) builtins = g_menu_new ();
  g_autoptr(GMenu) files = g_menu_new ();
  g_autoptr(GMenu) game = g_menu_new ();
  g_autoptr(GMenu) recent = g_menu_new ();
  g_auto(GStrv) names = kv_script_builtin_names ();
  GList *items;
  guint n_recent = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = kv_script_builtin_title (names[i]);
      /* In the user's language (kv-game-title.h). */
      g_autoptr(GMenuItem) item = g_menu_item_new (title != NULL ? kv_game_display_title (title) : names[i], NULL);

      g_menu_item_set_action_and_target (item, "win.open-game", "s", names[i]);
      g_menu_append_item (builtins, item);
    }
  g_menu_append_section (menu, _("Built-in Games"), G_MENU_MODEL (builtins));

  /* Narrated lessons with questions (kv-lesson-chooser.c). */
  g_menu_append (files, _("_Lessons…"), "lesson.choose");
  g_menu_append (files, _("_Open…"), "win.open");
  g_menu_append (files, _("_Save Script…"), "win.save");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (files));

  /* The game shown: who holds which card (kv-deal-dialog.h). */
  g_menu_append (game, _("Change _Deal…"), "win.change-deal");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (game));

  items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  for (GList *l = items; l != NULL && n_recent < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;
      g_autofree char *basename = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if ((!g_str_has_suffix (uri, ".kvg") && !kv_model_json_is_path (uri))
          || !gtk_recent_info_has_application (info, "Kripkeviz"))
        continue;
      file = g_file_new_for_uri (uri);
      path = g_file_get_path (file);
      if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      basename = g_file_get_basename (file);
      item = g_menu_item_new (basename, NULL);
      g_menu_item_set_action_and_target (item, "win.open-game", "s", path);
      g_menu_append_item (recent, item);
      n_recent++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  if (n_recent > 0)
    g_menu_append_section (menu, _("Recent"), G_MENU_MODEL (recent));

  return G_MENU_MODEL (menu);
}
