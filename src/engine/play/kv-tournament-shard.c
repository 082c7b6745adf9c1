// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-shard.c: shards' --json read and added up (see
 * kv-tournament-shard.h).
 *
 * A shard's --json carries sums (rounds_sum, cards_known_sum,
 * delta_cards_sum, owners_known_sum) beside the means, what its run was set
 * up with (an observer, fixed seats, the end when asked) and which shard of
 * which run it is, so that the shards add up to exactly the figures one run
 * prints.
 *
 * A document is read only once kv-json.h has found it safe for json-glib,
 * and every member it has is checked for its type and for what play
 * guarantees of it (a tally's wins are at most its games, its wins by
 * rounds add up to its wins and its rounds_sum, the games are won, ended
 * by agent 1's ask or neither, …), so that what is added up and printed is
 * what some run played. The merge refuses shards of different runs, a
 * shard twice and a missing one.
 */
#define G_LOG_DOMAIN "kv-tournament"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kv-error.h"
#include "kv-json.h"
#include "kv-read.h"
#include "kv-strategy.h"
#include "kv-tournament-shard.h"

/* The format nests four deep (strategies.NAME.rounds): twice that is
 * refused before json-glib recurses into it. */
#define MAX_DEPTH 8

/* Reading one document: the name it goes by in messages, and where the
 * first error goes. */
typedef struct {
  const char  *where;
  GError     **error;
} Reader;

/* Sets "WHERE: error: MESSAGE", cut to an excerpt where it quotes the
 * document, its control characters escaped (a strategy "del\n…" keeps the
 * error on one line); FALSE. */
G_GNUC_PRINTF (2, 3)
static gboolean
fail (Reader *r, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  return kv_read_fail (r->error, KV_ERROR_SYNTAX, "%s: error: %s", r->where, message);
}

/* "PARENT.NAME" (PARENT NULL: the document's root), for messages. */
static char *
path_of (const char *parent, const char *name)
{
  return parent != NULL ? g_strconcat (parent, ".", name, NULL) : g_strdup (name);
}

/* The member @name of @o, which must be there and of the type @is tells,
 * said as @type_name; NULL with the error set otherwise. */
static JsonNode *
typed_member (Reader *r, JsonObject *o, const char *parent, const char *name,
              gboolean (*is) (JsonNode *node), const char *type_name)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = NULL;

  if (node != NULL && is (node))
    return node;
  path = path_of (parent, name);
  if (node == NULL)
    fail (r, _("“%s” is missing"), path);
  else
    fail (r, _("“%s” must be %s"), path, _(type_name));
  return NULL;
}

static gboolean
is_object (JsonNode *node)
{
  return JSON_NODE_HOLDS_OBJECT (node);
}

static gboolean
is_array (JsonNode *node)
{
  return JSON_NODE_HOLDS_ARRAY (node);
}

static gboolean
is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_integer (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

/* A mean printed beside its sums: the merge works the means out again
 * from the sums, so a mean is checked only for being one. */
static gboolean
is_mean (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node)
         && (json_node_get_value_type (node) == G_TYPE_INT64 || json_node_get_value_type (node) == G_TYPE_DOUBLE)
         && json_node_get_double (node) >= 0;
}

static JsonObject *
object_member (Reader *r, JsonObject *o, const char *parent, const char *name)
{
  JsonNode *node = typed_member (r, o, parent, name, is_object, N_("an object"));

  return node != NULL ? json_node_get_object (node) : NULL;
}

/* The means @names (NULL-terminated) of @o. */
static gboolean
check_means (Reader *r, JsonObject *o, const char *parent, const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (typed_member (r, o, parent, names[i], is_mean, N_("a number, 0 or more")) == NULL)
      return FALSE;
  return TRUE;
}

/* The count @name of @o into @out: a whole number from @min to @max (the
 * bounds the format guarantees, at most G_MAXUINT). */
static gboolean
read_count (Reader *r, JsonObject *o, const char *parent, const char *name, guint min, guint max, guint *out)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *path = NULL;

  if (node != NULL && is_integer (node) && json_node_get_int (node) >= min && json_node_get_int (node) <= max)
    {
      *out = (guint) json_node_get_int (node);
      return TRUE;
    }
  path = path_of (parent, name);
  if (node == NULL)
    return fail (r, _("“%s” is missing"), path);
  return fail (r, _("“%s” must be a whole number from %u to %u"), path, min, max);
}

