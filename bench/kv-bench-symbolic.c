// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-symbolic: the symbolic engine's figures of docs/design.md's "Budgets".
 *
 *   kv-bench-symbolic CLI GAME…
 *
 * For each GAME (a built-in name or a .kvg path), run on the symbolic
 * engine: the initial structure's time and BDD size, then each step's time
 * (the product, then the read-out `run --json` prints: the knowledge table
 * and the deals the step removed) with θ's nodes and the world count, in
 * a process of its own; and `CLI run GAME --json --engine symbolic` as a
 * user runs it, with its peak resident memory and CPU time (run first, for
 * every GAME). Figures only: the budgets (three players: 100 ms the
 * initial structure and each step with its read-out, 0.5 s and 300 MB for
 * a 30-step run; five and six players: 2.5 s and 1 GB) follow as "budget"
 * lines marked ok or OVER, never pass/fail. meson's bench suite runs the
 * built-in openings and the 30-step scripts bench/cluedo-30.kvg,
 * bench/cluedo5-30.kvg and bench/cluedo6-30.kvg (the last two take about a
 * minute each). KRIPKEVIZ_SYM_TRACE=1 adds each phase's
 * time on stderr.
 */
#define G_LOG_DOMAIN "kv-bench"
#include "config.h"

#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kv-engine.h"
#include "kv-state.h"

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* The budgets for a game (docs/design.md, "Budgets"): three players (cluedo) have all four,
 * five and six players (cluedo6) the whole run's; 0 where none is set. */
typedef struct {
  double initial_ms, step_ms, run_ms, run_mb;
} Budget;

static Budget
budget_for (const KvGame *game)
{
  if (game->n_agents >= 5)
    return (Budget) { 0, 0, 2500, 1024 };
  return (Budget) { 100, 100, 500, 300 };
}

/* One budget line: the figure, the budget and whether it holds. */
static void
print_budget (const char *what, double value, double budget, const char *unit)
{
  if (budget <= 0)
    return;
  printf ("  budget %-30s %8.1f %s of %6.0f %s  %s\n", what, value, unit, budget, unit,
          value <= budget ? "ok" : "OVER");
}

static void
bench_in_process (KvScript *script, const Budget *budget)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(KvSym) sym = kv_sym_new_initial (script->game, &error);
  double total, initial, slowest = 0;

  g_assert_no_error (error);
  total = initial = ms_since (start);
  printf ("  initial structure              %8.1f ms   %8u nodes  %" G_GUINT64_FORMAT " worlds\n",
          total, kv_sym_node_count (sym), kv_sym_count_worlds (sym));
  for (guint i = 0; i < script->steps->len; i++)
    {
      const KvStep *step = g_ptr_array_index (script->steps, i);
      g_autofree char *text = kv_step_to_string (step);
      g_autoptr(KvKnowledge) k = NULL;
      KvSym *next;
      double apply_ms, read_ms;

      start = g_get_monotonic_time ();
      next = kv_sym_apply_step (sym, step, &error);
      g_assert_no_error (error);
      apply_ms = ms_since (start);
      start = g_get_monotonic_time ();
      k = kv_sym_knowledge (next);
      kv_sym_count_removed_deals (sym, next);
      read_ms = ms_since (start);
      total += apply_ms + read_ms;
      slowest = MAX (slowest, apply_ms + read_ms);
      printf ("  %2u %-27.27s %8.1f ms + %6.1f ms read-out  %8u nodes  %" G_GUINT64_FORMAT " worlds\n",
              i + 1, text, apply_ms, read_ms, kv_sym_node_count (next), kv_sym_count_worlds (next));
      kv_sym_unref (sym);
      sym = next;
    }
  printf ("  in process, every step and read-out %8.1f ms\n", total);
  print_budget ("initial structure", initial, budget->initial_ms, "ms");
  if (script->steps->len > 0)
    print_budget ("slowest step with its read-out", slowest, budget->step_ms, "ms");
}

static double
timeval_ms (const struct timeval *t)
{
  return t->tv_sec * 1000.0 + t->tv_usec / 1000.0;
}

/* The run as a user runs it. The machine may be shared: the CPU time
 * (user + system) is printed beside the elapsed time, each beside the
 * budget (on a busy machine the elapsed time counts other jobs' turns). The child's peak memory includes its parent's up to
 * its exec (the kernel keeps the old address space's high-water mark), so
 * every run is made before the in-process figures grow this process. */
typedef struct {
  double elapsed_ms, cpu_ms, peak_mb;
  int    status;
} CliRun;

static CliRun
run_cli (const char *cli, const char *game)
{
  const char *argv[] = { cli, "run", game, "--json", "--engine", "symbolic", NULL };
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  struct rusage usage;
  CliRun run;
  int status;
  pid_t pid;

  if (!g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    g_error ("%s", error->message);
  wait4 (pid, &status, 0, &usage);
  run.elapsed_ms = ms_since (start);
  run.cpu_ms = timeval_ms (&usage.ru_utime) + timeval_ms (&usage.ru_stime);
  run.peak_mb = usage.ru_maxrss / 1024.0;
  run.status = WEXITSTATUS (status);
  return run;
}

static void
print_cli (const CliRun *run, const Budget *budget, gboolean long_script)
{
  printf ("  kripkeviz-cli run --json       %8.1f ms   (CPU %.1f ms)   peak %.1f MB (exit %d)\n",
          run->elapsed_ms, run->cpu_ms, run->peak_mb, run->status);
  /* The run budgets are for the 30-step scripts. */
  if (long_script)
    {
      print_budget ("run --json, elapsed", run->elapsed_ms, budget->run_ms, "ms");
      print_budget ("run --json, processor time", run->cpu_ms, budget->run_ms, "ms");
      print_budget ("run --json, peak memory", run->peak_mb, budget->run_mb, "MB");
    }
}

/* Each game's in-process figures in a process of its own: BuDDy's table
 * is process-wide, and a game run after another would start on the
 * table the other grew (cluedo-30's slowest step took 108 ms after
 * cluedo6's, 76 ms on its own). */
static void
bench_game (const char *game, const CliRun *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (game, &error);
  Budget budget;

  g_assert_no_error (error);
  budget = budget_for (script->game);
  printf ("\n%s: %u steps\n", script->game->title, script->steps->len);
  bench_in_process (script, &budget);
  print_cli (run, &budget, script->steps->len >= 30);
}

int
main (int argc, char **argv)
{
  g_return_val_if_fail (argc >= 3, 2);

  g_autofree CliRun *runs = g_new (CliRun, argc);

  printf ("Kripkeviz symbolic engine benchmark (budgets: cluedo 100 ms a step, 30 steps 0.5 s and 300 MB;\n"
          "five and six players 30 steps 2.5 s and 1 GB)\n");
  for (int i = 2; i < argc; i++)
    runs[i] = run_cli (argv[1], argv[i]);
  for (int i = 2; i < argc; i++)
    {
      pid_t pid;
      int status;

      fflush (stdout);
      pid = fork ();
      g_assert (pid >= 0);
      if (pid == 0)
        {
          bench_game (argv[i], &runs[i]);
          fflush (stdout);
          _exit (0);
        }
      waitpid (pid, &status, 0);
      g_assert (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  return 0;
}
