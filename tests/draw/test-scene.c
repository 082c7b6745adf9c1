// SPDX-License-Identifier: GPL-3.0-or-later
/* test-scene.c: scenes (a laid-out view and its node/world maps) and the
 * layout worker that builds them off the main thread — without a display. */
#define G_LOG_DOMAIN "test-scene"
#include "config.h"

#include "kv-draw-test-util.h"

static const char hexa_text[] =
  "title Hexa\n"
  "agents 1 2 3\n"
  "cards r w b\n"
  "hands 1 1 1\n"
  "deal 1: r 2: w 3: b\n";

/* Hexa after an event nobody can tell from a twin: 12 worlds, each
 * bisimilar to its twin (6 blocks). */
static const char twins_text[] =
  "title Hexa twice\n"
  "agents 1 2 3\n"
  "cards r w b\n"
  "hands 1 1 1\n"
  "deal 1: r 2: w 3: b\n"
  "action twins\n"
  "  event a: true\n"
  "  event b: true\n"
  "  agent 1: a b\n"
  "  agent 2: a b\n"
  "  agent 3: a b\n"
  "end\n"
  "do twins a\n";

static KvScene *
scene_of (KvLayoutContext *context,
          KvModel         *model,
          KvViewKind       kind)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvScene *scene;

  kv_view_options_init (&options);
  options.kind = kind;
  scene = kv_scene_build (context, model, &options, KV_LAYOUT_AUTO, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);

  return scene;
}

/* Every world's node shows it, and every node's world is one it shows. */
static void
assert_maps_agree (const KvScene *scene)
{
  guint n = kv_scene_n_nodes (scene);

  g_assert_nonnull (scene->model);
  g_assert_nonnull (scene->world_node);
  for (guint i = 0; i < n; i++)
    {
      guint w = scene->node_world[i];

      g_assert_cmpuint (w, <, scene->model->n_worlds);
      g_assert_cmpint (kv_scene_node_of (scene, w), ==, (int) i);
    }
  for (guint w = 0; w < scene->model->n_worlds; w++)
    {
      int node = kv_scene_node_of (scene, w);

      g_assert_cmpint (node, ==, scene->world_node[w]);
      if (node >= 0)
        g_assert_cmpint (node, <, (int) n);
    }
  g_assert_cmpint (kv_scene_node_of (scene, -1), ==, -1);
  g_assert_cmpint (kv_scene_node_of (scene, scene->model->n_worlds), ==, -1);
}

static void
test_whole (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) model = test_text_model (hexa_text, -1);
  g_autoptr(KvScene) scene = scene_of (context, model, KV_VIEW_WHOLE);

  g_assert_cmpint (scene->kind, ==, KV_VIEW_WHOLE);
  g_assert_true (scene->model == model);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 6);
  assert_maps_agree (scene);
  for (guint w = 0; w < model->n_worlds; w++)
    g_assert_cmpint (scene->world_node[w], >=, 0);
}

static void
test_auto (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) hexa = test_text_model (hexa_text, -1);
  g_autoptr(KvScene) small = scene_of (context, hexa, KV_VIEW_AUTO);

  /* The automatic view is decided: the scene says which one it shows. */
  g_assert_cmpint (small->kind, ==, KV_VIEW_WHOLE);
  g_assert_cmpint (small->kind, ==, kv_view_choose (hexa, 0));
}

static void
test_around (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) model = test_text_model (hexa_text, -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScene) scene = NULL;
  KvViewOptions options;
  guint shown = 0;

  kv_view_options_init (&options);
  options.kind = KV_VIEW_AROUND;
  options.radius = 1;
  scene = kv_scene_build (context, model, &options, KV_LAYOUT_AUTO, NULL, NULL, &error);
  g_assert_no_error (error);

  /* Four of the six worlds are shown; the other two have no node. */
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 4);
  assert_maps_agree (scene);
  for (guint w = 0; w < model->n_worlds; w++)
    if (kv_scene_node_of (scene, w) >= 0)
      shown++;
  g_assert_cmpuint (shown, ==, 4);
  g_assert_cmpint (kv_scene_node_of (scene, model->actual), >=, 0);
}

