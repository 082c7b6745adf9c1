// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-envelope.c: which envelopes each agent links, on either engine
 * (see kv-sym-envelope.h). */
#define G_LOG_DOMAIN "kv-sym"

#include "config.h"

#include <string.h>

#include "kv-sym-envelope.h"
#include "kv-sym-private.h"
#include "kv-partition.h"

/* Takes @hands (sorted ascending); the relation starts empty. */
static KvEnvelopeLinks *
links_new (GArray *hands, guint n_agents)
{
  KvEnvelopeLinks *links = g_new0 (KvEnvelopeLinks, 1);

  g_atomic_ref_count_init (&links->ref);
  links->hands = hands;
  links->n_agents = n_agents;
  links->words = (hands->len + 63) / 64;
  links->links = g_new0 (guint64, (gsize) n_agents * hands->len * MAX (links->words, 1));
  return links;
}

int
kv_envelope_links_find (const KvEnvelopeLinks *links, KvHand hand)
{
  guint lo = 0, hi = links->hands->len;

  /* The hands are sorted: a binary search. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      KvHand h = g_array_index (links->hands, KvHand, mid);

      if (h == hand)
        return (int) mid;
      if (h < hand)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -1;
}

static int
compare_groups (gconstpointer a, gconstpointer b)
{
  return g_bytes_compare (*(GBytes * const *) a, *(GBytes * const *) b);
}

/* The groups of @set (GBytes), sorted: a hash table has no order. */
static GPtrArray *
sorted_groups (GHashTable *set)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  GHashTableIter iter;
  gpointer group;

  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &group, NULL))
    g_ptr_array_add (out, g_bytes_ref (group));
  g_ptr_array_sort (out, compare_groups);
  return out;
}

KvEnvelopeLinks *
kv_envelope_links_new_for_model (const KvModel *model)
{
  const KvGame *game;
  g_autofree guint32 *node_of = NULL;
  g_autofree guint64 *set = NULL;
  KvEnvelopeLinks *links;
  guint owner;

  g_return_val_if_fail (model != NULL, NULL);

  game = model->game;
  links = links_new (kv_model_envelopes (model, NULL), game->n_agents);
  if (!game->has_envelope)
    return links;
  owner = kv_game_envelope (game);

  node_of = g_new (guint32, MAX (model->n_worlds, 1));
  for (guint w = 0; w < model->n_worlds; w++)
    node_of[w] = (guint32) kv_envelope_links_find (links, kv_model_hand (model, w, owner));

  /* Every class links all the envelopes its worlds hold. */
  set = g_new (guint64, MAX (links->words, 1));
  if (links->hands->len <= KV_ENVELOPE_GROUPS_MAX)
    links->groups = g_new0 (GPtrArray *, game->n_agents);
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(KvClasses) classes = kv_classes_new (model->cls[a], model->n_worlds, model->n_classes[a]);
      g_autoptr(GHashTable) groups = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                            (GDestroyNotify) g_bytes_unref, NULL);

      for (guint c = 0; c < model->n_classes[a]; c++)
        {
          memset (set, 0, sizeof (guint64) * links->words);
          for (guint i = classes->offsets[c]; i < classes->offsets[c + 1]; i++)
            {
              guint x = node_of[classes->members[i]];

              set[x >> 6] |= G_GUINT64_CONSTANT (1) << (x & 63);
            }
          for (guint x = 0; x < links->hands->len; x++)
            if ((set[x >> 6] >> (x & 63)) & 1)
              {
                guint64 *row = (guint64 *) kv_envelope_links_row (links, a, x);

                for (guint j = 0; j < links->words; j++)
                  row[j] |= set[j];
              }
          if (links->groups != NULL)
            g_hash_table_add (groups, g_bytes_new (set, sizeof (guint64) * links->words));
        }
      if (links->groups != NULL)
        links->groups[a] = sorted_groups (groups);
    }
  return links;
}

