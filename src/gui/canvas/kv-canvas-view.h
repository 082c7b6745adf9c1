// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view.h: the canvas with its toolbar — what the window embeds.
 *
 * A toolbar (the view: auto, whole, around, contracted, envelope; the layout
 * engine; one toggle per agent showing its colour and line; zoom out, fit,
 * zoom in) over a KvCanvas in a scrolled window, with a spinner while the
 * view is laid out and a message when it does not fit.
 *
 * Actions: "canvas.zoom-in", "canvas.zoom-out", "canvas.zoom-fit" (also
 * Ctrl+plus, Ctrl+minus and Ctrl+0 while the focus is inside the view).
 *
 * Properties:
 *   "selected-world" int    a world of the model, -1 for none; set by a click
 *   "view"           enum   a KvViewKind (default KV_VIEW_AUTO)
 *   "engine"         string "auto" or a layout engine's name ("neato", …)
 *   "hidden-agents"  uint   bit per agent whose links are hidden
 *   "draw-limit"     uint   most nodes a view may have (default 300)
 *   "busy"           bool   read-only: a view is being laid out
 *   "show-toolbar"   bool   the toolbar is shown (default TRUE)
 *
 * It shows a model (kv_canvas_view_set_model) or any graph
 * (kv_canvas_view_set_graph_func): the view, engine and limit apply to both.
 *
 * Stable pictures: the view lays out with one KvPlaces per game and view
 * (kv-layout.h), so stepping forward and back keeps every surviving world
 * where it was, with the zoom, and animates the change (kv-canvas.h). A
 * new game (not the same one replayed, as undo does), another view kind or
 * layout engine, or another graph function starts new places and fits.
 */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"
#include "kv-canvas.h"

G_BEGIN_DECLS

#define KV_TYPE_CANVAS_VIEW (kv_canvas_view_get_type ())

G_DECLARE_FINAL_TYPE (KvCanvasView, kv_canvas_view, KV, CANVAS_VIEW, GtkWidget)

GtkWidget *kv_canvas_view_new           (void);

/* The state to draw; the view keeps a reference. NULL clears. A different
 * model clears the selection and the highlight (its worlds are others). */
void       kv_canvas_view_set_model     (KvCanvasView *self,
                                         KvModel      *model);
KvModel   *kv_canvas_view_get_model     (KvCanvasView *self);

/* Instead of a model, shows the graph @func builds from the view options
 * (kind, limit; run on the layout thread, see KvGraphFunc), again
 * whenever the view, engine or limit changes. The view keeps @user_data
 * until it is replaced and the last job using it is done, then calls
 * @destroy (on any thread). A NULL @func clears. Clears the model, the
 * selection and the highlight; the agent toggles follow the graph's agents. */
void       kv_canvas_view_set_graph_func (KvCanvasView   *self,
                                          KvGraphFunc     func,
                                          gpointer        user_data,
                                          GDestroyNotify  destroy);
/* As kv_canvas_view_set_graph_func, for another picture of the same worlds
 * (the next stage of a product, whose nodes carry place keys): the worlds
 * keep their places and the zoom, and the change is animated. */
void       kv_canvas_view_replace_graph_func (KvCanvasView   *self,
                                              KvGraphFunc     func,
                                              gpointer        user_data,
                                              GDestroyNotify  destroy);

gboolean   kv_canvas_view_get_show_toolbar (KvCanvasView *self);
void       kv_canvas_view_set_show_toolbar (KvCanvasView *self,
                                            gboolean      show_toolbar);

/* Worlds to highlight: bits over the model's worlds, copied. NULL clears.
 * Set it after the model it belongs to. */
void       kv_canvas_view_set_highlight (KvCanvasView *self,
                                         const KvBits *worlds);

/* The state of the step before the model's, or NULL: what the step
 * removed is drawn crossed out (KvViewOptions.previous). Set it before
 * the model it belongs to, in the same main-loop turn (one layout). */
void       kv_canvas_view_set_previous (KvCanvasView *self,
                                        KvState      *previous);

int        kv_canvas_view_get_selected_world (KvCanvasView *self);
void       kv_canvas_view_set_selected_world (KvCanvasView *self,
                                              int           world);
KvViewKind kv_canvas_view_get_view      (KvCanvasView *self);
void       kv_canvas_view_set_view      (KvCanvasView *self,
                                         KvViewKind    view);
const char *kv_canvas_view_get_engine   (KvCanvasView *self);
void       kv_canvas_view_set_engine    (KvCanvasView *self,
                                         const char   *engine);
/* An agent's perspective ("perspective"): "1" — what 1 considers possible
 * at the selected world, else the actual one —, "1>2" — what 1 thinks 2
 * considers possible —, "" for none. The canvas dims the other worlds and
 * draws only the last agent's links (kv-perspective.h). A perspective
 * naming agents the model's game does not have shows none. */
const char *kv_canvas_view_get_perspective (KvCanvasView *self);
void       kv_canvas_view_set_perspective   (KvCanvasView *self,
                                             const char   *perspective);
guint      kv_canvas_view_get_hidden_agents (KvCanvasView *self);
void       kv_canvas_view_set_hidden_agents (KvCanvasView *self,
                                             guint         hidden_agents);
guint      kv_canvas_view_get_draw_limit (KvCanvasView *self);
void       kv_canvas_view_set_draw_limit (KvCanvasView *self,
                                          guint         limit);
gboolean   kv_canvas_view_get_busy      (KvCanvasView *self);

/* Instead of a picture, @message (NULL: the picture again): a state with
 * no model to draw (a symbolic game, kv-state.h) says so in the canvas's
 * place, and its toolbar is insensitive, the perspective's tooltip saying
 * why. @message is the title's explanation. The message shown, or NULL. */
void        kv_canvas_view_set_placeholder (KvCanvasView *self,
                                            const char   *message);
const char *kv_canvas_view_get_placeholder (KvCanvasView *self);

/* The canvas inside (its layout is what an export should draw). */
KvCanvas  *kv_canvas_view_get_canvas    (KvCanvasView *self);
/* The agents view's panels side by side the canvas asks for (fewer while
 * they would scroll sideways; 0: the view's own): a graph function that
 * draws the agents view builds it so (KvViewOptions.panels_across). */
guint      kv_canvas_view_get_panels_across (KvCanvasView *self);
/* The zoom buttons, shown while the pointer moves over the picture and a
 * moment after. */
void       kv_canvas_view_show_zoom_buttons (KvCanvasView *self);

G_END_DECLS
