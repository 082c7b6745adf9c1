// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-game"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "kv-action-model.h"
#include "kv-error.h"
#include "kv-game.h"

KvGame *
kv_game_new (void)
{
  KvGame *game = g_new0 (KvGame, 1);

  g_atomic_ref_count_init (&game->ref);
  game->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_action_model_unref);
  return game;
}

KvGame *
kv_game_ref (KvGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_atomic_ref_count_inc (&game->ref);
  return game;
}

void
kv_game_unref (KvGame *game)
{
  if (game == NULL || !g_atomic_ref_count_dec (&game->ref))
    return;
  g_free (game->title);
  g_strfreev (game->agent_names);
  g_free (game->hand_sizes);
  g_strfreev (game->card_names);
  g_free (game->card_category);
  g_strfreev (game->category_names);
  g_free (game->deal);
  g_ptr_array_unref (game->actions);
  g_clear_pointer (&game->titles, g_ptr_array_unref);
  g_clear_pointer (&game->summary, g_ptr_array_unref);
  g_clear_pointer (&game->say, g_ptr_array_unref);
  g_clear_pointer (&game->final_asks, g_ptr_array_unref);
  g_free (game);
}

guint
kv_game_n_owners (const KvGame *game)
{
  return game->n_agents + (game->has_envelope ? 1 : 0);
}

guint
kv_game_envelope (const KvGame *game)
{
  g_return_val_if_fail (game->has_envelope, 0);
  return game->n_agents;
}

const char *
kv_game_owner_name (const KvGame *game, guint owner)
{
  g_return_val_if_fail (owner < kv_game_n_owners (game), NULL);
  return owner < game->n_agents ? game->agent_names[owner] : "env";
}

static int
find_name (char **names, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return (int) i;
  return -1;
}

int
kv_game_find_agent (const KvGame *game, const char *name)
{
  return find_name (game->agent_names, game->n_agents, name);
}

gboolean
kv_game_can_hold (const KvGame *game, guint owner, guint card)
{
  int category = game->card_category[card];

  if (owner < game->n_agents)
    return TRUE;
  return category != KV_NO_CATEGORY && (game->envelope_categories >> category) & 1;
}

int
kv_game_find_owner (const KvGame *game, const char *name)
{
  if (game->has_envelope && g_strcmp0 (name, "env") == 0)
    return (int) game->n_agents;
  return kv_game_find_agent (game, name);
}

int
kv_game_find_card (const KvGame *game, const char *name)
{
  return find_name (game->card_names, game->n_cards, name);
}

int
kv_game_find_category (const KvGame *game, const char *name)
{
  return find_name (game->category_names, game->n_categories, name);
}

const KvActionModel *
kv_game_find_action (const KvGame *game, const char *name)
{
  for (guint i = 0; i < game->actions->len; i++)
    {
      const KvActionModel *am = g_ptr_array_index (game->actions, i);

      if (g_strcmp0 (am->name, name) == 0)
        return am;
    }
  return NULL;
}

guint
kv_game_owner_of (const KvGame *game, const KvHand *hands, guint card)
{
  guint n_owners = kv_game_n_owners (game);

  for (guint o = 0; o < n_owners; o++)
    if (hands[o] & KV_CARD_BIT (card))
      return o;
  g_assert_not_reached ();
}

static guint
category_size (const KvGame *game, guint category)
{
  guint size = 0;

  for (guint c = 0; c < game->n_cards; c++)
    size += game->card_category[c] == (int) category;
  return size;
}

static guint
n_envelope_cards (const KvGame *game)
{
  return game->has_envelope ? (guint) __builtin_popcountll (game->envelope_categories) : 0;
}

/* log of n choose k, so that huge games are measured without overflow. */
static double
log_choose (guint n, guint k)
{
  return lgamma (n + 1.0) - lgamma (k + 1.0) - lgamma (n - k + 1.0);
}

double
kv_game_count_deals (const KvGame *game)
{
  double log_count = 0;
  guint left = game->n_cards - n_envelope_cards (game);

  if (game->has_envelope)
    for (guint k = 0; k < game->n_categories; k++)
      if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << k))
        log_count += log (category_size (game, k));
  for (guint a = 0; a < game->n_agents; a++)
    {
      if (game->hand_sizes[a] > left)
        return 0;
      log_count += log_choose (left, game->hand_sizes[a]);
      left -= game->hand_sizes[a];
    }
  return round (exp (log_count));
}

char *
kv_game_hand_to_string (const KvGame *game, KvHand hand)
{
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < game->n_cards; c++)
    if (hand & KV_CARD_BIT (c))
      {
        if (s->len > 0)
          g_string_append_c (s, ' ');
        g_string_append (s, game->card_names[c]);
      }
  return g_string_free (s, FALSE);
}

