// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-processes.c: a tournament over kripkeviz-cli processes
 * (see kv-tournament-processes.h). */
#define G_LOG_DOMAIN "kv-tournament-dialog"
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "kv-error.h"
#include "kv-i18n.h"
#include "kv-script.h"
#include "kv-tournament-processes.h"
#include "kv-tournament-shard.h"

/* Shards at most: a shard's figures reach the table when its process
 * ends, so up to this many games each game is a process of its own (the
 * table grows game by game, as on threads, and a free core takes the next
 * game while another plays a long one); a process's start (exec, the game
 * read) is small beside a symbolic game, and beyond this many games the
 * table moves in thousandths of the run. */
#define SHARDS_MAX 1000

struct _KvTournamentProcesses
{
  char                 *cli;
  char                 *game_path;  /* the game written for the children */
  GPtrArray            *args;       /* the children's argv but --shard */
  guint                 shards;
  guint                 next;       /* the next shard to start, from 0 */
  guint                 processes;  /* at most this many at once */
  GPtrArray            *children;   /* GSubprocess*, running */
  KvTournamentMerge    *merge;
  KvTournamentResult    result;     /* the sum so far */
  GError               *error;      /* the first */
  gboolean              stopped;
  KvTournamentProcessesProgress progress;
  KvTournamentProcessesDone done;
  gpointer              data;
};

char *
kv_tournament_processes_cli (void)
{
  const char *override = g_getenv ("KRIPKEVIZ_CLI");

  if (override != NULL && *override != '\0')
    return g_strdup (override);
  if (kv_running_from_build_tree ())
    return g_build_filename (KV_BUILD_ROOT, "src", "cli", "kripkeviz-cli", NULL);
  return g_build_filename (KV_BIN_DIR, "kripkeviz-cli", NULL);
}

static void
processes_free (KvTournamentProcesses *self)
{
  if (self->game_path != NULL)
    g_unlink (self->game_path);
  g_free (self->game_path);
  g_free (self->cli);
  g_ptr_array_unref (self->args);
  g_ptr_array_unref (self->children);
  kv_tournament_merge_free (self->merge);
  g_clear_error (&self->error);
  g_free (self);
}

/* The first error ends the run: the others are killed. */
static void
fail (KvTournamentProcesses *self,
      GError                *error)
{
  if (self->error == NULL && !self->stopped)
    self->error = error;
  else
    g_error_free (error);
  kv_tournament_processes_stop (self);
}

/* Why @child, which ended, gave no result: its standard error's first
 * line, else how it ended. */
static GError *
child_error (GSubprocess *child,
             GBytes      *err)
{
  gsize size = 0;
  const char *text = err != NULL ? g_bytes_get_data (err, &size) : NULL;
  g_autofree char *all = text != NULL ? g_strndup (text, size) : NULL;
  g_autofree char *first = NULL;

  if (all != NULL)
    all[strcspn (all, "\n")] = '\0';
  first = all != NULL ? g_utf8_make_valid (g_strstrip (all), -1) : NULL;
  if (first != NULL && *first != '\0')
    return g_error_new_literal (KV_ERROR, KV_ERROR_IO, first);
  if (g_subprocess_get_if_exited (child))
    /* TRANSLATORS: %d is a number, the exit status of kripkeviz-cli */
    return g_error_new (KV_ERROR, KV_ERROR_IO, _("kripkeviz-cli ended with status %d"),
                        g_subprocess_get_exit_status (child));
  /* TRANSLATORS: %d is a number, the signal that ended kripkeviz-cli */
  return g_error_new (KV_ERROR, KV_ERROR_IO, _("kripkeviz-cli was ended by signal %d"),
                      g_subprocess_get_term_sig (child));
}

/* @child's standard output, a shard's --json, added to the sum. */
static void
take_shard (KvTournamentProcesses *self,
            GBytes                *out)
{
  g_auto(KvTournamentShard) shard = { 0 };
  GError *error = NULL;
  gsize size = 0;
  const char *text = g_bytes_get_data (out, &size);

  if (!kv_tournament_shard_parse (&shard, text, size, "kripkeviz-cli play", &error)
      || !kv_tournament_merge_add (self->merge, &shard, "kripkeviz-cli play", &error))
    {
      fail (self, error);
      return;
    }
  self->result = *kv_tournament_merge_get_result (self->merge);
  if (self->progress != NULL)
    self->progress (&self->result, self->data);
}

static void start_more (KvTournamentProcesses *self);

static void
on_child_done (GObject      *object,
               GAsyncResult *result,
               gpointer      data)
{
  KvTournamentProcesses *self = data;
  GSubprocess *child = G_SUBPROCESS (object);
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  GError *error = NULL;

  /* Reaped: communicate waits for the process as well as its pipes. */
  if (!g_subprocess_communicate_finish (child, result, &out, &err, &error))
    fail (self, error);
  else if (g_subprocess_get_if_exited (child) && g_subprocess_get_exit_status (child) == 0)
    take_shard (self, out);
  else if (!self->stopped)
    fail (self, child_error (child, err));
  g_ptr_array_remove (self->children, child);
  start_more (self);
}

/* In the child before exec: it dies with the window, should the window
 * die without stopping it (a crash, kill -9). */
static void
die_with_parent (gpointer data)
{
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif
}

