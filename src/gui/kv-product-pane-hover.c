// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-pane-hover.c: hovering a pair (w, e) rings w in M and e in
 * A; hovering a world of M or an event of A rings its pairs. What a node
 * stands for is the product view's (kv_product_view_node_parts, GTK-free
 * and tested); this file only carries it between the canvases. */
#define G_LOG_DOMAIN "kv-product-pane"

#include "config.h"

#include "kv-product-pane-private.h"

/* The canvas of @panel when it shows a settled picture, else NULL. */
static KvCanvas *
settled_canvas (KvCanvasView *panel)
{
  KvCanvas *canvas = kv_canvas_view_get_canvas (panel);

  if (kv_canvas_get_busy (canvas) || kv_canvas_get_scene (canvas) == NULL)
    return NULL;
  return canvas;
}

/* The worlds of M that node @node of M's scene shows (one, or a group's). */
static KvBits *
model_node_worlds (const KvScene *scene,
                   guint          node)
{
  KvBits *worlds = kv_bits_new (scene->model->n_worlds);

  for (guint w = 0; w < scene->model->n_worlds; w++)
    if (scene->world_node[w] == (int) node)
      kv_bits_set (worlds, w);
  return worlds;
}

/* Whether @canvas shows M of @view, with its worlds mapped. */
static gboolean
shows_model (KvCanvas            *canvas,
             const KvProductView *view)
{
  const KvScene *scene = canvas != NULL ? kv_canvas_get_scene (canvas) : NULL;

  return scene != NULL && scene->model == view->before && scene->world_node != NULL;
}

void
_kv_product_pane_update_marks (KvCanvasView        *panels[3],
                               int                  hovered,
                               const KvProductView *view,
                               KvProductStage       stage)
{
  KvCanvas *canvases[3];
  KvProductStage stages[3] = { KV_PRODUCT_STAGE_RESULT, KV_PRODUCT_STAGE_ACTION, stage };
  g_autoptr(KvBits) worlds = NULL;
  g_autoptr(KvBits) events = NULL;
  KvCanvas *source;
  int node;

  for (guint i = 0; i < 3; i++)
    {
      canvases[i] = settled_canvas (panels[i]);
      kv_canvas_set_marked_nodes (kv_canvas_view_get_canvas (panels[i]), NULL);
    }
  if (view == NULL || hovered < 0 || (source = canvases[hovered]) == NULL ||
      (node = kv_canvas_get_hover_node (source)) < 0)
    return;

  /* What the hovered node stands for. */
  if (hovered == KV_PRODUCT_PANEL_MODEL)
    {
      if (!shows_model (source, view))
        return;
      worlds = model_node_worlds (kv_canvas_get_scene (source), node);
    }
  else if (!kv_product_view_node_parts (view, stages[hovered], kv_canvas_get_scene (source)->layout->graph,
                                        node, &worlds, &events))
    return;

  /* Where the others show it. */
  if (hovered != KV_PRODUCT_PANEL_MODEL && worlds != NULL && shows_model (canvases[KV_PRODUCT_PANEL_MODEL], view))
    {
      KvCanvas *canvas = canvases[KV_PRODUCT_PANEL_MODEL];
      g_autoptr(KvBits) nodes = kv_scene_nodes_of (kv_canvas_get_scene (canvas), worlds);

      kv_canvas_set_marked_nodes (canvas, nodes);
    }
  if (hovered != KV_PRODUCT_PANEL_ACTION && events != NULL && canvases[KV_PRODUCT_PANEL_ACTION] != NULL)
    {
      KvCanvas *canvas = canvases[KV_PRODUCT_PANEL_ACTION];
      g_autoptr(KvBits) nodes = kv_product_view_find_nodes (view, KV_PRODUCT_STAGE_ACTION,
                                                            kv_canvas_get_scene (canvas)->layout->graph,
                                                            NULL, events);

      kv_canvas_set_marked_nodes (canvas, nodes);
    }
  if (hovered != KV_PRODUCT_PANEL_PRODUCT && canvases[KV_PRODUCT_PANEL_PRODUCT] != NULL)
    {
      KvCanvas *canvas = canvases[KV_PRODUCT_PANEL_PRODUCT];
      g_autoptr(KvBits) nodes = kv_product_view_find_nodes (view, stage,
                                                            kv_canvas_get_scene (canvas)->layout->graph,
                                                            worlds, events);

      kv_canvas_set_marked_nodes (canvas, nodes);
    }
}
