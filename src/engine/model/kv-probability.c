// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-probability.c: counting, per card and owner, the agent's worlds. */
#include "config.h"

#include "kv-game.h"
#include "kv-probability.h"

double *
kv_probabilities_new (const KvModel *model,
                      guint          agent,
                      guint          world)
{
  const KvGame *game = model->game;
  guint n_owners = kv_game_n_owners (game);
  guint32 class = model->cls[agent][world];
  g_autofree guint *count = g_new0 (guint, (gsize) game->n_cards * n_owners);
  double *shares = g_new0 (double, MAX ((gsize) game->n_cards * n_owners, 1));
  guint n = 0;

  g_return_val_if_fail (agent < game->n_agents && world < model->n_worlds, shares);

  /* One pass over the worlds; a class id compare is cheaper than
   * building the class as a bit set. */
  for (guint w = 0; w < model->n_worlds; w++)
    {
      if (model->cls[agent][w] != class)
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
