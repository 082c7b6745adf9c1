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

  /* Next turn or Play to the end while it plays on its worker
   * (kv-session-play.c): the worker's task (not referenced: it lives
   * until it has returned), what stops it, and the turns played so far. */
  GTask        *play;
  guint         played_turns;
};

/* Appends to the history; FALSE with @error when nothing could be. */
typedef gboolean (*KvSessionEditFunc) (KvHistory  *history,
                                       gpointer    data,
                                       GError    **error);

/* The one place the history changes after a game is put in (kv-session.c):
 * drops the entries after the selected step, runs @func to append, selects
 * the last entry, records the result for undo as @label and says what
 * changed. A refusal (@func FALSE) changes nothing and says nothing; so
 * does any edit while turns play on the worker (G_IO_ERROR_BUSY). */
gboolean    _kv_session_edit     (KvSession         *self,
                                  KvSessionEditFunc  func,
                                  gpointer           data,
                                  const char        *label,
                                  GError           **error);
/* The random choices of the turn played after the history's @length
 * entries: the same history and seed play the same turn again. */
GRand      *_kv_session_turn_rand (KvSession *self,
                                   guint      length);
/* The worker's turns start (@play, its task) or end (NULL):
 * "playing" notified; "played-turns" back to 0 at the start. */
void        _kv_session_set_play (KvSession     *self,
                                  GTask         *play);
void        _kv_session_set_played_turns (KvSession *self,
                                          guint      turns);
/* TRUE, with G_IO_ERROR_BUSY in @error, while turns play on the worker: the
 * edits wait for it (kv-session-play.c). */
gboolean    _kv_session_refuse_busy (KvSession  *self,
                                     GError    **error);

/* The session as an undo state: the session file's text, selection included. */
char       *_kv_session_document (KvSession  *self);
/* Records the history as it is now as the result of the edit @label
 * (nothing while an undo state is put back). */
void        _kv_session_record   (KvSession  *self,
                                  const char *label);
/* Makes the undo state recorded last the session as it is now, so that
 * undoing the next edit comes back to the step selected now (Change Deal,
 * Next turn and Play to the end on the worker). */
void        _kv_session_amend    (KvSession  *self);

G_END_DECLS
