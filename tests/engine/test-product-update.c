// SPDX-License-Identifier: GPL-3.0-or-later
/* Product updates beyond Hexa: twocards (Example 12), contraction,
 * custom action models. */
#include "config.h"

#include "kv-test-util.h"

static KvHistory *
open_builtin (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);

  g_assert_no_error (error);
  return test_history (script);
}

/* 3 shows one card to 1 and the other to 2 at once. Each world where 3 holds
 * {i, j} pairs with both (i, j) and (j, i): 12 worlds become 24, and every
 * agent's classes have two worlds. */
static void
test_twocards (void)
{
  g_autoptr(KvHistory) history = open_builtin ("twocards");
  KvModel *before = kv_history_get (history, 0)->model;
  KvModel *after = test_last_model (history);
  guint n_blocks;
  g_autofree guint32 *blocks = kv_bisim_blocks (after, &n_blocks);

  g_assert_cmpuint (before->n_worlds, ==, 12);
  g_assert_cmpuint (after->n_worlds, ==, 24);
  g_assert_cmpuint (n_blocks, ==, 24);
  for (guint a = 0; a < 3; a++)
    {
      g_assert_cmpuint (kv_model_count_links (before, a), ==, a < 2 ? 12 : 6);
      g_assert_cmpuint (kv_model_count_links (after, a), ==, 12);
      g_assert_cmpuint (kv_model_class_size (after, a, after->actual), ==, 2);
    }
  /* 1 saw s, 2 saw w; each knows what it saw, not the other card. */
  g_assert_true (test_check (after, "K{1} s@3 & ~Kw{1} w@3"));
  g_assert_true (test_check (after, "K{2} w@3 & ~Kw{2} s@3"));
  /* 1 knows that 2 was shown 3's other card, whichever it is. */
  g_assert_true (test_check (after, "K{1} (K{2} e@3 | K{2} w@3)"));
  g_assert_true (test_check (after, "K{3} (K{1} s@3 & K{2} w@3)"));
  /* The product: 12 × 12 pairs tried, 24 kept. Among the kept pairs 1 had
   * 4 classes of 6 (15 links each) and keeps 12 links; 3 had 6 classes of 4
   * (6 links each) and keeps 12. */
  {
    g_autoptr(KvStep) step = kv_step_parse (before->game, "do twocards sw", NULL, NULL);
    g_autoptr(KvActionModel) am = NULL;
    g_autoptr(KvProduct) product = NULL;
    g_autoptr(KvModel) again = NULL;
    g_autoptr(GError) error = NULL;
    KvProductCounts counts;
    guint actual;

    am = kv_action_model_for_step (step, &actual);
    again = kv_model_update (before, am, actual, 0, &product, &error);
    g_assert_no_error (error);
    kv_product_count (before, product, again, &counts);
    g_assert_cmpuint (counts.pairs_tried, ==, 144);
    g_assert_cmpuint (counts.pairs_kept, ==, 24);
    g_assert_cmpuint (counts.links_possible[0], ==, 60);
    g_assert_cmpuint (counts.links_kept[0], ==, 12);
    g_assert_cmpuint (counts.links_cut[0], ==, 48);
    g_assert_cmpuint (counts.links_cut[1], ==, 48);
    g_assert_cmpuint (counts.links_possible[2], ==, 36);
    g_assert_cmpuint (counts.links_cut[2], ==, 24);
  }

  /* The same as a dynamic formula on the initial model. */
  g_assert_true (test_check (before, "[do twocards sw] K{1} s@3"));
  g_assert_true (test_check (before, "<do twocards ws> K{1} w@3"));
  g_assert_false (test_check (before, "<do twocards ne> true"));
}

#define COIN \
  "action coin\n  event heads: true\n  event tails: true\n" \
  "  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n"

/* A coin nobody sees changes nothing up to bisimulation: 12 worlds that
 * contract back to Hexa's 6. */
static void
test_contraction (void)
{
  g_autoptr(KvScript) script = test_script (HEXA COIN "do coin heads\n");
  g_autoptr(KvHistory) history = test_history (script);
  KvModel *after = test_last_model (history);
  g_autoptr(KvModel) contracted = kv_model_contract (after);
  g_autofree char *label = kv_model_world_label (contracted, contracted->actual);

  g_assert_cmpuint (after->n_worlds, ==, 12);
  g_assert_cmpuint (contracted->n_worlds, ==, 6);
  g_assert_cmpstr (label, ==, "rwb");
  for (guint a = 0; a < 3; a++)
    g_assert_cmpuint (kv_model_count_links (contracted, a), ==, 3);
}

