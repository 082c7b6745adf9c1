// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-script.h: game scripts (.kvg, docs/script.md) — reading and writing.
 *
 * Reading builds the game from the header and parses every step, but does
 * not execute them: kv_history_run_script (kv-history.h) does, into a history.
 */
#pragma once

#include "kv-game.h"
#include "kv-step.h"

G_BEGIN_DECLS

typedef struct {
  KvGame    *game;
  char      *filename;      /* as given, for messages */
  GPtrArray *steps;         /* KvStep* */
  GArray    *step_lines;    /* guint: the line of each step */
} KvScript;

/* Errors are "FILE:LINE:COL: message" in @error. */
KvScript *kv_script_parse  (const char *text, gsize length, const char *filename, GError **error);
KvScript *kv_script_load   (const char *path, GError **error);

/* A built-in name (hexa, clue11, twocards, …) or a path. */
KvScript *kv_script_open   (const char *name_or_path, GError **error);

/* Names of the built-in games, sorted, and a one-line title for each. */
GStrv     kv_script_builtin_names (void);
/* Whether @name_or_path names a built-in (a game or a lesson) rather than
 * a file: no "/" and no ".kvg". */
gboolean  kv_script_is_builtin_name (const char *name_or_path);
char     *kv_script_builtin_title (const char *name);

/* The header and the given steps as a script. */
char     *kv_script_to_text (const KvGame *game, GPtrArray *steps);

void      kv_script_free   (KvScript *script);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvScript, kv_script_free)

G_END_DECLS