gboolean
kv_game_validate (const KvGame *game, GError **error)
{
  guint hand_total = 0;

  if (game->n_agents == 0)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the game has no agents (add an “agents” line)"));
      return FALSE;
    }
  if (game->n_cards == 0)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the game has no cards (add a “cards” or “category” line)"));
      return FALSE;
    }
  if (game->hand_sizes == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the game has no hand sizes (add a “hands” line)"));
      return FALSE;
    }
  for (guint a = 0; a < game->n_agents; a++)
    hand_total += game->hand_sizes[a];
  if (hand_total + n_envelope_cards (game) != game->n_cards)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("hands do not add up: the hands hold %u cards and the envelope %u, but there are %u cards"),
                   hand_total, n_envelope_cards (game), game->n_cards);
      return FALSE;
    }
  if (game->deal == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the game has no actual deal (add a “deal” line)"));
      return FALSE;
    }
  return kv_game_validate_deal (game, game->deal, error);
}

/* Kept apart from kv_game_validate: the Change Deal dialog checks a deal
 * the user is picking against the game, line by line as it changes. The
 * header is valid (hand sizes add up), so cards given once each with every
 * player's hand size right leave the envelope its number of cards. */
gboolean
kv_game_validate_deal (const KvGame *game, const KvHand *deal, GError **error)
{
  guint n_owners = kv_game_n_owners (game);
  KvHand all = game->n_cards >= KV_MAX_CARDS ? G_MAXUINT64 : KV_CARD_BIT (game->n_cards) - 1;
  KvHand seen = 0;

  g_return_val_if_fail (deal != NULL, FALSE);

  for (guint o = 0; o < n_owners; o++)
    {
      if (deal[o] & ~all)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the deal gives a card the game does not have"));
          return FALSE;
        }
      if (deal[o] & seen)
        {
          g_autofree char *twice = kv_game_hand_to_string (game, deal[o] & seen);
          g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the deal gives %s to two owners"), twice);
          return FALSE;
        }
      seen |= deal[o];
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (!(seen & KV_CARD_BIT (c)))
      {
        g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("the deal does not give %s to anyone"),
                     game->card_names[c]);
        return FALSE;
      }
  for (guint a = 0; a < game->n_agents; a++)
    {
      guint size = (guint) __builtin_popcountll (deal[a]);

      if (size != game->hand_sizes[a])
        {
          g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                       g_dngettext (GETTEXT_PACKAGE, "player %s holds %u card; the game deals %u",
                                    "player %s holds %u cards; the game deals %u", size),
                       game->agent_names[a], size, game->hand_sizes[a]);
          return FALSE;
        }
    }
  if (game->has_envelope)
    for (guint k = 0; k < game->n_categories; k++)
      {
        gboolean in_envelope = (game->envelope_categories >> k) & 1;
        guint count = 0;

        for (guint c = 0; c < game->n_cards; c++)
          if (game->card_category[c] == (int) k && (deal[game->n_agents] & KV_CARD_BIT (c)))
            count++;
        if (count != (in_envelope ? 1u : 0u))
          {
            g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                         in_envelope ? _("the envelope must hold exactly one %s card")
                                     : _("the envelope holds a %s card, but that category is not in the envelope"),
                         game->category_names[k]);
            return FALSE;
          }
      }
  if (game->has_envelope)
    for (guint c = 0; c < game->n_cards; c++)
      if (game->card_category[c] == KV_NO_CATEGORY && (deal[game->n_agents] & KV_CARD_BIT (c)))
        {
          g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                       _("the envelope holds %s, which is in no envelope category"), game->card_names[c]);
          return FALSE;
        }
  return TRUE;
}

gboolean
kv_game_deal_equal (const KvGame *game, const KvHand *a, const KvHand *b)
{
  return memcmp (a, b, sizeof (KvHand) * kv_game_n_owners (game)) == 0;
}

KvGame *
kv_game_copy_with_deal (const KvGame *game, const KvHand *deal)
{
  KvGame *copy = kv_game_new ();
  guint n_owners = kv_game_n_owners (game);

  copy->title = g_strdup (game->title);
  copy->n_agents = game->n_agents;
  copy->agent_names = g_strdupv (game->agent_names);
  copy->hand_sizes = g_memdup2 (game->hand_sizes, sizeof (guint) * game->n_agents);
  copy->n_cards = game->n_cards;
  copy->card_names = g_strdupv (game->card_names);
  copy->card_category = g_memdup2 (game->card_category, sizeof (int) * game->n_cards);
  copy->n_categories = game->n_categories;
  copy->category_names = g_strdupv (game->category_names);
  copy->has_envelope = game->has_envelope;
  copy->envelope_categories = game->envelope_categories;
  copy->responders = game->responders;
  /* Action models name cards and events by index: the copy shares them. */
  for (guint i = 0; i < game->actions->len; i++)
    g_ptr_array_add (copy->actions, kv_action_model_ref (g_ptr_array_index (game->actions, i)));
  /* The lesson's words are immutable once read: shared too. */
  copy->titles = game->titles ? g_ptr_array_ref (game->titles) : NULL;
  copy->summary = game->summary ? g_ptr_array_ref (game->summary) : NULL;
  copy->say = game->say ? g_ptr_array_ref (game->say) : NULL;
  copy->final_asks = game->final_asks ? g_ptr_array_ref (game->final_asks) : NULL;
  if (deal == NULL)
    deal = game->deal;
  copy->deal = deal != NULL ? g_memdup2 (deal, sizeof (KvHand) * n_owners) : NULL;
  return copy;
}
