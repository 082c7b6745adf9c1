// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-private.h: what kv-layout.c (Graphviz) shares with
 * kv-layout-stable.c (KvPlaces, kv_layout_new_stable). */
#pragma once

#include "kv-layout.h"

G_BEGIN_DECLS

/* A node's remembered place (kv_layout_new_stable), in the frame of its
 * KvPlaces, y downwards. */
typedef struct {
  gboolean known;
  double   x, y;
} KvPin;

/* A layout of @graph with no places yet, its nodes sized (from the
 * renderer's own font, so labels fit). */
KvLayout *_kv_layout_alloc          (KvGraph          *graph,
                                     KvLayoutEngine    engine);
/* kv_layout_new with the nodes @pins knows pinned there (Graphviz neato);
 * @pins: one per node, or NULL for none. */
KvLayout *_kv_layout_new_pinned     (KvLayoutContext  *context,
                                     KvGraph          *graph,
                                     KvLayoutEngine    engine,
                                     const KvPin      *pins,
                                     GError          **error);
/* Whether @engine puts @graph where the initial model's picture put its
 * deals (kv_graph_set_initial_place): KV_LAYOUT_AUTO, and no grid or
 * points of its own. */
gboolean  _kv_layout_keeps_initial  (const KvGraph    *graph,
                                     KvLayoutEngine    engine);
/* kv-layout-grid.c: a grid with headers (or captions) placed by hand:
 * evenly spaced columns, rows as tall as their nodes, or as their
 * captions in a row of captions; @transposed swaps rows and columns. */
void      _kv_layout_place_headed_grid (KvLayout      *layout,
                                        gboolean       transposed);

/* Straight links between the placed nodes; two agents linking the same
 * pair of nodes get links bent apart, and a link with a node on its line
 * (not in a grid with headers) is bent round it. */
void      _kv_layout_straight_links (KvLayout         *layout);

/* kv-layout-crossing.c: how far _kv_layout_straight_links bends link @e
 * (its ends @dx, @dy and @length apart) round the nodes on its line,
 * along the normal (−dy, dx) / length: 0 when none is. */
double    _kv_layout_bend_around    (const KvLayout   *layout,
                                     const KvEdge     *e,
                                     double            dx,
                                     double            dy,
                                     double            length);

/* kv-layout-crossing.c: the grid KV_LAYOUT_AUTO puts a graph in whose
 * nodes keep the cells of the initial model's crossing grid
 * (KV_INITIAL_CELLS): row and column per node in @grid, the nodes of one
 * cell in a column at it (kv_layout_stack_cells); returns the stack, the
 * rows to a cell. */
guint     _kv_layout_initial_cells  (const KvGraph    *graph,
                                     guint            *grid);

/* A grid's headers moved by (@dx, @dy), and grown into the bounds given
 * (a stable layout's frame holds them as it holds the worlds); FALSE when
 * the bounds did not grow. The bounds may be NULL (only moved). */
gboolean  _kv_layout_headers_move   (KvLayout         *layout,
                                     double            dx,
                                     double            dy,
                                     double           *min_x,
                                     double           *max_x,
                                     double           *min_y,
                                     double           *max_y);

G_END_DECLS
