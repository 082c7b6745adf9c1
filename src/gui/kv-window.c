// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window.c: the main window */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-explain.h"
#include "kv-game-menu.h"
#include "kv-gui-resources.h"
#include "kv-lesson.h"
#include "kv-lesson-pane.h"
#include "kv-step-item.h"
#include "kv-strategy-menu.h"
#include "kv-style.h"
#include "kv-session-file.h"
#include "kv-window-private.h"

G_DEFINE_FINAL_TYPE (KvWindow, kv_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PRODUCT_MODE,
  PROP_SHOW_SIDEBAR,
  PROP_PRESENTING,
  PROP_PRESENT_LAYOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


/* Every toast goes through here: the tests count them. */
static void
add_toast (KvWindow *self,
           AdwToast *toast)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (adw_toast_get_title (toast));
  self->n_toasts++;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
_kv_window_toast (KvWindow   *self,
                  const char *message)
{
  AdwToast *t = adw_toast_new (message);

  adw_toast_set_timeout (t, 4);
  add_toast (self, t);
}

void
_kv_window_report_error (KvWindow   *self,
                         const char *heading,
                         const char *message)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* History rows */

/* Makes the rows from @from on match the history. */
static void
sync_steps (KvWindow *self,
            guint     from)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->steps));
  guint length = history_of (self) != NULL ? kv_history_length (history_of (self)) : 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  from = MIN (from, n_items);
  for (guint i = from; i < length; i++)
    g_ptr_array_add (items, kv_step_item_new_for_entry (history_of (self), i));
  g_list_store_splice (self->steps, from, n_items - from, items->pdata, items->len);
}

/* Undo and redo are greyed out when there is nothing to undo or redo. */
void
_kv_window_update_undo_actions (KvWindow *self)
{
  gboolean playing = kv_session_get_playing (self->session);

  /* The turns playing on the worker are an edit still to come. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", kv_session_can_undo (self->session) && !playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", kv_session_can_redo (self->session) && !playing);
}

static void
update_actions (KvWindow *self)
{
  g_autofree char *why = NULL;
  /* While turns play on the worker (Next turn, Play to the end), nothing
   * edits the history (the session would refuse it): the play bar says
   * so and offers Cancel. */
  gboolean playing = kv_session_get_playing (self->session);

  /* Undo and redo follow the session's undo tree, never the selected step
   * (moving between steps is navigation). */
  _kv_window_update_undo_actions (self);
  /* Nothing after the last step to delete. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-later",
                                 history_of (self) != NULL && !playing &&
                                 step_of (self) + 1 < kv_history_length (history_of (self)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", history_of (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", history_of (self) != NULL);
  {
    gboolean symbolic = kv_session_is_symbolic (self->session);

    /* The initial model is no action's product; a symbolic game has no
     * worlds to pair. */
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product",
                                   history_of (self) != NULL && step_of (self) > 0 && !symbolic);
    gtk_widget_set_tooltip_text (self->product_button,
                                 symbolic
                                 ? _("The product view draws every world and event: this game has too many worlds to draw")
                                 : history_of (self) != NULL && step_of (self) > 0
                                 ? _("Show how the step is made: the model before (M), the action (A) and their product M ⊗ A side by side (Ctrl+P)")
                                 : _("The initial model is not made by an action: select a later step to see its product"));
    /* Past a suggestion's last stage, its next part. */
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product-previous",
                                   self->product_mode && kv_product_pane_can_step (KV_PRODUCT_PANE (self->product_pane), -1));
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product-next",
                                   self->product_mode && kv_product_pane_can_step (KV_PRODUCT_PANE (self->product_pane), 1));
  }

  /* Next turn plays from the selected step: nothing left once someone won. */
  if (history_of (self) != NULL)
    {
      for (guint i = step_of (self) + 1; i-- > 1;)
        {
          const KvStep *step = kv_history_get (history_of (self), i)->step;

          if (step->kind == KV_STEP_WIN)
            {
              why = g_strdup_printf (_("The game is over: player %s has won."),
                                     history_of (self)->game->agent_names[step->agent]);
              break;
            }
          if (step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_SUGGEST)
            break;
        }
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-turn", history_of (self) != NULL && why == NULL && !playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-to-end", history_of (self) != NULL && why == NULL && !playing);
  _kv_window_update_play (self);
  gtk_widget_set_tooltip_text (self->next_turn_button,
                               why != NULL ? why
                                           : _("The next player suggests an envelope it still considers possible, the others answer, then it wins or ends its move"));
}

