// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-screenshot.c: renders the real window to a PNG (for README
 * screenshots and for looking at the window without a desktop).
 *
 *   kv-screenshot GAME OUT.png [--step N] [--turns N] [--apply STEP]…
 *                 [--formula F] [--world W] [--width W] [--height H]
 *                 [--compose STEP] [--shortcuts] [--present] [--probabilities]
 *                 [--perspective CHAIN] [--playing] [--sidebar]
 *                 [--product pairs|links|result] [--view auto|whole|around|envelope]
 *
 * Translated as the application is: LANGUAGE=nl LANG=nl_NL.UTF-8 gives a
 * Dutch window.
 *
 * --compose sets the composer to a step without applying it; --shortcuts
 * renders the keyboard shortcuts window instead of the main window;
 * --product shows the product view of the selected step at that stage
 * (--view: the panels' view); --present renders presentation mode (F5) at
 * the --width × --height given (not the screen's); --playing starts one
 * more Next turn and renders the window while it plays, once its bar is up
 * (a turn slow enough for it: real Cluedo's); --sidebar opens the history
 * where it is folded over the canvas (a 1024 px screen).
 */
#define G_LOG_DOMAIN "kv-screenshot"
#include "config.h"

#include <stdlib.h>
#include <adwaita.h>

#include "kv-application.h"
#include "kv-composer.h"
#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-product-pane.h"

int
main (int   argc,
      char *argv[])
{
  int step = -1, turns = 0, world = -1, width = 1400, height = 900;
  g_autofree char *formula = NULL;
  g_autofree char *compose = NULL;
  gboolean shortcuts = FALSE;
  gboolean present = FALSE;
  gboolean probabilities = FALSE;
  gboolean playing = FALSE;
  gboolean sidebar = FALSE;
  g_autofree char *perspective = NULL;
  g_autofree char *product = NULL;
  g_autofree char *view = NULL;
  g_autofree char *engine = NULL;
  g_autoptr(KvApplication) app = NULL;
  g_auto(GStrv) apply = NULL;
  const GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_INT, &step, "Select this step", "N" },
    { "turns", 0, 0, G_OPTION_ARG_INT, &turns, "Play N turns with Next turn", "N" },
    { "apply", 0, 0, G_OPTION_ARG_STRING_ARRAY, &apply, "Apply a step with the composer", "STEP" },
    { "formula", 0, 0, G_OPTION_ARG_STRING, &formula, "Check a formula", "F" },
    { "world", 0, 0, G_OPTION_ARG_INT, &world, "Select a world on the canvas", "W" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "H" },
    { "compose", 0, 0, G_OPTION_ARG_STRING, &compose, "Set the composer to a step", "STEP" },
    { "shortcuts", 0, 0, G_OPTION_ARG_NONE, &shortcuts, "Render the shortcuts window", NULL },
    { "product", 0, 0, G_OPTION_ARG_STRING, &product, "Show the product view at this stage", "STAGE" },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view, "The product panels' view", "KIND" },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine, "The layout engine (the preference)", "ENGINE" },
    { "present", 0, 0, G_OPTION_ARG_NONE, &present, "Presentation mode (F5)", NULL },
    { "probabilities", 0, 0, G_OPTION_ARG_NONE, &probabilities, "The knowledge table's chances (%)", NULL },
    { "perspective", 0, 0, G_OPTION_ARG_STRING, &perspective, "An agent's perspective (1, 1>2)", "CHAIN" },
    { "playing", 0, 0, G_OPTION_ARG_NONE, &playing, "Render while one more Next turn plays, its bar up", NULL },
    { "sidebar", 0, 0, G_OPTION_ARG_NONE, &sidebar, "Open the history where it is folded", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("GAME OUT.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  KvWindow *window;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: kv-screenshot GAME OUT.png");
      return 2;
    }

  /* The user's language (LANGUAGE=nl …), from the build tree's catalogues
   * when run from there, as the application does (main.c). */
  kv_i18n_init ();
  gtk_init ();
  adw_init ();
  kv_display_fix_locale ();
  kv_display_load_style ();

  if (shortcuts)
    {
      /* The shortcuts window shows the application's accelerators. */
      app = kv_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                                g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      if (!g_application_register (G_APPLICATION (app), NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  if (engine != NULL)
    {
      /* The window reads the preference as it is made. */
      g_autoptr(GSettings) settings = g_settings_new ("org.kripkeviz.Kripkeviz");

      g_settings_set_string (settings, "layout-engine", engine);
    }
  window = kv_window_new (app != NULL ? GTK_APPLICATION (app) : NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  if (!kv_window_open (window, argv[1], &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (perspective != NULL)
    kv_session_set_perspective (kv_window_get_session (window), perspective);
  if (probabilities)
    kv_knowledge_table_set_probabilities (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)), TRUE);
  if (present)
    {
      kv_window_set_presenting (window, TRUE);
      /* Full screen is the screen's size: shown at the size asked for. */
      gtk_window_unfullscreen (GTK_WINDOW (window));
    }
  if (step >= 0)
    kv_window_select_step (window, step);
  for (guint i = 0; apply != NULL && apply[i] != NULL; i++)
    {
      KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));

      if (!kv_composer_set_step_text (composer, apply[i]) ||
          !gtk_widget_activate_action (GTK_WIDGET (composer), "composer.apply", NULL))
        g_printerr ("could not apply %s: %s\n", apply[i], kv_composer_get_reason (composer));
    }
  for (int i = 0; i < turns; i++)
    kv_display_next_turn (window);
  if (formula != NULL)
    {
      GtkWidget *entry = kv_window_get_formula_entry (window);

      gtk_editable_set_text (GTK_EDITABLE (entry), formula);
      g_signal_emit_by_name (entry, "activate");
    }
  if (compose != NULL &&
      !kv_composer_set_step_text (KV_COMPOSER (kv_window_get_composer (window)), compose))
    g_printerr ("could not compose %s\n", compose);
  if (world >= 0)
    kv_canvas_view_set_selected_world (KV_CANVAS_VIEW (kv_window_get_canvas (window)), world);

  if (product != NULL)
    {
      KvProductPane *pane = KV_PRODUCT_PANE (kv_window_get_product_pane (window));
      KvProductStage stage;
      KvViewKind kind;

      if (!kv_product_stage_from_string (product, &stage) || stage == KV_PRODUCT_STAGE_ACTION)
        {
          g_printerr ("unknown stage %s (pairs, links, result)\n", product);
          return 2;
        }
      kv_window_set_product_mode (window, TRUE);
      if (!kv_window_get_product_mode (window))
        {
          g_printerr ("no product view at this step\n");
          return 1;
        }
      if (view != NULL)
        {
          if (!kv_view_kind_from_string (view, &kind))
            {
              g_printerr ("unknown view %s\n", view);
              return 2;
            }
          kv_product_pane_set_view (pane, kind);
        }
      kv_product_pane_set_stage (pane, stage);
    }

  kv_display_wait (300);
  kv_display_wait_for_canvas (window, 30000);
  kv_display_wait_for_product (window, 30000);
  kv_display_wait (300);
  /* After the first allocation: the flap folds (and hides) then. */
  if (sidebar)
    {
      g_object_set (window, "show-sidebar", TRUE, NULL);
      kv_display_wait (600);
    }
  if (shortcuts)
    {
      GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));

      if (overlay == NULL)
        {
          g_printerr ("no shortcuts window\n");
          return 1;
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
      kv_display_wait (500);
      texture = kv_display_render (GTK_WIDGET (overlay));
    }
  else if (playing)
    {
      GtkActionBar *bar = GTK_ACTION_BAR (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                                          "play_bar"));
      KvSession *session = kv_window_get_session (window);

      if (!gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL))
        {
          g_printerr ("no next turn at this step\n");
          return 1;
        }
      while (kv_session_get_playing (session) && !gtk_action_bar_get_revealed (bar))
        g_main_context_iteration (NULL, TRUE);
      /* The bar slides in. */
      kv_display_wait (400);
      if (!kv_session_get_playing (session))
        {
          g_printerr ("the turn was over before its bar was shown\n");
          return 1;
        }
      texture = kv_display_render (GTK_WIDGET (window));
      kv_display_wait_for_play (window);
    }
  else
    texture = kv_display_render (GTK_WIDGET (window));
  if (texture == NULL || !gdk_texture_save_to_png (texture, argv[2]))
    {
      g_printerr ("could not save %s\n", argv[2]);
      return 1;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
