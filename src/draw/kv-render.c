// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-render.c: the one renderer */
#define G_LOG_DOMAIN "kv-render"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kv-render.h"

#define MARGIN        16.0
#define TITLE_GAP     12.0
#define TITLE_LINE    1.15   /* a wrapped title's line pitch, in line heights */
#define LEGEND_GAP    18.0
#define LEGEND_ROW    20.0
#define NOTE_LINE     14.5   /* a note's line pitch: 11-point text, set close as a paragraph */
#define LEGEND_SPACE  20.0   /* between legend entries on a row */
#define SAMPLE_LINE   34.0   /* length of an agent's line sample */
#define SAMPLE_W      30.0   /* a world sample */
#define SAMPLE_H      18.0
#define SAMPLE_GAP    6.0    /* between a sample and its text */
#define MIN_LEGEND_W  320.0   /* notes wrap no narrower… */
#define MIN_LEGEND_W_BOX 160.0   /* …but in a canvas's box (a narrow panel of the product view) */
/* A compact grid in a canvas's box (real Cluedo's envelopes): its margins,
 * and how far its notes may grow (grows_notes). */
#define MARGIN_TIGHT      6.0
#define LEGEND_GAP_TIGHT  10.0
#define NOTE_GROW_STEP    0.05   /* the legend's scale tried in steps of this */
#define LABEL_FLOOR_PX    12.0   /* the grid's labels on screen: issue 12's 12 px */

static const double cut_off_dashes[] = { 4.0, 3.0 };

typedef enum {
  ITEM_AGENT,
  ITEM_ACTUAL,
  ITEM_HIGHLIGHTED,
  ITEM_CUT_OFF,
  ITEM_STRUCK,
  ITEM_DROPPED_SHARE,
  ITEM_CUT_LINK,
  ITEM_FILLED,
  ITEM_FAINT,
  ITEM_REMOVED,
  ITEM_DIMMED,
  ITEM_NOTE,
} ItemKind;

typedef struct {
  ItemKind kind;
  guint    agent;
  char    *text;
  double   x, y;            /* top left, relative to the legend */
  double   width;
} Item;

typedef struct {
  GArray *items;            /* Item */
  double  width, height;
  double  wrap;             /* the width the title and the notes are wrapped at */
} Legend;

/* How a drawing is spaced: its margins, the gap above (or beside) its
 * legend, and the legend's scale. */
typedef struct {
  double margin;
  double legend_gap;
  double legend_scale;
} Spacing;

const char *
kv_render_loops_note (const KvGraph *graph)
{
  return graph->of_events ? _("Every event is linked to itself (not drawn).")
                          : _("Every world is linked to itself (not drawn).");
}

void
kv_render_options_init (KvRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (KvRenderOptions) {
    .hidden_agents = 0,
    .show_title = TRUE,
    .show_legend = TRUE,
    .background = TRUE,
    .edge_labels = -1,
    .title = NULL,
    .raster_scale = 2.0,
    .tikz_bare = FALSE,
    .page_width = 0,
    .page_height = 0,
    .fit_width = 0,
    .fit_height = 0,
    .fit_corner_width = 0,
    .fit_corner_height = 0,
    .legend_scale = 1.0,
    .legend_place = KV_LEGEND_BELOW,
  };
}

static const KvRenderOptions *options_or_defaults (const KvRenderOptions *options,
                                                   KvRenderOptions       *defaults);

static double
legend_scale_of (const KvRenderOptions *options)
{
  return options->legend_scale > 0 ? options->legend_scale : 1.0;
}

static const KvRenderOptions *
options_or_defaults (const KvRenderOptions *options,
                     KvRenderOptions       *defaults)
{
  if (options != NULL)
    return options;

  kv_render_options_init (defaults);
  return defaults;
}

static const char *
title_of (const KvLayout        *layout,
          const KvRenderOptions *options)
{
  const char *title;

  if (!options->show_title)
    return NULL;

  title = options->title != NULL ? options->title : layout->graph->title;
  return title != NULL && *title != '\0' ? title : NULL;
}

static gboolean
any_edge_cut (const KvGraph *graph)
{
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    if (kv_graph_edge (graph, i)->flags & KV_EDGE_CUT)
      return TRUE;

  return FALSE;
}

/* The line under the title saying what the picture shows (a
 * perspective), or NULL: shown with or without the title. */
static const char *
caption_of (const KvLayout        *layout,
            const KvRenderOptions *options)
{
  const char *caption = options->caption != NULL ? options->caption : layout->graph->caption;

  return caption != NULL && *caption != '\0' ? caption : NULL;
}

static void
clear_item (gpointer data)
{
  g_free (((Item *) data)->text);
}

static void
legend_clear (Legend *legend)
{
  g_clear_pointer (&legend->items, g_array_unref);
}

/* Greedy word wrap of @text, at @size points (bold or not), into lines
 * no wider than @max_width. */
static GPtrArray *
wrap_text_sized (const char *text,
                 double      max_width,
                 double      size,
                 gboolean    bold)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *candidate = NULL;
      double w;

      candidate = line->len > 0 ? g_strconcat (line->str, " ", words[i], NULL) : g_strdup (words[i]);
      kv_style_text_size (candidate, size, bold, &w, NULL);
      if (w > max_width && line->len > 0)
        {
          g_ptr_array_add (lines, g_strdup (line->str));
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, candidate);
    }
  if (line->len > 0)
    g_ptr_array_add (lines, g_strdup (line->str));

  return lines;
}

static GPtrArray *
wrap_text (const char *text,
           double      max_width)
{
  return wrap_text_sized (text, max_width, KV_STYLE_SMALL_SIZE, FALSE);
}

/* The title's lines (or the caption's, at @size), wrapped at @wrap
 * (measure's choice): a long title does not make a narrow picture — the
 * envelope grid — small when it is fitted to a window or a slide. */
static GPtrArray *
text_lines (double      wrap,
            const char *text,
            double      size,
            gboolean    bold)
{
  GPtrArray *one;

  if (wrap > 0)
    return wrap_text_sized (text, wrap, size, bold);
  one = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (one, g_strdup (text));
  return one;
}

static GPtrArray *
title_lines (double      wrap,
             const char *title)
{
  return text_lines (wrap, title, KV_STYLE_TITLE_SIZE, TRUE);
}

/* Where the caption wraps: as wide as the picture at most, so that a
 * long caption over a small graph does not widen the drawing (and make
 * it small at fit). */
static double
caption_wrap (const KvLayout *layout,
              double          wrap)
{
  double width = MAX (layout->width, 240.0);

  return wrap > 0 ? MIN (wrap, width) : width;
}

/* The caption is set as the labels, in bold: a part of the picture. */
#define CAPTION_SIZE KV_STYLE_LABEL_SIZE

