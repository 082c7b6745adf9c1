// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-tex.c: a laid-out graph as TikZ — the tikzpicture with its
 * styles, the standalone document around it (or --bare, none), and the
 * Beamer deck of a picture per step, for pdflatex. */
#define G_LOG_DOMAIN "kv-export"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kv-export-private.h"

/* A Beamer slide's legend, beside the graph. */
#define BEAMER_LEGEND_GAP   24.0
#define BEAMER_LEGEND_WIDTH 170.0

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
/* Which of the marks below @graph draws. */
static KvNodeFlags
graph_marks (const KvGraph *graph)
{
  KvNodeFlags marks = 0;

  for (KvNodeFlags flag = KV_NODE_REMOVED; flag <= KV_NODE_FAINT; flag <<= 1)
    if (kv_graph_has_node_flag (graph, flag))
      marks |= flag;
  return marks;
}

/* The marks of the agents view and of a step's removed worlds, only
 * where drawn (@marks: every other picture's TikZ stays as it was). */
static void
append_tikz_mark_styles (GString       *out,
                         const KvGraph *graph,
                         KvNodeFlags    marks)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  if (marks & KV_NODE_REMOVED)
    g_string_append_printf (out, "  removed/.style={draw=black!%s, text=black!%s, dashed, fill=white,\n"
                            "    path picture={\\draw[black!%s, line width=1.2pt]\n"
                            "      (path picture bounding box.south west) -- (path picture bounding box.north east)\n"
                            "      (path picture bounding box.north west) -- (path picture bounding box.south east);}},\n",
                            fmt (a, 100 * KV_STYLE_REMOVED_INK), fmt (a, 100 * KV_STYLE_REMOVED_INK),
                            fmt (b, 100 * KV_STYLE_REMOVED_INK));
  if (marks & KV_NODE_FAINT)
    g_string_append_printf (out, "  faint/.style={draw=black!%s},\n", fmt (a, 100 * (1 - KV_STYLE_FAINT_INK)));
  for (guint i = 0; (marks & KV_NODE_FILLED) && i < graph->n_agents; i++)
    g_string_append_printf (out, "  filled %u/.style={fill=kvagent%u},\n", i + 1, i + 1);
  if (marks & KV_NODE_FILLED)
    g_string_append (out, "  filled/.style={fill=black!70},\n");
}

static void
append_tikz_styles (GString       *out,
                    const KvGraph *graph,
                    KvNodeFlags    marks)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < graph->n_agents; i++)
    g_string_append_printf (out, "\\definecolor{kvagent%u}{HTML}{%s}\n",
                            i + 1, kv_style_agent_hex (i) + 1);
  g_string_append_printf (out, "\\definecolor{kvhighlight}{HTML}{%s}\n", kv_style_highlight_hex () + 1);
  g_string_append_printf (out, "\\definecolor{kvdroppedfill}{HTML}{%s}\n", STRUCK_FILL_HEX + 1);
  g_string_append_printf (out, "\\definecolor{kvdroppedink}{HTML}{%s}\n", STRUCK_INK_HEX + 1);
  if (kv_graph_has_dropped (graph))
    g_string_append_printf (out, "\\definecolor{kvdroppedshare}{HTML}{%s}\n", DROPPED_SHARE_HEX + 1);

  g_string_append (out, "\\tikzset{\n"
                   "  world/.style={draw, ellipse, inner sep=0pt, font=\\sffamily\\Large, fill=white},\n"
                   "  long world/.style={draw, rectangle, rounded corners=6pt, inner sep=0pt, font=\\sffamily\\Large, fill=white},\n"
                   "  actual/.style={double, double distance=1.8pt},\n"
                   "  highlight/.style={fill=kvhighlight, line width=1.4pt},\n"
                   "  cut off/.style={dashed},\n"
                   "  dropped/.style={fill=kvdroppedfill, draw=kvdroppedink, text=kvdroppedink,\n"
                   "    path picture={\\draw[kvdroppedink, line width=1.5pt]\n"
                   "      ([xshift=6pt]path picture bounding box.west) -- ([xshift=-6pt]path picture bounding box.east);}},\n"
                   "  cut/.style={draw opacity=0.3, text opacity=0.4},\n");
  /* As the screen's: ink at 55 %, a mid-grey a projector keeps. */
  g_string_append_printf (out, "  dimmed/.style={opacity=%s},\n", fmt (a, KV_STYLE_DIMMED_ALPHA));
  append_tikz_mark_styles (out, graph, marks);
  g_string_append (out,
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

/* The links, then the agent's name on each where the screen puts it. */
static void
append_tikz_edges (GString               *out,
                   const KvLayout        *layout,
                   const KvRenderOptions *options,
                   double                 top)
{
  const KvGraph *graph = layout->graph;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];
  char e_[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree double *labels = _kv_export_edge_label_places (layout, options);

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
}

/* The share @dropped of a node's pairs dropped, greyed from the top
 * clockwise as on screen: a path picture of its own, not a style with a
 * parameter, which a Beamer frame would not take. */
static char *
tikz_dropped_share (double dropped)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup_printf ("path picture={\\fill[kvdroppedshare] (path picture bounding box.center) -- ++(90:1cm) "
                          "arc[start angle=90, delta angle=-%s, radius=1cm] -- cycle;}",
                          fmt (a, 360 * dropped));
}

