// SPDX-License-Identifier: GPL-3.0-or-later
/* test-present.c: presentation mode (issue 10, item 2).
 *
 * F5 enters and leaves (full screen, the history hidden, the step strip
 * shown), Escape leaves; Page Down / Right step forward and Page Up / Left
 * back; `kripkeviz --present hexa` starts in it; on a 1280×720 screen the
 * world labels of Hexa are at least 18 px, and a bigger view's at least
 * what kv_style_presentation_label_px () asks; the knowledge table is in
 * large print (24 px, its "?" cells at least 65 % black: #595959 or
 * darker on white, a contrast of 7:1) with every column in sight for Hexa
 * beside the picture, and for Clue 11 alone (T: picture, table, both);
 * the product view hides the layout switch and T leaves the layout.
 * Run on a 1280×720 Xvfb screen (meson.build), so that full screen is
 * 1280×720.
 */
#define G_LOG_DOMAIN "test-present"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "kv-application.h"
#include "kv-display-util.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-knowledge-table.h"

static KvWindow *window;
static char *state_dir;

/* As a key press reaches the window: its shortcut controllers, those of
 * the capture phase first, then the bubble phase (the class's bindings).
 * GTK 4.8 cannot make a key event; this walks the same tables. */
static gboolean
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  modifiers)
{
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_BUBBLE };
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        const char *name;

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
            gtk_event_controller_get_propagation_phase (controller) != phases[p])
          continue;
        /* The window's own: its class's bindings and the presentation keys
         * (not those other widgets left with the window to manage). */
        name = gtk_event_controller_get_name (controller);
        if (g_strcmp0 (name, "gtk-widget-class-shortcuts") != 0 &&
            g_strcmp0 (name, "kv-present-keys") != 0)
          continue;
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
            GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

            if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
                gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
                gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers &&
                gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                              GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                              gtk_shortcut_get_arguments (shortcut)))
              {
                kv_display_wait (50);
                return TRUE;
              }
          }
      }
  return FALSE;
}

/* Full screen is the window manager's doing: a bare Xvfb has none. */
static gboolean
can_fullscreen (void)
{
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gdk_display_get_default ();

  if (GDK_IS_X11_DISPLAY (display))
    return gdk_x11_screen_supports_net_wm_hint (gdk_x11_display_get_screen (display),
                                                "_NET_WM_STATE_FULLSCREEN");
#endif
  return TRUE;
}

static void
assert_presenting (gboolean presenting)
{
  g_assert_cmpint (kv_window_get_presenting (window), ==, presenting);
  if (can_fullscreen ())
    g_assert_cmpint (gtk_window_is_fullscreen (GTK_WINDOW (window)), ==, presenting);
  else
    g_test_message ("no window manager: full screen not checked");
  g_assert_cmpint (kv_window_get_sidebar_shown (window), ==, !presenting);
  if (presenting)
    g_assert_nonnull (kv_window_get_strip_text (window));
  else
    g_assert_null (kv_window_get_strip_text (window));
}

static void
test_enter_leave (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_display_wait (200);
  assert_presenting (FALSE);

  /* The action (the header bar's button), F5 and Escape. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  kv_display_wait (300);
  assert_presenting (TRUE);
  g_assert_cmpstr (kv_window_get_strip_text (window), ==, "Step 0 of 2 · The cards are dealt");

  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_F5, 0));
  kv_display_wait (300);
  assert_presenting (FALSE);
  /* Escape is the window's own when not presenting. */
  g_assert_false (press_key (GTK_WIDGET (window), GDK_KEY_Escape, 0));
  g_assert_false (press_key (GTK_WIDGET (window), GDK_KEY_Page_Down, 0));
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_F5, 0));
  kv_display_wait (300);
  assert_presenting (TRUE);
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Escape, 0));
  kv_display_wait (300);
  assert_presenting (FALSE);
}

/* A presenter's clicker sends Page Up / Page Down, a keyboard the arrows. */
static void
test_keys (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "hexa", &error));
  kv_window_set_presenting (window, TRUE);
  kv_display_wait (200);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Page_Down, 0));
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_true (g_str_has_prefix (kv_window_get_strip_text (window), "Step 1 of 2 · "));
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Right, 0));
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  g_assert_true (g_str_has_prefix (kv_window_get_strip_text (window), "Step 2 of 2 · "));
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Page_Up, 0));
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Left, 0));
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  /* Nothing before the first step. */
  press_key (GTK_WIDGET (window), GDK_KEY_Left, 0);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  /* Out of presentation mode the arrows are the focused widget's. */
  kv_window_set_presenting (window, FALSE);
  kv_display_wait (200);
  press_key (GTK_WIDGET (window), GDK_KEY_Right, 0);
  press_key (GTK_WIDGET (window), GDK_KEY_Page_Down, 0);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
}

static KvCanvas *
canvas_of (KvWindow *w)
{
  return kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (w)));
}

