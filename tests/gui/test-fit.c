// SPDX-License-Identifier: GPL-3.0-or-later
/* test-fit.c: the window fits the screens a class uses (issue 10).
 *
 * At 1024×700 and 1280×720, in the language of the environment (meson runs
 * it once in English and once with LANGUAGE=nl): for Hexa and Clue 11 at
 * every step, every button of the header bar and the canvas toolbar
 * (the next-agent button too) and every column of the knowledge table lies
 * inside the window (and the columns inside the table's visible part), the
 * canvas toolbar takes at most two rows, the legend drawn on the canvas
 * is clear of the zoom buttons over it (also in Clue 11's whole, around
 * and envelope views), and the window keeps the size it was given.
 * The sidebar (/fit/LANG/WxH/history), for Hexa, Clue 11 and real Cluedo
 * with three and six players at every step: the history shows at least
 * four whole rows (all of them when there are fewer), the selected one
 * among them, and the composer's Apply, Next Turn and the players' button
 * are in sight under it. Screenshots fit-LANG-GAME-WxH.png in the build
 * dir.
 */
#define G_LOG_DOMAIN "test-fit"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-knowledge-table.h"
#include "kv-window-private.h"
#include "kv-composer-private.h"

#include "kv-canvas-view.h"

typedef struct {
  int width;
  int height;
} Size;

static const Size sizes[] = { { 1024, 700 }, { 1280, 720 } };

/* Every shown button under @widget is inside @window; a scrolled pane's
 * contents may scroll out of sight and are not looked at. Returns how
 * many buttons were checked. */
static guint
check_buttons (GtkWidget  *widget,
               GtkWidget  *window,
               const char *what)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (GTK_IS_BUTTON (widget))
    {
      kv_display_assert_inside (widget, window, what);
      n++;
    }
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return n;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += check_buttons (child, window, what);
  return n;
}

/* The shown agent toggles under @widget. */
static guint
count_toggles (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_get_child_visible (widget))
    return 0;
  /* Agent toggles, not the toggles inside drop-downs and menu buttons
   * (the perspective menu). */
  if (GTK_IS_TOGGLE_BUTTON (widget) && !GTK_IS_DROP_DOWN (gtk_widget_get_parent (widget)) &&
      !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    return 1;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_toggles (child);
  return n;
}

