// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-export.h: `kripkeviz-cli export` (docs/cli.md). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* argv[0] is "export". Returns the exit status: 0, or 2 after a message on
 * stderr (nothing is written then). */
int kv_cli_export (int argc, char **argv);

G_END_DECLS
