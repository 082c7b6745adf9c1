// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-grid.c: a grid with headers placed by hand — the envelope
 * views' grids, a product's matrix of pairs, the panels of what each
 * agent considers possible. No Graphviz: the cells are known. */
#define G_LOG_DOMAIN "kv-layout"
#include "config.h"

#include "kv-layout-private.h"

/* Whether row header @i heads a block of rows (KvGraph.heading_rows). */
static gboolean
is_heading (const KvGraph *graph,
            gboolean       transposed,
            guint          i)
{
  return !transposed && i < 64 && (graph->heading_rows & (G_GUINT64_CONSTANT (1) << i)) != 0;
}

/* What the cells' size depends on, measured. */
typedef struct {
  guint  n_titles;         /* the row and column headers; the captions come after them */
  double node_w, node_h;   /* the biggest node */
  double text_h;           /* the headers' line (and the captions' in their font) */
  double across_w;         /* the widest column header */
  double down_w;           /* the widest row header that is not a block's heading */
  double cell_w, cell_h;
  double *extra;           /* per row: how much taller than a cell (a row of big captions) */
  double *above;           /* per row: the extra heights of the rows above it */
  guint  n_rows;
} Cells;

/* Whether header @i of @layout is a caption with a size of its own: its
 * row is as tall as it needs rather than a cell. */
static gboolean
sized_caption (const KvLayout *layout,
               const Cells    *cells,
               guint           i)
{
  return i >= cells->n_titles && !layout->transposed &&
         g_array_index (layout->graph->captions, KvGraphCaption, i - cells->n_titles).size > 0;
}

/* The headers' texts, fonts and sizes, into @layout->headers (the row
 * headers, the column headers, then the captions). */
static void
measure_headers (KvLayout *layout,
                 Cells    *cells)
{
  KvGraph *graph = layout->graph;
  GPtrArray *down = layout->transposed ? graph->col_headers : graph->row_headers;
  GPtrArray *across = layout->transposed ? graph->row_headers : graph->col_headers;

  cells->n_titles = down->len + across->len;
  layout->n_headers = cells->n_titles + graph->captions->len;
  layout->headers = g_new0 (KvLayoutHeader, layout->n_headers);
  for (guint i = 0; i < layout->n_headers; i++)
    {
      KvLayoutHeader *h = &layout->headers[i];

      h->size = KV_STYLE_LABEL_SIZE;
      h->agent = -1;
      if (i >= cells->n_titles)
        {
          const KvGraphCaption *caption = &g_array_index (graph->captions, KvGraphCaption, i - cells->n_titles);

          h->text = caption->text;
          h->size = caption->size > 0 ? caption->size : KV_STYLE_LABEL_SIZE;
          h->bold = caption->bold;
          h->agent = caption->agent;
        }
      else
        h->text = i < down->len ? g_ptr_array_index (down, i) : g_ptr_array_index (across, i - down->len);
      kv_style_text_size (h->text, h->size, h->bold, &h->width, &h->height);
      if (!sized_caption (layout, cells, i))
        cells->text_h = MAX (cells->text_h, h->height);
      if (i >= down->len && i < cells->n_titles)
        cells->across_w = MAX (cells->across_w, h->width);
    }
  for (guint i = 0; i < down->len; i++)
    if (is_heading (graph, layout->transposed, i))
      layout->headers[i].backdrop = TRUE;
    else
      cells->down_w = MAX (cells->down_w, layout->headers[i].width);
}

/* The cells: as wide as the widest node or column header, as tall as the
 * tallest node or line of text; a row of captions with a size of their
 * own as tall as they are. */
static void
measure_cells (KvLayout *layout,
               Cells    *cells)
{
  KvGraph *graph = layout->graph;

  cells->n_rows = (layout->transposed ? graph->col_headers : graph->row_headers)->len;
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      const KvNode *node = kv_graph_node (graph, i);

      cells->node_w = MAX (cells->node_w, layout->nodes[i].width);
      cells->node_h = MAX (cells->node_h, layout->nodes[i].height);
      cells->n_rows = MAX (cells->n_rows, (guint) (layout->transposed ? node->col : node->row) + 1);
    }
  for (guint i = cells->n_titles; i < layout->n_headers; i++)
    {
      const KvGraphCaption *caption = &g_array_index (graph->captions, KvGraphCaption, i - cells->n_titles);

      cells->n_rows = MAX (cells->n_rows, (layout->transposed ? caption->col : caption->row) + 1);
    }
  /* Room between neighbours for three agents' links bent apart, and
   * no more: the headers are the labels, and they want the room (links
   * bent apart between neighbours in a row stay within the row). The same
   * with links or without: a product's pairs keep their places from the
   * pairs stage to the links stage. Small dots (panels of many cells)
   * keep a sliver between them both ways. */
  cells->cell_w = MAX (cells->node_w, cells->across_w) + (graph->compact ? 2.0 : 14.0);
  cells->cell_h = MAX (cells->node_h, cells->text_h)
                  + (graph->compact ? (graph->dot_size > 0 ? 2.0 : 0.0) : 6.0);

  cells->extra = g_new0 (double, cells->n_rows + 1);
  cells->above = g_new0 (double, cells->n_rows + 1);
  for (guint i = cells->n_titles; i < layout->n_headers; i++)
    if (sized_caption (layout, cells, i))
      {
        guint row = g_array_index (graph->captions, KvGraphCaption, i - cells->n_titles).row;

        cells->extra[row] = MAX (cells->extra[row], layout->headers[i].height + 4.0 - cells->cell_h);
      }
  for (guint r = 1; r <= cells->n_rows; r++)
    cells->above[r] = cells->above[r - 1] + cells->extra[r - 1];
}

