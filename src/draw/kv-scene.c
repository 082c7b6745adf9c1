// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-scene.c: a laid-out view and its node/world maps. */
#define G_LOG_DOMAIN "kv-scene"

#include "config.h"

#include "kv-scene.h"

struct _KvGraphSource
{
  gatomicrefcount  ref;
  KvGraphFunc      func;
  gpointer         user_data;
  GDestroyNotify   destroy;
};

KvGraphSource *
kv_graph_source_new (KvGraphFunc     func,
                     gpointer        user_data,
                     GDestroyNotify  destroy)
{
  KvGraphSource *source;

  g_return_val_if_fail (func != NULL, NULL);

  source = g_new0 (KvGraphSource, 1);
  g_atomic_ref_count_init (&source->ref);
  source->func = func;
  source->user_data = user_data;
  source->destroy = destroy;

  return source;
}

KvGraphSource *
kv_graph_source_ref (KvGraphSource *source)
{
  g_return_val_if_fail (source != NULL, NULL);

  g_atomic_ref_count_inc (&source->ref);
  return source;
}

void
kv_graph_source_unref (KvGraphSource *source)
{
  if (source == NULL || !g_atomic_ref_count_dec (&source->ref))
    return;

  if (source->destroy != NULL)
    source->destroy (source->user_data);
  g_free (source);
}

