// SPDX-License-Identifier: GPL-3.0-or-later
/* test-window.c: the real window, driven as a user would — Hexa, the
 * composer, the history, the knowledge table, undo, the formula bar, Next
 * turn on Clue 11, and a screenshot that is not blank; the keyboard
 * accelerators; the autosaved session, and the real kripkeviz killed
 * mid-session and its history found again. */
#define G_LOG_DOMAIN "test-window"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "kv-application.h"
#include "kv-composer.h"
#include "kv-composer-private.h"
#include "kv-display-util.h"
#include "kv-probability.h"
#include "kv-knowledge-table.h"
#include "kv-session-file.h"
#include "kv-style.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"

static KvWindow *window;
static char *state_dir;     /* $XDG_STATE_HOME of this test */

static const char *
cell (const char *card,
      guint       column,
      gboolean   *learned)
{
  return kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                      card, column, learned);
}

static void
test_open_hexa (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  /* The script's two steps are in the history; the initial model is shown. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Hexa: three players, three cards");
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 0)->model->n_worlds, ==, 6);
  /* Each player knows its own card and nothing else: the cell says "?"
   * and the candidates. */
  g_assert_cmpstr (cell ("r", 0, NULL), ==, "1");
  g_assert_cmpstr (cell ("w", 0, NULL), ==, "? 2/3");
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "? 1/2");
  /* E (everyone knows) and C (common knowledge): nobody's card. */
  g_assert_cmpstr (cell ("w", 3, NULL), ==, "? 1/2/3");
  g_assert_cmpstr (cell ("w", 4, NULL), ==, "? 1/2/3");
  /* Nothing was learned at step 0, and nothing shows the explanation. */
  g_assert_null (kv_window_get_explanation (window));
  kv_display_wait_for_canvas (window, 10000);
}

static void
test_composer (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  gboolean learned = FALSE;

  /* False at the actual world: refused with the reason. */
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 r"));
  g_assert_nonnull (kv_composer_get_reason (composer));
  g_assert_true (strstr (kv_composer_get_reason (composer), "r") != NULL);

  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 w"));
  g_assert_null (kv_composer_get_reason (composer));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (composer), "composer.apply", NULL));
  kv_display_wait (20);

  /* Applied after step 0: the script's later steps are replaced (undo
   * brings them back, test_undo_redo). */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 1)->model->n_worlds, ==, 4);

  /* 3 holds b and now knows 2 holds w: learned at this step. */
  g_assert_cmpstr (cell ("w", 2, &learned), ==, "2");
  g_assert_true (learned);
  g_assert_cmpstr (cell ("r", 2, NULL), ==, "1");
  /* 1 still does not know where w is; so not everyone knows it, but
   * everyone knows 1 does not hold it, and that is common knowledge. */
  g_assert_cmpstr (cell ("w", 0, &learned), ==, "? 2/3");
  g_assert_false (learned);
  g_assert_cmpstr (cell ("w", 3, &learned), ==, "? 2/3");
  g_assert_true (learned);
  g_assert_cmpstr (cell ("w", 4, &learned), ==, "? 2/3");
  g_assert_true (learned);
  kv_display_wait_for_canvas (window, 10000);
}

/* Ctrl+Z undoes the edit: Hexa's scripted steps come back, at step 0;
 * Alt+← is navigation and changes no step. */
static void
test_undo_redo (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "? 1/2");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "2");
}

/* Undo and redo follow the undo tree, not the selected step: after an
 * undo, moving to the last step keeps redo and does not offer undo. */
static void
test_undo_enabled (void)
{
  KvSession *session = kv_window_get_session (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_false (kv_session_can_undo (session));   /* back at the game as opened */
  g_assert_true (kv_session_can_redo (session));
  g_assert_false (kv_display_button_enabled (window, "win.undo"));
  g_assert_true (kv_display_button_enabled (window, "win.redo"));

  /* Navigation to the last step changes neither. */
  while (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL) &&
         kv_window_get_step (window) < 2)
    kv_display_wait (10);
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  g_assert_false (kv_display_button_enabled (window, "win.undo"));
  g_assert_true (kv_display_button_enabled (window, "win.redo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  kv_display_wait (20);
  g_assert_true (kv_display_button_enabled (window, "win.redo"));

  /* Redo: the edit is back; at its last step there is nothing to redo,
   * and undo is offered at every step. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_true (kv_display_button_enabled (window, "win.undo"));
  g_assert_false (kv_display_button_enabled (window, "win.redo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  kv_display_wait (20);
  g_assert_true (kv_display_button_enabled (window, "win.undo"));
  g_assert_false (kv_display_button_enabled (window, "win.redo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL));
  kv_display_wait (20);
}

/* The window's own shortcut for @keyval with @modifiers, or NULL. */
static GtkShortcut *
window_shortcut (KvWindow        *w,
                 guint            keyval,
                 GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (w));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            return shortcut;
        }
    }
  return NULL;
}

/* Whether a button for @action, put in the header bar for a moment, could
 * be clicked (as the main menu's item). */
static gboolean
action_enabled (KvWindow   *w,
                const char *action)
{
  GtkWidget *button = gtk_button_new ();
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  adw_header_bar_pack_end (ADW_HEADER_BAR (w->header_bar), button);
  kv_display_wait (10);
  enabled = gtk_widget_get_sensitive (button);
  adw_header_bar_remove (ADW_HEADER_BAR (w->header_bar), button);
  return enabled;
}

/* Delete Later Steps (Ctrl+Delete) is one edit: the steps after the
 * selected one go, a toast says how many and offers undo; Ctrl+Z brings
 * them back, redo deletes them again. Nothing to delete at the last step. */
static void
test_delete_later (void)
{
  KvSession *session = kv_window_get_session (window);
  g_autoptr(GError) error = NULL;
  GtkShortcut *ctrl_delete = window_shortcut (window, GDK_KEY_Delete, GDK_CONTROL_MASK);
  guint toasts;

  /* The key is the window's, so a text field keeps Ctrl+Delete. */
  g_assert_nonnull (ctrl_delete);
  g_assert_true (GTK_IS_NAMED_ACTION (gtk_shortcut_get_action (ctrl_delete)));
  g_assert_cmpstr (gtk_named_action_get_action_name (GTK_NAMED_ACTION (gtk_shortcut_get_action (ctrl_delete))),
                   ==, "win.delete-later");

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_true (action_enabled (window, "win.delete-later"));

  /* At step 1, by the key: step 2 goes. */
  kv_window_select_step (window, 1);
  kv_display_wait (20);
  toasts = kv_window_get_n_toasts (window);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (ctrl_delete), 0,
                                               GTK_WIDGET (window), NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, "1 later step deleted");
  /* The last step now: nothing to delete. */
  g_assert_false (action_enabled (window, "win.delete-later"));
  g_assert_cmpuint (kv_session_delete_later_steps (session), ==, 0);

  /* Ctrl+Z: the step is back (the selection as the opening left it). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 2)->step->kind, ==, KV_STEP_ENDMOVE);
  g_assert_true (action_enabled (window, "win.delete-later"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);

  /* At step 0, from the menu: both scripted steps, one edit. */
  kv_window_select_step (window, 0);
  kv_display_wait (20);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-later", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, "2 later steps deleted");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);

  /* Back to the game the next tests expect: undo the deletion, then the
   * opening (Hexa after "nocard 1 w", at step 1). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
}

static void
count_signal (guint *count)
{
  (*count)++;
}

/* A refused step changes nothing: not the history, the selected step, the
 * formula and its answer, the selected world, nor the autosaved session. */
