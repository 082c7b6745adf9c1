// SPDX-License-Identifier: GPL-3.0-or-later
/* test-view-symbolic.c: the envelope view of a state (kv-view-symbolic.c).
 *
 * Clue 11's script run on both engines: at every step, the envelope view
 * of the state forced symbolic has the explicit envelope view's nodes
 * (the same envelopes, the same true one), and per agent the same number
 * of links and the same groups of linked envelopes (its classes: the
 * cycles may run in another order, the envelopes being in another order).
 * Real Cluedo's view: 324 envelopes in nine room blocks, a perspective's
 * shading, and links counted rather than drawn when there are too many.
 */
#include "config.h"

#include "kv-draw.h"
#include "kv-engine.h"
#include "../engine/kv-test-util.h"

/* Per node, the smallest name of the nodes @agent's edges connect it to:
 * the groups its links make, named by the envelope (the place key: grid
 * nodes show no label) so that two graphs whose nodes are in other orders
 * compare. */
static GHashTable *
groups_of (const KvGraph *graph, guint agent)
{
  guint n = kv_graph_n_nodes (graph);
  g_autofree guint *parent = g_new (guint, MAX (n, 1));
  GHashTable *groups = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, NULL);

  for (guint i = 0; i < n; i++)
    parent[i] = i;
  for (guint e = 0; e < kv_graph_n_edges (graph); e++)
    {
      const KvEdge *edge = kv_graph_edge (graph, e);
      guint a = edge->source, b = edge->target;

      if (edge->agent != agent)
        continue;
      while (parent[a] != a)
        a = parent[a];
      while (parent[b] != b)
        b = parent[b];
      /* The root is the node with the smallest name. */
      if (g_strcmp0 (kv_graph_place_key (graph, a), kv_graph_place_key (graph, b)) < 0)
        parent[b] = a;
      else
        parent[a] = b;
    }
  for (guint i = 0; i < n; i++)
    {
      guint r = i;

      while (parent[r] != r)
        r = parent[r];
      g_hash_table_insert (groups, (gpointer) kv_graph_place_key (graph, i), (gpointer) kv_graph_place_key (graph, r));
    }
  return groups;
}

static void
assert_same_view (const KvGraph *x, const KvGraph *y)
{
  g_assert_cmpuint (kv_graph_n_nodes (x), ==, kv_graph_n_nodes (y));
  g_assert_cmpuint (x->n_agents, ==, y->n_agents);
  g_assert_true (kv_graph_is_grid (x));
  g_assert_true (kv_graph_is_grid (y));
  g_assert_cmpuint (x->row_headers->len, ==, y->row_headers->len);
  g_assert_cmpuint (x->col_headers->len, ==, y->col_headers->len);
  g_assert_cmpint (kv_graph_actual (x), >=, 0);
  g_assert_cmpstr (kv_graph_place_key (x, (guint) kv_graph_actual (x)), ==,
                   kv_graph_place_key (y, (guint) kv_graph_actual (y)));
  for (guint a = 0; a < x->n_agents; a++)
    {
      g_autoptr(GHashTable) gx = groups_of (x, a);
      g_autoptr(GHashTable) gy = groups_of (y, a);
      GHashTableIter iter;
      gpointer label, root;

      g_assert_cmpuint (kv_graph_count_edges (x, a), ==, kv_graph_count_edges (y, a));
      g_assert_cmpuint (g_hash_table_size (gx), ==, kv_graph_n_nodes (x));
      g_hash_table_iter_init (&iter, gx);
      while (g_hash_table_iter_next (&iter, &label, &root))
        {
          /* The same envelope, in the same group. */
          g_assert_true (g_hash_table_contains (gy, label));
          g_assert_cmpstr (g_hash_table_lookup (gy, label), ==, root);
        }
    }
}