static void
update_title (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  g_autofree char *subtitle = NULL;
  g_autofree char *title = NULL;
  guint length;

  if (entry == NULL)
    {
      adw_window_title_set_title (self->window_title, "Kripkeviz");
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), "Kripkeviz");
      return;
    }

  length = kv_history_length (history_of (self));
  {
    /* 64-bit: real Cluedo has 5 557 616 064 worlds. */
    guint64 n_worlds = kv_state_count_worlds (entry->state);
    g_autofree char *count = kv_count_format (n_worlds);

    /* TRANSLATORS: the last %s is a count of worlds, e.g. "5 557 616 064" */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Step %u of %u · %s world",
                                             "Step %u of %u · %s worlds",
                                             n_worlds),
                                step_of (self), length - 1, count);
  }
  title = kv_game_user_title (history_of (self)->game);
  adw_window_title_set_title (self->window_title, title != NULL ? title : kv_session_get_game_name (self->session));
  /* The window list and Alt+Tab name the game too. */
  gtk_window_set_title (GTK_WINDOW (self), adw_window_title_get_title (self->window_title));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_accessible (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  g_autofree char *description = NULL;

  if (entry != NULL)
    {
      guint length = kv_history_length (history_of (self));

      description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%u step; step %u is shown",
                                                  "%u steps; step %u is shown",
                                                  length - 1),
                                     length - 1, step_of (self));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->history_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

/* @line escaped, with the removed worlds' or deals' names in a typewriter
 * font: "[lM]" (lead, Mustard) must not read as "[IM]". */
static char *
escape_with_names (const char *line, GPtrArray *names)
{
  g_autofree char *escaped = g_markup_escape_text (line, -1);
  g_autoptr(GString) out = g_string_new (escaped);

  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      g_autofree char *name = g_markup_escape_text (g_ptr_array_index (names, i), -1);
      g_autofree char *tt = g_strdup_printf ("<tt>%s</tt>", name);

      g_string_replace (out, name, tt, 1);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* @text as markup, its first line (the action) in bold; @names (the
 * removed worlds', on the second line) in a typewriter font. */
static char *
explanation_markup (const char *text, GPtrArray *names)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *escaped = escape_with_names (lines[i], i == 1 ? names : NULL);

      if (i > 0)
        g_string_append_c (markup, '\n');
      if (i == 0)
        g_string_append_printf (markup, "<b>%s</b>", escaped);
      else
        g_string_append (markup, escaped);
    }
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

/* The selected step's explanation as markup: its summary and its details
 * (NULL, NULL at the initial model). */
static void
explanation_texts (KvWindow *self, char **summary, char **details)
{
  g_autoptr(KvExplanation) explanation = NULL;

  *summary = *details = NULL;
  if (history_of (self) == NULL || step_of (self) == 0)
    return;
  explanation = kv_explain_entry (history_of (self), step_of (self));
  g_return_if_fail (explanation != NULL);
  *summary = explanation_markup (explanation->summary, NULL);
  *details = explanation_markup (explanation->text, explanation->removed);
}

/* What the selected step did (nothing for the initial model): a few lines
 * a class reads, the whole of it under Details. Read out while the
 * picture was laid out when it could be (prepare_text). */
static void
update_explanation (KvWindow *self)
{
  g_autofree char *summary = NULL;
  g_autofree char *details = NULL;

  if (self->prepared_history == history_of (self) && self->prepared_step == step_of (self) &&
      self->prepared_summary != NULL)
    {
      summary = g_steal_pointer (&self->prepared_summary);
      details = g_steal_pointer (&self->prepared_details);
    }
  else
    explanation_texts (self, &summary, &details);
  g_clear_pointer (&self->prepared_summary, g_free);
  g_clear_pointer (&self->prepared_details, g_free);
  if (summary == NULL)
    {
      gtk_label_set_text (self->explanation_label, "");
      gtk_label_set_text (self->explanation_details, "");
      _kv_window_show_explanation (self);
      return;
    }
  gtk_label_set_markup (self->explanation_label, summary);
  gtk_label_set_markup (self->explanation_details, details);
  _kv_window_show_explanation (self);
}

/* While the layout thread draws the step: what the text will show, read
 * out of the states (their knowledge tables are kept once read), so that
 * the frame with the picture does not wait for it. */
static void
prepare_text (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);

  g_clear_pointer (&self->prepared_summary, g_free);
  g_clear_pointer (&self->prepared_details, g_free);
  if (entry == NULL)
    return;
  kv_state_knowledge (entry->state);
  self->prepared_history = history_of (self);
  self->prepared_step = step_of (self);
  explanation_texts (self, &self->prepared_summary, &self->prepared_details);
}

