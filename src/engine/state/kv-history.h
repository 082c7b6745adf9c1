// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-history.h: the states of a game, one per step.
 *
 * Entry 0 is the initial model; entry i is the model after step i. A suggest
 * entry remembers what it expanded to. The window and the CLI both read
 * histories; the window truncates and appends as the user acts.
 *
 * A history runs on one back-end (kv-state.h), chosen when it is made: the
 * explicit engine (kv_history_new, kv_history_run_script: every entry has
 * its KvModel) or, for games whose deals exceed the world limit, the
 * symbolic one (kv_history_new_with_engine with KV_ENGINE_AUTO, as the
 * CLI's auto choice): its entries have no model, only their state. Every
 * entry has its state; an explicit entry's state holds its model.
 */
#pragma once

#include "kv-model.h"
#include "kv-script.h"
#include "kv-state.h"

G_BEGIN_DECLS

typedef struct {
  KvStep    *step;          /* NULL for the initial model */
  GPtrArray *expanded;      /* suggest: the KvStep* it expanded to; else NULL */
  KvModel   *model;         /* NULL on the symbolic engine */
  KvState   *state;         /* the entry on either engine (holds model) */
} KvHistoryEntry;

typedef struct {
  KvGame    *game;
  guint      world_limit;
  GPtrArray *entries;       /* KvHistoryEntry* */
  KvEngineKind engine;      /* explicit or symbolic, never auto */
  gboolean   given;         /* entry 0 was given (kv_history_new_for_model), not
                             * the game's initial model: a script of the game
                             * would not start from it */
} KvHistory;

/* The history holding the game's initial model. */
KvHistory *kv_history_new      (KvGame *game, guint world_limit, GError **error);
/* The same on the engine @kind: KV_ENGINE_AUTO is explicit when the game's
 * deals fit @world_limit (0: the default), else symbolic. */
KvHistory *kv_history_new_with_engine (KvGame *game, KvEngineKind kind, guint world_limit, GError **error);
/* The engine a window runs @game on (never auto): the one
 * KRIPKEVIZ_ENGINE names, when it names one; else symbolic when the game's
 * deals exceed both @world_limit and the default limit, explicit
 * otherwise. A limit lowered under a small game keeps it explicit, so it
 * is refused with KV_ERROR_LIMIT and the user may raise the limit. */
KvEngineKind kv_history_choose_engine (const KvGame *game, guint world_limit);
/* The history holding @model (referenced) alone, as its entry 0: a model
 * read from a file (kv-model-json.h) rather than built from a game. Steps
 * pushed run on it, with its world limit; "given" is set. */
KvHistory *kv_history_new_for_model (KvModel *model);
void       kv_history_free     (KvHistory *history);
/* A history of @history's entries 0 … @index, sharing their steps, states
 * and models (references: they are immutable), so that turns can be played
 * on it, on another thread, while @history is shown. Pushing onto either
 * leaves the other as it was. */
KvHistory *kv_history_copy     (const KvHistory *history, guint index);

guint      kv_history_length   (const KvHistory *history);
const KvHistoryEntry *kv_history_get (const KvHistory *history, guint index);

/* Applies @step to the last model (or state) and appends the result.
 * Refused steps leave the history as it was. */
gboolean   kv_history_push     (KvHistory *history, KvStep *step, GError **error);

/* Drops every entry after @index. */
void       kv_history_truncate (KvHistory *history, guint index);

/* @history's steps run again from the start on @game, a game with the
 * same players and cards (another deal: kv_game_copy_with_deal), up to the
 * first step that no longer holds there: that step and the rest are left
 * out; *@n_kept (may be NULL) gets how many steps were kept. The new
 * history runs on @history's engine. NULL with
 * @error when a model would be over the world limit, or when @history
 * starts from a given model (kv_history_new_for_model). */
KvHistory *kv_history_rerun    (const KvHistory *history, KvGame *game, guint *n_kept, GError **error);

/* Runs all steps of @script; the error names the step's place as
 * "FILE:LINE:1: …". */
KvHistory *kv_history_run_script (const KvScript *script, guint world_limit, GError **error);
/* The same on the engine @kind (kv_history_new_with_engine). */
KvHistory *kv_history_run_script_with_engine (const KvScript *script, KvEngineKind kind,
                                              guint world_limit, GError **error);
/* The same after the last entry of @history (one given a model, say):
 * @script's game must be @history's, as its steps borrow it. The history's
 * entries in all are held to the limit kv_history_run_script keeps. On
 * error the entries pushed so far stay. (A symbolic history's entries are
 * bounded by the BDD table instead, kv-sym.h.) */
gboolean   kv_history_run_steps  (KvHistory *history, const KvScript *script, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvHistory, kv_history_free)

G_END_DECLS
