// SPDX-License-Identifier: GPL-3.0-or-later
/* test-product.c: the product view in the real window — Hexa's showcard
 * (van Ditmarsch's Figure 5) stepped through its three stages with the
 * stepper's actions and keys, each stage checked as a graph and on M's
 * hexagon, screenshotted and exported; the initial model has no product; a Clue 11 showcard
 * through the envelope view. */
#define G_LOG_DOMAIN "test-product"
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "kv-composer.h"
#include "kv-display-util.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-product-pane.h"

static KvWindow *window;

static KvProductPane *
pane (void)
{
  return KV_PRODUCT_PANE (kv_window_get_product_pane (window));
}

/* The graph a panel shows, once laid out. */
static KvGraph *
panel_graph (KvProductPanel panel)
{
  KvCanvasView *view = kv_product_pane_get_panel (pane (), panel);
  KvLayout *layout = kv_canvas_get_layout (kv_canvas_view_get_canvas (view));

  g_assert_nonnull (layout);
  return layout->graph;
}

static KvLayout *
panel_layout (KvProductPanel panel)
{
  KvCanvasView *view = kv_product_pane_get_panel (pane (), panel);

  return kv_canvas_get_layout (kv_canvas_view_get_canvas (view));
}

/* The world a node of a stage stands for, by its label: "(w, e)" or w. */
static char *
world_of_label (const char *label)
{
  if (label[0] != '(')
    return g_strdup (label);
  return g_strndup (label + 1, strcspn (label + 1, ","));
}

/* Figure 5 as a class steps through it: the product panel's kept pairs
 * (or result worlds) stand where their worlds stand in M's panel — the
 * same shape, M's hexagon, at the product's size — no two nodes overlap,
 * and every link's agent is named clear of the nodes. */
static void
check_on_model (void)
{
  KvLayout *model = panel_layout (KV_PRODUCT_PANEL_MODEL), *product = panel_layout (KV_PRODUCT_PANEL_PRODUCT);
  const KvGraph *graph = product->graph;
  g_autofree double *a = g_new (double, 2 * kv_graph_n_nodes (graph));
  g_autofree double *b = g_new (double, 2 * kv_graph_n_nodes (graph));
  g_autofree double *xy = g_new (double, 2 * MAX (kv_graph_n_edges (graph), 1));
  double *sets[2] = { a, b };
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      g_autofree char *world = world_of_label (kv_graph_node (graph, i)->label);

      for (guint j = 0; j < kv_graph_n_nodes (product->graph); j++)
        {
          const KvLayoutNode *p = &product->nodes[i], *q = &product->nodes[j];

          g_assert_true (i == j || fabs (p->x - q->x) >= (p->width + q->width) / 2 ||
                         fabs (p->y - q->y) >= (p->height + q->height) / 2);
        }
      if (kv_graph_node (graph, i)->flags & KV_NODE_STRUCK)
        continue;
      for (guint w = 0; w < kv_graph_n_nodes (model->graph); w++)
        if (g_str_equal (kv_graph_node (model->graph, w)->label, world))
          {
            a[2 * n] = product->nodes[i].x;
            a[2 * n + 1] = product->nodes[i].y;
            b[2 * n] = model->nodes[w].x;
            b[2 * n + 1] = model->nodes[w].y;
            n++;
          }
    }
  g_assert_cmpuint (n, ==, 6);
  /* Less their mean, over their mean distance from it. */
  for (guint k = 0; k < 2; k++)
    {
      double *set = sets[k], mx = 0, my = 0, r = 0;

      for (guint i = 0; i < n; i++)
        {
          mx += set[2 * i] / n;
          my += set[2 * i + 1] / n;
        }
      for (guint i = 0; i < n; i++)
        r += hypot (set[2 * i] - mx, set[2 * i + 1] - my) / n;
      for (guint i = 0; i < n; i++)
        {
          set[2 * i] = (set[2 * i] - mx) / r;
          set[2 * i + 1] = (set[2 * i + 1] - my) / r;
        }
    }
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (hypot (a[2 * i] - b[2 * i], a[2 * i + 1] - b[2 * i + 1]), <, 0.02);

  if (kv_graph_n_edges (graph) == 0)
    return;
  g_assert_true (kv_render_edge_label_places (product, NULL, xy));
  for (guint e = 0; e < kv_graph_n_edges (graph); e++)
    for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
      g_assert_true (fabs (xy[2 * e] - product->nodes[i].x) >= product->nodes[i].width / 2 + 4 ||
                     fabs (xy[2 * e + 1] - product->nodes[i].y) >= product->nodes[i].height / 2 + 4);
}