static void
test_contracted (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) model = test_text_model (twins_text, -1);
  g_autoptr(KvScene) scene = scene_of (context, model, KV_VIEW_CONTRACTED);
  g_autofree guint32 *blocks = NULL;
  guint n_blocks = 0;

  blocks = kv_bisim_blocks (model, &n_blocks);
  g_assert_cmpuint (model->n_worlds, ==, 12);
  g_assert_cmpuint (n_blocks, ==, 6);
  g_assert_cmpint (scene->kind, ==, KV_VIEW_CONTRACTED);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 6);
  assert_maps_agree (scene);

  /* Bisimilar worlds share a node, whose world is the block's first. */
  for (guint w = 0; w < model->n_worlds; w++)
    {
      int node = kv_scene_node_of (scene, w);

      g_assert_cmpint (node, >=, 0);
      g_assert_cmpuint (kv_graph_node (scene->layout->graph, node)->world, ==, blocks[w]);
      g_assert_cmpuint (scene->node_world[node], <=, w);
      g_assert_cmpuint (blocks[scene->node_world[node]], ==, blocks[w]);
      for (guint v = 0; v < w; v++)
        g_assert_true ((kv_scene_node_of (scene, v) == node) == (blocks[v] == blocks[w]));
    }
}

static void
test_envelope (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) model = test_game_model ("clue11", 0);
  g_autoptr(KvScene) scene = scene_of (context, model, KV_VIEW_ENVELOPE);
  guint env = kv_game_envelope (model->game);

  g_assert_cmpint (scene->kind, ==, KV_VIEW_ENVELOPE);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 28);
  assert_maps_agree (scene);

  /* A world's node is the one of its envelope. */
  for (guint w = 0; w < model->n_worlds; w += 97)
    {
      int node = kv_scene_node_of (scene, w);

      g_assert_cmpint (node, >=, 0);
      g_assert_cmpuint (kv_model_hand (model, scene->node_world[node], env), ==,
                        kv_model_hand (model, w, env));
    }
  g_assert_cmpuint (kv_model_hand (model, scene->node_world[scene->world_node[model->actual]], env), ==,
                    kv_model_hand (model, model->actual, env));
}

