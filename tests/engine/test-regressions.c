// SPDX-License-Identifier: GPL-3.0-or-later
/* test-regressions.c: hostile inputs and limits (issue 7) — every crash,
 * hang or wrong answer found by fuzzing or by hand, and the size limits.
 *
 * The inputs the fuzzers found are in tests/fuzz/regressions/ (script/ and
 * formula/); /regressions/fuzz-inputs runs them all through the parsers and
 * the runner as the harnesses do. */
#include <string.h>

#include "kv-engine.h"

#define HEXA_HEADER "agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n"

/* Hostile inputs get their answer within this many seconds, even in a
 * sanitizer build on a loaded machine. */
#define QUICK 5.0

static KvScript *
open_builtin (const char *name)
{
  g_autoptr(GError) error = NULL;
  KvScript *script = kv_script_open (name, &error);

  g_assert_no_error (error);
  return script;
}

static char *
repeat (const char *s, guint n)
{
  GString *out = g_string_sized_new (strlen (s) * n + 1);

  for (guint i = 0; i < n; i++)
    g_string_append (out, s);
  return g_string_free (out, FALSE);
}

/* The height of @f's tree, counting into announce steps. */
static guint
height (const KvFormula *f)
{
  guint step, left, right;

  if (f == NULL)
    return 0;
  step = f->step != NULL ? height (f->step->formula) : 0;
  left = height (f->left);
  right = height (f->right);
  return MAX (step, MAX (left, right)) + 1;
}

typedef struct {
  const char *open;    /* repeated n times … */
  const char *middle;  /* … then this … */
  const char *close;   /* … then this, n times */
} Nesting;

static const Nesting nestings[] = {
  { "~", "r@1", "" },
  { "[!", "r@1", "] true" },
  { "<!~", "r@1", "> true" },
  { "¬", "r@1", "" },
  { "(", "r@1", ")" },
  { "K{1} ", "r@1", "" },
  { "M{2} ~", "r@1", "" },
  { "C{} ", "r@1", "" },
  { "r@1 -> ", "r@1", "" },
  /* A flat chain ("r@1 & r@1 & …") is not nesting: test_long_chain. */
  { "(r@1 & ", "r@1", ")" },
  { "(r@1 | r@1 | ", "r@1", ")" },
  { "(", "r@1", ") & r@1" },
  { "[nocard 1 w] ", "true", "" },
  { "<endmove 2> ", "true", "" },
  { "[announce ", "r@1", "] true" },
  { "<announce ~", "r@1", "> true" },
};

static char *
nested (const Nesting *n, guint depth)
{
  g_autofree char *open = repeat (n->open, depth);
  g_autofree char *close = repeat (n->close, depth);

  return g_strconcat (open, n->middle, close, NULL);
}

/* 100 000 levels of every operator: an error at a column, not a stack
 * overflow, and quickly. */
static void
test_deep_formula (void)
{
  g_autoptr(KvScript) hexa = open_builtin ("hexa");

  for (guint i = 0; i < G_N_ELEMENTS (nestings); i++)
    {
      g_autofree char *text = nested (&nestings[i], 100000);
      g_autoptr(GError) error = NULL;
      g_autoptr(GTimer) timer = g_timer_new ();
      guint column = 0;
      g_autoptr(KvFormula) f = kv_formula_parse (hexa->game, text, &column, &error);

      g_test_message ("%s...", nestings[i].open);
      g_assert_null (f);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
      g_assert_nonnull (strstr (error->message, "nested more than"));
      g_assert_cmpuint (column, >, 1);
      /* At the level past the limit, not at the end of the text. */
      g_assert_cmpuint (column, <=, strlen (nestings[i].open) * (KV_FORMULA_MAX_DEPTH + 1) + strlen (nestings[i].middle));
      g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, QUICK);
    }
}

/* The same in a script's announce line and in an action's precondition:
 * FILE:LINE:COL and KV_ERROR_LIMIT. */
