// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-merge.c: `play --merge FILE…`.
 *
 * A shard's --json carries sums (rounds_sum, cards_known_sum,
 * delta_cards_sum, owners_known_sum) beside the means, what its run was set
 * up with (an observer, fixed seats, the end when asked) and which shard of
 * which run it is, so
 * that the shards add up to exactly the figures one run prints. The merge
 * refuses shards of different runs, a shard twice and a missing one.
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>

#include "kv-cli-play-merge.h"
#include "kv-error.h"

static guint64
member_int (JsonObject *o, const char *name)
{
  return o != NULL && json_object_has_member (o, name) ? (guint64) json_object_get_int_member (o, name) : 0;
}

static JsonObject *
member_object (JsonObject *o, const char *name)
{
  JsonNode *node = o != NULL ? json_object_get_member (o, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static void
read_tally (JsonObject *o, const char *name, KvTournamentTally *t)
{
  JsonObject *rounds = member_object (o, "rounds");
  JsonObject *suggestions = member_object (o, "suggestions");
  g_autoptr(GList) keys = rounds ? json_object_get_members (rounds) : NULL;

  t->name = g_intern_string (name);
  t->seats = member_int (o, "seats");
  t->wins = member_int (o, "wins");
  t->rounds_sum = member_int (o, "rounds_sum");
  for (GList *l = keys; l != NULL; l = l->next)
    {
      guint r = MIN (strtoul (l->data, NULL, 10), KV_TOURNAMENT_MAX_ROUNDS);

      t->by_rounds[r] = member_int (rounds, l->data);
    }
  t->suggestions = member_int (suggestions, "made");
  t->own_card = member_int (suggestions, "with_own_card");
  t->unanswered = member_int (suggestions, "unanswered");
  t->won_unanswered = member_int (suggestions, "won_unanswered");
}

static void
read_knows (JsonObject *o, KvTournamentKnows *k)
{
  k->knew_delta = member_int (o, "knew_delta");
  k->delta_known_sum = member_int (o, "cards_known_sum");
  k->owners_known_sum = member_int (o, "owners_known_sum");
}

static void
read_seats (JsonArray *seats, KvTournamentResult *part)
{
  part->n_seats = MIN (json_array_get_length (seats), KV_MAX_AGENTS);
  for (guint a = 0; a < part->n_seats; a++)
    {
      JsonNode *node = json_array_get_element (seats, a);
      JsonObject *seat = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name = seat != NULL && json_object_has_member (seat, "strategy")
                         ? json_object_get_string_member (seat, "strategy") : NULL;

      part->seats[a].name = g_intern_string (name != NULL ? name : "");
      part->seats[a].done = member_int (seat, "won_or_asked_delta");
      part->seats[a].rounds_sum = member_int (seat, "rounds_sum");
    }
}

/* What the run was set up with, and its figures for it, into @options and
 * @part. */
static void
read_set_up (JsonObject *root, KvTournamentResult *part, KvPlayOptions *options)
{
  JsonObject *observer = member_object (root, "observer");
  JsonNode *seats = json_object_get_member (root, "seats");

  *options = (KvPlayOptions) { 0 };
  options->observer = observer != NULL;
  read_knows (member_object (observer, "before_last_step"), &part->observer_before);
  read_knows (member_object (observer, "end"), &part->observer_end);
  options->fixed_seats = seats != NULL && JSON_NODE_HOLDS_ARRAY (seats);
  if (options->fixed_seats)
    read_seats (json_node_get_array (seats), part);
  options->end_when_first_asks = json_object_has_member (root, "ended_when_agent_1_asked_delta");
  part->ended_by_ask = member_int (root, "ended_when_agent_1_asked_delta");
}

/* One shard's document into @part and @options; its run's game, seed,
 * shard and size. */
static gboolean
read_shard (const char *path, KvTournamentResult *part, KvPlayOptions *options, char **game,
            guint32 *seed, guint *index, guint *of, guint *run_games, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *strategies, *common, *shard;
  g_autoptr(GList) names = NULL;
  guint i = 0;

  if (!json_parser_load_from_file (parser, path, error))
    return FALSE;
  root = JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)) ? json_node_get_object (json_parser_get_root (parser)) : NULL;
  strategies = member_object (root, "strategies");
  common = member_object (root, "common_knowledge");
  shard = member_object (root, "shard");
  if (strategies == NULL || common == NULL || !json_object_has_member (root, "game")
      || !json_object_has_member (common, "cards_known_sum") || shard == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                   _("%s: not the --json of play --shard K/N (it has no shard, strategies or sums)"), path);
      return FALSE;
    }
  *part = (KvTournamentResult) { 0 };
  *game = g_strdup (json_object_get_string_member (root, "game"));
  *seed = member_int (root, "seed");
  *index = member_int (shard, "index");
  *of = member_int (shard, "of");
  *run_games = member_int (shard, "run_games");
  part->games = member_int (root, "games");
  part->no_winner = member_int (root, "no_winner");
  part->delta_total_sum = member_int (common, "delta_cards_sum");
  read_knows (common, &part->common);
  read_set_up (root, part, options);
  names = json_object_get_members (strategies);
  for (GList *l = names; l != NULL && i < KV_MAX_AGENTS; l = l->next, i++)
    read_tally (member_object (strategies, l->data), l->data, &part->tallies[i]);
  part->n_tallies = i;
  return TRUE;
}

