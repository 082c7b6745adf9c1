// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-envelope-links.c: which envelopes each agent links, read off θ
 * (the relation is defined in kv-envelope-links.h). */
#define G_LOG_DOMAIN "kv-sym"

#include "config.h"

#include <string.h>

#include "kv-sym-private.h"

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
  return kv_envelope_links_sorted_groups (groups);
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
  links = kv_envelope_links_new_empty (kv_sym_envelopes (sym, -1), game->n_agents);
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