/* Adds to *@y how tall @lines are at @size, and widens *@widest to the
 * widest, as the title and caption are drawn: each next line TITLE_LINE
 * times its height. */
static void
add_lines_height (GPtrArray *lines,
                  double     size,
                  gboolean   bold,
                  double    *y,
                  double    *widest)
{
  for (guint i = 0; i < lines->len; i++)
    {
      double w, h;

      kv_style_text_size (g_ptr_array_index (lines, i), size, bold, &w, &h);
      *widest = MAX (*widest, w);
      *y += h * (i > 0 ? TITLE_LINE : 1.0);
    }
}


static void
add_entry (GArray     *entries,
           ItemKind    kind,
           guint       agent,
           const char *text)
{
  Item item = { .kind = kind, .agent = agent, .text = g_strdup (text) };

  g_array_append_val (entries, item);
}

/* The legend's entries, in order: the agents' lines, then a sample of
 * each mark the graph uses. */
static GArray *
legend_entries (const KvLayout        *layout,
                const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (Item));

  for (guint a = 0; a < graph->n_agents && kv_render_legend_agents (graph); a++)
    {
      /* TRANSLATORS: legend entry; %s is the agent's name */
      g_autofree char *text = g_strdup_printf (_("agent %s"), graph->agent_names[a]);

      add_entry (entries, ITEM_AGENT, a, text);
    }
  if (kv_render_is_panels (graph))
    add_entry (entries, ITEM_FILLED, 0, _("considered possible"));
  if (kv_graph_has_node_flag (graph, KV_NODE_FAINT))
    add_entry (entries, ITEM_FAINT, 0, _("ruled out"));
  if (kv_graph_actual (graph) >= 0)
    add_entry (entries, ITEM_ACTUAL, 0, graph->of_events ? _("actual event")
                                        : kv_render_is_panels (graph) ? _("actual envelope") : _("actual world"));
  if (kv_graph_has_node_flag (graph, KV_NODE_HIGHLIGHTED))
    add_entry (entries, ITEM_HIGHLIGHTED, 0, _("highlighted"));
  if (kv_graph_has_node_flag (graph, KV_NODE_CUT_OFF))
    add_entry (entries, ITEM_CUT_OFF, 0, _("has links outside the view"));
  if (kv_graph_has_node_flag (graph, KV_NODE_STRUCK))
    add_entry (entries, ITEM_STRUCK, 0, _("precondition false: pair dropped"));
  if (kv_graph_has_dropped (graph))
    add_entry (entries, ITEM_DROPPED_SHARE, 0, _("grey part: that share of its pairs dropped"));
  if (kv_graph_has_node_flag (graph, KV_NODE_REMOVED))
    add_entry (entries, ITEM_REMOVED, 0, kv_render_is_panels (graph) ? _("ruled out by this step") : _("removed by this step (gone at the next)"));
  if (any_edge_cut (graph))
    add_entry (entries, ITEM_CUT_LINK, 0, _("link cut by the action (faded)"));
  if (options->dimmed != NULL && kv_bits_count (options->dimmed) > 0)
    add_entry (entries, ITEM_DIMMED, 0, _("outside the perspective (grey)"));
  return entries;
}

/* An entry wider than the legend (a narrow panel's, beside its graph)
 * has a row of its own, its text wrapped beside its sample: its first
 * line stays the entry's, the next ones are notes under it. Returns the
 * rows' height past the first, or -1 when the text is one line anyway. */
static double
wrap_entry (Legend *legend,
            Item   *item,
            double  sample,
            double  max_width,
            double  y)
{
  g_autoptr(GPtrArray) lines = wrap_text (item->text, max_width - sample);
  double text_w;

  if (lines->len <= 1)
    return -1;
  g_free (item->text);
  item->text = g_strdup (g_ptr_array_index (lines, 0));
  kv_style_text_size (item->text, KV_STYLE_SMALL_SIZE, FALSE, &text_w, NULL);
  item->width = sample + text_w;
  item->x = 0;
  item->y = y;
  legend->width = MAX (legend->width, item->width);
  g_array_append_val (legend->items, *item);
  /* A note's text is centred LEGEND_ROW * 0.4 below its top, an entry's
   * LEGEND_ROW / 2. */
  for (guint j = 1; j < lines->len; j++)
    {
      Item line = { .kind = ITEM_NOTE, .text = g_strdup (g_ptr_array_index (lines, j)),
                    .x = sample, .y = y + LEGEND_ROW * 0.1 + j * NOTE_LINE };

      kv_style_text_size (line.text, KV_STYLE_SMALL_SIZE, FALSE, &line.width, NULL);
      legend->width = MAX (legend->width, line.x + line.width);
      g_array_append_val (legend->items, line);
    }
  return (lines->len - 1) * NOTE_LINE;
}

/* Entries flow left to right, wrapping at @max_width; returns the y
 * under them. */
static double
flow_entries (Legend *legend,
              GArray *entries,
              double  max_width)
{
  double x = 0, y = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      Item *item = &g_array_index (entries, Item, i);
      gboolean line_sample = item->kind == ITEM_AGENT || item->kind == ITEM_CUT_LINK;
      double sample = (line_sample ? SAMPLE_LINE : SAMPLE_W) + SAMPLE_GAP;
      double text_w, more;

      kv_style_text_size (item->text, KV_STYLE_SMALL_SIZE, FALSE, &text_w, NULL);
      item->width = sample + text_w;
      if (x > 0 && x + item->width > max_width)
        {
          x = 0;
          y += LEGEND_ROW;
        }
      if (item->width > max_width && (more = wrap_entry (legend, item, sample, max_width, y)) >= 0)
        {
          item->text = NULL;   /* the legend's now */
          x = 0;
          y += LEGEND_ROW + more;
          continue;
        }
      item->x = x;
      item->y = y;
      x += item->width + LEGEND_SPACE;
      legend->width = MAX (legend->width, item->x + item->width);
      g_array_append_val (legend->items, *item);
      item->text = NULL;
    }
  return y + LEGEND_ROW;
}

static void
plan_legend (const KvLayout        *layout,
             const KvRenderOptions *options,
             double                 max_width,
             Legend                *legend)
{
  const KvGraph *graph = layout->graph;
  g_autoptr(GArray) entries = legend_entries (layout, options);
  double y;

  g_array_set_clear_func (entries, clear_item);
  legend->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (legend->items, clear_item);
  legend->width = 0;
  y = flow_entries (legend, entries, max_width);

  /* Notes, then the reflexive links every S5 model has. */
  for (guint i = 0; i < graph->notes->len + kv_render_notes_reflexive (graph); i++)
    {
      const char *note = i < graph->notes->len ? g_ptr_array_index (graph->notes, i)
                         : kv_render_loops_note (graph);
      g_autoptr(GPtrArray) lines = wrap_text (note, max_width);

      for (guint j = 0; j < lines->len; j++)
        {
          Item item = { .kind = ITEM_NOTE, .text = g_strdup (g_ptr_array_index (lines, j)), .y = y };

          kv_style_text_size (item.text, KV_STYLE_SMALL_SIZE, FALSE, &item.width, NULL);
          legend->width = MAX (legend->width, item.width);
          g_array_append_val (legend->items, item);
          y += NOTE_LINE;
        }
    }

  legend->height = y;
}

