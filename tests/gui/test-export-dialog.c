// SPDX-License-Identifier: GPL-3.0-or-later
/* test-export-dialog.c: the window's Export dialog (issue 14) — the page
 * size (a 16:9 slide makes a 16:9 PDF page, as kripkeviz-cli export --size
 * 16:9), the title and legend switches, and Copy Image (the dialog's and
 * win.copy-image, Ctrl+Shift+C): a texture the PNG export's size on the
 * clipboard. Leaves export-dialog-169.pdf and a screenshot,
 * export-dialog.png, in the build dir.
 */
#define G_LOG_DOMAIN "test-export-dialog"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "kv-display-util.h"
#include "kv-export-dialog.h"
#include "kv-window-private.h"

static KvWindow *window;

static KvLayout *
shown_layout (void)
{
  KvCanvasView *view = KV_CANVAS_VIEW (kv_window_get_canvas (window));

  return kv_canvas_get_layout (kv_canvas_view_get_canvas (view));
}

/* The dialog win.export opens (Ctrl+E), as the user gets it. */
static KvExportDialog *
open_dialog (void)
{
  GListModel *toplevels;   /* GTK's own */
  KvExportDialog *dialog = NULL;

  g_assert_true (kv_display_wait_for_canvas (window, 20000));
  g_assert_nonnull (shown_layout ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  kv_display_wait (100);

  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (KV_IS_EXPORT_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        dialog = KV_EXPORT_DIALOG (item);
    }
  g_assert_nonnull (dialog);

  return dialog;
}

static void
on_exported (KvExportDialog *dialog,
             const char     *message,
             char          **said)
{
  g_free (*said);
  *said = g_strdup (message);
}

static char *
build_path (const char *name)
{
  return g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                           name, NULL);
}

