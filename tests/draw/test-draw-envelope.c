// SPDX-License-Identifier: GPL-3.0-or-later
/* test-draw-envelope.c: the envelope view's grid, headed by the cards
 * (issue 10 item 7, issue 14's "Clue figure on a 16:9 slide").
 *
 * The layout puts the row headers left of their rows and the column
 * headers above their columns, inside the drawing and clear of the nodes;
 * transposed, the other way round; a stable layout keeps them with the
 * worlds from step to step. On a 16:9 slide the Clue 11 envelope view —
 * laid out as kripkeviz-cli export --size does, the grid turned when that
 * reads better — has labels of at least 9 pt at every step. The renderer
 * draws the headers (pixels where they are), and TikZ and DOT write them.
 */
#define G_LOG_DOMAIN "test-draw-envelope"
#include "config.h"

#include <math.h>
#include <string.h>

#include "kv-draw.h"
#include "kv-engine.h"
#include "kv-draw-test-util.h"

static KvLayoutContext *context;

/* Each header beside (or above) its row (or column), clear of every node. */
static void
assert_headers_placed (const KvLayout *layout)
{
  const KvGraph *graph = layout->graph;
  guint n_down = layout->transposed ? graph->col_headers->len : graph->row_headers->len;

  g_assert_cmpuint (layout->n_headers, ==, graph->row_headers->len + graph->col_headers->len);
  for (guint h = 0; h < layout->n_headers; h++)
    {
      const KvLayoutHeader *header = &layout->headers[h];
      gboolean down = h < n_down;
      guint index = down ? h : h - n_down;

      /* Inside the drawing. */
      g_assert_cmpfloat (header->x - header->width / 2, >=, -0.01);
      g_assert_cmpfloat (header->x + header->width / 2, <=, layout->width + 0.01);
      g_assert_cmpfloat (header->y - header->height / 2, >=, -0.01);
      g_assert_cmpfloat (header->y + header->height / 2, <=, layout->height + 0.01);
      g_assert_cmpfloat (header->height, >, 10.0);

      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        {
          const KvNode *node = kv_graph_node (graph, i);
          const KvLayoutNode *place = &layout->nodes[i];
          int along = down ? (layout->transposed ? node->col : node->row)
                           : (layout->transposed ? node->row : node->col);

          if (down)
            {
              /* Left of every node, level with its own row's. */
              g_assert_cmpfloat (header->x + header->width / 2, <, place->x - place->width / 2);
              if (along == (int) index)
                g_assert_cmpfloat (fabs (header->y - place->y), <, 0.01);
            }
          else
            {
              /* Above every node, centred on its own column's. */
              g_assert_cmpfloat (header->y + header->height / 2, <, place->y - place->height / 2);
              if (along == (int) index)
                g_assert_cmpfloat (fabs (header->x - place->x), <, 0.01);
            }
        }
    }
}

static KvLayout *
envelope_layout (int step)
{
  g_autoptr(KvModel) model = test_game_model ("clue11", step);
  g_autoptr(KvGraph) graph = test_view (model, KV_VIEW_ENVELOPE, 0, 0);
  g_autoptr(GError) error = NULL;
  KvLayout *layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);

  g_assert_no_error (error);
  return layout;
}

static void
test_grid_headers (void)
{
  g_autoptr(KvLayout) layout = envelope_layout (0);
  g_autoptr(KvLayout) turned = kv_layout_new_transposed (context, layout->graph);

  g_assert_false (layout->transposed);
  g_assert_cmpuint (layout->n_headers, ==, 11);
  g_assert_cmpstr (layout->headers[0].text, ==, "axe");
  g_assert_cmpstr (layout->headers[7].text, ==, "Scarlet");
  assert_headers_placed (layout);

  g_assert_true (turned->transposed);
  g_assert_cmpstr (turned->headers[0].text, ==, "Scarlet");
  assert_headers_placed (turned);
  /* Seven weapons across instead of four suspects: wider. */
  g_assert_cmpfloat (turned->width / turned->height, >, layout->width / layout->height);
  /* Same nodes and links, other places. */
  g_assert_cmpuint (kv_graph_n_edges (turned->graph), ==, kv_graph_n_edges (layout->graph));
}