static void
test_refused_step (void)
{
  KvSession *session = kv_window_get_session (window);
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  KvCanvasView *canvas = KV_CANVAS_VIEW (kv_window_get_canvas (window));
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *saved = NULL;
  g_autofree char *saved_after = NULL;
  g_autoptr(KvStep) step = NULL;
  GStatBuf before, after;
  guint changes = 0;
  gulong handlers[4];
  guint length;

  /* Step 0 of two, a formula checked, a world selected. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  length = kv_history_length (kv_window_get_history (window));
  g_assert_cmpuint (length, >, 1);
  kv_display_check_formula (window, "K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");
  kv_canvas_view_set_selected_world (canvas, 2);
  kv_display_wait (20);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpint (g_stat (path, &before), ==, 0);

  handlers[0] = g_signal_connect_swapped (session, "game-changed", G_CALLBACK (count_signal), &changes);
  handlers[1] = g_signal_connect_swapped (session, "steps-changed", G_CALLBACK (count_signal), &changes);
  handlers[2] = g_signal_connect_swapped (session, "notify", G_CALLBACK (count_signal), &changes);
  handlers[3] = g_signal_connect_swapped (session, "steps-replaced", G_CALLBACK (count_signal), &changes);

  /* 1 holds r: "nocard 1 r" is false at the actual world, refused. */
  step = kv_step_parse (kv_window_get_history (window)->game, "nocard 1 r", NULL, NULL);
  g_assert_nonnull (step);
  g_signal_emit_by_name (composer, "apply", step);
  kv_display_wait (50);

  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    g_signal_handler_disconnect (session, handlers[i]);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (kv_window_get_formula_entry (window))), ==, "K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");
  g_assert_cmpint (kv_canvas_view_get_selected_world (canvas), ==, 2);
  g_assert_true (g_file_get_contents (path, &saved_after, NULL, NULL));
  g_assert_cmpstr (saved_after, ==, saved);
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_mtime, ==, before.st_mtime);
  g_assert_cmpint (after.st_ino, ==, before.st_ino);   /* not even rewritten */

  kv_canvas_view_set_selected_world (canvas, -1);
  kv_display_check_formula (window, "");
  g_assert_null (kv_window_get_highlight (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL));
  kv_display_wait (20);
}

/* New Step never blocks (issue 30): a card that makes the step false can
 * be chosen first and the holder after, the preview saying why in the
 * meantime; a chosen chip carries a tick, one that would make the step
 * false a dashed outline, both still clickable. */
static void
test_composer_any_order (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  KvComposer *priv = composer;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint r = 0, w = 1;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_window_select_step (window, 0);
  kv_display_wait (50);

  /* Hexa's deal: 1 r, 2 w, 3 b. "2 does not hold r", r chosen first. */
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 w"));
  g_assert_null (kv_composer_get_reason (composer));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (priv->chips[w])), ==, "✓ w");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (priv->chips[r]), "would-fail"));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (priv->chips[r])));
  gtk_toggle_button_set_active (priv->chips[r], TRUE);
  gtk_toggle_button_set_active (priv->chips[w], FALSE);
  kv_display_wait (20);
  /* "1 holds r": said in words, not applied. */
  g_assert_nonnull (kv_composer_get_reason (composer));
  g_assert_false (gtk_widget_is_sensitive (priv->apply_button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (priv->chips[r])), ==, "✓ r");
  /* Then the holder: 2, a choice its drop-down would have refused before. */
  gtk_drop_down_set_selected (priv->agent_dropdown, 1);
  kv_display_wait (20);
  g_assert_null (kv_composer_get_reason (composer));
  text = kv_composer_get_step_text (composer);
  g_assert_cmpstr (text, ==, "nocard 2 r");
  g_assert_true (gtk_widget_is_sensitive (priv->apply_button));
}

/* The moment someone wins: a toast, and the explanation says it first. */
static void
test_game_over (void)
{
  g_autoptr(GError) error = NULL;
  guint last, toasts;

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  last = kv_history_length (kv_window_get_history (window)) - 1;
  g_assert_cmpint (kv_history_get (kv_window_get_history (window), last)->step->kind, ==, KV_STEP_WIN);
  kv_window_select_step (window, last - 1);
  kv_display_wait_for_canvas (window, 30000);
  toasts = kv_window_get_n_toasts (window);
  kv_window_select_step (window, last);
  kv_display_wait_for_canvas (window, 30000);
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, "Game over: 1 wins");
  g_assert_true (g_str_has_prefix (kv_window_get_explanation (window), "Game over: 1 wins.\n"));

  /* The formula bar counts the worlds where the formula holds. */
  kv_display_check_formula (window, "win{1}");
  g_assert_cmpstr (kv_formula_bar_get_result (window->formula_bar), ==, "true");
  g_assert_cmpstr (kv_formula_bar_get_count (window->formula_bar), ==, "here; holds at 168 of 168 worlds");
  kv_display_check_formula (window, "");
}

/* Several cards for nocard, a request for showcard. */
static void
test_composer_cards (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  g_autofree char *text = NULL;

  /* 1 holds r: none of w b is true, none of r w is not. */
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 w b"));
  g_assert_null (kv_composer_get_reason (composer));
  text = kv_composer_get_step_text (composer);
  g_assert_cmpstr (text, ==, "nocard 1 w b");
  g_clear_pointer (&text, g_free);
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 r w"));
  g_assert_nonnull (kv_composer_get_reason (composer));

  /* Showcard asks for every card unless told otherwise. */
  g_assert_true (kv_composer_set_step_text (composer, "showcard 1 -> 2 r"));
  g_assert_null (kv_composer_get_reason (composer));
  text = kv_composer_get_step_text (composer);
  g_assert_cmpstr (text, ==, "showcard 1 -> 2 r");
  g_clear_pointer (&text, g_free);
  g_assert_true (kv_composer_set_step_text (composer, "showcard 1 -> 2 r of r w"));
  g_assert_null (kv_composer_get_reason (composer));
  text = kv_composer_get_step_text (composer);
  g_assert_cmpstr (text, ==, "showcard 1 -> 2 r of r w");
  g_clear_pointer (&text, g_free);
  /* 1 cannot show w: it holds r. */
  g_assert_true (kv_composer_set_step_text (composer, "showcard 1 -> 2 w of w b"));
  g_assert_nonnull (kv_composer_get_reason (composer));
}

/* The body of the problem dialog (a bad step, a session over the limit). */
static const char *
problem_body (KvWindow *w)
{
  AdwMessageDialog *dialog = kv_window_get_problem_dialog (w);

  g_assert_nonnull (dialog);
  return adw_message_dialog_get_body (dialog);
}

/* Answers the problem dialog as a click would (and closes it). */
static void
answer_problem (KvWindow   *w,
                const char *response)
{
  AdwMessageDialog *dialog = kv_window_get_problem_dialog (w);

  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, response));
  adw_message_dialog_response (dialog, response);
  if (kv_window_get_problem_dialog (w) == dialog)
    gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (20);
  g_assert_null (kv_window_get_problem_dialog (w));
}

