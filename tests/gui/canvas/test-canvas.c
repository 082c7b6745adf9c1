// SPDX-License-Identifier: GPL-3.0-or-later
/* test-canvas.c: the canvas view in a real window (display suite).
 *
 * Draws Hexa and Clue 11, renders the window to PNGs in the build directory
 * (canvas-*.png: look at them), selects worlds as a click does, hides an
 * agent, and checks the main loop keeps running while the 47 040-world
 * model is laid out. Stable pictures: stepping keeps every surviving world
 * at the same place on the screen, product stages too, and the change is
 * animated only when GTK's animations are on. The layout engine's menu
 * button sets the engine.
 */
#define G_LOG_DOMAIN "test-canvas"

#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "kv-engine.h"
#include "kv-draw.h"
#include "kv-canvas.h"
#include "kv-canvas-view.h"
#include "kv-enum-drop-down.h"

#define WAIT_SECONDS 60

typedef struct {
  GtkWidget    *window;
  KvCanvasView *view;
  KvCanvas     *canvas;
  KvHistory    *history;
} Fixture;

static KvHistory *
load_history (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);
  KvHistory *history;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (history);

  return history;
}

static KvModel *
initial_model (Fixture *fixture)
{
  return kv_history_get (fixture->history, 0)->model;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->history = load_history (data);
  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 900, 640);
  fixture->view = KV_CANVAS_VIEW (kv_canvas_view_new ());
  fixture->canvas = kv_canvas_view_get_canvas (fixture->view);
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->view));
  gtk_window_present (GTK_WINDOW (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_pointer (&fixture->history, kv_history_free);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Main loop helpers */

static gboolean
frame_cb (GtkWidget     *widget,
          GdkFrameClock *clock,
          gpointer       data)
{
  int *frames = data;

  (*frames)++;
  return G_SOURCE_CONTINUE;
}

/* Lets the window lay itself out and paint a few frames. */
static void
wait_frames (GtkWidget *widget,
             int        n)
{
  int frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, frame_cb, &frames, NULL);
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (frames < n && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, id);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

typedef struct {
  gint64 last;
  gint64 max_gap;
  guint  ticks;
} Ticker;

static gboolean
tick_cb (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  ticker->max_gap = MAX (ticker->max_gap, now - ticker->last);
  ticker->last = now;
  ticker->ticks++;
  return G_SOURCE_CONTINUE;
}

/* Iterates the main loop until the view is idle; returns the longest time
 * the main loop was stuck meanwhile, in microseconds. */
static gint64
wait_layout (Fixture *fixture,
             guint   *ticks)
{
  Ticker ticker = { g_get_monotonic_time (), 0, 0 };
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  guint id = g_timeout_add (10, tick_cb, &ticker);

  while (kv_canvas_view_get_busy (fixture->view) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  tick_cb (&ticker);

  g_assert_false (kv_canvas_view_get_busy (fixture->view));
  wait_frames (fixture->window, 3);
  if (ticks != NULL)
    *ticks = ticker.ticks;

  return ticker.max_gap;
}

/* Pixels */

typedef struct {
  int     width, height;
  gsize   stride;
  guchar *data;   /* B G R A, premultiplied (GDK_MEMORY_DEFAULT) */
} Pixels;

static void
pixels_clear (Pixels *pixels)
{
  g_clear_pointer (&pixels->data, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pixels, pixels_clear)

/* Renders @widget's window to build-dir/NAME.png and downloads its pixels,
 * the way the screenshots are made. */
static void
snapshot_window (Fixture    *fixture,
                 const char *name,
                 Pixels     *pixels)
{
  GtkWidget *widget = fixture->window;
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  path = g_test_build_filename (G_TEST_BUILT, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);

  pixels->width = gdk_texture_get_width (texture);
  pixels->height = gdk_texture_get_height (texture);
  pixels->stride = pixels->width * 4;
  pixels->data = g_malloc (pixels->stride * pixels->height);
  gdk_texture_download (texture, pixels->data, pixels->stride);
}

/* Pixels of the rectangle (in window coordinates) close to @rgb. */
static guint
count_color (const Pixels *pixels,
             KvRgb         rgb,
             int           x0,
             int           y0,
             int           x1,
             int           y1)
{
  guint n = 0;

  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, pixels->width);
  y1 = MIN (y1, pixels->height);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guchar *p = pixels->data + y * pixels->stride + x * 4;

        if (fabs (p[2] - rgb.red * 255) < 40 && fabs (p[1] - rgb.green * 255) < 40
            && fabs (p[0] - rgb.blue * 255) < 40 && p[3] > 200)
          n++;
      }

  return n;
}

/* Distinct colours in the rectangle: a blank or flat area has one or two. */
static guint
count_colors (const Pixels *pixels,
              int           x0,
              int           y0,
              int           x1,
              int           y1)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, pixels->width);
  y1 = MIN (y1, pixels->height);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guchar *p = pixels->data + y * pixels->stride + x * 4;
        guint32 v = p[0] | p[1] << 8 | p[2] << 16 | (guint32) p[3] << 24;

        g_hash_table_add (seen, GUINT_TO_POINTER (v));
      }

  return g_hash_table_size (seen);
}

