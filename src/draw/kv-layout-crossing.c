// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-crossing.c: small models in a grid where two agents' classes
 * cross (kv_layout_crossing_grid, kv-layout.h), and links bent round the
 * nodes on their line (a grid's row of three), for kv-layout.c. */
#define G_LOG_DOMAIN "kv-layout"
#include "config.h"

#include <math.h>
#include <string.h>

#include "kv-layout-private.h"
#include "kv-partition.h"

/* Past eight worlds a ring of boxes is wider than the product view's
 * panel for M (twocards' twelve deals: 545 points). When two agents'
 * classes cross — no two worlds in the same class of both, twocards'
 * 1 knows its card and 2 its own — the worlds go in a grid instead, a
 * row per class of the first agent, a column per class of the second,
 * half as wide. Up to eight worlds (Hexa's hexagon) the ring stays. */
#define CROSSING_GRID_MIN 9

/* Numbers the classes of @agent's links (components) into @index by
 * their first nodes; returns how many there are. */
static guint
number_classes (const KvGraph *graph,
                guint          agent,
                guint         *index)
{
  guint n_nodes = kv_graph_n_nodes (graph);

  for (guint i = 0; i < n_nodes; i++)
    index[i] = i;
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      guint a, b;

      /* A link the action cut (the product's links stage) is no class's. */
      if (e->agent != agent || (e->flags & KV_EDGE_CUT))
        continue;
      a = kv_find_root (index, e->source);
      b = kv_find_root (index, e->target);
      index[MAX (a, b)] = MIN (a, b);
    }
  for (guint i = 0; i < n_nodes; i++)
    index[i] = kv_find_root (index, i);
  return kv_densify_u32 (index, n_nodes);
}

gboolean
kv_layout_cross_cells (guint        n,
                       const guint *row,
                       guint        rows,
                       const guint *col,
                       guint        cols,
                       guint       *cells)
{
  g_autofree gboolean *full = NULL;
  g_autofree guint *column = NULL;

  if (rows < 2 || cols < 2 || rows * cols > 2 * n)
    return FALSE;
  full = g_new0 (gboolean, rows * cols);
  for (guint i = 0; i < n; i++)
    {
      if (full[row[i] * cols + col[i]])
        return FALSE;   /* two in one cell: the classes do not cross */
      full[row[i] * cols + col[i]] = TRUE;
    }

  /* A square grid with one empty cell in each row and column (no deal
   * gives 1 and 2 the same card, 3 never shows one card twice) puts its
   * columns in the order that makes those the diagonal: the cards across
   * as down the side. */
  column = g_new (guint, cols);
  for (guint c = 0; c < cols; c++)
    column[c] = c;
  if (rows == cols && rows * (rows - 1) == n)
    {
      g_autofree guint *empty_row = g_new (guint, cols);
      g_autofree gboolean *taken = g_new0 (gboolean, rows);
      gboolean diagonal = TRUE;

      for (guint c = 0; c < cols && diagonal; c++)
        {
          guint n_empty = 0;

          for (guint r = 0; r < rows; r++)
            if (!full[r * cols + c])
              {
                empty_row[c] = r;
                n_empty++;
              }
          diagonal = n_empty == 1 && !taken[empty_row[c]];
          if (diagonal)
            taken[empty_row[c]] = TRUE;
        }
      if (diagonal)
        memcpy (column, empty_row, cols * sizeof (guint));
    }
  for (guint i = 0; i < n; i++)
    {
      cells[2 * i] = row[i];
      cells[2 * i + 1] = column[col[i]];
    }
  return TRUE;
}

guint
kv_layout_stack_cells (guint        n,
                       const guint *cells,
                       guint       *grid)
{
  guint rows = 0, cols = 0, stack = 1;
  g_autofree guint *seen = NULL;

  for (guint i = 0; i < n; i++)
    {
      rows = MAX (rows, cells[2 * i] + 1);
      cols = MAX (cols, cells[2 * i + 1] + 1);
    }
  /* Each item's rank in its cell's column first, then its row. */
  seen = g_new0 (guint, MAX (rows * cols, 1));
  for (guint i = 0; i < n; i++)
    {
      grid[2 * i] = seen[cells[2 * i] * cols + cells[2 * i + 1]]++;
      stack = MAX (stack, grid[2 * i] + 1);
    }
  for (guint i = 0; i < n; i++)
    {
      grid[2 * i] += cells[2 * i] * stack;
      grid[2 * i + 1] = cells[2 * i + 1];
    }
  return stack;
}

guint
_kv_layout_initial_cells (const KvGraph *graph,
                          guint         *grid)
{
  guint n_nodes = kv_graph_n_nodes (graph);
  g_autofree guint *cells = g_new (guint, 2 * (gsize) n_nodes);

  g_assert (kv_graph_initial_shape (graph) == KV_INITIAL_CELLS);

  for (guint i = 0; i < n_nodes; i++)
    {
      cells[2 * i] = (guint) kv_graph_node (graph, i)->initial_y;
      cells[2 * i + 1] = (guint) kv_graph_node (graph, i)->initial_x;
    }
  return kv_layout_stack_cells (n_nodes, cells, grid);
}

/* The cells of the initial model's crossing grid that @graph's nodes keep,
 * when no two share one (a step that removed deals, not one that paired
 * a deal with several events): it is a crossing grid with gaps. */
