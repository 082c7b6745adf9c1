// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-dialog.h: "Export…" — the shown layout as SVG, PDF, PNG, DOT or
 * TikZ, through the drawing library's exporter (as kripkeviz-cli export),
 * on the picture's own size or a page (a 16:9 or 4:3 slide, a custom size,
 * as --size), with or without its title and legend; or "Copy Image" to the
 * clipboard. Emits ::exported with a message for a toast when the file is
 * written or the image copied. */
#pragma once

#include <adwaita.h>

#include "kv-draw.h"

G_BEGIN_DECLS

#define KV_TYPE_EXPORT_DIALOG (kv_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KvExportDialog, kv_export_dialog, KV, EXPORT_DIALOG, AdwMessageDialog)

/* @layout: what the canvas shows (referenced); @shown: how it is drawn
 * there (kv_canvas_get_shown_options: the agents whose links are hidden,
 * the worlds an agent's perspective dims; copied); @basename: the file
 * name without extension. */
KvExportDialog *kv_export_dialog_new    (GtkWindow             *parent,
                                         KvLayout              *layout,
                                         const KvRenderOptions *shown,
                                         const char            *basename);

/* The page, as kripkeviz-cli export --size: "16:9", "4:3", "WxH" with a
 * unit (cm, mm, pt, in: "25x14cm"), or NULL for the picture's own size.
 * FALSE, and nothing changed, for anything else. */
gboolean        kv_export_dialog_set_size        (KvExportDialog *self,
                                                  const char     *size);
/* The title and legend switches (both on at first). */
void            kv_export_dialog_set_show_title  (KvExportDialog *self,
                                                  gboolean        show);
void            kv_export_dialog_set_show_legend (KvExportDialog *self,
                                                  gboolean        show);
/* The render options the dialog's choices make (the hidden agents, the
 * switches, the page in points); FALSE for a page size the draw layer
 * refuses. */
gboolean        kv_export_dialog_get_options     (KvExportDialog  *self,
                                                  KvRenderOptions *options,
                                                  GError         **error);

/* Writes the file at once (what the file chooser's answer does), with the
 * dialog's choices. */
/* The layout exported with @options: the dialog's, or on a page where its
 * labels come out too small, its grid turned when that reads better
 * (kv_export_turn_grid). A new reference. */
KvLayout       *kv_export_dialog_page_layout     (KvExportDialog        *self,
                                                  const KvRenderOptions *options);
gboolean        kv_export_dialog_export          (KvExportDialog *self,
                                                  KvFormat        format,
                                                  const char     *path,
                                                  GError        **error);
/* "Copy Image": the picture, with the dialog's choices, on the clipboard
 * (as kv_export_copy_image); emits ::exported. */
gboolean        kv_export_dialog_copy            (KvExportDialog *self,
                                                  GError        **error);

/* Puts @layout drawn with @options (NULL: the defaults) on @widget's
 * clipboard as a texture made from its PNG export (win.copy-image too). */
gboolean        kv_export_copy_image             (GtkWidget              *widget,
                                                  const KvLayout         *layout,
                                                  const KvRenderOptions  *options,
                                                  GError                **error);

G_END_DECLS
