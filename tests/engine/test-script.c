// SPDX-License-Identifier: GPL-3.0-or-later
/* Game scripts: every directive, the error for every kind of bad input
 * (FILE:LINE:COL), writing a script back. */
#include "config.h"

#include "kv-test-util.h"

static void
test_errors (void)
{
  const struct { const char *text, *message; } cases[] = {
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: c\n", "test.kvg:4:14: error: unknown card “c”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 3: b\n", "test.kvg:4:11: error: unknown owner “3”" },
    { "agents 1 2\ncards a b c\nhands 1 1\ndeal 1: a 2: b\n", "test.kvg:3:1: error: hands do not add up" },
    { "agents 1 2\ncards a b\nhands 1\ndeal 1: a 2: b\n", "test.kvg:3:1: error: there are 2 agents, but 1 hand sizes" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a b\n", "test.kvg:4:1: error: player 1 holds 2 cards; the game deals 1" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: a\n", "test.kvg:4:14: error: the deal gives a twice" },
    { "agents 1 2\ncards a b\nhands 1 1\n", "test.kvg:1:1: error: the script has no “deal” line" },
    { "cards a b\nhands 1 1\ndeal 1: a 2: b\n", "test.kvg:1:1: error: the script has no “agents” line" },
    { "agents 1 1\ncards a b\nhands 1 1\ndeal 1: a 2: b\n", "test.kvg:1:10: error: “1” is named twice" },
    { "agents 1 env\n", "test.kvg:1:10: error: “env” is reserved" },
    { "agents 1 of\n", "test.kvg:1:10: error: “of” is a reserved word of the script language" },
    { "agents true 2\n", "test.kvg:1:8: error: “true” is a reserved word" },
    { "agents 1 2\ncards a false\n", "test.kvg:2:9: error: “false” is a reserved word" },
    { "agents 1 2\ncards a nocard\n", "test.kvg:2:9: error: “nocard” is a reserved word" },
    { "agents 1 2\ncards a b\ncards x of\n", "test.kvg:3:9: error: “of” is a reserved word" },
    { "agents 1 win\n", "test.kvg:1:10: error: “win” is a reserved word" },
    { "agents 1 2\ncards a do\n", "test.kvg:2:9: error: “do” is a reserved word" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nnocard 1 a\n", "test.kvg:5:1: error: this step is false at the actual world: 1 holds a" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nnocard 1 x\n", "test.kvg:5:10: error: unknown card “x”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nshowcard 2 -> 1 a\n", "test.kvg:5:1: error: this step is false at the actual world: 2 does not hold a" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nannounce a@1 &\n", "test.kvg:5:15: error: expected a formula" },
    { "agents 1 2 3\ncards a b c\nhands 1 1 1\ndeal 1: a 2: b 3: c\nwin 1\n", "test.kvg:5:1: error: this step is false at the actual world: 1 does not know the deal yet" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nnocard 2 a\nhands 1 1\n", "test.kvg:6:1: error: header lines come before the first step" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nfly 1\n", "test.kvg:5:1: error: unknown directive “fly”" },
    { "agents 1 2\nagents 1 2\n", "test.kvg:2:1: error: a second “agents” line (the first is line 1)" },
    { "agents 1 2\ncategory x: a b\ncards c d\nenvelope y\nhands 1 1\ndeal 1: c 2: d env: a\n", "test.kvg:4:10: error: unknown category “y”" },
    { "agents 1 2\ncategory x: a b\ncards c d\nenvelope x\nhands 1 2\ndeal 1: c 2: a b env: d\n", "test.kvg:6:1: error: the envelope must hold exactly one x card" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nresponders left\n", "test.kvg:5:12: error: expected “clockwise” or “next”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\naction x\n  event e: true\n", "test.kvg:5:1: error: this action has no “end” line" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\naction x\n  event e: true\n  agent 1: all\nend\n", "test.kvg:5:1: error: action x has no line for agent 2" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\naction x\n  event e: true\n  agent 1: f\n  agent 2: all\nend\n", "test.kvg:7:12: error: x has no event “f”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\naction x\n  event e: q@1\n  agent 1: all\n  agent 2: all\nend\n", "test.kvg:6:12: error: unknown card “q”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\ndo y e\n", "test.kvg:5:4: error: unknown action model “y”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nnocard 2 a\nend\n", "test.kvg:6:1: error: “end” without “action”" },
    { "agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nnocard 2 a a\n", "test.kvg:5:12: error: a is named twice" },
    { "agents 1 2\ncards a b\nhands x 1\ndeal 1: a 2: b\n", "test.kvg:3:7: error: “x” is not a hand size" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = kv_script_parse (cases[i].text, strlen (cases[i].text), "test.kvg", &error);
      g_autoptr(KvHistory) history = NULL;

      if (script != NULL)
        history = kv_history_run_script (script, 0, &error);
      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_nonnull (error);
      g_assert_null (history);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

/* Bytes that are not UTF-8 text are refused at the first of them: its
 * line and column, the byte and the text before it on its line. */
static void
test_binary (void)
{
  static const struct { const char *text; gsize length; const char *message; } cases[] = {
    { "agents 1\0 2\ncards a\n", 20, "bin.kvg:1:9: error: the script is not UTF-8 text: the byte 0x00 after “agents 1”" },
    { "title x\nagents caf\xe9 1\n", 0, "bin.kvg:2:11: error: the script is not UTF-8 text: the byte 0xE9 after “agents caf”" },
    { "title x\n\xe9\n", 0, "bin.kvg:2:1: error: the script is not UTF-8 text: the byte 0xE9 at the start of a line" },
    /* Lines as the reader counts them (CRLF, CR); columns in characters. */
    { "title x\r\n\r# é\ragents é \xff\n", 0, "bin.kvg:4:10: error: the script is not UTF-8 text: the byte 0xFF after “agents é ”" },
    /* At most 40 characters of the line before it. */
    { "title 0123456789012345678901234567890123456789\xc3(\n", 0,
      "bin.kvg:1:47: error: the script is not UTF-8 text: the byte 0xC3 after “…0123456789012345678901234567890123456789”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gsize length = cases[i].length ? cases[i].length : strlen (cases[i].text);

      g_test_message ("case %u", i);
      g_assert_null (kv_script_parse (cases[i].text, length, "bin.kvg", &error));
      g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("/nonexistent/x.kvg", &error);

  g_assert_null (script);
  g_assert_error (error, KV_ERROR, KV_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/x.kvg: error:"));
  g_clear_error (&error);
  g_assert_null (kv_script_open ("nosuchgame", &error));
  g_assert_true (g_str_has_prefix (error->message, "nosuchgame: error: No such file"));
  g_assert_nonnull (strstr (error->message, "built-in: clue11, clue18, cluedo, cluedo4, cluedo5, cluedo6, hexa, hexa-show, twocards"));
}

/* Any header order, comments, blank lines. */
static void
test_header_order (void)
{
  g_autoptr(KvScript) script = test_script (
    "# a comment\n\ndeal 3: b 1: r 2: w   # out of order\nhands 1 1 1\n\tcards r w b\nagents 1 2 3\ntitle  Hexa again  \n"
    "nocard 1 w\n");
  g_autoptr(KvHistory) history = test_history (script);

  g_assert_cmpstr (script->game->title, ==, "Hexa again");
  g_assert_cmpuint (test_last_model (history)->n_worlds, ==, 4);
  g_assert_cmpuint (g_array_index (script->step_lines, guint, 0), ==, 8);
}

/* Writing a script back and reading it again gives the same game. */
static void
test_round_trip (void)
{
  const char *names[] = { "hexa", "hexa-show", "twocards", "clue11" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = kv_script_open (names[i], &error);
      g_autofree char *text = kv_script_to_text (script->game, script->steps);
      g_autoptr(KvScript) again = test_script (text);
      g_autofree char *text2 = kv_script_to_text (again->game, again->steps);
      g_autoptr(KvHistory) h1 = test_history (script);
      g_autoptr(KvHistory) h2 = test_history (again);

      g_assert_cmpstr (text, ==, text2);
      g_assert_cmpuint (kv_history_length (h1), ==, kv_history_length (h2));
      g_assert_cmpuint (test_last_model (h1)->n_worlds, ==, test_last_model (h2)->n_worlds);
    }
}

/* "~~r@1 & r@1 & … & r@1", a formula of exactly @length characters. */
static char *
chain_formula (guint length)
{
  g_autoptr(GString) chain = g_string_new ("r@1");

  while (chain->len + strlen (" & r@1") <= length)
    g_string_append (chain, " & r@1");
  while (chain->len < length)
    g_string_prepend_c (chain, '~');
  return g_strdup (chain->str);
}

/* What a script gives to be shown whole (a step, an event's precondition,
 * a question's formula) has at most KV_MAX_STEP_LENGTH characters, as a
 * line of narration has: a 900 KB announcement drew a 117 MB SVG. */
static void
test_long_steps (void)
{
  g_autofree char *longest = chain_formula (KV_MAX_STEP_LENGTH - strlen ("announce "));
  g_autofree char *formula = chain_formula (KV_MAX_STEP_LENGTH + 1);
  const char *header = "agents 1 2\ncards r w\nhands 1 1\ndeal 1: r 2: w\n";
  const struct { const char *before, *middle, *after, *message; } cases[] = {
    { "announce ~", longest, "\n", "test.kvg:5:1: error: a step has at most 1000 characters" },
    { "action a\n  event e: ", formula, "\n  agent 1: all\n  agent 2: all\nend\ndo a e\n",
      "test.kvg:6:12: error: an event's precondition has at most 1000 characters" },
    { "nocard 1 w\nask truth ", formula, "\n",
      "test.kvg:6:11: error: a question's formula has at most 1000 characters" },
  };
  /* One character less of each fits. */
  g_autofree char *fits = g_strconcat (header, "action a\n  event e: ", formula + 1,
                                       "\n  agent 1: all\n  agent 2: all\nend\nannounce ", longest,
                                       "\nask truth ", formula + 1, "\ndo a e\n", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (fits, strlen (fits), "test.kvg", &error);

  g_assert_cmpuint (strlen ("announce ") + strlen (longest), ==, KV_MAX_STEP_LENGTH);
  g_assert_cmpuint (strlen (formula), ==, KV_MAX_STEP_LENGTH + 1);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (header, cases[i].before, cases[i].middle, cases[i].after, NULL);
      g_autoptr(KvScript) refused = kv_script_parse (text, strlen (text), "test.kvg", &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(read)");
      g_assert_null (refused);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_clear_error (&error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/script/errors", test_errors);
  g_test_add_func ("/script/binary", test_binary);
  g_test_add_func ("/script/long-steps", test_long_steps);
  g_test_add_func ("/script/missing-file", test_missing_file);
  g_test_add_func ("/script/header-order", test_header_order);
  g_test_add_func ("/script/round-trip", test_round_trip);
  return g_test_run ();
}
