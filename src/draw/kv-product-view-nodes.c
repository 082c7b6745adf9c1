// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-nodes.c: hovering — what a node of a stage's picture
 * stands for (worlds of M, events of A), and back (kv-product-view.h). The
 * codes are kv-product-view-private.h's, which kv-product-view.c gives. */
#define G_LOG_DOMAIN "kv-product-view"
#include "config.h"

#include "kv-product-view-private.h"

/* A pair node's world, event and grouping; FALSE when @code is none of
 * @view's (a picture of another product). */
static gboolean
pair_decode (const KvProductView *view, guint code, guint *world, guint *event, gboolean *by_envelope)
{
  guint n_events = view->action->n_events;

  if (code == KV_PRODUCT_NO_CODE || (guint64) code / 2 / n_events >= view->before->n_worlds)
    return FALSE;
  *by_envelope = code % 2;
  *world = code / 2 / n_events;
  *event = code / 2 % n_events;
  return !*by_envelope || view->before->game->has_envelope;
}

/* The key grouping the result's world @p with others, as @how says. */
static guint64
result_key (const KvProductView *view, guint how, const guint32 *blocks, guint p)
{
  switch (how)
    {
    case KV_PRODUCT_RESULT_ENVELOPE:
      return kv_model_hand (view->after, p, kv_game_envelope (view->after->game));
    case KV_PRODUCT_RESULT_BISIMILAR:
      return blocks[p];
    case KV_PRODUCT_RESULT_ALONE:
    default:
      return p;
    }
}
/* The worlds of M with @world's envelope (@by_envelope), or @world alone,
 * added to @worlds. */
static void
add_group_worlds (const KvProductView *view, guint world, gboolean by_envelope, KvBits *worlds)
{
  const KvModel *m = view->before;
  guint env;
  KvHand hand;

  if (!by_envelope)
    {
      kv_bits_set (worlds, world);
      return;
    }
  env = kv_game_envelope (m->game);
  hand = kv_model_hand (m, world, env);
  for (guint w = 0; w < m->n_worlds; w++)
    if (kv_model_hand (m, w, env) == hand)
      kv_bits_set (worlds, w);
}

/* A result node's world of M ⊗ A and how it is grouped; FALSE when
 * @code is none of @view's. */
static gboolean
result_decode (const KvProductView *view, guint code, guint *p, guint *how)
{
  if (code == KV_PRODUCT_NO_CODE || code / 4 >= view->after->n_worlds || code % 4 > KV_PRODUCT_RESULT_BISIMILAR)
    return FALSE;
  *p = code / 4;
  *how = code % 4;
  return TRUE;
}

gboolean
kv_product_view_node_parts (const KvProductView *view, KvProductStage stage,
                            const KvGraph *graph, guint node,
                            KvBits **worlds, KvBits **events)
{
  const KvProduct *product = view->product;
  guint n_events = view->action->n_events;
  guint code, world, event, p, how;
  gboolean by_envelope;

  g_return_val_if_fail (worlds != NULL && events != NULL, FALSE);

  *worlds = *events = NULL;
  if (graph == NULL || node >= kv_graph_n_nodes (graph))
    return FALSE;
  code = kv_graph_node (graph, node)->world;

  switch (stage)
    {
    case KV_PRODUCT_STAGE_ACTION:
      if (code >= n_events)
        return FALSE;
      *events = kv_bits_new (n_events);
      kv_bits_set (*events, code);
      return TRUE;
    case KV_PRODUCT_STAGE_PAIRS:
    case KV_PRODUCT_STAGE_LINKS:
      if (!pair_decode (view, code, &world, &event, &by_envelope))
        return FALSE;
      *worlds = kv_bits_new (view->before->n_worlds);
      add_group_worlds (view, world, by_envelope, *worlds);
      *events = kv_bits_new (n_events);
      kv_bits_set (*events, event);
      return TRUE;
    case KV_PRODUCT_STAGE_RESULT:
      {
        g_autofree guint32 *blocks = NULL;
        guint n_blocks;
        guint64 key;

        if (!result_decode (view, code, &p, &how))
          return FALSE;
        if (how == KV_PRODUCT_RESULT_BISIMILAR)
          blocks = kv_bisim_blocks (view->after, &n_blocks);
        key = result_key (view, how, blocks, p);
        *worlds = kv_bits_new (view->before->n_worlds);
        *events = kv_bits_new (n_events);
        for (guint q = 0; q < view->after->n_worlds; q++)
          if (q == p || (how != KV_PRODUCT_RESULT_ALONE && result_key (view, how, blocks, q) == key))
            {
              kv_bits_set (*worlds, product->pair_world[q]);
              kv_bits_set (*events, product->pair_event[q]);
            }
        return TRUE;
      }
    default:
      g_return_val_if_reached (FALSE);
    }
}