static char *
session_contents (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  char *text = NULL;

  g_assert_true (g_str_has_prefix (path, state_dir));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Autosave: after every change the session file holds the script and the
 * selected step. */
static void
test_session_autosave (void)
{
  g_autofree char *text = NULL;

  kv_window_set_autosave (window, TRUE);
  text = session_contents ();
  g_assert_nonnull (strstr (text, "title Hexa"));
  g_assert_nonnull (strstr (text, "\nnocard 1 w\n"));
  g_assert_null (strstr (text, "endmove 2"));
  g_assert_nonnull (strstr (text, "# kripkeviz: selected-step 1\n"));
  /* The undo tree rides along, so undo survives a restart. */
  g_assert_nonnull (strstr (text, "\n# kripkeviz-undo: "));
  g_assert_nonnull (strstr (text, "\n# kripkeviz-undo-current: "));
  g_clear_pointer (&text, g_free);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  text = session_contents ();
  g_assert_nonnull (strstr (text, "# kripkeviz: selected-step 0\n"));
  g_assert_nonnull (strstr (text, "\nnocard 1 w\n"));
  g_clear_pointer (&text, g_free);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  text = session_contents ();
  g_assert_nonnull (strstr (text, "# kripkeviz: selected-step 1\n"));
}

/* Selects the other of steps 0 and 1: a change the autosave writes. */
static void
toggle_step (void)
{
  kv_window_select_step (window, kv_window_get_step (window) == 0 ? 1 : 0);
  kv_display_wait (20);
}

/* Makes autosaving fail (a directory where the session file goes: a
 * rename over it fails even for root, unlike a chmod) or work again. */
static void
break_autosave (const char *path,
                gboolean    broken)
{
  if (broken)
    {
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
    }
  else
    g_assert_cmpint (g_rmdir (path), ==, 0);
}

/* An autosave failure is told once, not at every change while it lasts,
 * and again each time saving starts failing after it had worked. */
static void
test_session_autosave_fails (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *text = NULL;
  guint toasts = kv_window_get_n_toasts (window);
  guint step = kv_window_get_step (window);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* Failing: one toast, for the first change only. */
  break_autosave (path, TRUE);
  toggle_step ();
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);
  g_assert_true (g_str_has_prefix (kv_window_get_last_toast (window), "Could not save the session: "));
  toggle_step ();
  toggle_step ();
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);

  /* Working again: saved, and nothing said (of two changes, one may be
   * back to what was last written: nothing to write). */
  break_autosave (path, FALSE);
  toggle_step ();
  toggle_step ();
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);

  /* Failing again: told again, once. */
  break_autosave (path, TRUE);
  toggle_step ();
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 2);
  g_assert_true (g_str_has_prefix (kv_window_get_last_toast (window), "Could not save the session: "));
  toggle_step ();
  toggle_step ();
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 2);

  /* Working: the step as it was, saved. */
  break_autosave (path, FALSE);
  toggle_step ();
  toggle_step ();
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  kv_window_select_step (window, step);
  kv_display_wait (20);
  text = session_contents ();
  g_assert_nonnull (strstr (text, step == 1 ? "# kripkeviz: selected-step 1\n" : "# kripkeviz: selected-step 0\n"));
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 2);
}

/* What a previous run of Hexa after "nocard 1 w" left, not quite as
 * kripkeviz writes it (an extra comment), so that its rewrite shows. */
static char *
previous_session (char **canonical)
{
  g_autoptr(KvScript) script = kv_script_open ("hexa", NULL);
  g_autoptr(KvHistory) history = kv_history_new (script->game, 100000, NULL);
  g_autoptr(KvStep) step = kv_step_parse (script->game, "nocard 1 w", NULL, NULL);
  g_autofree char *text = NULL;

  g_assert_true (kv_history_push (history, step, NULL));
  text = kv_session_file_to_text (history, "hexa", 1);
  *canonical = g_strdup (text);
  return g_strconcat ("# left by test-window\n", text, NULL);
}

/* The broken sessions set aside beside @path. */
static GPtrArray *
broken_sessions (const char *path)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "session-") && g_str_has_suffix (name, ".kvg.broken"))
      g_ptr_array_add (found, g_build_filename (dir_name, name, NULL));
  return found;
}

/* Sets @path's times @seconds back. */
static void
age_file (const char *path,
          gint64      seconds)
{
  GStatBuf buf;
  struct utimbuf times;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  times.actime = buf.st_atime - seconds;
  times.modtime = buf.st_mtime - seconds;
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

/* kv-edit-burst (a window editing without end, each edit autosaved) is
 * killed with SIGKILL in the middle of its burst; the next start restores
 * the last edit whole, removes the temporary files a cut-short write left,
 * and undo walks back through every edit to the game as opened. */
static void
kill_during_burst (void)
{
  const char *binary = g_getenv ("KV_EDIT_BURST");
  g_autofree char *child_state = g_build_filename (state_dir, "burst", NULL);
  g_autofree char *child_dir = g_build_filename (child_state, "kripkeviz", NULL);
  g_autofree char *child_path = g_build_filename (child_dir, "session.kvg", NULL);
  g_autofree char *own_path = kv_session_file_get_path ();
  g_autofree char *own_dir = g_path_get_dirname (own_path);
  g_autofree char *text = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  const char *argv[] = { binary, NULL };
  const char *planted[] = { "session.kvg.a1B2c3", "session.kvg.Zz9Yy8" };
  const char *others[] = { "session.kvg.notes", "other.kvg.a1B2c3" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) output = g_string_new (NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;
  KvWindow *restored;
  GPid pid;
  int out_fd, status;
  guint edits = 0, undone = 0;

  if (binary == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("KV_EDIT_BURST does not name kv-edit-burst");
      return;
    }

  g_assert_cmpint (g_mkdir_with_parents (child_dir, 0700), ==, 0);
  envp = g_environ_setenv (envp, "XDG_STATE_HOME", child_state, TRUE);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);

  /* In the middle of the burst: 40 edits autosaved, more on their way. */
  while (edits < 40)
    {
      char buffer[256];
      gssize n = read (out_fd, buffer, sizeof buffer);
      const char *last;

      g_assert_cmpint (n, >, 0);
      g_string_append_len (output, buffer, n);
      last = g_strrstr (output->str, "edit ");
      if (last != NULL && strchr (last, '\n') != NULL)
        edits = (guint) g_ascii_strtoull (last + strlen ("edit "), NULL, 10);
    }
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  close (out_fd);
  g_assert_true (WIFSIGNALED (status));
  g_test_message ("killed after %u edits", edits);

  /* What the next start finds: the session, whatever temporary files the
   * kill left (aged, as after a restart), and two planted ones; a fresh
   * one (another instance writing) and names that only look alike stay. */
  g_assert_true (g_file_get_contents (child_path, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (own_path, text, -1, NULL));
  dir = g_dir_open (child_dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "session.kvg."))
      {
        g_autofree char *from = g_build_filename (child_dir, name, NULL);
        g_autofree char *to = g_build_filename (own_dir, name, NULL);

        g_test_message ("the kill left %s", name);
        g_assert_cmpint (g_rename (from, to), ==, 0);
        age_file (to, 60);
      }
  for (guint i = 0; i < G_N_ELEMENTS (planted); i++)
    {
      g_autofree char *file = g_build_filename (own_dir, planted[i], NULL);

      g_assert_true (g_file_set_contents (file, "# half a session", -1, NULL));
      if (i == 0)
        age_file (file, 60);
    }
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *file = g_build_filename (own_dir, others[i], NULL);

      g_assert_true (g_file_set_contents (file, "not ours", -1, NULL));
      age_file (file, 60);
    }

  restored = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (restored));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 2);
  g_assert_cmpint (kv_history_get (kv_window_get_history (restored), 1)->step->kind, ==, KV_STEP_NOCARD);
  {
    guint left = 0;

    g_clear_pointer (&dir, g_dir_close);
    dir = g_dir_open (own_dir, 0, NULL);
    while ((name = g_dir_read_name (dir)) != NULL)
      if (g_str_has_prefix (name, "session.kvg.") && strlen (name) == strlen ("session.kvg.XXXXXX"))
        {
          g_autofree char *file = g_build_filename (own_dir, name, NULL);

          g_assert_cmpstr (name, ==, planted[1]);   /* only the fresh one */
          g_unlink (file);
          left++;
        }
    g_assert_cmpuint (left, ==, 1);
    for (guint i = 0; i < G_N_ELEMENTS (others); i++)
      {
        g_autofree char *file = g_build_filename (own_dir, others[i], NULL);

        g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
        g_unlink (file);
      }
  }

  /* Undo walks back through every edit the file holds (at least the ones
   * reported), to Hexa as opened, with its two scripted steps. */
  while (kv_session_can_undo (kv_window_get_session (restored)))
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.undo", NULL));
      undone++;
      g_assert_cmpuint (undone, <=, edits + 2);
    }
  g_assert_cmpuint (undone, >=, edits);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.redo", NULL));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 2);
  gtk_window_destroy (GTK_WINDOW (restored));

  g_unlink (child_path);
  g_rmdir (child_dir);
  g_rmdir (child_state);
}

