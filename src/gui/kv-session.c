// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session.c: the session — game, history, selected step */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"


#include "kv-draw-enums.h"
#include "kv-session-private.h"
#include "kv-session-file.h"
#include "kv-turn.h"

#define DEFAULT_WORLD_LIMIT 2000000  /* as the schema's world-limit */


G_DEFINE_FINAL_TYPE (KvSession, kv_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HISTORY,
  PROP_GAME_NAME,
  PROP_GAME_PATH,
  PROP_STEP,
  PROP_LENGTH,
  PROP_WORLD_LIMIT,
  PROP_STRATEGIES,
  PROP_SEED,
  PROP_MODEL,
  PROP_STATE,
  PROP_FORMULA,
  PROP_VIEW,
  PROP_HIDDEN_AGENTS,
  PROP_PERSPECTIVE,
  PROP_PLAYING,
  PROP_PLAYED_TURNS,
  N_PROPS
};

enum {
  GAME_CHANGED,
  STEPS_CHANGED,
  STEPS_REPLACED,
  STEPS_DELETED,
  DEAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_step (KvSession *self,
          guint      step)
{
  if (self->step == step)
    return;
  self->step = step;
  /* The model first: widgets bound to it are up to date when "step" says
   * the selection moved. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
_kv_session_edit (KvSession         *self,
                  KvSessionEditFunc  func,
                  gpointer           data,
                  const char        *label,
                  GError           **error)
{
  GPtrArray *entries;
  g_autoptr(GPtrArray) later = g_ptr_array_new ();
  guint first, length_before;
  gboolean ok;

  g_return_val_if_fail (self->history != NULL, FALSE);
  if (_kv_session_refuse_busy (self, error))
    return FALSE;

  entries = self->history->entries;
  first = self->step + 1;
  length_before = kv_history_length (self->history);

  /* The entries after the selected step are taken out, not freed: a
   * refused step puts them back as they were, and nothing is said (no
   * signal, no notify), so the window, its formula, its selection and the
   * autosave stay as they were. */
  for (guint i = first; i < length_before; i++)
    g_ptr_array_add (later, g_ptr_array_index (entries, i));
  while (entries->len > first)
    g_ptr_array_steal_index (entries, entries->len - 1);
  ok = func (self->history, data, error);
  if (!ok)
    {
      kv_history_truncate (self->history, self->step);
      for (guint i = 0; i < later->len; i++)
        g_ptr_array_add (entries, g_ptr_array_index (later, i));
      g_assert (kv_history_length (self->history) == length_before);
      return FALSE;
    }
  /* Kept: the entries replaced are freed (undo has their text), by the
   * history's own free function. */
  {
    guint length = kv_history_length (self->history);

    for (guint i = 0; i < later->len; i++)
      g_ptr_array_add (entries, g_ptr_array_index (later, i));
    g_ptr_array_remove_range (entries, length, later->len);
  }

  g_object_freeze_notify (G_OBJECT (self));
  set_step (self, kv_history_length (self->history) - 1);
  _kv_session_record (self, label);
  g_signal_emit (self, signals[STEPS_CHANGED], 0, first);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  /* Nothing appended: the later steps were deleted, not replaced. */
  if (length_before > first)
    g_signal_emit (self, signals[kv_history_length (self->history) == first ? STEPS_DELETED : STEPS_REPLACED],
                   0, length_before - first);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

static gboolean
push_step (KvHistory  *history,
           gpointer    step,
           GError    **error)
{
  return kv_history_push (history, step, error);
}

gboolean
kv_session_apply_step (KvSession  *self,
                       KvStep     *step,
                       GError    **error)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  return _kv_session_edit (self, push_step, step, "Apply step", error);
}

/* Appends nothing: edit () has taken the later steps out already. */
static gboolean
append_nothing (KvHistory  *history,
                gpointer    data,
                GError    **error)
{
  return TRUE;
}

guint
kv_session_delete_later_steps (KvSession *self)
{
  guint n_later;

  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  if (self->history == NULL)
    return 0;
  n_later = kv_history_length (self->history) - 1 - self->step;
  if (n_later == 0 || _kv_session_refuse_busy (self, NULL))
    return 0;
  if (!_kv_session_edit (self, append_nothing, NULL, "Delete later steps", NULL))
    g_return_val_if_reached (0);
  return n_later;
}

GRand *
_kv_session_turn_rand (KvSession *self,
                       guint      length)
{
  return g_rand_new_with_seed (self->seed + length);
}

static gboolean
play_turn (KvHistory  *history,
           gpointer    data,
           GError    **error)
{
  KvSession *self = data;
  g_autoptr(GRand) rand = _kv_session_turn_rand (self, kv_history_length (history));
  guint agent = 0;

  return kv_turn_play (history, self->strategies, rand, &agent, error) > 0;
}

gboolean
kv_session_next_turn (KvSession  *self,
                      GError    **error)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);

  return _kv_session_edit (self, play_turn, self, "Next turn", error);
}

