// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-model"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "kv-count.h"
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
 * For Hexa this gives rwb, rbw, wrb, wbr, brw, bwr.
 *
 * An agent's class is its hand, numbered in order of first appearance: the
 * id is looked up once when the enumeration picks the hand, which then
 * stays for every deal below, and written with each deal. One walk makes
 * the deals and the partitions; no pass over the deals afterwards. */
typedef struct {
  const KvGame *game;
  KvHand       *hands;      /* n_owners scratch hands */
  KvDeals      *deals;
  KvModel      *model;
  guint32       ids[KV_MAX_AGENTS];    /* the class of each agent's scratch hand */
  KvIdMap       classes[KV_MAX_AGENTS];
  guint32      *small[KV_MAX_AGENTS];  /* or, with few cards, a table indexed by hand */
  guint         actual;
} Enumeration;

/* With up to this many cards an agent's hand indexes a table of 2^n class
 * ids (32 KiB for 13 cards) instead of a hash. */
#define SMALL_HANDS_MAX_CARDS 16

/* Called once per deal: plain loops over a handful of owners, inlined,
 * cost less than calls to memcpy. */
static inline void
emit (Enumeration *en)
{
  guint n_owners = en->deals->n_owners, w = en->deals->n_deals;
  KvHand *out = en->deals->hands + (gsize) w * n_owners;
  KvHand differ = 0;

  for (guint o = 0; o < n_owners; o++)
    {
      out[o] = en->hands[o];
      differ |= out[o] ^ en->game->deal[o];
    }
  for (guint a = 0; a < en->game->n_agents; a++)
    en->model->cls[a][w] = en->ids[a];
  if (differ == 0)
    en->actual = w;
  en->deals->n_deals++;
}

