// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-tooltip.c: a world's tooltip — its deal, its marks, and what
 * each agent considers possible there. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "kv-canvas-private.h"

#define TOOLTIP_MEMBERS  6      /* classes up to this size are listed in tooltips */

static char *
world_label (const KvScene *scene,
             guint          world)
{
  const KvGraph *graph = scene->layout->graph;
  int node;

  /* The view's short label when a node shows just this world. */
  if (scene->kind == KV_VIEW_WHOLE || scene->kind == KV_VIEW_AROUND)
    {
      node = kv_scene_node_of (scene, world);
      if (node >= 0)
        return g_strdup (kv_graph_node (graph, node)->label);
    }

  return kv_model_world_label (scene->model, world);
}

static void
append_classes (GString       *markup,
                const KvScene *scene,
                guint          node)
{
  const KvModel *model = scene->model;
  guint world = scene->node_world[node];

  if (scene->kind == KV_VIEW_CONTRACTED)
    {
      guint n = 0;

      for (guint w = 0; w < model->n_worlds; w++)
        n += scene->world_node[w] == (int) node;
      if (n > 1)
        {
          g_string_append_c (markup, '\n');
          g_string_append_printf (markup, ngettext ("Stands for %u bisimilar world",
                                                    "Stands for %u bisimilar worlds", n), n);
        }
    }

  for (guint a = 0; a < model->game->n_agents; a++)
    {
      g_autoptr(KvBits) cls = kv_model_class_of (model, a, world);
      g_autofree char *agent = g_markup_escape_text (model->game->agent_names[a], -1);
      guint n = kv_bits_count (cls);

      g_string_append_c (markup, '\n');
      g_string_append_printf (markup, ngettext ("Agent %s considers %u world possible",
                                                "Agent %s considers %u worlds possible", n),
                              agent, n);
      if (n > 1 && n <= TOOLTIP_MEMBERS)
        {
          g_string_append (markup, ": ");
          for (int w = kv_bits_next (cls, 0), i = 0; w >= 0; w = kv_bits_next (cls, w + 1), i++)
            {
              g_autofree char *label = world_label (scene, w);
              g_autofree char *escaped = g_markup_escape_text (label, -1);

              /* TRANSLATORS: separates the worlds of a class in a list */
              g_string_append_printf (markup, "%s%s", i > 0 ? _(", ") : "", escaped);
            }
        }
    }
}

char *
kv_canvas_get_tooltip_markup (KvCanvas *self,
                              double    x,
                              double    y)
{
  const KvNode *node;
  g_autofree char *label = NULL;
  GString *markup;
  int n;

  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  n = kv_canvas_node_at (self, x, y);
  if (n < 0)
    return NULL;

  node = kv_graph_node (self->scene->layout->graph, n);
  markup = g_string_new (NULL);
  label = g_markup_escape_text (node->label, -1);
  g_string_append_printf (markup, "<b>%s</b>", label);
  if (node->tooltip != NULL && g_strcmp0 (node->tooltip, node->label) != 0)
    {
      g_autofree char *deal = g_markup_escape_text (node->tooltip, -1);

      g_string_append_printf (markup, "\n%s", deal);
    }
  if (node->flags & KV_NODE_ACTUAL)
    g_string_append_printf (markup, "\n<i>%s</i>", _("The actual world"));
  if (node->flags & KV_NODE_HIGHLIGHTED)
    g_string_append_printf (markup, "\n<i>%s</i>", _("Highlighted"));
  if (node->flags & KV_NODE_CUT_OFF)
    g_string_append_printf (markup, "\n<i>%s</i>", _("Has links to worlds outside this view"));
  if (node->flags & KV_NODE_REMOVED)
    g_string_append_printf (markup, "\n<i>%s</i>", _("Removed by this step"));

  /* An envelope node is many worlds with different classes: its own
   * tooltip says what it stands for. */
  if (self->scene->model != NULL && self->scene->kind != KV_VIEW_ENVELOPE &&
      self->scene->kind != KV_VIEW_AGENTS && node->world < self->scene->model->n_worlds)
    append_classes (markup, self->scene, n);

  return g_string_free (markup, FALSE);
}

gboolean
_kv_canvas_query_tooltip (GtkWidget  *widget,
                          int         x,
                          int         y,
                          gboolean    keyboard_mode,
                          GtkTooltip *tooltip)
{
  KvCanvas *self = KV_CANVAS (widget);
  g_autofree char *markup = NULL;
  const KvLayoutNode *ln;
  double cx, cy;
  int node;

  if (keyboard_mode)
    return FALSE;

  node = kv_canvas_node_at (self, x, y);
  if (node < 0 || !kv_canvas_get_node_center (self, node, &cx, &cy))
    return FALSE;

  markup = kv_canvas_get_tooltip_markup (self, x, y);
  gtk_tooltip_set_markup (tooltip, markup);

  /* Moving onto another node asks again. */
  ln = &self->scene->layout->nodes[node];
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                              floor (cx - ln->width * self->zoom / 2),
                              floor (cy - ln->height * self->zoom / 2),
                              ceil (ln->width * self->zoom),
                              ceil (ln->height * self->zoom),
                            });
  return TRUE;
}