/* The canvas's rectangle in the window. */
static void
canvas_bounds (Fixture *fixture,
               int     *x0,
               int     *y0,
               int     *x1,
               int     *y1)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (fixture->canvas), fixture->window, &bounds));
  *x0 = floor (bounds.origin.x);
  *y0 = floor (bounds.origin.y);
  *x1 = ceil (bounds.origin.x + bounds.size.width);
  *y1 = ceil (bounds.origin.y + bounds.size.height);
}

/* The graph's rectangle (no title, no legend) in the window. */
static void
graph_bounds (Fixture *fixture,
              int     *x0,
              int     *y0,
              int     *x1,
              int     *y1)
{
  KvLayout *layout = kv_canvas_get_layout (fixture->canvas);
  double minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  graphene_point_t p;

  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    {
      double x, y;

      g_assert_true (kv_canvas_get_node_center (fixture->canvas, i, &x, &y));
      minx = MIN (minx, x);
      maxx = MAX (maxx, x);
      miny = MIN (miny, y);
      maxy = MAX (maxy, y);
    }
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (fixture->canvas), fixture->window,
                                           &GRAPHENE_POINT_INIT (minx, miny), &p));
  *x0 = p.x;
  *y0 = p.y;
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (fixture->canvas), fixture->window,
                                           &GRAPHENE_POINT_INIT (maxx, maxy), &p));
  *x1 = p.x;
  *y1 = p.y;
}

static void
notify_count_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    data)
{
  (*(guint *) data)++;
}

/* Tests */

