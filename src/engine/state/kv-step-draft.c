// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-step-draft.c: a step being put together, and why it cannot be applied. */
#define G_LOG_DOMAIN "kv-step-draft"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-action-model.h"
#include "kv-product-update.h"
#include "kv-step-draft.h"

KvStepParts
kv_step_kind_parts (KvStepKind kind)
{
  switch (kind)
    {
    case KV_STEP_NOCARD:
      return KV_STEP_PART_AGENT | KV_STEP_PART_CARDS;
    case KV_STEP_SHOWCARD:
      return KV_STEP_PART_AGENT | KV_STEP_PART_TARGET | KV_STEP_PART_SLOTS | KV_STEP_PART_CARDS;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      return KV_STEP_PART_AGENT;
    case KV_STEP_SUGGEST:
      return KV_STEP_PART_AGENT | KV_STEP_PART_SLOTS;
    case KV_STEP_ANNOUNCE:
      return KV_STEP_PART_FORMULA;
    case KV_STEP_DO:
      return KV_STEP_PART_ACTION;
    default:
      return 0;
    }
}

static KvHand
every_card (const KvGame *game)
{
  return game->n_cards >= KV_MAX_CARDS ? ~(KvHand) 0 : KV_CARD_BIT (game->n_cards) - 1;
}

KvStepDraft *
kv_step_draft_new (KvGame     *game,
                   KvStepKind  kind)
{
  KvStepDraft *draft;

  g_return_val_if_fail (game != NULL, NULL);

  draft = g_new0 (KvStepDraft, 1);
  draft->game = kv_game_ref (game);
  draft->agent = -1;
  draft->target = -1;
  draft->event = -1;
  draft->slots[0] = -1;
  kv_step_draft_set_kind (draft, kind);
  return draft;
}

void
kv_step_draft_free (KvStepDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->formula);
  kv_game_unref (draft->game);
  g_free (draft);
}

gboolean
kv_step_draft_slot_offers (const KvStepDraft *draft,
                           guint              slot,
                           guint              card)
{
  g_return_val_if_fail (draft != NULL, FALSE);

  return slot < draft->n_slots && card < draft->game->n_cards &&
         (draft->slot_category[slot] == KV_NO_CATEGORY ||
          draft->game->card_category[card] == draft->slot_category[slot]);
}

/* Showcard's card shown is one slot of any card; suggest's cards are one
 * slot per envelope category (a weapon and a suspect), else one card. */
static void
lay_out_slots (KvStepDraft *draft)
{
  const KvGame *game = draft->game;
  gboolean per_category = draft->kind == KV_STEP_SUGGEST && game->has_envelope &&
                          game->envelope_categories != 0;

  draft->n_slots = 0;
  if (!(kv_step_kind_parts (draft->kind) & KV_STEP_PART_SLOTS))
    return;
  for (guint c = 0; c < (per_category ? game->n_categories : 1) && draft->n_slots < KV_STEP_DRAFT_MAX_SLOTS; c++)
    {
      if (per_category && !(game->envelope_categories & (G_GUINT64_CONSTANT (1) << c)))
        continue;
      draft->slot_category[draft->n_slots++] = per_category ? (int) c : KV_NO_CATEGORY;
    }
}

void
kv_step_draft_set_kind (KvStepDraft *draft,
                        KvStepKind   kind)
{
  int first;

  g_return_if_fail (draft != NULL);

  /* The first card is kept across kinds without slots too: back at
   * showcard, the card shown is the one it was. */
  first = draft->slots[0];
  draft->kind = kind;
  lay_out_slots (draft);
  for (guint i = 0; i < KV_STEP_DRAFT_MAX_SLOTS; i++)
    draft->slots[i] = -1;
  if (first >= 0 && (draft->n_slots == 0 || kv_step_draft_slot_offers (draft, 0, first)))
    draft->slots[0] = first;
  /* Without "of", showcard asks for every card. */
  draft->cards = kind == KV_STEP_SHOWCARD ? every_card (draft->game) : 0;
}

