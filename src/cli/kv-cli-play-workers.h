// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-workers.h: a tournament's games spread over worker processes */
#pragma once

#include "kv-tournament.h"

G_BEGIN_DECLS

/* Which of a run's games to play: those g < games with g mod shards = shard
 * (shard counted from 0), over @jobs worker processes (1: in this one).
 * @sharded: --shard was given, so the --json says which shard it is, even
 * 1/1 (the window's Tournament merges what it runs). */
typedef struct {
  guint games;
  guint shard;
  guint shards;
  guint jobs;
  gboolean sharded;
} KvCliPlaySlice;

/* Plays @slice's games of @tournament, adding them to its result; shows the
 * count so far on a terminal. */
gboolean kv_cli_play_slice (KvTournament         *tournament,
                            const KvCliPlaySlice *slice,
                            KvTournamentResult   *result,
                            GError              **error);

G_END_DECLS
