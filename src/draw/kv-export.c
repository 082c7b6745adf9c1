// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export.c: SVG, PDF, PNG (through kv_render), DOT, TikZ, the handout */
#define G_LOG_DOMAIN "kv-export"
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "kv-error.h"
#include "kv-export.h"

/* The handout's page: A4 landscape, in points. */
#define PAGE_WIDTH   842.0
#define PAGE_HEIGHT  595.0
#define PAGE_MARGIN  28.0
#define PAGE_MAX_ZOOM 2.0
/* A page asked for (--size): the drawing fitted inside this margin. */
#define PAGE_FIT_MARGIN 12.0
/* A Beamer slide's legend, beside the graph. */
#define BEAMER_LEGEND_GAP   24.0
#define BEAMER_LEGEND_WIDTH 170.0

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

static gboolean
has_page (const KvRenderOptions *options)
{
  return options->page_width > 0 && options->page_height > 0;
}

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
               _("a page size is 16:9, 4:3 or WxH in cm, mm, pt or in (e.g. 25x14cm, from 1 in to 200 in a side), not \"%s\""),
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

static const char *
pdf_title (const KvLayout        *layout,
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
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, pdf_title (layout, options));
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
      g_autofree char *graph_title = g_markup_escape_text (pdf_title (layout, options), -1);
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

/* DOT */

/* The screen's marks (kv-render.c), as colours DOT and TikZ can say. */
#define STRUCK_FILL_HEX  "#EDEDED"   /* a dropped pair's fill */
#define STRUCK_INK_HEX   "#999999"   /* its border, label and strike */
#define CUT_ALPHA_HEX    "4D"        /* a cut link: its agent's colour at 30 % */
#define CUT_LABEL_ALPHA_HEX "66"     /* and its label at 40 % */
#define DIMMED_ALPHA_HEX "2E"        /* outside a perspective: 18 %, as kv-render.c */
/* A link is faint when one of its worlds is (kv-render.c draws it so). */
static gboolean
edge_dimmed (const KvRenderOptions *options,
             const KvEdge          *e)
{
  return kv_render_is_dimmed (options, e->source) || kv_render_is_dimmed (options, e->target);
}

