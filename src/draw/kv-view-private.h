// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-view-private.h: what the envelope views of kv-view.c (a model's) and
 * kv-view-symbolic.c (a state's, on either engine) share. */
#pragma once

#include "kv-view.h"

G_BEGIN_DECLS

#define CYCLE_NOTE N_("An agent's class of more than three worlds is drawn as a cycle through them, not with all its links.")

/* With two envelope categories, puts node i (the envelope @hands[i]) in
 * the grid of the first category's cards down and the second's across,
 * and names the rows and columns; FALSE (nothing set) otherwise. */
gboolean _kv_view_envelope_grid (KvGraph *graph, const KvGame *game, const GArray *hands);

/* Draws each maximal group of @groups (a set of GBytes, each a bit set
 * over the @n nodes: the envelopes one class of @agent holds) as a cycle,
 * each link once; @members has room for @n. For links that are not an
 * equivalence. */
void     _kv_view_add_group_cycles (KvGraph *graph, guint agent, GHashTable *groups, guint n,
                                    guint *members);

/* Appends to @note that the agents named in @agents (char *, not
 * owned; none: nothing said) have groups that overlap, drawn as a cycle
 * per hand: both envelope views' words. */
void     _kv_view_note_overlapping (GString *note, const GPtrArray *agents);

/* The shortest prefix of each of @names, at least @shortest characters,
 * that no other name starts with ("ca" candlestick): a grid's headers. */
char   **_kv_view_short_names (GPtrArray *names, guint shortest);

/* Real Cluedo's envelope grid: the category of the blocks (the most
 * cards), of the rows in a block and of its columns. FALSE unless the
 * envelope holds exactly three categories. */
gboolean _kv_view_block_axes (const KvGame *game, int *blocks, int *rows, int *cols);

G_END_DECLS
