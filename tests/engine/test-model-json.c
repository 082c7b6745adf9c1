// SPDX-License-Identifier: GPL-3.0-or-later
/* test-model-json.c: an explicit model written as .kvm.json and read back
 * is the same model: same knowledge read-outs, same contraction, same
 * answers to formulas, on every step of Hexa and Clue 11; and the reader
 * refuses what is not a model with the error class it documents. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-explicit-knowledge.h"

static KvModel *
round_trip (const KvModel *model, int step)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = kv_model_to_json (model, step);
  KvModel *back = kv_model_from_json (text, strlen (text), 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (back);
  return back;
}

static void
assert_same_perspective (const KvPerspective *a, const KvPerspective *b, guint n_cards)
{
  g_assert_cmpuint (a->class_size, ==, b->class_size);
  g_assert_cmpint (a->wins, ==, b->wins);
  for (guint c = 0; c < n_cards; c++)
    g_assert_cmphex (a->possible[c], ==, b->possible[c]);
}

static gboolean
check (KvModel *model, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvFormula) f = kv_formula_parse (model->game, text, NULL, &error);
  gboolean value = FALSE;

  g_assert_no_error (error);
  g_assert_true (kv_check_actual (model, f, &value, &error));
  g_assert_no_error (error);
  return value;
}

static void
assert_same_model (KvModel *a, KvModel *b, const char *const *formulas)
{
  g_autoptr(KvKnowledge) ka = kv_knowledge_new (a, a->actual);
  g_autoptr(KvKnowledge) kb = kv_knowledge_new (b, b->actual);
  g_autofree guint32 *blocks_a = NULL, *blocks_b = NULL;
  guint n_a, n_b;

  g_assert_cmpuint (a->n_worlds, ==, b->n_worlds);
  g_assert_cmpuint (a->actual, ==, b->actual);
  g_assert_cmpstr (a->game->title, ==, b->game->title);
  for (guint w = 0; w < a->n_worlds; w++)
    {
      g_autofree char *la = kv_model_world_label (a, w);
      g_autofree char *lb = kv_model_world_label (b, w);

      g_assert_cmpstr (la, ==, lb);
      for (guint ag = 0; ag < a->game->n_agents; ag++)
        g_assert_cmpuint (a->cls[ag][w], ==, b->cls[ag][w]);
    }
  g_assert_cmphex (ka->winners, ==, kb->winners);
  for (guint ag = 0; ag < a->game->n_agents; ag++)
    assert_same_perspective (&ka->agents[ag], &kb->agents[ag], a->game->n_cards);
  assert_same_perspective (&ka->common, &kb->common, a->game->n_cards);
  blocks_a = kv_bisim_blocks (a, &n_a);
  blocks_b = kv_bisim_blocks (b, &n_b);
  g_assert_cmpuint (n_a, ==, n_b);
  for (guint i = 0; formulas[i] != NULL; i++)
    g_assert_cmpint (check (a, formulas[i]), ==, check (b, formulas[i]));
}

/* Steps 0 to @max_steps, and the last. */
static void
test_round_trip (const char *game, guint max_steps, const char *const *formulas)
{
  g_autoptr(KvHistory) history = test_open_history (game);
  guint last = kv_history_length (history) - 1;

  for (guint i = 0; i <= last; i = i == max_steps ? MAX (last, i + 1) : i + 1)
    {
      KvModel *model = kv_history_get (history, i)->model;
      g_autoptr(KvModel) back = round_trip (model, (int) i);
      g_autoptr(KvModel) again = round_trip (back, -1);
      g_autofree char *text = kv_model_to_json (model, -1);
      g_autofree char *text_again = kv_model_to_json (again, -1);

      assert_same_model (model, back, formulas);
      /* Written again, the same document. */
      g_assert_cmpstr (text, ==, text_again);
    }
}

static void
test_hexa (void)
{
  static const char *const formulas[] = {
    "K{1} r@1", "K{3} w@2", "win{1} | win{3}", "C{1,2,3} ~w@1", "E{1,3} ~w@1", "D{1,2} b@3",
    "Kw{2} r@1", "M{3} r@2", "[nocard 2 b] win{1}", "<showcard 1 -> 3 r> K{3} r@1", NULL,
  };
  test_round_trip ("hexa", G_MAXUINT, formulas);
  test_round_trip ("hexa-show", G_MAXUINT, formulas);
}

