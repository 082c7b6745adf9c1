// SPDX-License-Identifier: GPL-3.0-or-later
/* test-draw-views.c: what each view draws — node and link counts */
#define G_LOG_DOMAIN "test-draw-views"
#include "config.h"

#include <string.h>

#include "kv-draw-test-util.h"

#define HEXA_TEXT \
  "title Hexa\n" \
  "agents 1 2 3\n" \
  "cards r w b\n" \
  "hands 1 1 1\n" \
  "deal 1: r 2: w 3: b\n"

/* Links per agent as the views draw classes: a class of k worlds gives
 * k(k-1)/2 links when k ≤ 3, else a cycle of k. */
static guint
expected_links (const KvModel *model,
                guint          agent)
{
  g_autofree guint *size = g_new0 (guint, model->n_classes[agent]);
  guint links = 0;

  for (guint w = 0; w < model->n_worlds; w++)
    size[model->cls[agent][w]]++;
  for (guint c = 0; c < model->n_classes[agent]; c++)
    links += size[c] <= 3 ? size[c] * (size[c] - 1) / 2 : size[c];

  return links;
}

static void
test_hexa_whole (void)
{
  g_autoptr(KvModel) model = test_text_model (HEXA_TEXT, -1);
  g_autoptr(KvGraph) graph = test_view (model, KV_VIEW_WHOLE, 0, 0);
  int actual;

  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 6);
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 9);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges (graph, a), ==, 3);

  actual = kv_graph_actual (graph);
  g_assert_cmpint (actual, >=, 0);
  g_assert_cmpstr (kv_graph_node (graph, actual)->label, ==, "rwb");

  /* rwb and rbw: linked by 1 only (1 holds r in both). */
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const char *s = kv_graph_node (graph, e->source)->label;
      const char *t = kv_graph_node (graph, e->target)->label;

      g_assert_cmpint (s[e->agent], ==, t[e->agent]);
    }
}

static void
test_hexa_showcard (void)
{
  g_autoptr(KvModel) model = test_text_model (HEXA_TEXT "showcard 1 -> 2 r\n", -1);
  g_autoptr(KvGraph) graph = test_view (model, KV_VIEW_WHOLE, 0, 0);

  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 6);
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 6);
  g_assert_cmpuint (kv_graph_count_edges (graph, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges (graph, 1), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges (graph, 2), ==, 3);
}

static void
test_hexa_highlight (void)
{
  g_autoptr(KvModel) model = test_text_model (HEXA_TEXT, -1);
  g_autoptr(KvFormula) f = kv_formula_parse (model->game, "r@1", NULL, NULL);
  g_autoptr(KvBits) worlds = kv_check_worlds (model, f, NULL);
  g_autoptr(KvGraph) graph = NULL;
  KvViewOptions options;
  guint highlighted = 0;

  kv_view_options_init (&options);
  options.highlight = worlds;
  graph = kv_view_build (model, &options, NULL);
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    if (kv_graph_node (graph, i)->flags & KV_NODE_HIGHLIGHTED)
      {
        g_assert_cmpint (kv_graph_node (graph, i)->label[0], ==, 'r');
        highlighted++;
      }
  g_assert_cmpuint (highlighted, ==, 2);
}

static void
test_twocards (void)
{
  g_autoptr(KvModel) initial = test_game_model ("twocards", 0);
  g_autoptr(KvModel) model = test_game_model ("twocards", -1);
  g_autoptr(KvGraph) before = test_view (initial, KV_VIEW_WHOLE, 0, 0);
  g_autoptr(KvGraph) after = test_view (model, KV_VIEW_WHOLE, 0, 0);
  g_autoptr(KvGraph) contracted = test_view (model, KV_VIEW_CONTRACTED, 0, 0);

  /* Four cards, hands 1 1 2: 12 deals; after twocards a world per deal and
   * order of 3's two cards shown. */
  g_assert_cmpuint (kv_graph_n_nodes (before), ==, 12);
  g_assert_cmpuint (kv_graph_n_nodes (after), ==, model->n_worlds);
  g_assert_cmpuint (kv_graph_n_nodes (after), ==, 24);
  for (guint a = 0; a < 3; a++)
    {
      g_assert_cmpuint (kv_graph_count_edges (before, a), ==, expected_links (initial, a));
      g_assert_cmpuint (kv_graph_count_edges (after, a), ==, expected_links (model, a));
    }
  g_assert_cmpint (kv_graph_actual (after), >=, 0);

  /* A deal paired with two events: two worlds, told apart by a prime. */
  for (guint i = 0; i < kv_graph_n_nodes (after); i++)
    for (guint j = 0; j < i; j++)
      g_assert_cmpstr (kv_graph_node (after, i)->label, !=, kv_graph_node (after, j)->label);
  g_assert_cmpuint (kv_graph_n_nodes (contracted), <=, 24);
  g_assert_cmpint (kv_graph_actual (contracted), >=, 0);
}

