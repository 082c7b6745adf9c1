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

/* Where the drawing's (0, 0) is along one axis, in widget coordinates:
 * centred when smaller than the widget, else scrolled. A stable layout's
 * graph is in the middle of its drawing (_kv_canvas_update_geometry), and
 * it is the graph, not the drawing, that is put on whole pixels: then it
 * stays exactly where it was when the next scene's drawing is taller. */
static double
axis_origin (double         widget,
             double         content,
             double         graph,
             double         graph_offset,
             gboolean       stable,
             GtkAdjustment *adjustment)
{
  double value = gtk_adjustment_get_value (adjustment);

  if (!stable)
    return content <= widget ? floor ((widget - content) / 2) : -round (value);
  if (content <= widget)
    return floor ((widget - graph) / 2) - graph_offset;
  return round (graph_offset - value) - graph_offset;
}

void
_kv_canvas_get_origin (KvCanvas *self,
                       double   *x,
                       double   *y)
{
  const KvLayout *layout = self->scene != NULL ? self->scene->layout : NULL;
  gboolean stable = layout != NULL && layout->frame != 0;

  *x = axis_origin (gtk_widget_get_width (GTK_WIDGET (self)), _kv_canvas_content_width (self),
                    stable ? layout->width * self->zoom : 0,
                    self->geometry.graph_x * self->zoom, stable, self->hadjustment);
  *y = axis_origin (gtk_widget_get_height (GTK_WIDGET (self)), _kv_canvas_content_height (self),
                    stable ? layout->height * self->zoom : 0,
                    self->geometry.graph_y * self->zoom, stable, self->vadjustment);
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
  kv_render_measure (layout, &self->options, &own);
  if (layout->frame == 0)
    *g = own;
  else
    {
      /* A stable frame: the graph in the middle of the drawing, with the
       * room the title and legend need on both sides (the most any scene
       * of the frame needed, with @keep_frame). Centred in the canvas, the
       * graph then stays put when the next scene's legend has another
       * line, or its title another width. */
      double h = MAX (own.graph_x, own.width - own.graph_x - layout->width);
      double v = MAX (own.graph_y, own.height - own.graph_y - layout->height);

      if (keep_frame && g->width > 0)
        {
          h = MAX (h, g->graph_x);
          v = MAX (v, g->graph_y);
        }
      g->graph_x = h;
      g->graph_y = v;
      g->width = 2 * h + layout->width;
      g->height = 2 * v + layout->height;
      g->legend_y = own.legend_y + (v - own.graph_y);
    }
  self->render_dx = g->graph_x - own.graph_x;
  self->render_dy = g->graph_y - own.graph_y;
}

/* After a scene of the same frame: when the drawing grew past the widget,
 * scrolls so that the graph is where it was on the screen, at (@x, @y). */
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

void
_kv_canvas_apply_fit (KvCanvas *self,
                      gboolean  allocating)
{
  int width, height;
  double zoom;

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

  zoom = MIN (width / self->geometry.width, height / self->geometry.height);
  if (self->presenting)
    {
      /* Readable from the back of the room even if the drawing no longer
       * fits: then it scrolls, the actual world in the middle. */
      guint n = kv_graph_n_nodes (self->scene->layout->graph);

      zoom = CLAMP (zoom, kv_style_presentation_label_px (n) / KV_STYLE_LABEL_SIZE, PRESENT_FIT_MAX);
    }
  else
    zoom = CLAMP (zoom, KV_CANVAS_ZOOM_MIN, FIT_MAX);
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      _kv_canvas_notify_zoom (self);
    }
  self->fit_pending = FALSE;

  _kv_canvas_configure_adjustments (self);
  gtk_adjustment_set_value (self->hadjustment, 0);
  gtk_adjustment_set_value (self->vadjustment, 0);
  if (self->presenting && kv_graph_actual (self->scene->layout->graph) >= 0)
    {
      const KvLayoutNode *ln = &self->scene->layout->nodes[kv_graph_actual (self->scene->layout->graph)];

      gtk_adjustment_set_value (self->hadjustment,
                                (self->geometry.graph_x + ln->x) * zoom - width / 2.0);
      gtk_adjustment_set_value (self->vadjustment,
                                (self->geometry.graph_y + ln->y) * zoom - height / 2.0);
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
  self->options.show_title = !presenting;
  _kv_canvas_update_geometry (self, FALSE);
  _kv_canvas_apply_fit (self, FALSE);
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
  double dx, dy;

  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  if (self->scene == NULL)
    return -1;

  widget_to_drawing (self, x, y, &dx, &dy);
  return kv_render_node_at (self->scene->layout, &self->options,
                            dx - self->render_dx, dy - self->render_dy);
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
