/* kv-window.h: the main window — history and composer, canvas, knowledge
 * table, formula bar (DESIGN §6). */
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
 * change the session is written to kv_session_get_path (). */
void        kv_window_set_autosave    (KvWindow   *self,
                                       gboolean    autosave);
/* Shows the autosaved session, with its selected step; FALSE when there is
 * none, or when it cannot be read (then it is moved aside to
 * session.kvg.broken and a toast says so). */
gboolean    kv_window_restore_session (KvWindow   *self);

/* The game's history and the selected entry. */
KvHistory  *kv_window_get_history    (KvWindow   *self);
guint       kv_window_get_step       (KvWindow   *self);
void        kv_window_select_step    (KvWindow   *self,
                                      guint       index);

/* The parts, for tests. */
GtkWidget  *kv_window_get_composer        (KvWindow *self);
GtkWidget  *kv_window_get_knowledge_table (KvWindow *self);
GtkWidget  *kv_window_get_formula_entry   (KvWindow *self);
GtkWidget  *kv_window_get_canvas          (KvWindow *self);
/* The product view (a KvProductPane; NULL without the canvas), and whether
 * it is shown instead of the canvas ("product-mode", the win.product
 * toggle, Ctrl+P; only for a step after the initial model). */
GtkWidget  *kv_window_get_product_pane    (KvWindow *self);
gboolean    kv_window_get_product_mode    (KvWindow *self);
void        kv_window_set_product_mode    (KvWindow *self,
                                           gboolean  product_mode);
/* The badge's text after Enter in the formula bar ("true"/"false"), or NULL
 * when hidden; the error under the bar, or NULL. */
const char *kv_window_get_formula_result  (KvWindow *self);
const char *kv_window_get_formula_error   (KvWindow *self);
/* The worlds the formula holds at (as sent to the canvas), or NULL. */
const KvBits *kv_window_get_highlight     (KvWindow *self);

G_END_DECLS
