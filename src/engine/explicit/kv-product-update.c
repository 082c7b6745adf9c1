// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-product-update"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-check.h"
#include "kv-error.h"
#include "kv-partition.h"
#include "kv-product-update-private.h"

void
kv_product_free (KvProduct *product)
{
  if (product == NULL)
    return;
  for (guint e = 0; e < product->n_events; e++)
    kv_bits_free (product->pre[e]);
  g_free (product->pre);
  g_free (product->pair_world);
  g_free (product->pair_event);
  g_free (product);
}

void
kv_product_count (const KvModel *before, const KvProduct *product, const KvModel *after,
                  KvProductCounts *counts)
{
  memset (counts, 0, sizeof *counts);
  counts->pairs_tried = before->n_worlds * product->n_events;
  counts->pairs_kept = product->n_pairs;
  for (guint a = 0; a < before->game->n_agents; a++)
    {
      g_autofree guint32 *size = g_new0 (guint32, MAX (before->n_classes[a], 1));

      /* Kept pairs per class of M: every two of them were linked in M. */
      for (guint p = 0; p < product->n_pairs; p++)
        size[before->cls[a][product->pair_world[p]]]++;
      for (guint c = 0; c < before->n_classes[a]; c++)
        counts->links_possible[a] += (guint64) size[c] * (size[c] - 1) / 2;
      counts->links_kept[a] = kv_model_count_links (after, a);
      counts->links_cut[a] = counts->links_possible[a] - counts->links_kept[a];
    }
}

/* The pairs (w, e) with w ⊨ pre(e) of the block of worlds 64 i … 64 i + 63,
 * in world order and events in order within a world, into @world and
 * @event (room for 64 × n_events); returns how many. Reads the words of
 * the precondition sets directly: up to 64 events, world by world without
 * a branch per pair; past that, sorting by counting within the block. */
static guint
block_pairs (const KvActionModel *am, KvBits **pre, guint i, guint32 *world, guint32 *event)
{
  guint32 start[65];
  guint64 any = 0;

  if (am->n_events == 1)
    {
      guint n = 0;

      /* An announcement: the pairs are the set bits, in order. */
      for (guint64 bits = pre[0]->words[i]; bits != 0; bits &= bits - 1)
        {
          world[n] = i * 64 + (guint) __builtin_ctzll (bits);
          event[n++] = 0;
        }
      return n;
    }

  if (am->n_events <= 64)
    {
      guint64 words[64];
      guint n = 0;

      for (guint e = 0; e < am->n_events; e++)
        any |= words[e] = pre[e]->words[i];
      /* World by world, each event written and kept when its bit is set:
       * no branch on the bits, no counting pass. */
      for (; any != 0; any &= any - 1)
        {
          guint b = (guint) __builtin_ctzll (any);

          for (guint e = 0; e < am->n_events; e++)
            {
              world[n] = i * 64 + b;
              event[n] = e;
              n += (words[e] >> b) & 1;
            }
        }
      return n;
    }

  memset (start, 0, sizeof start);
  for (guint e = 0; e < am->n_events; e++)
    {
      guint64 bits = pre[e]->words[i];

      any |= bits;
      for (; bits != 0; bits &= bits - 1)
        start[__builtin_ctzll (bits) + 1]++;
    }
  if (any == 0)
    return 0;
  for (guint b = 0; b < 64; b++)
    start[b + 1] += start[b];
  for (guint e = 0; e < am->n_events; e++)
    for (guint64 bits = pre[e]->words[i]; bits != 0; bits &= bits - 1)
      {
        guint b = (guint) __builtin_ctzll (bits);
        guint32 k = start[b]++;

        world[k] = i * 64 + b;
        event[k] = e;
      }
  return start[63];
}