/* The real kripkeviz, started without a game, restores the session and
 * rewrites it; killed (SIGKILL), it leaves the history behind; a new window
 * restores it with the selected step. */
static void
test_session_kill (void)
{
  const char *binary = g_getenv ("KV_KRIPKEVIZ");
  g_autofree char *child_state = g_build_filename (state_dir, "child", NULL);
  g_autofree char *child_dir = g_build_filename (child_state, "kripkeviz", NULL);
  g_autofree char *child_path = g_build_filename (child_dir, "session.kvg", NULL);
  g_autoptr(GPtrArray) child_broken = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *written = previous_session (&canonical);
  g_autofree char *text = NULL;
  g_autofree char *own_path = kv_session_file_get_path ();
  g_auto(GStrv) envp = g_get_environ ();
  const char *argv[] = { binary, NULL };
  g_autoptr(GError) error = NULL;
  KvWindow *restored;
  KvHistory *history;
  GPid pid;
  gint64 end;
  int status;

  if (binary == NULL || !g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("KV_KRIPKEVIZ does not name the kripkeviz binary");
      return;
    }

  g_assert_cmpint (g_mkdir_with_parents (child_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (child_path, written, -1, NULL));

  envp = g_environ_setenv (envp, "XDG_STATE_HOME", child_state, TRUE);
  /* Its own instance, never one already running on a session bus. */
  envp = g_environ_setenv (envp, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  g_assert_true (g_spawn_async (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);

  /* Started and restored: it has rewritten the session its own way. */
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    {
      g_clear_pointer (&text, g_free);
      if (g_file_get_contents (child_path, &text, NULL, NULL) && !g_str_equal (text, written))
        break;
      g_usleep (50000);
    }
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));

  g_assert_nonnull (text);
  /* Its own way: the session, then its undo tree. */
  g_assert_true (g_str_has_prefix (text, canonical));
  g_assert_nonnull (strstr (text, "\n# kripkeviz-undo-current: 0\n"));
  child_broken = broken_sessions (child_path);
  g_assert_cmpuint (child_broken->len, ==, 0);

  /* What the next start finds. */
  g_assert_true (g_file_set_contents (own_path, text, -1, NULL));
  restored = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (restored));
  history = kv_window_get_history (restored);
  g_assert_cmpuint (kv_history_length (history), ==, 2);
  g_assert_cmpint (kv_history_get (history, 1)->step->kind, ==, KV_STEP_NOCARD);
  g_assert_cmpuint (kv_history_get (history, 1)->model->n_worlds, ==, 4);
  g_assert_cmpuint (kv_window_get_step (restored), ==, 1);
  gtk_window_destroy (GTK_WINDOW (restored));

  kill_during_burst ();
}

/* A burst of edits, autosaved as they come (each write atomic, so a kill -9
 * leaves the last one whole); the next start restores them, and undo walks
 * back through every one to the scripted game, redo forward again. */
static void
test_session_undo_restored (void)
{
  KvWindow *first = kv_window_new (NULL);
  KvWindow *restored;
  guint scripted, after_one, after_all;

  kv_window_set_autosave (window, FALSE);
  kv_window_set_autosave (first, TRUE);
  g_assert_true (kv_window_open (first, "clue11", NULL));
  scripted = kv_history_length (kv_window_get_history (first));
  while (kv_window_get_step (first) > 0)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (first), "win.back", NULL));
  g_assert_true (kv_display_next_turn (first));
  after_one = kv_history_length (kv_window_get_history (first));
  {
    /* The toast "N later steps replaced — Undo", to look at. */
    g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "window-replaced.png", NULL);
    g_autoptr(GdkTexture) texture = NULL;

    gtk_window_set_default_size (GTK_WINDOW (first), 1024, 700);
    gtk_window_present (GTK_WINDOW (first));
    kv_display_wait_for_canvas (first, 10000);
    texture = kv_display_render (GTK_WIDGET (first));
    g_assert_true (gdk_texture_save_to_png (texture, path));
    g_test_message ("screenshot: %s", path);
  }
  g_assert_cmpuint (after_one, <, scripted);
  for (guint i = 0; i < 3; i++)
    g_assert_true (kv_display_next_turn (first));
  after_all = kv_history_length (kv_window_get_history (first));
  kv_display_wait (20);
  gtk_window_destroy (GTK_WINDOW (first));

  restored = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (restored));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, after_all);
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.undo", NULL));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, after_one);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.undo", NULL));
  /* Every scripted step is back. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, scripted);
  g_assert_cmpuint (kv_window_get_step (restored), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.redo", NULL));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, after_one);
  gtk_window_destroy (GTK_WINDOW (restored));
  kv_window_set_autosave (window, TRUE);
}

/* A session that does not read is moved aside as
 * session-YYYYMMDD-HHMMSS.kvg.broken, never over an earlier one, never fatal. */
static void
test_session_broken (void)
{
  g_autofree char *path = kv_session_file_get_path ();
  g_autoptr(GPtrArray) before = broken_sessions (path);
  g_autoptr(GPtrArray) after = NULL;
  KvWindow *restored;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *text = g_strdup_printf ("title Broken %u\nagents 1 2\ncards a\nzzz\n", i);

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      restored = kv_window_new (NULL);
      g_assert_false (kv_window_restore_session (restored));
      g_assert_null (kv_window_get_history (restored));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      gtk_window_destroy (GTK_WINDOW (restored));
    }
  after = broken_sessions (path);
  /* Both kept, the first not overwritten by the second. */
  g_assert_cmpuint (after->len, ==, before->len + 2);
  for (guint i = 0; i < after->len; i++)
    {
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (g_ptr_array_index (after, i), &text, NULL, NULL));
      g_assert_true (g_str_has_prefix (text, "title Broken "));
      g_unlink (g_ptr_array_index (after, i));
    }

  /* None at all: nothing restored, nothing said. */
  restored = kv_window_new (NULL);
  g_assert_false (kv_window_restore_session (restored));
  gtk_window_destroy (GTK_WINDOW (restored));
}

