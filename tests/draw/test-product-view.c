// SPDX-License-Identifier: GPL-3.0-or-later
/* The product view: van Ditmarsch's Figure 5 stage by stage, twocards, and
 * a Clue 11 showcard through the envelope view. */
#include "config.h"

#include <math.h>

#include "kv-draw.h"

/* @model's whole view, as the product view's M panel draws it. */
static KvGraph *
test_model_graph (const KvModel *model)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvGraph *graph;

  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  graph = kv_view_build (model, &options, &error);
  g_assert_no_error (error);
  return graph;
}

static KvHistory *
open_history (const char *name_or_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = strchr (name_or_text, '\n')
    ? kv_script_parse (name_or_text, strlen (name_or_text), "test.kvg", &error)
    : kv_script_open (name_or_text, &error);
  KvHistory *history;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  return history;
}

static guint
count_nodes (const KvGraph *graph, KvNodeFlags flag)
{
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n += (kv_graph_node (graph, i)->flags & flag) != 0;
  return n;
}

/* Whether some legend note of @graph starts with @start. */
static gboolean
has_note (const KvGraph *graph, const char *start)
{
  for (guint i = 0; i < graph->notes->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (graph->notes, i), start))
      return TRUE;
  return FALSE;
}

static KvGraph *
stage_for (const KvProductView *view, KvProductStage s, KvViewKind kind, KvLayoutEngine engine)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvGraph *graph;

  kv_view_options_init (&options);
  options.kind = kind;
  options.engine = engine;
  graph = kv_product_view_build (view, s, &options, &error);
  g_assert_no_error (error);
  return graph;
}

static KvGraph *
stage (const KvProductView *view, KvProductStage s, KvViewKind kind)
{
  return stage_for (view, s, kind, KV_LAYOUT_AUTO);
}

/* Figure 5: 18 pairs, 12 struck; 6 kept, 2's links all cut, 1 and 3 keep 3. */
static void
test_hexa_showcard (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa-show");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) action = NULL, pairs = NULL, links = NULL, result = NULL;
  g_autofree char *describe = NULL;

  g_assert_no_error (error);
  action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (action), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges (action, 0), ==, 0);   /* 1 tells the events apart */
  g_assert_cmpuint (kv_graph_count_edges (action, 1), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges (action, 2), ==, 3);   /* 3 cannot */
  g_assert_cmpstr (kv_graph_node (action, kv_graph_actual (action))->label, ==, "r: r@1");
  /* A's points are events, and its legend says so of their loops. */
  g_assert_true (action->of_events);
  g_assert_cmpstr (kv_render_loops_note (action), ==, "Every event is linked to itself (not drawn).");

  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 18);
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 12);
  /* 18 pairs read as a graph: labelled boxes on M's hexagon, no matrix. */
  g_assert_true (kv_graph_is_pointed (pairs));
  g_assert_cmpuint (pairs->row_headers->len, ==, 0);
  g_assert_cmpuint (pairs->col_headers->len, ==, 0);
  g_assert_cmpstr (kv_graph_node (pairs, kv_graph_actual (pairs))->label, ==, "(rwb, r)");

  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 6);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 0, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 0, KV_EDGE_CUT), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, 0), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, KV_EDGE_CUT), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 2, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 2, KV_EDGE_CUT), ==, 0);

  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (result), ==, 6);
  g_assert_cmpuint (kv_graph_count_edges (result, 1), ==, 0);

  describe = kv_product_view_describe (view, KV_PRODUCT_STAGE_PAIRS);
  g_assert_cmpstr (describe, ==, "18 pairs tried, 6 kept, 12 dropped");
}

/* A stage's centres as a shape: less their mean, over their mean distance
 * from it, so that pictures of one hexagon at two sizes compare. @xy: x, y
 * per point, changed in place. */
static void
normalise (double *xy, guint n)
{
  double mx = 0, my = 0, r = 0;

  for (guint i = 0; i < n; i++)
    {
      mx += xy[2 * i] / n;
      my += xy[2 * i + 1] / n;
    }
  for (guint i = 0; i < n; i++)
    r += hypot (xy[2 * i] - mx, xy[2 * i + 1] - my) / n;
  g_assert_cmpfloat (r, >, 0);
  for (guint i = 0; i < n; i++)
    {
      xy[2 * i] = (xy[2 * i] - mx) / r;
      xy[2 * i + 1] = (xy[2 * i + 1] - my) / r;
    }
}

/* The point at @t of link @e's first Bézier segment (a straight or bent
 * link of a pinned layout has one). */
static void
link_point (const KvLayout *layout, guint e, double t, double *x, double *y)
{
  const double *p = layout->edges[e].points;
  double u = 1 - t;

  *x = u * u * u * p[0] + 3 * u * u * t * p[2] + 3 * u * t * t * p[4] + t * t * t * p[6];
  *y = u * u * u * p[1] + 3 * u * u * t * p[3] + 3 * u * t * t * p[5] + t * t * t * p[7];
}

/* Whether links @e and @f lie on top of each other along some stretch:
 * three points of @e's middle all within 3 points of @f. */
static gboolean
links_overlap (const KvLayout *layout, guint e, guint f)
{
  for (guint k = 1; k <= 3; k++)
    {
      double x, y, near = G_MAXDOUBLE;

      link_point (layout, e, 0.2 + 0.15 * k, &x, &y);
      for (guint j = 0; j <= 100; j++)
        {
          double fx, fy;

          link_point (layout, f, j / 100.0, &fx, &fy);
          near = MIN (near, hypot (x - fx, y - fy));
        }
      if (near > 3.0)
        return FALSE;
    }
  return TRUE;
}

/* No two nodes of @layout overlap, no two links lie on top of each other,
 * and every link has its agent's name, clear of the nodes and of the
 * other names. */
