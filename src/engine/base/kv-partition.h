// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-partition.h: internal helpers for partitions stored as class ids.
 *
 * Not part of the public engine API (kv-engine.h does not include it).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Ids for 64-bit keys in order of first appearance, given one key at a
 * time. Open addressing, linear probing; the table grows with the number
 * of distinct keys, not with how many are looked up: a partition of
 * millions of worlds into a few hundred hands lives in a table that stays
 * in cache. */
typedef struct {
  guint    capacity;   /* a power of two, at least twice the keys held … */
  guint    shift;      /* … 2^(64 - shift) */
  guint    n_ids;
  guint64 *key;
  guint32 *id;         /* KV_ID_MAP_EMPTY: a free slot */
} KvIdMap;

#define KV_ID_MAP_EMPTY G_MAXUINT32

/* About @expected distinct keys are expected (a hint, 0: few). */
void kv_id_map_init  (KvIdMap *map, guint expected);
void kv_id_map_clear (KvIdMap *map);
void _kv_id_map_grow (KvIdMap *map);

/* Fibonacci hashing: the top bits of key × 2^64/φ, cheap and spreading
 * hands (few bits set) well enough for a table kept at most half full. */
static inline guint
_kv_id_map_slot (const KvIdMap *map, guint64 key)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> map->shift);
}

/* The id of @key: the next one (map->n_ids before) when it is new. */
static inline guint32
kv_id_map_add (KvIdMap *map, guint64 key)
{
  guint h = _kv_id_map_slot (map, key);
  guint32 id;

  while (map->id[h] != KV_ID_MAP_EMPTY && map->key[h] != key)
    h = (h + 1) & (map->capacity - 1);
  if (map->id[h] != KV_ID_MAP_EMPTY)
    return map->id[h];
  map->key[h] = key;
  id = map->id[h] = map->n_ids++;
  if (2 * (gsize) map->n_ids > map->capacity)
    _kv_id_map_grow (map);
  return id;
}

/* Renumbers @keys (n of them, any 64-bit values) to dense ids 0 … k-1 in
 * order of first appearance; writes them to @out and returns k. */
guint kv_densify_u64 (const guint64 *keys, guint n, guint32 *out);
/* The same, when about @expected distinct keys are expected (a hint). */
guint kv_densify_u64_expecting (const guint64 *keys, guint n, guint32 *out, guint expected);

/* The same for 32-bit ids, in place. */
guint kv_densify_u32 (guint32 *ids, guint n);
/* The same when every id is below @bound (a table of @bound ids). */
guint kv_densify_u32_below (guint32 *ids, guint n, gsize bound);

/* Members of every class, as compressed rows: the worlds of class c are
 * members[offsets[c]] … members[offsets[c+1]-1], in increasing order. */
typedef struct {
  guint    n_classes;
  guint32 *offsets;    /* n_classes + 1 */
  guint32 *members;    /* n */
} KvClasses;

KvClasses *kv_classes_new  (const guint32 *cls, guint n, guint n_classes);
void       kv_classes_free (KvClasses *classes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvClasses, kv_classes_free)

/* Union-find over ids: the root of @x's set in @parent, halving the path
 * on the way (common knowledge's components of classes or worlds). */
static inline guint32
kv_find_root (guint32 *parent,
              guint32  x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

G_END_DECLS