static void
test_errors (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) hexa = test_text_model (hexa_text, -1);
  g_autoptr(KvModel) clue = test_game_model ("clue11", 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  KvViewOptions options;

  /* Too big for the whole view: the view's error. */
  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  g_assert_null (kv_scene_build (context, clue, &options, KV_LAYOUT_AUTO, NULL, NULL, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_clear_error (&error);

  /* No envelope in Hexa. */
  options.kind = KV_VIEW_ENVELOPE;
  g_assert_null (kv_scene_build (context, hexa, &options, KV_LAYOUT_AUTO, NULL, NULL, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
  g_clear_error (&error);

  /* Cancelled before it starts. */
  g_cancellable_cancel (cancellable);
  g_assert_null (kv_scene_build (context, hexa, NULL, KV_LAYOUT_AUTO, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A graph source: a triangle of three worlds (7, 8, 9), built on whichever
 * thread asks; counts its calls and its destruction. */
typedef struct {
  gint        calls;
  gint        destroyed;
  KvViewKind  kind;        /* as asked by the last call */
  GThread    *thread;      /* the last call's */
  gboolean    fail;
} Triangle;

static KvGraph *
triangle_graph (const KvViewOptions  *options,
                gpointer              user_data,
                GError              **error)
{
  Triangle *data = user_data;
  const char *agents[] = { "a", "b" };
  KvGraph *graph;

  g_atomic_int_inc (&data->calls);
  data->kind = options->kind;
  data->thread = g_thread_self ();
  if (data->fail)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_LIMIT, "too big");
      return NULL;
    }

  graph = kv_graph_new ("A triangle", 2, agents);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *label = g_strdup_printf ("t%u", i);

      kv_graph_add_node (graph, label, NULL, i == 0 ? KV_NODE_ACTUAL : 0, 7 + i);
    }
  kv_graph_add_edge (graph, 0, 0, 1);
  kv_graph_add_edge (graph, 1, 1, 2);
  kv_graph_add_edge (graph, 0, 0, 2);

  return graph;
}

static void
triangle_destroy (gpointer user_data)
{
  Triangle *data = user_data;

  g_atomic_int_inc (&data->destroyed);
}

static void
test_graph_source (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  Triangle data = { 0 };
  KvGraphSource *source = kv_graph_source_new (triangle_graph, &data, triangle_destroy);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScene) scene = NULL;
  KvViewOptions options;

  kv_view_options_init (&options);
  options.kind = KV_VIEW_AROUND;
  scene = kv_scene_build_graph (context, source, &options, KV_LAYOUT_AUTO, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (data.calls, ==, 1);

  /* A bare layout: the kind as asked, no model, node i's world its graph
   * node's. */
  g_assert_cmpint (scene->kind, ==, KV_VIEW_AROUND);
  g_assert_cmpint (data.kind, ==, KV_VIEW_AROUND);
  g_assert_null (scene->model);
  g_assert_null (scene->world_node);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (scene->node_world[i], ==, 7 + i);
      g_assert_cmpint (kv_scene_node_of (scene, 7 + i), ==, (int) i);
    }
  g_assert_cmpint (kv_scene_node_of (scene, 0), ==, -1);
  g_assert_cmpint (kv_scene_node_of (scene, -1), ==, -1);

  /* The function's error. */
  data.fail = TRUE;
  g_assert_null (kv_scene_build_graph (context, source, NULL, KV_LAYOUT_AUTO, NULL, NULL, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_cmpint (data.kind, ==, KV_VIEW_AUTO);

  /* Destroyed with the last reference. */
  kv_graph_source_ref (source);
  kv_graph_source_unref (source);
  g_assert_cmpint (data.destroyed, ==, 0);
  kv_graph_source_unref (source);
  g_assert_cmpint (data.destroyed, ==, 1);
}

static void
test_new_for_layout (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) model = test_text_model (hexa_text, -1);
  g_autoptr(KvGraph) graph = kv_view_build (model, NULL, NULL);
  g_autoptr(KvLayout) layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, NULL);
  g_autoptr(KvScene) scene = kv_scene_new_for_layout (layout);

  g_assert_true (scene->layout == layout);
  g_assert_cmpint (scene->kind, ==, KV_VIEW_WHOLE);
  g_assert_null (scene->model);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, kv_graph_n_nodes (graph));
  for (guint i = 0; i < kv_scene_n_nodes (scene); i++)
    g_assert_cmpint (kv_scene_node_of (scene, kv_graph_node (graph, i)->world), ==, (int) i);
}

/* Stable scenes: built with one KvPlaces, every world a scene shares with
 * the one before sits at the same coordinates, in the same frame. */

/* The node of @scene whose place key is @key, or -1. */
static int
node_keyed (const KvScene *scene,
            const char    *key)
{
  const KvGraph *graph = scene->layout->graph;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    if (g_str_equal (kv_graph_place_key (graph, i), key))
      return (int) i;
  return -1;
}

/* Every node of @later that @earlier has too is where it was; returns how
 * many there were. */
static guint
assert_same_places (const KvScene *earlier,
                    const KvScene *later)
{
  const KvGraph *graph = later->layout->graph;
  guint kept = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      int j = node_keyed (earlier, kv_graph_place_key (graph, i));

      if (j < 0)
        continue;
      g_assert_cmpfloat (later->layout->nodes[i].x, ==, earlier->layout->nodes[j].x);
      g_assert_cmpfloat (later->layout->nodes[i].y, ==, earlier->layout->nodes[j].y);
      kept++;
    }
  return kept;
}

/* Every node of @later that @earlier has too is where it was up to one
 * shift of the whole picture (a frame of its own starts elsewhere);
 * returns how many there were. */
static guint
assert_same_shape (const KvScene *earlier,
                   const KvScene *later)
{
  const KvGraph *graph = later->layout->graph;
  double dx = 0, dy = 0;
  guint kept = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      int j = node_keyed (earlier, kv_graph_place_key (graph, i));

      if (j < 0)
        continue;
      if (kept++ == 0)
        {
          dx = later->layout->nodes[i].x - earlier->layout->nodes[j].x;
          dy = later->layout->nodes[i].y - earlier->layout->nodes[j].y;
        }
      g_assert_cmpfloat_with_epsilon (later->layout->nodes[i].x - dx, earlier->layout->nodes[j].x, 0.01);
      g_assert_cmpfloat_with_epsilon (later->layout->nodes[i].y - dy, earlier->layout->nodes[j].y, 0.01);
    }
  return kept;
}

static KvScene *
stable_scene_of (KvLayoutContext *context,
                 KvModel         *model,
                 KvViewKind       kind,
                 guint            limit,
                 KvPlaces        *places)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvScene *scene;

  kv_view_options_init (&options);
  options.kind = kind;
  options.limit = limit;
  scene = kv_scene_build (context, model, &options, KV_LAYOUT_AUTO, places, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scene);
  return scene;
}

