// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-private.h: the window's insides, shared by kv-window.c (the
 * state shown), kv-window-actions.c (the win.* actions), kv-window-open.c
 * (games and the session file), kv-window-present.c (presentation mode)
 * and kv-window-inspect.c (the parts the display tests look at). Not for
 * other widgets. */
#pragma once

#include "kv-canvas-view.h"
#include "kv-composer.h"
#include "kv-formula-bar.h"
#include "kv-knowledge-table.h"
#include "kv-product-pane.h"
#include "kv-session.h"
#include "kv-window.h"

G_BEGIN_DECLS

/* What presentation mode shows: a room reads the table in large print
 * only when it has the screen's width (Clue 11's six columns of
 * "? 1/2/3/env" at 24 px take 900 px). */
typedef enum {
  KV_PRESENT_BOTH,
  KV_PRESENT_PICTURE,
  KV_PRESENT_TABLE,
} KvPresentLayout;

struct _KvWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *game_button;
  GtkListView          *history_view;
  KvComposer           *composer;
  GtkWidget            *next_turn_button;
  KvFormulaBar         *formula_bar;
  KvKnowledgeTable     *knowledge_table;
  AdwFlap              *flap;          /* the history, folded on a narrow screen */
  GtkWidget            *sidebar_button;
  GtkPaned             *inner_paned;
  GtkWidget            *picture_column; /* the canvas over the lesson and the formula bar */
  GtkWidget            *right_pane;    /* the knowledge table over the explanation */
  GtkWidget            *explanation_box;
  GtkLabel             *explanation_label;    /* the summary, a few lines */
  GtkLabel             *explanation_details;  /* the whole of it, under explanation_expander */
  GtkExpander          *explanation_expander;
  GtkWidget            *explanation_heading;
  GtkWidget            *table_hint;           /* presenting both: the table is one key away */
  GtkWidget            *product_button;
  GtkWidget            *header_bar;
  GtkWidget            *present_strip; /* presentation mode's step strip */
  GtkLabel             *strip_label;   /* "Step 3 of 8 · 2 ends the move" */
  GtkLabel             *strip_title;   /* the game */
  GtkWidget            *layout_switch; /* Picture, Both, Table */

  GtkWidget            *canvas;
  GtkWidget            *lesson_pane;   /* a lesson's words and questions (kv-lesson-pane.c) */
  GtkStack             *canvas_stack;  /* the canvas, or the product view */
  GtkWidget            *product_pane;
  gboolean              product_mode;  /* the product view is shown */
  gboolean              presenting;    /* presentation mode (F5) */
  KvPresentLayout       present_layout; /* what it shows: T flips through them */
  gboolean              present_layout_chosen; /* by the teacher: kept from then on */
  int                   table_print;   /* presenting, the table's font in px (table_print ()) */
  guint                 present_again; /* the layout chosen again: once the table is measured,
                                        * or for a new width */
  int                   present_width; /* the width the layout was last chosen again for */
  gboolean              flap_was_revealed; /* the history was shown before it */
  gboolean              flap_before_product; /* … before the product view */
  GtkEventController   *present_keys;  /* arrows, Page Up/Down, Escape while presenting */
  GSettings            *settings;

  KvSession            *session;       /* the game, its history, the selected step */
  GListStore           *steps;         /* KvStepItem, one per history entry */
  GtkSingleSelection   *selection;
  guint                 shown;         /* the step the widgets show */
  gboolean              syncing;       /* the rows follow the history: ignore the selection */


  gboolean              autosave;
  char                 *session_text;  /* as last written, to skip rewriting it */
  gboolean              session_failed; /* the last autosave failed (said once) */
  gboolean              restoring;      /* reading the session back: no autosave yet */
  gsize                 session_max_bytes; /* the autosave's bound (KV_SESSION_FILE_MAX_BYTES) */
  char                 *held_session;  /* a session over the world limit: not
                                        * written over until the user answers */
  AdwMessageDialog     *problem_dialog; /* a bad script or session, asking (weak) */
  char                 *last_toast;    /* the last toast's title, for tests */
  guint                 n_toasts;      /* the toasts shown so far, for tests */
  gboolean              stopping_play; /* the play was cancelled: it ends its turn */
  guint                 play_bar_delay; /* Next turn's bar comes after this timeout */
  gboolean              play_bar_due;  /* Next turn still plays after it: the bar */
  guint                 history_scroll; /* the selected row into sight, at idle */
  gboolean              text_pending;  /* the table and explanation wait for the picture */
  guint                 text_idle;
  guint                 text_timeout;
  guint                 read_ahead;    /* the next step's read-outs, at low priority */
  KvHistory            *prepared_history; /* for comparison only */
  guint                 prepared_step;
  char                 *prepared_summary; /* the explanation read out ahead (markup) */
  char                 *prepared_details;
};

static inline KvHistory *
history_of (KvWindow *self)
{
  return kv_session_get_history (self->session);
}

static inline guint
step_of (KvWindow *self)
{
  return kv_session_get_step (self->session);
}

/* A short message over the window; an error in a dialog. */
void        _kv_window_toast               (KvWindow       *self,
                                            const char     *message);
/* A toast with Undo, for an edit that took steps away. */
void        _kv_window_toast_undoable      (KvWindow       *self,
                                            const char     *message);