/* The rule: 18 px up to 30 worlds, 11 px from 300. */
static void
test_label_rule (void)
{
  g_assert_cmpfloat (kv_style_presentation_label_px (6), ==, 18.0);
  g_assert_cmpfloat (kv_style_presentation_label_px (30), ==, 18.0);
  g_assert_cmpfloat (kv_style_presentation_label_px (165), >, 11.0);
  g_assert_cmpfloat (kv_style_presentation_label_px (165), <, 18.0);
  g_assert_cmpfloat (kv_style_presentation_label_px (300), ==, 11.0);
  g_assert_cmpfloat (kv_style_presentation_label_px (5000), ==, 11.0);
}

/* On a 1280×720 screen, read from the back of the room. */
static void
test_label_size (void)
{
  static const struct {
    const char *game;
    guint       step;
  } cases[] = { { "hexa", 1 }, { "hexa", 0 }, { "clue11", 7 } };
  g_autoptr(GError) error = NULL;

  kv_window_set_presenting (window, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KvLayout *layout;
      guint n;
      double size;

      g_assert_true (kv_window_open (window, cases[i].game, &error));
      g_assert_no_error (error);
      kv_window_select_step (window, cases[i].step);
      g_assert_true (kv_display_wait_for_canvas (window, 30000));
      kv_display_wait (200);

      /* The screen's size, less the borders a window without a window
       * manager draws itself: never more than a 1280×720 projector. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, 1260);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 720);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), >=, 700);
      layout = kv_canvas_get_layout (canvas_of (window));
      g_assert_nonnull (layout);
      n = kv_graph_n_nodes (layout->graph);
      size = kv_canvas_get_label_size (canvas_of (window));
      g_test_message ("%s step %u: %u worlds, labels %.1f px", cases[i].game, cases[i].step, n, size);
      g_assert_cmpuint (n, <=, KV_STYLE_PRESENT_SMALL_WORLDS);
      g_assert_cmpfloat (size, >=, kv_style_presentation_label_px (n) - 1e-6);
      g_assert_cmpfloat (size, >=, 11.0);
      if (g_str_equal (cases[i].game, "hexa"))
        g_assert_cmpfloat (size, >=, 18.0);
    }

  /* Leaving gives the ordinary fit back. */
  kv_window_set_presenting (window, FALSE);
  kv_display_wait (200);
  assert_presenting (FALSE);
}

/* The first cell of the knowledge table styled @class ("unknown": a "?"
 * with its candidates, "known"), its label; or NULL. */
static GtkWidget *
find_cell_label (GtkWidget  *widget,
                 const char *class)
{
  if (gtk_widget_has_css_class (widget, "cell") && gtk_widget_has_css_class (widget, class) &&
      gtk_widget_get_mapped (widget) && GTK_IS_LABEL (gtk_widget_get_first_child (widget)))
    return gtk_widget_get_first_child (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_cell_label (child, class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The knowledge table in large print, all its columns in sight. */
static void
test_table_size (void)
{
  static const struct {
    const char *game;
    guint       step;
  } cases[] = { { "hexa", 1 }, { "clue11", 7 } };
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  GtkWidget *scroller = kv_knowledge_table_get_scroller (table);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const KvGame *game;
      double desk_px, present_px;
      GtkWidget *unknown;
      GdkRGBA colour;

      kv_window_set_presenting (window, FALSE);
      g_assert_true (kv_window_open (window, cases[i].game, &error));
      g_assert_no_error (error);
      kv_window_select_step (window, cases[i].step);
      kv_display_wait (300);
      game = kv_window_get_history (window)->game;
      unknown = find_cell_label (GTK_WIDGET (table), "unknown");
      g_assert_nonnull (unknown);
      desk_px = kv_display_text_px (unknown);

      kv_window_set_presenting (window, TRUE);
      g_assert_true (kv_display_wait_for_canvas (window, 30000));
      /* Clue 11's table at 24 px is wider than half the screen: T shows
       * it alone (Hexa's fits beside the picture). */
      if (g_str_equal (cases[i].game, "clue11"))
        {
          KvPresentLayout was = window->present_layout;

          /* T flips through the three, the strip's Table button picks one. */
          for (guint t = 1; t <= 3; t++)
            {
              g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_t, 0));
              g_assert_cmpint (window->present_layout, ==, (was + t) % 3);
            }
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present-layout", "s", "table"));
          g_assert_cmpint (window->present_layout, ==, KV_PRESENT_TABLE);
          g_assert_false (gtk_widget_get_visible (gtk_paned_get_start_child (window->inner_paned)));
        }
      kv_display_wait (400);
      unknown = find_cell_label (GTK_WIDGET (table), "unknown");
      g_assert_nonnull (unknown);
      present_px = kv_display_text_px (unknown);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_style_context_get_color (gtk_widget_get_style_context (unknown), &colour);
      G_GNUC_END_IGNORE_DEPRECATIONS
      g_test_message ("%s step %u: the table's text %.1f px at the desk, %.1f px presenting; "
                      "\"?\" cells at %.0f %% opacity", cases[i].game, cases[i].step,
                      desk_px, present_px, colour.alpha * 100);
      g_assert_cmpfloat (present_px, >=, 24.0);
      g_assert_cmpfloat (present_px, >=, 1.2 * desk_px);
      g_assert_cmpfloat (colour.alpha, >=, 0.65);
      /* Not ellipsized: the columns were measured in the large font. */
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (unknown))));

      /* Every column (the cards, each player, E and C) in sight. */
      for (guint c = 0; c < game->n_agents + 3; c++)
        {
          GtkWidget *header = kv_knowledge_table_get_header (table, c);
          g_autofree char *what = g_strdup_printf ("%s presenting: column %u", cases[i].game, c);

          g_assert_nonnull (header);
          g_assert_true (gtk_widget_get_mapped (header));
          kv_display_assert_inside (header, GTK_WIDGET (window), what);
          kv_display_assert_inside (header, scroller, what);
        }
      {
        g_autofree char *name = g_strdup_printf ("present-table-%s.png", cases[i].game);

        g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
      }

      /* Back at the desk, the table's own size again. */
      kv_window_set_presenting (window, FALSE);
      kv_display_wait (400);
      unknown = find_cell_label (GTK_WIDGET (table), "unknown");
      g_assert_nonnull (unknown);
      g_assert_cmpfloat (fabs (kv_display_text_px (unknown) - desk_px), <, 0.01);
    }
}

