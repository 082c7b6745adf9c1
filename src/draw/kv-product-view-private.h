// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-private.h: what the files of the product view share —
 * kv-product-view.c builds the stages' graphs, kv-product-view-grid.c puts
 * many pairs in a grid (Clue's envelopes, or the matrix W × E), A's events
 * in a grid and the result in M's, kv-product-view-ring.c puts a small
 * model's pairs and result on M's ring,
 * kv-product-view-nodes.c says what a node of a stage's picture stands for
 * (hovering). Not installed. */
#pragma once

#include "kv-product-view.h"

G_BEGIN_DECLS

/* Which of M's worlds a stage draws, and how they are grouped into nodes:
 * one world per group (whole, around) or one envelope per group. */
typedef struct {
  KvViewKind kind;
  guint      n_groups;
  gint32    *group_of;     /* M's worlds: group, or -1 when not drawn */
  GArray    *first;        /* guint: each group's first world */
  GPtrArray *labels;       /* char*, one per group */
} KvProductGrouping;

/* Node codes (kv-product-view.h): what a node stands for, in its world.
 * A pair node's is (w · |E| + e) · 2 + 1 when it groups M's worlds by w's
 * envelope, + 0 when it is w alone; a result node's is p · 4 + how its
 * view grouped the worlds of M ⊗ A with p. */
#define KV_PRODUCT_NO_CODE G_MAXUINT

enum {
  KV_PRODUCT_RESULT_ALONE,
  KV_PRODUCT_RESULT_ENVELOPE,
  KV_PRODUCT_RESULT_BISIMILAR,
};

/* The pairs and links stages as a grid with headers and each node a dot
 * (KV_STYLE_DOT_SIZE), where a graph of labelled pairs would be too small
 * to read at fit (more than KV_VIEW_READABLE_NODES pairs).
 *
 * Envelopes of two categories (Clue's weapon and suspect): as in the
 * envelope view, the cards head the rows and the columns, so that a Clue 11
 * product stays legible in a third of the window; one block of rows per
 * event, headed by the event.
 *
 * Any other game, its worlds one by one (twocards' 12 × 12 pairs): the
 * matrix W × E, a row per world headed by its label, a column per event
 * headed by its name. */
typedef enum {
  KV_PRODUCT_GRID_NONE,       /* a graph of labelled pairs */
  KV_PRODUCT_GRID_ENVELOPES,
  KV_PRODUCT_GRID_MATRIX,
} KvProductGridKind;

typedef struct {
  KvProductGridKind kind;
  int        first, second;   /* envelopes: the categories of the rows and the columns */
  guint      n_first;
  GPtrArray *rows;            /* char*: row headers, NULL-terminated */
  GPtrArray *cols;
  guint64    heading_rows;    /* the rows "event %s" heads (KvGraph.heading_rows) */
} KvProductGrid;

/* FALSE (and @grid empty, to clear all the same) when @g's pairs are drawn
 * as a graph: few enough of them, or envelopes that are not of exactly two
 * categories. */
gboolean _kv_product_grid_init   (KvProductGrid *grid, const KvProductView *view,
                                  const KvProductGrouping *g);
/* Node @i, the pair of @group and @event, to its cell: a dot (its place
 * known by its pair's name). */
void     _kv_product_grid_place  (const KvProductGrid *grid, const KvProductView *view,
                                  const KvProductGrouping *g, KvGraph *graph,
                                  guint i, guint group, guint event);
/* The headers and the grid's note (with @cycles, that an agent's classes
 * of more than three dots are drawn as cycles). */
void     _kv_product_grid_finish (const KvProductGrid *grid, KvGraph *graph, gboolean cycles);
void     _kv_product_grid_clear  (KvProductGrid *grid);

/* A's events in a grid, for an action model of many events whose blocks
 * for two agents cross (twocards: 3 shows i to 1 and j to 2, event ij): a
 * ring of twelve events was too wide for A's narrow panel (labels of 6 px
 * at fit), the grid is half as wide, and says more — a row is what one
 * agent is shown, a column what the other is. */
typedef struct {
  guint  row_agent, col_agent;
  guint *row, *col;        /* per event, its cell */
} KvActionGrid;

/* Whether the blocks of the first two agents (in order) with blocks of
 * more than one event cross (kv_layout_cross_cells: twocards, 4 × 4 for
 * 12 events, the diagonal empty), and then each event's cell. When FALSE,
 * @grid is empty. */
gboolean _kv_action_grid_init    (KvActionGrid *grid, const KvActionModel *am, guint n_agents);
void     _kv_action_grid_clear   (KvActionGrid *grid);

/* When M is drawn in a crossing grid (kv_layout_crossing_grid: twocards'
 * deals, a row per card of 1, a column per card of 2), pins the result
 * @graph, drawn world by world (@options' view whole), to it: each pair
 * (w, e) in w's cell, the pairs of one world one under the other
 * (kv_layout_stack_cells, as the main view draws the result).
 * Twocards' 24 worlds by Graphviz came out at 8 px in the product's
 * panel; in the grid they are as legible as M's, and 1's links still run
 * along the rows, 2's down the columns. Before the result's nodes get
 * their codes: it reads their worlds as the result's. */
void     _kv_product_result_grid (const KvProductView *view, const KvViewOptions *options,
                                  KvGraph *graph);

/* A small model's product on M's ring (Hexa's hexagon, van Ditmarsch's
 * Figure 5): where KV_LAYOUT_AUTO puts M's whole view on a ring
 * (kv_layout_ring), every stage puts each pair (w, e) at w's place — w's
 * kept pairs first, at the place itself and then one above, one below, …,
 * its dropped pairs after them in the same column — and the result's world (w, e) where the
 * pair was. So the pairs, the links that survive and the result line up
 * with M and with each other as a class steps through them: the result
 * is the hexagon less 2's links, not another ring. One geometry for all
 * three stages, the pairs stage's (the largest), so that a pair keeps its
 * point from stage to stage in a stable layout too. Exported to a page
 * (KvViewOptions.aspect), the ring widens into an ellipse to fill it. */
typedef struct {
  guint   n_events;
  double *x, *y;      /* per pair w · |E| + e of W × E: its point (points, y downwards) */
  guint  *first;      /* per world of M: the event of its pair at its place */
} KvProductRing;

/* FALSE (@ring empty) unless the pairs are few enough for a graph of
 * labelled pairs, @options' engine is auto and it puts M on a ring. The
 * caller draws each of M's worlds alone (the whole view). */
gboolean _kv_product_ring_init   (KvProductRing *ring, const KvProductView *view,
                                  const KvViewOptions *options);
void     _kv_product_ring_clear  (KvProductRing *ring);
/* Node @i, the pair (@world, @event), at its point. */
void     _kv_product_ring_place  (const KvProductRing *ring, KvGraph *graph, guint i,
                                  guint world, guint event);
/* The result @graph, drawn world by world, each world (w, e) at its
 * pair's point and a world the step removed at its first pair's (under
 * that pair's place key), before the nodes get their codes. */
void     _kv_product_ring_result (const KvProductRing *ring, const KvProductView *view,
                                  KvGraph *graph);

G_END_DECLS
