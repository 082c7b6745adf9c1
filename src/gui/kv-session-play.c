// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-play.c: the session's Next turn and Play to the end, off the
 * main thread.
 *
 * Naive players on real Cluedo take tens of seconds to reach a win, and
 * one late turn of six players on the symbolic engine a second or two:
 * played on the main thread, the window froze. Both are one worker, which
 * plays at most a number of turns (Next turn: 1). The turns are played on
 * a GTask thread on a copy of the history up to the selected step
 * (kv_history_copy: the entries' states are shared, immutable and
 * reference counted), turn by turn, each turn told back to the main
 * context ("played-turns"). The result goes into the session as one edit
 * through _kv_session_edit, as kv_session_next_turn's does on the calling
 * thread, so undo, the autosave and the signals are those of any edit.
 * The symbolic engine is reached only through kv-state.c, which holds its
 * lock for one call at a time: the window's own calls (the knowledge
 * table of another step, say) wait at most for the worker's one call. */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-session-private.h"
#include "kv-turn.h"

typedef struct
{
  KvHistory        *history;      /* the copy the turns are played on */
  guint             step;         /* the session's step it was copied up to */
  guint             max_turns;    /* 1: Next turn */
  const KvStrategy *strategies[KV_MAX_AGENTS];
  GRand            *rand;
  GMainContext     *context;      /* the session's: progress is told there */
  GTask            *outer;        /* the caller's task */
} Play;

static void
play_free (Play *play)
{
  g_clear_pointer (&play->history, kv_history_free);
  g_clear_pointer (&play->rand, g_rand_free);
  g_clear_pointer (&play->context, g_main_context_unref);
  g_clear_object (&play->outer);
  g_free (play);
}

/* One turn's news on its way to the main context; holds the task, so an
 * old play's news is told to nobody. */
typedef struct
{
  GTask *task;
  guint  turns;
} Progress;

static void
progress_free (Progress *progress)
{
  g_object_unref (progress->task);
  g_free (progress);
}

/* Main thread. */
static gboolean
tell_progress (gpointer data)
{
  Progress *progress = data;
  KvSession *self = g_task_get_source_object (progress->task);

  if (self->play == progress->task)
    _kv_session_set_played_turns (self, progress->turns);
  return G_SOURCE_REMOVE;
}

/* Worker thread, between two turns: tell, and stop when cancelled. */
static gboolean
on_turn (guint    turns,
         gpointer data)
{
  GTask *task = data;
  Play *play = g_task_get_task_data (task);
  g_autoptr(GSource) source = NULL;
  Progress *progress;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return FALSE;
  progress = g_new0 (Progress, 1);
  progress->task = g_object_ref (task);
  progress->turns = turns;
  /* A source of the main context, always: g_main_context_invoke would run
   * it here, on this thread, whenever the main thread is not iterating. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, tell_progress, progress, (GDestroyNotify) progress_free);
  g_source_set_static_name (source, "[kripkeviz] play: a turn played");
  g_source_attach (source, play->context);
  return TRUE;
}

/* Worker thread: touches nothing but the copy, the generator and the
 * strategies (static tables). */
static void
play_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Play *play = task_data;
  GError *error = NULL;

  /* One turn of kv_turn_play_to_end is kv_turn_play's: the same turn as
   * kv_session_next_turn's from the same history and generator. */
  kv_turn_play_to_end (play->history, play->strategies, play->rand, play->max_turns, on_turn, task, &error);
  /* A refused turn keeps none of the turns before it: the game stays as
   * it was, and the error says why. */
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Appends the copy's new entries: edit () has taken the session's entries
 * after the step played from out already. The entries move, they are not
 * made again (both arrays free them alike, kv-history.c). */
static gboolean
append_played (KvHistory  *history,
               gpointer    data,
               GError    **error)
{
  Play *play = data;
  GPtrArray *played = play->history->entries;

  g_assert (kv_history_length (history) == play->step + 1);
  while (played->len > play->step + 1)
    g_ptr_array_add (history->entries, g_ptr_array_steal_index (played, play->step + 1));
  return TRUE;
}

/* Main thread: the worker is done (or stopped). Cancelled — a check made
 * here, so a cancel that came after the last turn counts too — or refused:
 * nothing changes. */
static void
on_played (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  KvSession *self = KV_SESSION (object);
  Play *play = g_task_get_task_data (G_TASK (result));
  /* Dropped here, on the main thread, whichever thread frees @play. */
  g_autoptr(GTask) outer = g_steal_pointer (&play->outer);
  GError *error = NULL;

  _kv_session_set_play (self, NULL);
  /* g_task_propagate_boolean says "cancelled" when the cancellable is,
   * whatever the worker returned. */
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (outer, error);
      return;
    }
  /* From the step played from, whichever step is shown now: navigation
   * went on while it played. edit () selects the last entry and says so;
   * undo comes back to the step played from (as Change Deal's does). */
  self->step = play->step;
  _kv_session_amend (self);
  /* The undo label is the action's: the session file keeps it. */
  if (!_kv_session_edit (self, append_played, play, play->max_turns == 1 ? "Next turn" : "Play to the end", &error))
    g_task_return_error (outer, error);
  else
    g_task_return_boolean (outer, TRUE);
}