static void
reset_strategies (KvSession *self)
{
  const KvStrategy *del = kv_strategy_find ("del");
  gboolean changed = FALSE;

  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    {
      changed |= self->strategies[a] != del;
      self->strategies[a] = del;
    }
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRATEGIES]);
}

const char *
kv_session_get_strategy (KvSession *self,
                         guint      agent)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  g_return_val_if_fail (agent < KV_MAX_AGENTS, NULL);
  return self->strategies[agent]->name;
}

gboolean
kv_session_set_strategy (KvSession  *self,
                         guint       agent,
                         const char *name)
{
  const KvStrategy *strategy;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (agent < KV_MAX_AGENTS, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  strategy = kv_strategy_find (name);
  if (strategy == NULL)
    return FALSE;
  if (self->strategies[agent] != strategy)
    {
      self->strategies[agent] = strategy;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRATEGIES]);
    }
  return TRUE;
}

const KvStrategy *const *
kv_session_get_strategies (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->strategies;
}

guint32
kv_session_get_seed (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->seed;
}

void
kv_session_set_seed (KvSession *self,
                     guint32    seed)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (self->seed == seed)
    return;
  self->seed = seed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
}

void
kv_session_set_history (KvSession  *self,
                        KvHistory  *history,
                        const char *name,
                        const char *path,
                        guint       selected)
{
  g_return_if_fail (KV_IS_SESSION (self));
  g_return_if_fail (history != NULL);

  /* Another game: turns still playing on the one before (Next turn, Play
   * to the end) are stopped, and keep nothing (kv-session-play.c). */
  kv_session_cancel_play (self);
  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->history, kv_history_free);
  self->history = history;
  self->step = MIN (selected, kv_history_length (history) - 1);
  /* Copied before they are freed: undo passes the session's own. */
  {
    char *new_name = g_strdup (name);
    char *new_path = g_strdup (path);

    g_free (self->game_name);
    self->game_name = new_name;
    g_free (self->game_path);
    self->game_path = new_path;
  }

  /* A new game starts with del players, no formula and every agent's links
   * shown (undo keeps what the user chose). */
  if (!self->undoing)
    {
      reset_strategies (self);
      kv_session_set_formula (self, "");
      kv_session_set_hidden_agents (self, 0);
      kv_session_set_perspective (self, "");
    }

  /* Opening a game is an edit too: undo goes back to the one before.
   * Recorded before the signals, so the first autosave holds it. */
  _kv_session_record (self, "Open");
  g_signal_emit (self, signals[GAME_CHANGED], 0);
  g_signal_emit (self, signals[STEPS_CHANGED], 0, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  for (guint prop = PROP_HISTORY; prop <= PROP_LENGTH; prop++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  g_object_thaw_notify (G_OBJECT (self));
}

KvHistory *
kv_session_get_history (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->history;
}

const char *
kv_session_get_game_name (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->game_name;
}

const char *
kv_session_get_game_path (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->game_path;
}

guint
kv_session_get_step (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->step;
}

const KvHistoryEntry *
kv_session_get_entry (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  if (self->history == NULL)
    return NULL;
  return kv_history_get (self->history, self->step);
}

void
kv_session_select_step (KvSession *self,
                        guint      index)
{
  g_return_if_fail (KV_IS_SESSION (self));
  g_return_if_fail (self->history != NULL);
  g_return_if_fail (index < kv_history_length (self->history));

  set_step (self, index);
}

gboolean
kv_session_back (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (self->history == NULL || self->step == 0)
    return FALSE;
  set_step (self, self->step - 1);
  return TRUE;
}

gboolean
kv_session_forward (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (self->history == NULL || self->step + 1 >= kv_history_length (self->history))
    return FALSE;
  set_step (self, self->step + 1);
  return TRUE;
}

guint
kv_session_get_world_limit (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->world_limit;
}

void
kv_session_set_world_limit (KvSession *self,
                            guint      world_limit)
{
  g_return_if_fail (KV_IS_SESSION (self));

  if (self->history != NULL)
    self->history->world_limit = world_limit;
  if (self->world_limit == world_limit)
    return;
  self->world_limit = world_limit;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORLD_LIMIT]);
}