/* The session files set aside as @suffix beside @path. */
static GPtrArray *
aside_sessions (const char *path,
                const char *suffix)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "session-") && g_str_has_suffix (name, suffix))
      g_ptr_array_add (found, g_build_filename (dir_name, name, NULL));
  return found;
}

/* A session made under a higher world limit is not broken: it is kept
 * (no autosave over it) and a dialog offers to raise the limit; raised, it
 * opens; declined, it is kept aside as a script to open later. */
static void
test_session_over_limit (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *canonical = NULL;
  g_autofree char *session = previous_session (&canonical);
  g_autofree char *marked = g_strconcat (canonical, "# kripkeviz: world-limit 100000\n", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) broken_before = broken_sessions (path);
  g_autoptr(GPtrArray) broken_after = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  KvWindow *restored;

  kv_window_set_autosave (window, FALSE);
  /* Hexa has 6 worlds. */
  g_settings_set_uint (settings, "world-limit", 5);
  g_assert_true (g_file_set_contents (path, marked, -1, NULL));
  restored = kv_window_new (NULL);
  kv_window_set_autosave (restored, TRUE);
  g_assert_false (kv_window_restore_session (restored));
  g_assert_nonnull (strstr (problem_body (restored), "5"));
  /* Not set aside as broken, not written over. */
  broken_after = broken_sessions (path);
  g_assert_cmpuint (broken_after->len, ==, broken_before->len);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, marked);
  g_clear_pointer (&text, g_free);

  /* Raised to what it was made with: it opens, and is autosaved again. */
  answer_problem (restored, "raise");
  g_assert_cmpuint (g_settings_get_uint (settings, "world-limit"), ==, 100000);
  g_assert_nonnull (kv_window_get_history (restored));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (restored), ==, 1);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, canonical));
  g_assert_nonnull (strstr (text, "\n# kripkeviz: world-limit 100000\n"));
  g_clear_pointer (&text, g_free);
  gtk_window_destroy (GTK_WINDOW (restored));

  /* Declined (a file that does not say its limit): kept aside as
   * session-….kvg, a script, not as broken. */
  g_settings_set_uint (settings, "world-limit", 5);
  g_assert_true (g_file_set_contents (path, session, -1, NULL));
  restored = kv_window_new (NULL);
  kv_window_set_autosave (restored, TRUE);
  g_assert_false (kv_window_restore_session (restored));
  answer_problem (restored, "aside");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  kept = aside_sessions (path, ".kvg");
  g_assert_cmpuint (kept->len, ==, 1);
  g_assert_true (g_file_get_contents (g_ptr_array_index (kept, 0), &text, NULL, NULL));
  g_assert_cmpstr (text, ==, session);
  g_unlink (g_ptr_array_index (kept, 0));
  gtk_window_destroy (GTK_WINDOW (restored));

  g_settings_reset (settings, "world-limit");
  kv_window_set_autosave (window, TRUE);
}

/* Every action has its keys (docs/design.md, "The window"; the shortcuts window). */
static void
test_accels (void)
{
  static const struct {
    const char *action;
    const char *accel;
  } expected[] = {
    { "win.open", "<Control>o" },
    { "win.save", "<Control>s" },
    { "win.export", "<Control>e" },
    { "win.undo", "<Control>z" },
    { "win.redo", "<Shift><Control>z" },
    /* Steps, or the product view's stages while it is shown. */
    { "win.back", "<Alt>Left" },
    { "win.forward", "<Alt>Right" },
    { "win.product", "<Control>p" },
    { "win.next-turn", "<Control>n" },
    { "win.play-to-end", "<Shift><Control>n" },
    { "win.focus-formula", "<Control>l" },
    { "win.zoom-in", "<Control>plus" },
    { "win.zoom-out", "<Control>minus" },
    { "win.zoom-fit", "<Control>0" },
    { "win.show-help-overlay", "<Control>question" },
    { "win.help", "F1" },
    { "app.preferences", "<Control>comma" },
    { "app.quit", "<Control>q" },
  };
  g_autoptr(KvApplication) app = kv_application_new ();
  g_autoptr(GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app),
                            g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    expected[i].action);
      guint key, wanted_key;
      GdkModifierType mods, wanted_mods;
      gboolean found = FALSE;

      g_assert_true (gtk_accelerator_parse (expected[i].accel, &wanted_key, &wanted_mods));
      for (guint j = 0; accels[j] != NULL; j++)
        if (gtk_accelerator_parse (accels[j], &key, &mods) && key == wanted_key && mods == wanted_mods)
          found = TRUE;
      if (!found)
        g_error ("%s has no %s", expected[i].action, expected[i].accel);
    }
}

/* Ctrl+plus and friends reach the canvas from anywhere in the window. */
static void
test_zoom_keys (void)
{
  KvCanvas *canvas = kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
  double zoom;

  /* A layout still on its way from an earlier test would fit the new
   * drawing and undo the zoom: wait for it first. */
  g_assert_true (kv_display_wait_for_canvas (window, 10000));
  zoom = kv_canvas_get_zoom (canvas);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  kv_display_wait (20);
  g_assert_cmpfloat (kv_canvas_get_zoom (canvas), >, zoom);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-out", NULL));
  kv_display_wait (20);
  g_assert_cmpfloat_with_epsilon (kv_canvas_get_zoom (canvas), zoom, 1e-6);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  kv_display_wait (20);
}

/* How many pixels of the canvas are clearly coloured (not grey). */
static guint
coloured_pixels (GtkWidget *widget)
{
  g_autoptr(GdkTexture) texture = kv_display_render (widget);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  guint coloured = 0;

  gdk_texture_download (texture, data, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      guchar b = data[4 * i], g = data[4 * i + 1], r = data[4 * i + 2];

      coloured += MAX (MAX (r, g), b) - MIN (MIN (r, g), b) > 60;
    }
  return coloured;
}

/* The palette preference: greys for printing, the agents apart by dashes. */
static void
test_palette (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *canvas = GTK_WIDGET (kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window))));

  g_assert_true (kv_display_wait_for_canvas (window, 10000));
  g_assert_cmpuint (coloured_pixels (canvas), >, 100);
  g_settings_set_string (settings, "palette", "greyscale");
  kv_display_wait (100);
  g_assert_cmpint (kv_style_get_palette (), ==, KV_PALETTE_GREYSCALE);
  g_assert_cmpuint (coloured_pixels (canvas), <, 100);   /* the highlight colour aside */
  g_settings_set_string (settings, "palette", "okabe-ito");
  kv_display_wait (100);
  g_assert_cmpuint (coloured_pixels (canvas), >, 100);
}