static void
append_dot_string (GString    *out,
                   const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      if (*p == '\n')
        g_string_append (out, "\\n");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static const char *
fmt (char   *buffer,
     double  value)
{
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", value);
}

/* The edge label places kv_render uses, or NULL when it draws none. */
static double *
edge_label_places (const KvLayout        *layout,
                   const KvRenderOptions *options)
{
  double *xy = g_new (double, 2 * MAX (kv_graph_n_edges (layout->graph), 1));

  if (kv_render_edge_label_places (layout, options, xy))
    return xy;
  g_free (xy);
  return NULL;
}

static GBytes *
export_dot (const KvLayout        *layout,
            const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  GString *out = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  double height = layout->height;
  g_autofree double *labels = edge_label_places (layout, options);

  /* No layout= attribute: it would override neato -n2 and lay out again. */
  g_string_append_printf (out, "/* Made by Kripkeviz, laid out by %s. Positions are kept: "
                          "render with `neato -n2 -Tsvg`.\n"
                          "   Marks as on screen: the actual world has a double border and is\n"
                          "   underlined; a dropped product pair (dropped=true) is grey and struck\n"
                          "   through; a link the action cuts (cut=true) is faded; a world with\n"
                          "   links outside the view is dashed. */\n",
                          kv_layout_engine_to_string (layout->engine));
  g_string_append (out, "graph kripkeviz {\n  graph [");
  /* The title, as kv_render's: not without show_title. */
  if (options->show_title)
    {
      g_string_append (out, "label=");
      append_dot_string (out, pdf_title (layout, options));
      g_string_append (out, ", labelloc=t, ");
    }
  g_string_append_printf (out, "outputorder=edgesfirst, fontname=\"%s:bold\", fontsize=%s, bb=\"0,0,%s,%s\"",
                          KV_STYLE_FONT, fmt (c, KV_STYLE_TITLE_SIZE),
                          fmt (a, layout->width), fmt (b, layout->height));
  if (options->page_width > 0 && options->page_height > 0)
    /* The page asked for, in inches; "!" scales up as well as down. */
    g_string_append_printf (out, ", size=\"%s,%s!\"",
                            fmt (a, options->page_width / 72.0), fmt (b, options->page_height / 72.0));
  g_string_append (out, "];\n");
  g_string_append_printf (out, "  node [fontname=\"%s\", fontsize=%s, fixedsize=true, fillcolor=white];\n",
                          KV_STYLE_FONT, fmt (a, KV_STYLE_LABEL_SIZE));
  g_string_append_printf (out, "  edge [penwidth=%s, fontname=\"%s:bold\", fontsize=%s];\n",
                          fmt (a, KV_STYLE_EDGE_WIDTH), KV_STYLE_FONT, fmt (b, KV_STYLE_SMALL_SIZE));

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];
      /* Filled (white by default) so links end at the border, as on screen. */
      GString *styles = g_string_new (place->shape == KV_NODE_SHAPE_BOX ? "rounded,filled" : "filled");

      g_string_append_printf (out, "  n%u [label=", i);
      /* No markup round no label (a grid's node): Graphviz refuses <u></u>. */
      if ((node->flags & (KV_NODE_ACTUAL | KV_NODE_STRUCK)) && *node->label != '\0')
        {
          g_autofree char *escaped = g_markup_escape_text (node->label, -1);

          g_string_append_printf (out, "<%s%s%s%s%s>",
                                  node->flags & KV_NODE_ACTUAL ? "<u>" : "",
                                  node->flags & KV_NODE_STRUCK ? "<s>" : "",
                                  escaped,
                                  node->flags & KV_NODE_STRUCK ? "</s>" : "",
                                  node->flags & KV_NODE_ACTUAL ? "</u>" : "");
          if (node->flags & KV_NODE_ACTUAL)
            g_string_append (out, ", peripheries=2");
        }
      else
        {
          append_dot_string (out, node->label);
          if (node->flags & KV_NODE_ACTUAL)
            g_string_append (out, ", peripheries=2");
        }
      g_string_append (out, ", tooltip=");
      append_dot_string (out, node->tooltip);
      g_string_append_printf (out, ", shape=%s, pos=\"%s,%s!\", width=%s, height=%s",
                              place->shape == KV_NODE_SHAPE_BOX ? "box" : "ellipse",
                              fmt (a, place->x), fmt (b, height - place->y),
                              fmt (c, place->width / 72.0), fmt (d, place->height / 72.0));
      if (node->flags & KV_NODE_HIGHLIGHTED)
        {
          g_string_append_printf (out, ", fillcolor=\"%s\"", kv_style_highlight_hex ());
        }
      else if (node->flags & KV_NODE_STRUCK)
        {
          /* Greyed and struck through, as on screen. */
          g_string_append (out, ", dropped=true, fillcolor=\"" STRUCK_FILL_HEX "\", color=\""
                           STRUCK_INK_HEX "\", fontcolor=\"" STRUCK_INK_HEX "\"");
        }
      if (node->flags & KV_NODE_CUT_OFF)
        g_string_append (styles, ",dashed");
      if (kv_render_is_dimmed (options, i))
        g_string_append (out, ", dimmed=true, color=\"#000000" DIMMED_ALPHA_HEX "\", fontcolor=\"#000000"
                         DIMMED_ALPHA_HEX "\"");
      g_string_append_printf (out, ", style=\"%s\"", styles->str);
      g_string_append (out, "];\n");
      g_string_free (styles, TRUE);
    }

  /* A grid's headers: text only, where the screen writes them. */
  for (guint i = 0; i < layout->n_headers; i++)
    {
      const KvLayoutHeader *h = &layout->headers[i];

      g_string_append_printf (out, "  h%u [header=true, shape=plaintext, label=", i);
      append_dot_string (out, h->text);
      g_string_append_printf (out, ", pos=\"%s,%s!\", width=%s, height=%s];\n",
                              fmt (a, h->x), fmt (b, height - h->y),
                              fmt (c, h->width / 72.0), fmt (d, h->height / 72.0));
    }

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutEdge *edge = &layout->edges[i];
      gboolean cut = (e->flags & KV_EDGE_CUT) != 0;

      if (options->hidden_agents & (1u << e->agent))
        continue;

      g_string_append_printf (out, "  n%u -- n%u [agent=", e->source, e->target);
      append_dot_string (out, graph->agent_names[e->agent]);
      /* A cut link keeps its agent's colour and dashes, faded. */
      g_string_append_printf (out, ", color=\"%s%s\", style=%s",
                              kv_style_agent_hex (e->agent),
                              cut ? CUT_ALPHA_HEX : edge_dimmed (options, e) ? DIMMED_ALPHA_HEX : "",
                              kv_style_agent_dot_style (e->agent));
      if (cut)
        {
          g_autofree char *tip = g_strdup_printf (_("agent %s: link cut by the action"),
                                                  graph->agent_names[e->agent]);

          g_string_append (out, ", cut=true, tooltip=");
          append_dot_string (out, tip);
        }
      if (labels != NULL)
        {
          g_string_append (out, ", label=");
          append_dot_string (out, graph->agent_names[e->agent]);
          g_string_append_printf (out, ", fontcolor=\"%s%s\", lp=\"%s,%s\"",
                                  kv_style_agent_hex (e->agent), cut ? CUT_LABEL_ALPHA_HEX : "",
                                  fmt (a, labels[2 * i]), fmt (b, height - labels[2 * i + 1]));
        }
      g_string_append (out, ", pos=\"");
      for (guint j = 0; j < edge->n_points; j++)
        g_string_append_printf (out, "%s%s,%s", j > 0 ? " " : "",
                                fmt (a, edge->points[2 * j]),
                                fmt (b, height - edge->points[2 * j + 1]));
      g_string_append (out, "\"];\n");
    }

  g_string_append (out, "}\n");
  return g_string_free_to_bytes (out);
}