KvModel *
kv_session_get_model (KvSession *self)
{
  const KvHistoryEntry *entry;

  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  entry = kv_session_get_entry (self);
  return entry != NULL ? entry->model : NULL;
}

KvState *
kv_session_get_state (KvSession *self)
{
  const KvHistoryEntry *entry;

  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  entry = kv_session_get_entry (self);
  return entry != NULL ? entry->state : NULL;
}

gboolean
kv_session_is_symbolic (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->history != NULL && self->history->engine == KV_ENGINE_SYMBOLIC;
}

const char *
kv_session_get_formula (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->formula;
}

void
kv_session_set_formula (KvSession  *self,
                        const char *formula)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (formula == NULL)
    formula = "";
  if (g_strcmp0 (self->formula, formula) == 0)
    return;
  g_free (self->formula);
  self->formula = g_strdup (formula);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMULA]);
}

KvViewKind
kv_session_get_view (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), KV_VIEW_AUTO);
  return self->view;
}

void
kv_session_set_view (KvSession  *self,
                     KvViewKind  view)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (self->view == view)
    return;
  self->view = view;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

guint
kv_session_get_hidden_agents (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), 0);
  return self->hidden_agents;
}

void
kv_session_set_hidden_agents (KvSession *self,
                              guint      hidden_agents)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (self->hidden_agents == hidden_agents)
    return;
  self->hidden_agents = hidden_agents;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDDEN_AGENTS]);
}

const char *
kv_session_get_perspective (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->perspective;
}

void
kv_session_set_perspective (KvSession  *self,
                            const char *perspective)
{
  g_return_if_fail (KV_IS_SESSION (self));
  if (perspective == NULL)
    perspective = "";
  if (g_strcmp0 (self->perspective, perspective) == 0)
    return;
  g_free (self->perspective);
  self->perspective = g_strdup (perspective);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PERSPECTIVE]);
}

void
_kv_session_set_play (KvSession *self,
                      GTask     *play)
{
  gboolean changed = (self->play != NULL) != (play != NULL);

  self->play = play;
  if (play != NULL)
    _kv_session_set_played_turns (self, 0);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
_kv_session_set_played_turns (KvSession *self,
                              guint      turns)
{
  if (self->played_turns == turns)
    return;
  self->played_turns = turns;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYED_TURNS]);
}

char *
kv_session_to_script (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  g_return_val_if_fail (self->history != NULL, NULL);

  return kv_session_file_to_script (self->history);
}

