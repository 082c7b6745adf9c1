// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout.c: placing a KvGraph with Graphviz */
#define G_LOG_DOMAIN "kv-layout"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gvc.h>
#include <math.h>

#include "kv-error.h"
#include "kv-enum.h"
#include "kv-layout-private.h"

struct _KvLayoutContext {
  GVC_t *gvc;
};

/* cgraph and the layout engines keep global state. */
G_LOCK_DEFINE_STATIC (graphviz);
/* Graphviz's messages during one layout, collected by collect_message. */
static GString *graphviz_messages;
/* The graph circo laid out last, kept open until circo lays out another.
 * circo (2.42) remembers the root graph it last saw by address, with that
 * graph's attribute symbols and root name: a later graph allocated at the
 * same address would make it reuse them after they were freed. While the
 * graph stays open no other graph can take its address. */
static Agraph_t *last_circo_graph;

/* The names are the enum's nicks (kv-enum.h), Graphviz's own names. */
const char *
kv_layout_engine_to_string (KvLayoutEngine engine)
{
  const char *name = kv_enum_to_nick (KV_TYPE_LAYOUT_ENGINE, engine);

  g_return_val_if_fail (name != NULL, NULL);

  return name;
}

gboolean
kv_layout_engine_from_string (const char     *name,
                              KvLayoutEngine *engine)
{
  int value;

  g_return_val_if_fail (name != NULL, FALSE);

  if (!kv_enum_from_nick (KV_TYPE_LAYOUT_ENGINE, name, &value))
    return FALSE;
  *engine = value;
  return TRUE;
}

KvLayoutEngine
kv_layout_engine_for_size (guint n_nodes)
{
  /* circo puts small models on a circle (kv_layout_new tries its own ring
   * first); neato and sfdp stay fast where dot and circo take seconds (past
   * 200). */
  if (n_nodes <= 12)
    return KV_LAYOUT_CIRCO;
  if (n_nodes <= 400)
    return KV_LAYOUT_NEATO;
  return KV_LAYOUT_SFDP;
}

KvLayoutContext *
kv_layout_context_new (void)
{
  KvLayoutContext *context = g_new0 (KvLayoutContext, 1);

  G_LOCK (graphviz);
  context->gvc = gvContext ();
  G_UNLOCK (graphviz);

  return context;
}

void
kv_layout_context_free (KvLayoutContext *context)
{
  if (context == NULL)
    return;

  /* last_circo_graph stays open even now: circo's memory of it outlives
   * every context. */
  G_LOCK (graphviz);
  gvFreeContext (context->gvc);
  G_UNLOCK (graphviz);
  g_free (context);
}

/* cgraph 2.42 takes char * for names and values it only reads. */
static void
set_attr (void       *object,
          const char *name,
          const char *value)
{
  agsafeset (object, (char *) name, (char *) value, (char *) "");
}

static void
set_attr_double (void       *object,
                 const char *name,
                 double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  set_attr (object, name, g_ascii_formatd (buffer, sizeof buffer, "%.4f", value));
}

static int
collect_message (char *message)
{
  if (graphviz_messages != NULL)
    g_string_append (graphviz_messages, message);
  return 0;
}

/* Edges routed around nodes (splines=true) cost more than the layout past a
 * few dozen nodes; past that, straight lines (parallel ones fanned out). */
#define ROUTED_SPLINES_MAX 30

static void
set_engine_attrs (Agraph_t       *g,
                  KvLayoutEngine  engine,
                  guint           n_nodes)
{
  gboolean routed = n_nodes <= ROUTED_SPLINES_MAX;

  switch (engine)
    {
    case KV_LAYOUT_NEATO:
      set_attr (g, "start", "1");       /* reproducible */
      set_attr (g, "overlap", "false");
      set_attr (g, "sep", "+6");
      if (routed)
        set_attr (g, "splines", "true");
      break;
    case KV_LAYOUT_FDP:
      set_attr (g, "start", "1");
      set_attr (g, "overlap", "false");
      if (routed)
        set_attr (g, "splines", "true");
      break;
    case KV_LAYOUT_SFDP:
      set_attr (g, "overlap", "prism");
      set_attr (g, "sep", "+6");
      break;
    case KV_LAYOUT_CIRCO:
      set_attr (g, "mindist", "0.6");
      break;
    case KV_LAYOUT_DOT:
      set_attr (g, "nodesep", "0.4");
      break;
    case KV_LAYOUT_AUTO:
    default:
      g_assert_not_reached ();
    }
}