/* The product view, presenting, is always a picture: the strip's
 * Picture, Both and Table are hidden while it is shown (they showed
 * "Table" lit over the product's two panels) and T leaves the layout
 * the step had, which comes back with it. */
static void
test_product_layout (void)
{
  g_autoptr(GError) error = NULL;
  KvPresentLayout was;

  kv_window_set_presenting (window, FALSE);
  g_assert_true (kv_window_open (window, "hexa-show", &error));
  g_assert_no_error (error);
  kv_window_select_step (window, 1);
  kv_window_set_presenting (window, TRUE);
  g_assert_true (kv_display_wait_for_canvas (window, 30000));
  was = window->present_layout;
  g_assert_true (gtk_widget_get_visible (window->layout_switch));

  g_object_set (window, "product-mode", TRUE, NULL);
  kv_display_wait (200);
  g_assert_true (window->product_mode);
  g_assert_false (gtk_widget_get_visible (window->layout_switch));
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_t, 0));
  g_assert_cmpint (window->present_layout, ==, was);

  g_object_set (window, "product-mode", FALSE, NULL);
  kv_display_wait (200);
  g_assert_true (gtk_widget_get_visible (window->layout_switch));
  g_assert_cmpint (window->present_layout, ==, was);
  kv_window_set_presenting (window, FALSE);
}

/* kripkeviz --present hexa */

static gboolean
check_new_window (gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *active = gtk_application_get_active_window (app);
  gboolean *presented = g_object_get_data (G_OBJECT (app), "presented");

  g_assert_nonnull (active);
  *presented = kv_window_get_presenting (KV_WINDOW (active)) &&
               g_strcmp0 (kv_session_get_game_name (kv_window_get_session (KV_WINDOW (active))), "hexa") == 0;
  gtk_window_destroy (active);
  return G_SOURCE_REMOVE;
}

static void
on_window_added (GtkApplication *app)
{
  g_timeout_add (300, check_new_window, app);
}

static void
test_command_line (void)
{
  g_autoptr(KvApplication) app = kv_application_new ();
  char *argv[] = { "kripkeviz", "--present", "hexa", NULL };
  gboolean presented = FALSE;
  int status;

  g_application_set_flags (G_APPLICATION (app),
                            g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_object_set_data (G_OBJECT (app), "presented", &presented);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  status = g_application_run (G_APPLICATION (app), 3, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (presented);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-present", FALSE);
  window = kv_display_new_window (1280, 720);

  g_test_add_func ("/present/label-rule", test_label_rule);
  g_test_add_func ("/present/enter-leave", test_enter_leave);
  g_test_add_func ("/present/keys", test_keys);
  g_test_add_func ("/present/label-size", test_label_size);
  g_test_add_func ("/present/table-size", test_table_size);
  g_test_add_func ("/present/product-layout", test_product_layout);
  g_test_add_func ("/present/command-line", test_command_line);

  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autofree char *session = g_build_filename (state_dir, "kripkeviz", "session.kvg", NULL);
    g_autofree char *dir = g_build_filename (state_dir, "kripkeviz", NULL);

    g_remove (session);
    g_rmdir (dir);
    g_rmdir (state_dir);
  }
  g_free (state_dir);
  return status;
}
