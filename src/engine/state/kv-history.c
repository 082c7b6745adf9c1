// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-history"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-error.h"
#include "kv-history.h"
#include "kv-narration.h"
#include "kv-product-update.h"

static void
entry_free (KvHistoryEntry *entry)
{
  g_clear_pointer (&entry->step, kv_step_unref);
  g_clear_pointer (&entry->expanded, g_ptr_array_unref);
  g_clear_pointer (&entry->model, kv_model_unref);
  g_clear_pointer (&entry->state, kv_state_unref);
  g_free (entry);
}

/* An entry holding @state (taken), with its model when it has one. */
static KvHistoryEntry *
entry_new (KvStep *step, KvState *state, GPtrArray *expanded)
{
  KvHistoryEntry *entry = g_new0 (KvHistoryEntry, 1);
  KvModel *model = kv_state_model (state);

  entry->step = step != NULL ? kv_step_ref (step) : NULL;
  entry->state = state;
  entry->model = model != NULL ? kv_model_ref (model) : NULL;
  entry->expanded = expanded;
  return entry;
}

/* A history of the one entry @initial (taken), a state of @game. */
static KvHistory *
history_holding (KvGame  *game,
                 guint    world_limit,
                 KvState *initial)
{
  KvHistory *history = g_new0 (KvHistory, 1);

  history->game = kv_game_ref (game);
  history->world_limit = world_limit;
  history->engine = kv_state_engine (initial);
  history->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_ptr_array_add (history->entries, entry_new (NULL, initial, NULL));
  return history;
}

KvHistory *
kv_history_new (KvGame *game, guint world_limit, GError **error)
{
  return kv_history_new_with_engine (game, KV_ENGINE_EXPLICIT, world_limit, error);
}

KvHistory *
kv_history_new_with_engine (KvGame *game, KvEngineKind kind, guint world_limit, GError **error)
{
  KvState *initial;

  g_return_val_if_fail (game != NULL, NULL);

  initial = kv_state_new_initial (game, kind, world_limit, error);
  return initial != NULL ? history_holding (game, world_limit, initial) : NULL;
}

KvEngineKind
kv_history_choose_engine (const KvGame *game, guint world_limit)
{
  KvEngineKind kind = KV_ENGINE_AUTO;

  if (kv_engine_from_env (&kind, NULL) && kind != KV_ENGINE_AUTO)
    return kind;
  return kv_game_count_deals (game) > MAX (world_limit, KV_DEFAULT_WORLD_LIMIT)
         ? KV_ENGINE_SYMBOLIC : KV_ENGINE_EXPLICIT;
}

KvHistory *
kv_history_new_for_model (KvModel *model)
{
  KvHistory *history;

  g_return_val_if_fail (model != NULL, NULL);

  history = history_holding (model->game, model->world_limit, kv_state_new_for_model (model));
  history->given = TRUE;
  return history;
}

KvHistory *
kv_history_copy (const KvHistory *history, guint index)
{
  KvHistory *copy;

  g_return_val_if_fail (history != NULL, NULL);
  g_return_val_if_fail (index < history->entries->len, NULL);

  copy = history_holding (history->game, history->world_limit, kv_state_ref (kv_history_get (history, 0)->state));
  copy->given = history->given;
  for (guint i = 1; i <= index; i++)
    {
      const KvHistoryEntry *entry = g_ptr_array_index (history->entries, i);

      g_ptr_array_add (copy->entries,
                       entry_new (entry->step, kv_state_ref (entry->state),
                                  entry->expanded != NULL ? g_ptr_array_ref (entry->expanded) : NULL));
    }
  return copy;
}

void
kv_history_free (KvHistory *history)
{
  if (history == NULL)
    return;
  g_ptr_array_unref (history->entries);
  kv_game_unref (history->game);
  g_free (history);
}

guint
kv_history_length (const KvHistory *history)
{
  return history->entries->len;
}

const KvHistoryEntry *
kv_history_get (const KvHistory *history, guint index)
{
  g_return_val_if_fail (index < history->entries->len, NULL);
  return g_ptr_array_index (history->entries, index);
}

gboolean
kv_history_push (KvHistory *history, KvStep *step, GError **error)
{
  const KvHistoryEntry *last = kv_history_get (history, history->entries->len - 1);
  GPtrArray *expanded = NULL;
  KvState *state;

  g_return_val_if_fail (step != NULL, FALSE);

  if (last->model != NULL)
    {
      g_autoptr(KvModel) model = kv_model_apply_step_expanded (last->model, step, history->world_limit,
                                                               &expanded, error);

      if (model == NULL)
        return FALSE;
      state = kv_state_new_for_model (model);
    }
  else
    {
      state = kv_state_apply_step (last->state, step, error);
      if (state == NULL)
        return FALSE;
      /* The symbolic engine expands a suggest inside; the history keeps
       * the same answers, given by the actual deal, for the rows and the
       * explanation. */
      if (step->kind == KV_STEP_SUGGEST)
        expanded = kv_suggest_expand_hands (step, history->game->deal);
    }
  g_ptr_array_add (history->entries, entry_new (step, state, expanded));
  return TRUE;
}

