// SPDX-License-Identifier: GPL-3.0-or-later
/* test-draw-render.c: graphs, layout and the renderer, on a hand-made Hexa */
#define G_LOG_DOMAIN "test-draw-render"
#include "config.h"

#include <math.h>

#include "kv-draw.h"

static KvLayoutContext *context;

/* Hexa by hand: the six deals of r, w, b to agents 1, 2, 3; rwb actual. */
static KvGraph *
hexa_graph (void)
{
  static const char * const agents[] = { "1", "2", "3" };
  static const char * const deals[] = { "rwb", "rbw", "wrb", "wbr", "brw", "bwr" };
  KvGraph *graph = kv_graph_new ("Hexa", 3, agents);

  for (guint i = 0; i < 6; i++)
    kv_graph_add_node (graph, deals[i], NULL, i == 0 ? KV_NODE_ACTUAL : 0, i);
  for (guint a = 0; a < 3; a++)
    for (guint i = 0; i < 6; i++)
      for (guint j = i + 1; j < 6; j++)
        if (deals[i][a] == deals[j][a])
          kv_graph_add_edge (graph, a, i, j);

  return graph;
}

static void
test_graph_classes (void)
{
  static const char * const agents[] = { "a", "b" };
  g_autoptr(KvGraph) graph = kv_graph_new (NULL, 2, agents);
  guint members[5];

  for (guint i = 0; i < 5; i++)
    members[i] = kv_graph_add_node (graph, "x", NULL, 0, i);

  /* Two and three members: the clique; more: a cycle, never the clique. */
  g_assert_false (kv_graph_add_class (graph, 0, members, 2));
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 1);
  g_assert_false (kv_graph_add_class (graph, 0, members, 3));
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 4);
  g_assert_true (kv_graph_add_class (graph, 1, members, 5));
  g_assert_cmpuint (kv_graph_count_edges (graph, 1), ==, 5);
  g_assert_false (kv_graph_add_class (graph, 1, members, 1));

  /* No reflexive links. */
  kv_graph_add_edge (graph, 0, 2, 2);
  g_assert_cmpuint (kv_graph_count_edges (graph, 0), ==, 4);
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    g_assert_cmpuint (kv_graph_edge (graph, i)->source, <, kv_graph_edge (graph, i)->target);

  g_assert_cmpint (kv_graph_actual (graph), ==, -1);
}

static void
test_engine_names (void)
{
  KvLayoutEngine engine;
  KvFormat format;

  g_assert_true (kv_layout_engine_from_string ("sfdp", &engine));
  g_assert_cmpint (engine, ==, KV_LAYOUT_SFDP);
  g_assert_false (kv_layout_engine_from_string ("twopi", &engine));
  g_assert_cmpstr (kv_layout_engine_to_string (KV_LAYOUT_CIRCO), ==, "circo");
  g_assert_cmpint (kv_layout_engine_for_size (6), ==, KV_LAYOUT_CIRCO);
  g_assert_cmpint (kv_layout_engine_for_size (300), ==, KV_LAYOUT_NEATO);
  g_assert_true (kv_format_from_string ("tikz", &format));
  g_assert_cmpint (format, ==, KV_FORMAT_TIKZ);
  g_assert_false (kv_format_from_string ("jpeg", &format));
}

static void
test_layout_engines (void)
{
  static const KvLayoutEngine engines[] = {
    KV_LAYOUT_NEATO, KV_LAYOUT_FDP, KV_LAYOUT_SFDP, KV_LAYOUT_CIRCO, KV_LAYOUT_DOT,
  };
  g_autoptr(KvGraph) graph = hexa_graph ();

  for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLayout) layout = kv_layout_new (context, graph, engines[e], &error);

      g_assert_no_error (error);
      g_assert_cmpint (layout->engine, ==, engines[e]);
      g_assert_cmpfloat (layout->width, >, 0);
      g_assert_cmpfloat (layout->height, >, 0);

      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          const KvLayoutNode *node = &layout->nodes[i];

          g_assert_cmpfloat (node->x - node->width / 2, >=, -0.01);
          g_assert_cmpfloat (node->x + node->width / 2, <=, layout->width + 0.01);
          g_assert_cmpfloat (node->y - node->height / 2, >=, -0.01);
          g_assert_cmpfloat (node->y + node->height / 2, <=, layout->height + 0.01);
          g_assert_cmpint (kv_layout_node_at (layout, node->x, node->y), ==, (int) i);
        }

      for (guint i = 0; i < kv_graph_n_edges (graph); i++)
        {
          g_assert_cmpuint (layout->edges[i].n_points, >=, 4);
          g_assert_cmpuint ((layout->edges[i].n_points - 1) % 3, ==, 0);
        }
    }
}

/* Hexa laid out by default: the paper's hexagon, every world at the same
 * distance from the centre, each agent with two sides and one diagonal. */
static void
test_layout_hexagon (void)
{
  g_autoptr(KvGraph) graph = hexa_graph ();
  g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, NULL);
  double cx = 0, cy = 0, r0 = -1;
  guint diagonals[3] = { 0 };
  for (guint i = 0; i < 6; i++)
    {
      cx += layout->nodes[i].x / 6;
      cy += layout->nodes[i].y / 6;
    }
  for (guint i = 0; i < 6; i++)
    {
      double r = hypot (layout->nodes[i].x - cx, layout->nodes[i].y - cy);

      if (r0 < 0)
        r0 = r;
      g_assert_cmpfloat (fabs (r - r0), <, 2.0);
    }
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      double d = hypot (layout->nodes[e->source].x - layout->nodes[e->target].x,
                        layout->nodes[e->source].y - layout->nodes[e->target].y);

      diagonals[e->agent] += fabs (d - 2 * r0) < 2.0;
    }
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (diagonals[a], ==, 1);

  /* The three diagonals cross at the centre: no label sits there, on
   * another agent's line, and no two labels touch. */
  {
    g_autofree double *places = g_new (double, 2 * kv_graph_n_edges (graph));

    g_assert_true (kv_render_edge_label_places (layout, NULL, places));
    for (guint i = 0; i < kv_graph_n_edges (graph); i++)
      {
        g_assert_cmpfloat (hypot (places[2 * i] - cx, places[2 * i + 1] - cy), >, 10.0);
        for (guint j = 0; j < i; j++)
          g_assert_cmpfloat (hypot (places[2 * i] - places[2 * j], places[2 * i + 1] - places[2 * j + 1]), >, 16.0);
      }
  }
}

