// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-zoom.c: where the canvas's drawing is — geometry, zoom, fit,
 * and the nodes under a point. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <math.h>
#include <string.h>

#include "kv-canvas-private.h"

#define ZOOM_STEP        1.25   /* zoom in/out buttons and keys */
#define FIT_MAX          2.0    /* a small drawing is fitted at most at 200 % */
#define PRESENT_FIT_MAX  3.0    /* … at 300 % when presenting */

/* Geometry: the drawing is self->geometry's size in points, shown at
 * self->zoom pixels per point, centred when smaller than the widget and
 * scrolled by the adjustments otherwise. */

double
_kv_canvas_content_width (KvCanvas *self)
{
  return self->scene != NULL ? self->geometry.width * self->zoom : 0;
}

double
_kv_canvas_content_height (KvCanvas *self)
{
  return self->scene != NULL ? self->geometry.height * self->zoom : 0;
}

/* Where the drawing's (0, 0) is along one axis, in widget coordinates,
 * when it is bigger than the widget: scrolled. A stable layout's graph is
 * put on whole pixels, not the drawing: then it stays exactly where it was
 * when the next scene's drawing is taller. */
static double
scrolled_origin (double         graph_offset,
                 gboolean       stable,
                 GtkAdjustment *adjustment)
{
  double value = gtk_adjustment_get_value (adjustment);

  if (!stable)
    return -round (value);
  return round (graph_offset - value) - graph_offset;
}

/* Where a drawing of @cw × @ch pixels that fits the widget goes when
 * placed afresh: centred, and moved as little as it takes, left or up,
 * out from under the corner the buttons cover — when it can be. */
static void
place_fresh (KvCanvas *self,
             double    cw,
             double    ch,
             double   *x,
             double   *y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double left = width - self->options.fit_corner_width, top = height - self->options.fit_corner_height;

  *x = floor ((width - cw) / 2);
  *y = floor ((height - ch) / 2);
  /* Across the corner's columns but low enough to go above it: centred in
   * the room above it, where a stable frame's next scene can grow (a
   * longer legend) without running under the buttons, and so without
   * being placed afresh (anchor_graph). */
  if (*x + cw > left + 0.5 && ch <= top + 0.5)
    *y = MAX (floor ((top - ch) / 2), 0);
  else if (*x + cw > left + 0.5 && *y + ch > top + 0.5)
    {
      double need_x = *x + cw - left, need_y = *y + ch - top;
      gboolean can_x = cw <= left + 0.5, can_y = ch <= top + 0.5;

      /* On whole pixels, its right or bottom edge at the corner's. */
      if (can_y && (!can_x || need_y <= need_x))
        *y = MAX (floor (top - ch + 0.5), 0);
      else if (can_x)
        *x = MAX (floor (left - cw + 0.5), 0);
    }
}

/* Whether a drawing of @cw × @ch pixels at (@x, @y) is inside the widget. */
static gboolean
inside (KvCanvas *self,
        double    x,
        double    y,
        double    cw,
        double    ch)
{
  return x >= -0.5 && y >= -0.5 &&
         x + cw <= gtk_widget_get_width (GTK_WIDGET (self)) + 0.5 &&
         y + ch <= gtk_widget_get_height (GTK_WIDGET (self)) + 0.5;
}

void
_kv_canvas_get_origin (KvCanvas *self,
                       double   *x,
                       double   *y)
{
  const KvLayout *layout = self->scene != NULL ? self->scene->layout : NULL;
  gboolean stable = layout != NULL && layout->frame != 0;
  double cw = _kv_canvas_content_width (self), ch = _kv_canvas_content_height (self);
  double gx = self->geometry.graph_x * self->zoom, gy = self->geometry.graph_y * self->zoom;
  gboolean fits_x = cw <= gtk_widget_get_width (GTK_WIDGET (self));
  gboolean fits_y = ch <= gtk_widget_get_height (GTK_WIDGET (self));

  if (stable && self->anchored)
    {
      *x = self->anchor_x - gx;
      *y = self->anchor_y - gy;
    }
  else
    place_fresh (self, cw, ch, x, y);
  if (!fits_x)
    *x = scrolled_origin (gx, stable, self->hadjustment);
  if (!fits_y)
    *y = scrolled_origin (gy, stable, self->vadjustment);
}

