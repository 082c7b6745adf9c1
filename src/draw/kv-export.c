// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export.c: the formats' names, a drawing fitted to a page, and the
 * files kv_render draws (SVG, PDF, PNG, the PDF handout); kv_export_bytes
 * hands DOT and TikZ to their writers (kv-export-private.h); files written
 * atomically. */
#define G_LOG_DOMAIN "kv-export"
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "kv-error.h"
#include "kv-export-private.h"
#include "kv-write.h"

/* The handout's page: A4 landscape, in points. */
#define PAGE_WIDTH   842.0
#define PAGE_HEIGHT  595.0
#define PAGE_MARGIN  28.0
#define PAGE_MAX_ZOOM 2.0

static const struct {
  const char *name;
  const char *extension;
} formats[] = {
  [KV_FORMAT_SVG] = { "svg", ".svg" },
  [KV_FORMAT_PDF] = { "pdf", ".pdf" },
  [KV_FORMAT_PNG] = { "png", ".png" },
  [KV_FORMAT_DOT] = { "dot", ".dot" },
  [KV_FORMAT_TIKZ] = { "tikz", ".tex" },
};

const char *
kv_format_to_string (KvFormat format)
{
  g_return_val_if_fail (format < G_N_ELEMENTS (formats), NULL);

  return formats[format].name;
}

const char *
kv_format_extension (KvFormat format)
{
  g_return_val_if_fail (format < G_N_ELEMENTS (formats), NULL);

  return formats[format].extension;
}

gboolean
kv_format_from_string (const char *name,
                       KvFormat   *format)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (name, formats[i].name))
      {
        *format = i;
        return TRUE;
      }

  return FALSE;
}

gboolean
kv_format_from_path (const char *path,
                     KvFormat   *format)
{
  /* Other names the same formats go by. */
  static const struct { const char *extension; KvFormat format; } aliases[] = {
    { ".gv", KV_FORMAT_DOT },
    { ".tikz", KV_FORMAT_TIKZ },
  };
  const char *dot;
  g_autofree char *extension = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  extension = g_ascii_strdown (dot, -1);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (extension, formats[i].extension))
      {
        *format = i;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (extension, aliases[i].extension))
      {
        *format = aliases[i].format;
        return TRUE;
      }

  return FALSE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_cairo (cairo_status_t   status,
             const char      *what,
             GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  /* TRANSLATORS: the first %s is PDF, PNG, SVG or "handout"; the second
   * is Cairo's reason */
  g_set_error (error, KV_ERROR, KV_ERROR_IO, _("Could not draw the %s: %s."),
               what, cairo_status_to_string (status));
  return FALSE;
}

/* Where the drawing goes on the page: the natural size (zoom 1, at the
 * origin), or fitted and centred on the page the options ask for. */
typedef struct {
  double width, height;        /* the page */
  double zoom;
  double x, y;                 /* the drawing's top left on the page */
  KvRenderGeometry geometry;   /* the drawing, unzoomed */
} Fit;

static void
fit_page (const KvLayout        *layout,
          const KvRenderOptions *options,
          Fit                   *fit)
{
  kv_render_measure (layout, options, &fit->geometry);
  if (!has_page (options))
    {
      fit->width = fit->geometry.width;
      fit->height = fit->geometry.height;
      fit->zoom = 1.0;
      fit->x = fit->y = 0;
      return;
    }

  fit->width = options->page_width;
  fit->height = options->page_height;
  fit->zoom = MIN ((fit->width - 2 * PAGE_FIT_MARGIN) / fit->geometry.width,
                   (fit->height - 2 * PAGE_FIT_MARGIN) / fit->geometry.height);
  fit->zoom = MIN (fit->zoom, PAGE_MAX_ZOOM);
  fit->x = (fit->width - fit->geometry.width * fit->zoom) / 2;
  fit->y = (fit->height - fit->geometry.height * fit->zoom) / 2;
}

double
kv_export_fit (const KvLayout        *layout,
               const KvRenderOptions *options)
{
  KvRenderOptions defaults;
  Fit fit;

  g_return_val_if_fail (layout != NULL, 1.0);

  if (options == NULL)
    {
      kv_render_options_init (&defaults);
      options = &defaults;
    }
  fit_page (layout, options, &fit);
  return fit.zoom;
}

