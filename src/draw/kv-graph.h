// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-graph.h: what to draw — nodes, per-agent edges, a title and legend notes.
 *
 * A KvGraph is plain data, independent of the engine and of Graphviz: views
 * (kv-view.h) build one from a model, tests build one by hand, the layout
 * (kv-layout.h) places it and the renderer (kv-render.h) draws it.
 *
 * Edges are undirected and never reflexive: kv_graph_add_edge ignores a
 * loop. Each edge belongs to one agent; two agents linking the same pair of
 * nodes give two edges. S5 classes are not stored as cliques: views add a
 * cycle per class (kv_graph_add_class) and say so in a legend note.
 *
 * Graphs are reference counted and immutable once handed to a layout.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KV_NODE_ACTUAL      = 1 << 0,   /* the actual world (the point) */
  KV_NODE_HIGHLIGHTED = 1 << 1,   /* in the highlighted set (e.g. a formula's truth set) */
  KV_NODE_CUT_OFF     = 1 << 2,   /* has links to worlds outside the view */
  KV_NODE_STRUCK      = 1 << 3,   /* a product pair whose world fails the event's precondition */
  KV_NODE_REMOVED     = 1 << 4,   /* gone with the step shown: drawn ghosted and crossed out, for
                                   * that step only (the step after draws it no more) */
  KV_NODE_FILLED      = 1 << 5,   /* filled in its agent's colour (KvNode.fill): an envelope that
                                   * agent considers possible (kv-view-agents.c) */
  KV_NODE_FAINT       = 1 << 6,   /* drawn faint, a thin grey ring: an envelope still possible that
                                   * its panel's agent rules out */
} KvNodeFlags;

typedef enum {
  KV_EDGE_CUT = 1 << 0,           /* a link of M that an action cuts (product view) */
} KvEdgeFlags;

/* The picture of a game's initial model whose places a graph's nodes keep
 * (kv_graph_set_initial_place), and what a place is in it. */
typedef enum {
  KV_INITIAL_NONE,
  KV_INITIAL_RING,    /* a ring (Hexa's hexagon): a point on the unit circle, y downwards */
  KV_INITIAL_CELLS,   /* a crossing grid (twocards' deals): a cell, x its column, y its row */
} KvInitialShape;

typedef struct {
  char        *label;     /* short, shown on the node */
  char        *tooltip;   /* the full deal, for formats that have tooltips or titles */
  KvNodeFlags  flags;
  guint        world;     /* the model's world (a representative one for grouped views) */
  int          row, col;  /* a place in a grid (kv_graph_set_grid), or -1 */
  char        *place_key; /* names the world for stable places (kv-layout.h); NULL: the label */
  int          fill;      /* KV_NODE_FILLED's colour: an agent's, or -1 for ink (grey) */
  gboolean     at_point;  /* placed at (x, y) (kv_graph_set_point) */
  double       x, y;
  gboolean     initial;   /* kept at (initial_x, initial_y), its deal's place in the picture
                           * of the game's initial model (kv_graph_set_initial_place) */
  double       initial_x, initial_y;
  double       dropped;   /* a node for many product pairs: the share of them dropped, between
                           * 0 and 1 (all dropped: KV_NODE_STRUCK) (kv_graph_set_dropped) */
} KvNode;

typedef struct {
  guint source;           /* node indices, source < target */
  guint target;
  guint agent;
  KvEdgeFlags flags;
} KvEdge;

/* A text placed at a grid's cell (kv_graph_add_caption): a block's name
 * over its block of rows and columns. */
typedef struct {
  guint    row, col;
  char    *text;
  double   size;      /* points; 0: the headers' (KV_STYLE_LABEL_SIZE) */
  gboolean bold;
  int      agent;     /* written in this agent's colour, or -1 (ink) */
} KvGraphCaption;