static void
test_hexa (Fixture       *fixture,
           gconstpointer  data)
{
  KvModel *model = initial_model (fixture);
  g_auto(Pixels) shown = { 0 };
  g_auto(Pixels) selected = { 0 };
  g_auto(Pixels) hidden = { 0 };
  g_autofree char *tooltip = NULL;
  KvRgb blue = kv_style_agent_color (0);
  KvLayout *layout;
  guint notified = 0;
  int x0, y0, x1, y1, gx0, gy0, gx1, gy1;
  double zoom, x, y;
  int world;

  g_assert_cmpuint (model->n_worlds, ==, 6);
  g_signal_connect (fixture->view, "notify::selected-world", G_CALLBACK (notify_count_cb), &notified);

  kv_canvas_view_set_model (fixture->view, model);
  g_assert_true (kv_canvas_view_get_busy (fixture->view));
  wait_layout (fixture, NULL);

  /* Hexa fits whole: its 6 worlds, the actual one marked. */
  layout = kv_canvas_get_layout (fixture->canvas);
  g_assert_nonnull (layout);
  g_assert_null (kv_canvas_get_error_message (fixture->canvas));
  g_assert_cmpint (kv_canvas_get_shown_view (fixture->canvas), ==, KV_VIEW_WHOLE);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, 6);
  g_assert_cmpint (kv_graph_actual (layout->graph), >=, 0);

  /* The view fits in a narrow pane: its toolbar wraps onto more lines
   * rather than widening it (no wider than its widest group, the agent
   * toggles and their next-agent button with the perspective menu). */
  {
    int minimum;

    gtk_widget_measure (GTK_WIDGET (fixture->view), GTK_ORIENTATION_HORIZONTAL, -1,
                        &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 300);
  }

  /* Fitted: the whole drawing is in the window. */
  g_assert_cmpfloat (kv_canvas_get_zoom (fixture->canvas), >, 0.5);

  snapshot_window (fixture, "canvas-hexa", &shown);
  canvas_bounds (fixture, &x0, &y0, &x1, &y1);
  graph_bounds (fixture, &gx0, &gy0, &gx1, &gy1);
  g_assert_cmpuint (count_colors (&shown, x0, y0, x1, y1), >, 20);
  g_assert_cmpuint (count_color (&shown, blue, gx0, gy0, gx1, gy1), >, 50);

  /* A click on the actual world's node selects the actual world. */
  g_assert_true (kv_canvas_get_node_center (fixture->canvas, kv_graph_actual (layout->graph), &x, &y));
  world = kv_canvas_select_at (fixture->canvas, x, y);
  g_assert_cmpint (world, ==, (int) model->actual);
  g_assert_cmpint (kv_canvas_view_get_selected_world (fixture->view), ==, (int) model->actual);
  g_assert_cmpuint (notified, ==, 1);

  tooltip = kv_canvas_get_tooltip_markup (fixture->canvas, x, y);
  g_test_message ("tooltip: %s", tooltip);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "rwb"));
  g_assert_nonnull (strstr (tooltip, "Agent 1 considers 2 worlds possible: "));
  g_assert_nonnull (strstr (tooltip, "The actual world"));

  wait_frames (fixture->window, 2);
  snapshot_window (fixture, "canvas-hexa-selected", &selected);
  /* The ring is GNOME blue. */
  g_assert_cmpuint (count_color (&selected, (KvRgb) { 0.21, 0.52, 0.89 }, x0, y0, x1, y1), >,
                    count_color (&shown, (KvRgb) { 0.21, 0.52, 0.89 }, x0, y0, x1, y1) + 30);

  /* A click on empty space clears the selection. */
  g_assert_cmpint (kv_canvas_select_at (fixture->canvas, 2, 2), ==, -1);
  g_assert_cmpint (kv_canvas_view_get_selected_world (fixture->view), ==, -1);
  g_assert_cmpuint (notified, ==, 2);
  kv_canvas_view_set_selected_world (fixture->view, 1);
  g_assert_cmpint (kv_canvas_get_selected_world (fixture->canvas), ==, 1);

  /* Hiding agent 1 takes its blue links off the graph; no relayout. */
  g_object_set (fixture->view, "hidden-agents", 1u, NULL);
  g_assert_cmpuint (kv_canvas_get_hidden_agents (fixture->canvas), ==, 1);
  g_assert_false (kv_canvas_view_get_busy (fixture->view));
  g_assert_true (kv_canvas_get_layout (fixture->canvas) == layout);
  wait_frames (fixture->window, 2);
  snapshot_window (fixture, "canvas-hexa-hide-1", &hidden);
  g_assert_cmpuint (count_color (&hidden, blue, gx0, gy0, gx1, gy1) * 4, <,
                    count_color (&shown, blue, gx0, gy0, gx1, gy1));
  g_object_set (fixture->view, "hidden-agents", 0u, NULL);

  /* Zoom actions, as the window's Ctrl+plus/minus/0 activate them. */
  zoom = kv_canvas_get_zoom (fixture->canvas);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "canvas.zoom-in", NULL));
  g_assert_cmpfloat (kv_canvas_get_zoom (fixture->canvas), >, zoom);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "canvas.zoom-out", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "canvas.zoom-out", NULL));
  g_assert_cmpfloat (kv_canvas_get_zoom (fixture->canvas), <, zoom);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "canvas.zoom-fit", NULL));
  g_assert_cmpfloat_with_epsilon (kv_canvas_get_zoom (fixture->canvas), zoom, 1e-9);

  /* Zooming around a point keeps that point of the drawing under it. */
  {
    int actual = kv_graph_actual (layout->graph);
    double ax, ay, bx, by;

    g_assert_true (kv_canvas_get_node_center (fixture->canvas, actual, &ax, &ay));
    kv_canvas_zoom_at (fixture->canvas, zoom * 3, ax, ay);
    g_assert_true (kv_canvas_get_node_center (fixture->canvas, actual, &bx, &by));
    g_assert_cmpfloat (fabs (ax - bx), <, 1.5);
    g_assert_cmpfloat (fabs (ay - by), <, 1.5);
    kv_canvas_zoom_fit (fixture->canvas);
  }

  /* Every engine lays Hexa out. */
  for (KvLayoutEngine e = KV_LAYOUT_NEATO; e <= KV_LAYOUT_DOT; e++)
    {
      g_object_set (fixture->view, "engine", kv_layout_engine_to_string (e), NULL);
      wait_layout (fixture, NULL);
      g_assert_nonnull (kv_canvas_get_layout (fixture->canvas));
      g_assert_cmpint (kv_canvas_get_layout (fixture->canvas)->engine, ==, e);
    }
  g_object_set (fixture->view, "engine", "auto", NULL);
  wait_layout (fixture, NULL);

  /* The highlight relayouts without fitting again. */
  {
    g_autoptr(KvBits) worlds = kv_bits_new (model->n_worlds);

    kv_bits_set (worlds, 0);
    kv_bits_set (worlds, 3);
    kv_canvas_zoom_in (fixture->canvas);
    zoom = kv_canvas_get_zoom (fixture->canvas);
    kv_canvas_view_set_highlight (fixture->view, worlds);
    wait_layout (fixture, NULL);
    layout = kv_canvas_get_layout (fixture->canvas);
    g_assert_true (kv_graph_node (layout->graph, 0)->flags & KV_NODE_HIGHLIGHTED);
    g_assert_false (kv_graph_node (layout->graph, 1)->flags & KV_NODE_HIGHLIGHTED);
    g_assert_cmpfloat_with_epsilon (kv_canvas_get_zoom (fixture->canvas), zoom, 1e-9);
    kv_canvas_zoom_fit (fixture->canvas);
    wait_frames (fixture->window, 2);
    {
      g_auto(Pixels) highlighted = { 0 };

      snapshot_window (fixture, "canvas-hexa-highlight", &highlighted);
      g_assert_cmpuint (count_color (&highlighted, kv_style_highlight_color (), x0, y0, x1, y1), >, 100);
    }
  }

  /* Clearing the model clears the canvas. */
  kv_canvas_view_set_model (fixture->view, NULL);
  wait_layout (fixture, NULL);
  g_assert_null (kv_canvas_get_layout (fixture->canvas));
}