static void
check_readable (const KvLayout *layout)
{
  const KvGraph *graph = layout->graph;
  guint n_edges = kv_graph_n_edges (graph);
  g_autofree double *xy = g_new (double, 2 * MAX (n_edges, 1));

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    for (guint j = i + 1; j < kv_graph_n_nodes (graph); j++)
      {
        const KvLayoutNode *a = &layout->nodes[i], *b = &layout->nodes[j];

        g_assert_true (fabs (a->x - b->x) >= (a->width + b->width) / 2 ||
                       fabs (a->y - b->y) >= (a->height + b->height) / 2);
      }
  for (guint e = 0; e < n_edges; e++)
    for (guint f = 0; f < n_edges; f++)
      if (e != f)
        g_assert_false (links_overlap (layout, e, f));
  if (n_edges == 0)
    return;
  g_assert_true (kv_render_edge_label_places (layout, NULL, xy));
  for (guint e = 0; e < n_edges; e++)
    {
      g_assert_false (isnan (xy[2 * e]));
      /* A name's disc is about 8 points across its middle. */
      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          const KvLayoutNode *node = &layout->nodes[i];

          g_assert_true (fabs (xy[2 * e] - node->x) >= node->width / 2 + 4 ||
                         fabs (xy[2 * e + 1] - node->y) >= node->height / 2 + 4);
        }
      for (guint f = e + 1; f < n_edges; f++)
        g_assert_cmpfloat (hypot (xy[2 * e] - xy[2 * f], xy[2 * e + 1] - xy[2 * f + 1]), >, 14.0);
    }
}

/* Where M's picture puts each world (node w is world w), normalised. */
static double *
model_places (KvLayoutContext *context, const KvModel *m)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvGraph) model = test_model_graph (m);
  g_autoptr(KvLayout) layout = kv_layout_new (context, model, KV_LAYOUT_AUTO, &error);
  double *places = g_new (double, 2 * m->n_worlds);

  g_assert_no_error (error);
  for (guint w = 0; w < m->n_worlds; w++)
    {
      g_assert_cmpuint (kv_graph_node (model, w)->world, ==, w);
      places[2 * w] = layout->nodes[w].x;
      places[2 * w + 1] = layout->nodes[w].y;
    }
  normalise (places, m->n_worlds);
  return places;
}

/* Van Ditmarsch's Figure 5: every stage of Hexa's showcard on M's
 * hexagon. In the pairs stage each world's three pairs stand in a column
 * at its place, the kept one at the place; in the links stage the kept
 * pairs, in the result its worlds, at their worlds' places — the shape of
 * M's picture, whatever its size, so that the result is M's hexagon less
 * 2's links (not another ring), as the main view draws step 1. */
static void
test_hexa_figure5 (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa-show");
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autofree double *places = NULL;
  const KvModel *m;

  g_assert_no_error (error);
  m = view->before;
  places = model_places (context, m);

  for (KvProductStage s = KV_PRODUCT_STAGE_ACTION; s <= KV_PRODUCT_STAGE_RESULT; s++)
    {
      g_autoptr(KvGraph) graph = stage (view, s, KV_VIEW_AUTO);
      g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
      g_autofree double *kept = g_new (double, 2 * m->n_worlds);
      g_autofree guint *world_of = g_new (guint, kv_graph_n_nodes (graph));
      guint n_kept = 0;

      g_assert_no_error (error);
      check_readable (layout);
      if (s == KV_PRODUCT_STAGE_ACTION)
        continue;
      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          g_autoptr(KvBits) worlds = NULL, events = NULL;
          int w;

          g_assert_true (kv_product_view_node_parts (view, s, graph, i, &worlds, &events));
          g_assert_cmpuint (kv_bits_count (worlds), ==, 1);
          w = kv_bits_next (worlds, 0);
          world_of[i] = (guint) w;
          if (kv_graph_node (graph, i)->flags & KV_NODE_STRUCK)
            continue;
          kept[2 * w] = layout->nodes[i].x;
          kept[2 * w + 1] = layout->nodes[i].y;
          n_kept++;
        }
      /* Showcard keeps one pair of each world. */
      g_assert_cmpuint (n_kept, ==, m->n_worlds);
      normalise (kept, m->n_worlds);
      for (guint w = 0; w < m->n_worlds; w++)
        g_assert_cmpfloat (hypot (kept[2 * w] - places[2 * w], kept[2 * w + 1] - places[2 * w + 1]), <, 0.02);
      /* A dropped pair in its world's column: nearer its world's kept
       * pair than any other. */
      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          const KvLayoutNode *node = &layout->nodes[i];
          double own = G_MAXDOUBLE, other = G_MAXDOUBLE;

          if (!(kv_graph_node (graph, i)->flags & KV_NODE_STRUCK))
            continue;
          for (guint j = 0; j < kv_graph_n_nodes (graph); j++)
            {
              double d = hypot (node->x - layout->nodes[j].x, node->y - layout->nodes[j].y);

              if (kv_graph_node (graph, j)->flags & KV_NODE_STRUCK)
                continue;
              if (world_of[j] == world_of[i])
                {
                  own = d;
                  g_assert_cmpfloat (fabs (node->x - layout->nodes[j].x), <, 1.0);
                }
              else
                other = MIN (other, d);
            }
          g_assert_cmpfloat (own, <, other);
        }
    }
}

/* Hexa's announcement (nocard 1 w, one event) on M's hexagon too: each
 * pair (w, !) at w's place, dropped or kept, and in the result each world
 * and each removed world's ghost there. Nodes are known by their labels,
 * "(w, !)" or w. */
static void
test_announcement_ring (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa");
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) model = NULL;
  g_autofree double *places = NULL;
  guint n;

  g_assert_no_error (error);
  model = test_model_graph (view->before);
  n = view->before->n_worlds;
  places = model_places (context, view->before);
  for (KvProductStage s = KV_PRODUCT_STAGE_PAIRS; s <= KV_PRODUCT_STAGE_RESULT; s += 2)
    {
      g_autoptr(KvGraph) graph = NULL;
      g_autoptr(KvLayout) layout = NULL;
      g_autofree double *at = g_new (double, 2 * n);
      KvViewOptions options;

      /* As the window and the CLI draw it: the result with what the step
       * removed, ghosted. */
      kv_view_options_init (&options);
      options.previous = kv_history_get (history, 0)->state;
      graph = kv_product_view_build (view, s, &options, &error);
      g_assert_no_error (error);
      layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kv_graph_n_nodes (graph), ==, n);
      check_readable (layout);
      for (guint w = 0; w < n; w++)
        {
          const char *world = kv_graph_node (model, w)->label;
          g_autofree char *pair = g_strdup_printf ("(%s, !)", world);
          gboolean found = FALSE;

          for (guint i = 0; i < n && !found; i++)
            if (g_str_equal (kv_graph_node (graph, i)->label, s == KV_PRODUCT_STAGE_PAIRS ? pair : world))
              {
                at[2 * w] = layout->nodes[i].x;
                at[2 * w + 1] = layout->nodes[i].y;
                found = TRUE;
              }
          g_assert_true (found);
        }
      normalise (at, n);
      for (guint w = 0; w < n; w++)
        g_assert_cmpfloat (hypot (at[2 * w] - places[2 * w], at[2 * w + 1] - places[2 * w + 1]), <, 0.02);
    }
}

