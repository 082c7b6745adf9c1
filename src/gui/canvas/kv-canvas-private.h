// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-private.h: KvCanvas's struct and what its files share.
 *
 * The canvas is split by concern:
 *   kv-canvas.c             the GObject, its properties, scenes and layout jobs, selection
 *   kv-canvas-zoom.c        geometry (where the drawing is), zoom, fit, hit testing
 *   kv-canvas-draw.c        snapshot: the scene, the fading scene before it, the rings
 *   kv-canvas-transition.c  animating a change of scene (~300 ms)
 *   kv-canvas-input.c       pointer, wheel, drag and pinch
 *   kv-canvas-tooltip.c     a world's tooltip
 */
#pragma once

#include "kv-canvas.h"

G_BEGIN_DECLS

#define KV_CANVAS_RING_GAP    4.0   /* points between a node and its selection ring */
#define KV_CANVAS_RING_WIDTH  3.0

struct _KvCanvas
{
  GtkWidget         parent_instance;

  KvScene          *scene;
  KvRenderOptions   options;
  /* _kv_canvas_measure's: kv_render_measure_placed of measured_layout
   * with measured_options (NULL layout: none yet, or a new scene). */
  KvRenderGeometry  measured;
  const KvLayout   *measured_layout;
  KvRenderOptions   measured_options;
  /* The smallest text of text_layout drawn at zoom 1, in points
   * (kv_canvas_get_fitted_text_px; NULL layout: not yet drawn). */
  const KvLayout   *text_layout;
  double            text_size;
  /* The canvas's drawing: the scene's own (kv_render_measure), or for a
   * stable layout, the graph in the middle with room for the title and
   * legend of every scene of its frame shown since the frame began, so
   * that a title or legend of another size does not move the graph. */
  KvRenderGeometry  geometry;
  double            render_dx;       /* where kv_render's own origin is in */
  double            render_dy;       /* the canvas's drawing */
  double            zoom;
  gboolean          presenting;      /* no title; fit keeps labels readable from afar */
  gboolean          captioned;       /* kv_canvas_set_captioned: no title, notes wrapped to the shape */
  char             *caption;         /* kv_canvas_set_caption: the line under the title, or NULL */
  /* A stable layout's graph stays where it was on the screen from one
   * scene of its frame to the next (anchor_x/y: its origin in widget
   * coordinates), even when the drawing around it grew; a fit, a zoom or
   * a new size places the drawing afresh. */
  gboolean          anchored;
  double            anchor_x;
  double            anchor_y;
  int               allocated_width;
  int               allocated_height;
  gboolean          fitted;          /* not zoomed since the last fit: fits a new size */
  int               corner_width;    /* kv_canvas_set_corner's, kept clear of */
  int               corner_height;   /* unless captioned */

  GtkAdjustment    *hadjustment;
  GtkAdjustment    *vadjustment;
  guint             hscroll_policy : 1;
  guint             vscroll_policy : 1;

  int               selected_world;
  int               hover_node;
  KvBits           *marked;          /* nodes ringed (kv_canvas_set_marked_nodes), or NULL */
  GHashTable       *item_marks;      /* a lesson's marks by item name (kv-canvas-lesson.c), or NULL */

  KvSceneCache     *cache;           /* scenes of steps shown before */
  GCancellable     *cancellable;     /* the job in progress */
  gboolean          busy;
  char             *error_message;
  gboolean          fit_on_arrival;  /* fit the job's scene when it arrives */
  gboolean          fit_pending;     /* fit at the next allocation */

  double            pointer_x;
  double            pointer_y;
  gboolean          has_pointer;

  double            drag_start_h;
  double            drag_start_v;
  gboolean          dragging;

  double            pinch_start_zoom;

  /* The scene before, fading out over the new one (kv-canvas-transition.c). */
  KvScene          *old_scene;
  double            old_dx;          /* where its kv_render origin is in the */
  double            old_dy;          /* canvas's drawing */
  guint             tick_id;
  gint64            transition_start; /* frame time of the first tick, or -1 */
  double            old_opacity;

  /* An agent's perspective (kv_canvas_set_perspective): the worlds of
   * perspective_model it keeps, the nodes of the scene outside them, and
   * the one agent whose links are drawn (-1: none). */
  KvModel          *perspective_model;
  KvBits           *perspective;
  int               perspective_agent;
  KvBits           *dimmed;
};

/* kv-canvas.c */
void     _kv_canvas_notify_zoom            (KvCanvas    *self);
void     _kv_canvas_notify_hover           (KvCanvas    *self);
void     _kv_canvas_render_options         (KvCanvas        *self,
                                            const KvScene   *scene,
                                            KvRenderOptions *options);

/* kv-canvas-zoom.c */
/* kv_render_measure_placed of the scene shown (there is one) with the
 * canvas's options (a legend's best place chosen into them), measured
 * again only when either has changed. */
void     _kv_canvas_measure                (KvCanvas         *self,
                                            KvRenderGeometry *own);
double   _kv_canvas_content_width          (KvCanvas    *self);
double   _kv_canvas_content_height         (KvCanvas    *self);
void     _kv_canvas_get_origin             (KvCanvas    *self,
                                            double      *x,
                                            double      *y);
void     _kv_canvas_configure_adjustments  (KvCanvas    *self);
/* Whether the whole drawing is in view, clear of the corner buttons cover. */
gboolean _kv_canvas_all_visible            (KvCanvas    *self);
/* Measures the scene; with @keep_frame the drawing only grows (the scene
 * before was of the same frame). */
void     _kv_canvas_update_geometry        (KvCanvas    *self,
                                            gboolean     keep_frame);
/* Keeps the graph at (@x, @y) in widget coordinates: scrolled there as
 * far as the drawing is bigger than the widget, else anchored there while
 * the drawing is all in view (else placed afresh). */
void     _kv_canvas_keep_graph_at          (KvCanvas    *self,
                                            double       x,
                                            double       y);
void     _kv_canvas_apply_fit              (KvCanvas    *self,
                                            gboolean     allocating);

/* kv-canvas-draw.c */
void     _kv_canvas_snapshot               (GtkWidget   *widget,
                                            GtkSnapshot *snapshot);

/* kv-canvas-transition.c */
gboolean _kv_canvas_animations_enabled     (KvCanvas    *self);
/* Fades @old (taken) out over the scene shown, its kv_render origin at
 * (@dx, @dy) in the drawing. */
void     _kv_canvas_transition_start       (KvCanvas    *self,
                                            KvScene     *old,
                                            double       dx,
                                            double       dy);
void     _kv_canvas_transition_stop        (KvCanvas    *self);

/* kv-canvas-input.c */
void     _kv_canvas_init_input             (KvCanvas    *self);
/* A lesson's marks over the scene (kv-canvas-lesson.c). */
void     _kv_canvas_draw_item_marks        (KvCanvas    *self,
                                            cairo_t     *cr);
void     _kv_canvas_set_hover_node         (KvCanvas    *self,
                                            int          node);

/* kv-canvas-tooltip.c */
gboolean _kv_canvas_query_tooltip          (GtkWidget   *widget,
                                            int          x,
                                            int          y,
                                            gboolean     keyboard_mode,
                                            GtkTooltip  *tooltip);

G_END_DECLS
