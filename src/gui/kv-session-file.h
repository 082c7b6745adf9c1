// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-session-file.h: the autosaved session — the game and its history as a
 * script, and the selected step — so that nothing is lost on a crash or a
 * quit.
 *
 * The file is $XDG_STATE_HOME/kripkeviz/session.kvg: a game script (the
 * game's header and every step of the history) with comment lines that the
 * script reader skips:
 *
 *   # kripkeviz: game hexa
 *   # kripkeviz: selected-step 1
 *
 * A history that starts from a model read from a file (a .kvm.json,
 * kv_history_new_for_model) has no script header to start from: the model
 * rides along instead, its JSON (kv_model_to_json) gzip-compressed in
 * base64, named by the JSON's SHA-256, and the steps follow one a line:
 *
 *   # kripkeviz-model: sha256 1f0c…
 *   # kripkeviz-model-data: H4sIAAAAAAAAA+2d…   (as many lines as it takes)
 *   nocard 2 b
 *
 * An undo state may name the model without its data lines when another
 * state holds them (kv_session_file_without_model_data): a model is held
 * once however many states start from it.
 *
 * It is written atomically (a temporary file renamed over the old one).
 */
#pragma once

#include <gio/gio.h>

#include "kv-engine.h"

G_BEGIN_DECLS

/* The largest session file read back. The autosave holds the undo tree
 * (every state's text): far more than a script (KV_READ_MAX_BYTES), which
 * is only what comes before the tree. */
#define KV_SESSION_FILE_MAX_BYTES ((gsize) 1 << 30)

/* The session file's path (newly allocated). */
char      *kv_session_file_get_path   (void);

/* The session as text: @name is the game's name (for the title and file
 * names), @selected the selected entry of @history. */
char      *kv_session_file_to_text    (const KvHistory *history,
                                       const char      *name,
                                       guint            selected);

/* A history as a file kv_session_open opens again (Save Script): its
 * script, or for a history from a model the model and the steps as the
 * session holds them, without the session's marks. */
char      *kv_session_file_to_script  (const KvHistory *history);
/* @text (kv_session_file_to_text's) without the model's data lines: it
 * names its model, which another text holds. A copy of @text when it
 * holds no model. */
char      *kv_session_file_without_model_data (const char *text);
/* The id of the model a history starts from: of @history's (NULL when
 * the game's initial model starts it), or the one @text names (NULL for
 * none), *@has_data (may be NULL) saying whether @text holds its data. */
char      *kv_session_file_history_model_id (const KvHistory *history);
char      *kv_session_file_model_id   (const char  *text,
                                       gboolean    *has_data);
/* The model @text holds (its data lines), with at most @world_limit
 * worlds; NULL with @error when it holds none or they do not read. */
KvModel   *kv_session_file_model      (const char  *text,
                                       guint        world_limit,
                                       GError     **error);

/* Writes @text to @path atomically, creating the directory. */
gboolean   kv_session_file_write      (const char  *path,
                                       const char  *text,
                                       GError     **error);

/* Reads a session: the history (the script run with @world_limit), the
 * game's name (*name, may be NULL) and the selected entry (clamped to the
 * history). NULL with @error when the file is missing (G_FILE_ERROR_NOENT),
 * unreadable, or not a script that runs. @undo (may be NULL) gets the undo
 * tree kept in the file (what can be read of it), or NULL; *@undo_damaged
 * (may be NULL) whether some of it was damaged and left out. */
KvHistory *kv_session_file_read       (const char  *path,
                                       guint        world_limit,
                                       char       **name,
                                       guint       *selected,
                                       KvUndo     **undo,
                                       gboolean    *undo_damaged,
                                       GError     **error);
/* The same from text (an undo state). */
KvHistory *kv_session_file_parse      (const char  *text,
                                       const char  *filename,
                                       guint        world_limit,
                                       char       **name,
                                       guint       *selected,
                                       GError     **error);
/* Finds the model @id names (a reference for the caller): NULL without
 * @error when it knows none (the text's own data, if any, is read then),
 * NULL with @error when it does not read. */
typedef KvModel *(*KvSessionFileModelFunc) (const char  *id,
                                            gpointer     data,
                                            GError     **error);
/* As kv_session_file_parse; a text that names its model without holding
 * it gets it from @lookup. */
KvHistory *kv_session_file_parse_with (const char  *text,
                                       const char  *filename,
                                       guint        world_limit,
                                       KvSessionFileModelFunc lookup,
                                       gpointer     data,
                                       char       **name,
                                       guint       *selected,
                                       GError     **error);
/* The history of the file @path when it is a session that starts from a
 * model (an autosave set aside, a script saved from one), or a session
 * over the size of a script for its undo tree (a long one set aside):
 * NULL and no error when it is neither (a script, say), NULL with @error
 * when its model or steps do not read. */
KvHistory *kv_session_file_read_model (const char  *path,
                                       guint        world_limit,
                                       GError     **error);

/* Moves a session that could not be read aside, beside it, as
 * session-YYYYMMDD-HHMMSS.kvg.broken (never over an earlier one); the name it got. */
char      *kv_session_file_set_aside  (const char  *path,
                                       GError     **error);

/* Moves a session aside as session-YYYYMMDD-HHMMSS@suffix (".kvg": a
 * script that opens from the Game menu), never over an earlier one. */
char      *kv_session_file_keep_aside (const char  *path,
                                       const char  *suffix,
                                       GError     **error);

/* The line "# kripkeviz: world-limit N" the autosave adds: the limit the
 * session was made with. */
char      *kv_session_file_limit_line (guint        world_limit);
/* Whether the session at @path reads as a script (so a KV_ERROR_LIMIT
 * running it means it is over the world limit, not broken); *@made_with
 * gets the limit it was made with, or 0 when the file does not say. */
gboolean   kv_session_file_over_limit (const char  *path,
                                       guint       *made_with);

/* Removes the temporary files (@path.XXXXXX) an autosave killed mid-write
 * left beside @path, once they are a few seconds old; how many. */
guint      kv_session_file_remove_stale (const char *path);

/* Writes @text to @path (a file the user chose) atomically: nothing
 * half-written is left when it fails. */
gboolean   kv_session_file_save_as    (GFile       *file,
                                       const char  *text,
                                       GError     **error);

G_END_DECLS
