// SPDX-License-Identifier: GPL-3.0-or-later
/* The product view: van Ditmarsch's Figure 5 stage by stage, twocards, and
 * a Clue 11 showcard through the envelope view. */
#include "config.h"

#include "kv-draw.h"

static KvHistory *
open_history (const char *name_or_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = strchr (name_or_text, '\n')
    ? kv_script_parse (name_or_text, strlen (name_or_text), "test.kvg", &error)
    : kv_script_open (name_or_text, &error);
  KvHistory *history;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  return history;
}

static guint
count_nodes (const KvGraph *graph, KvNodeFlags flag)
{
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n += (kv_graph_node (graph, i)->flags & flag) != 0;
  return n;
}

static KvGraph *
stage (const KvProductView *view, KvProductStage s, KvViewKind kind)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvGraph *graph;

  kv_view_options_init (&options);
  options.kind = kind;
  graph = kv_product_view_build (view, s, &options, &error);
  g_assert_no_error (error);
  return graph;
}

/* Figure 5: 18 pairs, 12 struck; 6 kept, 2's links all cut, 1 and 3 keep 3. */
static void
test_hexa_showcard (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa-show");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) action = NULL, pairs = NULL, links = NULL, result = NULL;
  g_autofree char *describe = NULL;

  g_assert_no_error (error);
  action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (action), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges (action, 0), ==, 0);   /* 1 tells the events apart */
  g_assert_cmpuint (kv_graph_count_edges (action, 1), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges (action, 2), ==, 3);   /* 3 cannot */
  g_assert_cmpstr (kv_graph_node (action, kv_graph_actual (action))->label, ==, "r: r@1");

  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 18);
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 12);
  g_assert_true (kv_graph_is_grid (pairs));
  g_assert_cmpstr (kv_graph_node (pairs, kv_graph_actual (pairs))->label, ==, "(rwb, r)");

  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 6);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 0, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 0, KV_EDGE_CUT), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, 0), ==, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, KV_EDGE_CUT), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 2, 0), ==, 3);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 2, KV_EDGE_CUT), ==, 0);

  result = stage (view, KV_PRODUCT_STAGE_RESULT, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (result), ==, 6);
  g_assert_cmpuint (kv_graph_count_edges (result, 1), ==, 0);

  describe = kv_product_view_describe (view, KV_PRODUCT_STAGE_PAIRS);
  g_assert_cmpstr (describe, ==, "18 pairs tried, 6 kept, 12 dropped");
}

/* A public announcement is a one-event model: pairs are the worlds, those
 * where it is false struck; no link is cut. */
static void
test_announcement (void)
{
  g_autoptr(KvHistory) history = open_history ("hexa");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) pairs = NULL, links = NULL;

  g_assert_no_error (error);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);
  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 6);
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 2);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 4);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges_with (links, a, KV_EDGE_CUT), ==, 0);

  /* The initial model has no product. */
  g_assert_null (kv_product_view_new_for_entry (history, 0, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
}

/* twocards: 12 × 12 pairs, 24 kept; every agent keeps classes of two. */
static void
test_twocards (void)
{
  g_autoptr(KvHistory) history = open_history ("twocards");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) action = NULL, links = NULL;
  KvViewOptions options;

  g_assert_no_error (error);
  g_assert_cmpuint (view->counts.pairs_tried, ==, 144);
  action = stage (view, KV_PRODUCT_STAGE_ACTION, KV_VIEW_AUTO);
  g_assert_cmpuint (kv_graph_n_nodes (action), ==, 12);
  g_assert_cmpuint (kv_graph_count_edges (action, 2), ==, 0);
  kv_view_options_init (&options);
  options.kind = KV_VIEW_WHOLE;
  {
    g_autoptr(KvGraph) pairs = kv_product_view_build (view, KV_PRODUCT_STAGE_PAIRS, &options, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 144);
    g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 120);
  }
  /* Over a smaller limit the whole view is refused and says what to use. */
  options.limit = 100;
  {
    g_autoptr(KvGraph) pairs = kv_product_view_build (view, KV_PRODUCT_STAGE_PAIRS, &options, &error);

    g_assert_null (pairs);
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    g_assert_nonnull (strstr (error->message, "around view"));
    g_clear_error (&error);
  }
  options.kind = KV_VIEW_AROUND;
  {
    g_autoptr(KvGraph) pairs = kv_product_view_build (view, KV_PRODUCT_STAGE_PAIRS, &options, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kv_graph_n_nodes (pairs), <=, 100);
    g_assert_cmpint (kv_graph_actual (pairs), >=, 0);
  }
  options.kind = KV_VIEW_WHOLE;
  options.limit = 0;
  links = kv_product_view_build (view, KV_PRODUCT_STAGE_LINKS, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 24);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_graph_count_edges_with (links, a, 0), ==, 12);
}

/* A Clue 11 showcard, grouped by envelope: 28 envelopes × 2 events. */
static void
test_clue_envelope (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) clue = kv_script_open ("clue11", &error);
  g_autofree char *header = kv_script_to_text (clue->game, NULL);
  g_autofree char *text = g_strconcat (header, "showcard 3 -> 1 candle of candle Scarlet\n", NULL);
  g_autoptr(KvHistory) history = open_history (text);
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 1, &error);
  g_autoptr(KvGraph) pairs = NULL, links = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (view->counts.pairs_kept, ==, 25200);
  pairs = stage (view, KV_PRODUCT_STAGE_PAIRS, KV_VIEW_AUTO);   /* auto picks the envelopes */
  g_assert_cmpuint (kv_graph_n_nodes (pairs), ==, 56);
  /* Scarlet is never in the envelope with candle … every pair group keeps
   * some pair except (env holds candle, event candle) and likewise Scarlet. */
  g_assert_cmpuint (count_nodes (pairs, KV_NODE_STRUCK), ==, 4 + 7);
  links = stage (view, KV_PRODUCT_STAGE_LINKS, KV_VIEW_ENVELOPE);
  g_assert_cmpuint (kv_graph_n_nodes (links), ==, 56 - 11);
  g_assert_cmpint (kv_graph_actual (links), >=, 0);
  g_assert_cmpuint (kv_graph_count_edges_with (links, 1, KV_EDGE_CUT), ==, 0);   /* 2 only watches */
}

/* A suggestion's product is that of its last answer. */
static void
test_suggest (void)
{
  g_autoptr(KvHistory) history = open_history ("clue11");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvProductView) view = kv_product_view_new_for_entry (history, 3, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (view->step_del, ==, "showcard₁₂{axe}");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/product-view/hexa-showcard", test_hexa_showcard);
  g_test_add_func ("/product-view/announcement", test_announcement);
  g_test_add_func ("/product-view/twocards", test_twocards);
  g_test_add_func ("/product-view/clue-envelope", test_clue_envelope);
  g_test_add_func ("/product-view/suggest", test_suggest);
  return g_test_run ();
}
