// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-dialog.c: "Export…" */
#define G_LOG_DOMAIN "kv-export-dialog"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-export-dialog.h"

struct _KvExportDialog
{
  AdwMessageDialog  parent_instance;

  AdwComboRow      *format_row;

  GtkWindow        *parent;
  KvLayout         *layout;
  guint32           hidden_agents;
  char             *basename;
};

G_DEFINE_FINAL_TYPE (KvExportDialog, kv_export_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const KvFormat formats[] = {
  KV_FORMAT_SVG, KV_FORMAT_PDF, KV_FORMAT_PNG, KV_FORMAT_DOT, KV_FORMAT_TIKZ,
};

gboolean
kv_export_dialog_export (KvExportDialog  *self,
                         KvFormat         format,
                         const char      *path,
                         GError         **error)
{
  KvRenderOptions options;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), FALSE);

  kv_render_options_init (&options);
  options.hidden_agents = self->hidden_agents;
  if (!kv_export_file (self->layout, format, &options, path, error))
    return FALSE;

  {
    g_autofree char *name = g_path_get_basename (path);
    g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);

    g_signal_emit (self, signals[EXPORTED], 0, message);
  }
  return TRUE;
}

static KvFormat
selected_format (KvExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->format_row);

  return formats[i < G_N_ELEMENTS (formats) ? i : 0];
}

static void
destroy_later (gpointer data)
{
  gtk_window_destroy (GTK_WINDOW (data));
  g_object_unref (data);
}

static void
on_file_response (GtkNativeDialog *native,
                  int              response,
                  KvExportDialog  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _("Choose a local file."));
      if (error == NULL)
        kv_export_dialog_export (self, selected_format (self), path, &error);
      if (error != NULL)
        {
          AdwMessageDialog *dialog;

          dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->parent, _("Could Not Export"),
                                                               error->message));
          adw_message_dialog_add_response (dialog, "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (dialog));
        }
    }

  g_object_unref (native);
  g_idle_add_once (destroy_later, g_object_ref (self));
}

static void
on_response (KvExportDialog *self,
             const char     *response)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = NULL;
  g_autofree char *name = NULL;
  KvFormat format = selected_format (self);

  /* The dialog hides itself after a response; it goes once that is done. */
  if (!g_str_equal (response, "export"))
    {
      g_idle_add_once (destroy_later, g_object_ref (self));
      return;
    }

  name = g_strconcat (self->basename, kv_format_extension (format), NULL);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, kv_format_to_string (format));
  gtk_file_filter_add_suffix (filter, kv_format_extension (format) + 1);

  native = gtk_file_chooser_native_new (_("Export the View"), self->parent,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_file_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
kv_export_dialog_dispose (GObject *object)
{
  KvExportDialog *self = KV_EXPORT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_EXPORT_DIALOG);
  g_clear_pointer (&self->layout, kv_layout_unref);
  g_clear_object (&self->parent);

  G_OBJECT_CLASS (kv_export_dialog_parent_class)->dispose (object);
}

static void
kv_export_dialog_finalize (GObject *object)
{
  KvExportDialog *self = KV_EXPORT_DIALOG (object);

  g_free (self->basename);

  G_OBJECT_CLASS (kv_export_dialog_parent_class)->finalize (object);
}

static void
kv_export_dialog_class_init (KvExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_export_dialog_dispose;
  object_class->finalize = kv_export_dialog_finalize;

  signals[EXPORTED] =
    g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, format_row);
  gtk_widget_class_bind_template_callback (widget_class, on_response);
}

static void
kv_export_dialog_init (KvExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

KvExportDialog *
kv_export_dialog_new (GtkWindow  *parent,
                      KvLayout   *layout,
                      guint32     hidden_agents,
                      const char *basename)
{
  KvExportDialog *self;

  g_return_val_if_fail (layout != NULL, NULL);

  self = g_object_new (KV_TYPE_EXPORT_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->parent = parent != NULL ? g_object_ref (parent) : NULL;
  self->layout = kv_layout_ref (layout);
  self->hidden_agents = hidden_agents;
  self->basename = g_strdup (basename);

  return self;
}
