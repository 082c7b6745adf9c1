// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-model"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "kv-error.h"
#include "kv-model.h"
#include "kv-partition.h"

KvDeals *
kv_deals_ref (KvDeals *deals)
{
  g_atomic_ref_count_inc (&deals->ref);
  return deals;
}

void
kv_deals_unref (KvDeals *deals)
{
  if (deals == NULL || !g_atomic_ref_count_dec (&deals->ref))
    return;
  g_free (deals->hands);
  g_free (deals);
}

/* Deal enumeration: the envelope first (one card of each of its categories),
 * then each agent's hand as a combination of the cards left, in card order.
 * For Hexa this gives rwb, rbw, wrb, wbr, brw, bwr. */
typedef struct {
  const KvGame *game;
  KvHand       *hands;      /* n_owners scratch hands */
  KvDeals      *deals;
} Enumeration;

/* Called once per deal: a plain loop over a handful of owners, inlined,
 * costs less than a call to memcpy. */
static inline void
emit (Enumeration *en)
{
  guint n_owners = en->deals->n_owners;
  KvHand *out = en->deals->hands + (gsize) en->deals->n_deals * n_owners;

  for (guint o = 0; o < n_owners; o++)
    out[o] = en->hands[o];
  en->deals->n_deals++;
}

static void
deal_hands (Enumeration *en, guint agent, KvHand left)
{
  const KvGame *game = en->game;
  guint cards[KV_MAX_CARDS], n = 0, pick[KV_MAX_CARDS];
  guint k;

  if (agent == game->n_agents)
    {
      emit (en);
      return;
    }
  if (agent == game->n_agents - 1)
    {
      en->hands[agent] = left;
      emit (en);
      return;
    }

  for (guint c = 0; c < game->n_cards; c++)
    if (left & KV_CARD_BIT (c))
      cards[n++] = c;
  k = game->hand_sizes[agent];

  /* Combinations of k of the n cards, in lexicographic order. */
  for (guint i = 0; i < k; i++)
    pick[i] = i;
  for (;;)
    {
      KvHand hand = 0;
      int i;

      for (guint j = 0; j < k; j++)
        hand |= KV_CARD_BIT (cards[pick[j]]);
      en->hands[agent] = hand;
      /* The last agent takes what is left: one deal, without a call. */
      if (agent + 2 == game->n_agents)
        {
          en->hands[agent + 1] = left & ~hand;
          emit (en);
        }
      else
        deal_hands (en, agent + 1, left & ~hand);

      for (i = (int) k - 1; i >= 0 && pick[i] == n - k + (guint) i; i--)
        ;
      if (i < 0)
        break;
      pick[i]++;
      for (guint j = (guint) i + 1; j < k; j++)
        pick[j] = pick[j - 1] + 1;
    }
}

static void
deal_envelope (Enumeration *en, guint category, KvHand left)
{
  const KvGame *game = en->game;

  if (!game->has_envelope || category == game->n_categories)
    {
      deal_hands (en, 0, left);
      return;
    }
  if (!(game->envelope_categories & (G_GUINT64_CONSTANT (1) << category)))
    {
      deal_envelope (en, category + 1, left);
      return;
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == (int) category)
      {
        KvHand saved = en->hands[game->n_agents];

        en->hands[game->n_agents] |= KV_CARD_BIT (c);
        deal_envelope (en, category + 1, left & ~KV_CARD_BIT (c));
        en->hands[game->n_agents] = saved;
      }
}

/* What the machine can give: MemAvailable, else the physical memory. */
static guint64
available_memory (void)
{
  g_autofree char *meminfo = NULL;
  const char *line;
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGESIZE);

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL)
      && (line = strstr (meminfo, "MemAvailable:")) != NULL)
    return g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10) * 1024;
  if (pages > 0 && page_size > 0)
    return (guint64) pages * (guint64) page_size;
  return G_MAXUINT64;
}

gboolean
kv_model_check_memory (const KvGame *game, double n_worlds, GError **error)
{
  /* Per world: its deal's hands, the deal index, a class id per agent, and
   * as much again for the next step's product, pre-sets and read-outs. */
  double per_world = 2.0 * (kv_game_n_owners (game) * sizeof (KvHand) + sizeof (guint32)
                            + game->n_agents * sizeof (guint32));
  double needed = n_worlds * per_world;
  guint64 available = available_memory ();

  if (needed <= (double) available)
    return TRUE;
  {
    g_autofree char *need_text = g_format_size ((guint64) MIN (needed, (double) G_MAXUINT64));
    g_autofree char *have_text = g_format_size (available);

    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 _("%.3g worlds need about %s of memory, more than the %s this machine has available"),
                 n_worlds, need_text, have_text);
  }
  return FALSE;
}