static void
test_clue (Fixture       *fixture,
           gconstpointer  data)
{
  KvModel *model = initial_model (fixture);
  KvModel *hexa_model;
  g_autoptr(KvHistory) hexa = load_history ("hexa");
  g_auto(Pixels) envelope = { 0 };
  g_auto(Pixels) whole = { 0 };
  KvLayout *layout;
  gint64 start, gap, call;
  guint ticks = 0;
  int x0, y0, x1, y1;
  double x, y;
  int world, node;

  g_assert_cmpuint (model->n_worlds, ==, 47040);

  /* Something else is shown first, then Clue 11 replaces it. */
  hexa_model = kv_history_get (hexa, 0)->model;
  kv_canvas_view_set_model (fixture->view, hexa_model);
  wait_layout (fixture, NULL);

  start = g_get_monotonic_time ();
  kv_canvas_view_set_model (fixture->view, model);
  call = g_get_monotonic_time () - start;
  g_assert_true (kv_canvas_view_get_busy (fixture->view));
  gap = wait_layout (fixture, &ticks);
  g_test_message ("Clue 11 auto view: set_model %.1f ms, laid out in %.0f ms, "
                  "%u main-loop ticks, longest stall %.1f ms",
                  call / 1000.0, (g_get_monotonic_time () - start) / 1000.0,
                  ticks, gap / 1000.0);
  g_assert_cmpint (call, <, 50 * 1000);
  /* The main loop ran while the worker worked. */
  g_assert_cmpint (gap, <, 250 * 1000);

  /* Auto picks the agents view: 28 possible envelopes, whose links are a
   * tangle, in a panel per player, Everyone's and Common's. */
  layout = kv_canvas_get_layout (fixture->canvas);
  g_assert_nonnull (layout);
  g_assert_cmpint (kv_canvas_get_shown_view (fixture->canvas), ==, KV_VIEW_AGENTS);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, 5 * 28);
  g_assert_cmpuint (kv_graph_n_edges (layout->graph), ==, 0);
  /* A click on a cell selects a world with its envelope. */
  node = kv_graph_actual (layout->graph);
  g_assert_true (kv_canvas_get_node_center (fixture->canvas, node, &x, &y));
  world = kv_canvas_select_at (fixture->canvas, x, y);
  g_assert_cmpint (world, >=, 0);
  g_assert_cmpuint (kv_model_hand (model, world, kv_game_envelope (model->game)), ==,
                    kv_model_hand (model, model->actual, kv_game_envelope (model->game)));
  kv_canvas_view_set_selected_world (fixture->view, -1);

  /* The envelope view: the 28 envelopes, linked. */
  g_object_set (fixture->view, "view", KV_VIEW_ENVELOPE, NULL);
  wait_layout (fixture, NULL);
  layout = kv_canvas_get_layout (fixture->canvas);
  g_assert_nonnull (layout);
  g_assert_cmpint (kv_canvas_get_shown_view (fixture->canvas), ==, KV_VIEW_ENVELOPE);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, 28);
  snapshot_window (fixture, "canvas-clue-auto", &envelope);
  canvas_bounds (fixture, &x0, &y0, &x1, &y1);
  g_assert_cmpuint (count_colors (&envelope, x0, y0, x1, y1), >, 20);

  /* A click on an envelope selects a world with that envelope. */
  node = kv_graph_actual (layout->graph);
  g_assert_cmpint (node, >=, 0);
  g_assert_true (kv_canvas_get_node_center (fixture->canvas, node, &x, &y));
  world = kv_canvas_select_at (fixture->canvas, x, y);
  g_assert_cmpint (world, >=, 0);
  g_assert_cmpint (world, <, (int) model->n_worlds);
  g_assert_cmpuint (kv_model_hand (model, world, kv_game_envelope (model->game)), ==,
                    kv_model_hand (model, model->actual, kv_game_envelope (model->game)));
  kv_canvas_view_set_selected_world (fixture->view, model->actual);
  wait_frames (fixture->window, 2);
  {
    g_auto(Pixels) ring = { 0 };

    snapshot_window (fixture, "canvas-clue-selected", &ring);
    g_assert_cmpuint (count_color (&ring, (KvRgb) { 0.21, 0.52, 0.89 }, x0, y0, x1, y1), >,
                      count_color (&envelope, (KvRgb) { 0.21, 0.52, 0.89 }, x0, y0, x1, y1) + 30);
  }

  /* The whole model does not fit: the message names the views that do. */
  g_object_set (fixture->view, "view", KV_VIEW_WHOLE, NULL);
  gap = wait_layout (fixture, NULL);
  g_test_message ("whole view refused, longest stall %.1f ms", gap / 1000.0);
  g_assert_cmpint (gap, <, 250 * 1000);
  g_assert_null (kv_canvas_get_layout (fixture->canvas));
  g_assert_nonnull (kv_canvas_get_error_message (fixture->canvas));
  g_test_message ("error: %s", kv_canvas_get_error_message (fixture->canvas));
  g_assert_nonnull (strstr (kv_canvas_get_error_message (fixture->canvas), "47040 worlds"));
  g_assert_nonnull (strstr (kv_canvas_get_error_message (fixture->canvas), "Views that fit"));
  snapshot_window (fixture, "canvas-clue-whole", &whole);
  g_assert_cmpuint (count_colors (&whole, x0, y0, x1, y1), >, 10);

  /* Around the actual world: the nearest 300 worlds, the rest cut off.
   * (sfdp: the automatic engine, neato, takes ~45 s on these 300 nodes.) */
  g_object_set (fixture->view, "engine", "sfdp", "view", KV_VIEW_AROUND, NULL);
  gap = wait_layout (fixture, NULL);
  g_test_message ("around view, longest stall %.1f ms", gap / 1000.0);
  layout = kv_canvas_get_layout (fixture->canvas);
  g_assert_nonnull (layout);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), <=, 300);
  {
    g_auto(Pixels) around = { 0 };

    snapshot_window (fixture, "canvas-clue-around", &around);
    g_assert_cmpuint (count_colors (&around, x0, y0, x1, y1), >, 20);
  }

  /* Back to auto: the agents view again. */
  g_object_set (fixture->view, "engine", "auto", "view", KV_VIEW_AUTO, NULL);
  wait_layout (fixture, NULL);
  g_assert_cmpint (kv_canvas_get_shown_view (fixture->canvas), ==, KV_VIEW_AGENTS);
  g_assert_null (kv_canvas_get_error_message (fixture->canvas));
}