static void
straight_edge (KvLayoutEdge       *out,
               const KvLayoutNode *a,
               const KvLayoutNode *b)
{
  out->n_points = 4;
  out->points = g_new (double, 8);
  for (guint i = 0; i < 4; i++)
    {
      out->points[2 * i] = a->x + (b->x - a->x) * i / 3.0;
      out->points[2 * i + 1] = a->y + (b->y - a->y) * i / 3.0;
    }
}

static void to_origin (KvLayout *layout, double min_x, double max_x, double min_y, double max_y);

static void
copy_layout (KvLayout  *layout,
             Agraph_t  *g,
             Agnode_t **gnodes,
             Agedge_t **gedges)
{
  KvGraph *graph = layout->graph;
  boxf bb = GD_bb (g);
  double min_x = bb.LL.x, max_x = bb.UR.x, min_y = bb.LL.y, max_y = bb.UR.y;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      KvLayoutNode *node = &layout->nodes[i];
      pointf p = ND_coord (gnodes[i]);

      node->x = p.x;
      node->y = p.y;
      node->width = ND_width (gnodes[i]) * 72.0;
      node->height = ND_height (gnodes[i]) * 72.0;
      min_x = MIN (min_x, node->x - node->width / 2);
      max_x = MAX (max_x, node->x + node->width / 2);
      min_y = MIN (min_y, node->y - node->height / 2);
      max_y = MAX (max_y, node->y + node->height / 2);
    }

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      KvLayoutEdge *edge = &layout->edges[i];
      splines *spl = ED_spl (gedges[i]);

      if (spl == NULL || spl->size < 1 || spl->list[0].size < 4)
        {
          const KvEdge *e = kv_graph_edge (graph, i);

          straight_edge (edge, &layout->nodes[e->source], &layout->nodes[e->target]);
          continue;
        }

      edge->n_points = spl->list[0].size;
      edge->points = g_new (double, 2 * edge->n_points);
      for (guint j = 0; j < edge->n_points; j++)
        {
          pointf p = spl->list[0].list[j];

          edge->points[2 * j] = p.x;
          edge->points[2 * j + 1] = p.y;
          min_x = MIN (min_x, p.x);
          max_x = MAX (max_x, p.x);
          min_y = MIN (min_y, p.y);
          max_y = MAX (max_y, p.y);
        }
    }

  to_origin (layout, min_x, max_x, min_y, max_y);
}

/* Moves a layout in Graphviz's coordinates (y upwards, bounds given) to the
 * top-left origin, y downwards. */
static void
to_origin (KvLayout *layout,
           double    min_x,
           double    max_x,
           double    min_y,
           double    max_y)
{
  KvGraph *graph = layout->graph;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      layout->nodes[i].x -= min_x;
      layout->nodes[i].y = max_y - layout->nodes[i].y;
    }
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    for (guint j = 0; j < layout->edges[i].n_points; j++)
      {
        layout->edges[i].points[2 * j] -= min_x;
        layout->edges[i].points[2 * j + 1] = max_y - layout->edges[i].points[2 * j + 1];
      }

  layout->width = max_x - min_x;
  layout->height = max_y - min_y;
}

void
_kv_layout_straight_links (KvLayout *layout)
{
  KvGraph *graph = layout->graph;

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutNode *a = &layout->nodes[e->source], *b = &layout->nodes[e->target];
      KvLayoutEdge *edge = &layout->edges[i];
      guint rank = 0, parallel = 0;
      double dx = b->x - a->x, dy = b->y - a->y, length = hypot (dx, dy), bend;

      for (guint j = 0; j < kv_graph_n_edges (graph); j++)
        {
          const KvEdge *f = kv_graph_edge (graph, j);

          if (f->source == e->source && f->target == e->target)
            {
              rank += j < i;
              parallel++;
            }
        }
      straight_edge (edge, a, b);
      bend = (rank - (parallel - 1) / 2.0) * 12.0;
      /* A grid with headers keeps its links straight (its dots'
       * rows and columns are the headers' business). */
      if (bend == 0 && graph->row_headers->len == 0 && graph->col_headers->len == 0)
        bend = _kv_layout_bend_around (layout, e, dx, dy, length);
      if (bend != 0 && length > 0)
        for (guint k = 1; k <= 2; k++)
          {
            edge->points[2 * k] += -dy / length * bend;
            edge->points[2 * k + 1] += dx / length * bend;
          }
    }

}

