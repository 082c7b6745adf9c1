// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-action"
#include "config.h"

#include "kv-action-model.h"

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
