// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explicit-knowledge.c: the knowledge table read off an explicit model
 * (the symbolic engine's is kv-sym-knowledge.c). */
#define G_LOG_DOMAIN "kv-knowledge"
#include "config.h"

#include "kv-check.h"
#include "kv-explicit-knowledge.h"

/* Owner o may hold card c over a set of worlds iff c is in some world's
 * hand of o, that is in the union of o's hands there: the read-out ORs
 * hands per owner as it walks, and only then spreads them over cards. */
static void
spread_hands (KvPerspective *p, const KvHand *seen, guint n_owners)
{
  for (guint o = 0; o < n_owners; o++)
    for (KvHand h = seen[o]; h != 0; h &= h - 1)
      p->possible[__builtin_ctzll (h)] |= 1u << o;
}

KvKnowledge *
kv_knowledge_new (const KvModel *model, guint world)
{
  const KvGame *game = model->game;
  guint n_agents = game->n_agents, n_owners = kv_game_n_owners (game);
  /* Per perspective (each agent, then everyone) the union of each owner's
   * hands over its worlds, and its number of worlds. */
  KvHand seen[KV_MAX_AGENTS + 1][KV_MAX_AGENTS + 1] = { { 0 } };
  guint64 size[KV_MAX_AGENTS + 1] = { 0 };
  guint32 own[KV_MAX_AGENTS];
  KvKnowledge *k;
  g_autoptr(KvBits) component = NULL;

  g_return_val_if_fail (world < model->n_worlds, NULL);

  k = kv_knowledge_new_empty (game);
  k->world = world;
  for (guint a = 0; a < n_agents; a++)
    own[a] = model->cls[a][world];

  /* Everyone: the hands over @world's component, a word of worlds at a
   * time (usually all of them). A world paired with several events
   * repeats its deal next to it: its hands are read once. */
  component = kv_model_component (model, (1u << n_agents) - 1, world);
  size[n_agents] = kv_bits_count (component);
  for (guint i = 0, last = G_MAXUINT32; i * 64 < model->n_worlds; i++)
    for (guint64 bits = component->words[i]; bits != 0; bits &= bits - 1)
      {
        guint32 deal = model->deal[i * 64 + (guint) __builtin_ctzll (bits)];
        const KvHand *hands = model->deals->hands + (gsize) deal * n_owners;

        if (deal == last)
          continue;
        last = deal;
        for (guint o = 0; o < n_owners; o++)
          seen[n_agents][o] |= hands[o];
      }

  /* Each agent: its class of @world, found by a plain compare over its
   * class ids (no member lists to build); the class is a small part of the
   * model, so the hands are read for few worlds. */
  for (guint a = 0; a < n_agents; a++)
    {
      const guint32 *cls = model->cls[a];

      for (guint w = 0; w < model->n_worlds; w++)
        if (G_UNLIKELY (cls[w] == own[a]))
          {
            const KvHand *hands = kv_model_hands (model, w);

            size[a]++;
            for (guint o = 0; o < n_owners; o++)
              seen[a][o] |= hands[o];
          }
    }

  for (guint a = 0; a < n_agents; a++)
    {
      k->agents[a].class_size = size[a];
      spread_hands (&k->agents[a], seen[a], n_owners);
    }
  k->common.class_size = size[n_agents];
  spread_hands (&k->common, seen[n_agents], n_owners);
  kv_knowledge_decide_winners (k, game);
  return k;
}