/* A world that keeps two pairs (1 may say it has no w, or not; 2 cannot
 * tell which): both at the world's place, one above the other a link's
 * name apart, every stage still readable. */
static void
test_two_kept_ring (void)
{
  g_autoptr(KvHistory) history = open_history ("title two kept\n"
                                               "agents 1 2 3\ncards r w b\nhands 1 1 1\n"
                                               "deal 1: r 2: w 3: b\n"
                                               "action maybe\n  event say: ~w@1\n  event skip: true\n"
                                               "  agent 1: each\n  agent 2: say skip\n  agent 3: each\nend\n"
                                               "do maybe say\n");
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);

  g_assert_no_error (error);
  for (KvProductStage s = KV_PRODUCT_STAGE_ACTION; s <= KV_PRODUCT_STAGE_RESULT; s++)
    {
      g_autoptr(KvGraph) graph = stage (view, s, KV_VIEW_AUTO);
      g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);

      g_assert_no_error (error);
      g_assert_true (s == KV_PRODUCT_STAGE_ACTION || kv_graph_is_pointed (graph));
      check_readable (layout);
    }
}

/* Asserts that @layout puts each node (@labels[i]: its world's label)
 * where @first, the initial model's picture, put that world: the same
 * shape, and with @same_size the same distances too (a whole view's
 * ring keeps its radius). */
static void
assert_first_places (const KvLayout *layout, const char * const *labels, const KvLayout *first,
                     gboolean same_size)
{
  guint n = kv_graph_n_nodes (layout->graph);
  g_autofree double *at = g_new (double, 2 * n);
  g_autofree double *was = g_new (double, 2 * n);

  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      gboolean found = FALSE;

      at[2 * i] = layout->nodes[i].x;
      at[2 * i + 1] = layout->nodes[i].y;
      for (guint j = 0; j < kv_graph_n_nodes (first->graph) && !found; j++)
        if (g_str_equal (kv_graph_node (first->graph, j)->label, labels[i]))
          {
            was[2 * i] = first->nodes[j].x;
            was[2 * i + 1] = first->nodes[j].y;
            found = TRUE;
          }
      g_assert_true (found);
    }
  if (same_size)
    for (guint i = 1; i < n; i++)
      {
        g_assert_cmpfloat (fabs ((at[2 * i] - at[0]) - (was[2 * i] - was[0])), <, 0.5);
        g_assert_cmpfloat (fabs ((at[2 * i + 1] - at[1]) - (was[2 * i + 1] - was[1])), <, 0.5);
      }
  normalise (at, n);
  normalise (was, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (hypot (at[2 * i] - was[2 * i], at[2 * i + 1] - was[2 * i + 1]), <, 0.02);
}

/* Hexa's steps keep 4 worlds, then 2: each is drawn where the hexagon of
 * the initial model had it, not on a ring of its own (a square at step
 * 2, every world somewhere else) — in the main view with what the step
 * removed ghosted, and in the product view of step 2, its M and its
 * pairs, links and result. From the game, with no picture before. */
static void
test_first_ring (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa");
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvGraph) initial = test_model_graph (kv_history_get (history, 0)->model);
  g_autoptr(KvLayout) hexagon = kv_layout_new (context, initial, KV_LAYOUT_AUTO, &error);
  g_autoptr(KvProductView) view = NULL;
  g_autoptr(KvGraph) model = NULL;
  g_autoptr(KvLayout) model_layout = NULL;
  g_autofree const char **labels = NULL;

  g_assert_no_error (error);
  for (guint step = 1; step <= 2; step++)
    {
      g_autoptr(KvGraph) graph = NULL;
      g_autoptr(KvLayout) layout = NULL;
      g_autofree const char **own = NULL;
      KvViewOptions options;

      kv_view_options_init (&options);
      options.kind = KV_VIEW_WHOLE;
      options.previous = kv_history_get (history, step - 1)->state;
      graph = kv_view_build (kv_history_get (history, step)->model, &options, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kv_graph_n_nodes (graph), ==, step == 1 ? 6 : 4);
      layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
      g_assert_no_error (error);
      own = g_new (const char *, kv_graph_n_nodes (graph));
      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        own[i] = kv_graph_node (graph, i)->label;
      assert_first_places (layout, own, hexagon, TRUE);
    }

  view = kv_product_view_new_for_entry (history, 2, &error);
  g_assert_no_error (error);
  model = test_model_graph (view->before);
  model_layout = kv_layout_new (context, model, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);
  labels = g_new (const char *, view->before->n_worlds);
  for (guint w = 0; w < view->before->n_worlds; w++)
    {
      g_assert_cmpuint (kv_graph_node (model, w)->world, ==, w);
      labels[w] = kv_graph_node (model, w)->label;
    }
  assert_first_places (model_layout, labels, hexagon, TRUE);
  for (KvProductStage s = KV_PRODUCT_STAGE_PAIRS; s <= KV_PRODUCT_STAGE_RESULT; s++)
    {
      g_autoptr(KvGraph) graph = stage (view, s, KV_VIEW_AUTO);
      g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
      g_autofree const char **world_of = g_new (const char *, kv_graph_n_nodes (graph));

      g_assert_no_error (error);
      check_readable (layout);
      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          g_autoptr(KvBits) worlds = NULL, events = NULL;

          g_assert_true (kv_product_view_node_parts (view, s, graph, i, &worlds, &events));
          g_assert_cmpuint (kv_bits_count (worlds), ==, 1);
          world_of[i] = labels[kv_bits_next (worlds, 0)];
        }
      assert_first_places (layout, world_of, hexagon, FALSE);
    }
}

/* A public announcement is a one-event model: pairs are the worlds, those
 * where it is false struck; no link is cut. */