/* TikZ */

static void
append_tex (GString    *out,
            const char *text)
{
  static const char * const subscripts[] = { "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉" };

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);
      gboolean done = FALSE;

      switch (ch)
        {
        case '\\': g_string_append (out, "\\textbackslash{}"); continue;
        case '{': case '}': case '$': case '&': case '#': case '%': case '_':
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) ch);
          continue;
        case '^': g_string_append (out, "\\textasciicircum{}"); continue;
        case '~': g_string_append (out, "\\textasciitilde{}"); continue;
        case '|': g_string_append (out, "\\textbar{}"); continue;
        case '<': g_string_append (out, "\\textless{}"); continue;
        case '>': g_string_append (out, "\\textgreater{}"); continue;
        case 0x2014: g_string_append (out, "---"); continue;   /* — */
        case 0x2013: g_string_append (out, "--"); continue;    /* – */
        case 0x00d7: g_string_append (out, "$\\times$"); continue;
        case 0x00ac: g_string_append (out, "$\\neg$"); continue;
        case 0x2227: g_string_append (out, "$\\wedge$"); continue;
        case 0x2228: g_string_append (out, "$\\vee$"); continue;
        case 0x2192: g_string_append (out, "$\\rightarrow$"); continue;
        case 0x2297: g_string_append (out, "$\\otimes$"); continue;
        case 0x00b7: g_string_append (out, "$\\cdot$"); continue;
        case 0x2026: g_string_append (out, "\\ldots{}"); continue;
        case 0x2032: g_string_append (out, "$'$"); continue;     /* primes */
        case 0x2033: g_string_append (out, "$''$"); continue;
        case 0x2034: g_string_append (out, "$'''$"); continue;
        case 0x202f: g_string_append (out, "\\,"); continue;   /* a count's narrow space (kv_count_format) */
        default:
          break;
        }

      for (guint i = 0; i < G_N_ELEMENTS (subscripts); i++)
        if (ch == g_utf8_get_char (subscripts[i]))
          {
            g_string_append_printf (out, "$_{%u}$", i);
            done = TRUE;
          }
      if (done)
        continue;

      /* Kept as UTF-8: LaTeX reads UTF-8 by default since 2018. */
      g_string_append_unichar (out, ch);
    }
}

