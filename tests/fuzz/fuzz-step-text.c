// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-step-text: the New Step form's text (kv_step_draft_new_from_text,
 * what the window's composer reads a step line with) on arbitrary bytes,
 * against Hexa and Clue 11. A line that reads must print
 * (kv_step_draft_to_text) to a line that reads to the same text. */
#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static KvGame *games[2];

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *names[] = { "hexa", "clue11" };

  fuzz_init_glib ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(KvScript) script = kv_script_open (names[i], NULL);

      FUZZ_ASSERT (script != NULL, "%s does not open", names[i]);
      games[i] = kv_game_ref (script->game);
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvStepDraft) draft = kv_step_draft_new_from_text (games[i], text, &error);
      g_autoptr(KvStepDraft) again = NULL;
      g_autofree char *printed = NULL;
      g_autofree char *printed_again = NULL;

      if (draft == NULL)
        continue;
      printed = kv_step_draft_to_text (draft);
      if (printed == NULL)
        continue;
      again = kv_step_draft_new_from_text (games[i], printed, &error);
      FUZZ_ASSERT (again != NULL, "printed step “%s” does not read: %s", printed, error->message);
      printed_again = kv_step_draft_to_text (again);
      FUZZ_ASSERT (g_strcmp0 (printed, printed_again) == 0, "“%s” printed as “%s”", printed, printed_again);
    }
  return 0;
}
