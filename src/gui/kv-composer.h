// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-composer.h: the action composer under the history — kind, agents and
 * cards as drop-downs, choices false at the actual world disabled with the
 * reason. Emits ::apply with the step when the user applies it. */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_COMPOSER (kv_composer_get_type ())
G_DECLARE_FINAL_TYPE (KvComposer, kv_composer, KV, COMPOSER, GtkWidget)

GtkWidget  *kv_composer_new           (void);

/* The state the next step applies to (refs it); NULL empties the composer. */
void        kv_composer_set_model     (KvComposer *self,
                                       KvModel    *model);

/* Sets the drop-downs from a step line ("nocard 1 w"); FALSE if it does not
 * parse against the game. Used by tests and to edit a history step. */
gboolean    kv_composer_set_step_text (KvComposer *self,
                                       const char *text);

/* The composed step as a line, or NULL when incomplete. */
char       *kv_composer_get_step_text (KvComposer *self);

/* Why the composed step cannot be applied, or NULL when it can. */
const char *kv_composer_get_reason    (KvComposer *self);

G_END_DECLS