void
kv_step_draft_set_formula (KvStepDraft *draft,
                           const char  *formula)
{
  g_return_if_fail (draft != NULL);

  if (g_strcmp0 (draft->formula, formula) == 0)
    return;
  g_free (draft->formula);
  draft->formula = g_strdup (formula);
}

KvStepDraft *
kv_step_draft_new_from_text (KvGame      *game,
                             const char  *text,
                             GError     **error)
{
  g_autoptr(KvStep) step = NULL;
  g_autoptr(KvStepDraft) draft = NULL;
  gboolean used[KV_STEP_DRAFT_MAX_SLOTS] = { FALSE };

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  step = kv_step_parse (game, text, NULL, error);
  if (step == NULL)
    return NULL;

  draft = kv_step_draft_new (game, step->kind);
  if (kv_step_kind_parts (step->kind) & KV_STEP_PART_AGENT)
    draft->agent = (int) step->agent;
  switch (step->kind)
    {
    case KV_STEP_SHOWCARD:
      draft->target = (int) step->target;
      draft->slots[0] = (int) step->shown;
      G_GNUC_FALLTHROUGH;
    case KV_STEP_NOCARD:
      draft->cards = 0;
      for (guint i = 0; i < step->n_cards; i++)
        draft->cards |= KV_CARD_BIT (step->cards[i]);
      break;
    case KV_STEP_SUGGEST:
      /* Each card goes to the first free slot that offers it. */
      for (guint i = 0; i < step->n_cards; i++)
        for (guint s = 0; s < draft->n_slots; s++)
          if (!used[s] && kv_step_draft_slot_offers (draft, s, step->cards[i]))
            {
              draft->slots[s] = step->cards[i];
              used[s] = TRUE;
              break;
            }
      break;
    case KV_STEP_ANNOUNCE:
      draft->formula = kv_formula_to_string (game, step->formula, TRUE);
      break;
    case KV_STEP_DO:
      draft->action = step->action;
      draft->event = (int) step->event;
      break;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
    default:
      break;
    }
  return g_steal_pointer (&draft);
}

static void
append_cards (GString      *text,
              const KvGame *game,
              KvHand        cards)
{
  for (guint c = 0; c < game->n_cards && c < KV_MAX_CARDS; c++)
    if (cards & KV_CARD_BIT (c))
      g_string_append_printf (text, " %s", game->card_names[c]);
}

char *
kv_step_draft_to_text (const KvStepDraft *draft)
{
  const KvGame *game;
  KvStepParts parts;
  const char *keyword;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (draft != NULL, NULL);

  game = draft->game;
  parts = kv_step_kind_parts (draft->kind);
  keyword = kv_step_kind_to_keyword (draft->kind);
  if (keyword == NULL)
    return NULL;

  text = g_string_new (keyword);
  if (parts & KV_STEP_PART_FORMULA)
    {
      g_autofree char *formula = g_strstrip (g_strdup (draft->formula != NULL ? draft->formula : ""));

      if (*formula == '\0')
        return NULL;
      g_string_append_printf (text, " %s", draft->formula);
    }
  if (parts & KV_STEP_PART_ACTION)
    {
      if (draft->action == NULL || draft->event < 0 || (guint) draft->event >= draft->action->n_events)
        return NULL;
      g_string_append_printf (text, " %s %s", draft->action->name, draft->action->event_names[draft->event]);
    }
  if (parts & KV_STEP_PART_AGENT)
    {
      if (draft->agent < 0 || (guint) draft->agent >= game->n_agents)
        return NULL;
      g_string_append_printf (text, " %s", game->agent_names[draft->agent]);
    }
  if (parts & KV_STEP_PART_TARGET)
    {
      if (draft->target < 0 || (guint) draft->target >= game->n_agents)
        return NULL;
      g_string_append_printf (text, " -> %s", game->agent_names[draft->target]);
    }
  if (parts & KV_STEP_PART_SLOTS)
    {
      if (draft->n_slots == 0)
        return NULL;
      for (guint i = 0; i < draft->n_slots; i++)
        {
          if (draft->slots[i] < 0 || (guint) draft->slots[i] >= game->n_cards)
            return NULL;
          g_string_append_printf (text, " %s", game->card_names[draft->slots[i]]);
        }
    }
  if (parts & KV_STEP_PART_CARDS)
    {
      /* Nocard's cards follow the holder; showcard's request follows "of",
       * which is left out when every card is asked for. */
      if (draft->cards == 0)
        return NULL;
      if (draft->kind == KV_STEP_SHOWCARD)
        {
          if (draft->cards == every_card (game))
            return g_string_free (g_steal_pointer (&text), FALSE);
          g_string_append (text, " of");
        }
      append_cards (text, game, draft->cards);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
kv_step_draft_kind_reason (const KvGame *game,
                           KvStepKind    kind)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (kind == KV_STEP_DO && game->actions->len == 0)
    return _("This game declares no custom actions.");
  return NULL;
}

char *
kv_step_draft_check (const KvStepDraft  *draft,
                     KvState            *state,
                     KvStep            **step)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) parsed = NULL;
  char *why;

  g_return_val_if_fail (draft != NULL, NULL);
  g_return_val_if_fail (state != NULL && kv_state_game (state) == draft->game, NULL);

  text = kv_step_draft_to_text (draft);
  if (text == NULL)
    {
      if (draft->kind == KV_STEP_ANNOUNCE)
        return g_strdup (_("Type the formula to announce."));
      return g_strdup (_("Choose the step’s parts."));
    }

  parsed = kv_step_parse (draft->game, text, NULL, &error);
  if (parsed == NULL)
    return g_strdup (error->message);

  why = kv_state_why_false (state, parsed);
  if (why != NULL)
    return why;

  if (step != NULL)
    *step = g_steal_pointer (&parsed);
  return NULL;
}

