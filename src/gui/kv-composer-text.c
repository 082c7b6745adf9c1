// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-composer-text.c: the composer as text — a step line into the form,
 * the form as a line, and a bad script line to fix ("Fix Line N"). */
#define G_LOG_DOMAIN "kv-composer"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-composer-private.h"

/* Enter in the bad line's field: into the form if it reads now, else
 * why not. */
void
_kv_composer_on_draft_activate (KvComposer *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->draft_entry))));
  g_autoptr(KvStepDraft) draft = NULL;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  draft = kv_step_draft_new_from_text (self->game, text, &error);
  if (draft == NULL)
    {
      gtk_label_set_text (self->draft_error, error != NULL ? error->message : "");
      return;
    }
  _kv_composer_show_draft (self, draft);
  gtk_widget_set_visible (self->draft_box, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->kind_dropdown));
}

gboolean
kv_composer_set_step_text (KvComposer *self,
                           const char *text)
{
  g_autoptr(KvStepDraft) draft = NULL;

  g_return_val_if_fail (KV_IS_COMPOSER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->game == NULL)
    return FALSE;
  draft = kv_step_draft_new_from_text (self->game, text, NULL);
  if (draft == NULL)
    return FALSE;
  _kv_composer_show_draft (self, draft);
  return TRUE;
}

char *
kv_composer_get_step_text (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);

  if (self->draft == NULL)
    return NULL;
  _kv_composer_read_draft (self);
  return kv_step_draft_to_text (self->draft);
}

gboolean
kv_composer_set_draft (KvComposer *self,
                       guint       line,
                       const char *text,
                       const char *problem)
{
  g_autofree char *label = NULL;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (KV_IS_COMPOSER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (kv_composer_set_step_text (self, stripped))
    {
      gtk_widget_set_visible (self->draft_box, FALSE);
      return TRUE;
    }
  /* TRANSLATORS: %u is a line of a game script */
  label = g_strdup_printf (_("_Line %u of the script, to correct:"), line);
  gtk_label_set_text_with_mnemonic (self->draft_label, label);
  gtk_editable_set_text (GTK_EDITABLE (self->draft_entry), stripped);
  gtk_label_set_text (self->draft_error, problem != NULL ? problem : "");
  gtk_widget_set_visible (self->draft_box, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->draft_entry));
  return FALSE;
}

const char *
kv_composer_get_draft (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  if (!gtk_widget_get_visible (self->draft_box))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (self->draft_entry));
}

const char *
kv_composer_get_draft_error (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  if (!gtk_widget_get_visible (self->draft_box))
    return NULL;
  return gtk_label_get_text (self->draft_error);
}