/* The first widget under @widget whose CSS name is @name, or NULL. */
static GtkWidget *
find_by_css_name (GtkWidget  *widget,
                  const char *name)
{
  if (g_str_equal (gtk_widget_get_css_name (widget), name))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_css_name (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first widget under @widget named @name (gtk_widget_set_name), or NULL. */
static GtkWidget *
find_by_name (GtkWidget  *widget,
              const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_name (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The canvas toolbar (a flow box) takes at most two rows: its groups lie
 * on at most two lines, and it is no taller than two of its tallest
 * groups with the space between them and its padding. The next-agent
 * button and the layout engine's menu button are on it, inside it. */
static void
check_toolbar_rows (GtkWidget  *toolbar,
                    const char *where)
{
  g_autoptr(GArray) tops = g_array_new (FALSE, FALSE, sizeof (double));
  GtkWidget *next = find_by_name (toolbar, "next-agent");
  GtkWidget *layout = find_by_name (toolbar, "layout-engine");
  double tallest = 0;
  int height = gtk_widget_get_height (toolbar);
  guint n_rows = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (toolbar); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;
      gboolean seen = FALSE;

      if (!gtk_widget_get_mapped (child))
        continue;
      g_assert_true (gtk_widget_compute_bounds (child, toolbar, &bounds));
      tallest = MAX (tallest, bounds.size.height);
      for (guint i = 0; i < tops->len; i++)
        seen |= fabs (g_array_index (tops, double, i) - bounds.origin.y) < 1;
      if (!seen)
        {
          double top = bounds.origin.y;

          g_array_append_val (tops, top);
          n_rows++;
        }
    }
  g_test_message ("%s: toolbar %d px high, %u rows, groups up to %.0f px", where, height, n_rows, tallest);
  if (n_rows > 2)
    g_error ("%s: the canvas toolbar wraps to %u rows", where, n_rows);
  /* Two rows, the row spacing (6) and the toolbar's padding (at most 12
   * above and below): a third row (≥ 34 px) does not fit in that. */
  if (height > 2 * tallest + 6 + 24)
    g_error ("%s: the canvas toolbar is %d px high, more than two rows of %.0f px", where, height, tallest);

  g_assert_nonnull (next);
  g_assert_true (gtk_widget_get_mapped (next));
  kv_display_assert_inside (next, toolbar, where);
  /* The layout engine, folded into a menu button to keep to two rows. */
  g_assert_true (GTK_IS_MENU_BUTTON (layout));
  g_assert_true (gtk_widget_get_mapped (layout));
  kv_display_assert_inside (layout, toolbar, where);
}

/* The legend drawn on the canvas is clear of the zoom buttons over the
 * canvas when they show (as far as it is in view; not the agents view's,
 * which scrolls). Returns whether there was a legend. */
static gboolean
check_legend (KvWindow   *window,
              const char *where)
{
  GtkWidget *view = kv_window_get_canvas (window);
  KvCanvas *canvas = kv_canvas_view_get_canvas (KV_CANVAS_VIEW (view));
  graphene_rect_t legend, visible;
  guint n_buttons = 0;

  if (!kv_canvas_get_legend_bounds (canvas, &legend))
    return FALSE;
  /* The agents view is fitted no smaller than its text reads (12 px,
   * test-readability) and scrolls: its legend is where scrolling takes
   * it, not kept clear of the buttons at the top. */
  if (kv_canvas_get_shown_view (canvas) == KV_VIEW_AGENTS)
    return TRUE;
  /* As the pointer moving over the picture shows them. */
  kv_canvas_view_show_zoom_buttons (KV_CANVAS_VIEW (view));
  graphene_rect_init (&visible, 0, 0, gtk_widget_get_width (GTK_WIDGET (canvas)),
                      gtk_widget_get_height (GTK_WIDGET (canvas)));
  if (!graphene_rect_intersection (&legend, &visible, &legend))
    return TRUE;

  for (GtkWidget *w = gtk_widget_get_first_child (view); w != NULL;)
    {
      const char *action = GTK_IS_ACTIONABLE (w) ? gtk_actionable_get_action_name (GTK_ACTIONABLE (w)) : NULL;

      if (action != NULL && g_str_has_prefix (action, "canvas.zoom") && gtk_widget_get_mapped (w))
        {
          graphene_rect_t button;

          g_assert_true (gtk_widget_compute_bounds (w, GTK_WIDGET (canvas), &button));
          if (legend.origin.x + legend.size.width > button.origin.x + 0.5 &&
              button.origin.x + button.size.width > legend.origin.x + 0.5 &&
              legend.origin.y + legend.size.height > button.origin.y + 0.5 &&
              button.origin.y + button.size.height > legend.origin.y + 0.5)
            g_error ("%s: the legend at %.0f,%.0f %.0f×%.0f is under the button %s at %.0f,%.0f %.0f×%.0f",
                     where, legend.origin.x, legend.origin.y, legend.size.width, legend.size.height,
                     action, button.origin.x, button.origin.y, button.size.width, button.size.height);
          n_buttons++;
        }
      /* Depth first through the view's widgets. */
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != view && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w != view ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_cmpuint (n_buttons, ==, 3);
  return TRUE;
}

static void
check_window (KvWindow   *window,
              const Size *size,
              int         width,
              int         height,
              const char *where)
{
  GtkWidget *table = kv_window_get_knowledge_table (window);
  GtkWidget *scroller = kv_knowledge_table_get_scroller (KV_KNOWLEDGE_TABLE (table));
  GtkWidget *canvas = kv_window_get_canvas (window);
  GtkWidget *header_bar = find_by_css_name (GTK_WIDGET (window), "headerbar");
  GtkWidget *toolbar = find_by_css_name (canvas, "flowbox");
  const KvGame *game = kv_window_get_history (window)->game;
  guint n_buttons;

  /* The window never grows (or shrinks) by itself: its surface is the
   * size asked for, its contents as at first. */
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

    if (gdk_surface_get_width (surface) != size->width || gdk_surface_get_height (surface) != size->height)
      g_error ("%s: the window asked for %d×%d is %d×%d", where, size->width, size->height,
               gdk_surface_get_width (surface), gdk_surface_get_height (surface));
  }
  if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
      gtk_widget_get_height (GTK_WIDGET (window)) != height)
    g_error ("%s: the window asked for %d×%d is %d×%d, was %d×%d", where,
             size->width, size->height,
             gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)),
             width, height);

  /* Every button of the header bar and of the canvas toolbar: the agent
   * toggles, the dropdowns (buttons inside), the zoom buttons. */
  g_assert_nonnull (header_bar);
  g_assert_nonnull (toolbar);
  n_buttons = check_buttons (header_bar, GTK_WIDGET (window), where);
  g_assert_cmpuint (n_buttons, >=, 8);
  n_buttons = check_buttons (toolbar, GTK_WIDGET (window), where);
  /* The view's drop-down, the layout engine's menu button, one toggle per
   * agent, the next-agent button and the perspective's menu button. */
  g_assert_cmpuint (n_buttons, >=, 2 + game->n_agents + 2);
  check_toolbar_rows (toolbar, where);
  /* … inside the toolbar itself, not drawn under the canvas (a toolbar
   * that wraps onto more lines than it was given room for). */
  check_buttons (toolbar, toolbar, where);
  check_buttons (canvas, GTK_WIDGET (window), where);
  check_buttons (canvas, canvas, where);
  {
    guint n_toggles = 0;

    for (GtkWidget *child = gtk_widget_get_first_child (toolbar); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      n_toggles += count_toggles (child);
    g_assert_cmpuint (n_toggles, ==, game->n_agents);
  }

  /* Every column of the knowledge table: the cards, each player, E and C,
   * inside the window and inside the part of the table one sees. */
  for (guint c = 0; c < game->n_agents + 3; c++)
    {
      GtkWidget *header = kv_knowledge_table_get_header (KV_KNOWLEDGE_TABLE (table), c);
      g_autofree char *what = g_strdup_printf ("%s: column %u", where, c);

      g_assert_nonnull (header);
      g_assert_true (gtk_widget_get_mapped (header));
      kv_display_assert_inside (header, GTK_WIDGET (window), what);
      kv_display_assert_inside (header, scroller, what);
    }
  g_assert_null (kv_knowledge_table_get_header (KV_KNOWLEDGE_TABLE (table), game->n_agents + 3));
}

static void
save_screenshot (KvWindow   *window,
                 const char *game,
                 const Size *size)
{
  g_autofree char *name = g_strdup_printf ("fit-%s-%s-%dx%d.png", kv_display_language (), game,
                                           size->width, size->height);

  g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
}

static void
test_fit (gconstpointer data)
{
  const Size *size = data;
  const char *games[] = { "hexa", "clue11" };
  KvWindow *window = kv_window_new (NULL);
  int width = 0, height = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (200);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(GError) error = NULL;
      KvHistory *history;

      g_assert_true (kv_window_open (window, games[g], &error));
      g_assert_no_error (error);
      history = kv_window_get_history (window);
      for (guint step = 0; step < kv_history_length (history); step++)
        {
          g_autofree char *where = g_strdup_printf ("%s %d×%d, %s step %u", kv_display_language (),
                                                    size->width, size->height, games[g], step);

          kv_window_select_step (window, step);
          kv_display_wait_for_canvas (window, 20000);
          if (width == 0)
            {
              /* The size the window got at first: the one asked for, less
               * the decorations' margins where the display has them. */
              width = gtk_widget_get_width (GTK_WIDGET (window));
              height = gtk_widget_get_height (GTK_WIDGET (window));
              g_assert_cmpint (width, <=, size->width);
              g_assert_cmpint (width, >=, size->width - 40);
              g_assert_cmpint (height, <=, size->height);
              g_assert_cmpint (height, >=, size->height - 40);
            }
          check_window (window, size, width, height, where);
          g_assert_true (check_legend (window, where));
        }
      save_screenshot (window, games[g], size);

      /* Clue 11's other views, at the deal and after the script. */
      if (g_str_equal (games[g], "clue11"))
        {
          static const KvViewKind views[] = { KV_VIEW_WHOLE, KV_VIEW_AROUND, KV_VIEW_ENVELOPE };
          KvSession *session = kv_window_get_session (window);
          guint n_legends = 0;

          for (guint v = 0; v < G_N_ELEMENTS (views); v++)
            {
              guint steps[] = { 0, kv_history_length (history) - 1 };

              kv_session_set_view (session, views[v]);
              for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
                {
                  g_autofree char *where = g_strdup_printf ("%s %d×%d, %s %s view step %u",
                                                            kv_display_language (), size->width, size->height,
                                                            games[g], kv_view_kind_to_string (views[v]),
                                                            steps[i]);

                  kv_window_select_step (window, steps[i]);
                  kv_display_wait_for_canvas (window, 20000);
                  check_window (window, size, width, height, where);
                  /* The whole model at the deal does not fit: no legend. */
                  n_legends += check_legend (window, where);
                }
              {
                g_autofree char *name = g_strdup_printf ("%s-%s", games[g], kv_view_kind_to_string (views[v]));

                save_screenshot (window, name, size);
              }
            }
          g_assert_cmpuint (n_legends, >=, 5);
          kv_session_set_view (session, KV_VIEW_AUTO);
        }

      /* The history folded over the canvas, opened: it fits too. */
      if (kv_window_get_sidebar_folded (window))
        {
          g_autofree char *where = g_strdup_printf ("%s %d×%d, %s with the history shown",
                                                    kv_display_language (), size->width, size->height, games[g]);
          g_autofree char *name = g_strdup_printf ("%s-history", games[g]);

          g_object_set (window, "show-sidebar", TRUE, NULL);
          kv_display_wait (600);
          check_window (window, size, width, height, where);
          save_screenshot (window, name, size);
          g_object_set (window, "show-sidebar", FALSE, NULL);
          kv_display_wait (600);
        }
    }

  /* On a 1280 screen the history is beside the canvas, not folded. */
  if (size->width >= 1280)
    g_assert_false (kv_window_get_sidebar_folded (window));

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

/* The history's rows (GtkListView's children) wholly in its scrolled
 * window's sight; *selected_seen says whether the selected one is. */
static guint
count_rows_in_sight (GtkWidget *history,
                     gboolean  *selected_seen)
{
  GtkWidget *scroller = gtk_widget_get_parent (history);
  double height = gtk_widget_get_height (scroller);
  guint n = 0;

  *selected_seen = FALSE;
  for (GtkWidget *row = gtk_widget_get_first_child (history); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;

      if (!g_str_equal (gtk_widget_get_css_name (row), "row") || !gtk_widget_get_child_visible (row) ||
          !gtk_widget_compute_bounds (row, scroller, &bounds) || bounds.size.height < 1)
        continue;
      if (bounds.origin.y >= -0.5 && bounds.origin.y + bounds.size.height <= height + 0.5)
        {
          n++;
          *selected_seen |= (gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED) != 0;
        }
    }
  return n;
}

/* New Step's card chips all in sight at once (issue 30): in the form for a
 * few cards, in the popover of their button for many (Clue 11's 11, real
 * Cluedo's 21), nocard's "None of" and showcard's "Asked for" alike. */
static void
assert_chips_in_sight (KvWindow   *window,
                       const Size *size,
                       const char *game)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  const KvGame *g = kv_window_get_history (window)->game;

  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *line = g_strdup_printf (k == 0 ? "nocard 2 %s" : "showcard 1 -> 2 %s",
                                               g->card_names[g->n_cards - 1]);
      g_autofree char *where = g_strdup_printf ("%s %d×%d, %s, %s", kv_display_language (),
                                                size->width, size->height, game, line);

      kv_composer_set_step_text (composer, line);
      kv_display_wait (50);
      g_assert_cmpint (composer->chips_popped, ==, g->n_cards > 8);
      if (composer->chips_popped)
        {
          g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (composer->chips_button)));
          gtk_menu_button_popup (composer->chips_button);
          kv_display_wait (150);
        }
      for (guint c = 0; c < composer->n_chips; c++)
        {
          g_autofree char *what = g_strdup_printf ("%s: chip %s", where, g->card_names[c]);

          g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (composer->chips[c])));
          if (composer->chips_popped)
            kv_display_assert_inside (GTK_WIDGET (composer->chips[c]), GTK_WIDGET (composer->chips_popover), what);
          else
            {
              kv_display_assert_inside (GTK_WIDGET (composer->chips[c]), GTK_WIDGET (window), what);
              kv_display_assert_inside (GTK_WIDGET (composer->chips[c]),
                                        GTK_WIDGET (gtk_widget_get_parent (GTK_WIDGET (composer->chips_box))), what);
            }
        }
      if (composer->chips_popped)
        {
          /* The popover is a surface of its own, placed within the window's. */
          GdkSurface *popup = gtk_native_get_surface (GTK_NATIVE (composer->chips_popover));
          GdkSurface *main_surface = gtk_native_get_surface (GTK_NATIVE (window));
          graphene_rect_t chips;
          double x, y;

          /* The surface has the popover's shadow round it: its chips count. */
          g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (composer->chips_box),
                                                    GTK_WIDGET (composer->chips_popover), &chips));
          x = gdk_popup_get_position_x (GDK_POPUP (popup)) + chips.origin.x;
          y = gdk_popup_get_position_y (GDK_POPUP (popup)) + chips.origin.y;
          g_test_message ("%s: the chips at %.0f,%.0f %.0f×%.0f", where, x, y, chips.size.width, chips.size.height);
          g_assert_cmpfloat (x, >=, 0);
          g_assert_cmpfloat (y, >=, 0);
          g_assert_cmpfloat (x + chips.size.width, <=, gdk_surface_get_width (main_surface));
          g_assert_cmpfloat (y + chips.size.height, <=, gdk_surface_get_height (main_surface));
          g_autofree char *name = g_strdup_printf ("fit-%s-%s-chips-%dx%d.png", kv_display_language (), game,
                                                   size->width, size->height);

          /* The popover is a surface of its own: rendered by itself. */
          g_object_unref (kv_display_save_png (GTK_WIDGET (composer->chips_popover), name));
          gtk_menu_button_popdown (composer->chips_button);
          kv_display_wait (50);
        }
    }
}

