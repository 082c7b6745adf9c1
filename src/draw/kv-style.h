// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-style.h: how agents, worlds and text look, shared by the layout (node
 * sizes), the cairo renderer and the DOT and TikZ writers.
 *
 * Every agent has a colour from the Okabe-Ito palette (safe for colour-blind
 * viewers) and a dash pattern, so agents stay apart in greyscale too: agent 1
 * is blue and solid, agent 2 vermillion and dashed, agent 3 green and dotted,
 * agent 4 purple and dash-dotted, …
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KV_STYLE_FONT           "Sans"
#define KV_STYLE_LABEL_SIZE     14.0   /* node labels, points */
#define KV_STYLE_SMALL_SIZE     11.0   /* the legend */
#define KV_STYLE_LINK_LABEL_SIZE 13.0  /* an agent's name on its links: read as the worlds' labels are */
#define KV_RENDER_EDGE_LABELS_MAX 40   /* links labelled with their agent up to this many (by default) */
#define KV_STYLE_TITLE_SIZE     16.0
#define KV_STYLE_EDGE_WIDTH     1.8
#define KV_STYLE_BORDER_WIDTH   1.2
#define KV_STYLE_DOUBLE_GAP     3.0    /* between the actual world's two borders */
#define KV_STYLE_DOT_SIZE       16.0   /* a node without a label (a grid's headers name it) */

/* Greys, 0 black to 1 white: the ink of text and borders; a world outside
 * a perspective is drawn at KV_STYLE_DIMMED_ALPHA over white, so its ink
 * comes out mid-grey — on a projector at least 3:1 against the kept
 * worlds' ink and against the white (kv_style_contrast; tested); an
 * envelope its panel's agent rules out is a ring of KV_STYLE_FAINT_INK;
 * what a step removed is ghosted in KV_STYLE_REMOVED_INK, crossed out. */
#define KV_STYLE_INK            0.1
#define KV_STYLE_DIMMED_ALPHA   0.55
#define KV_STYLE_FAINT_INK      0.7
#define KV_STYLE_REMOVED_INK    0.45

typedef enum {
  KV_NODE_SHAPE_ELLIPSE,   /* short labels ("rwb") */
  KV_NODE_SHAPE_BOX,       /* long labels, drawn with rounded corners */
} KvNodeShape;

typedef struct {
  double red, green, blue;
} KvRgb;

/* The agent's colour, and as "#RRGGBB" (static string). */
/* The agents' colours: Okabe & Ito's (colour-blind safe), or greys for
 * printing. Process-wide, for the screen and every export alike. */
typedef enum {
  KV_PALETTE_OKABE_ITO,
  KV_PALETTE_GREYSCALE,
} KvPalette;

void        kv_style_set_palette     (KvPalette palette);
KvPalette   kv_style_get_palette     (void);
/* "okabe-ito", "greyscale" (the GSettings key's choices). */
gboolean    kv_palette_from_string   (const char *name, KvPalette *palette);

KvRgb       kv_style_agent_color     (guint agent);
const char *kv_style_agent_hex       (guint agent);

/* The agent's dash pattern in points (n_dashes 0: solid). Dots are dashes
 * of length ~0 drawn with round caps. */
const double *kv_style_agent_dashes  (guint agent, guint *n_dashes);
/* The pattern's name in TikZ ("solid", "dashed", "dotted", "dash dot", …). */
const char *kv_style_agent_tikz_dash (guint agent);
/* The closest Graphviz style ("solid", "dashed", "dotted", "bold"). */
const char *kv_style_agent_dot_style (guint agent);

/* The contrast ratio of two greys (0 black … 1 white, sRGB), as WCAG
 * reckons it: 1 (the same) to 21 (black on white). */
double      kv_style_contrast        (double grey_a, double grey_b);
/* The grey that @grey painted at @alpha over white comes out as. */
double      kv_style_over_white      (double grey, double alpha);

/* The fill of highlighted worlds. */
KvRgb       kv_style_highlight_color (void);
const char *kv_style_highlight_hex   (void);

/* Extents of @text in the renderer's font at @size points. */
void        kv_style_text_size       (const char *text, double size, gboolean bold,
                                      double *width, double *height);

/* Presentation mode (a projector at 1280×720 seen from the back of a
 * room): the least size, in pixels on screen, of the world labels of a
 * view of @n_worlds worlds — 18 up to 30 worlds, falling evenly to 11 at
 * 300, and 11 beyond. The canvas zooms at least to this. */
#define KV_STYLE_PRESENT_LARGE_WORLDS  30
#define KV_STYLE_PRESENT_SMALL_WORLDS  300
double      kv_style_presentation_label_px (guint n_worlds);

/* The smallest picture text a class reads on a projector, in pixels at
 * the desk and in presentation mode (issue 30's readability test): a grid
 * of many cells (the agents view, real Cluedo's envelopes) is fitted no
 * smaller, and scrolls. */
#define KV_STYLE_MIN_TEXT_PX      12.0
#define KV_STYLE_PRESENT_TEXT_PX  18.0

/* The size of a node with @label, in points, and its shape. */
void        kv_style_node_size       (const char *label, double *width, double *height,
                                      KvNodeShape *shape);

G_END_DECLS
