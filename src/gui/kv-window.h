// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window.h: the main window — history and composer, canvas, knowledge
 * table, formula bar (docs/design.md, "The window"). */
#pragma once

#include <adwaita.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_WINDOW (kv_window_get_type ())
G_DECLARE_FINAL_TYPE (KvWindow, kv_window, KV, WINDOW, AdwApplicationWindow)

KvWindow   *kv_window_new            (GtkApplication *application);

/* Opens a built-in game (hexa, clue11, …) or a .kvg file: the script's
 * steps fill the history and the initial model is selected. On error
 * (FILE:LINE:COL: …) the current game stays. */
gboolean    kv_window_open           (KvWindow   *self,
                                      const char *name_or_path,
                                      GError    **error);
/* As kv_window_open, reporting an error in a dialog. */
void        kv_window_open_or_report (KvWindow   *self,
                                      const char *name_or_path);

/* Autosave (off by default; the application turns it on): after every
 * change the session is written to kv_session_file_get_path (). */
void        kv_window_set_autosave    (KvWindow   *self,
                                       gboolean    autosave);
/* Shows the autosaved session, with its selected step; FALSE when there is
 * none, or when it cannot be read (then it is moved aside to
 * session.kvg.broken and a toast says so). */
gboolean    kv_window_restore_session (KvWindow   *self);

/* Selects the history's entry @index. */
void        kv_window_select_step    (KvWindow   *self,
                                      guint       index);

/* Shows the product view instead of the canvas ("product-mode", the
 * win.product toggle, Ctrl+P; only for a step after the initial model). */
void        kv_window_set_product_mode    (KvWindow *self,
                                           gboolean  product_mode);
/* Presentation mode ("presenting", the win.present toggle, F5; Escape
 * leaves): full screen, the canvas large with labels readable from the back
 * of a room, the knowledge table and the explanation beside it, the history
 * a one-line step strip; the arrow keys and Page Up/Down (a presenter's
 * clicker) step back and forward. */
gboolean    kv_window_get_presenting      (KvWindow *self);
void        kv_window_set_presenting      (KvWindow *self,
                                           gboolean  presenting);
/* Tells @application the keys of the window's actions (kv-window-actions.c),
 * for the shortcuts window and the menus. */
void        kv_window_add_accels          (GtkApplication *application);

G_END_DECLS
