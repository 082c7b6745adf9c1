// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-state.c: the back-end-neutral engine API (see kv-state.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "kv-state.h"
#include "kv-check.h"
#include "kv-error.h"
#include "kv-product-update.h"

/* Exactly one of @model and @sym is set. */
struct _KvState {
  gatomicrefcount ref;
  KvModel *model;
  KvSym   *sym;
  guint    world_limit;
  KvKnowledge *knowledge;   /* read out on demand (kv_state_knowledge) */
};

static const char *engine_names[] = { "auto", "explicit", "symbolic" };

gboolean
kv_engine_parse (const char *text, KvEngineKind *kind, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (engine_names); i++)
    if (g_strcmp0 (text, engine_names[i]) == 0)
      {
        *kind = (KvEngineKind) i;
        return TRUE;
      }
  g_set_error (error, KV_ERROR, KV_ERROR_NAME,
               _("unknown engine “%s” (auto, explicit or symbolic)"), text);
  return FALSE;
}

const char *
kv_engine_name (KvEngineKind kind)
{
  return engine_names[kind];
}

gboolean
kv_engine_from_env (KvEngineKind *kind, GError **error)
{
  const char *text = g_getenv ("KRIPKEVIZ_ENGINE");

  *kind = KV_ENGINE_AUTO;
  return text == NULL || *text == '\0' || kv_engine_parse (text, kind, error);
}

/* Takes @model or @sym. */
static KvState *
state_new (KvModel *model, KvSym *sym, guint world_limit)
{
  KvState *state = g_new0 (KvState, 1);

  g_atomic_ref_count_init (&state->ref);
  state->model = model;
  state->sym = sym;
  state->world_limit = world_limit;
  return state;
}

KvState *
kv_state_new_initial (KvGame *game, KvEngineKind kind, guint world_limit, GError **error)
{
  guint limit = world_limit ? world_limit : KV_DEFAULT_WORLD_LIMIT;

  if (kind == KV_ENGINE_AUTO)
    kind = kv_game_count_deals (game) <= limit ? KV_ENGINE_EXPLICIT : KV_ENGINE_SYMBOLIC;
  if (kind == KV_ENGINE_EXPLICIT)
    {
      KvModel *model = kv_model_new_initial (game, world_limit, error);
      return model ? state_new (model, NULL, world_limit) : NULL;
    }
  else
    {
      KvSym *sym = kv_sym_new_initial (game, error);
      return sym ? state_new (NULL, sym, world_limit) : NULL;
    }
}

KvState *
kv_state_new_for_model (KvModel *model)
{
  return state_new (kv_model_ref (model), NULL, 0);
}

KvState *
kv_state_apply_step (KvState *state, const KvStep *step, GError **error)
{
  if (state->model != NULL)
    {
      KvModel *model = kv_model_apply_step (state->model, step, state->world_limit, error);
      return model ? state_new (model, NULL, state->world_limit) : NULL;
    }
  else
    {
      KvSym *sym = kv_sym_apply_step (state->sym, step, error);
      return sym ? state_new (NULL, sym, state->world_limit) : NULL;
    }
}

gboolean
kv_state_check_actual (KvState *state, const KvFormula *f, gboolean *value, GError **error)
{
  if (state->model != NULL)
    return kv_check_actual (state->model, f, value, error);
  return kv_sym_check_actual (state->sym, f, value, error);
}

KvEngineKind
kv_state_engine (const KvState *state)
{
  return state->model != NULL ? KV_ENGINE_EXPLICIT : KV_ENGINE_SYMBOLIC;
}

KvGame *
kv_state_game (const KvState *state)
{
  return state->model != NULL ? state->model->game : kv_sym_game (state->sym);
}

guint64
kv_state_count_worlds (const KvState *state)
{
  return state->model != NULL ? state->model->n_worlds : kv_sym_count_worlds (state->sym);
}

guint64
kv_state_count_removed (const KvState *before, const KvState *after)
{
  g_return_val_if_fail (before->sym != NULL && after->sym != NULL, 0);

  return kv_sym_count_removed_deals (before->sym, after->sym);
}

const KvKnowledge *
kv_state_knowledge (KvState *state)
{
  if (state->knowledge == NULL)
    state->knowledge = state->model != NULL ? kv_knowledge_new (state->model, state->model->actual)
                                            : kv_sym_knowledge (state->sym);
  return state->knowledge;
}

KvModel *
kv_state_model (const KvState *state)
{
  return state->model;
}

KvState *
kv_state_ref (KvState *state)
{
  g_atomic_ref_count_inc (&state->ref);
  return state;
}

void
kv_state_unref (KvState *state)
{
  if (state == NULL || !g_atomic_ref_count_dec (&state->ref))
    return;
  g_clear_pointer (&state->model, kv_model_unref);
  g_clear_pointer (&state->sym, kv_sym_unref);
  g_clear_pointer (&state->knowledge, kv_knowledge_free);
  g_free (state);
}
