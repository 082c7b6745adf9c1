// SPDX-License-Identifier: GPL-3.0-or-later
/* test-session.c: the session object without a display — opening, the
 * edits, navigation, and the order of its signals. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kv-session.h"
#include "kv-session-file.h"
#include "kv-turn.h"

typedef struct
{
  GString *log;   /* "game;steps 0;notify step;…" as emitted */
} Recorder;

static void
on_game_changed (KvSession *session,
                 Recorder  *recorder)
{
  g_string_append (recorder->log, "game;");
}

static void
on_steps_changed (KvSession *session,
                  guint      from,
                  Recorder  *recorder)
{
  g_string_append_printf (recorder->log, "steps %u;", from);
}

static void
on_notify (KvSession  *session,
           GParamSpec *pspec,
           Recorder   *recorder)
{
  g_string_append_printf (recorder->log, "%s;", g_param_spec_get_name (pspec));
}

static KvSession *
recorded_session (Recorder *recorder)
{
  KvSession *session = kv_session_new ();

  recorder->log = g_string_new (NULL);
  g_signal_connect (session, "game-changed", G_CALLBACK (on_game_changed), recorder);
  g_signal_connect (session, "steps-changed", G_CALLBACK (on_steps_changed), recorder);
  g_signal_connect (session, "notify::step", G_CALLBACK (on_notify), recorder);
  g_signal_connect (session, "notify::length", G_CALLBACK (on_notify), recorder);
  return session;
}

static char *
take_log (Recorder *recorder)
{
  char *log = g_strdup (recorder->log->str);

  g_string_truncate (recorder->log, 0);
  return log;
}

static char *
session_text (KvSession *session)
{
  return kv_session_file_to_text (kv_session_get_history (session), kv_session_get_game_name (session),
                                  kv_session_get_step (session));
}

static void
test_open (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;

  g_assert_null (kv_session_get_history (session));
  g_assert_null (kv_session_get_entry (session));
  g_assert_false (kv_session_back (session));

  g_assert_true (kv_session_open (session, "hexa", &error));
  g_assert_no_error (error);
  log = take_log (&recorder);
  /* The initial model and hexa's two steps; then the properties. */
  g_assert_cmpstr (log, ==, "game;steps 0;length;step;");
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
  g_assert_null (kv_session_get_game_path (session));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  g_assert_cmpuint (kv_session_get_entry (session)->model->n_worlds, ==, 6);

  /* A bad name: an error, and the session as it was. */
  g_assert_false (kv_session_open (session, "no-such-game", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_free (log);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "");
  g_string_free (recorder.log, TRUE);
}

/* A script with a bad step opens up to it, and says where. */
static void
test_open_valid_steps (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autofree char *dir = g_dir_make_tmp ("kv-test-session-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.kvg", NULL);
  g_autofree char *problem = NULL;
  g_autoptr(GError) error = NULL;
  guint line = 0;

  g_assert_true (g_file_set_contents (path, "title Bad\r\nagents 1 2\r\ncards a b\r\nhands 1 1\r\n"
                                      "deal 1: a 2: b\r\nnocard 1 b\r\nnocard 1 zzz\r\nnocard 2 a\r\n", -1, NULL));
  g_assert_false (kv_session_open (session, path, NULL));
  g_assert_true (kv_session_open_valid_steps (session, path, &problem, &line, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (line, ==, 7);
  g_assert_true (g_str_has_prefix (problem, path));
  g_assert_nonnull (strstr (problem, ":7:"));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 2);
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "bad");
  g_clear_pointer (&problem, g_free);

  /* A whole file: no problem. */
  g_assert_true (kv_session_open_valid_steps (session, "hexa", &problem, &line, &error));
  g_assert_null (problem);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);

  /* A bad header: nothing opens. */
  g_assert_true (g_file_set_contents (path, "title Bad\nagents 1 2\ncards a b\nhands 1 zzz\n"
                                      "deal 1: a 2: b\nnocard 1 b\n", -1, NULL));
  g_assert_false (kv_session_open_valid_steps (session, path, &problem, &line, &error));
  g_assert_nonnull (error);
  g_assert_null (problem);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_navigation (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autofree char *log = NULL;

  g_assert_true (kv_session_open (session, "hexa", NULL));
  g_string_truncate (recorder.log, 0);

  g_assert_true (kv_session_forward (session));
  g_assert_true (kv_session_forward (session));
  g_assert_false (kv_session_forward (session));
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  kv_session_select_step (session, 2);   /* no change: no notify */
  g_assert_true (kv_session_back (session));
  g_object_set (session, "step", 0, NULL);
  g_object_set (session, "step", 7, NULL);   /* past the end: ignored */
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "step;step;step;step;");
  g_string_free (recorder.log, TRUE);
}

