// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-knowledge"
#include "config.h"

#include "kv-knowledge.h"

/* Whether δ (the envelope's cards, or the whole deal) is the same in every
 * world of @p: no card of δ has two possible owners there. */
static gboolean
knows_delta (const KvPerspective *p, const KvGame *game)
{
  for (guint c = 0; c < game->n_cards; c++)
    {
      guint32 mask = p->possible[c];
      gboolean in_delta = !game->has_envelope || (mask & (1u << game->n_agents));

      if (in_delta && __builtin_popcount (mask) != 1)
        return FALSE;
    }
  return TRUE;
}

KvKnowledge *
kv_knowledge_new_empty (const KvGame *game)
{
  KvKnowledge *k = g_new0 (KvKnowledge, 1);

  k->n_agents = game->n_agents;
  k->n_cards = game->n_cards;
  k->agents = g_new0 (KvPerspective, game->n_agents);
  for (guint a = 0; a < game->n_agents; a++)
    k->agents[a].possible = g_new0 (guint32, MAX (game->n_cards, 1));
  k->common.possible = g_new0 (guint32, MAX (game->n_cards, 1));
  return k;
}

void
kv_knowledge_decide_winners (KvKnowledge *k, const KvGame *game)
{
  k->winners = 0;
  for (guint a = 0; a < game->n_agents; a++)
    {
      k->agents[a].wins = knows_delta (&k->agents[a], game);
      if (k->agents[a].wins)
        k->winners |= 1u << a;
    }
  /* Everyone commonly knows δ when it is the same throughout the component. */
  k->common.wins = knows_delta (&k->common, game);
}

static void
perspective_dup (KvPerspective *to, const KvPerspective *from, guint n_cards)
{
  to->class_size = from->class_size;
  to->wins = from->wins;
  to->possible = g_memdup2 (from->possible, MAX (n_cards, 1) * sizeof (guint32));
}

KvKnowledge *
kv_knowledge_copy (const KvKnowledge *from)
{
  KvKnowledge *k = g_memdup2 (from, sizeof *from);

  k->agents = g_new (KvPerspective, from->n_agents);
  for (guint a = 0; a < from->n_agents; a++)
    perspective_dup (&k->agents[a], &from->agents[a], from->n_cards);
  perspective_dup (&k->common, &from->common, from->n_cards);
  return k;
}

void
kv_knowledge_free (KvKnowledge *k)
{
  if (k == NULL)
    return;
  for (guint a = 0; a < k->n_agents; a++)
    g_free (k->agents[a].possible);
  g_free (k->agents);
  g_free (k->common.possible);
  g_free (k);
}

int
kv_knowledge_known_owner (guint32 mask)
{
  return __builtin_popcount (mask) == 1 ? __builtin_ctz (mask) : -1;
}
