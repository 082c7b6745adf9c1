// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-formula: kv_formula_parse against the Hexa and Clue 11 games.
 *
 * A formula that parses must print in ASCII to a string that parses back to
 * a formula printing the same and true in the same worlds of Hexa, and in
 * Unicode to one that parses back to the same. A formula that does not
 * parse must give a column inside the text (or just past it). */
#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static KvScript *hexa, *clue;
static KvModel *hexa_model;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr(GError) error = NULL;

  fuzz_init_glib ();
  hexa = kv_script_open ("hexa", &error);
  g_assert_no_error (error);
  clue = kv_script_open ("clue11", &error);
  g_assert_no_error (error);
  hexa_model = kv_model_new_initial (hexa->game, 0, &error);
  g_assert_no_error (error);
  return 0;
}

static void
round_trip (KvGame *game, KvModel *model, const char *text)
{
  g_autoptr(GError) error = NULL;
  guint column = 0;
  g_autoptr(KvFormula) f = kv_formula_parse (game, text, &column, &error);
  g_autoptr(KvFormula) again = NULL;
  g_autofree char *ascii = NULL, *ascii_again = NULL, *unicode = NULL;

  if (f == NULL)
    {
      FUZZ_ASSERT (error != NULL && error->domain == KV_ERROR, "no KV_ERROR");
      FUZZ_ASSERT (!g_utf8_validate (text, -1, NULL) || (column >= 1 && column <= g_utf8_strlen (text, -1) + 1),
                   "column %u outside “%s”", column, text);
      return;
    }

  ascii = kv_formula_to_string (game, f, TRUE);
  again = kv_formula_parse (game, ascii, NULL, &error);
  FUZZ_ASSERT (again != NULL, "“%s” printed as “%s”, which does not parse: %s", text, ascii, error->message);
  ascii_again = kv_formula_to_string (game, again, TRUE);
  FUZZ_ASSERT (g_str_equal (ascii, ascii_again), "“%s” → “%s” → “%s”", text, ascii, ascii_again);

  /* The Unicode form (¬ ∧ → ⟨⟩, subscript agents) parses back too. */
  unicode = kv_formula_to_string (game, f, FALSE);
  FUZZ_ASSERT (g_utf8_validate (unicode, -1, NULL), "“%s” printed as invalid UTF-8", text);
  {
    g_autoptr(KvFormula) from_unicode = kv_formula_parse (game, unicode, NULL, &error);
    g_autofree char *unicode_ascii = NULL;

    FUZZ_ASSERT (from_unicode != NULL, "“%s” printed as “%s”, which does not parse: %s", text, unicode, error->message);
    unicode_ascii = kv_formula_to_string (game, from_unicode, TRUE);
    FUZZ_ASSERT (g_str_equal (ascii, unicode_ascii), "“%s” → “%s” → “%s”", text, unicode, unicode_ascii);
  }

  if (model != NULL)
    {
      g_autoptr(KvBits) truth = kv_check_worlds (model, f, &error);
      g_autoptr(KvBits) truth_again = kv_check_worlds (model, again, &error);

      if (truth != NULL)
        {
          FUZZ_ASSERT (truth->n == model->n_worlds, "truth set of the wrong size");
          FUZZ_ASSERT (truth_again != NULL && kv_bits_equal (truth, truth_again), "“%s” and “%s” differ in truth", text, ascii);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);

  round_trip (hexa->game, hexa_model, text);
  round_trip (clue->game, NULL, text);
  return 0;
}