#define PEEK \
  "action peek\n  event heads: true\n  event tails: true\n" \
  "  agent 1: each\n  agent 2: all\n  agent 3: all\nend\n"

/* Seeing a coin that no card depends on teaches nothing: still bisimilar. */
static void
test_contraction_private_coin (void)
{
  g_autoptr(KvScript) script = test_script (HEXA PEEK "do peek heads\n");
  g_autoptr(KvHistory) history = test_history (script);
  KvModel *after = test_last_model (history);
  guint n_blocks;
  g_autofree guint32 *blocks = kv_bisim_blocks (after, &n_blocks);

  g_assert_cmpuint (after->n_worlds, ==, 12);
  g_assert_cmpuint (n_blocks, ==, 6);
}

#define HINT \
  "action hint\n  event told: w@2\n  event silent: true\n" \
  "  agent 1: each\n  agent 2: all\n  agent 3: all\nend\n"

/* 1 is told "2 holds w", or nothing. In rwb and bwr both events can happen,
 * and after "told" 1 knows the deal, after "silent" it does not: the two
 * copies are not bisimilar, so nothing contracts (6 + 2 worlds). */
static void
test_contraction_hint (void)
{
  g_autoptr(KvScript) script = test_script (HEXA HINT "do hint told\n");
  g_autoptr(KvHistory) history = test_history (script);
  KvModel *after = test_last_model (history);
  guint n_blocks;
  g_autofree guint32 *blocks = kv_bisim_blocks (after, &n_blocks);

  g_assert_cmpuint (after->n_worlds, ==, 8);
  g_assert_cmpuint (n_blocks, ==, 8);
  g_assert_true (test_check (after, "win{1}"));
  g_assert_true (test_check (after, "~K{2} win{1} & M{2} win{1}"));
}

/* An event whose precondition is false at the actual world is refused. */
static void
test_custom_refused (void)
{
  g_autoptr(KvScript) script = test_script (HEXA
    "action tell\n  event red: r@1\n  event white: w@1\n  agent 1: each\n  agent 2: each\n  agent 3: all\nend\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = kv_history_new (script->game, 0, &error);
  g_autoptr(KvStep) step = kv_step_parse (script->game, "do tell white", NULL, &error);

  g_assert_no_error (error);
  g_assert_false (kv_history_push (history, step, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_assert_nonnull (strstr (error->message, "white"));
  g_assert_cmpuint (kv_history_length (history), ==, 1);
}

/* A product over the world limit is refused before it is built. */
static void
test_product_limit (void)
{
  g_autoptr(KvScript) script = test_script (HEXA COIN);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) m = kv_model_new_initial (script->game, 0, &error);
  const KvActionModel *coin = kv_game_find_action (script->game, "coin");
  g_autoptr(KvModel) after = kv_model_update (m, coin, 0, 10, NULL, &error);

  g_assert_null (after);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "12 worlds"));
}

/* Hexa: 1 shows red to 2; the same action written as an action model. */
static void
test_showcard_as_action (void)
{
  g_autoptr(KvScript) script = test_script (HEXA
    "action show\n  event r: r@1\n  event w: w@1\n  event b: b@1\n"
    "  agent 1: each\n  agent 2: each\n  agent 3: all\nend\ndo show r\n");
  g_autoptr(KvHistory) history = test_history (script);
  KvModel *a = test_last_model (history);
  KvModel *initial = kv_history_get (history, 0)->model;
  g_autoptr(KvModel) b = test_apply (initial, "showcard 1 -> 2 r");

  g_assert_cmpuint (a->n_worlds, ==, b->n_worlds);
  for (guint agent = 0; agent < 3; agent++)
    g_assert_cmpuint (kv_model_count_links (a, agent), ==, kv_model_count_links (b, agent));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/update/twocards", test_twocards);
  g_test_add_func ("/update/contraction", test_contraction);
  g_test_add_func ("/update/contraction-private-coin", test_contraction_private_coin);
  g_test_add_func ("/update/contraction-hint", test_contraction_hint);
  g_test_add_func ("/update/custom-refused", test_custom_refused);
  g_test_add_func ("/update/product-limit", test_product_limit);
  g_test_add_func ("/update/showcard-as-action", test_showcard_as_action);
  return g_test_run ();
}