static void
test_formula_bar (void)
{
  const KvBits *highlight;

  kv_display_check_formula (window, "K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "true");
  g_assert_null (kv_window_get_formula_error (window));
  highlight = kv_window_get_highlight (window);
  g_assert_nonnull (highlight);
  g_assert_cmpuint (highlight->n, ==, 4);

  kv_display_check_formula (window, "K{1} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");

  /* A syntax error: the message, no badge, the place selected. */
  kv_display_check_formula (window, "K{1} w@2 &");
  g_assert_null (kv_window_get_formula_result (window));
  g_assert_nonnull (kv_window_get_formula_error (window));
  g_assert_null (kv_window_get_highlight (window));

  kv_display_check_formula (window, "K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "true");
  /* Re-checked at each step: false before 1's announcement. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  kv_display_wait (20);
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL));
  kv_display_wait_for_canvas (window, 10000);

  /* The formula is the session's: set there, the bar shows and checks it;
   * the highlight reaches the canvas. */
  g_assert_cmpstr (kv_session_get_formula (kv_window_get_session (window)), ==, "K{3} w@2");
  kv_session_set_formula (kv_window_get_session (window), "K{1} w@2");
  kv_display_wait (20);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (kv_window_get_formula_entry (window))), ==, "K{1} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");
  /* Typing takes the checked formula back until Enter. */
  gtk_editable_set_text (GTK_EDITABLE (kv_window_get_formula_entry (window)), "K{3} w@");
  g_assert_cmpstr (kv_session_get_formula (kv_window_get_session (window)), ==, "");
  g_assert_null (kv_window_get_formula_result (window));
  kv_display_check_formula (window, "K{3} w@2");
}

static void
test_screenshot (void)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "window-hexa.png", NULL);

  kv_display_wait_for_canvas (window, 10000);
  texture = kv_display_render (GTK_WIDGET (window));
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), >, 600);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
}

#define BROKEN_HEADER "title Broken\nagents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\n"

/* A script with a bad step opens up to it: the error at its line
 * (FILE:LINE:COL) in a dialog that offers to drop it and the rest, or to go
 * back to the game before. A bad header still opens nothing. */
static void
test_broken_script (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "broken.kvg", NULL);
  KvHistory *history = kv_window_get_history (window);
  guint length = kv_history_length (history);

  g_assert_cmpuint (history->game->n_agents, ==, 3);   /* Hexa */

  /* A step that does not read, at line 7, after a good one. */
  g_assert_true (g_file_set_contents (path, BROKEN_HEADER "nocard 1 b\nnocard 1 zzz\nnocard 2 a\n", -1, NULL));
  g_assert_true (kv_window_open (window, path, &error));
  g_assert_no_error (error);
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), ==, 2);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Broken");
  /* FILE:LINE:COL: message */
  g_assert_nonnull (strstr (problem_body (window), "broken.kvg:7:"));
  g_assert_nonnull (strstr (problem_body (window), "zzz"));
  {
    /* To look at. */
    g_autofree char *png = g_test_build_filename (G_TEST_BUILT, "window-bad-step.png", NULL);
    g_autoptr(GdkTexture) texture = NULL;

    kv_display_wait (300);
    texture = kv_display_render (GTK_WIDGET (kv_window_get_problem_dialog (window)));
    g_assert_true (gdk_texture_save_to_png (texture, png));
    g_test_message ("screenshot: %s", png);
  }
  /* Back: Hexa as it was. */
  answer_problem (window, "back");
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), ==, length);
  g_assert_cmpuint (kv_history_get (history, 0)->model->n_worlds, ==, 6);

  /* Again, and drop the bad step and the rest: the good step stays. */
  g_assert_true (kv_window_open (window, path, NULL));
  answer_problem (window, "keep");
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), ==, 2);
  g_assert_cmpint (kv_history_get (history, 1)->step->kind, ==, KV_STEP_NOCARD);

  /* A step refused (1 holds a), at line 7. */
  g_assert_true (g_file_set_contents (path, BROKEN_HEADER "nocard 1 b\nnocard 1 a\n", -1, NULL));
  g_assert_true (kv_window_open (window, path, NULL));
  g_assert_nonnull (strstr (problem_body (window), "broken.kvg:7:1:"));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  answer_problem (window, "keep");

  /* The very first step bad: the game opens without steps. */
  g_assert_true (g_file_set_contents (path, BROKEN_HEADER "nocard 1 zzz\n", -1, NULL));
  g_assert_true (kv_window_open (window, path, NULL));
  g_assert_nonnull (strstr (problem_body (window), "broken.kvg:6:"));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);
  answer_problem (window, "keep");

  /* A bad header: nothing opens, the error says where, the game stays. */
  length = kv_history_length (kv_window_get_history (window));
  g_assert_true (g_file_set_contents (path, "title Broken\nagents 1 2\ncards a b\nhands 1 zzz\n"
                                      "deal 1: a 2: b\nnocard 1 b\n", -1, NULL));
  g_assert_false (kv_window_open (window, path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "broken.kvg:"));
  g_assert_null (kv_window_get_problem_dialog (window));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
  g_unlink (path);
}

/* The entry in @widget and below whose text is @text, or NULL. */
static GtkWidget *
find_entry (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_ENTRY (widget) && g_str_equal (gtk_editable_get_text (GTK_EDITABLE (widget)), text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_entry (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Fix Line N: the valid steps open, the last selected, and the bad line
 * goes into the New Step form — a refused step as the form's choices with
 * the reason, a line that does not read in a text field over the form with
 * the error, until it is corrected. */
static void
test_fix_bad_line (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "fix.kvg", NULL);
  g_autofree char *form = NULL;
  GtkWidget *entry;

  /* Does not read (zzz is no card), at line 7, after a comment. */
  g_assert_true (g_file_set_contents (path, BROKEN_HEADER "nocard 1 b\r\n  nocard 1 zzz   # typo\nnocard 2 a\n",
                                      -1, NULL));
  g_assert_true (kv_window_open (window, path, NULL));
  g_assert_nonnull (strstr (problem_body (window), "fix.kvg:7:"));
  g_assert_true (adw_message_dialog_has_response (kv_window_get_problem_dialog (window), "fix"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (kv_window_get_problem_dialog (window), "fix"),
                   ==, "_Fix Line 7");
  answer_problem (window, "fix");
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpstr (kv_composer_get_draft (composer), ==, "nocard 1 zzz");
  g_assert_nonnull (strstr (kv_composer_get_draft_error (composer), "zzz"));
  entry = find_entry (GTK_WIDGET (composer), "nocard 1 zzz");
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_get_mapped (entry));

  /* Still wrong: the field stays, with the new error. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "nocard 1 yyy");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (kv_composer_get_draft (composer));
  g_assert_nonnull (strstr (kv_composer_get_draft_error (composer), "yyy"));
  /* Corrected: into the form, and applied as the next step. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "nocard 2 a");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (kv_composer_get_draft (composer));
  form = kv_composer_get_step_text (composer);
  g_assert_cmpstr (form, ==, "nocard 2 a");
  g_assert_null (kv_composer_get_reason (composer));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (composer), "composer.apply", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_clear_pointer (&form, g_free);

  /* Refused (1 holds a), at line 7: the form shows it and why. */
  g_assert_true (g_file_set_contents (path, BROKEN_HEADER "nocard 1 b\nnocard 1 a\n", -1, NULL));
  g_assert_true (kv_window_open (window, path, NULL));
  answer_problem (window, "fix");
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_null (kv_composer_get_draft (composer));
  form = kv_composer_get_step_text (composer);
  g_assert_cmpstr (form, ==, "nocard 1 a");
  g_assert_nonnull (kv_composer_get_reason (composer));
  g_assert_nonnull (strstr (kv_window_get_last_toast (window), "fix.kvg:7:1:"));
  g_unlink (path);
}

static void
test_next_turn_clue (void)
{
  g_autoptr(GError) error = NULL;
  KvHistory *history;

  /* Graphviz 2.42's neato overflows the heap routing parallel edges with
   * splines=true (makeMultiSpline), which the envelope view of a Clue game
   * has after a few turns: lay out with sfdp until src/draw avoids it. */
  g_object_set (kv_window_get_canvas (window), "engine", "sfdp", NULL);

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_get (history, 0)->model->n_worlds, ==, 47040);

  /* Ten turns from the initial deal (or until someone wins). */
  for (guint i = 0; i < 10; i++)
    if (!kv_display_next_turn (window))
      break;
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), >=, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, kv_history_length (history) - 1);
  for (guint i = 1; i < kv_history_length (history); i++)
    {
      const KvStep *step = kv_history_get (history, i)->step;

      g_assert_true (step->kind == KV_STEP_SUGGEST || step->kind == KV_STEP_ENDMOVE ||
                     step->kind == KV_STEP_WIN);
    }
  /* The first turn is 1's suggestion, then 1 ends its move. */
  g_assert_cmpint (kv_history_get (history, 1)->step->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpuint (kv_history_get (history, 1)->step->agent, ==, 0);

  kv_display_wait_for_canvas (window, 20000);
  {
    g_autoptr(GdkTexture) texture = kv_display_render (GTK_WIDGET (window));
    g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "window-clue11.png", NULL);

    g_assert_true (gdk_texture_save_to_png (texture, path));
    g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
  }
}