/* The centre of row @row, y downwards from the first row's. */
static double
row_y (const Cells *cells,
       guint        row)
{
  row = MIN (row, cells->n_rows);
  return row * cells->cell_h + cells->above[row] + cells->extra[row] / 2;
}

typedef struct {
  double min_x, max_x, min_y, max_y;
} Bounds;

static void
bounds_add (Bounds *bounds,
            double  x,
            double  y,
            double  width,
            double  height)
{
  bounds->min_x = MIN (bounds->min_x, x - width / 2);
  bounds->max_x = MAX (bounds->max_x, x + width / 2);
  bounds->min_y = MIN (bounds->min_y, y - height / 2);
  bounds->max_y = MAX (bounds->max_y, y + height / 2);
}

/* Header @i at its place: a caption from its cell's left edge on (a
 * block's name over the block), a row header right-aligned left of the
 * grid, a column header centred over its column. */
static void
place_header (KvLayout    *layout,
              const Cells *cells,
              guint        i)
{
  KvGraph *graph = layout->graph;
  gboolean transposed = layout->transposed;
  guint n_down = (transposed ? graph->col_headers : graph->row_headers)->len;
  KvLayoutHeader *h = &layout->headers[i];

  if (i >= cells->n_titles)
    {
      const KvGraphCaption *caption = &g_array_index (graph->captions, KvGraphCaption, i - cells->n_titles);

      h->x = (transposed ? caption->row : caption->col) * cells->cell_w - cells->node_w / 2 + h->width / 2;
      h->y = row_y (cells, transposed ? caption->col : caption->row);
    }
  else if (i < n_down)
    {
      h->x = -cells->node_w / 2 - 10.0 - h->width / 2;
      h->y = row_y (cells, i);
      /* A block's heading ("event candle" in a product) wider than
       * the other headers runs on over its own empty row rather than
       * widen the picture. */
      if (is_heading (graph, transposed, i) && cells->down_w > 0 && h->width > cells->down_w)
        h->x = -cells->node_w / 2 - 10.0 - cells->down_w + h->width / 2;
    }
  else
    {
      h->x = (i - n_down) * cells->cell_w;
      h->y = -cells->node_h / 2 - 8.0 - h->height / 2;
    }
}

void
_kv_layout_place_headed_grid (KvLayout *layout,
                              gboolean  transposed)
{
  KvGraph *graph = layout->graph;
  guint n_nodes = kv_graph_n_nodes (graph);
  Bounds bounds = { G_MAXDOUBLE, -G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE };
  Cells cells = { 0 };

  layout->transposed = transposed;
  measure_headers (layout, &cells);
  measure_cells (layout, &cells);
  for (guint i = 0; i < n_nodes; i++)
    {
      const KvNode *node = kv_graph_node (graph, i);
      KvLayoutNode *place = &layout->nodes[i];

      place->x = (transposed ? node->row : node->col) * cells.cell_w;
      place->y = row_y (&cells, transposed ? node->col : node->row);
      bounds_add (&bounds, place->x, place->y, place->width, place->height);
    }
  for (guint i = 0; i < layout->n_headers; i++)
    {
      place_header (layout, &cells, i);
      bounds_add (&bounds, layout->headers[i].x, layout->headers[i].y,
                  layout->headers[i].width, layout->headers[i].height);
    }

  for (guint i = 0; i < n_nodes; i++)
    {
      layout->nodes[i].x -= bounds.min_x;
      layout->nodes[i].y -= bounds.min_y;
    }
  for (guint i = 0; i < layout->n_headers; i++)
    {
      layout->headers[i].x -= bounds.min_x;
      layout->headers[i].y -= bounds.min_y;
    }
  layout->width = bounds.max_x - bounds.min_x;
  layout->height = bounds.max_y - bounds.min_y;
  g_free (cells.extra);
  g_free (cells.above);
  _kv_layout_straight_links (layout);
}
