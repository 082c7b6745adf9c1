// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-render.h: the one renderer — a laid-out graph onto any cairo_t.
 *
 * The window's canvas, the SVG, PDF and PNG exports and the tests all call
 * kv_render, so what is exported is what was shown. GTK-free.
 *
 * A drawing is, top to bottom: the title, the graph, the legend (one line
 * sample per agent, the marks used for the actual, highlighted and cut-off
 * worlds, and the graph's notes). Sizes are in points from (0, 0); the
 * caller scales and translates the cairo_t for zoom and pan.
 */
#pragma once

#include <cairo.h>

#include "kv-bits.h"
#include "kv-layout.h"

G_BEGIN_DECLS

/* Where the legend goes: below the graph, or right of it (a tall graph in
 * a wide box: a product panel's grid), or whichever fits the options' box
 * bigger (kv_canvas chooses once per stable frame, so worlds stay put). */
typedef enum {
  KV_LEGEND_BELOW,
  KV_LEGEND_BESIDE,
  KV_LEGEND_BEST,
} KvLegendPlace;

/* What kv_render drew, for the readability tests: the smallest text in
 * device pixels (the cairo_t's scale counted) — over everything, and over
 * the picture's own labels (worlds, headers, captions, link labels) —
 * and how many links. */
typedef struct {
  double min_text_px;         /* G_MAXDOUBLE when no text was drawn */
  double min_label_px;
  guint  n_links;
} KvRenderStats;

typedef struct {
  guint32     hidden_agents;  /* bit per agent: its links are not drawn (agent toggles) */
  gboolean    show_title;     /* the title above the graph (default; also DOT's and TikZ's) */
  gboolean    show_legend;    /* the legend below it (default; also TikZ's) */
  gboolean    background;     /* fill white first (FALSE: transparent) */
  int         edge_labels;    /* agent names on links: 1 yes, 0 no, -1 when few links (default) */
  const char *title;          /* instead of the graph's title (handout pages), or NULL */
  double      raster_scale;   /* PNG pixels per point (default 2) */
  gboolean    tikz_bare;      /* TikZ: only the tikzpicture, to \input (default: a document) */
  double      page_width;     /* > 0: a page this size, in points, the drawing fitted */
  double      page_height;    /* and centred on it (kv_export_fit); 0: the drawing's size */
  const KvBits *dimmed;       /* bit per node: drawn faint, with its links (an agent's
                               * perspective: the worlds it does not consider), or NULL */
  double      fit_width;      /* without a page: the box the drawing is fitted into (a */
  double      fit_height;     /* canvas, in pixels), which the title and notes wrap for;
                               * 0: a window's shape, somewhat wider than tall */
  double      fit_corner_width;   /* the box's bottom-right corner that buttons cover: */
  double      fit_corner_height;  /* the drawing goes beside it or above it (kv_canvas) */
  double      max_width;      /* the drawing no wider than this, when its notes can wrap
                               * narrower (a canvas at the zoom its text needs, wider than
                               * the fit); 0: any */
  double      legend_scale;   /* the legend this many times its size (default 1; a product
                               * panel's: its text as big as the labels, so legible when they are) */
  KvLegendPlace legend_place; /* default below; beside and best need a fit box */
  const char *caption;        /* a line under the title: what the picture shows (a perspective's
                               * "What 1 considers possible …"), instead of the graph's, or NULL */
  KvRenderStats *stats;       /* kv_render fills it in when not NULL */
} KvRenderOptions;

/* Whether node @node is drawn faint (outside an agent's perspective). */
static inline gboolean
kv_render_is_dimmed (const KvRenderOptions *options,
                     guint                  node)
{
  return options->dimmed != NULL && node < options->dimmed->n && kv_bits_get (options->dimmed, node);
}

/* Whether the legend ends with "Every world is linked to itself (not
 * drawn)": not under a grid with headers, whose nodes are envelopes (groups
 * of worlds) and whose legend leaves the grid its room. The renderer and
 * TikZ agree. */
static inline gboolean
kv_render_notes_reflexive (const KvGraph *graph)
{
  return graph->row_headers->len == 0 && graph->col_headers->len == 0 && !graph->unrelated;
}

/* Whether the graph is panels of what each agent considers possible
 * (kv-view-agents.c): filled envelopes and no links, so the legend shows
 * the fills, not the agents' lines. The renderer and TikZ agree. */
static inline gboolean
kv_render_is_panels (const KvGraph *graph)
{
  return kv_graph_n_edges (graph) == 0 && kv_graph_has_node_flag (graph, KV_NODE_FILLED);
}

/* Whether the legend shows each agent's line: not for panels, nor for
 * pairs that no agent relates yet. The renderer and TikZ agree. */
static inline gboolean
kv_render_legend_agents (const KvGraph *graph)
{
  return !kv_render_is_panels (graph) && !graph->unrelated;
}

/* That last line, of worlds or of an action model's events. */
const char *kv_render_loops_note (const KvGraph *graph);

/* The defaults: title, legend, white background, edge labels when few. */
void kv_render_options_init (KvRenderOptions *options);

/* Where the parts go. */
typedef struct {
  double width, height;        /* the whole drawing */
  double graph_x, graph_y;     /* the layout's origin in the drawing */
  double legend_x;             /* left of the legend: the margin, or right of the graph */
  double legend_y;             /* top of the legend (== height when none) */
  double note_width;           /* the width the legend's notes wrap at (TikZ wraps them there too) */
  double margin;               /* round the drawing */
  double legend_scale;         /* the legend drawn this many times its size (its text
                                * KV_STYLE_SMALL_SIZE points): the options', or more under a
                                * compact grid fitted to a box (its notes grow into the room
                                * there is) */
} KvRenderGeometry;

/* Adds a node's outline as a new sub-path: a @shape centred at (x, y),
 * @width × @height points, grown outwards by @grow points (0: the node
 * itself; more: a ring round it, whose box corners grow with it). The one
 * outline of the renderer and the canvas's selection rings. */
void kv_render_node_path (cairo_t *cr, KvNodeShape shape, double x, double y,
                          double width, double height, double grow);

/* How far the links reach past the worlds' box, right and below: a link
 * bent round a world in its line bows out past a grid's last column or
 * row (twocards' M and result), and a legend there keeps clear of it. The
 * control points bound the curve and, a quarter of the bend beyond its
 * apex, about half its label. */
void kv_render_links_overhang (const KvLayout *layout, double *right, double *below);

/* @options may be NULL for the defaults (likewise below). */
void kv_render_measure  (const KvLayout *layout, const KvRenderOptions *options,
                         KvRenderGeometry *geometry);
/* kv_render_measure, and with KV_LEGEND_BEST the place it chose written
 * into @options and measured as a legend there is drawn: a legend below
 * by choice has its notes wrapped as any legend below. */
void kv_render_measure_placed (const KvLayout *layout, KvRenderOptions *options,
                               KvRenderGeometry *geometry);

/* Draws the whole drawing with its top-left corner at the cairo_t's origin.
 * Leaves the cairo_t's state as it found it. */
void kv_render          (const KvLayout *layout, cairo_t *cr, const KvRenderOptions *options);

/* Where kv_render writes the agent's name on each link, in layout
 * coordinates: @xy gets two numbers per edge of the graph (NAN, NAN for
 * an edge whose agent is hidden). FALSE, and @xy untouched, when the
 * options say no labels (by default: more than 40 links). The TikZ and DOT
 * exports put their labels there too. */
gboolean kv_render_edge_label_places (const KvLayout *layout, const KvRenderOptions *options,
                                      double *xy);

/* The node at (@x, @y) in drawing coordinates, or -1 (hover, click). */
int  kv_render_node_at  (const KvLayout *layout, const KvRenderOptions *options,
                         double x, double y);

G_END_DECLS