double
kv_export_label_size (const KvLayout        *layout,
                      const KvRenderOptions *options)
{
  return KV_STYLE_LABEL_SIZE * kv_export_fit (layout, options);
}

KvLayout *
kv_export_turn_grid (const KvLayout        *layout,
                     const KvRenderOptions *options)
{
  KvLayout *turned;

  g_return_val_if_fail (layout != NULL, NULL);

  if (!kv_graph_is_grid (layout->graph))
    return NULL;
  turned = kv_layout_new_transposed (NULL, layout->graph);
  if (kv_export_label_size (turned, options) > kv_export_label_size (layout, options))
    return turned;
  kv_layout_unref (turned);
  return NULL;
}

gboolean
kv_export_parse_size (const char  *text,
                      double      *width,
                      double      *height,
                      GError     **error)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;

  g_return_val_if_fail (text != NULL, FALSE);

  /* Beamer's slides: 16:9 is 160 mm × 90 mm, 4:3 is 128 mm × 96 mm. */
  if (g_str_equal (text, "16:9"))
    {
      *width = 160 * 72 / 25.4;
      *height = 90 * 72 / 25.4;
      return TRUE;
    }
  if (g_str_equal (text, "4:3"))
    {
      *width = 128 * 72 / 25.4;
      *height = 96 * 72 / 25.4;
      return TRUE;
    }

  regex = g_regex_new ("^([0-9]+(?:\\.[0-9]+)?)[x×]([0-9]+(?:\\.[0-9]+)?)(cm|mm|pt|in)$",
                       G_REGEX_CASELESS, 0, NULL);
  if (g_regex_match (regex, text, 0, &match))
    {
      g_autofree char *w = g_match_info_fetch (match, 1);
      g_autofree char *h = g_match_info_fetch (match, 2);
      g_autofree char *unit = g_match_info_fetch (match, 3);
      double factor = g_ascii_strcasecmp (unit, "cm") == 0 ? 72 / 2.54
                    : g_ascii_strcasecmp (unit, "mm") == 0 ? 72 / 25.4
                    : g_ascii_strcasecmp (unit, "in") == 0 ? 72 : 1;

      *width = g_ascii_strtod (w, NULL) * factor;
      *height = g_ascii_strtod (h, NULL) * factor;
      /* From a business card to a poster (A0 is 2384 pt high). */
      if (*width >= 72 && *height >= 72 && *width <= 14400 && *height <= 14400)
        return TRUE;
    }

  /* TRANSLATORS: %s is what the user wrote after --size; keep 16:9, 4:3,
   * WxH, cm and pt as they are */
  g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
               _("a page size is 16:9, 4:3 or WxH in cm, mm, pt or in (e.g. 25x14cm, from 1 in to 200 in a side), not “%s”"),
               text);
  return FALSE;
}

/* Draws the page: the background, then the drawing where @fit says. */
static void
render_fitted (const KvLayout        *layout,
               cairo_t               *cr,
               const KvRenderOptions *options,
               const Fit             *fit)
{
  cairo_save (cr);
  if (options->background && fit->zoom != 1.0)
    {
      cairo_rectangle (cr, 0, 0, fit->width, fit->height);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
    }
  cairo_translate (cr, fit->x, fit->y);
  cairo_scale (cr, fit->zoom, fit->zoom);
  kv_render (layout, cr, options);
  cairo_restore (cr);
}

/* Draws @layout on a vector surface, finishes it, checks it. */
static gboolean
render_to_surface (const KvLayout        *layout,
                   cairo_surface_t       *surface,
                   const KvRenderOptions *options,
                   const Fit             *fit,
                   const char            *what,
                   GError               **error)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  render_fitted (layout, cr, options, fit);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);

  return check_cairo (status, what, error);
}

const char *
_kv_export_title (const KvLayout        *layout,
                  const KvRenderOptions *options)
{
  if (options->title != NULL)
    return options->title;
  return layout->graph->title != NULL ? layout->graph->title : _("Kripke model");
}