static void
test_deep_formula_in_script (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (nestings); i++)
    {
      g_autofree char *formula = nested (&nestings[i], 100000);
      g_autofree char *announce = g_strconcat (HEXA_HEADER, "announce ", formula, "\n", NULL);
      g_autofree char *action = g_strconcat (HEXA_HEADER, "action deep\n  event e: ", formula,
                                             "\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) a = kv_script_parse (announce, strlen (announce), "deep.kvg", &error);

      g_assert_null (a);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
      g_assert_true (g_str_has_prefix (error->message, "deep.kvg:5:"));
      g_clear_error (&error);

      g_autoptr(KvScript) b = kv_script_parse (action, strlen (action), "deep.kvg", &error);
      g_assert_null (b);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
      g_assert_true (g_str_has_prefix (error->message, "deep.kvg:6:"));
    }
}

/* The deepest formulas the parser accepts print, parse back and check
 * without the printer or the checker going deeper than the parser let them
 * (the checker would refuse with KV_ERROR_LIMIT). */
static void
test_deepest_formula (void)
{
  g_autoptr(KvScript) hexa = open_builtin ("hexa");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (hexa->game, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (nestings); i++)
    {
      g_autoptr(KvFormula) f = NULL;
      g_autofree char *text = NULL;
      guint depth;

      /* The largest depth that parses. */
      for (depth = KV_FORMULA_MAX_DEPTH + 1; depth > 0 && f == NULL; depth--)
        {
          g_free (text);
          text = nested (&nestings[i], depth);
          f = kv_formula_parse (hexa->game, text, NULL, NULL);
        }
      g_assert_nonnull (f);
      g_test_message ("%s... parses %u deep, tree height %u", nestings[i].open, depth + 1, height (f));
      g_assert_cmpuint (depth + 1, <=, KV_FORMULA_MAX_DEPTH);
      g_assert_cmpuint (height (f), <=, 4 * KV_FORMULA_MAX_DEPTH);

      {
        g_autofree char *ascii = kv_formula_to_string (hexa->game, f, TRUE);
        g_autofree char *unicode = kv_formula_to_string (hexa->game, f, FALSE);
        g_autoptr(KvFormula) again = kv_formula_parse (hexa->game, ascii, NULL, &error);
        g_autofree char *ascii_again = NULL;
        g_autoptr(KvBits) truth = NULL;

        g_assert_no_error (error);
        ascii_again = kv_formula_to_string (hexa->game, again, TRUE);
        g_assert_cmpstr (ascii, ==, ascii_again);
        truth = kv_check_worlds (model, f, &error);
        g_assert_no_error (error);
        g_assert_nonnull (truth);
      }
    }
}

/* A chain of 100 000 operands is long, not deep: it parses (the limit
 * counts nesting, issue 16), as a balanced tree, so the printer, the
 * checker and unref, which recurse, go only log₂ n deep (a left-deep tree
 * used to overflow their stacks); it prints back as written, quickly. */
