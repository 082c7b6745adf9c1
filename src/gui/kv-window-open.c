// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-open.c: the window's files — opening a game (a script with a
 * bad step opens up to it and asks what to do), restoring the autosaved
 * session (a broken one is set aside, one over the world limit offers to
 * raise it) and writing it after every change. */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kv-lesson.h"
#include "kv-lesson-pane.h"
#include "kv-read.h"
#include "kv-session-file.h"
#include "kv-window-private.h"

/* Writes the session after every change (a step, a truncation, a game,
 * the selected step); nothing when it is as last written. */
void
_kv_window_save_session (KvWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  /* Nothing is written while the session is being read back: the file
   * still holds what the window has not put back yet (its undo tree). */
  if (!self->autosave || self->syncing || self->restoring || history_of (self) == NULL
      || self->held_session != NULL)
    return;

  {
    g_autofree char *session = kv_session_file_to_text (history_of (self), kv_session_get_game_name (self->session),
                                                        step_of (self));
    g_autofree char *limit = kv_session_file_limit_line (kv_session_get_world_limit (self->session));
    g_autofree char *undo = kv_session_undo_to_text (self->session);

    /* Undo survives a restart: its tree rides along as comment lines; so
     * does the world limit it was made with, should it be lowered. */
    text = g_strconcat (session, limit, undo, NULL);
    /* Never more than a start reads back: the oldest undo states go
     * first, down to half of it, and the user is told. */
    if (strlen (text) > self->session_max_bytes)
      {
        guint forgotten = kv_session_forget_oldest_undo (self->session, self->session_max_bytes / 2);
        g_autofree char *shorter = kv_session_undo_to_text (self->session);
        g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "The undo history grew too long to keep whole: "
                                                                 "its oldest step was forgotten",
                                                                 "The undo history grew too long to keep whole: "
                                                                 "its %u oldest steps were forgotten",
                                                                 forgotten),
                                                    forgotten);

        g_free (text);
        text = g_strconcat (session, limit, shorter, NULL);
        _kv_window_update_undo_actions (self);
        _kv_window_toast (self, message);
      }
  }
  if (g_strcmp0 (text, self->session_text) == 0)
    return;

  path = kv_session_file_get_path ();
  if (!kv_session_file_write (path, text, &error))
    {
      g_message ("Could not save the session: %s", error->message);
      if (!self->session_failed)
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the session: %s"), error->message);

          _kv_window_toast (self, message);
        }
      self->session_failed = TRUE;
      return;
    }
  self->session_failed = FALSE;
  g_free (self->session_text);
  g_free (self->held_session);
  self->session_text = g_steal_pointer (&text);
}

/* Shows @dialog as the window's one problem dialog. */
static void
show_problem_dialog (KvWindow         *self,
                     AdwMessageDialog *dialog)
{
  if (self->problem_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->problem_dialog));
  g_set_weak_pointer (&self->problem_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Line @line of the file @path without its comment, or NULL (lines end
 * as the script reader ends them: "\n", "\r\n" or "\r"). */
static char *
script_line (const char *path,
             guint       line)
{
  g_autofree char *text = NULL;
  gsize length = 0, start, end;
  guint number;
  char *hash;
  char *found;

  if (path == NULL || line == 0)
    return NULL;
  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_TIME_MS, &length, NULL);
  if (text == NULL)
    return NULL;
  start = kv_read_line_start (text, length, line, &number);
  if (number < line)
    return NULL;
  for (end = start; end < length && text[end] != '\n' && text[end] != '\r'; end++)
    ;
  found = g_strndup (text + start, end - start);
  /* A UTF-8 byte-order mark on line 1 is no part of it. */
  if (line == 1 && g_str_has_prefix (found, "\xEF\xBB\xBF"))
    memmove (found, found + 3, strlen (found + 3) + 1);
  if ((hash = strchr (found, '#')) != NULL)
    *hash = '\0';
  return g_strstrip (found);
}

