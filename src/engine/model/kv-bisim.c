// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-bisim"
#include "config.h"

#include <string.h>

#include "kv-bisim.h"
#include "kv-partition.h"

#define EMPTY G_MAXUINT32

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

/* A partition of the worlds into blocks being refined. A block of one
 * world never splits again, and (below) makes its class's signature
 * unique: the work of a round is over the "open" worlds, those sharing
 * their block, which after the first split are usually few. */
typedef struct {
  const KvModel *model;
  guint     n_blocks;
  guint32  *block;       /* n_worlds: block of each world */
  guint32  *size;        /* per block id (< n_worlds): its worlds, while refining; only open blocks' are kept */
  guint32  *open;        /* the worlds in blocks of two or more, in order */
  guint     n_open;
  guint32  *class_size[KV_MAX_AGENTS];   /* per class of each agent: its worlds, or NULL */
} Refinement;

/* Ids for the classes of @agent: equal iff the classes meet the same
 * blocks. A class holding a world alone in its block is the only class
 * meeting that block, so its set is unlike any other's: it gets an id of
 * its own, unseen. Only the classes made of open worlds alone are compared,
 * through their sets of blocks. */
static guint32 *
class_signatures (Refinement *r, guint agent)
{
  const KvModel *model = r->model;
  guint n_classes = model->n_classes[agent];
  const guint32 *cls = model->cls[agent];
  guint32 *signature = g_new (guint32, MAX (n_classes, 1));
  g_autofree guint32 *offsets = g_new0 (guint32, n_classes + 1);
  g_autofree guint32 *members = NULL, *items = NULL, *seen = NULL, *mark = NULL;
  g_autofree BlockSet *sets = NULL;
  g_autoptr(GHashTable) ids = NULL;
  Marks marks;
  guint next = 0, n_pure = 0;

  if (r->class_size[agent] == NULL)
    {
      r->class_size[agent] = g_new0 (guint32, MAX (n_classes, 1));
      for (guint w = 0; w < model->n_worlds; w++)
        r->class_size[agent][cls[w]]++;
    }

  /* Open worlds per class: a class all of whose worlds are open is "pure". */
  for (guint i = 0; i < r->n_open; i++)
    offsets[cls[r->open[i]] + 1]++;
  for (guint c = 0; c < n_classes; c++)
    {
      if (offsets[c + 1] < r->class_size[agent][c])
        {
          signature[c] = next++;
          offsets[c + 1] = 0;
        }
      else
        {
          signature[c] = EMPTY;
          n_pure++;
        }
      offsets[c + 1] += offsets[c];
    }
  if (n_pure == 0)
    return signature;

  /* The worlds of each pure class, in order (a counting sort of the open
   * worlds by class), and the distinct blocks each one meets. */
  members = g_new (guint32, MAX (offsets[n_classes], 1));
  items = g_new (guint32, MAX (offsets[n_classes], 1));
  seen = g_new0 (guint32, MAX (r->n_blocks, 1));  /* c + 1: listed for class c */
  mark = g_new0 (guint32, MAX (r->n_blocks, 1));
  sets = g_new (BlockSet, MAX (n_classes, 1));
  ids = g_hash_table_new (block_set_hash, block_set_equal);
  marks.mark = mark;
  marks.epoch = 0;
  {
    g_autofree guint32 *fill = g_memdup2 (offsets, (n_classes + 1) * sizeof (guint32));

    for (guint i = 0; i < r->n_open; i++)
      {
        guint32 c = cls[r->open[i]];

        if (signature[c] == EMPTY)
          members[fill[c]++] = r->open[i];
      }
  }
  for (guint c = 0; c < n_classes; c++)
    {
      guint start = offsets[c], end = offsets[c + 1], length = 0;
      gpointer id;

      if (signature[c] != EMPTY)
        continue;
      for (guint i = start; i < end; i++)
        {
          guint32 b = r->block[members[i]];

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
          id = GUINT_TO_POINTER (next++);
          g_hash_table_insert (ids, &sets[c], id);
        }
      signature[c] = GPOINTER_TO_UINT (id);
    }
  return signature;
}

/* Keeps in r->open the worlds whose block has two or more. */
static void
find_open (Refinement *r)
{
  guint m = 0;

  for (guint i = 0; i < r->n_open; i++)
    if (r->size[r->block[r->open[i]]] > 1)
      r->open[m++] = r->open[i];
  r->n_open = m;
}

/* Splits the open blocks by the signatures of @agent's classes; whether
 * any block split. A block keeps its id for the signature met first; each
 * other (block, signature) gets a new id after the last. */
static gboolean
split (Refinement *r, guint agent, guint32 *first, guint32 *extra_world, guint64 *extra_key)
{
  const guint32 *cls = r->model->cls[agent];
  g_autofree guint32 *signature = class_signatures (r, agent);
  guint n_signatures = MAX (r->model->n_classes[agent], 1);
  guint n_extra = 0, n_new;

  for (guint i = 0; i < r->n_open; i++)
    first[r->block[r->open[i]]] = EMPTY;
  for (guint i = 0; i < r->n_open; i++)
    {
      guint32 w = r->open[i], b = r->block[w], s = signature[cls[w]];

      if (first[b] == EMPTY)
        first[b] = s;
      else if (first[b] != s)
        {
          extra_world[n_extra] = w;
          extra_key[n_extra++] = (guint64) b * n_signatures + s;
        }
    }
  if (n_extra == 0)
    return FALSE;

  {
    g_autofree guint32 *extra_id = g_new (guint32, n_extra);

    n_new = kv_densify_u64_expecting (extra_key, n_extra, extra_id, n_extra);
    for (guint j = 0; j < n_extra; j++)
      r->block[extra_world[j]] = r->n_blocks + extra_id[j];
  }
  r->n_blocks += n_new;
  for (guint i = 0; i < r->n_open; i++)
    r->size[r->block[r->open[i]]] = 0;
  for (guint i = 0; i < r->n_open; i++)
    r->size[r->block[r->open[i]]]++;
  find_open (r);
  return TRUE;
}