static void set_product_mode (KvWindow *self, gboolean product_mode);

/* The product view follows the selected step. */
static void
show_product (KvWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->product_mode)
    return;
  if (history_of (self) == NULL || step_of (self) == 0 || kv_session_is_symbolic (self->session))
    {
      set_product_mode (self, FALSE);
      return;
    }
  if (!kv_product_pane_set_entry (KV_PRODUCT_PANE (self->product_pane), history_of (self),
                                  step_of (self), &error))
    {
      _kv_window_toast (self, error->message);
      set_product_mode (self, FALSE);
    }
}

/* The longest the table and the explanation wait for the picture: a
 * layout slower than this (a huge model) shows the text first. */
#define TEXT_WAIT_MS 1000

/* When the window has nothing else to do: the next step's read-outs
 * (its knowledge table, its envelopes), kept on its state, so that
 * stepping forward, as a class does, finds them ready. */
static gboolean
read_ahead_cb (gpointer data)
{
  KvWindow *self = data;
  KvHistory *history = history_of (self);
  g_autoptr(KvEnvelopeLinks) links = NULL;
  KvState *next;

  self->read_ahead = 0;
  if (history == NULL || step_of (self) + 1 >= kv_history_length (history))
    return G_SOURCE_REMOVE;
  next = kv_history_get (history, step_of (self) + 1)->state;
  kv_state_knowledge (next);
  if (kv_state_model (next) == NULL && kv_state_game (next)->has_envelope)
    links = kv_state_envelope_links (next, NULL);
  return G_SOURCE_REMOVE;
}

void
_kv_window_flush_text (KvWindow *self)
{
  g_clear_handle_id (&self->text_idle, g_source_remove);
  g_clear_handle_id (&self->text_timeout, g_source_remove);
  if (!self->text_pending)
    return;
  self->text_pending = FALSE;
  _kv_window_update_knowledge (self);
  update_explanation (self);
  if (self->read_ahead == 0)
    self->read_ahead = g_idle_add_full (G_PRIORITY_LOW, read_ahead_cb, self, NULL);
}

static gboolean
canvas_shown_busy (KvWindow *self)
{
  return gtk_stack_get_visible_child (self->canvas_stack) == self->canvas &&
         gtk_widget_get_mapped (self->canvas) &&
         kv_canvas_view_get_busy (KV_CANVAS_VIEW (self->canvas));
}

static gboolean
text_timeout_cb (gpointer data)
{
  KvWindow *self = data;

  self->text_timeout = 0;
  _kv_window_flush_text (self);
  return G_SOURCE_REMOVE;
}