/* The same for a sum kept as a guint64. */
static gboolean
read_sum (Reader *r, JsonObject *o, const char *parent, const char *name, guint min, guint max, guint64 *out)
{
  guint value;

  if (!read_count (r, o, parent, name, min, max, &value))
    return FALSE;
  *out = value;
  return TRUE;
}

/* A strategy named in the document: one play knows. */
static const KvStrategy *
read_strategy (Reader *r, const char *path, const char *name)
{
  const KvStrategy *strategy = kv_strategy_find (name);

  if (strategy == NULL)
    fail (r, _("“%s”: unknown strategy “%s”"), path, name);
  return strategy;
}

/* "rounds": {"R": wins in R rounds, …} of a tally whose wins and
 * rounds_sum are read: they must add up to both. */
static gboolean
read_by_rounds (Reader *r, JsonObject *o, const char *path, KvTournamentTally *t)
{
  g_autofree char *rounds_path = path_of (path, "rounds");
  JsonObject *rounds = object_member (r, o, path, "rounds");
  g_autoptr(GList) keys = NULL;
  guint64 wins = 0, rounds_sum = 0;

  if (rounds == NULL)
    return FALSE;
  keys = json_object_get_members (rounds);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *key = l->data;
      guint64 taken;
      guint count;

      /* As play writes them: no sign, no leading zero. */
      if (!g_ascii_isdigit (key[0]) || key[0] == '0'
          || !g_ascii_string_to_unsigned (key, 10, 1, KV_TOURNAMENT_MAX_ROUNDS, &taken, NULL))
        return fail (r, _("“%s”: “%s” is not a number of rounds from 1 to %u"), rounds_path, key,
                     KV_TOURNAMENT_MAX_ROUNDS);
      if (!read_count (r, rounds, rounds_path, key, 0, t->wins, &count))
        return FALSE;
      t->by_rounds[taken] = count;
      wins += count;
      rounds_sum += taken * count;
    }
  /* At most KV_TOURNAMENT_MAX_ROUNDS counts of at most t->wins each: the
   * sums fit a guint, and once the wins agree so does the rounds'. */
  if (wins != t->wins)
    {
      g_autofree char *wins_path = path_of (path, "wins");

      return fail (r, _("“%s” adds up to %u, not “%s” (%u)"), rounds_path, (guint) wins, wins_path, t->wins);
    }
  if (rounds_sum != t->rounds_sum)
    {
      g_autofree char *sum_path = path_of (path, "rounds_sum");

      return fail (r, _("“%s” is %u, but the wins in “%s” took %u rounds"), sum_path, (guint) t->rounds_sum,
                   rounds_path, (guint) rounds_sum);
    }
  return TRUE;
}

/* "suggestions": {"made", "with_own_card", "unanswered", "won_unanswered"}:
 * at most one a turn, so at most KV_TOURNAMENT_MAX_ROUNDS a seat. */
static gboolean
read_suggestions (Reader *r, JsonObject *o, const char *path, KvTournamentTally *t)
{
  g_autofree char *suggestions_path = path_of (path, "suggestions");
  JsonObject *s = object_member (r, o, path, "suggestions");

  return s != NULL
         && read_count (r, s, suggestions_path, "made", 0, t->seats * KV_TOURNAMENT_MAX_ROUNDS, &t->suggestions)
         && read_count (r, s, suggestions_path, "with_own_card", 0, t->suggestions, &t->own_card)
         && read_count (r, s, suggestions_path, "unanswered", 0, t->suggestions, &t->unanswered)
         && read_count (r, s, suggestions_path, "won_unanswered", 0, MIN (t->unanswered, t->wins), &t->won_unanswered);
}

/* strategies.NAME of a document of @games games into @t. */
static gboolean
read_tally (Reader *r, JsonObject *strategies, const char *name, guint games, KvTournamentTally *t)
{
  static const char *const means[] = { "win_share", "mean_rounds", NULL };
  g_autofree char *path = path_of ("strategies", name);
  const KvStrategy *strategy = read_strategy (r, "strategies", name);
  JsonObject *o = strategy != NULL ? object_member (r, strategies, "strategies", name) : NULL;

  if (o == NULL)
    return FALSE;
  t->name = strategy->name;
  return read_count (r, o, path, "seats", 0, games * KV_MAX_AGENTS, &t->seats)
         && read_count (r, o, path, "wins", 0, MIN (games, t->seats), &t->wins)
         && read_sum (r, o, path, "rounds_sum", t->wins, t->wins * KV_TOURNAMENT_MAX_ROUNDS, &t->rounds_sum)
         && read_by_rounds (r, o, path, t)
         && read_suggestions (r, o, path, t)
         && check_means (r, o, path, means);
}

