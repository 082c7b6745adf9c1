// SPDX-License-Identifier: GPL-3.0-or-later
/* test-write.c: kv_write_file never damages what it writes to — a link's
 * target is written and the link stays, a device or FIFO is written in
 * place, a file keeps its mode and hard links (and its old content when
 * written in place fails), a file its user may not write is refused,
 * everything else is replaced atomically, and a failure names the path
 * asked for. Runs as root (CI) and not. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv-write.h"

static char *tmpdir;

static char *
in_tmp (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* @text into the file at @path as it is (g_file_set_contents would
 * replace it, and so part it from its other names). */
static void
overwrite (const char *path, const char *text)
{
  int fd = g_open (path, O_WRONLY | O_TRUNC, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, text, strlen (text)), ==, (gssize) strlen (text));
  g_assert_cmpint (close (fd), ==, 0);
}

/* The names in the directory (no temporary file left behind). */
static guint
n_entries (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_new_and_replace (void)
{
  g_autofree char *path = in_tmp ("plain.txt");
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint before = n_entries ();
  GStatBuf info;
  mode_t mask = umask (022);

  g_assert_true (kv_write_file (path, "one", -1, 0666, &error));
  g_assert_no_error (error);
  umask (mask);
  first = contents (path);
  g_assert_cmpstr (first, ==, "one");
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0644);   /* 0666 less the umask */
  g_assert_true (kv_write_file (path, "two", -1, 0666, &error));
  second = contents (path);
  g_assert_cmpstr (second, ==, "two");
  g_assert_cmpuint (n_entries (), ==, before + 1);
  g_unlink (path);
}

static void
test_symlink (void)
{
  g_autofree char *target = in_tmp ("target.svg");
  g_autofree char *link = in_tmp ("link.svg");
  g_autofree char *dangling = in_tmp ("dangling.svg");
  g_autofree char *later = in_tmp ("later.svg");
  g_autofree char *text = NULL;
  g_autofree char *made = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink ("target.svg", link), ==, 0);
  g_assert_true (kv_write_file (link, "new", -1, 0666, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  text = contents (target);
  g_assert_cmpstr (text, ==, "new");

  /* A link to a file not made yet makes it. */
  g_assert_cmpint (symlink (later, dangling), ==, 0);
  g_assert_true (kv_write_file (dangling, "made", -1, 0666, &error));
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  made = contents (later);
  g_assert_cmpstr (made, ==, "made");
  g_unlink (link);
  g_unlink (target);
  g_unlink (dangling);
  g_unlink (later);
}

static void
test_mode_kept (void)
{
  g_autofree char *path = in_tmp ("shared.txt");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf info;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  /* Replaced by a new file: the old one's mode, not the umask's. */
  g_assert_true (kv_write_file (path, "new", -1, 0666, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 07777, ==, 0640);
  text = contents (path);
  g_assert_cmpstr (text, ==, "new");
  g_unlink (path);
}

/* A file its user may not write is refused, as a shell's `> FILE` would
 * refuse it, though the directory would allow a rename over it. Root may
 * write it: then it is replaced and keeps its mode. */
static void
test_read_only (void)
{
  g_autofree char *path = in_tmp ("readonly.txt");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint before = n_entries ();
  gboolean root = geteuid () == 0;
  GStatBuf info;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_cmpint (kv_write_file (path, "new", -1, 0666, &error), ==, root);
  if (root)
    g_assert_no_error (error);
  else
    {
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
      g_assert_true (g_str_has_prefix (error->message, path));
    }
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 07777, ==, 0444);
  text = contents (path);
  g_assert_cmpstr (text, ==, root ? "new" : "old");
  g_assert_cmpuint (n_entries (), ==, before + 1);
  g_unlink (path);
}

static void
test_hard_links (void)
{
  g_autofree char *path = in_tmp ("linked.txt");
  g_autofree char *other = in_tmp ("other-name.txt");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf before, after;

  g_assert_true (g_file_set_contents (path, "old and longer", -1, NULL));
  g_assert_cmpint (link (path, other), ==, 0);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_assert_true (kv_write_file (path, "new", -1, 0666, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  g_assert_cmpuint (after.st_nlink, ==, 2);
  text = contents (other);
  g_assert_cmpstr (text, ==, "new");
  g_unlink (path);
  g_unlink (other);
}

/* Writes at most @limit bytes to a file from now on: a write beyond it
 * fails with EFBIG (SIGXFSZ ignored) as under `ulimit -f`. Returns the
 * limit before. */
static struct rlimit
limit_file_size (rlim_t limit)
{
  struct rlimit before, lower;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &before), ==, 0);
  lower = before;
  lower.rlim_cur = limit;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lower), ==, 0);
  return before;
}

/* A file with two names written in place and cut short (a size limit,
 * as a full disk would): both names keep the old content, and no copy is
 * left beside it. */