/* After the canvas has taken the step (its update runs at high idle) and
 * before the frame: with its picture ready (a step seen before), the text
 * goes now; else when the picture arrives (on_canvas_busy). */
static gboolean
text_idle_cb (gpointer data)
{
  KvWindow *self = data;

  self->text_idle = 0;
  if (!canvas_shown_busy (self))
    {
      _kv_window_flush_text (self);
      return G_SOURCE_REMOVE;
    }
  prepare_text (self);
  if (self->text_timeout == 0)
    self->text_timeout = g_timeout_add (TEXT_WAIT_MS, text_timeout_cb, self);
  return G_SOURCE_REMOVE;
}

static void
on_canvas_busy (KvWindow *self)
{
  if (self->text_pending && self->text_idle == 0 && !canvas_shown_busy (self))
    _kv_window_flush_text (self);
}

/* The knowledge table and the explanation change in the frame the picture
 * changes in: a class reading the table while the canvas still shows the
 * step before saw them disagree. */
static void
queue_text (KvWindow *self)
{
  self->text_pending = TRUE;
  /* The step after the one read ahead for is another now. */
  g_clear_handle_id (&self->read_ahead, g_source_remove);
  /* What was read out ahead may be of the history before an edit. */
  g_clear_pointer (&self->prepared_summary, g_free);
  g_clear_pointer (&self->prepared_details, g_free);
  if (self->text_idle == 0)
    self->text_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, text_idle_cb, self, NULL);
}

/* A narration written in the lesson pane: an edit to undo and to save. */
static void
on_narration_edited (KvWindow *self)
{
  _kv_window_update_undo_actions (self);
  _kv_window_save_session (self);
}

static void
show_current (KvWindow *self)
{
  /* The canvas, the formula bar and the composer follow the session by
   * themselves (bound in kv_window_init); a symbolic state has no model to
   * draw, which the canvas says in the picture's place. */
  _kv_window_update_placeholder (self);
  show_product (self);
  queue_text (self);
  update_title (self);
  _kv_window_update_strip (self);
  update_actions (self);
  update_accessible (self);
  _kv_window_save_session (self);
}

void
_kv_window_refresh_game_menu (KvWindow *self)
{
  g_autoptr(GMenuModel) menu = kv_game_menu_new ();

  gtk_menu_button_set_menu_model (self->game_button, menu);
}

/* The selected row in sight once the history has its height: a step
 * picked before the window was shown was scrolled to with no rows laid
 * out (the history stayed at its top), and a resize may hide it. */
static gboolean
scroll_history (gpointer data)
{
  KvWindow *self = data;

  self->history_scroll = 0;
  if (step_of (self) < g_list_model_get_n_items (G_LIST_MODEL (self->steps)))
    gtk_widget_activate_action (GTK_WIDGET (self->history_view), "list.scroll-to-item", "u", step_of (self));
  return G_SOURCE_REMOVE;
}

static void
on_history_height_changed (KvWindow *self)
{
  if (self->history_scroll == 0)
    self->history_scroll = g_idle_add (scroll_history, self);
}

/* Reaching a step where someone wins (played, or stepped to): the moment
 * the class waited for, said over the window. */
static void
announce_win (KvWindow *self,
              guint     step)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  g_autofree char *message = NULL;

  if (step == self->shown || entry == NULL || entry->step == NULL || entry->step->kind != KV_STEP_WIN)
    return;
  /* TRANSLATORS: a toast when a player wins, e.g. "Game over: 3 wins" */
  message = g_strdup_printf (_("Game over: %s wins"), entry->step->game->agent_names[entry->step->agent]);
  _kv_window_toast (self, message);
}

/* The selected row and the widgets follow the session's step. */
static void
show_step (KvWindow *self)
{
  guint step = step_of (self);

  if (gtk_single_selection_get_selected (self->selection) != step)
    {
      self->syncing = TRUE;
      gtk_single_selection_set_selected (self->selection, step);
      self->syncing = FALSE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self->history_view), "list.scroll-to-item", "u", step);
  announce_win (self, step);
  self->shown = step;
  show_current (self);
}

