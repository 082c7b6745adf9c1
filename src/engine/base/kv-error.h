// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-error.h: the engine's error domain.
 *
 * Messages are complete sentences a user can act on. Parse errors carry the
 * place in the message ("LINE:COL: …" is added by the script reader); the
 * formula parser also returns the column separately for the window.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KV_ERROR (kv_error_quark ())

typedef enum {
  KV_ERROR_SYNTAX,       /* malformed text */
  KV_ERROR_NAME,         /* unknown agent, card, category, action or event */
  KV_ERROR_GAME,         /* a header that does not describe a game (hands, deal) */
  KV_ERROR_FALSE,        /* an action whose precondition is false at the actual world */
  KV_ERROR_LIMIT,        /* a model, formula or file too big */
  KV_ERROR_IO,           /* a file that cannot be read or written */
  KV_ERROR_UNSUPPORTED,  /* something the target format cannot say (SMCDEL's text input) */
} KvError;

GQuark kv_error_quark (void);

G_END_DECLS
