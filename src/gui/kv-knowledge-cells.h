// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-cells.h: the texts of the knowledge table's cells
 * (kv-knowledge-table.c), for a game's owners as bit masks. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

/* An owner as a cell names it: the agent, or "env". */
const char *kv_knowledge_cell_owner   (const KvGame *game,
                                       guint         owner);
/* With many owners (five to twelve: real Cluedo with four to six players)
 * a cell is short enough for the table to stand whole: "?" when every
 * other owner may hold the card, else the candidates ("? 3/env") or the
 * owners ruled out ("? not 2/4"), whichever is shorter. */
gboolean    kv_knowledge_cells_compact (const KvGame *game);
/* A count of worlds in the Worlds row: short ("5.56×10⁹"), or in a
 * compact game narrower still ("5.6×10⁹"; in full up to 5 digits), the
 * whole count being in the cell's tooltip. */
char       *kv_knowledge_count_text   (const KvGame *game,
                                       guint64       count);
/* The owner known, or "? 1/3": the candidates, short, as in the CLI
 * (compact where kv_knowledge_cells_compact); @self is the column's
 * agent, whom its cells never name, or -1 (E, C, a perspective). */
char       *kv_knowledge_cell_text    (const KvGame *game,
                                       guint32       mask,
                                       int           self);
/* The longest texts a cell of @game can read ("? 1/2/3/env"), in an
 * agent's column or another: one of them is the widest on screen. */
GStrv       kv_knowledge_cell_widest  (const KvGame *game,
                                       gboolean      agent_column);
/* The tooltip of @card's cell in column @c: an agent (< n_agents), E
 * (n_agents), C (n_agents + 1) or the perspective (n_agents + 2). */
char       *kv_knowledge_cell_tooltip (const KvGame *game,
                                       guint         c,
                                       guint         card,
                                       guint32       mask);
/* An agent's cell with probabilities (@shares: n_cards × n_owners):
 * each possible owner and its share, one per line ("1 50%" over "3 50%"). */
char       *kv_knowledge_cell_shares  (const KvGame *game,
                                       const double *shares,
                                       guint         card);

G_END_DECLS