static void
test_announcement (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) pairs = NULL, links = NULL;

  g_assert_no_error (error);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);
  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 6);
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 2);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 4);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges_with (links, a, KV_EDGE_CUT), ==, 0);

  /* The initial model has no product. */
  g_assert_null (kv_product_view_new_for_entry (history, 0, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
}

/* The matrix W × E of a pairs or links stage of twocards: a row per world
 * headed by its label, a column per event headed by its name, each node
 * a dot in the cell of its pair (its code's world and event), under a
 * place key of its own. */
static void
check_matrix (const KvProductView *view, const KvGraph *graph)
{
  guint n_events = view->action->n_events;

  g_assert_true (kv_graph_is_grid (graph));
  g_assert_cmpuint (graph->row_headers->len, ==, view->before->n_worlds);
  g_assert_cmpuint (graph->col_headers->len, ==, n_events);
  g_assert_cmpuint (graph->heading_rows, ==, 0);
  for (guint w = 0; w < view->before->n_worlds; w++)
    {
      g_autofree char *label = kv_model_world_label (view->before, w);

      g_assert_cmpstr (g_ptr_array_index (graph->row_headers, w), ==, label);
    }
  for (guint e = 0; e < n_events; e++)
    g_assert_cmpstr (g_ptr_array_index (graph->col_headers, e), ==, view->action->event_names[e]);
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      guint pair = node->world / 2;
      g_autofree char *world = kv_model_world_label (view->before, pair / n_events);
      g_autofree char *key = g_strdup_printf ("W × E (%s, %s)", world, view->action->event_names[pair % n_events]);

      g_assert_cmpuint (node->world % 2, ==, 0);   /* a world alone */
      g_assert_cmpint (node->row, ==, (int) (pair / n_events));
      g_assert_cmpint (node->col, ==, (int) (pair % n_events));
      g_assert_cmpstr (node->label, ==, "");       /* the headers name it */
      g_assert_cmpstr (kv_graph_place_key (graph, i), ==, key);
    }
  g_assert_true (has_note (graph, "A circle pairs the world heading its row with the event heading its column"));
}

/* twocards: 12 × 12 pairs, 24 kept; every agent keeps classes of two.
 * 144 pairs are too many for a graph of labelled boxes: the pairs and
 * links stages draw the matrix W × E. */
static void
test_twocards (void)
{
  g_autoptr(KvHistory) history = open_history ("twocards");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) action = NULL, links = NULL, result = NULL;
  g_autoptr(GHashTable) matrix_keys = g_hash_table_new (g_str_hash, g_str_equal);
  KvViewOptions options;

  g_assert_no_error (error);
  g_assert_cmpuint (view->counts.pairs_tried, ==, 144);
  action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (action), ==, 12);
  g_assert_cmpuint (kv_graph_count_edges (action, 2), ==, 0);
  /* Twelve events go by their names in the narrow panel, each
   * precondition in its tooltip. */
  for (guint i = 0; i < kv_graph_n_nodes (action); i++)
    {
      const KvNode *node = kv_graph_node (action, i);

      g_assert_cmpstr (node->label, ==, view->action->event_names[node->world]);
      g_assert_nonnull (strstr (node->tooltip, "precondition"));
    }
  /* In a grid half as wide as their ring: event ij in the row of the card
   * i shown to 1 and the column of the card j shown to 2, the cards in
   * the same order down and across (3 never shows one card twice: the
   * diagonal is empty). 1 links the events of a row, 2 those of a
   * column, neighbour to neighbour (a link that skipped one would run
   * through it): each row and column has three events, two links. */
  g_assert_true (kv_graph_is_grid (action));
  g_assert_true (has_note (action, "Agent 1 cannot tell apart the events of a row, agent 2 those of a column. "
                                     "Each event’s precondition is in its tooltip."));
  for (guint i = 0; i < kv_graph_n_nodes (action); i++)
    {
      const KvNode *node = kv_graph_node (action, i);
      const char *name = view->action->event_names[node->world];

      g_assert_cmpint (node->row, ==, strchr ("nesw", name[0]) - "nesw");
      g_assert_cmpint (node->col, ==, strchr ("nesw", name[1]) - "nesw");
    }
  for (guint a = 0; a < 2; a++)
    {
      g_assert_cmpuint (kv_graph_count_edges (action, a), ==, 8);
      for (guint i = 0; i < kv_graph_n_edges (action); i++)
        {
          const KvEdge *edge = kv_graph_edge (action, i);
          const KvNode *s = kv_graph_node (action, edge->source), *t = kv_graph_node (action, edge->target);

          if (edge->agent != a)
            continue;
          /* Along its row (1) or column (2), no event between its ends. */
          g_assert_cmpint (a == 0 ? s->row - t->row : s->col - t->col, ==, 0);
          for (guint k = 0; k < kv_graph_n_nodes (action); k++)
            {
              const KvNode *m = kv_graph_node (action, k);
              int lo = a == 0 ? MIN (s->col, t->col) : MIN (s->row, t->row);
              int hi = a == 0 ? MAX (s->col, t->col) : MAX (s->row, t->row);
              int at = a == 0 ? m->col : m->row;

              if ((a == 0 ? m->row == s->row : m->col == s->col))
                g_assert_false (at > lo && at < hi);
            }
        }
    }
  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  /* Auto draws every pair, as the whole view does. */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(KvGraph) pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, k == 0 ? KV_VIEW_AUTO : KV_VIEW_WHOLE);
      int actual;

      g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 144);
      g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 120);
      check_matrix (view, pairs);
      /* The actual pair: the deal n e sw with the event sw. */
      actual = kv_graph_actual (pairs);
      g_assert_cmpint (actual, >=, 0);
      g_assert_cmpint (kv_graph_node (pairs, actual)->row, ==, (int) view->before->actual);
      g_assert_cmpstr (g_ptr_array_index (pairs->col_headers, kv_graph_node (pairs, actual)->col), ==, "sw");
      g_assert_false (kv_graph_node (pairs, actual)->flags & KV_NODE_STRUCK);
    }
  /* Over a smaller limit the whole view is refused and says what to use. */
  options.limit = 100;
  {
    g_autoptr(KvGraph) pairs = kv_product_view_build (view, KV_PRODUCT_STAGE_PAIRS, &options, &error);

    g_assert_null (pairs);
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    g_assert_nonnull (strstr (error->message, "around view"));
    g_clear_error (&error);
  }
  options.kind = KV_VIEW_AROUND;
  {
    g_autoptr(KvGraph) pairs = kv_product_view_build (view, KV_PRODUCT_STAGE_PAIRS, &options, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kv_graph_n_nodes (pairs), <=, 100);
    g_assert_cmpint (kv_graph_actual (pairs), >=, 0);
  }
  options.kind = KV_VIEW_WHOLE;
  options.limit = 0;
  links = kv_product_view_build (view, KV_PRODUCT_STAGE_LINKS, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 24);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges_with (links, a, 0), ==, 12);
  /* The kept pairs in their cells of the pairs stage. */
  check_matrix (view, links);
  g_assert_cmpint (kv_graph_actual (links), >=, 0);

  /* The result's boxes are laid out afresh, not in the matrix's cells. */
  for (guint i = 0; i < kv_graph_n_nodes (links); i++)
    g_hash_table_add (matrix_keys, (gpointer) kv_graph_place_key (links, i));
  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_WHOLE);
  g_assert_cmpuint (kv_graph_n_nodes (result), ==, 24);
  for (guint i = 0; i < kv_graph_n_nodes (result); i++)
    g_assert_false (g_hash_table_contains (matrix_keys, kv_graph_place_key (result, i)));
}

