// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play.c: play GAME --agents A,B,… [--games N] [--seed S] [--json]
 *
 * N games from random deals, game g's drawn from a GRand seeded with S and
 * g (kv-tournament.h), so --jobs (worker processes) and --shard K/N (a
 * slice, for other machines; --merge adds their --json up) print the same
 * figures as one process. The strategies rotate over the seats from game to
 * game (game g gives agent a the strategy (a + g) mod n of the list), so no
 * strategy keeps the first move, unless --fixed-seats; --observer,
 * --end-when-asked and --transcripts set up the sources' experiments
 * (docs/experiments.md).
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-cli-agents.h"
#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-cli-play.h"
#include "kv-cli-play-merge.h"
#include "kv-cli-play-print.h"
#include "kv-cli-play-workers.h"
#include "kv-tournament-shard.h"

/* Every play option lives in one struct and one table: adding an option is
 * a field, an entry in play_entries, if it has bounds a line in
 * check_options, and if it sets up the run a line in set_up_option. */
typedef struct {
  char *agents;
  char *engine_text;
  char *games_text, *seed_text, *jobs_text;   /* as given; read by check_options */
  guint games;
  guint32 seed;
  gboolean json;
  guint jobs;
  char *shard;
  gboolean merge;
  KvPlayOptions play;               /* the experiments' set-ups */
  char *transcripts;
} PlayOptions;