/* A world's marks, as styles: ", actual, highlight". */
static void
append_tikz_node_marks (GString               *out,
                        const KvNode          *node,
                        const KvRenderOptions *options,
                        guint                  i)
{
  if (node->flags & KV_NODE_ACTUAL)
    g_string_append (out, ", actual");
  if (node->flags & KV_NODE_HIGHLIGHTED)
    g_string_append (out, ", highlight");
  if (node->flags & KV_NODE_STRUCK)
    g_string_append (out, ", dropped");
  if (node->dropped > 0)
    {
      g_autofree char *share = tikz_dropped_share (node->dropped);

      g_string_append_printf (out, ", %s", share);
    }
  if (node->flags & KV_NODE_CUT_OFF)
    g_string_append (out, ", cut off");
  if (node->flags & KV_NODE_FAINT)
    g_string_append (out, ", faint");
  if ((node->flags & KV_NODE_FILLED) && node->fill >= 0)
    g_string_append_printf (out, ", filled %d", node->fill + 1);
  else if (node->flags & KV_NODE_FILLED)
    g_string_append (out, ", filled");
  if (node->flags & KV_NODE_REMOVED)
    g_string_append (out, ", removed");
  if (kv_render_is_dimmed (options, i))
    g_string_append (out, ", dimmed");
}

/* The worlds (or envelopes), each with its marks and, in a comment, its
 * full deal. */
static void
append_tikz_nodes (GString               *out,
                   const KvLayout        *layout,
                   const KvRenderOptions *options,
                   double                 top)
{
  const KvGraph *graph = layout->graph;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];

      g_string_append_printf (out, "  \\node[%s", place->shape == KV_NODE_SHAPE_BOX ? "long world" : "world");
      append_tikz_node_marks (out, node, options, i);
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
}

/* A grid's row and column headers (the envelope view's cards), and its
 * captions: a panel's title in its own size, bold, in its agent's colour. */
static void
append_tikz_headers (GString        *out,
                     const KvLayout *layout,
                     double          top)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < layout->n_headers; i++)
    {
      const KvLayoutHeader *h = &layout->headers[i];

      g_string_append (out, "  \\node[header");
      if ((h->size > 0 && h->size != KV_STYLE_LABEL_SIZE) || h->bold)
        {
          g_string_append (out, ", font=\\sffamily");
          if (h->size > 0 && h->size != KV_STYLE_LABEL_SIZE)
            g_string_append_printf (out, "\\fontsize{%s}{%s}\\selectfont", fmt (c, h->size), fmt (d, h->size * 1.2));
          else
            g_string_append (out, "\\Large");
          if (h->bold)
            g_string_append (out, "\\bfseries");
        }
      if (h->agent >= 0)
        g_string_append_printf (out, ", text=kvagent%d", h->agent + 1);
      g_string_append_printf (out, "] at (%s,%s) {", fmt (a, h->x), fmt (b, top - h->y));
      append_tex (out, h->text);
      g_string_append (out, "};\n");
    }
}