static GBytes *
export_pdf (const KvLayout         *layout,
            const KvRenderOptions  *options,
            GError                **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  cairo_surface_t *surface;
  gboolean ok;
  Fit fit;

  fit_page (layout, options, &fit);
  surface = cairo_pdf_surface_create_for_stream (append_bytes, data, fit.width, fit.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, _kv_export_title (layout, options));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kripkeviz");
  ok = render_to_surface (layout, surface, options, &fit, "PDF", error);
  cairo_surface_destroy (surface);

  return ok ? g_byte_array_free_to_bytes (g_steal_pointer (&data)) : NULL;
}

static GBytes *
export_png (const KvLayout         *layout,
            const KvRenderOptions  *options,
            GError                **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double scale = options->raster_scale > 0 ? options->raster_scale : 1.0;
  double width, height;
  Fit fit;

  fit_page (layout, options, &fit);
  /* A slide is shown full screen: at least 1920 pixels wide (16:9 gives
   * 1920 × 1080). */
  if (has_page (options))
    scale = MAX (scale, 1920 / fit.width);
  width = ceil (fit.width * scale - 0.01);
  height = ceil (fit.height * scale - 0.01);
  if (width > 32767 || height > 32767)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("The picture is too big for a PNG (%.0f × %.0f pixels); export SVG or PDF instead."),
                   width, height);
      return NULL;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  render_fitted (layout, cr, options, &fit);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, data);
  cairo_surface_destroy (surface);

  if (!check_cairo (status, "PNG", error))
    return NULL;

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

