// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-transition.c: a change of scene in the same frame, animated.
 *
 * When a step (or a highlight, or the next product stage) brings a scene
 * whose worlds are where they were (the same KvPlaces frame), the scene
 * before is drawn over the new one, fading from opaque to gone in about
 * 300 ms on the frame clock (kv-canvas-draw.c). The new scene is shown and
 * hit-tested at once: the fade is only paint. Nothing is animated when
 * GtkSettings:gtk-enable-animations is off, when the canvas is not mapped,
 * or when the frames differ (a new layout: nothing stays in place).
 */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include "kv-canvas-private.h"

#define TRANSITION_USEC (300 * 1000)

gboolean
_kv_canvas_animations_enabled (KvCanvas *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/* Fast at first, gently at the end. */
static double
ease_out_cubic (double t)
{
  double u = 1.0 - t;

  return 1.0 - u * u * u;
}

static gboolean
transition_tick_cb (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  KvCanvas *self = KV_CANVAS (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double t;

  /* Timed from the first frame drawn with it, however long the frame
   * clock was idle before. */
  if (self->transition_start < 0)
    self->transition_start = now;
  t = (double) (now - self->transition_start) / TRANSITION_USEC;
  if (t >= 1.0)
    {
      self->tick_id = 0;
      _kv_canvas_transition_stop (self);
      return G_SOURCE_REMOVE;
    }

  self->old_opacity = 1.0 - ease_out_cubic (t);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
_kv_canvas_transition_start (KvCanvas *self,
                             KvScene  *old,
                             double    dx,
                             double    dy)
{
  _kv_canvas_transition_stop (self);

  self->old_scene = old;
  self->old_dx = dx;
  self->old_dy = dy;
  self->old_opacity = 1.0;
  self->transition_start = -1;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), transition_tick_cb, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_kv_canvas_transition_stop (KvCanvas *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->old_scene == NULL)
    return;

  g_clear_pointer (&self->old_scene, kv_scene_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
kv_canvas_get_animating (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), FALSE);

  return self->old_scene != NULL;
}