static void
test_history (gconstpointer data)
{
  const Size *size = data;
  const char *games[] = { "hexa", "clue11", "cluedo", "cluedo6" };
  KvWindow *window = kv_window_new (NULL);
  /* The sidebar: the history, the composer, Next Turn, the players. */
  GtkWidget *sidebar = gtk_widget_get_parent (kv_window_get_composer (window));
  GtkWidget *players = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                                  "strategy_menu"));

  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (200);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(GError) error = NULL;
      guint n_rows;

      g_assert_true (kv_window_open (window, games[g], &error));
      g_assert_no_error (error);
      kv_display_wait_for_canvas (window, 30000);
      /* Folded over the canvas on a narrow screen: opened, as a teacher does. */
      if (!kv_window_get_sidebar_shown (window))
        {
          g_object_set (window, "show-sidebar", TRUE, NULL);
          kv_display_wait (600);
        }
      g_assert_true (kv_window_get_sidebar_shown (window));
      assert_chips_in_sight (window, size, games[g]);
      n_rows = kv_history_length (kv_window_get_history (window));
      /* The last step first (a script opens at its deal): the history
       * scrolls down to it, then back up step by step. */
      for (guint i = 0; i < n_rows; i++)
        {
          guint step = n_rows - 1 - i;
          g_autofree char *where = g_strdup_printf ("%s %d×%d, %s step %u", kv_display_language (),
                                                    size->width, size->height, games[g], step);
          GtkWidget *apply = kv_display_find_action_button (kv_window_get_composer (window), "composer.apply");
          GtkWidget *players_button = NULL;
          gboolean selected_seen;
          guint n;

          kv_window_select_step (window, step);
          /* Settled: the picture, then the table and the explanation. */
          kv_display_wait_for_canvas (window, 30000);
          n = count_rows_in_sight (GTK_WIDGET (window->history_view), &selected_seen);
          g_test_message ("%s: %u rows in sight, history %d px", where, n,
                          gtk_widget_get_height (gtk_widget_get_parent (GTK_WIDGET (window->history_view))));
          if (n < MIN (4, n_rows))
            g_error ("%s: the history shows %u whole rows of %u", where, n, n_rows);
          if (!selected_seen)
            g_error ("%s: the selected step's row is out of sight", where);

          /* Apply, Next Turn and the players under the history, in sight. */
          g_assert_nonnull (apply);
          g_assert_true (gtk_widget_get_mapped (apply));
          kv_display_assert_inside (apply, sidebar, where);
          kv_display_assert_inside (apply, GTK_WIDGET (window), where);
          g_assert_true (gtk_widget_get_mapped (window->next_turn_button));
          kv_display_assert_inside (window->next_turn_button, sidebar, where);
          kv_display_assert_inside (window->next_turn_button, GTK_WIDGET (window), where);
          for (GtkWidget *w = gtk_widget_get_first_child (players); w != NULL && players_button == NULL;
               w = gtk_widget_get_first_child (w))
            if (GTK_IS_MENU_BUTTON (w))
              players_button = w;
          g_assert_nonnull (players_button);
          g_assert_true (gtk_widget_get_mapped (players_button));
          kv_display_assert_inside (players_button, sidebar, where);
          kv_display_assert_inside (players_button, GTK_WIDGET (window), where);
        }
      {
        g_autofree char *name = g_strdup_printf ("%s-sidebar", games[g]);

        kv_window_select_step (window, n_rows - 1);
        kv_display_wait (300);
        save_screenshot (window, name, size);
      }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  int status;

  /* In the language of the environment. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-fit", TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/fit/%s/%dx%d", kv_display_language (),
                                               sizes[i].width, sizes[i].height);

      g_autofree char *history_path = g_strdup_printf ("/fit/%s/%dx%d/history", kv_display_language (),
                                                       sizes[i].width, sizes[i].height);

      g_test_add_data_func (path, &sizes[i], test_fit);
      g_test_add_data_func (history_path, &sizes[i], test_history);
    }

  status = g_test_run ();
  g_rmdir (state_dir);
  return status;
}
