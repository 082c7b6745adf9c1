/* kv-export.h: a laid-out graph as a file — SVG, PDF, PNG, DOT, TikZ —
 * and the handout (a PDF page per step).
 *
 * SVG, PDF and PNG are drawn by kv_render onto cairo surfaces, so they look
 * like the window. SVG also carries each world's full deal as a tooltip
 * (<title>). DOT keeps the positions (render it again with `neato -n2`);
 * TikZ is a standalone document (pdflatex compiles it) with one style per
 * agent.
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
 * title when @titles is NULL or titles[i] is NULL). */
GBytes   *kv_export_handout_bytes (KvLayout * const *layouts, const char * const *titles,
                                   guint n_pages, const KvRenderOptions *options,
                                   GError **error);

/* Writes @bytes to @path atomically (temporary file, then rename). */
gboolean  kv_export_write_atomic  (const char *path, GBytes *bytes, GError **error);

G_END_DECLS