/* The narrowest the notes wrap at: a canvas that says its box
 * (KvRenderOptions.fit_width) may be narrow, and wraps them narrower. */
static double
min_legend_width (const KvRenderOptions *options)
{
  return options->fit_width > 1 && options->fit_height > 1 ? MIN_LEGEND_W_BOX : MIN_LEGEND_W;
}

/* The legend planned @width wide in the drawing: at the spacing's scale,
 * its notes wrap at @width / scale (the note width TikZ reads). */
static double
plan_scaled_legend (const KvLayout        *layout,
                    const KvRenderOptions *options,
                    const Spacing         *spacing,
                    double                 width,
                    Legend                *legend)
{
  double scale = spacing->legend_scale;

  plan_legend (layout, options, width / scale, legend);
  legend->width *= scale;
  legend->height *= scale;
  return width / scale;
}

/* How far the links reach past the graph's box on each side: a link bent
 * round a world of the first or last column or row (twocards' result). */
static void
links_reach (const KvLayout *layout,
             double         *left,
             double         *above,
             double         *right,
             double         *below)
{
  *left = *above = *right = *below = 0;
  for (guint i = 0; i < kv_graph_n_edges (layout->graph); i++)
    for (guint j = 0; j < layout->edges[i].n_points; j++)
      {
        double x = layout->edges[i].points[2 * j], y = layout->edges[i].points[2 * j + 1];

        *left = MAX (*left, -x);
        *above = MAX (*above, -y);
        *right = MAX (*right, x - layout->width);
        *below = MAX (*below, y - layout->height);
      }
}

void
kv_render_links_overhang (const KvLayout *layout, double *right, double *below)
{
  double left, above;

  links_reach (layout, &left, &above, right, below);
}

/* The drawing with its title and notes wrapped at @wrap; with @wrap 0,
 * the title on one line and the notes as wide as the rest, at least
 * MIN_LEGEND_W. With @beside, the legend @wrap wide right of the graph,
 * its top at the graph's. */
static void
measure_at (const KvLayout         *layout,
            const KvRenderOptions  *options,
            const Spacing          *spacing,
            double                  wrap,
            gboolean                beside,
            KvRenderGeometry       *geometry,
            Legend                 *legend)
{
  const char *title = title_of (layout, options);
  const double margin = spacing->margin, gap = spacing->legend_gap;
  double content_w = layout->width;
  double y = margin;
  double right, below, left, above, graph_w;

  legend->items = NULL;
  legend->width = legend->height = 0;
  legend->wrap = wrap;
  geometry->margin = margin;
  geometry->legend_scale = spacing->legend_scale;
  if (title != NULL)
    {
      g_autoptr(GPtrArray) lines = title_lines (wrap, title);

      add_lines_height (lines, KV_STYLE_TITLE_SIZE, TRUE, &y, &content_w);
      y += TITLE_GAP;
    }
  if (caption_of (layout, options) != NULL)
    {
      g_autoptr(GPtrArray) lines = text_lines (caption_wrap (layout, wrap), caption_of (layout, options),
                                               CAPTION_SIZE, TRUE);

      add_lines_height (lines, CAPTION_SIZE, TRUE, &y, &content_w);
      y += TITLE_GAP;
    }

  geometry->note_width = 0;
  geometry->legend_x = margin;
  /* Past the other sides a bowed link has the margin, widened where it
   * reaches further (a product panel's tight margin). */
  links_reach (layout, &left, &above, &right, &below);
  left = MAX (left - margin, 0);
  above = MAX (above - margin, 0);
  if (options->show_legend && beside)
    {
      geometry->note_width = plan_scaled_legend (layout, options, spacing, wrap, legend);
      /* The legend has all of @wrap, not only its longest line: a stable
       * frame's next picture (a product's next stage) has other lines,
       * and would otherwise move the graph to make room for them. */
      legend->width = MAX (legend->width, wrap);
      content_w = MAX (content_w, left + layout->width + right + gap + legend->width);
      geometry->width = ceil (content_w + 2 * margin);
      geometry->graph_x = margin + left;
      geometry->graph_y = y + above;
      geometry->legend_x = margin + left + layout->width + right + gap;
      geometry->legend_y = y;
      geometry->height = ceil (y + MAX (above + layout->height + MAX (below - margin, 0), legend->height) + margin);
      return;
    }
  if (options->show_legend)
    {
      geometry->note_width = plan_scaled_legend (layout, options, spacing,
                                                 MAX (content_w, wrap > 0 ? wrap : min_legend_width (options)),
                                                 legend);
      content_w = MAX (content_w, legend->width);
    }

  graph_w = left + layout->width + MAX (right - margin, 0);
  content_w = MAX (content_w, graph_w);
  geometry->width = ceil (content_w + 2 * margin);
  geometry->graph_x = margin + left + (content_w - graph_w) / 2;
  geometry->graph_y = y + above;
  y += above + layout->height;
  if (options->show_legend)
    {
      geometry->legend_y = y + below + gap;
      y = geometry->legend_y + legend->height;
    }
  else
    y += MAX (below - margin, 0);
  geometry->height = ceil (y + margin);
  if (!options->show_legend)
    geometry->legend_y = geometry->height;
}

/* A long title makes a narrow graph small when the drawing is fitted to
 * a window or a slide, and so does a long legend under a narrow graph
 * (the envelope grid). When the title is wider than the graph, or the
 * drawing taller than wide, the title and notes may wrap: at the graph's
 * width (at least MIN_LEGEND_W) or wider, whichever fits biggest into a
 * box of the page's shape, else options->fit_width × fit_height (a
 * canvas: a narrow panel of the product view wants narrow notes), else of
 * FIT_ASPECT (a window's canvas, wider than tall). */
#define WRAP_STEP  1.1
#define WRAP_WIDEST 560.0  /* the widest wrap tried, or 2.4 times the graph's width */
#define FIT_ASPECT 1.1

/* The zoom that fits @geometry into the options' box: beside its corner
 * or above it, whichever is bigger, as the canvas fits. */
