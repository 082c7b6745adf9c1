// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-inspect.c: the window's parts and what it shows, for the
 * display tests (declared in kv-window-private.h, not in kv-window.h). */
#include "config.h"

#include "kv-window-private.h"

KvHistory *
kv_window_get_history (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return history_of (self);
}

guint
kv_window_get_step (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), 0);
  return step_of (self);
}

KvSession *
kv_window_get_session (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->session;
}

GtkWidget *
kv_window_get_composer (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->composer);
}

GtkWidget *
kv_window_get_knowledge_table (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  _kv_window_flush_text (self);
  return GTK_WIDGET (self->knowledge_table);
}

GtkWidget *
kv_window_get_formula_entry (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return kv_formula_bar_get_entry (self->formula_bar);
}

GtkWidget *
kv_window_get_canvas (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->canvas;
}

GtkWidget *
kv_window_get_lesson_pane (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);

  return self->lesson_pane;
}

GtkWidget *
kv_window_get_product_pane (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->product_pane;
}

gboolean
kv_window_get_product_mode (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  return self->product_mode;
}

const char *
kv_window_get_strip_text (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  if (!gtk_widget_get_visible (self->present_strip))
    return NULL;
  return gtk_label_get_text (self->strip_label);
}

gboolean
kv_window_get_sidebar_shown (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  return adw_flap_get_reveal_flap (self->flap);
}

AdwMessageDialog *
kv_window_get_problem_dialog (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->problem_dialog;
}

guint
kv_window_get_n_toasts (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), 0);
  return self->n_toasts;
}

const char *
kv_window_get_last_toast (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->last_toast;
}

const char *
kv_window_get_formula_result (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return kv_formula_bar_get_result (self->formula_bar);
}

const char *
kv_window_get_formula_error (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return kv_formula_bar_get_error (self->formula_bar);
}

const char *
kv_window_get_explanation (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  _kv_window_flush_text (self);
  if (!gtk_widget_get_visible (self->explanation_box))
    return NULL;
  return gtk_label_get_text (self->explanation_label);
}

const char *
kv_window_get_explanation_details (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  _kv_window_flush_text (self);
  if (!gtk_widget_get_visible (self->explanation_box))
    return NULL;
  return gtk_label_get_text (self->explanation_details);
}

gboolean
kv_window_get_sidebar_folded (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  return adw_flap_get_folded (self->flap);
}

const KvBits *
kv_window_get_highlight (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return kv_formula_bar_get_highlight (self->formula_bar);
}
