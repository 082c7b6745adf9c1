// SPDX-License-Identifier: GPL-3.0-or-later
/* Formula syntax: parsing (ASCII and Unicode), printing, precedence, errors. */
#include "config.h"

#include "kv-test-util.h"

static KvGame *
hexa_game (void)
{
  g_autoptr(KvScript) script = test_script (HEXA);

  return kv_game_ref (script->game);
}

static char *
reprint (KvGame *game, const char *text, gboolean ascii)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvFormula) f = kv_formula_parse (game, text, NULL, &error);

  g_assert_no_error (error);
  return kv_formula_to_string (game, f, ascii);
}

static void
test_print (void)
{
  g_autoptr(KvGame) game = hexa_game ();
  const struct { const char *in, *ascii, *unicode; } cases[] = {
    { "r@1", "r@1", "r@1" },
    { "~r@1", "~r@1", "¬r@1" },
    { "~r@1 & ¬w@2", "~r@1 & ~w@2", "¬r@1 ∧ ¬w@2" },
    { "r@1 & w@2 | b@3", "r@1 & w@2 | b@3", "r@1 ∧ w@2 ∨ b@3" },
    { "r@1 & (w@2 | b@3)", "r@1 & (w@2 | b@3)", "r@1 ∧ (w@2 ∨ b@3)" },
    { "r@1 -> w@2 -> b@3", "r@1 -> w@2 -> b@3", "r@1 → w@2 → b@3" },
    { "(r@1 -> w@2) -> b@3", "(r@1 -> w@2) -> b@3", "(r@1 → w@2) → b@3" },
    { "r@1 <-> w@2", "r@1 <-> w@2", "r@1 ↔ w@2" },
    { "r@1 ∧ w@2 → b@3 ∨ r@2", "r@1 & w@2 -> b@3 | r@2", "r@1 ∧ w@2 → b@3 ∨ r@2" },
    { "K{1} r@1", "K{1} r@1", "K₁ r@1" },
    { "K{1} K{2} r@1 & M{3} w@1", "K{1} K{2} r@1 & M{3} w@1", "K₁ K₂ r@1 ∧ M₃ w@1" },
    { "Kw{2} r@1", "Kw{2} r@1", "Kw₂ r@1" },
    { "C{1,2,3} r@1", "C{} r@1", "C₁₂₃ r@1" },
    { "C{} r@1", "C{} r@1", "C₁₂₃ r@1" },
    { "E{1 2} r@1", "E{1,2} r@1", "E₁₂ r@1" },
    { "D{2,3} r@1", "D{2,3} r@1", "D₂₃ r@1" },
    { "win{1}", "win{1}", "win₁" },
    { "true & false", "true & false", "true ∧ false" },
    { "[nocard 1 w] K{1} r@1", "[nocard 1 w] K{1} r@1", "[nocard 1 w] K₁ r@1" },
    { "<showcard 1 -> 2 r> K{2} r@1", "<showcard 1 -> 2 r> K{2} r@1", "⟨showcard 1 -> 2 r⟩ K₂ r@1" },
    { "⟨endmove 2⟩ win{1}", "<endmove 2> win{1}", "⟨endmove 2⟩ win₁" },
    { "[announce r@1 -> w@2] true", "[!r@1 -> w@2] true", "[!r@1 → w@2] true" },
    { "<announce <nocard 1 w> true> true", "<!<nocard 1 w> true> true", "⟨!⟨nocard 1 w⟩ true⟩ true" },
    { "[!~w@1] K{1} r@1", "[!~w@1] K{1} r@1", "[!¬w@1] K₁ r@1" },
    { "<!r@1 & w@2> ~K{1} b@3", "<!r@1 & w@2> ~K{1} b@3", "⟨!r@1 ∧ w@2⟩ ¬K₁ b@3" },
    { "~(r@1 & w@2)", "~(r@1 & w@2)", "¬(r@1 ∧ w@2)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *ascii = reprint (game, cases[i].in, TRUE);
      g_autofree char *unicode = reprint (game, cases[i].in, FALSE);
      g_autofree char *again = reprint (game, ascii, TRUE);
      g_autofree char *from_unicode = reprint (game, unicode, TRUE);

      g_assert_cmpstr (ascii, ==, cases[i].ascii);
      g_assert_cmpstr (unicode, ==, cases[i].unicode);
      g_assert_cmpstr (again, ==, ascii);
      g_assert_cmpstr (from_unicode, ==, ascii);
    }
}

static void
test_errors (void)
{
  g_autoptr(KvGame) game = hexa_game ();
  const struct { const char *text; guint column; int code; const char *message; } cases[] = {
    { "", 1, KV_ERROR_SYNTAX, "expected a formula" },
    { "r@1 &", 6, KV_ERROR_SYNTAX, "expected a formula" },
    { "r@1 & & w@2", 7, KV_ERROR_SYNTAX, "expected a formula" },
    { "x@1", 1, KV_ERROR_NAME, "unknown card “x”" },
    { "r@4", 3, KV_ERROR_NAME, "unknown owner “4”" },
    { "r@env", 3, KV_ERROR_NAME, "unknown owner" },
    { "K{4} r@1", 3, KV_ERROR_NAME, "unknown agent “4”" },
    { "K{1,2} r@1", 6, KV_ERROR_SYNTAX, "exactly one agent" },
    { "K₁,₂ r@1", 2, KV_ERROR_SYNTAX, "exactly one agent" },
    { "win₂,₃", 4, KV_ERROR_SYNTAX, "exactly one agent" },
    { "Q{1} r@1", 2, KV_ERROR_SYNTAX, "unknown operator “Q”" },
    { "(r@1", 5, KV_ERROR_SYNTAX, "expected “)”" },
    { "r@1 w@2", 5, KV_ERROR_SYNTAX, "unexpected “w” after the formula" },
    { "r", 2, KV_ERROR_SYNTAX, "expected “@”" },
    /* A step's cards end where a formula starts: the "]" (">") after the
     * step is missing, not a card named twice or unknown. */
    { "[nocard 1 r K{1} r@1", 13, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "[nocard 1 w K{1} r@1", 13, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "[nocard 1 w r@1", 13, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "[nocard 1 r r@1", 13, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "[nocard 1 r K₁ r@1", 13, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "<showcard 1 -> 3 r of r w w@2", 27, KV_ERROR_SYNTAX, "“>” is missing after the step" },
    { "[endmove 2 win{1}", 12, KV_ERROR_SYNTAX, "“]” is missing after the step" },
    { "[nocard 1 r r] true", 13, KV_ERROR_SYNTAX, "r is named twice" },
    { "[nocard 1 r q] true", 13, KV_ERROR_NAME, "unknown card “q”" },
    { "[jump 1] true", 2, KV_ERROR_SYNTAX, "unknown step “jump”" },
    { "[showcard 1 -> 1 r] true", 16, KV_ERROR_SYNTAX, "cannot show a card to itself" },
    { "[showcard 1 -> 2 r of w b] true", 18, KV_ERROR_SYNTAX, "r is not among the requested cards" },
    { "r@1 $ w@2", 5, KV_ERROR_SYNTAX, "unexpected “$”" },
    { "!r@1", 1, KV_ERROR_SYNTAX, "“!” is the public announcement, not a negation" },
    { "r@1 & !w@2", 7, KV_ERROR_SYNTAX, "“!” is the public announcement, not a negation" },
    { "[!] true", 3, KV_ERROR_SYNTAX, "expected a formula" },
    /* An operator run into its agents, or without braces: the hint shows
     * the form meant (docs/formulas.md), not "K1@1". */
    { "K1 r@1", 1, KV_ERROR_SYNTAX, "“K1” is not a card: for what 1 knows write K{1} φ" },
    { "~win1", 2, KV_ERROR_SYNTAX, "“win1” is not a card: for whether 1 can win write win{1}" },
    { "Kw2 r@1", 1, KV_ERROR_SYNTAX, "“Kw2” is not a card: for whether 2 knows write Kw{2} φ" },
    { "M3 r@1", 1, KV_ERROR_SYNTAX, "“M3” is not a card: for what 3 considers possible write M{3} φ" },
    { "C12 r@1", 1, KV_ERROR_SYNTAX, "“C12” is not a card: for common knowledge of 1,2 write C{1,2} φ" },
    { "r@1 & D23 r@1", 7, KV_ERROR_SYNTAX, "“D23” is not a card: for the distributed knowledge of 2,3 write D{2,3} φ" },
    { "E123 r@1", 1, KV_ERROR_SYNTAX, "“E123” is not a card: for what each of 1,2,3 knows write E{1,2,3} φ" },
    { "win 1", 5, KV_ERROR_SYNTAX, "“win” takes its agent in braces: write win{1}" },
    { "K 2 r@1", 3, KV_ERROR_SYNTAX, "“K” takes its agent in braces: write K{2} φ" },
    { "C 1 r@1", 3, KV_ERROR_SYNTAX, "“C” takes its agents in braces: write C{1} φ" },
    /* No agent 4, no operator: the plain hint stays. */
    { "K4 r@1", 4, KV_ERROR_SYNTAX, "expected “@” after “K4”, as in K4@1" },
    { "foo r@1", 5, KV_ERROR_SYNTAX, "expected “@” after “foo”, as in foo@1" },
    /* A card after the agents: the "}" is missing, the card is no agent. */
    { "K{1 r@1", 5, KV_ERROR_SYNTAX, "“}” is missing after the agents" },
    { "C{1,2 ~r@1}", 7, KV_ERROR_SYNTAX, "expected “}” but found" },
    { "E{1 2 K{3} r@1}", 7, KV_ERROR_SYNTAX, "“}” is missing after the agents" },
    /* Not UTF-8: the place of the first bad byte, not the formula's start. */
    { "r@1 \xff", 5, KV_ERROR_SYNTAX, "the formula is not valid UTF-8: the byte 0xFF after “r@1 ”" },
    { "\xe9@1", 1, KV_ERROR_SYNTAX, "the formula is not valid UTF-8: the byte 0xE9 at the start" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      guint column = 0;
      g_autoptr(KvFormula) f = kv_formula_parse (game, cases[i].text, &column, &error);
      g_autofree char *shown = g_utf8_make_valid (cases[i].text, -1);   /* TAP reads UTF-8 */

      g_test_message ("%s → %s", shown, error ? error->message : "(parsed)");
      g_assert_null (f);
      g_assert_error (error, KV_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_assert_cmpuint (column, ==, cases[i].column);
    }
}

static void
test_depth (void)
{
  g_autoptr(KvGame) game = hexa_game ();
  const char *units[] = { "~", "(", "K{1} ", "[announce " };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvFormula) f = NULL;

      for (guint i = 0; i < 100000; i++)
        g_string_append (text, units[u]);
      g_string_append (text, "r@1");
      f = kv_formula_parse (game, text->str, NULL, &error);
      g_assert_null (f);
      g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    }

  /* A long chain of right-associative implications is deep too. */
  {
    g_autoptr(GString) text = g_string_new ("r@1");
    g_autoptr(GError) error = NULL;
    g_autoptr(KvFormula) f = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append (text, " -> r@1");
    f = kv_formula_parse (game, text->str, NULL, &error);
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  }

  /* Real nesting past the limit is refused, with the limit in the message. */
  {
    const char *nesting[] = { "~(", "K{1} " };

    for (guint u = 0; u < G_N_ELEMENTS (nesting); u++)
      {
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(KvFormula) f = NULL;

        for (guint i = 0; i < KV_FORMULA_MAX_DEPTH + 1; i++)
          g_string_append (text, nesting[u]);
        g_string_append (text, "r@1");
        for (guint i = 0; i < KV_FORMULA_MAX_DEPTH + 1 && nesting[u][1] == '('; i++)
          g_string_append_c (text, ')');
        f = kv_formula_parse (game, text->str, NULL, &error);
        g_assert_null (f);
        g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
        g_assert_nonnull (strstr (error->message, "nested more than 200 deep"));
      }
  }
}

static guint
height (const KvFormula *f)
{
  if (f == NULL)
    return 0;
  return 1 + MAX (height (f->left), height (f->right));
}

/* The limit counts nesting, not operands: a flat chain of a thousand atoms
 * parses, checks and prints, and is a shallow tree for every walker. */
static void
test_long_chains (void)
{
  g_autoptr(KvScript) script = test_script (HEXA);
  g_autoptr(KvModel) model = kv_model_new_initial (script->game, 0, NULL);
  const char *atoms[] = { "r@1", "w@2", "b@3", "~r@2", "K{1} r@1" };
  const struct { const char *op, *uop, *small; } chains[] = {
    { " & ", " ∧ ", "r@1 & w@2 & b@3 & ~r@2 & K{1} r@1" },
    { " | ", " ∨ ", "r@1 | w@2 | b@3 | ~r@2 | K{1} r@1" },
    { " <-> ", " ↔ ", NULL },
  };

  for (guint c = 0; c < G_N_ELEMENTS (chains); c++)
    for (guint n = 1000; n <= 1001; n++)
      {
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(KvFormula) f = NULL;
        g_autoptr(KvFormula) again = NULL;
        g_autoptr(KvBits) truth = NULL;
        g_autofree char *ascii = NULL, *unicode = NULL, *from_unicode = NULL;

        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append (text, chains[c].op);
            g_string_append (text, atoms[i % G_N_ELEMENTS (atoms)]);
          }
        f = kv_formula_parse (script->game, text->str, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (height (f), <=, 14);

        ascii = kv_formula_to_string (script->game, f, TRUE);
        g_assert_cmpstr (ascii, ==, text->str);
        unicode = kv_formula_to_string (script->game, f, FALSE);
        g_assert_nonnull (strstr (unicode, chains[c].uop));
        again = kv_formula_parse (script->game, unicode, NULL, &error);
        g_assert_no_error (error);
        from_unicode = kv_formula_to_string (script->game, again, TRUE);
        g_assert_cmpstr (from_unicode, ==, ascii);

        truth = kv_check_worlds (model, f, &error);
        g_assert_no_error (error);
        if (chains[c].small != NULL)
          {
            g_autoptr(KvFormula) small = kv_formula_parse (script->game, chains[c].small, NULL, &error);
            g_autoptr(KvBits) expected = kv_check_worlds (model, small, &error);

            g_assert_no_error (error);
            g_assert_true (kv_bits_equal (truth, expected));
          }
        else
          {
            /* x ↔ x ↔ … : an even number of each atom gives true, an odd
             * one leaves that atom; 1000 = 5·200 and 1001 adds r@1. */
            g_autoptr(KvFormula) small = kv_formula_parse (script->game, n % 2 ? "r@1" : "true", NULL, &error);
            g_autoptr(KvBits) expected = kv_check_worlds (model, small, &error);

            g_assert_no_error (error);
            g_assert_true (kv_bits_equal (truth, expected));
          }
      }

  /* Parentheses inside a chain print as written; redundant ones on the
   * left are dropped, as before. */
  {
    const struct { const char *in, *out; } cases[] = {
      { "r@1 & (w@2 & b@3) & r@2", "r@1 & (w@2 & b@3) & r@2" },
      { "(r@1 & w@2) & b@3 & r@2", "r@1 & w@2 & b@3 & r@2" },
      { "r@1 & w@2 & (b@3 | r@2 & (w@1 & b@1)) & r@3", "r@1 & w@2 & (b@3 | r@2 & (w@1 & b@1)) & r@3" },
      { "(r@1 <-> w@2) <-> (b@3 <-> r@2)", "r@1 <-> w@2 <-> (b@3 <-> r@2)" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *ascii = reprint (script->game, cases[i].in, TRUE);
        g_autofree char *again = reprint (script->game, ascii, TRUE);

        g_assert_cmpstr (ascii, ==, cases[i].out);
        g_assert_cmpstr (again, ==, ascii);
      }
  }
}

static void
test_steps (void)
{
  g_autoptr(KvGame) game = hexa_game ();
  const struct { const char *in, *text, *del, *words; } cases[] = {
    { "nocard   1  w", "nocard 1 w", "nocard₁{w}", "1 does not hold w" },
    { "nocard 1 w b", "nocard 1 w b", "nocard₁{w,b}", "1 holds none of w, b" },
    { "showcard 1 -> 2 r", "showcard 1 -> 2 r", "showcard₁₂{r}", "1 shows r to 2" },
    { "showcard 2 -> 1 w of w b", "showcard 2 -> 1 w of w b", "showcard₂₁{w}", "2 shows w to 1" },
    { "endmove 2", "endmove 2", "endmove₂", "2 ends the move (cannot win)" },
    { "win 3", "win 3", "win₃", "3 wins" },
    { "announce ~w@1", "announce ~w@1", "!(¬w@1)", "announcement: ¬w@1" },
    { "!~w@1", "announce ~w@1", "!(¬w@1)", "announcement: ¬w@1" },
    /* A long formula is in the DEL notation only. */
    { "announce r@1 & w@2 & b@3 | r@1 & b@2 & w@3 | w@1 & r@2 & b@3",
      "announce r@1 & w@2 & b@3 | r@1 & b@2 & w@3 | w@1 & r@2 & b@3",
      "!(r@1 ∧ w@2 ∧ b@3 ∨ r@1 ∧ b@2 ∧ w@3 ∨ w@1 ∧ r@2 ∧ b@3)", "a public announcement" },
    { "suggest 1 w b", "suggest 1 w b", "suggest₁{w,b}", "1 suggests w, b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvStep) step = kv_step_parse (game, cases[i].in, NULL, &error);
      g_autofree char *text = NULL, *del = NULL, *words = NULL;

      g_assert_no_error (error);
      text = kv_step_to_string (step);
      del = kv_step_to_del (step);
      words = kv_step_to_words (step);
      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_cmpstr (del, ==, cases[i].del);
      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

/* A step's text that is not UTF-8 is refused at its first bad byte. */
static void
test_step_not_utf8 (void)
{
  g_autoptr(KvGame) game = hexa_game ();
  g_autoptr(GError) error = NULL;
  guint column = 0;

  g_assert_null (kv_step_parse (game, "nocard 1 w\xe9", &column, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "the step is not valid UTF-8: the byte 0xE9 after “nocard 1 w”");
  g_assert_cmpuint (column, ==, 11);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/formula/print", test_print);
  g_test_add_func ("/formula/errors", test_errors);
  g_test_add_func ("/formula/depth", test_depth);
  g_test_add_func ("/formula/long-chains", test_long_chains);
  g_test_add_func ("/formula/steps", test_steps);
  g_test_add_func ("/formula/step-not-utf8", test_step_not_utf8);
  return g_test_run ();
}
