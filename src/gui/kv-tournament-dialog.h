// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-dialog.h: "Tournament" — self-play of many games between
 * strategies, as `kripkeviz-cli play` plays them (kv-tournament.h): a
 * strategy per seat, the number of games and the seed; the games run on
 * every core (threads on the explicit engine, kripkeviz-cli processes on
 * the symbolic one, kv-tournament-processes.h) with a progress bar and
 * Cancel; per strategy its wins, win share and mean rounds, and a plot of
 * the rounds to win (kv-tournament-plot.h) that "Export Plot…" saves as
 * PNG or SVG.
 *
 * Its actions: tournament.run, tournament.cancel, tournament.export. */
#pragma once

#include <adwaita.h>

#include "kv-engine.h"
#include "kv-tournament.h"

G_BEGIN_DECLS

#define KV_TYPE_TOURNAMENT_DIALOG (kv_tournament_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KvTournamentDialog, kv_tournament_dialog, KV, TOURNAMENT_DIALOG, AdwWindow)

/* A dialog for @game (its deal is not used; @name names it in the title
 * and the exported file), the seats starting with @strategies (one per
 * agent; NULL: del for all). */
KvTournamentDialog *kv_tournament_dialog_new (GtkWindow               *parent,
                                              KvGame                  *game,
                                              const char              *name,
                                              const KvStrategy *const *strategies);

/* The settings, as the rows show them. */
void        kv_tournament_dialog_set_seat  (KvTournamentDialog *self,
                                            guint               agent,
                                            const char         *strategy);
void        kv_tournament_dialog_set_games (KvTournamentDialog *self,
                                            guint               games);
void        kv_tournament_dialog_set_seed  (KvTournamentDialog *self,
                                            guint32             seed);

/* While games are played ("running" notifies). */
/* The Observer switch: an agent with no cards that never moves joins the
 * games to come (KvPlayOptions.observer); what it knew shows under the
 * table (kv_tournament_dialog_get_status). */
void        kv_tournament_dialog_set_observer (KvTournamentDialog *self,
                                               gboolean            observer);
const char *kv_tournament_dialog_get_status   (KvTournamentDialog *self);
gboolean    kv_tournament_dialog_get_running (KvTournamentDialog *self);
/* The games played so far (the last run's), or NULL before any run. */
const KvTournamentResult *kv_tournament_dialog_get_result (KvTournamentDialog *self);
/* The results table's text at @row (0: the first strategy) and @column
 * (0 strategy, 1 seats, 2 wins, 3 win share, 4 mean rounds), or NULL. */
const char *kv_tournament_dialog_get_cell  (KvTournamentDialog *self,
                                            guint               row,
                                            guint               column);
/* Saves the plot (PNG or SVG by @path's extension), whole or not at all. */
gboolean    kv_tournament_dialog_export_plot (KvTournamentDialog *self,
                                              const char         *path,
                                              GError            **error);

G_END_DECLS
