// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-play-observer.c: Bowman's observer — an agent with no cards that never
 * moves — and what it, and the players in common, know (see kv-play.h) */
#define G_LOG_DOMAIN "kv-play-observer"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-error.h"
#include "kv-knowledge.h"
#include "kv-play.h"

KvGame *
kv_play_add_observer (const KvGame *game, GError **error)
{
  g_autoptr(KvGame) copy = NULL;
  g_autofree char *name = g_strdup ("o");
  guint n = game->n_agents, n_owners = kv_game_n_owners (game);

  if (game->actions->len > 0)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_GAME,
                           _("an observer cannot join a game with its own action models"));
      return NULL;
    }
  if (n + 1 > KV_MAX_AGENTS)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("an observer would make %u agents; at most %u"),
                   n + 1, KV_MAX_AGENTS);
      return NULL;
    }
  for (guint k = 2; kv_game_find_owner (game, name) >= 0; k++)
    {
      g_free (name);
      name = g_strdup_printf ("o%u", k);
    }
  copy = kv_game_copy_with_deal (game, NULL);
  g_strfreev (copy->agent_names);
  copy->agent_names = g_new0 (char *, n + 2);
  for (guint a = 0; a < n; a++)
    copy->agent_names[a] = g_strdup (game->agent_names[a]);
  copy->agent_names[n] = g_steal_pointer (&name);
  copy->n_agents = n + 1;
  g_free (copy->hand_sizes);
  copy->hand_sizes = g_new0 (guint, n + 1);
  memcpy (copy->hand_sizes, game->hand_sizes, sizeof (guint) * n);
  /* The owners: the players, the observer's empty hand, the envelope. */
  g_free (copy->deal);
  copy->deal = g_new0 (KvHand, n_owners + 1);
  memcpy (copy->deal, game->deal, sizeof (KvHand) * n);
  if (game->has_envelope)
    copy->deal[n + 1] = game->deal[kv_game_envelope (game)];
  return g_steal_pointer (&copy);
}

/* Whether @card is one of δ's cards in @game's deal. */
static gboolean
is_delta_card (const KvGame *game, guint card)
{
  return !game->has_envelope || (game->deal[kv_game_envelope (game)] & KV_CARD_BIT (card));
}

void
kv_play_knows_of (KvState *state, guint agent, KvPlayKnows *knows)
{
  const KvGame *game = kv_state_game (state);
  const KvKnowledge *k = kv_state_knowledge (state);

  knows->delta_known = knows->owners_known = 0;
  for (guint c = 0; c < game->n_cards; c++)
    {
      int owner = kv_knowledge_known_owner (k->agents[agent].possible[c]);

      knows->owners_known += owner >= 0;
      knows->delta_known += is_delta_card (game, c) && owner >= 0;
    }
}

guint
kv_play_common_known (KvState *state, guint32 agents, GError **error)
{
  const KvGame *game = kv_state_game (state);
  guint32 all = (game->n_agents >= 32 ? 0 : (1u << game->n_agents)) - 1;
  guint known = 0;

  if ((agents & all) == all)
    {
      const KvKnowledge *k = kv_state_knowledge (state);

      for (guint c = 0; c < game->n_cards; c++)
        known += is_delta_card (game, c) && kv_knowledge_known_owner (k->common.possible[c]) >= 0;
      return known;
    }
  for (guint c = 0; c < game->n_cards; c++)
    {
      g_autoptr(KvFormula) f = NULL;
      gboolean value = FALSE;

      if (!is_delta_card (game, c))
        continue;
      /* δ's cards: their actual owner is the only one that can be known. */
      f = kv_formula_new_modal (KV_FORMULA_COMMON, agents,
                                kv_formula_new_atom (c, kv_game_owner_of (game, game->deal, c)));
      if (!kv_state_check_actual (state, f, &value, error))
        return 0;
      known += value;
    }
  return known;
}