/* A stable layout (the canvas's, a handout's) keeps the headers with the
 * worlds: lead's row stays where it was when the other rows are gone. */
static void
test_grid_stable (void)
{
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(KvModel) first_model = test_game_model ("clue11", 0);
  g_autoptr(KvModel) last_model = test_game_model ("clue11", -1);
  g_autoptr(KvGraph) first_graph = test_view (first_model, KV_VIEW_ENVELOPE, 0, 0);
  g_autoptr(KvGraph) last_graph = test_view (last_model, KV_VIEW_ENVELOPE, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLayout) first = kv_layout_new_stable (context, first_graph, KV_LAYOUT_AUTO, places, &error);
  g_autoptr(KvLayout) last = NULL;

  g_assert_no_error (error);
  last = kv_layout_new_stable (context, last_graph, KV_LAYOUT_AUTO, places, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (first->frame, ==, last->frame);
  g_assert_cmpuint (last->n_headers, ==, first->n_headers);
  for (guint h = 0; h < first->n_headers; h++)
    {
      g_assert_cmpstr (last->headers[h].text, ==, first->headers[h].text);
      g_assert_cmpfloat (fabs (last->headers[h].x - first->headers[h].x), <, 0.01);
      g_assert_cmpfloat (fabs (last->headers[h].y - first->headers[h].y), <, 0.01);
    }
  assert_headers_placed (first);
  assert_headers_placed (last);
  /* The envelope lead Mustard, in both, at one place. */
  for (guint i = 0; i < kv_graph_n_nodes (last_graph); i++)
    for (guint j = 0; j < kv_graph_n_nodes (first_graph); j++)
      if (g_str_equal (kv_graph_place_key (last_graph, i), kv_graph_place_key (first_graph, j)))
        {
          g_assert_cmpfloat (fabs (last->nodes[i].x - first->nodes[j].x), <, 0.01);
          g_assert_cmpfloat (fabs (last->nodes[i].y - first->nodes[j].y), <, 0.01);
        }
}

/* On a 16:9 slide, title and legend shown, every step: the labels (the
 * headers, drawn at the world labels' size, and no edge labels) at least
 * 9 pt — with the grid turned when that reads better, as the CLI does. */
static void
test_slide_labels (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvHistory) history = NULL;
  KvRenderOptions options;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);

  kv_render_options_init (&options);
  g_assert_true (kv_export_parse_size ("16:9", &options.page_width, &options.page_height, NULL));
  for (guint step = 0; step < kv_history_length (history); step++)
    {
      g_autoptr(KvLayout) layout = envelope_layout ((int) step);
      g_autoptr(KvLayout) turned = kv_layout_new_transposed (context, layout->graph);
      double size = kv_export_label_size (layout, &options);
      double turned_size = kv_export_label_size (turned, &options);
      g_autofree double *places = g_new (double, 2 * MAX (kv_graph_n_edges (layout->graph), 1));

      g_test_message ("step %u: %.1f pt, turned %.1f pt", step, size, turned_size);
      g_assert_cmpfloat (MAX (size, turned_size), >=, 9.0);
      /* No smaller label: no agent names on the links of a grid this size
       * (kv_render writes them only on few links). */
      if (kv_graph_n_edges (layout->graph) > 40)
        g_assert_false (kv_render_edge_label_places (turned, &options, places));
      for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
        g_assert_cmpstr (kv_graph_node (layout->graph, i)->label, ==, "");
    }
}

