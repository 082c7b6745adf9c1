// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout.h: placing a KvGraph with Graphviz (libgvc, in-process).
 *
 * A KvLayoutContext owns one long-lived Graphviz context (GVC_t); make one
 * per process (the window, the CLI, a test) and keep it. kv_layout_new
 * builds a cgraph graph from the KvGraph, lays it out with the chosen
 * engine, copies node positions and edge splines out of it and frees it, so
 * a KvLayout holds no Graphviz data and may be drawn from any thread.
 *
 * Threads: cgraph and the layout engines are not thread-safe, and layout
 * switches LC_NUMERIC while it runs. kv_layout_new serializes itself with a
 * process-wide lock, but callers must still lay out from one worker at a time
 * (or the main thread) and not parse or print numbers with the C library on
 * another thread meanwhile.
 *
 * Coordinates are in points (1/72 inch), origin at the top left of the
 * drawing, y growing downwards as in cairo.
 */
#pragma once

#include <glib.h>

#include "kv-graph.h"
#include "kv-style.h"

G_BEGIN_DECLS

typedef enum {
  KV_LAYOUT_AUTO,     /* chosen by size: circo when small, neato, sfdp when big */
  KV_LAYOUT_NEATO,
  KV_LAYOUT_FDP,
  KV_LAYOUT_SFDP,
  KV_LAYOUT_CIRCO,
  KV_LAYOUT_DOT,
} KvLayoutEngine;

/* "neato", … ("auto" for KV_LAYOUT_AUTO). */
const char     *kv_layout_engine_to_string   (KvLayoutEngine engine);
gboolean        kv_layout_engine_from_string (const char *name, KvLayoutEngine *engine);
/* The engine KV_LAYOUT_AUTO picks for a graph of @n_nodes nodes. */
KvLayoutEngine  kv_layout_engine_for_size    (guint n_nodes);

/* dot and circo take seconds past 200 nodes and minutes at 300: above this
 * kv_layout_new refuses them (KV_ERROR_LIMIT) rather than hang. */
#define KV_LAYOUT_SLOW_MAX 200

typedef struct _KvLayoutContext KvLayoutContext;

KvLayoutContext *kv_layout_context_new  (void);
void             kv_layout_context_free (KvLayoutContext *context);

typedef struct {
  double      x, y;            /* centre */
  double      width, height;
  KvNodeShape shape;
} KvLayoutNode;

/* A grid's header (kv_graph_set_headers) or caption, placed: the text is
 * centred at (x, y), in the renderer's font at @size points. */
typedef struct {
  const char *text;            /* the graph's */
  double      x, y;
  double      width, height;
  double      size;            /* KV_STYLE_LABEL_SIZE, or a caption's own */
  gboolean    bold;
  int         agent;           /* written in this agent's colour, or -1 (ink) */
  gboolean    backdrop;        /* on white: a block's heading, which overhangs
                                * the cells and the links that cross its row */
} KvLayoutHeader;

typedef struct {
  guint   n_points;            /* 3k+1 cubic Bézier control points */
  double *points;              /* x0, y0, x1, y1, … */
} KvLayoutEdge;

typedef struct {
  gatomicrefcount ref;
  KvGraph        *graph;
  KvLayoutEngine  engine;      /* the engine used (never AUTO) */
  double          width;       /* bounding box of nodes and edges */
  double          height;
  KvLayoutNode   *nodes;       /* one per graph node */
  KvLayoutEdge   *edges;       /* one per graph edge */
  guint           n_headers;   /* a grid's row and column headers, beside and above it */
  KvLayoutHeader *headers;     /* (inside width × height), or NULL */
  gboolean        transposed;  /* a grid laid out with its rows across (kv_layout_new_transposed) */
  guint64         frame;       /* kv_layout_new_stable: the frame its coordinates
                                * are in (two layouts with the same frame put
                                * every world they share at the same place, and
                                * have the same size); 0 for a layout of its own */
} KvLayout;

/* Two frames' ids with the same family are the same frame before and after
 * it grew: every world it holds is at the same place relative to the
 * others (kv-layout-stable.c). */
#define KV_LAYOUT_FRAME_FAMILY(frame) ((guint32) ((frame) >> 32))

/* Lays out @graph (the layout keeps a reference to it) with @engine
 * (KV_LAYOUT_AUTO: by size). Fails with KV_ERROR_LIMIT for dot or circo
 * past KV_LAYOUT_SLOW_MAX nodes, with KV_ERROR_IO (Graphviz's message) when
 * Graphviz fails. */
KvLayout *kv_layout_new   (KvLayoutContext *context, KvGraph *graph,
                           KvLayoutEngine engine, GError **error);
/* A grid (kv_graph_is_grid) with its rows and columns swapped: the rows'
 * headers across the top, the columns' down the left. The envelope view
 * puts the category with more cards down the side, which suits a window's
 * canvas; a landscape slide wants it across (kripkeviz-cli export --size
 * tries both). No Graphviz: a grid's places are known. */
KvLayout *kv_layout_new_transposed (KvLayoutContext *context, KvGraph *graph);   /* @context may be NULL */
KvLayout *kv_layout_ref   (KvLayout *layout);
void      kv_layout_unref (KvLayout *layout);

