// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-private.h: what the files of the exporters share — the page
 * a drawing is fitted to, the title, and what the text formats (DOT, TikZ)
 * both say about the screen's marks. Only kv-export*.c include it;
 * kv-export.h is the API.
 *
 *   kv-export.c      the formats' names, fitting a drawing to a page, the
 *                    cairo exports (SVG, PDF, PNG, the PDF handout),
 *                    atomic writing; kv_export_bytes picks the writer
 *   kv-export-dot.c  DOT, positions kept (for `neato -n2`)
 *   kv-export-tex.c  TikZ: the picture, its standalone document, the
 *                    Beamer deck
 */
#pragma once

#include "kv-export.h"

G_BEGIN_DECLS

/* A page asked for (--size): the drawing fitted inside this margin. */
#define PAGE_FIT_MARGIN 12.0

/* A dropped product pair as the screen draws it (kv-render.c), in colours
 * DOT and TikZ can say. */
#define STRUCK_FILL_HEX  "#EDEDED"   /* a dropped pair's fill */
#define STRUCK_INK_HEX   "#999999"   /* its border, label and strike */
#define DROPPED_SHARE_HEX "#C7C7C7"  /* the share of a node's many pairs dropped */

static inline gboolean
has_page (const KvRenderOptions *options)
{
  return options->page_width > 0 && options->page_height > 0;
}

/* A number as DOT and TikZ want it: two decimals and a dot in every locale. */
static inline const char *
fmt (char   *buffer,
     double  value)
{
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", value);
}

/* A link is faint when one of its worlds is (kv-render.c draws it so). */
static inline gboolean
edge_dimmed (const KvRenderOptions *options,
             const KvEdge          *e)
{
  return kv_render_is_dimmed (options, e->source) || kv_render_is_dimmed (options, e->target);
}

/* The drawing's title: options->title, else the graph's, else "Kripke
 * model". */
const char *_kv_export_title             (const KvLayout *layout, const KvRenderOptions *options);
/* The edge label places kv_render uses (x, y per edge; g_free them), or
 * NULL when it draws none. */
double     *_kv_export_edge_label_places (const KvLayout *layout, const KvRenderOptions *options);

/* The text formats' files (kv-export-dot.c, kv-export-tex.c); @options is
 * not NULL. */
GBytes     *_kv_export_dot               (const KvLayout *layout, const KvRenderOptions *options);
GBytes     *_kv_export_tikz              (const KvLayout *layout, const KvRenderOptions *options);

G_END_DECLS
