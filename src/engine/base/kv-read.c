// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-read"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv-error.h"
#include "kv-read.h"

#define QUOTE_MAX 80
/* However a message is built, it is shown whole in a dialog or a terminal. */
#define MESSAGE_MAX 1000
#define OPEN_QUOTE 0x201C   /* “ */
#define CLOSE_QUOTE 0x201D  /* ” */
#define EXCERPT_SIDE 40  /* characters quoted either side of an error's place */

static int
open_source (const char *path, GError **error)
{
  /* Non-blocking so that opening a FIFO nobody writes to returns at once;
   * the wait for data is poll()'s, with a time-out. */
  int fd = g_strcmp0 (path, "-") == 0 ? dup (STDIN_FILENO)
                                      : open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
    }
  return fd;
}

static gboolean
too_big (gsize max_bytes, GError **error)
{
  g_set_error (error, KV_ERROR, KV_ERROR_LIMIT, _("the file is larger than %u MiB"),
               (guint) (max_bytes / (1024 * 1024)));
  return FALSE;
}

/* Reads @fd to its end into @buffer, never holding more than @max_bytes,
 * and never past @time_ms in all: a producer slow to start is waited for,
 * one that never stops is not. */
static gboolean
read_all (int fd, GByteArray *buffer, gsize max_bytes, guint time_ms, GError **error)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) time_ms * 1000;
  guint8 chunk[65536];

  for (;;)
    {
      struct pollfd waiting = { .fd = fd, .events = POLLIN };
      gint64 left = deadline - g_get_monotonic_time ();
      int ready = left > 0 ? poll (&waiting, 1, (int) MAX ((left + 999) / 1000, 1)) : 0;
      gssize got;

      if (ready < 0 && errno == EINTR)
        continue;
      if (ready == 0)
        {
          if (buffer->len == 0)
            g_set_error (error, KV_ERROR, KV_ERROR_IO, _("nothing came to read for %.1f s (a pipe nobody writes to?)"),
                         time_ms / 1000.0);
          else
            g_set_error (error, KV_ERROR, KV_ERROR_IO,
                         _("the input did not end within %.1f s (%u bytes came): a pipe that is never closed?"),
                         time_ms / 1000.0, buffer->len);
          return FALSE;
        }
      got = read (fd, chunk, MIN (sizeof chunk, max_bytes + 1 - buffer->len));
      if (got < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (got < 0)
        {
          g_set_error_literal (error, KV_ERROR, KV_ERROR_IO, g_strerror (errno));
          return FALSE;
        }
      if (got == 0)
        return TRUE;
      g_byte_array_append (buffer, chunk, (guint) got);
      if (buffer->len > max_bytes)
        return too_big (max_bytes, error);
    }
}

char *
kv_read_file (const char *path, gsize max_bytes, guint time_ms, gsize *length, GError **error)
{
  g_autoptr(GByteArray) buffer = NULL;
  struct stat info;
  int fd;
  gboolean ok;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (max_bytes < G_MAXUINT, NULL);

  fd = open_source (path, error);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &info) == 0 && S_ISDIR (info.st_mode))
    {
      close (fd);
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, g_strerror (EISDIR));
      return NULL;
    }
  if (S_ISREG (info.st_mode) && (guint64) info.st_size > max_bytes)
    {
      close (fd);
      too_big (max_bytes, error);
      return NULL;
    }
  buffer = g_byte_array_new ();
  ok = read_all (fd, buffer, max_bytes, time_ms, error);
  close (fd);
  if (!ok)
    return NULL;
  if (length != NULL)
    *length = buffer->len;
  g_byte_array_append (buffer, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&buffer), FALSE);
}

gsize
kv_read_line_start (const char *text,
                    gsize       length,
                    guint       line,
                    guint      *reached)
{
  guint number = 1;
  gsize i = 0;

  while (i < length && number < line)
    {
      if (text[i] == '\r' && i + 1 < length && text[i + 1] == '\n')
        i++;
      if (text[i] == '\n' || text[i] == '\r')
        number++;
      i++;
    }
  if (reached != NULL)
    *reached = number;
  return i;
}

char *
kv_read_shorten (const char *message)
{
  GString *out = g_string_sized_new (MIN (strlen (message), 4 * MESSAGE_MAX));
  guint word = 0, quote = 0, n_chars = 0;
  gboolean quoted = FALSE, cut = FALSE;
  const char *p;

  for (p = message; *p != '\0' && n_chars < MESSAGE_MAX; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == CLOSE_QUOTE)
        quoted = FALSE;
      /* Within a quotation only its own length counts. */
      word = g_unichar_isspace (c) || quoted ? 0 : word + 1;
      quote = quoted ? quote + 1 : 0;
      if (c == OPEN_QUOTE)
        quoted = TRUE;
      if (word <= QUOTE_MAX && quote <= QUOTE_MAX)
        {
          g_string_append_unichar (out, c);
          n_chars++;
          cut = FALSE;
        }
      else if (!cut)
        {
          g_string_append (out, "…");
          cut = TRUE;
        }
    }
  if (*p != '\0' && !cut)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}

char *
kv_read_excerpt (const char *line,
                 guint       column,
                 guint      *excerpt_column)
{
  glong n_chars = g_utf8_strlen (line, -1);
  glong at = MIN ((glong) MAX (column, 1u) - 1, n_chars);
  glong from = MAX (at - EXCERPT_SIDE, 0);
  glong to = MIN (at + EXCERPT_SIDE, n_chars);
  const char *start = g_utf8_offset_to_pointer (line, from);
  const char *end = g_utf8_offset_to_pointer (line, to);
  GString *out = g_string_new (NULL);

  if (from > 0)
    g_string_append (out, "…");
  g_string_append_len (out, start, end - start);
  if (to < n_chars)
    g_string_append (out, "…");
  *excerpt_column = (guint) (at - from + 1 + (from > 0 ? 1 : 0));
  return g_string_free (out, FALSE);
}
