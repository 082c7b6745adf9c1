// SPDX-License-Identifier: GPL-3.0-or-later
/* Hexa against van Ditmarsch's section 3 and Figures 3 and 5. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-explicit-knowledge.h"

static KvModel *
hexa (void)
{
  g_autoptr(KvScript) script = test_script (HEXA);
  g_autoptr(GError) error = NULL;
  KvModel *model = kv_model_new_initial (script->game, 0, &error);

  g_assert_no_error (error);
  return model;
}

static void
test_initial (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autofree char *labels = test_world_labels (m);
  g_autofree char *actual = kv_model_world_label (m, m->actual);

  g_assert_cmpuint (m->n_worlds, ==, 6);
  g_assert_cmpstr (labels, ==, "brw bwr rbw rwb wbr wrb");
  g_assert_cmpstr (actual, ==, "rwb");
  /* The hexagon: each agent links the two deals where it holds the same card. */
  for (guint a = 0; a < 3; a++)
    {
      g_assert_cmpuint (m->n_classes[a], ==, 3);
      g_assert_cmpuint (kv_model_count_links (m, a), ==, 3);
    }
  g_assert_true (test_check (m, "K{1} r@1"));
  g_assert_false (test_check (m, "K{1} w@2"));
  g_assert_true (test_check (m, "C{} (r@1 | w@1 | b@1)"));
  g_assert_false (test_check (m, "win{1} | win{2} | win{3}"));
  /* ↔ over all worlds: 1 holds r exactly where it does not hold w or b. */
  g_assert_true (test_check (m, "C{} (r@1 <-> ~w@1 & ~b@1)"));
  g_assert_false (test_check (m, "C{} (r@1 <-> w@2)"));
}

/* Example 4: nocard — 1 says he does not hold white. */
static void
test_nocard (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(KvModel) after = test_apply (m, "nocard 1 w");
  g_autofree char *labels = test_world_labels (after);

  g_assert_cmpstr (labels, ==, "brw bwr rbw rwb");
  g_assert_cmpuint (kv_model_count_links (after, 0), ==, 2);   /* rwb–rbw, brw–bwr */
  g_assert_cmpuint (kv_model_count_links (after, 1), ==, 1);   /* rwb–bwr */
  g_assert_cmpuint (kv_model_count_links (after, 2), ==, 1);   /* rbw–brw */
  g_assert_true (test_check (after, "C{} ~w@1"));
  /* The paper: "one of you doesn't know that I don't have white" is
   * executable in the same worlds, but afterwards everyone knows it. */
  g_assert_true (test_check (m, "[announce ~w@1 & (~K{2} ~w@1 | ~K{3} ~w@1)] C{} ~w@1"));
}

/* Example 6: after nocard, 2 ends his move; the worlds left are rwb and bwr
 * (the extracted text names them wrongly) and then 1 and 3 can win. */
static void
test_endmove (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(KvModel) nocard = test_apply (m, "nocard 1 w");
  g_autoptr(KvModel) after = test_apply (nocard, "endmove 2");
  g_autofree char *labels = test_world_labels (after);
  g_autoptr(KvKnowledge) k = kv_knowledge_new (after, after->actual);

  g_assert_cmpstr (labels, ==, "bwr rwb");
  g_assert_true (k->agents[0].wins);
  g_assert_false (k->agents[1].wins);
  g_assert_true (k->agents[2].wins);
  g_assert_cmpuint (k->winners, ==, 0x5);
  g_assert_true (test_check (m, "[nocard 1 w] [endmove 2] win{1}"));
  g_assert_false (test_check (m, "[nocard 1 w] win{1}"));
}

/* Example 7: after nocard, 3 says he has won: the worlds where 3 can win
 * are those where 2 cannot, so the result is endmove's. */
static void
test_win (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(KvModel) nocard = test_apply (m, "nocard 1 w");
  g_autoptr(KvModel) win = test_apply (nocard, "win 3");
  g_autofree char *labels = test_world_labels (win);

  g_assert_cmpstr (labels, ==, "bwr rwb");
}

/* Example 5 and Figure 5: 1 shows red to 2 only. No world is eliminated,
 * agent 2's links are all cut, 1 and 3 keep theirs. */