static void
test_clue11_both_engines (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvState) exp = NULL;
  g_autoptr(KvState) sym = NULL;
  guint linked_edges = 0;

  g_assert_no_error (error);
  exp = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_assert_no_error (error);
  sym = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; ; i++)
    {
      g_autoptr(KvEnvelopeLinks) links = kv_state_envelope_links (sym, &error);
      g_autoptr(KvGraph) x = NULL;
      g_autoptr(KvGraph) y = NULL;
      KvViewOptions options;

      g_assert_no_error (error);
      kv_view_options_init (&options);
      options.kind = KV_VIEW_ENVELOPE;
      x = kv_view_build (kv_state_model (exp), &options, &error);
      g_assert_no_error (error);
      y = kv_view_build_envelope_links (sym, links, &options, &error);
      g_assert_no_error (error);
      assert_same_view (x, y);
      linked_edges += kv_graph_n_edges (y);
      if (i == script->steps->len)
        break;
      test_step_both (&exp, &sym, g_ptr_array_index (script->steps, i));
    }
  g_assert_cmpuint (linked_edges, >, 0);
}

static guint
count_flagged (const KvGraph *graph, KvNodeFlags flag)
{
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n += (kv_graph_node (graph, i)->flags & flag) != 0;
  return n;
}

/* The zoom the canvas fits a drawing at in a @box of pixels whose corner
 * its zoom buttons cover: beside the corner or above it. */
static double
canvas_zoom (const KvRenderOptions  *box,
             const KvRenderGeometry *geometry)
{
  double w = box->fit_width, h = box->fit_height;

  return MAX (MIN (w / geometry->width, (h - box->fit_corner_height) / geometry->height),
              MIN ((w - box->fit_corner_width) / geometry->width, h / geometry->height));
}

/* Fitted to a canvas's box, the grid's notes (9 px on screen before)
 * grow, at most to the labels' size, into the room tighter margins leave
 * and while the labels stay at 12 px, never at the grid's cost below
 * that: the grid at least as big as with the usual margins and notes (the
 * same drawing of a graph not compact). An export (no box) keeps them. */
static void
check_notes_grow (KvLayout *layout)
{
  /* The canvas at 1024×700 and 1280×720 with three players (English,
   * Dutch: a toolbar of two rows), where the notes grow; with six, where
   * the room may go to the grid. */
  static const struct { double width, height; gboolean grows; } boxes[] = {
    { 503, 546, TRUE }, { 509, 494, TRUE }, { 478, 566, TRUE }, { 484, 514, TRUE },
    { 413, 494, FALSE }, { 388, 514, FALSE },
  };
  KvRenderOptions options;
  KvRenderGeometry geometry;

  kv_render_options_init (&options);
  kv_render_measure (layout, &options, &geometry);
  g_assert_cmpfloat (geometry.legend_scale, ==, 1.0);
  for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
    {
      KvRenderGeometry usual;
      double zoom, usual_zoom;

      options.fit_width = boxes[b].width;
      options.fit_height = boxes[b].height;
      options.fit_corner_width = 138;
      options.fit_corner_height = 56;
      kv_render_measure (layout, &options, &geometry);
      layout->graph->compact = FALSE;
      kv_render_measure (layout, &options, &usual);
      layout->graph->compact = TRUE;
      zoom = canvas_zoom (&options, &geometry);
      usual_zoom = canvas_zoom (&options, &usual);
      g_test_message ("box %.0f×%.0f: notes %.2f px (were %.2f), labels %.2f px (were %.2f)",
                      boxes[b].width, boxes[b].height, zoom * KV_STYLE_SMALL_SIZE * geometry.legend_scale,
                      usual_zoom * KV_STYLE_SMALL_SIZE, zoom * KV_STYLE_LABEL_SIZE,
                      usual_zoom * KV_STYLE_LABEL_SIZE);
      g_assert_cmpfloat (usual.legend_scale, ==, 1.0);
      g_assert_cmpfloat (geometry.legend_scale, <=, KV_STYLE_LABEL_SIZE / KV_STYLE_SMALL_SIZE + 1e-9);
      g_assert_cmpfloat (zoom, >=, MIN (usual_zoom, 12.0 / KV_STYLE_LABEL_SIZE) - 1e-9);
      /* The notes bigger on screen: at least 10.5 px (9 to 10 before). */
      if (boxes[b].grows)
        {
          g_assert_cmpfloat (geometry.legend_scale, >, 1.0);
          g_assert_cmpfloat (zoom * geometry.legend_scale, >, usual_zoom * 1.05);
          g_assert_cmpfloat (zoom * KV_STYLE_SMALL_SIZE * geometry.legend_scale, >=, 10.5);
        }
    }
}