/* Takes *@pair_world and *@pair_event. */
static KvProduct *
product_new (const KvActionModel *am, KvBits **pre, guint64 n_pairs,
             guint32 **pair_world, guint32 **pair_event)
{
  KvProduct *product = g_new0 (KvProduct, 1);

  product->n_events = am->n_events;
  product->pre = g_new (KvBits *, MAX (am->n_events, 1));
  for (guint e = 0; e < am->n_events; e++)
    product->pre[e] = kv_bits_copy (pre[e]);
  product->n_pairs = (guint) n_pairs;
  product->pair_world = g_steal_pointer (pair_world);
  product->pair_event = g_steal_pointer (pair_event);
  return product;
}

/* The limit an update of @model works under: @world_limit, else the
 * model's own, else the default. */
static guint
limit_for (const KvModel *model, guint world_limit)
{
  if (world_limit == 0)
    world_limit = model->world_limit;
  return world_limit != 0 ? world_limit : KV_DEFAULT_WORLD_LIMIT;
}

/* Refuses a product of @n_pairs worlds past @world_limit or past memory. */
static gboolean
product_fits (const KvGame *game, guint64 n_pairs, guint world_limit, GError **error)
{
  if (n_pairs > world_limit)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the product would have %llu worlds, more than the limit of %u"),
                   (unsigned long long) n_pairs, world_limit);
      return FALSE;
    }
  return kv_model_check_memory (game, (double) n_pairs, error);
}

/* A public announcement true everywhere (an "endmove" before anyone can
 * win) keeps every world, deal and class as it was: the model again, its
 * arrays shared: its classes are numbered in order of first appearance, as
 * the product would number them (kv-model.h). */
static KvModel *
update_keeping_all (KvModel *model, const KvActionModel *am, KvBits **pre,
                    guint world_limit, KvProduct **product_out)
{
  KvModel *result = kv_model_new_same (model);

  result->world_limit = world_limit;
  if (product_out != NULL)
    {
      guint n = model->n_worlds;
      g_autofree guint32 *pair_world = g_new (guint32, n);
      g_autofree guint32 *pair_event = g_new0 (guint32, n);

      for (guint w = 0; w < n; w++)
        pair_world[w] = w;
      *product_out = product_new (am, pre, n, &pair_world, &pair_event);
    }
  return result;
}

/* (w, e) ~a (w', e') iff w ~a w' and e ~a e': the class of a pair is the
 * pair of classes, key = w's class × n_events + e's class, numbered densely
 * in order of first appearance as the pairs are made. The keys usually fit
 * a plain table, which costs no more than one more class array
 * (kv_model_check_memory allows for it); only huge ones are kept and go
 * through a hash at the end. */
typedef struct {
  guint    n_agents;
  guint    n_events;
  guint32 *table[KV_MAX_AGENTS];
  guint64 *keys[KV_MAX_AGENTS];
  guint    n_classes[KV_MAX_AGENTS];
} PairClasses;

static void
pair_classes_init (PairClasses *pc, const KvModel *model, guint n_events, guint64 n_pairs)
{
  memset (pc, 0, sizeof *pc);
  pc->n_agents = model->game->n_agents;
  pc->n_events = n_events;
  for (guint a = 0; a < pc->n_agents; a++)
    {
      guint64 n_keys = (guint64) model->n_classes[a] * n_events;

      if (n_keys <= n_pairs + model->n_worlds + 64)
        {
          pc->table[a] = g_new (guint32, MAX (n_keys, 1));
          memset (pc->table[a], 0xff, n_keys * sizeof (guint32));
        }
      else
        pc->keys[a] = g_new (guint64, n_pairs);
    }
}

/* Numbers the classes of the @n pairs of one block, the product's pairs
 * @p to @p + @n, into @result's class arrays. */
