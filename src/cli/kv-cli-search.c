// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-search.c: search unsuccessful GAME --seed S -o FILE.kvg
 *
 * Self-play (every agent del unless --agents says otherwise) until a game
 * reaches an unsuccessful endmove: nobody knows δ, a player ends its move,
 * and afterwards someone knows δ. Writes that game up to the endmove as a
 * script `run` replays. --count plays all --games games and says in how
 * many it happened.
 */
#define G_LOG_DOMAIN "kv-cli-search"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <stdio.h>

#include "kv-cli-agents.h"
#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-cli-search.h"
#include "kv-tournament.h"

static char *
agent_list (const KvGame *game, guint32 mask)
{
  GString *s = g_string_new (NULL);

  for (guint a = 0; a < game->n_agents; a++)
    if (mask & (1u << a))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", game->agent_names[a]);
  return g_string_free (s, FALSE);
}

int
kv_cli_search (int argc, char **argv)
{
  g_autofree char *agents = NULL;
  g_autofree char *engine_text = NULL;
  g_autofree char *output = NULL;
  g_autofree char *games_text = NULL;
  g_autofree char *seed_text = NULL;
  guint64 games = 1000;
  guint64 seed = 1;
  gboolean count = FALSE;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed of the random deals (default 1)"), "S" },
    KV_CLI_ENGINE_OPTION (&engine_text),
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text, N_("Play at most N games (default 1000)"), "N" },
    { "agents", 0, 0, G_OPTION_ARG_STRING, &agents, N_("One strategy per agent (default: del for every agent)"), "A,B,…" },
    { "count", 0, 0, G_OPTION_ARG_NONE, &count, N_("Play every game and count those with one"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the first game found to FILE"), "FILE.kvg" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("unsuccessful GAME — find an endmove after which someone knows δ, when nobody did before"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(KvSearchResult) result = NULL;
  KvEngineKind engine;
  const KvStrategy *strategies[KV_MAX_AGENTS];

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 3 || g_strcmp0 (argv[1], "unsuccessful") != 0 || (output == NULL && !count))
    return kv_cli_fail (_("usage: kripkeviz-cli search unsuccessful GAME [--seed S] [--games N] [--agents A,B,…] [--engine E] -o FILE.kvg | --count"));
  if ((games_text != NULL && !kv_cli_parse_number ("--games", games_text, 1, KV_TOURNAMENT_MAX_GAMES, &games, &error))
      || (seed_text != NULL && !kv_cli_parse_number ("--seed", seed_text, 0, G_MAXUINT32, &seed, &error)))
    return kv_cli_fail ("%s", error->message);

  if (!kv_cli_engine_kind (engine_text, &engine))
    return KV_EXIT_ERROR;

  if (!kv_cli_takes_script (argv[2], _("search plays new games, which takes a game's rules (a .kvg script or a "
                                       "built-in game); a model file holds one model, not the rules")))
    return KV_EXIT_ERROR;
  script = kv_script_open (argv[2], &error);
  if (script == NULL)
    {
      kv_cli_print_error (error->message);
      return KV_EXIT_ERROR;
    }
  if (!kv_cli_parse_agents (agents, script->game, argv[2], strategies))
    return KV_EXIT_ERROR;

  rand = g_rand_new_with_seed ((guint32) seed);
  result = kv_play_search_unsuccessful (script->game, engine, strategies, rand, (guint) games, count, &error);
  if (result == NULL)
    return kv_cli_fail ("%s", error->message);

  if (result->first == NULL)
    {
      printf (_("no unsuccessful endmove in %u games (seed %u)\n"), result->games_searched, (guint32) seed);
      return 1;
    }
  {
    const KvPlayRecord *first = result->first;
    const KvStep *last = g_ptr_array_index (first->steps, first->steps->len - 1);
    g_autofree char *learners = agent_list (first->game, result->learners);

    printf (_("game %u: nobody knew δ; after “endmove %s” (step %u) %s knows δ\n"), result->first_game,
            first->game->agent_names[last->agent], first->steps->len, learners);
    if (count)
      printf (_("%u of %u games (seed %u) had an unsuccessful endmove\n"), result->games_found,
              result->games_searched, (guint32) seed);
    if (output != NULL)
      {
        g_autofree char *text = kv_play_record_to_script (first);
        g_autofree char *header = g_strdup_printf ("# An unsuccessful endmove found by kripkeviz-cli search unsuccessful %s --seed %u:\n"
                                                   "# nobody knows δ before the last step, %s knows δ after it.\n",
                                                   argv[2], (guint32) seed, learners);
        g_autoptr(GBytes) all = NULL;

        all = g_bytes_new_take (g_strconcat (header, text, NULL), strlen (header) + strlen (text));
        if (!kv_cli_write_output (output, all, &error))
          return kv_cli_fail ("%s", error->message);
      }
  }
  return 0;
}