/* Whether a drawing of @cw × @ch pixels at (@x, @y) is clear of the
 * corner. */
static gboolean
clear_of_corner (KvCanvas *self,
                 double    x,
                 double    y,
                 double    cw,
                 double    ch)
{
  return x + cw <= gtk_widget_get_width (GTK_WIDGET (self)) - self->options.fit_corner_width + 0.5 ||
         y + ch <= gtk_widget_get_height (GTK_WIDGET (self)) - self->options.fit_corner_height + 0.5;
}

/* Whether the whole drawing is in view, clear of the corner the buttons
 * cover: a frame's next scene whose drawing grew (another line of
 * legend) under them is fitted again, as one grown out of view is. */
gboolean
_kv_canvas_all_visible (KvCanvas *self)
{
  double x, y, cw = _kv_canvas_content_width (self), ch = _kv_canvas_content_height (self);

  _kv_canvas_get_origin (self, &x, &y);
  return inside (self, x, y, cw, ch) && clear_of_corner (self, x, y, cw, ch);
}

/* After a scene of the same frame: keeps the graph at (@x, @y) in widget
 * coordinates, where it was — unless the drawing round it, grown (another
 * line of legend), would then not be all in view, or would run under the
 * corner when placed afresh it would not: then it is placed afresh, the
 * one time a world moves within a frame. */
static void
anchor_graph (KvCanvas *self,
              double    x,
              double    y)
{
  double cw = _kv_canvas_content_width (self), ch = _kv_canvas_content_height (self);
  double ax = x - self->geometry.graph_x * self->zoom, ay = y - self->geometry.graph_y * self->zoom;
  double fx, fy;

  self->anchor_x = x;
  self->anchor_y = y;
  place_fresh (self, cw, ch, &fx, &fy);
  self->anchored = inside (self, ax, ay, cw, ch) &&
                   (clear_of_corner (self, ax, ay, cw, ch) || !clear_of_corner (self, fx, fy, cw, ch));
}

static void
widget_to_drawing (KvCanvas *self,
                   double    x,
                   double    y,
                   double   *dx,
                   double   *dy)
{
  double ox, oy;

  _kv_canvas_get_origin (self, &ox, &oy);
  *dx = (x - ox) / self->zoom;
  *dy = (y - oy) / self->zoom;
}

static void
configure_adjustment (GtkAdjustment *adjustment,
                      double         content,
                      double         page)
{
  double upper = MAX (content, page);
  double value = CLAMP (gtk_adjustment_get_value (adjustment), 0, upper - page);

  gtk_adjustment_configure (adjustment, value, 0, upper, page * 0.1, page * 0.9, page);
}

void
_kv_canvas_configure_adjustments (KvCanvas *self)
{
  if (self->hadjustment == NULL || self->vadjustment == NULL)
    return;

  configure_adjustment (self->hadjustment, _kv_canvas_content_width (self),
                        gtk_widget_get_width (GTK_WIDGET (self)));
  configure_adjustment (self->vadjustment, _kv_canvas_content_height (self),
                        gtk_widget_get_height (GTK_WIDGET (self)));
}

/* Whether kv_render_measure gives the same for @a as for @b: the title,
 * the legend, and the box they are fitted and wrapped for. */
static gboolean
same_measure (const KvRenderOptions *a,
              const KvRenderOptions *b)
{
  return a->show_title == b->show_title && a->show_legend == b->show_legend &&
         a->title == b->title && a->page_width == b->page_width && a->page_height == b->page_height &&
         a->fit_width == b->fit_width && a->fit_height == b->fit_height &&
         a->fit_corner_width == b->fit_corner_width && a->fit_corner_height == b->fit_corner_height &&
         a->max_width == b->max_width &&
         a->legend_scale == b->legend_scale && a->legend_place == b->legend_place;
}

/* kv_render_measure of the scene shown with the canvas's options, kept
 * until either changes (set_scene forgets it; a new allocation, corner or
 * caption changes the options): hovering asks for it on every pointer
 * motion, and measuring wraps the legend many ways to fit it best. */
