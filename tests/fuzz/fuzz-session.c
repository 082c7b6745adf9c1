// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-session: the autosaved session file (src/gui/kv-session-file.c) and
 * its undo tree (kv-undo.h) on arbitrary bytes.
 *
 * The undo tree: what kv_undo_from_text reads whole, kv_undo_salvage reads
 * the same, undamaged, and both print back to the same lines; what it
 * salvages walks back to its root and prints to lines that read whole,
 * also once kv_undo_forget_oldest has cut it to half its size.
 * The session: kv_session_file_parse with a small world limit either
 * gives a history whose selected step is in it, or an error. */
#include "fuzz-common.h"
#include "kv-session-file.h"

#define FUZZ_WORLD_LIMIT 5000

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

static void
check_undo (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvUndo) strict = kv_undo_from_text (text, &error);
  gboolean damaged = FALSE;
  g_autoptr(KvUndo) salvaged = kv_undo_salvage (text, &damaged);

  if (salvaged != NULL)
    {
      g_autofree char *printed = kv_undo_to_text (salvaged);
      g_autoptr(GError) again_error = NULL;
      g_autoptr(KvUndo) again = kv_undo_from_text (printed, &again_error);
      guint steps = 0;

      FUZZ_ASSERT (again != NULL, "a salvaged tree does not read back: %s", again_error->message);
      FUZZ_ASSERT (kv_undo_n_states (again) == kv_undo_n_states (salvaged), "states changed");
      /* Cut to half its size, it still reads whole, at the same state. */
      {
        g_autofree char *current = g_strdup (kv_undo_current_text (again));
        g_autofree char *cut = NULL;
        g_autoptr(KvUndo) cut_back = NULL;

        kv_undo_forget_oldest (again, strlen (printed) / 2);
        cut = kv_undo_to_text (again);
        cut_back = kv_undo_from_text (cut, NULL);
        FUZZ_ASSERT (cut_back != NULL, "a cut tree does not read back");
        FUZZ_ASSERT (g_str_equal (kv_undo_current_text (cut_back), current), "the cut moved the current state");
      }
      while (kv_undo_undo (salvaged) != NULL)
        FUZZ_ASSERT (++steps < kv_undo_n_states (salvaged), "undo walks in a circle");
    }
  if (strict != NULL)
    {
      g_autofree char *printed = kv_undo_to_text (strict);
      g_autoptr(KvUndo) salvaged_again = kv_undo_salvage (text, &damaged);
      g_autofree char *printed_salvage = NULL;

      FUZZ_ASSERT (salvaged_again != NULL, "read whole, salvaged nothing");
      printed_salvage = kv_undo_to_text (salvaged_again);
      /* Whole but for the last line's newline: salvage leaves that state out. */
      if (!damaged)
        FUZZ_ASSERT (g_str_equal (printed, printed_salvage), "whole and salvaged differ");
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autofree char *name = NULL;
  guint selected = 0;

  check_undo (text);
  history = kv_session_file_parse (text, "session.kvg", FUZZ_WORLD_LIMIT, &name, &selected, &error);
  if (history == NULL)
    {
      FUZZ_ASSERT (error != NULL, "no error set");
      return 0;
    }
  FUZZ_ASSERT (selected < kv_history_length (history), "selected step %u of %u", selected,
               kv_history_length (history));
  return 0;
}
