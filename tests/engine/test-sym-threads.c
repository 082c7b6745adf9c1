// SPDX-License-Identifier: GPL-3.0-or-later
/* test-sym-threads.c: symbolic games in two threads at once, through
 * KvState (issue 13, item 5).
 *
 * BuDDy is one process-wide library and not thread safe; KvState holds one
 * lock for each call into it (kv-state.c), so the window's symbolic game and
 * a tournament on a worker thread can both run. Here two threads each play
 * a few self-play games from fixed seeds on the symbolic engine — real
 * Cluedo and Clue 11 — started together so their calls interleave, and each
 * must give exactly what it gives alone: the same game records, winners,
 * world and class counts, and formula values. Without the lock the threads
 * corrupt BuDDy's shared node table and caches (tried: a crash in BuDDy or
 * different games).
 */
#include "config.h"

#include "kv-test-util.h"

typedef struct {
  const char *game;        /* built-in name */
  const char *strategy;
  guint32     seed;
} Game;

/* One thread's games, and what they gave. */
typedef struct {
  const Game *games;
  guint       n_games;
  GString    *out;         /* a line per step and per game: what to compare */
  GError     *error;
} Job;

/* A start line both threads wait at, so their games overlap. */
static GMutex start_lock;
static GCond  start_cond;
static guint  n_waiting;
static guint  n_starting;

static void
wait_for_start (void)
{
  g_mutex_lock (&start_lock);
  n_waiting++;
  g_cond_broadcast (&start_cond);
  while (n_waiting < n_starting)
    g_cond_wait (&start_cond, &start_lock);
  g_mutex_unlock (&start_lock);
}

/* After every step: the worlds left and each agent's class and envelopes,
 * all read from the symbolic engine while the other thread works in it. */
static gboolean
on_step (const KvPlayRecord *record,
         KvState            *before,
         const KvStep       *step,
         gpointer            data)
{
  Job *job = data;
  g_autofree char *line = kv_step_to_string (step);

  g_string_append_printf (job->out, "  %s: %" G_GUINT64_FORMAT " worlds", line,
                          kv_state_count_worlds (record->state));
  for (guint a = 0; a < record->game->n_agents; a++)
    {
      g_autoptr(GArray) envelopes = kv_state_envelopes (record->state, a);

      g_string_append_printf (job->out, ", %" G_GUINT64_FORMAT "/%u",
                              kv_state_count_agent_worlds (record->state, a), envelopes->len);
    }
  g_string_append_c (job->out, '\n');
  return TRUE;
}

static gboolean
play_one (Job        *job,
          const Game *spec,
          GError    **error)
{
  g_autoptr(KvScript) script = kv_script_open (spec->game, error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (spec->seed);
  g_autoptr(KvGame) dealt = NULL;
  g_autoptr(KvPlayRecord) record = NULL;
  g_autoptr(KvFormula) knows = NULL;
  g_autofree char *text = NULL;
  g_autofree char *formula = NULL;
  const KvStrategy *seats[KV_MAX_AGENTS];
  gboolean value = FALSE;

  if (script == NULL)
    return FALSE;
  for (guint a = 0; a < script->game->n_agents; a++)
    seats[a] = kv_strategy_find (spec->strategy);
  dealt = kv_play_deal (script->game, rand);
  record = kv_play_game (dealt, KV_ENGINE_SYMBOLIC, seats, rand, 30, on_step, job, error);
  if (record == NULL)
    return FALSE;
  if (kv_state_engine (record->state) != KV_ENGINE_SYMBOLIC)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE, "%s did not play symbolically", spec->game);
      return FALSE;
    }
  /* The formula checker, too: the first agent knows δ (true only when it won). */
  formula = g_strdup_printf ("win{%s}", dealt->agent_names[0]);
  knows = kv_formula_parse (dealt, formula, NULL, error);
  if (knows == NULL || !kv_state_check_actual (record->state, knows, &value, error))
    return FALSE;
  text = kv_play_record_to_script (record);
  g_string_append_printf (job->out, "%s %s seed %u: winner %d in %u rounds, %" G_GUINT64_FORMAT
                          " worlds, observer %u/%u, %s %s\n%s\n",
                          spec->game, spec->strategy, spec->seed, record->winner, record->rounds,
                          kv_state_count_worlds (record->state),
                          record->common_known, record->delta_total,
                          formula, value ? "true" : "false", text);
  return TRUE;
}

