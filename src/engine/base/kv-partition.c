// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-partition"
#include "config.h"

#include <string.h>

#include "kv-partition.h"

#define EMPTY G_MAXUINT32

void
kv_id_map_init (KvIdMap *map, guint expected)
{
  guint capacity = 64;

  /* Sized for what the caller expects, so that a big table is not grown
   * (and rehashed) step by step from 64 slots. */
  while (capacity < 2 * (guint64) expected && capacity < (1u << 31))
    capacity *= 2;
  map->capacity = capacity;
  map->shift = 64 - (guint) g_bit_storage (capacity - 1);
  map->n_ids = 0;
  map->key = g_new (guint64, capacity);
  map->id = g_new (guint32, capacity);
  memset (map->id, 0xff, capacity * sizeof (guint32));
}

void
kv_id_map_clear (KvIdMap *map)
{
  g_clear_pointer (&map->key, g_free);
  g_clear_pointer (&map->id, g_free);
}

void
_kv_id_map_grow (KvIdMap *map)
{
  KvIdMap bigger;

  kv_id_map_init (&bigger, map->capacity);
  for (guint i = 0; i < map->capacity; i++)
    if (map->id[i] != KV_ID_MAP_EMPTY)
      {
        guint h = _kv_id_map_slot (&bigger, map->key[i]);

        while (bigger.id[h] != KV_ID_MAP_EMPTY)
          h = (h + 1) & (bigger.capacity - 1);
        bigger.key[h] = map->key[i];
        bigger.id[h] = map->id[i];
      }
  bigger.n_ids = map->n_ids;
  kv_id_map_clear (map);
  *map = bigger;
}

guint
kv_densify_u64 (const guint64 *keys, guint n, guint32 *out)
{
  return kv_densify_u64_expecting (keys, n, out, 0);
}

/* Keys below @bound renumbered through a plain table indexed by key. */
static guint
densify_small (const guint64 *keys, guint n, guint32 *out, guint64 bound)
{
  g_autofree guint32 *remap = g_new (guint32, bound);
  guint next = 0;

  memset (remap, 0xff, bound * sizeof (guint32));
  for (guint i = 0; i < n; i++)
    {
      guint32 *id = &remap[keys[i]];

      if (*id == EMPTY)
        *id = next++;
      out[i] = *id;
    }
  return next;
}

guint
kv_densify_u64_expecting (const guint64 *keys, guint n, guint32 *out, guint expected)
{
  KvIdMap map;
  guint64 max = 0;
  guint count;

  /* Small keys (ids of a partition times a few) need no hash: a table as
   * long as the keys costs no more than the hash table would, and no
   * probing. */
  for (guint i = 0; i < n; i++)
    max = MAX (max, keys[i]);
  if (n > 0 && max < 4 * (guint64) n + 64)
    return densify_small (keys, n, out, max + 1);

  kv_id_map_init (&map, MIN (expected, n));
  for (guint i = 0; i < n; i++)
    out[i] = kv_id_map_add (&map, keys[i]);
  count = map.n_ids;
  kv_id_map_clear (&map);
  return count;
}

guint
kv_densify_u32 (guint32 *ids, guint n)
{
  guint32 max = 0;

  for (guint i = 0; i < n; i++)
    max = MAX (max, ids[i]);

  /* Ids come from a partition of at most n classes, so a table indexed by
   * id is small; fall back to hashing when they are sparse. */
  if (max >= 4 * (guint64) n + 64)
    {
      g_autofree guint64 *keys = g_new (guint64, n);

      for (guint i = 0; i < n; i++)
        keys[i] = ids[i];
      return kv_densify_u64 (keys, n, ids);
    }

  return kv_densify_u32_below (ids, n, (gsize) max + 1);
}

guint
kv_densify_u32_below (guint32 *ids, guint n, gsize bound)
{
  g_autofree guint32 *remap = g_new (guint32, MAX (bound, 1));
  guint next = 0;

  memset (remap, 0xff, bound * sizeof (guint32));
  for (guint i = 0; i < n; i++)
    {
      guint32 *id = &remap[ids[i]];

      if (*id == EMPTY)
        *id = next++;
      ids[i] = *id;
    }
  return next;
}

KvClasses *
kv_classes_new (const guint32 *cls, guint n, guint n_classes)
{
  KvClasses *classes = g_new (KvClasses, 1);

  classes->n_classes = n_classes;
  classes->offsets = g_new0 (guint32, n_classes + 1);
  classes->members = g_new (guint32, MAX (n, 1));

  for (guint w = 0; w < n; w++)
    classes->offsets[cls[w] + 1]++;
  for (guint c = 0; c < n_classes; c++)
    classes->offsets[c + 1] += classes->offsets[c];

  g_autofree guint32 *fill = g_memdup2 (classes->offsets, (n_classes + 1) * sizeof (guint32));
  for (guint w = 0; w < n; w++)
    classes->members[fill[cls[w]]++] = w;
  return classes;
}

void
kv_classes_free (KvClasses *classes)
{
  if (classes == NULL)
    return;
  g_free (classes->offsets);
  g_free (classes->members);
  g_free (classes);
}