static void
pair_classes_add_block (PairClasses *pc, const KvModel *model, const KvActionModel *am,
                        const guint32 *block_world, const guint32 *block_event,
                        guint n, guint p, KvModel *result)
{
  guint n_events = pc->n_events;

  for (guint a = 0; a < pc->n_agents; a++)
    {
      const guint32 *world_class = model->cls[a];
      const guint *event_class = am->cls + a * n_events;
      guint32 *out = result->cls[a] + p, *ids = pc->table[a], next = pc->n_classes[a];

      if (ids == NULL)
        for (guint k = 0; k < n; k++)
          pc->keys[a][p + k] = (guint64) world_class[block_world[k]] * n_events + event_class[block_event[k]];
      else if (n_events == 1)
        for (guint k = 0; k < n; k++)
          {
            guint32 *id = &ids[world_class[block_world[k]]];

            if (G_UNLIKELY (*id == G_MAXUINT32))
              *id = next++;
            out[k] = *id;
          }
      else
        for (guint k = 0; k < n; k++)
          {
            guint32 *id = &ids[(gsize) world_class[block_world[k]] * n_events + event_class[block_event[k]]];

            if (G_UNLIKELY (*id == G_MAXUINT32))
              *id = next++;
            out[k] = *id;
          }
      pc->n_classes[a] = next;
    }
}

/* Densifies the hashed keys into @result's classes and frees the rest. */
static void
pair_classes_finish (PairClasses *pc, guint64 n_pairs, KvModel *result)
{
  for (guint a = 0; a < pc->n_agents; a++)
    {
      if (pc->keys[a] != NULL)
        pc->n_classes[a] = kv_densify_u64 (pc->keys[a], (guint) n_pairs, result->cls[a]);
      result->n_classes[a] = pc->n_classes[a];
      g_free (pc->table[a]);
      g_free (pc->keys[a]);
    }
}

KvModel *
kv_update_product (KvModel *model, const KvActionModel *am, KvBits **pre, guint actual_event,
                   guint world_limit, KvProduct **product_out, GError **error)
{
  guint n_events = am->n_events;
  guint n_words = (model->n_worlds + 63) / 64;
  guint64 n_pairs = 0;
  g_autofree guint32 *pair_world = NULL, *pair_event = NULL;
  g_autofree guint32 *block_world = NULL, *block_event = NULL;
  guint actual = G_MAXUINT, first_actual_event = G_MAXUINT;
  guint p = 0;
  PairClasses classes;
  KvModel *result;

  /* 0: the limit the model was built under, so that a hypothetical step
   * in a formula honours it as the script's steps do. */
  world_limit = limit_for (model, world_limit);
  for (guint e = 0; e < n_events; e++)
    n_pairs += kv_bits_count (pre[e]);
  if (!product_fits (model->game, n_pairs, world_limit, error))
    return NULL;
  g_return_val_if_fail (n_pairs > 0, NULL);
  if (n_events == 1 && n_pairs == model->n_worlds)
    return update_keeping_all (model, am, pre, world_limit, product_out);

  result = kv_model_new_unfilled (model->game, model->deals, (guint) n_pairs);
  result->world_limit = world_limit;
  /* Only the product view and the checker's dynamic operators need to
   * know where each pair came from; the update itself works a block of
   * 64 worlds at a time through two small buffers that stay in cache. */
  if (product_out != NULL)
    {
      pair_world = g_new (guint32, n_pairs);
      pair_event = g_new (guint32, n_pairs);
    }
  block_world = g_new (guint32, 64 * (gsize) n_events);
  block_event = g_new (guint32, 64 * (gsize) n_events);
  pair_classes_init (&classes, model, n_events, n_pairs);

  for (guint i = 0; i < n_words; i++)
    {
      guint n = block_pairs (am, pre, i, block_world, block_event);

      for (guint k = 0; k < n; k++)
        result->deal[p + k] = model->deal[block_world[k]];
      /* The point is (model's point, actual event); when a hypothetical
       * step is false there, the first pair with the actual event. */
      if (i == model->actual / 64 || first_actual_event == G_MAXUINT)
        for (guint k = 0; k < n; k++)
          if (block_event[k] == actual_event)
            {
              if (block_world[k] == model->actual)
                actual = p + k;
              if (first_actual_event == G_MAXUINT)
                first_actual_event = p + k;
            }
      if (pair_world != NULL)
        {
          memcpy (pair_world + p, block_world, n * sizeof (guint32));
          memcpy (pair_event + p, block_event, n * sizeof (guint32));
        }
      pair_classes_add_block (&classes, model, am, block_world, block_event, n, p, result);
      p += n;
    }
  g_assert (p == n_pairs);
  pair_classes_finish (&classes, n_pairs, result);

  if (actual == G_MAXUINT)
    actual = first_actual_event;
  g_assert (actual != G_MAXUINT);
  result->actual = actual;
  if (product_out != NULL)
    *product_out = product_new (am, pre, n_pairs, &pair_world, &pair_event);
  return result;
}

