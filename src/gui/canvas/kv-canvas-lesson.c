// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-lesson.c: a lesson's predict question on the canvas — the
 * worlds (or envelopes) a student picked, ringed, and after Reveal a tick
 * or a cross on each one the student was right or wrong about.
 *
 * The marks are kept by the items' names (a world's deal, "wrb"; an
 * envelope's cards), not by node: the canvas lays a step out on a thread
 * and a new scene has other node numbers, while the names stay. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <string.h>

#include "kv-canvas-private.h"

/* The names of the items each node of @scene shows: a world's label for a
 * scene of a model (a grouped view's node shows several), else the graph
 * node's place key (the envelope grid names each envelope so, the agents
 * view each panel's cell of it). */
static GPtrArray *
node_items (const KvScene *scene, int node)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);

  if (scene->kind != KV_VIEW_AGENTS && scene->model != NULL && scene->world_node != NULL)
    {
      for (guint w = 0; w < scene->model->n_worlds; w++)
        if (scene->world_node[w] == node)
          g_ptr_array_add (items, kv_model_world_label (scene->model, w));
    }
  else if (scene->layout->graph != NULL && (guint) node < scene->layout->graph->nodes->len)
    {
      const char *key = kv_graph_place_key (scene->layout->graph, (guint) node);

      /* The agents view's cells are "agents:PANEL:CARDS" (kv-view-agents.c):
       * each panel's cell of an envelope stands for that envelope. */
      if (g_str_has_prefix (key, "agents:") && strchr (key + strlen ("agents:"), ':') != NULL)
        key = strchr (key + strlen ("agents:"), ':') + 1;
      g_ptr_array_add (items, g_strdup (key));
    }
  return items;
}

GStrv
kv_canvas_get_node_items (KvCanvas *self,
                          int       node)
{
  g_autoptr(GPtrArray) items = NULL;

  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);
  if (self->scene == NULL || node < 0 || (guint) node >= kv_scene_n_nodes (self->scene))
    return g_new0 (char *, 1);
  items = node_items (self->scene, node);
  g_ptr_array_add (items, NULL);
  return (GStrv) g_ptr_array_steal (items, NULL);
}

void
kv_canvas_set_item_marks (KvCanvas   *self,
                          GHashTable *marks)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  g_clear_pointer (&self->item_marks, g_hash_table_unref);
  if (marks != NULL && g_hash_table_size (marks) > 0)
    self->item_marks = g_hash_table_ref (marks);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The strongest mark of a node's items: wrong over missed over right over
 * picked. */
static KvCanvasMark
node_mark (KvCanvas *self, int node)
{
  g_autoptr(GPtrArray) items = node_items (self->scene, node);
  KvCanvasMark mark = KV_CANVAS_MARK_NONE;

  for (guint i = 0; i < items->len; i++)
    {
      KvCanvasMark its = (KvCanvasMark) GPOINTER_TO_INT (g_hash_table_lookup (self->item_marks, items->pdata[i]));

      mark = MAX (mark, its);
    }
  return mark;
}

/* GNOME's green 4, yellow 5 and red 3: told apart by the sign too, not
 * only the hue. */
static void
set_mark_colour (cairo_t *cr, KvCanvasMark mark)
{
  switch (mark)
    {
    case KV_CANVAS_MARK_PICKED: cairo_set_source_rgb (cr, 0.21, 0.52, 0.89); break;
    case KV_CANVAS_MARK_RIGHT: cairo_set_source_rgb (cr, 0.18, 0.55, 0.34); break;
    case KV_CANVAS_MARK_MISSED: cairo_set_source_rgb (cr, 0.90, 0.65, 0.04); break;
    default: cairo_set_source_rgb (cr, 0.75, 0.11, 0.16); break;
    }
}

static void
draw_badge (KvCanvas *self, cairo_t *cr, const KvLayoutNode *ln, KvCanvasMark mark)
{
  double r = MAX (7.0, 9.0 / self->zoom);
  double cx = self->geometry.graph_x + ln->x + ln->width / 2;
  double cy = self->geometry.graph_y + ln->y - ln->height / 2;

  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_mark_colour (cr, mark);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, r / 3.5);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  switch (mark)
    {
    case KV_CANVAS_MARK_RIGHT:
      cairo_move_to (cr, cx - r * 0.45, cy + r * 0.02);
      cairo_line_to (cr, cx - r * 0.1, cy + r * 0.4);
      cairo_line_to (cr, cx + r * 0.5, cy - r * 0.4);
      break;
    case KV_CANVAS_MARK_MISSED:
      cairo_move_to (cr, cx, cy - r * 0.5);
      cairo_line_to (cr, cx, cy + r * 0.1);
      cairo_stroke (cr);
      cairo_arc (cr, cx, cy + r * 0.45, r / 7.0, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    default:
      cairo_move_to (cr, cx - r * 0.4, cy - r * 0.4);
      cairo_line_to (cr, cx + r * 0.4, cy + r * 0.4);
      cairo_move_to (cr, cx + r * 0.4, cy - r * 0.4);
      cairo_line_to (cr, cx - r * 0.4, cy + r * 0.4);
      break;
    }
  cairo_stroke (cr);
}

void
_kv_canvas_draw_item_marks (KvCanvas *self,
                            cairo_t  *cr)
{
  if (self->item_marks == NULL || self->scene == NULL)
    return;
  for (guint node = 0; node < kv_scene_n_nodes (self->scene); node++)
    {
      const KvLayoutNode *ln = &self->scene->layout->nodes[node];
      KvCanvasMark mark = node_mark (self, (int) node);
      double width = MAX (KV_CANVAS_RING_WIDTH * 1.5, 4.0 / self->zoom);
      double gap = MAX (KV_CANVAS_RING_GAP, 3.0 / self->zoom);

      if (mark == KV_CANVAS_MARK_NONE)
        continue;
      cairo_save (cr);
      kv_render_node_path (cr, ln->shape, self->geometry.graph_x + ln->x, self->geometry.graph_y + ln->y,
                           ln->width, ln->height, gap + width / 2);
      set_mark_colour (cr, mark);
      cairo_set_line_width (cr, width);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_stroke (cr);
      if (mark != KV_CANVAS_MARK_PICKED)
        draw_badge (self, cr, ln, mark);
      cairo_restore (cr);
    }
}

guint
kv_canvas_count_item_marks (KvCanvas     *self,
                            KvCanvasMark  mark)
{
  guint n = 0;

  g_return_val_if_fail (KV_IS_CANVAS (self), 0);
  if (self->item_marks == NULL || self->scene == NULL)
    return 0;
  for (guint node = 0; node < kv_scene_n_nodes (self->scene); node++)
    n += node_mark (self, (int) node) == mark;
  return n;
}