static inline void
pick_hand (Enumeration *en, guint agent, KvHand hand)
{
  en->hands[agent] = hand;
  if (en->small[agent] != NULL)
    {
      guint32 *id = &en->small[agent][hand];

      if (*id == KV_ID_MAP_EMPTY)
        *id = en->classes[agent].n_ids++;
      en->ids[agent] = *id;
    }
  else
    en->ids[agent] = kv_id_map_add (&en->classes[agent], hand);
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
      pick_hand (en, agent, left);
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
      pick_hand (en, agent, hand);
      /* The last agent takes what is left: one deal, without a call. */
      if (agent + 2 == game->n_agents)
        {
          pick_hand (en, agent + 1, left & ~hand);
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

#define SMALL_MODEL_BYTES (32.0 * 1024 * 1024)

gboolean
kv_model_check_memory (const KvGame *game, double n_worlds, GError **error)
{
  /* Per world: its deal's hands, the deal index, a class id per agent, and
   * as much again for the next step's product, pre-sets and read-outs. */
  double per_world = 2.0 * (kv_game_n_owners (game) * sizeof (KvHand) + sizeof (guint32)
                            + game->n_agents * sizeof (guint32));
  double needed = n_worlds * per_world;
  guint64 available;

  /* Reading /proc/meminfo costs tens of microseconds, more than a step
   * of Clue 11: a model this small is not worth asking about (a machine
   * without that much to spare could not run the program at all). */
  if (needed < SMALL_MODEL_BYTES)
    return TRUE;
  available = available_memory ();
  if (needed <= (double) available)
    return TRUE;
  {
    g_autofree char *need_text = g_format_size ((guint64) MIN (needed, (double) G_MAXUINT64));
    g_autofree char *have_text = g_format_size (available);
    g_autofree char *count = kv_count_format_approx (n_worlds);

    /* TRANSLATORS: a count of worlds (grouped, "1 073 741 824"), then two sizes */
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 _("%s worlds need about %s of memory, more than the %s this machine has available"),
                 count, need_text, have_text);
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
  KvDeals *deals;
  KvModel *model;
  Enumeration en;

  if (world_limit == 0)
    world_limit = KV_DEFAULT_WORLD_LIMIT;
  if (count > world_limit)
    {
      g_autofree char *deals_text = kv_count_format_approx (count);
      g_autofree char *limit_text = kv_count_format (world_limit);

      /* TRANSLATORS: two counts, grouped ("5 557 616 064"), or past 2⁵³ as 2.22×10⁵³ */
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the game has %s deals, more than the limit of %s worlds"),
                   deals_text, limit_text);
      return NULL;
    }
  if (!kv_model_check_memory (game, count, error))
    return NULL;

  deals = g_new0 (KvDeals, 1);
  g_atomic_ref_count_init (&deals->ref);
  deals->n_owners = n_owners;
  deals->hands = g_new (KvHand, MAX ((gsize) count, 1) * n_owners);
  model = kv_model_new_unfilled (game, deals, (guint) count);

  en.game = game;
  en.hands = scratch;
  en.deals = deals;
  en.model = model;
  en.actual = G_MAXUINT;
  for (guint a = 0; a < game->n_agents; a++)
    {
      kv_id_map_init (&en.classes[a], 0);
      en.small[a] = NULL;
      if (game->n_cards <= SMALL_HANDS_MAX_CARDS)
        {
          en.small[a] = g_new (guint32, (gsize) 1 << game->n_cards);
          memset (en.small[a], 0xff, ((gsize) 1 << game->n_cards) * sizeof (guint32));
        }
    }
  deal_envelope (&en, 0, everything);
  g_assert (deals->n_deals == (guint) count);
  g_assert (en.actual != G_MAXUINT);

  for (guint w = 0; w < deals->n_deals; w++)
    model->deal[w] = w;
  model->actual = en.actual;
  for (guint a = 0; a < game->n_agents; a++)
    {
      model->n_classes[a] = en.classes[a].n_ids;
      kv_id_map_clear (&en.classes[a]);
      g_free (en.small[a]);
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
kv_model_new_same (KvModel *model)
{
  KvModel *same = g_new0 (KvModel, 1);

  g_atomic_ref_count_init (&same->ref);
  same->game = kv_game_ref (model->game);
  same->deals = kv_deals_ref (model->deals);
  same->n_worlds = model->n_worlds;
  same->deal = model->deal;
  memcpy (same->cls, model->cls, sizeof model->cls);
  memcpy (same->n_classes, model->n_classes, sizeof model->n_classes);
  same->actual = model->actual;
  same->world_limit = model->world_limit;
  /* The arrays' owner, whether @model or the one it shares. */
  same->shares = kv_model_ref (model->shares != NULL ? model->shares : model);
  return same;
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
  if (model->shares != NULL)
    kv_model_unref (model->shares);
  else if (model->storage != NULL)
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
  KvBits *seen;
  guint offset[KV_MAX_AGENTS], members[KV_MAX_AGENTS];
  guint n_members = 0, n_nodes = 0, n_sets;
  const guint32 *first;
  g_autofree guint32 *parent = NULL;
  g_autofree guint8 *inside = NULL;
  guint32 root;

  for (guint a = 0; a < game->n_agents; a++)
    if (agents & (1u << a))
      {
        members[n_members++] = a;
        offset[a] = n_nodes;
        n_nodes += model->n_classes[a];
      }
  if (n_members == 0)
    {
      seen = kv_bits_new (model->n_worlds);
      kv_bits_set (seen, world);
      return seen;
    }

  /* Union-find over the classes, not the worlds: a world joins its classes
   * (one per agent) into one set, and the component is every world whose
   * classes are in the set of @world's. The classes are few (hands), so
   * the sets stay in cache while the class arrays are read in order: no
   * member lists, no queue. */
  parent = g_new (guint32, n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    parent[i] = i;
  n_sets = n_nodes;
  first = model->cls[members[0]];
  {
    guint32 last_x[KV_MAX_AGENTS], last_y[KV_MAX_AGENTS];
    gsize stride = MAX (model->n_worlds / (16 * (gsize) n_nodes + 1), 1);

    memset (last_x, 0xff, sizeof last_x);
    memset (last_y, 0xff, sizeof last_y);
    /* Once every class is in one set (usual: the players' relations
     * together link every deal) the component is the whole model: a sparse
     * sweep, every stride-th world, usually gets there at a small cost;
     * every world is swept only when it did not. */
    for (guint sweep = stride > 1 ? 0 : 1; sweep < 2 && n_sets > 1 && n_members > 1; sweep++)
      for (gsize w = 0; w < model->n_worlds && n_sets > 1; w += sweep == 0 ? stride : 1)
        for (guint i = 1; i < n_members; i++)
          {
            guint32 x = first[w], y = offset[members[i]] + model->cls[members[i]][w];

            /* Neighbouring worlds often repeat a pair just joined. */
            if (x == last_x[i] && y == last_y[i])
              continue;
            last_x[i] = x;
            last_y[i] = y;
            x = kv_find_root (parent, x);
            y = kv_find_root (parent, y);
            if (x == y)
              continue;
            parent[MAX (x, y)] = MIN (x, y);
            n_sets--;
          }
  }
  if (n_sets == 1)
    return kv_bits_new_full (model->n_worlds);

  /* Every world's classes share one set now: its first agent's class says. */
  root = kv_find_root (parent, first[world]);
  inside = g_new (guint8, MAX (model->n_classes[members[0]], 1));
  for (guint c = 0; c < model->n_classes[members[0]]; c++)
    inside[c] = kv_find_root (parent, c) == root;
  seen = kv_bits_new (model->n_worlds);
  for (guint i = 0; i * 64 < model->n_worlds; i++)
    {
      guint end = MIN (64, model->n_worlds - i * 64);
      const guint32 *cls = first + i * 64;
      guint64 word = 0;

      for (guint b = end; b-- > 0; )
        word = word << 1 | inside[cls[b]];
      seen->words[i] = word;
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
  return kv_game_deal_label (model->game, kv_model_hands (model, world));
}

char *
kv_game_deal_label (const KvGame *game, const KvHand *hands)
{
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

GArray *
kv_model_envelopes (const KvModel *model, const KvBits *worlds)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KvHand));
  g_autoptr(GHashTable) seen = NULL;
  guint envelope;

  if (!model->game->has_envelope)
    return out;
  /* Far fewer distinct envelopes than worlds. */
  seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  envelope = kv_game_envelope (model->game);
  for (int w = worlds != NULL ? kv_bits_next (worlds, 0) : 0; w >= 0 && (guint) w < model->n_worlds;
       w = worlds != NULL ? kv_bits_next (worlds, w + 1) : w + 1)
    {
      KvHand hand = kv_model_hand (model, w, envelope);

      if (!g_hash_table_contains (seen, &hand))
        {
          g_hash_table_add (seen, g_memdup2 (&hand, sizeof hand));
          g_array_append_val (out, hand);
        }
    }
  g_array_sort (out, kv_hand_compare);
  return out;
}
