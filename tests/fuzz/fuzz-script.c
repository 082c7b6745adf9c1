// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-script: kv_script_parse on arbitrary bytes.
 *
 * A script that parses must print (kv_script_to_text) to a script that
 * parses again and prints the same; every step must print in all three
 * forms. A script that does not parse must say where. */
#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse ((const char *) data, size, "fuzz.kvg", &error);
  g_autoptr(KvScript) again = NULL;
  g_autofree char *text = NULL, *text_again = NULL;

  if (script == NULL)
    {
      fuzz_check_script_error (error, "fuzz.kvg");
      return 0;
    }
  FUZZ_ASSERT (error == NULL, "error set on success");

  for (guint i = 0; i < script->steps->len; i++)
    {
      KvStep *step = g_ptr_array_index (script->steps, i);
      g_autofree char *line = kv_step_to_string (step);
      g_autofree char *del = kv_step_to_del (step);
      g_autofree char *words = kv_step_to_words (step);
    }

  text = kv_script_to_text (script->game, script->steps);
  again = kv_script_parse (text, strlen (text), "fuzz.kvg", &error);
  FUZZ_ASSERT (again != NULL, "the printed script does not parse: %s\n%s", error->message, text);
  text_again = kv_script_to_text (again->game, again->steps);
  FUZZ_ASSERT (g_str_equal (text, text_again), "printing is not stable:\n%s\n---\n%s", text, text_again);
  return 0;
}