/* Whether link @i of @layout, sampled along its curve, keeps out of the
 * boxes of the nodes that lie on the straight line between its ends (a
 * grid's row of three: 1 links the first and the third too). */
static gboolean
link_round_nodes_in_line (const KvLayout *layout, guint i)
{
  const KvEdge *e = kv_graph_edge (layout->graph, i);
  const KvLayoutEdge *edge = &layout->edges[i];
  const KvLayoutNode *a = &layout->nodes[e->source], *b = &layout->nodes[e->target];

  g_assert_cmpuint (edge->n_points, ==, 4);
  for (guint n = 0; n < kv_graph_n_nodes (layout->graph); n++)
    {
      const KvLayoutNode *node = &layout->nodes[n];
      double cross = (b->x - a->x) * (node->y - a->y) - (b->y - a->y) * (node->x - a->x);
      double dot = (b->x - a->x) * (node->x - a->x) + (b->y - a->y) * (node->y - a->y);
      double length2 = (b->x - a->x) * (b->x - a->x) + (b->y - a->y) * (b->y - a->y);

      if (n == e->source || n == e->target || fabs (cross) > 0.5 * sqrt (length2) || dot <= 0 || dot >= length2)
        continue;
      for (double t = 0.05; t < 0.96; t += 0.05)
        {
          double u = 1 - t, x = 0, y = 0;
          const double w[4] = { u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t };

          for (guint k = 0; k < 4; k++)
            {
              x += w[k] * edge->points[2 * k];
              y += w[k] * edge->points[2 * k + 1];
            }
          if (fabs (x - node->x) < node->width / 2 && fabs (y - node->y) < node->height / 2)
            return FALSE;
        }
    }
  return TRUE;
}

/* Twocards' M and M ⊗ A in grids, which the product view's narrow
 * panels can show legibly (a ring of twelve deals was 545 points wide):
 * a deal in the row of 1's card and the column of 2's, the cards in the
 * same order down and across (no deal gives 1 and 2 one card: the
 * diagonal is empty); each link bent round the worlds in its line (1
 * links the three deals of a row pairwise). The result's pairs in the cells of
 * their deals, one under the other. */
static void
test_twocards_grids (void)
{
  g_autoptr(KvHistory) history = open_history ("twocards");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvGraph) model = NULL, result = NULL;
  g_autoptr(KvLayout) layout = NULL;
  guint cells[2 * 12];
  guint per_cell[16] = { 0 };

  g_assert_no_error (error);
  model = test_model_graph (view->before);
  g_assert_cmpuint (kv_graph_n_nodes (model), ==, 12);
  g_assert_true (kv_layout_crossing_grid (model, cells));
  for (guint i = 0; i < 12; i++)
    {
      const char *label = kv_graph_node (model, i)->label;   /* "n e sw": 1, 2, 3 */

      g_assert_cmpint (cells[2 * i], ==, strchr ("nesw", label[0]) - "nesw");
      g_assert_cmpint (cells[2 * i + 1], ==, strchr ("nesw", label[2]) - "nesw");
    }
  layout = kv_layout_new (context, model, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (layout->width, <, 545.0 * 0.6);
  for (guint i = 0; i < 12; i++)
    for (guint j = 0; j < 12; j++)
      {
        if (cells[2 * i] == cells[2 * j])
          g_assert_cmpfloat (fabs (layout->nodes[i].y - layout->nodes[j].y), <, 0.01);
        if (cells[2 * i + 1] == cells[2 * j + 1])
          g_assert_cmpfloat (fabs (layout->nodes[i].x - layout->nodes[j].x), <, 0.01);
      }
  for (guint i = 0; i < kv_graph_n_edges (model); i++)
    g_assert_true (link_round_nodes_in_line (layout, i));

  /* Fewer than nine worlds keep their ring (Hexa's hexagon). */
  {
    g_autoptr(KvHistory) hexa = open_history ("hexa");
    g_autoptr(KvGraph) hexa_graph = test_model_graph (kv_history_get (hexa, 0)->model);
    guint hexa_cells[2 * 6];

    g_assert_false (kv_layout_crossing_grid (hexa_graph, hexa_cells));
  }

  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_WHOLE);
  g_assert_cmpuint (kv_graph_n_nodes (result), ==, 24);
  g_assert_true (kv_graph_is_grid (result));
  for (guint i = 0; i < kv_graph_n_nodes (result); i++)
    {
      const KvNode *node = kv_graph_node (result, i);
      const char *label = node->label;   /* "n e sw" or "n e sw′" */

      g_assert_cmpint (node->row / 2, ==, strchr ("nesw", label[0]) - "nesw");
      g_assert_cmpint (node->col, ==, strchr ("nesw", label[2]) - "nesw");
      per_cell[node->row / 2 * 4 + node->col]++;
    }
  for (guint c = 0; c < 16; c++)
    g_assert_cmpuint (per_cell[c], ==, c % 5 == 0 ? 0 : 2);
  g_clear_pointer (&layout, kv_layout_unref);
  layout = kv_layout_new (context, result, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < kv_graph_n_edges (result); i++)
    g_assert_true (link_round_nodes_in_line (layout, i));

  /* The links bent round the last column bow out right of it: the legend
   * beside the grid (as a product panel puts it) keeps clear of their
   * labels, a label's width at least. */
  {
    KvRenderOptions options;
    KvRenderGeometry geometry;
    g_autofree double *xy = g_new (double, 2 * kv_graph_n_edges (result));
    double rightmost = 0;

    kv_render_options_init (&options);
    options.legend_place = KV_LEGEND_BESIDE;
    options.fit_width = 600;
    options.fit_height = 500;
    options.edge_labels = 1;
    kv_render_measure (layout, &options, &geometry);
    g_assert_true (kv_render_edge_label_places (layout, &options, xy));
    for (guint i = 0; i < kv_graph_n_edges (result); i++)
      if (!isnan (xy[2 * i]))
        rightmost = MAX (rightmost, xy[2 * i]);
    g_assert_cmpfloat (rightmost, >, layout->width);
    g_assert_cmpfloat (geometry.graph_x + rightmost + KV_STYLE_LABEL_SIZE, <=, geometry.legend_x);
  }

  /* An engine the user picks lays out all three panels: the events and
   * the result leave their grids, as M leaves its own. */
  {
    g_autoptr(KvGraph) action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_WHOLE);
    g_autoptr(KvGraph) action_dot = stage_for (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_WHOLE, KV_LAYOUT_DOT);
    g_autoptr(KvGraph) result_dot = stage_for (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_WHOLE, KV_LAYOUT_DOT);

    g_assert_true (kv_graph_is_grid (action));
    g_assert_false (kv_graph_is_grid (action_dot));
    g_assert_cmpuint (kv_graph_n_nodes (result_dot), ==, 24);
    g_assert_false (kv_graph_is_grid (result_dot));
  }
}