static void
kv_session_finalize (GObject *object)
{
  KvSession *self = KV_SESSION (object);

  g_clear_pointer (&self->history, kv_history_free);
  g_clear_pointer (&self->undo, kv_undo_free);
  g_clear_pointer (&self->models, g_hash_table_unref);
  g_free (self->game_name);
  g_free (self->game_path);
  g_free (self->formula);
  g_free (self->perspective);

  G_OBJECT_CLASS (kv_session_parent_class)->finalize (object);
}

static void
kv_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  KvSession *self = KV_SESSION (object);

  switch (prop_id)
    {
    case PROP_HISTORY:
      g_value_set_pointer (value, self->history);
      break;
    case PROP_GAME_NAME:
      g_value_set_string (value, self->game_name);
      break;
    case PROP_GAME_PATH:
      g_value_set_string (value, self->game_path);
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_LENGTH:
      g_value_set_uint (value, self->history != NULL ? kv_history_length (self->history) : 0);
      break;
    case PROP_WORLD_LIMIT:
      g_value_set_uint (value, self->world_limit);
      break;
    case PROP_STRATEGIES:
      {
        GStrv names = g_new0 (char *, KV_MAX_AGENTS + 1);

        for (guint a = 0; a < KV_MAX_AGENTS; a++)
          names[a] = g_strdup (self->strategies[a]->name);
        g_value_take_boxed (value, names);
      }
      break;
    case PROP_SEED:
      g_value_set_uint (value, self->seed);
      break;
    case PROP_MODEL:
      g_value_set_boxed (value, kv_session_get_model (self));
      break;
    case PROP_STATE:
      g_value_set_boxed (value, kv_session_get_state (self));
      break;
    case PROP_FORMULA:
      g_value_set_string (value, self->formula);
      break;
    case PROP_VIEW:
      g_value_set_enum (value, self->view);
      break;
    case PROP_HIDDEN_AGENTS:
      g_value_set_uint (value, self->hidden_agents);
      break;
    case PROP_PERSPECTIVE:
      g_value_set_string (value, self->perspective);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->play != NULL);
      break;
    case PROP_PLAYED_TURNS:
      g_value_set_uint (value, self->played_turns);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  KvSession *self = KV_SESSION (object);

  switch (prop_id)
    {
    case PROP_STEP:
      if (self->history != NULL && g_value_get_uint (value) < kv_history_length (self->history))
        set_step (self, g_value_get_uint (value));
      break;
    case PROP_WORLD_LIMIT:
      kv_session_set_world_limit (self, g_value_get_uint (value));
      break;
    case PROP_SEED:
      kv_session_set_seed (self, g_value_get_uint (value));
      break;
    case PROP_FORMULA:
      kv_session_set_formula (self, g_value_get_string (value));
      break;
    case PROP_VIEW:
      kv_session_set_view (self, g_value_get_enum (value));
      break;
    case PROP_HIDDEN_AGENTS:
      kv_session_set_hidden_agents (self, g_value_get_uint (value));
      break;
    case PROP_PERSPECTIVE:
      kv_session_set_perspective (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_session_class_init (KvSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = kv_session_finalize;
  object_class->get_property = kv_session_get_property;
  object_class->set_property = kv_session_set_property;

  properties[PROP_HISTORY] = g_param_spec_pointer ("history", NULL, NULL, ro);
  properties[PROP_GAME_NAME] = g_param_spec_string ("game-name", NULL, NULL, NULL, ro);
  properties[PROP_GAME_PATH] = g_param_spec_string ("game-path", NULL, NULL, NULL, ro);
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_LENGTH] = g_param_spec_uint ("length", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_WORLD_LIMIT] = g_param_spec_uint ("world-limit", NULL, NULL,
                                                    1, G_MAXUINT, DEFAULT_WORLD_LIMIT, rw);
  /* Each agent's strategy name, KV_MAX_AGENTS of them. */
  properties[PROP_STRATEGIES] = g_param_spec_boxed ("strategies", NULL, NULL, G_TYPE_STRV, ro);
  properties[PROP_SEED] = g_param_spec_uint ("seed", NULL, NULL, 0, G_MAXUINT32, 0, rw);
  /* The selected step's model (NULL before a game). */
  properties[PROP_MODEL] = g_param_spec_boxed ("model", NULL, NULL, KV_TYPE_MODEL, ro);
  /* The selected step's state on either engine (NULL before a game): a
   * symbolic game's steps have no model. */
  properties[PROP_STATE] = g_param_spec_boxed ("state", NULL, NULL, KV_TYPE_STATE, ro);
  /* The formula checked at the selected step ("" for none); a new game
   * empties it. */
  properties[PROP_FORMULA] = g_param_spec_string ("formula", NULL, NULL, "", rw);
  properties[PROP_VIEW] = g_param_spec_enum ("view", NULL, NULL, KV_TYPE_VIEW_KIND, KV_VIEW_AUTO, rw);
  /* A bit per agent whose links are not drawn; a new game shows them all. */
  properties[PROP_HIDDEN_AGENTS] = g_param_spec_uint ("hidden-agents", NULL, NULL, 0, G_MAXUINT, 0, rw);
  /* An agent's perspective, "1" or "1>2" (kv-perspective.h); a new game has none. */
  properties[PROP_PERSPECTIVE] = g_param_spec_string ("perspective", NULL, NULL, "", rw);
  /* Turns are playing on the worker (Next turn, Play to the end), and the
   * turns played so far (kv-session-play.c). */
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, ro);
  properties[PROP_PLAYED_TURNS] = g_param_spec_uint ("played-turns", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[GAME_CHANGED] = g_signal_new ("game-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
  signals[STEPS_CHANGED] = g_signal_new ("steps-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[STEPS_REPLACED] = g_signal_new ("steps-replaced", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[STEPS_DELETED] = g_signal_new ("steps-deleted", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_UINT);
  /* kv_session_set_deal: the number of steps dropped (0: all kept). */
  signals[DEAL_CHANGED] = g_signal_new ("deal-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
kv_session_init (KvSession *self)
{
  self->world_limit = DEFAULT_WORLD_LIMIT;
  self->seed = g_random_int ();
  self->models = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kv_model_unref);
  self->formula = g_strdup ("");
  self->perspective = g_strdup ("");
  self->view = KV_VIEW_AUTO;
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    self->strategies[a] = kv_strategy_find ("del");
}

KvSession *
kv_session_new (void)
{
  return g_object_new (KV_TYPE_SESSION, NULL);
}

gboolean
kv_session_set_deal (KvSession     *self,
                     const KvHand  *deal,
                     GError       **error)
{
  const KvGame *game;
  g_autoptr(KvGame) dealt = NULL;
  KvHistory *history;
  guint n_steps, n_kept = 0;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (deal != NULL, FALSE);
  g_return_val_if_fail (self->history != NULL, FALSE);
  if (_kv_session_refuse_busy (self, error))
    return FALSE;

  game = self->history->game;
  if (!kv_game_validate_deal (game, deal, error))
    return FALSE;
  if (kv_game_deal_equal (game, deal, game->deal))
    return TRUE;

  dealt = kv_game_copy_with_deal (game, deal);
  history = kv_history_rerun (self->history, dealt, &n_kept, error);
  if (history == NULL)
    return FALSE;
  n_steps = kv_history_length (self->history) - 1;

  /* Undo comes back to the step selected now, not the one selected when
   * the state before was recorded. */
  _kv_session_amend (self);

  /* Another game object (its steps and models borrow it): as a game put
   * in, but the same players and strategies, the same step selected. */
  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->history, kv_history_free);
  self->history = history;
  set_step (self, MIN (self->step, n_kept));
  _kv_session_record (self, "Change Deal");
  g_signal_emit (self, signals[GAME_CHANGED], 0);
  g_signal_emit (self, signals[STEPS_CHANGED], 0, 0);
  /* Every model is new, the selected step's too, even where the step stays. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
  if (n_kept != n_steps)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  g_signal_emit (self, signals[DEAL_CHANGED], 0, n_steps - n_kept);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}
