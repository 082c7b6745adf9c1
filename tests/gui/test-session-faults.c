// SPDX-License-Identifier: GPL-3.0-or-later
/* test-session-faults.c: nothing of a session is lost (issue 29) — a
 * start reads the whole session before it writes anything, a session of
 * 20 000 edits opens with every one, a damaged undo tree keeps what can be
 * read and the file is kept aside and said, a directory where the session
 * goes is moved aside, and the real kripkeviz and kv-edit-burst killed
 * with SIGKILL at random moments (at start-up, in a burst on a 20 000-edit
 * session) leave every edit and its undo history behind. */
#define G_LOG_DOMAIN "test-session-faults"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kv-display-util.h"
#include "kv-session-file.h"
#include "kv-window-private.h"

#define LONG_EDITS 20000

static char *state_dir;

/* A session of Hexa after @n_edits edits that alternate "nocard 1 w" and
 * "nocard 1 b" at step 0, as kv-edit-burst makes them: the file the
 * window writes (session, world limit, undo tree); its undo tree in
 * *@undo_out. */
static char *
session_with_edits (guint    n_edits,
                    KvUndo **undo_out)
{
  g_autoptr(KvScript) script = kv_script_open ("hexa", NULL);
  g_autoptr(KvHistory) history = kv_history_new (script->game, 0, NULL);
  g_autofree char *texts[2] = { NULL, NULL };
  g_autofree char *opened = kv_session_file_to_text (history, "hexa", 0);
  g_autofree char *limit = kv_session_file_limit_line (KV_DEFAULT_WORLD_LIMIT);
  g_autofree char *undo_text = NULL;
  KvUndo *undo = kv_undo_new ("Open", opened);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(KvHistory) edited = kv_history_new (script->game, 0, NULL);
      g_autoptr(KvStep) step = kv_step_parse (script->game, i == 0 ? "nocard 1 w" : "nocard 1 b", NULL, NULL);

      g_assert_true (kv_history_push (edited, step, NULL));
      texts[i] = kv_session_file_to_text (edited, "hexa", 0);
    }
  for (guint i = 0; i < n_edits; i++)
    g_assert_true (kv_undo_record (undo, "Apply", texts[i % 2]));
  undo_text = kv_undo_to_text (undo);
  *undo_out = undo;
  return g_strconcat (texts[(n_edits + 1) % 2], limit, undo_text, NULL);
}

/* The session files set aside as .kvg.broken in @dir. */
static GPtrArray *
broken_in (const char *dir_name)
{
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "session-") && g_str_has_suffix (name, ".kvg.broken"))
      g_ptr_array_add (found, g_build_filename (dir_name, name, NULL));
  return found;
}

static void
remove_broken (const char *dir_name)
{
  g_autoptr(GPtrArray) broken = broken_in (dir_name);

  for (guint i = 0; i < broken->len; i++)
    g_assert_cmpint (g_remove (g_ptr_array_index (broken, i)), ==, 0);
}

/* Whether the undo tree of the session file @path holds every state of
 * @expected as it was (later edits may follow them). */
static gboolean
holds_tree (const char *path,
            KvUndo     *expected)
{
  g_autofree char *text = NULL;
  g_autoptr(KvUndo) undo = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  undo = kv_undo_from_text (text, NULL);
  if (undo == NULL || kv_undo_n_states (undo) < kv_undo_n_states (expected))
    return FALSE;
  for (guint i = 0; i < kv_undo_n_states (expected); i++)
    if (g_strcmp0 (kv_undo_state_text (undo, i), kv_undo_state_text (expected, i)) != 0)
      return FALSE;
  return TRUE;
}

/* N2: the file holds the whole tree from the first write on; closing
 * the window writes the session too. */