gboolean
_kv_session_refuse_busy (KvSession  *self,
                         GError    **error)
{
  if (self->play == NULL)
    return FALSE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                       kv_session_get_play_max_turns (self) == 1
                       ? _("Playing a turn: wait for it to finish, or cancel it")
                       : _("Playing to the end: wait for it to finish, or cancel it"));
  return TRUE;
}

void
kv_session_play_async (KvSession           *self,
                       guint                max_turns,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autofree char *why = NULL;
  GError *error = NULL;
  Play *play;

  g_return_if_fail (KV_IS_SESSION (self));
  g_return_if_fail (max_turns > 0);

  outer = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (outer, kv_session_play_async);
  if (_kv_session_refuse_busy (self, &error))
    {
      g_task_return_error (outer, error);
      return;
    }
  if (self->history == NULL)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, "%s", _("Open a game first"));
      return;
    }

  play = g_new0 (Play, 1);
  play->step = self->step;
  play->max_turns = max_turns;
  play->history = kv_history_copy (self->history, self->step);
  /* Refused at once, as Next turn is: no thread for a game that is over. */
  why = kv_turn_why_not (play->history);
  if (why != NULL)
    {
      play_free (play);
      g_task_return_new_error (outer, KV_ERROR, KV_ERROR_FALSE, "%s", why);
      return;
    }
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    play->strategies[a] = self->strategies[a];
  /* Next turn's generator at this step (kv_session_next_turn's: the
   * history cut after the step, so of length step + 1), drawn from for
   * every turn, as it always was: the same history, seed and players
   * play the same turns. */
  play->rand = _kv_session_turn_rand (self, self->step + 1);
  play->context = g_main_context_ref_thread_default ();
  play->outer = g_object_ref (outer);
  /* The state played from is the one the window shows: its knowledge
   * table (read out once, on demand, kv-state.c) is made here, so the two
   * threads never make it at once. */
  kv_state_knowledge (kv_history_get (play->history, play->step)->state);

  cancellable = g_cancellable_new ();
  task = g_task_new (self, cancellable, on_played, NULL);
  g_task_set_source_tag (task, kv_session_play_async);
  g_task_set_task_data (task, play, (GDestroyNotify) play_free);
  /* The worker finishes the turn it plays (GTask's default: no return on
   * cancel): it holds the copy and BuDDy's lock, and the result is only
   * ever dropped. */
  _kv_session_set_play (self, task);
  g_task_run_in_thread (task, play_thread);
}

gboolean
kv_session_play_finish (KvSession     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == kv_session_play_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
kv_session_cancel_play (KvSession *self)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (self->play != NULL)
    g_cancellable_cancel (g_task_get_cancellable (self->play));
}

gboolean
kv_session_get_playing (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->play != NULL;
}

guint
kv_session_get_play_max_turns (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  if (self->play == NULL)
    return 0;
  return ((Play *) g_task_get_task_data (self->play))->max_turns;
}

guint
kv_session_get_played_turns (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->played_turns;
}