void
kv_history_truncate (KvHistory *history, guint index)
{
  g_return_if_fail (index < history->entries->len);
  g_ptr_array_set_size (history->entries, index + 1);
}

KvHistory *
kv_history_rerun (const KvHistory *history, KvGame *game, guint *n_kept, GError **error)
{
  g_autoptr(KvHistory) rerun = NULL;

  g_return_val_if_fail (history != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (game->n_agents == history->game->n_agents && game->n_cards == history->game->n_cards, NULL);

  /* A model read from a file is not made from the deals: no other deal
   * of it to start from. */
  if (history->given)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_GAME,
                           _("this history starts from a model read from a file, not from the game’s deals: "
                             "its deal cannot be changed"));
      return NULL;
    }
  rerun = kv_history_new_with_engine (game, history->engine, history->world_limit, error);
  if (rerun == NULL)
    return NULL;
  for (guint i = 1; i < kv_history_length (history); i++)
    {
      /* A step borrows its game, and a suggest is answered from the deal:
       * each step is read again, as written, against @game. */
      g_autofree char *line = kv_step_to_string (kv_history_get (history, i)->step);
      g_autoptr(KvStep) step = kv_step_parse (game, line, NULL, NULL);
      g_autoptr(GError) refused = NULL;

      if (step != NULL)
        kv_narration_copy (step, kv_history_get (history, i)->step);
      if (step != NULL && kv_history_push (rerun, step, &refused))
        continue;
      /* False at the new actual world: dropped. Too big is no answer. */
      if (g_error_matches (refused, KV_ERROR, KV_ERROR_LIMIT))
        {
          g_propagate_error (error, g_steal_pointer (&refused));
          return NULL;
        }
      break;
    }
  if (n_kept != NULL)
    *n_kept = kv_history_length (rerun) - 1;
  return g_steal_pointer (&rerun);
}

/* Every entry keeps its model, so a long script of steps that change little
 * (a thousand "nocard 1 w" on Clue) would hold a thousand copies: a script's
 * history holds at most this many times the world limit in all. */
#define HISTORY_LIMIT_FACTOR 8

gboolean
kv_history_run_steps (KvHistory *history, const KvScript *script, GError **error)
{
  g_autoptr(GError) inner = NULL;
  guint64 limit = (guint64) HISTORY_LIMIT_FACTOR
                  * (history->world_limit ? history->world_limit : KV_DEFAULT_WORLD_LIMIT);
  guint64 total = 0;

  g_return_val_if_fail (history != NULL && script != NULL, FALSE);
  g_return_val_if_fail (script->game == history->game, FALSE);

  /* Symbolic entries share their BDD nodes in one bounded table (kv-sym.h):
   * no total of theirs to hold. */
  for (guint i = 0; i < kv_history_length (history) && history->engine == KV_ENGINE_EXPLICIT; i++)
    total += kv_history_get (history, i)->model->n_worlds;
  for (guint i = 0; i < script->steps->len; i++)
    {
      if (kv_history_push (history, g_ptr_array_index (script->steps, i), &inner)
          && history->engine == KV_ENGINE_EXPLICIT)
        {
          total += kv_history_get (history, kv_history_length (history) - 1)->model->n_worlds;
          if (total > limit)
            g_set_error (&inner, KV_ERROR, KV_ERROR_LIMIT,
                         _("the history would hold %llu worlds in all, more than %llu"
                           " (%d times the limit of worlds per model)"),
                         (unsigned long long) total, (unsigned long long) limit, HISTORY_LIMIT_FACTOR);
        }
      if (inner != NULL)
        {
          g_set_error (error, KV_ERROR, inner->code, "%s:%u:1: error: %s", script->filename,
                       g_array_index (script->step_lines, guint, i), inner->message);
          return FALSE;
        }
    }
  return TRUE;
}

KvHistory *
kv_history_run_script (const KvScript *script, guint world_limit, GError **error)
{
  return kv_history_run_script_with_engine (script, KV_ENGINE_EXPLICIT, world_limit, error);
}

KvHistory *
kv_history_run_script_with_engine (const KvScript *script, KvEngineKind kind,
                                   guint world_limit, GError **error)
{
  g_autoptr(GError) inner = NULL;
  g_autoptr(KvHistory) history = kv_history_new_with_engine (script->game, kind, world_limit, &inner);

  if (history == NULL)
    {
      g_set_error (error, KV_ERROR, inner->code, "%s:1:1: error: %s", script->filename, inner->message);
      return NULL;
    }
  if (!kv_history_run_steps (history, script, error))
    return NULL;
  return g_steal_pointer (&history);
}
