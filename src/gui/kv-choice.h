// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-choice.h: one item of a composer drop-down — an agent, a card, an
 * action kind — with the reason it cannot be chosen now, if any. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define KV_TYPE_CHOICE (kv_choice_get_type ())
G_DECLARE_FINAL_TYPE (KvChoice, kv_choice, KV, CHOICE, GObject)

/* @id: the token written in the step ("1", "w"); @label: what the user reads. */
KvChoice   *kv_choice_new        (const char *id,
                                  const char *label);
const char *kv_choice_get_id     (KvChoice   *self);
const char *kv_choice_get_label  (KvChoice   *self);
/* Why choosing it makes the step false at the actual world, or NULL. */
const char *kv_choice_get_reason (KvChoice   *self);
void        kv_choice_set_reason (KvChoice   *self,
                                  const char *reason);

G_END_DECLS
