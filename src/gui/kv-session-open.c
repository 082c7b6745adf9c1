// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-open.c: putting a game into the session — a built-in, a
 * script (kv_session_open_valid_steps: up to a bad step), a model file
 * (.kvm.json) or a script saved from one — each through
 * kv_session_set_history, so opening is one undoable edit. */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include <string.h>

#include "kv-read.h"
#include "kv-session.h"
#include "kv-session-file.h"

/* Puts in @history (taken) of the file @path, named after it. */
static void
put_in_file (KvSession  *self,
             KvHistory  *history,
             const char *path)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);

  if (g_str_has_suffix (basename, KV_MODEL_JSON_SUFFIX))
    basename[strlen (basename) - strlen (KV_MODEL_JSON_SUFFIX)] = '\0';
  else if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  kv_session_set_history (self, history, basename, canonical, 0);
}

/* Opens the model file @path (.kvm.json): a history of its one model,
 * which steps then run on. */
static gboolean
open_model (KvSession   *self,
            const char  *path,
            GError     **error)
{
  g_autoptr(KvModel) model = kv_model_load_json (path, kv_session_get_world_limit (self), error);
  KvHistory *history;

  if (model == NULL)
    return FALSE;
  history = kv_history_new_for_model (model);
  history->world_limit = kv_session_get_world_limit (self);
  put_in_file (self, history, path);
  return TRUE;
}

/* Opens the file @path when it holds steps on a model (a script saved
 * from one, an autosave set aside: kv-session-file.h): TRUE when it did;
 * FALSE with @error when it holds a model that does not read; FALSE
 * without when it holds none (a script, or nothing Kripkeviz reads). */
static gboolean
open_model_session (KvSession   *self,
                    const char  *path,
                    GError     **error)
{
  KvHistory *history = kv_session_file_read_model (path, kv_session_get_world_limit (self), error);

  if (history == NULL)
    return FALSE;
  put_in_file (self, history, path);
  return TRUE;
}

gboolean
kv_session_open (KvSession   *self,
                 const char  *name_or_path,
                 GError     **error)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GError) bad = NULL;
  g_autoptr(GError) model_error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  if (kv_model_json_is_path (name_or_path))
    return open_model (self, name_or_path, error);
  script = kv_script_open (name_or_path, &bad);
  if (script == NULL)
    {
      /* Not a script: perhaps steps on a model (a script saved from one). */
      if ((strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg"))
          && open_model_session (self, name_or_path, &model_error))
        return TRUE;
      g_propagate_error (error, model_error != NULL ? g_steal_pointer (&model_error) : g_steal_pointer (&bad));
      return FALSE;
    }
  history = kv_history_run_script (script, kv_session_get_world_limit (self), error);
  if (history == NULL)
    return FALSE;

  basename = g_path_get_basename (name_or_path);
  if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  /* As kv_script_open tells a file from a built-in's name. */
  if (strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg"))
    path = g_canonicalize_filename (name_or_path, NULL);

  kv_session_set_history (self, g_steal_pointer (&history), basename, path, 0);
  return TRUE;
}

/* The line an error "FILE:LINE:COL: …" about @filename names, or 0. */
static guint
error_line (const GError *error,
            const char   *filename)
{
  const char *rest;
  guint64 line = 0;
  char *end = NULL;

  if (error == NULL || error->domain != KV_ERROR || !g_str_has_prefix (error->message, filename))
    return 0;
  rest = error->message + strlen (filename);
  if (*rest != ':')
    return 0;
  line = g_ascii_strtoull (rest + 1, &end, 10);
  if (end == rest + 1 || *end != ':' || line > G_MAXUINT)
    return 0;
  return (guint) line;
}

/* The length of the lines of @text before line @line (counted as the
 * script reader does: "\n", "\r\n" and "\r" each end a line). */
static gsize
lines_before (const char *text,
              gsize       length,
              guint       line)
{
  guint number = 1;
  gsize i = 0;

  while (i < length && number < line)
    {
      if (text[i] == '\r' && i + 1 < length && text[i + 1] == '\n')
        i++;
      if (text[i] == '\n' || text[i] == '\r')
        number++;
      i++;
    }
  return i;
}

/* The script of @path up to (not including) the line @error names, or NULL
 * when that does not read either (the header is what is wrong). */
static KvScript *
script_before_error (const char   *path,
                     const GError *error)
{
  guint line = error_line (error, path);
  g_autofree char *text = NULL;
  gsize length = 0;

  if (line <= 1)
    return NULL;
  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_IDLE_MS, &length, NULL);
  if (text == NULL)
    return NULL;
  return kv_script_parse (text, lines_before (text, length, line), path, NULL);
}

/* @script's steps before line @line, run; NULL when not even its initial
 * model is made. */
static KvHistory *
history_before_line (const KvScript *script,
                     guint           world_limit,
                     guint           line)
{
  g_autoptr(KvHistory) history = kv_history_new (script->game, world_limit, NULL);

  if (history == NULL)
    return NULL;
  for (guint i = 0; i < script->steps->len; i++)
    {
      if (g_array_index (script->step_lines, guint, i) >= line ||
          !kv_history_push (history, g_ptr_array_index (script->steps, i), NULL))
        break;
    }
  return g_steal_pointer (&history);
}

gboolean
kv_session_open_valid_steps (KvSession   *self,
                             const char  *name_or_path,
                             char       **problem,
                             guint       *problem_line,
                             GError     **error)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GError) bad = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *path = NULL;
  gboolean is_file;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);
  g_return_val_if_fail (problem != NULL && *problem == NULL, FALSE);

  if (kv_model_json_is_path (name_or_path))
    return open_model (self, name_or_path, error);

  /* As kv_script_open tells a file from a built-in's name. */
  is_file = strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg");
  script = kv_script_open (name_or_path, &bad);
  if (script == NULL && is_file && !g_str_equal (name_or_path, "-"))
    {
      g_autoptr(GError) model_error = NULL;

      /* Steps on a model (no header of its own), all or nothing. */
      if (open_model_session (self, name_or_path, &model_error))
        return TRUE;
      if (model_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&model_error));
          return FALSE;
        }
    }
  if (script == NULL)
    {
      /* A bad step: the steps before its line read on their own. */
      if (is_file && !g_str_equal (name_or_path, "-"))
        script = script_before_error (name_or_path, bad);
      if (script == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&bad));
          return FALSE;
        }
    }
  {
    g_autoptr(GError) refused = NULL;

    history = kv_history_run_script (script, kv_session_get_world_limit (self), &refused);
    if (history == NULL)
      {
        guint line = error_line (refused, script->filename);

        /* A refused step (before any step that did not read). */
        if (line > 1)
          history = history_before_line (script, kv_session_get_world_limit (self), line);
        if (history == NULL)
          {
            g_propagate_error (error, g_steal_pointer (&refused));
            return FALSE;
          }
        g_clear_error (&bad);
        bad = g_steal_pointer (&refused);
      }
  }

  basename = g_path_get_basename (name_or_path);
  if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  if (is_file)
    path = g_canonicalize_filename (name_or_path, NULL);

  kv_session_set_history (self, g_steal_pointer (&history), basename, path, 0);
  if (bad != NULL)
    {
      *problem = g_strdup (bad->message);
      if (problem_line != NULL)
        *problem_line = error_line (bad, name_or_path);
    }
  return TRUE;
}
