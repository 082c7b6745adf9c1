// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session.c: the session — game, history, selected step */
#define G_LOG_DOMAIN "kv-session"
#include "config.h"

#include <string.h>

#include "kv-read.h"
#include "kv-session.h"
#include "kv-session-file.h"
#include "kv-turn.h"

#define DEFAULT_WORLD_LIMIT 2000000  /* as the schema's world-limit */

struct _KvSession
{
  GObject     parent_instance;

  char       *game_name;
  char       *game_path;
  KvHistory  *history;
  guint       step;
  guint       world_limit;
  KvUndo     *undo;         /* every edit's result, as session text */
  gboolean    undoing;      /* putting an undo state back: not an edit */
  /* Next turn's players: each agent's strategy (del for a new game), and
   * the seed its random choices start from (with the history's length). */
  const KvStrategy *strategies[KV_MAX_AGENTS];
  guint32     seed;
};

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
  N_PROPS
};

enum {
  GAME_CHANGED,
  STEPS_CHANGED,
  STEPS_REPLACED,
  STEPS_DELETED,
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

/* Appends to the history; FALSE with @error when nothing could be. */
typedef gboolean (*EditFunc) (KvHistory  *history,
                              gpointer    data,
                              GError    **error);

/* The session as an undo state: the session file's text, selection included. */
static char *
document (KvSession *self)
{
  return kv_session_file_to_text (self->history, self->game_name, self->step);
}

static void
record (KvSession  *self,
        const char *label)
{
  g_autofree char *text = NULL;

  if (self->undoing || self->history == NULL)
    return;
  text = document (self);
  if (self->undo == NULL)
    self->undo = kv_undo_new (label, text);
  else
    kv_undo_record (self->undo, label, text);
}

/* Puts the undo state @text in, as it was. */
static gboolean
restore (KvSession   *self,
         const char  *text,
         GError     **error)
{
  g_autofree char *name = NULL;
  guint selected = 0;
  KvHistory *history = kv_session_file_parse (text, self->game_name, self->world_limit,
                                              &name, &selected, error);

  if (history == NULL)
    return FALSE;
  self->undoing = TRUE;
  kv_session_set_history (self, history, name != NULL ? name : self->game_name, self->game_path, selected);
  self->undoing = FALSE;
  return TRUE;
}

/* The one place the history changes after a game is put in: drops the
 * entries after the selected step, runs @func to append, selects the last
 * entry, records the result for undo and says what changed. A refusal
 * (@func FALSE) changes nothing and says nothing. */
static gboolean
edit (KvSession  *self,
      EditFunc    func,
      gpointer    data,
      const char *label,
      GError    **error)
{
  GPtrArray *entries;
  g_autoptr(GPtrArray) later = g_ptr_array_new ();
  guint first, length_before;
  gboolean ok;

  g_return_val_if_fail (self->history != NULL, FALSE);

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
  record (self, label);
  g_signal_emit (self, signals[STEPS_CHANGED], 0, first);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  /* Nothing appended: the later steps were deleted, not replaced. */
  if (length_before > first)
    g_signal_emit (self, signals[kv_history_length (self->history) == first ? STEPS_DELETED : STEPS_REPLACED],
                   0, length_before - first);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

gboolean
kv_session_undo (KvSession  *self,
                 GError    **error)
{
  const char *text;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (self->undo == NULL || !kv_undo_can_undo (self->undo))
    return FALSE;
  text = kv_undo_undo (self->undo);
  if (restore (self, text, error))
    return TRUE;
  kv_undo_redo (self->undo);
  return FALSE;
}

gboolean
kv_session_redo (KvSession  *self,
                 GError    **error)
{
  const char *text;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  if (self->undo == NULL || !kv_undo_can_redo (self->undo))
    return FALSE;
  text = kv_undo_redo (self->undo);
  if (restore (self, text, error))
    return TRUE;
  kv_undo_undo (self->undo);
  return FALSE;
}

gboolean
kv_session_can_undo (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->undo != NULL && kv_undo_can_undo (self->undo);
}

gboolean
kv_session_can_redo (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  return self->undo != NULL && kv_undo_can_redo (self->undo);
}

char *
kv_session_undo_to_text (KvSession *self)
{
  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  return self->undo != NULL ? kv_undo_to_text (self->undo) : g_strdup ("");
}

void
kv_session_set_undo (KvSession *self,
                     KvUndo    *undo)
{
  g_return_if_fail (KV_IS_SESSION (self));
  g_clear_pointer (&self->undo, kv_undo_free);
  self->undo = undo;
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

  return edit (self, push_step, step, "Apply step", error);
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
  if (n_later == 0)
    return 0;
  if (!edit (self, append_nothing, NULL, "Delete later steps", NULL))
    g_return_val_if_reached (0);
  return n_later;
}

/* The random choices of the turn played after the history's @length
 * entries: the same history and seed play the same turn again. */
static GRand *
turn_rand (KvSession *self,
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
  g_autoptr(GRand) rand = turn_rand (self, kv_history_length (history));
  guint agent = 0;

  return kv_turn_play (history, self->strategies, rand, &agent, error) > 0;
}

static gboolean
play_to_end (KvHistory  *history,
             gpointer    data,
             GError    **error)
{
  KvSession *self = data;
  g_autoptr(GRand) rand = turn_rand (self, kv_history_length (history));

  /* A Clue 11 game between del players ends within a few rounds; the cap
   * only guards games nobody can win. */
  return kv_turn_play_to_end (history, self->strategies, rand, 300, error) > 0;
}

gboolean
kv_session_play_to_end (KvSession  *self,
                        GError    **error)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);