static void
test_clue_envelope (void)
{
  g_autoptr(KvModel) model = test_game_model ("clue11", 0);
  g_autoptr(KvGraph) graph = test_view (model, KV_VIEW_ENVELOPE, 0, 0);
  int actual;

  g_assert_cmpuint (model->n_worlds, ==, 47040);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 28);
  actual = kv_graph_actual (graph);
  g_assert_cmpint (actual, >=, 0);
  /* The grid's headers name the cards, so a node shows none: its place
   * key and tooltip still say the envelope. */
  g_assert_cmpstr (kv_graph_node (graph, actual)->label, ==, "");
  g_assert_cmpstr (kv_graph_place_key (graph, actual), ==, "lead Mustard");
  g_assert_true (g_str_has_prefix (kv_graph_node (graph, actual)->tooltip, "envelope: lead Mustard ("));
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    for (guint j = 0; j < i; j++)
      g_assert_cmpstr (kv_graph_place_key (graph, i), !=, kv_graph_place_key (graph, j));

  /* Initially every agent links every two envelopes: one class of 28,
   * drawn as a cycle. */
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges (graph, a), ==, 28);

  /* A notepad grid: weapons as rows, suspects as columns, every cell used
   * once (7 weapons × 4 suspects). */
  g_assert_true (kv_graph_is_grid (graph));
  {
    guint used[7][4] = { { 0 } };

    for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
      {
        const KvNode *node = kv_graph_node (graph, i);

        g_assert_cmpint (node->row, <, 7);
        g_assert_cmpint (node->col, <, 4);
        used[node->row][node->col]++;
      }
    for (guint r = 0; r < 7; r++)
      for (guint c = 0; c < 4; c++)
        g_assert_cmpuint (used[r][c], ==, 1);
    g_assert_cmpint (kv_graph_node (graph, actual)->row, ==, 4);   /* lead: the fifth weapon */
    g_assert_cmpint (kv_graph_node (graph, actual)->col, ==, 1);   /* Mustard: the second suspect */

    /* Headed by the weapons down the side, the suspects across the top. */
    g_assert_cmpuint (graph->row_headers->len, ==, 7);
    g_assert_cmpuint (graph->col_headers->len, ==, 4);
    g_assert_cmpstr (g_ptr_array_index (graph->row_headers, 0), ==, "axe");
    g_assert_cmpstr (g_ptr_array_index (graph->row_headers, 4), ==, "lead");
    g_assert_cmpstr (g_ptr_array_index (graph->col_headers, 1), ==, "Mustard");
    g_assert_cmpstr (g_ptr_array_index (graph->col_headers, 3), ==, "Plum");
  }

  /* After the script only lead's row is left, but the grid keeps every
   * weapon's row and every suspect's column. */
  {
    g_autoptr(KvModel) last = test_game_model ("clue11", -1);
    g_autoptr(KvGraph) after = test_view (last, KV_VIEW_ENVELOPE, 0, 0);

    g_assert_cmpuint (kv_graph_n_nodes (after), ==, 3);
    g_assert_true (kv_graph_is_grid (after));
    g_assert_cmpuint (after->row_headers->len, ==, 7);
    g_assert_cmpuint (after->col_headers->len, ==, 4);
    for (guint i = 0; i < kv_graph_n_nodes (after); i++)
      g_assert_cmpint (kv_graph_node (after, i)->row, ==, 4);
  }

  /* One agent's links at a time. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KvGraph) one = NULL;
    KvViewOptions options;

    kv_view_options_init (&options);
    options.kind = KV_VIEW_ENVELOPE;
    options.links_of = 1;
    one = kv_view_build (model, &options, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kv_graph_count_edges (one, 0), ==, 0);
    g_assert_cmpuint (kv_graph_count_edges (one, 1), ==, 28);
    g_assert_cmpuint (kv_graph_count_edges (one, 2), ==, 0);
  }
}

static void
test_clue_limits (void)
{
  g_autoptr(KvModel) model = test_game_model ("clue11", 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvGraph) around = NULL;
  KvViewOptions options;
  KvGraph *graph;
  guint cut_off = 0;

  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  graph = kv_view_build (model, &options, &error);
  g_assert_null (graph);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "47040"));
  g_assert_nonnull (strstr (error->message, "envelope (28 nodes)"));
  g_assert_nonnull (strstr (error->message, "around"));

  g_assert_cmpint (kv_view_choose (model, 0), ==, KV_VIEW_AGENTS);

  /* Around: capped at the limit, nearest first, links leaving marked. */
  around = test_view (model, KV_VIEW_AROUND, 50, 0);
  g_assert_cmpuint (kv_graph_n_nodes (around), ==, 50);
  g_assert_cmpint (kv_graph_actual (around), ==, 0);
  for (guint i = 0; i < kv_graph_n_nodes (around); i++)
    if (kv_graph_node (around, i)->flags & KV_NODE_CUT_OFF)
      cut_off++;
  g_assert_cmpuint (cut_off, ==, 50);

  /* Labels stay compact but distinct; the full deal is the tooltip. */
  for (guint i = 0; i < kv_graph_n_nodes (around); i++)
    {
      g_assert_cmpuint (strlen (kv_graph_node (around, i)->label), <=, 16);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (kv_graph_node (around, i)->label, !=, kv_graph_node (around, j)->label);
    }
  g_assert_nonnull (strstr (kv_graph_node (around, 0)->tooltip, "Scarlet"));
}

