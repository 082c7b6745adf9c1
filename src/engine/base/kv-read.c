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
/* A word longer than this (no spaces: a path, an option) keeps its first
 * and last half: a file's path whole as long as paths usually are. */
#define WORD_MAX 160
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

/* Bidirectional formatting characters: a terminal that follows them
 * reorders the rest of the line. */
static gboolean
is_bidi_control (gunichar c)
{
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* The character at @p (NUL-terminated text): its length in bytes, and in
 * *@c the character, or NOT_UTF8 for a byte that does not start one
 * (then one byte long). */
#define NOT_UTF8 ((gunichar) -1)

static gsize
next_unit (const char *p, gunichar *c)
{
  gunichar u = g_utf8_get_char_validated (p, -1);

  if (u == (gunichar) -1 || u == (gunichar) -2)
    {
      *c = NOT_UTF8;
      return 1;
    }
  *c = u;
  return (gsize) (g_utf8_next_char (p) - p);
}

/* How the unit at @p (@c, from next_unit) is quoted to a terminal when not
 * as itself: \t, \n, \r and \e, \xNN for the other C0 controls, DEL
 * and bytes that are not UTF-8, \uNNNN for the C1 controls, the line
 * and paragraph separators and the bidirectional controls; NULL when
 * it is quoted as itself. */
static const char *
escape_unit (const char *p, gunichar c, char buffer[8])
{
  switch (c)
    {
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case 0x1B: return "\\e";
    default: break;
    }
  if (c == NOT_UTF8 || c < 0x20 || c == 0x7F)
    {
      g_snprintf (buffer, 8, "\\x%02x", c == NOT_UTF8 ? (guchar) *p : c);
      return buffer;
    }
  if ((c >= 0x80 && c < 0xA0) || c == 0x2028 || c == 0x2029 || is_bidi_control (c))
    {
      g_snprintf (buffer, 8, "\\u%04x", c);
      return buffer;
    }
  return NULL;
}

/* The unit at @p (@n bytes, @c) as it is quoted: escaped as escape_unit
 * says or itself, in *@text and *@length; returns the columns it takes on
 * a terminal. */
static guint
quote_unit (const char *p, gsize n, gunichar c, char buffer[8], const char **text, gsize *length)
{
  const char *escape = escape_unit (p, c, buffer);

  if (escape != NULL)
    {
      *text = escape;
      *length = strlen (escape);
      return (guint) *length;
    }
  *text = p;
  *length = n;
  return g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
}

/* Appends the unit at @p (@n bytes, @c) to @out as it is quoted; returns
 * the columns it takes. */
static guint
append_unit (GString *out, const char *p, gsize n, gunichar c)
{
  char buffer[8];
  const char *text;
  gsize length;
  guint width = quote_unit (p, n, c, buffer, &text, &length);

  g_string_append_len (out, text, (gssize) length);
  return width;
}

/* A message being shortened: what it has so far, in characters. */
typedef struct {
  GString *out;
  guint    n_chars;
  gboolean full;     /* MESSAGE_MAX reached: the rest is left out */
} Shortened;

/* Appends the unit at @p (@n bytes, @c) as it is quoted, unless that would
 * pass MESSAGE_MAX; returns whether it did. */
static gboolean
shortened_add (Shortened *s, const char *p, gsize n, gunichar c)
{
  char buffer[8];
  const char *text;
  gsize length;
  guint n_quoted;

  if (s->full)
    return FALSE;
  quote_unit (p, n, c, buffer, &text, &length);
  /* Characters, not columns: a combining mark counts too. */
  n_quoted = text == p ? 1 : (guint) length;
  if (s->n_chars + n_quoted > MESSAGE_MAX)
    {
      s->full = TRUE;
      return FALSE;
    }
  g_string_append_len (s->out, text, (gssize) length);
  s->n_chars += n_quoted;
  return TRUE;
}

static gboolean
is_space (gunichar c)
{
  return c != NOT_UTF8 && g_unichar_isspace (c);
}

/* Adds the word at @p (a run of units up to a space, an opening quote or
 * the end): whole when it has at most WORD_MAX units, else its first and
 * last WORD_MAX / 2 about "…" (a path keeps its file's name, an option
 * its end); returns where it ends. */
static const char *
shortened_add_word (Shortened *s, const char *word)
{
  guint n_units = 0, i = 0;
  const char *p;
  gunichar c;
  gsize n;

  for (p = word; *p != '\0'; p += n, n_units++)
    {
      n = next_unit (p, &c);
      if (is_space (c) || c == OPEN_QUOTE)
        break;
    }
  for (p = word; i < n_units; p += n, i++)
    {
      n = next_unit (p, &c);
      if (n_units > WORD_MAX && i == WORD_MAX / 2 && !s->full)
        g_string_append (s->out, "…");
      if (n_units <= WORD_MAX || i < WORD_MAX / 2 || i >= n_units - WORD_MAX / 2)
        shortened_add (s, p, n, c);
    }
  return p;
}

/* Adds the quotation at @p (its opening quote): at most QUOTE_MAX units
 * of it, then "…" when it is longer, and its closing quote when it has
 * one; returns where it ends. */
static const char *
shortened_add_quotation (Shortened *s, const char *quotation)
{
  const char *p = quotation;
  guint i = 0;
  gunichar c;
  gsize n;

  n = next_unit (p, &c);
  shortened_add (s, p, n, c);
  for (p += n; *p != '\0'; p += n, i++)
    {
      n = next_unit (p, &c);
      if (c == CLOSE_QUOTE)
        {
          shortened_add (s, p, n, c);
          return p + n;
        }
      if (i == QUOTE_MAX && !s->full)
        g_string_append (s->out, "…");
      if (i < QUOTE_MAX)
        shortened_add (s, p, n, c);
    }
  return p;
}

char *
kv_read_shorten (const char *message)
{
  Shortened s = { g_string_sized_new (MIN (strlen (message), 4 * MESSAGE_MAX)), 0, FALSE };
  const char *p = message;

  while (*p != '\0' && !s.full)
    {
      gunichar c;
      gsize n = next_unit (p, &c);

      if (c == OPEN_QUOTE)
        p = shortened_add_quotation (&s, p);
      else if (is_space (c))
        {
          shortened_add (&s, p, n, c);
          p += n;
        }
      else
        p = shortened_add_word (&s, p);
    }
  if (s.full)
    g_string_append (s.out, "…");
  return g_string_free (s.out, FALSE);
}

char *
kv_read_excerpt (const char *line,
                 guint       column,
                 guint      *excerpt_column)
{
  glong n_units = 0;
  glong at, from, to, i = 0;
  guint width = 0;
  GString *out = g_string_new (NULL);
  const char *p;
  gsize n;

  for (p = line; *p != '\0'; p += n, n_units++)
    {
      gunichar unused;

      n = next_unit (p, &unused);
    }
  at = MIN ((glong) MAX (column, 1u) - 1, n_units);
  from = MAX (at - EXCERPT_SIDE, 0);
  to = MIN (at + EXCERPT_SIDE, n_units);
  if (from > 0)
    {
      g_string_append (out, "…");
      width++;
    }
  *excerpt_column = width + 1;
  for (p = line; *p != '\0' && i < to; p += n, i++)
    {
      gunichar c;

      n = next_unit (p, &c);
      if (i >= from)
        width += append_unit (out, p, n, c);
      if (i + 1 == at)
        *excerpt_column = width + 1;
    }
  if (to < n_units)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}

gboolean
kv_read_check_utf8 (const char  *text,
                    gsize        length,
                    guint       *line,
                    guint       *column,
                    char       **what)
{
  const char *bad = NULL, *start = text;
  guint number = 1, at, excerpt_at;
  g_autofree char *before = NULL;
  g_autofree char *excerpt = NULL;

  g_return_val_if_fail (text != NULL, FALSE);

  /* g_utf8_validate_len refuses a NUL byte too. */
  if (g_utf8_validate_len (text, length, &bad))
    return TRUE;
  for (const char *p = text; line != NULL && p < bad; p++)
    if (*p == '\n' || (*p == '\r' && (p + 1 == bad || p[1] != '\n')))
      {
        number++;
        start = p + 1;
      }
  at = (guint) g_utf8_strlen (start, bad - start) + 1;
  if (line != NULL)
    *line = number;
  *column = at;
  if (at == 1)
    {
      *what = line != NULL ? g_strdup_printf (_("the byte 0x%02X at the start of a line"), (guchar) *bad)
                        : g_strdup_printf (_("the byte 0x%02X at the start"), (guchar) *bad);
      return FALSE;
    }
  before = g_strndup (start, bad - start);
  excerpt = kv_read_excerpt (before, at, &excerpt_at);
  /* TRANSLATORS: after "the script is not UTF-8 text: "; %s is the text
   * before the byte on its line */
  *what = g_strdup_printf (_("the byte 0x%02X after “%s”"), (guchar) *bad, excerpt);
  return FALSE;
}

gboolean
kv_read_check_controls (const char  *text,
                        gsize        length,
                        guint       *line,
                        guint       *column,
                        char       **what)
{
  const char *start = text, *end = text + length;

  *line = 1;
  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n' || (c == '\r' && (p + 1 == end || p[1] != '\n')))
        {
          (*line)++;
          start = p + 1;
        }
      else if ((c < 0x20 && c != '\t' && c != '\r') || (c >= 0x7F && c <= 0x9F))
        {
          *column = (guint) g_utf8_strlen (start, p - start) + 1;
          *what = c == 0x1B ? g_strdup ("\\e") : c < 0x80 ? g_strdup_printf ("\\x%02x", c)
                                                     : g_strdup_printf ("\\u%04X", c);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
kv_read_fail (GError **error, int code, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *shown = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  shown = kv_read_shorten (message);
  g_set_error_literal (error, KV_ERROR, code, shown);
  return FALSE;
}