void
kv_window_select_step (KvWindow *self,
                       guint     index)
{
  g_return_if_fail (KV_IS_WINDOW (self));
  g_return_if_fail (history_of (self) != NULL);
  g_return_if_fail (index < kv_history_length (history_of (self)));

  kv_session_select_step (self->session, index);
}

/* A toast for an edit that took steps away, with Undo to bring them back. */
void
_kv_window_toast_undoable (KvWindow   *self,
                           const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  adw_toast_set_timeout (toast, 8);
  add_toast (self, toast);
}

/* Nothing is lost silently: the replaced steps are one click away. */
static void
on_steps_replaced (KvWindow *self,
                   guint     n_replaced)
{
  g_autofree char *message = g_strdup_printf (ngettext ("%u later step replaced",
                                                        "%u later steps replaced", n_replaced),
                                              n_replaced);

  _kv_window_toast_undoable (self, message);
}

/* Deleting the later steps is one edit: one click brings them back. */
static void
on_steps_deleted (KvWindow *self,
                  guint     n_deleted)
{
  g_autofree char *message = g_strdup_printf (ngettext ("%u later step deleted",
                                                        "%u later steps deleted", n_deleted),
                                              n_deleted);

  _kv_window_toast_undoable (self, message);
}

static void
on_step_changed (KvWindow *self)
{
  if (self->shown != step_of (self) ||
      gtk_single_selection_get_selected (self->selection) != step_of (self))
    show_step (self);
}

/* A new game is a recent file (the session empties the formula). */
static void
on_game_changed (KvWindow *self)
{
  const char *path = kv_session_get_game_path (self->session);

  if (path != NULL)
    {
      kv_game_menu_add_recent (path);
      _kv_window_refresh_game_menu (self);
    }
}

/* The rows from @from on follow the history (one autosave, at the end). */
static void
on_steps_changed (KvWindow *self,
                  guint     from)
{
  self->syncing = TRUE;
  sync_steps (self, from);
  self->syncing = FALSE;
  show_step (self);   /* updates the actions, undo's too */
}

static void
on_selection_changed (KvWindow *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (!self->syncing && history_of (self) != NULL && selected != GTK_INVALID_LIST_POSITION &&
      selected < kv_history_length (history_of (self)))
    kv_session_select_step (self->session, selected);
}

static void
on_selected_world_changed (KvWindow *self)
{
  _kv_window_update_knowledge (self);
}

/* Steps */

static void
on_composer_apply (KvWindow *self,
                   KvStep   *step)
{
  g_autoptr(GError) error = NULL;

  if (history_of (self) != NULL && !kv_session_apply_step (self->session, step, &error))
    _kv_window_toast (self, error->message);
}

/* The product view */

static void
set_product_mode (KvWindow *self,
                  gboolean  product_mode)
{
  KvProductPane *pane = KV_PRODUCT_PANE (self->product_pane);
  g_autoptr(GError) error = NULL;

  product_mode = !!product_mode && history_of (self) != NULL && step_of (self) > 0;
  if (self->product_mode == product_mode)
    return;

  if (product_mode &&
      !kv_product_pane_set_entry (pane, history_of (self), step_of (self), &error))
    {
      _kv_window_toast (self, error->message);
      product_mode = FALSE;
      if (!self->product_mode)
        {
          /* The toggle went in: put it back out. */
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRODUCT_MODE]);
          return;
        }
    }

  self->product_mode = product_mode;
  if (!product_mode)
    kv_product_pane_clear (pane);
  /* The three panels take the history's room too (F9 brings it back),
   * locked, so that the panes' widths changing does not unfold it again;
   * leaving presentation mode leaves it so (kv-window-present.c). */
  if (product_mode)
    {
      self->flap_before_product = self->presenting ? self->flap_was_revealed
                                                   : adw_flap_get_reveal_flap (self->flap);
      adw_flap_set_reveal_flap (self->flap, FALSE);
      adw_flap_set_locked (self->flap, TRUE);
    }
  else if (!self->presenting)
    {
      adw_flap_set_locked (self->flap, FALSE);
      adw_flap_set_reveal_flap (self->flap, self->flap_before_product);
    }
  gtk_stack_set_visible_child (self->canvas_stack, product_mode ? self->product_pane : self->canvas);
  _kv_window_apply_layout (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRODUCT_MODE]);
}

