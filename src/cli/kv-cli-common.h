// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-common.h: what every kripkeviz-cli command shares. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_EXIT_ERROR 2

/* Prints "kripkeviz-cli: MESSAGE" to stderr and returns KV_EXIT_ERROR. */
int         kv_cli_fail         (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* Prints @message and a newline to stderr as every error is printed: what
 * it quotes of the command line or a file cut to an excerpt, control
 * characters escaped (kv_read_shorten). */
void        kv_cli_print_error  (const char *message);
/* Whether every KRIPKEVIZ_* setting of the environment reads (each
 * malformed one said, by name and why). */
gboolean    kv_cli_check_environment (void);

/* From now on, at exit: if what was printed did not reach standard output
 * (a full disk, a closed descriptor), "cannot write to standard output"
 * and exit status KV_EXIT_ERROR, whatever the command returned. Each
 * program's main calls it first. */
void        kv_cli_check_stdout_at_exit (void);

/* @text with every line longer than @width columns wrapped at spaces, the
 * rest of the line under the start of its description (an option's help,
 * after a run of spaces) or indented when that column is far right. */
char       *kv_cli_wrap         (const char *text, guint width);
/* g_option_context_parse, but --help (-h, -?) prints the help wrapped to 80
 * columns and exits 0. */
gboolean    kv_cli_parse_options (GOptionContext *context, int *argc, char ***argv, GError **error);

/* KRIPKEVIZ_WORLD_LIMIT (0 when unset: the default), or FALSE with the
 * error printed. */
gboolean    kv_cli_world_limit  (guint *limit);

/* Runs @script's steps on the explicit engine under that limit. Prints the
 * error and returns NULL on failure. */
KvHistory  *kv_cli_run_history  (KvScript *script);

/* Opens GAME (built-in name, .kvg path or .kvm.json model) and runs its steps. Prints the
 * error and returns NULL on failure. */
KvHistory  *kv_cli_open_history (const char *game, KvScript **script_out);

/* Whether GAME may be read as a script by a command that takes no model
 * file: FALSE, with the error printed, when it names a .kvm.json; @why
 * says what the command needs that a model file does not hold. */
gboolean    kv_cli_takes_script (const char *game, const char *why);

/* Opens the model file @path (.kvm.json, kv_model_json_is_path): a script
 * of its game without steps, and a history of the model alone. Prints the
 * error and returns NULL on failure. */
KvHistory  *kv_cli_open_model   (const char *path, KvScript **script_out);

/* @text, an option's value, read as a decimal whole number from @min to
 * @max into @value: "010" is ten, "0x10" and "+1" are no numbers. FALSE
 * with a KV_ERROR that names @option and quotes @text as given; a @max of
 * G_MAXINT is said as "@min or more" (--step: the script says how many). */
gboolean    kv_cli_parse_number (const char *option, const char *text, guint64 min, guint64 max,
                                 guint64 *value, GError **error);

/* --step @text (NULL when not given: -1, after all steps) into @step; FALSE,
 * the error printed, when it is not a number of steps. */
gboolean    kv_cli_step_option  (const char *text, int *step);

/* The history entry for --step N (-1: after all steps), or NULL with the
 * error printed. */
const KvHistoryEntry *kv_cli_entry (const KvHistory *history, int step);

/* Writes @bytes to @path: "-" is standard output; a directory or a block
 * device is refused; anything else is written by kv_write_bytes (atomically,
 * through links, in place on a device or a pipe: kv-write.h). */
gboolean    kv_cli_write_output (const char *path, GBytes *bytes, GError **error);

G_END_DECLS
