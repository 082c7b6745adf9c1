// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-bisim"
#include "config.h"

#include <string.h>

#include "kv-bisim.h"
#include "kv-partition.h"

/* Exact ids for sets of blocks, without sorting: each class lists the
 * distinct blocks it meets in the order met, the hash ignores that order
 * and equality marks one set's blocks and checks the other's. */
typedef struct {
  guint32 *mark;   /* per block: the epoch that last marked it */
  guint32  epoch;
} Marks;

typedef struct {
  const guint32 *items;
  guint          length;
  Marks         *marks;
} BlockSet;

static guint32
mix (guint32 x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  return x ^ (x >> 16);
}

static guint
block_set_hash (gconstpointer p)
{
  const BlockSet *set = p;
  guint32 h = set->length;

  for (guint i = 0; i < set->length; i++)
    h += mix (set->items[i]);
  return h;
}

static gboolean
block_set_equal (gconstpointer a, gconstpointer b)
{
  const BlockSet *x = a, *y = b;
  Marks *marks = x->marks;

  if (x->length != y->length)
    return FALSE;
  marks->epoch++;
  for (guint i = 0; i < x->length; i++)
    marks->mark[x->items[i]] = marks->epoch;
  for (guint i = 0; i < y->length; i++)
    if (marks->mark[y->items[i]] != marks->epoch)
      return FALSE;
  return TRUE;
}

/* For each class of @agent, an id of the set of blocks it meets. */
static guint32 *
class_signatures (const KvModel *model, guint agent, const guint32 *block, guint n_blocks)
{
  guint n_classes = model->n_classes[agent];
  g_autoptr(KvClasses) classes = kv_classes_new (model->cls[agent], model->n_worlds, n_classes);
  g_autofree guint32 *items = g_new (guint32, MAX (model->n_worlds, 1));
  g_autofree guint32 *seen = g_new0 (guint32, MAX (n_blocks, 1));  /* c + 1: listed for class c */
  g_autofree guint32 *mark = g_new0 (guint32, MAX (n_blocks, 1));
  g_autofree BlockSet *sets = g_new (BlockSet, MAX (n_classes, 1));
  g_autoptr(GHashTable) ids = g_hash_table_new (block_set_hash, block_set_equal);
  guint32 *signature = g_new (guint32, MAX (n_classes, 1));
  Marks marks = { mark, 0 };

  for (guint c = 0; c < n_classes; c++)
    {
      guint start = classes->offsets[c], end = classes->offsets[c + 1], length = 0;
      gpointer id;

      for (guint i = start; i < end; i++)
        {
          guint32 b = block[classes->members[i]];

          if (seen[b] != c + 1)
            {
              seen[b] = c + 1;
              items[start + length++] = b;
            }
        }
      sets[c].items = items + start;
      sets[c].length = length;
      sets[c].marks = &marks;
      if (!g_hash_table_lookup_extended (ids, &sets[c], NULL, &id))
        {
          id = GUINT_TO_POINTER (g_hash_table_size (ids));
          g_hash_table_insert (ids, &sets[c], id);
        }
      signature[c] = GPOINTER_TO_UINT (id);
    }
  return signature;
}

guint32 *
kv_bisim_blocks (const KvModel *model, guint *n_blocks)
{
  guint n = model->n_worlds;
  guint32 *block = g_memdup2 (model->deal, MAX (n, 1) * sizeof (guint32));
  g_autofree guint64 *keys = g_new (guint64, MAX (n, 1));
  guint count = kv_densify_u32 (block, n);

  /* Refine until no block splits. Worlds with distinct deals are never
   * bisimilar, so a model without repeated deals is done at once. */
  while (count < n)
    {
      guint before = count;

      for (guint a = 0; a < model->game->n_agents; a++)
        {
          g_autofree guint32 *signature = class_signatures (model, a, block, count);
          guint n_signatures = model->n_classes[a];

          for (guint w = 0; w < n; w++)
            keys[w] = (guint64) block[w] * n_signatures + signature[model->cls[a][w]];
          /* Refinement only splits blocks: at least @count keys. */
          count = kv_densify_u64_expecting (keys, n, block, count);
        }
      if (count == before)
        break;
    }
  *n_blocks = count;
  return block;
}

KvModel *
kv_model_contract (const KvModel *model)
{
  KvModel *contracted;
  guint n_blocks;
  g_autofree guint32 *block = kv_bisim_blocks (model, &n_blocks);
  guint32 *deal = g_new (guint32, MAX (n_blocks, 1));
  guint32 *cls[KV_MAX_AGENTS];

  /* A block's class for a is the set of blocks its members' a-classes meet,
   * the same for every member once the partition is stable. */
  for (guint w = 0; w < model->n_worlds; w++)
    deal[block[w]] = model->deal[w];
  for (guint a = 0; a < model->game->n_agents; a++)
    {
      g_autofree guint32 *signature = class_signatures (model, a, block, n_blocks);

      cls[a] = g_new (guint32, MAX (n_blocks, 1));
      for (guint w = 0; w < model->n_worlds; w++)
        cls[a][block[w]] = signature[model->cls[a][w]];
    }
  contracted = kv_model_new_from_parts (model->game, model->deals, n_blocks, deal, cls, block[model->actual]);
  contracted->world_limit = model->world_limit;
  return contracted;
}