/* The cube "the envelope holds exactly @hand". */
static BDD
envelope_cube (const KvGame *game, KvHand hand)
{
  guint env = kv_game_envelope (game);
  BDD cube = keep (bddtrue);

  /* From the bottom up, so each conjunction adds one node on top. */
  for (guint c = game->n_cards; c-- > 0;)
    {
      int var = var_of (game, c, env);

      set_to (&cube, bdd_and (cube, (hand & KV_CARD_BIT (c)) ? bdd_ithvar (var) : bdd_nithvar (var)));
    }
  return cube;
}

/* Most parts agent_groups splits the observations into before it gives up. */
#define MAX_PARTS 20000

/* The distinct sets of envelopes the agent's classes hold: its
 * observations (of @projected, over @seen and the envelope's variables),
 * split by each P_x in turn; each part's set is the envelopes whose P it
 * lies in. NULL past MAX_PARTS parts. */
static GPtrArray *
agent_groups (const KvEnvelopeLinks *links, BDD projected, const BDD *cubes, BDD seen)
{
  guint n = links->hands->len, words = MAX (links->words, 1);
  g_autoptr(GArray) regions = g_array_new (FALSE, FALSE, sizeof (BDD));
  g_autoptr(GArray) sets = g_array_new (FALSE, TRUE, sizeof (guint64));   /* words per part */
  g_autoptr(GHashTable) groups = NULL;
  GArray *next_regions, *next_sets;
  BDD envelope_vars = keep (bdd_exist (bdd_support (projected), seen));
  BDD all = keep (bdd_exist (projected, envelope_vars));

  bdd_delref (envelope_vars);
  g_array_append_val (regions, all);
  g_array_set_size (sets, words);
  for (guint x = 0; x < n && regions->len <= MAX_PARTS; x++)
    {
      BDD inside = keep (bdd_restrict (projected, cubes[x]));

      next_regions = g_array_new (FALSE, FALSE, sizeof (BDD));
      next_sets = g_array_new (FALSE, TRUE, sizeof (guint64));
      for (guint i = 0; i < regions->len; i++)
        {
          BDD region = g_array_index (regions, BDD, i);
          BDD in = keep (bdd_and (region, inside));
          BDD out = keep (bdd_apply (region, inside, bddop_diff));

          if (in != bddfalse)
            {
              guint k = next_sets->len;

              g_array_append_val (next_regions, in);
              g_array_append_vals (next_sets, &g_array_index (sets, guint64, i * words), words);
              g_array_index (next_sets, guint64, k + (x >> 6)) |= G_GUINT64_CONSTANT (1) << (x & 63);
            }
          else
            bdd_delref (in);
          if (out != bddfalse)
            {
              g_array_append_val (next_regions, out);
              g_array_append_vals (next_sets, &g_array_index (sets, guint64, i * words), words);
            }
          else
            bdd_delref (out);
          bdd_delref (region);
        }
      bdd_delref (inside);
      g_array_unref (regions);
      g_array_unref (sets);
      regions = next_regions;
      sets = next_sets;
    }
  if (regions->len > MAX_PARTS)
    {
      for (guint i = 0; i < regions->len; i++)
        bdd_delref (g_array_index (regions, BDD, i));
      return NULL;
    }
  groups = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  for (guint i = 0; i < regions->len; i++)
    {
      bdd_delref (g_array_index (regions, BDD, i));
      g_hash_table_add (groups, g_bytes_new (&g_array_index (sets, guint64, i * words),
                                             sizeof (guint64) * links->words));
    }
  return sorted_groups (groups);
}

/* Agent @agent's rows: for each envelope x, the envelopes y some
 * observation of @agent allows with both. */