/* The canvas highlights the worlds the formula holds at. */
static void
on_highlight_changed (KvWindow *self)
{
  kv_canvas_view_set_highlight (KV_CANVAS_VIEW (self->canvas),
                                kv_formula_bar_get_highlight (self->formula_bar));
}

/* The history pane */

static void
on_flap_reveal_changed (KvWindow *self)
{
  gboolean shown = adw_flap_get_reveal_flap (self->flap);

  gtk_widget_set_tooltip_text (self->sidebar_button,
                               shown ? _("Hide the History (F9)") : _("Show the History (F9)"));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

/* Settings */

/* Widgets keep what they last drew: after the palette changes, every one
 * draws again (canvases, agent toggles, the product panels). */
static void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_all (child);
}

static void
on_palette_changed (KvWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "palette");
  KvPalette palette = KV_PALETTE_OKABE_ITO;

  kv_palette_from_string (name, &palette);
  kv_style_set_palette (palette);
  queue_draw_all (GTK_WIDGET (self));
}

static gboolean
kv_window_close_request (GtkWindow *window)
{
  KvWindow *self = KV_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  /* Turns playing on the worker end with the turn being played, and keep
   * nothing. */
  kv_session_cancel_play (self->session);
  /* The session as it is now, written again even when it was written
   * before (the file may have gone since). */
  g_clear_pointer (&self->session_text, g_free);
  _kv_window_save_session (self);

  return GTK_WINDOW_CLASS (kv_window_parent_class)->close_request (window);
}

static void
kv_window_dispose (GObject *object)
{
  KvWindow *self = KV_WINDOW (object);

  /* Turns playing on the worker go on to the end of the turn, holding
   * the session; what they then say is heard by nobody here, and Next
   * turn's bar no longer comes. */
  if (self->session != NULL)
    {
      kv_session_cancel_play (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_handle_id (&self->play_bar_delay, g_source_remove);
  g_clear_handle_id (&self->history_scroll, g_source_remove);
  g_clear_handle_id (&self->text_idle, g_source_remove);
  g_clear_handle_id (&self->text_timeout, g_source_remove);
  g_clear_handle_id (&self->read_ahead, g_source_remove);
  g_clear_handle_id (&self->present_again, g_source_remove);
  if (self->problem_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->problem_dialog));
  g_clear_weak_pointer (&self->problem_dialog);
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->steps);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (kv_window_parent_class)->dispose (object);
}

static void
kv_window_finalize (GObject *object)
{
  KvWindow *self = KV_WINDOW (object);

  g_free (self->session_text);
  g_free (self->prepared_summary);
  g_free (self->prepared_details);
  g_free (self->held_session);
  g_free (self->last_toast);

  G_OBJECT_CLASS (kv_window_parent_class)->finalize (object);
}

