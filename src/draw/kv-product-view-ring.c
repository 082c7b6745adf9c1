// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-ring.c: a product of a small model on a ring (Hexa) drawn
 * on M's ring, stage after stage (kv-product-view-private.h). */
#define G_LOG_DOMAIN "kv-product-view"
#include "config.h"

#include <math.h>

#include "kv-layout.h"
#include "kv-product-view-private.h"

/* Room between two pairs of one world, one above the other (and a row's
 * between two worlds' columns one over the other); as much again as a
 * link's agent needs when a world keeps two pairs, which the links stage
 * may link; between two worlds' columns side by side. */
#define ROW_GAP     8.0
#define LINKED_GAP 50.0
#define COLUMN_GAP 24.0

void
_kv_product_ring_clear (KvProductRing *ring)
{
  g_clear_pointer (&ring->x, g_free);
  g_clear_pointer (&ring->y, g_free);
  g_clear_pointer (&ring->first, g_free);
}

/* M's worlds on the unit circle as KV_LAYOUT_AUTO puts M's whole view
 * (@unit: x, y per world), and the places of that ring (more than M's
 * worlds when they keep the places of the game's first ring), or 0 when
 * it puts them elsewhere. */
static guint
model_ring (const KvProductView *view, const KvViewOptions *options, double *unit)
{
  const KvModel *m = view->before;
  KvViewOptions whole = *options;
  g_autoptr(KvGraph) graph = NULL;
  guint n_places;

  whole.kind = KV_VIEW_WHOLE;
  whole.highlight = NULL;
  whole.previous = NULL;
  whole.title = NULL;
  graph = kv_view_build (m, &whole, NULL);
  if (graph == NULL || kv_graph_n_nodes (graph) != m->n_worlds)
    return 0;
  n_places = kv_layout_ring (graph, unit);
  /* Node i is world i in the whole view; say so rather than assume it. */
  for (guint i = 0; i < m->n_worlds && n_places > 0; i++)
    if (kv_graph_node (graph, i)->world != i)
      return 0;
  return n_places;
}

/* How far from its world's place the pair of rank @rank goes, in rows:
 * the first at the place, then one above, one below, two above, … — a
 * column, not a row, which would widen the picture by whole pairs. */
static int
row_offset (guint rank)
{
  return rank == 0 ? 0 : rank % 2 ? -(int) ((rank + 1) / 2) : (int) (rank / 2);
}

/* The smallest radius, from @radius up, at which no two worlds' columns
 * of @n pairs (@width wide, rows @row apart) overlap: one over the other
 * at least a row apart. */
static double
clear_radius (const double *unit, guint n_worlds, double radius, guint n, double width, double row)
{
  /* Rows of a column above and below its world's place (row_offset). */
  double span = (n / 2 + (n - 1) / 2) * row;

  for (guint step = 0; step < 400; step++, radius *= 1.02)
    {
      gboolean clear = TRUE;

      for (guint i = 0; i < n_worlds && clear; i++)
        for (guint j = i + 1; j < n_worlds && clear; j++)
          clear = fabs (unit[2 * i] - unit[2 * j]) * radius >= width + COLUMN_GAP ||
                  fabs (unit[2 * i + 1] - unit[2 * j + 1]) * radius >= span + row;
      if (clear)
        break;
    }
  return radius;
}

/* How much wider than tall M's ring is drawn for a page @aspect times as
 * wide as it is tall, and its radius (*@radius): of the stretches from a
 * circle up to STRETCH_MOST, the one whose picture (columns of @n pairs,
 * @width by @height, rows @row apart) scales largest onto the page. On a
 * slide the circle's picture is as tall as it is wide and fills a third
 * of the width; an ellipse sets columns side by side that the circle
 * stacks, and its labels come out larger. */
#define STRETCH_MOST 4.0
#define STRETCH_STEP 0.1

static double
page_stretch (const double *unit, guint n_worlds, double aspect, guint n, double width, double height,
              double row, double *radius)
{
  g_autofree double *stretched = g_new (double, 2 * (gsize) n_worlds);
  double span = (n / 2 + (n - 1) / 2) * row;
  double x_lo = 0, x_hi = 0, y_lo = 0, y_hi = 0;
  double best = 1.0, best_scale = 0;

  for (guint i = 0; i < n_worlds; i++)
    {
      x_lo = MIN (x_lo, unit[2 * i]);
      x_hi = MAX (x_hi, unit[2 * i]);
      y_lo = MIN (y_lo, unit[2 * i + 1]);
      y_hi = MAX (y_hi, unit[2 * i + 1]);
    }
  for (double s = 1.0; s <= STRETCH_MOST + 1e-9; s += STRETCH_STEP)
    {
      double r, scale;

      for (guint i = 0; i < n_worlds; i++)
        {
          stretched[2 * i] = s * unit[2 * i];
          stretched[2 * i + 1] = unit[2 * i + 1];
        }
      /* From a row up: keeping the columns apart is all a radius must do. */
      r = clear_radius (stretched, n_worlds, row, n, width, row);
      scale = MIN (aspect / (s * (x_hi - x_lo) * r + width), 1.0 / ((y_hi - y_lo) * r + span + height));
      if (scale > best_scale * 1.001)
        {
          best_scale = scale;
          best = s;
          *radius = r;
        }
    }
  return best;
}