void
_kv_canvas_measure (KvCanvas         *self,
                    KvRenderGeometry *own)
{
  const KvLayout *layout = self->scene->layout;

  if (self->measured_layout != layout || !same_measure (&self->measured_options, &self->options))
    {
      kv_render_measure_placed (layout, &self->options, &self->measured);
      self->measured_layout = layout;
      self->measured_options = self->options;
    }
  *own = self->measured;
}

void
_kv_canvas_update_geometry (KvCanvas *self,
                            gboolean  keep_frame)
{
  KvRenderGeometry own;
  KvRenderGeometry *g = &self->geometry;
  const KvLayout *layout;

  if (self->scene == NULL)
    {
      memset (g, 0, sizeof *g);
      self->render_dx = self->render_dy = 0;
      return;
    }

  layout = self->scene->layout;
  /* A panel's legend goes below or beside its graph, whichever fits
   * best, chosen afresh for a new frame (or size) and then kept for the
   * frame's scenes: a legend moving round would move the graph too. */
  if (self->captioned && !keep_frame)
    self->options.legend_place = KV_LEGEND_BEST;
  _kv_canvas_measure (self, &own);
  if (layout->frame == 0)
    *g = own;
  else
    {
      /* A stable frame: round the graph, the room the title and legend
       * need (the most any scene of the frame needed, with @keep_frame),
       * so that the drawing only grows within a frame; the graph stays
       * where it was on the screen (anchor_graph). */
      double left = own.graph_x, right = own.width - own.graph_x - layout->width;
      double top = own.graph_y, bottom = own.height - own.graph_y - layout->height;

      if (keep_frame && g->width > 0)
        {
          left = MAX (left, g->graph_x);
          right = MAX (right, g->width - g->graph_x - layout->width);
          top = MAX (top, g->graph_y);
          bottom = MAX (bottom, g->height - g->graph_y - layout->height);
        }
      g->graph_x = left;
      g->graph_y = top;
      g->width = left + layout->width + right;
      g->height = top + layout->height + bottom;
      g->legend_x = own.legend_x + (left - own.graph_x);
      g->legend_y = own.legend_y + (top - own.graph_y);
    }
  self->render_dx = g->graph_x - own.graph_x;
  self->render_dy = g->graph_y - own.graph_y;
}

/* After a scene of the same frame: the graph where it was on the screen,
 * at (@x, @y) — scrolled there as far as the drawing is bigger than the
 * widget, and anchored there where it is not. */
void
_kv_canvas_keep_graph_at (KvCanvas *self,
                          double    x,
                          double    y)
{
  _kv_canvas_configure_adjustments (self);
  if (_kv_canvas_content_width (self) > gtk_widget_get_width (GTK_WIDGET (self)))
    gtk_adjustment_set_value (self->hadjustment, self->geometry.graph_x * self->zoom - x);
  if (_kv_canvas_content_height (self) > gtk_widget_get_height (GTK_WIDGET (self)))
    gtk_adjustment_set_value (self->vadjustment, self->geometry.graph_y * self->zoom - y);
  anchor_graph (self, x, y);
}

/* Zoom */