static void
test_long_chain (void)
{
  g_autoptr(KvScript) hexa = open_builtin ("hexa");
  g_autoptr(KvModel) model = kv_model_new_initial (hexa->game, 0, NULL);
  const char *ops[] = { " & ", " | ", " <-> ", " ∧ " };

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    {
      g_autoptr(GPtrArray) atoms = g_ptr_array_new ();
      g_autofree char *text = NULL;
      g_autofree char *printed = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(KvFormula) f = NULL;
      g_autoptr(KvBits) truth = NULL;
      gboolean unicode = g_str_equal (ops[i], " ∧ ");

      for (guint k = 0; k < 100000; k++)
        g_ptr_array_add (atoms, (gpointer) (k % 3 ? "r@1" : unicode ? "¬w@2" : "~w@2"));
      g_ptr_array_add (atoms, NULL);
      text = g_strjoinv (ops[i], (char **) atoms->pdata);
      f = kv_formula_parse (hexa->game, text, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (height (f), <=, 20);
      printed = kv_formula_to_string (hexa->game, f, !unicode);
      g_assert_cmpstr (printed, ==, text);
      truth = kv_check_worlds (model, f, &error);
      g_assert_no_error (error);
    }
}

/* 10 agents and 60 cards: refused before any allocation, quickly, with the
 * estimated count and the limit. */
static void
test_initial_limit (void)
{
  g_autoptr(GString) text = g_string_new ("agents 1 2 3 4 5 6 7 8 9 10\ncards");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvModel) model = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();

  for (guint c = 0; c < 60; c++)
    g_string_append_printf (text, " c%u", c);
  g_string_append (text, "\nhands 6 6 6 6 6 6 6 6 6 6\ndeal");
  for (guint a = 0; a < 10; a++)
    {
      g_string_append_printf (text, " %u:", a + 1);
      for (guint c = 0; c < 6; c++)
        g_string_append_printf (text, " c%u", a * 6 + c);
    }
  g_string_append_c (text, '\n');

  script = kv_script_parse (text->str, text->len, "big.kvg", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (kv_game_count_deals (script->game), >, 1e53);

  model = kv_model_new_initial (script->game, 0, &error);
  g_assert_null (model);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  /* Counts for people (kv-count.h): 2.22×10⁵³, the limit grouped. */
  g_assert_nonnull (strstr (error->message, "2.22×10⁵³"));
  g_assert_nonnull (strstr (error->message, "2\u202f000\u202f000"));
  g_clear_error (&error);

  history = kv_history_run_script (script, 0, &error);
  g_assert_null (history);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_true (g_str_has_prefix (error->message, "big.kvg:1:1: error: "));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 1.0);
}

/* The limit is the caller's: Hexa's 6 worlds pass a limit of 6, not of 5. */
static void
test_initial_limit_configurable (void)
{
  g_autoptr(KvScript) hexa = open_builtin ("hexa");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) six = kv_model_new_initial (hexa->game, 6, &error);
  g_autoptr(KvModel) five = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (six->n_worlds, ==, 6);
  five = kv_model_new_initial (hexa->game, 5, &error);
  g_assert_null (five);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "limit of 5"));
}

/* A product over the limit is refused with its size and the limit, and the
 * history stays as it was. */
static void
test_product_limit (void)
{
  g_autoptr(KvScript) clue = open_builtin ("clue11");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_new_initial (clue->game, 0, &error);
  g_autoptr(KvActionModel) twice = kv_action_model_new ("twice", clue->game->n_agents, 2);
  g_autoptr(KvModel) doubled = NULL, refused = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvStep) step = NULL;

  g_assert_no_error (error);
  /* Two events nobody tells apart, both always possible: twice the worlds. */
  for (guint e = 0; e < 2; e++)
    {
      twice->event_names[e] = g_strdup (e ? "b" : "a");
      twice->pre[e] = kv_formula_new (KV_FORMULA_TRUE, NULL, NULL);
    }
  doubled = kv_model_update (model, twice, 0, 100000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (doubled->n_worlds, ==, 2 * 47040);
  refused = kv_model_update (doubled, twice, 0, 100000, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "188160"));
  g_assert_nonnull (strstr (error->message, "100000"));
  g_clear_error (&error);

  /* Through a history: refused, and the history keeps its entries. */
  history = kv_history_new (clue->game, 50000, &error);
  g_assert_no_error (error);
  step = kv_step_parse (clue->game, "showcard 1 -> 2 axe", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kv_history_push (history, step, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_cmpuint (kv_history_length (history), ==, 1);
}

/* Steps that change nothing still keep a model each: a script's history is
 * bounded in all. */
static void
test_history_limit (void)
{
  g_autoptr(KvScript) clue = open_builtin ("clue11");
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autofree char *header = kv_script_to_text (clue->game, NULL);

  g_string_append (text, header);
  for (guint i = 0; i < 100; i++)
    g_string_append (text, "nocard 1 candle\n");
  script = kv_script_parse (text->str, text->len, "long.kvg", &error);
  g_assert_no_error (error);
  history = kv_history_run_script (script, 50000, &error);
  g_assert_null (history);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "the history would hold"));
}

/* Block ids of an `agent A: x y | z` line started at n_events, and the
 * product keys world class × n_events + event class collided with the
 * events left out: agent 1 lost track of its own card. */