static gboolean
is_white (const guint8 *pixel)
{
  /* ARGB32, native endian; opaque white is 0xffffffff. */
  return *(const guint32 *) pixel == 0xffffffff;
}

static void
test_render_pixels (void)
{
  g_autoptr(KvGraph) graph = hexa_graph ();
  g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_CIRCO, NULL);
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *data;
  int stride, actual = kv_graph_actual (graph);
  guint drawn = 0, ring_drawn = 0;
  double ax, ay, aw;

  kv_render_measure (layout, NULL, &geometry);
  g_assert_cmpfloat (geometry.width, >=, layout->width);
  g_assert_cmpfloat (geometry.height, >, layout->height);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) geometry.width, (int) geometry.height);
  cr = cairo_create (surface);
  kv_render (layout, cr, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

  /* Not blank: a good share of the pixels are ink. */
  for (int y = 0; y < (int) geometry.height; y++)
    for (int x = 0; x < (int) geometry.width; x++)
      if (!is_white (data + y * stride + 4 * x))
        drawn++;
  g_assert_cmpuint (drawn, >, (guint) (geometry.width * geometry.height / 50));

  /* The actual world: its label and both borders are ink. Walk the row
   * through its centre from the left edge inwards: two separate borders. */
  g_assert_cmpint (actual, >=, 0);
  ax = geometry.graph_x + layout->nodes[actual].x;
  ay = geometry.graph_y + layout->nodes[actual].y;
  aw = layout->nodes[actual].width;
  {
    gboolean in_ink = FALSE;

    for (int x = (int) (ax - aw / 2 - 2); x < (int) (ax - aw / 2 + 3 * KV_STYLE_DOUBLE_GAP); x++)
      {
        gboolean ink = !is_white (data + (int) ay * stride + 4 * x);

        if (ink && !in_ink)
          ring_drawn++;
        in_ink = ink;
      }
  }
  g_assert_cmpuint (ring_drawn, ==, 2);
  g_assert_cmpint (kv_render_node_at (layout, NULL, ax, ay), ==, actual);
  g_assert_cmpint (kv_render_node_at (layout, NULL, 1, 1), ==, -1);

  cairo_surface_destroy (surface);
}

/* Hidden agents draw nothing of theirs; an empty graph renders. */
static void
test_render_options (void)
{
  static const char * const agents[] = { "1" };
  g_autoptr(KvGraph) empty = kv_graph_new ("Nothing", 1, agents);
  g_autoptr(KvLayout) layout = kv_layout_new (context, empty, KV_LAYOUT_AUTO, NULL);
  KvRenderOptions options;
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  cairo_t *cr;

  kv_render_options_init (&options);
  options.show_legend = FALSE;
  options.show_title = FALSE;
  options.hidden_agents = 1;
  kv_render_measure (layout, &options, &geometry);
  g_assert_cmpfloat (geometry.width, >, 0);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  cr = cairo_create (surface);
  kv_render (layout, cr, &options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The one node outline: the node's box, or a ring @grow points round it. */
static void
test_node_path (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  const KvNodeShape shapes[] = { KV_NODE_SHAPE_ELLIPSE, KV_NODE_SHAPE_BOX };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (double grow = 0; grow <= 5; grow += 2.5)
      {
        double x0, y0, x1, y1;

        cairo_new_path (cr);
        kv_render_node_path (cr, shapes[s], 100, 50, 60, 30, grow);
        cairo_fill_extents (cr, &x0, &y0, &x1, &y1);
        g_assert_cmpfloat_with_epsilon (x0, 70 - grow, 0.01);
        g_assert_cmpfloat_with_epsilon (x1, 130 + grow, 0.01);
        g_assert_cmpfloat_with_epsilon (y0, 35 - grow, 0.01);
        g_assert_cmpfloat_with_epsilon (y1, 65 + grow, 0.01);

        /* The centre is inside; a point near the top-left corner is inside
         * the box (its rounding grows with it) but not the ellipse; the
         * very corner is in neither. */
        g_assert_true (cairo_in_fill (cr, 100, 50));
        g_assert_true (cairo_in_fill (cr, 78 - grow, 36 - grow) == (shapes[s] == KV_NODE_SHAPE_BOX));
        g_assert_false (cairo_in_fill (cr, 70.5 - grow, 35.5 - grow));
      }

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  context = kv_layout_context_new ();

  g_test_add_func ("/draw/graph/classes", test_graph_classes);
  g_test_add_func ("/draw/names", test_engine_names);
  g_test_add_func ("/draw/layout/engines", test_layout_engines);
  g_test_add_func ("/draw/layout/hexagon", test_layout_hexagon);
  g_test_add_func ("/draw/render/pixels", test_render_pixels);
  g_test_add_func ("/draw/render/options", test_render_options);
  g_test_add_func ("/draw/render/node-path", test_node_path);

  status = g_test_run ();
  kv_layout_context_free (context);
  return status;
}
