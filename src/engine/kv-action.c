// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-action"
#include "config.h"

#include "kv-action.h"

KvActionModel *
kv_action_model_new (const char *name, guint n_agents, guint n_events)
{
  KvActionModel *am = g_new0 (KvActionModel, 1);

  g_atomic_ref_count_init (&am->ref);
  am->name = g_strdup (name);
  am->n_agents = n_agents;
  am->n_events = n_events;
  am->event_names = g_new0 (char *, n_events + 1);
  am->pre = g_new0 (KvFormula *, n_events);
  am->cls = g_new0 (guint, (gsize) n_agents * n_events);
  return am;
}

KvActionModel *
kv_action_model_ref (KvActionModel *am)
{
  g_atomic_ref_count_inc (&am->ref);
  return am;
}

void
kv_action_model_unref (KvActionModel *am)
{
  if (am == NULL || !g_atomic_ref_count_dec (&am->ref))
    return;
  for (guint e = 0; e < am->n_events; e++)
    if (am->pre[e] != NULL)
      kv_formula_unref (am->pre[e]);
  g_free (am->pre);
  g_strfreev (am->event_names);
  g_free (am->cls);
  g_free (am->name);
  g_free (am);
}

int
kv_action_model_find_event (const KvActionModel *am, const char *name)
{
  for (guint e = 0; e < am->n_events; e++)
    if (g_strcmp0 (am->event_names[e], name) == 0)
      return (int) e;
  return -1;
}

KvActionModel *
kv_action_model_new_announcement (guint n_agents, KvFormula *pre)
{
  KvActionModel *am = kv_action_model_new ("announce", n_agents, 1);

  am->event_names[0] = g_strdup ("!");
  am->pre[0] = kv_formula_ref (pre);
  return am;
}

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