/* Requests replacing one another: only the last one is shown. */
static void
test_replace (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(KvHistory) clue = load_history ("clue11");

  kv_canvas_view_set_model (fixture->view, kv_history_get (clue, 0)->model);
  g_main_context_iteration (NULL, FALSE);
  g_object_set (fixture->view, "view", KV_VIEW_WHOLE, NULL);
  g_main_context_iteration (NULL, FALSE);
  kv_canvas_view_set_model (fixture->view, initial_model (fixture));
  wait_layout (fixture, NULL);

  g_assert_null (kv_canvas_get_error_message (fixture->canvas));
  g_assert_nonnull (kv_canvas_get_layout (fixture->canvas));
  g_assert_cmpuint (kv_graph_n_nodes (kv_canvas_get_layout (fixture->canvas)->graph), ==, 6);
}

/* Any graph: a graph function runs on the layout thread with the view's
 * options; its data lives until the view lets go of it and the last job is
 * done; setting a model again goes back to the model path. */
typedef struct {
  guint      calls;
  KvViewKind kind;
  gboolean   destroyed;
} GraphData;

static KvGraph *
triangle_graph (const KvViewOptions  *options,
                gpointer              user_data,
                GError              **error)
{
  GraphData *data = user_data;
  const char *agents[] = { "a", "b" };
  KvGraph *graph = kv_graph_new ("A triangle", 2, agents);

  g_atomic_int_inc (&data->calls);
  data->kind = options->kind;
  kv_graph_add_node (graph, "x", NULL, KV_NODE_ACTUAL, 0);
  kv_graph_add_node (graph, "y", NULL, 0, 1);
  kv_graph_add_node (graph, "z", NULL, 0, 2);
  kv_graph_add_edge (graph, 0, 0, 1);
  kv_graph_add_edge (graph, 1, 1, 2);
  kv_graph_add_edge (graph, 0, 0, 2);
  return graph;
}

