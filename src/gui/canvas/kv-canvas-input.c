// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-input.c: the pointer — hover, click to select, Ctrl+wheel and
 * pinch to zoom, drag to pan. Always on the scene shown: a change being
 * animated never holds input up. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <math.h>

#include "kv-canvas-private.h"

#define WHEEL_STEP       1.15   /* one Ctrl+wheel notch */
#define DRAG_THRESHOLD   4.0    /* pixels a press moves before it pans */

void
_kv_canvas_set_hover_node (KvCanvas *self,
                           int       node)
{
  int before = self->hover_node;

  if (before == node)
    return;

  self->hover_node = node;
  if (!self->dragging)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), node >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* -2 (a new scene, no node yet) reads as -1; a new scene notifies even
   * for the same number: it is another node. */
  if (MAX (before, -1) != node || before == -2)
    _kv_canvas_notify_hover (self);
}

int
kv_canvas_hover_at (KvCanvas *self,
                    double    x,
                    double    y)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  _kv_canvas_set_hover_node (self, kv_canvas_node_at (self, x, y));
  return self->hover_node;
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           KvCanvas                 *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;
  _kv_canvas_set_hover_node (self, kv_canvas_node_at (self, x, y));
}

static void
leave_cb (GtkEventControllerMotion *motion,
          KvCanvas                 *self)
{
  self->has_pointer = FALSE;
  _kv_canvas_set_hover_node (self, -1);
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           KvCanvas                 *self)
{
  GdkModifierType state;
  double x, y;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  if ((state & GDK_CONTROL_MASK) == 0 || self->scene == NULL)
    return FALSE;   /* the scrolled window scrolls */

  x = self->has_pointer ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  y = self->has_pointer ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  kv_canvas_zoom_at (self, self->zoom * pow (WHEEL_STEP, -dy), x, y);

  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               KvCanvas       *self)
{
  self->drag_start_h = gtk_adjustment_get_value (self->hadjustment);
  self->drag_start_v = gtk_adjustment_get_value (self->vadjustment);
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                KvCanvas       *self)
{
  if (!self->dragging)
    {
      if (hypot (offset_x, offset_y) < DRAG_THRESHOLD)
        return;
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  gtk_adjustment_set_value (self->hadjustment, self->drag_start_h - offset_x);
  gtk_adjustment_set_value (self->vadjustment, self->drag_start_v - offset_y);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             KvCanvas       *self)
{
  double x, y;

  if (self->dragging)
    {
      self->dragging = FALSE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->hover_node >= 0 ? "pointer" : NULL);
      return;
    }

  /* A press that did not move is a click. */
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) > GDK_BUTTON_PRIMARY)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    kv_canvas_select_at (self, x, y);
}

static void
pinch_begin_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                KvCanvas         *self)
{
  self->pinch_start_zoom = self->zoom;
}

static void
pinch_scale_changed_cb (GtkGestureZoom *gesture,
                        double          scale,
                        KvCanvas       *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  kv_canvas_zoom_at (self, self->pinch_start_zoom * scale, x, y);
}

void
_kv_canvas_init_input (KvCanvas *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}
