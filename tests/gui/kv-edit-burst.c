// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-edit-burst.c: not a test — a window that edits without end, for
 * test-window's /window/session-kill to kill -9 in the middle of a burst.
 *
 *   kv-edit-burst
 *
 * Restores the session of $XDG_STATE_HOME (else opens Hexa), autosaves,
 * then applies "nocard 1 w" and "nocard 1 b" at step 0 in turn, each an
 * undoable edit, and prints "edit N" once edit N is autosaved. */
#define G_LOG_DOMAIN "kv-edit-burst"
#include "config.h"

#include <stdio.h>
#include <adwaita.h>

#include "kv-display-util.h"
#include "kv-window-private.h"

int
main (int   argc,
      char *argv[])
{
  static const char *steps[] = { "nocard 1 w", "nocard 1 b" };
  KvWindow *window;
  KvSession *session;

  gtk_init ();
  adw_init ();
  kv_display_fix_locale ();

  window = kv_window_new (NULL);
  kv_window_set_autosave (window, TRUE);
  if (!kv_window_restore_session (window) && !kv_window_open (window, "hexa", NULL))
    return 1;
  session = kv_window_get_session (window);

  for (guint i = 0;; i++)
    {
      KvHistory *history = kv_window_get_history (window);
      g_autoptr(KvStep) step = kv_step_parse (history->game, steps[i % 2], NULL, NULL);
      g_autoptr(GError) error = NULL;

      kv_window_select_step (window, 0);
      if (!kv_session_apply_step (session, step, &error))
        g_error ("%s", error->message);
      /* Autosaved in apply: the file holds edit i + 1 now. */
      printf ("edit %u\n", i + 1);
      fflush (stdout);
      g_main_context_iteration (NULL, FALSE);
    }
  return 0;
}