/* The colours and styles, at the top of a tikzpicture: they live inside the
 * picture, so an \input one brings them along and two pictures on a slide
 * do not clash. A user restyles an agent or a mark by its style's name:
 * `agent N` (its links), `agent N label` (its name on them), `actual`,
 * `highlight`, `dropped` (a product pair whose precondition fails), `cut`
 * (a link the action cuts), `cut off` (a world with links outside the
 * view), `dimmed` (a world an agent's perspective leaves out, and its
 * links). */
static void
append_tikz_styles (GString       *out,
                    const KvGraph *graph)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < graph->n_agents; i++)
    g_string_append_printf (out, "\\definecolor{kvagent%u}{HTML}{%s}\n",
                            i + 1, kv_style_agent_hex (i) + 1);
  g_string_append_printf (out, "\\definecolor{kvhighlight}{HTML}{%s}\n", kv_style_highlight_hex () + 1);
  g_string_append_printf (out, "\\definecolor{kvdroppedfill}{HTML}{%s}\n", STRUCK_FILL_HEX + 1);
  g_string_append_printf (out, "\\definecolor{kvdroppedink}{HTML}{%s}\n", STRUCK_INK_HEX + 1);

  g_string_append (out, "\\tikzset{\n"
                   "  world/.style={draw, ellipse, inner sep=0pt, font=\\sffamily\\Large, fill=white},\n"
                   "  long world/.style={draw, rectangle, rounded corners=6pt, inner sep=0pt, font=\\sffamily\\Large, fill=white},\n"
                   "  actual/.style={double, double distance=1.8pt},\n"
                   "  highlight/.style={fill=kvhighlight, line width=1.4pt},\n"
                   "  cut off/.style={dashed},\n"
                   "  dropped/.style={fill=kvdroppedfill, draw=kvdroppedink, text=kvdroppedink,\n"
                   "    path picture={\\draw[kvdroppedink, line width=1.5pt]\n"
                   "      ([xshift=6pt]path picture bounding box.west) -- ([xshift=-6pt]path picture bounding box.east);}},\n"
                   "  cut/.style={draw opacity=0.3, text opacity=0.4},\n"
                   "  dimmed/.style={opacity=0.18},\n"
                   "  header/.style={inner sep=0pt, font=\\sffamily\\Large},\n"
                   "  link label/.style={circle, fill=white, inner sep=1pt, font=\\sffamily\\bfseries\\small},\n");
  for (guint i = 0; i < graph->n_agents; i++)
    {
      g_string_append_printf (out, "  agent %u/.style={draw=kvagent%u, line width=%spt, %s, line cap=round},\n",
                              i + 1, i + 1, fmt (a, KV_STYLE_EDGE_WIDTH), kv_style_agent_tikz_dash (i));
      g_string_append_printf (out, "  agent %u label/.style={link label, text=kvagent%u},\n", i + 1, i + 1);
    }
  g_string_append (out, "}\n");
}

/* One legend row at (@x, @y): a world sample in @style (or, when NULL, a
 * cut link), then @text. */
static void
append_tikz_legend_row (GString    *out,
                        const char *style,
                        double      x,
                        double      y,
                        const char *text)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  if (style != NULL)
    g_string_append_printf (out, "  \\node[world, %s, minimum width=30pt, minimum height=18pt] at (%s,%s) {};\n",
                            style, fmt (b, x + 15), fmt (a, y));
  else
    g_string_append_printf (out, "  \\draw[draw=black, line width=1.2pt, cut] (%s,%s) -- ++(30,0);\n",
                            fmt (b, x), fmt (a, y));
  g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small] at (%s,%s) {",
                          fmt (b, x + 38), fmt (a, y));
  append_tex (out, text);
  g_string_append (out, "};\n");
}