  return edit (self, play_to_end, self, "Play to the end", error);
}

gboolean
kv_session_next_turn (KvSession  *self,
                      GError    **error)
{
  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);

  return edit (self, play_turn, self, "Next turn", error);
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

  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->history, kv_history_free);
  self->history = history;
  self->step = MIN (selected, kv_history_length (history) - 1);
  g_free (self->game_name);
  self->game_name = g_strdup (name);
  g_free (self->game_path);
  self->game_path = g_strdup (path);

  /* A new game starts with del players (undo keeps the players). */
  if (!self->undoing)
    reset_strategies (self);

  /* Opening a game is an edit too: undo goes back to the one before.
   * Recorded before the signals, so the first autosave holds it. */
  record (self, "Open");
  g_signal_emit (self, signals[GAME_CHANGED], 0);
  g_signal_emit (self, signals[STEPS_CHANGED], 0, 0);
  for (guint prop = PROP_HISTORY; prop <= PROP_LENGTH; prop++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
kv_session_open (KvSession   *self,
                 const char  *name_or_path,
                 GError     **error)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  script = kv_script_open (name_or_path, error);
  if (script == NULL)
    return FALSE;
  history = kv_history_run_script (script, self->world_limit, error);
  if (history == NULL)
    return FALSE;

  basename = g_path_get_basename (name_or_path);
  if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  /* As kv_script_open tells a file from a built-in's name. */
  if (strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg"))
    path = g_canonicalize_filename (name_or_path, NULL);

  kv_session_set_history (self, g_steal_pointer (&history), basename, path, 0);
  return TRUE;
}

/* The line an error "FILE:LINE:COL: …" about @filename names, or 0. */
static guint
error_line (const GError *error,
            const char   *filename)
{
  const char *rest;
  guint64 line = 0;
  char *end = NULL;

  if (error == NULL || error->domain != KV_ERROR || !g_str_has_prefix (error->message, filename))
    return 0;
  rest = error->message + strlen (filename);
  if (*rest != ':')
    return 0;
  line = g_ascii_strtoull (rest + 1, &end, 10);
  if (end == rest + 1 || *end != ':' || line > G_MAXUINT)
    return 0;
  return (guint) line;
}

/* The length of the lines of @text before line @line (counted as the
 * script reader does: "\n", "\r\n" and "\r" each end a line). */
static gsize
lines_before (const char *text,
              gsize       length,
              guint       line)
{
  guint number = 1;
  gsize i = 0;

  while (i < length && number < line)
    {
      if (text[i] == '\r' && i + 1 < length && text[i + 1] == '\n')
        i++;
      if (text[i] == '\n' || text[i] == '\r')
        number++;
      i++;
    }
  return i;
}

/* The script of @path up to (not including) the line @error names, or NULL
 * when that does not read either (the header is what is wrong). */
static KvScript *
script_before_error (const char   *path,
                     const GError *error)
{
  guint line = error_line (error, path);
  g_autofree char *text = NULL;
  gsize length = 0;

  if (line <= 1)
    return NULL;
  text = kv_read_file (path, KV_READ_MAX_BYTES, KV_READ_IDLE_MS, &length, NULL);
  if (text == NULL)
    return NULL;
  return kv_script_parse (text, lines_before (text, length, line), path, NULL);
}

/* @script's steps before line @line, run; NULL when not even its initial
 * model is made. */
static KvHistory *
history_before_line (const KvScript *script,
                     guint           world_limit,
                     guint           line)
{
  g_autoptr(KvHistory) history = kv_history_new (script->game, world_limit, NULL);

  if (history == NULL)
    return NULL;
  for (guint i = 0; i < script->steps->len; i++)
    {
      if (g_array_index (script->step_lines, guint, i) >= line ||
          !kv_history_push (history, g_ptr_array_index (script->steps, i), NULL))
        break;
    }
  return g_steal_pointer (&history);
}

gboolean
kv_session_open_valid_steps (KvSession   *self,
                             const char  *name_or_path,
                             char       **problem,
                             guint       *problem_line,
                             GError     **error)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GError) bad = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *path = NULL;
  gboolean is_file;

  g_return_val_if_fail (KV_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);
  g_return_val_if_fail (problem != NULL && *problem == NULL, FALSE);

  /* As kv_script_open tells a file from a built-in's name. */
  is_file = strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg");
  script = kv_script_open (name_or_path, &bad);
  if (script == NULL)
    {
      /* A bad step: the steps before its line read on their own. */
      if (is_file && !g_str_equal (name_or_path, "-"))
        script = script_before_error (name_or_path, bad);
      if (script == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&bad));
          return FALSE;
        }
    }
  {
    g_autoptr(GError) refused = NULL;

    history = kv_history_run_script (script, self->world_limit, &refused);
    if (history == NULL)
      {
        guint line = error_line (refused, script->filename);

        /* A refused step (before any step that did not read). */
        if (line > 1)
          history = history_before_line (script, self->world_limit, line);
        if (history == NULL)
          {
            g_propagate_error (error, g_steal_pointer (&refused));
            return FALSE;
          }
        g_clear_error (&bad);
        bad = g_steal_pointer (&refused);
      }
  }

  basename = g_path_get_basename (name_or_path);
  if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';
  if (is_file)
    path = g_canonicalize_filename (name_or_path, NULL);

  kv_session_set_history (self, g_steal_pointer (&history), basename, path, 0);
  if (bad != NULL)
    {
      *problem = g_strdup (bad->message);
      if (problem_line != NULL)
        *problem_line = error_line (bad, name_or_path);
    }
  return TRUE;
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

char *
kv_session_to_script (KvSession *self)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();

  g_return_val_if_fail (KV_IS_SESSION (self), NULL);
  g_return_val_if_fail (self->history != NULL, NULL);

  for (guint i = 1; i < kv_history_length (self->history); i++)
    g_ptr_array_add (steps, kv_history_get (self->history, i)->step);
  return kv_script_to_text (self->history->game, steps);
}

static void
kv_session_finalize (GObject *object)
{
  KvSession *self = KV_SESSION (object);

  g_clear_pointer (&self->history, kv_history_free);
  g_clear_pointer (&self->undo, kv_undo_free);
  g_free (self->game_name);
  g_free (self->game_path);

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
}

static void
kv_session_init (KvSession *self)
{
  self->world_limit = DEFAULT_WORLD_LIMIT;
  self->seed = g_random_int ();
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    self->strategies[a] = kv_strategy_find ("del");
}

KvSession *
kv_session_new (void)
{
  return g_object_new (KV_TYPE_SESSION, NULL);
}
