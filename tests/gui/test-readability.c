// SPDX-License-Identifier: GPL-3.0-or-later
/* test-readability.c: the picture a class reads (issue 30, "Done when").
 *
 * Every step of Hexa, Clue 11's script, twocards and real Cluedo's script,
 * and every product stage of the explicit ones, in the real window at
 * 1024×700 and 1280×720, at the desk and in presentation mode (F5, shown
 * at that size), in the language of the environment (meson runs it in
 * English and Dutch): the picture's own text (world labels, a grid's
 * headers, panels' titles and counts, link labels) is at least
 * KV_STYLE_MIN_TEXT_PX (12 px) on screen, KV_STYLE_PRESENT_TEXT_PX (18 px)
 * when presenting; in each of the product view's panels too (three at the
 * desk, two presenting), which share the window's width by what their
 * drawings need (kv-product-pane-shares.c). And no view draws more links than it
 * promises: none in the agents view, no agent more than
 * MAX_AGENT_LINKS elsewhere (the envelope view's most; a class of worlds
 * is a cycle, so a whole view of n worlds draws at most n an agent). The
 * agents view scrolls down, never sideways; Hexa's picture never scrolls,
 * either way, nor twocards' at the desk (its deals' grid, then the result
 * in a column at each deal's cell, as the product view's stage 3 has it).
 * Every measure is printed; the screenshots readability-*.png of the last
 * step land in the build dir.
 */
#define G_LOG_DOMAIN "test-readability"
#include "config.h"

#include <adwaita.h>

#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-window-private.h"

#include "kv-canvas-private.h"
#include "kv-canvas-view.h"
#include "kv-product-pane.h"

/* The envelope view's most lines of one agent (kv-view-symbolic.c). */
#define MAX_AGENT_LINKS 150

typedef struct {
  const char *game;
  int         width;
  int         height;
  gboolean    present;
} Case;

static const char * const games[] = { "hexa", "clue11", "twocards", "cluedo" };
static const int sizes[][2] = { { 1024, 700 }, { 1280, 720 } };

/* What a case found too small: every place, said at its end. */
static GString *failures;

/* What @canvas draws at its zoom: the smallest picture text in pixels and
 * the links. The canvas renders with kv_render; so does this, at the
 * same zoom, the picture's labels being the same whatever the legend. */