/* pdfinfo's "Page size:" line's width and height; FALSE without pdfinfo. */
static gboolean
pdf_page_size (const char *path,
               double     *width,
               double     *height)
{
  g_autofree char *out = NULL;
  g_autofree char *program = g_find_program_in_path ("pdfinfo");
  const char *line;
  int status = 0;

  if (program == NULL)
    return FALSE;
  g_assert_true (g_spawn_sync (NULL, (char *[]) { program, (char *) path, NULL }, NULL,
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "Page size:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "Page size: %lf x %lf", width, height), ==, 2);

  return TRUE;
}

/* A 16:9 slide: the dialog's choice gives the CLI's page, and the PDF it
 * writes has that page. */
static void
test_page_size (void)
{
  KvExportDialog *dialog;
  KvRenderOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = build_path ("export-dialog-169.pdf");
  g_autofree char *said = NULL;
  double cli_width, cli_height, width, height;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  kv_window_select_step (window, 1);
  dialog = open_dialog ();
  g_signal_connect (dialog, "exported", G_CALLBACK (on_exported), &said);

  /* At first: the picture's own size, title and legend. */
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_cmpfloat (options.page_width, ==, 0);
  g_assert_true (options.show_title);
  g_assert_true (options.show_legend);

  /* Slide 16:9: the page kripkeviz-cli export --size 16:9 draws on. */
  g_assert_true (kv_export_parse_size ("16:9", &cli_width, &cli_height, NULL));
  g_assert_true (kv_export_dialog_set_size (dialog, "16:9"));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (options.page_width, cli_width, 1e-6);
  g_assert_cmpfloat_with_epsilon (options.page_height, cli_height, 1e-6);
  g_assert_cmpfloat_with_epsilon (options.page_width / options.page_height, 16.0 / 9.0, 1e-6);

  g_unlink (path);
  g_assert_true (kv_export_dialog_export (dialog, KV_FORMAT_PDF, path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (said);
  g_assert_nonnull (strstr (said, "export-dialog-169.pdf"));
  if (pdf_page_size (path, &width, &height))
    {
      g_assert_cmpfloat_with_epsilon (width, cli_width, 0.01);
      g_assert_cmpfloat_with_epsilon (height, cli_height, 0.01);
      g_assert_cmpfloat_with_epsilon (width / height, 16.0 / 9.0, 0.001);
    }
  else
    g_test_message ("pdfinfo not installed: the page size is not read back");

  /* Slide 4:3 and a custom size, in the CLI's units. */
  g_assert_true (kv_export_dialog_set_size (dialog, "4:3"));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_cmpfloat_with_epsilon (options.page_width / options.page_height, 4.0 / 3.0, 1e-6);
  g_assert_true (kv_export_dialog_set_size (dialog, "25x14cm"));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_cmpfloat_with_epsilon (options.page_width, 25 / 2.54 * 72, 0.01);
  g_assert_cmpfloat_with_epsilon (options.page_height, 14 / 2.54 * 72, 0.01);
  {
    /* The dialog with a custom size, to look at. */
    g_autofree char *shot = build_path ("export-dialog.png");
    g_autoptr(GdkTexture) texture = NULL;

    kv_display_wait (200);
    texture = kv_display_render (GTK_WIDGET (dialog));
    g_assert_true (gdk_texture_save_to_png (texture, shot));
  }
  g_assert_true (kv_export_dialog_set_size (dialog, "842x595pt"));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_cmpfloat_with_epsilon (options.page_width, 842, 0.01);
  g_assert_false (kv_export_dialog_set_size (dialog, "16x9"));
  g_assert_true (kv_export_dialog_set_size (dialog, NULL));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  g_assert_cmpfloat (options.page_width, ==, 0);

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

/* Clue 11's envelope grid on a 16:9 slide: labels of 9 pt or more, the
 * grid turned (as kripkeviz-cli export --size 16:9 turns it) only when
 * that is what it takes; at the picture's own size it stays as it is. */
static void
test_envelope_slide (void)
{
  KvExportDialog *dialog;
  KvRenderOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLayout) own = NULL;
  g_autoptr(KvLayout) page = NULL;
  g_autofree char *path = build_path ("export-dialog-envelope-169.pdf");

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  kv_session_set_view (kv_window_get_session (window), KV_VIEW_ENVELOPE);
  kv_display_wait_for_canvas (window, 10000);
  dialog = open_dialog ();

  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  own = kv_export_dialog_page_layout (dialog, &options);
  g_assert_true (kv_graph_is_grid (own->graph));
  g_assert_false (own->transposed);

  g_assert_true (kv_export_dialog_set_size (dialog, "16:9"));
  g_assert_true (kv_export_dialog_get_options (dialog, &options, &error));
  page = kv_export_dialog_page_layout (dialog, &options);
  g_assert_cmpfloat (kv_export_label_size (page, &options), >=, 9.0);
  g_assert_cmpfloat (kv_export_label_size (page, &options), >=, kv_export_label_size (own, &options));
  g_assert_true (page->transposed || page == own);

  g_unlink (path);
  g_assert_true (kv_export_dialog_export (dialog, KV_FORMAT_PDF, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

/* The size row's subtitle, the small-labels hint, found in the dialog's
 * widget tree. */
static const char *
size_hint (GtkWidget *widget)
{
  if (ADW_IS_COMBO_ROW (widget))
    {
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));

      if (subtitle != NULL && *subtitle != '\0')
        return subtitle;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = size_hint (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Real Cluedo's grid of 324 envelopes is small on a slide, and the hint
 * says so without offering a contracted view in its place. */
static void
test_grid_hint (void)
{
  KvExportDialog *dialog;
  g_autoptr(GError) error = NULL;
  const char *hint;

  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  dialog = open_dialog ();
  g_assert_true (kv_export_dialog_set_size (dialog, "16:9"));
  hint = size_hint (GTK_WIDGET (dialog));
  g_assert_nonnull (hint);
  g_assert_nonnull (strstr (hint, "every envelope"));
  g_assert_null (strstr (hint, "contracted"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static char *
export_svg (KvExportDialog *dialog,
            const char     *name)
{
  g_autofree char *path = build_path (name);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (kv_export_dialog_export (dialog, KV_FORMAT_SVG, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_unlink (path);

  return text;
}

static double
svg_height (const char *svg)
{
  const char *root = strstr (svg, "<svg");
  const char *height = root != NULL ? strstr (root, " height=\"") : NULL;

  g_assert_nonnull (height);
  return g_ascii_strtod (height + strlen (" height=\""), NULL);
}

/* The switches: no title, no legend, a smaller SVG without their text
 * (cairo draws each character as a <use> of a glyph). */
static void
test_title_legend (void)
{
  KvExportDialog *dialog;
  KvRenderOptions options;
  g_autofree char *both = NULL;
  g_autofree char *untitled = NULL;
  g_autofree char *bare = NULL;
  const char *title;
  guint glyphs = 0;

  kv_window_select_step (window, 0);
  dialog = open_dialog ();
  title = shown_layout ()->graph->title;
  g_assert_nonnull (title);
  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      glyphs++;

  both = export_svg (dialog, "export-dialog-both.svg");
  kv_export_dialog_set_show_title (dialog, FALSE);
  g_assert_true (kv_export_dialog_get_options (dialog, &options, NULL));
  g_assert_false (options.show_title);
  g_assert_true (options.show_legend);
  untitled = export_svg (dialog, "export-dialog-untitled.svg");
  kv_export_dialog_set_show_legend (dialog, FALSE);
  g_assert_true (kv_export_dialog_get_options (dialog, &options, NULL));
  g_assert_false (options.show_legend);
  bare = export_svg (dialog, "export-dialog-bare.svg");

  g_assert_cmpstr (both, !=, untitled);
  /* The title's characters are not drawn. */
  g_assert_cmpuint (count (untitled, "<use"), <=, count (both, "<use") - glyphs);
  /* Nor the legend's: the picture alone, less tall. */
  g_assert_cmpuint (count (bare, "<use"), <, count (untitled, "<use"));
  g_assert_cmpfloat (svg_height (bare), <, svg_height (both));
  g_assert_cmpfloat (svg_height (bare), <, svg_height (untitled));

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

static void
on_texture_read (GObject      *clipboard,
                 GAsyncResult *result,
                 gpointer      data)
{
  GdkTexture **texture = data;
  g_autoptr(GError) error = NULL;

  *texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (clipboard), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*texture);
}

/* What the clipboard holds, as a texture. */
static GdkTexture *
clipboard_texture (void)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  GdkTexture *texture = NULL;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gdk_clipboard_read_texture_async (clipboard, NULL, on_texture_read, &texture);
  while (texture == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (texture);

  return texture;
}

/* Copy Image: win.copy-image (Ctrl+Shift+C) puts the picture shown on the
 * clipboard, the PNG export's size; the dialog's copies with its choices
 * (a 16:9 slide: 1920 × 1080). */
static void
test_copy_image (void)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GdkTexture) slide = NULL;
  g_autofree char *said = NULL;
  KvRenderGeometry geometry;
  KvRenderOptions options;
  KvExportDialog *dialog;
  g_autoptr(GError) error = NULL;

  kv_window_select_step (window, 2);
  g_assert_true (kv_display_wait_for_canvas (window, 20000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-image", NULL));
  texture = clipboard_texture ();
  kv_render_options_init (&options);
  kv_render_measure (shown_layout (), &options, &geometry);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, (int) ceil (geometry.width * options.raster_scale - 0.01));
  g_assert_cmpint (gdk_texture_get_height (texture), ==, (int) ceil (geometry.height * options.raster_scale - 0.01));
  g_assert_cmpuint (kv_display_count_colours (texture), >, 2);

  dialog = open_dialog ();
  g_signal_connect (dialog, "exported", G_CALLBACK (on_exported), &said);
  g_assert_true (kv_export_dialog_set_size (dialog, "16:9"));
  g_assert_true (kv_export_dialog_copy (dialog, &error));
  g_assert_no_error (error);
  g_assert_nonnull (said);
  slide = clipboard_texture ();
  g_assert_cmpint (gdk_texture_get_width (slide), ==, 1920);
  g_assert_cmpint (gdk_texture_get_height (slide), ==, 1080);

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

/* Ctrl+Shift+C is win.copy-image's key. */
static void
test_copy_key (void)
{
  g_autoptr(GtkApplication) app = gtk_application_new (NULL, G_APPLICATION_NON_UNIQUE);
  g_auto(GStrv) accels = NULL;
  guint key, wanted_key;
  GdkModifierType mods, wanted_mods;

  kv_window_add_accels (app);
  accels = gtk_application_get_accels_for_action (app, "win.copy-image");
  g_assert_nonnull (accels);
  g_assert_nonnull (accels[0]);
  g_assert_true (gtk_accelerator_parse ("<Control><Shift>c", &wanted_key, &wanted_mods));
  g_assert_true (gtk_accelerator_parse (accels[0], &key, &mods));
  g_assert_cmpuint (key, ==, wanted_key);
  g_assert_cmpuint (mods, ==, wanted_mods);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-export-dialog", FALSE);
  window = kv_display_new_window (1280, 800);

  g_test_add_func ("/export-dialog/page-size", test_page_size);
  g_test_add_func ("/export-dialog/title-legend", test_title_legend);
  g_test_add_func ("/export-dialog/copy-image", test_copy_image);
  g_test_add_func ("/export-dialog/copy-key", test_copy_key);
  g_test_add_func ("/export-dialog/envelope-slide", test_envelope_slide);
  g_test_add_func ("/export-dialog/grid-hint", test_grid_hint);

  status = g_test_run ();
  kv_display_finish (window, g_steal_pointer (&state_dir));
  return status;
}
