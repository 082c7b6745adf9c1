// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-probability.c: counting, per card and owner, the agent's deals (or
 * worlds). */
#include "config.h"

#include "kv-game.h"
#include "kv-probability.h"

/* Shares over the worlds of @agent's class at @world, each deal counted
 * once when @per_deal. */
static double *
shares_new (const KvModel *model, guint agent, guint world, gboolean per_deal)
{
  const KvGame *game = model->game;
  guint n_owners = kv_game_n_owners (game);
  g_autofree guint *count = g_new0 (guint, (gsize) game->n_cards * n_owners);
  double *shares = g_new0 (double, MAX ((gsize) game->n_cards * n_owners, 1));
  g_autoptr(GHashTable) seen = NULL;
  guint32 class;
  guint n = 0;

  g_return_val_if_fail (agent < game->n_agents && world < model->n_worlds, shares);

  class = model->cls[agent][world];
  if (per_deal)
    seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  /* One pass over the worlds; a class id compare is cheaper than
   * building the class as a bit set. */
  for (guint w = 0; w < model->n_worlds; w++)
    {
      if (model->cls[agent][w] != class)
        continue;
      /* Worlds with the same deal share its index in the deal table. */
      if (per_deal && !g_hash_table_add (seen, GUINT_TO_POINTER (model->deal[w] + 1)))
        continue;
      n++;
      for (guint o = 0; o < n_owners; o++)
        {
          KvHand hand = kv_model_hand (model, w, o);

          for (guint c = 0; c < game->n_cards; c++)
            if (hand & KV_CARD_BIT (c))
              count[c * n_owners + o]++;
        }
    }
  for (gsize i = 0; i < (gsize) game->n_cards * n_owners; i++)
    shares[i] = (double) count[i] / n;
  return shares;
}

double *
kv_probabilities_new (const KvModel *model, guint agent, guint world)
{
  return shares_new (model, agent, world, TRUE);
}

double *
kv_world_probabilities_new (const KvModel *model, guint agent, guint world)
{
  return shares_new (model, agent, world, FALSE);
}
