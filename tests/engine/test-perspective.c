// SPDX-License-Identifier: GPL-3.0-or-later
/* An agent's perspective (kv-perspective.h): Hexa by hand, Clue 11 against
 * the knowledge table's class sizes. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-explicit-knowledge.h"

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

/* The owners of each card over a perspective's worlds, as "r:1 w:23 b:23"
 * (owners numbered from 1, the envelope as e). */
static char *
owners_of (const KvModel *model,
           const char    *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvBits) worlds = NULL;
  g_autofree guint32 *owners = NULL;
  guint chain[KV_PERSPECTIVE_MAX], n = 0;
  GString *out = g_string_new (NULL);

  g_assert_true (kv_perspective_parse (model->game, text, chain, &n, &error));
  worlds = kv_perspective_worlds (model, model->actual, chain, n);
  owners = kv_perspective_owners (model, worlds);
  for (guint c = 0; c < model->game->n_cards; c++)
    {
      g_string_append_printf (out, "%s%s:", c > 0 ? " " : "", model->game->card_names[c]);
      for (guint o = 0; o < kv_game_n_owners (model->game); o++)
        if (owners[c] & (1u << o))
          g_string_append_printf (out, o < model->game->n_agents ? "%u" : "e", o + 1);
    }
  return g_string_free (out, FALSE);
}

/* At rwb: 1 knows its r and that w and b are 2's and 3's in some order;
 * along 1 → 2 (bwr rbw rwb wbr) r may be 1's or 3's, w and b anyone's. */
static void
test_hexa_owners (void)
{
  g_autoptr(KvScript) script = test_script (HEXA);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (script->game, 0, &error);
  g_autofree char *one = NULL;
  g_autofree char *one_two = NULL;
  g_autofree char *two = NULL;

  g_assert_no_error (error);
  one = owners_of (model, "1");
  g_assert_cmpstr (one, ==, "r:1 w:23 b:23");
  two = owners_of (model, "2");
  g_assert_cmpstr (two, ==, "r:13 w:2 b:13");
  one_two = owners_of (model, "1>2");
  g_assert_cmpstr (one_two, ==, "r:13 w:123 b:123");
}

/* One agent's perspective leaves open what its column of the knowledge
 * table does, at every step of Clue 11. */
static void
test_clue_owners (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");

  for (guint i = 0; i < kv_history_length (history); i++)
    {
      const KvModel *model = kv_history_get (history, i)->model;
      g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);

      for (guint a = 0; a < model->game->n_agents; a++)
        {
          g_autoptr(KvBits) worlds = kv_perspective_worlds (model, model->actual, &a, 1);
          g_autofree guint32 *owners = kv_perspective_owners (model, worlds);

          for (guint c = 0; c < model->game->n_cards; c++)
            g_assert_cmphex (owners[c], ==, k->agents[a].possible[c]);
        }
    }
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
  g_test_add_func ("/perspective/hexa-owners", test_hexa_owners);
  g_test_add_func ("/perspective/clue-owners", test_clue_owners);
  g_test_add_func ("/perspective/clue-classes", test_clue_classes);
  return g_test_run ();
}
