// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-private.h: what the files of the product view share —
 * kv-product-view.c builds the stages' graphs, kv-product-view-grid.c puts
 * many pairs in a grid (Clue's envelopes, or the matrix W × E),
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

G_END_DECLS