static gboolean
initial_crossing (const KvGraph *graph,
                  guint         *cells)
{
  guint n_nodes = kv_graph_n_nodes (graph);
  g_autofree guint *grid = NULL;

  /* No more nodes than deals, then, and no more deals than such a grid holds. */
  if (n_nodes > KV_LAYOUT_CROSSING_MAX)
    return FALSE;
  grid = g_new (guint, 2 * (gsize) n_nodes);
  if (_kv_layout_initial_cells (graph, grid) > 1)
    return FALSE;
  memcpy (cells, grid, 2 * n_nodes * sizeof (guint));
  return TRUE;
}

gboolean
kv_layout_crossing_grid (const KvGraph *graph,
                         guint         *cells)
{
  guint n_nodes = kv_graph_n_nodes (graph), n_found = 0, rows = 0, cols = 0;
  g_autofree guint *index = g_new (guint, n_nodes);
  g_autofree guint *row = g_new (guint, n_nodes);
  g_autofree guint *col = g_new (guint, n_nodes);

  g_return_val_if_fail (graph != NULL && cells != NULL, FALSE);

  switch (kv_graph_initial_shape (graph))
    {
    case KV_INITIAL_CELLS:
      return initial_crossing (graph, cells);
    case KV_INITIAL_RING:
      return FALSE;
    case KV_INITIAL_NONE:
    default:
      break;
    }
  if (n_nodes < CROSSING_GRID_MIN || n_nodes > KV_LAYOUT_CROSSING_MAX)
    return FALSE;
  for (guint a = 0; a < graph->n_agents && n_found < 2; a++)
    {
      guint n = number_classes (graph, a, index);

      if (n == n_nodes)
        continue;   /* no links */
      memcpy (n_found == 0 ? row : col, index, n_nodes * sizeof (guint));
      *(n_found++ == 0 ? &rows : &cols) = n;
    }
  return n_found == 2 && kv_layout_cross_cells (n_nodes, row, rows, col, cols, cells);
}

/* Whether the link from @a to @b bent by @bend (as
 * _kv_layout_straight_links bends: control points at a third and two
 * thirds, moved @bend along the normal) keeps out of every other node's
 * box, sampled along the curve. */
static gboolean
bent_link_clear (const KvLayout     *layout,
                 const KvEdge       *e,
                 double              nx,
                 double              ny,
                 double              bend)
{
  const KvLayoutNode *a = &layout->nodes[e->source], *b = &layout->nodes[e->target];

  for (double t = 0.05; t < 0.96; t += 0.05)
    {
      /* The control points' bend enters the curve as 3t(1 − t). */
      double off = 3 * t * (1 - t) * bend;
      double x = a->x + (b->x - a->x) * t + nx * off, y = a->y + (b->y - a->y) * t + ny * off;

      for (guint k = 0; k < kv_graph_n_nodes (layout->graph); k++)
        {
          const KvLayoutNode *node = &layout->nodes[k];

          if (k != e->source && k != e->target &&
              fabs (x - node->x) < node->width / 2 + 2 && fabs (y - node->y) < node->height / 2 + 2)
            return FALSE;
        }
    }
  return TRUE;
}

/* How far to bend link @e (from a to b, @dx, @dy apart) so that it
 * goes round the nodes on its line: a grid's row of three (twocards' 1
 * links the three deals of a row pairwise) would otherwise draw the
 * first and third's link through the second. 0 when none lies on it —
 * only nodes exactly in line count, so a layout of Graphviz's, whose
 * links may graze a node, keeps its straight links. Far enough that the
 * curve clears the node's box all along it, away from the nodes' middle
 * unless only the other side is clear. */
double
_kv_layout_bend_around (const KvLayout *layout,
                        const KvEdge   *e,
                        double          dx,
                        double          dy,
                        double          length)
{
  const KvLayoutNode *a = &layout->nodes[e->source];
  guint n_nodes = kv_graph_n_nodes (layout->graph);
  double nx, ny, ux, uy, bend = 0, cx = 0, cy = 0, side;

  if (length <= 0 || n_nodes < 3)
    return 0;
  ux = dx / length;
  uy = dy / length;
  nx = -uy;
  ny = ux;
  for (guint k = 0; k < n_nodes; k++)
    {
      const KvLayoutNode *node = &layout->nodes[k];
      double t = ((node->x - a->x) * ux + (node->y - a->y) * uy) / length;
      double off = (node->x - a->x) * nx + (node->y - a->y) * ny;
      double across, along, t0, t1, least;

      cx += node->x / n_nodes;
      cy += node->y / n_nodes;
      if (k == e->source || k == e->target || t <= 0.05 || t >= 0.95 || fabs (off) > 0.5)
        continue;
      /* Half the box across the line, and a gap; the part of the curve
       * beside the box, where it is least bent. */
      across = fabs (nx) * node->width / 2 + fabs (ny) * node->height / 2 + 3.0;
      along = (fabs (ux) * node->width / 2 + fabs (uy) * node->height / 2) / length;
      t0 = CLAMP (t - along, 0.05, 0.95);
      t1 = CLAMP (t + along, 0.05, 0.95);
      least = MIN (3 * t0 * (1 - t0), 3 * t1 * (1 - t1));
      bend = MAX (bend, across / least);
    }
  if (bend == 0)
    return 0;
  side = (a->x + dx / 2 - cx) * nx + (a->y + dy / 2 - cy) * ny;
  if (side < 0)
    bend = -bend;
  if (!bent_link_clear (layout, e, nx, ny, bend) && bent_link_clear (layout, e, nx, ny, -bend))
    bend = -bend;
  return bend;
}