gboolean
_kv_layout_headers_move (KvLayout *layout,
                         double    dx,
                         double    dy,
                         double   *min_x,
                         double   *max_x,
                         double   *min_y,
                         double   *max_y)
{
  gboolean grown = FALSE;

  for (guint i = 0; i < layout->n_headers; i++)
    {
      KvLayoutHeader *h = &layout->headers[i];

      h->x += dx;
      h->y += dy;
      if (min_x == NULL)
        continue;
      if (h->x - h->width / 2 < *min_x || h->x + h->width / 2 > *max_x ||
          h->y - h->height / 2 < *min_y || h->y + h->height / 2 > *max_y)
        {
          *min_x = MIN (*min_x, h->x - h->width / 2);
          *max_x = MAX (*max_x, h->x + h->width / 2);
          *min_y = MIN (*min_y, h->y - h->height / 2);
          *max_y = MAX (*max_y, h->y + h->height / 2);
          grown = TRUE;
        }
    }
  return grown;
}

/* Placed nodes (y upwards) with straight links, moved to the origin. */
static void
finish_placed (KvLayout *layout)
{
  double min_x = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_y = -G_MAXDOUBLE;

  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    {
      const KvLayoutNode *node = &layout->nodes[i];

      min_x = MIN (min_x, node->x - node->width / 2);
      max_x = MAX (max_x, node->x + node->width / 2);
      min_y = MIN (min_y, node->y - node->height / 2);
      max_y = MAX (max_y, node->y + node->height / 2);
    }
  _kv_layout_straight_links (layout);
  to_origin (layout, min_x, max_x, min_y, max_y);
}

/* Place @i of a ring of @n, on the unit circle, y upwards: the first (the
 * actual world) at the bottom right, as in the paper. */
static void
ring_point (guint i, guint n, double *x, double *y)
{
  double angle = -G_PI / 3 + 2 * G_PI * i / n;

  *x = cos (angle);
  *y = sin (angle);
}

/* Nodes at places known in advance — a grid's cells (@cells, row and
 * column per node: a crossing grid, with @stack rows to each of its
 * rows; or the graph's own), or places on a ring of @n_places (@unit:
 * each node's on the unit circle, y downwards) — with straight links;
 * two agents linking the same pair of nodes get links bent apart. */
static void
place_pinned (KvLayout     *layout,
              const double *unit,
              guint         n_places,
              const guint  *cells,
              guint         stack)
{
  KvGraph *graph = layout->graph;
  guint n_nodes = kv_graph_n_nodes (graph);
  double cell_w = 0, cell_h = 0;
  guint rows = 0;
  double gap_h;

  /* A grid's neighbours 12 points apart across, room for a link's agent
   * between them and no more, so that twocards' grids (A's events, M's
   * deals) fit the product view's narrow panels. Down, 16 points in a grid
   * of three rows or more (twocards' A, as short as it can be under its
   * long legend), 30 between two (a showcard's two events, their link
   * long enough to be seen beside its agent's name), 34 in a crossing
   * grid (M's, whose links bend round a world between rows) unless its
   * cells hold columns of worlds (twocards' result, as tall as a grid of
   * its rows). A ring's neighbours further apart. */
  for (guint i = 0; i < n_nodes && unit == NULL; i++)
    rows = MAX (rows, cells != NULL ? cells[2 * i] + 1 : (guint) kv_graph_node (graph, i)->row + 1);
  gap_h = cells != NULL && stack == 1 ? 34.0 : rows > 2 ? 16.0 : 30.0;
  for (guint i = 0; i < n_nodes; i++)
    {
      cell_w = MAX (cell_w, layout->nodes[i].width + (unit != NULL ? 18.0 : 12.0));
      cell_h = MAX (cell_h, layout->nodes[i].height + gap_h);
    }
  for (guint i = 0; i < n_nodes; i++)
    {
      KvLayoutNode *node = &layout->nodes[i];

      if (cells != NULL)
        {
          node->x = cells[2 * i + 1] * cell_w;
          node->y = -(double) cells[2 * i] * cell_h;
        }
      else if (unit == NULL)
        {
          node->x = kv_graph_node (graph, i)->col * cell_w;
          node->y = -kv_graph_node (graph, i)->row * cell_h;
        }
      else
        {
          /* Neighbouring places a node's width apart, taken or not:
           * the ring of the places a class saw first keeps its size. */
          double radius = KV_LAYOUT_RING_RADIUS (cell_w, n_places);

          node->x = unit[2 * i] * radius;
          node->y = -unit[2 * i + 1] * radius;
        }
    }
  finish_placed (layout);
}