static void
test_showcard (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(KvStep) step = kv_step_parse (m->game, "showcard 1 -> 2 r", NULL, NULL);
  g_autoptr(KvActionModel) am = NULL;
  g_autoptr(KvProduct) product = NULL;
  g_autoptr(KvModel) after = NULL;
  g_autoptr(GError) error = NULL;
  guint actual;

  am = kv_action_model_for_step (step, &actual);
  g_assert_cmpuint (am->n_events, ==, 3);
  after = kv_model_update (m, am, actual, 0, &product, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->n_worlds * am->n_events, ==, 18);
  g_assert_cmpuint (product->n_pairs, ==, 6);
  g_assert_cmpuint (kv_model_count_links (after, 0), ==, 3);
  g_assert_cmpuint (kv_model_count_links (after, 1), ==, 0);
  g_assert_cmpuint (kv_model_count_links (after, 2), ==, 3);
  {
    KvProductCounts counts;

    kv_product_count (m, product, after, &counts);
    g_assert_cmpuint (counts.pairs_tried, ==, 18);
    g_assert_cmpuint (counts.pairs_kept, ==, 6);
    g_assert_cmpuint (counts.links_kept[0], ==, 3);
    g_assert_cmpuint (counts.links_cut[0], ==, 0);
    g_assert_cmpuint (counts.links_kept[1], ==, 0);
    g_assert_cmpuint (counts.links_cut[1], ==, 3);
    g_assert_cmpuint (counts.links_kept[2], ==, 3);
    g_assert_cmpuint (counts.links_cut[2], ==, 0);
  }

  /* Higher-order knowledge after the action. */
  g_assert_true (test_check (after, "K{2} r@1"));
  g_assert_true (test_check (after, "K{1} K{2} r@1"));
  g_assert_false (test_check (after, "K{3} K{2} r@1"));
  g_assert_true (test_check (after, "K{3} Kw{2} r@1"));
  g_assert_true (test_check (after, "C{} win{2}"));
  g_assert_false (test_check (after, "win{1}"));
  g_assert_true (test_check (m, "[showcard 1 -> 2 r] K{1} K{2} r@1"));
  g_assert_false (test_check (m, "[showcard 1 -> 2 r] K{3} K{2} r@1"));
  /* 2 could win already after the showcard: its win changes nothing. */
  g_assert_true (test_check (m, "[showcard 1 -> 2 r] <win 2> true"));
}

/* A step that is false at the actual world is refused and says why. */
static void
test_refused (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) nocard = kv_step_parse (m->game, "nocard 1 r", NULL, NULL);
  g_autoptr(KvStep) show = kv_step_parse (m->game, "showcard 2 -> 1 r", NULL, NULL);
  g_autoptr(KvStep) win = kv_step_parse (m->game, "win 1", NULL, NULL);
  KvModel *after;

  after = kv_model_apply_step (m, nocard, 0, &error);
  g_assert_null (after);
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_assert_nonnull (strstr (error->message, "1 holds r"));
  g_clear_error (&error);

  after = kv_model_apply_step (m, show, 0, &error);
  g_assert_null (after);
  g_assert_nonnull (strstr (error->message, "2 does not hold r"));
  g_clear_error (&error);

  after = kv_model_apply_step (m, win, 0, &error);
  g_assert_null (after);
  g_assert_nonnull (strstr (error->message, "1 does not know the deal"));
  g_assert_cmpuint (m->n_worlds, ==, 6);
}

/* The diamond fails where the step cannot be executed; the box holds. */
static void
test_dynamic_vacuous (void)
{
  g_autoptr(KvModel) m = hexa ();

  g_assert_true (test_check (m, "[nocard 1 r] false"));
  g_assert_false (test_check (m, "<nocard 1 r> true"));
  g_assert_true (test_check (m, "<nocard 1 w> true"));
  /* Everywhere 1 considers possible (rwb, rbw), after "1 shows red to 3" 3 knows 1's card. */
  g_assert_true (test_check (m, "K{1} [showcard 1 -> 3 r] K{3} r@1"));
}

/* A suggest under a hypothetical step expands against the actual deal
 * (rwb: 1 answers 3 with r), not against the product's point: in wrb,
 * the world 3 cannot tell from rwb, "1 shows r" cannot happen. */
static void
test_suggest_actual_deal (void)
{
  g_autoptr(KvModel) m = hexa ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) announce = NULL;
  g_autoptr(KvModel) after = NULL;

  g_assert_true (test_check (m, "K{3} [nocard 1 r] [suggest 3 r] false"));
  g_assert_false (test_check (m, "M{3} <nocard 1 r> <suggest 3 r> true"));
  g_assert_true (test_check (m, "<suggest 3 r> K{3} r@1"));

  /* Announcing such a formula: true, so accepted; its negation refused. */
  announce = kv_step_parse (m->game, "announce K{3} [nocard 1 r] [suggest 3 r] false", NULL, &error);
  g_assert_no_error (error);
  after = kv_model_apply_step (m, announce, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (after->n_worlds, ==, 6);
  g_clear_pointer (&announce, kv_step_unref);
  announce = kv_step_parse (m->game, "!M{3} <nocard 1 r> <suggest 3 r> true", NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&after, kv_model_unref);
  after = kv_model_apply_step (m, announce, 0, &error);
  g_assert_null (after);
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hexa/initial", test_initial);
  g_test_add_func ("/hexa/example4-nocard", test_nocard);
  g_test_add_func ("/hexa/example6-endmove", test_endmove);
  g_test_add_func ("/hexa/example7-win", test_win);
  g_test_add_func ("/hexa/example5-showcard-figure5", test_showcard);
  g_test_add_func ("/hexa/refused", test_refused);
  g_test_add_func ("/hexa/dynamic-vacuous", test_dynamic_vacuous);
  g_test_add_func ("/hexa/suggest-actual-deal", test_suggest_actual_deal);
  return g_test_run ();
}
