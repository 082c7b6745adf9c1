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
  AdwComboRow      *size_row;
  AdwActionRow     *custom_row;
  GtkSpinButton    *width_spin;
  GtkSpinButton    *height_spin;
  GtkDropDown      *unit_drop;
  GtkSwitch        *title_switch;
  GtkSwitch        *legend_switch;

  GtkWindow        *parent;
  KvLayout         *layout;
  guint32           hidden_agents;
  KvBits           *dimmed;        /* as on screen (a perspective), or NULL */
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

/* The page size row's positions (ui/kv-export-dialog.ui). */
enum {
  PAGE_PICTURE,
  PAGE_16_9,
  PAGE_4_3,
  PAGE_CUSTOM,
};

/* The unit drop-down's, as kv_export_parse_size spells them. */
static const char * const units[] = { "cm", "mm", "pt", "in" };

/* World labels under this size (points) on the page are said: as
 * kripkeviz-cli export --size. */
#define MIN_LABEL_SIZE 9.0

/* What the page size choice says, as kripkeviz-cli export's --size
 * ("16:9", "4:3", "25x14cm"), or NULL for the picture's own size. */
static char *
size_text (KvExportDialog *self)
{
  char width[G_ASCII_DTOSTR_BUF_SIZE], height[G_ASCII_DTOSTR_BUF_SIZE];
  guint unit;

  switch (adw_combo_row_get_selected (self->size_row))
    {
    case PAGE_16_9:
      return g_strdup ("16:9");
    case PAGE_4_3:
      return g_strdup ("4:3");
    case PAGE_CUSTOM:
      unit = gtk_drop_down_get_selected (self->unit_drop);
      return g_strdup_printf ("%sx%s%s",
                              g_ascii_formatd (width, sizeof width, "%g",
                                               gtk_spin_button_get_value (self->width_spin)),
                              g_ascii_formatd (height, sizeof height, "%g",
                                               gtk_spin_button_get_value (self->height_spin)),
                              units[unit < G_N_ELEMENTS (units) ? unit : 0]);
    default:
      return NULL;
    }
}

gboolean
kv_export_dialog_get_options (KvExportDialog   *self,
                              KvRenderOptions  *options,
                              GError          **error)
{
  g_autofree char *size = NULL;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  kv_render_options_init (options);
  options->hidden_agents = self->hidden_agents;
  options->dimmed = self->dimmed;
  options->show_title = gtk_switch_get_active (self->title_switch);
  options->show_legend = gtk_switch_get_active (self->legend_switch);
  size = size_text (self);
  if (size != NULL &&
      !kv_export_parse_size (size, &options->page_width, &options->page_height, error))
    return FALSE;

  return TRUE;
}

gboolean
kv_export_dialog_set_size (KvExportDialog *self,
                           const char     *size)
{
  double width, height;
  char *end;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), FALSE);

  if (size == NULL)
    {
      adw_combo_row_set_selected (self->size_row, PAGE_PICTURE);
      return TRUE;
    }
  if (g_str_equal (size, "16:9") || g_str_equal (size, "4:3"))
    {
      adw_combo_row_set_selected (self->size_row, g_str_equal (size, "16:9") ? PAGE_16_9 : PAGE_4_3);
      return TRUE;
    }

  /* "WxH" and a unit. */
  width = g_ascii_strtod (size, &end);
  if (end == size || (*end != 'x' && *end != 'X'))
    return FALSE;
  size = end + 1;
  height = g_ascii_strtod (size, &end);
  if (end == size || width <= 0 || height <= 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (end, units[i]) == 0)
      {
        gtk_spin_button_set_value (self->width_spin, width);
        gtk_spin_button_set_value (self->height_spin, height);
        gtk_drop_down_set_selected (self->unit_drop, i);
        adw_combo_row_set_selected (self->size_row, PAGE_CUSTOM);
        return TRUE;
      }
  return FALSE;
}

void
kv_export_dialog_set_show_title (KvExportDialog *self,
                                 gboolean        show)
{
  g_return_if_fail (KV_IS_EXPORT_DIALOG (self));

  gtk_switch_set_active (self->title_switch, show);
}

void
kv_export_dialog_set_show_legend (KvExportDialog *self,
                                  gboolean        show)
{
  g_return_if_fail (KV_IS_EXPORT_DIALOG (self));

  gtk_switch_set_active (self->legend_switch, show);
}

KvLayout *
kv_export_dialog_page_layout (KvExportDialog        *self,
                              const KvRenderOptions *options)
{
  KvLayout *turned = NULL;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), NULL);

  /* On a page where labels come out too small, a grid may turn, as
   * kripkeviz-cli export --size does. */
  if (options->page_width > 0 && kv_export_label_size (self->layout, options) < MIN_LABEL_SIZE)
    turned = kv_export_turn_grid (self->layout, options);
  return turned != NULL ? turned : kv_layout_ref (self->layout);
}

