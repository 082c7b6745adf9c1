// SPDX-License-Identifier: GPL-3.0-or-later
/* test-tournament-shard.c: the shards' --json read back and added up
 * (kv-tournament-shard.h), as `play --merge` and the window's Tournament
 * do: two shards of a run add up to it, and a document play did not write
 * is refused with a message naming where it came from and the member at
 * fault, never with a crash or a GLib warning (fatal here). */
#include "config.h"

#include "kv-test-util.h"
#include "kv-tournament-shard.h"

#define WHERE "shard.json"

/* `play clue11 --agents naive,del,del+ --games 10 --seed 5 --json
 * --shard K/2`, K = 1 and 2. */
#define SHARD_1 \
  "{\n  \"game\": \"clue11\",\n  \"games\": 5,\n  \"seed\": 5,\n" \
  "  \"shard\": {\"index\": 1, \"of\": 2, \"run_games\": 10},\n  \"no_winner\": 0,\n  \"strategies\": {\n" \
  "    \"naive\": {\"seats\": 5, \"wins\": 1, \"win_share\": 0.2, \"mean_rounds\": 1, \"rounds_sum\": 1, " \
  "\"rounds\": {\"1\": 1}, \"suggestions\": {\"made\": 10, \"with_own_card\": 0, \"unanswered\": 1, \"won_unanswered\": 1}},\n" \
  "    \"del\": {\"seats\": 5, \"wins\": 1, \"win_share\": 0.2, \"mean_rounds\": 3, \"rounds_sum\": 3, " \
  "\"rounds\": {\"3\": 1}, \"suggestions\": {\"made\": 10, \"with_own_card\": 0, \"unanswered\": 1, \"won_unanswered\": 1}},\n" \
  "    \"del+\": {\"seats\": 5, \"wins\": 3, \"win_share\": 0.6, \"mean_rounds\": 2.667, \"rounds_sum\": 8, " \
  "\"rounds\": {\"2\": 2, \"4\": 1}, \"suggestions\": {\"made\": 11, \"with_own_card\": 10, \"unanswered\": 6, \"won_unanswered\": 3}}\n" \
  "  },\n  \"common_knowledge\": {\"knew_delta\": 3, \"mean_cards_known\": 1.6, \"delta_cards\": 2, " \
  "\"cards_known_sum\": 8, \"delta_cards_sum\": 10}\n}\n"
#define SHARD_2 \
  "{\n  \"game\": \"clue11\",\n  \"games\": 5,\n  \"seed\": 5,\n" \
  "  \"shard\": {\"index\": 2, \"of\": 2, \"run_games\": 10},\n  \"no_winner\": 0,\n  \"strategies\": {\n" \
  "    \"naive\": {\"seats\": 5, \"wins\": 1, \"win_share\": 0.2, \"mean_rounds\": 1, \"rounds_sum\": 1, " \
  "\"rounds\": {\"1\": 1}, \"suggestions\": {\"made\": 10, \"with_own_card\": 0, \"unanswered\": 1, \"won_unanswered\": 1}},\n" \
  "    \"del\": {\"seats\": 5, \"wins\": 4, \"win_share\": 0.8, \"mean_rounds\": 2.75, \"rounds_sum\": 11, " \
  "\"rounds\": {\"1\": 1, \"3\": 2, \"4\": 1}, \"suggestions\": {\"made\": 11, \"with_own_card\": 0, \"unanswered\": 3, \"won_unanswered\": 3}},\n" \
  "    \"del+\": {\"seats\": 5, \"wins\": 0, \"win_share\": 0, \"mean_rounds\": 0, \"rounds_sum\": 0, " \
  "\"rounds\": {}, \"suggestions\": {\"made\": 8, \"with_own_card\": 8, \"unanswered\": 2, \"won_unanswered\": 0}}\n" \
  "  },\n  \"common_knowledge\": {\"knew_delta\": 3, \"mean_cards_known\": 1.6, \"delta_cards\": 2, " \
  "\"cards_known_sum\": 8, \"delta_cards_sum\": 10}\n}\n"

/* @text with its first @from made @to (which must be there). */
static char *
edited (const char *text, const char *from, const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
parse (KvTournamentShard *shard, const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_tournament_shard_parse (shard, text, -1, WHERE, &error));
  g_assert_no_error (error);
}

