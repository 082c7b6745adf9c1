// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-state.c: the back-end-neutral engine API (see kv-state.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kv-state.h"
#include "kv-probability.h"
#include "kv-check.h"
#include "kv-error.h"
#include "kv-i18n.h"
#include "kv-product-update-private.h"
#include "kv-explicit-knowledge.h"

/* Exactly one of @model and @sym is set. */
struct _KvState {
  gatomicrefcount ref;
  KvModel *model;
  KvSym   *sym;
  KvKnowledge *knowledge;   /* read out on demand (kv_state_knowledge) */
  KvEnvelopeLinks *envelope_links;  /* read out on demand, kept: a step seen again draws at once */
};

G_DEFINE_BOXED_TYPE (KvState, kv_state, kv_state_ref, kv_state_unref)

/* BuDDy is one process-wide library (one node table, one operation cache,
 * one error hook) and not thread safe, while the window steps its game on
 * the main thread and a tournament plays on a worker. Every call into the
 * symbolic engine goes through this file and holds this lock for that call
 * only — never across a game — so neither side waits longer than the
 * other's step. Between calls every BDD a KvSym keeps is referenced, so a
 * garbage collection run by the other thread frees none of them. Recursive:
 * kv_state_why_false reaches kv_state_knowledge and kv_state_check_actual.
 * Explicit states do not take it. A static GRecMutex needs no init. */
static GRecMutex sym_lock;

/* The lock, held until the returned locker is freed (g_autoptr), when
 * @state is symbolic; NULL (nothing held) when it is explicit. */
static GRecMutexLocker *
sym_locker (const KvState *state)
{
  return state->sym != NULL ? g_rec_mutex_locker_new (&sym_lock) : NULL;
}

static const char *engine_names[] = { "auto", "explicit", "symbolic" };

gboolean
kv_engine_parse (const char *text, KvEngineKind *kind, GError **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *choices = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (engine_names); i++)
    if (g_strcmp0 (text, engine_names[i]) == 0)
      {
        *kind = (KvEngineKind) i;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (engine_names); i++)
    g_ptr_array_add (names, (char *) engine_names[i]);
  choices = kv_i18n_choices (names);
  /* TRANSLATORS: the second %s lists the engines: "auto, explicit or symbolic" */
  g_set_error (error, KV_ERROR, KV_ERROR_NAME, _("unknown engine “%s” (%s)"), text, choices);
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
state_new (KvModel *model, KvSym *sym)
{
  KvState *state = g_new0 (KvState, 1);

  g_atomic_ref_count_init (&state->ref);
  state->model = model;
  state->sym = sym;
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
      return model ? state_new (model, NULL) : NULL;
    }
  else
    {
      g_autoptr(GRecMutexLocker) locker = g_rec_mutex_locker_new (&sym_lock);
      KvSym *sym = kv_sym_new_initial (game, error);

      return sym ? state_new (NULL, sym) : NULL;
    }
}

KvState *
kv_state_new_for_model (KvModel *model)
{
  return state_new (kv_model_ref (model), NULL);
}

KvState *
kv_state_apply_step (KvState *state, const KvStep *step, GError **error)
{
  if (state->model != NULL)
    {
      /* The model keeps the world limit it was made with. */
      KvModel *model = kv_model_apply_step (state->model, step, 0, error);
      return model ? state_new (model, NULL) : NULL;
    }
  else
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);
      KvSym *sym = kv_sym_apply_step (state->sym, step, error);

      return sym ? state_new (NULL, sym) : NULL;
    }
}

gboolean
kv_state_check_actual (KvState *state, const KvFormula *f, gboolean *value, GError **error)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  if (state->model != NULL)
    return kv_check_actual (state->model, f, value, error);
  locker = sym_locker (state);
  return kv_sym_check_actual (state->sym, f, value, error);
}

gboolean
kv_state_check_count (KvState *state, const KvFormula *f, gboolean *value, guint64 *n_true, GError **error)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  if (state->model != NULL)
    {
      g_autoptr(KvBits) worlds = kv_check_worlds (state->model, f, error);

      if (worlds == NULL)
        return FALSE;
      *value = kv_bits_get (worlds, state->model->actual);
      *n_true = kv_bits_count (worlds);
      return TRUE;
    }
  locker = sym_locker (state);
  return kv_sym_check_count (state->sym, f, value, n_true, error);
}

static gboolean
check_state (gpointer state, const KvFormula *f, gboolean *value, GError **error)
{
  return kv_state_check_actual (state, f, value, error);
}

char *
kv_state_why_false (KvState *state, const KvStep *step)
{
  KvGame *game;
  gboolean wins = FALSE;
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (state != NULL && step != NULL, NULL);

  if (state->model != NULL)
    return kv_step_why_false (state->model, step);
  /* Symbolic: the actual world is the game's deal. One call, one hold. */
  locker = sym_locker (state);
  game = kv_sym_game (state->sym);
  if (step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_WIN)
    wins = (kv_state_knowledge (state)->winners & (1u << step->agent)) != 0;
  return kv_step_why_false_at (game, game->deal, wins, check_state, state, step);
}

KvEngineKind
kv_state_engine (const KvState *state)
{
  return state->model != NULL ? KV_ENGINE_EXPLICIT : KV_ENGINE_SYMBOLIC;
}

KvGame *
kv_state_game (const KvState *state)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  if (state->model != NULL)
    return state->model->game;
  locker = sym_locker (state);
  return kv_sym_game (state->sym);
}

guint64
kv_state_count_worlds (const KvState *state)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  if (state->model != NULL)
    return state->model->n_worlds;
  locker = sym_locker (state);
  return kv_sym_count_worlds (state->sym);
}