static void
test_stable_steps (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(GPtrArray) scenes = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_scene_free);
  KvScene *first;

  /* Hexa: 6 worlds, 4 after "nocard 1 w", 2 after "endmove 2". */
  for (int step = 0; step <= 2; step++)
    {
      g_autoptr(KvModel) model = test_game_model ("hexa", step);

      g_ptr_array_add (scenes, stable_scene_of (context, model, KV_VIEW_AUTO, 0, places));
    }
  first = g_ptr_array_index (scenes, 0);
  g_assert_cmpuint (kv_scene_n_nodes (first), ==, 6);
  g_assert_cmpuint (kv_places_size (places), ==, 6);
  g_assert_cmpuint (first->layout->frame, !=, 0);
  for (guint step = 1; step < scenes->len; step++)
    {
      KvScene *before = g_ptr_array_index (scenes, step - 1);
      KvScene *scene = g_ptr_array_index (scenes, step);

      /* Steps only remove worlds: every world shown survived. */
      g_assert_cmpuint (kv_scene_n_nodes (scene), <, kv_scene_n_nodes (before));
      g_assert_cmpuint (assert_same_places (before, scene), ==, kv_scene_n_nodes (scene));
      g_assert_cmpuint (assert_same_places (first, scene), ==, kv_scene_n_nodes (scene));
      /* One frame: the same size, the same id. */
      g_assert_cmpuint (scene->layout->frame, ==, first->layout->frame);
      g_assert_cmpfloat (scene->layout->width, ==, first->layout->width);
      g_assert_cmpfloat (scene->layout->height, ==, first->layout->height);
      assert_maps_agree (scene);
    }

  /* Without places, a step is laid out afresh, in a frame of its own;
   * its worlds still keep their places on the hexagon, which the view
   * takes from the game's initial model (kv-view.c). */
  {
    g_autoptr(KvModel) model = test_game_model ("hexa", 2);
    g_autoptr(KvScene) fresh = stable_scene_of (context, model, KV_VIEW_AUTO, 0, NULL);

    g_assert_cmpuint (fresh->layout->frame, ==, 0);
    g_assert_cmpuint (assert_same_shape (first, fresh), ==, 2);
  }
}

/* A window opened at Hexa's step 2 that steps back to the start: the two
 * worlds it showed stay where they were (in their frame, grown to hold
 * the others), and the four that come back take their places on the
 * hexagon round them, as a fresh picture of the start has them. */
static void
test_stable_back (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvModel) last = test_game_model ("hexa", 2);
  g_autoptr(KvModel) start = test_game_model ("hexa", 0);
  g_autoptr(KvScene) opened = stable_scene_of (context, last, KV_VIEW_AUTO, 0, places);
  g_autoptr(KvScene) back = stable_scene_of (context, start, KV_VIEW_AUTO, 0, places);
  g_autoptr(KvScene) fresh = stable_scene_of (context, start, KV_VIEW_AUTO, 0, NULL);

  g_assert_cmpuint (KV_LAYOUT_FRAME_FAMILY (back->layout->frame), ==,
                    KV_LAYOUT_FRAME_FAMILY (opened->layout->frame));
  g_assert_cmpuint (assert_same_shape (opened, back), ==, 2);
  g_assert_cmpuint (assert_same_shape (fresh, back), ==, 6);
}

/* Twocards stepped from its deal to 3's showing: every world of the
 * result, the 12 the deal showed too, where a window opened at step 1
 * puts it (its deal's two worlds in a column at the deal's cell), up to
 * one shift of the whole picture — not the deal's 12 pinned where the
 * grid had them and 12 more placed round them. And back: the deal in its
 * grid again, as a fresh picture of it. */
static void
test_stable_stack (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvModel) deal = test_game_model ("twocards", 0);
  g_autoptr(KvModel) shown = test_game_model ("twocards", 1);
  g_autoptr(KvScene) first = stable_scene_of (context, deal, KV_VIEW_AUTO, 0, places);
  g_autoptr(KvScene) stepped = stable_scene_of (context, shown, KV_VIEW_AUTO, 0, places);
  g_autoptr(KvScene) back = stable_scene_of (context, deal, KV_VIEW_AUTO, 0, places);
  g_autoptr(KvScene) fresh = stable_scene_of (context, shown, KV_VIEW_AUTO, 0, NULL);
  g_autoptr(KvScene) fresh_deal = stable_scene_of (context, deal, KV_VIEW_AUTO, 0, NULL);

  g_assert_cmpuint (kv_scene_n_nodes (stepped), ==, 24);
  g_assert_cmpuint (KV_LAYOUT_FRAME_FAMILY (stepped->layout->frame), ==,
                    KV_LAYOUT_FRAME_FAMILY (first->layout->frame));
  g_assert_cmpuint (assert_same_shape (fresh, stepped), ==, 24);
  g_assert_cmpuint (assert_same_shape (fresh_deal, back), ==, 12);
}

