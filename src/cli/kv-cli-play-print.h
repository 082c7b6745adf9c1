// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-print.h: a tournament's result as play prints it */
#pragma once

#include "kv-cli-play-workers.h"
#include "kv-tournament.h"

G_BEGIN_DECLS

/* The table per strategy, then what @options asked for (seats, observer),
 * in the locale's words and decimal sign. */
void kv_cli_play_print_text (const KvTournamentResult *result,
                             const KvPlayOptions      *options,
                             const char               *game,
                             guint32                   seed);

/* The same as JSON, with the sums `play --merge` adds up and, for a shard
 * of @slice, which shard it is. */
void kv_cli_play_print_json (const KvTournamentResult *result,
                             const KvPlayOptions      *options,
                             const char               *game,
                             guint32                   seed,
                             const KvCliPlaySlice     *slice);

G_END_DECLS
