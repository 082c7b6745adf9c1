// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-shard.c: shards' --json read and added up (see
 * kv-tournament-shard.h).
 *
 * A shard's --json carries sums (rounds_sum, cards_known_sum,
 * delta_cards_sum, owners_known_sum) beside the means, what its run was set
 * up with (an observer, fixed seats, the end when asked) and which shard of
 * which run it is, so that the shards add up to exactly the figures one run
 * prints. The merge refuses shards of different runs, a shard twice and a
 * missing one.
 */
#define G_LOG_DOMAIN "kv-tournament"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>

#include "kv-error.h"
#include "kv-tournament-shard.h"

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

/* The document @parser holds into @shard. */
static gboolean
read_root (JsonParser *parser, const char *where, KvTournamentShard *shard, GError **error)
{
  JsonNode *node = json_parser_get_root (parser);
  JsonObject *root = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonObject *strategies = member_object (root, "strategies");
  JsonObject *common = member_object (root, "common_knowledge");
  JsonObject *part_of = member_object (root, "shard");
  KvTournamentResult *part = &shard->result;
  g_autoptr(GList) names = NULL;
  guint i = 0;

  if (strategies == NULL || common == NULL || !json_object_has_member (root, "game")
      || !json_object_has_member (common, "cards_known_sum"))
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                   _("%s: not the --json of play --shard K/N (it has no shard, strategies or sums)"), where);
      return FALSE;
    }
  shard->game = g_strdup (json_object_get_string_member (root, "game"));
  shard->seed = member_int (root, "seed");
  shard->index = member_int (part_of, "index");
  shard->of = member_int (part_of, "of");
  shard->run_games = member_int (part_of, "run_games");
  part->games = member_int (root, "games");
  part->no_winner = member_int (root, "no_winner");
  part->delta_total_sum = member_int (common, "delta_cards_sum");
  read_knows (common, &part->common);
  read_set_up (root, part, &shard->options);
  names = json_object_get_members (strategies);
  for (GList *l = names; l != NULL && i < KV_MAX_AGENTS; l = l->next, i++)
    read_tally (member_object (strategies, l->data), l->data, &part->tallies[i]);
  part->n_tallies = i;
  return TRUE;
}

void
kv_tournament_shard_clear (KvTournamentShard *shard)
{
  g_clear_pointer (&shard->game, g_free);
  *shard = (KvTournamentShard) { 0 };
}

gboolean
kv_tournament_shard_load (KvTournamentShard  *shard,
                          const char         *path,
                          GError            **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  kv_tournament_shard_clear (shard);
  return json_parser_load_from_file (parser, path, error) && read_root (parser, path, shard, error);
}

gboolean
kv_tournament_shard_parse (KvTournamentShard  *shard,
                           const char         *data,
                           gssize              length,
                           const char         *where,
                           GError            **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;

  kv_tournament_shard_clear (shard);
  if (!json_parser_load_from_data (parser, data, length, &local))
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, "%s: %s", where, local->message);
      return FALSE;
    }
  return read_root (parser, where, shard, error);
}

/* --- the merge ----------------------------------------------------------- */

struct _KvTournamentMerge
{
  KvTournamentShard  first;         /* its figures: the sum so far */
  char              *first_where;
  gboolean          *seen;          /* [1 .. first.of] */
  guint              added;
};

KvTournamentMerge *
kv_tournament_merge_new (void)
{
  return g_new0 (KvTournamentMerge, 1);
}

void
kv_tournament_merge_free (KvTournamentMerge *merge)
{
  if (merge == NULL)
    return;
  kv_tournament_shard_clear (&merge->first);
  g_free (merge->first_where);
  g_free (merge->seen);
  g_free (merge);
}

/* Whether @part belongs to the run @first described (same game, seed and
 * size, same strategies in the same order, same set-up, same seats). */
static gboolean
same_run (const KvTournamentShard *first, const KvTournamentShard *part)
{
  const KvTournamentResult *a = &first->result, *b = &part->result;

  if (!g_str_equal (first->game, part->game) || first->seed != part->seed || first->of != part->of
      || first->run_games != part->run_games
      || a->n_tallies != b->n_tallies || a->n_seats != b->n_seats
      || first->options.observer != part->options.observer
      || first->options.fixed_seats != part->options.fixed_seats
      || first->options.end_when_first_asks != part->options.end_when_first_asks)
    return FALSE;
  for (guint s = 0; s < a->n_seats; s++)
    if (a->seats[s].name != b->seats[s].name)
      return FALSE;
  for (guint i = 0; i < a->n_tallies; i++)
    if (a->tallies[i].name != b->tallies[i].name)
      return FALSE;
  return TRUE;
}

gboolean
kv_tournament_merge_add (KvTournamentMerge        *merge,
                         const KvTournamentShard  *shard,
                         const char               *where,
                         GError                  **error)
{
  if (shard->of == 0)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                   _("%s: not the --json of play --shard K/N (it has no shard, strategies or sums)"), where);
      return FALSE;
    }
  if (merge->added == 0)
    {
      merge->first = *shard;
      merge->first.game = g_strdup (shard->game);
      merge->first_where = g_strdup (where);
      merge->seen = g_new0 (gboolean, shard->of + 1);
    }
  else if (!same_run (&merge->first, shard))
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                   _("%s: a shard of another run than %s (game, seed, strategies, games or number of shards differ)"),
                   where, merge->first_where);
      return FALSE;
    }
  if (shard->index < 1 || shard->index > merge->first.of || merge->seen[shard->index])
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s: shard %u of %u is given twice or does not exist"),
                   where, shard->index, merge->first.of);
      return FALSE;
    }
  if (merge->added > 0)
    kv_tournament_result_add (&merge->first.result, &shard->result);
  merge->seen[shard->index] = TRUE;
  merge->added++;
  return TRUE;
}

gboolean
kv_tournament_merge_check (const KvTournamentMerge  *merge,
                           GError                  **error)
{
  for (guint k = 1; k <= merge->first.of; k++)
    if (!merge->seen[k])
      {
        g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("shard %u of %u is missing"), k, merge->first.of);
        return FALSE;
      }
  return TRUE;
}

const KvTournamentResult *
kv_tournament_merge_get_result (const KvTournamentMerge *merge)
{
  return &merge->first.result;
}

const KvTournamentShard *
kv_tournament_merge_get_first (const KvTournamentMerge *merge)
{
  return &merge->first;
}
