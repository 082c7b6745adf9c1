/* kv-canvas-scene.h: what a KvCanvas shows — a laid-out view of a model and
 * the map between its nodes and the model's worlds.
 *
 * A scene is built off the main thread (kv-layout-worker.h) from a model and
 * view options: the view's graph (kv_view_build), its layout
 * (kv_layout_new) and the maps that let the canvas select a world by
 * clicking a node and ring the node showing a selected world. Nodes of
 * grouped views stand for several worlds: a contracted node for its
 * bisimilar worlds, an envelope node for the worlds with that envelope; a
 * click on one selects a representative world (the first of its group).
 *
 * Scenes are immutable once built; the canvas owns the one it shows.
 * GTK-free.
 */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"
#include "kv-draw.h"

G_BEGIN_DECLS

typedef struct {
  KvLayout   *layout;       /* the drawing */
  KvViewKind  kind;         /* the view shown (never KV_VIEW_AUTO) */
  KvModel    *model;        /* the model whose worlds are meant, or NULL
                             * for a bare layout */
  guint      *node_world;   /* per node: a world of @model (a representative
                             * one for grouped views) */
  int        *world_node;   /* per world of @model: the node showing it, or -1;
                             * NULL for a bare layout */
} KvCanvasScene;

/* Builds the view @options of @model and lays it out with @engine in
 * @context. Checks @cancellable between steps. Errors: kv_view_build's
 * (KV_ERROR_LIMIT when the view does not fit), kv_layout_new's, or
 * G_IO_ERROR_CANCELLED. */
KvCanvasScene *kv_canvas_scene_build      (KvLayoutContext      *context,
                                           KvModel              *model,
                                           const KvViewOptions  *options,
                                           KvLayoutEngine        engine,
                                           GCancellable         *cancellable,
                                           GError              **error);

/* A scene for a layout made elsewhere: node i stands for its graph node's
 * world. Takes a reference to @layout. */
KvCanvasScene *kv_canvas_scene_new_for_layout (KvLayout *layout);

void           kv_canvas_scene_free       (KvCanvasScene *scene);

guint          kv_canvas_scene_n_nodes    (const KvCanvasScene *scene);
/* The node showing @world, or -1. */
int            kv_canvas_scene_node_of    (const KvCanvasScene *scene, int world);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvCanvasScene, kv_canvas_scene_free)

G_END_DECLS