/* Nodes at the points their graph gives them (kv_graph_set_point: a
 * product's pairs at their worlds' places), with straight links. */
static void
place_points (KvLayout *layout)
{
  const KvGraph *graph = layout->graph;

  /* In Graphviz's coordinates, y upwards, as finish_placed takes them. */
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      layout->nodes[i].x = kv_graph_node (graph, i)->x;
      layout->nodes[i].y = -kv_graph_node (graph, i)->y;
    }
  finish_placed (layout);
}

/* Small models go on a ring, in the order of a cycle through their links
 * that turns from agent to agent: each next link is of the agent used least
 * so far. Hexa gets sides 1, 2, 3, 1, 2, 3 and one diagonal per agent, the
 * symmetric hexagon of van Ditmarsch's figure. The search gives up (FALSE)
 * after a bounded number of steps or when there is no such cycle. */
#define RING_MAX   12
#define RING_STEPS 20000
#define RING_MAX_AGENTS 32

typedef struct {
  const KvGraph *graph;
  guint  n;
  guint  order[RING_MAX];
  guint  used[RING_MAX_AGENTS];
  gboolean on_ring[RING_MAX];
  guint  steps;
} Ring;

static gboolean
ring_linked (const KvGraph *graph, guint a, guint b)
{
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);

      if ((e->source == a && e->target == b) || (e->source == b && e->target == a))
        return TRUE;
    }
  return FALSE;
}

static gboolean
ring_extend (Ring *ring, guint length)
{
  const KvGraph *graph = ring->graph;
  guint last = ring->order[length - 1];

  if (length == ring->n)
    return ring->n < 3 || ring_linked (graph, last, ring->order[0]);
  if (++ring->steps > RING_STEPS)
    return FALSE;

  /* Agents least used first, then in order; nodes in order. */
  for (guint round = 0; round <= length; round++)
    for (guint agent = 0; agent < graph->n_agents; agent++)
      {
        if (ring->used[agent] != round)
          continue;
        for (guint i = 0; i < kv_graph_n_edges (graph); i++)
          {
            const KvEdge *e = kv_graph_edge (graph, i);
            guint next = e->source == last ? e->target : e->target == last ? e->source : G_MAXUINT;

            if (e->agent != agent || next == G_MAXUINT || ring->on_ring[next])
              continue;
            ring->order[length] = next;
            ring->on_ring[next] = TRUE;
            ring->used[agent]++;
            if (ring_extend (ring, length + 1))
              return TRUE;
            ring->used[agent]--;
            ring->on_ring[next] = FALSE;
          }
      }
  return FALSE;
}

static gboolean
ring_order (const KvGraph *graph, guint *order)
{
  Ring ring = { .graph = graph, .n = kv_graph_n_nodes (graph) };
  int start = kv_graph_actual (graph);

  if (ring.n < 3 || ring.n > RING_MAX || graph->n_agents > RING_MAX_AGENTS)
    return FALSE;
  ring.order[0] = start >= 0 ? (guint) start : 0;
  ring.on_ring[ring.order[0]] = TRUE;
  if (!ring_extend (&ring, 1))
    return FALSE;
  memcpy (order, ring.order, ring.n * sizeof (guint));
  return TRUE;
}

/* The ring KV_LAYOUT_AUTO puts @graph on when it goes on one: each
 * node's place on the unit circle in @unit (x and y per node, y
 * downwards), and the ring's places returned — its nodes, or the places
 * its nodes keep (kv_graph_set_initial_place) — or 0 when it has no ring. */