KvBits *
kv_product_view_find_nodes (const KvProductView *view, KvProductStage stage,
                            const KvGraph *graph,
                            const KvBits *worlds, const KvBits *events)
{
  const KvModel *m = view->before, *after = view->after;
  const KvProduct *product = view->product;
  guint n_events = view->action->n_events;
  guint n = kv_graph_n_nodes (graph);
  KvBits *found = kv_bits_new (n);
  g_autoptr(GHashTable) hands = NULL;   /* envelopes of @worlds, for grouped pairs */
  GHashTable *keys[KV_PRODUCT_RESULT_BISIMILAR + 1] = { NULL };   /* groups of the result with a pair found */
  g_autofree guint32 *blocks = NULL;

  g_return_val_if_fail (worlds == NULL || worlds->n == m->n_worlds, found);
  g_return_val_if_fail (events == NULL || events->n == n_events, found);

  for (guint i = 0; i < n; i++)
    {
      guint code = kv_graph_node (graph, i)->world;
      guint world, event, p, how;
      gboolean by_envelope, match = FALSE;

      switch (stage)
        {
        case KV_PRODUCT_STAGE_ACTION:
          match = code < n_events && (events == NULL || kv_bits_get (events, code));
          break;
        case KV_PRODUCT_STAGE_PAIRS:
        case KV_PRODUCT_STAGE_LINKS:
          if (!pair_decode (view, code, &world, &event, &by_envelope) ||
              (events != NULL && !kv_bits_get (events, event)))
            break;
          if (worlds == NULL || !by_envelope)
            {
              match = worlds == NULL || kv_bits_get (worlds, world);
              break;
            }
          if (hands == NULL)
            {
              hands = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
              for (int w = kv_bits_next (worlds, 0); w >= 0; w = kv_bits_next (worlds, w + 1))
                {
                  gint64 hand = (gint64) kv_model_hand (m, w, kv_game_envelope (m->game));

                  g_hash_table_add (hands, g_memdup2 (&hand, sizeof hand));
                }
            }
          {
            gint64 hand = (gint64) kv_model_hand (m, world, kv_game_envelope (m->game));

            match = g_hash_table_contains (hands, &hand);
          }
          break;
        case KV_PRODUCT_STAGE_RESULT:
          if (!result_decode (view, code, &p, &how))
            break;
          if (keys[how] == NULL)
            {
              /* Every group of this kind with a pair of @worlds × @events. */
              keys[how] = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
              if (how == KV_PRODUCT_RESULT_BISIMILAR && blocks == NULL)
                {
                  guint n_blocks;

                  blocks = kv_bisim_blocks (after, &n_blocks);
                }
              for (guint q = 0; q < after->n_worlds; q++)
                if ((worlds == NULL || kv_bits_get (worlds, product->pair_world[q])) &&
                    (events == NULL || kv_bits_get (events, product->pair_event[q])))
                  {
                    gint64 key = (gint64) result_key (view, how, blocks, q);

                    g_hash_table_add (keys[how], g_memdup2 (&key, sizeof key));
                  }
            }
          {
            gint64 key = (gint64) result_key (view, how, blocks, p);

            match = g_hash_table_contains (keys[how], &key);
          }
          break;
        default:
          g_return_val_if_reached (found);
        }
      if (match)
        kv_bits_set (found, i);
    }
  for (guint how = 0; how < G_N_ELEMENTS (keys); how++)
    g_clear_pointer (&keys[how], g_hash_table_unref);
  return found;
}
