// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-scene.c: a laid-out view and its node/world maps. */
#define G_LOG_DOMAIN "kv-scene"

#include "config.h"

#include "kv-scene.h"

#include "kv-layout-private.h"

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
    case KV_VIEW_AGENTS:
      {
        /* Node i's world is the first world with its envelope; every world
         * with the same envelope hand belongs to it (in the agents view, to
         * its cell in the last panel; a cell a step removed has no world). */
        guint env = kv_game_envelope (model->game);
        g_autoptr(GHashTable) node_of_hand = g_hash_table_new (g_int64_hash, g_int64_equal);
        g_autofree gint64 *hands = g_new (gint64, MAX (n, 1));

        for (guint i = 0; i < n; i++)
          {
            guint w = kv_graph_node (graph, i)->world;

            scene->node_world[i] = w;
            if (w >= model->n_worlds)
              continue;
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
  opts.engine = engine;

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

KvBits *
kv_scene_nodes_of (const KvScene *scene,
                   const KvBits  *worlds)
{
  KvBits *nodes;

  g_return_val_if_fail (scene != NULL && scene->world_node != NULL, NULL);

  nodes = kv_bits_new (kv_scene_n_nodes (scene));
  for (int w = kv_bits_next (worlds, 0); w >= 0; w = kv_bits_next (worlds, w + 1))
    if ((guint) w < scene->model->n_worlds && scene->world_node[w] >= 0)
      kv_bits_set (nodes, scene->world_node[w]);
  return nodes;
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

/* Scenes of steps shown before */

void
kv_view_options_copy (const KvViewOptions *options,
                      KvViewOptions       *copy)
{
  g_return_if_fail (copy != NULL);

  if (options != NULL)
    *copy = *options;
  else
    kv_view_options_init (copy);
  if (copy->highlight != NULL)
    copy->highlight = kv_bits_copy (copy->highlight);
  copy->title = g_strdup (copy->title);
  if (copy->previous != NULL)
    kv_state_ref (copy->previous);
}

void
kv_view_options_clear_copy (KvViewOptions *copy)
{
  g_return_if_fail (copy != NULL);

  g_clear_pointer ((KvBits **) &copy->highlight, kv_bits_free);
  g_clear_pointer ((char **) &copy->title, g_free);
  g_clear_pointer (&copy->previous, kv_state_unref);
}

struct _KvSceneKey
{
  KvModel        *model;
  KvViewOptions   options;     /* a copy (kv_view_options_copy) */
  KvLayoutEngine  engine;
  KvPlaces       *places;
};

struct _KvSceneCache
{
  GQueue  keys;                /* KvSceneKey, the most recent first */
  GQueue  scenes;              /* KvScene, in the same order */
  guint   size;
};

KvSceneKey *
kv_scene_key_new (KvModel             *model,
                  const KvViewOptions *options,
                  KvLayoutEngine       engine,
                  KvPlaces            *places)
{
  KvSceneKey *key;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (places != NULL, NULL);

  key = g_new0 (KvSceneKey, 1);
  key->model = kv_model_ref (model);
  kv_view_options_copy (options, &key->options);
  key->engine = engine;
  key->places = kv_places_ref (places);
  return key;
}

void
kv_scene_key_free (KvSceneKey *key)
{
  if (key == NULL)
    return;

  kv_model_unref (key->model);
  kv_view_options_clear_copy (&key->options);
  kv_places_unref (key->places);
  g_free (key);
}

static gboolean
key_equal (const KvSceneKey *a,
           const KvSceneKey *b)
{
  const KvViewOptions *x = &a->options, *y = &b->options;

  return a->model == b->model && a->engine == b->engine && a->places == b->places &&
         x->kind == y->kind && x->limit == y->limit && x->radius == y->radius &&
         x->links_of == y->links_of && g_strcmp0 (x->title, y->title) == 0 &&
         x->previous == y->previous && x->panels_across == y->panels_across &&
         (x->highlight == NULL ? y->highlight == NULL
                               : y->highlight != NULL && kv_bits_equal (x->highlight, y->highlight));
}

/* Another scene of the same layout: scenes are immutable, but each has
 * one owner. */
static KvScene *
scene_copy (const KvScene *scene)
{
  KvScene *copy = g_new0 (KvScene, 1);
  guint n = kv_scene_n_nodes (scene);

  copy->layout = kv_layout_ref (scene->layout);
  copy->kind = scene->kind;
  copy->node_world = g_memdup2 (scene->node_world, sizeof (guint) * MAX (n, 1));
  if (scene->model != NULL)
    copy->model = kv_model_ref (scene->model);
  if (scene->world_node != NULL)
    copy->world_node = g_memdup2 (scene->world_node, sizeof (int) * MAX (scene->model->n_worlds, 1));
  return copy;
}

KvSceneCache *
kv_scene_cache_new (guint size)
{
  KvSceneCache *cache = g_new0 (KvSceneCache, 1);

  g_queue_init (&cache->keys);
  g_queue_init (&cache->scenes);
  cache->size = MAX (size, 1);
  return cache;
}

static void
drop_link (KvSceneCache *cache,
           GList        *key_link,
           GList        *scene_link)
{
  kv_scene_key_free (key_link->data);
  kv_scene_free (scene_link->data);
  g_queue_delete_link (&cache->keys, key_link);
  g_queue_delete_link (&cache->scenes, scene_link);
}

void
kv_scene_cache_clear (KvSceneCache *cache)
{
  g_return_if_fail (cache != NULL);

  while (cache->keys.head != NULL)
    drop_link (cache, cache->keys.head, cache->scenes.head);
}

void
kv_scene_cache_free (KvSceneCache *cache)
{
  if (cache == NULL)
    return;

  kv_scene_cache_clear (cache);
  g_free (cache);
}

/* @layout (of a frame that has grown since, and is @shown's frame now)
 * moved into @shown's bounds: every world where @shown has it. NULL when
 * they share no world to tell how far, or @layout is a grid (its headers
 * are placed with it). */
static KvLayout *
layout_moved (const KvLayout *layout,
              const KvLayout *shown)
{
  g_autoptr(GHashTable) shown_nodes = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = kv_graph_n_nodes (layout->graph);
  KvLayout *moved;
  double dx = 0, dy = 0;
  gboolean found = FALSE;

  if (layout->n_headers > 0 || shown->n_headers > 0)
    return NULL;
  for (guint i = 0; i < kv_graph_n_nodes (shown->graph); i++)
    g_hash_table_insert (shown_nodes, (gpointer) kv_graph_place_key (shown->graph, i), GUINT_TO_POINTER (i + 1));
  for (guint i = 0; i < n && !found; i++)
    {
      guint j = GPOINTER_TO_UINT (g_hash_table_lookup (shown_nodes, kv_graph_place_key (layout->graph, i)));

      if (j == 0)
        continue;
      dx = shown->nodes[j - 1].x - layout->nodes[i].x;
      dy = shown->nodes[j - 1].y - layout->nodes[i].y;
      found = TRUE;
    }
  if (!found)
    return NULL;

  moved = g_new0 (KvLayout, 1);
  g_atomic_ref_count_init (&moved->ref);
  moved->graph = kv_graph_ref (layout->graph);
  moved->engine = layout->engine;
  moved->width = shown->width;
  moved->height = shown->height;
  moved->transposed = layout->transposed;
  moved->frame = shown->frame;
  moved->nodes = g_memdup2 (layout->nodes, sizeof (KvLayoutNode) * MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      moved->nodes[i].x += dx;
      moved->nodes[i].y += dy;
    }
  moved->edges = g_new0 (KvLayoutEdge, MAX (kv_graph_n_edges (layout->graph), 1));
  _kv_layout_straight_links (moved);
  return moved;
}

KvScene *
kv_scene_cache_lookup (KvSceneCache     *cache,
                       const KvSceneKey *key,
                       const KvLayout   *shown)
{
  g_return_val_if_fail (cache != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (shown == NULL || shown->frame == 0)
    return NULL;
  for (GList *k = cache->keys.head, *s = cache->scenes.head; k != NULL; k = k->next, s = s->next)
    {
      KvScene *scene = s->data;

      if (!key_equal (k->data, key))
        continue;
      /* A world never leaves its place in a frame, which only grows: a
       * layout of the frame shown now (or moved to its bounds) is what the
       * layout thread would make again. */
      if (scene->layout->frame != shown->frame)
        {
          KvLayout *moved = NULL;

          if (KV_LAYOUT_FRAME_FAMILY (scene->layout->frame) == KV_LAYOUT_FRAME_FAMILY (shown->frame))
            moved = layout_moved (scene->layout, shown);
          if (moved == NULL)
            return NULL;
          /* Kept moved: the frame does not shrink back. */
          kv_layout_unref (scene->layout);
          scene->layout = moved;
        }
      g_queue_unlink (&cache->keys, k);
      g_queue_unlink (&cache->scenes, s);
      g_queue_push_head_link (&cache->keys, k);
      g_queue_push_head_link (&cache->scenes, s);
      return scene_copy (scene);
    }
  return NULL;
}

void
kv_scene_cache_insert (KvSceneCache  *cache,
                       KvSceneKey    *key,
                       const KvScene *scene)
{
  g_return_if_fail (cache != NULL);
  g_return_if_fail (key != NULL);
  g_return_if_fail (scene != NULL);

  /* Only the scenes of @key's places (the view shown) are kept, each once. */
  for (GList *k = cache->keys.head, *s = cache->scenes.head; k != NULL;)
    {
      GList *next_k = k->next, *next_s = s->next;
      const KvSceneKey *old = k->data;

      if (old->places != key->places || key_equal (old, key))
        drop_link (cache, k, s);
      k = next_k;
      s = next_s;
    }
  g_queue_push_head (&cache->keys, key);
  g_queue_push_head (&cache->scenes, scene_copy (scene));
  while (cache->keys.length > cache->size)
    drop_link (cache, cache->keys.tail, cache->scenes.tail);
}