static double
fit_score (const KvRenderOptions  *options,
           const KvRenderGeometry *geometry,
           double                  aspect)
{
  double w = options->fit_width, h = options->fit_height;
  double cw = options->fit_corner_width, ch = options->fit_corner_height;

  if (aspect > 0)
    return MIN (aspect / geometry->width, 1.0 / geometry->height);
  return MAX (MIN (w / geometry->width, (h - ch) / geometry->height),
              MIN ((w - cw) / geometry->width, h / geometry->height));
}

/* Wider than the options allow (KvRenderOptions.max_width). */
static gboolean
too_wide (const KvRenderOptions  *options,
          const KvRenderGeometry *geometry)
{
  return options->max_width > 0 && geometry->width > options->max_width + 0.5;
}

/* Tries the wraps from @from up to @to (by WRAP_STEP), the legend
 * @beside the graph or below it; keeps in @geometry and @legend the one
 * that fits biggest, if it beats *@best. TRUE when one did. */
static gboolean
try_wraps (const KvLayout         *layout,
           const KvRenderOptions  *options,
           const Spacing          *spacing,
           double                  aspect,
           double                  from,
           double                  to,
           gboolean                beside,
           double                 *best,
           KvRenderGeometry       *geometry,
           Legend                 *legend)
{
  gboolean better = FALSE;

  for (double wrap = from; wrap <= to; wrap *= WRAP_STEP)
    {
      KvRenderGeometry tried_geometry;
      Legend tried;

      measure_at (layout, options, spacing, wrap, beside, &tried_geometry, &tried);
      /* Within the width allowed, the one that fits biggest; while none
       * is, the narrowest. */
      if (too_wide (options, &tried_geometry)
          ? too_wide (options, geometry) && tried_geometry.width < geometry->width
          : too_wide (options, geometry) || fit_score (options, &tried_geometry, aspect) > *best)
        {
          *best = fit_score (options, &tried_geometry, aspect);
          legend_clear (legend);
          *legend = tried;
          *geometry = tried_geometry;
          better = TRUE;
        }
      else
        legend_clear (&tried);
    }
  return better;
}

static void
measure_spaced (const KvLayout         *layout,
                const KvRenderOptions  *options,
                const Spacing          *spacing,
                KvRenderGeometry       *geometry,
                Legend                 *legend)
{
  double base = MAX (layout->width, min_legend_width (options));
  /* 0: the canvas's box, fit_score's */
  double aspect = options->page_width > 0 && options->page_height > 0
                  ? options->page_width / options->page_height
                  : options->fit_width > 1 && options->fit_height > 1 ? 0 : FIT_ASPECT;
  double best;
  gboolean settled;

  gboolean beside_only = options->show_legend && options->legend_place == KV_LEGEND_BESIDE && aspect == 0;

  measure_at (layout, options, spacing, 0, FALSE, geometry, legend);
  settled = geometry->width <= ceil (base + 2 * spacing->margin) && geometry->height <= geometry->width &&
            !too_wide (options, geometry);
  /* Beside only: any beside is better than this one below. */
  best = beside_only ? -1 : fit_score (options, geometry, aspect);

  /* A tall graph in a box with room beside it (a product panel's grid):
   * the legend right of the graph, as wide as fits best. */
  if (options->show_legend && options->legend_place != KV_LEGEND_BELOW && aspect == 0 &&
      try_wraps (layout, options, spacing, aspect, MIN_LEGEND_W_BOX, WRAP_WIDEST, TRUE, &best, geometry, legend))
    settled = FALSE;
  if (settled || beside_only)
    return;
  try_wraps (layout, options, spacing, aspect, base, MAX (2.4 * base, WRAP_WIDEST), FALSE, &best, geometry,
             legend);
}

/* Whether the notes may grow: under a compact grid (real Cluedo's 324
 * envelopes) fitted to a canvas's box. Fitted, their text came out at 9
 * px on screen under a grid whose labels are 14 points. */
static gboolean
grows_notes (const KvLayout        *layout,
             const KvRenderOptions *options)
{
  return layout->graph->compact && options->show_legend && options->legend_place == KV_LEGEND_BELOW &&
         options->page_width <= 0 && options->fit_width > 1 && options->fit_height > 1;
}

static void
measure (const KvLayout         *layout,
         const KvRenderOptions  *options,
         KvRenderGeometry       *geometry,
         Legend                 *legend)
{
  /* A product panel (one of three across a screen, its legend as big as
   * its labels): a compact grid's tight margins and gap, the picture has
   * their room. */
  const gboolean panel = options->page_width <= 0 && options->fit_width > 1 && options->fit_height > 1 &&
                         options->legend_scale > 1;
  const Spacing usual = { panel ? MARGIN_TIGHT : MARGIN, panel ? LEGEND_GAP_TIGHT : LEGEND_GAP,
                          legend_scale_of (options) };
  const double largest = usual.legend_scale * KV_STYLE_LABEL_SIZE / KV_STYLE_SMALL_SIZE;
  double floor_zoom;

  measure_spaced (layout, options, &usual, geometry, legend);
  if (!grows_notes (layout, options))
    return;

  /* A compact grid's notes grow, up to the size of its labels, in the
   * room tighter margins leave and while its labels stay at 12 px on
   * screen; never at the grid's cost where they are smaller: the grid
   * stays at least as big as with the usual margins and notes. */
  floor_zoom = MIN (fit_score (options, geometry, 0), LABEL_FLOOR_PX / KV_STYLE_LABEL_SIZE);
  for (guint step = 1;; step++)
    {
      Spacing grown = { MARGIN_TIGHT, LEGEND_GAP_TIGHT,
                        MIN (usual.legend_scale * (1 + step * NOTE_GROW_STEP), largest) };
      KvRenderGeometry tried_geometry;
      Legend tried;

      measure_spaced (layout, options, &grown, &tried_geometry, &tried);
      /* Bigger notes only take more room: the first that does not fit
       * ends the search (measuring is most of a frame's drawing time). */
      if (fit_score (options, &tried_geometry, 0) < floor_zoom)
        {
          legend_clear (&tried);
          break;
        }
      legend_clear (legend);
      *legend = tried;
      *geometry = tried_geometry;
      if (grown.legend_scale >= largest)
        break;
    }
}

void
kv_render_measure (const KvLayout         *layout,
                   const KvRenderOptions  *options,
                   KvRenderGeometry       *geometry)
{
  KvRenderOptions defaults;
  Legend legend;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (geometry != NULL);

  options = options_or_defaults (options, &defaults);
  measure (layout, options, geometry, &legend);
  legend_clear (&legend);
}

