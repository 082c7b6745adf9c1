// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-shard.h: the --json of `kripkeviz-cli play --shard K/N`
 * read back and added up into one run's result.
 *
 * `play --merge` reads shards from files; the window's Tournament dialog
 * reads them from the processes it runs (BuDDy is process-wide, so a
 * symbolic tournament on every core needs processes). Both add them up
 * here, so both give exactly the figures one run prints. GTK-free.
 */
#pragma once

#include "kv-tournament.h"

G_BEGIN_DECLS

/* The most slices one run is cut into (`play --shard K/N`). */
#define KV_TOURNAMENT_MAX_SHARDS 1000000

/* One shard's document: its figures, its run's set-up, game, seed and
 * size, and which shard of how many it is (0 of 0: the document has no
 * shard, it is a whole run's). */
typedef struct {
  KvTournamentResult result;
  KvPlayOptions      options;
  char              *game;
  guint32            seed;
  guint              index;         /* from 1 */
  guint              of;
  guint              run_games;
} KvTournamentShard;

/* Reads @path (as a script is read: at most KV_READ_MAX_BYTES, given up
 * after KV_READ_TIME_MS), or @length bytes of @data (-1: up to its NUL)
 * named @where in messages, into @shard (cleared first, and again on
 * failure). FALSE with "WHERE: error: …" naming the member at fault when
 * the document is not what `play --json` writes. */
gboolean kv_tournament_shard_load  (KvTournamentShard  *shard,
                                    const char         *path,
                                    GError            **error);
gboolean kv_tournament_shard_parse (KvTournamentShard  *shard,
                                    const char         *data,
                                    gssize              length,
                                    const char         *where,
                                    GError            **error);
void     kv_tournament_shard_clear (KvTournamentShard  *shard);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KvTournamentShard, kv_tournament_shard_clear)

/* Shards of one run added up as they come, in any order. */
typedef struct _KvTournamentMerge KvTournamentMerge;

KvTournamentMerge        *kv_tournament_merge_new    (void);
void                      kv_tournament_merge_free   (KvTournamentMerge       *merge);
/* Adds @shard, as read above (named @where in messages); FALSE with @error
 * when it is not a shard, belongs to another run than the first added, or
 * is given twice. */
gboolean                  kv_tournament_merge_add    (KvTournamentMerge       *merge,
                                                      const KvTournamentShard *shard,
                                                      const char              *where,
                                                      GError                 **error);
/* FALSE with @error while a shard of the run is missing. */
gboolean                  kv_tournament_merge_check  (const KvTournamentMerge *merge,
                                                      GError                 **error);
/* The sum so far (zero before the first shard), and the first shard's
 * set-up, game and seed (NULL game before it). */
const KvTournamentResult *kv_tournament_merge_get_result  (const KvTournamentMerge *merge);
const KvTournamentShard  *kv_tournament_merge_get_first   (const KvTournamentMerge *merge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvTournamentMerge, kv_tournament_merge_free)

G_END_DECLS