static void
graph_data_destroy (gpointer user_data)
{
  GraphData *data = user_data;

  data->destroyed = TRUE;
}

static void
test_graph_func (Fixture       *fixture,
                 gconstpointer  user_data)
{
  GraphData data = { 0, KV_VIEW_AUTO, FALSE };
  KvLayout *layout;

  kv_canvas_view_set_graph_func (fixture->view, triangle_graph, &data, graph_data_destroy);
  wait_layout (fixture, NULL);
  layout = kv_canvas_get_layout (fixture->canvas);
  g_assert_nonnull (layout);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, 3);
  g_assert_cmpuint (data.calls, ==, 1);
  g_assert_null (kv_canvas_view_get_model (fixture->view));

  /* The view options reach the function. */
  kv_canvas_view_set_view (fixture->view, KV_VIEW_AROUND);
  wait_layout (fixture, NULL);
  g_assert_cmpuint (data.calls, ==, 2);
  g_assert_cmpint (data.kind, ==, KV_VIEW_AROUND);
  g_assert_false (data.destroyed);

  /* A model replaces the graph and frees its data. */
  kv_canvas_view_set_view (fixture->view, KV_VIEW_AUTO);
  kv_canvas_view_set_model (fixture->view, initial_model (fixture));
  wait_layout (fixture, NULL);
  g_assert_true (data.destroyed);
  g_assert_cmpuint (kv_graph_n_nodes (kv_canvas_get_layout (fixture->canvas)->graph), ==, 6);
}

/* Stable pictures */

/* Runs the main loop until the view has shown what it was asked, and not
 * one iteration more: a transition it started is still under way. */
static void
wait_shown (Fixture *fixture)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (kv_canvas_view_get_busy (fixture->view) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (kv_canvas_view_get_busy (fixture->view));
}

/* Node centres on the screen, by place key. */
static GHashTable *
centres (Fixture *fixture)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  KvLayout *layout = kv_canvas_get_layout (fixture->canvas);

  g_assert_nonnull (layout);
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    {
      double *xy = g_new (double, 2);

      g_assert_true (kv_canvas_get_node_center (fixture->canvas, i, &xy[0], &xy[1]));
      g_hash_table_insert (table, g_strdup (kv_graph_place_key (layout->graph, i)), xy);
    }
  return table;
}

/* Every node shown now is one of @before, at the same place on the screen. */
static void
assert_in_place (Fixture    *fixture,
                 GHashTable *before)
{
  g_autoptr(GHashTable) now = centres (fixture);
  GHashTableIter iter;
  const char *key;
  const double *xy;

  g_hash_table_iter_init (&iter, now);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &xy))
    {
      const double *was = g_hash_table_lookup (before, key);

      g_assert_nonnull (was);
      g_assert_cmpfloat_with_epsilon (xy[0], was[0], 0.01);
      g_assert_cmpfloat_with_epsilon (xy[1], was[1], 0.01);
    }
}

static void
set_animations (gboolean enabled)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", enabled, NULL);
}

