// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-engine: the engine figures of docs/design.md's "Budgets".
 *
 *   kv-bench-engine [SCRIPT [CLI [BIG_SCRIPT]]]
 *
 * Prints the median time of the Clue 11 initial model, of each built-in
 * action on it, of running SCRIPT in process, and (with CLI) of
 * `CLI run SCRIPT --json` as a user runs it, with its peak resident memory
 * (it keeps every step's model), and of `CLI run BIG_SCRIPT --json`
 * (13 cards, four players; BIG_RUNS runs). Each figure is wall-clock time,
 * then the CPU time it took: on a shared machine the wall clock also counts
 * the time other processes held the CPU, the CPU time does not. Figures
 * only: budgets are not pass/fail.
 */
#define G_LOG_DOMAIN "kv-bench"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "kv-engine.h"

#define RUNS 21
#define BIG_RUNS 5

typedef struct {
  double wall;   /* milliseconds */
  double cpu;
} Timing;

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef void (*BenchFunc) (gpointer data);

/* CPU milliseconds of this thread and of the children waited for. */
static double
cpu_ms (void)
{
  struct timespec thread;
  struct rusage children;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &thread);
  getrusage (RUSAGE_CHILDREN, &children);
  return thread.tv_sec * 1e3 + thread.tv_nsec / 1e6
         + (children.ru_utime.tv_sec + children.ru_stime.tv_sec) * 1e3
         + (children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e3;
}

/* Median wall-clock and CPU milliseconds over @runs runs. */
static Timing
measure_runs (BenchFunc func, gpointer data, guint runs)
{
  g_autofree double *wall = g_new (double, runs);
  g_autofree double *cpu = g_new (double, runs);

  for (guint i = 0; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = cpu_ms ();

      func (data);
      cpu[i] = cpu_ms () - cpu_start;
      wall[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (wall, runs, sizeof (double), compare_double);
  qsort (cpu, runs, sizeof (double), compare_double);
  return (Timing) { wall[runs / 2], cpu[runs / 2] };
}

static Timing
measure (BenchFunc func, gpointer data)
{
  return measure_runs (func, data, RUNS);
}

static void
report (const char *what, Timing t, double budget)
{
  printf ("%-52s %8.2f ms  %8.2f ms CPU   (budget %g ms)\n", what, t.wall, t.cpu, budget);
}

static void
bench_initial (gpointer data)
{
  KvScript *clue = data;
  g_autoptr(KvModel) m = kv_model_new_initial (clue->game, 0, NULL);

  g_assert (m != NULL && m->n_worlds == 47040);
}

typedef struct {
  KvModel *model;
  KvStep  *step;
} Action;

static void
bench_action (gpointer data)
{
  Action *action = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) m = kv_model_apply_step (action->model, action->step, 0, &error);

  g_assert_no_error (error);
}

static void
bench_bisim (gpointer data)
{
  guint n_blocks;
  g_autofree guint32 *blocks = kv_bisim_blocks (data, &n_blocks);

  g_assert (n_blocks > 0);
}

static void
bench_script (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = kv_history_run_script (data, 0, &error);

  g_assert_no_error (error);
}

static void
bench_cli (gpointer data)
{
  char **argv = data;
  int status = 0;
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    g_error ("%s", error->message);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) clue = kv_script_open ("clue11", &error);
  g_autoptr(KvModel) initial = NULL;
  const char *actions[] = {
    "nocard 2 candle Scarlet",
    "showcard 3 -> 1 candle of candle Scarlet",
    "showcard 3 -> 1 candle (requests all 11 cards)",
    "endmove 1",
    "announce ~rope@2",
    "announce K{1} ~axe@env & ~K{2} lead@env",
    "suggest 1 candle Plum",
    "suggest 2 axe Mustard",
    "do nothing (contraction of the initial model)",
  };

  g_assert_no_error (error);
  printf ("Kripkeviz engine benchmark (median of %d runs: wall clock, CPU)\n\n", RUNS);
  report ("Clue 11 initial model (47 040 worlds)", measure (bench_initial, clue), 10);

  initial = kv_model_new_initial (clue->game, 0, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *what = g_strdup_printf ("  %s", actions[i]);

      if (g_str_has_prefix (actions[i], "do nothing"))
        {
          g_autoptr(KvStep) all = kv_step_parse (clue->game, "showcard 3 -> 1 candle", NULL, &error);
          g_autoptr(KvModel) shown = kv_model_apply_step (initial, all, 0, &error);

          g_assert_no_error (error);
          report ("  bisimulation contraction", measure (bench_bisim, initial), 10);
          /* After the showcard of all 11 cards: each world paired with
           * three events, 141 120 worlds whose deals repeat, refined. */
          report ("  contraction after the 11-card showcard (141 120)", measure (bench_bisim, shown), 10);
          continue;
        }
      {
        g_autofree char *text = g_strndup (actions[i], strcspn (actions[i], "("));
        Action action = { initial, kv_step_parse (clue->game, g_strstrip (text), NULL, &error) };

        g_assert_no_error (error);
        /* Issue 16: a showcard requesting every card within 1 ms. */
        report (what, measure (bench_action, &action), strchr (actions[i], '(') ? 1 : 10);
        kv_step_unref (action.step);
      }
    }

  printf ("\n");
  report ("Clue 11's 11-step script in process", measure (bench_script, clue), 3);

  if (argc > 1)
    {
      g_autoptr(KvScript) script = kv_script_open (argv[1], &error);
      g_autofree char *what = NULL;

      g_assert_no_error (error);
      what = g_strdup_printf ("%u-step script in process", script->steps->len);
      printf ("\n");
      report (what, measure (bench_script, script), 150);
      if (argc > 2)
        {
          char *cli_argv[] = { argv[2], (char *) "run", argv[1], (char *) "--json", NULL };
          g_autofree char *cli_what = g_strdup_printf ("%u-step script: kripkeviz-cli run --json", script->steps->len);

          report (cli_what, measure (bench_cli, cli_argv), 150);
        }
      if (argc > 2)
        {
          struct rusage usage;

          /* The CLI holds every step's model until it prints. */
          getrusage (RUSAGE_CHILDREN, &usage);
          printf ("%-52s %8.1f MB   (budget 100 MB)\n", "peak resident memory of kripkeviz-cli run --json",
                  usage.ru_maxrss / 1024.0);
        }
    }
  if (argc > 3)
    {
      /* 13 cards, four players: 3.9 M worlds, over the default limit.
       * Issue 16: the whole run within a second. */
      char *cli_argv[] = { argv[2], (char *) "run", argv[3], (char *) "--json", NULL };
      g_autofree char *what = g_strdup_printf ("13 cards, 4 players (3.9 M worlds): run --json, %d runs", BIG_RUNS);
      struct rusage usage;

      g_setenv ("KRIPKEVIZ_WORLD_LIMIT", "5000000", TRUE);
      report (what, measure_runs (bench_cli, cli_argv, BIG_RUNS), 1000);
      /* The largest child so far: this one. */
      getrusage (RUSAGE_CHILDREN, &usage);
      printf ("%-52s %8.1f MB\n", "peak resident memory of that run", usage.ru_maxrss / 1024.0);
    }
  return 0;
}