static gpointer
run_job (gpointer data)
{
  Job *job = data;

  wait_for_start ();
  for (guint i = 0; i < job->n_games && job->error == NULL; i++)
    play_one (job, &job->games[i], &job->error);
  return NULL;
}

/* Two threads' games: cluedo with del, and cluedo with del+ then Clue 11
 * (forced symbolic) with random, whose envelopes come from BuDDy too. */
static const Game games_a[] = {
  { "cluedo", "del", 1 },
  { "cluedo", "del", 2 },
};
static const Game games_b[] = {
  { "cluedo", "del+", 3 },
  { "clue11", "random", 4 },
  { "cluedo", "del+", 5 },
  { "clue11", "random", 6 },
};

static void
job_init (Job        *job,
          const Game *games,
          guint       n_games)
{
  job->games = games;
  job->n_games = n_games;
  job->out = g_string_new (NULL);
  job->error = NULL;
}

static void
job_clear (Job *job)
{
  g_string_free (job->out, TRUE);
  g_clear_error (&job->error);
}

static void
test_two_threads (void)
{
  Job alone[2], together[2];
  GThread *threads[2];

  job_init (&alone[0], games_a, G_N_ELEMENTS (games_a));
  job_init (&alone[1], games_b, G_N_ELEMENTS (games_b));
  job_init (&together[0], games_a, G_N_ELEMENTS (games_a));
  job_init (&together[1], games_b, G_N_ELEMENTS (games_b));

  /* One after the other, on this thread. */
  n_starting = 0;
  for (guint j = 0; j < 2; j++)
    {
      run_job (&alone[j]);
      g_assert_no_error (alone[j].error);
    }

  /* At once. */
  n_waiting = 0;
  n_starting = 2;
  for (guint j = 0; j < 2; j++)
    threads[j] = g_thread_new ("kv-test-game", run_job, &together[j]);
  for (guint j = 0; j < 2; j++)
    g_thread_join (threads[j]);

  for (guint j = 0; j < 2; j++)
    {
      g_assert_no_error (together[j].error);
      g_assert_cmpstr (together[j].out->str, ==, alone[j].out->str);
      /* Every game was played and won. */
      g_assert_null (strstr (alone[j].out->str, "winner -1"));
      job_clear (&alone[j]);
      job_clear (&together[j]);
    }
}

/* One state read from two threads at once: its knowledge table is read
 * out once, under the lock, and both see the same. */
typedef struct {
  KvState *state;
  guint64  class_size;
  guint    n_envelopes;
} Reader;

static gpointer
read_state (gpointer data)
{
  Reader *reader = data;
  g_autoptr(GArray) envelopes = NULL;

  wait_for_start ();
  reader->class_size = kv_state_knowledge (reader->state)->agents[0].class_size;
  envelopes = kv_state_envelopes (reader->state, 1);
  reader->n_envelopes = envelopes->len;
  return NULL;
}

static void
test_one_state (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("cluedo", &error);
  g_autoptr(KvState) initial = NULL;
  g_autoptr(KvState) state = NULL;
  g_autoptr(KvStep) step = NULL;
  g_autoptr(GArray) envelopes = NULL;
  Reader readers[2];
  GThread *threads[2];

  g_assert_no_error (error);
  initial = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  step = kv_step_parse (script->game, "suggest 1 White rope hall", NULL, &error);
  g_assert_no_error (error);
  state = kv_state_apply_step (initial, step, &error);
  g_assert_no_error (error);

  n_waiting = 0;
  n_starting = 2;
  for (guint j = 0; j < 2; j++)
    {
      readers[j] = (Reader) { state, 0, 0 };
      threads[j] = g_thread_new ("kv-test-read", read_state, &readers[j]);
    }
  for (guint j = 0; j < 2; j++)
    g_thread_join (threads[j]);

  envelopes = kv_state_envelopes (state, 1);
  for (guint j = 0; j < 2; j++)
    {
      g_assert_cmpuint (readers[j].class_size, ==, kv_state_knowledge (state)->agents[0].class_size);
      g_assert_cmpuint (readers[j].n_envelopes, ==, envelopes->len);
    }
  g_assert_cmpuint (readers[0].class_size, >, 0);
  g_assert_cmpuint (readers[0].class_size, <, kv_state_count_worlds (state));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sym-threads/two-games", test_two_threads);
  g_test_add_func ("/sym-threads/one-state", test_one_state);

  return g_test_run ();
}
