// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-draw-test-util.h: small helpers shared by the draw tests and the draw
 * bench (bench/draw). Each fails the program on error. */
#pragma once

#include <string.h>

#include "kv-draw.h"

/* The model after @step steps (-1: all) of @history. */
static inline KvModel *
test_history_model (const KvHistory *history,
                    int              step)
{
  guint index = step < 0 ? kv_history_length (history) - 1 : (guint) step;

  return kv_model_ref (kv_history_get (history, index)->model);
}

/* The model after @step steps (-1: all) of the built-in game or script
 * file @name. */
static inline KvModel *
test_game_model (const char *name,
                 int         step)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);
  g_autoptr(KvHistory) history = NULL;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);

  return test_history_model (history, step);
}

/* The same for a script given as @text. */
static inline KvModel *
test_text_model (const char *text,
                 int         step)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (text, strlen (text), "test.kvg", &error);
  g_autoptr(KvHistory) history = NULL;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);

  return test_history_model (history, step);
}

/* @model's view @kind with at most @limit nodes (0: the default) and, for
 * around, @radius links (0: 1). */
static inline KvGraph *
test_view (const KvModel *model,
           KvViewKind     kind,
           guint          limit,
           guint          radius)
{
  g_autoptr(GError) error = NULL;
  KvViewOptions options;
  KvGraph *graph;

  kv_view_options_init (&options);
  options.kind = kind;
  options.limit = limit;
  if (radius > 0)
    options.radius = radius;
  graph = kv_view_build (model, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (graph);

  return graph;
}
