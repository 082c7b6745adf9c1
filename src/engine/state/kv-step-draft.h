// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-step-draft.h: a step being put together — the New Step form's
 * choices (kind, agents, cards, formula, action and event) without its
 * widgets. GTK-free.
 *
 * A draft may be incomplete or false at the actual world; it says why
 * (translated sentences), for itself and for each choice the form offers,
 * and becomes a step line (kv_step_draft_to_text) or a KvStep once it can
 * be applied. kv_step_draft_new_from_text reads a step line back into the
 * choices, so a history step or a script's refused line can be edited.
 *
 * A plain struct the form writes into: ints are indices into the game
 * (agents, cards, the action's events), -1 for "not chosen".
 */
#pragma once

#include "kv-model.h"
#include "kv-state.h"
#include "kv-step.h"

G_BEGIN_DECLS

/* Card drop-downs at most: suggest has one per envelope category. */
#define KV_STEP_DRAFT_MAX_SLOTS 8

/* The parts of a step of a kind, that the form shows. */
typedef enum {
  KV_STEP_PART_AGENT   = 1 << 0,  /* a player: nocard's and showcard's holder, endmove's, … */
  KV_STEP_PART_TARGET  = 1 << 1,  /* showcard: who is shown the card */
  KV_STEP_PART_SLOTS   = 1 << 2,  /* cards one by one: showcard's card shown, suggest's cards */
  KV_STEP_PART_CARDS   = 1 << 3,  /* a set of cards: nocard's, showcard's request */
  KV_STEP_PART_FORMULA = 1 << 4,  /* announce */
  KV_STEP_PART_ACTION  = 1 << 5,  /* do: a custom action model and its actual event */
} KvStepParts;

/* A choice of the form that may be tried in turn (kv_step_draft_check_choice). */
typedef enum {
  KV_STEP_DRAFT_AGENT,
  KV_STEP_DRAFT_TARGET,
  KV_STEP_DRAFT_SLOT,
  KV_STEP_DRAFT_EVENT,
} KvStepDraftField;

typedef struct {
  KvGame              *game;       /* a reference */
  KvStepKind           kind;
  int                  agent;      /* the holder (nocard, showcard) or the player */
  int                  target;     /* showcard: who sees the card */
  guint                n_slots;    /* set by the kind (kv_step_draft_set_kind) */
  int                  slot_category[KV_STEP_DRAFT_MAX_SLOTS];  /* KV_NO_CATEGORY: any card */
  int                  slots[KV_STEP_DRAFT_MAX_SLOTS];          /* a card each */
  KvHand               cards;      /* nocard: none of these; showcard: the request */
  char                *formula;    /* announce, as typed */
  const KvActionModel *action;     /* do: owned by the game */
  int                  event;      /* do: the actual event */
} KvStepDraft;

KvStepParts  kv_step_kind_parts           (KvStepKind kind);

/* An empty draft of @kind: nothing chosen, showcard asking for every card. */
KvStepDraft *kv_step_draft_new            (KvGame            *game,
                                           KvStepKind         kind);
/* The choices of the step line @text; NULL with @error when it does not
 * parse against @game (kv_step_parse's error). Suggest's cards go to the
 * first free slot that offers them. */
KvStepDraft *kv_step_draft_new_from_text  (KvGame            *game,
                                           const char        *text,
                                           GError           **error);
void         kv_step_draft_free           (KvStepDraft       *draft);

/* Another kind: its slots are laid out anew (the first keeps its card when
 * it still offers it), its cards start empty (showcard: every card). */
void         kv_step_draft_set_kind       (KvStepDraft       *draft,
                                           KvStepKind         kind);
void         kv_step_draft_set_formula    (KvStepDraft       *draft,
                                           const char        *formula);
/* Whether slot @slot offers @card (its category). */
gboolean     kv_step_draft_slot_offers    (const KvStepDraft *draft,
                                           guint              slot,
                                           guint              card);

/* The step line, or NULL when a part is missing. */
char        *kv_step_draft_to_text        (const KvStepDraft *draft);

/* Why @kind cannot be chosen in @game ("This game declares no custom
 * actions."), or NULL. Translated, static. */
const char  *kv_step_draft_kind_reason    (const KvGame      *game,
                                           KvStepKind         kind);

/* Why the draft cannot be applied to @state (of the draft's game, on
 * either engine: kv_state_why_false): a part
 * missing, a line that does not parse, a step false at the actual world.
 * NULL when it can, and then *step (when @step is not NULL) is the step. */
char        *kv_step_draft_check          (const KvStepDraft *draft,
                                           KvState           *state,
                                           KvStep           **step);
/* Why the draft could not be applied with @field (slot @slot's card for
 * KV_STEP_DRAFT_SLOT) set to @value instead; NULL when it could. */
char        *kv_step_draft_check_choice   (const KvStepDraft *draft,
                                           KvState           *state,
                                           KvStepDraftField   field,
                                           guint              slot,
                                           int                value);
/* Why @card cannot be added to or taken from the draft's cards (nocard's
 * cards, showcard's request): the step would be false so. @draft_ok is
 * whether the draft as it stands can be applied (kv_step_draft_check),
 * given so as not to check it once per card: when it cannot, a card it
 * holds may always be taken away. NULL when the card may be toggled. */
char        *kv_step_draft_check_card     (const KvStepDraft *draft,
                                           KvState           *state,
                                           guint              card,
                                           gboolean           draft_ok);
/* A card the form adds to the draft's cards by itself, or -1: for a
 * nocard without a card, the first one it can be about; for a showcard,
 * the card shown when it is not asked for. */
int          kv_step_draft_complete_card  (const KvStepDraft *draft,
                                           KvState           *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvStepDraft, kv_step_draft_free)

G_END_DECLS
