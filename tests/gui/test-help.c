// SPDX-License-Identifier: GPL-3.0-or-later
/* test-help.c: F1 and the main menu's Help open the help in Yelp; without
 * Yelp the window says so (issue 31, item 5).
 *
 * Yelp is replaced by a stub on PATH that writes its arguments to a file,
 * so the test sees what the window asked for without a help viewer
 * opening under Xvfb. */
#include "config.h"

#include <glib/gstdio.h>

#include "kv-display-util.h"
#include "kv-help.h"

static KvWindow *window;
static char *state_dir;
static char *stub_dir;     /* holds the stub yelp */
static char *empty_dir;    /* a PATH with no yelp */
static char *log_path;     /* what the stub was started with */

/* As F1 reaches the window: the class's key bindings (GTK 4.8 cannot make
 * a key event; this walks the table a key press goes through). */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          g_strcmp0 (gtk_event_controller_get_name (controller), "gtk-widget-class-shortcuts") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE, widget, NULL);
        }
    }
  return FALSE;
}

/* The stub's log once it has written it (up to 10 s), or NULL. */
static char *
wait_for_log (void)
{
  for (guint i = 0; i < 500; i++)
    {
      char *text = NULL;

      kv_display_wait (20);
      if (g_file_get_contents (log_path, &text, NULL, NULL) && g_str_has_suffix (text, "\n"))
        return text;
      g_free (text);
    }
  return NULL;
}

static void
make_stub (void)
{
  g_autofree char *yelp = NULL;
  g_autofree char *script = NULL;

  stub_dir = g_dir_make_tmp ("kv-yelp-XXXXXX", NULL);
  empty_dir = g_dir_make_tmp ("kv-no-yelp-XXXXXX", NULL);
  g_assert_nonnull (stub_dir);
  g_assert_nonnull (empty_dir);
  log_path = g_build_filename (stub_dir, "arguments", NULL);
  yelp = g_build_filename (stub_dir, "yelp", NULL);
  script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$*\" > '%s.part' && /bin/mv '%s.part' '%s'\n",
                            log_path, log_path, log_path);
  g_assert_true (g_file_set_contents (yelp, script, -1, NULL));
  g_assert_cmpint (g_chmod (yelp, 0755), ==, 0);
}

/* F1 starts Yelp on the installed help's id. */
static void
test_f1_opens_help (void)
{
  g_autofree char *arguments = NULL;

  g_setenv ("PATH", stub_dir, TRUE);
  g_unsetenv ("KRIPKEVIZ_HELP_DIR");
  g_unlink (log_path);

  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_F1));
  arguments = wait_for_log ();
  g_assert_nonnull (arguments);
  g_assert_cmpstr (arguments, ==, "help:" KV_HELP_ID "\n");
}

/* KRIPKEVIZ_HELP_DIR (tools/dev.sh run) opens the pages of the source tree. */
static void
test_help_dir (void)
{
  g_autofree char *arguments = NULL;
  g_autofree char *expected = g_strconcat (HELP_SOURCE_DIR, "\n", NULL);

  g_setenv ("PATH", stub_dir, TRUE);
  g_setenv ("KRIPKEVIZ_HELP_DIR", HELP_SOURCE_DIR, TRUE);
  g_unlink (log_path);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL);
  arguments = wait_for_log ();
  g_unsetenv ("KRIPKEVIZ_HELP_DIR");
  g_assert_nonnull (arguments);
  g_assert_cmpstr (arguments, ==, expected);
}

/* The header bar's main menu button (the primary one), or NULL. */
static GtkWidget *
find_main_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_main_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The main menu has Help, on the same action. */
static void
test_main_menu (void)
{
  GtkWidget *button = find_main_menu_button (GTK_WIDGET (window));
  GMenuModel *menu;
  gboolean found = FALSE;

  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      GMenuModel *section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
              g_strcmp0 (action, "win.help") == 0)
            found = TRUE;
        }
      g_clear_object (&section);
    }
  g_assert_true (found);
}

/* Without Yelp: a toast that names it, not silence. */
static void
test_no_yelp (void)
{
  guint toasts = kv_window_get_n_toasts (window);

  g_setenv ("PATH", empty_dir, TRUE);
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_F1));
  kv_display_wait (100);
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);
  g_assert_nonnull (strstr (kv_window_get_last_toast (window), "Yelp"));
  g_assert_nonnull (strstr (kv_window_get_last_toast (window), "yelp"));
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("help-no-yelp-%s.png", kv_display_language ());

      kv_display_wait (300);
      g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-help", TRUE);
  make_stub ();
  window = kv_display_new_window (1024, 700);

  g_test_add_func ("/help/f1", test_f1_opens_help);
  g_test_add_func ("/help/source-dir", test_help_dir);
  g_test_add_func ("/help/main-menu", test_main_menu);
  g_test_add_func ("/help/no-yelp", test_no_yelp);
  status = g_test_run ();

  g_unlink (log_path);
  g_unlink (g_build_filename (stub_dir, "yelp", NULL));
  g_rmdir (stub_dir);
  g_rmdir (empty_dir);
  kv_display_finish (window, state_dir);
  return status;
}