static void
test_merge (void)
{
  g_autoptr(KvTournamentMerge) merge = kv_tournament_merge_new ();
  g_auto(KvTournamentShard) first = { 0 };
  g_auto(KvTournamentShard) second = { 0 };
  g_autoptr(GError) error = NULL;
  const KvTournamentResult *sum;

  parse (&second, SHARD_2);
  parse (&first, SHARD_1);
  g_assert_true (kv_tournament_merge_add (merge, &second, "2.json", &error));
  g_assert_true (kv_tournament_merge_add (merge, &first, "1.json", &error));
  g_assert_true (kv_tournament_merge_check (merge, &error));
  g_assert_no_error (error);
  sum = kv_tournament_merge_get_result (merge);
  g_assert_cmpuint (sum->games, ==, 10);
  g_assert_cmpuint (sum->n_tallies, ==, 3);
  g_assert_cmpstr (sum->tallies[1].name, ==, "del");
  g_assert_cmpuint (sum->tallies[1].wins, ==, 5);
  g_assert_cmpuint (sum->tallies[1].rounds_sum, ==, 14);
  g_assert_cmpuint (sum->tallies[1].by_rounds[3], ==, 3);
  g_assert_cmpuint (sum->common.delta_known_sum, ==, 16);
  g_assert_cmpstr (kv_tournament_merge_get_first (merge)->game, ==, "clue11");
}

/* What play never writes, each refused naming the member. */
static void
test_refused (void)
{
  static const struct { const char *from, *to, *message; } cases[] = {
    { "\"game\": \"clue11\"", "\"game\": 5", "“game” must be a string" },
    { "\"game\": \"clue11\"", "\"game\": {}", "“game” must be a string" },
    { "\"game\": \"clue11\",", "", "“game” is missing" },
    { "\"games\": 5", "\"games\": \"x\"", "“games” must be a whole number from 0 to 1000000" },
    { "\"games\": 5", "\"games\": 4", "“games” is 4, but shard 1 of 2 of a 10-game run has 5" },
    { "\"seed\": 5", "\"seed\": 4294967296", "“seed” must be a whole number from 0 to 4294967295" },
    { "\"of\": 2", "\"of\": 4294967295", "“shard.of” must be a whole number from 1 to 1000000" },
    { "\"index\": 1", "\"index\": 3", "“shard.index” must be a whole number from 1 to 2" },
    { "\"wins\": 3", "\"wins\": 1000000", "“strategies.del+.wins” must be a whole number from 0 to 5" },
    { "\"wins\": 3", "\"wins\": -5", "“strategies.del+.wins” must be a whole number from 0 to 5" },
    { "\"wins\": 3", "\"wins\": 1e308", "“strategies.del+.wins” must be a whole number from 0 to 5" },
    { "\"wins\": 3", "\"wins\": 99999999999999999999", "the number “99999999999999999999” at line" },
    { "{\"2\": 2, \"4\": 1}", "{\"abc\": 2, \"4\": 1}", "“strategies.del+.rounds”: “abc” is not a number of rounds from 1 to 100" },
    { "{\"2\": 2, \"4\": 1}", "{\"+2\": 2, \"4\": 1}", "“+2” is not a number of rounds" },
    { "{\"2\": 2, \"4\": 1}", "{\"02\": 2, \"4\": 1}", "“02” is not a number of rounds" },
    { "{\"2\": 2, \"4\": 1}", "{\"2\": 1, \"4\": 1}", "“strategies.del+.rounds” adds up to 2, not “strategies.del+.wins” (3)" },
    { "{\"2\": 2, \"4\": 1}", "{\"3\": 2, \"1\": 1}", "“strategies.del+.rounds_sum” is 8, but the wins in “strategies.del+.rounds” took 7 rounds" },
    { "\"unanswered\": 6, \"won_unanswered\": 3", "\"unanswered\": 2, \"won_unanswered\": 3",
      "“strategies.del+.suggestions.won_unanswered” must be a whole number from 0 to 2" },
    { "\"made\": 11", "\"made\": 501", "“strategies.del+.suggestions.made” must be a whole number from 0 to 500" },
    { "\"mean_rounds\": 1,", "\"mean_rounds\": \"x\",", "“strategies.naive.mean_rounds” must be a number, 0 or more" },
    { "\"naive\": {", "\"clever\": {", "“strategies”: unknown strategy “clever”" },
    { "\"naive\": {", "\"\\u001b[2Jdel\\n\": {", "“strategies”: unknown strategy “\\e[2Jdel\\n”" },
    { "\"naive\": {\"seats\": 5", "\"naive\": {\"seats\": 6", "seats add up to 16, not “games” (5)" },
    { "\"no_winner\": 0", "\"no_winner\": 1", "add up to 6, not “games” (5)" },
    { "\"cards_known_sum\": 8", "\"cards_known_sum\": 11", "“common_knowledge.cards_known_sum” must be a whole number from 0 to 10" },
    { "\"common_knowledge\"", "\"common\"", "“common_knowledge” is missing" },
    { "\n}\n", ", \"observer\": 1\n}\n", "“observer” must be an object" },
    { "\n}\n", ", \"seats\": [{\"strategy\": [1]}]\n}\n", "“seats[0].strategy” must be a string" },
    { "\n}\n", ", \"seats\": [{\"strategy\": \"random\"}]\n}\n", "“seats[0].strategy”: “random” is not one of “strategies”" },
    { "{\n  \"game\"", "[{\n  \"game\"", "not the --json of play --shard K/N: the document must be a JSON object" },
    { "\n}\n", "\n}\n{}", "there is more after the JSON object" },
    { "clue11", "clue\377", "the file is not UTF-8 text" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = edited (SHARD_1, cases[i].from, cases[i].to);
      g_auto(KvTournamentShard) shard = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *shown = g_strescape (cases[i].to, NULL);   /* TAP reads UTF-8 */

      g_test_message ("case %u: %s", i, shown);
      g_assert_false (kv_tournament_shard_parse (&shard, text, -1, WHERE, &error));
      g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, WHERE ": error: "));
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_assert_null (shard.game);
    }
}

