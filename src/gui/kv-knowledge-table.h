// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-table.h: what every player knows — cards (grouped by
 * category) × agents plus "everyone knows" (E) and "common knowledge" (C),
 * each cell the known owner or "?" and the candidates; a summary row with class sizes and win
 * marks, cells learned at this step highlighted. */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_KNOWLEDGE_TABLE (kv_knowledge_table_get_type ())
G_DECLARE_FINAL_TYPE (KvKnowledgeTable, kv_knowledge_table, KV, KNOWLEDGE_TABLE, GtkWidget)

GtkWidget  *kv_knowledge_table_new       (void);

/* Shows what is known in @state (NULL: empty), on either engine: at its
 * actual world, or at @world (≥ 0; an explicit state's world picked on the
 * canvas; -1 for the actual world). Cells that differ from @previous (the
 * state one step earlier, or NULL) are marked: at its actual world, or at
 * @previous_world (the same deal) when @world is picked. A symbolic state
 * has no probabilities (their toggle is off, with a tooltip saying why). */
void        kv_knowledge_table_set_state (KvKnowledgeTable *self,
                                          KvState          *state,
                                          int               world,
                                          KvState          *previous,
                                          guint             previous_world);

/* A column next to the cards for the canvas's perspective (kv-perspective.h):
 * @title ("1’s view", "1 → 2"), and for each card the owners over the
 * perspective's @n_worlds worlds (@owners, n_cards masks of the game
 * shown), marked where they differ from @before (the same perspective one
 * step earlier, or NULL). @title NULL: no such column. A new game drops it. */
void        kv_knowledge_table_set_perspective (KvKnowledgeTable *self,
                                                const char       *title,
                                                const guint32    *owners,
                                                const guint32    *before,
                                                guint64           n_worlds);

/* "probabilities": each player's cells show its chance for each owner
 * (as shares of its worlds, one owner per line) instead of "? 1/3". */
gboolean    kv_knowledge_table_get_probabilities (KvKnowledgeTable *self);
void        kv_knowledge_table_set_probabilities (KvKnowledgeTable *self,
                                                  gboolean          probabilities);

/* The widest the table asks to be before it scrolls sideways, in pixels,
 * at most; -1: its own bound alone (600 px, more when its font is larger
 * than the desktop's). Presentation mode gives it half the screen. */
void        kv_knowledge_table_set_max_width (KvKnowledgeTable *self,
                                              int               max_width);
/* The least print presenting, in px: what 24 px on a 1280 px screen is on
 * the wall from a 1024 px one (style.css has a class for each print). */
#define KV_KNOWLEDGE_TABLE_LEAST_PRINT 19

/* Veiled, the rows are not shown (their room is kept) and the heading
 * says they come back with the answer: a lesson's question whose answer
 * the table would show (a star where a player can win). */
void        kv_knowledge_table_set_veiled    (KvKnowledgeTable *self,
                                              gboolean          veiled);
gboolean    kv_knowledge_table_get_veiled    (KvKnowledgeTable *self);
/* Presenting, a smaller print than the large print's 24 px (22, 20 or 19
 * px, style.css), for columns that would not fit across; 0: the style's. */
void        kv_knowledge_table_set_print     (KvKnowledgeTable *self,
                                              int               pixels);
/* How wide the table is, its columns measured in a font of @pixels px
 * (presentation mode's choice of layout); 0 before it has a game. */
int         kv_knowledge_table_get_width_at  (KvKnowledgeTable *self,
                                              double            pixels);

/* The text of @card's cell (or the "Worlds" row's, for @card the row's
 * title) for agent @column (n_agents: everyone knows, E; n_agents + 1:
 * common knowledge, C; n_agents + 2: the perspective), and whether it is
 * highlighted; NULL when there is no such cell. For tests. */
const char *kv_knowledge_table_get_cell  (KvKnowledgeTable *self,
                                          const char       *card,
                                          guint             column,
                                          gboolean         *learned);

/* The rows' headings, top to bottom (a category's name, "Other cards"),
 * NULL-terminated. For tests. */
char      **kv_knowledge_table_get_headings (KvKnowledgeTable *self);

/* The header of column @index (0: the cards, then the perspective's when
 * there is one, the agents, E and C), or NULL; and the scrolled window around the table. For tests. */
GtkWidget  *kv_knowledge_table_get_header   (KvKnowledgeTable *self,
                                             guint             index);
GtkWidget  *kv_knowledge_table_get_scroller (KvKnowledgeTable *self);

G_END_DECLS
