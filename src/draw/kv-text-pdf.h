// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-text-pdf.h: plain text as an A4 PDF, for a teacher's handouts (a
 * lesson's worksheet and answer key, kripkeviz-cli lesson -o FILE.pdf).
 *
 * Each line of the text is one paragraph, its leading spaces its indent;
 * lines that start at the margin are headings, set in bold. Long lines are
 * wrapped at word boundaries, and pages broken as they fill.
 *
 * The PDF is made in memory: the caller writes it where it goes
 * (kv_cli_write_output, kv_write_bytes), as every other file is written.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @text's handout as a PDF, or NULL with KV_ERROR_IO in @error. */
GBytes *kv_text_pdf_bytes (const char *text, GError **error);

G_END_DECLS
