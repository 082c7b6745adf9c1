// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-dialog.h: "Export…" — the shown layout as SVG, PDF, PNG, DOT or
 * TikZ, through the drawing library's exporter (as kripkeviz-cli export).
 * Emits ::exported with a message for a toast when the file is written. */
#pragma once

#include <adwaita.h>

#include "kv-draw.h"

G_BEGIN_DECLS

#define KV_TYPE_EXPORT_DIALOG (kv_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KvExportDialog, kv_export_dialog, KV, EXPORT_DIALOG, AdwMessageDialog)

/* @layout: what the canvas shows (referenced); @hidden_agents: the agents
 * whose links are hidden; @basename: the file name without extension. */
KvExportDialog *kv_export_dialog_new    (GtkWindow  *parent,
                                         KvLayout   *layout,
                                         guint32     hidden_agents,
                                         const char *basename);

/* Writes the file at once (what the file chooser's answer does). */
gboolean        kv_export_dialog_export (KvExportDialog *self,
                                         KvFormat        format,
                                         const char     *path,
                                         GError        **error);

G_END_DECLS
