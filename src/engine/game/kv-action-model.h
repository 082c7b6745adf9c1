// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-action-model.h: action models ⟨E, ~, pre⟩ with S5 event partitions.
 *
 * Every built-in step except suggest is one action model with an actual
 * event: a public announcement is a single event seen by all; showcard has
 * one event per requested card. Custom action models come from the script's
 * `action … end` blocks and are owned by the game.
 */
#pragma once

#include "kv-step.h"

G_BEGIN_DECLS

struct _KvActionModel {
  gatomicrefcount ref;
  char       *name;
  guint       n_events;
  char      **event_names;   /* n_events */
  KvFormula **pre;           /* n_events preconditions */
  guint      *cls;           /* n_agents * n_events: cls[a * n_events + e] is e's block for a */
  guint       n_agents;
};

KvActionModel *kv_action_model_new   (const char *name, guint n_agents, guint n_events);
KvActionModel *kv_action_model_ref   (KvActionModel *am);
void           kv_action_model_unref (KvActionModel *am);

int kv_action_model_find_event (const KvActionModel *am, const char *name);

static inline guint
kv_action_model_class (const KvActionModel *am, guint agent, guint event)
{
  return am->cls[agent * am->n_events + event];
}

/* The action model of @step and its actual event. @step must not be a
 * suggest (see kv_suggest_expand in kv-product-update.h). */
KvActionModel *kv_action_model_for_step (const KvStep *step, guint *actual_event);

/* A public announcement of @pre: one event, seen by everyone. */
KvActionModel *kv_action_model_new_announcement (guint n_agents, KvFormula *pre);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvActionModel, kv_action_model_unref)

G_END_DECLS