/* Fix Line N: the valid steps stay open, the last one selected, and the
 * bad line goes into the New Step form; a line that does not read as a
 * step waits, with the error, in a text field over the form. */
static void
fix_bad_step (KvWindow         *self,
              AdwMessageDialog *dialog)
{
  guint line = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "kv-line"));
  const char *problem = g_object_get_data (G_OBJECT (dialog), "kv-problem");
  g_autofree char *text = script_line (kv_session_get_game_path (self->session), line);

  if (text == NULL || history_of (self) == NULL)
    return;
  kv_session_select_step (self->session, kv_history_length (history_of (self)) - 1);
  adw_flap_set_reveal_flap (self->flap, TRUE);
  if (kv_composer_set_draft (self->composer, line, text, problem))
    {
      /* In the form: the error says why it was refused. */
      _kv_window_toast (self, problem);
      gtk_widget_grab_focus (GTK_WIDGET (self->composer));
    }
}

static void
on_bad_step_response (KvWindow         *self,
                      const char       *response,
                      AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "fix"))
    fix_bad_step (self, dialog);

  /* Opening was an edit: undo puts the game before it back. */
  if (g_str_equal (response, "back") && !kv_session_undo (self->session, &error) && error != NULL)
    _kv_window_toast (self, error->message);
}

/* The file opened up to a bad step: where, why, and what now. */
static void
report_bad_step (KvWindow   *self,
                 const char *problem,
                 guint       line)
{
  const KvHistory *history = history_of (self);
  guint n_steps = kv_history_length (history) - 1;
  g_autofree char *shown = kv_read_shorten (problem);
  g_autofree char *body = NULL;
  g_autofree char *opened = NULL;
  g_autofree char *keep = NULL;
  g_autofree char *fix = NULL;
  g_autofree char *text = NULL;
  AdwMessageDialog *dialog;

  if (n_steps == 0)
    opened = g_strdup (_("The game is open without its steps; this step and the rest of the file were left out."));
  else
    /* TRANSLATORS: %u is a number of steps, as in "The 3 steps before it are open" */
    opened = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The %u step before it is open; this step and the rest of the file were left out.",
                                           "The %u steps before it are open; this step and the rest of the file were left out.",
                                           n_steps),
                              n_steps);
  body = g_strdup_printf ("%s\n\n%s", shown, opened);
  /* TRANSLATORS: %u is a line of the script */
  keep = g_strdup_printf (_("_Drop Line %u and the Rest"), line);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("A Step Could Not Be Opened"), body));
  adw_message_dialog_add_response (dialog, "back", _("_Back to the Previous Game"));
  /* TRANSLATORS: %u is a line of the script */
  fix = g_strdup_printf (_("_Fix Line %u"), line);
  adw_message_dialog_add_response (dialog, "fix", fix);
  text = script_line (kv_session_get_game_path (self->session), line);
  adw_message_dialog_set_response_enabled (dialog, "fix", text != NULL);
  g_object_set_data (G_OBJECT (dialog), "kv-line", GUINT_TO_POINTER (line));
  g_object_set_data_full (G_OBJECT (dialog), "kv-problem", g_steal_pointer (&shown), g_free);
  adw_message_dialog_add_response (dialog, "keep", keep);
  adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "keep");
  /* Nothing to go back to in a window that had no game. */
  adw_message_dialog_set_response_enabled (dialog, "back", kv_session_can_undo (self->session));
  g_signal_connect_swapped (dialog, "response", G_CALLBACK (on_bad_step_response), self);
  show_problem_dialog (self, dialog);
}

/* A file with narration or questions is a lesson, however it is opened
 * (Game ▸ Open…, the command line, a file dropped on the window): it is
 * opened in lesson mode, as Game ▸ Lessons ▸ Open… does, so that its words
 * are shown and its questions asked. */
static gboolean
is_lesson_file (const char *path)
{
  g_autoptr(KvScript) script = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  script = kv_script_open (path, NULL);
  return script != NULL && kv_lesson_script_has_words (script);
}