static gboolean
read_tallies (Reader *r, JsonObject *root, KvTournamentResult *part)
{
  JsonObject *strategies = object_member (r, root, NULL, "strategies");
  g_autoptr(GList) names = NULL;
  guint64 wins = 0;
  guint i = 0;

  if (strategies == NULL)
    return FALSE;
  if (json_object_get_size (strategies) < 1 || json_object_get_size (strategies) > KV_MAX_AGENTS)
    return fail (r, _("“%s” must hold from 1 to %u strategies"), "strategies", KV_MAX_AGENTS);
  names = json_object_get_members (strategies);
  for (GList *l = names; l != NULL && i < KV_MAX_AGENTS; l = l->next, i++)
    {
      KvTournamentTally *t = &part->tallies[i];

      if (!read_tally (r, strategies, l->data, part->games, t))
        return FALSE;
      wins += t->wins;
    }
  part->n_tallies = i;
  /* A game is won by one player, ended by agent 1's ask, or neither. */
  if (wins + part->no_winner + part->ended_by_ask != part->games)
    return fail (r, _("the strategies' wins and the games without a winner add up to %u, not “games” (%u)"),
                 (guint) (wins + part->no_winner + part->ended_by_ask), part->games);
  return TRUE;
}

/* What one agent knew, summed over @games games (@owners: the observer's,
 * which counts the owners it knew too), and δ's cards in those games in
 * @delta_total. The cards of δ it knew are at most δ's; δ's and the owners
 * known at most KV_MAX_CARDS a game. */
static gboolean
read_knows (Reader *r, JsonObject *parent, const char *parent_path, const char *name, guint games,
            gboolean owners, KvTournamentKnows *k, guint *delta_total)
{
  static const char *const means[] = { "mean_cards_known", "delta_cards", NULL };
  static const char *const owner_means[] = { "mean_owners_known", NULL };
  g_autofree char *path = path_of (parent_path, name);
  JsonObject *o = object_member (r, parent, parent_path, name);

  return o != NULL
         && read_count (r, o, path, "delta_cards_sum", 0, games * KV_MAX_CARDS, delta_total)
         && read_sum (r, o, path, "cards_known_sum", 0, *delta_total, &k->delta_known_sum)
         && read_count (r, o, path, "knew_delta", 0, games, &k->knew_delta)
         && check_means (r, o, path, means)
         && (!owners
             || (read_sum (r, o, path, "owners_known_sum", 0, games * KV_MAX_CARDS, &k->owners_known_sum)
                 && check_means (r, o, path, owner_means)));
}

static gboolean
read_common (Reader *r, JsonObject *root, KvTournamentResult *part)
{
  guint delta_total;

  if (!read_knows (r, root, NULL, "common_knowledge", part->games, FALSE, &part->common, &delta_total))
    return FALSE;
  part->delta_total_sum = delta_total;
  return TRUE;
}

/* observer.@name: what the observer knew, of the same δ as the players. */
static gboolean
read_observer_knows (Reader *r, JsonObject *observer, const char *name, KvTournamentResult *part,
                     KvTournamentKnows *k)
{
  guint delta_total;

  if (!read_knows (r, observer, "observer", name, part->games, TRUE, k, &delta_total))
    return FALSE;
  if (delta_total != part->delta_total_sum)
    {
      g_autofree char *path = g_strdup_printf ("observer.%s.delta_cards_sum", name);

      return fail (r, _("“%s” is %u, not “%s” (%u)"), path, delta_total,
                   "common_knowledge.delta_cards_sum", (guint) part->delta_total_sum);
    }
  return TRUE;
}

static gboolean
read_observer (Reader *r, JsonObject *root, KvTournamentResult *part)
{
  JsonObject *observer = object_member (r, root, NULL, "observer");

  return observer != NULL
         && read_observer_knows (r, observer, "before_last_step", part, &part->observer_before)
         && read_observer_knows (r, observer, "end", part, &part->observer_end);
}