KvModel *
kv_model_new_initial (KvGame *game, guint world_limit, GError **error)
{
  guint n_owners = kv_game_n_owners (game);
  double count = kv_game_count_deals (game);
  KvHand everything = game->n_cards == KV_MAX_CARDS ? G_MAXUINT64 : KV_CARD_BIT (game->n_cards) - 1;
  KvHand scratch[KV_MAX_AGENTS + 1] = { 0 };
  guint32 *deal;
  guint actual = G_MAXUINT;
  KvDeals *deals;
  KvModel *model;
  Enumeration en;

  if (world_limit == 0)
    world_limit = KV_DEFAULT_WORLD_LIMIT;
  if (count > world_limit)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the game has about %.3g deals, more than the limit of %u worlds"),
                   count, world_limit);
      return NULL;
    }
  if (!kv_model_check_memory (game, count, error))
    return NULL;

  deals = g_new0 (KvDeals, 1);
  g_atomic_ref_count_init (&deals->ref);
  deals->n_owners = n_owners;
  deals->hands = g_new (KvHand, MAX ((gsize) count, 1) * n_owners);

  en.game = game;
  en.hands = scratch;
  en.deals = deals;
  deal_envelope (&en, 0, everything);
  g_assert (deals->n_deals == (guint) count);

  model = kv_model_new_unfilled (game, deals, deals->n_deals);
  deal = model->deal;
  for (guint w = 0; w < deals->n_deals; w++)
    {
      const KvHand *hands = deals->hands + (gsize) w * n_owners;

      deal[w] = w;
      if (hands[0] == game->deal[0] && memcmp (hands, game->deal, n_owners * sizeof (KvHand)) == 0)
        actual = w;
    }
  g_assert (actual != G_MAXUINT);

  model->actual = actual;

  /* An agent's class is its hand. */
  g_autofree guint64 *keys = g_new (guint64, MAX (deals->n_deals, 1));
  for (guint a = 0; a < game->n_agents; a++)
    {
      for (guint w = 0; w < deals->n_deals; w++)
        keys[w] = deals->hands[(gsize) w * n_owners + a];
      model->n_classes[a] = kv_densify_u64 (keys, deals->n_deals, model->cls[a]);
    }
  model->world_limit = world_limit;
  kv_deals_unref (deals);
  return model;
}

KvModel *
kv_model_new_from_parts (KvGame *game, KvDeals *deals, guint n_worlds,
                         guint32 *deal, guint32 **cls, guint actual)
{
  KvModel *model = g_new0 (KvModel, 1);

  g_assert (actual < n_worlds);
  g_atomic_ref_count_init (&model->ref);
  model->game = kv_game_ref (game);
  model->deals = kv_deals_ref (deals);
  model->n_worlds = n_worlds;
  model->deal = deal;
  model->actual = actual;
  for (guint a = 0; a < game->n_agents; a++)
    {
      model->cls[a] = cls[a];
      model->n_classes[a] = kv_densify_u32 (cls[a], n_worlds);
    }
  return model;
}

KvModel *
kv_model_new_unfilled (KvGame *game, KvDeals *deals, guint n_worlds)
{
  KvModel *model = g_new0 (KvModel, 1);
  gsize n = MAX (n_worlds, 1);
  guint32 *block = g_new (guint32, n * (1 + game->n_agents));

  g_atomic_ref_count_init (&model->ref);
  model->game = kv_game_ref (game);
  model->deals = kv_deals_ref (deals);
  model->n_worlds = n_worlds;
  model->storage = block;
  model->deal = block;
  for (guint a = 0; a < game->n_agents; a++)
    model->cls[a] = block + (1 + a) * n;
  return model;
}

KvModel *
kv_model_ref (KvModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_atomic_ref_count_inc (&model->ref);
  return model;
}

void
kv_model_unref (KvModel *model)
{
  if (model == NULL || !g_atomic_ref_count_dec (&model->ref))
    return;
  if (model->storage != NULL)
    g_free (model->storage);
  else
    {
      for (guint a = 0; a < model->game->n_agents; a++)
        g_free (model->cls[a]);
      g_free (model->deal);
    }
  kv_deals_unref (model->deals);
  kv_game_unref (model->game);
  g_free (model);
}

