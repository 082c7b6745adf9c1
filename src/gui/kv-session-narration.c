// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-narration.c: a teacher's own words for a step, written in the
 * window (the lesson pane's Edit Narration): an edit like any other, so
 * undo takes it back and Save Script and the session file carry it (the
 * script text holds the narration: kv-narration.h). */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include "kv-narration.h"
#include "kv-session-private.h"

/* The narration of @entry: the game's initial one for entry 0, else its
 * step's. */
static GPtrArray **
says_of (KvHistory *history, guint entry)
{
  if (entry == 0)
    return &history->game->say;
  return &((KvHistoryEntry *) kv_history_get (history, entry))->step->say;
}

/* @text as one line of a script (the reader joins a say's lines with
 * spaces): line breaks, tabs and every other control character, which a
 * script does not hold (kv_read_check_controls), become spaces. */
static char *
one_line (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_strstrip (g_string_free (out, FALSE));
}

char *
kv_session_get_narration (KvSession  *self,
                          guint       entry,
                          const char *lang)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  if (self->history == NULL || entry >= kv_history_length (self->history))
    return NULL;
  return kv_say_text (*says_of (self->history, entry), lang);
}

gboolean
kv_session_set_narration (KvSession   *self,
                          guint        entry,
                          const char  *lang,
                          const char  *text,
                          GError     **error)
{
  GPtrArray **says;
  g_autoptr(GPtrArray) now = kv_say_array_new ();
  g_autofree char *line = NULL;
  g_autofree char *was = NULL;
  gboolean put = FALSE;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->history != NULL && entry < kv_history_length (self->history), FALSE);
  if (_kv_session_refuse_busy (self, error))
    return FALSE;

  line = one_line (text != NULL ? text : "");
  says = says_of (self->history, entry);
  was = kv_say_text (*says, lang);
  if (g_strcmp0 (was != NULL ? was : "", line) == 0)
    return TRUE;

  /* The other languages' lines stay; this language's become the one line,
   * where its first was. The array is new: the old one may be shared with
   * the same step elsewhere (a lesson's own copy, kv_narration_copy). */
  for (guint i = 0; *says != NULL && i < (*says)->len; i++)
    {
      const KvSay *say = g_ptr_array_index (*says, i);

      if (g_strcmp0 (say->lang, lang) != 0)
        g_ptr_array_add (now, kv_say_new (say->lang, say->text));
      else if (!put && line[0] != '\0')
        {
          g_ptr_array_add (now, kv_say_new (lang, line));
          put = TRUE;
        }
    }
  if (!put && line[0] != '\0')
    g_ptr_array_add (now, kv_say_new (lang, line));
  g_clear_pointer (says, g_ptr_array_unref);
  if (now->len > 0)
    *says = g_steal_pointer (&now);

  _kv_session_record (self, "Edit Narration");
  return TRUE;
}
