// SPDX-License-Identifier: GPL-3.0-or-later
/* Clue 11 (three players, eleven cards): the 47 040 worlds and every
 * built-in action, with counts worked out by hand. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-explicit-knowledge.h"

static KvScript *clue;
static KvModel *initial;

static void
test_initial (void)
{
  g_autoptr(KvKnowledge) k = kv_knowledge_new (initial, initial->actual);
  g_autofree char *label = kv_model_world_label (initial, initial->actual);

  /* 7 × 4 envelopes, then 9!/(3!3!3!) = 1680 deals of the rest. */
  g_assert_cmpuint (initial->n_worlds, ==, 47040);
  g_assert_cmpfloat (kv_game_count_deals (clue->game), ==, 47040.0);
  /* Each agent: 5 × 3 envelopes without its own cards, C(6,3) = 20 deals. */
  for (guint a = 0; a < 3; a++)
    {
      g_assert_cmpuint (k->agents[a].class_size, ==, 300);
    }
  g_assert_cmpuint (k->common.class_size, ==, 47040);
  g_assert_cmpuint (k->winners, ==, 0);
  g_assert_cmpstr (label, ==, "arS dwP chG [lM]");
  /* 1 knows its own cards and that they are not in the envelope. */
  g_assert_true (test_check (initial, "K{1} (Scarlet@1 & ~axe@env)"));
  g_assert_true (test_check (initial, "C{} (lead@env | axe@env | candle@env | dagger@env | handgun@env | rope@env | wrench@env)"));
  g_assert_false (test_check (initial, "C{} ~Scarlet@env"));
  g_assert_true (test_check (initial, "D{1,2} (~Scarlet@env & ~Plum@env)"));
  g_assert_true (test_check (initial, "E{1,2,3} (lead@env -> ~axe@env)"));
  g_assert_true (test_check (initial, "K{2} ~Plum@env & ~E{} ~Plum@env"));
}

static KvModel *
apply (const char *step)
{
  return test_apply (initial, step);
}

/* 2 holds neither candle nor Scarlet: by envelope content, 1680 + 3 × 1120
 * + 6 × 1120 + 18 × 700 = 24 360 deals. */
static void
test_nocard (void)
{
  g_autoptr(KvModel) m = apply ("nocard 2 candle Scarlet");

  g_assert_cmpuint (m->n_worlds, ==, 24360);
  g_assert_true (test_check (m, "C{} (~candle@2 & ~Scarlet@2)"));
}

/* 3 shows candle to 1 out of candle, Scarlet: a world survives once per
 * requested card 3 holds: 24 × 560 + 21 × 560 = 25 200 pairs. */
static void
test_showcard (void)
{
  g_autoptr(KvModel) m = apply ("showcard 3 -> 1 candle of candle Scarlet");
  g_autoptr(KvKnowledge) k = kv_knowledge_new (m, m->actual);
  int candle = kv_game_find_card (clue->game, "candle");

  g_assert_cmpuint (m->n_worlds, ==, 25200);
  g_assert_cmpint (kv_knowledge_known_owner (k->agents[0].possible[candle]), ==, 2);
  g_assert_cmpint (kv_knowledge_known_owner (k->agents[1].possible[candle]), ==, -1);
  g_assert_true (test_check (m, "K{1} candle@3"));
  g_assert_true (test_check (m, "C{} (candle@3 | Scarlet@3)"));
  g_assert_false (test_check (m, "K{2} candle@3"));
  /* 2 knows that 1 knows which card was shown. */
  g_assert_true (test_check (m, "K{2} (K{1} candle@3 | K{1} Scarlet@3)"));
}

/* Without "of", every card is requested: every world survives once. */
static void
test_showcard_any (void)
{
  g_autoptr(KvModel) m = apply ("showcard 3 -> 1 candle");

  g_assert_cmpuint (m->n_worlds, ==, 3 * 47040);
  g_assert_true (test_check (m, "K{1} candle@3"));
}

/* Nobody can win at the start: endmove changes nothing, win is refused. */
static void
test_endmove_win (void)
{
  g_autoptr(KvModel) m = apply ("endmove 1");
  g_autoptr(KvStep) win = kv_step_parse (clue->game, "win 1", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) refused = kv_model_apply_step (initial, win, 0, &error);

  g_assert_cmpuint (m->n_worlds, ==, 47040);
  g_assert_null (refused);
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_assert_nonnull (strstr (error->message, "1 does not know the envelope yet"));
}

