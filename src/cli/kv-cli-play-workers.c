// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-workers.c: a tournament's games over worker processes.
 *
 * Processes, not threads: BuDDy's tables are process-wide, so two symbolic
 * games in one process take turns. Each worker is forked with the game
 * loaded, plays every jobs-th game of the slice and sends back, per game a
 * tick (for the progress line) and at the end its result, whose figures are
 * sums: the parent adds them up. Each game's randomness comes from the seed
 * and its index alone (kv-tournament.h), so the sums, and the table, do not
 * depend on how the games were spread.
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kv-cli-common.h"
#include "kv-cli-play-workers.h"
#include "kv-error.h"

enum { MSG_TICK = 'T', MSG_RESULT = 'R', MSG_ERROR = 'E' };

typedef struct {
  guint total;      /* games in the slice */
  guint done;
  gboolean shown;
} Progress;

static void
progress_tick (Progress *p)
{
  p->done++;
  if (p->shown)
    /* TRANSLATORS: progress on the terminal, "game 12 of 1000" */
    g_printerr (_("\rgame %d of %d…"), (int) p->done, (int) p->total);
}

static void
progress_end (Progress *p)
{
  if (p->shown)
    g_printerr ("\r\033[K");
}

static guint
slice_size (const KvCliPlaySlice *s)
{
  return s->games / s->shards + (s->shard < s->games % s->shards ? 1 : 0);
}

/* Game @i of the slice, as an index into the run's games. */
static guint
slice_game (const KvCliPlaySlice *s, guint i)
{
  return s->shard + i * s->shards;
}

static gboolean
write_all (int fd, const void *data, gsize size)
{
  const char *p = data;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      size -= n;
    }
  return TRUE;
}

static gboolean
read_all (int fd, void *data, gsize size)
{
  char *p = data;

  while (size > 0)
    {
      ssize_t n = read (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      size -= n;
    }
  return TRUE;
}

/* The worker's life: its games, then its result or the first error. */
G_GNUC_NORETURN static void
work (KvTournament *tournament, const KvCliPlaySlice *s, guint worker, int fd)
{
  g_autoptr(GError) error = NULL;
  guint n = slice_size (s);
  char tag = MSG_TICK;

  for (guint i = worker; i < n; i += s->jobs)
    {
      if (!kv_tournament_play_game_at (tournament, slice_game (s, i), &error))
        {
          guint32 length = strlen (error->message);

          tag = MSG_ERROR;
          write_all (fd, &tag, 1);
          write_all (fd, &length, sizeof length);
          write_all (fd, error->message, length);
          _exit (1);
        }
      write_all (fd, &tag, 1);
    }
  tag = MSG_RESULT;
  write_all (fd, &tag, 1);
  write_all (fd, kv_tournament_get_result (tournament), sizeof (KvTournamentResult));
  _exit (0);
}

/* Reads one message of worker @fd; FALSE when it is done (result or error). */
static gboolean
read_message (int fd, KvTournamentResult *result, Progress *progress, GError **error)
{
  char tag;

  if (!read_all (fd, &tag, 1))
    {
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("a worker process ended without its result"));
      return FALSE;
    }
  if (tag == MSG_TICK)
    {
      progress_tick (progress);
      return TRUE;
    }
  if (tag == MSG_RESULT)
    {
      KvTournamentResult part;

      if (read_all (fd, &part, sizeof part))
        kv_tournament_result_add (result, &part);
      else
        g_set_error (error, KV_ERROR, KV_ERROR_IO, _("a worker process ended without its result"));
      return FALSE;
    }
  {
    guint32 length = 0;
    g_autofree char *message = NULL;

    read_all (fd, &length, sizeof length);
    message = g_malloc0 ((gsize) MIN (length, 65536) + 1);
    read_all (fd, message, MIN (length, 65536));
    g_set_error_literal (error, KV_ERROR, KV_ERROR_IO, message);
    return FALSE;
  }
}

/* Forks @jobs workers and gathers their results into @result. */
static gboolean
play_forked (KvTournament *tournament, const KvCliPlaySlice *s,
             KvTournamentResult *result, Progress *progress, GError **error)
{
  g_autofree struct pollfd *fds = g_new0 (struct pollfd, s->jobs);
  g_autofree pid_t *pids = g_new0 (pid_t, s->jobs);
  guint started = 0, open_workers = 0;

  fflush (stdout);
  fflush (stderr);
  for (guint w = 0; w < s->jobs; w++)
    {
      int pipe_fds[2];

      if (pipe (pipe_fds) != 0 || (pids[w] = fork ()) < 0)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_IO,
                       _("could not start a worker process: %s"), g_strerror (errno));
          break;
        }
      if (pids[w] == 0)
        {
          close (pipe_fds[0]);
          work (tournament, s, w, pipe_fds[1]);
        }
      close (pipe_fds[1]);
      fds[w] = (struct pollfd) { .fd = pipe_fds[0], .events = POLLIN };
      started++;
      open_workers++;
    }
  while (open_workers > 0)
    {
      if (poll (fds, started, -1) < 0 && errno != EINTR)
        break;
      for (guint w = 0; w < started; w++)
        if (fds[w].fd >= 0 && fds[w].revents != 0)
          if (!read_message (fds[w].fd, result, progress, error && *error ? NULL : error))
            {
              close (fds[w].fd);
              fds[w].fd = -1;
              open_workers--;
            }
    }
  for (guint w = 0; w < started; w++)
    waitpid (pids[w], NULL, 0);
  return error == NULL || *error == NULL;
}

gboolean
kv_cli_play_slice (KvTournament         *tournament,
                   const KvCliPlaySlice *slice,
                   KvTournamentResult   *result,
                   GError              **error)
{
  KvCliPlaySlice s = *slice;
  Progress progress = { slice_size (slice), 0, FALSE };

  s.jobs = MAX (1, MIN (s.jobs, progress.total));
  /* A thousand games of cluedo6 take most of an hour: on a terminal, the
   * count so far, on one line that the table's first line replaces. */
  progress.shown = isatty (STDERR_FILENO) && progress.total > 1;
  *result = *kv_tournament_get_result (tournament);
  if (s.jobs == 1)
    {
      for (guint i = 0; i < progress.total; i++)
        {
          if (!kv_tournament_play_game_at (tournament, slice_game (&s, i), error))
            {
              progress_end (&progress);
              return FALSE;
            }
          progress_tick (&progress);
        }
      *result = *kv_tournament_get_result (tournament);
    }
  else if (!play_forked (tournament, &s, result, &progress, error))
    {
      progress_end (&progress);
      return FALSE;
    }
  progress_end (&progress);
  return TRUE;
}