/* Whether @part belongs to the run @first described (same strategies in
 * the same order, same set-up, same seats). */
static gboolean
same_run (const KvTournamentResult *first, const KvPlayOptions *first_options,
          const KvTournamentResult *part, const KvPlayOptions *options)
{
  if (first->n_tallies != part->n_tallies || first->n_seats != part->n_seats
      || first_options->observer != options->observer || first_options->fixed_seats != options->fixed_seats
      || first_options->end_when_first_asks != options->end_when_first_asks)
    return FALSE;
  for (guint a = 0; a < first->n_seats; a++)
    if (first->seats[a].name != part->seats[a].name)
      return FALSE;
  for (guint i = 0; i < first->n_tallies; i++)
    if (first->tallies[i].name != part->tallies[i].name)
      return FALSE;
  return TRUE;
}

gboolean
kv_cli_play_merge_files (char              **paths,
                         guint               n_paths,
                         KvTournamentResult *result,
                         KvPlayOptions      *options,
                         char              **game,
                         guint32            *seed,
                         GError            **error)
{
  g_autofree gboolean *seen = NULL;
  guint shards = 0, run_games = 0;

  for (guint f = 0; f < n_paths; f++)
    {
      KvTournamentResult part;
      KvPlayOptions part_options;
      g_autofree char *part_game = NULL;
      guint32 part_seed;
      guint index, of, part_run_games;

      if (!read_shard (paths[f], &part, &part_options, &part_game, &part_seed, &index, &of, &part_run_games, error))
        return FALSE;
      if (f == 0)
        {
          *result = part;
          *options = part_options;
          *game = g_strdup (part_game);
          *seed = part_seed;
          shards = of;
          run_games = part_run_games;
          seen = g_new0 (gboolean, MAX (of, 1) + 1);
        }
      else if (!g_str_equal (part_game, *game) || part_seed != *seed || of != shards
               || part_run_games != run_games || !same_run (result, options, &part, &part_options))
        {
          g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                       _("%s: a shard of another run than %s (game, seed, strategies, games or number of shards differ)"),
                       paths[f], paths[0]);
          return FALSE;
        }
      else
        kv_tournament_result_add (result, &part);
      if (index < 1 || index > shards || seen[index])
        {
          g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s: shard %u of %u is given twice or does not exist"),
                       paths[f], index, shards);
          return FALSE;
        }
      seen[index] = TRUE;
    }
  for (guint k = 1; k <= shards; k++)
    if (!seen[k])
      {
        g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("shard %u of %u is missing"), k, shards);
        return FALSE;
      }
  return TRUE;
}
