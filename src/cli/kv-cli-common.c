// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include "kv-cli-common.h"

/* Where @line's description starts: after the first run of two or more
 * spaces past its first word; 0 if none. */
static glong
description_column (const char *line)
{
  const char *p = line;

  while (*p == ' ')
    p++;
  for (; *p != '\0'; p++)
    if (p[0] == ' ' && p[1] == ' ')
      {
        while (*p == ' ')
          p++;
        return *p != '\0' ? g_utf8_pointer_to_offset (line, p) : 0;
      }
  return 0;
}

/* Appends @line to @out in pieces of at most @width columns, the pieces
 * after the first indented by @indent. */
static void
wrap_line (GString *out, const char *line, guint width, glong indent)
{
  const char *start = line;
  glong column = 0;

  while (g_utf8_strlen (start, -1) + column > (glong) width)
    {
      const char *cut = NULL, *p = start;
      glong used = column;

      for (; *p != '\0' && used <= (glong) width; p = g_utf8_next_char (p), used++)
        if (*p == ' ' && used > column + 1)
          cut = p;
      if (cut == NULL)
        break;
      {
        const char *end = cut;

        while (end > start && end[-1] == ' ')
          end--;
        g_string_append_len (out, start, end - start);
      }
      g_string_append_printf (out, "\n%*s", (int) indent, "");
      while (*cut == ' ')
        cut++;
      start = cut;
      column = indent;
    }
  g_string_append (out, start);
}

char *
kv_cli_wrap (const char *text, guint width)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      glong indent = description_column (lines[i]);

      if (i > 0)
        g_string_append_c (out, '\n');
      if (indent == 0 || indent > (glong) width / 2)
        indent = 8;
      wrap_line (out, lines[i], width, indent);
    }
  return g_string_free (out, FALSE);
}

gboolean
kv_cli_parse_options (GOptionContext *context, int *argc, char ***argv, GError **error)
{
  g_option_context_set_help_enabled (context, FALSE);
  for (int i = 1; i < *argc && !g_str_equal ((*argv)[i], "--"); i++)
    if (g_str_equal ((*argv)[i], "--help") || g_str_equal ((*argv)[i], "-h") || g_str_equal ((*argv)[i], "-?"))
      {
        char *help, *wrapped;

        /* As g_option_context_parse would: the usage line names the command. */
        if (g_get_prgname () == NULL)
          g_set_prgname ((*argv)[0]);
        help = g_option_context_get_help (context, TRUE, NULL);
        wrapped = kv_cli_wrap (help, 80);
        fputs (wrapped, stdout);
        /* Freed by hand: exit() does not run g_autofree. */
        g_free (help);
        g_free (wrapped);
        exit (0);
      }
  return g_option_context_parse (context, argc, argv, error);
}

void
kv_cli_print_error (const char *message)
{
  g_autofree char *shown = kv_read_shorten (message);

  fprintf (stderr, "%s\n", shown);
}

int
kv_cli_fail (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *line = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  line = g_strconcat ("kripkeviz-cli: ", message, NULL);
  kv_cli_print_error (line);
  return KV_EXIT_ERROR;
}

/* KRIPKEVIZ_WORLD_LIMIT=N caps the worlds of every model (the initial model
 * and each step's product); unset or empty: 0, KV_DEFAULT_WORLD_LIMIT. */
gboolean
kv_cli_world_limit (guint *limit)
{
  const char *text = g_getenv ("KRIPKEVIZ_WORLD_LIMIT");
  guint64 value = 0;

  if (text != NULL && *text != '\0'
      && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT32, &value, NULL))
    {
      kv_cli_fail (_("KRIPKEVIZ_WORLD_LIMIT must be a number of worlds from 1 to %u, not “%s”"),
                   G_MAXUINT32, text);
      return FALSE;
    }
  *limit = (guint) value;
  return TRUE;
}