/* Whether a tally of @part is the strategy @name's (static, as
 * kv_strategy_find gives it). */
static gboolean
has_tally (const KvTournamentResult *part, const char *name)
{
  for (guint i = 0; i < part->n_tallies; i++)
    if (part->tallies[i].name == name)
      return TRUE;
  return FALSE;
}

/* seats[@a]: a strategy among "strategies", the games it won or asked δ
 * in, and the rounds until then (from 1 to KV_TOURNAMENT_MAX_ROUNDS a game). */
static gboolean
read_seat (Reader *r, JsonArray *seats, guint a, KvTournamentResult *part)
{
  static const char *const means[] = { "mean_rounds", NULL };
  g_autofree char *path = g_strdup_printf ("seats[%u]", a);
  g_autofree char *strategy_path = path_of (path, "strategy");
  JsonNode *node = json_array_get_element (seats, a);
  KvTournamentSeat *seat = &part->seats[a];
  const KvStrategy *strategy;
  JsonObject *o;
  JsonNode *name;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (r, _("“%s” must be %s"), path, _("an object"));
  o = json_node_get_object (node);
  name = typed_member (r, o, path, "strategy", is_string, N_("a string"));
  strategy = name != NULL ? read_strategy (r, strategy_path, json_node_get_string (name)) : NULL;
  if (strategy == NULL)
    return FALSE;
  if (!has_tally (part, strategy->name))
    return fail (r, _("“%s”: “%s” is not one of “strategies”"), strategy_path, strategy->name);
  seat->name = strategy->name;
  return read_count (r, o, path, "won_or_asked_delta", 0, part->games, &seat->done)
         && read_sum (r, o, path, "rounds_sum", seat->done, seat->done * KV_TOURNAMENT_MAX_ROUNDS, &seat->rounds_sum)
         && check_means (r, o, path, means);
}

static gboolean
read_seats (Reader *r, JsonObject *root, KvTournamentResult *part)
{
  JsonNode *node = typed_member (r, root, NULL, "seats", is_array, N_("an array"));
  JsonArray *seats = node != NULL ? json_node_get_array (node) : NULL;

  if (seats == NULL)
    return FALSE;
  if (json_array_get_length (seats) < 1 || json_array_get_length (seats) > KV_MAX_AGENTS)
    return fail (r, _("“%s” must hold from 1 to %u strategies"), "seats", KV_MAX_AGENTS);
  part->n_seats = json_array_get_length (seats);
  for (guint a = 0; a < part->n_seats; a++)
    if (!read_seat (r, seats, a, part))
      return FALSE;
  return TRUE;
}

/* Every game seats every player once: the seats add up to the games times
 * the players (the seats listed, with fixed seats; otherwise as many as
 * make the sum, at least one a strategy). */
static gboolean
check_seat_total (Reader *r, const KvTournamentResult *part, gboolean fixed_seats)
{
  guint64 seats = 0;
  guint players;

  for (guint i = 0; i < part->n_tallies; i++)
    seats += part->tallies[i].seats;
  players = part->games > 0 ? (guint) (seats / part->games) : part->n_tallies;
  if (fixed_seats)
    players = part->n_seats;
  if (seats != (guint64) part->games * players || players < part->n_tallies || players > KV_MAX_AGENTS)
    return fail (r, _("the strategies' seats add up to %u, not “games” (%u) times the number of players"),
                 (guint) seats, part->games);
  return TRUE;
}

/* "shard": {"index": K, "of": N, "run_games": G} into @shard, and its
 * games: those g < G with g mod N = K - 1. */
static gboolean
read_shard (Reader *r, JsonObject *root, KvTournamentShard *shard, guint *shard_games)
{
  JsonObject *part_of;

  if (!json_object_has_member (root, "shard"))
    return TRUE;
  part_of = object_member (r, root, NULL, "shard");
  if (part_of == NULL
      || !read_count (r, part_of, "shard", "of", 1, KV_TOURNAMENT_MAX_SHARDS, &shard->of)
      || !read_count (r, part_of, "shard", "index", 1, shard->of, &shard->index)
      || !read_count (r, part_of, "shard", "run_games", 1, KV_TOURNAMENT_MAX_GAMES, &shard->run_games))
    return FALSE;
  *shard_games = shard->run_games / shard->of + (shard->index - 1 < shard->run_games % shard->of ? 1 : 0);
  return TRUE;
}