/* The partition by deal when deals never decrease, as they come: an
 * initial model's increase, and a product lists a world's pairs together
 * in the order of its worlds. Equal deals are then runs, a block each, in
 * order of first appearance without a table; r->open collects the runs of
 * two or more and r->size their lengths (nothing reads a single world's).
 * FALSE (and r->open to be redone) when some deal decreases. */
static gboolean
blocks_by_runs (Refinement *r)
{
  const guint32 *deal = r->model->deal;
  guint n = r->model->n_worlds, start = 0, n_blocks = 1;
  guint32 last;

  r->n_blocks = 0;
  r->n_open = 0;
  if (n == 0)
    return TRUE;
  last = deal[0];
  r->block[0] = 0;
  for (guint w = 1; w <= n; w++)
    {
      if (w == n || deal[w] != last)
        {
          if (w < n && deal[w] < last)
            return FALSE;
          /* The run start … w-1 ends. */
          if (w - start > 1)
            {
              r->size[n_blocks - 1] = w - start;
              for (guint v = start; v < w; v++)
                r->open[r->n_open++] = v;
            }
          if (w == n)
            break;
          start = w;
          last = deal[w];
          n_blocks++;
        }
      r->block[w] = n_blocks - 1;
    }
  r->n_blocks = n_blocks;
  return TRUE;
}

/* Fills r->block (ids in order of first appearance) and leaves r->open as
 * the worlds of blocks of two or more. */
static void
refine (Refinement *r, const KvModel *model)
{
  guint n = model->n_worlds;
  gboolean changed = FALSE, round_changed = TRUE;
  g_autofree guint32 *first = NULL, *extra_world = NULL;
  g_autofree guint64 *extra_key = NULL;

  memset (r, 0, sizeof *r);
  r->model = model;
  r->block = g_new (guint32, MAX (n, 1));
  /* Written only for blocks of two or more, the only ones read: the
   * pages of the rest are never touched. */
  r->size = g_new (guint32, MAX (n, 1));
  r->open = g_new (guint32, MAX (n, 1));

  /* Worlds with distinct deals are never bisimilar: start from the
   * partition by deal, done at once when no deal repeats. */
  if (!blocks_by_runs (r))
    {
      memcpy (r->block, model->deal, n * sizeof (guint32));
      r->n_blocks = kv_densify_u32 (r->block, n);
      memset (r->size, 0, r->n_blocks * sizeof (guint32));
      for (guint w = 0; w < n; w++)
        r->size[r->block[w]]++;
      r->n_open = 0;
      for (guint w = 0; w < n; w++)
        if (r->size[r->block[w]] > 1)
          r->open[r->n_open++] = w;
    }
  if (r->n_open == 0)
    return;

/* Refine until a round over every agent splits nothing. */
  first = g_new (guint32, n);
  extra_world = g_new (guint32, r->n_open);
  extra_key = g_new (guint64, r->n_open);
  while (r->n_open > 0 && round_changed)
    {
      round_changed = FALSE;
      for (guint a = 0; a < model->game->n_agents && r->n_open > 0; a++)
        if (split (r, a, first, extra_world, extra_key))
          round_changed = changed = TRUE;
    }

  /* Blocks numbered in order of first appearance, as a world's first
   * block is; the open worlds stay those of blocks of two or more (the
   * sizes are left by the old numbers: nothing reads them after this). */
  if (changed)
    kv_densify_u32_below (r->block, n, r->n_blocks);
}

static void
refinement_clear (Refinement *r)
{
  g_free (r->block);
  g_free (r->size);
  g_free (r->open);
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    g_free (r->class_size[a]);
}

guint32 *
kv_bisim_blocks (const KvModel *model, guint *n_blocks)
{
  Refinement r;
  guint32 *block;

  refine (&r, model);
  *n_blocks = r.n_blocks;
  block = g_steal_pointer (&r.block);
  refinement_clear (&r);
  return block;
}

KvModel *
kv_model_contract (const KvModel *model)
{
  KvModel *contracted;
  Refinement r;
  guint32 *deal;
  guint32 *cls[KV_MAX_AGENTS];

  refine (&r, model);
  deal = g_new (guint32, MAX (r.n_blocks, 1));
  /* A block's class for a is the set of blocks its members' a-classes meet,
   * the same for every member once the partition is stable. */
  for (guint w = 0; w < model->n_worlds; w++)
    deal[r.block[w]] = model->deal[w];
  for (guint a = 0; a < model->game->n_agents; a++)
    {
      g_autofree guint32 *signature = class_signatures (&r, a);

      cls[a] = g_new (guint32, MAX (r.n_blocks, 1));
      for (guint w = 0; w < model->n_worlds; w++)
        cls[a][r.block[w]] = signature[model->cls[a][w]];
    }
  contracted = kv_model_new_from_parts (model->game, model->deals, r.n_blocks, deal, cls,
                                        r.block[model->actual]);
  contracted->world_limit = model->world_limit;
  refinement_clear (&r);
  return contracted;
}
