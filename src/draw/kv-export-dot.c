// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-export-dot.c: a laid-out graph as DOT, positions kept (render it
 * again with `neato -n2`), with the marks the screen shows. */
#define G_LOG_DOMAIN "kv-export"
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "kv-export-private.h"

/* The screen's faded marks (kv-render.c), as alphas after a DOT colour. */
#define CUT_ALPHA_HEX    "4D"        /* a cut link: its agent's colour at 30 % */
#define CUT_LABEL_ALPHA_HEX "66"     /* and its label at 40 % */
#define DIMMED_ALPHA_HEX "2E"        /* outside a perspective: 18 %, as kv-render.c */

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

/* The header: what the file is, the graph's title and box, the defaults. */
static void
append_dot_header (GString               *out,
                   const KvLayout        *layout,
                   const KvRenderOptions *options)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];

  /* No layout= attribute: it would override neato -n2 and lay out again. */
  g_string_append_printf (out, "/* Made by Kripkeviz, laid out by %s. Positions are kept: "
                          "render with `neato -n2 -Tsvg`.\n"
                          "   Marks as on screen: the actual world has a double border and is\n"
                          "   underlined; a dropped product pair (dropped=true) is grey and struck\n"
                          "   through, and a node of many pairs has the share of them dropped\n"
                          "   (dropped=0.67) grey; a link the action cuts (cut=true) is faded; a\n"
                          "   world with links outside the view is dashed. */\n",
                          kv_layout_engine_to_string (layout->engine));
  g_string_append (out, "graph kripkeviz {\n  graph [");
  /* The title, as kv_render's: not without show_title. */
  if (options->show_title)
    {
      g_string_append (out, "label=");
      append_dot_string (out, _kv_export_title (layout, options));
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
}

/* Node @i's label, underlined and struck through as on screen. */
static void
append_dot_label (GString      *out,
                  const KvNode *node)
{
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
    }
  else
    append_dot_string (out, node->label);
  if (node->flags & KV_NODE_ACTUAL)
    g_string_append (out, ", peripheries=2");
}

/* A wedged fill with the share @dropped grey from twelve o'clock
 * clockwise, as on screen and in TikZ: Graphviz draws a colour list's
 * wedges counter-clockwise from three o'clock, so the grey is the
 * quarter up to twelve and, past a quarter, the end of the circle. The
 * share is taken to the hundredth the weights are written in, at least
 * one (a weight of 0 would be read as none), so that they add up to 1;
 * the last colour takes what they leave. */
static void
append_share_from_top (GString *out,
                       double   dropped)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  double share = CLAMP (round (dropped * 100) / 100, 0.01, 1);

  if (share >= 1)
    g_string_append (out, DROPPED_SHARE_HEX);
  else if (share >= 0.25)
    g_string_append_printf (out, DROPPED_SHARE_HEX ";0.25:#FFFFFF;%s:" DROPPED_SHARE_HEX, fmt (a, 1 - share));
  else
    g_string_append_printf (out, "#FFFFFF;%s:" DROPPED_SHARE_HEX ";%s:#FFFFFF", fmt (a, 0.25 - share),
                            fmt (b, share));
}

/* Node @i's colours and marks; its styles added to @styles. */
static void
append_dot_marks (GString               *out,
                  GString               *styles,
                  const KvNode          *node,
                  const KvRenderOptions *options,
                  guint                  i)
{
  if (node->flags & KV_NODE_HIGHLIGHTED)
    g_string_append_printf (out, ", fillcolor=\"%s\"", kv_style_highlight_hex ());
  else if (node->flags & KV_NODE_STRUCK)
    /* Greyed and struck through, as on screen. */
    g_string_append (out, ", dropped=true, fillcolor=\"" STRUCK_FILL_HEX "\", color=\""
                     STRUCK_INK_HEX "\", fontcolor=\"" STRUCK_INK_HEX "\"");
  else if (node->dropped > 0)
    {
      char a[G_ASCII_DTOSTR_BUF_SIZE];
      const char *share = fmt (a, node->dropped);

      g_string_append_printf (out, ", dropped=%s, fillcolor=\"", share);
      append_share_from_top (out, node->dropped);
      g_string_append_c (out, '"');
      /* Not "filled" too: Graphviz would read the list as a gradient. */
      g_string_replace (styles, "filled", "wedged", 1);
    }
  else if (node->flags & KV_NODE_FILLED)
    /* An envelope the panel's agent considers possible (the agents view). */
    g_string_append_printf (out, ", fillcolor=\"%s\"", node->fill >= 0 ? kv_style_agent_hex ((guint) node->fill)
                                                                       : "#4d4d4d");
  if (node->flags & KV_NODE_FAINT)
    g_string_append (out, ", color=\"#b3b3b3\"");
  if (node->flags & KV_NODE_REMOVED)
    {
      /* Gone with the step shown: ghosted, dashed. */
      g_string_append (out, ", removed=true, color=\"#737373\", fontcolor=\"#737373\"");
      g_string_append (styles, ",dashed");
    }
  if (node->flags & KV_NODE_CUT_OFF)
    g_string_append (styles, ",dashed");
  if (kv_render_is_dimmed (options, i))
    g_string_append (out, ", dimmed=true, color=\"#000000" DIMMED_ALPHA_HEX "\", fontcolor=\"#000000"
                     DIMMED_ALPHA_HEX "\"");
}

static void
append_dot_nodes (GString               *out,
                  const KvLayout        *layout,
                  const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];
      /* Filled (white by default) so links end at the border, as on screen. */
      g_autoptr(GString) styles = g_string_new (place->shape == KV_NODE_SHAPE_BOX ? "rounded,filled" : "filled");

      g_string_append_printf (out, "  n%u [label=", i);
      append_dot_label (out, node);
      g_string_append (out, ", tooltip=");
      append_dot_string (out, node->tooltip);
      g_string_append_printf (out, ", shape=%s, pos=\"%s,%s!\", width=%s, height=%s",
                              place->shape == KV_NODE_SHAPE_BOX ? "box" : "ellipse",
                              fmt (a, place->x), fmt (b, layout->height - place->y),
                              fmt (c, place->width / 72.0), fmt (d, place->height / 72.0));
      append_dot_marks (out, styles, node, options, i);
      g_string_append_printf (out, ", style=\"%s\"", styles->str);
      g_string_append (out, "];\n");
    }

  /* A grid's headers: text only, where the screen writes them. */
  for (guint i = 0; i < layout->n_headers; i++)
    {
      const KvLayoutHeader *h = &layout->headers[i];

      g_string_append_printf (out, "  h%u [header=true, shape=plaintext, label=", i);
      append_dot_string (out, h->text);
      g_string_append_printf (out, ", pos=\"%s,%s!\", width=%s, height=%s];\n",
                              fmt (a, h->x), fmt (b, layout->height - h->y),
                              fmt (c, h->width / 72.0), fmt (d, h->height / 72.0));
    }
}

static void
append_dot_edges (GString               *out,
                  const KvLayout        *layout,
                  const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  double height = layout->height;
  g_autofree double *labels = _kv_export_edge_label_places (layout, options);

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
}

GBytes *
_kv_export_dot (const KvLayout        *layout,
                const KvRenderOptions *options)
{
  GString *out = g_string_new (NULL);

  append_dot_header (out, layout, options);
  append_dot_nodes (out, layout, options);
  append_dot_edges (out, layout, options);
  g_string_append (out, "}\n");
  return g_string_free_to_bytes (out);
}
