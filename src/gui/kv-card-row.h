// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-card-row.h: one row of the knowledge table — the summary (class sizes,
 * win marks), a category heading, or a card with one cell per agent plus
 * "everyone". Built by KvKnowledgeTable for each state. */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"

G_BEGIN_DECLS

typedef enum {
  KV_CARD_ROW_SUMMARY,
  KV_CARD_ROW_CATEGORY,
  KV_CARD_ROW_CARD,
} KvCardRowKind;

typedef enum {
  KV_CELL_KNOWN   = 1 << 0,   /* the owner is known */
  KV_CELL_LEARNED = 1 << 1,   /* differs from the previous step */
  KV_CELL_WINS    = 1 << 2,   /* summary: the agent knows δ */
} KvCellFlags;

#define KV_TYPE_CARD_ROW (kv_card_row_get_type ())
G_DECLARE_FINAL_TYPE (KvCardRow, kv_card_row, KV, CARD_ROW, GObject)

KvCardRow     *kv_card_row_new              (KvCardRowKind kind,
                                             const char   *title,
                                             guint         n_cells);
/* The summary row of @k (cells for each agent, E and C: the worlds each
 * considers possible, 64-bit; who can win), marked where it differs from
 * @before (may be NULL); with an @extra cell after C, left empty for the
 * caller (the perspective column). */
KvCardRow     *kv_card_row_new_summary      (const KvGame      *game,
                                             const KvKnowledge *k,
                                             const KvKnowledge *before,
                                             gboolean           extra);
KvCardRowKind  kv_card_row_get_kind         (KvCardRow    *self);
const char    *kv_card_row_get_title        (KvCardRow    *self);
guint          kv_card_row_get_n_cells      (KvCardRow    *self);
void           kv_card_row_set_cell         (KvCardRow    *self,
                                             guint         cell,
                                             const char   *text,
                                             const char   *tooltip,
                                             KvCellFlags   flags);
const char    *kv_card_row_get_cell_text    (KvCardRow    *self,
                                             guint         cell);
const char    *kv_card_row_get_cell_tooltip (KvCardRow    *self,
                                             guint         cell);
KvCellFlags    kv_card_row_get_cell_flags   (KvCardRow    *self,
                                             guint         cell);

G_END_DECLS