static GBytes *
export_svg (const KvLayout         *layout,
            const KvRenderOptions  *options,
            GError                **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GString) svg = NULL;
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  const char *end;
  gboolean ok;
  Fit fit;

  fit_page (layout, options, &fit);
  geometry = fit.geometry;
  surface = cairo_svg_surface_create_for_stream (append_bytes, data, fit.width, fit.height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  ok = render_to_surface (layout, surface, options, &fit, "SVG", error);
  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;

  svg = g_string_new_len ((const char *) data->data, data->len);
  end = g_strrstr (svg->str, "</svg>");
  if (end != NULL)
    {
      g_autoptr(GString) titles = g_string_new ("<g id=\"kv-tooltips\" fill-opacity=\"0\"");
      g_autofree char *graph_title = g_markup_escape_text (_kv_export_title (layout, options), -1);
      char tx[G_ASCII_DTOSTR_BUF_SIZE], ty[G_ASCII_DTOSTR_BUF_SIZE], zoom[G_ASCII_DTOSTR_BUF_SIZE];

      if (fit.zoom != 1.0)
        g_string_append_printf (titles, " transform=\"translate(%s %s) scale(%s)\"",
                                g_ascii_formatd (tx, sizeof tx, "%.3f", fit.x),
                                g_ascii_formatd (ty, sizeof ty, "%.3f", fit.y),
                                g_ascii_formatd (zoom, sizeof zoom, "%.5f", fit.zoom));
      g_string_append (titles, ">\n");

      /* Invisible shapes over the worlds whose <title> is the full deal:
       * browsers show it as a tooltip. */
      for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
        {
          const KvLayoutNode *place = &layout->nodes[i];
          g_autofree char *tip = g_markup_escape_text (kv_graph_node (layout->graph, i)->tooltip, -1);
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
          char w[G_ASCII_DTOSTR_BUF_SIZE], h[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (titles,
                                  "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"><title>%s</title></rect>\n",
                                  g_ascii_formatd (x, sizeof x, "%.2f", geometry.graph_x + place->x - place->width / 2),
                                  g_ascii_formatd (y, sizeof y, "%.2f", geometry.graph_y + place->y - place->height / 2),
                                  g_ascii_formatd (w, sizeof w, "%.2f", place->width),
                                  g_ascii_formatd (h, sizeof h, "%.2f", place->height),
                                  tip);
        }
      g_string_append (titles, "</g>\n");
      g_string_insert (svg, end - svg->str, titles->str);

      /* The document's own title, right after the root element opens. */
      end = strstr (svg->str, "<svg");
      end = end != NULL ? strchr (end, '>') : NULL;
      if (end != NULL)
        {
          g_autofree char *element = g_strdup_printf ("\n<title>%s</title>", graph_title);
          g_string_insert (svg, end + 1 - svg->str, element);
        }
    }

  return g_string_free_to_bytes (g_steal_pointer (&svg));
}

/* DOT and TikZ write the agents' names where the screen does. */
double *
_kv_export_edge_label_places (const KvLayout        *layout,
                              const KvRenderOptions *options)
{
  double *xy = g_new (double, 2 * MAX (kv_graph_n_edges (layout->graph), 1));

  if (kv_render_edge_label_places (layout, options, xy))
    return xy;
  g_free (xy);
  return NULL;
}

GBytes *
kv_export_bytes (const KvLayout         *layout,
                 KvFormat                format,
                 const KvRenderOptions  *options,
                 GError                **error)
{
  KvRenderOptions defaults;

  g_return_val_if_fail (layout != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      kv_render_options_init (&defaults);
      options = &defaults;
    }

  switch (format)
    {
    case KV_FORMAT_SVG:
      return export_svg (layout, options, error);
    case KV_FORMAT_PDF:
      return export_pdf (layout, options, error);
    case KV_FORMAT_PNG:
      return export_png (layout, options, error);
    case KV_FORMAT_DOT:
      return _kv_export_dot (layout, options);
    case KV_FORMAT_TIKZ:
      return _kv_export_tikz (layout, options);
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
kv_export_file (const KvLayout         *layout,
                KvFormat                format,
                const KvRenderOptions  *options,
                const char             *path,
                GError                **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  bytes = kv_export_bytes (layout, format, options, error);
  return bytes != NULL && kv_write_bytes (path, bytes, error);
}

GBytes *
kv_export_handout_bytes (KvLayout * const       *layouts,
                         const char * const     *titles,
                         guint                   n_pages,
                         const KvRenderOptions  *options,
                         GError                **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  KvRenderOptions page_options;
  cairo_surface_t *surface;
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
  cairo_t *cr;
  double page_width = PAGE_WIDTH, page_height = PAGE_HEIGHT;

  g_return_val_if_fail (layouts != NULL || n_pages == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options != NULL)
    page_options = *options;
  else
    kv_render_options_init (&page_options);

  /* A4 landscape, or the page asked for. */
  if (has_page (&page_options))
    {
      page_width = page_options.page_width;
      page_height = page_options.page_height;
    }
  page_options.page_width = page_options.page_height = 0;
  surface = cairo_pdf_surface_create_for_stream (append_bytes, data, page_width, page_height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kripkeviz");
  if (n_pages > 0 && layouts[0]->graph->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, layouts[0]->graph->title);
  cr = cairo_create (surface);

  /* Every page the same size, the drawing scaled to fit and centred. */
  for (guint i = 0; i < n_pages; i++)
    {
      KvRenderGeometry geometry;
      double zoom;

      page_options.title = titles != NULL && titles[i] != NULL ? titles[i]
                         : options != NULL ? options->title : NULL;
      kv_render_measure (layouts[i], &page_options, &geometry);
      zoom = MIN ((page_width - 2 * PAGE_MARGIN) / geometry.width,
                  (page_height - 2 * PAGE_MARGIN) / geometry.height);
      zoom = MIN (zoom, PAGE_MAX_ZOOM);

      if (page_options.title != NULL)
        {
          g_autofree char *outline = g_strdup_printf ("page=%u", i + 1);
          cairo_pdf_surface_add_outline (surface, CAIRO_PDF_OUTLINE_ROOT,
                                         page_options.title, outline, 0);
        }

      cairo_save (cr);
      cairo_translate (cr, (page_width - geometry.width * zoom) / 2,
                       (page_height - geometry.height * zoom) / 2);
      cairo_scale (cr, zoom, zoom);
      kv_render (layouts[i], cr, &page_options);
      cairo_restore (cr);
      cairo_show_page (cr);
    }

  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (!check_cairo (status, _("handout"), error))
    return NULL;

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}
