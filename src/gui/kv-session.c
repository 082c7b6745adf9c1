/* kv-session.c: the autosaved session */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "kv-session.h"

#define SESSION_DIR   "kripkeviz"
#define SESSION_FILE  "session.kvg"
#define MARK_GAME     "# kripkeviz: game "
#define MARK_SELECTED "# kripkeviz: selected-step "

char *
kv_session_get_path (void)
{
  const char *base = g_get_user_state_dir ();
  g_autofree char *dir = g_build_filename (base, SESSION_DIR, NULL);

  /* Where the state directory cannot be made, the data directory. */
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_free (dir);
      dir = g_build_filename (g_get_user_data_dir (), SESSION_DIR, NULL);
    }
  return g_build_filename (dir, SESSION_FILE, NULL);
}

char *
kv_session_to_text (const KvHistory *history,
                    const char      *name,
                    guint            selected)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new ("# kripkeviz: the session, saved after every change\n");
  g_autofree char *script = NULL;

  g_return_val_if_fail (history != NULL, NULL);

  for (guint i = 1; i < kv_history_length (history); i++)
    g_ptr_array_add (steps, kv_history_get (history, i)->step);
  script = kv_script_to_text (history->game, steps);

  /* One line, whatever the name holds. */
  if (name != NULL && *name != '\0' && strpbrk (name, "\r\n") == NULL)
    g_string_append_printf (text, MARK_GAME "%s\n", name);
  g_string_append_printf (text, MARK_SELECTED "%u\n", MIN (selected, kv_history_length (history) - 1));
  g_string_append (text, script);
  if (text->len > 0 && text->str[text->len - 1] != '\n')
    g_string_append_c (text, '\n');

  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
kv_session_write (const char  *path,
                  const char  *text,
                  GError     **error)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  /* A temporary file beside @path, renamed over it. */
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

/* The value after @mark on a line of @text, or NULL. */
static char *
find_mark (const char *text,
           const char *mark)
{
  const char *line = text;

  while (line != NULL && *line != '\0')
    {
      const char *end = strchr (line, '\n');

      if (g_str_has_prefix (line, mark))
        {
          const char *value = line + strlen (mark);
          gsize length = end != NULL ? (gsize) (end - value) : strlen (value);

          return g_strstrip (g_strndup (value, length));
        }
      line = end != NULL ? end + 1 : NULL;
    }
  return NULL;
}

KvHistory *
kv_session_read (const char  *path,
                 guint        world_limit,
                 char       **name,
                 guint       *selected,
                 GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *value = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  gsize length = 0;
  guint64 index = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  script = kv_script_parse (text, length, path, error);
  if (script == NULL)
    return NULL;
  history = kv_history_run_script (script, world_limit, error);
  if (history == NULL)
    return NULL;

  value = find_mark (text, MARK_SELECTED);
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT, &index, NULL))
    index = kv_history_length (history) - 1;
  if (selected != NULL)
    *selected = (guint) MIN (index, (guint64) kv_history_length (history) - 1);
  if (name != NULL)
    *name = find_mark (text, MARK_GAME);

  return g_steal_pointer (&history);
}

char *
kv_session_set_aside (const char  *path,
                      GError     **error)
{
  g_autofree char *broken = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  broken = g_strconcat (path, ".broken", NULL);
  if (g_rename (path, broken) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&broken);
}

gboolean
kv_session_save_file (GFile       *file,
                      const char  *text,
                      GError     **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  path = g_file_get_path (file);
  if (path != NULL)
    return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);

  /* Not a local file: GIO writes a temporary file and renames it where it
   * can; a new file is written in place. */
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}