guint64
kv_state_count_removed (const KvState *before, const KvState *after)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (before->sym != NULL && after->sym != NULL, 0);

  locker = sym_locker (before);
  return kv_sym_count_removed_deals (before->sym, after->sym);
}

GPtrArray *
kv_state_removed_deal_labels (const KvState *before, const KvState *after, guint most)
{
  g_autoptr(GRecMutexLocker) locker = NULL;
  g_autoptr(GArray) deals = NULL;
  const KvGame *game;
  GPtrArray *labels;
  guint n_owners;

  g_return_val_if_fail (before->sym != NULL && after->sym != NULL, NULL);

  locker = sym_locker (before);
  deals = kv_sym_removed_deals (before->sym, after->sym, most);
  if (deals == NULL)
    return NULL;
  game = kv_sym_game (before->sym);
  n_owners = kv_game_n_owners (game);
  labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < deals->len; i += n_owners)
    g_ptr_array_add (labels, kv_game_deal_label (game, &g_array_index (deals, KvHand, i)));
  return labels;
}

const KvKnowledge *
kv_state_knowledge (KvState *state)
{
  /* Symbolic: the read-out under the lock, and so is the test, so two
   * threads asking one state read it out once. */
  g_autoptr(GRecMutexLocker) locker = sym_locker (state);

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
  if (state->sym != NULL)
    {
      /* The last unref of a KvSym drops its BDDs' references. */
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      g_clear_pointer (&state->sym, kv_sym_unref);
    }
  g_clear_pointer (&state->knowledge, kv_knowledge_free);
  g_clear_pointer (&state->envelope_links, kv_envelope_links_unref);
  g_free (state);
}

/* --- what one agent considers possible (kv-state.h) ------------------- */

GArray *
kv_state_envelopes (KvState *state, guint agent)
{
  const KvModel *model = state->model;
  g_autoptr(KvBits) cls = NULL;

  g_return_val_if_fail (agent < kv_state_game (state)->n_agents, NULL);

  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      return kv_sym_envelopes (state->sym, (int) agent);
    }
  cls = kv_model_class_of (model, agent, model->actual);
  return kv_model_envelopes (model, cls);
}

double *
kv_state_probabilities (KvState *state, guint agent)
{
  g_return_val_if_fail (agent < kv_state_game (state)->n_agents, NULL);

  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      return kv_sym_probabilities (state->sym, agent);
    }
  return kv_probabilities_new (state->model, agent, state->model->actual);
}

GArray *
kv_state_all_envelopes (KvState *state)
{
  g_return_val_if_fail (state != NULL, NULL);

  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      return kv_sym_envelopes (state->sym, -1);
    }
  return kv_model_envelopes (state->model, NULL);
}

GArray *
kv_state_common_envelopes (KvState *state)
{
  const KvModel *model = state->model;
  g_autoptr(KvBits) component = NULL;

  g_return_val_if_fail (state != NULL, NULL);

  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      return kv_sym_common_envelopes (state->sym);
    }
  component = kv_model_component (model, (1u << model->game->n_agents) - 1, model->actual);
  return kv_model_envelopes (model, component);
}

KvStatePerspective *
kv_state_perspective (KvState *state, const guint *chain, guint n_chain)
{
  KvGame *game;
  KvStatePerspective *out;

  g_return_val_if_fail (state != NULL && chain != NULL, NULL);
  g_return_val_if_fail (n_chain >= 1 && n_chain <= KV_PERSPECTIVE_MAX, NULL);
  game = kv_state_game (state);
  for (guint i = 0; i < n_chain; i++)
    g_return_val_if_fail (chain[i] < game->n_agents, NULL);

  out = g_new0 (KvStatePerspective, 1);
  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);
      KvPerspective p = { 0 };

      p.possible = g_new0 (guint32, MAX (game->n_cards, 1));
      out->envelopes = kv_sym_perspective (state->sym, chain, n_chain, &p);
      out->n_worlds = p.class_size;
      out->owners = p.possible;
    }
  else
    {
      g_autoptr(KvBits) worlds = kv_perspective_worlds (state->model, state->model->actual, chain, n_chain);

      out->n_worlds = kv_bits_count (worlds);
      out->owners = kv_perspective_owners (state->model, worlds);
      out->envelopes = kv_model_envelopes (state->model, worlds);
    }
  return out;
}

void
kv_state_perspective_free (KvStatePerspective *perspective)
{
  if (perspective == NULL)
    return;
  g_free (perspective->owners);
  g_clear_pointer (&perspective->envelopes, g_array_unref);
  g_free (perspective);
}

guint64
kv_state_count_agent_worlds (KvState *state, guint agent)
{
  g_autoptr(KvBits) cls = NULL;

  g_return_val_if_fail (agent < kv_state_game (state)->n_agents, 0);

  if (state->sym != NULL)
    {
      g_autoptr(GRecMutexLocker) locker = sym_locker (state);

      return kv_sym_count_agent_worlds (state->sym, agent);
    }
  cls = kv_model_class_of (state->model, agent, state->model->actual);
  return kv_bits_count (cls);
}

KvEnvelopeLinks *
kv_state_envelope_links (KvState *state, GError **error)
{
  g_return_val_if_fail (state != NULL, NULL);

  /* Under the lock, test included: two threads asking one state read it out once. */
  g_autoptr(GRecMutexLocker) locker = sym_locker (state);

  if (state->envelope_links == NULL)
    state->envelope_links = state->sym != NULL ? kv_envelope_links_new_for_sym (state->sym, error)
                                               : kv_envelope_links_new_for_model (state->model);
  return state->envelope_links != NULL ? kv_envelope_links_ref (state->envelope_links) : NULL;
}