KvModel *
kv_model_update (KvModel *model, const KvActionModel *am, guint actual,
                 guint world_limit, KvProduct **product, GError **error)
{
  KvBits **pre;
  KvModel *result = NULL;

  g_return_val_if_fail (actual < am->n_events, NULL);

  pre = kv_update_preconditions (model, am, error);
  if (pre == NULL)
    return NULL;
  if (!kv_bits_get (pre[actual], model->actual))
    {
      g_autofree char *f = kv_formula_to_string (model->game, am->pre[actual], FALSE);

      g_set_error (error, KV_ERROR, KV_ERROR_FALSE,
                   _("the precondition of event %s (%s) is false at the actual world"),
                   am->event_names[actual], f);
    }
  else
    result = kv_update_product (model, am, pre, actual, world_limit, product, error);

  for (guint e = 0; e < am->n_events; e++)
    kv_bits_free (pre[e]);
  g_free (pre);
  return result;
}

static gboolean
check_model (gpointer model, const KvFormula *f, gboolean *value, GError **error)
{
  return kv_check_actual (model, f, value, error);
}

char *
kv_step_why_false (const KvModel *model, const KvStep *step)
{
  gboolean wins = FALSE;

  if (step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_WIN)
    {
      g_autoptr(KvBits) win = kv_check_win (model, step->agent);

      wins = kv_bits_get (win, model->actual);
    }
  return kv_step_why_false_at (model->game, kv_model_hands (model, model->actual), wins,
                               check_model, (gpointer) model, step);
}

GPtrArray *
kv_suggest_expand (const KvModel *model, const KvStep *suggest)
{
  return kv_suggest_expand_hands (suggest, kv_model_hands (model, model->actual));
}

/* A suggest's answers, as one product: the responders' nocards are public
 * announcements and the last answer may be a showcard, whose events'
 * preconditions are atoms, true or false in a world whatever model holds
 * it. Announcing, then showing, keeps the worlds w ⊨ nocards ∧ pre(e) in
 * the same order and numbers classes by first appearance of the same
 * (class in M, event class) pairs: the showcard's events with each
 * precondition conjoined with the nocards' give the same model, with no
 * model in between and every atom read in one walk. Answers come from
 * the actual deal, so they hold at the point. */
