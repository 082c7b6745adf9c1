// SPDX-License-Identifier: GPL-3.0-or-later
/* An agent's perspective (kv-perspective.h): Hexa by hand, Clue 11 against
 * the knowledge table's class sizes. */
#include "config.h"

#include "kv-test-util.h"

/* The labels of the worlds in @worlds, sorted: "rbw rwb". */
static char *
labels_of (const KvModel *model,
           const KvBits  *worlds)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint w = 0; w < model->n_worlds; w++)
    if (kv_bits_get (worlds, w))
      g_ptr_array_add (labels, kv_model_world_label (model, w));
  g_ptr_array_sort (labels, test_compare_strings);
  g_ptr_array_add (labels, NULL);
  return g_strjoinv (" ", (char **) labels->pdata);
}

static char *
perspective (const KvModel *model,
             const char    *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvBits) worlds = NULL;
  guint chain[KV_PERSPECTIVE_MAX], n = 0;

  g_assert_true (kv_perspective_parse (model->game, text, chain, &n, &error));
  g_assert_no_error (error);
  worlds = kv_perspective_worlds (model, model->actual, chain, n);
  return labels_of (model, worlds);
}

/* At rwb (1 r, 2 w, 3 b): 1 considers rwb and rbw possible; 1 thinks 2 may
 * consider possible bwr besides (if 2 held w) and wbr (if 2 held b); three
 * agents along reach every deal. */
static void
test_hexa (void)
{
  g_autoptr(KvScript) script = test_script (HEXA);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (script->game, 0, &error);
  g_autofree char *one = NULL;
  g_autofree char *one_two = NULL;
  g_autofree char *all = NULL;
  g_autofree char *display = NULL;
  guint chain[KV_PERSPECTIVE_MAX], n = 0;

  g_assert_no_error (error);
  one = perspective (model, "1");
  g_assert_cmpstr (one, ==, "rbw rwb");
  one_two = perspective (model, "1>2");
  g_assert_cmpstr (one_two, ==, "bwr rbw rwb wbr");
  all = perspective (model, "1>2>3");
  g_assert_cmpstr (all, ==, "brw bwr rbw rwb wbr wrb");

  g_assert_true (kv_perspective_parse (model->game, "", chain, &n, &error));
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (kv_perspective_parse (model->game, "3>1", chain, &n, &error));
  display = kv_perspective_to_display (model->game, chain, n);
  g_assert_cmpstr (display, ==, "3 → 1");

  g_assert_false (kv_perspective_parse (model->game, "1>4", chain, &n, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_NAME);
  g_clear_error (&error);
  g_assert_false (kv_perspective_parse (model->game, "1>2>3>1>2", chain, &n, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_NAME);
}

/* Each agent's perspective is its class: as many worlds as the knowledge
 * table says it considers possible, at every step of Clue 11; and a longer
 * chain never has fewer. */
static void
test_clue_classes (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");

  for (guint i = 0; i < kv_history_length (history); i++)
    {
      const KvModel *model = kv_history_get (history, i)->model;
      g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);

      for (guint a = 0; a < model->game->n_agents; a++)
        {
          guint chain[2] = { a, (a + 1) % model->game->n_agents };
          g_autoptr(KvBits) own = kv_perspective_worlds (model, model->actual, chain, 1);
          g_autoptr(KvBits) further = kv_perspective_worlds (model, model->actual, chain, 2);

          g_assert_cmpuint (kv_bits_count (own), ==, k->agents[a].class_size);
          g_assert_cmpuint (kv_bits_count (further), >=, kv_bits_count (own));
          for (guint w = 0; w < model->n_worlds; w++)
            if (kv_bits_get (own, w))
              g_assert_true (kv_bits_get (further, w));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/perspective/hexa", test_hexa);
  g_test_add_func ("/perspective/clue-classes", test_clue_classes);
  return g_test_run ();
}