static void
start_child (KvTournamentProcesses *self)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  GSubprocess *child;
  GError *error = NULL;

  for (guint i = 0; i < self->args->len; i++)
    g_ptr_array_add (argv, g_strdup (g_ptr_array_index (self->args, i)));
  g_ptr_array_add (argv, g_strdup_printf ("--shard=%u/%u", self->next + 1, self->shards));
  g_ptr_array_add (argv, NULL);
  self->next++;
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  child = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  if (child == NULL)
    {
      fail (self, error);
      return;
    }
  g_ptr_array_add (self->children, child);
  g_subprocess_communicate_async (child, NULL, NULL, on_child_done, self);
}

/* Shards while cores are free; the end once every process has ended. */
static void
start_more (KvTournamentProcesses *self)
{
  while (!self->stopped && self->next < self->shards && self->children->len < self->processes)
    start_child (self);
  if (self->children->len > 0)
    return;
  if (self->error == NULL && !self->stopped)
    kv_tournament_merge_check (self->merge, &self->error);
  if (self->done != NULL)
    self->done (&self->result, self->error, self->data);
  processes_free (self);
}

/* The game as a script the children read: the window's game may be an
 * edited or unsaved one, so not its file or name. */
static char *
write_game (KvGame *game, GError **error)
{
  g_autoptr(GPtrArray) no_steps = g_ptr_array_new ();
  g_autofree char *text = kv_script_to_text (game, no_steps);
  char *path = NULL;
  int fd = g_file_open_tmp ("kripkeviz-tournament-XXXXXX.kvg", &path, error);

  if (fd < 0)
    return NULL;
  close (fd);
  if (!g_file_set_contents (path, text, -1, error))
    {
      g_unlink (path);
      g_free (path);
      return NULL;
    }
  return path;
}

/* `kripkeviz-cli play GAME --agents … --games G --seed S --engine E
 * --jobs 1 --json [--observer] [--fixed-seats] [--end-when-asked]`. */
static GPtrArray *
play_args (const char *cli, const char *game_path, KvGame *game, const KvStrategy *const *listed,
           guint games, guint32 seed, KvEngineKind engine, const KvPlayOptions *options)
{
  GPtrArray *args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) agents = g_string_new ("--agents=");

  for (guint a = 0; a < game->n_agents; a++)
    g_string_append_printf (agents, "%s%s", a ? "," : "", listed[a]->name);
  g_ptr_array_add (args, g_strdup (cli));
  g_ptr_array_add (args, g_strdup ("play"));
  g_ptr_array_add (args, g_strdup (game_path));
  g_ptr_array_add (args, g_strdup (agents->str));
  g_ptr_array_add (args, g_strdup_printf ("--games=%u", games));
  g_ptr_array_add (args, g_strdup_printf ("--seed=%u", seed));
  g_ptr_array_add (args, g_strdup_printf ("--engine=%s", kv_engine_name (engine)));
  g_ptr_array_add (args, g_strdup ("--jobs=1"));
  g_ptr_array_add (args, g_strdup ("--json"));
  if (options->observer)
    g_ptr_array_add (args, g_strdup ("--observer"));
  if (options->fixed_seats)
    g_ptr_array_add (args, g_strdup ("--fixed-seats"));
  if (options->end_when_first_asks)
    g_ptr_array_add (args, g_strdup ("--end-when-asked"));
  return args;
}

KvTournamentProcesses *
kv_tournament_processes_start (KvGame                        *game,
                               const KvStrategy *const       *listed,
                               guint                          games,
                               guint32                        seed,
                               KvEngineKind                   engine,
                               const KvPlayOptions           *options,
                               guint                          processes,
                               KvTournamentProcessesProgress  progress,
                               KvTournamentProcessesDone      done,
                               gpointer                       data,
                               GError                       **error)
{
  g_autofree char *game_path = write_game (game, error);
  KvTournamentProcesses *self;

  g_return_val_if_fail (games > 0 && processes > 0, NULL);
  if (game_path == NULL)
    return NULL;
  self = g_new0 (KvTournamentProcesses, 1);
  self->cli = kv_tournament_processes_cli ();
  self->game_path = g_steal_pointer (&game_path);
  self->args = play_args (self->cli, self->game_path, game, listed, games, seed, engine, options);
  self->shards = MIN (games, SHARDS_MAX);
  self->processes = processes;
  self->children = g_ptr_array_new_with_free_func (g_object_unref);
  self->merge = kv_tournament_merge_new ();
  self->progress = progress;
  self->done = done;
  self->data = data;
  {
    g_autoptr(KvTournament) empty = kv_tournament_new (game, listed, seed);

    self->result = *kv_tournament_get_result (empty);
  }
  /* The table with no game yet; the processes start through the main
   * loop, so done never runs before this returns. */
  self->progress (&self->result, self->data);
  g_idle_add_once ((GSourceOnceFunc) start_more, self);
  return self;
}

void
kv_tournament_processes_stop (KvTournamentProcesses *self)
{
  self->stopped = TRUE;
  for (guint i = 0; i < self->children->len; i++)
    g_subprocess_force_exit (g_ptr_array_index (self->children, i));
}

void
kv_tournament_processes_abandon (KvTournamentProcesses *self)
{
  self->progress = NULL;
  self->done = NULL;
  kv_tournament_processes_stop (self);
}
