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

static int
test_compare_u32 (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return (x > y) - (x < y);
}

static void
assert_same_model (const KvModel *a, const KvModel *b)
{
  g_assert_cmpuint (a->n_worlds, ==, b->n_worlds);
  g_assert_cmpuint (a->actual, ==, b->actual);
  g_assert_true (memcmp (a->deal, b->deal, a->n_worlds * sizeof (guint32)) == 0);
  for (guint x = 0; x < a->game->n_agents; x++)
    {
      g_assert_cmpuint (a->n_classes[x], ==, b->n_classes[x]);
      g_assert_true (memcmp (a->cls[x], b->cls[x], a->n_worlds * sizeof (guint32)) == 0);
    }
}

/* A suggest is updated as one product (the nocards conjoined with the
 * showcard's events): the same model, world for world and class for
 * class, as its answers one by one, at every state of Clue 11. */
static void
test_suggest_as_answers (void)
{
  g_autoptr(KvHistory) history = open_builtin ("clue11");
  const char *suggests[] = {
    "suggest 1 candle Plum", "suggest 2 axe Mustard", "suggest 3 rope Scarlet",
    "suggest 1 lead Mustard", "suggest 2 wrench Green lead", "suggest 3 handgun",
  };

  for (guint i = 0; i < kv_history_length (history); i++)
    for (guint j = 0; j < G_N_ELEMENTS (suggests); j++)
      {
        KvModel *model = kv_history_get (history, i)->model;
        g_autoptr(GError) error = NULL;
        g_autoptr(KvStep) step = kv_step_parse (model->game, suggests[j], NULL, &error);
        g_autoptr(GPtrArray) answers = NULL;
        g_autoptr(KvModel) together = NULL;
        g_autoptr(KvModel) current = kv_model_ref (model);

        g_assert_no_error (error);
        together = kv_model_apply_step (model, step, 0, &error);
        g_assert_no_error (error);
        answers = kv_suggest_expand (model, step);
        for (guint k = 0; k < answers->len; k++)
          {
            KvModel *next = kv_model_apply_step (current, g_ptr_array_index (answers, k), 0, &error);

            g_assert_no_error (error);
            g_clear_pointer (&current, kv_model_unref);
            current = next;
          }
        assert_same_model (together, current);
      }
}

/* Bisimulation by the definition, slowly: refine the partition by deal
 * with, per agent, the sorted set of blocks a world's class meets, until
 * it is stable; blocks numbered in order of first appearance. */
static guint
reference_blocks (const KvModel *m, guint32 *block)
{
  guint count = 0, before;

  for (guint w = 0; w < m->n_worlds; w++)
    block[w] = m->deal[w];
  do
    {
      g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autofree guint32 *next = g_new (guint32, m->n_worlds);

      before = count;
      for (guint w = 0; w < m->n_worlds; w++)
        {
          GString *key = g_string_new (NULL);
          gpointer id;

          g_string_append_printf (key, "%u", block[w]);
          for (guint a = 0; a < m->game->n_agents; a++)
            {
              g_autoptr(GArray) met = g_array_new (FALSE, FALSE, sizeof (guint32));

              for (guint v = 0; v < m->n_worlds; v++)
                if (m->cls[a][v] == m->cls[a][w])
                  g_array_append_val (met, block[v]);
              g_array_sort (met, (GCompareFunc) test_compare_u32);
              g_string_append (key, "|");
              for (guint i = 0; i < met->len; i++)
                if (i == 0 || g_array_index (met, guint32, i) != g_array_index (met, guint32, i - 1))
                  g_string_append_printf (key, " %u", g_array_index (met, guint32, i));
            }
          if (!g_hash_table_lookup_extended (ids, key->str, NULL, &id))
            {
              id = GUINT_TO_POINTER (g_hash_table_size (ids));
              g_hash_table_insert (ids, g_string_free (key, FALSE), id);
            }
          else
            g_string_free (key, TRUE);
          next[w] = GPOINTER_TO_UINT (id);
        }
      count = g_hash_table_size (ids);
      memcpy (block, next, m->n_worlds * sizeof (guint32));
    }
  while (count != before);
  return count;
}

/* The refinement (which compares only the worlds that share a block, and
 * gives a class holding a world alone in its block an id of its own) finds
 * the blocks of the definition, over products whose copies of a world are
 * bisimilar, some of them, or none. */
static void
test_contraction_reference (void)
{
  const char *scripts[] = {
    HEXA COIN "do coin heads\n",
    HEXA PEEK "do peek heads\n",
    HEXA HINT "do hint told\n",
    HEXA COIN PEEK HINT "do coin tails\ndo peek heads\ndo hint silent\n",
    HEXA COIN HINT "do hint silent\ndo coin heads\nshowcard 1 -> 2 r\n",
    HEXA PEEK "do peek tails\nshowcard 3 -> 1 b\ndo peek heads\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    {
      g_autoptr(KvScript) script = test_script (scripts[i]);
      g_autoptr(KvHistory) history = test_history (script);

      for (guint j = 0; j < kv_history_length (history); j++)
        {
          KvModel *m = kv_history_get (history, j)->model;
          g_autofree guint32 *expected = g_new (guint32, m->n_worlds);
          guint n_expected = reference_blocks (m, expected), n_blocks;
          g_autofree guint32 *blocks = kv_bisim_blocks (m, &n_blocks);
          g_autoptr(KvModel) contracted = kv_model_contract (m);
          g_autofree guint32 *again = NULL;
          guint n_again;

          g_assert_cmpuint (n_blocks, ==, n_expected);
          g_assert_true (memcmp (blocks, expected, m->n_worlds * sizeof (guint32)) == 0);
          g_assert_cmpuint (contracted->n_worlds, ==, n_blocks);
          g_assert_cmpuint (contracted->actual, ==, blocks[m->actual]);
          /* The quotient is its own contraction. */
          again = kv_bisim_blocks (contracted, &n_again);
          g_assert_cmpuint (n_again, ==, contracted->n_worlds);
        }
    }
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
  g_test_add_func ("/update/suggest-as-answers", test_suggest_as_answers);
  g_test_add_func ("/update/contraction-reference", test_contraction_reference);
  return g_test_run ();
}
