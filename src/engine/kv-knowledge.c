// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-knowledge"
#include "config.h"

#include "kv-check.h"
#include "kv-knowledge.h"

/* Adds every world of @worlds to @p: its size and who may hold each card. */
static void
fill_perspective (KvPerspective *p, const KvModel *model, const KvBits *worlds)
{
  guint n_owners = kv_game_n_owners (model->game);

  for (int w = kv_bits_next (worlds, 0); w >= 0; w = kv_bits_next (worlds, w + 1))
    {
      const KvHand *hands = kv_model_hands (model, (guint) w);

      p->class_size++;
      for (guint o = 0; o < n_owners; o++)
        for (KvHand h = hands[o]; h != 0; h &= h - 1)
          p->possible[__builtin_ctzll (h)] |= 1u << o;
    }
}

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

KvKnowledge *
kv_knowledge_new (const KvModel *model, guint world)
{
  const KvGame *game = model->game;
  KvKnowledge *k;
  g_autoptr(KvBits) component = NULL;

  g_return_val_if_fail (world < model->n_worlds, NULL);

  k = kv_knowledge_new_empty (game);
  k->world = world;
  /* Only the class of @world is read: winning there is knowing δ over
   * that class, no need to decide it at every world. */
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(KvBits) cls = kv_model_class_of (model, a, world);

      fill_perspective (&k->agents[a], model, cls);
    }
  component = kv_model_component (model, (1u << game->n_agents) - 1, world);
  fill_perspective (&k->common, model, component);
  kv_knowledge_decide_winners (k, game);
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
