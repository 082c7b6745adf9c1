// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-undo.c: the session's undo and redo — every edit's result
 * recorded as session-file text in the tree of kv-undo.h, and put back
 * with kv_session_set_history; the models of .kvm.json histories held
 * once in the tree, named by the other states. */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include "kv-session-file.h"
#include "kv-session-private.h"

/* The session as an undo state: the session file's text, selection included. */
char *
_kv_session_document (KvSession *self)
{
  return kv_session_file_to_text (self->history, self->game_name, self->step);
}

/* The text of the undo state that holds the data of the model @id, or
 * NULL (the others only name it). */
static const char *
state_holding_model (KvSession  *self,
                     const char *id)
{
  for (guint i = 0; self->undo != NULL && i < kv_undo_n_states (self->undo); i++)
    {
      const char *text = kv_undo_state_text (self->undo, i);
      gboolean has_data = FALSE;
      g_autofree char *named = kv_session_file_model_id (text, &has_data);

      if (has_data && g_strcmp0 (named, id) == 0)
        return text;
    }
  return NULL;
}

/* The model @id names, for an undo state that names it without its data:
 * one put in before, or the data a state holds; NULL without @error when
 * there is none, with @error when the data does not read. */
static KvModel *
find_model (const char  *id,
            gpointer     data,
            GError     **error)
{
  KvSession *self = data;
  KvModel *model = g_hash_table_lookup (self->models, id);

  if (model == NULL)
    {
      const char *text = state_holding_model (self, id);

      if (text == NULL)
        return NULL;
      model = kv_session_file_model (text, self->world_limit, error);
      if (model == NULL)
        return NULL;
      g_hash_table_insert (self->models, g_strdup (id), model);
    }
  return model != NULL ? kv_model_ref (model) : NULL;
}

void
_kv_session_amend (KvSession *self)
{
  g_autofree char *now = NULL;

  if (self->undo == NULL)
    return;
  now = _kv_session_document (self);
  kv_undo_amend (self->undo, now);
}

void
_kv_session_record (KvSession  *self,
                    const char *label)
{
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;

  if (self->undoing || self->history == NULL)
    return;
  text = _kv_session_document (self);
  /* A model's data is held by one state; the others name it. */
  id = kv_session_file_history_model_id (self->history);
  if (id != NULL)
    {
      if (state_holding_model (self, id) != NULL)
        {
          g_autofree char *full = g_steal_pointer (&text);

          text = kv_session_file_without_model_data (full);
        }
      g_hash_table_insert (self->models, g_steal_pointer (&id),
                           kv_model_ref (kv_history_get (self->history, 0)->model));
    }
  if (self->undo == NULL)
    self->undo = kv_undo_new (label, text);
  else
    kv_undo_record (self->undo, label, text);
}

/* Puts the undo state @text in, as it was. */
static gboolean
restore (KvSession   *self,
         const char  *text,
         GError     **error)
{
  g_autofree char *name = NULL;
  guint selected = 0;
  KvHistory *history = kv_session_file_parse_with (text, self->game_name, self->world_limit,
                                                   find_model, self, &name, &selected, error);

  if (history == NULL)
    return FALSE;
  self->undoing = TRUE;
  kv_session_set_history (self, history, name != NULL ? name : self->game_name, self->game_path, selected);
  self->undoing = FALSE;
  return TRUE;
}

gboolean
kv_session_undo (KvSession  *self,
                 GError    **error)
{
  const char *text;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (_kv_session_refuse_busy (self, error))
    return FALSE;
  if (self->undo == NULL || !kv_undo_can_undo (self->undo))
    return FALSE;
  text = kv_undo_undo (self->undo);
  if (restore (self, text, error))
    return TRUE;
  kv_undo_redo (self->undo);
  return FALSE;
}

gboolean
kv_session_redo (KvSession  *self,
                 GError    **error)
{
  const char *text;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (_kv_session_refuse_busy (self, error))
    return FALSE;
  if (self->undo == NULL || !kv_undo_can_redo (self->undo))
    return FALSE;
  text = kv_undo_redo (self->undo);
  if (restore (self, text, error))
    return TRUE;
  kv_undo_undo (self->undo);
  return FALSE;
}

gboolean
kv_session_can_undo (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->undo != NULL && kv_undo_can_undo (self->undo);
}

gboolean
kv_session_can_redo (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->undo != NULL && kv_undo_can_redo (self->undo);
}

char *
kv_session_undo_to_text (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->undo != NULL ? kv_undo_to_text (self->undo) : g_strdup ("");
}

void
kv_session_set_undo (KvSession *self,
                     KvUndo    *undo)
{
  g_return_if_fail (KV_IS_SESSION (self));
  g_clear_pointer (&self->undo, kv_undo_free);
  self->undo = undo;
}

void
kv_session_record_if_new (KvSession *self)
{
  g_autofree char *now = NULL;

  g_return_if_fail (KV_IS_SESSION (self));
  if (self->undo == NULL || self->history == NULL)
    return;
  now = _kv_session_document (self);
  if (g_strcmp0 (now, kv_undo_current_text (self->undo)) != 0)
    _kv_session_record (self, "Open");
}

guint
kv_session_forget_oldest_undo (KvSession *self,
                               gsize      budget)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->undo != NULL ? kv_undo_forget_oldest (self->undo, budget) : 0;
}
