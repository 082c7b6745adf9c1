// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-long: long games on the symbolic engine against issue 32's
 * budgets — every step with its read-out ≤ 1 s, a whole game ≤ 10 s and
 * ≤ 1 GB.
 *
 *   kv-bench-long GAME…
 *
 * A GAME is a script (a .kvg path or a built-in name), run step by step,
 * or `play:NAME:STRATEGY:SEED`: the built-in game NAME played by STRATEGY
 * in every seat (as `play`'s players play: a suggestion answered from the
 * deal, then `win` or `endmove`) on the game's own deal when SEED is 0,
 * else on the deal `play NAME --seed SEED` draws first. Each step is the
 * product and the read-out `run --json` prints (the knowledge table and
 * the deals it removed). Each game runs in a process of its own, stopped
 * after a few minutes; its peak resident memory is that process's. A game
 * the node table cannot hold is refused: the line says at which step.
 * Times are elapsed and processor time, each beside its budget.
 * Figures only, never pass/fail: "budget" lines say ok or OVER.
 */
#define G_LOG_DOMAIN "kv-bench"
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kv-engine.h"
#include "kv-state.h"
#include "kv-play.h"

#define STEP_BUDGET_MS 1000.0
#define GAME_BUDGET_MS 10000.0
#define MEMORY_BUDGET_MB 1024.0
#define GAME_LIMIT_S 300

/* Elapsed and processor times: on a shared machine (the project's has
 * two cores) the elapsed ones include other jobs' turns, so both are
 * printed, each beside the budget. The game runs in a process of its
 * own, so the process's processor time is the game's. */
typedef struct {
  gint64   last;         /* when the step before ended */
  double   last_cpu;     /* the processor time then, ms */
  guint    n_steps;
  double   total_ms, total_cpu_ms;
  double   slowest_ms, slowest_cpu_ms;
  char    *slowest;      /* the slowest step's text (elapsed) */
  char    *slowest_cpu;  /* the slowest step's text (processor time) */
  guint    peak_nodes;
} Timing;

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static void
timing_start (Timing *t)
{
  t->last = g_get_monotonic_time ();
  t->last_cpu = cpu_ms ();
}

/* The time since the last step into @t's figures, for @step (NULL: the
 * initial structure, which is no step). */
static void
timing_add (Timing *t, const KvStep *step)
{
  double ms = ms_since (t->last), cpu = cpu_ms () - t->last_cpu;

  t->total_ms += ms;
  t->total_cpu_ms += cpu;
  if (step != NULL && ms > t->slowest_ms)
    {
      t->slowest_ms = ms;
      g_free (t->slowest);
      t->slowest = kv_step_to_string (step);
    }
  if (step != NULL && cpu > t->slowest_cpu_ms)
    {
      t->slowest_cpu_ms = cpu;
      g_free (t->slowest_cpu);
      t->slowest_cpu = kv_step_to_string (step);
    }
  timing_start (t);
}

/* A step has been made (from @before to @after): its read-out, then its
 * time since the step before ended. */
static void
timing_step (Timing *t, KvState *before, KvState *after, const KvStep *step)
{
  kv_state_knowledge (after);
  if (kv_state_engine (after) == KV_ENGINE_SYMBOLIC)
    kv_state_count_removed (before, after);
  t->n_steps++;
  timing_add (t, step);
}

static void
print_budget (const char *what, double value, double budget, const char *unit)
{
  printf ("  budget %-32s %9.1f %s of %6.0f %s  %s\n", what, value, unit, budget, unit,
          value <= budget ? "ok" : "OVER");
}

static void
report (const char *title, const Timing *t, const GError *error)
{
  printf ("\n%s: %u steps%s%s\n", title, t->n_steps, error != NULL ? ", then refused: " : "",
          error != NULL ? error->message : "");
  printf ("  slowest step with its read-out   %9.1f ms  (%s)\n", t->slowest_ms, t->slowest ? t->slowest : "-");
  printf ("  the same, processor time         %9.1f ms  (%s)\n", t->slowest_cpu_ms,
          t->slowest_cpu ? t->slowest_cpu : "-");
  print_budget ("slowest step with its read-out", t->slowest_ms, STEP_BUDGET_MS, "ms");
  print_budget ("slowest step, processor time", t->slowest_cpu_ms, STEP_BUDGET_MS, "ms");
  print_budget ("whole game", t->total_ms, GAME_BUDGET_MS, "ms");
  print_budget ("whole game, processor time", t->total_cpu_ms, GAME_BUDGET_MS, "ms");
}

