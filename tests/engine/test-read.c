// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "test-read"
#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "kv-error.h"
#include "kv-read.h"

static char *
temp_path (const char *name)
{
  return g_build_filename (g_get_tmp_dir (), name, NULL);
}

static void
test_regular (void)
{
  g_autofree char *path = temp_path ("kv-test-read.kvg");
  g_autofree char *text = NULL;
  gsize length = 0;

  g_assert_true (g_file_set_contents (path, "agents 1\n", -1, NULL));
  text = kv_read_file (path, 100, 100, &length, NULL);
  g_assert_cmpstr (text, ==, "agents 1\n");
  g_assert_cmpuint (length, ==, 9);
  g_remove (path);
}

/* A missing file says so in the file domain: the autosave tells "no session
 * yet" from "a broken session" by it. */
static void
test_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = temp_path ("kv-test-read-none.kvg");

  g_remove (path);
  g_assert_null (kv_read_file (path, 100, 100, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static void
test_cap (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) zero_error = NULL;
  g_autofree char *path = temp_path ("kv-test-read-big.kvg");

  g_assert_true (g_file_set_contents (path, "0123456789", -1, NULL));
  g_assert_null (kv_read_file (path, 9, 100, NULL, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  g_remove (path);
  /* A device without end: refused once past the cap, not read forever. */
  g_assert_null (kv_read_file ("/dev/zero", 1024 * 1024, 100, NULL, &zero_error));
  g_assert_error (zero_error, KV_ERROR, KV_ERROR_LIMIT);
}

static void
test_silent_fifo (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = temp_path ("kv-test-read-fifo");

  g_remove (path);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_null (kv_read_file (path, 1024, 50, NULL, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_IO);
  g_remove (path);
}

/* Writes @text to @fd after @delay_ms, then (with @again_ms > 0) a byte
 * every @again_ms without end, from a thread; the caller closes @fd. */
typedef struct { int fd; guint delay_ms; guint again_ms; const char *text; gint stop; } Producer;

static gpointer
produce (gpointer data)
{
  Producer *p = data;

  g_usleep (p->delay_ms * 1000);
  if (write (p->fd, p->text, strlen (p->text)) < 0)
    return NULL;
  while (p->again_ms > 0 && !g_atomic_int_get (&p->stop))
    {
      g_usleep (p->again_ms * 1000);
      if (write (p->fd, "\n", 1) < 0)
        break;
    }
  if (p->again_ms == 0)
    close (p->fd);
  return NULL;
}

/* A pipe whose producer is slow to start is waited for (past the 1.5 s a
 * silence once gave up after); one that never stops is given up once the
 * whole read has taken its time. */
static void
test_slow_pipe (void)
{
  int fds[2];
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  Producer slow = { 0, 1700, 0, "agents 1 2\n", 0 };
  Producer endless = { 0, 0, 100, "agents", 0 };
  GThread *thread;
  gint64 start;

  g_assert_cmpint (pipe (fds), ==, 0);
  slow.fd = fds[1];
  path = g_strdup_printf ("/dev/fd/%d", fds[0]);
  thread = g_thread_new ("slow", produce, &slow);
  text = kv_read_file (path, 1024, 5000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "agents 1 2\n");
  g_thread_join (thread);
  close (fds[0]);

  g_assert_cmpint (pipe (fds), ==, 0);
  endless.fd = fds[1];
  g_free (path);
  path = g_strdup_printf ("/dev/fd/%d", fds[0]);
  thread = g_thread_new ("endless", produce, &endless);
  start = g_get_monotonic_time ();
  g_assert_null (kv_read_file (path, 1024 * 1024, 800, NULL, &error));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  g_assert_error (error, KV_ERROR, KV_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "did not end within 0.8 s"));
  g_atomic_int_set (&endless.stop, 1);
  g_thread_join (thread);
  close (fds[0]);
  close (fds[1]);
}

static void
test_shorten (void)
{
  g_autofree char *long_name = g_strnfill (3000, 'x');
  g_autofree char *message = g_strdup_printf ("unknown card “%s” here", long_name);
  g_autofree char *shown = kv_read_shorten (message);
  g_autofree char *short_shown = kv_read_shorten ("a short message stays whole");
  g_autofree char *spaced_name = g_strnfill (3000, ' ');
  g_autofree char *spaced = NULL, *spaced_shown = NULL, *many_shown = NULL;
  g_autoptr(GString) many = g_string_new (NULL);

  g_assert_cmpuint (g_utf8_strlen (shown, -1), ==, strlen ("unknown card ") + 1 + 80 + 1 + 1 + strlen (" here"));
  g_assert_true (g_str_has_suffix (shown, "x…” here"));
  g_assert_cmpstr (short_shown, ==, "a short message stays whole");

  /* A quotation is cut however many spaces it has. */
  memset (spaced_name, 'a', 1);
  spaced = g_strdup_printf ("no owner “%s”", spaced_name);
  spaced_shown = kv_read_shorten (spaced);
  g_assert_cmpuint (g_utf8_strlen (spaced_shown, -1), ==, strlen ("no owner ") + 1 + 80 + 1 + 1);
  g_assert_true (g_str_has_suffix (spaced_shown, " …”"));

  /* Many short words still make a message of bounded length. */
  for (guint i = 0; i < 3000; i++)
    g_string_append (many, "ab ");
  many_shown = kv_read_shorten (many->str);
  g_assert_cmpuint (g_utf8_strlen (many_shown, -1), ==, 1000 + 1);
  g_assert_true (g_str_has_suffix (many_shown, "…"));
}

/* A long word (a path, an option) keeps its start and its end: the
 * file's name, the option's value. */
static void
test_shorten_words (void)
{
  g_autofree char *long_name = g_strnfill (100000, 'x');
  g_autofree char *message = g_strdup_printf ("cannot write /tmp/%s.svg: File name too long", long_name);
  g_autofree char *shown = kv_read_shorten (message);
  g_autofree char *start = g_strnfill (75, 'x');
  g_autofree char *end = g_strnfill (75, 'x');
  g_autofree char *want = g_strdup_printf ("cannot write /tmp/%s…%s.svg: File name too long", start, end);
  g_autofree char *again = kv_read_shorten (shown);

  g_assert_cmpstr (shown, ==, want);
  /* Shortening twice changes nothing. */
  g_assert_cmpstr (again, ==, shown);
}

/* Control characters a message quotes reach a terminal escaped, never raw
 * (a script line "ESC]0;pwned BEL" would retitle it). */
static void
test_shorten_controls (void)
{
  g_autofree char *shown = kv_read_shorten ("unknown directive “\033]0;pwned\007” here");
  g_autofree char *c1 = kv_read_shorten ("a “\302\233 CSI” and a “\342\200\256 bidi override”");
  g_autofree char *tab = kv_read_shorten ("tab\there\r\n");

  g_assert_cmpstr (shown, ==, "unknown directive “\\e]0;pwned\\x07” here");
  g_assert_cmpstr (c1, ==, "a “\\u009b CSI” and a “\\u202e bidi override”");
  g_assert_cmpstr (tab, ==, "tab\\there\\r\\n");
}

/* An excerpt is one line whatever it quotes, and its caret column is where
 * the place is shown: escapes, wide characters and bytes that are not
 * UTF-8 counted as they print. */
static void
test_excerpt_controls (void)
{
  struct { const char *line; guint column; const char *excerpt; guint at; } cases[] = {
    { "r@1 &\n& K1", 7, "r@1 &\\n& K1", 8 },
    { "\033]0;pwned\007 x", 12, "\\e]0;pwned\\x07 x", 16 },
    { "r@1 \xff", 5, "r@1 \\xff", 5 },
    { "caf\xe9 r@1", 6, "caf\\xe9 r@1", 9 },
    { "\345\215\241 x", 3, "\345\215\241 x", 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint at = 0;
      g_autofree char *excerpt = kv_read_excerpt (cases[i].line, cases[i].column, &at);

      g_test_message ("case %u", i);
      g_assert_cmpstr (excerpt, ==, cases[i].excerpt);
      g_assert_cmpuint (at, ==, cases[i].at);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/read/regular", test_regular);
  g_test_add_func ("/read/missing", test_missing);
  g_test_add_func ("/read/cap", test_cap);
  g_test_add_func ("/read/silent-fifo", test_silent_fifo);
  g_test_add_func ("/read/slow-pipe", test_slow_pipe);
  g_test_add_func ("/read/shorten", test_shorten);
  g_test_add_func ("/read/shorten-words", test_shorten_words);
  g_test_add_func ("/read/shorten-controls", test_shorten_controls);
  g_test_add_func ("/read/excerpt-controls", test_excerpt_controls);
  return g_test_run ();
}
