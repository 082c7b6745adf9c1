// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-file.c: the autosaved session */
#define G_LOG_DOMAIN "kv-session-file"
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv-read.h"
#include "kv-session-file.h"

#define SESSION_DIR   "kripkeviz"
#define SESSION_FILE  "session.kvg"
#define MARK_GAME     "# kripkeviz: game "
#define MARK_SELECTED "# kripkeviz: selected-step "
#define MARK_LIMIT    "# kripkeviz: world-limit "
#define STALE_SECONDS 10  /* a temporary file this old is nobody's write */

char *
kv_session_file_get_path (void)
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
kv_session_file_to_text (const KvHistory *history,
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
kv_session_file_write (const char  *path,
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
kv_session_file_parse (const char  *text,
                       const char  *filename,
                       guint        world_limit,
                       char       **name,
                       guint       *selected,
                       GError     **error)
{
  g_autofree char *value = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  guint64 index = 0;

  g_return_val_if_fail (text != NULL, NULL);

  script = kv_script_parse (text, strlen (text), filename, error);
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

KvHistory *
kv_session_file_read (const char  *path,
                      guint        world_limit,
                      char       **name,
                      guint       *selected,
                      KvUndo     **undo,
                      GError     **error)
{
  g_autofree char *text = NULL;
  KvHistory *history;

  g_return_val_if_fail (path != NULL, NULL);

  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_IDLE_MS, NULL, error);
  if (text == NULL)
    return NULL;
  history = kv_session_file_parse (text, path, world_limit, name, selected, error);
  /* Undo survives a restart; a session without it (or with a damaged one)
   * opens all the same, with nothing to undo. */
  if (history != NULL && undo != NULL)
    *undo = kv_undo_from_text (text, NULL);
  return history;
}

char *
kv_session_file_limit_line (guint world_limit)
{
  return g_strdup_printf (MARK_LIMIT "%u\n", world_limit);
}

gboolean
kv_session_file_over_limit (const char *path,
                            guint      *made_with)
{
  g_autofree char *text = NULL;
  g_autofree char *value = NULL;
  g_autoptr(KvScript) script = NULL;
  gsize length = 0;
  guint64 limit = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_IDLE_MS, &length, NULL);
  if (text == NULL)
    return FALSE;
  /* It reads: what failed is running it. */
  script = kv_script_parse (text, length, path, NULL);
  if (script == NULL)
    return FALSE;
  value = find_mark (text, MARK_LIMIT);
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT, &limit, NULL))
    limit = 0;
  if (made_with != NULL)
    *made_with = (guint) limit;
  return TRUE;
}

/* g_file_set_contents_full's temporary file: @base, a dot, six letters or
 * digits (g_mkstemp's XXXXXX). */
static gboolean
is_temporary_name (const char *name,
                   const char *base)
{
  gsize n = strlen (base);

  if (strncmp (name, base, n) != 0 || name[n] != '.' || strlen (name + n + 1) != 6)
    return FALSE;
  for (const char *p = name + n + 1; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

guint
kv_session_file_remove_stale (const char *path)
{
  g_autofree char *dir_name = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  guint removed = 0;

  g_return_val_if_fail (path != NULL, 0);

  dir_name = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  dir = g_dir_open (dir_name, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = NULL;
      GStatBuf buf;

      if (!is_temporary_name (name, base))
        continue;
      file = g_build_filename (dir_name, name, NULL);
      /* A regular file nobody has written for a while: another instance
       * writing its session right now keeps its own. */
      if (g_lstat (file, &buf) != 0 || !S_ISREG (buf.st_mode) || now - (gint64) buf.st_mtime < STALE_SECONDS)
        continue;
      if (g_unlink (file) == 0)
        {
          g_debug ("Removed %s, left by an autosave that was cut short", file);
          removed++;
        }
    }
  return removed;
}

/* "session-YYYYMMDD-HHMMSS@suffix" beside @path, "-2", "-3", … when two
 * are set aside in the same second. */
static char *
aside_name (const char *path, const char *suffix, guint attempt)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = attempt == 0 ? g_strdup_printf ("session-%s%s", stamp, suffix)
                                       : g_strdup_printf ("session-%s-%u%s", stamp, attempt + 1, suffix);

  return g_build_filename (dir, base, NULL);
}

char *
kv_session_file_set_aside (const char  *path,
                           GError     **error)
{
  return kv_session_file_keep_aside (path, ".kvg.broken", error);
}

char *
kv_session_file_keep_aside (const char  *path,
                            const char  *suffix,
                            GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (suffix != NULL, NULL);

  /* link() never replaces an existing file, unlike rename(): an earlier
   * broken session is never overwritten. */
  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *broken = aside_name (path, suffix, attempt);
      int saved;

      if (link (path, broken) == 0)
        {
          g_unlink (path);
          return g_steal_pointer (&broken);
        }
      saved = errno;
      if (saved != EEXIST)
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "%s: %s", path, g_strerror (saved));
          return NULL;
        }
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s: %s", path, g_strerror (EEXIST));
  return NULL;
}

gboolean
kv_session_file_save_as (GFile       *file,
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
