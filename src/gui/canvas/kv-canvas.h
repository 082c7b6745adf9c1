// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas.h: the drawing area — a laid-out view drawn by kv_render.
 *
 * A custom GtkWidget implementing GtkScrollable: put it in a
 * GtkScrolledWindow. It draws only the visible part of the drawing (the
 * renderer is the one the exports use), zooms with Ctrl+wheel around the
 * pointer and with a pinch, pans with a drag and the scrollbars, shows a
 * world's deal and classes in a tooltip, and selects the world under a click
 * ("selected-world", drawn with a ring).
 *
 * kv_canvas_show_model (or kv_canvas_show_graph, for any graph) builds the
 * view and lays it out on the process's one
 * layout thread (kv-layout-worker.h), never on the main thread: "busy" is
 * TRUE meanwhile, and "error-message" says why a view could not be drawn
 * (e.g. "The whole model has 47040 worlds, more than the limit of 300.
 * Views that fit: …").
 *
 * Stable pictures: laid out with a KvPlaces (kv-layout.h), a scene keeps
 * every world the scene before showed where it was — on the screen too:
 * the zoom and scroll position stay, and the change is animated (the scene
 * before fades out over the new one in about 300 ms, unless
 * gtk-enable-animations is off). Clicks and hover see the new scene at
 * once. A scene of another frame (a new layout) is fitted.
 */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"
#include "kv-draw.h"
#include "kv-scene.h"

G_BEGIN_DECLS

#define KV_TYPE_CANVAS (kv_canvas_get_type ())

G_DECLARE_FINAL_TYPE (KvCanvas, kv_canvas, KV, CANVAS, GtkWidget)

#define KV_CANVAS_ZOOM_MIN 0.02
#define KV_CANVAS_ZOOM_MAX 8.0

GtkWidget  *kv_canvas_new                (void);

/* Shows the view @options (NULL: auto) of @model (NULL: nothing), laid out
 * by @engine off the main thread, with @places (NULL: a layout of its own;
 * the job holds a reference, and the layout thread alone uses them); a
 * newer call replaces a pending one. With @fit the drawing is fitted to the
 * window when it arrives, otherwise the zoom and scroll position are kept
 * (a new highlight, the next step). */
void        kv_canvas_show_model         (KvCanvas            *self,
                                          KvModel             *model,
                                          const KvViewOptions *options,
                                          KvLayoutEngine       engine,
                                          KvPlaces            *places,
                                          gboolean             fit);
/* As kv_canvas_show_model for any graph: @source (referenced by the job)
 * builds it from @options on the layout thread. NULL shows nothing. */
void        kv_canvas_show_graph         (KvCanvas            *self,
                                          KvGraphSource       *source,
                                          const KvViewOptions *options,
                                          KvLayoutEngine       engine,
                                          KvPlaces            *places,
                                          gboolean             fit);
/* Shows a layout made elsewhere at once (node worlds as the graph says). */
void        kv_canvas_set_layout         (KvCanvas            *self,
                                          KvLayout            *layout);
/* The layout shown, or NULL (for exports: what is exported is what is shown). */
KvLayout   *kv_canvas_get_layout         (KvCanvas            *self);
/* The view shown (what "auto" chose); KV_VIEW_AUTO when nothing is shown. */
KvViewKind  kv_canvas_get_shown_view     (KvCanvas            *self);

gboolean    kv_canvas_get_busy           (KvCanvas            *self);
/* Why nothing is shown, or NULL. */
const char *kv_canvas_get_error_message  (KvCanvas            *self);

guint32     kv_canvas_get_hidden_agents  (KvCanvas            *self);
/* An agent's perspective: the nodes showing no world of @worlds (worlds of
 * @model; NULL: no perspective) are drawn faint, and only @agent's links
 * (-1: as the hidden agents say). Scenes of another model are drawn as
 * they are until the perspective is set for their model. */
void        kv_canvas_set_perspective    (KvCanvas            *self,
                                          KvModel             *model,
                                          const KvBits        *worlds,
                                          int                  agent);
/* How the scene shown is drawn: the canvas's options with the hidden
 * agents and the perspective's dimmed nodes (owned by the canvas), for an
 * export of what the screen shows (its title and notes wrapped as for no
 * canvas, and the title shown unless presenting). */
void        kv_canvas_get_shown_options  (KvCanvas            *self,
                                          KvRenderOptions     *options);
/* The nodes of the scene drawn faint (for tests). */
guint       kv_canvas_count_dimmed       (KvCanvas            *self);
void        kv_canvas_set_hidden_agents  (KvCanvas            *self,
                                          guint32              hidden_agents);

/* A world of the shown model, or -1. */
int         kv_canvas_get_selected_world (KvCanvas            *self);
void        kv_canvas_set_selected_world (KvCanvas            *self,
                                          int                  world);
/* Selects the world under (@x, @y) in widget coordinates, as a click does;
 * returns it (-1 when no node is there, which clears the selection). */
int         kv_canvas_select_at          (KvCanvas            *self,
                                          double               x,
                                          double               y);
/* The scene shown (its layout and node ↔ world maps), or NULL. */
const KvScene *kv_canvas_get_scene       (KvCanvas            *self);
/* The graph node under the pointer, or -1 ("hover-node", notified). */
int         kv_canvas_get_hover_node     (KvCanvas            *self);
/* Hovers the node under (@x, @y) in widget coordinates, as the pointer
 * does (for tests); returns it, or -1. */
int         kv_canvas_hover_at           (KvCanvas            *self,
                                          double               x,
                                          double               y);
/* Nodes of the scene shown ringed as linked to what is hovered in another
 * picture (the product view: a pair's world in M and its event in A);
 * bits over the scene's nodes, copied, NULL for none. Another scene
 * clears them: its nodes are others. */
void        kv_canvas_set_marked_nodes   (KvCanvas            *self,
                                          const KvBits        *nodes);
const KvBits *kv_canvas_get_marked_nodes (KvCanvas            *self);
/* The graph node under (@x, @y) in widget coordinates, or -1. */
int         kv_canvas_node_at            (KvCanvas            *self,
                                          double               x,
                                          double               y);
/* The centre of @node in widget coordinates; FALSE if there is no such node. */
gboolean    kv_canvas_get_node_center    (KvCanvas            *self,
                                          guint                node,
                                          double              *x,
                                          double              *y);
/* The tooltip text of the node under (@x, @y) (Pango markup), or NULL. */
char       *kv_canvas_get_tooltip_markup (KvCanvas            *self,
                                          double               x,
                                          double               y);

double      kv_canvas_get_zoom           (KvCanvas            *self);
/* Zooms around the widget's centre. */
void        kv_canvas_set_zoom           (KvCanvas            *self,
                                          double               zoom);
/* Zooms keeping the drawing's point under (@x, @y) where it is. */
void        kv_canvas_zoom_at            (KvCanvas            *self,
                                          double               zoom,
                                          double               x,
                                          double               y);
void        kv_canvas_zoom_in            (KvCanvas            *self);
void        kv_canvas_zoom_out           (KvCanvas            *self);
/* The whole drawing in the window (a small one at most at 200 %), clear
 * of the corner (kv_canvas_set_corner). */
void        kv_canvas_zoom_fit           (KvCanvas            *self);
/* The bottom-right corner, @width × @height pixels, that buttons over the
 * canvas cover: a drawing that fits is put, and fitted, beside or above
 * it, never under it — but in a captioned panel (kv_canvas_set_captioned),
 * one of three across a screen, which has no room to spare for buttons
 * that show only while the pointer moves over it. */
void        kv_canvas_set_corner         (KvCanvas            *self,
                                          int                  width,
                                          int                  height);
/* Where the legend is, in widget coordinates; FALSE when there is none
 * (for tests: it stays clear of the buttons over the canvas). */
gboolean    kv_canvas_get_legend_bounds  (KvCanvas            *self,
                                          graphene_rect_t     *bounds);
/* How high the legend's text is on the screen, in pixels at the zoom
 * shown; 0 when there is no legend. */
double      kv_canvas_get_legend_text_size (KvCanvas          *self);
/* Presentation mode: no title (the window says it), and fitting never
 * makes world labels smaller than kv_style_presentation_label_px () on
 * screen — a drawing too big for that scrolls, centred on the actual
 * world — nor zooms past 300 %. Fits again. */
void        kv_canvas_set_presenting     (KvCanvas            *self,
                                          gboolean             presenting);
/* A panel with a caption beside it that says what it shows (the product
 * view's): the drawing leaves its title out and wraps its notes to the
 * panel's shape, so the picture gets the room. Not by default: the main
 * canvas is titled and wraps as an export does, so that a note more at
 * the next step does not refit it and move every world. Presentation mode
 * leaves the title out either way. */
void        kv_canvas_set_captioned      (KvCanvas            *self,
                                          gboolean             captioned);
/* The line under the title saying what the picture is about (a
 * perspective's "What 1 considers possible at the actual world — 12
 * worlds"), drawn in presentation mode too; NULL: the graph's own. */
void        kv_canvas_set_caption        (KvCanvas            *self,
                                          const char          *caption);
/* The world labels' size on screen, in pixels (zoom × font size). */
double      kv_canvas_get_label_size     (KvCanvas            *self);
/* The smallest text of the drawing shown (labels, headers, link names,
 * legend), in pixels, were the canvas @width × @height and the drawing
 * fitted to it; 0 when none is shown. A pane that shares its width among
 * canvases (the product view's three panels) weighs their shares by it. */
double      kv_canvas_get_fitted_text_px (KvCanvas            *self,
                                          int                  width,
                                          int                  height);

/* TRUE while the scene before is fading out (for tests). */
gboolean    kv_canvas_get_animating      (KvCanvas            *self);

/* A lesson's predict question (kv-canvas-lesson.c): marks on the items a
 * node shows — worlds by label ("wrb"), envelopes by their cards — kept
 * by name, so a new scene of the same step keeps them. */
typedef enum {
  KV_CANVAS_MARK_NONE,
  KV_CANVAS_MARK_PICKED,   /* ringed in the accent colour */
  KV_CANVAS_MARK_RIGHT,    /* a green ring and a tick: picked, and it goes */
  KV_CANVAS_MARK_MISSED,   /* an amber ring and "!": it goes, not picked */
  KV_CANVAS_MARK_WRONG,    /* a red ring and a cross: picked, and it stays */
} KvCanvasMark;

/* @marks: char* item → GINT_TO_POINTER (KvCanvasMark), referenced; NULL
 * or empty for none. */
void        kv_canvas_set_item_marks     (KvCanvas            *self,
                                          GHashTable          *marks);
/* The items node @node shows (a NULL-terminated list, empty for none). */
GStrv       kv_canvas_get_node_items     (KvCanvas            *self,
                                          int                  node);
/* How many nodes of the scene shown bear @mark (for tests). */
guint       kv_canvas_count_item_marks   (KvCanvas            *self,
                                          KvCanvasMark         mark);

G_END_DECLS