/* A layout of @layout's graph, its nodes moved by (@dx, @dy) and its
 * bounds as much bigger, in @frame: a frame grown since @layout. */
static KvLayout *
moved_copy (const KvLayout *layout,
            double          dx,
            double          dy,
            guint64         frame)
{
  KvLayout *copy = g_new0 (KvLayout, 1);
  guint n = kv_graph_n_nodes (layout->graph);

  g_atomic_ref_count_init (&copy->ref);
  copy->graph = kv_graph_ref (layout->graph);
  copy->engine = layout->engine;
  copy->width = layout->width + dx;
  copy->height = layout->height + dy;
  copy->frame = frame;
  copy->nodes = g_memdup2 (layout->nodes, sizeof (KvLayoutNode) * MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      copy->nodes[i].x += dx;
      copy->nodes[i].y += dy;
    }
  copy->edges = g_new0 (KvLayoutEdge, MAX (kv_graph_n_edges (layout->graph), 1));
  return copy;
}

static KvSceneKey *
key_of (KvModel     *model,
        KvViewKind   kind,
        const KvBits *highlight,
        KvLayoutEngine engine,
        KvPlaces    *places)
{
  KvViewOptions options;

  kv_view_options_init (&options);
  options.kind = kind;
  options.highlight = highlight;
  return kv_scene_key_new (model, &options, engine, places);
}

/* Steps shown before are kept: found by what they were built from, while
 * their frame is the one shown, as the layout thread would make them. */