static gboolean
graph_has_cut_edge (const KvGraph *graph,
                    guint32        hidden_agents)
{
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);

      if ((e->flags & KV_EDGE_CUT) && !(hidden_agents & (1u << e->agent)))
        return TRUE;
    }
  return FALSE;
}

/* The picture's contents (not its styles), with the layout's top at
 * y = @top: the title when @title is not NULL, links, their labels, worlds,
 * the legend (below the graph, or beside it from x = @legend_x when that is
 * > 0), its notes wrapped at @wrap points when @wrap > 0. Returns the
 * lowest y written. */
static double
append_tikz_body (GString               *out,
                  const KvLayout        *layout,
                  const KvRenderOptions *options,
                  const char            *title,
                  double                 top,
                  double                 legend_x,
                  double                 wrap)
{
  const KvGraph *graph = layout->graph;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  char e_[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree double *labels = edge_label_places (layout, options);
  double x0, y;

  if (title != NULL)
    {
      g_string_append_printf (out, "  \\node[anchor=south west, font=\\sffamily\\bfseries\\large] at (0,%s) {",
                              fmt (a, top + 12));
      append_tex (out, title);
      g_string_append (out, "};\n");
    }

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutEdge *edge = &layout->edges[i];

      if (options->hidden_agents & (1u << e->agent))
        continue;

      g_string_append_printf (out, "  \\draw[agent %u%s%s] (%s,%s)", e->agent + 1,
                              (e->flags & KV_EDGE_CUT) ? ", cut" : "",
                              edge_dimmed (options, e) ? ", dimmed" : "",
                              fmt (a, edge->points[0]), fmt (b, top - edge->points[1]));
      for (guint j = 1; j + 2 < edge->n_points; j += 3)
        g_string_append_printf (out, " .. controls (%s,%s) and (%s,%s) .. (%s,%s)",
                                fmt (a, edge->points[2 * j]), fmt (b, top - edge->points[2 * j + 1]),
                                fmt (c, edge->points[2 * j + 2]), fmt (d, top - edge->points[2 * j + 3]),
                                fmt (e_, edge->points[2 * j + 4]), fmt (f, top - edge->points[2 * j + 5]));
      g_string_append (out, ";\n");
    }

  /* The agent's name on each link, where the screen puts it. */
  for (guint i = 0; labels != NULL && i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);

      if (isnan (labels[2 * i]))
        continue;
      g_string_append_printf (out, "  \\node[agent %u label%s%s] at (%s,%s) {", e->agent + 1,
                              (e->flags & KV_EDGE_CUT) ? ", cut" : "",
                              edge_dimmed (options, e) ? ", dimmed" : "",
                              fmt (a, labels[2 * i]), fmt (b, top - labels[2 * i + 1]));
      append_tex (out, graph->agent_names[e->agent]);
      g_string_append (out, "};\n");
    }

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];

      g_string_append_printf (out, "  \\node[%s", place->shape == KV_NODE_SHAPE_BOX ? "long world" : "world");
      if (node->flags & KV_NODE_ACTUAL)
        g_string_append (out, ", actual");
      if (node->flags & KV_NODE_HIGHLIGHTED)
        g_string_append (out, ", highlight");
      if (node->flags & KV_NODE_STRUCK)
        g_string_append (out, ", dropped");
      if (node->flags & KV_NODE_CUT_OFF)
        g_string_append (out, ", cut off");
      if (kv_render_is_dimmed (options, i))
        g_string_append (out, ", dimmed");
      g_string_append_printf (out, ", minimum width=%spt, minimum height=%spt] (n%u) at (%s,%s) {",
                              fmt (a, place->width), fmt (b, place->height), i,
                              fmt (c, place->x), fmt (d, top - place->y));
      if (node->flags & KV_NODE_ACTUAL)
        g_string_append (out, "\\underline{");
      append_tex (out, node->label);
      if (node->flags & KV_NODE_ACTUAL)
        g_string_append (out, "}");
      g_string_append (out, "}; % ");
      append_tex (out, node->tooltip);
      g_string_append (out, "\n");
    }

  /* A grid's row and column headers (the envelope view's cards). */
  for (guint i = 0; i < layout->n_headers; i++)
    {
      const KvLayoutHeader *h = &layout->headers[i];

      g_string_append_printf (out, "  \\node[header] at (%s,%s) {", fmt (a, h->x), fmt (b, top - h->y));
      append_tex (out, h->text);
      g_string_append (out, "};\n");
    }

  y = top - layout->height;
  if (!options->show_legend)
    return y;

  /* The legend: the same entries as the screen's (kv-render.c), the
   * agents on one row below the graph, one a row beside it. */
  x0 = MAX (legend_x, 0);
  y = legend_x > 0 ? top + 12 : y - 24;
  g_string_append (out, "  % Legend\n");
  for (guint i = 0; i < graph->n_agents; i++)
    {
      double x = legend_x > 0 ? x0 : 90.0 * i;
      g_autofree char *entry = g_strdup_printf (_("agent %s"), graph->agent_names[i]);

      g_string_append_printf (out, "  \\draw[agent %u] (%s,%s) -- (%s,%s);\n", i + 1,
                              fmt (a, x), fmt (b, y), fmt (c, x + 30), fmt (d, y));
      g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small] at (%s,%s) {",
                              fmt (a, x + 34), fmt (b, y));
      append_tex (out, entry);
      g_string_append (out, "};\n");
      if (legend_x > 0)
        y -= 22;
    }
  if (legend_x > 0)
    y += 22;
  if (kv_graph_actual (graph) >= 0)
    append_tikz_legend_row (out, "actual", x0, y -= 22, _("actual world (double border, underlined)"));
  if (kv_graph_has_node_flag (graph, KV_NODE_HIGHLIGHTED))
    append_tikz_legend_row (out, "highlight", x0, y -= 22, _("highlighted"));
  if (kv_graph_has_node_flag (graph, KV_NODE_CUT_OFF))
    append_tikz_legend_row (out, "cut off", x0, y -= 22, _("has links outside the view"));
  if (kv_graph_has_node_flag (graph, KV_NODE_STRUCK))
    append_tikz_legend_row (out, "dropped", x0, y -= 22, _("precondition false: pair dropped"));
  if (graph_has_cut_edge (graph, options->hidden_agents))
    append_tikz_legend_row (out, NULL, x0, y -= 22, _("link cut by the action (faded)"));
  for (guint i = 0; i < graph->notes->len + kv_render_notes_reflexive (graph); i++)
    {
      const char *note = i < graph->notes->len ? g_ptr_array_index (graph->notes, i)
                                               : _("Every world is linked to itself (not drawn).");
      double note_width;
      guint n_lines;

      kv_style_text_size (note, KV_STYLE_SMALL_SIZE, FALSE, &note_width, NULL);
      /* \\small is a little smaller than the screen's legend: the lines
       * measured there are at most as many. */
      n_lines = wrap > 0 ? (guint) ceil (note_width / wrap) : 1;
      y -= 18;
      if (wrap > 0)
        g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small, inner sep=0pt, "
                                "text width=%spt, align=left] at (%s,%s) {",
                                fmt (b, wrap), fmt (c, x0), fmt (a, y - 6.5 * (MAX (n_lines, 1) - 1)));
      else
        g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small, inner sep=0pt] at (%s,%s) {",
                                fmt (c, x0), fmt (a, y));
      append_tex (out, note);
      g_string_append (out, "};\n");
      if (n_lines > 1)
        y -= 13 * (n_lines - 1);
    }

  return MIN (y - 8, top - layout->height);
}