static guint
ring_units (const KvGraph *graph, double *unit)
{
  guint n = kv_graph_n_nodes (graph);
  guint order[RING_MAX];

  if (kv_graph_initial_shape (graph) == KV_INITIAL_RING)
    {
      for (guint i = 0; i < n; i++)
        {
          unit[2 * i] = kv_graph_node (graph, i)->initial_x;
          unit[2 * i + 1] = kv_graph_node (graph, i)->initial_y;
        }
      return graph->initial_places;
    }
  if (!ring_order (graph, order))
    return 0;
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      ring_point (i, n, &x, &y);
      unit[2 * order[i]] = x;
      unit[2 * order[i] + 1] = -y;
    }
  return n;
}

guint
kv_layout_ring (const KvGraph *graph, double *unit)
{
  guint cells[2 * KV_LAYOUT_CROSSING_MAX];
  KvInitialShape initial = kv_graph_initial_shape (graph);

  /* As _kv_layout_new_pinned chooses under KV_LAYOUT_AUTO. */
  if (kv_graph_n_nodes (graph) > RING_MAX || kv_graph_is_grid (graph) || kv_graph_is_pointed (graph) ||
      initial == KV_INITIAL_CELLS || (initial == KV_INITIAL_NONE && kv_layout_crossing_grid (graph, cells)))
    return 0;
  return ring_units (graph, unit);
}

gboolean
_kv_layout_keeps_initial (const KvGraph  *graph,
                          KvLayoutEngine  engine)
{
  return engine == KV_LAYOUT_AUTO && !kv_graph_is_grid (graph) && !kv_graph_is_pointed (graph) &&
         kv_graph_initial_shape (graph) != KV_INITIAL_NONE;
}

KvLayout *
_kv_layout_alloc (KvGraph        *graph,
                  KvLayoutEngine  engine)
{
  KvLayout *layout = g_new0 (KvLayout, 1);
  guint n_nodes = kv_graph_n_nodes (graph);

  g_atomic_ref_count_init (&layout->ref);
  layout->graph = kv_graph_ref (graph);
  layout->engine = engine;
  layout->nodes = g_new0 (KvLayoutNode, n_nodes);
  layout->edges = g_new0 (KvLayoutEdge, kv_graph_n_edges (graph));

  /* Node sizes come from the renderer's own font, so labels fit. */
  for (guint i = 0; i < n_nodes; i++)
    {
      const char *label = kv_graph_node (graph, i)->label;

      kv_style_node_size (label, &layout->nodes[i].width, &layout->nodes[i].height,
                          &layout->nodes[i].shape);
      if (*label == '\0' && graph->dot_size > 0)
        layout->nodes[i].width = layout->nodes[i].height = graph->dot_size;
    }
  return layout;
}

KvLayout *
kv_layout_new_transposed (KvLayoutContext *context,
                          KvGraph         *graph)
{
  KvLayout *layout;

  g_return_val_if_fail (graph != NULL && kv_graph_is_grid (graph), NULL);

  /* No Graphviz here (@context may be NULL): the cells are placed by
   * hand. As _kv_layout_new_pinned reports a grid: neato reproduces it (-n). */
  layout = _kv_layout_alloc (graph, KV_LAYOUT_NEATO);
  _kv_layout_place_headed_grid (layout, TRUE);
  return layout;
}

/* @layout's graph as a Graphviz graph for @engine: a node per world, its
 * size and shape, pinned where @pins knows it (or NULL), an edge per link
 * (@gnodes and @gedges get them). With the Graphviz lock held. */
