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

KvModel *
kv_update_product (KvModel *model, const KvActionModel *am, KvBits **pre, guint actual_event,
                   guint world_limit, KvProduct **product_out, GError **error)
{
  const KvGame *game = model->game;
  guint64 n_pairs = 0;
  guint32 *deal, *cls[KV_MAX_AGENTS];
  guint32 *pair_world, *pair_event;
  guint actual = G_MAXUINT, p = 0;
  KvModel *result;

  /* 0: the limit the model was built under, so that a hypothetical step
   * in a formula honours it as the script's steps do. */
  if (world_limit == 0)
    world_limit = model->world_limit;
  if (world_limit == 0)
    world_limit = KV_DEFAULT_WORLD_LIMIT;
  for (guint e = 0; e < am->n_events; e++)
    n_pairs += kv_bits_count (pre[e]);
  if (n_pairs > world_limit)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the product would have %llu worlds, more than the limit of %u"),
                   (unsigned long long) n_pairs, world_limit);
      return NULL;
    }
  if (!kv_model_check_memory (game, (double) n_pairs, error))
    return NULL;
  g_return_val_if_fail (n_pairs > 0, NULL);

  deal = g_new (guint32, n_pairs);
  pair_world = g_new (guint32, n_pairs);
  pair_event = g_new (guint32, n_pairs);

  /* Pairs in world order, events in order within a world: count each
   * world's pairs, then place them, visiting only the set bits. */
  {
    g_autofree guint32 *next = g_new0 (guint32, model->n_worlds + 1);

    for (guint e = 0; e < am->n_events; e++)
      for (int w = kv_bits_next (pre[e], 0); w >= 0; w = kv_bits_next (pre[e], w + 1))
        next[w + 1]++;
    for (guint w = 0; w < model->n_worlds; w++)
      next[w + 1] += next[w];
    for (guint e = 0; e < am->n_events; e++)
      for (int w = kv_bits_next (pre[e], 0); w >= 0; w = kv_bits_next (pre[e], w + 1))
        {
          p = next[w]++;
          pair_world[p] = (guint32) w;
          pair_event[p] = e;
          deal[p] = model->deal[w];
        }
    for (p = 0; p < n_pairs && actual == G_MAXUINT; p++)
      if (pair_event[p] == actual_event && pair_world[p] == model->actual)
        actual = p;
    for (p = 0; p < n_pairs && actual == G_MAXUINT; p++)
      if (pair_event[p] == actual_event)
        actual = p;
  }
  g_assert (actual != G_MAXUINT);

  /* (w, e) ~a (w', e') iff w ~a w' and e ~a e': the class of a pair is the
   * pair of classes, numbered class × n_events + event class. Those numbers
   * are usually small enough for kv_model_new_from_parts to renumber them
   * through a plain table; only huge ones go through a hash. */
  for (guint a = 0; a < game->n_agents; a++)
    {
      guint64 n_keys = (guint64) model->n_classes[a] * am->n_events;

      cls[a] = g_new (guint32, n_pairs);
      if (n_keys < G_MAXUINT32)
        for (guint i = 0; i < n_pairs; i++)
          cls[a][i] = model->cls[a][pair_world[i]] * am->n_events + kv_action_model_class (am, a, pair_event[i]);
      else
        {
          g_autofree guint64 *keys = g_new (guint64, n_pairs);

          for (guint i = 0; i < n_pairs; i++)
            keys[i] = (guint64) model->cls[a][pair_world[i]] * am->n_events
                      + kv_action_model_class (am, a, pair_event[i]);
          kv_densify_u64 (keys, (guint) n_pairs, cls[a]);
        }
    }

  result = kv_model_new_from_parts (model->game, model->deals, (guint) n_pairs, deal, cls, actual);
  result->world_limit = world_limit;

  if (product_out != NULL)
    {
      KvProduct *product = g_new0 (KvProduct, 1);

      product->n_events = am->n_events;
      product->pre = g_new (KvBits *, MAX (am->n_events, 1));
      for (guint e = 0; e < am->n_events; e++)
        product->pre[e] = kv_bits_copy (pre[e]);
      product->n_pairs = (guint) n_pairs;
      product->pair_world = pair_world;
      product->pair_event = pair_event;
      *product_out = product;
    }
  else
    {
      g_free (pair_world);
      g_free (pair_event);
    }
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

static const char *
agent_name (const KvModel *model, guint agent)
{
  return model->game->agent_names[agent];
}

