// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-help.c: opening the help in Yelp */
#define G_LOG_DOMAIN "kv-help"
#include "config.h"

#include "kv-help.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

/* Yelp is started directly rather than through the help: scheme's handler
 * (gtk_show_uri): without a handler GTK 4.8 only logs a warning, and the
 * user must be told that the viewer is missing. */
static char *
help_uri (const char *page)
{
  const char *dir = g_getenv ("KRIPKEVIZ_HELP_DIR");

  if (dir != NULL && *dir != '\0')
    return page != NULL ? g_build_filename (dir, page, NULL) : g_strdup (dir);
  if (page != NULL)
    return g_strconcat ("help:" KV_HELP_ID "/", page, NULL);
  return g_strdup ("help:" KV_HELP_ID);
}

gboolean
kv_help_show (const char  *page,
              GError     **error)
{
  g_autofree char *yelp = g_find_program_in_path ("yelp");
  g_autofree char *uri = help_uri (page);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) spawn_error = NULL;
  const char *argv[] = { NULL, uri, NULL };

  if (yelp == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The help needs Yelp, the help viewer: install the package “yelp”"));
      return FALSE;
    }
  argv[0] = yelp;
  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &spawn_error);
  if (process == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The help needs Yelp, which did not start: %s"), spawn_error->message);
      return FALSE;
    }
  /* Reaped when it exits; the window does not wait for it. */
  g_subprocess_wait_async (process, NULL, NULL, NULL);
  return TRUE;
}
