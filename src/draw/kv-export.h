// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export.h: a laid-out graph as a file — SVG, PDF, PNG, DOT, TikZ —
 * and the handout (a PDF page per step).
 *
 * SVG, PDF and PNG are drawn by kv_render onto cairo surfaces, so they look
 * like the window. SVG also carries each world's full deal as a tooltip
 * (<title>). DOT keeps the positions (render it again with `neato -n2`);
 * TikZ is a standalone document (pdflatex compiles it), or with tikz_bare
 * just the tikzpicture, with one style per agent and per mark (actual,
 * highlight, dropped, cut, cut off). DOT and TikZ show the marks the screen
 * shows: dropped product pairs greyed and struck through, cut links faded,
 * the agents' names on the links when kv_render writes them.
 *
 * Files are written whole or not at all: the bytes go to a temporary file in
 * the same directory, which is then renamed over the destination.
 */
#pragma once

#include <gio/gio.h>

#include "kv-render.h"

G_BEGIN_DECLS

typedef enum {
  KV_FORMAT_SVG,
  KV_FORMAT_PDF,
  KV_FORMAT_PNG,
  KV_FORMAT_DOT,
  KV_FORMAT_TIKZ,
} KvFormat;

const char *kv_format_to_string   (KvFormat format);                 /* "svg", … */
gboolean    kv_format_from_string (const char *name, KvFormat *format);
/* The usual file extension, with the dot (".svg", ".tex" for TikZ). */
const char *kv_format_extension   (KvFormat format);
/* The format a file name's extension says (".svg", ".tex", ".tikz", ".gv", …,
 * any case); FALSE when it says none. */
gboolean    kv_format_from_path   (const char *path, KvFormat *format);

/* The file's contents. @options may be NULL (kv_render_options_init). */
GBytes   *kv_export_bytes         (const KvLayout *layout, KvFormat format,
                                   const KvRenderOptions *options, GError **error);
gboolean  kv_export_file          (const KvLayout *layout, KvFormat format,
                                   const KvRenderOptions *options, const char *path,
                                   GError **error);

/* A multi-page PDF: page i is @layouts[i] titled @titles[i] (or its graph's
 * title when @titles is NULL or titles[i] is NULL), on A4 landscape pages or
 * the page options->page_width × page_height asks for. */
GBytes   *kv_export_handout_bytes (KvLayout * const *layouts, const char * const *titles,
                                   guint n_pages, const KvRenderOptions *options,
                                   GError **error);

/* Slides (--size): with options->page_width and page_height set, every
 * format draws on a page of that size, the drawing scaled to fit inside a
 * 12 pt margin (at most twice its size) and centred; PNG then has at least
 * 1920 pixels across, DOT says size="W,H!".
 *
 * The zoom that page gives the drawing (1 without a page), and the size
 * world labels get on it, in points: a caller warns, or lays out again,
 * when they come out smaller than it wants. */
double    kv_export_fit           (const KvLayout *layout, const KvRenderOptions *options);
double    kv_export_label_size    (const KvLayout *layout, const KvRenderOptions *options);
/* A grid (the envelope view) turned, rows into columns, when its labels
 * come out bigger so on @options' page (a landscape slide wants the
 * longer category across), as a new layout; NULL when @layout is no grid
 * or turning it gains nothing. The CLI's --size and the window's export
 * dialog both ask it. */
KvLayout *kv_export_turn_grid     (const KvLayout *layout, const KvRenderOptions *options);
/* A page size: "16:9" (Beamer's, 160 × 90 mm), "4:3" (128 × 96 mm), or
 * "WxH" with a unit, cm, mm, pt or in ("25x14cm", "842x595pt"), into
 * points. KV_ERROR_SYNTAX otherwise. */
gboolean  kv_export_parse_size    (const char *text, double *width, double *height,
                                   GError **error);

/* A Beamer deck (TikZ, for pdflatex): one frame, a slide per picture
 * (\only<n>), @layouts laid
 * out with one KvPlaces so every world keeps its place from slide to slide;
 * slide i is titled @titles[i] (or its graph's title). Every picture is
 * drawn in the same frame, scaled once for all to the slide's text area.
 * options->page_width and page_height choose 4:3 (when their ratio is under
 * 1.5) or 16:9 (default). A whole document, for pdflatex with Beamer. */
GBytes   *kv_export_beamer_bytes  (KvLayout * const *layouts, const char * const *titles,
                                   guint n_frames, const KvRenderOptions *options,
                                   GError **error);

G_END_DECLS
