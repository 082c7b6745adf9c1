// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session.h: the session — what the window shows, in one object (as
 * Sysprof's SysprofSession): the game, its history, the selected step and
 * the world limit, with properties and signals. Widgets listen to it
 * instead of being refreshed one by one. GTK-free (GObject only), so it is
 * tested without a display (tests/gui/test-session.c).
 *
 * Signals, in this order after a change:
 *   game-changed          a new game was put in (open, set_history,
 *                         set_deal)
 *   steps-changed (from)  the entries from @from on are new or gone
 *   notify::step …        the properties that changed
 *   steps-replaced (n)    an edit replaced the @n steps after the selected
 *                         one (undo brings them back)
 *   steps-deleted (n)     kv_session_delete_later_steps deleted the @n
 *                         steps after the selected one (undo brings them
 *                         back)
 *   deal-changed (n)      kv_session_set_deal put in another deal and
 *                         dropped the @n steps that no longer hold there
 *                         (0: none; undo brings them back)
 * ("history", "game-name", "game-path", "model", "state", "step", "length",
 * "world-limit"; "playing" and "played-turns" while turns play on the
 * worker: Next turn, Play to the end). What the window shows of the
 * selected step — "formula", "view", "hidden-agents", "perspective" — is
 * the session's too: the widgets bind to
 * these properties (kv-window.c), so a step, an undo or a new game reaches
 * every widget without the window refreshing them one by one.
 *
 * Every change to the history goes through one private function,
 * _kv_session_edit () in kv-session.c: the place undo and branches hook in
 * (Play to the end's result too, kv-session-play.c). */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"
#include "kv-view.h"

G_BEGIN_DECLS

#define KV_TYPE_SESSION (kv_session_get_type ())
G_DECLARE_FINAL_TYPE (KvSession, kv_session, KV, SESSION, GObject)

KvSession  *kv_session_new            (void);

/* Opens a built-in game (hexa, clue11, …) or a .kvg file, run with the
 * session's world limit; the initial model is selected. On error
 * (FILE:LINE:COL: …) the session stays as it was. A model file (.kvm.json,
 * kv-model-json.h) opens as a history of its one model, which steps then
 * run on (kv_history_new_for_model); so does a .kvg holding steps on a
 * model (Save Script of one, an autosave set aside: kv-session-file.h). */
gboolean    kv_session_open           (KvSession   *self,
                                       const char  *name_or_path,
                                       GError     **error);
/* As kv_session_open, but a script file with a bad step — one that does
 * not read, or is refused — opens with the steps before that step's line
 * (a model file, or steps on one, opens whole or not at all):
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
/* The entry's model ("model"; NULL before a game, and on the symbolic
 * engine), and its state on either engine ("state"; NULL before a game). */
KvModel    *kv_session_get_model      (KvSession   *self);
KvState    *kv_session_get_state      (KvSession   *self);
/* Whether the game runs on the symbolic engine (kv-history.h: a game whose
 * deals exceed the world limit): its steps have no model to draw. */
gboolean    kv_session_is_symbolic    (KvSession   *self);
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
/* Next turn (kv-turn.h): the next player's whole turn, on the calling
 * thread (tests, kv-screenshot, the bench); the window plays it on the
 * worker, kv_session_play_async with one turn. */
gboolean    kv_session_next_turn      (KvSession   *self,
                                       GError     **error);

/* Turns played on a worker thread (kv-session-play.c), so the window stays
 * responsive: from the selected step, at most @max_turns turns, fewer when
 * someone wins, with Next turn's players and random choices (the seed and
 * the selected step's length, one generator for all the turns): the same
 * history, seed and players play the same turns — one turn is the one
 * kv_session_next_turn plays on the calling thread. Meanwhile "playing" is
 * TRUE, "played-turns" counts the turns played, and the edits (apply, Next
 * turn, delete, undo, redo, change the deal, another play) are refused with
 * G_IO_ERROR_BUSY; navigation is not an edit and goes on. The turns are one
 * edit from the step selected at the start, labelled for undo "Next turn"
 * (@max_turns 1) or "Play to the end": the steps after it are replaced, the
 * last is selected, undo goes back to the step played from. A refused turn
 * (a game already over, one too big for the symbolic engine) is an error
 * and nothing changes. kv_session_cancel_play stops it after the turn being
 * played: nothing changes (G_IO_ERROR_CANCELLED); so does a new game put in
 * meanwhile. @callback runs on the thread-default main context of the
 * call; the window's Next turn is @max_turns 1. */
void        kv_session_play_async         (KvSession           *self,
                                           guint                max_turns,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean    kv_session_play_finish        (KvSession           *self,
                                           GAsyncResult        *result,
                                           GError             **error);
/* Play to the end: kv_session_play_async with this cap, until someone
 * wins. The cap only guards games nobody can win (a Clue 11 game between
 * del players ends within a few rounds). */
#define KV_SESSION_PLAY_TO_END_TURNS 300
void        kv_session_cancel_play        (KvSession           *self);
gboolean    kv_session_get_playing        (KvSession           *self);
/* The play going on's @max_turns (1: Next turn), 0 when none plays. */
guint       kv_session_get_play_max_turns (KvSession           *self);
guint       kv_session_get_played_turns   (KvSession           *self);

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

/* Undo and redo of the edits (apply, Next turn, delete, open, change the
 * deal): the tree of kv-undo.h, so an edit at an earlier step keeps the
 * later steps for undo.
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
/* Records the session as an edit on top of the undo tree when the tree's
 * current state is not it (a damaged tree whose last states were lost):
 * nothing of what is shown is lost either. */
void        kv_session_record_if_new  (KvSession   *self);
/* Forgets the oldest undo states so that the tree takes about @budget
 * bytes in the session file (kv_undo_forget_oldest); how many. */
guint       kv_session_forget_oldest_undo (KvSession *self,
                                           gsize      budget);

/* The world limit new games run with (and the history's, from now on). */
guint       kv_session_get_world_limit (KvSession  *self);
void        kv_session_set_world_limit (KvSession  *self,
                                        guint       world_limit);

/* The formula checked at the selected step ("" for none): a new game
 * empties it, steps and undo keep it. */
const char *kv_session_get_formula    (KvSession   *self);
void        kv_session_set_formula    (KvSession   *self,
                                       const char  *formula);
/* The view of the model (KV_VIEW_AUTO at first), and the agents whose
 * links are hidden (a bit per agent; a new game shows every agent's). */
KvViewKind  kv_session_get_view       (KvSession   *self);
void        kv_session_set_view       (KvSession   *self,
                                       KvViewKind   view);
guint       kv_session_get_hidden_agents (KvSession *self);
void        kv_session_set_hidden_agents (KvSession *self,
                                          guint      hidden_agents);

/* An agent's perspective on the picture ("1", "1>2": kv-perspective.h;
 * "" for none); a new game has none. */
const char *kv_session_get_perspective (KvSession  *self);
void        kv_session_set_perspective (KvSession  *self,
                                        const char *perspective);

/* The history's steps as a game script (kv_script_to_text); for a history
 * from a model, the model and the steps as the session file holds them
 * (kv_session_file_to_script), which kv_session_open opens again. */
char       *kv_session_to_script      (KvSession   *self);

/* Changing the deal (who holds which card at the actual world), as one
 * edit ("Change Deal"): a copy of the game dealt @deal (n_owners hands,
 * kv_game_n_owners), and the history's steps run again on it from the
 * start; a step that no longer holds at the new actual world is dropped
 * with every step after it ("deal-changed" says how many). The selected
 * step stays (clamped). A deal that is not one of the game's
 * (kv_game_validate_deal) is FALSE with @error, and nothing changes; the
 * deal the game has already is TRUE and changes nothing. */
gboolean    kv_session_set_deal       (KvSession     *self,
                                       const KvHand  *deal,
                                       GError       **error);

/* A step's narration (kv-session-narration.c): entry 0's is the game's
 * start, entry i's is said after step i; in @lang ("nl"; NULL: the
 * default), falling back to the default; NULL when there is none. */
char       *kv_session_get_narration  (KvSession   *self,
                                       guint        entry,
                                       const char  *lang);
/* Sets it, as an edit undo takes back (newlines become spaces; "" removes
 * @lang's). TRUE when set or already so. */
gboolean    kv_session_set_narration  (KvSession   *self,
                                       guint        entry,
                                       const char  *lang,
                                       const char  *text,
                                       GError     **error);

G_END_DECLS