static void
test_stable_steps (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(KvHistory) replayed = load_history ("hexa");
  g_autoptr(KvHistory) other = load_history ("hexa-show");
  g_autoptr(GHashTable) first = NULL;
  guint64 frame;
  double zoom;

  /* Hexa: 6 worlds, 4 after "nocard 1 w", 2 after "endmove 2". */
  g_assert_cmpuint (kv_history_length (fixture->history), ==, 3);
  kv_canvas_view_set_model (fixture->view, initial_model (fixture));
  wait_layout (fixture, NULL);
  first = centres (fixture);
  g_assert_cmpuint (g_hash_table_size (first), ==, 6);
  frame = kv_canvas_get_layout (fixture->canvas)->frame;
  g_assert_cmpuint (frame, !=, 0);
  zoom = kv_canvas_get_zoom (fixture->canvas);

  /* Forward, forward, back: the worlds that are left stay where they
   * were, the zoom too; no animation while animations are off. */
  for (guint i = 0; i < 3; i++)
    {
      static const guint steps[] = { 1, 2, 0 };
      static const guint n_worlds[] = { 4, 2, 6 };
      guint step = steps[i];

      kv_canvas_view_set_model (fixture->view, kv_history_get (fixture->history, step)->model);
      wait_shown (fixture);
      g_assert_false (kv_canvas_get_animating (fixture->canvas));
      g_assert_cmpuint (kv_graph_n_nodes (kv_canvas_get_layout (fixture->canvas)->graph), ==,
                        n_worlds[i]);
      g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, ==, frame);
      g_assert_cmpfloat (kv_canvas_get_zoom (fixture->canvas), ==, zoom);
      assert_in_place (fixture, first);
      wait_frames (fixture->window, 2);
      assert_in_place (fixture, first);
    }

  /* The same game replayed (as undo does: a new KvGame, the same header)
   * keeps the places. */
  kv_canvas_view_set_model (fixture->view, kv_history_get (replayed, 1)->model);
  wait_shown (fixture);
  g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, ==, frame);
  assert_in_place (fixture, first);

  /* With animations on, the next step fades: under way as soon as the
   * scene is there, while a click already selects in the new scene. */
  set_animations (TRUE);
  kv_canvas_view_set_model (fixture->view, kv_history_get (fixture->history, 2)->model);
  wait_shown (fixture);
  g_assert_true (kv_canvas_get_animating (fixture->canvas));
  assert_in_place (fixture, first);
  {
    KvModel *model = kv_history_get (fixture->history, 2)->model;
    KvLayout *layout = kv_canvas_get_layout (fixture->canvas);
    int actual = kv_graph_actual (layout->graph);
    const double *removed = NULL;
    GHashTableIter iter;
    const char *key;
    const double *xy;
    double x, y;

    g_assert_true (kv_canvas_get_node_center (fixture->canvas, actual, &x, &y));
    g_assert_cmpint (kv_canvas_select_at (fixture->canvas, x, y), ==, (int) model->actual);
    /* Where a removed world was, there is nothing to click. */
    g_hash_table_iter_init (&iter, first);
    while (removed == NULL && g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &xy))
      {
        gboolean shown = FALSE;

        for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
          shown |= g_str_equal (kv_graph_place_key (layout->graph, i), key);
        if (!shown)
          removed = xy;
      }
    g_assert_nonnull (removed);
    g_assert_cmpint (kv_canvas_node_at (fixture->canvas, removed[0], removed[1]), ==, -1);
    g_assert_true (kv_canvas_get_animating (fixture->canvas));
  }
  {
    gint64 start = g_get_monotonic_time ();
    gint64 deadline = start + 10 * G_USEC_PER_SEC;

    while (kv_canvas_get_animating (fixture->canvas) && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    g_test_message ("the transition took %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
    g_assert_false (kv_canvas_get_animating (fixture->canvas));
  }
  assert_in_place (fixture, first);

  /* A highlight is the same frame: it fades in. */
  {
    KvModel *model = kv_history_get (fixture->history, 2)->model;
    g_autoptr(KvBits) worlds = kv_bits_new (model->n_worlds);

    kv_bits_set (worlds, model->actual);
    kv_canvas_view_set_highlight (fixture->view, worlds);
    wait_shown (fixture);
    g_assert_true (kv_canvas_get_animating (fixture->canvas));
    assert_in_place (fixture, first);
  }
  set_animations (FALSE);

  /* Another game is laid out afresh, in a frame of its own, and fitted. */
  kv_canvas_zoom_in (fixture->canvas);
  kv_canvas_view_set_model (fixture->view, kv_history_get (other, 0)->model);
  wait_shown (fixture);
  g_assert_false (kv_canvas_get_animating (fixture->canvas));
  g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, !=, frame);
  g_assert_cmpfloat (kv_canvas_get_zoom (fixture->canvas), !=, zoom * 1.25);

  /* So is another view of the same game. */
  kv_canvas_view_set_model (fixture->view, initial_model (fixture));
  wait_shown (fixture);
  frame = kv_canvas_get_layout (fixture->canvas)->frame;
  kv_canvas_view_set_view (fixture->view, KV_VIEW_CONTRACTED);
  wait_shown (fixture);
  g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, !=, frame);
}

/* The stages of a product, as the product pane shows them: a pair keeps
 * its place from stage to stage, and a result world stays at its pair's. */