/* The column and row of each node of @layout in @cells, numbering the
 * distinct x and y of its nodes left to right and top to bottom. */
static void
layout_cells (const KvLayout *layout, guint *cells)
{
  guint n = kv_graph_n_nodes (layout->graph);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GHashTable) left = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_autoptr(GHashTable) above = g_hash_table_new (g_direct_hash, g_direct_equal);

      /* Rounded to whole points: a grid's places, not Graphviz's. */
      for (guint j = 0; j < n; j++)
        {
          if (round (layout->nodes[j].x) < round (layout->nodes[i].x))
            g_hash_table_add (left, GINT_TO_POINTER ((int) round (layout->nodes[j].x)));
          if (round (layout->nodes[j].y) < round (layout->nodes[i].y))
            g_hash_table_add (above, GINT_TO_POINTER ((int) round (layout->nodes[j].y)));
        }
      cells[2 * i] = g_hash_table_size (left);
      cells[2 * i + 1] = g_hash_table_size (above);
    }
}

/* The node of @graph labelled @label. */
static guint
node_labelled (const KvGraph *graph, const char *label)
{
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    if (g_str_equal (kv_graph_node (graph, i)->label, label))
      return i;
  g_assert_not_reached ();
}

/* Twocards' step 1 in the main view, whole and laid out by auto, as a
 * window opened at that step draws it: each of its 24 worlds where the
 * product view's result puts it (one picture, up to where it starts),
 * the two worlds of a deal in a column at the deal's cell of step 0's
 * grid, the unprimed one on top — not Graphviz's sprawl of 24 worlds,
 * twice as wide and tall as the picture column, nothing like step 0. */
static void
test_result_places (void)
{
  g_autoptr(KvHistory) history = open_history ("twocards");
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) initial = test_model_graph (kv_history_get (history, 0)->model);
  g_autoptr(KvLayout) grid = kv_layout_new (context, initial, KV_LAYOUT_AUTO, &error);
  g_autoptr(KvGraph) result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_AUTO);
  g_autoptr(KvLayout) result_layout = kv_layout_new (context, result, KV_LAYOUT_AUTO, &error);
  g_autoptr(KvGraph) graph = NULL;
  g_autoptr(KvLayout) layout = NULL;
  guint initial_cells[2 * 12], cells[2 * 24];
  double dx = 0, dy = 0;
  KvViewOptions options;

  g_assert_no_error (error);
  kv_view_options_init (&options);
  options.previous = kv_history_get (history, 0)->state;
  graph = kv_view_build (kv_history_get (history, 1)->model, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 24);
  layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_graph_n_nodes (result), ==, 24);

  for (guint i = 0; i < 24; i++)
    {
      guint j = node_labelled (result, kv_graph_node (graph, i)->label);

      if (i == 0)
        {
          dx = result_layout->nodes[j].x - layout->nodes[i].x;
          dy = result_layout->nodes[j].y - layout->nodes[i].y;
        }
      g_assert_cmpfloat (fabs (layout->nodes[i].x + dx - result_layout->nodes[j].x), <, 0.01);
      g_assert_cmpfloat (fabs (layout->nodes[i].y + dy - result_layout->nodes[j].y), <, 0.01);
    }

  layout_cells (grid, initial_cells);
  layout_cells (layout, cells);
  for (guint i = 0; i < 24; i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      g_autofree char *deal = g_strndup (node->label, strcspn (node->label, "′"));
      guint j = node_labelled (initial, deal);

      g_assert_cmpuint (cells[2 * i], ==, initial_cells[2 * j]);
      g_assert_cmpuint (cells[2 * i + 1], ==, 2 * initial_cells[2 * j + 1] + (strlen (deal) != strlen (node->label)));
    }
}

/* Clue 11's deal, then 3 shows 1 candle (asked candle, Scarlet). */
static KvHistory *
clue_showcard (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) clue = kv_script_open ("clue11", &error);
  g_autofree char *header = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  header = kv_script_to_text (clue->game, NULL);
  text = g_strconcat (header, "showcard 3 -> 1 candle of candle Scarlet\n", NULL);
  return open_history (text);
}

/* A Clue 11 showcard, grouped by envelope: 28 envelopes × 2 events. */
static void
test_clue_envelope (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = clue_showcard ();
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) pairs = NULL, links = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (view->counts.pairs_kept, ==, 25200);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);   /* auto picks the envelopes */
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 56);
  /* Scarlet is never in the envelope with candle … every pair group keeps
   * some pair except (env holds candle, event candle) and likewise Scarlet. */
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 4 + 7);
  /* The others lose a share of their 1 680 pairs each (47 040 deals, 28
   * envelopes), drawn greyed: together they keep what the product keeps. */
  {
    double kept = 0;

    for (guint i = 0; i < kv_graph_n_nodes (pairs); i++)
      {
        const KvNode *node = kv_graph_node (pairs, i);

        g_assert_true ((node->flags & KV_NODE_STRUCK) ? node->dropped == 0 : node->dropped > 0 && node->dropped < 1);
        if (!(node->flags & KV_NODE_STRUCK))
          kept += (1 - node->dropped) * 1680;
      }
    g_assert_cmpfloat (fabs (kept - 25200), <, 0.5);
  }
  /* The envelope grid: an event's block of 7 weapon rows, a column per
   * suspect, each node drawn as a circle, as its note says. */
  g_assert_cmpuint (pairs->row_headers->len, ==, 2 * (1 + 7));
  g_assert_cmpuint (pairs->col_headers->len, ==, 4);
  g_assert_true (has_note (pairs, "A circle pairs the envelope of its row and column with the event above it"));
  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_ENVELOPE);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 56 - 11);
  g_assert_cmpint (kv_graph_actual (links), >=, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, KV_EDGE_CUT), ==, 0);   /* 2 only watches */
  /* The events' headings ("event Plum", wider than the weapons' names)
   * overhang the first column, whose links cross their rows: they are
   * drawn on white, the weapons' names are not. */
  {
    g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
    g_autoptr(KvLayout) layout = kv_layout_new (context, links, KV_LAYOUT_AUTO, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < links->row_headers->len; i++)
      g_assert_cmpint (layout->headers[i].backdrop, ==, i % 8 == 0);
  }
}

