// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-partition"
#include "config.h"

#include <string.h>

#include "kv-partition.h"

#define EMPTY G_MAXUINT32

/* Open addressing, linear probing. The table grows with the number of
 * distinct keys, not with n: a partition of 47 040 worlds into a few
 * hundred hands then lives in a table that stays in cache, instead of one
 * of 2n slots cleared for every call. */
typedef struct {
  guint    capacity;   /* a power of two, at least twice the keys held … */
  guint    shift;      /* … 2^(64 - shift) */
  guint64 *key;
  guint32 *id;
} Table;

/* Fibonacci hashing: the top bits of key × 2^64/φ, cheap and spreading
 * hands (few bits set) well enough for a table kept at most half full. */
static inline guint
slot_of (const Table *t, guint64 key)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> t->shift);
}

static void
table_init (Table *t, guint capacity)
{
  t->capacity = capacity;
  t->shift = 64 - (guint) g_bit_storage (capacity - 1);
  t->key = g_new (guint64, capacity);
  t->id = g_new (guint32, capacity);
  memset (t->id, 0xff, capacity * sizeof (guint32));
}

static void
table_grow (Table *t)
{
  Table bigger;

  table_init (&bigger, t->capacity * 2);
  for (guint i = 0; i < t->capacity; i++)
    if (t->id[i] != EMPTY)
      {
        guint h = slot_of (&bigger, t->key[i]);

        while (bigger.id[h] != EMPTY)
          h = (h + 1) & (bigger.capacity - 1);
        bigger.key[h] = t->key[i];
        bigger.id[h] = t->id[i];
      }
  g_free (t->key);
  g_free (t->id);
  *t = bigger;
}

guint
kv_densify_u64 (const guint64 *keys, guint n, guint32 *out)
{
  return kv_densify_u64_expecting (keys, n, out, 0);
}

guint
kv_densify_u64_expecting (const guint64 *keys, guint n, guint32 *out, guint expected)
{
  Table t;
  guint next = 0;
  guint capacity = 64;

  /* Sized for what the caller expects, so that a big table is not grown
   * (and rehashed) step by step from 64 slots. */
  while (capacity < 2 * (guint64) MIN (expected, n) && capacity < (1u << 31))
    capacity *= 2;
  table_init (&t, capacity);
  for (guint i = 0; i < n; i++)
    {
      guint h = slot_of (&t, keys[i]);

      while (t.id[h] != EMPTY && t.key[h] != keys[i])
        h = (h + 1) & (t.capacity - 1);
      if (t.id[h] != EMPTY)
        out[i] = t.id[h];
      else
        {
          t.key[h] = keys[i];
          t.id[h] = out[i] = next++;
          if (2 * (gsize) next > t.capacity)
            table_grow (&t);
        }
    }
  g_free (t.key);
  g_free (t.id);
  return next;
}

guint
kv_densify_u32 (guint32 *ids, guint n)
{
  guint32 max = 0;
  guint next = 0;

  for (guint i = 0; i < n; i++)
    max = MAX (max, ids[i]);

  /* Ids come from a partition of at most n classes, so a table indexed by
   * id is small; fall back to hashing when they are sparse. */
  if (max > 4 * (guint64) n + 64)
    {
      g_autofree guint64 *keys = g_new (guint64, n);

      for (guint i = 0; i < n; i++)
        keys[i] = ids[i];
      return kv_densify_u64 (keys, n, ids);
    }

  g_autofree guint32 *remap = g_new (guint32, (gsize) max + 1);
  memset (remap, 0xff, ((gsize) max + 1) * sizeof (guint32));
  for (guint i = 0; i < n; i++)
    {
      if (remap[ids[i]] == EMPTY)
        remap[ids[i]] = next++;
      ids[i] = remap[ids[i]];
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
