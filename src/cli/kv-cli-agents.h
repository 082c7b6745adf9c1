// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-agents.h: the --agents option of play and search. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

/* Parses "A,B,…" (one strategy name per agent of @game; NULL: del for
 * every agent) into @strategies. Prints the error, naming @game_name, and
 * returns FALSE on bad input. */
gboolean kv_cli_parse_agents (const char *list, const KvGame *game, const char *game_name,
                              const KvStrategy **strategies);

G_END_DECLS