char *
kv_step_draft_check_choice (const KvStepDraft *draft,
                            KvState           *state,
                            KvStepDraftField   field,
                            guint              slot,
                            int                value)
{
  /* A shallow copy: it shares the formula and is never freed. */
  KvStepDraft other;

  g_return_val_if_fail (draft != NULL, NULL);

  other = *draft;
  switch (field)
    {
    case KV_STEP_DRAFT_AGENT:
      other.agent = value;
      break;
    case KV_STEP_DRAFT_TARGET:
      other.target = value;
      break;
    case KV_STEP_DRAFT_SLOT:
      g_return_val_if_fail (slot < KV_STEP_DRAFT_MAX_SLOTS, NULL);
      other.slots[slot] = value;
      break;
    case KV_STEP_DRAFT_EVENT:
      other.event = value;
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  return kv_step_draft_check (&other, state, NULL);
}

char *
kv_step_draft_check_card (const KvStepDraft *draft,
                          KvState           *state,
                          guint              card,
                          gboolean           draft_ok)
{
  KvStepDraft other;

  g_return_val_if_fail (draft != NULL, NULL);
  g_return_val_if_fail (card < KV_MAX_CARDS, NULL);

  /* A step false as it stands: any of its cards may be taken away. */
  if ((draft->cards & KV_CARD_BIT (card)) && !draft_ok)
    return NULL;
  other = *draft;
  other.cards ^= KV_CARD_BIT (card);
  return kv_step_draft_check (&other, state, NULL);
}

int
kv_step_draft_complete_card (const KvStepDraft *draft,
                             KvState           *state)
{
  g_return_val_if_fail (draft != NULL, -1);

  switch (draft->kind)
    {
    case KV_STEP_NOCARD:
      if (draft->cards != 0)
        return -1;
      for (guint c = 0; c < draft->game->n_cards && c < KV_MAX_CARDS; c++)
        {
          KvStepDraft other = *draft;
          g_autofree char *reason = NULL;

          other.cards = KV_CARD_BIT (c);
          reason = kv_step_draft_check (&other, state, NULL);
          if (reason == NULL)
            return (int) c;
        }
      return -1;
    case KV_STEP_SHOWCARD:
      /* The card shown is one of those asked for. */
      if (draft->n_slots == 0 || draft->slots[0] < 0 || (guint) draft->slots[0] >= draft->game->n_cards ||
          (draft->cards & KV_CARD_BIT (draft->slots[0])))
        return -1;
      return draft->slots[0];
    default:
      return -1;
    }
}