static Agraph_t *
make_agraph (KvLayout      *layout,
             KvLayoutEngine engine,
             const KvPin   *pins,
             Agnode_t     **gnodes,
             Agedge_t     **gedges)
{
  const KvGraph *graph = layout->graph;
  guint n_nodes = kv_graph_n_nodes (graph), n_edges = kv_graph_n_edges (graph);
  Agraph_t *g;

  /* Not strict: two agents linking the same worlds give two edges. */
  g = agopen ((char *) "kripkeviz", Agundirected, NULL);
  set_engine_attrs (g, engine, n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "n%u", i);
      gnodes[i] = agnode (g, name, TRUE);
      set_attr (gnodes[i], "label", "");
      set_attr (gnodes[i], "fixedsize", "true");
      set_attr (gnodes[i], "shape",
                layout->nodes[i].shape == KV_NODE_SHAPE_ELLIPSE ? "ellipse" : "box");
      set_attr_double (gnodes[i], "width", layout->nodes[i].width / 72.0);
      set_attr_double (gnodes[i], "height", layout->nodes[i].height / 72.0);
      if (pins != NULL && pins[i].known)
        {
          /* Inches, y upwards; "!" pins the node there. */
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *pos = g_strdup_printf ("%s,%s!",
                                                  g_ascii_formatd (x, sizeof x, "%.4f", pins[i].x / 72.0),
                                                  g_ascii_formatd (y, sizeof y, "%.4f", -pins[i].y / 72.0));

          set_attr (gnodes[i], "pos", pos);
        }
    }

  for (guint i = 0; i < n_edges; i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);

      gedges[i] = agedge (g, gnodes[e->source], gnodes[e->target], NULL, TRUE);
    }

  return g;
}

KvLayout *
_kv_layout_new_pinned (KvLayoutContext  *context,
                       KvGraph          *graph,
                       KvLayoutEngine    engine,
                       const KvPin      *pins,
                       GError          **error)
{
  g_autoptr(KvLayout) layout = NULL;
  g_autofree Agnode_t **gnodes = NULL;
  g_autofree Agedge_t **gedges = NULL;
  g_autoptr(GString) messages = g_string_new (NULL);
  Agraph_t *g;
  guint n_nodes, n_edges;
  gboolean grid = kv_graph_is_grid (graph);
  gboolean pointed = kv_graph_is_pointed (graph);
  double unit[2 * RING_MAX];
  g_autofree guint *cells = NULL;
  guint n_places = 0, stack = 1;
  gboolean in_cells = FALSE;
  int status;

  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_nodes = kv_graph_n_nodes (graph);
  n_edges = kv_graph_n_edges (graph);
  cells = g_new (guint, 2 * (gsize) MAX (n_nodes, 1));
  /* A grid keeps its places whatever engine was asked for; it, the
   * crossing grid and the ring report neato, which reproduces them from
   * the exported DOT (-n). The initial model's places a graph keeps are
   * known in advance as a grid's are, pins or not (kv_layout_new_stable
   * moves the whole picture where they put a known world elsewhere). */
  if (grid || pointed)
    engine = KV_LAYOUT_NEATO;
  else if (_kv_layout_keeps_initial (graph, engine))
    {
      if (kv_graph_initial_shape (graph) == KV_INITIAL_RING)
        n_places = ring_units (graph, unit);
      else
        {
          stack = _kv_layout_initial_cells (graph, cells);
          in_cells = TRUE;
        }
      engine = KV_LAYOUT_NEATO;
    }
  else if (pins != NULL)
    engine = KV_LAYOUT_NEATO;     /* neato honours pinned places */
  else if (engine == KV_LAYOUT_AUTO && kv_layout_crossing_grid (graph, cells))
    {
      in_cells = TRUE;
      engine = KV_LAYOUT_NEATO;
    }
  else if (engine == KV_LAYOUT_AUTO && (n_places = ring_units (graph, unit)) > 0)
    engine = KV_LAYOUT_NEATO;
  else if (engine == KV_LAYOUT_AUTO)
    engine = kv_layout_engine_for_size (n_nodes);

  if ((engine == KV_LAYOUT_DOT || engine == KV_LAYOUT_CIRCO) && n_nodes > KV_LAYOUT_SLOW_MAX)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   /* TRANSLATORS: %s is a Graphviz engine, dot or circo */
                   _("%s would take minutes on %u worlds (it is for at most %u); "
                     "use neato or sfdp for this view."),
                   kv_layout_engine_to_string (engine), n_nodes, KV_LAYOUT_SLOW_MAX);
      return NULL;
    }

  layout = _kv_layout_alloc (graph, engine);
  if (n_nodes == 0)
    return g_steal_pointer (&layout);

  /* Places known in advance need no Graphviz. */
  if (grid && (graph->row_headers->len > 0 || graph->col_headers->len > 0 || graph->captions->len > 0))
    {
      _kv_layout_place_headed_grid (layout, FALSE);
      return g_steal_pointer (&layout);
    }
  if (pointed)
    {
      place_points (layout);
      return g_steal_pointer (&layout);
    }
  if (grid || n_places > 0 || in_cells)
    {
      place_pinned (layout, n_places > 0 ? unit : NULL, n_places, in_cells ? cells : NULL, stack);
      return g_steal_pointer (&layout);
    }

  gnodes = g_new (Agnode_t *, n_nodes);
  gedges = g_new (Agedge_t *, n_edges);

  G_LOCK (graphviz);
  graphviz_messages = messages;
  agseterrf (collect_message);

  g = make_agraph (layout, engine, pins, gnodes, gedges);

  status = gvLayout (context->gvc, g, kv_layout_engine_to_string (engine));
  if (status == 0)
    copy_layout (layout, g, gnodes, gedges);

  gvFreeLayout (context->gvc, g);
  if (engine == KV_LAYOUT_CIRCO)
    {
      g_clear_pointer (&last_circo_graph, agclose);
      last_circo_graph = g;
    }
  else
    agclose (g);

  agseterrf (NULL);
  graphviz_messages = NULL;
  G_UNLOCK (graphviz);

  if (status != 0)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_IO,
                   /* TRANSLATORS: the first %s is a Graphviz engine; then either
                    * ": " and Graphviz's messages, or "." */
                   _("Graphviz could not lay out the graph with %s%s%s"),
                   kv_layout_engine_to_string (engine),
                   messages->len > 0 ? ": " : ".",
                   g_strstrip (messages->str));
      return NULL;
    }

  if (messages->len > 0)
    g_debug ("%s: %s", kv_layout_engine_to_string (engine), messages->str);

  return g_steal_pointer (&layout);
}