static void
test_scene_cache (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvPlaces) other_places = kv_places_new ();
  g_autoptr(KvSceneCache) cache = kv_scene_cache_new (2);
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_model_unref);
  g_autoptr(GPtrArray) scenes = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_scene_free);
  KvModel *models[3];
  const KvLayout *shown;
  guint64 frame;

  for (int step = 0; step <= 2; step++)
    {
      models[step] = test_game_model ("hexa", step);
      g_ptr_array_add (owned, models[step]);
      g_ptr_array_add (scenes, stable_scene_of (context, models[step], KV_VIEW_AUTO, 0, places));
    }
  shown = ((KvScene *) g_ptr_array_index (scenes, 0))->layout;
  frame = shown->frame;
  for (guint step = 0; step < 2; step++)
    kv_scene_cache_insert (cache, key_of (models[step], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places),
                           g_ptr_array_index (scenes, step));

  /* Found: another scene of the same layout, with the same maps, and what
   * the layout thread makes again. */
  {
    g_autoptr(KvSceneKey) key = key_of (models[1], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);
    g_autoptr(KvScene) found = kv_scene_cache_lookup (cache, key, shown);
    g_autoptr(KvScene) again = stable_scene_of (context, models[1], KV_VIEW_AUTO, 0, places);
    const KvScene *built = g_ptr_array_index (scenes, 1);

    g_assert_nonnull (found);
    g_assert_true (found != built);
    g_assert_true (found->layout == built->layout);
    g_assert_true (found->model == models[1]);
    g_assert_cmpint (found->kind, ==, built->kind);
    g_assert_cmpmem (found->node_world, kv_scene_n_nodes (found) * sizeof (guint),
                     built->node_world, kv_scene_n_nodes (built) * sizeof (guint));
    g_assert_cmpmem (found->world_node, models[1]->n_worlds * sizeof (int),
                     built->world_node, models[1]->n_worlds * sizeof (int));
    assert_maps_agree (found);
    g_assert_cmpuint (again->layout->frame, ==, frame);
    g_assert_cmpuint (assert_same_places (again, found), ==, kv_scene_n_nodes (found));
  }

  /* Not found: in another frame, with none shown, for other options, another
   * engine, other places, or a step never kept. */
  {
    g_autoptr(KvBits) highlight = kv_bits_new (models[1]->n_worlds);
    g_autoptr(KvSceneKey) key = key_of (models[1], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);
    g_autoptr(KvSceneKey) lit = key_of (models[1], KV_VIEW_AUTO, highlight, KV_LAYOUT_AUTO, places);
    g_autoptr(KvSceneKey) whole = key_of (models[1], KV_VIEW_WHOLE, NULL, KV_LAYOUT_AUTO, places);
    g_autoptr(KvSceneKey) dot = key_of (models[1], KV_VIEW_AUTO, NULL, KV_LAYOUT_DOT, places);
    g_autoptr(KvSceneKey) elsewhere = key_of (models[1], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, other_places);
    g_autoptr(KvSceneKey) unseen = key_of (models[2], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);

    g_autoptr(KvLayout) other_frame = moved_copy (shown, 0, 0, frame + ((guint64) 1 << 32));
    g_autoptr(KvLayout) own_layout = moved_copy (shown, 0, 0, 0);

    g_assert_null (kv_scene_cache_lookup (cache, key, other_frame));
    g_assert_null (kv_scene_cache_lookup (cache, key, own_layout));
    g_assert_null (kv_scene_cache_lookup (cache, key, NULL));
    g_assert_null (kv_scene_cache_lookup (cache, lit, shown));
    g_assert_null (kv_scene_cache_lookup (cache, whole, shown));
    g_assert_null (kv_scene_cache_lookup (cache, dot, shown));
    g_assert_null (kv_scene_cache_lookup (cache, elsewhere, shown));
    g_assert_null (kv_scene_cache_lookup (cache, unseen, shown));
  }

  /* The frame grew since (a world placed to the left and above): found,
   * every world moved to where the frame has it now. */
  {
    g_autoptr(KvLayout) grown = moved_copy (shown, 10, 5, frame + 1);
    g_autoptr(KvSceneKey) key = key_of (models[1], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);
    g_autoptr(KvScene) found = kv_scene_cache_lookup (cache, key, grown);
    const KvScene *built = g_ptr_array_index (scenes, 1);

    g_assert_cmpuint (KV_LAYOUT_FRAME_FAMILY (grown->frame), ==, KV_LAYOUT_FRAME_FAMILY (frame));
    g_assert_nonnull (found);
    g_assert_cmpuint (found->layout->frame, ==, grown->frame);
    g_assert_cmpfloat (found->layout->width, ==, grown->width);
    g_assert_cmpfloat (found->layout->height, ==, grown->height);
    for (guint i = 0; i < kv_scene_n_nodes (found); i++)
      {
        g_assert_cmpfloat (found->layout->nodes[i].x, ==, built->layout->nodes[i].x + 10);
        g_assert_cmpfloat (found->layout->nodes[i].y, ==, built->layout->nodes[i].y + 5);
      }
    for (guint i = 0; i < kv_graph_n_edges (found->layout->graph); i++)
      {
        const KvEdge *e = kv_graph_edge (found->layout->graph, i);
        const KvLayoutEdge *edge = &found->layout->edges[i];

        g_assert_cmpuint (edge->n_points, >=, 4);
        g_assert_cmpfloat (edge->points[0], ==, found->layout->nodes[e->source].x);
        g_assert_cmpfloat (edge->points[1], ==, found->layout->nodes[e->source].y);
      }
    assert_maps_agree (found);
  }

  /* At most two kept: the third pushes out the one used longest ago (step
   * 0; step 1 was just found). */
  kv_scene_cache_insert (cache, key_of (models[2], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places),
                         g_ptr_array_index (scenes, 2));
  for (int step = 0; step <= 2; step++)
    {
      g_autoptr(KvSceneKey) key = key_of (models[step], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);
      g_autoptr(KvScene) found = kv_scene_cache_lookup (cache, key, shown);

      if (step == 0)
        g_assert_null (found);
      else
        g_assert_nonnull (found);
    }

  /* A scene of other places (another view) drops the others. */
  {
    g_autoptr(KvScene) other = stable_scene_of (context, models[0], KV_VIEW_AUTO, 0, other_places);
    g_autoptr(KvSceneKey) key = key_of (models[2], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, places);
    g_autoptr(KvSceneKey) other_key = key_of (models[0], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, other_places);
    g_autoptr(KvScene) found = NULL;

    kv_scene_cache_insert (cache, key_of (models[0], KV_VIEW_AUTO, NULL, KV_LAYOUT_AUTO, other_places), other);
    g_assert_null (kv_scene_cache_lookup (cache, key, shown));
    found = kv_scene_cache_lookup (cache, other_key, other->layout);
    g_assert_nonnull (found);
  }
}

/* The automatic view turns from envelopes to worlds: that picture shares
 * no world with the first frame and starts its own; going back finds the
 * envelopes where they were. */