gboolean
kv_cli_check_environment (void)
{
  g_autoptr(GError) error = NULL;
  KvEngineKind kind;
  guint value;

  /* Every KRIPKEVIZ_* setting, before any command runs: a malformed one
   * is never ignored (nor found only by the command that reads it). */
  if (!kv_cli_world_limit (&value))
    return FALSE;
  if (!kv_engine_from_env (&kind, &error))
    {
      kv_cli_fail (_("KRIPKEVIZ_ENGINE: %s"), error->message);
      return FALSE;
    }
  if (!kv_sym_nodes_from_env (&value, &error))
    {
      kv_cli_fail ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* At exit (atexit): what a command printed must have reached standard
 * output, as coreutils' close_stdout checks; a full disk or a closed
 * descriptor is an error, never a silent success. */
static void
close_stdout (void)
{
  int saved;

#ifdef __SANITIZE_ADDRESS__
  /* The sanitizer build's leak check (its own atexit handler, run after
   * this one) first, as if this handler were not there: with standard
   * output flushed before it, it hung, spinning, in piped runs. */
  __lsan_do_leak_check ();
#endif
  errno = 0;
  if (fflush (stdout) == 0 && !ferror (stdout))
    {
      /* EBADF with nothing left to write: standard output was closed
       * (>&-) and the command printed nothing there. */
      if (fclose (stdout) == 0 || errno == EBADF)
        return;
    }
  /* 0 when an earlier write failed and stdio dropped what it held. */
  saved = errno;
  if (saved != 0)
    kv_cli_fail (_("cannot write to %s: %s"), _("standard output"), g_strerror (saved));
  else
    kv_cli_fail (_("cannot write to standard output"));
  _exit (KV_EXIT_ERROR);
}

void
kv_cli_check_stdout_at_exit (void)
{
  atexit (close_stdout);
}

KvHistory *
kv_cli_run_history (KvScript *script)
{
  g_autoptr(GError) error = NULL;
  KvHistory *history;
  guint world_limit;

  if (!kv_cli_world_limit (&world_limit))
    return NULL;
  history = kv_history_run_script (script, world_limit, &error);
  if (history == NULL)
    kv_cli_print_error (error->message);
  return history;
}

gboolean
kv_cli_takes_script (const char *game, const char *why)
{
  if (!kv_model_json_is_path (game))
    return TRUE;
  /* TRANSLATORS: %s is a .kvm.json file, then why the command wants a script */
  kv_cli_fail (_("%s is a model file: %s"), game, why);
  return FALSE;
}

KvHistory *
kv_cli_open_model (const char *path, KvScript **script_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = NULL;
  KvScript *script;
  guint world_limit;

  if (!kv_cli_world_limit (&world_limit))
    return NULL;
  model = kv_model_load_json (path, world_limit, &error);
  if (model == NULL)
    {
      kv_cli_print_error (error->message);
      return NULL;
    }
  if (script_out != NULL)
    {
      script = g_new0 (KvScript, 1);
      script->game = kv_game_ref (model->game);
      script->filename = g_strdup (path);
      script->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
      script->step_lines = g_array_new (FALSE, FALSE, sizeof (guint));
      *script_out = script;
    }
  return kv_history_new_for_model (model);
}

KvHistory *
kv_cli_open_history (const char *game, KvScript **script_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  KvHistory *history;
  guint world_limit;

  if (kv_model_json_is_path (game))
    return kv_cli_open_model (game, script_out);
  /* The limit is checked before the script is read. */
  if (!kv_cli_world_limit (&world_limit))
    return NULL;
  script = kv_script_open (game, &error);
  if (script == NULL)
    {
      kv_cli_print_error (error->message);
      return NULL;
    }
  history = kv_cli_run_history (script);
  /* model lists every world (export opens games through kv_cli_open_run,
   * model files only here): say what answers a game this big. */
  if (history == NULL && kv_game_count_deals (script->game) > (world_limit ? world_limit : KV_DEFAULT_WORLD_LIMIT))
    kv_cli_fail (_("model lists every world, too many in this game: run and check answer it on the symbolic engine, and export draws its envelopes"));
  if (history != NULL && script_out != NULL)
    *script_out = g_steal_pointer (&script);
  return history;
}

gboolean
kv_cli_parse_number (const char  *option,
                     const char  *text,
                     guint64      min,
                     guint64      max,
                     guint64     *value,
                     GError     **error)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  if (g_ascii_string_to_unsigned (text, 10, min, max, value, NULL))
    return TRUE;
  from = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
  to = g_strdup_printf ("%" G_GUINT64_FORMAT, max);
  if (max == G_MAXINT)
    /* TRANSLATORS: an option (--step), its least value, the value given */
    g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s must be a whole number, %s or more, not “%s”"),
                 option, from, text);
  else
    /* TRANSLATORS: an option (--games), its least and greatest values, the value given */
    g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s must be a whole number from %s to %s, not “%s”"),
                 option, from, to, text);
  return FALSE;
}

gboolean
kv_cli_step_option (const char *text, int *step)
{
  g_autoptr(GError) error = NULL;
  guint64 value;

  *step = -1;
  if (text == NULL)
    return TRUE;
  if (!kv_cli_parse_number ("--step", text, 0, G_MAXINT, &value, &error))
    {
      kv_cli_fail ("%s", error->message);
      return FALSE;
    }
  *step = (int) value;
  return TRUE;
}

const KvHistoryEntry *
kv_cli_entry (const KvHistory *history, int step)
{
  guint last = kv_history_length (history) - 1;

  if (step < 0)
    return kv_history_get (history, last);
  if ((guint) step > last)
    {
      kv_cli_fail (_("--step %d is out of range: the script has %u steps (0 is the initial model)"), step, last);
      return NULL;
    }
  return kv_history_get (history, (guint) step);
}

static gboolean
write_all (int          fd,
           const char  *name,
           GBytes      *bytes,
           GError     **error)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  while (size > 0)
    {
      gssize written = write (fd, data, size);

      if (written < 0 && errno == EINTR)
        continue;
      if (written < 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("cannot write to %s: %s"), name, g_strerror (saved));
          return FALSE;
        }
      data += written;
      size -= (gsize) written;
    }
  return TRUE;
}

gboolean
kv_cli_write_output (const char  *path,
                     GBytes      *bytes,
                     GError     **error)
{
  GStatBuf info;

  if (g_str_equal (path, "-"))
    return write_all (STDOUT_FILENO, _("standard output"), bytes, error);

  /* Following links: /dev/stdout is a link to a terminal or a pipe. */
  if (g_stat (path, &info) == 0 && (S_ISDIR (info.st_mode) || S_ISBLK (info.st_mode)))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   S_ISDIR (info.st_mode) ? _("%s is a directory, not a file: name a file in it")
                                          : _("%s is a block device, not a file: refusing to write to it"),
                   path);
      return FALSE;
    }
  /* A link's target, a device or FIFO in place, a file keeping its mode
   * and links (kv-write.h). */
  return kv_write_bytes (path, bytes, error);
}
