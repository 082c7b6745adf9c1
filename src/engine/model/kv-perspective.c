// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-perspective.c: an agent's perspective */
#define G_LOG_DOMAIN "kv-perspective"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-error.h"
#include "kv-perspective.h"

KvBits *
kv_perspective_worlds (const KvModel *model,
                       guint          world,
                       const guint   *chain,
                       guint          n_chain)
{
  g_autoptr(KvBits) worlds = NULL;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (world < model->n_worlds, NULL);
  g_return_val_if_fail (n_chain >= 1 && n_chain <= KV_PERSPECTIVE_MAX, NULL);

  worlds = kv_bits_new (model->n_worlds);
  kv_bits_set (worlds, world);
  /* Each agent's classes that meet the worlds so far, then their worlds:
   * two passes over the worlds per agent, no pair of worlds compared. */
  for (guint i = 0; i < n_chain; i++)
    {
      guint agent = chain[i];
      const guint32 *cls;
      g_autofree guint8 *met = NULL;

      g_return_val_if_fail (agent < model->game->n_agents, NULL);
      cls = model->cls[agent];
      met = g_new0 (guint8, MAX (model->n_classes[agent], 1));
      for (guint w = 0; w < model->n_worlds; w++)
        if (kv_bits_get (worlds, w))
          met[cls[w]] = 1;
      for (guint w = 0; w < model->n_worlds; w++)
        if (met[cls[w]])
          kv_bits_set (worlds, w);
    }
  return g_steal_pointer (&worlds);
}

gboolean
kv_perspective_parse (const KvGame  *game,
                      const char    *text,
                      guint         *chain,
                      guint         *n_chain,
                      GError       **error)
{
  g_auto(GStrv) names = NULL;
  guint n = 0;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  *n_chain = 0;
  if (*text == '\0')
    return TRUE;
  names = g_strsplit (text, ">", -1);
  for (; names[n] != NULL; n++)
    {
      int agent;

      if (n >= KV_PERSPECTIVE_MAX)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_NAME,
                       _("a perspective follows at most %d agents"), KV_PERSPECTIVE_MAX);
          return FALSE;
        }
      agent = kv_game_find_agent (game, names[n]);
      if (agent < 0)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_NAME, _("unknown agent “%.80s”"), names[n]);
          return FALSE;
        }
      chain[n] = (guint) agent;
    }
  *n_chain = n;
  return TRUE;
}

char *
kv_perspective_to_display (const KvGame *game,
                           const guint  *chain,
                           guint         n_chain)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_chain; i++)
    {
      if (i > 0)
        g_string_append (text, " → ");
      g_string_append (text, game->agent_names[chain[i]]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

guint32 *
kv_perspective_owners (const KvModel *model,
                       const KvBits  *worlds)
{
  const KvGame *game;
  KvHand seen[KV_MAX_AGENTS + 1] = { 0 };
  guint32 *owners;
  guint n_owners;

  g_return_val_if_fail (model != NULL && worlds != NULL, NULL);

  game = model->game;
  n_owners = kv_game_n_owners (game);
  /* The union of each owner's hands over the worlds, then per card. */
  for (int w = kv_bits_next (worlds, 0); w >= 0 && (guint) w < model->n_worlds; w = kv_bits_next (worlds, w + 1))
    {
      const KvHand *hands = kv_model_hands (model, w);

      for (guint o = 0; o < n_owners; o++)
        seen[o] |= hands[o];
    }
  owners = g_new0 (guint32, MAX (game->n_cards, 1));
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      if (seen[o] & KV_CARD_BIT (c))
        owners[c] |= 1u << o;
  return owners;
}