static void
picture_stats (KvCanvas      *canvas,
               KvRenderStats *stats)
{
  KvLayout *layout = kv_canvas_get_layout (canvas);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (surface);
  KvRenderOptions options;

  g_assert_nonnull (layout);
  kv_render_options_init (&options);
  options.stats = stats;
  cairo_scale (cr, kv_canvas_get_zoom (canvas), kv_canvas_get_zoom (canvas));
  kv_render (layout, cr, &options);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The links @layout draws keep the view's promise. */
static void
check_links (const KvLayout *layout,
             const char     *where)
{
  const KvGraph *graph = layout->graph;

  if (kv_render_is_panels (graph) || kv_graph_has_node_flag (graph, KV_NODE_FILLED))
    {
      g_assert_cmpuint (kv_graph_n_edges (graph), ==, 0);
      return;
    }
  for (guint a = 0; a < graph->n_agents; a++)
    {
      guint n = kv_graph_count_edges (graph, a);

      if (n > MAX (MAX_AGENT_LINKS, kv_graph_n_nodes (graph)))
        g_string_append_printf (failures, "%s: agent %s draws %u links\n", where, graph->agent_names[a], n);
    }
}

/* The drawing on @canvas measured with the options it is drawn with. */
static void
measure_drawn (KvCanvas         *canvas,
               KvRenderGeometry *geometry)
{
  KvRenderOptions options;

  _kv_canvas_render_options (canvas, canvas->scene, &options);
  kv_render_measure (kv_canvas_get_layout (canvas), &options, geometry);
}

/* What the drawing on @canvas draws is in sight along @orientation
 * (across, or down): no bigger than the canvas but for its blank margin. */
static void
check_in_sight (KvCanvas       *canvas,
                GtkOrientation  orientation,
                const char     *where)
{
  gboolean across = orientation == GTK_ORIENTATION_HORIZONTAL;
  GtkAdjustment *adjustment = across ? gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (canvas))
                                     : gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (canvas));
  KvRenderGeometry geometry;

  /* Presenting the table alone (real Cluedo's choice), no picture. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (canvas)))
    return;
  measure_drawn (canvas, &geometry);
  if (gtk_adjustment_get_upper (adjustment) >
      gtk_adjustment_get_page_size (adjustment) + geometry.margin * kv_canvas_get_zoom (canvas))
    g_string_append_printf (failures, "%s: the drawing is %.0f px %s in %.0f px: it scrolls %s\n", where,
                            gtk_adjustment_get_upper (adjustment), across ? "wide" : "high",
                            gtk_adjustment_get_page_size (adjustment), across ? "sideways" : "down");
}

/* The canvas of @window fitted, measured and held to @least px. */
static void
check_canvas (KvCanvas   *canvas,
              double      least,
              const char *where)
{
  KvRenderStats stats = { G_MAXDOUBLE, G_MAXDOUBLE, 0 };
  KvLayout *layout = kv_canvas_get_layout (canvas);

  g_assert_nonnull (layout);
  kv_canvas_zoom_fit (canvas);
  picture_stats (canvas, &stats);
  g_test_message ("%s: %s view, %u nodes, %u links drawn, smallest picture text %.1f px (at least %.0f)",
                  where, kv_view_kind_to_string (kv_canvas_get_shown_view (canvas)), kv_graph_n_nodes (layout->graph),
                  stats.n_links, stats.min_label_px, least);
  check_links (layout, where);
  /* The panels of what each player considers possible scroll down, never
   * sideways: a narrow canvas takes fewer across. */
  if (kv_render_is_panels (layout->graph))
    check_in_sight (canvas, GTK_ORIENTATION_HORIZONTAL, where);
  if (stats.min_label_px == G_MAXDOUBLE)
    return;   /* no text of its own (a grid without headers is none of these) */
  if (stats.min_label_px < least - 0.05)
    g_string_append_printf (failures, "%s: picture text %.1f px, less than %.1f px\n", where,
                            stats.min_label_px, least);
}

static void
screenshot (KvWindow   *window,
            const Case *c,
            const char *what)
{
  g_autofree char *name = g_strdup_printf ("readability-%s-%s-%dx%d%s-%s.png", kv_display_language (),
                                           c->game, c->width, c->height, c->present ? "-present" : "", what);

  g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
}

/* A product panel's drawing, measured as the canvas draws it, is inside
 * the panel: its legend's last line came out below it (Clue 11's pairs
 * presenting at 1280×720), the picture measured with its legend placed
 * for the best and drawn with it below. */
static void
check_inside (KvCanvas   *canvas,
              const char *where)
{
  KvRenderGeometry geometry;
  double zoom = kv_canvas_get_zoom (canvas);

  measure_drawn (canvas, &geometry);
  if (geometry.width * zoom > gtk_widget_get_width (GTK_WIDGET (canvas)) + 1 ||
      geometry.height * zoom > gtk_widget_get_height (GTK_WIDGET (canvas)) + 1)
    g_string_append_printf (failures, "%s: the drawing is %.0f×%.0f px in %d×%d px: it is cut\n", where,
                            geometry.width * zoom, geometry.height * zoom,
                            gtk_widget_get_width (GTK_WIDGET (canvas)), gtk_widget_get_height (GTK_WIDGET (canvas)));
}

/* Every product stage of step @step, each panel shown: three at the
 * desk; presenting, the product and the panel its stage is read against,
 * or the product alone. */