static void
kv_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  KvWindow *self = KV_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PRODUCT_MODE:
      g_value_set_boolean (value, self->product_mode);
      break;
    case PROP_SHOW_SIDEBAR:
      /* Asked for by the toggle while the template is being built. */
      g_value_set_boolean (value, self->flap == NULL || adw_flap_get_reveal_flap (self->flap));
      break;
    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
      break;
    case PROP_PRESENT_LAYOUT:
      g_value_set_string (value, _kv_window_present_layout_nick (self->present_layout));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  KvWindow *self = KV_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PRODUCT_MODE:
      set_product_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_SIDEBAR:
      if (self->flap != NULL)
        adw_flap_set_reveal_flap (self->flap, g_value_get_boolean (value));
      break;
    case PROP_PRESENTING:
      _kv_window_set_presenting (self, g_value_get_boolean (value));
      break;
    case PROP_PRESENT_LAYOUT:
      _kv_window_set_present_layout (self, _kv_window_present_layout_from_nick (g_value_get_string (value)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  GTK_WIDGET_CLASS (kv_window_parent_class)->size_allocate (widget, width, height, baseline);
  _kv_window_present_allocated (KV_WINDOW (widget), width);
}

static void
kv_window_class_init (KvWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kv_window_dispose;
  object_class->finalize = kv_window_finalize;
  object_class->get_property = kv_window_get_property;
  object_class->set_property = kv_window_set_property;
  window_class->close_request = kv_window_close_request;
  widget_class->size_allocate = kv_window_size_allocate;

  properties[PROP_PRODUCT_MODE] =
    g_param_spec_boolean ("product-mode", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The history pane is shown (folded over the canvas on a narrow screen). */
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Presentation mode (F5). */
  properties[PROP_PRESENTING] =
    g_param_spec_boolean ("presenting", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What presentation mode shows: "both" (the picture and the table),
   * "picture" or "table" (T flips through them). */
  properties[PROP_PRESENT_LAYOUT] =
    g_param_spec_string ("present-layout", NULL, NULL,
                         "both",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Links the resources in (they live in a static library). */
  g_assert (kv_gui_get_resource () != NULL);

  g_type_ensure (KV_TYPE_CANVAS_VIEW);
  g_type_ensure (KV_TYPE_COMPOSER);
  g_type_ensure (KV_TYPE_FORMULA_BAR);
  g_type_ensure (KV_TYPE_KNOWLEDGE_TABLE);
  g_type_ensure (KV_TYPE_LESSON_PANE);
  g_type_ensure (KV_TYPE_PRODUCT_PANE);
  g_type_ensure (KV_TYPE_STEP_ITEM);
  g_type_ensure (KV_TYPE_STRATEGY_MENU);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KvWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, composer);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, next_turn_button);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, canvas_stack);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, product_pane);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, lesson_pane);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, formula_bar);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, knowledge_table);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, picture_column);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, right_pane);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, explanation_box);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, explanation_details);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, explanation_expander);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, explanation_heading);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, table_hint);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, product_button);
  /* Found with gtk_widget_get_template_child; no field. */
  gtk_widget_class_bind_template_child_full (widget_class, "strategy_menu", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "play_bar", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "play_label", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, present_strip);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, strip_label);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, strip_title);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, layout_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_composer_apply);

  _kv_window_class_actions_init (widget_class);
}