/* The explanation pane says what the selected step did, in words a
 * student reads from the back of the room; nothing at step 0. */
static void
test_explanation (void)
{
  g_autoptr(GError) error = NULL;
  const KvStep *step;
  g_autofree char *words = NULL;
  g_autofree char *del = NULL;
  const char *text;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_window_select_step (window, 0);
  kv_display_wait (50);
  g_assert_null (kv_window_get_explanation (window));
  g_assert_false (gtk_widget_get_visible (window->explanation_box));

  kv_window_select_step (window, 1);
  kv_display_wait_for_canvas (window, 10000);
  step = kv_history_get (kv_window_get_history (window), 1)->step;
  words = kv_step_to_words (step);
  del = kv_step_to_del (step);
  /* Up front, at most four short lines: what was said, why the worlds
   * it removes go, who learned what. */
  text = kv_window_get_explanation (window);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "1 does not hold w.\n"));
  g_assert_nonnull (strstr (text, "1 holds w in 2 worlds (wrb, wbr), which are removed."));
  g_assert_nonnull (strstr (text, "Everyone now knows that 1 does not hold w."));
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), <=, 4);
  }
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explanation_label)));
  /* The whole of it one click away, under Details. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explanation_expander)));
  text = kv_window_get_explanation_details (window);
  g_assert_true (g_str_has_prefix (text, "Action: "));
  /* The step, in words and in DEL notation (nocard₁{w}). */
  g_assert_nonnull (strstr (text, words));
  g_assert_nonnull (strstr (text, del));
  /* What it removed and what the players learned. */
  g_assert_nonnull (strstr (text, "2 worlds were removed: wrb, wbr."));
  g_assert_nonnull (strstr (text, "3 now knows that 2 holds w."));

  /* Body text, not a caption: at least 14 px. */
  g_assert_cmpfloat (kv_display_text_px (GTK_WIDGET (window->explanation_label)), >=, 14.0);

  /* Back at the initial model: nothing to explain. */
  kv_window_select_step (window, 0);
  kv_display_wait (50);
  g_assert_null (kv_window_get_explanation (window));
}

/* The knowledge table's two group columns: E (everyone knows) and C
 * (common knowledge), defined in their headers' tooltips. On Clue 11
 * after every step all three players know Plum is 2's, yet that is not
 * common knowledge. */
static void
test_everyone_common (void)
{
  g_autoptr(GError) error = NULL;
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  KvHistory *history;
  guint n_agents;
  const char *c;
  gboolean learned;

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  history = kv_window_get_history (window);
  n_agents = history->game->n_agents;
  g_assert_cmpuint (n_agents, ==, 3);
  kv_window_select_step (window, kv_history_length (history) - 1);
  kv_display_wait_for_canvas (window, 20000);

  for (guint a = 0; a < n_agents; a++)
    g_assert_cmpstr (cell ("Plum", a, NULL), ==, "2");
  g_assert_cmpstr (cell ("Plum", n_agents, NULL), ==, "2");
  c = cell ("Plum", n_agents + 1, NULL);
  g_assert_true (g_str_has_prefix (c, "? "));
  g_assert_nonnull (strchr (c, '/'));
  /* Common knowledge everywhere of the envelope's lead. */
  g_assert_cmpstr (cell ("lead", n_agents + 1, NULL), ==, "env");

  /* Column headers: the card, the players, E and C, with definitions. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (kv_knowledge_table_get_header (table, n_agents + 1)),
                   !=, NULL);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (kv_knowledge_table_get_header (table, n_agents + 1)),
                            "Everyone knows (E)"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (kv_knowledge_table_get_header (table, n_agents + 2)),
                            "Common knowledge (C)"));

  /* Step 3 (2 suggests axe, Mustard): everyone learns that 3 does not
   * hold axe, yet not who does; the cell still reads "?", with fewer
   * candidates, and is marked learned. */
  kv_window_select_step (window, 3);
  kv_display_wait (50);
  c = cell ("axe", n_agents, &learned);
  g_assert_true (g_str_has_prefix (c, "? "));
  g_assert_null (strchr (c, '3'));
  g_assert_true (learned);
}

/* An agent's perspective, held by the session: the canvas dims the worlds
 * the agent does not consider possible (Hexa at rwb: 1 considers 2 of
 * the 6 deals; 1 thinks 2 may consider 4); a new game has none. */
static void
test_perspective (void)
{
  g_autoptr(GError) error = NULL;
  KvSession *session = kv_window_get_session (window);
  KvCanvasView *view = KV_CANVAS_VIEW (kv_window_get_canvas (window));
  KvCanvas *canvas = kv_canvas_view_get_canvas (view);

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_session_set_view (session, KV_VIEW_WHOLE);
  kv_display_wait_for_canvas (window, 10000);
  g_assert_cmpuint (kv_canvas_count_dimmed (canvas), ==, 0);

  /* The knowledge table has no perspective column (index 5) yet. */
  g_assert_null (cell ("r", 5, NULL));
  g_assert_null (kv_knowledge_table_get_header (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)), 6));

  kv_session_set_perspective (session, "1");
  g_assert_cmpstr (kv_canvas_view_get_perspective (view), ==, "1");
  g_assert_cmpuint (kv_canvas_count_dimmed (canvas), ==, 4);
  /* The table shows it too: what 1 leaves open at rwb. */
  g_assert_nonnull (kv_knowledge_table_get_header (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)), 6));
  g_assert_cmpstr (cell ("r", 5, NULL), ==, "1");
  g_assert_cmpstr (cell ("w", 5, NULL), ==, "? 2/3");
  kv_session_set_perspective (session, "1>2");
  g_assert_cmpuint (kv_canvas_count_dimmed (canvas), ==, 2);
  /* What 1 thinks 2 may consider possible: bwr rbw rwb wbr. */
  g_assert_cmpstr (cell ("r", 5, NULL), ==, "? 1/3");
  g_assert_cmpstr (cell ("w", 5, NULL), ==, "? 1/2/3");
  /* The menu sets it too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.perspective", "s", "3"));
  g_assert_cmpstr (kv_session_get_perspective (session), ==, "3");
  g_assert_cmpuint (kv_canvas_count_dimmed (canvas), ==, 4);
  /* Kept from step to step, taken at each step's actual world. */
  kv_window_select_step (window, kv_history_length (kv_window_get_history (window)) - 1);
  kv_display_wait_for_canvas (window, 10000);
  g_assert_cmpstr (kv_canvas_view_get_perspective (view), ==, "3");

  g_assert_true (kv_window_open (window, "twocards", &error));
  g_assert_cmpstr (kv_session_get_perspective (session), ==, "");
  g_assert_null (cell ("n", 5, NULL));
  kv_display_wait_for_canvas (window, 10000);
  g_assert_cmpuint (kv_canvas_count_dimmed (canvas), ==, 0);
  kv_session_set_view (session, KV_VIEW_AUTO);
}