void
kv_render_measure_placed (const KvLayout    *layout,
                          KvRenderOptions   *options,
                          KvRenderGeometry  *geometry)
{
  g_return_if_fail (options != NULL);

  kv_render_measure (layout, options, geometry);
  if (options->legend_place != KV_LEGEND_BEST)
    return;
  /* Below, the best measure may have tried wider notes than a legend below
   * settles on (Clue 11's pairs came out a line taller than their panel). */
  options->legend_place = geometry->legend_x > geometry->graph_x ? KV_LEGEND_BESIDE : KV_LEGEND_BELOW;
  kv_render_measure (layout, options, geometry);
}

static void
set_font (cairo_t  *cr,
          double    size,
          gboolean  bold)
{
  cairo_select_font_face (cr, KV_STYLE_FONT, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

static void
set_agent_line (cairo_t *cr,
                guint    agent)
{
  KvRgb rgb = kv_style_agent_color (agent);
  const double *dashes;
  guint n_dashes;

  dashes = kv_style_agent_dashes (agent, &n_dashes);
  cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
  cairo_set_line_width (cr, KV_STYLE_EDGE_WIDTH);
  cairo_set_dash (cr, dashes, n_dashes, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
}

void
kv_render_node_path (cairo_t     *cr,
                     KvNodeShape  shape,
                     double       x,
                     double       y,
                     double       width,
                     double       height,
                     double       grow)
{
  double w = width / 2 + grow;
  double h = height / 2 + grow;

  cairo_new_sub_path (cr);
  if (shape == KV_NODE_SHAPE_ELLIPSE)
    {
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, w, h);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (cr);
    }
  else
    {
      /* Rounded corners (at most 6 pt), which grow with the outline. */
      double r = MIN (6.0, MIN (width, height) / 2) + grow;

      cairo_arc (cr, x + w - r, y - h + r, r, -G_PI / 2, 0);
      cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
      cairo_arc (cr, x - w + r, y + h - r, r, G_PI / 2, G_PI);
      cairo_arc (cr, x - w + r, y - h + r, r, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
    }
}

static void
shape_path (cairo_t     *cr,
            KvNodeShape  shape,
            double       x,
            double       y,
            double       width,
            double       height)
{
  cairo_new_path (cr);
  kv_render_node_path (cr, shape, x, y, width, height, 0);
}

/* Writes @text at the current point, and counts its size on the
 * device in @stats (a picture's own @label, or the legend's and title's
 * text). */
static void
show_text (cairo_t       *cr,
           const char    *text,
           KvRenderStats *stats,
           gboolean       label)
{
  if (stats != NULL && *text != '\0')
    {
      cairo_matrix_t font;
      double dx = 0, dy, px;

      cairo_get_font_matrix (cr, &font);
      dy = font.yy;
      cairo_user_to_device_distance (cr, &dx, &dy);
      px = hypot (dx, dy);
      stats->min_text_px = MIN (stats->min_text_px, px);
      if (label)
        stats->min_label_px = MIN (stats->min_label_px, px);
    }
  cairo_show_text (cr, text);
}

/* A world (or a legend's sample of one) to draw: centred at (x, y). */
typedef struct {
  KvNodeShape  shape;
  double       x, y, width, height;
  KvNodeFlags  flags;
  int          fill;      /* KV_NODE_FILLED's agent, or -1 */
  const char  *label;     /* NULL: a sample, no text */
  double       font_size;
  double       dropped;   /* the share of its pairs dropped (KvNode.dropped) */
} World;

/* A dot too small for the actual world's inner border (a panel's cell):
 * its ring goes round it instead. */
#define SMALL_DOT 12.0

static KvRgb
fill_color (int fill)
{
  return fill >= 0 ? kv_style_agent_color ((guint) fill) : (KvRgb) { 0.3, 0.3, 0.3 };
}

/* The grey of a world's border and label. */
static double
ink_of (KvNodeFlags flags)
{
  return (flags & KV_NODE_STRUCK) ? 0.6
         : (flags & KV_NODE_REMOVED) ? KV_STYLE_REMOVED_INK
         : (flags & KV_NODE_FAINT) ? KV_STYLE_FAINT_INK : KV_STYLE_INK;
}

/* The share of a world's pairs dropped: a sector of it greyed, from the
 * top clockwise, as a pie chart reads. */
static void
draw_dropped_share (cairo_t     *cr,
                    const World *world)
{
  double r = MAX (world->width, world->height);

  cairo_save (cr);
  shape_path (cr, world->shape, world->x, world->y, world->width, world->height);
  cairo_clip (cr);
  cairo_move_to (cr, world->x, world->y);
  cairo_arc (cr, world->x, world->y, r, -G_PI / 2, -G_PI / 2 + 2 * G_PI * world->dropped);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 0.78, 0.78, 0.78);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The fill and the border(s). */
static void
draw_outline (cairo_t     *cr,
              const World *world)
{
  KvNodeFlags flags = world->flags;
  double ink = ink_of (flags);
  gboolean small = world->width < SMALL_DOT;

  shape_path (cr, world->shape, world->x, world->y, world->width, world->height);
  if (flags & KV_NODE_HIGHLIGHTED)
    {
      KvRgb rgb = kv_style_highlight_color ();
      cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
    }
  else if (flags & KV_NODE_FILLED)
    {
      KvRgb rgb = fill_color (world->fill);
      cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
    }
  else if (flags & KV_NODE_STRUCK)
    cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
  if (world->dropped > 0)
    draw_dropped_share (cr, world);

  shape_path (cr, world->shape, world->x, world->y, world->width, world->height);
  cairo_set_source_rgb (cr, ink, ink, ink);
  cairo_set_line_width (cr, (flags & KV_NODE_HIGHLIGHTED) ? 2.2 : KV_STYLE_BORDER_WIDTH);
  if ((flags & KV_NODE_CUT_OFF) || ((flags & KV_NODE_REMOVED) && !small))
    cairo_set_dash (cr, cut_off_dashes, G_N_ELEMENTS (cut_off_dashes), 0);
  else
    cairo_set_dash (cr, NULL, 0, 0);
  cairo_stroke (cr);

  if (flags & KV_NODE_ACTUAL)
    {
      /* The double border: a second one inside the first; round a small
       * dot, a ring outside it. */
      double inset = 2 * KV_STYLE_DOUBLE_GAP;

      if (small)
        {
          cairo_new_path (cr);
          kv_render_node_path (cr, world->shape, world->x, world->y, world->width, world->height, 2.0);
          cairo_set_source_rgb (cr, KV_STYLE_INK, KV_STYLE_INK, KV_STYLE_INK);
          cairo_set_line_width (cr, 1.5);
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, ink, ink, ink);
          return;
        }
      shape_path (cr, world->shape, world->x, world->y, world->width - inset, world->height - inset);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, KV_STYLE_BORDER_WIDTH);
      cairo_stroke (cr);
    }
}

/* What a step removed, unlabelled (a dot, a sample): crossed out. */
static void
draw_cross (cairo_t     *cr,
            const World *world)
{
  double r = MIN (world->width, world->height) / 2;

  cairo_set_source_rgb (cr, KV_STYLE_INK, KV_STYLE_INK, KV_STYLE_INK);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, MAX (1.2, r / 3));
  cairo_move_to (cr, world->x - r, world->y - r);
  cairo_line_to (cr, world->x + r, world->y + r);
  cairo_move_to (cr, world->x + r, world->y - r);
  cairo_line_to (cr, world->x - r, world->y + r);
  cairo_stroke (cr);
}

