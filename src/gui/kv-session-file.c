// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-file.c: the autosaved session */
#define _GNU_SOURCE  /* renameat2 */
#define G_LOG_DOMAIN "kv-session-file"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv-read.h"
#include "kv-write.h"
#include "kv-session-file.h"

#define SESSION_DIR   "kripkeviz"
#define SESSION_FILE  "session.kvg"
#define MARK_GAME     "# kripkeviz: game "
#define MARK_SELECTED "# kripkeviz: selected-step "
#define MARK_LIMIT    "# kripkeviz: world-limit "
#define MARK_MODEL    "# kripkeviz-model: sha256 "
#define MARK_DATA     "# kripkeviz-model-data: "
#define DATA_LINE     1024  /* base64 characters a data line */
#define MAX_STEPS     10000 /* as a script (kv-script.c) */
#define MAX_JSON      ((gsize) 1 << 30)  /* as a .kvm.json file (kv-model-json.c) */
#define STALE_SECONDS 10  /* a temporary file this old is nobody's write */
#define MARK_UNDO     "# kripkeviz-undo"

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

/* @input through @converter; NULL with @error when it does not convert or
 * would be longer than @max_length. */
static GBytes *
convert (GConverter    *converter,
         GBytes        *input,
         gsize          max_length,
         GError       **error)
{
  g_autoptr(GInputStream) memory = g_memory_input_stream_new_from_bytes (input);
  g_autoptr(GInputStream) stream = g_converter_input_stream_new (memory, converter);
  g_autoptr(GByteArray) output = g_byte_array_new ();
  guchar buffer[65536];
  gssize n;

  while ((n = g_input_stream_read (stream, buffer, sizeof buffer, NULL, error)) > 0)
    {
      /* A few kilobytes of gzip may stand for gigabytes. */
      if ((gsize) n > max_length - output->len)
        {
          g_set_error_literal (error, KV_ERROR, KV_ERROR_LIMIT, _("the model is too large"));
          return NULL;
        }
      g_byte_array_append (output, buffer, (guint) n);
    }
  if (n < 0)
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&output));
}

/* A model's encoding: the SHA-256 of its JSON (its id) and the JSON
 * gzip-compressed in base64. Making it takes a while for a big model
 * (megabytes of JSON), and the window writes its session after every
 * change: the last model encoded (or decoded) is kept with its encoding,
 * referenced, so that its address names no other model meanwhile. */
typedef struct {
  KvModel *model;
  char    *id;
  char    *data;
} Encoding;

G_LOCK_DEFINE_STATIC (last_encoding);
static Encoding last_encoding;

static void
remember_encoding (KvModel    *model,
                   const char *id,
                   const char *data)
{
  G_LOCK (last_encoding);
  g_clear_pointer (&last_encoding.model, kv_model_unref);
  g_free (last_encoding.id);
  g_free (last_encoding.data);
  last_encoding.model = kv_model_ref (model);
  last_encoding.id = g_strdup (id);
  last_encoding.data = g_strdup (data);
  G_UNLOCK (last_encoding);
}

/* @model's id and data (newly allocated). */
static void
encode_model (KvModel  *model,
              char    **id,
              char    **data)
{
  g_autofree char *json = NULL;
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GZlibCompressor) compressor = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  gconstpointer bytes;

  G_LOCK (last_encoding);
  if (last_encoding.model == model)
    {
      *id = g_strdup (last_encoding.id);
      *data = g_strdup (last_encoding.data);
      G_UNLOCK (last_encoding);
      return;
    }
  G_UNLOCK (last_encoding);

  json = kv_model_to_json (model, -1);
  *id = g_compute_checksum_for_string (G_CHECKSUM_SHA256, json, -1);
  length = strlen (json);
  plain = g_bytes_new_take (g_steal_pointer (&json), length);
  compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  packed = convert (G_CONVERTER (compressor), plain, G_MAXSIZE, &error);
  /* Compressing into memory fails only when memory does, which aborts. */
  g_assert_no_error (error);
  bytes = g_bytes_get_data (packed, &length);
  *data = g_base64_encode (bytes, length);
  remember_encoding (model, *id, *data);
}

char *
kv_session_file_history_model_id (const KvHistory *history)
{
  g_autofree char *data = NULL;
  char *id = NULL;

  g_return_val_if_fail (history != NULL, NULL);

  if (!history->given)
    return NULL;
  encode_model (kv_history_get (history, 0)->model, &id, &data);
  return id;
}

/* The session's marks (@marks), then the model and the steps (a history
 * from a model) or the script. */