/* The renderer draws the headers: ink where each one is, none without. */
static void
test_render_headers (void)
{
  g_autoptr(KvLayout) layout = envelope_layout (0);
  KvRenderOptions options;
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  cairo_t *cr;

  kv_render_options_init (&options);
  kv_render_measure (layout, &options, &geometry);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) geometry.width, (int) geometry.height);
  cr = cairo_create (surface);
  kv_render (layout, cr, &options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (guint h = 0; h < layout->n_headers; h++)
    {
      const KvLayoutHeader *header = &layout->headers[h];
      int x0 = (int) (geometry.graph_x + header->x - header->width / 2);
      int y0 = (int) (geometry.graph_y + header->y - header->height / 2);
      int stride = cairo_image_surface_get_stride (surface);
      const guint8 *data = cairo_image_surface_get_data (surface);
      guint dark = 0;

      for (int y = y0; y < y0 + (int) header->height; y++)
        for (int x = x0; x < x0 + (int) header->width; x++)
          {
            guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x);

            dark += (pixel & 0xff) < 0x80;
          }
      g_assert_cmpuint (dark, >, 10);
    }
  cairo_surface_destroy (surface);
}

/* TikZ and DOT write every header, at its place. */
static void
test_export_headers (void)
{
  g_autoptr(KvLayout) layout = envelope_layout (0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) tikz = kv_export_bytes (layout, KV_FORMAT_TIKZ, NULL, &error);
  g_autoptr(GBytes) dot = NULL;
  g_autofree char *tikz_text = NULL;
  g_autofree char *dot_text = NULL;

  g_assert_no_error (error);
  dot = kv_export_bytes (layout, KV_FORMAT_DOT, NULL, &error);
  g_assert_no_error (error);
  tikz_text = g_strndup (g_bytes_get_data (tikz, NULL), g_bytes_get_size (tikz));
  dot_text = g_strndup (g_bytes_get_data (dot, NULL), g_bytes_get_size (dot));

  g_assert_nonnull (strstr (tikz_text, "header/.style="));
  g_assert_nonnull (strstr (dot_text, "header=true"));
  for (guint h = 0; h < layout->n_headers; h++)
    {
      g_autofree char *in_tikz = g_strdup_printf ("{%s};", layout->headers[h].text);
      g_autofree char *in_dot = g_strdup_printf ("h%u [header=true, shape=plaintext, label=\"%s\"",
                                                 h, layout->headers[h].text);

      g_assert_nonnull (strstr (tikz_text, in_tikz));
      g_assert_nonnull (strstr (dot_text, in_dot));
    }
}

/* TikZ wraps the legend's notes where the PDF does (kv_render_measure's
 * note_width), so a slide's picture is no wider than the PDF's: the
 * envelope view's long note takes several lines, not one. */
static void
test_tikz_notes_wrapped (void)
{
  g_autoptr(KvLayout) layout = envelope_layout (0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) tikz = kv_export_bytes (layout, KV_FORMAT_TIKZ, NULL, &error);
  g_autofree char *text = NULL;
  g_autofree char *width = NULL;
  KvRenderGeometry geometry;
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_assert_no_error (error);
  kv_render_measure (layout, NULL, &geometry);
  g_assert_cmpfloat (geometry.note_width, >, 0);
  text = g_strndup (g_bytes_get_data (tikz, NULL), g_bytes_get_size (tikz));
  width = g_strdup_printf ("text width=%spt", g_ascii_formatd (number, sizeof number, "%.2f", geometry.note_width));
  g_assert_nonnull (strstr (text, width));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  context = kv_layout_context_new ();

  g_test_add_func ("/draw/envelope/grid-headers", test_grid_headers);
  g_test_add_func ("/draw/envelope/grid-stable", test_grid_stable);
  g_test_add_func ("/draw/envelope/slide-labels", test_slide_labels);
  g_test_add_func ("/draw/envelope/render-headers", test_render_headers);
  g_test_add_func ("/draw/envelope/export-headers", test_export_headers);
  g_test_add_func ("/draw/envelope/tikz-notes-wrapped", test_tikz_notes_wrapped);

  status = g_test_run ();
  kv_layout_context_free (context);
  return status;
}
