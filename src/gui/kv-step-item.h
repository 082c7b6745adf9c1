// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-step-item.h: one row of the history sidebar — a step of the game as
 * the list shows it (its action in words and in DEL notation, the number of
 * worlds after it, who can win). Immutable. */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_STEP_ITEM (kv_step_item_get_type ())
G_DECLARE_FINAL_TYPE (KvStepItem, kv_step_item, KV, STEP_ITEM, GObject)

KvStepItem *kv_step_item_new (guint       index,
                              const char *words,
                              const char *del,
                              const char *worlds,
                              const char *winners);

/* The row of @history's entry @index. */
KvStepItem *kv_step_item_new_for_entry (const KvHistory *history,
                                        guint            index);

guint       kv_step_item_get_index   (KvStepItem *self);
const char *kv_step_item_get_words   (KvStepItem *self);
const char *kv_step_item_get_del     (KvStepItem *self);

G_END_DECLS