/* A world: its fill, border(s) and label. */
static void
draw_world (cairo_t       *cr,
            const World   *world,
            KvRenderStats *stats)
{
  KvNodeFlags flags = world->flags;
  cairo_text_extents_t extents;
  cairo_font_extents_t font;
  double tx, ty;

  draw_outline (cr, world);
  if ((flags & KV_NODE_REMOVED) && (world->label == NULL || *world->label == '\0'))
    {
      draw_cross (cr, world);
      return;
    }
  if (world->label == NULL)
    {
      /* A struck pair is greyed, its label crossed out. */
      if (flags & KV_NODE_STRUCK)
        {
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, world->x - world->width / 3, world->y);
          cairo_line_to (cr, world->x + world->width / 3, world->y);
          cairo_stroke (cr);
        }
      return;
    }

  set_font (cr, world->font_size, FALSE);
  cairo_text_extents (cr, world->label, &extents);
  cairo_font_extents (cr, &font);
  tx = world->x - extents.x_advance / 2;
  ty = world->y + (font.ascent - font.descent) / 2;
  cairo_move_to (cr, tx, ty);
  show_text (cr, world->label, stats, TRUE);

  if (flags & (KV_NODE_STRUCK | KV_NODE_REMOVED))
    {
      double mid = ty - (font.ascent - font.descent) / 2;

      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, tx - 2, mid);
      cairo_line_to (cr, tx + extents.x_advance + 2, mid);
      cairo_stroke (cr);
    }

  if (flags & KV_NODE_ACTUAL)
    {
      /* Underlined, as in the paper. */
      cairo_set_line_width (cr, 1.0);
      cairo_move_to (cr, tx, ty + 2.5);
      cairo_line_to (cr, tx + extents.x_advance, ty + 2.5);
      cairo_stroke (cr);
    }
}

static void
bezier_point (const double *p,
              double        t,
              double       *x,
              double       *y)
{
  double u = 1 - t;
  double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;

  *x = a * p[0] + b * p[2] + c * p[4] + d * p[6];
  *y = a * p[1] + b * p[3] + c * p[5] + d * p[7];
}

/* The point at @f (0 … 1) along an edge's curve, by segments. */
static void
edge_point (const KvLayoutEdge *edge,
            double              f,
            double             *x,
            double             *y)
{
  guint n_segments = (edge->n_points - 1) / 3;
  double s = f * n_segments;
  guint segment = MIN ((guint) s, n_segments - 1);

  bezier_point (edge->points + 6 * segment, s - segment, x, y);
}

/* Each link's curve as LINK_PIECES straight pieces: their LINK_PIECES + 1
 * ends, x then y, link after link (new, for kv_render_edge_label_places
 * to test every candidate spot against without computing them again). */
enum { LINK_PIECES = 12 };

static double *
link_pieces (const KvLayout *layout)
{
  guint n_edges = kv_graph_n_edges (layout->graph);
  double *ends = g_new (double, (gsize) MAX (n_edges, 1) * (LINK_PIECES + 1) * 2);

  for (guint j = 0; j < n_edges; j++)
    for (guint k = 0; k <= LINK_PIECES; k++)
      {
        double *end = ends + (j * (LINK_PIECES + 1) + k) * 2;

        edge_point (&layout->edges[j], (double) k / LINK_PIECES, &end[0], &end[1]);
      }
  return ends;
}

/* Whether a link other than @skip (and not hidden) passes within a
 * label's reach of (@x, @y), by its pieces (link_pieces ()). */
