// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-actions.c: van Ditmarsch's knowledge actions — nocard,
 * showcard, endmove, win — and announcements as action models; a suggest's
 * answers from a deal, and why a step is false at one. */
#define G_LOG_DOMAIN "kv-action"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-knowledge-actions.h"

/* ¬c₁@b ∧ ¬c₂@b ∧ … */
static KvFormula *
holds_none (const KvStep *step)
{
  KvFormula *f = NULL;

  for (guint i = 0; i < step->n_cards; i++)
    {
      KvFormula *not_held = kv_formula_new (KV_FORMULA_NOT, kv_formula_new_atom (step->cards[i], step->agent), NULL);

      f = f == NULL ? not_held : kv_formula_new (KV_FORMULA_AND, f, not_held);
    }
  return f;
}

/* One event per requested card, "b holds it"; b and a tell the events
 * apart, every other agent sees only that some card was shown. */
static KvActionModel *
showcard_model (const KvStep *step, guint *actual_event)
{
  const KvGame *game = step->game;
  KvActionModel *am = kv_action_model_new ("showcard", game->n_agents, step->n_cards);

  for (guint e = 0; e < step->n_cards; e++)
    {
      guint card = step->cards[e];

      am->event_names[e] = g_strdup (game->card_names[card]);
      am->pre[e] = kv_formula_new_atom (card, step->agent);
      am->cls[step->agent * am->n_events + e] = e;
      am->cls[step->target * am->n_events + e] = e;
      if (card == step->shown)
        *actual_event = e;
    }
  return am;
}

KvActionModel *
kv_action_model_for_step (const KvStep *step, guint *actual_event)
{
  guint n_agents = step->game->n_agents;
  g_autoptr(KvFormula) pre = NULL;

  *actual_event = 0;
  switch (step->kind)
    {
    case KV_STEP_NOCARD:
      pre = holds_none (step);
      break;
    case KV_STEP_ENDMOVE:
      pre = kv_formula_new (KV_FORMULA_NOT, kv_formula_new_modal (KV_FORMULA_WIN, 1u << step->agent, NULL), NULL);
      break;
    case KV_STEP_WIN:
      pre = kv_formula_new_modal (KV_FORMULA_WIN, 1u << step->agent, NULL);
      break;
    case KV_STEP_ANNOUNCE:
      pre = kv_formula_ref (step->formula);
      break;
    case KV_STEP_SHOWCARD:
      return showcard_model (step, actual_event);
    case KV_STEP_DO:
      *actual_event = step->event;
      return kv_action_model_ref ((KvActionModel *) step->action);
    case KV_STEP_SUGGEST:
    default:
      g_return_val_if_reached (NULL);
    }
  return kv_action_model_new_announcement (n_agents, pre);
}

char *
kv_step_why_false_at (const KvGame  *game,
                      const KvHand  *hands,
                      gboolean       agent_wins,
                      KvActualCheck  check,
                      gpointer       state,
                      const KvStep  *step)
{
  const char *agent = game->agent_names[step->agent];

  switch (step->kind)
    {
    case KV_STEP_NOCARD:
      for (guint i = 0; i < step->n_cards; i++)
        if (hands[step->agent] & KV_CARD_BIT (step->cards[i]))
          return g_strdup_printf (_("%s holds %s"), agent, game->card_names[step->cards[i]]);
      return NULL;
    case KV_STEP_SHOWCARD:
      if (hands[step->agent] & KV_CARD_BIT (step->shown))
        return NULL;
      return g_strdup_printf (_("%s does not hold %s"), agent, game->card_names[step->shown]);
    case KV_STEP_ENDMOVE:
      if (!agent_wins)
        return NULL;
      return g_strdup_printf (game->has_envelope ? _("%s knows the envelope, so it can win")
                                                 : _("%s knows the deal, so it can win"), agent);
    case KV_STEP_WIN:
      if (agent_wins)
        return NULL;
      return g_strdup_printf (game->has_envelope ? _("%s does not know the envelope yet")
                                                 : _("%s does not know the deal yet"), agent);
    case KV_STEP_ANNOUNCE:
    case KV_STEP_DO:
      {
        guint event;
        g_autoptr(KvActionModel) am = kv_action_model_for_step (step, &event);
        g_autoptr(GError) error = NULL;
        gboolean value = TRUE;

        if (!check (state, am->pre[event], &value, &error))
          return g_strdup (error->message);
        if (value)
          return NULL;
        if (step->kind == KV_STEP_ANNOUNCE)
          {
            g_autofree char *f = kv_formula_to_string (game, step->formula, FALSE);
            return g_strdup_printf (_("%s is false at the actual world"), f);
          }
        else
          {
            g_autofree char *f = kv_formula_to_string (game, am->pre[event], FALSE);
            return g_strdup_printf (_("the precondition of %s (%s) is false at the actual world"),
                                    am->event_names[event], f);
          }
      }
    case KV_STEP_SUGGEST:
    default:
      return NULL;
    }
}

GPtrArray *
kv_suggest_expand_hands (const KvStep *suggest, const KvHand *hands)
{
  const KvGame *game = suggest->game;
  GPtrArray *steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;

  g_return_val_if_fail (suggest->kind == KV_STEP_SUGGEST, steps);

  for (guint i = 1; i <= n_responders && i < game->n_agents; i++)
    {
      guint responder = (suggest->agent + i) % game->n_agents;
      KvStep *answer = NULL;

      /* A responder shows the first requested card it holds. */
      for (guint j = 0; j < suggest->n_cards && answer == NULL; j++)
        if (hands[responder] & KV_CARD_BIT (suggest->cards[j]))
          {
            answer = kv_step_new (suggest->game, KV_STEP_SHOWCARD);
            answer->target = suggest->agent;
            answer->shown = suggest->cards[j];
          }
      if (answer == NULL)
        answer = kv_step_new (suggest->game, KV_STEP_NOCARD);
      answer->agent = responder;
      answer->n_cards = suggest->n_cards;
      answer->cards = g_memdup2 (suggest->cards, suggest->n_cards);
      g_ptr_array_add (steps, answer);
      if (answer->kind == KV_STEP_SHOWCARD)
        break;
    }
  return steps;
}