void
kv_canvas_zoom_at (KvCanvas *self,
                   double    zoom,
                   double    x,
                   double    y)
{
  double dx, dy;

  g_return_if_fail (KV_IS_CANVAS (self));

  zoom = CLAMP (zoom, KV_CANVAS_ZOOM_MIN, KV_CANVAS_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  /* Keep the drawing's point under (x, y) there. */
  widget_to_drawing (self, x, y, &dx, &dy);
  self->zoom = zoom;
  self->fit_pending = FALSE;
  self->anchored = FALSE;
  self->fitted = FALSE;

  g_object_freeze_notify (G_OBJECT (self->hadjustment));
  g_object_freeze_notify (G_OBJECT (self->vadjustment));
  _kv_canvas_configure_adjustments (self);
  gtk_adjustment_set_value (self->hadjustment, dx * zoom - x);
  gtk_adjustment_set_value (self->vadjustment, dy * zoom - y);
  g_object_thaw_notify (G_OBJECT (self->hadjustment));
  g_object_thaw_notify (G_OBJECT (self->vadjustment));

  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _kv_canvas_notify_zoom (self);
}

void
kv_canvas_set_zoom (KvCanvas *self,
                    double    zoom)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_zoom_at (self, zoom,
                     gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                     gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

double
kv_canvas_get_zoom (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 1.0);

  return self->zoom;
}

void
kv_canvas_zoom_in (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_set_zoom (self, self->zoom * ZOOM_STEP);
}

void
kv_canvas_zoom_out (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_set_zoom (self, self->zoom / ZOOM_STEP);
}

/* The zoom that fits the drawing into @width × @height, within the
 * bounds its text sets. */
static double
fit_zoom_of (KvCanvas               *self,
             const KvRenderGeometry *geometry,
             int                     width,
             int                     height)
{
  /* Beside the corner the buttons cover, or above it: whichever leaves
   * the drawing bigger (the whole widget when there is room for both). */
  const KvLayout *layout = self->scene->layout;
  double text = kv_layout_min_text_size (layout);
  double zoom = MAX (MIN (width / geometry->width, (height - self->options.fit_corner_height) / geometry->height),
                     MIN ((width - self->options.fit_corner_width) / geometry->width,
                          height / geometry->height));

  if (self->presenting)
    {
      /* Readable from the back of the room even if the drawing no longer
       * fits: then it scrolls, the actual world in the middle. A view a
       * class is shown (a grid, panels, a graph auto draws) at 18 px;
       * a big graph asked for at least what its size allows. */
      guint n = kv_graph_n_nodes (layout->graph);
      double least = kv_style_presentation_label_px (n) / KV_STYLE_LABEL_SIZE;

      if ((kv_graph_is_grid (layout->graph) || n <= KV_VIEW_READABLE_NODES) && text > 0)
        least = MAX (least, KV_STYLE_PRESENT_TEXT_PX / text);
      zoom = CLAMP (zoom, least, MAX (least, PRESENT_FIT_MAX));
    }
  else
    {
      zoom = CLAMP (zoom, KV_CANVAS_ZOOM_MIN, FIT_MAX);
      /* Panels of what each player considers possible, and a graph auto
       * would draw (twocards' 24 worlds), scroll rather than shrink past
       * reading; a big one asked for (around: 300 worlds) is an overview,
       * and a product's panel (captioned) shows its whole stage beside
       * two more. */
      if (!self->captioned &&
          (kv_render_is_panels (layout->graph) || kv_graph_n_nodes (layout->graph) <= KV_VIEW_READABLE_NODES) &&
          text > 0)
        zoom = MAX (zoom, KV_STYLE_MIN_TEXT_PX / text);
    }
  return zoom;
}

static double
fit_zoom (KvCanvas *self,
          int       width,
          int       height)
{
  return fit_zoom_of (self, &self->geometry, width, height);
}

/* The smallest text kv_render draws of the scene at zoom 1, in points:
 * its labels, link names and legend, as the canvas's options draw them. */
static double
text_size_at_one (KvCanvas *self)
{
  KvRenderStats stats = { G_MAXDOUBLE, G_MAXDOUBLE, 0 };
  KvRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (self->text_layout == self->scene->layout)
    return self->text_size;
  _kv_canvas_render_options (self, self->scene, &options);
  options.stats = &stats;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  kv_render (self->scene->layout, cr, &options);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  self->text_layout = self->scene->layout;
  self->text_size = stats.min_text_px == G_MAXDOUBLE ? 0 : stats.min_text_px;
  return self->text_size;
}

double
kv_canvas_get_fitted_text_px (KvCanvas *self,
                              int       width,
                              int       height)
{
  KvRenderOptions options;
  KvRenderGeometry geometry;

  g_return_val_if_fail (KV_IS_CANVAS (self), 0);

  if (self->scene == NULL || width <= 1 || height <= 1)
    return 0;
  /* At its size the canvas keeps its drawing as it is (a stable frame's
   * room for its other scenes' legends, the legend's place). */
  if (width == self->allocated_width && height == self->allocated_height)
    return fit_zoom (self, width, height) * text_size_at_one (self);
  /* Another size measures afresh: the notes wrapped for the box (a
   * captioned panel's), the legend where it fits best. */
  options = self->options;
  if (self->captioned)
    {
      options.fit_width = width;
      options.fit_height = height;
      options.legend_place = KV_LEGEND_BEST;
    }
  options.max_width = 0;
  kv_render_measure_placed (self->scene->layout, &options, &geometry);
  return fit_zoom_of (self, &geometry, width, height) * text_size_at_one (self);
}

void
_kv_canvas_apply_fit (KvCanvas *self,
                      gboolean  allocating)
{
  int width, height;
  double zoom, room;

  if (self->scene == NULL)
    return;

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (width <= 1 || height <= 1)
    {
      /* Not allocated yet: fit when it is. */
      self->fit_pending = TRUE;
      return;
    }

  zoom = fit_zoom (self, width, height);
  /* At a zoom its text sets (presenting, or a grid of panels) the drawing
   * may come out wider than the canvas: its notes wrap no wider than the
   * canvas's room at that zoom (Hexa's legend at 1024 px), where that
   * keeps it in, rather than it scrolling sideways. A wider canvas gives
   * them its room again. */
  room = floor (width / zoom);
  if ((self->geometry.width * zoom > width + 0.5 && self->options.max_width != room) ||
      (self->options.max_width > 0 && room > self->options.max_width))
    {
      self->options.max_width = room;
      _kv_canvas_update_geometry (self, FALSE);
      zoom = fit_zoom (self, width, height);
    }
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      _kv_canvas_notify_zoom (self);
    }
  self->fit_pending = FALSE;
  self->anchored = FALSE;
  self->fitted = TRUE;

  _kv_canvas_configure_adjustments (self);
  gtk_adjustment_set_value (self->hadjustment, 0);
  gtk_adjustment_set_value (self->vadjustment, 0);
  /* Presenting a drawing that does not fit, the actual world in the
   * middle; along a side where the whole graph is in sight from the
   * drawing's edge (only the legend is wider), that edge, the legend's
   * start with it. */
  if (self->presenting && kv_graph_actual (self->scene->layout->graph) >= 0)
    {
      const KvLayout *layout = self->scene->layout;
      const KvLayoutNode *ln = &layout->nodes[kv_graph_actual (layout->graph)];

      if ((self->geometry.graph_x + layout->width) * zoom > width)
        gtk_adjustment_set_value (self->hadjustment, (self->geometry.graph_x + ln->x) * zoom - width / 2.0);
      if ((self->geometry.graph_y + layout->height) * zoom > height)
        gtk_adjustment_set_value (self->vadjustment, (self->geometry.graph_y + ln->y) * zoom - height / 2.0);
    }
  if (!allocating)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kv_canvas_zoom_fit (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  _kv_canvas_apply_fit (self, FALSE);
}

void
kv_canvas_set_presenting (KvCanvas *self,
                          gboolean  presenting)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;

  self->presenting = presenting;
  self->options.show_title = !presenting && !self->captioned;
  _kv_canvas_update_geometry (self, FALSE);
  _kv_canvas_apply_fit (self, FALSE);
}

