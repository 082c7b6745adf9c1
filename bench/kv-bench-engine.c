// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-engine: the engine figures of DESIGN §7.
 *
 *   kv-bench-engine [SCRIPT [CLI [BIG_SCRIPT]]]
 *
 * Prints the median time of the Clue 11 initial model, of each built-in
 * action on it, of running SCRIPT in process, and (with CLI) of
 * `CLI run SCRIPT --json` as a user runs it, with its peak resident memory
 * (it keeps every step's model), and once of `CLI run BIG_SCRIPT --json`
 * (13 cards, four players). Figures only: budgets are not pass/fail.
 */
#define G_LOG_DOMAIN "kv-bench"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "kv-engine.h"

#define RUNS 21

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef void (*BenchFunc) (gpointer data);

/* Median milliseconds over RUNS runs. */
static double
measure (BenchFunc func, gpointer data)
{
  double times[RUNS];

  for (guint i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();

      func (data);
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, RUNS, sizeof (double), compare_double);
  return times[RUNS / 2];
}

static void
report (const char *what, double ms, double budget)
{
  printf ("%-52s %8.2f ms   (budget %g ms)\n", what, ms, budget);
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
  printf ("Kripkeviz engine benchmark (median of %d runs)\n\n", RUNS);
  report ("Clue 11 initial model (47 040 worlds)", measure (bench_initial, clue), 10);

  initial = kv_model_new_initial (clue->game, 0, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *what = g_strdup_printf ("  %s", actions[i]);

      if (g_str_has_prefix (actions[i], "do nothing"))
        {
          gint64 start = g_get_monotonic_time ();
          guint n_blocks;
          g_autofree guint32 *blocks = kv_bisim_blocks (initial, &n_blocks);

          report ("  bisimulation contraction", (g_get_monotonic_time () - start) / 1000.0, 10);
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
      /* 13 cards, four players: 3.9 M worlds, over the default limit. */
      char *cli_argv[] = { argv[2], (char *) "run", argv[3], (char *) "--json", NULL };
      gint64 start;

      g_setenv ("KRIPKEVIZ_WORLD_LIMIT", "5000000", TRUE);
      start = g_get_monotonic_time ();
      bench_cli (cli_argv);
      report ("13 cards, 4 players (3.9 M worlds): run --json, once",
              (g_get_monotonic_time () - start) / 1000.0, 1000);
    }
  return 0;
}