KvLayout *
kv_layout_ref (KvLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  g_atomic_ref_count_inc (&layout->ref);
  return layout;
}

double
kv_layout_min_text_size (const KvLayout *layout)
{
  const KvGraph *graph;
  double size = G_MAXDOUBLE;

  g_return_val_if_fail (layout != NULL, 0);

  graph = layout->graph;
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    if (kv_graph_node (graph, i)->label != NULL && *kv_graph_node (graph, i)->label != '\0' &&
        kv_graph_node (graph, i)->row < 0)
      {
        size = KV_STYLE_LABEL_SIZE;
        break;
      }
  for (guint i = 0; i < layout->n_headers; i++)
    if (layout->headers[i].text != NULL && *layout->headers[i].text != '\0')
      size = MIN (size, layout->headers[i].size > 0 ? layout->headers[i].size : KV_STYLE_LABEL_SIZE);
  /* The agents' names on the links, when few enough to be drawn. */
  if (kv_graph_n_edges (graph) > 0 && kv_graph_n_edges (graph) <= KV_RENDER_EDGE_LABELS_MAX)
    size = MIN (size, KV_STYLE_LINK_LABEL_SIZE);
  return size == G_MAXDOUBLE ? 0 : size;
}

void
kv_layout_unref (KvLayout *layout)
{
  g_return_if_fail (layout != NULL);

  if (!g_atomic_ref_count_dec (&layout->ref))
    return;

  for (guint i = 0; i < kv_graph_n_edges (layout->graph); i++)
    g_free (layout->edges[i].points);
  g_free (layout->edges);
  g_free (layout->nodes);
  g_free (layout->headers);
  kv_graph_unref (layout->graph);
  g_free (layout);
}

int
kv_layout_node_at (const KvLayout *layout,
                   double          x,
                   double          y)
{
  g_return_val_if_fail (layout != NULL, -1);

  /* Last drawn is on top. */
  for (guint i = kv_graph_n_nodes (layout->graph); i-- > 0;)
    {
      const KvLayoutNode *node = &layout->nodes[i];
      double dx = (x - node->x) / (node->width / 2);
      double dy = (y - node->y) / (node->height / 2);

      if (node->shape == KV_NODE_SHAPE_ELLIPSE ? dx * dx + dy * dy <= 1.0
                                               : fabs (dx) <= 1.0 && fabs (dy) <= 1.0)
        return (int) i;
    }

  return -1;
}

KvLayout *
kv_layout_new (KvLayoutContext  *context,
               KvGraph          *graph,
               KvLayoutEngine    engine,
               GError          **error)
{
  return _kv_layout_new_pinned (context, graph, engine, NULL, error);
}