/* A suggestion's product is that of its last answer. */
static void
test_suggest (void)
{
  g_autoptr(KvHistory) history = open_history ("clue11");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 3, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (view->step_del, ==, "showcard₁₂{axe}");
}

/* A suggestion's parts, one after the other: part 1 acts on the model
 * before the suggestion, each next part on the result of the one before,
 * and the last result is the history's model after the suggestion. */
static void
check_parts (const KvHistory *history, guint index, guint n_parts, KvStepKind last_kind)
{
  g_autoptr(KvModel) previous = NULL;
  const KvModel *after = kv_history_get (history, index)->model;
  guint n_blocks, n_after_blocks;

  g_assert_cmpuint (kv_product_view_count_parts (history, index), ==, n_parts);
  previous = kv_model_ref (kv_history_get (history, index - 1)->model);
  for (guint part = 0; part < n_parts; part++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvProductView) view = kv_product_view_new_for_entry_part (history, index, part, &error);
      const KvStep *step = kv_product_view_part_step (history, index, part);

      g_assert_no_error (error);
      g_assert_nonnull (step);
      g_assert_cmpint (step->kind, ==, part + 1 < n_parts ? KV_STEP_NOCARD : last_kind);
      /* "The model before" is the history's (part 1) or the last result. */
      if (part == 0)
        g_assert_true (view->before == previous);
      g_assert_cmpuint (view->before->n_worlds, ==, previous->n_worlds);
      g_assert_cmpuint (view->before->actual, ==, previous->actual);
      g_clear_pointer (&previous, kv_model_unref);
      previous = kv_model_ref (view->after);
    }
  /* The chain ends in the history's model: as many worlds, as many
   * non-bisimilar ones. */
  g_assert_cmpuint (previous->n_worlds, ==, after->n_worlds);
  g_free (kv_bisim_blocks (previous, &n_blocks));
  g_free (kv_bisim_blocks (after, &n_after_blocks));
  g_assert_cmpuint (n_blocks, ==, n_after_blocks);
}

/* Clue 11's script: suggest 1 candle Plum (2 shows at once), suggest 2 axe
 * Mustard (3 has neither, 1 shows axe), suggest 1 lead Mustard (nobody can
 * show: two nocards). */