static void
test_action_blocks (void)
{
  const char *text =
    "agents 1 2\ncards p q\nhands 1 1\ndeal 1: p 2: q\n"
    "action A\n  event e0: true\n  event e1: true\n  event e2: true\n"
    "  agent 1: e1 e2\n  agent 2: all\nend\n"
    "do A e1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (text, strlen (text), "blocks.kvg", &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvFormula) f = NULL;
  const KvActionModel *am;
  KvModel *model;
  gboolean value = FALSE;

  g_assert_no_error (error);
  am = kv_game_find_action (script->game, "A");
  for (guint a = 0; a < script->game->n_agents; a++)
    for (guint e = 0; e < am->n_events; e++)
      g_assert_cmpuint (kv_action_model_class (am, a, e), <, am->n_events);
  g_assert_cmpuint (kv_action_model_class (am, 0, 1), ==, kv_action_model_class (am, 0, 2));
  g_assert_cmpuint (kv_action_model_class (am, 0, 0), !=, kv_action_model_class (am, 0, 1));

  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  model = kv_history_get (history, 1)->model;
  g_assert_cmpuint (model->n_worlds, ==, 6);
  f = kv_formula_parse (script->game, "K{1} p@1", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kv_check_actual (model, f, &value, &error));
  g_assert_true (value);
  /* Agent 1 cannot tell e1 from e2 but tells both from e0. */
  g_assert_cmpuint (kv_model_class_size (model, 0, model->actual), ==, 2);
}

static char *
hexa_actions (guint n, const char *(*event) (guint i, guint e), guint n_events, const char *last)
{
  GString *text = g_string_new (HEXA_HEADER);

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (text, "action A%u\n", i);
      for (guint e = 0; e < n_events; e++)
        g_string_append_printf (text, "  event e%u: %s\n", e, event (i, e));
      g_string_append (text, "  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n");
    }
  g_string_append (text, last);
  return g_string_free (text, FALSE);
}

static char previous_text[256];

/* e_k of A_i: [do A_{i-1} e_k] true */
static const char *
do_previous (guint i, guint e)
{
  if (i == 0)
    return "true";
  g_snprintf (previous_text, sizeof previous_text, "[do A%u e%u] true", i - 1, e);
  return previous_text;
}

/* ~~…~~ [do A_{i-1} e0] true, 100 deep */
static const char *
deep_previous (guint i, guint e)
{
  g_autofree char *nots = repeat ("~~", 50);

  if (i == 0)
    return "true";
  g_snprintf (previous_text, sizeof previous_text, "%s[do A%u e0] true", nots, i - 1);
  return previous_text;
}

/* Each action's events check the previous action: one `do` of the 40th
 * checked 2^40 preconditions. Refused when read, quickly. */
static void
test_action_weight (void)
{
  g_autofree char *text = hexa_actions (40, do_previous, 2, "do A39 e0\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(KvScript) script = kv_script_parse (text, strlen (text), "weight.kvg", &error);

  g_assert_null (script);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "nests other actions too much"));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, QUICK);
}

/* A chain of actions whose preconditions nest around the previous one: the
 * checker recursed through all of them and overflowed the stack. Now it
 * stops at its depth limit with KV_ERROR_LIMIT; a plain chain still runs. */
static void
test_action_chain (void)
{
  g_autofree char *plain = hexa_actions (256, do_previous, 1, "do A255 e0\n");
  g_autofree char *deep = hexa_actions (256, deep_previous, 1, "do A255 e0\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) plain_script = kv_script_parse (plain, strlen (plain), "chain.kvg", &error);
  g_autoptr(KvScript) deep_script = NULL;
  g_autoptr(KvHistory) plain_history = NULL, deep_history = NULL;

  g_assert_no_error (error);
  plain_history = kv_history_run_script (plain_script, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (plain_history), ==, 2);

  deep_script = kv_script_parse (deep, strlen (deep), "chain.kvg", &error);
  g_assert_no_error (error);
  deep_history = kv_history_run_script (deep_script, 0, &error);
  g_assert_null (deep_history);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "nested more than"));
  g_assert_null (strstr (error->message, "false"));
}

