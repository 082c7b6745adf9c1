// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-shard: a shard's --json as `play --merge` and the window's
 * Tournament read it (kv_tournament_shard_parse) on arbitrary bytes. What
 * is refused must say so in "shard.json: error: …", one line of at most
 * 1000 characters without control characters; what reads must hold what play guarantees (the games are won
 * or not, the wins by rounds add up), and merge: added once, refused the
 * second time. LeakSanitizer checks every error path frees what json-glib
 * made. */
#include "fuzz-common.h"
#include "kv-tournament-shard.h"

#define WHERE "shard.json"
#define MESSAGE_MAX 1001  /* kv_read_shorten's 1000 characters and "…" */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

static void
check_read (const KvTournamentShard *shard)
{
  const KvTournamentResult *part = &shard->result;
  guint64 wins = 0;

  FUZZ_ASSERT (shard->game != NULL, "no game");
  FUZZ_ASSERT (part->n_tallies >= 1 && part->n_tallies <= KV_MAX_AGENTS, "%u tallies", part->n_tallies);
  for (guint i = 0; i < part->n_tallies; i++)
    {
      const KvTournamentTally *t = &part->tallies[i];
      guint64 by_rounds = 0;

      FUZZ_ASSERT (kv_strategy_find (t->name) != NULL, "tally of “%s”", t->name);
      FUZZ_ASSERT (t->wins <= part->games, "%u wins in %u games", t->wins, part->games);
      for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
        by_rounds += t->by_rounds[r];
      FUZZ_ASSERT (by_rounds == t->wins, "wins by rounds %" G_GUINT64_FORMAT ", wins %u", by_rounds, t->wins);
      wins += t->wins;
    }
  FUZZ_ASSERT (wins + part->no_winner + part->ended_by_ask == part->games, "games do not add up");
  FUZZ_ASSERT (shard->of == 0 || (shard->index >= 1 && shard->index <= shard->of), "shard %u of %u",
               shard->index, shard->of);
}

static void
check_merge (const KvTournamentShard *shard)
{
  g_autoptr(KvTournamentMerge) merge = kv_tournament_merge_new ();
  g_autoptr(GError) error = NULL;
  gboolean added = kv_tournament_merge_add (merge, shard, WHERE, &error);

  FUZZ_ASSERT (added == (shard->of > 0), "a shard %u of %u %s", shard->index, shard->of,
               added ? "added" : "refused");
  if (!added)
    return;
  FUZZ_ASSERT (!kv_tournament_merge_add (merge, shard, WHERE, &error), "a shard added twice");
  FUZZ_ASSERT (strstr (error->message, "twice") != NULL, "twice said as: %s", error->message);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_auto(KvTournamentShard) shard = { 0 };
  g_autoptr(GError) error = NULL;

  if (!kv_tournament_shard_parse (&shard, (const char *) data, size, WHERE, &error))
    {
      FUZZ_ASSERT (error != NULL, "no error set");
      FUZZ_ASSERT (g_str_has_prefix (error->message, WHERE ": error: "), "message without the file: %s",
                   error->message);
      FUZZ_ASSERT (g_utf8_strlen (error->message, -1) <= MESSAGE_MAX, "a %ld-character message",
                   g_utf8_strlen (error->message, -1));
      for (const char *p = error->message; *p != '\0'; p++)
        FUZZ_ASSERT (!g_ascii_iscntrl (*p), "control character %#x in: %s", (guchar) *p, error->message);
      return 0;
    }
  check_read (&shard);
  check_merge (&shard);
  return 0;
}