static gboolean
check_cancelled (GCancellable  *cancellable,
                 GError       **error)
{
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
map_worlds (KvScene *scene)
{
  const KvGraph *graph = scene->layout->graph;
  const KvModel *model = scene->model;
  guint n = kv_graph_n_nodes (graph);

  scene->node_world = g_new0 (guint, MAX (n, 1));
  scene->world_node = g_new (int, MAX (model->n_worlds, 1));
  for (guint w = 0; w < model->n_worlds; w++)
    scene->world_node[w] = -1;

  switch (scene->kind)
    {
    case KV_VIEW_CONTRACTED:
      {
        /* Node i is the quotient's world, which is bisimulation block
         * kv_graph_node (i)->world of the model. */
        g_autofree guint32 *blocks = NULL;
        g_autofree int *block_node = NULL;
        guint n_blocks = 0;

        blocks = kv_bisim_blocks (model, &n_blocks);
        block_node = g_new (int, MAX (n_blocks, 1));
        for (guint b = 0; b < n_blocks; b++)
          block_node[b] = -1;
        for (guint i = 0; i < n; i++)
          {
            guint b = kv_graph_node (graph, i)->world;

            if (b < n_blocks)
              block_node[b] = i;
          }
        for (guint w = model->n_worlds; w-- > 0;)
          {
            int node = block_node[blocks[w]];

            scene->world_node[w] = node;
            if (node >= 0)
              scene->node_world[node] = w;   /* ends at the block's first world */
          }
      }
      break;

    case KV_VIEW_ENVELOPE:
      {
        /* Node i's world is the first world with its envelope; every world
         * with the same envelope hand belongs to it. */
        guint env = kv_game_envelope (model->game);
        g_autoptr(GHashTable) node_of_hand = g_hash_table_new (g_int64_hash, g_int64_equal);
        g_autofree gint64 *hands = g_new (gint64, MAX (n, 1));

        for (guint i = 0; i < n; i++)
          {
            guint w = kv_graph_node (graph, i)->world;

            scene->node_world[i] = w;
            hands[i] = (gint64) kv_model_hand (model, w, env);
            g_hash_table_insert (node_of_hand, &hands[i], GUINT_TO_POINTER (i + 1));
          }
        for (guint w = 0; w < model->n_worlds; w++)
          {
            gint64 hand = (gint64) kv_model_hand (model, w, env);

            scene->world_node[w] = GPOINTER_TO_INT (g_hash_table_lookup (node_of_hand, &hand)) - 1;
          }
      }
      break;

    case KV_VIEW_WHOLE:
    case KV_VIEW_AROUND:
    case KV_VIEW_AUTO:
    default:
      for (guint i = 0; i < n; i++)
        {
          guint w = kv_graph_node (graph, i)->world;

          scene->node_world[i] = w;
          if (w < model->n_worlds)
            scene->world_node[w] = i;
        }
      break;
    }
}

/* A model's view is one kind of graph source. */
static KvGraph *
model_view_graph (const KvViewOptions  *options,
                  gpointer              user_data,
                  GError              **error)
{
  return kv_view_build (user_data, options, error);
}

/* A scene of @layout (taken) showing @kind; with @model, its worlds are
 * mapped to nodes by the view, else node i stands for its graph node's
 * world. */
static KvScene *
scene_new (KvLayout   *layout,
           KvViewKind  kind,
           KvModel    *model)
{
  KvScene *scene;

  scene = g_new0 (KvScene, 1);
  scene->layout = layout;
  scene->kind = kind;
  if (model != NULL)
    {
      scene->model = kv_model_ref (model);
      map_worlds (scene);
    }
  else
    {
      guint n = kv_graph_n_nodes (layout->graph);

      scene->node_world = g_new0 (guint, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        scene->node_world[i] = kv_graph_node (layout->graph, i)->world;
    }

  return scene;
}

/* The one path of every scene: builds @func's graph for @options (NULL:
 * defaults) and lays it out with @engine (and @places when given: then
 * the worlds it knows stay put), stopping early when the job was
 * cancelled meanwhile. With @model (whose view @func builds), the automatic
 * view is decided first, to know which one is shown, and the scene maps
 * the model's worlds. */
static KvScene *
build (KvLayoutContext      *context,
       KvModel              *model,
       KvGraphFunc           func,
       gpointer              user_data,
       const KvViewOptions  *options,
       KvLayoutEngine        engine,
       KvPlaces             *places,
       GCancellable         *cancellable,
       GError              **error)
{
  g_autoptr(KvGraph) graph = NULL;
  g_autoptr(KvLayout) layout = NULL;
  KvViewOptions opts;

  if (options != NULL)
    opts = *options;
  else
    kv_view_options_init (&opts);
  if (model != NULL && opts.kind == KV_VIEW_AUTO)
    opts.kind = kv_view_choose (model, opts.limit);

  if (check_cancelled (cancellable, error))
    return NULL;
  graph = func (&opts, user_data, error);
  if (graph == NULL || check_cancelled (cancellable, error))
    return NULL;
  if (places != NULL)
    layout = kv_layout_new_stable (context, graph, engine, places, error);
  else
    layout = kv_layout_new (context, graph, engine, error);
  if (layout == NULL || check_cancelled (cancellable, error))
    return NULL;

  return scene_new (g_steal_pointer (&layout), opts.kind, model);
}

KvScene *
kv_scene_build (KvLayoutContext      *context,
                KvModel              *model,
                const KvViewOptions  *options,
                KvLayoutEngine        engine,
                KvPlaces             *places,
                GCancellable         *cancellable,
                GError              **error)
{
  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build (context, model, model_view_graph, model, options, engine, places,
                cancellable, error);
}

KvScene *
kv_scene_build_graph (KvLayoutContext      *context,
                      KvGraphSource        *source,
                      const KvViewOptions  *options,
                      KvLayoutEngine        engine,
                      KvPlaces             *places,
                      GCancellable         *cancellable,
                      GError              **error)
{
  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build (context, NULL, source->func, source->user_data, options, engine, places,
                cancellable, error);
}

KvScene *
kv_scene_new_for_layout (KvLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  return scene_new (kv_layout_ref (layout), KV_VIEW_WHOLE, NULL);
}

void
kv_scene_free (KvScene *scene)
{
  if (scene == NULL)
    return;

  g_clear_pointer (&scene->layout, kv_layout_unref);
  g_clear_pointer (&scene->model, kv_model_unref);
  g_clear_pointer (&scene->node_world, g_free);
  g_clear_pointer (&scene->world_node, g_free);
  g_free (scene);
}

guint
kv_scene_n_nodes (const KvScene *scene)
{
  g_return_val_if_fail (scene != NULL, 0);

  return kv_graph_n_nodes (scene->layout->graph);
}

int
kv_scene_node_of (const KvScene *scene,
                  int            world)
{
  guint n;

  g_return_val_if_fail (scene != NULL, -1);

  if (world < 0)
    return -1;
  if (scene->world_node != NULL)
    return (guint) world < scene->model->n_worlds ? scene->world_node[world] : -1;

  n = kv_scene_n_nodes (scene);
  for (guint i = 0; i < n; i++)
    if (scene->node_world[i] == (guint) world)
      return i;
  return -1;
}