/* The "%" toggle: each player's cells give its chances for each owner
 * (shares of the deals it considers possible), one per line; known owners, E and C stay. */
static void
test_probabilities (void)
{
  g_autoptr(GError) error = NULL;
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  g_autofree double *shares = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  const KvModel *model;
  guint n_owners;
  int card = -1;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_display_wait_for_canvas (window, 10000);
  g_assert_cmpstr (cell ("w", 0, NULL), ==, "? 2/3");
  kv_knowledge_table_set_probabilities (table, TRUE);
  /* 1 holds r: w is 2's or 3's, one world each. */
  g_assert_cmpstr (cell ("w", 0, NULL), ==, "2 50%\n3 50%");
  g_assert_cmpstr (cell ("r", 0, NULL), ==, "1");
  g_assert_cmpstr (cell ("w", 3, NULL), ==, "? 1/2/3");   /* E */

  /* Clue 11's first card player 1 does not hold: the engine's shares. */
  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  model = kv_history_get (kv_window_get_history (window), 0)->model;
  n_owners = kv_game_n_owners (model->game);
  shares = kv_probabilities_new (model, 0, model->actual);
  for (guint c = 0; c < model->game->n_cards && card < 0; c++)
    if (shares[c * n_owners] == 0)
      card = c;
  g_assert_cmpint (card, >=, 0);
  for (guint o = 0; o < n_owners; o++)
    if (shares[card * n_owners + o] > 0)
      g_string_append_printf (expected, "%s%s %d%%", expected->len > 0 ? "\n" : "",
                              o == kv_game_envelope (model->game) ? "env" : kv_game_owner_name (model->game, o),
                              (int) (shares[card * n_owners + o] * 100 + 0.5));
  g_assert_cmpstr (cell (model->game->card_names[card], 0, NULL), ==, expected->str);

  /* Off: the candidates again. */
  kv_knowledge_table_set_probabilities (table, FALSE);
  g_assert_true (g_str_has_prefix (cell (model->game->card_names[card], 0, NULL), "? "));

  /* Real Cluedo, on the symbolic engine: deal shares there too (the
   * envelope's row of shares included). */
  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  g_assert_null (kv_history_get (kv_window_get_history (window), 0)->model);
  g_assert_true (g_str_has_prefix (cell ("Green", 0, NULL), "? "));
  kv_knowledge_table_set_probabilities (table, TRUE);
  g_assert_nonnull (strstr (cell ("Green", 0, NULL), "%"));
  g_assert_nonnull (strstr (cell ("Green", 0, NULL), "env "));
  kv_knowledge_table_set_probabilities (table, FALSE);
}

/* The knowledge table's headings: each category's name over its cards,
 * and "Other cards" over the cards outside every category only beside
 * categories (the card column makes room for it by the same rule). */
static void
test_table_headings (void)
{
  static const struct {
    const char *game;
    const char *headings;   /* joined by "|" */
  } cases[] = {
    { "agents 1 2\ncategory suspect: Plum Green\ncards rope\nhands 2 1\ndeal 1: Plum rope 2: Green\n", "Suspect|Other cards" },
    { "clue11", "Weapon|Suspect" },
    { "hexa", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvScript) script = strchr (cases[i].game, '\n') != NULL
        ? kv_script_parse (cases[i].game, strlen (cases[i].game), "headings.kvg", &error)
        : kv_script_open (cases[i].game, &error);
      g_autoptr(KvState) state = NULL;
      GtkWidget *table = g_object_ref_sink (kv_knowledge_table_new ());
      g_auto(GStrv) headings = NULL;
      g_autofree char *joined = NULL;

      g_assert_no_error (error);
      state = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
      g_assert_no_error (error);
      kv_knowledge_table_set_state (KV_KNOWLEDGE_TABLE (table), state, -1, NULL, 0);
      headings = kv_knowledge_table_get_headings (KV_KNOWLEDGE_TABLE (table));
      joined = g_strjoinv ("|", headings);
      g_assert_cmpstr (joined, ==, cases[i].headings);
      g_object_unref (table);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-window", FALSE);
  window = kv_display_new_window (1280, 800);

  g_test_add_func ("/window/open-hexa", test_open_hexa);
  g_test_add_func ("/window/table-headings", test_table_headings);
  g_test_add_func ("/window/composer", test_composer);
  g_test_add_func ("/window/composer-cards", test_composer_cards);
  g_test_add_func ("/window/undo-redo", test_undo_redo);
  g_test_add_func ("/window/undo-enabled", test_undo_enabled);
  g_test_add_func ("/window/delete-later", test_delete_later);
  g_test_add_func ("/window/session-autosave", test_session_autosave);
  g_test_add_func ("/window/session-autosave-fails", test_session_autosave_fails);
  g_test_add_func ("/window/refused-step", test_refused_step);
  g_test_add_func ("/window/session-kill", test_session_kill);
  g_test_add_func ("/window/session-undo-restored", test_session_undo_restored);
  g_test_add_func ("/window/session-broken", test_session_broken);
  g_test_add_func ("/window/session-over-limit", test_session_over_limit);
  g_test_add_func ("/window/accels", test_accels);
  g_test_add_func ("/window/zoom-keys", test_zoom_keys);
  g_test_add_func ("/window/palette", test_palette);
  g_test_add_func ("/window/formula-bar", test_formula_bar);
  g_test_add_func ("/window/screenshot", test_screenshot);
  g_test_add_func ("/window/broken-script", test_broken_script);
  g_test_add_func ("/window/fix-bad-line", test_fix_bad_line);
  g_test_add_func ("/window/next-turn-clue11", test_next_turn_clue);
  g_test_add_func ("/window/explanation", test_explanation);
  g_test_add_func ("/window/everyone-common", test_everyone_common);
  g_test_add_func ("/window/probabilities", test_probabilities);
  g_test_add_func ("/window/perspective", test_perspective);

  /* Last: they open games of their own. */
  g_test_add_func ("/window/composer-any-order", test_composer_any_order);
  g_test_add_func ("/window/game-over", test_game_over);

  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  {
    /* Two levels at most: kripkeviz/ and child/kripkeviz/. */
    const char *files[] = { "kripkeviz/session.kvg", "kripkeviz/session.kvg.broken",
                            "child/kripkeviz/session.kvg", "child/kripkeviz",
                            "child", "kripkeviz", NULL };

    for (guint i = 0; files[i] != NULL; i++)
      {
        g_autofree char *path = g_build_filename (state_dir, files[i], NULL);

        g_remove (path);
      }
    g_rmdir (state_dir);
  }
  g_free (state_dir);
  return status;
}
