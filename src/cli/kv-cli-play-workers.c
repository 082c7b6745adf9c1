// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-workers.c: a tournament's games over worker processes.
 *
 * Processes, not threads: BuDDy's tables are process-wide, so two symbolic
 * games in one process take turns. Each worker is forked with the game
 * loaded, plays every jobs-th game of the slice and sends back, per game a
 * tick (for the progress line, with the game's index and processor time)
 * and at the end its result, whose figures are
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
#include <time.h>
#include <unistd.h>

#include "kv-cli-common.h"
#include "kv-cli-play-workers.h"
#include "kv-error.h"

enum { MSG_TICK = 'T', MSG_RESULT = 'R', MSG_ERROR = 'E' };

typedef struct {
  guint total;      /* games in the slice */
  guint done;
  gboolean shown;
  guint slowest;    /* the slowest game so far, as an index into the run's games */
  double slowest_s; /* its processor time, or -1 */
} Progress;

/* A game's tick: @game (an index into the run's games) took @seconds. */
static void
progress_tick (Progress *p, guint game, double seconds)
{
  p->done++;
  if (seconds > p->slowest_s || (seconds == p->slowest_s && game < p->slowest))
    {
      p->slowest_s = seconds;
      p->slowest = game;
    }
  if (p->shown)
    /* TRANSLATORS: progress on the terminal, "game 12 of 1000" */
    g_printerr (_("\rgame %d of %d…"), (int) p->done, (int) p->total);
}

/* The slowest game, on standard error: the table on standard output is the
 * same for one seed, times are not, and a study's budget is set by its
 * longest game. */
static void
progress_end (Progress *p, gboolean played)
{
  if (p->shown)
    g_printerr ("\r\033[K");
  if (played && p->slowest_s >= 0)
    /* TRANSLATORS: "slowest game: 37, 1.25 s of processor time" (37: its number in the run) */
    g_printerr (_("slowest game: %u, %.2f s of processor time\n"), p->slowest + 1, p->slowest_s);
}

static double
seconds_since (clock_t start)
{
  return (double) (clock () - start) / CLOCKS_PER_SEC;
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
      clock_t start = clock ();
      guint32 game = slice_game (s, i);
      double seconds;

      if (!kv_tournament_play_game_at (tournament, game, &error))
        {
          guint32 length = strlen (error->message);

          tag = MSG_ERROR;
          write_all (fd, &tag, 1);
          write_all (fd, &length, sizeof length);
          write_all (fd, error->message, length);
          _exit (1);
        }
      seconds = seconds_since (start);
      write_all (fd, &tag, 1);
      write_all (fd, &game, sizeof game);
      write_all (fd, &seconds, sizeof seconds);
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
      guint32 game = 0;
      double seconds = 0;

      if (!read_all (fd, &game, sizeof game) || !read_all (fd, &seconds, sizeof seconds))
        {
          g_set_error (error, KV_ERROR, KV_ERROR_IO, _("a worker process ended without its result"));
          return FALSE;
        }
      progress_tick (progress, game, seconds);
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
  Progress progress = { slice_size (slice), 0, FALSE, 0, -1 };

  s.jobs = MAX (1, MIN (s.jobs, progress.total));
  /* A thousand games of cluedo6 take most of an hour: on a terminal, the
   * count so far, on one line that the table's first line replaces. */
  progress.shown = isatty (STDERR_FILENO) && progress.total > 1;
  *result = *kv_tournament_get_result (tournament);
  if (s.jobs == 1)
    {
      for (guint i = 0; i < progress.total; i++)
        {
          clock_t start = clock ();

          if (!kv_tournament_play_game_at (tournament, slice_game (&s, i), error))
            {
              progress_end (&progress, FALSE);
              return FALSE;
            }
          progress_tick (&progress, slice_game (&s, i), seconds_since (start));
        }
      *result = *kv_tournament_get_result (tournament);
    }
  else if (!play_forked (tournament, &s, result, &progress, error))
    {
      progress_end (&progress, FALSE);
      return FALSE;
    }
  progress_end (&progress, TRUE);
  return TRUE;
}