static gboolean
near_other_edge (const KvLayout        *layout,
                 const KvRenderOptions *options,
                 const double          *pieces,
                 guint                  skip,
                 double                 x,
                 double                 y)
{
  const double reach = 7.0;

  for (guint j = 0; j < kv_graph_n_edges (layout->graph); j++)
    {
      const double *end = pieces + j * (LINK_PIECES + 1) * 2;

      if (j == skip || (options->hidden_agents & (1u << kv_graph_edge (layout->graph, j)->agent)))
        continue;
      for (guint k = 1; k <= LINK_PIECES; k++, end += 2)
        {
          double ax = end[0], ay = end[1];
          double dx = end[2] - ax, dy = end[3] - ay;
          double len2 = dx * dx + dy * dy;
          double t = len2 > 0 ? CLAMP (((x - ax) * dx + (y - ay) * dy) / len2, 0, 1) : 0;

          if (hypot (x - (ax + t * dx), y - (ay + t * dy)) < reach)
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether a label at (@x, @y) would cover a node (a link bent past a
 * world of its own column: a product's pairs of one world). */
static gboolean
on_a_node (const KvLayout *layout, double x, double y)
{
  const double reach = 7.0;

  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    {
      const KvLayoutNode *node = &layout->nodes[i];

      if (fabs (x - node->x) < node->width / 2 + reach && fabs (y - node->y) < node->height / 2 + reach)
        return TRUE;
    }
  return FALSE;
}

gboolean
kv_render_edge_label_places (const KvLayout        *layout,
                             const KvRenderOptions *options,
                             double                *xy)
{
  const KvGraph *graph;
  KvRenderOptions defaults;
  GArray *placed;
  double *pieces;

  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (xy != NULL, FALSE);

  options = options_or_defaults (options, &defaults);
  graph = layout->graph;
  if (!(options->edge_labels > 0 ||
        (options->edge_labels < 0 && kv_graph_n_edges (graph) <= KV_RENDER_EDGE_LABELS_MAX)))
    return FALSE;

  /* At the middle of the link, or nearer an end when another label is
   * already there (Hexa's three diagonals cross at the centre) or another
   * link runs through it (a "1" on agent 3's line reads as 3's). */
  placed = g_array_new (FALSE, FALSE, sizeof (double));
  pieces = link_pieces (layout);
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      static const double fractions[] = { 0.5, 0.3, 0.7, 0.2, 0.8 };
      const KvEdge *e = kv_graph_edge (graph, i);
      double x = 0, y = 0;
      int best = -1;

      xy[2 * i] = xy[2 * i + 1] = NAN;
      if (options->hidden_agents & (1u << e->agent))
        continue;

      /* The first spot clear of labels, nodes and links; else the first
       * clear of labels and nodes; else the middle. */
      for (int pass = 0; pass < 2 && best < 0; pass++)
        for (guint f = 0; f < G_N_ELEMENTS (fractions) && best < 0; f++)
          {
            gboolean free_spot = TRUE;

            edge_point (&layout->edges[i], fractions[f], &x, &y);
            for (guint k = 0; k + 1 < placed->len && free_spot; k += 2)
              free_spot = hypot (x - g_array_index (placed, double, k),
                                 y - g_array_index (placed, double, k + 1)) > 16.0;
            if (free_spot)
              free_spot = !on_a_node (layout, x, y);
            if (free_spot && pass == 0)
              free_spot = !near_other_edge (layout, options, pieces, i, x, y);
            if (free_spot)
              best = (int) f;
          }
      edge_point (&layout->edges[i], fractions[MAX (best, 0)], &x, &y);
      g_array_append_val (placed, x);
      g_array_append_val (placed, y);
      xy[2 * i] = x;
      xy[2 * i + 1] = y;
    }
  g_array_unref (placed);
  g_free (pieces);

  return TRUE;
}

/* The links of worlds outside a perspective: fainter than the worlds
 * (KV_STYLE_DIMMED_ALPHA), as cut links are. */
#define DIMMED_LINK_ALPHA 0.3

static void
draw_edges (const KvLayout        *layout,
            cairo_t               *cr,
            const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;
  double *xy;

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const KvLayoutEdge *edge = &layout->edges[i];

      if (options->hidden_agents & (1u << e->agent))
        continue;

      set_agent_line (cr, e->agent);
      if ((e->flags & KV_EDGE_CUT) || kv_render_is_dimmed (options, e->source) || kv_render_is_dimmed (options, e->target))
        {
          KvRgb rgb = kv_style_agent_color (e->agent);

          /* Cut links stay in their agent's colour and dashes, faded; so
           * do the links of worlds outside a perspective, fainter. */
          cairo_set_source_rgba (cr, rgb.red, rgb.green, rgb.blue,
                                 (e->flags & KV_EDGE_CUT) ? 0.3 : DIMMED_LINK_ALPHA);
        }
      if (options->stats != NULL)
        options->stats->n_links++;
      cairo_new_path (cr);
      cairo_move_to (cr, edge->points[0], edge->points[1]);
      for (guint j = 1; j + 2 < edge->n_points; j += 3)
        cairo_curve_to (cr,
                        edge->points[2 * j], edge->points[2 * j + 1],
                        edge->points[2 * j + 2], edge->points[2 * j + 3],
                        edge->points[2 * j + 4], edge->points[2 * j + 5]);
      cairo_stroke (cr);
    }

  xy = g_new (double, 2 * MAX (kv_graph_n_edges (graph), 1));
  if (!kv_render_edge_label_places (layout, options, xy))
    {
      g_free (xy);
      return;
    }

  /* The agent's name on each link, as in the paper's figures. */
  set_font (cr, KV_STYLE_LINK_LABEL_SIZE, TRUE);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    {
      const KvEdge *e = kv_graph_edge (graph, i);
      const char *name = graph->agent_names[e->agent];
      cairo_text_extents_t extents;
      KvRgb rgb = kv_style_agent_color (e->agent);
      double x = xy[2 * i], y = xy[2 * i + 1];

      if (isnan (x))
        continue;

      cairo_text_extents (cr, name, &extents);
      cairo_arc (cr, x, y, MAX (extents.width, extents.height) / 2 + 3.0, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, rgb.red, rgb.green, rgb.blue, (e->flags & KV_EDGE_CUT) ? 0.4 : 1.0);
      cairo_move_to (cr, x - extents.x_bearing - extents.width / 2,
                     y - extents.y_bearing - extents.height / 2);
      show_text (cr, name, options->stats, TRUE);
    }
  g_free (xy);
}

static void
draw_nodes (const KvLayout        *layout,
            cairo_t               *cr,
            const KvRenderOptions *options)
{
  const KvGraph *graph = layout->graph;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      const KvLayoutNode *place = &layout->nodes[i];
      gboolean dimmed = kv_render_is_dimmed (options, i);
      World world = { place->shape, place->x, place->y, place->width, place->height,
                      node->flags, node->fill, node->label, KV_STYLE_LABEL_SIZE, node->dropped };

      /* A faint world is drawn whole, then laid down at low alpha, so its
       * fill does not show its outline through. */
      if (dimmed)
        cairo_push_group (cr);
      draw_world (cr, &world, options->stats);
      if (dimmed)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, KV_STYLE_DIMMED_ALPHA);
        }
    }
}

/* A grid's row and column headers (the envelope view's cards), in the
 * world labels' font: they are the labels a reader reads; and its
 * captions, each in its own. */
static void
draw_headers (const KvLayout *layout,
              cairo_t        *cr,
              KvRenderStats  *stats)
{
  cairo_font_extents_t font;

  if (layout->n_headers == 0)
    return;
  set_font (cr, KV_STYLE_LABEL_SIZE, FALSE);
  cairo_font_extents (cr, &font);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint i = 0; i < layout->n_headers; i++)
    {
      const KvLayoutHeader *h = &layout->headers[i];
      gboolean plain = h->size == KV_STYLE_LABEL_SIZE && !h->bold && h->agent < 0;
      cairo_text_extents_t extents;

      /* Most are headers in the one font: it is set once. */
      if (!plain)
        {
          KvRgb rgb = h->agent >= 0 ? kv_style_agent_color ((guint) h->agent) : (KvRgb) { 0.1, 0.1, 0.1 };

          set_font (cr, h->size, h->bold);
          cairo_font_extents (cr, &font);
          cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
        }
      cairo_text_extents (cr, h->text, &extents);
      if (h->backdrop)
        {
          /* Read over the links under it, as a link's name is. */
          cairo_save (cr);
          cairo_rectangle (cr, h->x - extents.x_advance / 2 - 2, h->y - font.height / 2, extents.x_advance + 4,
                           font.height);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill (cr);
          cairo_restore (cr);
        }
      cairo_move_to (cr, h->x - extents.x_advance / 2, h->y + (font.ascent - font.descent) / 2);
      show_text (cr, h->text, stats, TRUE);
      if (!plain)
        {
          set_font (cr, KV_STYLE_LABEL_SIZE, FALSE);
          cairo_font_extents (cr, &font);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
        }
    }
}

/* A legend's world sample of @flags (and a share @dropped of its pairs),
 * centred at (@x, @y): an ellipse, or under panels of dots (is_panels) a
 * dot as big as theirs. */
