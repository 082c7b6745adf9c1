// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-processes.h: a tournament played by `kripkeviz-cli play
 * --shard K/N --json` child processes, their shards added up as they end.
 *
 * For the symbolic engine: BuDDy is process-wide, so the games of one
 * process take turns on its lock, and forking a GTK process is unsafe;
 * child processes of the CLI play on every core. Each game is dealt from
 * the seed and its index alone (kv-tournament.h), so the sum is the table
 * `kripkeviz-cli play` prints for the same seed.
 */
#pragma once

#include <gio/gio.h>

#include "kv-tournament.h"

G_BEGIN_DECLS

typedef struct _KvTournamentProcesses KvTournamentProcesses;

/* At the start (no game yet) and after each shard: the sum so far. */
typedef void (*KvTournamentProcessesProgress) (const KvTournamentResult *result,
                                               gpointer                  data);
/* Once, at the end: the sum of the shards that ended well, and the error
 * of the first that did not (its standard error's first line), or NULL.
 * The processes object is freed after it returns. */
typedef void (*KvTournamentProcessesDone)     (const KvTournamentResult *result,
                                               const GError             *error,
                                               gpointer                  data);

/* kripkeviz-cli: $KRIPKEVIZ_CLI, else the build tree's when this program
 * runs from the build tree, else the installed one (bindir). */
char                  *kv_tournament_processes_cli   (void);

/* Plays @games games of @game between @listed (one per agent) from @seed
 * on @engine, set up by @options, over @processes processes at a time.
 * NULL with @error when the game could not be written for them. */
KvTournamentProcesses *kv_tournament_processes_start (KvGame                   *game,
                                                      const KvStrategy *const  *listed,
                                                      guint                     games,
                                                      guint32                   seed,
                                                      KvEngineKind              engine,
                                                      const KvPlayOptions      *options,
                                                      guint                     processes,
                                                      KvTournamentProcessesProgress progress,
                                                      KvTournamentProcessesDone done,
                                                      gpointer                  data,
                                                      GError                  **error);
/* Kills the running processes and starts no more; done follows once they
 * are reaped. */
void                   kv_tournament_processes_stop  (KvTournamentProcesses    *self);
/* As stop, and no callback any more (the caller is going away): it frees
 * itself once its processes are reaped. */
void                   kv_tournament_processes_abandon (KvTournamentProcesses  *self);

G_END_DECLS