static void
test_cluedo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("cluedo", &error);
  g_autoptr(KvState) initial = NULL;
  g_autoptr(KvState) state = NULL;
  g_autoptr(KvEnvelopeLinks) links = NULL;
  g_autoptr(KvGraph) graph = NULL;
  g_autoptr(KvGraph) shaded = NULL;
  g_autoptr(GArray) mine = NULL;
  g_autoptr(KvLayout) layout = NULL;
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  KvViewOptions options;

  g_assert_no_error (error);
  initial = kv_state_new_initial (script->game, KV_ENGINE_AUTO, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (initial), ==, KV_ENGINE_SYMBOLIC);
  links = kv_state_envelope_links (initial, &error);
  g_assert_no_error (error);
  kv_view_options_init (&options);
  graph = kv_view_build_envelope_links (initial, links, &options, &error);
  g_assert_no_error (error);
  /* 6 suspects × 6 weapons × 9 rooms, in nine blocks named by their rooms. */
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 324);
  g_assert_true (kv_graph_is_grid (graph));
  g_assert_true (graph->compact);
  g_assert_cmpuint (graph->captions->len, ==, 9);
  g_assert_cmpuint (graph->row_headers->len, ==, 21);
  /* 3 blocks of 6 columns, an empty one between two blocks: their
   * headers ("ca da le re ro wr") do not run together. */
  g_assert_cmpuint (graph->col_headers->len, ==, 20);
  g_assert_cmpstr (g_ptr_array_index (graph->col_headers, 6), ==, "");
  g_assert_cmpint (kv_graph_actual (graph), >=, 0);
  g_assert_cmpstr (kv_graph_node (graph, (guint) kv_graph_actual (graph))->tooltip, ==,
                   "envelope: Plum rope study");
  /* Every agent links all 52 326 pairs: counted, not drawn. */
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 0);
  g_assert_cmpuint (count_flagged (graph, KV_NODE_HIGHLIGHTED), ==, 0);
  /* Two envelopes in the same cell would be one drawn over the other. */
  {
    g_autoptr(GHashTable) cells = g_hash_table_new (g_direct_hash, g_direct_equal);

    for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
      {
        const KvNode *node = kv_graph_node (graph, i);
        gpointer key = GINT_TO_POINTER (node->row * 1000 + node->col + 1);

        g_assert_false (g_hash_table_contains (cells, key));
        g_hash_table_add (cells, key);
      }
  }
  layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (layout->n_headers, ==, 21 + 20 + 9);
  check_notes_grow (layout);

  /* After 2 shows White to 1, 1's perspective shades fewer envelopes. */
  state = kv_state_apply_step (initial, g_ptr_array_index (script->steps, 0), &error);
  g_assert_no_error (error);
  g_clear_pointer (&links, kv_envelope_links_unref);
  links = kv_state_envelope_links (state, &error);
  g_assert_no_error (error);
  mine = kv_state_envelopes (state, 0);
  options.links_of = 0;
  shaded = kv_view_build_envelope_links (state, links, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_flagged (shaded, KV_NODE_HIGHLIGHTED), ==, mine->len);
  g_assert_cmpuint (mine->len, <, kv_graph_n_nodes (shaded));
  for (guint i = 0; i < kv_graph_n_edges (shaded); i++)
    g_assert_cmpuint (kv_graph_edge (shaded, i)->agent, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-symbolic/clue11-both-engines", test_clue11_both_engines);
  g_test_add_func ("/view-symbolic/cluedo", test_cluedo);
  return g_test_run ();
}
