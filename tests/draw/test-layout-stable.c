// SPDX-License-Identifier: GPL-3.0-or-later
/* Stable pictures (kv_layout_new_stable): a world that survives a step, or
 * appears in the next product stage, keeps its coordinates; only new worlds
 * are placed. */
#include "config.h"

#include <math.h>

#include "kv-draw.h"
#include "../engine/kv-test-util.h"

static KvLayout *
layout_stable (KvLayoutContext *context, KvGraph *graph, KvPlaces *places)
{
  g_autoptr(GError) error = NULL;
  KvLayout *layout = kv_layout_new_stable (context, graph, KV_LAYOUT_AUTO, places, &error);

  g_assert_no_error (error);
  g_assert_nonnull (layout);
  return layout;
}

static KvGraph *
view_graph (const KvHistory *history, guint step, KvViewKind kind)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvGraph *graph;

  kv_view_options_init (&options);
  options.kind = kind;
  graph = kv_view_build (kv_history_get (history, step)->model, &options, &error);
  g_assert_no_error (error);
  return graph;
}

static int
node_labelled (const KvLayout *layout, const char *label)
{
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    if (g_str_equal (kv_graph_place_key (layout->graph, i), label))
      return (int) i;
  return -1;
}

/* Every node of @later labelled as one of @earlier sits where it sat;
 * returns how many did. */
static guint
assert_kept (const KvLayout *earlier, const KvLayout *later)
{
  guint kept = 0;

  for (guint i = 0; i < kv_graph_n_nodes (later->graph); i++)
    {
      int j = node_labelled (earlier, kv_graph_place_key (later->graph, i));

      if (j < 0)
        continue;
      g_assert_cmpfloat_with_epsilon (later->nodes[i].x, earlier->nodes[j].x, 1e-6);
      g_assert_cmpfloat_with_epsilon (later->nodes[i].y, earlier->nodes[j].y, 1e-6);
      kept++;
    }
  return kept;
}

/* Every step of a game, one view: the surviving worlds stay put, and the
 * frame (the page) stays the same size. */
static void
check_steps (const char *game, KvViewKind kind)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvHistory) history = test_open_history (game);
  g_autoptr(KvLayout) first = NULL;
  g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_layout_unref);

  g_assert_cmpuint (history->entries->len, >=, 2);
  for (guint step = 0; step < history->entries->len; step++)
    {
      g_autoptr(KvGraph) graph = view_graph (history, step, kind);
      KvLayout *layout = layout_stable (context, graph, places);

      g_ptr_array_add (layouts, layout);
      if (step == 0)
        continue;
      /* Announcements only remove worlds: all of this step's are known. */
      g_assert_cmpuint (assert_kept (g_ptr_array_index (layouts, 0), layout), ==,
                        kv_graph_n_nodes (graph));
      g_assert_cmpuint (assert_kept (g_ptr_array_index (layouts, step - 1), layout), ==,
                        kv_graph_n_nodes (graph));
      g_assert_cmpfloat (layout->width, ==, ((KvLayout *) g_ptr_array_index (layouts, 0))->width);
      g_assert_cmpfloat (layout->height, ==, ((KvLayout *) g_ptr_array_index (layouts, 0))->height);
    }
}

static void
test_hexa_steps (void)
{
  check_steps ("hexa-show", KV_VIEW_WHOLE);
}

static void
test_clue11_envelope_steps (void)
{
  check_steps ("clue11", KV_VIEW_ENVELOPE);
}

/* The product stages of one step: the pairs that survive into the result
 * keep their places, and a new world placed later does not move old ones. */
static void
test_hexa_product_stages (void)
{
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvHistory) history = test_open_history ("hexa-show");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  KvProductStage stages[] = { KV_PRODUCT_STAGE_PAIRS, KV_PRODUCT_STAGE_LINKS, KV_PRODUCT_STAGE_RESULT };
  g_autoptr(KvLayout) pairs = NULL;

  g_assert_no_error (error);
  for (guint s = 0; s < G_N_ELEMENTS (stages); s++)
    {
      KvViewOptions options;
      g_autoptr(KvGraph) graph = NULL;
      g_autoptr(KvLayout) layout = NULL;

      kv_view_options_init (&options);
      graph = kv_product_view_build (view, stages[s], &options, &error);
      g_assert_no_error (error);
      layout = layout_stable (context, graph, places);
      if (pairs == NULL)
        pairs = kv_layout_ref (layout);
      else
        g_assert_cmpuint (assert_kept (pairs, layout), ==, kv_graph_n_nodes (graph));
    }
  g_assert_cmpuint (kv_places_size (places), ==, kv_graph_n_nodes (pairs->graph));
}

/* A graph with a world the places have not seen: the known ones keep
 * their places relative to each other, the new one gets a place of its own. */
static void
test_new_world_placed (void)
{
  const char *names[] = { "a", "b", NULL };
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvGraph) before = kv_graph_new ("before", 2, names);
  g_autoptr(KvGraph) after = kv_graph_new ("after", 2, names);
  g_autoptr(KvLayout) first = NULL;
  g_autoptr(KvLayout) second = NULL;
  const char *worlds[] = { "w1", "w2", "w3", "w4", "w5" };

  for (guint i = 0; i < 4; i++)
    kv_graph_add_node (before, worlds[i], NULL, i == 0 ? KV_NODE_ACTUAL : 0, i);
  for (guint i = 0; i < 5; i++)
    kv_graph_add_node (after, worlds[i], NULL, i == 0 ? KV_NODE_ACTUAL : 0, i);
  kv_graph_add_edge (before, 0, 0, 1);
  kv_graph_add_edge (before, 1, 1, 2);
  kv_graph_add_edge (before, 0, 2, 3);
  kv_graph_add_edge (after, 0, 0, 1);
  kv_graph_add_edge (after, 1, 1, 2);
  kv_graph_add_edge (after, 0, 2, 3);
  kv_graph_add_edge (after, 1, 3, 4);

  first = layout_stable (context, before, places);
  second = layout_stable (context, after, places);
  g_assert_cmpuint (kv_places_size (places), ==, 5);
  for (guint i = 1; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (second->nodes[i].x - second->nodes[0].x,
                                      first->nodes[i].x - first->nodes[0].x, 1e-6);
      g_assert_cmpfloat_with_epsilon (second->nodes[i].y - second->nodes[0].y,
                                      first->nodes[i].y - first->nodes[0].y, 1e-6);
    }
  /* The new world is not on top of an old one, and lies in the frame. */
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (hypot (second->nodes[4].x - second->nodes[i].x,
                              second->nodes[4].y - second->nodes[i].y), >, 1.0);
  g_assert_cmpfloat (second->nodes[4].x, >=, 0);
  g_assert_cmpfloat (second->nodes[4].x, <=, second->width);
  g_assert_cmpfloat (second->nodes[4].y, >=, 0);
  g_assert_cmpfloat (second->nodes[4].y, <=, second->height);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layout/stable/hexa-steps", test_hexa_steps);
  g_test_add_func ("/layout/stable/clue11-envelope-steps", test_clue11_envelope_steps);
  g_test_add_func ("/layout/stable/hexa-product-stages", test_hexa_product_stages);
  g_test_add_func ("/layout/stable/new-world-placed", test_new_world_placed);
  return g_test_run ();
}
