// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-scene.h: what a canvas shows — a laid-out view of a model and the map
 * between its nodes and the model's worlds.
 *
 * A scene is built off the main thread (kv-layout-worker.h) from a model and
 * view options, or from a graph source (any KvGraph: the product view's
 * stages) and view options: the view's graph (kv_view_build), its layout
 * (kv_layout_new) and the maps that let the canvas select a world by
 * clicking a node and ring the node showing a selected world. Nodes of
 * grouped views stand for several worlds: a contracted node for its
 * bisimilar worlds, an envelope node for the worlds with that envelope; a
 * click on one selects a representative world (the first of its group).
 *
 * Scenes are immutable once built; the canvas owns the one it shows.
 * GTK-free: tested in tests/draw/test-scene.c.
 */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"
#include "kv-graph.h"
#include "kv-layout.h"
#include "kv-view.h"

G_BEGIN_DECLS

/* Builds the graph to show for the view options @options (kind, limit,
 * radius; the highlight and title as given) on the layout thread: it must
 * only read data that stays alive and unchanged while a job may run (the
 * source keeps @user_data until its last job is done). Returns a new graph,
 * or NULL and @error (e.g. KV_ERROR_LIMIT when the view does not fit). */
typedef KvGraph *(*KvGraphFunc) (const KvViewOptions  *options,
                                 gpointer              user_data,
                                 GError              **error);

/* A graph function with its data, reference counted so that jobs queued on
 * the layout thread keep the data alive. @destroy runs when the last
 * reference goes, on whichever thread drops it. */
typedef struct _KvGraphSource KvGraphSource;

KvGraphSource *kv_graph_source_new   (KvGraphFunc     func,
                                      gpointer        user_data,
                                      GDestroyNotify  destroy);
KvGraphSource *kv_graph_source_ref   (KvGraphSource  *source);
void           kv_graph_source_unref (KvGraphSource  *source);

typedef struct {
  KvLayout   *layout;       /* the drawing */
  KvViewKind  kind;         /* the view shown (never KV_VIEW_AUTO for a
                             * model's view) */
  KvModel    *model;        /* the model whose worlds are meant, or NULL
                             * for a bare layout */
  guint      *node_world;   /* per node: a world of @model (a representative
                             * one for grouped views) */
  int        *world_node;   /* per world of @model: the node showing it, or -1;
                             * NULL for a bare layout */
} KvScene;

/* Builds the view @options of @model and lays it out with @engine in
 * @context: with @places (may be NULL), worlds @places knows keep their
 * places (kv_layout_new_stable), and @places learns the new ones. Checks
 * @cancellable between steps. Errors: kv_view_build's (KV_ERROR_LIMIT when
 * the view does not fit), kv_layout_new's, or G_IO_ERROR_CANCELLED. */
KvScene *kv_scene_build          (KvLayoutContext      *context,
                                  KvModel              *model,
                                  const KvViewOptions  *options,
                                  KvLayoutEngine        engine,
                                  KvPlaces             *places,
                                  GCancellable         *cancellable,
                                  GError              **error);

/* Builds @source's graph for @options and lays it out with @engine (and
 * @places, as kv_scene_build): a bare layout (no model; node i stands for
 * its graph node's world). The scene's kind is @options' kind as asked
 * (KV_VIEW_AUTO stays AUTO: the function chose). Errors: @source's,
 * kv_layout_new's, or G_IO_ERROR_CANCELLED. */
KvScene *kv_scene_build_graph    (KvLayoutContext      *context,
                                  KvGraphSource        *source,
                                  const KvViewOptions  *options,
                                  KvLayoutEngine        engine,
                                  KvPlaces             *places,
                                  GCancellable         *cancellable,
                                  GError              **error);

/* A scene for a layout made elsewhere: node i stands for its graph node's
 * world. Takes a reference to @layout. */
KvScene *kv_scene_new_for_layout (KvLayout             *layout);

void     kv_scene_free           (KvScene              *scene);

guint    kv_scene_n_nodes        (const KvScene        *scene);
/* The node showing @world, or -1. */
int      kv_scene_node_of        (const KvScene        *scene,
                                  int                   world);
/* The nodes showing some of @worlds (worlds of the scene's model, which
 * maps them: world_node). */
KvBits  *kv_scene_nodes_of       (const KvScene        *scene,
                                  const KvBits         *worlds);

/* Scenes of steps shown before, so that going back to a step lays out
 * nothing, not even on the layout thread: the canvas shows the scene at
 * once. A scene is found by what it was built from (the model, the view
 * options, the engine and the places) and only while the frame it was laid
 * out in is the frame shown (KvLayout's "frame", or the same frame before
 * it grew): then every world is where the layout thread would put it
 * again. Main thread only. */
typedef struct _KvSceneKey KvSceneKey;
typedef struct _KvSceneCache KvSceneCache;

/* A deep copy of @options (NULL: the defaults) into @copy, which owns its
 * highlight and title: for what outlives the caller's options, a layout
 * job and a cache key. Freed by kv_view_options_clear_copy. */
void          kv_view_options_copy       (const KvViewOptions *options,
                                          KvViewOptions       *copy);
void          kv_view_options_clear_copy (KvViewOptions       *copy);

/* What a scene of @model is built from (kv_scene_build's arguments);
 * copies @options and refs the rest. */
KvSceneKey   *kv_scene_key_new       (KvModel              *model,
                                      const KvViewOptions  *options,
                                      KvLayoutEngine        engine,
                                      KvPlaces             *places);
void          kv_scene_key_free      (KvSceneKey           *key);

/* Keeps the @size scenes shown last, of one KvPlaces at a time. */
KvSceneCache *kv_scene_cache_new     (guint                 size);
void          kv_scene_cache_free    (KvSceneCache         *cache);
void          kv_scene_cache_clear   (KvSceneCache         *cache);
/* A new scene for @key when one was kept and was laid out in the frame of
 * @shown (the layout shown now; NULL: none), or in that frame before it
 * grew (then moved to where @shown has its worlds), else NULL. */
KvScene      *kv_scene_cache_lookup  (KvSceneCache         *cache,
                                      const KvSceneKey     *key,
                                      const KvLayout       *shown);
/* Keeps (a scene sharing the layout of) @scene under @key (taken); drops
 * the scenes of other places. */
void          kv_scene_cache_insert  (KvSceneCache         *cache,
                                      KvSceneKey           *key,
                                      const KvScene        *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvScene, kv_scene_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvSceneKey, kv_scene_key_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvSceneCache, kv_scene_cache_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvGraphSource, kv_graph_source_unref)

G_END_DECLS