typedef struct {
  KvProductView  *product;
  KvProductStage  stage;
} StageData;

static KvGraph *
stage_graph (const KvViewOptions  *options,
             gpointer              user_data,
             GError              **error)
{
  StageData *data = user_data;

  return kv_product_view_build (data->product, data->stage, options, error);
}

static void
test_stable_stages (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) product = kv_product_view_new_for_entry (fixture->history, 1, &error);
  StageData stages[] = {
    { product, KV_PRODUCT_STAGE_PAIRS },
    { product, KV_PRODUCT_STAGE_LINKS },
    { product, KV_PRODUCT_STAGE_RESULT },
  };
  g_autoptr(GHashTable) pairs = NULL;
  guint64 frame;

  g_assert_no_error (error);
  /* As in the product pane, whose captions say what the titles would. */
  kv_canvas_set_captioned (fixture->canvas, TRUE);
  kv_canvas_view_set_graph_func (fixture->view, stage_graph, &stages[0], NULL);
  wait_layout (fixture, NULL);
  pairs = centres (fixture);
  frame = kv_canvas_get_layout (fixture->canvas)->frame;
  g_assert_cmpuint (frame, !=, 0);

  for (guint i = 1; i < G_N_ELEMENTS (stages); i++)
    {
      kv_canvas_view_replace_graph_func (fixture->view, stage_graph, &stages[i], NULL);
      wait_shown (fixture);
      g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, ==, frame);
      assert_in_place (fixture, pairs);
    }
  /* The result has fewer worlds than the pairs: some were dropped. */
  g_assert_cmpuint (kv_graph_n_nodes (kv_canvas_get_layout (fixture->canvas)->graph), <,
                    g_hash_table_size (pairs));

  /* Another product (set, not replaced) is laid out afresh. */
  kv_canvas_view_set_graph_func (fixture->view, stage_graph, &stages[0], NULL);
  wait_shown (fixture);
  g_assert_cmpuint (kv_canvas_get_layout (fixture->canvas)->frame, !=, frame);
  kv_canvas_view_set_graph_func (fixture->view, NULL, NULL, NULL);
  wait_shown (fixture);
}

/* The first widget of @type (and named @name, unless NULL) under @widget,
 * or NULL. */
static GtkWidget *
find_of_type (GtkWidget  *widget,
              GType       type,
              const char *name)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (name == NULL || g_strcmp0 (gtk_widget_get_name (widget), name) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The layout engine is folded into the toolbar's menu button (to keep the
 * toolbar to two rows): its popover's drop-down sets the view's engine,
 * and shows an engine set elsewhere (the preferences). */
static void
test_layout_menu (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *button = find_of_type (GTK_WIDGET (fixture->view), GTK_TYPE_MENU_BUTTON, "layout-engine");
  GtkWidget *drop_down;

  g_assert_nonnull (button);
  g_assert_nonnull (gtk_widget_get_tooltip_text (button));

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  wait_frames (fixture->window, 3);
  drop_down = find_of_type (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))),
                            GTK_TYPE_DROP_DOWN, NULL);
  g_assert_nonnull (drop_down);
  g_assert_true (gtk_widget_get_mapped (drop_down));

  kv_enum_drop_down_set_value (drop_down, KV_LAYOUT_DOT);
  g_assert_cmpstr (kv_canvas_view_get_engine (fixture->view), ==, "dot");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));

  kv_canvas_view_set_engine (fixture->view, "circo");
  g_assert_cmpint (kv_enum_drop_down_get_value (drop_down), ==, KV_LAYOUT_CIRCO);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Screenshots without half-finished transitions. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add ("/canvas/hexa", Fixture, "hexa", fixture_set_up, test_hexa, fixture_tear_down);
  g_test_add ("/canvas/clue11", Fixture, "clue11", fixture_set_up, test_clue, fixture_tear_down);
  g_test_add ("/canvas/replace", Fixture, "hexa", fixture_set_up, test_replace, fixture_tear_down);
  g_test_add ("/canvas/graph-func", Fixture, "hexa", fixture_set_up, test_graph_func, fixture_tear_down);
  g_test_add ("/canvas/stable-steps", Fixture, "hexa", fixture_set_up, test_stable_steps, fixture_tear_down);
  g_test_add ("/canvas/stable-stages", Fixture, "hexa-show", fixture_set_up, test_stable_stages, fixture_tear_down);
  g_test_add ("/canvas/layout-menu", Fixture, "hexa", fixture_set_up, test_layout_menu, fixture_tear_down);

  return g_test_run ();
}