static char *
session_text (const KvHistory *history,
              gboolean         marks,
              const char      *name,
              guint            selected)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (marks)
    {
      g_string_append (text, "# kripkeviz: the session, saved after every change\n");
      /* One line, whatever the name holds. */
      if (name != NULL && *name != '\0' && strpbrk (name, "\r\n") == NULL)
        g_string_append_printf (text, MARK_GAME "%s\n", name);
      g_string_append_printf (text, MARK_SELECTED "%u\n", MIN (selected, kv_history_length (history) - 1));
    }

  if (history->given)
    {
      g_autofree char *id = NULL;
      g_autofree char *data = NULL;

      encode_model (kv_history_get (history, 0)->model, &id, &data);
      g_string_append (text, "# kripkeviz: steps on the model below, not a script: Kripkeviz opens it\n");
      g_string_append_printf (text, MARK_MODEL "%s\n", id);
      for (gsize at = 0, length = strlen (data); at < length; at += DATA_LINE)
        {
          g_string_append (text, MARK_DATA);
          g_string_append_len (text, data + at, (gssize) MIN ((gsize) DATA_LINE, length - at));
          g_string_append_c (text, '\n');
        }
      for (guint i = 1; i < kv_history_length (history); i++)
        {
          g_autofree char *line = kv_step_to_string (kv_history_get (history, i)->step);

          g_string_append_printf (text, "%s\n", line);
        }
    }
  else
    {
      g_autoptr(GPtrArray) steps = g_ptr_array_new ();
      g_autofree char *script = NULL;

      for (guint i = 1; i < kv_history_length (history); i++)
        g_ptr_array_add (steps, kv_history_get (history, i)->step);
      script = kv_script_to_text (history->game, steps);
      g_string_append (text, script);
      if (text->len > 0 && text->str[text->len - 1] != '\n')
        g_string_append_c (text, '\n');
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
kv_session_file_to_text (const KvHistory *history,
                         const char      *name,
                         guint            selected)
{
  g_return_val_if_fail (history != NULL, NULL);

  return session_text (history, TRUE, name, selected);
}

char *
kv_session_file_to_script (const KvHistory *history)
{
  g_return_val_if_fail (history != NULL, NULL);

  return session_text (history, FALSE, NULL, 0);
}

char *
kv_session_file_without_model_data (const char *text)
{
  g_autoptr(GString) out = NULL;
  const char *line = text;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_sized_new (strlen (text));
  while (*line != '\0')
    {
      const char *end = strchr (line, '\n');
      gsize length = end != NULL ? (gsize) (end - line) + 1 : strlen (line);

      if (!g_str_has_prefix (line, MARK_DATA))
        g_string_append_len (out, line, (gssize) length);
      line += length;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
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
  /* A temporary file beside @path, renamed over it (through a link to
   * where the user keeps it). */
  return kv_write_file (path, text, -1, 0600, error);
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

char *
kv_session_file_model_id (const char *text,
                          gboolean   *has_data)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  id = find_mark (text, MARK_MODEL);
  if (has_data != NULL)
    *has_data = id != NULL && strstr (text, "\n" MARK_DATA) != NULL;
  return g_steal_pointer (&id);
}

/* The JSON of the model @text holds, checked against the id it names;
 * *@data gets the data lines joined (base64). */
static GBytes *
model_json (const char  *text,
            char       **data_out,
            GError     **error)
{
  g_autofree char *id = find_mark (text, MARK_MODEL);
  g_autoptr(GString) data = g_string_new (NULL);
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GBytes) json = NULL;
  g_autoptr(GZlibDecompressor) decompressor = NULL;
  g_autofree char *sum = NULL;
  gsize length = 0;
  guchar *bytes;

  if (id == NULL)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("the session holds no model"));
      return NULL;
    }
  for (const char *line = strstr (text, "\n" MARK_DATA); line != NULL; line = strstr (line, "\n" MARK_DATA))
    {
      const char *end;
      gsize n;

      line += 1 + strlen (MARK_DATA);
      end = strchr (line, '\n');
      n = end != NULL ? (gsize) (end - line) : strlen (line);
      while (n > 0 && g_ascii_isspace (line[n - 1]))
        n--;
      g_string_append_len (data, line, (gssize) n);
    }
  if (data->len == 0)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("the session names a model but does not hold it"));
      return NULL;
    }
  bytes = g_base64_decode (data->str, &length);
  packed = g_bytes_new_take (bytes, length);
  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  json = convert (G_CONVERTER (decompressor), packed, MAX_JSON, NULL);
  if (json != NULL)
    sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, json);
  /* Damaged on the way (a line lost, a byte changed): said, not guessed at. */
  if (json == NULL || g_strcmp0 (sum, id) != 0)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("the model in the session is damaged"));
      return NULL;
    }
  if (data_out != NULL)
    *data_out = g_string_free (g_steal_pointer (&data), FALSE);
  return g_steal_pointer (&json);
}