static void
check_products (KvWindow   *window,
                const Case *c,
                guint       step)
{
  KvProductPane *pane;

  kv_window_set_product_mode (window, TRUE);
  /* The history folds away for the three panels: measured once it has. */
  while (adw_flap_get_reveal_progress (window->flap) > 0)
    kv_display_wait (20);
  pane = KV_PRODUCT_PANE (kv_window_get_product_pane (window));
  for (KvProductStage stage = KV_PRODUCT_STAGE_PAIRS; stage <= KV_PRODUCT_STAGE_RESULT; stage++)
    {
      kv_product_pane_set_stage (pane, stage);
      g_assert_true (kv_display_wait_for_product (window, 60000));
      guint shown = 0;

      for (KvProductPanel panel = KV_PRODUCT_PANEL_MODEL; panel <= KV_PRODUCT_PANEL_PRODUCT; panel++)
        {
          KvCanvasView *view = kv_product_pane_get_panel (pane, panel);
          g_autofree char *where = g_strdup_printf ("%s %s %d×%d%s step %u, product %s, panel %d",
                                                    kv_display_language (), c->game, c->width, c->height,
                                                    c->present ? " presenting" : "", step,
                                                    kv_product_stage_to_string (stage), panel);

          if (!gtk_widget_is_drawable (GTK_WIDGET (view)))
            continue;
          shown++;
          check_canvas (kv_canvas_view_get_canvas (view),
                        c->present ? KV_STYLE_PRESENT_TEXT_PX : KV_STYLE_MIN_TEXT_PX, where);
          check_inside (kv_canvas_view_get_canvas (view), where);
        }
      /* Presenting, the product alone where two panels cannot both read. */
      g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (kv_product_pane_get_panel (pane, KV_PRODUCT_PANEL_PRODUCT))));
      if (!c->present)
        g_assert_cmpuint (shown, ==, 3);
    }
  kv_window_set_product_mode (window, FALSE);
  kv_display_wait (50);
}

static void
test_readable (gconstpointer data)
{
  const Case *c = data;
  KvWindow *window = kv_display_new_window (c->width, c->height);
  g_autoptr(GError) error = NULL;
  KvSession *session;
  KvCanvas *canvas;
  guint n_steps;

  g_string_truncate (failures, 0);
  g_assert_true (kv_window_open (window, c->game, &error));
  g_assert_no_error (error);
  session = kv_window_get_session (window);
  if (c->present)
    {
      kv_window_set_presenting (window, TRUE);
      /* Full screen is the screen's size: shown at the size asked for. */
      gtk_window_unfullscreen (GTK_WINDOW (window));
      kv_display_wait (200);
    }
  canvas = kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
  n_steps = kv_history_length (kv_session_get_history (session));
  for (guint step = 0; step < n_steps; step++)
    {
      g_autofree char *where = g_strdup_printf ("%s %s %d×%d%s step %u", kv_display_language (), c->game,
                                                c->width, c->height, c->present ? " presenting" : "", step);

      kv_window_select_step (window, step);
      g_assert_true (kv_display_wait_for_canvas (window, 60000));
      check_canvas (canvas, c->present ? KV_STYLE_PRESENT_TEXT_PX : KV_STYLE_MIN_TEXT_PX, where);
      /* Hexa's hexagon and its legend, the picture a class follows world
       * by world, stay in sight whole (its notes wrap when presenting);
       * so do twocards' 24 worlds at the desk, which were a sprawl twice
       * the picture column's size before they kept their deals' cells. */
      if (g_str_equal (c->game, "hexa") || (g_str_equal (c->game, "twocards") && !c->present))
        {
          check_in_sight (canvas, GTK_ORIENTATION_HORIZONTAL, where);
          check_in_sight (canvas, GTK_ORIENTATION_VERTICAL, where);
        }
      if (step > 0 && !kv_session_is_symbolic (session))
        check_products (window, c, step);
    }
  screenshot (window, c, "last");
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
  if (failures->len > 0)
    {
      g_test_message ("too small:\n%s", failures->str);
      g_test_fail ();
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  int status;

  /* In the language of the environment. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-readability", TRUE);
  failures = g_string_new (NULL);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      for (int present = 0; present <= 1; present++)
        {
          Case *c = g_new0 (Case, 1);
          g_autofree char *path = NULL;

          *c = (Case) { games[g], sizes[s][0], sizes[s][1], present };
          g_ptr_array_add (cases, c);
          path = g_strdup_printf ("/readability/%s/%s/%dx%d/%s", kv_display_language (), c->game, c->width,
                                  c->height, present ? "present" : "desk");
          g_test_add_data_func (path, c, test_readable);

        }

  status = g_test_run ();
  kv_display_finish (NULL, g_steal_pointer (&state_dir));
  return status;
}
