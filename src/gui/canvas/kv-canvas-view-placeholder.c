// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view-placeholder.c: "Too Many Worlds to Draw" — a message shown
 * instead of the canvas (a symbolic game's state has no worlds to list). */
#define G_LOG_DOMAIN "kv-canvas-view"

#include "config.h"

#include <glib/gi18n.h>

#include "kv-canvas-view-private.h"

/* The placeholder: an icon, a title and the message, centred where the
 * canvas (and its overlays) would be. */
static void
make_placeholder (KvCanvasView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *image = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  GtkWidget *title = gtk_label_new (_("Too Many Worlds to Draw"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_vexpand (box, TRUE);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_image_set_pixel_size (GTK_IMAGE (image), 48);
  gtk_widget_add_css_class (image, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_visible (box, FALSE);
  gtk_widget_set_parent (box, GTK_WIDGET (self));
  self->placeholder = box;
  self->placeholder_label = GTK_LABEL (label);
}

void
kv_canvas_view_set_placeholder (KvCanvasView *self,
                                const char   *message)
{
  GtkWidget *picture;

  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (message == NULL && self->placeholder == NULL)
    return;
  if (self->placeholder == NULL)
    make_placeholder (self);
  /* The canvas's overlay: the canvas, its zoom buttons and messages. */
  picture = gtk_widget_get_parent (GTK_WIDGET (self->scrolled));
  if (message != NULL && !gtk_widget_get_visible (self->placeholder))
    {
      g_free (self->perspective_tooltip);
      self->perspective_tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (self->perspective_button)) != NULL
        ? g_strdup (gtk_widget_get_tooltip_text (GTK_WIDGET (self->perspective_button))) : NULL;
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->perspective_button),
                                   _("A perspective is drawn on the picture: this game has too many worlds to draw"));
    }
  else if (message == NULL && gtk_widget_get_visible (self->placeholder))
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->perspective_button), self->perspective_tooltip);
  gtk_label_set_text (self->placeholder_label, message != NULL ? message : "");
  gtk_widget_set_visible (self->placeholder, message != NULL);
  gtk_widget_set_visible (picture, message == NULL);
  gtk_widget_set_sensitive (self->toolbar, message == NULL);
}

const char *
kv_canvas_view_get_placeholder (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), NULL);

  if (self->placeholder == NULL || !gtk_widget_get_visible (self->placeholder))
    return NULL;
  return gtk_label_get_text (self->placeholder_label);
}
