// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-read.h: reading a whole file safely, whatever it turns out to be.
 *
 * Every file the CLI and the window read goes through here: regular files,
 * standard input ("-"), pipes, FIFOs and devices alike. The size cap is
 * enforced while reading (so /dev/zero is refused after @max_bytes, not after
 * filling memory), and so is time: a source not at its end after @time_ms
 * (a FIFO nobody writes to, a pipe that is never closed) is refused
 * instead of waited on forever, while one slow to start is waited for.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A script or session is never larger than this. */
#define KV_READ_MAX_BYTES (4 * 1024 * 1024)
/* How long reading a pipe or FIFO may take in all before it is given up. */
#define KV_READ_TIME_MS 10000

/* The contents of @path ("-" is standard input), NUL-terminated, length in
 * @length; or NULL and a plain message (no "FILE:LINE:" prefix) in @error:
 * G_FILE_ERROR when the file does not open (so NOENT can be told apart),
 * KV_ERROR otherwise. Caller frees. */
char *kv_read_file (const char *path, gsize max_bytes, guint time_ms, gsize *length, GError **error);

/* Where line @line (1-based) of @text starts, counting lines as the script
 * reader does ("\n", "\r\n" and "\r" each end one); @length when @text
 * has fewer lines, with *@reached (when not NULL) the last line it has. */
gsize kv_read_line_start (const char *text, gsize length, guint line, guint *reached);

/* @message with every “quotation” longer than 80 characters cut to 80 and
 * "…", and every run of more than 160 non-space characters to its first
 * and last 80 about "…" (a path keeps its file's name); at most 1000
 * characters in all: errors quote what a user wrote, never a 3 MB name
 * whole. What a terminal would act on rather than show is escaped: \t,
 * \n, \r, \e, \xNN for the other C0 controls, DEL and bytes that are
 * not UTF-8, \uNNNN for the C1 controls, the line and paragraph
 * separators and the bidirectional controls (a quoted "ESC]0;…BEL" never
 * retitles the terminal, a quoted newline never breaks the message). A
 * message shortened again stays as short, though a quotation of escapes
 * may be cut again, within an escape. */
char *kv_read_shorten (const char *message);

/* Sets @error (@code of KV_ERROR) to the message @format makes, shortened
 * as kv_read_shorten () does: a name or value quoted from a file is an
 * excerpt however long it is there (a 1 MB agent name). FALSE. */
G_GNUC_PRINTF (3, 4)
gboolean kv_read_fail (GError **error, int code, const char *format, ...);

/* At most 40 characters of @line either side of @column (1-based, in
 * characters; a byte that is not UTF-8 counts as one), "…" where it was
 * cut, escaped as kv_read_shorten escapes: one line. *@excerpt_column
 * gets the column of the same place in the excerpt as a terminal shows
 * it (an escape's characters, a wide character's two columns), for a
 * caret under it. */
char *kv_read_excerpt (const char *line, guint column, guint *excerpt_column);

/* Whether @text (@length bytes) is UTF-8 text without a NUL byte. When it
 * is not: FALSE, with the first bad byte's place in *@line and *@column
 * (1-based; lines counted as kv_read_line_start counts them, columns in
 * characters) and, in *@what, what to say of it after "…is not UTF-8
 * text: ": "the byte 0xE9 after “caf”" (at most 40 characters of its
 * line before it, as kv_read_excerpt quotes them) or "the byte 0xE9 at
 * the start of a line". A @line of NULL reads @text as one line, its
 * newlines and all (a formula: its column counts from its start). Caller
 * frees *@what. */
gboolean kv_read_check_utf8 (const char *text, gsize length, guint *line, guint *column, char **what);

/* Whether @text (valid UTF-8, @length bytes) holds no control character
 * but tab, newline and carriage return: none of C0's others, DEL or C1's,
 * which a terminal acts on rather than shows (a title "ESC]0;…BEL" that
 * `run` prints would retitle it). Else FALSE with the first one's @line
 * and @column (1-based, lines as kv_read_line_start counts them) and, in
 * *@what, the character escaped as kv_read_shorten escapes it ("\e",
 * "\x07", "\u0085"). */
gboolean kv_read_check_controls (const char *text, gsize length, guint *line, guint *column, char **what);

G_END_DECLS