static void
test_deep (void)
{
  g_auto(KvTournamentShard) shard = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ']');
  g_assert_false (kv_tournament_shard_parse (&shard, text->str, text->len, WHERE, &error));
  g_assert_nonnull (strstr (error->message, WHERE ": error: arrays and objects are nested more than"));
}

/* The merge's own refusals: not a shard, another run's, one twice. */
static void
test_merge_refused (void)
{
  g_autoptr(KvTournamentMerge) merge = kv_tournament_merge_new ();
  g_auto(KvTournamentShard) first = { 0 };
  g_auto(KvTournamentShard) whole = { 0 };
  g_auto(KvTournamentShard) other = { 0 };
  g_autofree char *whole_text = edited (SHARD_1, "  \"shard\": {\"index\": 1, \"of\": 2, \"run_games\": 10},\n", "");
  g_autofree char *other_text = edited (SHARD_2, "\"seed\": 5", "\"seed\": 6");
  g_autoptr(GError) error = NULL;

  /* A whole run's --json reads (the window compares with it), but is no
   * shard to merge. */
  parse (&whole, whole_text);
  g_assert_false (kv_tournament_merge_add (merge, &whole, "whole.json", &error));
  g_assert_cmpstr (error->message, ==, "whole.json: error: not the --json of play --shard K/N: it has no “shard”");
  g_clear_error (&error);

  parse (&first, SHARD_1);
  parse (&other, other_text);
  g_assert_true (kv_tournament_merge_add (merge, &first, "1.json", &error));
  g_assert_false (kv_tournament_merge_add (merge, &first, "again.json", &error));
  g_assert_nonnull (strstr (error->message, "again.json: error: shard 1 of 2 is given twice"));
  g_clear_error (&error);
  g_assert_false (kv_tournament_merge_add (merge, &other, "6.json", &error));
  g_assert_nonnull (strstr (error->message, "6.json: error: a shard of another run than 1.json"));
  g_clear_error (&error);
  g_assert_false (kv_tournament_merge_check (merge, &error));
  g_assert_nonnull (strstr (error->message, "shard 2 of 2 is missing"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tournament-shard/merge", test_merge);
  g_test_add_func ("/tournament-shard/refused", test_refused);
  g_test_add_func ("/tournament-shard/deep", test_deep);
  g_test_add_func ("/tournament-shard/merge-refused", test_merge_refused);
  return g_test_run ();
}