/* What a script may declare: actions, events, steps. */
static void
test_script_limits (void)
{
  struct { const char *what; char *text; } cases[3];
  GString *events = g_string_new (HEXA_HEADER "action many\n");
  GString *steps = g_string_new (HEXA_HEADER);

  for (guint e = 0; e < 1025; e++)
    g_string_append_printf (events, "  event e%u: true\n", e);
  g_string_append (events, "  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n");
  for (guint s = 0; s < 10001; s++)
    g_string_append (steps, "nocard 1 w\n");

  cases[0].what = "257 actions";
  cases[0].text = hexa_actions (257, do_previous, 1, "");
  cases[1].what = "1025 events";
  cases[1].text = g_string_free (events, FALSE);
  cases[2].what = "10001 steps";
  cases[2].text = g_string_free (steps, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = kv_script_parse (cases[i].text, strlen (cases[i].text), "many.kvg", &error);

      g_test_message ("%s: %s", cases[i].what, error ? error->message : "(parsed)");
      g_assert_null (script);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
      g_assert_true (g_str_has_prefix (error->message, "many.kvg:"));
      g_free (cases[i].text);
    }
}

/* The inputs in tests/fuzz/regressions/, as the harnesses run them. */
static void
test_fuzz_inputs (void)
{
  g_autofree char *scripts = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions", "script", NULL);
  g_autofree char *formulas = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions", "formula", NULL);
  g_autoptr(GDir) dir = g_dir_open (scripts, 0, NULL);
  g_autoptr(KvScript) hexa = open_builtin ("hexa");
  g_autoptr(KvScript) clue = open_builtin ("clue11");
  g_autoptr(KvModel) hexa_model = kv_model_new_initial (hexa->game, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (scripts, name, NULL);
      g_autofree char *text = NULL;
      gsize length;
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = NULL;
      g_autoptr(KvHistory) history = NULL;

      g_autoptr(GTimer) timer = g_timer_new ();

      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      script = kv_script_parse (text, length, name, &error);
      if (script != NULL)
        history = kv_history_run_script (script, 5000, &error);
      if (error != NULL)
        g_assert_true (g_str_has_prefix (error->message, name));
      g_test_message ("%s: %.3f s", name, g_timer_elapsed (timer, NULL));
      g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, QUICK);
      n++;
    }
  g_clear_pointer (&dir, g_dir_close);

  dir = g_dir_open (formulas, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (formulas, name, NULL);
      g_autofree char *text = NULL;
      KvGame *games[] = { hexa->game, clue->game };

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      for (guint g = 0; g < G_N_ELEMENTS (games); g++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(KvFormula) f = kv_formula_parse (games[g], text, NULL, &error);

          if (f != NULL && g == 0)
            {
              g_autoptr(KvBits) truth = kv_check_worlds (hexa_model, f, &error);
            }
        }
      n++;
    }
  g_test_message ("%u inputs", n);
  g_assert_cmpuint (n, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/regressions/formula/deep", test_deep_formula);
  g_test_add_func ("/regressions/formula/deep-in-script", test_deep_formula_in_script);
  g_test_add_func ("/regressions/formula/deepest", test_deepest_formula);
  g_test_add_func ("/regressions/formula/long-chain", test_long_chain);
  g_test_add_func ("/regressions/limits/initial", test_initial_limit);
  g_test_add_func ("/regressions/limits/initial-configurable", test_initial_limit_configurable);
  g_test_add_func ("/regressions/limits/product", test_product_limit);
  g_test_add_func ("/regressions/limits/history", test_history_limit);
  g_test_add_func ("/regressions/limits/script", test_script_limits);
  g_test_add_func ("/regressions/action/blocks", test_action_blocks);
  g_test_add_func ("/regressions/action/weight", test_action_weight);
  g_test_add_func ("/regressions/action/chain", test_action_chain);
  g_test_add_func ("/regressions/fuzz-inputs", test_fuzz_inputs);
  return g_test_run ();
}