G_DEFINE_BOXED_TYPE (KvModel, kv_model, kv_model_ref, kv_model_unref)

KvBits *
kv_model_class_of (const KvModel *model, guint agent, guint world)
{
  KvBits *bits = kv_bits_new (model->n_worlds);
  guint32 c = model->cls[agent][world];

  for (guint w = 0; w < model->n_worlds; w++)
    if (model->cls[agent][w] == c)
      kv_bits_set (bits, w);
  return bits;
}

guint
kv_model_class_size (const KvModel *model, guint agent, guint world)
{
  guint32 c = model->cls[agent][world];
  guint size = 0;

  for (guint w = 0; w < model->n_worlds; w++)
    size += model->cls[agent][w] == c;
  return size;
}

KvBits *
kv_model_component (const KvModel *model, guint32 agents, guint world)
{
  const KvGame *game = model->game;
  KvBits *seen = kv_bits_new (model->n_worlds);
  g_autofree guint32 *queue = g_new (guint32, model->n_worlds);
  KvClasses *classes[KV_MAX_AGENTS] = { NULL };
  KvBits *class_seen[KV_MAX_AGENTS] = { NULL };
  guint head = 0, tail = 0;

  for (guint a = 0; a < game->n_agents; a++)
    if (agents & (1u << a))
      {
        classes[a] = kv_classes_new (model->cls[a], model->n_worlds, model->n_classes[a]);
        class_seen[a] = kv_bits_new (model->n_classes[a]);
      }

  kv_bits_set (seen, world);
  queue[tail++] = world;
  while (head < tail)
    {
      guint w = queue[head++];

      for (guint a = 0; a < game->n_agents; a++)
        {
          guint32 c;

          if (classes[a] == NULL)
            continue;
          c = model->cls[a][w];
          if (kv_bits_get (class_seen[a], c))
            continue;
          kv_bits_set (class_seen[a], c);
          for (guint i = classes[a]->offsets[c]; i < classes[a]->offsets[c + 1]; i++)
            {
              guint v = classes[a]->members[i];

              if (!kv_bits_get (seen, v))
                {
                  kv_bits_set (seen, v);
                  queue[tail++] = v;
                }
            }
        }
    }

  for (guint a = 0; a < game->n_agents; a++)
    {
      kv_classes_free (classes[a]);
      kv_bits_free (class_seen[a]);
    }
  return seen;
}

guint64
kv_model_count_links (const KvModel *model, guint agent)
{
  g_autofree guint32 *size = g_new0 (guint32, MAX (model->n_classes[agent], 1));
  guint64 links = 0;

  for (guint w = 0; w < model->n_worlds; w++)
    size[model->cls[agent][w]]++;
  for (guint c = 0; c < model->n_classes[agent]; c++)
    links += (guint64) size[c] * (size[c] - 1) / 2;
  return links;
}

/* Whether cards can be written by their first letter without ambiguity. */
static gboolean
initials_distinct (const KvGame *game)
{
  for (guint i = 0; i < game->n_cards; i++)
    for (guint j = i + 1; j < game->n_cards; j++)
      if (game->card_names[i][0] == game->card_names[j][0])
        return FALSE;
  return TRUE;
}

char *
kv_model_world_label (const KvModel *model, guint world)
{
  const KvGame *game = model->game;
  const KvHand *hands = kv_model_hands (model, world);
  gboolean initials = initials_distinct (game);
  gboolean singles = TRUE;
  GString *label = g_string_new (NULL);

  for (guint a = 0; a < game->n_agents; a++)
    singles = singles && game->hand_sizes[a] == 1;

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      gboolean envelope = o == game->n_agents;

      if (initials)
        {
          /* "rwb" for Hexa; "arS dwP chG [lM]" for Clue. */
          if (o > 0 && !(singles && !envelope))
            g_string_append_c (label, ' ');
          if (envelope)
            g_string_append_c (label, '[');
          for (guint c = 0; c < game->n_cards; c++)
            if (hands[o] & KV_CARD_BIT (c))
              g_string_append_c (label, game->card_names[c][0]);
          if (envelope)
            g_string_append_c (label, ']');
        }
      else
        {
          g_autofree char *hand = kv_game_hand_to_string (game, hands[o]);

          if (o > 0)
            g_string_append (label, " | ");
          g_string_append_printf (label, "%s: %s", kv_game_owner_name (game, o), hand);
        }
    }
  return g_string_free (label, FALSE);
}
