// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-choice.h: one item of a composer drop-down — an agent, a card, an
 * event — with the reason it cannot be chosen now, if any; and the
 * drop-downs that show such reasons under their rows. */
#pragma once

#include <gtk/gtk.h>

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

/* Appends a new choice to @store (a GListStore of KvChoice). */
void        kv_choice_append     (GListStore *store,
                                  const char *id,
                                  const char *label);

/* How a row that is not a KvChoice reads (the composer's step kinds are
 * enum items): its label, and in *reason why it cannot be chosen or NULL. */
typedef const char *(*KvChoiceRowFunc) (gpointer     item,
                                        const char **reason,
                                        gpointer     user_data);

/* Gives @dropdown rows that show the label and, under it, why the row
 * cannot be chosen (then it cannot be selected); the button shows the
 * label. @row reads items that are not KvChoices (may be NULL when all
 * are). Setting the factories again rebinds every row. */
void        kv_choice_drop_down_set_factories  (GtkDropDown     *dropdown,
                                                KvChoiceRowFunc  row,
                                                gpointer         user_data);
/* The id of the selected KvChoice, or NULL. */
const char *kv_choice_drop_down_get_id         (GtkDropDown     *dropdown);
/* Selects the KvChoice @id; FALSE when there is none. */
gboolean    kv_choice_drop_down_set_id         (GtkDropDown     *dropdown,
                                                const char      *id);
/* When the selected choice cannot be chosen, selects the first that can
 * (if any); TRUE when the selection changed. */
gboolean    kv_choice_drop_down_pick_available (GtkDropDown     *dropdown);

G_END_DECLS