static void
test_hard_links_failure (void)
{
  g_autofree char *path = in_tmp ("linked-failing.txt");
  g_autofree char *other = in_tmp ("other-failing.txt");
  g_autofree char *old = g_strnfill (1000, 'o');
  g_autofree char *big = g_strnfill (3 * 4096, 'n');
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint before = n_entries ();
  struct rlimit saved;

  g_assert_true (g_file_set_contents (path, old, -1, NULL));
  g_assert_cmpint (link (path, other), ==, 0);
  saved = limit_file_size (4096);
  g_assert_false (kv_write_file (path, big, -1, 0666, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  g_assert_true (g_str_has_prefix (error->message, path));
  text = contents (other);
  g_assert_true (g_str_equal (text, old));
  g_assert_cmpuint (n_entries (), ==, before + 2);
  g_clear_error (&error);
  g_clear_pointer (&text, g_free);

  /* Old content too big to copy under the limit: refused before the file
   * is touched. */
  overwrite (path, big);
  saved = limit_file_size (4096);
  g_assert_false (kv_write_file (path, "new", -1, 0666, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  text = contents (other);
  g_assert_true (g_str_equal (text, big));
  g_assert_cmpuint (n_entries (), ==, before + 2);
  g_unlink (path);
  g_unlink (other);
}

static void
test_devices (void)
{
  g_autofree char *fifo = in_tmp ("fifo");
  g_autofree char *fd_path = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf info;
  char buffer[16] = "";
  int fds[2];
  int reader;

  /* /dev/null stays a character device (as root, a rename would replace it). */
  g_assert_true (kv_write_file ("/dev/null", "nothing", -1, 0666, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat ("/dev/null", &info), ==, 0);
  g_assert_true (S_ISCHR (info.st_mode));

  /* A FIFO is written in place. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_open (fifo, O_RDONLY | O_NONBLOCK, 0);
  g_assert_cmpint (reader, >=, 0);
  g_assert_true (kv_write_file (fifo, "piped", -1, 0666, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read (reader, buffer, sizeof buffer - 1), ==, 5);
  g_assert_cmpstr (buffer, ==, "piped");
  close (reader);
  g_assert_cmpint (g_lstat (fifo, &info), ==, 0);
  g_assert_true (S_ISFIFO (info.st_mode));
  g_unlink (fifo);

  /* /dev/fd/N (what /dev/stdout leads to): the descriptor as it is. */
  g_assert_cmpint (pipe (fds), ==, 0);
  fd_path = g_strdup_printf ("/dev/fd/%d", fds[1]);
  g_assert_true (kv_write_file (fd_path, "to fd", -1, 0666, &error));
  g_assert_no_error (error);
  memset (buffer, 0, sizeof buffer);
  g_assert_cmpint (read (fds[0], buffer, sizeof buffer - 1), ==, 5);
  g_assert_cmpstr (buffer, ==, "to fd");
  close (fds[0]);
  close (fds[1]);
}

/* /dev/stdout redirected to a file: the file gets the text, /dev/stdout
 * stays a link. */
static void
test_stdout_to_file (void)
{
  g_autofree char *path = in_tmp ("out.dot");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  int saved = dup (STDOUT_FILENO);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  fflush (stdout);
  g_assert_cmpint (dup2 (fd, STDOUT_FILENO), ==, STDOUT_FILENO);
  g_assert_true (kv_write_file ("/dev/stdout", "digraph {}\n", -1, 0666, &error));
  g_assert_cmpint (dup2 (saved, STDOUT_FILENO), ==, STDOUT_FILENO);
  close (saved);
  close (fd);
  g_assert_no_error (error);
  g_assert_true (g_file_test ("/dev/stdout", G_FILE_TEST_IS_SYMLINK));
  text = contents (path);
  g_assert_cmpstr (text, ==, "digraph {}\n");
  g_unlink (path);
}

/* A failure names the file asked for, never the temporary one, and
 * leaves nothing behind. */
static void
test_failure_names_path (void)
{
  g_autofree char *missing = in_tmp ("no-such-dir/x.svg");
  g_autofree char *dir = in_tmp ("a-directory");
  g_autoptr(GError) error = NULL;
  guint before = n_entries ();

  g_assert_false (kv_write_file (missing, "x", -1, 0666, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_assert_null (strstr (error->message, "XXXXXX"));
  g_clear_error (&error);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_false (kv_write_file (dir, "x", -1, 0666, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_true (g_str_has_prefix (error->message, dir));
  g_clear_error (&error);
  g_rmdir (dir);
  g_assert_cmpuint (n_entries (), ==, before);

  /* A directory nobody may write to (root may: then it succeeds). */
  if (geteuid () != 0)
    {
      g_autofree char *locked = in_tmp ("locked");
      g_autofree char *inside = g_build_filename (locked, "x.svg", NULL);

      g_assert_cmpint (g_mkdir (locked, 0500), ==, 0);
      g_assert_false (kv_write_file (inside, "x", -1, 0666, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
      g_assert_true (g_str_has_prefix (error->message, inside));
      g_rmdir (locked);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("kv-write-XXXXXX", NULL);
  g_test_add_func ("/write/new-and-replace", test_new_and_replace);
  g_test_add_func ("/write/symlink", test_symlink);
  g_test_add_func ("/write/mode-kept", test_mode_kept);
  g_test_add_func ("/write/read-only", test_read_only);
  g_test_add_func ("/write/hard-links", test_hard_links);
  g_test_add_func ("/write/hard-links-failure", test_hard_links_failure);
  g_test_add_func ("/write/devices", test_devices);
  g_test_add_func ("/write/stdout-to-file", test_stdout_to_file);
  g_test_add_func ("/write/failure-names-path", test_failure_names_path);
  status = g_test_run ();
  g_rmdir (tmpdir);
  return status;
}