/* The game, seed, shard and game count of the document into @shard. */
static gboolean
read_run (Reader *r, JsonObject *root, KvTournamentShard *shard)
{
  JsonNode *game = typed_member (r, root, NULL, "game", is_string, N_("a string"));
  KvTournamentResult *part = &shard->result;
  guint shard_games = KV_TOURNAMENT_MAX_GAMES, seed;

  if (game == NULL)
    return FALSE;
  shard->game = g_strdup (json_node_get_string (game));
  if (!read_count (r, root, NULL, "seed", 0, G_MAXUINT32, &seed) || !read_shard (r, root, shard, &shard_games)
      || !read_count (r, root, NULL, "games", shard->of > 0 ? 0 : 1, KV_TOURNAMENT_MAX_GAMES, &part->games))
    return FALSE;
  shard->seed = seed;
  if (shard->of > 0 && part->games != shard_games)
    return fail (r, _("“games” is %u, but shard %u of %u of a %u-game run has %u"), part->games, shard->index,
                 shard->of, shard->run_games, shard_games);
  return TRUE;
}

/* The document's root into @shard: its run, then its figures, each
 * checked against what play writes. */
static gboolean
read_root (Reader *r, JsonObject *root, KvTournamentShard *shard)
{
  KvTournamentResult *part = &shard->result;
  KvPlayOptions *options = &shard->options;

  options->observer = json_object_has_member (root, "observer");
  options->fixed_seats = json_object_has_member (root, "seats");
  options->end_when_first_asks = json_object_has_member (root, "ended_when_agent_1_asked_delta");
  return read_run (r, root, shard)
         && read_count (r, root, NULL, "no_winner", 0, part->games, &part->no_winner)
         && (!options->end_when_first_asks
             || read_count (r, root, NULL, "ended_when_agent_1_asked_delta", 0, part->games, &part->ended_by_ask))
         && read_tallies (r, root, part)
         && read_common (r, root, part)
         && (!options->observer || read_observer (r, root, part))
         && (!options->fixed_seats || read_seats (r, root, part))
         && check_seat_total (r, part, options->fixed_seats);
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
  g_autoptr(GError) inner = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  kv_tournament_shard_clear (shard);
  /* As a script is read: a FIFO or /dev/zero is given up, not waited on
   * or held whole. */
  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_TIME_MS, &length, &inner);
  if (text == NULL)
    {
      Reader r = { path, error };

      return fail (&r, "%s", inner->message);
    }
  return kv_tournament_shard_parse (shard, text, length, path, error);
}

gboolean
kv_tournament_shard_parse (KvTournamentShard  *shard,
                           const char         *data,
                           gssize              length,
                           const char         *where,
                           GError            **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) inner = NULL;
  Reader r = { where, error };

  g_return_val_if_fail (shard != NULL && data != NULL && where != NULL, FALSE);

  kv_tournament_shard_clear (shard);
  parser = kv_json_parse_object (data, length < 0 ? strlen (data) : (gsize) length, MAX_DEPTH,
                                 _("the --json of play --shard K/N"), &inner);
  if (parser == NULL)
    return fail (&r, "%s", inner->message);
  if (!read_root (&r, json_node_get_object (json_parser_get_root (parser)), shard))
    {
      kv_tournament_shard_clear (shard);
      return FALSE;
    }
  return TRUE;
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
  Reader r = { where, error };

  g_return_val_if_fail (merge != NULL && shard != NULL && shard->index <= shard->of, FALSE);

  if (shard->of == 0)
    return fail (&r, _("not the --json of play --shard K/N: it has no “shard”"));
  if (merge->added == 0)
    {
      merge->first = *shard;
      merge->first.game = g_strdup (shard->game);
      merge->first_where = g_strdup (where);
      merge->seen = g_new0 (gboolean, shard->of + 1);
    }
  else if (!same_run (&merge->first, shard))
    return fail (&r, _("a shard of another run than %s (game, seed, strategies, games or number of shards differ)"),
                 merge->first_where);
  if (merge->seen[shard->index])
    return fail (&r, _("shard %u of %u is given twice"), shard->index, merge->first.of);
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