/* The preamble shared by the document and the Beamer deck. */
#define TIKZ_PACKAGES "\\usepackage{tikz}\n\\usetikzlibrary{shapes.geometric}\n"

static GBytes *
export_tikz (const KvLayout        *layout,
             const KvRenderOptions *options)
{
  GString *out = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean sized = options->page_width > 0 && options->page_height > 0;
  KvRenderGeometry geometry;

  if (options->tikz_bare)
    g_string_append (out,
                     "% Made by Kripkeviz: a tikzpicture to \\input. The preamble needs\n"
                     "% \\usepackage{tikz} and \\usetikzlibrary{shapes.geometric}.\n");
  else
    /* A page the picture's size plus 8pt (or the size asked for), from plain
     * article: the standalone class would need texlive-latex-extra, this only
     * the base and TikZ. */
    g_string_append (out,
                     "% Made by Kripkeviz. Compile with pdflatex.\n"
                     "\\documentclass{article}\n"
                     TIKZ_PACKAGES
                     "\\pagestyle{empty}\n"
                     "\\hoffset=-1in \\voffset=-1in \\oddsidemargin=8pt \\topmargin=8pt\n"
                     "\\headheight=0pt \\headsep=0pt \\topskip=0pt \\parindent=0pt\n"
                     "\\textwidth=5000pt \\textheight=5000pt\n"
                     "\\newsavebox\\kvpicture\n"
                     "\\begin{document}\n"
                     "\\begin{lrbox}{\\kvpicture}\n");
  g_string_append (out, "\\begin{tikzpicture}[x=1pt, y=1pt]\n");
  append_tikz_styles (out, layout->graph);
  /* The notes wrapped where the other formats wrap them. */
  kv_render_measure (layout, options, &geometry);
  append_tikz_body (out, layout, options,
                    options->show_title ? pdf_title (layout, options) : NULL, layout->height, 0,
                    geometry.note_width);
  g_string_append (out, "\\end{tikzpicture}\n");
  if (options->tikz_bare)
    ;
  else if (!sized)
    g_string_append (out,
                     "\\end{lrbox}\n"
                     "\\pdfpagewidth=\\dimexpr\\wd\\kvpicture+16pt\\relax\n"
                     "\\pdfpageheight=\\dimexpr\\ht\\kvpicture+\\dp\\kvpicture+16pt\\relax\n"
                     "\\usebox{\\kvpicture}\n"
                     "\\end{document}\n");
  else
    {
      /* The page asked for (in PostScript points, bp, as cairo's), the
       * picture scaled to fit inside its margins and centred, as
       * kv_export_fit does for PDF, SVG and PNG. */
      g_string_append_printf (out,
                              "\\end{lrbox}\n"
                              "\\pdfpagewidth=%sbp \\pdfpageheight=%sbp\n"
                              "\\oddsidemargin=0pt \\topmargin=0pt\n",
                              fmt (a, options->page_width), fmt (b, options->page_height));
      g_string_append_printf (out,
                              "\\pgfmathsetmacro\\kvscale{min(%s/\\wd\\kvpicture, %s/(\\ht\\kvpicture+\\dp\\kvpicture))}\n",
                              fmt (a, options->page_width - 2 * PAGE_FIT_MARGIN),
                              fmt (b, options->page_height - 2 * PAGE_FIT_MARGIN));
      g_string_append_printf (out,
                              "\\vbox to %sbp{\\vfil\\hbox to %sbp{\\hfil\\scalebox{\\kvscale}{\\usebox{\\kvpicture}}\\hfil}\\vfil}\n"
                              "\\end{document}\n",
                              fmt (a, options->page_height), fmt (b, options->page_width));
    }
  return g_string_free_to_bytes (out);
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
      return export_dot (layout, options);
    case KV_FORMAT_TIKZ:
      return export_tikz (layout, options);
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
kv_export_write_atomic (const char  *path,
                        GBytes      *bytes,
                        GError     **error)
{
  gsize size;
  const char *data;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &size);
  /* Writes a temporary file beside @path and renames it over @path. */
  if (!g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0666, &local_error))
    {
      /* TRANSLATORS: the first %s is a file name, the second the reason */
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("Could not write %s: %s"),
                   path, local_error->message);
      return FALSE;
    }

  return TRUE;
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
  return bytes != NULL && kv_export_write_atomic (path, bytes, error);
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