/* The smallest text of the picture itself, in points: its world labels
 * (KV_STYLE_LABEL_SIZE), its headers and captions (each its size) and
 * its links' labels (KV_STYLE_LINK_LABEL_SIZE, where they are drawn);
 * the legend's and the title's not counted. 0 when it has none. What a
 * fit keeps readable (kv_canvas's presentation mode). */
double    kv_layout_min_text_size (const KvLayout *layout);

/* Stable pictures: a KvPlaces remembers where each world was put, so that
 * the next picture of the same game and view (a later step, another
 * product stage, the next page of a handout) keeps every surviving world
 * where it was and places only the new ones (Graphviz neato with the known
 * worlds pinned). A world is known by its node's place key (its label, or
 * kv_graph_set_place_key's name), which names the world in every view.
 *
 * Pictures laid out with one KvPlaces share one frame: a world keeps the
 * same coordinates on every page, and links are drawn straight (bent apart
 * where two agents link the same pair) on all of them. A picture that
 * shares no world with the frame (another kind of view: envelopes after
 * worlds) starts a frame of its own in the same KvPlaces, and a later
 * picture goes back to the frame it shares most worlds with. The frame
 * grows when a new world lies outside it; KvLayout's "frame" then changes.
 *
 * Make one per game and view. Reference counted (atomically), so a job
 * queued on the layout thread (kv-layout-worker.h) keeps it alive; any
 * thread may ref and unref it, but only one thread at a time may lay out
 * with it or read it (kv_places_size): the layout thread, whose jobs run
 * one at a time, in order. */
typedef struct _KvPlaces KvPlaces;

KvPlaces *kv_places_new   (void);
KvPlaces *kv_places_ref   (KvPlaces *places);
void      kv_places_unref (KvPlaces *places);
/* How many worlds have a place (in all frames). */
guint     kv_places_size  (const KvPlaces *places);

/* Like kv_layout_new, keeping the worlds @places knows where they were and
 * adding the new ones to @places. */
KvLayout *kv_layout_new_stable (KvLayoutContext *context, KvGraph *graph,
                                KvLayoutEngine engine, KvPlaces *places,
                                GError **error);

/* The node whose shape contains (@x, @y), in layout coordinates, or -1. */
int       kv_layout_node_at (const KvLayout *layout, double x, double y);

/* Whether KV_LAYOUT_AUTO puts @graph in a crossing grid (9 to 12 nodes,
 * two agents' classes crossing: twocards' deals, a row per card of 1, a
 * column per card of 2; or nodes that keep the cells of the initial
 * model's, one to a cell, kv_graph_set_initial_place), and then its
 * cells: row and column of each node in @cells (2 per node). A product's
 * result keeps M's grid with it (kv-product-view.c). */
gboolean  kv_layout_crossing_grid (const KvGraph *graph, guint *cells);
/* Several of @n items to a cell (twocards' result: each deal paired with
 * two events, at the deal's cell of M's grid), as a column at the cell:
 * item @i, in cell @cells[2i], @cells[2i + 1] (row, column), goes to row
 * and column @grid[2i], @grid[2i + 1] (not @cells) of a grid with @stack
 * rows to each of @cells' rows, the items of one cell one under the other
 * in their order. Returns @stack, the most items in one cell. The
 * product's result and a main picture of it share it, so that they are
 * one picture. */
guint     kv_layout_stack_cells   (guint n, const guint *cells, guint *grid);
/* Whether KV_LAYOUT_AUTO puts @graph on a ring (a small model linked
 * round by turns of its agents: Hexa's hexagon; or nodes that keep
 * their places on a ring, kv_graph_set_initial_place), and then where: each
 * node's place on the unit circle in @unit (x and y per node, y
 * downwards), the actual world at the bottom right (the initial model's,
 * when the nodes keep their places). Returns the ring's
 * places — the graph's nodes, or more when the nodes keep theirs on a
 * ring with gaps — or 0 when it puts @graph elsewhere. A product's stages
 * put each pair at its world's place on M's ring (kv-product-view.c). */
guint     kv_layout_ring          (const KvGraph *graph, double *unit);
/* The radius of a ring of @n places in cells @cell_w points wide:
 * neighbours a cell and a link's agent apart. */
#define KV_LAYOUT_RING_RADIUS(cell_w, n) (((cell_w) + 40.0) / (2 * sin (G_PI / (n))))
/* The most nodes kv_layout_crossing_grid puts in a grid (the ring's most). */
#define KV_LAYOUT_CROSSING_MAX 12
/* The cells of @n items numbered by two agents' classes (@row of @rows
 * classes, @col of @cols) when they cross: no two items in one cell, at
 * most twice as many cells as items; a square grid with one empty cell
 * per row and column has those on its diagonal. */
gboolean  kv_layout_cross_cells   (guint n, const guint *row, guint rows, const guint *col, guint cols,
                                   guint *cells);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvLayoutContext, kv_layout_context_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvLayout, kv_layout_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvPlaces, kv_places_unref)

G_END_DECLS
