#define G_LOG_DOMAIN "kv-partition"
#include "config.h"

#include <string.h>

#include "kv-partition.h"

#define EMPTY G_MAXUINT32

static inline guint64
mix (guint64 x)
{
  /* splitmix64's finaliser: spreads hands (few bits set) over the table. */
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

guint
kv_densify_u64 (const guint64 *keys, guint n, guint32 *out)
{
  guint capacity = 16;
  guint next = 0;

  while (capacity < 2 * (gsize) n)
    capacity *= 2;

  g_autofree guint64 *slot_key = g_new (guint64, capacity);
  g_autofree guint32 *slot_id = g_new (guint32, capacity);
  memset (slot_id, 0xff, capacity * sizeof (guint32));

  for (guint i = 0; i < n; i++)
    {
      guint h = (guint) mix (keys[i]) & (capacity - 1);

      while (slot_id[h] != EMPTY && slot_key[h] != keys[i])
        h = (h + 1) & (capacity - 1);
      if (slot_id[h] == EMPTY)
        {
          slot_key[h] = keys[i];
          slot_id[h] = next++;
        }
      out[i] = slot_id[h];
    }
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
