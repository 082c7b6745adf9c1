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

/* Draws @layout on a vector surface, finishes it, checks it. */
static gboolean
render_to_surface (const KvLayout        *layout,
                   cairo_surface_t       *surface,
                   const KvRenderOptions *options,
                   const char            *what,
                   GError               **error)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  kv_render (layout, cr, options);
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
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  gboolean ok;

  kv_render_measure (layout, options, &geometry);
  surface = cairo_pdf_surface_create_for_stream (append_bytes, data,
                                                 geometry.width, geometry.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, pdf_title (layout, options));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kripkeviz");
  ok = render_to_surface (layout, surface, options, "PDF", error);
  cairo_surface_destroy (surface);

  return ok ? g_byte_array_free_to_bytes (g_steal_pointer (&data)) : NULL;
}

static GBytes *
export_png (const KvLayout         *layout,
            const KvRenderOptions  *options,
            GError                **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double scale = options->raster_scale > 0 ? options->raster_scale : 1.0;
  double width, height;

  kv_render_measure (layout, options, &geometry);
  width = ceil (geometry.width * scale);
  height = ceil (geometry.height * scale);
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
  kv_render (layout, cr, options);
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

  kv_render_measure (layout, options, &geometry);
  surface = cairo_svg_surface_create_for_stream (append_bytes, data,
                                                 geometry.width, geometry.height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  ok = render_to_surface (layout, surface, options, "SVG", error);
  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;

  svg = g_string_new_len ((const char *) data->data, data->len);
  end = g_strrstr (svg->str, "</svg>");
  if (end != NULL)
    {
      g_autoptr(GString) titles = g_string_new ("<g id=\"kv-tooltips\" fill-opacity=\"0\">\n");
      g_autofree char *graph_title = g_markup_escape_text (pdf_title (layout, options), -1);

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

static GBytes *
export_dot (const KvLayout        *layout,
            const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  GString *out = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  double height = layout->height;

  /* No layout= attribute: it would override neato -n2 and lay out again. */
  g_string_append_printf (out, "/* Made by Kripkeviz, laid out by %s. Positions are kept: "
                          "render with `neato -n2 -Tsvg`. */\n",
                          kv_layout_engine_to_string (layout->engine));
  g_string_append (out, "graph kripkeviz {\n  graph [label=");
  append_dot_string (out, pdf_title (layout, options));
  g_string_append_printf (out, ", labelloc=t, bb=\"0,0,%s,%s\"];\n",
                          fmt (a, layout->width), fmt (b, layout->height));
  g_string_append_printf (out, "  node [fontname=\"%s\", fontsize=%s, fixedsize=true];\n",
                          KV_STYLE_FONT, fmt (a, KV_STYLE_LABEL_SIZE));
  g_string_append_printf (out, "  edge [penwidth=%s];\n", fmt (a, KV_STYLE_EDGE_WIDTH));

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];
      GString *styles = g_string_new (place->shape == KV_NODE_SHAPE_BOX ? "rounded" : "");

      g_string_append_printf (out, "  n%u [label=", i);
      if (node->flags & KV_NODE_ACTUAL)
        {
          g_autofree char *escaped = g_markup_escape_text (node->label, -1);
          g_string_append_printf (out, "<<u>%s</u>>, peripheries=2", escaped);
        }
      else
        append_dot_string (out, node->label);
      g_string_append (out, ", tooltip=");
      append_dot_string (out, node->tooltip);
      g_string_append_printf (out, ", shape=%s, pos=\"%s,%s!\", width=%s, height=%s",
                              place->shape == KV_NODE_SHAPE_BOX ? "box" : "ellipse",
                              fmt (a, place->x), fmt (b, height - place->y),
                              fmt (c, place->width / 72.0), fmt (d, place->height / 72.0));
      if (node->flags & KV_NODE_HIGHLIGHTED)
        {
          g_string_append_printf (out, ", fillcolor=\"%s\"", kv_style_highlight_hex ());
          g_string_append_printf (styles, "%sfilled", styles->len > 0 ? "," : "");
        }
      if (node->flags & KV_NODE_CUT_OFF)
        g_string_append_printf (styles, "%sdashed", styles->len > 0 ? "," : "");
      if (styles->len > 0)
        g_string_append_printf (out, ", style=\"%s\"", styles->str);
      g_string_append (out, "];\n");
      g_string_free (styles, TRUE);
    }

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutEdge *edge = &layout->edges[i];

      if (options->hidden_agents & (1u << e->agent))
        continue;

      g_string_append_printf (out, "  n%u -- n%u [agent=", e->source, e->target);
      append_dot_string (out, graph->agent_names[e->agent]);
      g_string_append_printf (out, ", color=\"%s\", style=%s, pos=\"",
                              kv_style_agent_hex (e->agent), kv_style_agent_dot_style (e->agent));
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
        case 0x00b7: g_string_append (out, "$\\cdot$"); continue;
        case 0x2032: g_string_append (out, "$'$"); continue;     /* primes */
        case 0x2033: g_string_append (out, "$''$"); continue;
        case 0x2034: g_string_append (out, "$'''$"); continue;
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

static GBytes *
export_tikz (const KvLayout        *layout,
             const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  GString *out = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  char e_[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  double height = layout->height;
  const char *title = options->show_title ? pdf_title (layout, options) : NULL;
  double y;

  if (options->tikz_bare)
    g_string_append (out,
                     "% Made by Kripkeviz: a tikzpicture to \\input. The preamble needs\n"
                     "% \\usepackage{tikz} and \\usetikzlibrary{shapes.geometric}.\n");
  else
    /* A page the picture's size plus 8pt, from plain article: the standalone
     * class would need texlive-latex-extra, this only the base and TikZ. */
    g_string_append (out,
                     "% Made by Kripkeviz. Compile with pdflatex.\n"
                     "\\documentclass{article}\n"
                     "\\usepackage{tikz}\n"
                     "\\usetikzlibrary{shapes.geometric}\n"
                     "\\pagestyle{empty}\n"
                     "\\hoffset=-1in \\voffset=-1in \\oddsidemargin=8pt \\topmargin=8pt\n"
                     "\\headheight=0pt \\headsep=0pt \\topskip=0pt \\parindent=0pt\n"
                     "\\textwidth=5000pt \\textheight=5000pt\n"
                     "\\newsavebox\\kvpicture\n"
                     "\\begin{document}\n"
                     "\\begin{lrbox}{\\kvpicture}\n");
  /* The colours and styles live inside the picture, so an \\input one
   * brings them along and two pictures on a slide do not clash; restyle an
   * agent or a mark (actual, highlight, cut) by its style's name. */
  g_string_append (out, "\\begin{tikzpicture}[x=1pt, y=1pt]\n");
  for (guint i = 0; i < graph->n_agents; i++)
    g_string_append_printf (out, "\\definecolor{kvagent%u}{HTML}{%s}\n",
                            i + 1, kv_style_agent_hex (i) + 1);
  g_string_append_printf (out, "\\definecolor{kvhighlight}{HTML}{%s}\n", kv_style_highlight_hex () + 1);

  g_string_append (out, "\\tikzset{\n"
                   "  world/.style={draw, ellipse, inner sep=0pt, font=\\sffamily, fill=white},\n"
                   "  long world/.style={draw, rectangle, rounded corners=6pt, inner sep=0pt, font=\\sffamily, fill=white},\n"
                   "  actual/.style={double, double distance=1.8pt, font=\\sffamily\\bfseries},\n"
                   "  highlight/.style={fill=kvhighlight, line width=1.4pt},\n"
                   "  cut/.style={dashed},\n");
  for (guint i = 0; i < graph->n_agents; i++)
    g_string_append_printf (out, "  agent %u/.style={draw=kvagent%u, line width=%spt, %s, line cap=round},\n",
                            i + 1, i + 1, fmt (a, KV_STYLE_EDGE_WIDTH), kv_style_agent_tikz_dash (i));
  g_string_append (out, "}\n");

  if (title != NULL)
    {
      g_string_append_printf (out, "  \\node[anchor=south west, font=\\sffamily\\bfseries\\large] at (0,%s) {",
                              fmt (a, height + 12));
      append_tex (out, title);
      g_string_append (out, "};\n");
    }

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutEdge *edge = &layout->edges[i];

      if (options->hidden_agents & (1u << e->agent))
        continue;

      g_string_append_printf (out, "  \\draw[agent %u] (%s,%s)", e->agent + 1,
                              fmt (a, edge->points[0]), fmt (b, height - edge->points[1]));
      for (guint j = 1; j + 2 < edge->n_points; j += 3)
        g_string_append_printf (out, " .. controls (%s,%s) and (%s,%s) .. (%s,%s)",
                                fmt (a, edge->points[2 * j]), fmt (b, height - edge->points[2 * j + 1]),
                                fmt (c, edge->points[2 * j + 2]), fmt (d, height - edge->points[2 * j + 3]),
                                fmt (e_, edge->points[2 * j + 4]), fmt (f, height - edge->points[2 * j + 5]));
      g_string_append (out, ";\n");
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
      if (node->flags & KV_NODE_CUT_OFF)
        g_string_append (out, ", cut");
      g_string_append_printf (out, ", minimum width=%spt, minimum height=%spt] (n%u) at (%s,%s) {",
                              fmt (a, place->width), fmt (b, place->height), i,
                              fmt (c, place->x), fmt (d, height - place->y));
      if (node->flags & KV_NODE_ACTUAL)
        g_string_append (out, "\\underline{");
      append_tex (out, node->label);
      if (node->flags & KV_NODE_ACTUAL)
        g_string_append (out, "}");
      g_string_append (out, "}; % ");
      append_tex (out, node->tooltip);
      g_string_append (out, "\n");
    }

  if (options->show_legend)
    {
      y = -24;
      g_string_append (out, "  % Legend\n");
      for (guint i = 0; i < graph->n_agents; i++)
        {
          double x = 90.0 * i;
          g_autofree char *entry = g_strdup_printf (_("agent %s"), graph->agent_names[i]);

          g_string_append_printf (out, "  \\draw[agent %u] (%s,%s) -- (%s,%s);\n", i + 1,
                                  fmt (a, x), fmt (b, y), fmt (c, x + 30), fmt (d, y));
          g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small] at (%s,%s) {",
                                  fmt (a, x + 34), fmt (b, y));
          append_tex (out, entry);
          g_string_append (out, "};\n");
        }
      if (kv_graph_actual (graph) >= 0)
        {
          y -= 22;
          g_string_append_printf (out, "  \\node[world, actual, minimum width=26pt, minimum height=16pt] at (13,%s) {};\n",
                                  fmt (a, y));
          g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small] at (32,%s) {",
                                  fmt (a, y));
          append_tex (out, _("actual world (double border, underlined)"));
          g_string_append (out, "};\n");
        }
      for (guint i = 0; i <= graph->notes->len; i++)
        {
          const char *note = i < graph->notes->len ? g_ptr_array_index (graph->notes, i)
                                                   : _("Every world is linked to itself (not drawn).");
          y -= 18;
          g_string_append_printf (out, "  \\node[anchor=west, font=\\sffamily\\small, inner sep=0pt] at (0,%s) {",
                                  fmt (a, y));
          append_tex (out, note);
          g_string_append (out, "};\n");
        }
    }

  g_string_append (out, "\\end{tikzpicture}\n");
  if (!options->tikz_bare)
    g_string_append (out,
                     "\\end{lrbox}\n"
                     "\\pdfpagewidth=\\dimexpr\\wd\\kvpicture+16pt\\relax\n"
                     "\\pdfpageheight=\\dimexpr\\ht\\kvpicture+\\dp\\kvpicture+16pt\\relax\n"
                     "\\usebox{\\kvpicture}\n"
                     "\\end{document}\n");
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

  g_return_val_if_fail (layouts != NULL || n_pages == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options != NULL)
    page_options = *options;
  else
    kv_render_options_init (&page_options);

  surface = cairo_pdf_surface_create_for_stream (append_bytes, data, PAGE_WIDTH, PAGE_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kripkeviz");
  if (n_pages > 0 && layouts[0]->graph->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, layouts[0]->graph->title);
  cr = cairo_create (surface);

  /* Every page A4 landscape, the drawing scaled to fit and centred. */
  for (guint i = 0; i < n_pages; i++)
    {
      KvRenderGeometry geometry;
      double zoom;

      page_options.title = titles != NULL && titles[i] != NULL ? titles[i]
                         : options != NULL ? options->title : NULL;
      kv_render_measure (layouts[i], &page_options, &geometry);
      zoom = MIN ((PAGE_WIDTH - 2 * PAGE_MARGIN) / geometry.width,
                  (PAGE_HEIGHT - 2 * PAGE_MARGIN) / geometry.height);
      zoom = MIN (zoom, PAGE_MAX_ZOOM);

      if (page_options.title != NULL)
        {
          g_autofree char *outline = g_strdup_printf ("page=%u", i + 1);
          cairo_pdf_surface_add_outline (surface, CAIRO_PDF_OUTLINE_ROOT,
                                         page_options.title, outline, 0);
        }

      cairo_save (cr);
      cairo_translate (cr, (PAGE_WIDTH - geometry.width * zoom) / 2,
                       (PAGE_HEIGHT - geometry.height * zoom) / 2);
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
