// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-merge.c: `play --merge FILE…`, the shards' --json added up
 * by the engine (kv-tournament-shard.h), as the window's Tournament adds
 * up the shards its processes print.
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include "kv-cli-play-merge.h"
#include "kv-tournament-shard.h"

gboolean
kv_cli_play_merge_files (char              **paths,
                         guint               n_paths,
                         KvTournamentResult *result,
                         KvPlayOptions      *options,
                         char              **game,
                         guint32            *seed,
                         GError            **error)
{
  g_autoptr(KvTournamentMerge) merge = kv_tournament_merge_new ();
  const KvTournamentShard *first;

  for (guint f = 0; f < n_paths; f++)
    {
      g_auto(KvTournamentShard) shard = { 0 };

      if (!kv_tournament_shard_load (&shard, paths[f], error)
          || !kv_tournament_merge_add (merge, &shard, paths[f], error))
        return FALSE;
    }
  if (!kv_tournament_merge_check (merge, error))
    return FALSE;
  first = kv_tournament_merge_get_first (merge);
  *result = *kv_tournament_merge_get_result (merge);
  *options = first->options;
  *game = g_strdup (first->game);
  *seed = first->seed;
  return TRUE;
}
