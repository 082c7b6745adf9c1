// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-engine.h: --engine explicit|symbolic|auto (and KRIPKEVIZ_ENGINE)
 * for the subcommands that read a game's knowledge out. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

/* The option entry for --engine; @text receives its argument. */
#define KV_CLI_ENGINE_OPTION(text) \
  { "engine", 0, 0, G_OPTION_ARG_STRING, (text), N_("Engine: explicit, symbolic or auto (default: KRIPKEVIZ_ENGINE, else auto)"), "ENGINE" }

/* What `run` prints of one state. */
typedef struct {
  KvKnowledge   *knowledge;
  guint64        worlds;
  KvExplanation *explanation;   /* the step into the state; NULL for the initial one */
} KvCliReadout;

/* A game run on one back-end: the state after each of its first steps. */
typedef struct {
  KvScript  *script;
  KvHistory *history;   /* the explicit engine's history (expansions, bisimulation, named worlds); NULL when symbolic */
  GPtrArray *states;    /* KvState *: entry 0 the initial state, entry i after step i; in a run
                         * that keeps the last (or reads out as it goes), the symbolic
                         * engine's are NULL but the last */
  GPtrArray *readouts;  /* KvCliReadout *, one per state, in a run read out as it goes; else NULL */
} KvCliRun;

/* The engine --engine names (@engine_text), else KRIPKEVIZ_ENGINE's, else
 * auto; FALSE, the error said (kv_cli_fail), when it names none. */
gboolean  kv_cli_engine_kind (const char *engine_text, KvEngineKind *kind);

/* Opens GAME and runs its first @step steps (-1: all) on the engine that
 * @engine_text (NULL: KRIPKEVIZ_ENGINE, else auto) names. The explicit
 * engine runs through kv_cli_open_history, so its output and errors are
 * unchanged. Prints the error and returns NULL on failure. */
KvCliRun *kv_cli_open_run  (const char *game, const char *engine_text, int step);
/* The same, keeping only the last state (the symbolic engine lets each go
 * once the next is made): for a question about the last one. */
KvCliRun *kv_cli_open_run_last (const char *game, const char *engine_text, int step);
/* The same for every step, each state read out as soon as it is reached
 * (run->readouts): a symbolic run then holds two states at a time, not
 * every one (kv-cli-engine.c says what that saves). */
KvCliRun *kv_cli_open_run_read_out (const char *game, const char *engine_text);
void      kv_cli_run_free  (KvCliRun *run);

/* The state after the run's last step, and its index. */
KvState  *kv_cli_run_last  (const KvCliRun *run, guint *at_step);
/* Step @index (≥ 1) of the run. */
const KvStep *kv_cli_run_step (const KvCliRun *run, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvCliRun, kv_cli_run_free)

G_END_DECLS