static void
test_restore_before_write (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autoptr(KvUndo) expected = NULL;
  g_autofree char *text = session_with_edits (677, &expected);
  g_autofree char *written = NULL;
  KvWindow *window;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = kv_window_new (NULL);
  kv_window_set_autosave (window, TRUE);
  g_assert_true (kv_window_restore_session (window));
  g_assert_true (holds_tree (path, expected));
  g_assert_true (kv_session_can_undo (kv_window_get_session (window)));

  /* Close: the session as shown, with its tree. */
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (50);
  g_assert_cmpint (g_unlink (path), ==, 0);
  gtk_window_close (GTK_WINDOW (window));
  kv_display_wait (20);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_true (holds_tree (path, expected));
}

/* N3: each kind of damage to the undo tree keeps what can be read, says
 * so, and keeps the file as it was beside it before writing anything. */
static void
test_damaged_undo (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(KvUndo) expected = NULL;
  g_autofree char *text = session_with_edits (677, &expected);
  const char *current = strstr (text, "# kripkeviz-undo-current: ");
  const char *last = g_strrstr (text, "# kripkeviz-undo: ");
  const char *middle = strstr (text, "# kripkeviz-undo: 300 ");
  struct { const char *what; GBytes *bytes; guint at_least; } cases[] = {
    { "tail cut", g_bytes_new (text, (gsize) (last - text) + 40), 677 },
    { "undo-current missing", g_bytes_new (text, (gsize) (current - text)), 678 },
    { "a NUL byte", NULL, 301 },
    { "a bad parent index", NULL, 301 },
  };

  g_assert_nonnull (middle);
  {
    g_autofree char *nul = g_strdup (text);

    nul[(middle - text) + 30] = '\0';
    cases[2].bytes = g_bytes_new (nul, strlen (text));
  }
  {
    g_autofree char *bad = g_strdup (text);

    memcpy (bad + (middle - text) + strlen ("# kripkeviz-undo: "), "999", 3);
    cases[3].bytes = g_bytes_new (bad, strlen (bad));
  }

  remove_broken (dir);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize size = 0;
      const char *bytes = g_bytes_get_data (cases[i].bytes, &size);
      g_autoptr(GPtrArray) broken = NULL;
      g_autofree char *kept = NULL;
      gsize kept_size = 0;
      KvSession *session;
      KvWindow *window;
      guint undone = 0;

      g_test_message ("%s", cases[i].what);
      g_assert_true (g_file_set_contents (path, bytes, (gssize) size, NULL));
      window = kv_window_new (NULL);
      kv_window_set_autosave (window, TRUE);
      g_assert_true (kv_window_restore_session (window));
      g_assert_true (g_str_has_prefix (kv_window_get_last_toast (window), "Part of the undo history"));

      /* The file as it was, beside the new one. */
      broken = broken_in (dir);
      g_assert_cmpuint (broken->len, ==, 1);
      g_assert_true (g_file_get_contents (g_ptr_array_index (broken, 0), &kept, &kept_size, NULL));
      g_assert_cmpmem (kept, kept_size, bytes, size);
      g_assert_nonnull (strstr (kv_window_get_last_toast (window), g_path_get_basename (g_ptr_array_index (broken, 0))));

      /* What could be read: undo walks back through it to Hexa as
       * opened (the tree's own walk, then the window's last step). */
      session = kv_window_get_session (window);
      {
        g_autofree char *tree_text = kv_session_undo_to_text (session);
        g_autoptr(KvUndo) tree = kv_undo_from_text (tree_text, NULL);

        g_assert_nonnull (tree);
        while (kv_undo_undo (tree) != NULL)
          undone++;
        g_assert_cmpuint (undone, >=, cases[i].at_least - 1);
        g_assert_cmpstr (kv_undo_current_text (tree), ==, kv_undo_state_text (expected, 0));
      }
      g_assert_true (kv_session_undo (session, NULL));
      gtk_window_destroy (GTK_WINDOW (window));
      remove_broken (dir);
      g_bytes_unref (cases[i].bytes);
    }
}

/* N10: a directory where the session goes is moved aside, and the
 * autosave works again. */
