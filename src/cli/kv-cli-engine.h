/* kv-cli-engine.h: --engine explicit|symbolic|auto (and KRIPKEVIZ_ENGINE)
 * for the subcommands that read a game's knowledge out. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

/* The option entry for --engine; @text receives its argument. */
#define KV_CLI_ENGINE_OPTION(text) \
  { "engine", 0, 0, G_OPTION_ARG_STRING, (text), N_("Engine: explicit, symbolic or auto (default: KRIPKEVIZ_ENGINE, else auto)"), "ENGINE" }

/* Opens GAME and runs its first @step steps (-1: all) on the engine that
 * @engine_text (NULL: KRIPKEVIZ_ENGINE, else auto) names. The explicit engine
 * runs through kv_cli_open_history, so its output and errors are unchanged.
 * *@at_step receives the step reached. Prints the error and returns NULL on
 * failure. */
KvState *kv_cli_open_state (const char *game, const char *engine_text, int step, guint *at_step);

G_END_DECLS