static guint
count_struck (const KvGraph *graph)
{
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n += (kv_graph_node (graph, i)->flags & KV_NODE_STRUCK) != 0;
  return n;
}

/* Renders the window to STAGE.png in the build dir; not blank. */
static void
screenshot (const char *name)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("product-%s.png", name);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, file, NULL);

  texture = kv_display_render (GTK_WIDGET (window));
  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
}

/* What Export… writes in product mode: the product panel's layout. */
static void
export_stage (const char *name)
{
  KvCanvasView *view = kv_product_pane_get_panel (pane (), KV_PRODUCT_PANEL_PRODUCT);
  KvLayout *layout = kv_canvas_get_layout (kv_canvas_view_get_canvas (view));
  g_autofree char *file = g_strdup_printf ("product-%s-export.svg", name);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, file, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_export_file (layout, KV_FORMAT_SVG, NULL, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

static void
wait_for_panels (void)
{
  g_assert_true (kv_display_wait_for_product (window, 20000));
}

static void
test_initial_has_no_product (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "hexa-show", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  /* The toggle does nothing at the initial model. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.product", NULL);
  kv_display_wait (20);
  g_assert_false (kv_window_get_product_mode (window));
  kv_window_set_product_mode (window, TRUE);
  g_assert_false (kv_window_get_product_mode (window));
}

static void
test_hexa_stages (void)
{
  const KvGraph *graph;

  kv_window_select_step (window, 1);
  /* Ctrl+P's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product", NULL));
  g_assert_true (kv_window_get_product_mode (window));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_PAIRS);
  wait_for_panels ();

  /* M and A. */
  g_assert_cmpuint (kv_graph_n_nodes (panel_graph (KV_PRODUCT_PANEL_MODEL)), ==, 6);
  g_assert_cmpuint (kv_graph_n_nodes (panel_graph (KV_PRODUCT_PANEL_ACTION)), ==,
                    kv_product_pane_get_product (pane ())->action->n_events);

  /* 1: all 18 pairs, 12 struck out. */
  graph = panel_graph (KV_PRODUCT_PANEL_PRODUCT);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 18);
  g_assert_cmpuint (count_struck (graph), ==, 12);
  g_assert_true (strstr (kv_product_pane_get_counts (pane ()), "18") != NULL);
  check_on_model ();
  screenshot ("pairs");
  export_stage ("pairs");

  /* 2 (the stepper's next): 6 pairs; agent 2 keeps no link, 1 and 3 keep 3. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-next", NULL));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_LINKS);
  wait_for_panels ();
  graph = panel_graph (KV_PRODUCT_PANEL_PRODUCT);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 6);
  g_assert_cmpuint (count_struck (graph), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (graph, 1, 0), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (graph, 1, KV_EDGE_CUT), >, 0);
  g_assert_cmpuint (kv_graph_count_edges (graph, 1), ==, kv_graph_count_edges_with (graph, 1, KV_EDGE_CUT));
  g_assert_cmpuint (kv_graph_count_edges_with (graph, 0, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (graph, 2, 0), ==, 3);
  check_on_model ();
  screenshot ("links");
  export_stage ("links");

  /* 3 (Alt+Right's action): the result, 6 worlds. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_RESULT);
  wait_for_panels ();
  graph = panel_graph (KV_PRODUCT_PANEL_PRODUCT);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 6);
  g_assert_cmpuint (count_struck (graph), ==, 0);
  check_on_model ();
  screenshot ("result");
  export_stage ("result");

  /* The last stage: next does nothing; back goes to 2, and Alt+Left's
   * action steps the stages, not the history. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.product-next", NULL);
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_RESULT);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-previous", NULL));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_LINKS);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_PAIRS);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  /* The stage toggles. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane ()), "product.stage", "u", 3));
  g_assert_cmpint (kv_product_pane_get_stage (pane ()), ==, KV_PRODUCT_STAGE_RESULT);
  wait_for_panels ();

  /* Back to the initial model: the product view closes. */
  kv_window_select_step (window, 0);
  g_assert_false (kv_window_get_product_mode (window));
  kv_window_select_step (window, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.product", NULL);
  g_assert_true (kv_window_get_product_mode (window));
  wait_for_panels ();
  /* And off again with the toggle. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.product", NULL);
  g_assert_false (kv_window_get_product_mode (window));
  g_assert_null (kv_product_pane_get_product (pane ()));
}

static void
test_clue_envelope (void)
{
  g_autoptr(GError) error = NULL;
  KvComposer *composer;
  gint64 start;
  const KvGraph *graph;

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  composer = KV_COMPOSER (kv_window_get_composer (window));
  if (!kv_composer_set_step_text (composer, "showcard 3 -> 1 candle of candle Scarlet") ||
      !gtk_widget_activate_action (GTK_WIDGET (composer), "composer.apply", NULL))
    g_error ("could not apply the showcard: %s", kv_composer_get_reason (composer));
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);

  start = g_get_monotonic_time ();
  kv_product_pane_set_view (pane (), KV_VIEW_ENVELOPE);
  kv_window_set_product_mode (window, TRUE);
  g_assert_true (kv_window_get_product_mode (window));
  /* The main loop runs while the panels are laid out: no freeze. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  wait_for_panels ();

  /* One node per envelope still possible (28), per event. */
  g_assert_cmpuint (kv_graph_n_nodes (panel_graph (KV_PRODUCT_PANEL_MODEL)), ==, 28);
  graph = panel_graph (KV_PRODUCT_PANEL_PRODUCT);
  g_assert_cmpuint (kv_graph_n_nodes (graph), >, 0);
  g_assert_cmpuint (kv_graph_n_nodes (graph), <=, KV_VIEW_DEFAULT_LIMIT);
  screenshot ("clue11-pairs");

  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-next", NULL));
      wait_for_panels ();
      g_assert_nonnull (panel_graph (KV_PRODUCT_PANEL_PRODUCT));
      /* The links that survive: millions in words, each agent's part on
       * one line (a line breaks between agents only). */
      if (i == 0)
        {
          const char *counts = kv_product_pane_get_counts (pane ());

          g_test_message ("Clue 11's links: %s", counts);
          g_assert_nonnull (strstr (counts, "million"));
          g_assert_nonnull (strstr (counts, "agent\u00a01:\u00a0"));
          g_assert_null (strstr (counts, ", "));
        }
    }
  screenshot ("clue11-result");
  kv_window_set_product_mode (window, FALSE);
}

/* The pane's engine, draw limit and hidden agents reach all three panels
 * (bound, so that a setting changed on the pane is never missed by one). */
static void
test_shared_properties (void)
{
  g_autofree char *engine = NULL;
  guint hidden, limit;

  g_object_get (pane (), "engine", &engine, "hidden-agents", &hidden, "draw-limit", &limit, NULL);
  g_object_set (pane (), "engine", "circo", "hidden-agents", 2u, "draw-limit", 77u, NULL);
  for (KvProductPanel p = KV_PRODUCT_PANEL_MODEL; p <= KV_PRODUCT_PANEL_PRODUCT; p++)
    {
      KvCanvasView *view = kv_product_pane_get_panel (pane (), p);

      g_assert_cmpstr (kv_canvas_view_get_engine (view), ==, "circo");
      g_assert_cmpuint (kv_canvas_view_get_hidden_agents (view), ==, 2);
      g_assert_cmpuint (kv_canvas_view_get_draw_limit (view), ==, 77);
    }
  g_object_set (pane (), "engine", engine, "hidden-agents", hidden, "draw-limit", limit, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-product", FALSE);
  window = kv_display_new_window (1600, 900);

  g_test_add_func ("/product/initial", test_initial_has_no_product);
  g_test_add_func ("/product/hexa-stages", test_hexa_stages);
  g_test_add_func ("/product/clue11-envelope", test_clue_envelope);
  g_test_add_func ("/product/shared-properties", test_shared_properties);

  status = g_test_run ();
  kv_display_finish (window, g_steal_pointer (&state_dir));
  return status;
}