static KvModel *
apply_answers (KvModel *model, GPtrArray *answers, guint world_limit, GError **error)
{
  const KvStep *last;
  g_autoptr(KvActionModel) shown = NULL;
  g_autoptr(KvActionModel) together = NULL;
  g_autoptr(KvFormula) heard = NULL;
  guint actual = 0, n_nocards;

  if (answers->len == 0)
    return kv_model_ref (model);
  if (model->n_worlds > limit_for (model, world_limit))
    {
      /* A limit below this model's own size: the announcements, one by
       * one, say which model is the first over it. */
      g_autoptr(KvModel) current = kv_model_ref (model);

      for (guint i = 0; i < answers->len; i++)
        {
          KvModel *next = kv_model_apply_step (current, g_ptr_array_index (answers, i), world_limit, error);

          if (next == NULL)
            return NULL;
          g_clear_pointer (&current, kv_model_unref);
          current = next;
        }
      return g_steal_pointer (&current);
    }
  last = g_ptr_array_index (answers, answers->len - 1);
  n_nocards = last->kind == KV_STEP_SHOWCARD ? answers->len - 1 : answers->len;
  for (guint i = 0; i < n_nocards; i++)
    {
      const KvStep *answer = g_ptr_array_index (answers, i);
      guint event;
      g_autoptr(KvActionModel) am = NULL;

      g_assert (answer->kind == KV_STEP_NOCARD);
      am = kv_action_model_for_step (answer, &event);
      heard = heard == NULL ? kv_formula_ref (am->pre[0])
                            : kv_formula_new (KV_FORMULA_AND, g_steal_pointer (&heard), kv_formula_ref (am->pre[0]));
    }
  if (n_nocards == answers->len)
    {
      g_autoptr(KvActionModel) am = kv_action_model_new_announcement (model->game->n_agents, heard);

      return kv_model_update (model, am, 0, world_limit, NULL, error);
    }

  shown = kv_action_model_for_step (last, &actual);
  if (heard == NULL)
    return kv_model_update (model, shown, actual, world_limit, NULL, error);
  together = kv_action_model_new (shown->name, shown->n_agents, shown->n_events);
  for (guint e = 0; e < shown->n_events; e++)
    {
      together->event_names[e] = g_strdup (shown->event_names[e]);
      together->pre[e] = kv_formula_new (KV_FORMULA_AND, kv_formula_ref (heard), kv_formula_ref (shown->pre[e]));
    }
  memcpy (together->cls, shown->cls, (gsize) shown->n_agents * shown->n_events * sizeof (guint));
  return kv_model_update (model, together, actual, world_limit, NULL, error);
}

KvModel *
kv_model_apply_step_expanded (KvModel *model, const KvStep *step, guint world_limit,
                              GPtrArray **expanded, GError **error)
{
  g_autofree char *why = NULL;
  g_autoptr(KvActionModel) am = NULL;
  g_autoptr(GError) inner = NULL;
  KvModel *result;
  guint actual;

  if (expanded != NULL)
    *expanded = NULL;
  if (step->kind == KV_STEP_SUGGEST)
    {
      g_autoptr(GPtrArray) answers = kv_suggest_expand (model, step);

      result = apply_answers (model, answers, world_limit, error);
      if (result != NULL && expanded != NULL)
        *expanded = g_steal_pointer (&answers);
      return result;
    }

  /* nocard and showcard are false exactly when the actual hands say so,
   * which costs less than their preconditions: refuse them up front. */
  if (step->kind == KV_STEP_NOCARD || step->kind == KV_STEP_SHOWCARD)
    {
      why = kv_step_why_false (model, step);
      if (why != NULL)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_FALSE, _("this step is false at the actual world: %s"), why);
          return NULL;
        }
    }

  /* The preconditions are evaluated once, by the update; only a refused
   * step evaluates them again, for the reason. One that cannot be checked
   * (over a limit) is an error of its own, not a false step. */
  am = kv_action_model_for_step (step, &actual);
  result = kv_model_update (model, am, actual, world_limit, NULL, &inner);
  if (result != NULL)
    return result;
  if (g_error_matches (inner, KV_ERROR, KV_ERROR_FALSE) && why == NULL
      && (why = kv_step_why_false (model, step)) != NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE, _("this step is false at the actual world: %s"), why);
      return NULL;
    }
  g_propagate_error (error, g_steal_pointer (&inner));
  return NULL;
}

KvModel *
kv_model_apply_step (KvModel *model, const KvStep *step, guint world_limit, GError **error)
{
  return kv_model_apply_step_expanded (model, step, world_limit, NULL, error);
}
