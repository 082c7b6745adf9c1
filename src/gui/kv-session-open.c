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

/* Whether @name_or_path names a file, not a built-in game (as
 * kv_script_open tells them apart; "-" is standard input). */
static gboolean
names_file (const char *name_or_path)
{
  return strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg") ||
         kv_model_json_is_path (name_or_path);
}

/* A game too big to enumerate runs on the symbolic engine (kv-history.h). */
static KvEngineKind
engine_for (KvSession *self,
            KvGame    *game)
{
  return kv_history_choose_engine (game, kv_session_get_world_limit (self));
}

/* Puts in @history (taken) of @name_or_path: named after it without its
 * suffix, with its canonical path when it names a file. */
static void
put_in (KvSession  *self,
        KvHistory  *history,
        const char *name_or_path)
{
  g_autofree char *basename = g_path_get_basename (name_or_path);
  g_autofree char *path = names_file (name_or_path) ? g_canonicalize_filename (name_or_path, NULL) : NULL;

  if (g_str_has_suffix (basename, KV_MODEL_JSON_SUFFIX))
    basename[strlen (basename) - strlen (KV_MODEL_JSON_SUFFIX)] = '\0';
  else if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  kv_session_set_history (self, history, basename, path, 0);
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
  put_in (self, history, path);
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
  put_in (self, history, path);
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

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  if (kv_model_json_is_path (name_or_path))
    return open_model (self, name_or_path, error);
  script = kv_script_open (name_or_path, &bad);
  if (script == NULL)
    {
      /* Not a script: perhaps steps on a model (a script saved from one). */
      if (names_file (name_or_path) && open_model_session (self, name_or_path, &model_error))
        return TRUE;
      g_propagate_error (error, model_error != NULL ? g_steal_pointer (&model_error) : g_steal_pointer (&bad));
      return FALSE;
    }
  history = kv_history_run_script_with_engine (script, engine_for (self, script->game),
                                               kv_session_get_world_limit (self), error);
  if (history == NULL)
    return FALSE;

  put_in (self, g_steal_pointer (&history), name_or_path);
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
  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_TIME_MS, &length, NULL);
  if (text == NULL)
    return NULL;
  return kv_script_parse (text, kv_read_line_start (text, length, line, NULL), path, NULL);
}

/* @script's steps before line @line, run; NULL when not even its initial
 * model is made. */
static KvHistory *
history_before_line (const KvScript *script,
                     guint           world_limit,
                     guint           line)
{
  g_autoptr(KvHistory) history = kv_history_new_with_engine (script->game,
                                                             kv_history_choose_engine (script->game, world_limit),
                                                             world_limit, NULL);

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
  gboolean is_file;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);
  g_return_val_if_fail (problem != NULL && *problem == NULL, FALSE);

  if (kv_model_json_is_path (name_or_path))
    return open_model (self, name_or_path, error);

  is_file = names_file (name_or_path) && !g_str_equal (name_or_path, "-");
  script = kv_script_open (name_or_path, &bad);
  if (script == NULL && is_file)
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
      if (is_file)
        script = script_before_error (name_or_path, bad);
      if (script == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&bad));
          return FALSE;
        }
    }
  {
    g_autoptr(GError) refused = NULL;

    history = kv_history_run_script_with_engine (script, engine_for (self, script->game),
                                                 kv_session_get_world_limit (self), &refused);
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

  put_in (self, g_steal_pointer (&history), name_or_path);
  if (bad != NULL)
    {
      *problem = g_strdup (bad->message);
      if (problem_line != NULL)
        *problem_line = error_line (bad, name_or_path);
    }
  return TRUE;
}
