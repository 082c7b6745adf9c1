// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-lesson.h"

static void
readout_free (KvCliReadout *readout)
{
  kv_knowledge_free (readout->knowledge);
  g_clear_pointer (&readout->explanation, kv_explanation_free);
  g_free (readout);
}

/* What a run keeps of the states it passes: every one, only the last,
 * or the last and what `run` prints of each (KvCliRun.readouts). */
typedef enum {
  KEEP_EVERY_STATE,
  KEEP_LAST_STATE,
  KEEP_READOUTS,
} Keep;

static KvCliRun *
run_new (KvScript *script, KvHistory *history, Keep keep)
{
  KvCliRun *run = g_new0 (KvCliRun, 1);

  run->script = script;
  run->history = history;
  run->states = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_state_unref);
  if (keep == KEEP_READOUTS)
    run->readouts = g_ptr_array_new_with_free_func ((GDestroyNotify) readout_free);
  return run;
}

void
kv_cli_run_free (KvCliRun *run)
{
  if (run == NULL)
    return;
  g_clear_pointer (&run->script, kv_script_free);
  g_clear_pointer (&run->history, kv_history_free);
  g_ptr_array_unref (run->states);
  g_clear_pointer (&run->readouts, g_ptr_array_unref);
  g_free (run);
}

/* Reads out the run's newest state, and the step into it from the state
 * before. */
static void
read_out_last (KvCliRun *run)
{
  guint index = run->states->len - 1;
  KvState *state = g_ptr_array_index (run->states, index);
  KvCliReadout *readout = g_new0 (KvCliReadout, 1);

  readout->knowledge = kv_knowledge_copy (kv_state_knowledge (state));
  readout->worlds = kv_state_count_worlds (state);
  if (index > 0)
    readout->explanation = kv_explain_states (kv_cli_run_step (run, index),
                                              g_ptr_array_index (run->states, index - 1), state);
  g_ptr_array_add (run->readouts, readout);
}

KvState *
kv_cli_run_last (const KvCliRun *run, guint *at_step)
{
  *at_step = run->states->len - 1;
  return g_ptr_array_index (run->states, run->states->len - 1);
}

const KvStep *
kv_cli_run_step (const KvCliRun *run, guint index)
{
  g_return_val_if_fail (index >= 1 && index < run->states->len, NULL);

  if (run->history != NULL)
    return kv_history_get (run->history, index)->step;
  return g_ptr_array_index (run->script->steps, index - 1);
}

/* Takes @script and @history (NULL: runs @script). */
static KvCliRun *
open_explicit (KvScript *script, KvHistory *history, int step, Keep keep)
{
  if (history == NULL)
    history = kv_cli_run_history (script);
  KvCliRun *run;
  guint n;

  if (history == NULL || kv_cli_entry (history, step) == NULL)
    {
      g_clear_pointer (&history, kv_history_free);
      kv_script_free (script);
      return NULL;
    }
  run = run_new (script, history, keep);
  n = step < 0 ? kv_history_length (history) : (guint) step + 1;
  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (run->states, kv_state_new_for_model (kv_history_get (history, i)->model));
      if (keep == KEEP_READOUTS)
        read_out_last (run);
    }
  return run;
}

/* Takes @script. Keeping the last state only (or it and the read-outs,
 * each made as soon as its state is reached), a run lets go of each state
 * once the step after it is made (and read out): the read-outs just after
 * the step find BuDDy's caches warm, and the node table holds two states'
 * θ instead of all of them, so it grows less and collects less. */
