// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-draw.c: the canvas's snapshot — the scene by kv_render (the
 * renderer the exports use), the scene before fading out over it while a
 * change is animated, and the hover and selection rings on top. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include "kv-canvas-private.h"

static void
draw_ring (KvCanvas *self,
           cairo_t  *cr,
           int       node,
           double    alpha)
{
  const KvLayoutNode *ln;
  double width, gap;

  if (node < 0 || (guint) node >= kv_scene_n_nodes (self->scene))
    return;

  /* In points, but never thinner than a few pixels when zoomed out. */
  width = MAX (KV_CANVAS_RING_WIDTH, 2.5 / self->zoom);
  gap = MAX (KV_CANVAS_RING_GAP, 3.0 / self->zoom);
  ln = &self->scene->layout->nodes[node];
  kv_render_node_path (cr, ln->shape, self->geometry.graph_x + ln->x, self->geometry.graph_y + ln->y,
                       ln->width, ln->height, gap + width / 2);
  /* GNOME's accent blue: apart from the agents' Okabe-Ito colours. */
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, alpha);
  cairo_set_line_width (cr, width);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_stroke (cr);
}

/* @scene, its kv_render origin at (@dx, @dy) in the drawing. */
static void
render_scene (KvCanvas      *self,
              cairo_t       *cr,
              const KvScene *scene,
              double         dx,
              double         dy)
{
  KvRenderOptions options;

  _kv_canvas_render_options (self, scene, &options);
  cairo_save (cr);
  cairo_translate (cr, dx, dy);
  kv_render (scene->layout, cr, &options);
  cairo_restore (cr);
}

void
_kv_canvas_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  KvCanvas *self = KV_CANVAS (widget);
  graphene_rect_t page, visible, area;
  double ox, oy;
  int selected;
  cairo_t *cr;

  if (self->scene == NULL)
    return;

  _kv_canvas_get_origin (self, &ox, &oy);
  graphene_rect_init (&page, ox, oy, _kv_canvas_content_width (self), _kv_canvas_content_height (self));
  graphene_rect_init (&visible, 0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  if (!graphene_rect_intersection (&page, &visible, &area))
    return;

  /* Only the visible part becomes a cairo surface. */
  cr = gtk_snapshot_append_cairo (snapshot, &area);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, self->zoom, self->zoom);
  render_scene (self, cr, self->scene, self->render_dx, self->render_dy);

  /* The scene before, over the new one and ever fainter: the worlds that
   * stay are the same pixels in both, so only what changed fades — worlds
   * removed and links cut fade out, new marks fade in. */
  if (self->old_scene != NULL)
    {
      cairo_push_group (cr);
      render_scene (self, cr, self->old_scene, self->old_dx, self->old_dy);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, self->old_opacity);
    }

  _kv_canvas_draw_item_marks (self, cr);

  /* Nodes linked to what is hovered in another picture (product view). */
  for (int i = self->marked != NULL ? kv_bits_next (self->marked, 0) : -1; i >= 0; i = kv_bits_next (self->marked, i + 1))
    draw_ring (self, cr, i, 0.8);

  selected = kv_scene_node_of (self->scene, self->selected_world);
  if (self->hover_node >= 0 && self->hover_node != selected)
    draw_ring (self, cr, self->hover_node, 0.35);
  draw_ring (self, cr, selected, 1.0);

  cairo_destroy (cr);
}