typedef struct {
  gatomicrefcount ref;
  char      *title;
  guint      n_agents;
  char     **agent_names;  /* n_agents, NULL-terminated */
  GArray    *nodes;        /* KvNode */
  GArray    *edges;        /* KvEdge */
  GPtrArray *notes;        /* char*: lines for the legend ("classes drawn as cycles") */
  GPtrArray *row_headers;  /* char*: a grid's row names, top to bottom (kv_graph_set_headers); may be empty */
  GPtrArray *col_headers;  /* char*: its column names, left to right */
  guint64    heading_rows; /* bit per row (< 64) whose header heads a block of rows and has
                            * no nodes beside it (a product's "event candle"): it may run on
                            * over its empty row rather than widen the grid */
  GArray    *captions;     /* KvGraphCaption: a grid's block names (real Cluedo's rooms) */
  gboolean   compact;      /* a grid of many cells (real Cluedo's 324 envelopes): each cell only
                            * as big as its node and the headers need, so the headers stay
                            * legible at fit (there are next to no lines to make room for) */
  gboolean   of_events;    /* its nodes are an action model's events, not worlds: the legend
                            * says "actual event", "Every event is linked to itself" */
  gboolean   unrelated;    /* its nodes are not related yet (a product's pairs W × E): the
                            * legend has no agents and no reflexive links */
  double     dot_size;     /* an unlabelled node's diameter, points; 0: KV_STYLE_DOT_SIZE */
  guint      panels_across; /* the agents view's panels side by side (kv_view_build's
                             * options.panels_across); 0 in other graphs */
  char      *caption;      /* a line under the title saying what the picture is about (a
                            * perspective: "What 1 considers possible at the actual world —
                            * 300 worlds"), or NULL */
  KvInitialShape initial_shape; /* the picture of the initial model whose places its nodes
                                 * keep (kv_graph_set_initial_place) */
  guint      initial_places; /* that picture's places (a ring's, taken or not) */
} KvGraph;

/* A graph with no nodes; the @n_agents names are copied. */
KvGraph    *kv_graph_new        (const char *title, guint n_agents,
                                 const char * const *agent_names);
KvGraph    *kv_graph_ref        (KvGraph *graph);
void        kv_graph_unref      (KvGraph *graph);

/* Returns the new node's index. */
guint       kv_graph_add_node   (KvGraph *graph, const char *label, const char *tooltip,
                                 KvNodeFlags flags, guint world);
/* Adds an edge of @agent between two distinct nodes; ignores loops. */
void        kv_graph_add_edge   (KvGraph *graph, guint agent, guint a, guint b);
/* The same, with flags (a cut link). */
void        kv_graph_add_edge_full (KvGraph *graph, guint agent, guint a, guint b, KvEdgeFlags flags);
/* Links the @n_members nodes of one equivalence class of @agent: a clique
 * when it has at most 3 members (where a cycle is the clique), otherwise a
 * cycle in the given order. Returns TRUE when it drew a cycle that is not
 * the clique, so the caller can add a legend note. */
gboolean    kv_graph_add_class  (KvGraph *graph, guint agent, const guint *members, guint n_members);
void        kv_graph_add_note   (KvGraph *graph, const char *note);
/* Pins node @i to a cell of a grid (row 0 at the top). When every node is
 * pinned, the layout keeps the grid and only routes the edges. */
void        kv_graph_set_grid   (KvGraph *graph, guint i, guint row, guint col);
/* Node @i of a grid whose headers name it: its label goes to its place key
 * (it keeps its place from step to step by it) and it shows none. */
void        kv_graph_set_headed (KvGraph *graph, guint i);
gboolean    kv_graph_is_grid    (const KvGraph *graph);
/* Pins node @i at (@x, @y), in points, y downwards: a product's pair at
 * its world's place in the picture of the model before. When every node
 * is pinned at a point, the layout keeps the points and only routes the
 * links (the graph is no grid). */
void        kv_graph_set_point  (KvGraph *graph, guint i, double x, double y);
gboolean    kv_graph_is_pointed (const KvGraph *graph);
/* Node @i stands for many product pairs (an envelope with an event), of
 * which the share @dropped fails the event's precondition: drawn as that
 * share of its dot greyed, so a class sees how much of it goes. */