/* Auto draws a graph only while it can be read at fit: Clue 11 after its
 * win has 168 worlds, drawn as its 3 envelopes; at its start, 47 040
 * worlds and 28 envelopes whose links are a tangle, the agents view;
 * a game with no envelope
 * still gets the biggest graph within the limit. */
static void
test_auto (void)
{
  g_autoptr(KvModel) hexa = test_text_model (HEXA_TEXT, -1);
  g_autoptr(KvModel) twocards = test_game_model ("twocards", -1);
  g_autoptr(KvModel) clue_won = test_game_model ("clue11", 8);
  g_autoptr(KvModel) clue_start = test_game_model ("clue11", 0);
  g_autoptr(KvModel) six_cards = test_text_model ("title six\nagents 1 2 3\ncards a b c d e f\nhands 2 2 2\n"
                                                  "deal 1: a b 2: c d 3: e f\n", -1);

  g_assert_cmpint (kv_view_choose (hexa, 0), ==, KV_VIEW_WHOLE);
  g_assert_cmpint (kv_view_choose (twocards, 0), ==, KV_VIEW_WHOLE);
  g_assert_cmpuint (clue_won->n_worlds, ==, 168);
  g_assert_cmpint (kv_view_choose (clue_won, 0), ==, KV_VIEW_ENVELOPE);
  g_assert_cmpint (kv_view_choose (clue_start, 0), ==, KV_VIEW_AGENTS);
  g_assert_cmpuint (six_cards->n_worlds, ==, 90);
  g_assert_cmpint (kv_view_choose (six_cards, 0), ==, KV_VIEW_WHOLE);
  g_assert_cmpint (kv_view_choose (six_cards, 50), ==, KV_VIEW_AROUND);
}

static void
test_hexa_around (void)
{
  g_autoptr(KvModel) model = test_text_model (HEXA_TEXT, -1);
  g_autoptr(KvGraph) graph = NULL;
  KvViewOptions options;

  /* One link from rwb: itself and its three neighbours; those have links
   * leaving the view. */
  kv_view_options_init (&options);
  options.kind = KV_VIEW_AROUND;
  options.radius = 1;
  graph = kv_view_build (model, &options, NULL);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 4);
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 3);
  g_assert_false (kv_graph_node (graph, 0)->flags & KV_NODE_CUT_OFF);
  for (guint i = 1; i < 4; i++)
    g_assert_true (kv_graph_node (graph, i)->flags & KV_NODE_CUT_OFF);

  g_clear_pointer (&graph, kv_graph_unref);
  options.radius = 2;
  graph = kv_view_build (model, &options, NULL);
  g_assert_cmpuint (kv_graph_n_nodes (graph), ==, 6);
  g_assert_cmpuint (kv_graph_n_edges (graph), ==, 9);
}

static void
test_no_envelope (void)
{
  g_autoptr(KvModel) model = test_text_model (HEXA_TEXT, -1);
  g_autoptr(GError) error = NULL;
  KvViewOptions options;

  kv_view_options_init (&options);
  options.kind = KV_VIEW_ENVELOPE;
  g_assert_null (kv_view_build (model, &options, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/draw/view/hexa/whole", test_hexa_whole);
  g_test_add_func ("/draw/view/hexa/showcard", test_hexa_showcard);
  g_test_add_func ("/draw/view/hexa/highlight", test_hexa_highlight);
  g_test_add_func ("/draw/view/hexa/around", test_hexa_around);
  g_test_add_func ("/draw/view/auto", test_auto);
  g_test_add_func ("/draw/view/hexa/no-envelope", test_no_envelope);
  g_test_add_func ("/draw/view/twocards", test_twocards);
  g_test_add_func ("/draw/view/clue11/envelope", test_clue_envelope);
  g_test_add_func ("/draw/view/clue11/limits", test_clue_limits);

  return g_test_run ();
}
