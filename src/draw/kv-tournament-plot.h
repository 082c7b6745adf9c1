// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-plot.h: a tournament's rounds-to-win per strategy as a
 * plot — one GTK-free cairo function shared by the Tournament dialog's
 * drawing area, its PNG and SVG export, and the tests.
 *
 * Grouped bars: along x the rounds a game took to be won (1, 2, …, the
 * most any win took), along y the games won in that many rounds; one bar
 * per strategy in each group, in the agents' colours (kv-style.h) in the
 * tournament's strategy order. A legend above names each strategy with its
 * wins and mean rounds; the axes are labelled. Text is at least 12 px at
 * scale 1.
 */
#pragma once

#include <cairo.h>

#include "kv-export.h"
#include "kv-tournament.h"

G_BEGIN_DECLS

#define KV_TOURNAMENT_PLOT_TEXT_SIZE 13.0   /* ticks and legend, user units */

typedef struct {
  double x, y, width, height;
} KvPlotRect;

/* Draws the plot into the rectangle (0, 0, @width, @height) of @cr, on a
 * white background. @result may have no games (the axes and a note). */
void     kv_tournament_plot_draw  (cairo_t                  *cr,
                                   const KvTournamentResult *result,
                                   double                    width,
                                   double                    height);

/* Where kv_tournament_plot_draw puts the bar of tally @tally for games won
 * in @rounds rounds; FALSE when it draws none (no such win). */
gboolean kv_tournament_plot_bar   (const KvTournamentResult *result,
                                   double                    width,
                                   double                    height,
                                   guint                     tally,
                                   guint                     rounds,
                                   KvPlotRect               *rect);

/* The plot as a file: KV_FORMAT_PNG (pixels = @width × @height) or
 * KV_FORMAT_SVG; KV_ERROR_IO for another format. Write it with
 * kv_write_bytes. */
GBytes  *kv_tournament_plot_bytes (const KvTournamentResult *result,
                                   KvFormat                  format,
                                   double                    width,
                                   double                    height,
                                   GError                  **error);

G_END_DECLS