gboolean
kv_window_open (KvWindow    *self,
                const char  *name_or_path,
                GError     **error)
{
  g_autofree char *problem = NULL;
  guint line = 0;

  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  if (is_lesson_file (name_or_path))
    return kv_lesson_pane_open (KV_LESSON_PANE (self->lesson_pane), name_or_path, error);

  /* A script with a bad step opens up to it, and says so. */
  if (!kv_session_open_valid_steps (self->session, name_or_path, &problem, &line, error))
    return FALSE;
  if (problem != NULL)
    {
      g_message ("%s", problem);
      report_bad_step (self, problem, line);
    }
  return TRUE;
}

/* The world limit a session over it asks for: what it was made with,
 * else twice the limit (at least the default), within the schema's range. */
static guint
limit_to_offer (KvWindow *self,
                guint     made_with)
{
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  guint current = kv_session_get_world_limit (self->session);
  guint offer, low = 1, high = G_MAXUINT;
  g_autofree char *type = NULL;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, "world-limit");
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(sv)", &type, &bounds);
  if (g_str_equal (type, "range"))
    g_variant_get (bounds, "(uu)", &low, &high);

  if (made_with > current)
    offer = made_with;
  else
    offer = MAX ((guint) MIN ((guint64) current * 2, G_MAXUINT), (guint) KV_DEFAULT_WORLD_LIMIT);
  return CLAMP (offer, low, high);
}

static void
on_over_limit_response (KvWindow         *self,
                        const char       *response,
                        AdwMessageDialog *dialog)
{
  g_autofree char *path = g_steal_pointer (&self->held_session);
  guint offer = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "kv-offer"));

  if (path == NULL)
    return;
  if (g_str_equal (response, "raise"))
    {
      /* The preference itself (Preferences → World limit), so it stays. */
      g_settings_set_uint (self->settings, "world-limit", offer);
      kv_session_set_world_limit (self->session, offer);
      kv_window_restore_session (self);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *aside = kv_session_file_keep_aside (path, ".kvg", &error);
      g_autofree char *message = NULL;

      if (aside != NULL)
        {
          g_autofree char *basename = g_path_get_basename (aside);

          /* TRANSLATORS: %s is a file name, session-20261123-141500.kvg */
          message = g_strdup_printf (_("The last session was kept as %s: raise “Largest model built” in Preferences, then open it from the Game menu"),
                                     basename);
        }
      else
        message = g_strdup_printf (_("Could not keep the last session: %s"), error->message);
      _kv_window_toast (self, message);
    }
  _kv_window_save_session (self);
}

/* A session over the world limit is not broken: it opens with a higher one. */
static void
offer_raise_limit (KvWindow   *self,
                   const char *path,
                   guint       made_with,
                   const char *problem)
{
  guint current = kv_session_get_world_limit (self->session);
  guint offer = limit_to_offer (self, made_with);
  g_autofree char *shown = kv_read_shorten (problem);
  g_autofree char *body = NULL;
  g_autofree char *raise = NULL;
  AdwMessageDialog *dialog;

  body = g_strdup_printf (_("One of its models has more worlds than the limit of %u (Preferences → Largest model built).\n\n%s"),
                          current, shown);
  /* TRANSLATORS: %u is a number of worlds */
  raise = g_strdup_printf (_("_Raise Limit to %u"), offer);

  g_free (self->held_session);
  self->held_session = g_strdup (path);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("The Last Session Is Over the World Limit"),
                                                       body));
  adw_message_dialog_add_response (dialog, "aside", _("_Keep It Aside"));
  adw_message_dialog_add_response (dialog, "raise", raise);
  adw_message_dialog_set_response_appearance (dialog, "raise", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "raise");
  adw_message_dialog_set_close_response (dialog, "aside");
  g_object_set_data (G_OBJECT (dialog), "kv-offer", GUINT_TO_POINTER (offer));
  g_signal_connect_swapped (dialog, "response", G_CALLBACK (on_over_limit_response), self);
  show_problem_dialog (self, dialog);
}