void
kv_canvas_set_caption (KvCanvas   *self,
                       const char *caption)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (g_strcmp0 (self->caption, caption) == 0)
    return;
  g_free (self->caption);
  self->caption = g_strdup (caption);
  self->options.caption = self->caption;
  _kv_canvas_update_geometry (self, FALSE);
  if (self->fitted)
    _kv_canvas_apply_fit (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The corner the drawing keeps clear of, into the options: a captioned
 * panel's drawing has too little room to spare one (one of three across
 * a screen), and the buttons show over it only while the pointer moves
 * there. TRUE when it changed. */
static gboolean
corner_options (KvCanvas *self)
{
  int width = self->captioned ? 0 : self->corner_width;
  int height = self->captioned ? 0 : self->corner_height;

  if (self->options.fit_corner_width == width && self->options.fit_corner_height == height)
    return FALSE;
  self->options.fit_corner_width = width;
  self->options.fit_corner_height = height;
  return TRUE;
}

void
kv_canvas_set_captioned (KvCanvas *self,
                         gboolean  captioned)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  captioned = !!captioned;
  if (self->captioned == captioned)
    return;

  self->captioned = captioned;
  self->options.show_title = !self->presenting && !captioned;
  /* A panel's legend is as big as its labels, so legible when they are
   * (item 8 of issue 10: both ≥ 11 px at fit), and goes beside a tall
   * graph (the product's grid) where the panel has room. */
  self->options.legend_scale = captioned ? KV_STYLE_LABEL_SIZE / KV_STYLE_SMALL_SIZE : 1.0;
  self->options.legend_place = captioned ? KV_LEGEND_BEST : KV_LEGEND_BELOW;
  self->options.fit_width = captioned ? self->allocated_width : 0;
  self->options.fit_height = captioned ? self->allocated_height : 0;
  corner_options (self);
  _kv_canvas_update_geometry (self, FALSE);
  if (self->fitted)
    _kv_canvas_apply_fit (self, FALSE);
  else
    gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