static void
test_directory (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GPtrArray) broken = NULL;
  KvWindow *window;

  g_remove (path);
  remove_broken (dir);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  window = kv_window_new (NULL);
  kv_window_set_autosave (window, TRUE);
  g_assert_false (kv_window_restore_session (window));
  g_assert_true (kv_window_open (window, "hexa", NULL));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  broken = broken_in (dir);
  g_assert_cmpuint (broken->len, ==, 1);
  g_assert_true (g_file_test (g_ptr_array_index (broken, 0), G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_rmdir (g_ptr_array_index (broken, 0)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* N1: 20 000 edits (a file well over 4 MiB) open with every one, and
 * open from the Game menu when set aside. */
static void
test_long_session (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autoptr(KvUndo) expected = NULL;
  g_autofree char *text = session_with_edits (LONG_EDITS, &expected);
  g_autofree char *restored = NULL;
  g_autofree char *expected_text = kv_undo_to_text (expected);
  KvWindow *window;

  g_assert_cmpuint (strlen (text), >, KV_READ_MAX_BYTES);
  g_test_message ("a session of %u edits: %zu bytes", LONG_EDITS, strlen (text));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = kv_window_new (NULL);
  kv_window_set_autosave (window, TRUE);
  g_assert_true (kv_window_restore_session (window));
  restored = kv_session_undo_to_text (kv_window_get_session (window));
  g_assert_cmpstr (restored, ==, expected_text);
  g_assert_true (holds_tree (path, expected));
  /* One more edit is saved, and read back. */
  g_assert_true (kv_session_undo (kv_window_get_session (window), NULL));
  gtk_window_destroy (GTK_WINDOW (window));
  window = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (window));
  g_assert_true (kv_session_can_redo (kv_window_get_session (window)));
  gtk_window_destroy (GTK_WINDOW (window));

  /* Set aside (as a broken one would be), it opens from the Game menu. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *aside = kv_session_file_set_aside (path, &error);

    g_assert_no_error (error);
    window = kv_window_new (NULL);
    g_assert_true (kv_window_open (window, aside, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
    gtk_window_destroy (GTK_WINDOW (window));
    g_assert_cmpint (g_remove (aside), ==, 0);
  }
}

/* An autosave that would outgrow what a start reads back forgets the
 * oldest undo states first, says so, and stays readable. */
static void
test_undo_bounded (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autoptr(KvUndo) expected = NULL;
  g_autofree char *text = session_with_edits (677, &expected);
  g_autofree char *written = NULL;
  g_autoptr(KvUndo) undo = NULL;
  gsize length = 0;
  KvWindow *window;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = kv_window_new (NULL);
  window->session_max_bytes = 100000;
  kv_window_set_autosave (window, TRUE);
  g_assert_true (kv_window_restore_session (window));
  g_assert_true (g_str_has_prefix (kv_window_get_last_toast (window), "The undo history grew too long"));
  g_assert_true (g_file_get_contents (path, &written, &length, NULL));
  g_assert_cmpuint (length, <=, 100000);
  undo = kv_undo_from_text (written, NULL);
  g_assert_nonnull (undo);
  g_assert_cmpuint (kv_undo_n_states (undo), <, 678);
  g_assert_true (kv_session_undo (kv_window_get_session (window), NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs @binary with its own state directory @child_state until a random
 * moment (up to @max_ms after start), then kills it with SIGKILL. */
static void
run_and_kill (const char *binary,
              const char *child_state,
              guint       max_ms)
{
  g_auto(GStrv) envp = g_get_environ ();
  const char *argv[] = { binary, NULL };
  g_autoptr(GError) error = NULL;
  int status;
  GPid pid;

  envp = g_environ_setenv (envp, "XDG_STATE_HOME", child_state, TRUE);
  envp = g_environ_setenv (envp, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  g_assert_true (g_spawn_async (NULL, (char **) argv, envp,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_usleep ((gulong) g_test_rand_int_range (0, (gint32) max_ms) * 1000);
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
}

/* @binary from the environment variable @variable, or NULL (skipped). */
static const char *
binary_from (const char *variable)
{
  const char *binary = g_getenv (variable);

  if (binary == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the binary to kill is not built");
      return NULL;
    }
  return binary;
}

/* Kills @binary @n_kills times at random moments on a session of
 * @n_edits edits: each time the file holds every edit and its tree, and
 * no broken session was set aside. */
static void
kill_repeatedly (const char *binary,
                 guint       n_edits,
                 guint       n_kills,
                 guint       max_ms)
{
  g_autofree char *child_state = g_build_filename (state_dir, "killed", NULL);
  g_autofree char *child_dir = g_build_filename (child_state, "kripkeviz", NULL);
  g_autofree char *child_path = g_build_filename (child_dir, "session.kvg", NULL);
  g_autoptr(KvUndo) expected = NULL;
  g_autofree char *text = session_with_edits (n_edits, &expected);

  g_assert_cmpint (g_mkdir_with_parents (child_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (child_path, text, -1, NULL));
  for (guint i = 0; i < n_kills; i++)
    {
      g_autoptr(GPtrArray) broken = NULL;

      run_and_kill (binary, child_state, max_ms);
      g_assert_true (holds_tree (child_path, expected));
      broken = broken_in (child_dir);
      g_assert_cmpuint (broken->len, ==, 0);
    }

  /* And a restart here: the session with every edit. */
  {
    g_autofree char *own = kv_session_file_get_path ();
    g_autofree char *last = NULL;
    KvWindow *window;

    g_assert_true (g_file_get_contents (child_path, &last, NULL, NULL));
    g_assert_true (g_file_set_contents (own, last, -1, NULL));
    window = kv_window_new (NULL);
    g_assert_true (kv_window_restore_session (window));
    g_assert_true (kv_session_can_undo (kv_window_get_session (window)));
    gtk_window_destroy (GTK_WINDOW (window));
  }
  kv_session_file_remove_stale (child_path);
  g_remove (child_path);
  {
    g_autoptr(GDir) dir = g_dir_open (child_dir, 0, NULL);
    const char *name;

    /* Temporary files a kill left mid-write. */
    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *file = g_build_filename (child_dir, name, NULL);

        g_remove (file);
      }
  }
  g_rmdir (child_dir);
  g_rmdir (child_state);
}

/* The real kripkeviz killed at start-up: the tree is never cut. */
static void
test_kill_at_start (void)
{
  const char *binary = binary_from ("KV_KRIPKEVIZ");

  if (binary != NULL)
    kill_repeatedly (binary, 677, 5, 1500);
}

/* A 20 000-edit session in kv-edit-burst killed ten times at random
 * moments (at start-up and in the middle of its burst). */
static void
test_kill_long_burst (void)
{
  const char *binary = binary_from ("KV_EDIT_BURST");

  if (binary != NULL)
    kill_repeatedly (binary, LONG_EDITS, 10, 3000);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-session-faults", FALSE);

  g_test_add_func ("/session-faults/restore-before-write", test_restore_before_write);
  g_test_add_func ("/session-faults/damaged-undo", test_damaged_undo);
  g_test_add_func ("/session-faults/directory", test_directory);
  g_test_add_func ("/session-faults/long-session", test_long_session);
  g_test_add_func ("/session-faults/undo-bounded", test_undo_bounded);
  g_test_add_func ("/session-faults/kill-at-start", test_kill_at_start);
  g_test_add_func ("/session-faults/kill-long-burst", test_kill_long_burst);

  status = g_test_run ();
  {
    g_autofree char *path = kv_session_file_get_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_remove (path);
    remove_broken (dir);
    g_rmdir (dir);
  }
  kv_display_finish (NULL, g_steal_pointer (&state_dir));
  return status;
}
