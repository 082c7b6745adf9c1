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

/* The state the next step applies to (refs it), on either engine
 * (kv-state.h); NULL empties the composer. */
void        kv_composer_set_state     (KvComposer *self,
                                       KvState    *state);

/* Sets the drop-downs from a step line ("nocard 1 w"); FALSE if it does not
 * parse against the game. Used by tests and to edit a history step. */
gboolean    kv_composer_set_step_text (KvComposer *self,
                                       const char *text);

/* A step line to fix (line @line of a script, refused or unreadable
 * because of @problem): when it reads as a step of the game, the form
 * shows it (and kv_composer_get_reason why it cannot be applied), TRUE;
 * else a text field over the form holds it with @problem until Enter puts
 * the corrected line into the form, FALSE. A new game hides the field. */
gboolean    kv_composer_set_draft     (KvComposer *self,
                                       guint       line,
                                       const char *text,
                                       const char *problem);
/* The text field's line and the error under it while it is shown, else
 * NULL. */
const char *kv_composer_get_draft     (KvComposer *self);
const char *kv_composer_get_draft_error (KvComposer *self);

/* The composed step as a line, or NULL when incomplete. */
char       *kv_composer_get_step_text (KvComposer *self);

/* Why the composed step cannot be applied, or NULL when it can. */
const char *kv_composer_get_reason    (KvComposer *self);

G_END_DECLS
