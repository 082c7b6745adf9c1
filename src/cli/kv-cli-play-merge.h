// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-merge.h: `play --merge`, the shards' --json read and added up */
#pragma once

#include "kv-tournament.h"

G_BEGIN_DECLS

/* Reads the `play --shard K/N --json` outputs @paths (every K of one run,
 * once each) into @result, the run's set-up, game name and seed. */
gboolean kv_cli_play_merge_files (char              **paths,
                                  guint               n_paths,
                                  KvTournamentResult *result,
                                  KvPlayOptions      *options,
                                  char              **game,
                                  guint32            *seed,
                                  GError            **error);

G_END_DECLS