GBytes *
kv_export_beamer_bytes (KvLayout * const       *layouts,
                        const char * const     *titles,
                        guint                   n_frames,
                        const KvRenderOptions  *options,
                        GError                **error)
{
  KvRenderOptions frame_options;
  g_autoptr(GString) bodies = g_string_new (NULL);
  GString *out;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  double width = 0, height = 0, bottom = 0;
  gboolean four_three;

  g_return_val_if_fail (layouts != NULL && n_frames > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options != NULL)
    frame_options = *options;
  else
    kv_render_options_init (&frame_options);
  four_three = has_page (&frame_options) && frame_options.page_width / frame_options.page_height < 1.5;

  /* Pictures laid out with one KvPlaces share one frame: the same origin,
   * the biggest of their sizes. */
  for (guint i = 0; i < n_frames; i++)
    {
      width = MAX (width, layouts[i]->width);
      height = MAX (height, layouts[i]->height);
    }

  /* One slide per picture, each in \only<n>: what changes from a step to
   * the next appears in place. */
  for (guint i = 0; i < n_frames; i++)
    {
      g_string_append_printf (bodies, "\\only<%u>{%%\n", i + 1);
      double low = append_tikz_body (bodies, layouts[i], &frame_options, NULL, height,
                                     width + BEAMER_LEGEND_GAP, BEAMER_LEGEND_WIDTH);

      bottom = MIN (bottom, low);
      g_string_append (bodies, "}%\n");
    }

  out = g_string_new (NULL);
  g_string_append_printf (out,
                          "%% Made by Kripkeviz: a Beamer frame, one slide per step, every world\n"
                          "%% in the same place on every slide. Compile with pdflatex.\n"
                          "\\documentclass[aspectratio=%s]{beamer}\n"
                          TIKZ_PACKAGES
                          "\\setbeamertemplate{navigation symbols}{}\n"
                          "\\title{",
                          four_three ? "43" : "169");
  append_tex (out, layouts[0]->graph->title != NULL ? layouts[0]->graph->title : _("Kripke model"));
  g_string_append (out, "}\n"
                   "\\newsavebox\\kvpicture\n"
                   "\\begin{document}\n"
                   "\\begin{frame}\n"
                   "\\frametitle{");
  for (guint i = 0; i < n_frames; i++)
    {
      const char *title = titles != NULL && titles[i] != NULL ? titles[i] : layouts[i]->graph->title;

      g_string_append_printf (out, "\\only<%u>{", i + 1);
      append_tex (out, title != NULL ? title : "");
      g_string_append (out, "}");
    }
  g_string_append (out, "}\n"
                   "\\sbox\\kvpicture{%\n"
                   "\\begin{tikzpicture}[x=1pt, y=1pt]\n");
  append_tikz_styles (out, layouts[0]->graph);
  /* The same box on every slide, so the same scale and place. */
  g_string_append_printf (out, "  \\path (%s,%s) rectangle (%s,%s);\n",
                          fmt (a, -4), fmt (b, bottom), fmt (c, width + BEAMER_LEGEND_GAP + BEAMER_LEGEND_WIDTH + 4),
                          fmt (d, height + 4));
  g_string_append (out, bodies->str);
  g_string_append (out, "\\end{tikzpicture}}%\n"
                   "% Scaled once for every slide to the text area (at most 1.5 times).\n"
                   "\\pgfmathsetmacro\\kvscale{min(1.5, \\textwidth/\\wd\\kvpicture,"
                   " 0.82\\textheight/(\\ht\\kvpicture+\\dp\\kvpicture))}%\n"
                   "\\centering\\scalebox{\\kvscale}{\\usebox{\\kvpicture}}\n"
                   "\\end{frame}\n"
                   "\\end{document}\n");

  return g_string_free_to_bytes (out);
}