/* The custom size's row with its choice; on a page, how big the labels
 * come out when that is too small to read. */
static void
on_size_changed (KvExportDialog *self)
{
  KvRenderOptions options;
  g_autofree char *subtitle = NULL;

  if (self->size_row == NULL || self->legend_switch == NULL)
    return;   /* still being built */

  gtk_widget_set_visible (GTK_WIDGET (self->custom_row),
                          adw_combo_row_get_selected (self->size_row) == PAGE_CUSTOM);
  if (self->layout != NULL && kv_export_dialog_get_options (self, &options, NULL) &&
      options.page_width > 0)
    {
      g_autoptr(KvLayout) page = kv_export_dialog_page_layout (self, &options);
      double label_size = kv_export_label_size (page, &options);
      g_autofree char *points = kv_format_decimal (label_size, 1);

      /* A grid is the envelope view already: drawing less is not on offer. */
      if (label_size < MIN_LABEL_SIZE && kv_graph_is_grid (page->graph))
        /* TRANSLATORS: "%s pt" is a size in points ("6.2", the locale's decimal sign) */
        subtitle = g_strdup_printf (_("Labels come out at %s pt: small on a slide. "
                                      "The grid has a cell for every envelope: choose a bigger page."),
                                    points);
      else if (label_size < MIN_LABEL_SIZE)
        /* TRANSLATORS: "%s pt" is a size in points ("6.2", the locale's decimal sign) */
        subtitle = g_strdup_printf (_("Labels come out at %s pt: small on a slide. "
                                      "Draw less (a contracted view, one agent’s links) or choose a bigger page."),
                                    points);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->size_row), subtitle != NULL ? subtitle : "");
}

gboolean
kv_export_copy_image (GtkWidget              *widget,
                      const KvLayout         *layout,
                      const KvRenderOptions  *options,
                      GError                **error)
{
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);

  /* The PNG export's pixels, as a texture: other programs get an image/png. */
  png = kv_export_bytes (layout, KV_FORMAT_PNG, options, error);
  if (png == NULL)
    return FALSE;
  texture = gdk_texture_new_from_bytes (png, error);
  if (texture == NULL)
    return FALSE;
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);

  return TRUE;
}

gboolean
kv_export_dialog_copy (KvExportDialog  *self,
                       GError         **error)
{
  KvRenderOptions options;
  g_autoptr(KvLayout) page = NULL;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), FALSE);

  if (!kv_export_dialog_get_options (self, &options, error))
    return FALSE;
  page = kv_export_dialog_page_layout (self, &options);
  if (!kv_export_copy_image (self->parent != NULL ? GTK_WIDGET (self->parent) : GTK_WIDGET (self),
                             page, &options, error))
    return FALSE;

  g_signal_emit (self, signals[EXPORTED], 0, _("Image copied"));
  return TRUE;
}

gboolean
kv_export_dialog_export (KvExportDialog  *self,
                         KvFormat         format,
                         const char      *path,
                         GError         **error)
{
  KvRenderOptions options;
  g_autoptr(KvLayout) page = NULL;

  g_return_val_if_fail (KV_IS_EXPORT_DIALOG (self), FALSE);

  if (!kv_export_dialog_get_options (self, &options, error))
    return FALSE;
  page = kv_export_dialog_page_layout (self, &options);
  if (!kv_export_file (page, format, &options, path, error))
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
report_error (KvExportDialog *self,
              const char     *heading,
              const GError   *error)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->parent, heading, error->message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
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
        report_error (self, _("Could Not Export"), error);
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
  if (g_str_equal (response, "copy"))
    {
      g_autoptr(GError) error = NULL;

      if (!kv_export_dialog_copy (self, &error))
        report_error (self, _("Could Not Copy the Image"), error);
    }
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
  g_clear_pointer (&self->dimmed, kv_bits_free);
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
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, custom_row);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, unit_drop);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, title_switch);
  gtk_widget_class_bind_template_child (widget_class, KvExportDialog, legend_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_response);
  gtk_widget_class_bind_template_callback (widget_class, on_size_changed);
}

static void
kv_export_dialog_init (KvExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

KvExportDialog *
kv_export_dialog_new (GtkWindow             *parent,
                      KvLayout              *layout,
                      const KvRenderOptions *shown,
                      const char            *basename)
{
  KvExportDialog *self;

  g_return_val_if_fail (layout != NULL, NULL);

  self = g_object_new (KV_TYPE_EXPORT_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->parent = parent != NULL ? g_object_ref (parent) : NULL;
  self->layout = kv_layout_ref (layout);
  self->hidden_agents = shown->hidden_agents;
  self->dimmed = shown->dimmed != NULL ? kv_bits_copy (shown->dimmed) : NULL;
  self->basename = g_strdup (basename);

  return self;
}
