// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-application.c: the application */
#define G_LOG_DOMAIN "kv-application"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-application.h"
#include "kv-preferences-window.h"
#include "kv-window.h"

#define DEFAULT_GAME "hexa"

struct _KvApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (KvApplication, kv_application, ADW_TYPE_APPLICATION)

/* A new window with @game; without one, the autosaved session (if any)
 * or Hexa. With @present, in presentation mode. */
static void
open_in_new_window (KvApplication *self,
                    const char    *game,
                    gboolean       present)
{
  KvWindow *window = kv_window_new (GTK_APPLICATION (self));
  g_autoptr(GError) error = NULL;

  /* Full screen from its first frame. */
  if (present)
    kv_window_set_presenting (window, TRUE);
  gtk_window_present (GTK_WINDOW (window));
  kv_window_set_autosave (window, TRUE);
  if (game != NULL && kv_window_open (window, game, &error))
    return;

  /* The last session (a game that does not open keeps it), else Hexa; and
   * say what went wrong with the game asked for. */
  if (!kv_window_restore_session (window))
    kv_window_open (window, DEFAULT_GAME, NULL);
  if (error != NULL)
    {
      g_printerr ("kripkeviz: %s\n", error->message);
      kv_window_open_or_report (window, game);
    }
}

/* The window's options, parsed by GApplication: --help lists them, and they
 * combine with each other and with GAME in any order. */
static const GOptionEntry option_entries[] = {
  { "present", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Start in presentation mode (full screen, large print; F5 or Esc leaves)"), NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, NULL, N_("Show the version"), NULL },
  /* TRANSLATORS: after "Usage: kripkeviz [OPTION…]" in --help */
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[GAME]") },
  { NULL }
};

/* Answered in the launching process, before any display is opened: a
 * terminal or a packaging script may have none. */
static int
kv_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("kripkeviz %s\n", PACKAGE_VERSION);
      return 0;
    }
  /* Without its schema GSettings aborts the window: say what to do instead. */
  {
    g_autoptr(GSettingsSchema) schema =
      g_settings_schema_source_lookup (g_settings_schema_source_get_default (), APP_ID, TRUE);

    if (schema == NULL)
      {
        g_printerr (_("kripkeviz: the settings schema %s is not installed: install Kripkeviz "
                      "(meson install), or run it from a build with tools/dev.sh run, or set "
                      "GSETTINGS_SCHEMA_DIR to the build's data directory.\n"), APP_ID);
        return 2;
      }
  }
  /* A malformed KRIPKEVIZ_* setting is said, by name and why, not ignored. */
  {
    g_autoptr(GError) error = NULL;
    KvEngineKind kind;
    guint nodes;

    if (!kv_engine_from_env (&kind, &error) || !kv_sym_nodes_from_env (&nodes, &error))
      {
        g_printerr ("kripkeviz: %s%s\n", g_str_has_prefix (error->message, "KRIPKEVIZ_") ? "" : "KRIPKEVIZ_ENGINE: ",
                    error->message);
        return 2;
      }
  }
  return -1;
}

static int
kv_application_command_line (GApplication            *application,
                             GApplicationCommandLine *command_line)
{
  KvApplication *self = KV_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **games = NULL;
  const char *game = NULL;
  gboolean present = FALSE;

  g_variant_dict_lookup (options, "present", "b", &present);
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &games);
  if (games != NULL && games[0] != NULL && games[1] != NULL)
    {
      g_application_command_line_printerr (command_line,
                                           _("Usage: kripkeviz [--present] [GAME]  (a built-in game, a .kvg file or a .kvm.json model)\n"));
      return 2;
    }
  game = games != NULL ? games[0] : NULL;

  if (game != NULL)
    {
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;

      /* A path is resolved against the caller's directory. */
      if (strchr (game, '/') != NULL || g_str_has_suffix (game, ".kvg") || kv_model_json_is_path (game))
        {
          file = g_application_command_line_create_file_for_arg (command_line, game);
          path = g_file_get_path (file);
        }
      open_in_new_window (self, path != NULL ? path : game, present);
    }
  else
    open_in_new_window (self, NULL, present);

  return 0;
}

static void
kv_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window != NULL)
    gtk_window_present (window);
  else
    open_in_new_window (KV_APPLICATION (application), NULL, FALSE);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Kripkeviz developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", "Kripkeviz",
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The Kripkeviz developers"),
                        "developers", developers,
                        "comments", _("Teach dynamic epistemic logic with knowledge games: "
                                      "step through Hexa and Clue and watch the Kripke model and "
                                      "what every player knows change."),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Kripkeviz developers",
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkApplication *app = user_data;
  KvPreferencesWindow *window = kv_preferences_window_new (gtk_application_get_active_window (app));

  gtk_window_present (GTK_WINDOW (window));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Closing saves each window's size. */
  while (windows != NULL)
    {
      GtkWindow *window = windows->data;

      windows = windows->next;
      gtk_window_close (window);
    }
  g_application_quit (G_APPLICATION (app));
}

static void
kv_application_startup (GApplication *application)
{
  static const GActionEntry entries[] = {
    { "about", about_action },
    { "preferences", preferences_action },
    { "quit", quit_action },
  };
  static const struct {
    const char *action;
    const char *accels[4];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };

  G_APPLICATION_CLASS (kv_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), entries,
                                   G_N_ELEMENTS (entries), application);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application),
                                           accels[i].action, accels[i].accels);
  kv_window_add_accels (GTK_APPLICATION (application));
}

static void
kv_application_class_init (KvApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = kv_application_startup;
  app_class->activate = kv_application_activate;
  app_class->command_line = kv_application_command_line;
  app_class->handle_local_options = kv_application_handle_local_options;
}

static void
kv_application_init (KvApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
    _("Opens GAME (a .kvg script, a .kvm.json model or a built-in game: see\n"
      "`kripkeviz-cli games`) in a window; without GAME, the last session or Hexa."));
}

KvApplication *
kv_application_new (void)
{
  return g_object_new (KV_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/org/kripkeviz/Kripkeviz",
                       NULL);
}