void        _kv_window_report_error        (KvWindow       *self,
                                            const char     *heading,
                                            const char     *message);
/* The knowledge table and the explanation of the selected step now, if
 * they are waiting for the picture (kv-window.c's queue_text). */
void        _kv_window_flush_text          (KvWindow       *self);
/* The game menu again (the recent files changed). */
void        _kv_window_refresh_game_menu   (KvWindow       *self);
/* Undo and redo greyed out when there is nothing to undo or redo. */
void        _kv_window_update_undo_actions (KvWindow       *self);
/* Writes the session file when it changed (kv-window-open.c). */
void        _kv_window_save_session        (KvWindow       *self);
/* Presentation mode (kv-window-present.c): in or out, its step strip
 * again, and its keys (a controller, live only while presenting). */
void        _kv_window_set_presenting      (KvWindow       *self,
                                            gboolean        presenting);
/* The window was allocated @width: presenting, the layout and the table's
 * print are chosen again for it. */
void        _kv_window_present_allocated   (KvWindow       *self,
                                            int             width);
void        _kv_window_update_strip        (KvWindow       *self);
/* Picture, table or both, as presenting, the product view (the picture
 * alone) and the window's width have it. */
void        _kv_window_apply_layout        (KvWindow       *self);
/* The explanation shown when the selected step has one, unless a lesson
 * presented stands in its place. */
void        _kv_window_show_explanation    (KvWindow       *self);
/* kv-window-state.c: the knowledge table at the selected step (or world),
 * and the canvas's "too many worlds to draw" for a symbolic state. */
void        _kv_window_update_knowledge    (KvWindow       *self);
void        _kv_window_update_placeholder  (KvWindow       *self);
GtkEventController *_kv_window_present_keys_new (void);
/* The layout presentation mode shows ("present-layout"), and its nick. */
void        _kv_window_set_present_layout  (KvWindow       *self,
                                            KvPresentLayout layout);
const char *_kv_window_present_layout_nick (KvPresentLayout layout);
KvPresentLayout _kv_window_present_layout_from_nick (const char *nick);
void        _kv_window_present_init        (KvWindow       *self);
/* The session's "deal-changed": a toast with Undo (kv-window-actions.c). */
void        _kv_window_on_deal_changed     (KvWindow       *self,
                                            guint           n_dropped);
/* The play bar (Next turn's after a moment, Play to the end's turn;
 * Cancel), the widgets that edit greyed out while turns play, and
 * win.cancel-play (kv-window-actions.c). */
void        _kv_window_update_play         (KvWindow       *self);
/* Installs the win.* actions and binds their keys (kv-window-actions.c). */
void        _kv_window_class_actions_init  (GtkWidgetClass *widget_class);

/* The parts, for tests. */
/* The lesson pane (a KvLessonPane). */
GtkWidget  *kv_window_get_lesson_pane      (KvWindow *self);
KvSession  *kv_window_get_session          (KvWindow *self);
/* The game's history and the selected entry. */
KvHistory  *kv_window_get_history          (KvWindow *self);
guint       kv_window_get_step             (KvWindow *self);
/* Whether the product view is shown (kv_window_set_product_mode). */
gboolean    kv_window_get_product_mode     (KvWindow *self);
GtkWidget  *kv_window_get_composer         (KvWindow *self);
GtkWidget  *kv_window_get_knowledge_table  (KvWindow *self);
GtkWidget  *kv_window_get_formula_entry    (KvWindow *self);
GtkWidget  *kv_window_get_canvas           (KvWindow *self);
/* The product view (a KvProductPane). */
GtkWidget  *kv_window_get_product_pane     (KvWindow *self);
/* The badge's text after Enter in the formula bar ("true"/"false"), or NULL
 * when hidden; the error under the bar, or NULL. */
const char *kv_window_get_formula_result   (KvWindow *self);
const char *kv_window_get_formula_error    (KvWindow *self);
/* The dialog asking about a script with a bad step or a session over the
 * world limit, while it is shown; else NULL. */
AdwMessageDialog *kv_window_get_problem_dialog (KvWindow *self);
/* How many toasts the window has shown, and the last one's title (NULL
 * before any). */
guint       kv_window_get_n_toasts         (KvWindow *self);
const char *kv_window_get_last_toast       (KvWindow *self);
/* What the selected step did, as the explanation pane shows it; NULL at
 * step 0 (the pane is hidden). */
const char *kv_window_get_explanation      (KvWindow *self);
/* The explanation in full (under Details); NULL where there is none. */
const char *kv_window_get_explanation_details (KvWindow *self);
/* The history pane is folded over the canvas (a narrow window). */
gboolean    kv_window_get_sidebar_folded   (KvWindow *self);
/* Presentation mode's step strip ("Step 3 of 8 · 2 ends the move"), or
 * NULL when it is hidden. */
const char *kv_window_get_strip_text       (KvWindow *self);
/* The history pane is shown (revealed, folded or not). */
gboolean    kv_window_get_sidebar_shown    (KvWindow *self);
/* The worlds the formula holds at (as sent to the canvas), or NULL. */
const KvBits *kv_window_get_highlight      (KvWindow *self);

G_END_DECLS