static void
test_clue (void)
{
  static const char *const formulas[] = {
    "K{1} lead@env", "win{1}", "win{2}", "C{1,2,3} ~win{3}", "E{1,2} ~Plum@env", "D{2,3} Mustard@env",
    "M{2} axe@1", "Kw{3} Scarlet@1", "[suggest 2 rope Green] K{2} rope@1", "<endmove 1> C{1,2} ~win{1}", NULL,
  };
  test_round_trip ("clue11", 3, formulas);
}

#define HEXA_HEAD "{\"format\": \"kripkeviz-model\", \"version\": 1, \"agents\": [\"1\",\"2\"], \"cards\": [\"r\",\"w\"], " \
                  "\"owners\": [\"1\",\"2\"], "
#define TWO_WORLDS "\"worlds\": [{\"hands\": {\"1\": [\"r\"], \"2\": [\"w\"]}}, {\"hands\": {\"1\": [\"w\"], \"2\": [\"r\"]}}], "

static void
test_hostile (void)
{
  static const struct { const char *text; int code; const char *message; } cases[] = {
    { "", KV_ERROR_SYNTAX, "JSON object" },
    /* Cut short: said as such, not as json-glib's "unexpected character `{'". */
    { "{", KV_ERROR_SYNTAX, "the file ends early" },
    { "{\"format\": [\"kripkeviz-model\"", KV_ERROR_SYNTAX, "the file ends early" },
    { "{\"format\": \"kripkeviz-mod", KV_ERROR_SYNTAX, "the file ends early" },
    /* Not JSON: the place, without json-glib's "<data>" for a file name. */
    { "{\"format\": 1,}", KV_ERROR_SYNTAX, "not JSON at line 1, column " },
    { "{\"format\": tru}", KV_ERROR_SYNTAX, "not JSON at line 1, column " },
    { "[1]", KV_ERROR_SYNTAX, "JSON object" },
    /* Not UTF-8: the place of the first bad byte. */
    { "{\"format\":\n \"caf\xe9\"}", KV_ERROR_SYNTAX,
      "the file is not UTF-8 text at line 2, column 6: the byte 0xE9 after “ \"caf”" },
    { "{\"format\": \"other\"}", KV_ERROR_SYNTAX, "format" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 2}", KV_ERROR_SYNTAX, "version 2" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": 0}", -1, NULL },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": 2}", KV_ERROR_GAME, "actual" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": -1}", KV_ERROR_GAME, "actual" },
    /* Past 64 bits json-glib reads 10²⁰ as -1: the number is quoted as written. */
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": 100000000000000000000}",
      KV_ERROR_LIMIT, "the number “100000000000000000000” at line 1, column 249 is too large" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": 9223372036854775808}",
      KV_ERROR_LIMIT, "the number “9223372036854775808” at line 1, column 249 is too large" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[18446744073709551617]], \"2\": [[0,1]]}, \"actual\": 0}",
      KV_ERROR_LIMIT, "the number “18446744073709551617” at line 1, column " },
    { "{\"format\": \"kripkeviz-model\",\n \"version\": -100000000000000000000}", KV_ERROR_LIMIT,
      "the number “-100000000000000000000” at line 2, column 13 is too small" },
    /* A number inside a string is no number. */
    { "{\"format\": \"kripkeviz-model\", \"title\": \"100000000000000000000\", \"version\": 2}", KV_ERROR_SYNTAX, "version 2" },
    /* A byte-order mark, as scripts take it. */
    { "\xEF\xBB\xBF" HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]]}, \"actual\": 0}", -1, NULL },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[0,1]], \"2\": [[0,1]]}, \"actual\": 0}", KV_ERROR_GAME, "two classes" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0]], \"2\": [[0,1]]}, \"actual\": 0}", KV_ERROR_GAME, "no class" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[5]], \"2\": [[0,1]]}, \"actual\": 0}", KV_ERROR_GAME, "no world 5" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[]], \"2\": [[0,1]]}, \"actual\": 0}", KV_ERROR_GAME, "empty class" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]]}, \"actual\": 0}", KV_ERROR_GAME, "“2” has no partition" },
    { HEXA_HEAD TWO_WORLDS "\"partitions\": {\"1\": [[0],[1]], \"2\": [[0,1]], \"7\": []}, \"actual\": 0}", KV_ERROR_NAME, "no agent “7”" },
    { HEXA_HEAD "\"worlds\": [{\"hands\": {\"1\": [\"x\"], \"2\": [\"w\"]}}], \"partitions\": {}, \"actual\": 0}", KV_ERROR_NAME, "no card “x”" },
    { HEXA_HEAD "\"worlds\": [{\"hands\": {\"9\": [\"r\"], \"2\": [\"w\"]}}], \"partitions\": {}, \"actual\": 0}", KV_ERROR_NAME, "no owner “9”" },
    { HEXA_HEAD "\"worlds\": [{\"hands\": {\"1\": [\"r\"], \"2\": [\"r\"]}}], \"partitions\": {}, \"actual\": 0}", KV_ERROR_GAME, "given twice" },
    { HEXA_HEAD "\"worlds\": [{\"hands\": {\"1\": [\"r\"]}}], \"partitions\": {}, \"actual\": 0}", KV_ERROR_GAME, "nobody holds" },
    { HEXA_HEAD "\"worlds\": [{\"hands\": {\"1\": [\"r\"], \"2\": [\"w\"]}}, {\"hands\": {\"1\": [\"r\", \"w\"]}}], "
      "\"partitions\": {}, \"actual\": 0}", KV_ERROR_GAME, "as many cards" },
    { HEXA_HEAD "\"worlds\": [], \"partitions\": {}, \"actual\": 0}", KV_ERROR_GAME, "empty" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 1, \"title\": \"x\\u001b]0;pwned\\u0007\"}", KV_ERROR_SYNTAX,
      "“title” holds a control character (\\e)" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 1, \"agents\": [\"1\",\"1\"]}", KV_ERROR_SYNTAX, "named twice" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 1, \"agents\": [\"a b\"]}", KV_ERROR_SYNTAX, "not a name" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 1, \"agents\": [\"env\"]}", KV_ERROR_SYNTAX, "reserved" },
    { "{\"format\": \"kripkeviz-model\", \"version\": 1, \"agents\": [\"1\"], \"cards\": [\"r\"], \"owners\": [\"2\"]}",
      KV_ERROR_GAME, "owners[0]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvModel) model = kv_model_from_json (cases[i].text, strlen (cases[i].text), 0, &error);

      if (cases[i].code < 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (model);
          continue;
        }
      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_null (model);
      g_assert_error (error, KV_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

static void
test_deep (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(KvModel) model = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '[');
  model = kv_model_from_json (text->str, text->len, 0, &error);
  g_assert_null (model);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
}

/* A name quoted from the file is an excerpt even when it is words, not
 * one long run (the fuzzer's 2 227-byte message). */
static void
test_spaced_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autoptr(KvModel) model = NULL;

  for (guint i = 0; i < 1100; i++)
    g_string_append (name, "x ");
  text = g_strdup_printf (HEXA_HEAD "\"worlds\": [{\"hands\": {\"%s\": [\"r\"]}}], \"partitions\": {}, \"actual\": 0}",
                          name->str);
  model = kv_model_from_json (text, strlen (text), 0, &error);
  g_assert_null (model);
  g_assert_error (error, KV_ERROR, KV_ERROR_NAME);
  g_assert_nonnull (strstr (error->message, "no owner “x x x"));
  g_assert_cmpint (g_utf8_strlen (error->message, -1), <, 200);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model-json/hexa", test_hexa);
  g_test_add_func ("/model-json/clue11", test_clue);
  g_test_add_func ("/model-json/hostile", test_hostile);
  g_test_add_func ("/model-json/deep", test_deep);
  g_test_add_func ("/model-json/spaced-name", test_spaced_name);
  return g_test_run ();
}