static void
kv_window_init (KvWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_max_bytes = KV_SESSION_FILE_MAX_BYTES;

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_swapped (self->settings, "changed::palette",
                            G_CALLBACK (on_palette_changed), self);
  on_palette_changed (self);

  self->session = kv_session_new ();
  g_settings_bind (self->settings, "world-limit", self->session, "world-limit", G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->session, "game-changed", G_CALLBACK (on_game_changed), self);
  g_signal_connect_swapped (self->session, "steps-changed", G_CALLBACK (on_steps_changed), self);
  g_signal_connect_swapped (self->session, "notify::step", G_CALLBACK (on_step_changed), self);
  g_signal_connect_swapped (self->session, "steps-replaced", G_CALLBACK (on_steps_replaced), self);
  g_signal_connect_swapped (self->session, "steps-deleted", G_CALLBACK (on_steps_deleted), self);
  g_signal_connect_swapped (self->session, "deal-changed", G_CALLBACK (_kv_window_on_deal_changed), self);
  g_signal_connect_swapped (self->session, "notify::playing", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->session, "notify::played-turns", G_CALLBACK (_kv_window_update_play), self);
  kv_strategy_menu_set_session (KV_STRATEGY_MENU (gtk_widget_get_template_child (GTK_WIDGET (self), KV_TYPE_WINDOW,
                                                                                 "strategy_menu")),
                                self->session);

  self->steps = g_list_store_new (KV_TYPE_STEP_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->steps)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_list_view_set_model (self->history_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->history_view)),
                            "notify::page-size", G_CALLBACK (on_history_height_changed), self);

  g_settings_bind (self->settings, "layout-engine", self->canvas, "engine", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "draw-limit", self->canvas, "draw-limit", G_SETTINGS_BIND_GET);
  /* The widgets show the session: the selected step's model, the formula
   * checked at it, the view and the agents shown. The canvas first: a new
   * model clears its highlight, which the formula bar then sets. */
  g_object_bind_property (self->session, "model", self->canvas, "model", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "state", self->formula_bar, "state", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "state", self->composer, "state", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "formula", self->formula_bar, "formula",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "view", self->canvas, "view",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "hidden-agents", self->canvas, "hidden-agents",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->session, "perspective", self->canvas, "perspective",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->canvas, "notify::busy",
                            G_CALLBACK (on_canvas_busy), self);
  g_signal_connect_swapped (self->canvas, "notify::selected-world",
                            G_CALLBACK (on_selected_world_changed), self);
  /* A symbolic state's picture is built for the view chosen. */
  g_signal_connect_swapped (self->session, "notify::view",
                            G_CALLBACK (_kv_window_update_placeholder), self);
  /* The knowledge table's perspective column follows the canvas's. */
  g_signal_connect_swapped (self->session, "notify::perspective",
                            G_CALLBACK (on_selected_world_changed), self);
  g_signal_connect_swapped (self->formula_bar, "notify::highlight",
                            G_CALLBACK (on_highlight_changed), self);
  g_settings_bind (self->settings, "layout-engine", self->product_pane, "engine", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "draw-limit", self->product_pane, "draw-limit", G_SETTINGS_BIND_GET);
  /* The agent toggles of the canvas apply to the panels too. */
  g_object_bind_property (self->canvas, "hidden-agents", self->product_pane, "hidden-agents",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->product_pane, "notify::stage",
                            G_CALLBACK (update_actions), self);

  g_signal_connect_swapped (self->flap, "notify::reveal-flap",
                            G_CALLBACK (on_flap_reveal_changed), self);
  g_signal_connect_swapped (self->flap, "notify::folded",
                            G_CALLBACK (on_flap_reveal_changed), self);
  on_flap_reveal_changed (self);

  self->present_keys = _kv_window_present_keys_new ();
  gtk_widget_add_controller (GTK_WIDGET (self), self->present_keys);
  _kv_window_present_init (self);

  /* Lesson mode: its actions and keys on the window (after presentation
   * mode's, which hand the clicker to it), its words written here saved
   * with the session. */
  kv_lesson_pane_attach (KV_LESSON_PANE (self->lesson_pane), GTK_WIDGET (self), self->session,
                         KV_CANVAS_VIEW (self->canvas));
  g_signal_connect_swapped (self->lesson_pane, "edited", G_CALLBACK (on_narration_edited), self);

  _kv_window_refresh_game_menu (self);
  update_actions (self);
}

KvWindow *
kv_window_new (GtkApplication *application)
{
  return g_object_new (KV_TYPE_WINDOW, "application", application, NULL);
}

void
kv_window_set_product_mode (KvWindow *self,
                            gboolean  product_mode)
{
  g_return_if_fail (KV_IS_WINDOW (self));
  set_product_mode (self, product_mode);
}

gboolean
kv_window_get_presenting (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  return self->presenting;
}

void
kv_window_set_presenting (KvWindow *self,
                          gboolean  presenting)
{
  g_return_if_fail (KV_IS_WINDOW (self));
  _kv_window_set_presenting (self, presenting);
}