static void
test_suggest_parts (void)
{
  g_autoptr(KvHistory) history = open_history ("clue11");
  g_autoptr(GError) error = NULL;

  check_parts (history, 1, 1, KV_STEP_SHOWCARD);
  check_parts (history, 3, 2, KV_STEP_SHOWCARD);
  check_parts (history, 7, 2, KV_STEP_NOCARD);
  /* Another step is one part: itself. */
  g_assert_cmpuint (kv_product_view_count_parts (history, 2), ==, 1);
  g_assert_true (kv_product_view_part_step (history, 2, 0) == kv_history_get (history, 2)->step);
  check_parts (history, 2, 1, KV_STEP_ENDMOVE);
  {
    g_autoptr(KvProductView) first = kv_product_view_new_for_entry_part (history, 3, 0, &error);
    g_autoptr(KvProductView) last = kv_product_view_new_for_entry_part (history, 3, 1, &error);
    g_autoptr(KvProductView) whole = kv_product_view_new_for_entry (history, 3, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (first->step_del, !=, last->step_del);
    g_assert_true (g_str_has_prefix (first->step_del, "nocard"));
    /* The entry's product is its last part's. */
    g_assert_cmpstr (whole->step_del, ==, last->step_del);
    g_assert_cmpuint (whole->after->n_worlds, ==, last->after->n_worlds);
  }
  /* The initial model has no parts to show. */
  g_assert_null (kv_product_view_new_for_entry_part (history, 0, 0, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
}

/* Every node of @graph finds itself from what it stands for. */
static void
check_round_trip (const KvProductView *view, KvProductStage s, const KvGraph *graph)
{
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      g_autoptr(KvBits) worlds = NULL, events = NULL, found = NULL;

      g_assert_true (kv_product_view_node_parts (view, s, graph, i, &worlds, &events));
      g_assert_nonnull (events);
      g_assert_cmpuint (kv_bits_count (events), >=, 1);
      if (s != KV_PRODUCT_STAGE_ACTION)
        g_assert_cmpuint (kv_bits_count (worlds), >=, 1);
      found = kv_product_view_find_nodes (view, s, graph, worlds, events);
      g_assert_true (kv_bits_get (found, i));
    }
}

/* Hexa's showcard: a pair (w, e) is world w of M and event e of A, and
 * back: M's actual world is in 3 pairs, 1 kept, 1 world of the result. */
static void
test_hover_hexa (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa-show");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) action = NULL, pairs = NULL, links = NULL, result = NULL;
  g_autoptr(KvBits) actual = NULL, found = NULL, worlds = NULL, events = NULL;
  const KvModel *m;
  int node;

  g_assert_no_error (error);
  m = view->before;
  action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_AUTO);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);
  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_AUTO);
  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_AUTO);

  /* Each pair node is its label's world and event. */
  for (guint i = 0; i < kv_graph_n_nodes (pairs); i++)
    {
      g_autoptr(KvBits) w = NULL, e = NULL;
      g_autofree char *world = NULL;
      g_autofree char *label = NULL;
      int wi, ei;

      g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_PAIRS, pairs, i, &w, &e));
      g_assert_cmpuint (kv_bits_count (w), ==, 1);
      g_assert_cmpuint (kv_bits_count (e), ==, 1);
      wi = kv_bits_next (w, 0);
      ei = kv_bits_next (e, 0);
      world = kv_model_world_label (m, wi);
      label = g_strdup_printf ("(%s, %s)", world, view->action->event_names[ei]);
      g_assert_cmpstr (kv_graph_node (pairs, i)->label, ==, label);
    }

  /* The actual pair: M's actual world and the actual event. */
  node = kv_graph_actual (links);
  g_assert_cmpint (node, >=, 0);
  g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_LINKS, links, node, &worlds, &events));
  g_assert_cmpuint (kv_bits_count (worlds), ==, 1);
  g_assert_true (kv_bits_get (worlds, m->actual));
  g_assert_cmpuint (kv_bits_count (events), ==, 1);
  g_assert_true (kv_bits_get (events, view->actual_event));
  g_clear_pointer (&worlds, kv_bits_free);
  g_clear_pointer (&events, kv_bits_free);
  node = kv_graph_actual (result);
  g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_RESULT, result, node, &worlds, &events));
  g_assert_true (kv_bits_get (worlds, m->actual));
  g_assert_true (kv_bits_get (events, view->actual_event));
  g_clear_pointer (&worlds, kv_bits_free);
  g_clear_pointer (&events, kv_bits_free);
  /* An event of A is only itself. */
  g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_ACTION, action, 2, &worlds, &events));
  g_assert_null (worlds);
  g_assert_true (kv_bits_get (events, 2));
  g_clear_pointer (&events, kv_bits_free);
  /* No such node. */
  g_assert_false (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_PAIRS, pairs, 18, &worlds, &events));
  g_assert_null (worlds);
  g_assert_null (events);

  /* Back from M's actual world: a pair per event, one kept. */
  actual = kv_bits_new (m->n_worlds);
  kv_bits_set (actual, m->actual);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_PAIRS, pairs, actual, NULL);
  g_assert_cmpuint (kv_bits_count (found), ==, 3);
  g_clear_pointer (&found, kv_bits_free);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_LINKS, links, actual, NULL);
  g_assert_cmpuint (kv_bits_count (found), ==, 1);
  g_assert_true (kv_bits_get (found, kv_graph_actual (links)));
  g_clear_pointer (&found, kv_bits_free);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_RESULT, result, actual, NULL);
  g_assert_cmpuint (kv_bits_count (found), ==, 1);
  g_assert_true (kv_bits_get (found, kv_graph_actual (result)));
  g_clear_pointer (&found, kv_bits_free);
  /* From an event: its 6 pairs, 2 kept. */
  events = kv_bits_new (view->action->n_events);
  kv_bits_set (events, 0);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_PAIRS, pairs, NULL, events);
  g_assert_cmpuint (kv_bits_count (found), ==, 6);
  g_clear_pointer (&found, kv_bits_free);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_LINKS, links, NULL, events);
  g_assert_cmpuint (kv_bits_count (found), ==, 2);
  g_clear_pointer (&found, kv_bits_free);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_ACTION, action, NULL, events);
  g_assert_cmpuint (kv_bits_count (found), ==, 1);

  check_round_trip (view, KV_PRODUCT_STAGE_ACTION, action);
  check_round_trip (view, KV_PRODUCT_STAGE_PAIRS, pairs);
  check_round_trip (view, KV_PRODUCT_STAGE_LINKS, links);
  check_round_trip (view, KV_PRODUCT_STAGE_RESULT, result);
}

/* Clue 11's showcard by envelope: a node (envelope, e) stands for the
 * 1680 worlds of M with that envelope; the result's grouped nodes for the
 * pairs of their worlds. */
static void
test_hover_clue_envelope (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = clue_showcard ();
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) pairs = NULL, result = NULL;
  g_autoptr(KvBits) worlds = NULL, events = NULL, actual = NULL, found = NULL;
  int node;

  g_assert_no_error (error);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_ENVELOPE);
  node = kv_graph_actual (pairs);
  g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_PAIRS, pairs, node, &worlds, &events));
  g_assert_cmpuint (kv_bits_count (worlds), ==, 47040 / 28);
  g_assert_true (kv_bits_get (worlds, view->before->actual));
  g_assert_true (kv_bits_get (events, view->actual_event));
  actual = kv_bits_new (view->before->n_worlds);
  kv_bits_set (actual, view->before->actual);
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_PAIRS, pairs, actual, NULL);
  g_assert_cmpuint (kv_bits_count (found), ==, view->action->n_events);
  g_assert_true (kv_bits_get (found, node));
  check_round_trip (view, KV_PRODUCT_STAGE_PAIRS, pairs);

  g_clear_pointer (&worlds, kv_bits_free);
  g_clear_pointer (&events, kv_bits_free);
  g_clear_pointer (&found, kv_bits_free);
  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_ENVELOPE);
  node = kv_graph_actual (result);
  g_assert_true (kv_product_view_node_parts (view, KV_PRODUCT_STAGE_RESULT, result, node, &worlds, &events));
  g_assert_true (kv_bits_get (worlds, view->before->actual));
  g_assert_true (kv_bits_get (events, view->actual_event));
  found = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_RESULT, result, actual, NULL);
  g_assert_cmpuint (kv_bits_count (found), ==, 1);
  g_assert_true (kv_bits_get (found, node));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/product-view/hexa-showcard", test_hexa_showcard);
  g_test_add_func ("/product-view/hexa-figure5", test_hexa_figure5);
  g_test_add_func ("/product-view/announcement", test_announcement);
  g_test_add_func ("/product-view/announcement-ring", test_announcement_ring);
  g_test_add_func ("/product-view/two-kept-ring", test_two_kept_ring);
  g_test_add_func ("/product-view/first-ring", test_first_ring);
  g_test_add_func ("/product-view/twocards", test_twocards);
  g_test_add_func ("/product-view/twocards-grids", test_twocards_grids);
  g_test_add_func ("/product-view/result-places", test_result_places);
  g_test_add_func ("/product-view/clue-envelope", test_clue_envelope);
  g_test_add_func ("/product-view/suggest", test_suggest);
  g_test_add_func ("/product-view/suggest-parts", test_suggest_parts);
  g_test_add_func ("/product-view/hover-hexa", test_hover_hexa);
  g_test_add_func ("/product-view/hover-clue-envelope", test_hover_clue_envelope);
  return g_test_run ();
}