/* A script, step by step on the symbolic engine. */
static void
bench_script (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);
  g_autoptr(KvState) state = NULL;
  Timing t = { 0 };

  timing_start (&t);
  g_assert_no_error (error);
  state = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  kv_state_knowledge (state);
  timing_add (&t, NULL);
  for (guint i = 0; i < script->steps->len && error == NULL; i++)
    {
      const KvStep *step = g_ptr_array_index (script->steps, i);
      KvState *next = kv_state_apply_step (state, step, &error);

      if (next == NULL)
        break;
      timing_step (&t, state, next, step);
      kv_state_unref (state);
      state = next;
    }
  report (script->game->title, &t, error);
  g_free (t.slowest);
  g_free (t.slowest_cpu);
}

static gboolean
on_play_step (const KvPlayRecord *record, KvState *before, const KvStep *step, gpointer data)
{
  timing_step (data, before, record->state, step);
  return TRUE;
}

/* play:NAME:STRATEGY:SEED */
static void
bench_play (const char *spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvGame) game = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(KvPlayRecord) record = NULL;
  g_autofree char *title = NULL;
  const KvStrategy *strategies[32];
  Timing t = { 0 };
  guint64 seed;

  g_assert (g_strv_length (parts) == 4 && g_ascii_string_to_unsigned (parts[3], 10, 0, G_MAXUINT32, &seed, NULL));
  script = kv_script_open (parts[1], &error);
  g_assert_no_error (error);
  for (guint a = 0; a < script->game->n_agents; a++)
    g_assert_nonnull ((strategies[a] = kv_strategy_find (parts[2])));
  rand = g_rand_new_with_seed ((guint32) seed);
  game = seed == 0 ? kv_game_ref (script->game) : kv_play_deal (script->game, rand);
  title = seed == 0 ? g_strdup_printf ("%s, its own deal, every player %s", game->title, parts[2])
                    : g_strdup_printf ("%s, the deal of seed %s, every player %s", game->title, parts[3], parts[2]);
  timing_start (&t);
  record = kv_play_game (game, KV_ENGINE_SYMBOLIC, strategies, rand, 100, on_play_step, &t, &error);
  report (title, &t, error);
  if (record != NULL)
    printf ("  winner %d after %u rounds\n", record->winner + 1, record->rounds);
  g_free (t.slowest);
  g_free (t.slowest_cpu);
}

static void
on_alarm (int signal)
{
  static const char text[] = "  stopped: the game ran past its time limit\n";

  (void) signal;
  fflush (stdout);
  (void) !write (STDOUT_FILENO, text, sizeof text - 1);
  _exit (3);
}

int
main (int argc, char **argv)
{
  printf ("Kripkeviz long games on the symbolic engine (budgets: each step with its read-out %.0f ms,\n"
          "a whole game %.0f ms, %.0f MB; each game stopped after %d s)\n",
          STEP_BUDGET_MS, GAME_BUDGET_MS, MEMORY_BUDGET_MB, GAME_LIMIT_S);
  for (int i = 1; i < argc; i++)
    {
      struct rusage usage;
      int status;
      pid_t pid;

      fflush (stdout);
      pid = fork ();
      g_assert (pid >= 0);
      if (pid == 0)
        {
          signal (SIGALRM, on_alarm);
          alarm (GAME_LIMIT_S);
          if (g_str_has_prefix (argv[i], "play:"))
            bench_play (argv[i]);
          else
            bench_script (argv[i]);
          fflush (stdout);
          _exit (0);
        }
      wait4 (pid, &status, 0, &usage);
      printf ("  peak memory                      %9.1f MB (CPU %.1f s)\n", usage.ru_maxrss / 1024.0,
              usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6);
      print_budget ("peak memory", usage.ru_maxrss / 1024.0, MEMORY_BUDGET_MB, "MB");
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
        printf ("  (the game's process ended with status %d)\n", WIFEXITED (status) ? WEXITSTATUS (status) : -1);
    }
  return 0;
}
