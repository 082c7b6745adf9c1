// SPDX-License-Identifier: GPL-3.0-or-later
/* test-session.c: the session object without a display — opening, the
 * edits, navigation, and the order of its signals. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kv-session.h"

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
  g_assert_true (kv_session_play_to_end (session, &error));
  g_assert_no_error (error);
  history = kv_session_get_history (session);
  last = kv_history_get (history, kv_history_length (history) - 1)->step;
  g_assert_cmpint (last->kind, ==, KV_STEP_WIN);
  g_assert_true (kv_strategy_model_knows (kv_history_get (history, kv_history_length (history) - 1)->model,
                                          last->agent));
  /* The game is over: neither Next turn nor Play to the end goes on. */
  g_assert_false (kv_session_play_to_end (session, &error));
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
      g_assert_true (kv_session_play_to_end (session, &error));
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
      g_assert_true (kv_session_play_to_end (session, &error));
      g_assert_no_error (error);
      history = kv_session_get_history (session);
      g_assert_cmpint (kv_history_get (history, kv_history_length (history) - 1)->step->kind, ==, KV_STEP_WIN);
    }
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/open", test_open);
  g_test_add_func ("/session/navigation", test_navigation);
  g_test_add_func ("/session/edits", test_edits);
  g_test_add_func ("/session/refused", test_refused);
  g_test_add_func ("/session/open-valid-steps", test_open_valid_steps);
  g_test_add_func ("/session/world-limit", test_world_limit);
  g_test_add_func ("/session/undo", test_undo);
  g_test_add_func ("/session/delete-later", test_delete_later);
  g_test_add_func ("/session/play-to-end", test_play_to_end);
  g_test_add_func ("/session/strategies", test_strategies);
  return g_test_run ();
}
