// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-composer-private.h: the composer's insides, shared by kv-composer.c
 * (the form) and kv-composer-text.c (lines in and out, the line to fix). */
#pragma once

#include "kv-composer.h"

G_BEGIN_DECLS

struct _KvComposer
{
  GtkWidget    parent_instance;

  GtkWidget   *box;           /* bound so that dispose_template unparents it */
  GtkDropDown *kind_dropdown;   /* KV_TYPE_STEP_KIND's values (kv-enum-drop-down.h) */
  GtkDropDown *agent_dropdown;
  GtkDropDown *target_dropdown;
  GtkDropDown *action_dropdown;
  GtkDropDown *event_dropdown;
  GtkWidget   *agent_label;
  GtkWidget   *cards_label;
  GtkBox      *cards_box;
  GtkWidget   *chips_label;
  GtkFlowBox  *chips_box;
  GtkMenuButton *chips_button;  /* many cards: the chips in its popover */
  GtkPopover  *chips_popover;
  gboolean     chips_popped;  /* the chips are in chips_popover */
  GtkEntry    *formula_entry;
  GtkLabel    *preview_label;
  GtkWidget   *apply_button;
  GtkWidget   *draft_box;     /* a bad line to fix, while it does not read */
  GtkLabel    *draft_label;
  GtkEntry    *draft_entry;
  GtkLabel    *draft_error;

  KvState     *state;
  KvGame      *game;
  KvStepDraft *draft;         /* the choices, read from the widgets at each refresh */
  GListStore  *agents;
  GListStore  *targets;
  GListStore  *actions;
  GListStore  *events;
  GtkDropDown *slots[KV_STEP_DRAFT_MAX_SLOTS];   /* the draft's slots: showcard's card shown, suggest's cards */
  GListStore  *slot_stores[KV_STEP_DRAFT_MAX_SLOTS];
  guint        n_slots;
  GtkToggleButton *chips[KV_MAX_CARDS];   /* one per card: the draft's cards (nocard's, showcard's request) */
  guint        n_chips;

  KvStep      *step;        /* the composed step when it can be applied */
  char        *reason;      /* else why not */
  gboolean     updating;
  gboolean     keep_choices;  /* set_step_text: show why, do not pick another */
};

/* Shows @draft (of the composer's game) in the form, and why it cannot be
 * applied if so, without picking other choices. */
void _kv_composer_show_draft        (KvComposer        *self,
                                     const KvStepDraft *draft);
/* The user's choices into self->draft. */
void _kv_composer_read_draft        (KvComposer        *self);
/* Enter in the bad line's field (a template callback). */
void _kv_composer_on_draft_activate (KvComposer        *self);

G_END_DECLS