static void
play_options_clear (PlayOptions *o)
{
  g_clear_pointer (&o->agents, g_free);
  g_clear_pointer (&o->engine_text, g_free);
  g_clear_pointer (&o->games_text, g_free);
  g_clear_pointer (&o->seed_text, g_free);
  g_clear_pointer (&o->jobs_text, g_free);
  g_clear_pointer (&o->shard, g_free);
  g_clear_pointer (&o->transcripts, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PlayOptions, play_options_clear)

#define PLAY_USAGE N_("usage: kripkeviz-cli play GAME --agents A,B,… [--games N] [--seed S] [--engine E] [--json] [--observer] [--fixed-seats] [--end-when-asked] [--transcripts DIR]")

/* The option table of @o: GOptionEntry wants the addresses of the fields. */
static GOptionEntry *
play_entries (PlayOptions *o)
{
  const GOptionEntry entries[] = {
    { "agents", 0, 0, G_OPTION_ARG_STRING, &o->agents, N_("One strategy per agent: random, naive, del, del+ or uniform (comma-separated)"), "A,B,…" },
    { "games", 0, 0, G_OPTION_ARG_STRING, &o->games_text, N_("Number of games (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o->seed_text, N_("Seed of the random deals (default 1)"), "S" },
    KV_CLI_ENGINE_OPTION (&o->engine_text),
    { "jobs", 'j', 0, G_OPTION_ARG_STRING, &o->jobs_text, N_("Worker processes (default: the cores)"), "N" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &o->shard, N_("Play only the K-th of N slices of the games"), "K/N" },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &o->merge, N_("Add up the --json outputs of shards (FILE…)"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_("Print JSON"), NULL },
    /* The experiments' set-ups (KvPlayOptions, docs/experiments.md). */
    { "observer", 0, 0, G_OPTION_ARG_NONE, &o->play.observer, N_("Add an observer: an agent with no cards that never moves"), NULL },
    { "fixed-seats", 0, 0, G_OPTION_ARG_NONE, &o->play.fixed_seats, N_("Agent a plays the a-th strategy in every game"), NULL },
    { "end-when-asked", 0, 0, G_OPTION_ARG_NONE, &o->play.end_when_first_asks, N_("Aartun's rules: nobody announces; a game ends when agent 1 asks δ"), NULL },
    { "transcripts", 0, 0, G_OPTION_ARG_FILENAME, &o->transcripts, N_("Write each game as DIR/game-NNNN.kvg"), "DIR" },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

/* "K/N" into @slice (K from 1 to N); FALSE if it is not that. */
static gboolean
parse_shard (const char *text, KvCliPlaySlice *slice)
{
  guint64 k, n;
  char *end;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_isdigit (*text))
    return FALSE;
  k = g_ascii_strtoull (text, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  n = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0' || n < 1 || n > KV_TOURNAMENT_MAX_SHARDS || k < 1 || k > n)
    return FALSE;
  slice->shard = k - 1;
  slice->shards = n;
  slice->sharded = TRUE;
  return TRUE;
}

/* The first option given that sets up a run, which --merge reads from its
 * files instead; NULL when there is none. */
static const char *
set_up_option (const PlayOptions *o)
{
  const struct { const char *name; gboolean given; } options[] = {
    { "--agents", o->agents != NULL },
    { "--games", o->games_text != NULL },
    { "--seed", o->seed_text != NULL },
    { "--engine", o->engine_text != NULL },
    { "--jobs", o->jobs_text != NULL },
    { "--shard", o->shard != NULL },
    { "--observer", o->play.observer },
    { "--fixed-seats", o->play.fixed_seats },
    { "--end-when-asked", o->play.end_when_first_asks },
    { "--transcripts", o->transcripts != NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (options[i].given)
      return options[i].name;
  return NULL;
}

/* play --merge FILE… [--json]: 0, or the exit code after saying what is
 * wrong. */
static int
check_merge_options (const PlayOptions *o, int argc)
{
  const char *set_up = set_up_option (o);

  if (set_up != NULL)
    return kv_cli_fail (_("%s does not go with --merge: the shards' files say how their run was played"), set_up);
  if (argc < 2)
    return kv_cli_fail (_("usage: kripkeviz-cli play --merge FILE… [--json]"));
  return 0;
}

/* 0 when the options are in bounds (the numbers read into @o), else the
 * exit code after saying which is wrong. */
static int
check_options (PlayOptions *o, int argc, KvCliPlaySlice *slice)
{
  /* Each number option: its bounds and its value when not given. */
  const struct { const char *option, *text; guint64 min, max, unset; } numbers[] = {
    { "--games", o->games_text, 1, KV_TOURNAMENT_MAX_GAMES, 100 },
    { "--seed", o->seed_text, 0, G_MAXUINT32, 1 },
    { "--jobs", o->jobs_text, 0, 1024, 0 },
  };
  guint64 values[G_N_ELEMENTS (numbers)];

  if (o->merge)
    return check_merge_options (o, argc);
  if (argc != 2 || o->agents == NULL)
    return kv_cli_fail ("%s", _(PLAY_USAGE));
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autoptr(GError) error = NULL;

      values[i] = numbers[i].unset;
      if (numbers[i].text != NULL
          && !kv_cli_parse_number (numbers[i].option, numbers[i].text, numbers[i].min, numbers[i].max, &values[i], &error))
        return kv_cli_fail ("%s", error->message);
    }
  o->games = (guint) values[0];
  o->seed = (guint32) values[1];
  o->jobs = (guint) values[2];
  if (!parse_shard (o->shard, slice))
    return kv_cli_fail (_("--shard must be K/N with 1 ≤ K ≤ N, not “%s”"), o->shard);
  slice->games = o->games;
  slice->jobs = o->jobs > 0 ? o->jobs : g_get_num_processors ();
  return 0;
}

static void
print_result (const KvTournamentResult *t, const KvPlayOptions *options, const char *game,
              guint32 seed, const KvCliPlaySlice *slice, gboolean json)
{
  if (json)
    kv_cli_play_print_json (t, options, game, seed, slice);
  else
    kv_cli_play_print_text (t, options, game, seed);
}

/* play --merge FILE…: the shards' --json added up, printed as one run. */
static int
merge (char **paths, guint n, gboolean json)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game = NULL;
  KvCliPlaySlice whole = { .shards = 1 };
  KvTournamentResult result;
  KvPlayOptions options;
  guint32 seed;

  if (!kv_cli_play_merge_files (paths, n, &result, &options, &game, &seed, &error))
    return kv_cli_fail ("%s", error->message);
  whole.games = result.games;
  print_result (&result, &options, game, seed, &whole, json);
  return 0;
}

int
kv_cli_play (int argc, char **argv)
{
  g_auto(PlayOptions) o = { 0 };
  g_autofree GOptionEntry *entries = play_entries (&o);
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — self-play: strategies against each other from random deals"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvTournament) tournament = NULL;
  KvCliPlaySlice slice = { .shards = 1 };
  KvTournamentResult result;
  KvEngineKind engine;
  const KvStrategy *listed[KV_MAX_AGENTS];
  int status;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if ((status = check_options (&o, argc, &slice)) != 0)
    return status;
  if (o.merge)
    return merge (argv + 1, argc - 1, o.json);
  if (!kv_cli_engine_kind (o.engine_text, &engine))
    return KV_EXIT_ERROR;

  if (!kv_cli_takes_script (argv[1], _("play deals new games, which takes a game's rules (a .kvg script or a "
                                       "built-in game); a model file holds one model, not the rules")))
    return KV_EXIT_ERROR;
  script = kv_script_open (argv[1], &error);
  if (script == NULL)
    {
      kv_cli_print_error (error->message);
      return KV_EXIT_ERROR;
    }
  if (!kv_cli_parse_agents (o.agents, script->game, argv[1], listed))
    return KV_EXIT_ERROR;

  /* The same tournament the window's dialog plays: same seed, same numbers. */
  tournament = kv_tournament_new (script->game, listed, (guint32) o.seed);
  kv_tournament_set_engine (tournament, engine);
  o.play.transcripts = o.transcripts;
  kv_tournament_set_options (tournament, &o.play);
  if (!kv_cli_play_slice (tournament, &slice, &result, &error))
    return kv_cli_fail ("%s", error->message);
  print_result (&result, &o.play, argv[1], (guint32) o.seed, &slice, o.json);
  return 0;
}
