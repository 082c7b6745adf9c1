// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-test-util.h: small helpers shared by the engine tests. */
#pragma once

#include <string.h>

#include "kv-engine.h"

/* Parses a script given as text; fails the test on error. */
static inline KvScript *
test_script (const char *text)
{
  g_autoptr(GError) error = NULL;
  KvScript *script = kv_script_parse (text, strlen (text), "test.kvg", &error);

  g_assert_no_error (error);
  return script;
}

static inline KvHistory *
test_history (const KvScript *script)
{
  g_autoptr(GError) error = NULL;
  KvHistory *history = kv_history_run_script (script, 0, &error);

  g_assert_no_error (error);
  return history;
}

/* Runs a built-in game (or a script file) by name. */
static inline KvHistory *
test_open_history (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);

  g_assert_no_error (error);
  return test_history (script);
}

static inline KvModel *
test_last_model (const KvHistory *history)
{
  return kv_history_get (history, kv_history_length (history) - 1)->model;
}

/* Applies the step line @text to @model. */
static inline KvModel *
test_apply (KvModel *model, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = kv_step_parse (model->game, text, NULL, &error);
  KvModel *next;

  g_assert_no_error (error);
  next = kv_model_apply_step (model, step, 0, &error);
  g_assert_no_error (error);
  return next;
}

static inline gboolean
test_check (KvModel *model, const char *formula)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvFormula) f = kv_formula_parse (model->game, formula, NULL, &error);
  gboolean value = FALSE;

  g_assert_no_error (error);
  kv_check_actual (model, f, &value, &error);
  g_assert_no_error (error);
  return value;
}

static inline int
test_compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* The labels of all worlds, sorted and joined by spaces: "bwr rwb". */
static inline char *
test_world_labels (const KvModel *model)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint w = 0; w < model->n_worlds; w++)
    g_ptr_array_add (labels, kv_model_world_label (model, w));
  g_ptr_array_sort (labels, test_compare_strings);
  g_ptr_array_add (labels, NULL);
  return g_strjoinv (" ", (char **) labels->pdata);
}

#define HEXA \
  "title Hexa\nagents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n"

/* Takes @step on both *@explicit and *@symbolic (the same game on the two
 * engines), each replaced by its next state; fails the test on error. */
static inline void
test_step_both (KvState **explicit, KvState **symbolic, const KvStep *step)
{
  g_autoptr(GError) error = NULL;
  KvState *next_explicit = kv_state_apply_step (*explicit, step, &error);
  KvState *next_symbolic;

  g_assert_no_error (error);
  next_symbolic = kv_state_apply_step (*symbolic, step, &error);
  g_assert_no_error (error);
  kv_state_unref (*explicit);
  *explicit = next_explicit;
  kv_state_unref (*symbolic);
  *symbolic = next_symbolic;
}