static void
test_stable_frames (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvModel) clue = test_game_model ("clue11", 0);
  g_autoptr(KvScene) envelopes = stable_scene_of (context, clue, KV_VIEW_ENVELOPE, 0, places);
  g_autoptr(KvScene) around = stable_scene_of (context, clue, KV_VIEW_AROUND, 12, places);
  g_autoptr(KvScene) again = stable_scene_of (context, clue, KV_VIEW_ENVELOPE, 0, places);
  g_autoptr(KvPlaces) own_places = kv_places_new ();
  g_autoptr(KvScene) own = stable_scene_of (context, clue, KV_VIEW_AROUND, 12, own_places);

  g_assert_cmpuint (kv_scene_n_nodes (envelopes), ==, 28);
  g_assert_cmpuint (kv_scene_n_nodes (around), ==, 12);
  g_assert_cmpuint (kv_places_size (places), ==, 28 + 12);
  g_assert_cmpuint (around->layout->frame, !=, envelopes->layout->frame);
  /* Not stretched over the envelopes' frame: laid out as on its own. */
  g_assert_cmpfloat (around->layout->width, ==, own->layout->width);
  g_assert_cmpfloat (around->layout->height, ==, own->layout->height);

  g_assert_cmpuint (again->layout->frame, ==, envelopes->layout->frame);
  g_assert_cmpuint (assert_same_places (envelopes, again), ==, 28);
}

/* The worker */

typedef struct {
  GPtrArray *scenes;     /* KvScene, or NULL for an error, in callback order */
  GPtrArray *errors;     /* GError, or NULL */
  guint      pending;
} Jobs;

static void
job_done (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Jobs *jobs = user_data;
  GError *error = NULL;
  KvScene *scene = kv_layout_worker_build_finish (result, &error);

  g_assert_true ((scene == NULL) != (error == NULL));
  g_ptr_array_add (jobs->scenes, scene);
  g_ptr_array_add (jobs->errors, error);
  jobs->pending--;
}

static void
error_free (gpointer error)
{
  g_clear_error ((GError **) &error);
}

static void
jobs_init (Jobs *jobs)
{
  jobs->scenes = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_scene_free);
  jobs->errors = g_ptr_array_new_with_free_func (error_free);
  jobs->pending = 0;
}

static void
jobs_wait (Jobs *jobs)
{
  while (jobs->pending > 0)
    g_main_context_iteration (NULL, TRUE);
}

static void
jobs_clear (Jobs *jobs)
{
  g_clear_pointer (&jobs->scenes, g_ptr_array_unref);
  g_clear_pointer (&jobs->errors, g_ptr_array_unref);
}

static void
test_worker (void)
{
  g_autoptr(KvModel) hexa = test_text_model (hexa_text, -1);
  g_autoptr(KvModel) twins = test_text_model (twins_text, -1);
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autoptr(KvBits) highlight = kv_bits_new (hexa->n_worlds);
  KvViewOptions options;
  Jobs jobs;
  KvScene *scene;

  jobs_init (&jobs);

  /* Jobs run in order; the options are copied, so changing (or freeing)
   * them after the call does not matter. */
  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  kv_bits_set (highlight, hexa->actual);
  options.highlight = highlight;
  kv_layout_worker_build_async (NULL, hexa, &options, KV_LAYOUT_AUTO, NULL, NULL, job_done, &jobs);
  options.kind = KV_VIEW_CONTRACTED;
  options.highlight = NULL;
  kv_layout_worker_build_async (NULL, twins, &options, KV_LAYOUT_AUTO, NULL, NULL, job_done, &jobs);
  g_cancellable_cancel (cancelled);
  kv_layout_worker_build_async (NULL, hexa, NULL, KV_LAYOUT_AUTO, NULL, cancelled, job_done, &jobs);
  options.kind = KV_VIEW_WHOLE;
  kv_layout_worker_build_async (NULL, twins, &options, KV_LAYOUT_AUTO, NULL, NULL, job_done, &jobs);
  jobs.pending = 4;
  kv_bits_clear (highlight, hexa->actual);
  jobs_wait (&jobs);

  g_assert_cmpuint (jobs.scenes->len, ==, 4);
  scene = g_ptr_array_index (jobs.scenes, 0);
  g_assert_nonnull (scene);
  g_assert_true (scene->model == hexa);
  g_assert_cmpint (scene->kind, ==, KV_VIEW_WHOLE);
  g_assert_true (kv_graph_node (scene->layout->graph, scene->world_node[hexa->actual])->flags
                 & KV_NODE_HIGHLIGHTED);

  scene = g_ptr_array_index (jobs.scenes, 1);
  g_assert_true (scene->model == twins);
  g_assert_cmpint (scene->kind, ==, KV_VIEW_CONTRACTED);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 6);

  /* A cancelled job returns CANCELLED without stopping those after it. */
  g_assert_null (g_ptr_array_index (jobs.scenes, 2));
  g_assert_error ((GError *) g_ptr_array_index (jobs.errors, 2), G_IO_ERROR, G_IO_ERROR_CANCELLED);

  scene = g_ptr_array_index (jobs.scenes, 3);
  g_assert_cmpint (scene->kind, ==, KV_VIEW_WHOLE);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 12);

  jobs_clear (&jobs);
}