gboolean
_kv_product_ring_init (KvProductRing *ring, const KvProductView *view, const KvViewOptions *options)
{
  const KvModel *m = view->before;
  const KvActionModel *am = view->action;
  guint n_pairs = m->n_worlds * am->n_events;
  guint limit = options->limit ? options->limit : KV_VIEW_DEFAULT_LIMIT;
  g_autofree double *unit = NULL;
  g_autofree guint *rank = NULL;
  double width = 0, height = 0, row, radius = 0, stretch = 1.0;
  guint most_kept = 0, n_places;

  *ring = (KvProductRing) { 0 };
  /* The pairs must be a graph of labelled pairs (not the matrix W × E,
   * kv-product-view-grid.c), M's places those of the engine auto picks. */
  if (options->engine != KV_LAYOUT_AUTO || m->n_worlds > KV_LAYOUT_CROSSING_MAX || n_pairs > limit ||
      (am->n_events >= 2 && n_pairs > KV_VIEW_READABLE_NODES))
    return FALSE;
  unit = g_new (double, 2 * (gsize) m->n_worlds);
  n_places = model_ring (view, options, unit);
  if (n_places == 0)
    return FALSE;

  /* Each world's kept pairs first, then its dropped ones. */
  rank = g_new (guint, n_pairs);
  for (guint w = 0; w < m->n_worlds; w++)
    {
      guint r = 0;

      for (int kept = 1; kept >= 0; kept--)
        {
          for (guint e = 0; e < am->n_events; e++)
            if ((kv_bits_get (view->product->pre[e], w) != 0) == kept)
              rank[w * am->n_events + e] = r++;
          if (kept)
            most_kept = MAX (most_kept, r);
        }
      for (guint e = 0; e < am->n_events; e++)
        {
          g_autofree char *world = kv_model_world_label (m, w);
          g_autofree char *label = g_strdup_printf ("(%s, %s)", world, am->event_names[e]);
          double node_w, node_h;
          KvNodeShape shape;

          kv_style_node_size (label, &node_w, &node_h, &shape);
          width = MAX (width, node_w);
          height = MAX (height, node_h);
        }
    }

  /* One geometry, the pairs stage's, for all three stages: a pair keeps
   * its point from stage to stage. At least the radius the layout gives
   * a ring of such pairs (cells 18 points wider than a node). */
  row = height + (most_kept > 1 ? LINKED_GAP : ROW_GAP);
  if (options->aspect > 0)
    stretch = page_stretch (unit, m->n_worlds, options->aspect, am->n_events, width, height, row, &radius);
  else
    radius = clear_radius (unit, m->n_worlds, KV_LAYOUT_RING_RADIUS (width + 18.0, n_places),
                           am->n_events, width, row);
  ring->x = g_new (double, n_pairs);
  ring->y = g_new (double, n_pairs);
  for (guint p = 0; p < n_pairs; p++)
    {
      guint w = p / am->n_events;

      ring->x[p] = radius * stretch * unit[2 * w];
      ring->y[p] = radius * unit[2 * w + 1] + row_offset (rank[p]) * row;
    }
  ring->n_events = am->n_events;
  ring->first = g_new (guint, m->n_worlds);
  for (guint p = 0; p < n_pairs; p++)
    if (rank[p] == 0)
      ring->first[p / am->n_events] = p % am->n_events;
  return TRUE;
}

void
_kv_product_ring_place (const KvProductRing *ring, KvGraph *graph, guint i, guint world, guint event)
{
  guint p = world * ring->n_events + event;

  kv_graph_set_point (graph, i, ring->x[p], ring->y[p]);
}

void
_kv_product_ring_result (const KvProductRing *ring, const KvProductView *view, KvGraph *graph)
{
  const KvModel *m = view->before;
  const KvProduct *product = view->product;
  g_autoptr(GHashTable) world_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint w = 0; w < m->n_worlds; w++)
    g_hash_table_insert (world_of, kv_model_world_label (m, w), GUINT_TO_POINTER (w + 1));
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      guint w;

      if (node->world < view->after->n_worlds)
        {
          guint p = node->world;

          _kv_product_ring_place (ring, graph, i, product->pair_world[p], product->pair_event[p]);
          continue;
        }
      /* A world the step removed (KV_NODE_REMOVED), by its label: where
       * its first pair was, struck out, in the pairs stage. */
      w = GPOINTER_TO_UINT (g_hash_table_lookup (world_of, node->label));
      if (w == 0)
        return;   /* not all placed: the layout places them all */
      w--;
      {
        g_autofree char *key = g_strdup_printf ("(%s, %s)", node->label,
                                                view->action->event_names[ring->first[w]]);

        kv_graph_set_place_key (graph, i, key);
      }
      _kv_product_ring_place (ring, graph, i, w, ring->first[w]);
    }
}
