// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session.h: the session — what the window shows, in one object (as
 * Sysprof's SysprofSession): the game, its history, the selected step and
 * the world limit, with properties and signals. Widgets listen to it
 * instead of being refreshed one by one. GTK-free (GObject only), so it is
 * tested without a display (tests/gui/test-session.c).
 *
 * Signals, in this order after a change:
 *   game-changed          a new game was put in (open, set_history)
 *   steps-changed (from)  the entries from @from on are new or gone
 *   notify::step …        the properties that changed
 *   steps-replaced (n)    an edit replaced the @n steps after the selected
 *                         one (undo brings them back)
 *   steps-deleted (n)     kv_session_delete_later_steps deleted the @n
 *                         steps after the selected one (undo brings them
 *                         back)
 * ("history", "game-name", "game-path", "step", "length", "world-limit").
 *
 * Every change to the history goes through one private function, edit ()
 * in kv-session.c: the place undo and branches hook in. */
#pragma once

#include <glib-object.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_SESSION (kv_session_get_type ())
G_DECLARE_FINAL_TYPE (KvSession, kv_session, KV, SESSION, GObject)

KvSession  *kv_session_new            (void);

/* Opens a built-in game (hexa, clue11, …) or a .kvg file, run with the
 * session's world limit; the initial model is selected. On error
 * (FILE:LINE:COL: …) the session stays as it was. */
gboolean    kv_session_open           (KvSession   *self,
                                       const char  *name_or_path,
                                       GError     **error);
/* As kv_session_open, but a script file with a bad step — one that does
 * not read, or is refused — opens with the steps before that step's line:
 * TRUE, with the error (FILE:LINE:COL: …) in *@problem (newly allocated)
 * and its line in *@problem_line. TRUE and *@problem NULL when the whole
 * file opened; FALSE with @error (the session as it was) when not even the
 * game's header reads. */
gboolean    kv_session_open_valid_steps (KvSession   *self,
                                         const char  *name_or_path,
                                         char       **problem,
                                         guint       *problem_line,
                                         GError     **error);
/* Puts in @history (taken) of the game @name (@path: its file, or NULL),
 * with entry @selected (clamped). */
void        kv_session_set_history    (KvSession   *self,
                                       KvHistory   *history,
                                       const char  *name,
                                       const char  *path,
                                       guint        selected);

/* The history (NULL before a game), the game's name ("hexa", or the file's
 * basename without .kvg) and file (NULL for a built-in or a session). */
KvHistory  *kv_session_get_history    (KvSession   *self);
const char *kv_session_get_game_name  (KvSession   *self);
const char *kv_session_get_game_path  (KvSession   *self);
/* The entry shown ("step"), and the entry itself (NULL before a game). */
guint       kv_session_get_step       (KvSession   *self);
const KvHistoryEntry *kv_session_get_entry (KvSession *self);
void        kv_session_select_step    (KvSession   *self,
                                       guint        index);
/* One step back or forward; FALSE when there is none. */
gboolean    kv_session_back           (KvSession   *self);
gboolean    kv_session_forward        (KvSession   *self);

/* The edits: each drops the entries after the selected step (undo brings
 * them back), appends, and selects the last entry. On error (a refused
 * step, the game is over) nothing changes. */
gboolean    kv_session_apply_step     (KvSession   *self,
                                       KvStep      *step,
                                       GError     **error);
/* Next turn (kv-turn.h): the next player's whole turn. */
gboolean    kv_session_play_to_end    (KvSession   *self,
                                       GError     **error);
gboolean    kv_session_next_turn      (KvSession   *self,
                                       GError     **error);

/* Deletes every step after the selected one, as one edit (undo brings
 * them back); the number deleted, 0 (nothing changes) at the last step. */
guint       kv_session_delete_later_steps (KvSession *self);

/* Next turn's players: each agent's strategy by name (random, naive, del,
 * del+; "strategies" notifies a change). A new game starts with del for
 * all; undo and step changes keep them. set_strategy is FALSE for an
 * unknown name. */
const char *kv_session_get_strategy   (KvSession   *self,
                                       guint        agent);
gboolean    kv_session_set_strategy   (KvSession   *self,
                                       guint        agent,
                                       const char  *name);
/* KV_MAX_AGENTS strategies, owned by the session. */
const KvStrategy *const *kv_session_get_strategies (KvSession *self);
/* The random choices of Next turn (random's and naive's) come from this
 * seed ("seed", random at first) and the history's length: the same
 * history and seed play the same turn. */
guint32     kv_session_get_seed       (KvSession   *self);
void        kv_session_set_seed       (KvSession   *self,
                                       guint32      seed);

/* Undo and redo of the edits (apply, Next turn, open): the tree of
 * kv-undo.h, so an edit at an earlier step keeps the later steps for undo.
 * FALSE when there is nothing to undo/redo, or with @error when the state
 * no longer runs (a lower world limit). Navigation is not an edit. */
gboolean    kv_session_undo           (KvSession   *self,
                                       GError     **error);
gboolean    kv_session_redo           (KvSession   *self,
                                       GError     **error);
gboolean    kv_session_can_undo       (KvSession   *self);
gboolean    kv_session_can_redo       (KvSession   *self);
/* The undo tree as comment lines for the autosave, and back (taken). */
char       *kv_session_undo_to_text   (KvSession   *self);
void        kv_session_set_undo       (KvSession   *self,
                                       KvUndo      *undo);

/* The world limit new games run with (and the history's, from now on). */
guint       kv_session_get_world_limit (KvSession  *self);
void        kv_session_set_world_limit (KvSession  *self,
                                        guint       world_limit);

/* The history's steps as a game script (kv_script_to_text). */
char       *kv_session_to_script      (KvSession   *self);

G_END_DECLS