/* rope is not 2's in 47 040 − 24 × 560 = 33 600 deals. */
static void
test_announce (void)
{
  g_autoptr(KvModel) m = apply ("announce ~rope@2");
  g_autoptr(KvStep) step = kv_step_parse (clue->game, "announce ~rope@2 & K{1} Plum@2", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) refused = kv_model_apply_step (initial, step, 0, &error);

  g_assert_cmpuint (m->n_worlds, ==, 33600);
  g_assert_null (refused);
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
}

static char *
expanded (KvModel *model, const char *text)
{
  g_autoptr(KvStep) step = kv_step_parse (clue->game, text, NULL, NULL);
  g_autoptr(GPtrArray) answers = kv_suggest_expand (model, step);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < answers->len; i++)
    {
      g_autofree char *line = kv_step_to_string (g_ptr_array_index (answers, i));
      g_string_append_printf (out, "%s%s", i ? "; " : "", line);
    }
  return g_strdup (out->str);
}

/* Responders after the suggester, wrapping, until one shows the first
 * requested card it holds. */
static void
test_suggest (void)
{
  g_autofree char *a = expanded (initial, "suggest 1 candle Plum");
  g_autofree char *b = expanded (initial, "suggest 2 axe Mustard");
  g_autofree char *c = expanded (initial, "suggest 3 lead Mustard");
  g_autofree char *d = expanded (initial, "suggest 2 rope Scarlet");
  g_autoptr(KvModel) m = apply ("suggest 2 axe Mustard");
  g_autoptr(KvModel) manual = test_apply (initial, "nocard 3 axe Mustard");
  g_autoptr(KvModel) manual2 = test_apply (manual, "showcard 1 -> 2 axe of axe Mustard");

  g_assert_cmpstr (a, ==, "showcard 2 -> 1 Plum of candle Plum");
  g_assert_cmpstr (b, ==, "nocard 3 axe Mustard; showcard 1 -> 2 axe of axe Mustard");
  g_assert_cmpstr (c, ==, "nocard 1 lead Mustard; nocard 2 lead Mustard");
  g_assert_cmpstr (d, ==, "nocard 3 rope Scarlet; showcard 1 -> 2 rope of rope Scarlet");
  g_assert_cmpuint (m->n_worlds, ==, manual2->n_worlds);
}

static void
test_responders_next (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvModel) m = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autoptr(GPtrArray) answers = NULL;
  g_autofree char *line = NULL;

  text = kv_script_to_text (clue->game, NULL);
  {
    g_autofree char *next = g_strconcat (text, "responders next\n", NULL);
    script = test_script (next);
  }
  m = kv_model_new_initial (script->game, 0, &error);
  g_assert_no_error (error);
  step = kv_step_parse (script->game, "suggest 2 axe Mustard", NULL, NULL);
  answers = kv_suggest_expand (m, step);
  g_assert_cmpuint (answers->len, ==, 1);
  line = kv_step_to_string (g_ptr_array_index (answers, 0));
  g_assert_cmpstr (line, ==, "nocard 3 axe Mustard");
}

/* The built-in script plays four turns; 1 wins, and then 3 can too. */
static void
test_builtin_script (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvKnowledge) k = NULL;
  KvModel *last;

  g_assert_no_error (error);
  history = test_history (script);
  g_assert_cmpuint (kv_history_length (history), ==, 9);
  last = test_last_model (history);
  k = kv_knowledge_new (last, last->actual);
  g_assert_cmpuint (k->winners, ==, 0x5);
  g_assert_true (test_check (last, "K{1} (lead@env & Mustard@env)"));
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  clue = kv_script_open ("clue11", &error);
  g_assert_no_error (error);
  initial = kv_model_new_initial (clue->game, 0, &error);
  g_assert_no_error (error);

  g_test_add_func ("/clue/initial", test_initial);
  g_test_add_func ("/clue/nocard", test_nocard);
  g_test_add_func ("/clue/showcard", test_showcard);
  g_test_add_func ("/clue/showcard-any", test_showcard_any);
  g_test_add_func ("/clue/endmove-win", test_endmove_win);
  g_test_add_func ("/clue/announce", test_announce);
  g_test_add_func ("/clue/suggest", test_suggest);
  g_test_add_func ("/clue/responders-next", test_responders_next);
  g_test_add_func ("/clue/builtin-script", test_builtin_script);
  status = g_test_run ();
  kv_model_unref (initial);
  kv_script_free (clue);
  return status;
}