/* The damaged undo tree of the session at @path: the file kept aside as
 * session-….kvg.broken before anything is written over it, and said. */
static void
report_damaged_undo (KvWindow   *self,
                     const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = kv_session_file_set_aside (path, &error);
  g_autofree char *message = NULL;

  if (aside != NULL)
    {
      g_autofree char *basename = g_path_get_basename (aside);

      /* TRANSLATORS: %s is a file name, session-20261123-141500.kvg.broken */
      message = g_strdup_printf (_("Part of the undo history of the last session was damaged: what could be read "
                                   "was kept, and the file as it was is in %s"),
                                 basename);
    }
  else
    message = g_strdup_printf (_("Part of the undo history of the last session was damaged: what could be read "
                                 "was kept (%s)"),
                               error->message);
  g_message ("%s", message);
  _kv_window_toast (self, message);
}

/* The session could not be read: one over the world limit waits for the
 * user's word; any other is kept aside, out of the way of the next
 * autosave. */
static void
restore_failed (KvWindow   *self,
                const char *path,
                GError     *error)
{
  g_autoptr(GError) aside_error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *message = NULL;
  guint made_with = 0;

  /* Made under a higher world limit: kept where it is (no autosave
   * over it) until the user says whether to raise the limit. */
  if (g_error_matches (error, KV_ERROR, KV_ERROR_LIMIT) && kv_session_file_over_limit (path, &made_with))
    {
      g_message ("The session is over the world limit: %s", error->message);
      offer_raise_limit (self, path, made_with, error->message);
      return;
    }

  /* Kept for a look, out of the way of the next autosave. */
  g_message ("Could not restore the session: %s", error->message);
  aside = kv_session_file_set_aside (path, &aside_error);
  if (aside != NULL)
    {
      g_autofree char *basename = g_path_get_basename (aside);

      /* TRANSLATORS: %s is a file name, session-20261123-141500.kvg.broken */
      message = g_strdup_printf (_("The last session could not be restored; it was kept as %s"), basename);
    }
  else
    message = g_strdup (_("The last session could not be restored"));
  _kv_window_toast (self, message);
}

gboolean
kv_window_restore_session (KvWindow *self)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvUndo) undo = NULL;
  g_autoptr(GError) error = NULL;
  gboolean damaged = FALSE;
  guint selected = 0;

  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);

  path = kv_session_file_get_path ();
  /* What an autosave killed mid-write (kill -9, a power cut) left behind. */
  kv_session_file_remove_stale (path);
  history = kv_session_file_read (path, kv_session_get_world_limit (self->session),
                                  &name, &selected, &undo, &damaged, &error);
  if (history == NULL)
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        restore_failed (self, path, error);
      return FALSE;
    }
  if (damaged)
    report_damaged_undo (self, path);

  /* The history and its undo tree put back whole before the first write. */
  self->restoring = TRUE;
  kv_session_set_history (self->session, g_steal_pointer (&history),
                          name != NULL ? name : _("session"), NULL, selected);
  if (undo != NULL)
    kv_session_set_undo (self->session, g_steal_pointer (&undo));
  if (damaged)
    kv_session_record_if_new (self->session);
  self->restoring = FALSE;
  _kv_window_update_undo_actions (self);
  _kv_window_save_session (self);
  return TRUE;
}

void
kv_window_set_autosave (KvWindow *self,
                        gboolean  autosave)
{
  g_return_if_fail (KV_IS_WINDOW (self));

  self->autosave = !!autosave;
  _kv_window_save_session (self);
}

void
kv_window_open_or_report (KvWindow   *self,
                          const char *name_or_path)
{
  g_autoptr(GError) error = NULL;

  if (!kv_window_open (self, name_or_path, &error))
    _kv_window_report_error (self, _("Could Not Open the Game"), error->message);
}