update_corner (KvCanvas *self)
{
  if (!corner_options (self))
    return;
  if (self->fitted)
    {
      _kv_canvas_update_geometry (self, FALSE);
      _kv_canvas_apply_fit (self, FALSE);
    }
  self->anchored = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kv_canvas_set_corner (KvCanvas *self,
                      int       width,
                      int       height)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  self->corner_width = MAX (width, 0);
  self->corner_height = MAX (height, 0);
  update_corner (self);
}

gboolean
kv_canvas_get_legend_bounds (KvCanvas        *self,
                             graphene_rect_t *bounds)
{
  KvRenderGeometry own;
  double ox, oy, x;
  gboolean beside;

  g_return_val_if_fail (KV_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (self->scene == NULL)
    return FALSE;
  _kv_canvas_measure (self, &own);
  if (own.legend_y >= own.height)
    return FALSE;

  /* The legend is the bottom of kv_render's own drawing, all its width,
   * or (beside the graph) its right from legend_x, all its height. */
  beside = own.legend_x > own.graph_x;
  x = beside ? own.legend_x : 0;
  _kv_canvas_get_origin (self, &ox, &oy);
  graphene_rect_init (bounds, ox + (self->render_dx + x) * self->zoom,
                      oy + (self->render_dy + own.legend_y) * self->zoom,
                      (own.width - x) * self->zoom, (own.height - own.legend_y) * self->zoom);
  return TRUE;
}

double
kv_canvas_get_legend_text_size (KvCanvas *self)
{
  KvRenderGeometry own;

  g_return_val_if_fail (KV_IS_CANVAS (self), 0);

  if (self->scene == NULL || !self->options.show_legend)
    return 0;
  _kv_canvas_measure (self, &own);
  if (own.legend_y >= own.height)
    return 0;
  /* The measured scale: a compact grid's notes may grow (kv-render.c). */
  return self->zoom * KV_STYLE_SMALL_SIZE * own.legend_scale;
}

double
kv_canvas_get_label_size (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 0);

  return self->zoom * KV_STYLE_LABEL_SIZE;
}

/* Hit testing: always the scene shown, even while the one before fades. */

int
kv_canvas_node_at (KvCanvas *self,
                   double    x,
                   double    y)
{
  KvRenderGeometry own;
  double dx, dy;

  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  if (self->scene == NULL)
    return -1;

  /* As kv_render_node_at, without measuring the drawing again. */
  widget_to_drawing (self, x, y, &dx, &dy);
  _kv_canvas_measure (self, &own);
  return kv_layout_node_at (self->scene->layout,
                            dx - self->render_dx - own.graph_x, dy - self->render_dy - own.graph_y);
}

gboolean
kv_canvas_get_node_center (KvCanvas *self,
                           guint     node,
                           double   *x,
                           double   *y)
{
  const KvLayoutNode *ln;
  double ox, oy;

  g_return_val_if_fail (KV_IS_CANVAS (self), FALSE);

  if (self->scene == NULL || node >= kv_scene_n_nodes (self->scene))
    return FALSE;

  ln = &self->scene->layout->nodes[node];
  _kv_canvas_get_origin (self, &ox, &oy);
  if (x != NULL)
    *x = ox + (self->geometry.graph_x + ln->x) * self->zoom;
  if (y != NULL)
    *y = oy + (self->geometry.graph_y + ln->y) * self->zoom;

  return TRUE;
}
