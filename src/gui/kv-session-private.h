// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-private.h: the session's insides, shared by kv-session.c (the
 * game, the history and its edits, the properties) and kv-session-undo.c
 * (undo and redo). Not for widgets. */
#pragma once

#include "kv-session.h"

G_BEGIN_DECLS

struct _KvSession
{
  GObject     parent_instance;

  char       *game_name;
  char       *game_path;
  KvHistory  *history;
  guint       step;
  guint       world_limit;
  KvUndo     *undo;         /* every edit's result, as session text */
  gboolean    undoing;      /* putting an undo state back: not an edit */
  /* The models histories opened here started from (.kvm.json), by id
   * (kv-session-file.h): undo states name them, one holds their data. */
  GHashTable *models;       /* id → KvModel* */
  /* Next turn's players: each agent's strategy (del for a new game), and
   * the seed its random choices start from (with the history's length). */
  const KvStrategy *strategies[KV_MAX_AGENTS];
  guint32     seed;

  /* What the window shows of the selected step: the formula checked at
   * it, the view of its model and the agents whose links are hidden. */
  char       *formula;
  KvViewKind  view;
  guint       hidden_agents;
  char       *perspective;  /* "1>2" (kv-perspective.h), "" for none */
};

/* The session as an undo state: the session file's text, selection included. */
char       *_kv_session_document (KvSession  *self);
/* Records the history as it is now as the result of the edit @label
 * (nothing while an undo state is put back). */
void        _kv_session_record   (KvSession  *self,
                                  const char *label);

G_END_DECLS