/* Jobs queued at once with one KvPlaces run in order on the worker, which
 * keeps the places alive after the caller lets go. */
static void
test_worker_places (void)
{
  KvPlaces *places = kv_places_new ();
  g_autoptr(KvModel) step0 = test_game_model ("hexa", 0);
  g_autoptr(KvModel) step1 = test_game_model ("hexa", 1);
  g_autoptr(KvModel) step2 = test_game_model ("hexa", 2);
  KvModel *models[] = { step0, step1, step2, step0 };
  Jobs jobs;

  jobs_init (&jobs);
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    kv_layout_worker_build_async (NULL, models[i], NULL, KV_LAYOUT_AUTO, places, NULL, job_done, &jobs);
  jobs.pending = G_N_ELEMENTS (models);
  kv_places_unref (places);
  jobs_wait (&jobs);

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      KvScene *scene = g_ptr_array_index (jobs.scenes, i);

      g_assert_nonnull (scene);
      g_assert_true (scene->model == models[i]);
      g_assert_cmpuint (scene->layout->frame, ==, ((KvScene *) g_ptr_array_index (jobs.scenes, 0))->layout->frame);
      g_assert_cmpuint (assert_same_places (g_ptr_array_index (jobs.scenes, 0), scene), ==,
                        kv_scene_n_nodes (scene));
    }

  jobs_clear (&jobs);
}

static void
test_worker_graph (void)
{
  Triangle data = { 0 };
  KvGraphSource *source = kv_graph_source_new (triangle_graph, &data, triangle_destroy);
  g_autoptr(GError) error = NULL;
  GThread *first;
  KvScene *scene;
  Jobs jobs;

  jobs_init (&jobs);
  kv_layout_worker_build_graph_async (NULL, source, NULL, KV_LAYOUT_AUTO, NULL, NULL, job_done, &jobs);
  kv_layout_worker_build_graph_async (NULL, source, NULL, KV_LAYOUT_AUTO, NULL, NULL, job_done, &jobs);
  jobs.pending = 2;
  /* The jobs keep the source alive. */
  kv_graph_source_unref (source);
  g_assert_cmpint (g_atomic_int_get (&data.destroyed), ==, 0);
  first = data.thread;
  jobs_wait (&jobs);

  g_assert_cmpint (data.calls, ==, 2);
  scene = g_ptr_array_index (jobs.scenes, 1);
  g_assert_nonnull (scene);
  g_assert_cmpuint (kv_scene_n_nodes (scene), ==, 3);
  g_assert_null (scene->model);

  /* Built on the worker's one thread, never on the caller's. */
  g_assert_true (data.thread != g_thread_self ());
  g_assert_true (first == NULL || first == data.thread);

  /* The last job done drops the source: its data is destroyed, once. */
  for (guint i = 0; i < 500 && g_atomic_int_get (&data.destroyed) == 0; i++)
    g_usleep (10 * 1000);
  g_assert_cmpint (g_atomic_int_get (&data.destroyed), ==, 1);

  jobs_clear (&jobs);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/draw/scene/whole", test_whole);
  g_test_add_func ("/draw/scene/auto", test_auto);
  g_test_add_func ("/draw/scene/around", test_around);
  g_test_add_func ("/draw/scene/contracted", test_contracted);
  g_test_add_func ("/draw/scene/envelope", test_envelope);
  g_test_add_func ("/draw/scene/errors", test_errors);
  g_test_add_func ("/draw/scene/graph-source", test_graph_source);
  g_test_add_func ("/draw/scene/new-for-layout", test_new_for_layout);
  g_test_add_func ("/draw/layout-worker/models", test_worker);
  g_test_add_func ("/draw/scene/stable-steps", test_stable_steps);
  g_test_add_func ("/draw/scene/stable-back", test_stable_back);
  g_test_add_func ("/draw/scene/stable-stack", test_stable_stack);
  g_test_add_func ("/draw/scene/stable-frames", test_stable_frames);
  g_test_add_func ("/draw/scene/cache", test_scene_cache);
  g_test_add_func ("/draw/layout-worker/graph-source", test_worker_graph);
  g_test_add_func ("/draw/layout-worker/places", test_worker_places);

  return g_test_run ();
}