static void
draw_sample (cairo_t        *cr,
             const KvGraph  *graph,
             KvNodeFlags     flags,
             double          dropped,
             double          x,
             double          y)
{
  World world = { KV_NODE_SHAPE_ELLIPSE, x, y, SAMPLE_W, SAMPLE_H, flags, -1, NULL, 0, dropped };

  if (kv_render_is_panels (graph))
    {
      double dot = graph->dot_size > 0 ? MAX (graph->dot_size, 8.0) : KV_STYLE_DOT_SIZE;

      world.width = world.height = MIN (dot, SAMPLE_H);
      if (flags & KV_NODE_ACTUAL)
        world.flags |= KV_NODE_FILLED;
    }
  draw_world (cr, &world, NULL);
}

/* A line sample from @x at height @cy: an agent's, or a faded cut link. */
static void
draw_line_sample (cairo_t    *cr,
                  const Item *item,
                  double      cy)
{
  if (item->kind == ITEM_AGENT)
    set_agent_line (cr, item->agent);
  else
    {
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.3);
      cairo_set_line_width (cr, KV_STYLE_BORDER_WIDTH);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_move_to (cr, item->x + 1, cy);
  cairo_line_to (cr, item->x + SAMPLE_LINE - 1, cy);
  cairo_stroke (cr);
}

static void
draw_legend (const KvLayout *layout,
             cairo_t        *cr,
             const Legend   *legend,
             KvRenderStats  *stats)
{
  static const KvNodeFlags sample_flags[] = {
    [ITEM_ACTUAL] = KV_NODE_ACTUAL, [ITEM_HIGHLIGHTED] = KV_NODE_HIGHLIGHTED,
    [ITEM_CUT_OFF] = KV_NODE_CUT_OFF, [ITEM_STRUCK] = KV_NODE_STRUCK,
    [ITEM_FILLED] = KV_NODE_FILLED, [ITEM_FAINT] = KV_NODE_FAINT, [ITEM_REMOVED] = KV_NODE_REMOVED,
  };

  set_font (cr, KV_STYLE_SMALL_SIZE, FALSE);

  for (guint i = 0; i < legend->items->len; i++)
    {
      const Item *item = &g_array_index (legend->items, Item, i);
      double cy = item->y + LEGEND_ROW / 2;
      double text_x = item->x + SAMPLE_W + SAMPLE_GAP;
      cairo_font_extents_t font;

      switch (item->kind)
        {
        case ITEM_AGENT:
        case ITEM_CUT_LINK:
          draw_line_sample (cr, item, cy);
          text_x = item->x + SAMPLE_LINE + SAMPLE_GAP;
          break;
        case ITEM_ACTUAL:
        case ITEM_HIGHLIGHTED:
        case ITEM_CUT_OFF:
        case ITEM_STRUCK:
        case ITEM_FILLED:
        case ITEM_FAINT:
        case ITEM_REMOVED:
          draw_sample (cr, layout->graph, sample_flags[item->kind], 0, item->x + SAMPLE_W / 2, cy);
          break;
        case ITEM_DROPPED_SHARE:
          draw_sample (cr, layout->graph, 0, 2.0 / 3, item->x + SAMPLE_W / 2, cy);
          break;
        case ITEM_DIMMED:
          cairo_push_group (cr);
          draw_sample (cr, layout->graph, 0, 0, item->x + SAMPLE_W / 2, cy);
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, KV_STYLE_DIMMED_ALPHA);
          break;
        case ITEM_NOTE:
          text_x = item->x;
          cy = item->y + LEGEND_ROW * 0.4;
          break;
        default:
          g_assert_not_reached ();
        }

      set_font (cr, KV_STYLE_SMALL_SIZE, FALSE);
      cairo_font_extents (cr, &font);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_move_to (cr, text_x, cy + (font.ascent - font.descent) / 2);
      show_text (cr, item->text, stats, FALSE);
    }
}

/* The title's lines, then the caption's, from the top margin. */
static void
draw_title (const KvLayout          *layout,
            cairo_t                 *cr,
            const KvRenderOptions   *options,
            const KvRenderGeometry  *geometry,
            double                   wrap)
{
  const char *texts[2] = { title_of (layout, options), caption_of (layout, options) };
  double y = geometry->margin;

  for (guint t = 0; t < 2; t++)
    {
      double size = t == 0 ? KV_STYLE_TITLE_SIZE : CAPTION_SIZE;
      g_autoptr(GPtrArray) lines = NULL;
      cairo_font_extents_t font;

      if (texts[t] == NULL)
        continue;
      lines = text_lines (t == 0 ? wrap : caption_wrap (layout, wrap), texts[t], size, TRUE);
      set_font (cr, size, TRUE);
      cairo_font_extents (cr, &font);
      cairo_set_source_rgb (cr, 0, 0, 0);
      for (guint i = 0; i < lines->len; i++)
        {
          double h;

          /* Line by line as measure () counted them. */
          kv_style_text_size (g_ptr_array_index (lines, i), size, TRUE, NULL, &h);
          if (i > 0)
            y += h * (TITLE_LINE - 1.0);
          cairo_move_to (cr, geometry->margin, y + font.ascent);
          show_text (cr, g_ptr_array_index (lines, i), options->stats, t == 1);
          y += h;
        }
      y += TITLE_GAP;
    }
}

void
kv_render (const KvLayout        *layout,
           cairo_t               *cr,
           const KvRenderOptions *options)
{
  KvRenderOptions defaults;
  KvRenderGeometry geometry;
  Legend legend;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (cr != NULL);

  options = options_or_defaults (options, &defaults);
  if (options->stats != NULL)
    *options->stats = (KvRenderStats) { G_MAXDOUBLE, G_MAXDOUBLE, 0 };
  measure (layout, options, &geometry, &legend);

  cairo_save (cr);

  if (options->background)
    {
      cairo_rectangle (cr, 0, 0, geometry.width, geometry.height);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
    }
  draw_title (layout, cr, options, &geometry, legend.wrap);

  cairo_save (cr);
  cairo_translate (cr, geometry.graph_x, geometry.graph_y);
  draw_edges (layout, cr, options);
  draw_nodes (layout, cr, options);
  draw_headers (layout, cr, options->stats);
  cairo_restore (cr);

  if (legend.items != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, geometry.legend_x, geometry.legend_y);
      cairo_scale (cr, geometry.legend_scale, geometry.legend_scale);
      draw_legend (layout, cr, &legend, options->stats);
      cairo_restore (cr);
    }

  cairo_restore (cr);
  legend_clear (&legend);
}

int
kv_render_node_at (const KvLayout        *layout,
                   const KvRenderOptions *options,
                   double                 x,
                   double                 y)
{
  KvRenderGeometry geometry;

  g_return_val_if_fail (layout != NULL, -1);

  kv_render_measure (layout, options, &geometry);
  return kv_layout_node_at (layout, x - geometry.graph_x, y - geometry.graph_y);
}