static KvCliRun *
open_symbolic (KvScript *script, int step, Keep keep)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvCliRun) run = run_new (script, NULL, keep);
  KvState *state = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  guint n_steps = script->steps->len;

  if (state == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s:1:1: error: %s", script->filename, error->message);

      kv_cli_print_error (message);
      return NULL;
    }
  g_ptr_array_add (run->states, state);
  if (keep == KEEP_READOUTS)
    read_out_last (run);
  if (step > (int) n_steps)
    {
      kv_cli_fail (_("--step %d is out of range: the script has %u steps (0 is the initial model)"), step, n_steps);
      return NULL;
    }
  for (guint i = 0; i < (step < 0 ? n_steps : (guint) step); i++)
    {
      state = kv_state_apply_step (state, g_ptr_array_index (script->steps, i), &error);
      if (state == NULL)
        {
          g_autofree char *message = g_strdup_printf ("%s:%u:1: error: %s", script->filename,
                                                      g_array_index (script->step_lines, guint, i),
                                                      error->message);

          kv_cli_print_error (message);
          return NULL;
        }
      g_ptr_array_add (run->states, state);
      if (keep == KEEP_READOUTS)
        read_out_last (run);
      if (keep != KEEP_EVERY_STATE)
        g_clear_pointer (&g_ptr_array_index (run->states, i), kv_state_unref);
    }
  return g_steal_pointer (&run);
}

gboolean
kv_cli_engine_kind (const char   *engine_text,
                    KvEngineKind *kind)
{
  g_autoptr(GError) error = NULL;

  if (engine_text != NULL ? kv_engine_parse (engine_text, kind, &error) : kv_engine_from_env (kind, &error))
    return TRUE;
  kv_cli_fail ("%s", error->message);
  return FALSE;
}

static KvCliRun *
open_run (const char *game, const char *engine_text, int step, Keep keep)
{
  g_autoptr(GError) error = NULL;
  KvScript *script = NULL;
  KvEngineKind kind;
  KvCliRun *run;
  gboolean fits;
  guint limit;

  if (!kv_cli_engine_kind (engine_text, &kind) || !kv_cli_world_limit (&limit))
    return NULL;
  if (kv_model_json_is_path (game))
    {
      /* A model file holds one explicit model, step 0. */
      KvHistory *history;

      if (kind == KV_ENGINE_SYMBOLIC)
        {
          kv_cli_fail (_("%s is an explicit model: the symbolic engine cannot read it (use --engine explicit)"), game);
          return NULL;
        }
      history = kv_cli_open_model (game, &script);
      if (history == NULL)
        return NULL;
      return open_explicit (script, history, step, keep);
    }
  /* lesson:NAME, a built-in lesson: a script with its narration. */
  script = g_str_has_prefix (game, KV_LESSON_PREFIX) ? kv_lesson_open_script (game, &error)
                                                     : kv_script_open (game, &error);
  if (script == NULL)
    {
      kv_cli_print_error (error->message);
      return NULL;
    }
  /* auto: explicit when the deals fit the world limit (checked again by
   * the explicit engine for every step's product). */
  fits = kv_game_count_deals (script->game) <= (limit ? limit : KV_DEFAULT_WORLD_LIMIT);
  if (kind == KV_ENGINE_SYMBOLIC || (kind == KV_ENGINE_AUTO && !fits))
    return open_symbolic (script, step, keep);
  run = open_explicit (script, NULL, step, keep);
  /* Forced explicit (--engine or KRIPKEVIZ_ENGINE) on a game too big for
   * it: the error said why, this says what answers it. */
  if (run == NULL && !fits)
    kv_cli_fail ("%s", engine_text != NULL
                 ? _("the explicit engine lists every world, too many in this game: leave out --engine explicit "
                     "and the symbolic engine answers it")
                 : _("the explicit engine lists every world, too many in this game: unset KRIPKEVIZ_ENGINE=explicit "
                     "and the symbolic engine answers it"));
  return run;
}

KvCliRun *
kv_cli_open_run (const char *game, const char *engine_text, int step)
{
  return open_run (game, engine_text, step, KEEP_EVERY_STATE);
}

KvCliRun *
kv_cli_open_run_last (const char *game, const char *engine_text, int step)
{
  return open_run (game, engine_text, step, KEEP_LAST_STATE);
}

KvCliRun *
kv_cli_open_run_read_out (const char *game, const char *engine_text)
{
  return open_run (game, engine_text, -1, KEEP_READOUTS);
}