void        kv_graph_set_dropped (KvGraph *graph, guint i, double dropped);
gboolean    kv_graph_has_dropped (const KvGraph *graph);
/* Keeps node @i at (@x, @y), the place of its deal in the picture of the
 * game's initial model, of shape @shape and @n_places places (kv-view.c):
 * on Hexa's hexagon, or in twocards' crossing grid. When every node has
 * such a place, KV_LAYOUT_AUTO puts them there, gaps and all, rather than
 * where it would put them on their own (kv_layout_ring,
 * kv_layout_crossing_grid), so that each world stays where a class first
 * saw it; the worlds of one deal (a deal paired with several events) go in
 * a column at its cell (kv_layout_stack_cells). */
void        kv_graph_set_initial_place (KvGraph *graph, guint i, KvInitialShape shape, guint n_places,
                                        double x, double y);
/* The shape whose places all of @graph's nodes keep, or KV_INITIAL_NONE. */
KvInitialShape kv_graph_initial_shape (const KvGraph *graph);
/* Names a grid's rows and columns (the envelope view: weapons down the
 * left, suspects across the top), drawn beside and above the grid so the
 * nodes need not repeat them; the NULL-terminated lists are copied. */
void        kv_graph_set_headers (KvGraph *graph, const char * const *rows,
                                  const char * const *cols);
/* Writes @text at a cell of a grid with headers, starting at the cell's
 * left edge (a cell no node takes: a block's name over the block, as the
 * room over real Cluedo's suspect × weapon blocks). Laid out and drawn
 * with the headers, in their font. */
void        kv_graph_add_caption (KvGraph *graph, guint row, guint col, const char *text);
/* The same, @size points (0: the headers'), bold or not, in @agent's
 * colour (-1: ink): a panel's title in a grid of panels, whose row is as
 * tall as its text. */
void        kv_graph_add_caption_full (KvGraph *graph, guint row, guint col, const char *text,
                                       double size, gboolean bold, int agent);
/* Sets the line under the title (KvGraph.caption); NULL clears. */
void        kv_graph_set_caption (KvGraph *graph, const char *caption);
/* Node @i is the world another picture named @key (a product's result
 * world is the pair "(w, e)" of the stage before), so a stable layout keeps
 * it at that place. */
void        kv_graph_set_place_key (KvGraph *graph, guint i, const char *key);

static inline guint
kv_graph_n_nodes (const KvGraph *graph)
{
  return graph->nodes->len;
}

static inline guint
kv_graph_n_edges (const KvGraph *graph)
{
  return graph->edges->len;
}

static inline const KvNode *
kv_graph_node (const KvGraph *graph, guint i)
{
  return &g_array_index (graph->nodes, KvNode, i);
}

static inline const KvEdge *
kv_graph_edge (const KvGraph *graph, guint i)
{
  return &g_array_index (graph->edges, KvEdge, i);
}

/* The name a stable layout knows node @i by. */
static inline const char *
kv_graph_place_key (const KvGraph *graph, guint i)
{
  const KvNode *node = kv_graph_node (graph, i);

  return node->place_key != NULL ? node->place_key : node->label;
}

/* Drops every edge not of @agent (one agent's links at a time). */
void        kv_graph_keep_links_of (KvGraph *graph, guint agent);

/* Edges of @agent (cut ones included). */
guint       kv_graph_count_edges (const KvGraph *graph, guint agent);
/* Edges of @agent with exactly the given flags (0: the links drawn plainly). */
guint       kv_graph_count_edges_with (const KvGraph *graph, guint agent, KvEdgeFlags flags);
/* The node flagged KV_NODE_ACTUAL, or -1. */
int         kv_graph_actual      (const KvGraph *graph);
/* Whether some node has @flag (the legend lists only the marks drawn). */
gboolean    kv_graph_has_node_flag (const KvGraph *graph, KvNodeFlags flag);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvGraph, kv_graph_unref)

G_END_DECLS