static void
test_edits (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autofree char *log = NULL;
  g_autofree char *script = NULL;
  KvHistory *history;

  g_assert_true (kv_session_open (session, "hexa", NULL));
  history = kv_session_get_history (session);
  kv_session_select_step (session, 1);
  g_string_truncate (recorder.log, 0);

  /* Applied at step 1: step 2 is dropped, the new one selected. */
  step = kv_step_parse (history->game, "showcard 1 -> 2 r", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_no_error (error);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "steps 2;length;step;");
  g_assert_cmpuint (kv_history_length (history), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  g_assert_true (kv_history_get (history, 2)->step == step);

  script = kv_session_to_script (session);
  g_assert_nonnull (strstr (script, "nocard 1 w"));
  g_assert_null (strstr (script, "endmove 2"));

  /* Next turn appends the next player's turn after the selected step. */
  g_assert_true (kv_session_next_turn (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (history), >, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, kv_history_length (history) - 1);
  g_free (log);
  log = take_log (&recorder);
  g_assert_true (g_str_has_prefix (log, "steps 3;length;step;"));
  g_string_free (recorder.log, TRUE);
}

static void
test_refused (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autofree char *log = NULL;
  KvHistory *history;

  g_assert_true (kv_session_open (session, "hexa", NULL));
  history = kv_session_get_history (session);
  g_string_truncate (recorder.log, 0);

  /* At the last step a refused step changes nothing at all. */
  kv_session_select_step (session, 2);
  g_string_truncate (recorder.log, 0);
  step = kv_step_parse (history->game, "showcard 1 -> 2 w", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kv_session_apply_step (session, step, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (kv_history_length (history), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "");
  g_clear_pointer (&log, g_free);
  g_clear_error (&error);

  /* At an earlier step too: the later steps stay, the very same entries,
   * and nothing is said (no game-changed, no steps-changed, no notify). */
  {
    const KvHistoryEntry *later = kv_history_get (history, 2);

    kv_session_select_step (session, 0);
    g_string_truncate (recorder.log, 0);
    g_assert_false (kv_session_apply_step (session, step, &error));
    g_assert_nonnull (error);
    g_assert_true (kv_session_get_history (session) == history);
    g_assert_cmpuint (kv_history_length (history), ==, 3);
    g_assert_true (kv_history_get (history, 2) == later);
    g_assert_cmpuint (kv_session_get_step (session), ==, 0);
    g_assert_false (kv_session_can_undo (session));
    log = take_log (&recorder);
    g_assert_cmpstr (log, ==, "");
  }
  g_string_free (recorder.log, TRUE);
}

static void
on_steps_replaced (KvSession *session,
                   guint      n_replaced,
                   guint     *replaced)
{
  *replaced = n_replaced;
}

/* The case: at step 0 of Clue 11 a new step replaces the scripted
 * steps; undo brings every one back, redo the new step; a refused step at
 * step 0 keeps them all and records nothing. */
static void
test_undo (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autoptr(KvStep) refused = NULL;
  guint scripted, replaced = 0;

  g_signal_connect (session, "steps-replaced", G_CALLBACK (on_steps_replaced), &replaced);
  g_assert_true (kv_session_open (session, "clue11", NULL));
  scripted = kv_history_length (kv_session_get_history (session));
  g_assert_cmpuint (scripted, >, 8);
  g_assert_false (kv_session_can_undo (session));
  kv_session_select_step (session, 0);
  /* Navigation is not an edit. */
  g_assert_false (kv_session_can_undo (session));

  refused = kv_step_parse (kv_session_get_history (session)->game, "showcard 1 -> 2 Plum", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kv_session_apply_step (session, refused, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  g_assert_false (kv_session_can_undo (session));

  step = kv_step_parse (kv_session_get_history (session)->game, "nocard 1 Plum", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (replaced, ==, 0);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 2);
  /* "8 later steps replaced — Undo" */
  g_assert_cmpuint (replaced, ==, scripted - 1);

  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  g_assert_true (kv_session_can_redo (session));
  g_assert_true (kv_session_redo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 2);
  g_assert_true (kv_session_next_turn (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), >, 2);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 2);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_false (kv_session_undo (session, &error));
  g_assert_no_error (error);
}

/* Play to the end: Clue 11 from step 0 until someone wins, one undo away. */
static void
count_notify (guint *count)
{
  (*count)++;
}

/* Deleting the later steps is one edit: "steps-deleted" (not
 * "steps-replaced") with their number; undo brings them back, redo deletes
 * them again; at the last step nothing changes. */
static void
test_delete_later (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  guint scripted, replaced = 0, deleted = 0, changed = 0;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  g_signal_connect (session, "steps-replaced", G_CALLBACK (on_steps_replaced), &replaced);
  g_signal_connect (session, "steps-deleted", G_CALLBACK (on_steps_replaced), &deleted);
  g_signal_connect_swapped (session, "notify::length", G_CALLBACK (count_notify), &changed);
  scripted = kv_history_length (kv_session_get_history (session));
  g_assert_cmpuint (scripted, >, 3);

  kv_session_select_step (session, 2);
  g_assert_cmpuint (kv_session_delete_later_steps (session), ==, scripted - 3);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  g_assert_cmpuint (deleted, ==, scripted - 3);
  g_assert_cmpuint (replaced, ==, 0);
  g_assert_cmpuint (changed, ==, 1);

  /* At the last step: nothing to delete, no edit. */
  g_assert_cmpuint (kv_session_delete_later_steps (session), ==, 0);
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_true (kv_session_redo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_false (kv_session_can_undo (session));
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Played;

static void
on_played (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Played *played = data;

  played->ok = kv_session_play_finish (KV_SESSION (object), result, &played->error);
  played->done = TRUE;
}

/* Runs the main context until Play to the end has answered. */
static void
wait_played (Played *played)
{
  while (!played->done)
    g_main_context_iteration (NULL, TRUE);
}

/* Play to the end, waited for: its worker answers through the main
 * context, which runs until it has. */
static gboolean
play_to_end (KvSession  *session,
             GError    **error)
{
  Played played = { FALSE, FALSE, NULL };

  kv_session_play_async (session, KV_SESSION_PLAY_TO_END_TURNS, on_played, &played);
  wait_played (&played);
  if (played.error != NULL)
    g_propagate_error (error, played.error);
  return played.ok;
}

static void
test_play_to_end (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  const KvHistory *history;
  const KvStep *last;

  guint scripted;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  scripted = kv_history_length (kv_session_get_history (session));
  kv_session_select_step (session, 0);
  g_assert_true (play_to_end (session, &error));
  g_assert_no_error (error);
  history = kv_session_get_history (session);
  last = kv_history_get (history, kv_history_length (history) - 1)->step;
  g_assert_cmpint (last->kind, ==, KV_STEP_WIN);
  g_assert_true (kv_strategy_model_knows (kv_history_get (history, kv_history_length (history) - 1)->model,
                                          last->agent));
  /* The game is over: neither Next turn nor Play to the end goes on. */
  g_assert_false (play_to_end (session, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
}

static void
on_notify_count (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
count_steps_changed (KvSession *session,
                     guint      from,
                     guint     *count)
{
  (*count)++;
}

/* What the main loop saw while Play to the end played. */
typedef struct
{
  KvSession *session;
  guint      ticks;          /* a timeout's runs while it played */
  guint      progress;       /* "played-turns" told while it played */
} Watch;

static gboolean
on_tick (gpointer data)
{
  Watch *watch = data;

  if (kv_session_get_playing (watch->session))
    watch->ticks++;
  return G_SOURCE_CONTINUE;
}

static void
on_played_turns (KvSession  *session,
                 GParamSpec *pspec,
                 Watch      *watch)
{
  if (kv_session_get_playing (session) && kv_session_get_played_turns (session) > 0)
    watch->progress++;
}

/* The script of @history's steps after entry @from, a line each. */
static char *
steps_text (const KvHistory *history,
            guint            from)
{
  GString *text = g_string_new (NULL);

  for (guint i = from + 1; i < kv_history_length (history); i++)
    {
      g_autofree char *line = kv_step_to_string (kv_history_get (history, i)->step);

      g_string_append_printf (text, "%s\n", line);
    }
  return g_string_free (text, FALSE);
}

/* Play to the end on its worker (issue 13, item 5): the call returns at
 * once, the main loop runs while it plays (a timeout fires, the turns are
 * told), the edits are refused and navigation goes on; the game it ends
 * with is the one kv_turn_play_to_end plays from the same step with the
 * same seed and players; it is one edit, which undo takes back to the
 * step played from. */
static void
test_play_to_end_async (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) expected = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autofree char *expected_steps = NULL;
  g_autofree char *played_steps = NULL;
  g_autofree char *before = NULL;
  Played played = { FALSE, FALSE, NULL };
  Played again = { FALSE, FALSE, NULL };
  Watch watch = { session, 0, 0 };
  const KvStrategy *strategies[KV_MAX_AGENTS] = { NULL };
  guint scripted, playing_notified = 0, steps_changed = 0, tick;
  const guint32 seed = 11;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  scripted = kv_history_length (kv_session_get_history (session));
  kv_session_select_step (session, 1);
  kv_session_set_seed (session, seed);
  g_assert_true (kv_session_set_strategy (session, 1, "naive"));
  g_assert_true (kv_session_set_strategy (session, 2, "random"));
  before = session_text (session);

  /* The game the window played on the main thread before: one generator,
   * seeded with the seed and the length at the step, for the whole game. */
  script = kv_script_open ("clue11", &error);
  g_assert_no_error (error);
  expected = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  kv_history_truncate (expected, 1);
  strategies[0] = kv_strategy_find ("del");
  strategies[1] = kv_strategy_find ("naive");
  strategies[2] = kv_strategy_find ("random");
  rand = g_rand_new_with_seed (seed + 2);
  g_assert_cmpuint (kv_turn_play_to_end (expected, strategies, rand, 300, NULL, NULL, &error), >, 0);
  g_assert_no_error (error);
  expected_steps = steps_text (expected, 1);

  g_signal_connect (session, "notify::playing", G_CALLBACK (on_notify_count), &playing_notified);
  g_signal_connect (session, "notify::played-turns", G_CALLBACK (on_played_turns), &watch);
  g_signal_connect (session, "steps-changed", G_CALLBACK (count_steps_changed), &steps_changed);
  tick = g_timeout_add (0, on_tick, &watch);

  kv_session_play_async (session, KV_SESSION_PLAY_TO_END_TURNS, on_played, &played);
  /* Back at once: nothing played on this thread yet. */
  g_assert_true (kv_session_get_playing (session));
  g_assert_cmpuint (playing_notified, ==, 1);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_false (played.done);

  /* Meanwhile every edit waits, and says why. */
  g_assert_false (kv_session_next_turn (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  step = kv_step_parse (kv_session_get_history (session)->game, "endmove 1", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kv_session_apply_step (session, step, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_false (kv_session_undo (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_cmpuint (kv_session_delete_later_steps (session), ==, 0);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_cmpuint (steps_changed, ==, 0);
  /* Navigation is no edit: it goes on. */
  kv_session_select_step (session, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 3);
  /* Another Play to the end is refused too (told through the main loop,
   * where the first may answer as well). */
  kv_session_play_async (session, KV_SESSION_PLAY_TO_END_TURNS, on_played, &again);
  wait_played (&again);
  g_assert_false (again.ok);
  g_assert_error (again.error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&again.error);

  wait_played (&played);
  g_source_remove (tick);
  g_assert_no_error (played.error);
  g_assert_true (played.ok);
  g_assert_false (kv_session_get_playing (session));
  g_assert_cmpuint (playing_notified, ==, 2);
  /* The main loop ran while it played, and heard of its turns. */
  g_assert_cmpuint (watch.ticks, >, 0);
  g_assert_cmpuint (watch.progress, >, 0);

  /* The same game, from step 1 (not the step shown at the end), as one
   * edit: the last step selected. */
  played_steps = steps_text (kv_session_get_history (session), 1);
  g_assert_cmpstr (played_steps, ==, expected_steps);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, kv_history_length (expected));
  g_assert_cmpuint (kv_session_get_step (session), ==, kv_history_length (expected) - 1);
  g_assert_cmpuint (steps_changed, ==, 1);
  g_assert_cmpint (kv_session_get_entry (session)->step->kind, ==, KV_STEP_WIN);

  /* Undo: the game as it was, at the step played from. */
  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, scripted);
  g_assert_cmpuint (kv_session_get_step (session), ==, 1);
  {
    g_autofree char *now = session_text (session);

    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (kv_session_redo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, kv_history_length (expected));
}

/* Cancel stops Play to the end and keeps nothing, whenever it comes
 * before the answer; so does another game put in meanwhile. A game
 * already over is refused at once. */
static void
test_play_to_end_cancel (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  Played played = { FALSE, FALSE, NULL };
  Played replaced = { FALSE, FALSE, NULL };
  guint steps_changed = 0;
  gboolean could_undo;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  kv_session_select_step (session, 2);
  before = session_text (session);
  could_undo = kv_session_can_undo (session);
  g_signal_connect (session, "steps-changed", G_CALLBACK (count_steps_changed), &steps_changed);

  kv_session_play_async (session, KV_SESSION_PLAY_TO_END_TURNS, on_played, &played);
  g_assert_true (kv_session_get_playing (session));
  kv_session_cancel_play (session);
  wait_played (&played);
  g_assert_false (played.ok);
  g_assert_error (played.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&played.error);
  g_assert_false (kv_session_get_playing (session));
  after = session_text (session);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (steps_changed, ==, 0);
  g_assert_cmpint (kv_session_can_undo (session), ==, could_undo);

  /* Another game while it plays: the play is dropped, the new game stays. */
  kv_session_play_async (session, KV_SESSION_PLAY_TO_END_TURNS, on_played, &replaced);
  g_assert_true (kv_session_open (session, "hexa", &error));
  g_assert_no_error (error);
  wait_played (&replaced);
  g_assert_error (replaced.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&replaced.error);
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_false (kv_session_get_playing (session));

  /* Nothing to play once someone has won: refused, no thread. */
  g_assert_true (kv_session_open (session, "clue11", NULL));
  g_assert_true (play_to_end (session, &error));
  g_assert_false (play_to_end (session, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_assert_false (kv_session_get_playing (session));
}

/* At most @max_turns turns on the worker (one: the window's Next turn),
 * waited for. */
static gboolean
play_turns (KvSession  *session,
            guint       max_turns,
            GError    **error)
{
  Played played = { FALSE, FALSE, NULL };

  kv_session_play_async (session, max_turns, on_played, &played);
  wait_played (&played);
  if (played.error != NULL)
    g_propagate_error (error, played.error);
  return played.ok;
}

/* A session of @game at step @step with @seed and @players (a strategy
 * name per agent), as both sides of the comparison below start. */
static KvSession *
session_for_turns (const char        *game,
                   guint              step,
                   guint32            seed,
                   const char *const *players)
{
  KvSession *session = kv_session_new ();

  g_assert_true (kv_session_open (session, game, NULL));
  kv_session_select_step (session, step);
  /* An edit at the step, so the undo state before the first turn is at
   * it on both sides (the worker's turn amends it to the step played
   * from; kv_session_next_turn does not). */
  kv_session_delete_later_steps (session);
  kv_session_set_seed (session, seed);
  for (guint a = 0; players[a] != NULL; a++)
    g_assert_true (kv_session_set_strategy (session, a, players[a]));
  return session;
}

/* Next turn on the worker (issue 13, item 5) plays the turn
 * kv_session_next_turn plays on this thread: two sessions of @game from
 * @step with the same seed and players, a turn at a time, have the same
 * history, selection and undo tree (the edit labelled "Next turn") after
 * each of @n_turns turns; undo on the worker's side then goes back one
 * turn at a time through the same games. */
static void
compare_next_turns (const char        *game,
                    guint              step,
                    guint32            seed,
                    const char *const *players,
                    guint              n_turns)
{
  g_autoptr(KvSession) sync = session_for_turns (game, step, seed, players);
  g_autoptr(KvSession) async = session_for_turns (game, step, seed, players);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (games, session_text (sync));
  for (guint turn = 0; turn < n_turns; turn++)
    {
      g_autofree char *sync_text = NULL;
      g_autofree char *async_text = NULL;
      g_autofree char *sync_undo = NULL;
      g_autofree char *async_undo = NULL;
      guint length = kv_history_length (kv_session_get_history (async));

      g_assert_true (kv_session_next_turn (sync, &error));
      g_assert_no_error (error);
      g_assert_true (play_turns (async, 1, &error));
      g_assert_no_error (error);
      g_assert_false (kv_session_get_playing (async));
      /* One turn, not more: its suggest (if any) and its ending. */
      g_assert_cmpuint (kv_history_length (kv_session_get_history (async)), >, length);
      g_assert_cmpuint (kv_history_length (kv_session_get_history (async)), <=, length + 2);
      sync_text = session_text (sync);
      async_text = session_text (async);
      g_assert_cmpstr (async_text, ==, sync_text);
      sync_undo = kv_session_undo_to_text (sync);
      async_undo = kv_session_undo_to_text (async);
      g_assert_cmpstr (async_undo, ==, sync_undo);
      g_ptr_array_add (games, g_steal_pointer (&sync_text));
    }
  {
    g_autofree char *label = g_base64_encode ((const guchar *) "Next turn", strlen ("Next turn"));
    g_autofree char *undo = kv_session_undo_to_text (async);

    g_assert_nonnull (strstr (undo, label));
  }
  for (guint turn = n_turns; turn-- > 0;)
    {
      g_autofree char *text = NULL;

      g_assert_true (kv_session_undo (async, &error));
      g_assert_no_error (error);
      text = session_text (async);
      g_assert_cmpstr (text, ==, g_ptr_array_index (games, turn));
    }
}

static void
test_next_turn_async (void)
{
  /* Players whose choices draw from the generator (random, naive) and
   * one that does not (del); five turns from the middle of the script. */
  const char *const mixed[] = { "naive", "random", "del", NULL };
  const char *const del[] = { "del", "del", "del", NULL };

  compare_next_turns ("clue11", 2, 11, mixed, 5);
  compare_next_turns ("clue11", 0, 3, del, 5);
  /* Real Cluedo, on the symbolic engine: after 1's suggestion, 1 ends its
   * move, then 2 plays a whole turn. */
  compare_next_turns ("cluedo", 1, 7, del, 2);
}

/* While Next turn's one turn plays on the worker the edits are refused,
 * saying a turn plays; Cancel keeps the game as it was, and so does a turn
 * refused (a game over); the window shows the play's kind by
 * kv_session_get_play_max_turns. */
static void
test_next_turn_async_cancel (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *undo_before = NULL;
  Played played = { FALSE, FALSE, NULL };
  guint steps_changed = 0;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  kv_session_select_step (session, 2);
  before = session_text (session);
  undo_before = kv_session_undo_to_text (session);
  g_signal_connect (session, "steps-changed", G_CALLBACK (count_steps_changed), &steps_changed);
  g_assert_cmpuint (kv_session_get_play_max_turns (session), ==, 0);

  kv_session_play_async (session, 1, on_played, &played);
  g_assert_true (kv_session_get_playing (session));
  g_assert_cmpuint (kv_session_get_play_max_turns (session), ==, 1);
  g_assert_false (kv_session_next_turn (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_assert_nonnull (strstr (error->message, "turn"));
  g_clear_error (&error);
  g_assert_false (kv_session_undo (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  kv_session_cancel_play (session);
  wait_played (&played);
  g_assert_false (played.ok);
  g_assert_error (played.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&played.error);
  g_assert_false (kv_session_get_playing (session));
  g_assert_cmpuint (kv_session_get_play_max_turns (session), ==, 0);
  {
    g_autofree char *after = session_text (session);
    g_autofree char *undo_after = kv_session_undo_to_text (session);

    g_assert_cmpstr (after, ==, before);
    g_assert_cmpstr (undo_after, ==, undo_before);
  }
  g_assert_cmpuint (steps_changed, ==, 0);

  /* Played to a win, Next turn is refused with the engine's words, and
   * nothing changes. */
  g_assert_true (play_to_end (session, &error));
  g_assert_no_error (error);
  g_free (before);
  before = session_text (session);
  steps_changed = 0;
  g_assert_false (play_turns (session, 1, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_clear_error (&error);
  g_assert_false (kv_session_get_playing (session));
  {
    g_autofree char *after = session_text (session);

    g_assert_cmpstr (after, ==, before);
  }
  g_assert_cmpuint (steps_changed, ==, 0);
}

/* Next turn's players: a strategy per agent, del for a new game, kept by
 * undo; every strategy plays Clue 11 to a win. */
static void
test_strategies (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  const char *const all[] = { "random", "naive", "del", "del+" };
  guint notified = 0;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  g_signal_connect (session, "notify::strategies", G_CALLBACK (on_notify_count), &notified);
  g_assert_cmpstr (kv_session_get_strategy (session, 2), ==, "del");
  g_assert_false (kv_session_set_strategy (session, 2, "clever"));
  g_assert_true (kv_session_set_strategy (session, 2, "random"));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (kv_session_set_strategy (session, 2, "random"));
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (session, "strategies", &names, NULL);
  g_assert_cmpstr (names[0], ==, "del");
  g_assert_cmpstr (names[2], ==, "random");

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      const KvHistory *history;

      g_assert_true (kv_session_open (session, "clue11", NULL));
      kv_session_select_step (session, 0);
      kv_session_set_seed (session, 3);
      for (guint a = 0; a < 3; a++)
        g_assert_true (kv_session_set_strategy (session, a, all[i]));
      g_assert_true (play_to_end (session, &error));
      g_assert_no_error (error);
      history = kv_session_get_history (session);
      g_assert_cmpint (kv_history_get (history, kv_history_length (history) - 1)->step->kind, ==, KV_STEP_WIN);
      /* Undo keeps the players; a new game resets them to del. */
      g_assert_true (kv_session_undo (session, &error));
      g_assert_cmpstr (kv_session_get_strategy (session, 1), ==, all[i]);
    }
  g_assert_true (kv_session_open (session, "hexa", NULL));
  g_assert_cmpstr (kv_session_get_strategy (session, 1), ==, "del");

  /* naive may know δ by the model before it sees it: it cannot end its
   * move then, and passes (its suggest stays without an ending); the game
   * still goes on to a win. */
  for (guint32 seed = 0; seed < 20; seed++)
    {
      const KvHistory *history;

      g_assert_true (kv_session_open (session, "clue11", NULL));
      kv_session_select_step (session, 0);
      kv_session_set_seed (session, seed);
      kv_session_set_strategy (session, seed % 3, "naive");
      g_assert_true (play_to_end (session, &error));
      g_assert_no_error (error);
      history = kv_session_get_history (session);
      g_assert_cmpint (kv_history_get (history, kv_history_length (history) - 1)->step->kind, ==, KV_STEP_WIN);
    }
}

/* Change Deal: the hands of @game's owners named as in a script's deal
 * line ("1: r 2: b 3: w"), valid or not. */
static KvHand *
deal_of (const KvGame *game,
         const char   *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  KvHand *deal = g_new0 (KvHand, kv_game_n_owners (game));
  int owner = -1;

  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize length = strlen (words[i]);

      if (length > 1 && words[i][length - 1] == ':')
        {
          words[i][length - 1] = '\0';
          owner = kv_game_find_owner (game, words[i]);
          g_assert_cmpint (owner, >=, 0);
        }
      else if (length > 0)
        {
          int card = kv_game_find_card (game, words[i]);

          g_assert_cmpint (card, >=, 0);
          g_assert_cmpint (owner, >=, 0);
          deal[owner] |= KV_CARD_BIT (card);
        }
    }
  return deal;
}

static gboolean
same_deal (KvSession  *session,
           const char *line)
{
  const KvGame *game = kv_session_get_history (session)->game;
  g_autofree KvHand *deal = deal_of (game, line);

  return kv_game_deal_equal (game, deal, game->deal);
}

static void
on_deal_changed (KvSession *session,
                 guint      n_dropped,
                 Recorder  *recorder)
{
  g_string_append_printf (recorder->log, "deal %u;", n_dropped);
}

/* Hexa: 1 holds r, 2 w, 3 b; "nocard 1 w", "endmove 2". Dealt r b w,
 * nocard 1 w still holds, but 2 (holding b) then knows the deal, so
 * "endmove 2" no longer holds: one step dropped, the selection clamped;
 * undo puts back the very same session, redo the new deal. */
static void
test_set_deal (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autoptr(GError) error = NULL;
  g_autofree KvHand *deal = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *log = NULL;
  const KvHistory *history;
  const KvModel *model;

  g_signal_connect (session, "deal-changed", G_CALLBACK (on_deal_changed), &recorder);
  g_assert_true (kv_session_open (session, "hexa", NULL));
  kv_session_select_step (session, 2);
  before = session_text (session);
  g_string_truncate (recorder.log, 0);

  deal = deal_of (kv_session_get_history (session)->game, "1: r 2: b 3: w");
  g_assert_true (kv_session_set_deal (session, deal, &error));
  g_assert_no_error (error);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "game;steps 0;deal 1;length;step;");
  history = kv_session_get_history (session);
  g_assert_true (same_deal (session, "1: r 2: b 3: w"));
  g_assert_cmpuint (kv_history_length (history), ==, 2);
  g_assert_cmpuint (kv_session_get_step (session), ==, 1);
  g_assert_cmpstr (kv_history_get (history, 1)->step->text, ==, "nocard 1 w");
  /* The models are the new deal's: its actual world is r b w. */
  model = kv_history_get (history, 1)->model;
  g_assert_true (model->game == history->game);
  g_assert_cmpuint (model->n_worlds, ==, 4);
  g_assert_true (kv_game_deal_equal (history->game, kv_model_hands (model, model->actual), deal));
  g_assert_true (kv_session_can_undo (session));
  after = session_text (session);
  g_assert_nonnull (strstr (after, "\ndeal 1: r 2: b 3: w\n"));

  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  text = session_text (session);
  g_assert_cmpstr (text, ==, before);
  g_assert_true (same_deal (session, "1: r 2: w 3: b"));
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  g_clear_pointer (&text, g_free);

  g_assert_true (kv_session_redo (session, &error));
  g_assert_no_error (error);
  text = session_text (session);
  g_assert_cmpstr (text, ==, after);
  g_assert_cmpuint (kv_session_get_step (session), ==, 1);
  g_clear_pointer (&text, g_free);

  /* All kept: dealt b w r, 2 still holds w and cannot tell r b from b r. */
  g_clear_pointer (&deal, g_free);
  g_assert_true (kv_session_undo (session, &error));
  g_string_truncate (recorder.log, 0);
  deal = deal_of (kv_session_get_history (session)->game, "1: b 2: w 3: r");
  g_assert_true (kv_session_set_deal (session, deal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  g_clear_pointer (&log, g_free);
  log = take_log (&recorder);
  g_assert_true (g_str_has_suffix (log, "deal 0;"));
  g_assert_null (strstr (log, "length;"));
  g_string_free (recorder.log, TRUE);
}

/* A deal the game cannot have changes nothing: no signal, no undo state;
 * the deal it has already changes nothing either. */
static void
test_set_deal_refused (void)
{
  const struct { const char *game, *deal, *message; } cases[] = {
    { "hexa", "1: r w 2: 3: b", "player 1 holds 2 cards; the game deals 1" },
    { "hexa", "1: r 2: w b 3:", "player 2 holds 2 cards; the game deals 1" },
    { "clue11", "env: lead axe 1: Scarlet Mustard rope 2: Plum wrench dagger 3: Green handgun candle",
      "the envelope must hold exactly one weapon card" },
    { "clue11", "env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Recorder recorder;
      g_autoptr(KvSession) session = recorded_session (&recorder);
      g_autoptr(GError) error = NULL;
      g_autofree KvHand *deal = NULL;
      g_autofree char *before = NULL;
      g_autofree char *text = NULL;
      g_autofree char *log = NULL;

      g_signal_connect (session, "deal-changed", G_CALLBACK (on_deal_changed), &recorder);
      g_assert_true (kv_session_open (session, cases[i].game, NULL));
      kv_session_select_step (session, 1);
      before = session_text (session);
      g_string_truncate (recorder.log, 0);

      deal = deal_of (kv_session_get_history (session)->game, cases[i].deal);
      if (cases[i].message != NULL)
        {
          g_assert_false (kv_session_set_deal (session, deal, &error));
          g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
          g_assert_cmpstr (error->message, ==, cases[i].message);
        }
      else
        {
          g_assert_true (kv_session_set_deal (session, deal, &error));
          g_assert_no_error (error);
        }
      text = session_text (session);
      g_assert_cmpstr (text, ==, before);
      log = take_log (&recorder);
      g_assert_cmpstr (log, ==, "");
      g_assert_false (kv_session_can_undo (session));
      g_string_free (recorder.log, TRUE);
    }

  /* Over a world limit lowered since the game opened: refused as well. */
  {
    g_autoptr(KvSession) session = kv_session_new ();
    g_autoptr(GError) error = NULL;
    g_autofree KvHand *deal = NULL;
    g_autofree char *before = NULL;
    g_autofree char *text = NULL;

    g_assert_true (kv_session_open (session, "hexa", NULL));
    before = session_text (session);
    kv_session_set_world_limit (session, 5);
    deal = deal_of (kv_session_get_history (session)->game, "1: w 2: r 3: b");
    g_assert_false (kv_session_set_deal (session, deal, &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    text = session_text (session);
    g_assert_cmpstr (text, ==, before);
    g_assert_false (kv_session_can_undo (session));
  }

  /* Cards the game does not have. */
  {
    g_autoptr(KvSession) session = kv_session_new ();
    g_autoptr(GError) error = NULL;
    KvHand deal[3];

    g_assert_true (kv_session_open (session, "hexa", NULL));
    memcpy (deal, kv_session_get_history (session)->game->deal, sizeof deal);
    deal[2] |= KV_CARD_BIT (5);
    g_assert_false (kv_session_set_deal (session, deal, &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_GAME);
    g_assert_false (kv_session_can_undo (session));
  }
}

/* Clue 11, Mustard and Scarlet swapped between the envelope and 1: when
 * nobody can show lead or Scarlet, 3 knows the envelope, so "endmove 3"
 * and what follows are dropped (the "3 later steps"). The session
 * file carries the new deal, and the undo tree kept beside it undoes the
 * change after a restart. */
static void
test_set_deal_clue (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(KvSession) restarted = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree KvHand *deal = NULL;
  g_autofree char *text = NULL;
  g_autofree char *undo_text = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *name = NULL;
  KvHistory *history;
  KvHistory *reread;
  const char *new_deal = "env: lead Scarlet 1: Mustard axe rope 2: Plum wrench dagger 3: Green handgun candle";
  guint dropped = G_MAXUINT, scripted, selected = 0;

  g_signal_connect (session, "deal-changed", G_CALLBACK (on_steps_replaced), &dropped);
  g_assert_true (kv_session_open (session, "clue11", NULL));
  scripted = kv_history_length (kv_session_get_history (session));
  g_assert_cmpuint (scripted, ==, 9);
  kv_session_select_step (session, 8);

  deal = deal_of (kv_session_get_history (session)->game, new_deal);
  g_assert_true (kv_session_set_deal (session, deal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dropped, ==, 3);
  history = kv_session_get_history (session);
  g_assert_cmpuint (kv_history_length (history), ==, 6);
  g_assert_cmpuint (kv_session_get_step (session), ==, 5);
  /* suggest 3 lead Scarlet: nobody shows now (a nocard from 1 and from 2). */
  {
    const KvHistoryEntry *entry = kv_history_get (history, 5);

    g_assert_cmpint (entry->step->kind, ==, KV_STEP_SUGGEST);
    g_assert_nonnull (entry->expanded);
    for (guint i = 0; i < entry->expanded->len; i++)
      g_assert_cmpint (((KvStep *) g_ptr_array_index (entry->expanded, i))->kind, ==, KV_STEP_NOCARD);
  }

  /* The autosave's text: the new deal, and undo beside it. */
  text = session_text (session);
  g_assert_nonnull (strstr (text, "\ndeal 1: axe rope Mustard 2: dagger wrench Plum 3: candle handgun Green env: lead Scarlet\n"));
  undo_text = kv_session_undo_to_text (session);
  saved = g_strconcat (text, undo_text, NULL);
  reread = kv_session_file_parse (saved, "session.kvg", kv_session_get_world_limit (session),
                                  &name, &selected, &error);
  g_assert_no_error (error);
  g_assert_true (kv_game_deal_equal (reread->game, reread->game->deal, deal));
  g_assert_cmpuint (kv_history_length (reread), ==, 6);
  kv_session_set_history (restarted, reread, name, NULL, selected);
  kv_session_set_undo (restarted, kv_undo_from_text (saved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_session_get_step (restarted), ==, 5);
  g_assert_true (kv_session_undo (restarted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (restarted)), ==, scripted);
  g_assert_cmpuint (kv_session_get_step (restarted), ==, 8);
  g_assert_true (same_deal (restarted, "env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle"));
}

static void
test_world_limit (void)
{
  g_autoptr(KvSession) session = kv_session_new ();

  g_assert_true (kv_session_open (session, "hexa", NULL));
  kv_session_set_world_limit (session, 5);
  g_assert_cmpuint (kv_session_get_history (session)->world_limit, ==, 5);
  /* Hexa has six worlds: over the limit. */
  g_assert_false (kv_session_open (session, "hexa", NULL));
}

/* What the window shows of a step is the session's: the formula, the view
 * and the hidden agents stay over steps and undo; a new game empties the
 * formula and shows every agent, and keeps the view. "model" follows the
 * step. */
static void
test_view_options (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  guint model_notes = 0;

  g_assert_null (kv_session_get_model (session));
  g_assert_cmpstr (kv_session_get_formula (session), ==, "");
  g_signal_connect_swapped (session, "notify::model", G_CALLBACK (count_notify), &model_notes);
  g_assert_true (kv_session_open (session, "hexa", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (model_notes, ==, 1);
  g_assert_true (kv_session_get_model (session) == kv_session_get_entry (session)->model);

  kv_session_set_formula (session, "K{1} r@1");
  kv_session_set_view (session, KV_VIEW_CONTRACTED);
  kv_session_set_hidden_agents (session, 1u << 2);
  step = kv_step_parse (kv_session_get_history (session)->game, "nocard 1 w", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_cmpuint (model_notes, ==, 2);
  g_assert_true (kv_session_get_model (session) == kv_session_get_entry (session)->model);
  g_assert_true (kv_session_back (session));
  g_assert_cmpuint (model_notes, ==, 3);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_cmpstr (kv_session_get_formula (session), ==, "K{1} r@1");
  g_assert_cmpint (kv_session_get_view (session), ==, KV_VIEW_CONTRACTED);
  g_assert_cmpuint (kv_session_get_hidden_agents (session), ==, 1u << 2);

  g_assert_true (kv_session_open (session, "clue11", &error));
  g_assert_cmpstr (kv_session_get_formula (session), ==, "");
  g_assert_cmpuint (kv_session_get_hidden_agents (session), ==, 0);
  g_assert_cmpint (kv_session_get_view (session), ==, KV_VIEW_CONTRACTED);
  {
    KvModel *model = NULL;

    g_object_get (session, "model", &model, NULL);
    g_assert_true (model == kv_session_get_model (session));
    kv_model_unref (model);
  }
}

/* Models (.kvm.json, issue 14) */

/* Hexa after its first step, written as a model file in a new directory
 * (*@dir: the caller removes both). */
static char *
write_hexa_model (char **dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("hexa", &error);
  g_autoptr(KvHistory) hexa = NULL;
  g_autofree char *json = NULL;
  char *path;

  g_assert_no_error (error);
  hexa = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  json = kv_model_to_json (kv_history_get (hexa, 1)->model, 1);
  *dir = g_dir_make_tmp ("kv-test-model-XXXXXX", NULL);
  path = g_build_filename (*dir, "hexa-1.kvm.json", NULL);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

/* The worlds and each agent's classes of a history's entries, to compare
 * two histories. */
static char *
describe_history (const KvHistory *history)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < kv_history_length (history); i++)
    {
      const KvHistoryEntry *entry = kv_history_get (history, i);
      KvModel *model = entry->model;

      if (entry->step != NULL)
        {
          g_autofree char *line = kv_step_to_string (entry->step);

          g_string_append_printf (out, "[%s] ", line);
        }
      for (guint w = 0; w < model->n_worlds; w++)
        {
          g_autofree char *label = kv_model_world_label (model, w);

          g_string_append_printf (out, "%s%s", label, w == model->actual ? "*" : "");
          for (guint a = 0; a < model->game->n_agents; a++)
            g_string_append_printf (out, ":%u", model->cls[a][w]);
          g_string_append_c (out, ' ');
        }
      g_string_append (out, "| ");
    }
  return g_string_free (out, FALSE);
}

static void
apply_line (KvSession  *session,
            const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = kv_step_parse (kv_session_get_history (session)->game, line, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_no_error (error);
}

/* How many undo states hold the data of a model (the others name it). */
static guint
states_with_model_data (KvSession *session)
{
  g_autofree char *text = kv_session_undo_to_text (session);
  g_autoptr(KvUndo) undo = kv_undo_from_text (text, NULL);
  guint n = 0;

  g_assert_nonnull (undo);
  for (guint i = 0; i < kv_undo_n_states (undo); i++)
    {
      gboolean has_data = FALSE;
      g_autofree char *id = kv_session_file_model_id (kv_undo_state_text (undo, i), &has_data);

      n += id != NULL && has_data;
    }
  return n;
}

/* A model file opens as a game: its one model is step 0, steps run on it,
 * and opening it is one edit that undo takes back. */
static void
test_open_model (void)
{
  Recorder recorder;
  g_autoptr(KvSession) session = recorded_session (&recorder);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = write_hexa_model (&dir);
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *log = NULL;
  KvHistory *history;

  g_assert_true (kv_session_open (session, "hexa", &error));
  g_string_truncate (recorder.log, 0);
  g_assert_true (kv_session_open (session, path, &error));
  g_assert_no_error (error);
  log = take_log (&recorder);
  g_assert_cmpstr (log, ==, "game;steps 0;length;step;");
  history = kv_session_get_history (session);
  g_assert_true (history->given);
  g_assert_cmpuint (kv_history_length (history), ==, 1);
  g_assert_cmpuint (kv_session_get_model (session)->n_worlds, ==, 4);
  g_assert_cmpstr (history->game->title, ==, "Hexa: three players, three cards");
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa-1");
  g_assert_cmpstr (kv_session_get_game_path (session), ==, canonical);
  g_assert_true (kv_session_can_undo (session));

  /* Steps run on the model: Hexa's second step gives Hexa's step 2. */
  apply_line (session, "endmove 2");
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 2);
  g_assert_cmpuint (kv_session_get_step (session), ==, 1);
  g_assert_cmpuint (kv_session_get_model (session)->n_worlds, ==, 2);
  apply_line (session, "win 1");
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);

  /* Undo: the steps, then the model file, then back to Hexa. */
  g_assert_true (kv_session_undo (session, &error));
  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 1);
  g_assert_true (kv_session_get_history (session)->given);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_false (kv_session_get_history (session)->given);
  g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  /* And redo all the way. */
  g_assert_true (kv_session_redo (session, &error));
  g_assert_true (kv_session_redo (session, &error));
  g_assert_true (kv_session_redo (session, &error));
  g_assert_no_error (error);
  g_assert_true (kv_session_get_history (session)->given);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_cmpuint (kv_session_get_model (session)->n_worlds, ==, 2);
  /* The model's data is held by one undo state however many start from it. */
  g_assert_cmpuint (states_with_model_data (session), ==, 1);

  /* Opened as steps are: all or nothing, no problem to report. */
  {
    g_autofree char *problem = NULL;
    guint line = 0;

    g_assert_true (kv_session_open_valid_steps (session, path, &problem, &line, &error));
    g_assert_no_error (error);
    g_assert_null (problem);
    g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 1);
  }

  g_unlink (path);
  g_rmdir (dir);
  g_string_free (recorder.log, TRUE);
}

/* What does not open as a model changes nothing, and says why. */
static void
test_open_model_errors (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autofree char *dir = NULL;
  g_autofree char *model_path = write_hexa_model (&dir);
  g_autofree char *bad = g_build_filename (dir, "bad.kvm.json", NULL);
  static const char *const texts[] = {
    "{ not json",
    "{\"format\": \"something-else\", \"version\": 1}",
    "[1, 2, 3]",
  };

  g_assert_true (kv_session_open (session, "hexa", NULL));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *problem = NULL;

      g_assert_true (g_file_set_contents (bad, texts[i], -1, NULL));
      g_assert_false (kv_session_open (session, bad, &error));
      g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, bad));
      g_clear_error (&error);
      g_assert_false (kv_session_open_valid_steps (session, bad, &problem, NULL, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
      g_assert_false (kv_session_get_history (session)->given);
      g_assert_false (kv_session_can_undo (session));
    }

  /* Four worlds over a limit of three. */
  {
    g_autoptr(GError) error = NULL;

    kv_session_set_world_limit (session, 3);
    g_assert_false (kv_session_open (session, model_path, &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    g_assert_cmpstr (kv_session_get_game_name (session), ==, "hexa");
    g_assert_false (kv_session_can_undo (session));
  }

  g_unlink (bad);
  g_unlink (model_path);
  g_rmdir (dir);
}

/* The session file holds a history from a model (its data, gzip in
 * base64, and the steps), and so does each undo state: a restart brings
 * both back, undo included; a damaged model is a broken session. */
static void
test_model_session_file (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(KvSession) restarted = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = write_hexa_model (&dir);
  g_autofree char *text = NULL;
  g_autofree char *undo_text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(KvHistory) back = NULL;
  guint selected = 99;

  g_assert_true (kv_session_open (session, "clue11", NULL));
  g_assert_true (kv_session_open (session, path, &error));
  apply_line (session, "endmove 2");
  apply_line (session, "nocard 3 w");
  kv_session_select_step (session, 1);

  text = kv_session_file_to_text (kv_session_get_history (session), kv_session_get_game_name (session),
                                  kv_session_get_step (session));
  /* Not a script: the model rides along, then the steps. */
  g_assert_null (strstr (text, "\nagents "));
  g_assert_nonnull (strstr (text, "\n# kripkeviz-model: sha256 "));
  g_assert_nonnull (strstr (text, "\n# kripkeviz-model-data: "));
  g_assert_nonnull (strstr (text, "\nendmove 2\nnocard 3 w\n"));
  back = kv_session_file_parse (text, "session.kvg", 0, &name, &selected, &error);
  g_assert_no_error (error);
  g_assert_true (back->given);
  g_assert_cmpstr (name, ==, "hexa-1");
  g_assert_cmpuint (selected, ==, 1);
  before = describe_history (kv_session_get_history (session));
  after = describe_history (back);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (back->game->title, ==, kv_session_get_history (session)->game->title);

  /* A restart: the session file's history and undo tree, in a new session. */
  undo_text = kv_session_undo_to_text (session);
  {
    g_autofree char *file = g_strconcat (text, undo_text, NULL);
    g_autofree char *file_path = g_build_filename (dir, "session.kvg", NULL);
    g_autofree char *restored_name = NULL;
    g_autoptr(KvUndo) undo = NULL;
    KvHistory *history;

    g_assert_true (g_file_set_contents (file_path, file, -1, NULL));
    history = kv_session_file_read (file_path, 0, &restored_name, &selected, &undo, NULL, &error);
    g_assert_no_error (error);
    g_assert_nonnull (undo);
    kv_session_set_history (restarted, history, restored_name, NULL, selected);
    kv_session_set_undo (restarted, g_steal_pointer (&undo));
    g_unlink (file_path);
  }
  g_assert_cmpuint (kv_session_get_step (restarted), ==, 1);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (restarted)), ==, 3);
  /* Undo reads the model from the state that holds it. */
  g_assert_true (kv_session_undo (restarted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (restarted)), ==, 2);
  g_assert_true (kv_session_get_history (restarted)->given);
  g_assert_true (kv_session_undo (restarted, &error));
  g_assert_true (kv_session_undo (restarted, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kv_session_get_game_name (restarted), ==, "clue11");
  g_assert_false (kv_session_undo (restarted, &error));
  g_assert_true (kv_session_redo (restarted, &error));
  g_assert_true (kv_session_redo (restarted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (restarted)), ==, 2);
  /* A new edit after the restart names the model the tree holds already. */
  apply_line (restarted, "win 1");
  g_assert_cmpuint (states_with_model_data (restarted), ==, 1);

  /* Damaged data, lost data, a bad step: each a broken session. */
  {
    g_autofree char *cut = kv_session_file_without_model_data (text);
    g_autoptr(GString) changed = g_string_new (text);
    char *data = strstr (changed->str, "\n# kripkeviz-model-data: ") + strlen ("\n# kripkeviz-model-data: ") + 40;
    g_autoptr(GString) bad_step = g_string_new (text);
    KvHistory *none;

    none = kv_session_file_parse (cut, "session.kvg", 0, NULL, NULL, &error);
    g_assert_null (none);
    g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
    g_clear_error (&error);

    *data = *data == 'A' ? 'B' : 'A';
    none = kv_session_file_parse (changed->str, "session.kvg", 0, NULL, NULL, &error);
    g_assert_null (none);
    g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "damaged"));
    g_clear_error (&error);

    g_string_append (bad_step, "nocard 9 w\n");
    none = kv_session_file_parse (bad_step->str, "session.kvg", 0, NULL, NULL, &error);
    g_assert_null (none);
    g_assert_error (error, KV_ERROR, KV_ERROR_NAME);
    g_assert_true (g_str_has_prefix (error->message, "session.kvg:"));
    g_clear_error (&error);

    /* Over the world limit: the limit's error, so the window offers to
     * raise it rather than set the session aside. */
    none = kv_session_file_parse (text, "session.kvg", 3, NULL, NULL, &error);
    g_assert_null (none);
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* Save Script of steps on a model keeps the model: the file opens again
 * as it was, not from all of the game's deals. */
static void
test_model_save_script (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(KvSession) reopened = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = write_hexa_model (&dir);
  g_autofree char *saved = g_build_filename (dir, "saved.kvg", NULL);
  g_autofree char *script = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (kv_session_open (session, path, &error));
  apply_line (session, "endmove 2");
  script = kv_session_to_script (session);
  /* The model and the steps; not the session's marks. */
  g_assert_nonnull (strstr (script, "# kripkeviz-model: sha256 "));
  g_assert_null (strstr (script, "selected-step"));
  g_assert_true (g_str_has_suffix (script, "\nendmove 2\n"));
  g_assert_true (g_file_set_contents (saved, script, -1, NULL));
  g_assert_true (kv_session_open (reopened, saved, &error));
  g_assert_no_error (error);
  g_assert_true (kv_session_get_history (reopened)->given);
  g_assert_cmpstr (kv_session_get_game_name (reopened), ==, "saved");
  before = describe_history (kv_session_get_history (session));
  after = describe_history (kv_session_get_history (reopened));
  g_assert_cmpstr (after, ==, before);
  /* A script of the game would have started from six worlds. */
  g_assert_cmpuint (kv_history_get (kv_session_get_history (reopened), 0)->model->n_worlds, ==, 4);

  g_unlink (saved);
  g_unlink (path);
  g_rmdir (dir);
}

/* Real Cluedo (5 557 616 064 worlds) runs on the symbolic engine: the
 * session's steps have states and no models, and every edit, navigation,
 * undo and the autosave's text work on them as on a small game. */
static void
test_symbolic (void)
{
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(KvSession) restarted = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autoptr(KvStep) refused = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  KvHistory *reread;
  KvState *state;
  KvModel *model = NULL;
  guint selected = 0;
  gboolean value = FALSE;

  g_assert_true (kv_session_open (session, "cluedo", &error));
  g_assert_no_error (error);
  g_assert_true (kv_session_is_symbolic (session));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 8);
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  g_assert_null (kv_session_get_model (session));
  g_object_get (session, "model", &model, NULL);
  g_assert_null (model);
  kv_session_select_step (session, 7);
  state = kv_session_get_state (session);
  g_assert_nonnull (state);
  g_assert_cmpuint (kv_state_count_worlds (state), ==, 406912968u);

  /* Navigation: each step's state; the formula as `check cluedo` says. */
  g_assert_true (kv_session_back (session));
  g_assert_cmpuint (kv_state_count_worlds (kv_session_get_state (session)), ==, 3959347392u);
  kv_session_select_step (session, 0);
  g_assert_cmpuint (kv_state_count_worlds (kv_session_get_state (session)), ==, 5557616064u);
  {
    g_autoptr(KvFormula) f = kv_formula_parse (kv_session_get_history (session)->game, "K{1} White@2", NULL, &error);

    g_assert_no_error (error);
    g_assert_true (kv_state_check_actual (kv_session_get_state (session), f, &value, &error));
    g_assert_false (value);
    g_assert_true (kv_session_forward (session));
    g_assert_true (kv_state_check_actual (kv_session_get_state (session), f, &value, &error));
    g_assert_true (value);
  }

  /* A step false at the actual world is refused: nothing changes. */
  before = session_text (session);
  refused = kv_step_parse (kv_session_get_history (session)->game, "nocard 1 Scarlet", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kv_session_apply_step (session, refused, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_FALSE);
  g_clear_error (&error);
  after = session_text (session);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  /* An edit at step 1 replaces the later steps; undo brings them back. */
  step = kv_step_parse (kv_session_get_history (session)->game, "nocard 3 Plum rope", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);
  g_assert_cmpuint (kv_session_get_step (session), ==, 2);
  g_assert_true (kv_session_is_symbolic (session));
  g_assert_null (kv_session_get_model (session));
  g_assert_cmpuint (kv_state_count_worlds (kv_session_get_state (session)), <, 4734265536u);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 8);
  g_assert_true (kv_session_is_symbolic (session));
  g_assert_true (kv_session_redo (session, &error));
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 3);

  /* Next turn plays the symbolic game too: 1 ends the move its suggestion
   * began; then 2 suggests, is answered, and ends its move (or wins). */
  g_assert_true (kv_session_next_turn (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 4);
  g_assert_cmpint (kv_history_get (kv_session_get_history (session), 3)->step->kind, ==, KV_STEP_ENDMOVE);
  g_assert_cmpuint (kv_history_get (kv_session_get_history (session), 3)->step->agent, ==, 0);
  g_assert_true (kv_session_next_turn (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (kv_session_get_history (session)), ==, 6);
  g_assert_cmpint (kv_history_get (kv_session_get_history (session), 4)->step->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpuint (kv_history_get (kv_session_get_history (session), 4)->step->agent, ==, 1);
  g_assert_nonnull (kv_history_get (kv_session_get_history (session), 4)->expanded);

  /* The autosave's text reads back as the same symbolic history. */
  text = session_text (session);
  reread = kv_session_file_parse (text, "session.kvg", kv_session_get_world_limit (session),
                                  &name, &selected, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reread);
  g_assert_cmpint (reread->engine, ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpuint (kv_history_length (reread), ==, kv_history_length (kv_session_get_history (session)));
  for (guint i = 0; i < kv_history_length (reread); i++)
    g_assert_cmpuint (kv_state_count_worlds (kv_history_get (reread, i)->state), ==,
                      kv_state_count_worlds (kv_history_get (kv_session_get_history (session), i)->state));
  kv_session_set_history (restarted, reread, name, NULL, selected);
  g_assert_cmpstr (kv_session_get_game_name (restarted), ==, "cluedo");
  g_assert_true (kv_session_is_symbolic (restarted));
  g_assert_cmpuint (kv_session_get_step (restarted), ==, kv_session_get_step (session));
  after = session_text (restarted);
  g_assert_cmpstr (after, ==, text);
}

/* A lesson's narration and questions (docs/lessons.md) go wherever the
 * script goes: Save Script, the session file (autosave), undo. */
static void
test_lesson_words (void)
{
  const char *text = "title Hexa\nagents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n"
                     "title.nl Hexa-les\nsummary Three cards.\nsay Six worlds.\nask predict\nsay Which go?\n"
                     "nocard 1 w\nsay.nl Twee werelden weg.\nask win\n";
  g_autoptr(KvSession) session = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kv-lesson-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "lesson.kvg", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *autosave = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(KvHistory) reread = NULL;
  g_autoptr(KvStep) step = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_true (kv_session_open (session, path, &error));
  g_assert_no_error (error);
  saved = kv_session_to_script (session);
  g_assert_cmpstr (saved, ==, text);

  autosave = kv_session_file_to_text (kv_session_get_history (session), "lesson", 1);
  g_assert_nonnull (strstr (autosave, "say.nl Twee werelden weg.\n"));
  reread = kv_session_file_parse (autosave, "session", 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kv_history_get (reread, 1)->step->say);

  /* An edit and its undo bring the narration back with the steps. */
  step = kv_step_parse (kv_session_get_history (session)->game, "endmove 2", NULL, &error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_no_error (error);
  kv_session_select_step (session, 1);
  g_assert_true (kv_session_undo (session, &error));
  g_assert_no_error (error);
  undone = kv_session_to_script (session);
  g_assert_cmpstr (undone, ==, text);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/open", test_open);
  g_test_add_func ("/session/view-options", test_view_options);
  g_test_add_func ("/session/navigation", test_navigation);
  g_test_add_func ("/session/edits", test_edits);
  g_test_add_func ("/session/refused", test_refused);
  g_test_add_func ("/session/open-valid-steps", test_open_valid_steps);
  g_test_add_func ("/session/world-limit", test_world_limit);
  g_test_add_func ("/session/undo", test_undo);
  g_test_add_func ("/session/delete-later", test_delete_later);
  g_test_add_func ("/session/play-to-end", test_play_to_end);
  g_test_add_func ("/session/play-to-end-async", test_play_to_end_async);
  g_test_add_func ("/session/play-to-end-cancel", test_play_to_end_cancel);
  g_test_add_func ("/session/next-turn-async", test_next_turn_async);
  g_test_add_func ("/session/next-turn-async-cancel", test_next_turn_async_cancel);
  g_test_add_func ("/session/strategies", test_strategies);
  g_test_add_func ("/session/set-deal", test_set_deal);
  g_test_add_func ("/session/set-deal-refused", test_set_deal_refused);
  g_test_add_func ("/session/set-deal-clue", test_set_deal_clue);
  g_test_add_func ("/session/open-model", test_open_model);
  g_test_add_func ("/session/open-model-errors", test_open_model_errors);
  g_test_add_func ("/session/model-session-file", test_model_session_file);
  g_test_add_func ("/session/model-save-script", test_model_save_script);
  g_test_add_func ("/session/symbolic", test_symbolic);
  g_test_add_func ("/session/lesson-words", test_lesson_words);
  return g_test_run ();
}
