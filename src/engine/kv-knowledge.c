// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-knowledge"
#include "config.h"

#include "kv-check.h"
#include "kv-knowledge.h"

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