char *
kv_step_why_false (const KvModel *model, const KvStep *step)
{
  const KvGame *game = model->game;
  const KvHand *hands = kv_model_hands (model, model->actual);
  gboolean wins;

  switch (step->kind)
    {
    case KV_STEP_NOCARD:
      for (guint i = 0; i < step->n_cards; i++)
        if (hands[step->agent] & KV_CARD_BIT (step->cards[i]))
          return g_strdup_printf (_("%s holds %s"), agent_name (model, step->agent),
                                  game->card_names[step->cards[i]]);
      return NULL;
    case KV_STEP_SHOWCARD:
      if (hands[step->agent] & KV_CARD_BIT (step->shown))
        return NULL;
      return g_strdup_printf (_("%s does not hold %s"), agent_name (model, step->agent),
                              game->card_names[step->shown]);
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      {
        g_autoptr(KvBits) win = kv_check_win (model, step->agent);

        wins = kv_bits_get (win, model->actual);
        if (step->kind == KV_STEP_ENDMOVE && wins)
          return g_strdup_printf (game->has_envelope ? _("%s knows the envelope, so it can win")
                                                     : _("%s knows the deal, so it can win"),
                                  agent_name (model, step->agent));
        if (step->kind == KV_STEP_WIN && !wins)
          return g_strdup_printf (game->has_envelope ? _("%s does not know the envelope yet")
                                                     : _("%s does not know the deal yet"),
                                  agent_name (model, step->agent));
        return NULL;
      }
    case KV_STEP_ANNOUNCE:
    case KV_STEP_DO:
      {
        guint event;
        g_autoptr(KvActionModel) am = kv_action_model_for_step (step, &event);
        g_autoptr(GError) error = NULL;
        gboolean value = TRUE;

        if (!kv_check_actual ((KvModel *) model, am->pre[event], &value, &error))
          return g_strdup (error->message);
        if (value)
          return NULL;
        if (step->kind == KV_STEP_ANNOUNCE)
          {
            g_autofree char *f = kv_formula_to_string (game, step->formula, FALSE);
            return g_strdup_printf (_("%s is false at the actual world"), f);
          }
        else
          {
            g_autofree char *f = kv_formula_to_string (game, am->pre[event], FALSE);
            return g_strdup_printf (_("the precondition of %s (%s) is false at the actual world"),
                                    am->event_names[event], f);
          }
      }
    case KV_STEP_SUGGEST:
    default:
      return NULL;
    }
}

GPtrArray *
kv_suggest_expand (const KvModel *model, const KvStep *suggest)
{
  return kv_suggest_expand_hands (suggest, kv_model_hands (model, model->actual));
}

GPtrArray *
kv_suggest_expand_hands (const KvStep *suggest, const KvHand *hands)
{
  const KvGame *game = suggest->game;
  GPtrArray *steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;

  g_return_val_if_fail (suggest->kind == KV_STEP_SUGGEST, steps);

  for (guint i = 1; i <= n_responders && i < game->n_agents; i++)
    {
      guint responder = (suggest->agent + i) % game->n_agents;
      KvStep *answer = NULL;

      /* A responder shows the first requested card it holds. */
      for (guint j = 0; j < suggest->n_cards && answer == NULL; j++)
        if (hands[responder] & KV_CARD_BIT (suggest->cards[j]))
          {
            answer = kv_step_new (suggest->game, KV_STEP_SHOWCARD);
            answer->target = suggest->agent;
            answer->shown = suggest->cards[j];
          }
      if (answer == NULL)
        answer = kv_step_new (suggest->game, KV_STEP_NOCARD);
      answer->agent = responder;
      answer->n_cards = suggest->n_cards;
      answer->cards = g_memdup2 (suggest->cards, suggest->n_cards);
      g_ptr_array_add (steps, answer);
      if (answer->kind == KV_STEP_SHOWCARD)
        break;
    }
  return steps;
}

KvModel *
kv_model_apply_step (KvModel *model, const KvStep *step, guint world_limit, GError **error)
{
  g_autofree char *why = NULL;
  g_autoptr(KvActionModel) am = NULL;
  guint actual;

  if (step->kind == KV_STEP_SUGGEST)
    {
      g_autoptr(GPtrArray) answers = kv_suggest_expand (model, step);
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

  am = kv_action_model_for_step (step, &actual);
  if (step->kind == KV_STEP_ANNOUNCE || step->kind == KV_STEP_DO)
    {
      g_autoptr(GError) inner = NULL;
      KvModel *result;

      /* The preconditions are evaluated once, by the update; one that
       * cannot be checked (over a limit) is an error of its own, not a
       * false step. */
      result = kv_model_update (model, am, actual, world_limit, NULL, &inner);
      if (result != NULL || !g_error_matches (inner, KV_ERROR, KV_ERROR_FALSE))
        {
          if (inner != NULL)
            g_propagate_error (error, g_steal_pointer (&inner));
          return result;
        }
    }
  why = kv_step_why_false (model, step);
  if (why != NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE, _("this step is false at the actual world: %s"), why);
      return NULL;
    }
  return kv_model_update (model, am, actual, world_limit, NULL, error);
}
