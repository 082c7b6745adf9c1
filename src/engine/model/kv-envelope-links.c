// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-envelope-links.c: the envelope view's relation, and its explicit
 * constructor (the symbolic one is kv-sym-envelope-links.c). */
#define G_LOG_DOMAIN "kv-envelope"

#include "config.h"

#include <string.h>

#include "kv-envelope-links.h"
#include "kv-partition.h"

KvEnvelopeLinks *
kv_envelope_links_new_empty (GArray *hands, guint n_agents)
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

GPtrArray *
kv_envelope_links_sorted_groups (GHashTable *set)
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
  links = kv_envelope_links_new_empty (kv_model_envelopes (model, NULL), game->n_agents);
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
        links->groups[a] = kv_envelope_links_sorted_groups (groups);
    }
  return links;
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