/* The title, and the caption under it (a perspective's). */
static void
append_tikz_title (GString               *out,
                   const KvLayout        *layout,
                   const KvRenderOptions *options,
                   const char            *title,
                   double                 top)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];
  const char *caption = options->caption != NULL ? options->caption : layout->graph->caption;

  gboolean captioned = caption != NULL && *caption != '\0';

  g_string_append_printf (out, "  \\node[anchor=south west, font=\\sffamily\\bfseries\\large] at (0,%s) {",
                          fmt (a, top + (captioned ? 32 : 12)));
  append_tex (out, title);
  g_string_append (out, "};\n");
  if (!captioned)
    return;
  g_string_append_printf (out, "  \\node[anchor=south west, font=\\sffamily\\bfseries] at (0,%s) {",
                          fmt (a, top + 10));
  append_tex (out, caption);
  g_string_append (out, "};\n");
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
  double x0, y;

  if (title != NULL)
    append_tikz_title (out, layout, options, title, top);
  append_tikz_edges (out, layout, options, top);
  append_tikz_nodes (out, layout, options, top);
  append_tikz_headers (out, layout, top);

  y = top - layout->height;
  if (!options->show_legend)
    return y;

  /* The legend: the same entries as the screen's (kv-render.c), the
   * agents on one row below the graph, one a row beside it. */
  x0 = MAX (legend_x, 0);
  if (legend_x > 0)
    y = top + 12;
  else
    {
      double right, below;

      kv_render_links_overhang (layout, &right, &below);
      y -= 24 + below;
    }
  g_string_append (out, "  % Legend\n");
  for (guint i = 0; kv_render_legend_agents (graph) && i < graph->n_agents; i++)
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
  if (legend_x > 0 || kv_render_is_panels (graph))
    y += 22;   /* the first row where the agents' would have been */
  if (kv_graph_actual (graph) >= 0)
    append_tikz_legend_row (out, "actual", x0, y -= 22, kv_render_is_panels (graph) ? _("actual envelope")
                            : graph->of_events ? _("actual event (double border, underlined)")
                                               : _("actual world (double border, underlined)"));
  if (kv_graph_has_node_flag (graph, KV_NODE_HIGHLIGHTED))
    append_tikz_legend_row (out, "highlight", x0, y -= 22, _("highlighted"));
  if (kv_graph_has_node_flag (graph, KV_NODE_CUT_OFF))
    append_tikz_legend_row (out, "cut off", x0, y -= 22, _("has links outside the view"));
  if (kv_graph_has_node_flag (graph, KV_NODE_STRUCK))
    append_tikz_legend_row (out, "dropped", x0, y -= 22, _("precondition false: pair dropped"));
  if (kv_graph_has_dropped (graph))
    {
      g_autofree char *share = tikz_dropped_share (2.0 / 3);

      append_tikz_legend_row (out, share, x0, y -= 22, _("grey part: that share of its pairs dropped"));
    }
  if (kv_graph_has_node_flag (graph, KV_NODE_FILLED))
    append_tikz_legend_row (out, "filled", x0, y -= 22, _("considered possible"));
  if (kv_graph_has_node_flag (graph, KV_NODE_FAINT))
    append_tikz_legend_row (out, "faint", x0, y -= 22, _("ruled out"));
  if (kv_graph_has_node_flag (graph, KV_NODE_REMOVED))
    append_tikz_legend_row (out, "removed", x0, y -= 22, kv_render_is_panels (graph) ? _("ruled out by this step") : _("removed by this step (gone at the next)"));
  if (graph_has_cut_edge (graph, options->hidden_agents))
    append_tikz_legend_row (out, NULL, x0, y -= 22, _("link cut by the action (faded)"));
  for (guint i = 0; i < graph->notes->len + kv_render_notes_reflexive (graph); i++)
    {
      const char *note = i < graph->notes->len ? g_ptr_array_index (graph->notes, i)
                         : kv_render_loops_note (graph);
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

GBytes *
_kv_export_tikz (const KvLayout        *layout,
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
  append_tikz_styles (out, layout->graph, graph_marks (layout->graph));
  /* The notes wrapped where the other formats wrap them. */
  kv_render_measure (layout, options, &geometry);
  append_tikz_body (out, layout, options,
                    options->show_title ? _kv_export_title (layout, options) : NULL, layout->height, 0,
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
      double right, below;

      /* The legend beside clears the links that bow out right. */
      kv_render_links_overhang (layouts[i], &right, &below);
      width = MAX (width, layouts[i]->width + right);
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
  {
    KvNodeFlags marks = 0;

    for (guint i = 0; i < n_frames; i++)
      marks |= graph_marks (layouts[i]->graph);
    append_tikz_styles (out, layouts[0]->graph, marks);
  }
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