/* Whether @text holds a model whose data is whole (it may still be over
 * the world limit). */
static gboolean
holds_whole_model (const char *text)
{
  g_autoptr(GBytes) json = model_json (text, NULL, NULL);

  return json != NULL;
}

KvModel *
kv_session_file_model (const char  *text,
                       guint        world_limit,
                       GError     **error)
{
  g_autofree char *id = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GBytes) json = NULL;
  g_autoptr(GError) inner = NULL;
  KvModel *model;

  g_return_val_if_fail (text != NULL, NULL);

  json = model_json (text, &data, error);
  if (json == NULL)
    return NULL;
  model = kv_model_from_json (g_bytes_get_data (json, NULL), g_bytes_get_size (json), world_limit, &inner);
  if (model == NULL)
    {
      g_set_error (error, KV_ERROR, inner->code, _("the model in the session does not read: %s"), inner->message);
      return NULL;
    }
  /* Written again as it was read (the autosave after a restart). */
  id = find_mark (text, MARK_MODEL);
  remember_encoding (model, id, data);
  return model;
}

/* The steps of a session from a model, as a script of @model's game
 * (which the steps borrow). */
static KvScript *
model_steps (const char  *text,
             KvModel     *model,
             const char  *filename,
             GError     **error)
{
  g_autoptr(KvScript) script = g_new0 (KvScript, 1);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  script->game = kv_game_ref (model->game);
  script->filename = g_strdup (filename != NULL ? filename : "session");
  script->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  script->step_lines = g_array_new (FALSE, FALSE, sizeof (guint));

  /* As the script reader: "#" starts a comment, blank lines are skipped. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_autoptr(GError) inner = NULL;
      guint column = 1;
      guint number = i + 1;
      KvStep *step;

      if (hash != NULL)
        *hash = '\0';
      if (*g_strstrip (lines[i]) == '\0')
        continue;
      if (script->steps->len == MAX_STEPS)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_LIMIT, "%s:%u:1: error: %s", script->filename, number,
                       _("a session has at most 10000 steps"));
          return NULL;
        }
      step = kv_step_parse (model->game, lines[i], &column, &inner);
      if (step == NULL)
        {
          g_set_error (error, KV_ERROR, inner->code, "%s:%u:%u: error: %s", script->filename, number, column,
                       inner->message);
          return NULL;
        }
      g_ptr_array_add (script->steps, step);
      g_array_append_val (script->step_lines, number);
    }
  return g_steal_pointer (&script);
}

/* The history of a session from a model: the model (held in @text, or
 * from @lookup) and the steps run on it. */
static KvHistory *
model_history (const char              *text,
               const char              *filename,
               guint                    world_limit,
               KvSessionFileModelFunc   lookup,
               gpointer                 data,
               GError                 **error)
{
  g_autoptr(GError) inner = NULL;
  g_autoptr(KvModel) model = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autofree char *id = NULL;
  gboolean has_data = FALSE;
  guint limit = world_limit ? world_limit : KV_DEFAULT_WORLD_LIMIT;

  id = kv_session_file_model_id (text, &has_data);
  /* One read before (undo to a state of the same model) is not read again. */
  if (lookup != NULL)
    model = lookup (id, data, &inner);
  if (model != NULL && model->n_worlds > limit)
    {
      g_set_error (&inner, KV_ERROR, KV_ERROR_LIMIT, _("the model has %u worlds, more than the limit of %u"),
                   model->n_worlds, limit);
      g_clear_pointer (&model, kv_model_unref);
    }
  else if (model == NULL && inner == NULL)
    model = kv_session_file_model (text, world_limit, &inner);
  if (model == NULL)
    {
      g_set_error (error, KV_ERROR, inner->code, "%s: error: %s", filename != NULL ? filename : "session",
                   inner->message);
      return NULL;
    }
  script = model_steps (text, model, filename, error);
  if (script == NULL)
    return NULL;
  history = kv_history_new_for_model (model);
  history->world_limit = world_limit;
  if (!kv_history_run_steps (history, script, error))
    return NULL;
  return g_steal_pointer (&history);
}

KvHistory *
kv_session_file_parse (const char  *text,
                       const char  *filename,
                       guint        world_limit,
                       char       **name,
                       guint       *selected,
                       GError     **error)
{
  return kv_session_file_parse_with (text, filename, world_limit, NULL, NULL, name, selected, error);
}

KvHistory *
kv_session_file_parse_with (const char              *text,
                            const char              *filename,
                            guint                    world_limit,
                            KvSessionFileModelFunc   lookup,
                            gpointer                 data,
                            char                   **name,
                            guint                   *selected,
                            GError                 **error)
{
  g_autofree char *value = NULL;
  g_autofree char *id = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  guint64 index = 0;

  g_return_val_if_fail (text != NULL, NULL);

  id = kv_session_file_model_id (text, NULL);
  if (id != NULL)
    history = model_history (text, filename, world_limit, lookup, data, error);
  else
    {
      script = kv_script_parse (text, strlen (text), filename, error);
      if (script == NULL)
        return NULL;
      /* A game too big to enumerate runs on the symbolic engine, as it
       * opened (kv-session-open.c). */
      history = kv_history_run_script_with_engine (script, kv_history_choose_engine (script->game, world_limit),
                                                   world_limit, error);
    }
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

/* @text up to its undo tree (which the autosave appends): what is read as
 * a script, whatever the size of the tree after it. */
static char *
without_undo (const char *text)
{
  const char *undo = g_str_has_prefix (text, MARK_UNDO) ? text : strstr (text, "\n" MARK_UNDO);

  return undo == NULL ? g_strdup (text) : g_strndup (text, (gsize) (undo - text) + (undo == text ? 0 : 1));
}

KvHistory *
kv_session_file_read (const char  *path,
                      guint        world_limit,
                      char       **name,
                      guint       *selected,
                      KvUndo     **undo,
                      gboolean    *undo_damaged,
                      GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *head = NULL;
  gsize length = 0;
  gboolean damaged = FALSE;
  KvHistory *history;

  g_return_val_if_fail (path != NULL, NULL);

  text = kv_read_file (path, KV_SESSION_FILE_MAX_BYTES, KV_READ_TIME_MS, &length, error);
  if (text == NULL)
    return NULL;
  head = without_undo (text);
  history = kv_session_file_parse (head, path, world_limit, name, selected, error);
  /* Undo survives a restart; a session without it opens all the same,
   * with nothing to undo, and a damaged one with what can be read of it. */
  if (history != NULL && undo != NULL)
    {
      *undo = kv_undo_salvage (text, &damaged);
      /* A NUL byte ends what is read of it. */
      if (strlen (text) != length)
        damaged = TRUE;
    }
  if (undo_damaged != NULL)
    *undo_damaged = damaged;
  return history;
}

KvHistory *
kv_session_file_read_model (const char  *path,
                            guint        world_limit,
                            GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  text = kv_read_file (path, KV_SESSION_FILE_MAX_BYTES, KV_READ_TIME_MS, NULL, NULL);
  if (text == NULL)
    return NULL;
  id = kv_session_file_model_id (text, NULL);
  /* A script too big to open as one only for its undo tree (a long
   * session set aside) opens as the session it is. */
  if (id == NULL && (strlen (text) <= KV_READ_MAX_BYTES || strstr (text, "\n" MARK_UNDO) == NULL))
    return NULL;
  {
    g_autofree char *head = without_undo (text);

    return kv_session_file_parse (head, path, world_limit, NULL, NULL, error);
  }
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

  text = kv_read_file (path, KV_SESSION_FILE_MAX_BYTES, KV_READ_TIME_MS, &length, NULL);
  if (text == NULL)
    return FALSE;
  /* It reads: what failed is running it (or, for a session from a model,
   * making the model: its data is whole). */
  if (!holds_whole_model (text))
    {
      g_autofree char *head = without_undo (text);

      script = kv_script_parse (head, strlen (head), path, NULL);
      if (script == NULL)
        return FALSE;
    }
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
      /* A directory where the session goes has no hard links: renamed,
       * never over anything (it would block every autosave). */
      if (saved == EPERM && g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        {
          if (renameat2 (AT_FDCWD, path, AT_FDCWD, broken, RENAME_NOREPLACE) == 0)
            return g_steal_pointer (&broken);
          saved = errno;
        }
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
    return kv_write_file (path, text, -1, 0666, error);

  /* Not a local file: GIO writes a temporary file and renames it where it
   * can; a new file is written in place. */
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}