static void
agent_links (KvSym *sym, KvEnvelopeLinks *links, const BDD *cubes, guint agent)
{
  const KvGame *game = sym->game;
  g_autofree int *seen_vars = g_new (int, MAX (sym->vocabulary->len, 1));
  guint n_seen = 0;
  const PairView *view = view_for (sym, 1u << agent);
  BDD hidden = _kv_sym_unobserved_but_envelope (sym->vocabulary, game, 1u << agent);
  BDD seen, projected;

  for (guint p = 0; p < sym->vocabulary->len; p++)
    if (variable (sym->vocabulary, p)->observers & (1u << agent))
      seen_vars[n_seen++] = variable (sym->vocabulary, p)->var;
  seen = keep (bdd_makeset (seen_vars, (int) n_seen));
  /* θ over what the agent observes and the envelope: the deals' other
   * cards and the events it does not observe are gone. From the pair
   * projection of the knowledge table when it has the agent (a third of
   * the projections, with six players). */
  if (view != NULL)
    projected = keep (bdd_exist (view->bdd, hidden));
  else
    projected = _kv_sym_envelope_exist (game, sym->theta, hidden);

  for (guint x = 0; x < links->hands->len; x++)
    {
      /* P_x: what the agent may observe with x in the envelope. */
      BDD observations = keep (bdd_restrict (projected, cubes[x]));
      /* The envelopes one of those observations allows. */
      BDD linked = _kv_sym_and_exist (projected, observations, seen);

      g_autoptr(GArray) hands = _kv_sym_envelopes_of (sym->game, linked);
      guint64 *row = (guint64 *) kv_envelope_links_row (links, agent, x);

      for (guint i = 0; i < hands->len; i++)
        {
          /* @linked lies under θ's envelopes: every hand it allows is one. */
          int y = kv_envelope_links_find (links, g_array_index (hands, KvHand, i));

          g_assert (y >= 0);
          row[y >> 6] |= G_GUINT64_CONSTANT (1) << (y & 63);
        }
      bdd_delref (linked);
      bdd_delref (observations);
    }
  if (links->groups != NULL)
    links->groups[agent] = agent_groups (links, projected, cubes, seen);
  bdd_delref (projected);
  bdd_delref (seen);
  bdd_delref (hidden);
}

KvEnvelopeLinks *
kv_envelope_links_new_for_sym (KvSym *sym, GError **error)
{
  const KvGame *game;
  g_autoptr(KvEnvelopeLinks) links = NULL;
  BDD *cubes;
  gint64 start = trace_start ();

  g_return_val_if_fail (sym != NULL, NULL);

  game = sym->game;
  links = links_new (kv_sym_envelopes (sym, -1), game->n_agents);
  if (!game->has_envelope || links->hands->len == 0)
    return g_steal_pointer (&links);

  if (links->hands->len <= KV_ENVELOPE_GROUPS_MAX)
    links->groups = g_new0 (GPtrArray *, game->n_agents);
  cubes = g_new (BDD, links->hands->len);
  for (guint x = 0; x < links->hands->len; x++)
    cubes[x] = envelope_cube (game, g_array_index (links->hands, KvHand, x));
  for (guint a = 0; a < game->n_agents && _kv_sym_error_code == 0; a++)
    agent_links (sym, links, cubes, a);
  free_bdds (cubes, links->hands->len);
  trace ("envelope links", start, sym->theta);
  if (_kv_sym_failed (error))
    return NULL;
  return g_steal_pointer (&links);
}

KvEnvelopeLinks *
kv_envelope_links_ref (KvEnvelopeLinks *links)
{
  g_atomic_ref_count_inc (&links->ref);
  return links;
}

void
kv_envelope_links_unref (KvEnvelopeLinks *links)
{
  if (links == NULL || !g_atomic_ref_count_dec (&links->ref))
    return;
  for (guint a = 0; links->groups != NULL && a < links->n_agents; a++)
    g_clear_pointer (&links->groups[a], g_ptr_array_unref);
  g_free (links->groups);
  g_array_unref (links->hands);
  g_free (links->links);
  g_free (links);
}
