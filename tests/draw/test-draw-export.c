// SPDX-License-Identifier: GPL-3.0-or-later
/* test-draw-export.c: every format parses — SVG as XML, PDF with poppler,
 * PNG with cairo, DOT with Graphviz's own reader, TikZ structurally (and
 * compiled when a TeX is installed) */
#define G_LOG_DOMAIN "test-draw-export"
#include "config.h"

#include <cgraph.h>
#include <glib/gstdio.h>
#include <math.h>
#include <locale.h>
#include <string.h>

#include "kv-draw.h"

static KvLayoutContext *context;
static char *tmpdir;

static KvLayout *
layout_of (const char *game,
           int         step,
           KvViewKind  view)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (game, &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvGraph) graph = NULL;
  KvViewOptions options;
  KvLayout *layout;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);

  kv_view_options_init (&options);
  options.kind = view;
  graph = kv_view_build (kv_history_get (history, step < 0 ? kv_history_length (history) - 1 : (guint) step)->model,
                         &options, &error);
  g_assert_no_error (error);
  layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);

  return layout;
}

static char *
write_tmp (const char *name,
           GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  kv_write_bytes (path, bytes, &error);
  g_assert_no_error (error);
  return path;
}

/* Runs a checker program when it is installed; returns its output. */
static char *
run_tool (const char * const *argv,
          gboolean           *ran)
{
  g_autofree char *program = g_find_program_in_path (argv[0]);
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  *ran = FALSE;
  if (program == NULL)
    return NULL;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  *ran = TRUE;

  return out;
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_svg (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, KV_FORMAT_SVG, NULL, NULL);
  g_autoptr(GMarkupParseContext) parser = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  const GMarkupParser nothing = { NULL };
  const char *text;
  gsize size;
  gboolean ran;

  g_assert_nonnull (bytes);
  text = g_bytes_get_data (bytes, &size);
  parser = g_markup_parse_context_new (&nothing, 0, NULL, NULL);
  g_markup_parse_context_parse (parser, text, size, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (parser, &error);
  g_assert_no_error (error);

  /* The document's title and one tooltip per world. */
  g_assert_cmpuint (count (text, "<title>"), ==, 1 + 6);

  path = write_tmp ("hexa.svg", bytes);
  out = run_tool ((const char *[]) { "xmllint", "--noout", path, NULL }, &ran);
  if (!ran)
    g_test_message ("xmllint not installed; GMarkup only");
}

static void
test_pdf (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, KV_FORMAT_PDF, NULL, NULL);
  g_autofree char *path = NULL;
  g_autofree char *info = NULL;
  const char *data;
  gsize size;
  gboolean ran;

  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &size);
  g_assert_true (size > 100 && memcmp (data, "%PDF-", 5) == 0);
  g_assert_nonnull (g_strstr_len (data + size - 32, 32, "%%EOF"));

  path = write_tmp ("hexa.pdf", bytes);
  info = run_tool ((const char *[]) { "pdfinfo", path, NULL }, &ran);
  if (ran)
    {
      g_assert_nonnull (strstr (info, "Pages:"));
      g_assert_true (g_regex_match_simple ("Pages:\\s+1\\n", info, 0, 0));
      g_assert_true (g_regex_match_simple ("Title:\\s+Hexa", info, 0, 0));
    }
  else
    g_test_message ("pdfinfo not installed; header only");
}

static void
test_handout (void)
{
  g_autoptr(GError) error = NULL;
  KvLayout *layouts[3];
  const char *titles[3] = { "Initial", "Step 1: nocard 1 w", NULL };
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  g_autofree char *info = NULL;
  g_autofree char *ppm = NULL;
  g_autofree char *prefix = NULL;
  gboolean ran;

  for (guint i = 0; i < 3; i++)
    layouts[i] = layout_of ("hexa", i, KV_VIEW_WHOLE);
  bytes = kv_export_handout_bytes (layouts, titles, 3, NULL, &error);
  g_assert_no_error (error);
  path = write_tmp ("handout.pdf", bytes);

  info = run_tool ((const char *[]) { "pdfinfo", path, NULL }, &ran);
  if (ran)
    g_assert_true (g_regex_match_simple ("Pages:\\s+3\\n", info, 0, 0));

  /* Poppler can draw every page. */
  prefix = g_build_filename (tmpdir, "page", NULL);
  ppm = run_tool ((const char *[]) { "pdftoppm", "-r", "20", "-png", path, prefix, NULL }, &ran);
  if (ran)
    {
      g_autofree char *page3 = g_strconcat (prefix, "-3.png", NULL);
      g_assert_true (g_file_test (page3, G_FILE_TEST_EXISTS));
    }

  for (guint i = 0; i < 3; i++)
    kv_layout_unref (layouts[i]);
}

typedef struct {
  const guint8 *data;
  gsize         size;
  gsize         offset;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  Reader *reader = closure;

  if (reader->offset + length > reader->size)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, reader->data + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

static void
test_png (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, KV_FORMAT_PNG, NULL, NULL);
  KvRenderGeometry geometry;
  cairo_surface_t *surface;
  Reader reader = { 0 };

  g_assert_nonnull (bytes);
  reader.data = g_bytes_get_data (bytes, &reader.size);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);

  /* Twice the size in points by default. */
  kv_render_measure (layout, NULL, &geometry);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, (int) ceil (geometry.width * 2));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) ceil (geometry.height * 2));
  cairo_surface_destroy (surface);
}

/* cgraph 2.42 takes char * for what it only reads. */
static const char *
get_attr (void       *object,
          const char *name)
{
  return agget (object, (char *) name);
}

static void
test_dot (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, KV_FORMAT_DOT, NULL, NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  Agraph_t *g;
  guint actual = 0;

  g = agmemread (text);
  g_assert_nonnull (g);
  g_assert_cmpint (agnnodes (g), ==, 6);
  g_assert_cmpint (agnedges (g), ==, 9);

  for (Agnode_t *n = agfstnode (g); n != NULL; n = agnxtnode (g, n))
    {
      const char *pos = get_attr (n, "pos");

      g_assert_nonnull (pos);
      g_assert_true (g_str_has_suffix (pos, "!"));
      if (g_strcmp0 (get_attr (n, "peripheries"), "2") == 0)
        actual++;
      for (Agedge_t *e = agfstout (g, n); e != NULL; e = agnxtout (g, e))
        {
          g_assert_nonnull (get_attr (e, "agent"));
          /* The agent's name on the link, where the screen writes it. */
          g_assert_cmpstr (get_attr (e, "label"), ==, get_attr (e, "agent"));
          g_assert_cmpuint (strlen (get_attr (e, "lp")), >, 0);
          g_assert_true (g_str_has_prefix (get_attr (e, "color"), "#"));
          g_assert_cmpuint (strlen (get_attr (e, "pos")), >, 0);
        }
    }
  g_assert_cmpuint (actual, ==, 1);
  agclose (g);
}

/* An agent's perspective (the window's faint worlds) is exported as shown:
 * DOT marks the faint worlds and fades their links, TikZ gives them the
 * `dimmed` style; PDF, SVG and PNG draw them with kv_render. */
static void
test_dimmed (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(KvBits) dimmed = kv_bits_new (kv_graph_n_nodes (layout->graph));
  g_autoptr(GBytes) dot = NULL;
  g_autoptr(GBytes) tikz = NULL;
  g_autofree char *dot_text = NULL;
  g_autofree char *tikz_text = NULL;
  KvRenderOptions options;
  Agraph_t *g;
  guint n_dimmed = 0;

  kv_render_options_init (&options);
  kv_bits_set (dimmed, 0);
  kv_bits_set (dimmed, 1);
  options.dimmed = dimmed;
  dot = kv_export_bytes (layout, KV_FORMAT_DOT, &options, NULL);
  dot_text = g_strndup (g_bytes_get_data (dot, NULL), g_bytes_get_size (dot));
  g = agmemread (dot_text);
  g_assert_nonnull (g);
  for (Agnode_t *n = agfstnode (g); n != NULL; n = agnxtnode (g, n))
    if (g_strcmp0 (get_attr (n, "dimmed"), "true") == 0)
      n_dimmed++;
  g_assert_cmpuint (n_dimmed, ==, 2);
  agclose (g);

  tikz = kv_export_bytes (layout, KV_FORMAT_TIKZ, &options, NULL);
  tikz_text = g_strndup (g_bytes_get_data (tikz, NULL), g_bytes_get_size (tikz));
  g_assert_nonnull (strstr (tikz_text, "dimmed/.style="));
  /* Two worlds and the links they end, nothing else. */
  g_assert_nonnull (strstr (tikz_text, ", dimmed, minimum width"));
  g_assert_true (g_regex_match_simple ("\\\\draw\\[agent [0-9], dimmed\\]", tikz_text, 0, 0));
}

static void
test_tikz (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, KV_FORMAT_TIKZ, NULL, NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autofree char *path = NULL;
  int depth = 0;
  gboolean ran;

  g_assert_true (g_str_has_prefix (text, "% Made by Kripkeviz"));
  g_assert_nonnull (strstr (text, "\\documentclass{article}"));
  g_assert_cmpuint (count (text, "\\begin{document}"), ==, 1);
  g_assert_cmpuint (count (text, "\\begin{tikzpicture}"), ==, 1);
  g_assert_cmpuint (count (text, "\\end{tikzpicture}"), ==, 1);
  g_assert_true (g_str_has_suffix (text, "\\end{document}\n"));

  /* One style per agent; one node per world; one curve per link. */
  for (guint a = 1; a <= 3; a++)
    {
      g_autofree char *style = g_strdup_printf ("agent %u/.style={", a);
      g_assert_cmpuint (count (text, style), ==, 1);
    }
  /* One style per meaning, so a user restyles a mark in one place. */
  g_assert_cmpuint (count (text, "actual/.style={"), ==, 1);
  g_assert_cmpuint (count (text, "highlight/.style={"), ==, 1);
  g_assert_cmpuint (count (text, "cut/.style={"), ==, 1);
  g_assert_cmpuint (count (text, "dropped/.style={"), ==, 1);
  g_assert_cmpuint (count (text, "cut off/.style={"), ==, 1);
  g_assert_cmpuint (count (text, "] (n"), ==, 6);
  g_assert_cmpuint (count (text, ".. controls"), ==, 9);
  /* Nine links, few enough for the screen to write the agent on each. */
  g_assert_cmpuint (count (text, " label] at ("), ==, 9);
  g_assert_cmpuint (count (text, "\\underline{rwb}"), ==, 1);

  /* Braces balance (none is escaped in Hexa's labels). */
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '{')
        depth++;
      else if (*p == '}')
        depth--;
      g_assert_cmpint (depth, >=, 0);
    }
  g_assert_cmpint (depth, ==, 0);

  path = write_tmp ("hexa.tex", bytes);
  g_autofree char *pdflatex = g_find_program_in_path ("pdflatex");
  if (pdflatex != NULL)
    {
      g_autofree char *out = run_tool ((const char *[]) { "pdflatex", "-interaction=nonstopmode",
                                                          "-halt-on-error", "-output-directory",
                                                          tmpdir, path, NULL }, &ran);
      g_assert_true (ran);
    }
  else
    g_test_message ("no pdflatex: TikZ checked structurally only");
}

/* A stage of the product that made @game's step @step. */
static KvLayout *
product_layout_of (const char     *game,
                   guint           step,
                   KvProductStage  stage)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (game, &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvProductView) view = NULL;
  g_autoptr(KvGraph) graph = NULL;
  KvLayout *layout;

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  view = kv_product_view_new_for_entry (history, step, &error);
  g_assert_no_error (error);
  graph = kv_product_view_build (view, stage, NULL, &error);
  g_assert_no_error (error);
  layout = kv_layout_new (context, graph, KV_LAYOUT_AUTO, &error);
  g_assert_no_error (error);

  return layout;
}

static char *
export_text (const KvLayout *layout,
             KvFormat        format)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = kv_export_bytes (layout, format, NULL, &error);

  g_assert_no_error (error);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* TikZ and DOT show the product view's marks as the screen does: 1 shows
 * red to 2 in Hexa keeps 6 of 18 pairs and cuts agent 2's 3 links. */
static void
test_product_marks (void)
{
  g_autoptr(KvLayout) pairs = product_layout_of ("hexa-show", 1, KV_PRODUCT_STAGE_PAIRS);
  g_autoptr(KvLayout) links = product_layout_of ("hexa-show", 1, KV_PRODUCT_STAGE_LINKS);
  g_autofree char *pairs_tikz = export_text (pairs, KV_FORMAT_TIKZ);
  g_autofree char *pairs_dot = export_text (pairs, KV_FORMAT_DOT);
  g_autofree char *links_tikz = export_text (links, KV_FORMAT_TIKZ);
  g_autofree char *links_dot = export_text (links, KV_FORMAT_DOT);
  guint struck = 0, cut = 0;
  Agraph_t *g;

  for (guint i = 0; i < kv_graph_n_nodes (pairs->graph); i++)
    struck += (kv_graph_node (pairs->graph, i)->flags & KV_NODE_STRUCK) != 0;
  for (guint i = 0; i < kv_graph_n_edges (links->graph); i++)
    cut += (kv_graph_edge (links->graph, i)->flags & KV_EDGE_CUT) != 0;
  g_assert_cmpuint (struck, ==, 12);
  g_assert_cmpuint (cut, ==, 3);

  /* Dropped pairs: the `dropped` style, in the legend too; DOT greys them
   * and strikes their label through. */
  g_assert_cmpuint (count (pairs_tikz, "world, dropped, minimum width="), ==, struck + 1);
  g_assert_cmpuint (count (pairs_tikz, "\\node[world, dropped, minimum width=30pt"), ==, 1);  /* legend */
  g_assert_cmpuint (count (pairs_dot, ", dropped=true"), ==, struck);
  g_assert_cmpuint (count (pairs_dot, "<s>"), ==, struck);

  /* Cut links and their labels: the `cut` style; DOT fades them. */
  g_assert_cmpuint (count (links_tikz, "\\draw[agent 2, cut]"), ==, cut);
  g_assert_cmpuint (count (links_tikz, "\\node[agent 2 label, cut]"), ==, cut);
  g_assert_cmpuint (count (links_tikz, "line width=1.2pt, cut] ("), ==, 1);   /* legend */
  g_assert_cmpuint (count (links_dot, ", cut=true"), ==, cut);

  /* Graphviz reads both. */
  g = agmemread (pairs_dot);
  g_assert_nonnull (g);
  g_assert_cmpint (agnnodes (g), ==, 18);
  agclose (g);
  g = agmemread (links_dot);
  g_assert_nonnull (g);
  for (Agnode_t *n = agfstnode (g); n != NULL; n = agnxtnode (g, n))
    for (Agedge_t *e = agfstout (g, n); e != NULL; e = agnxtout (g, e))
      if (g_strcmp0 (get_attr (e, "cut"), "true") == 0)
        {
          g_assert_cmpstr (get_attr (e, "agent"), ==, "2");
          g_assert_true (g_str_has_suffix (get_attr (e, "color"), "4D"));
        }
  agclose (g);
}

/* A bigger picture, with long labels, every format. */
static void
test_clue_envelope_formats (void)
{
  g_autoptr(KvLayout) layout = layout_of ("clue11", 0, KV_VIEW_ENVELOPE);

  for (KvFormat f = KV_FORMAT_SVG; f <= KV_FORMAT_TIKZ; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = kv_export_bytes (layout, f, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (g_bytes_get_size (bytes), >, 100);
    }
}

/* --size: page sizes parse in every unit; a PNG for a 16:9 slide is
 * 1920 × 1080 with the drawing fitted inside. */
static void
test_page_size (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  KvRenderOptions options;
  cairo_surface_t *surface;
  Reader reader = { 0 };
  double w, h;

  g_assert_true (kv_export_parse_size ("16:9", &w, &h, NULL));
  g_assert_cmpfloat_with_epsilon (w, 453.54, 0.01);
  g_assert_cmpfloat_with_epsilon (h, 255.12, 0.01);
  g_assert_true (kv_export_parse_size ("4:3", &w, &h, NULL));
  g_assert_cmpfloat_with_epsilon (w / h, 4.0 / 3.0, 1e-9);
  g_assert_true (kv_export_parse_size ("25x14cm", &w, &h, NULL));
  g_assert_cmpfloat_with_epsilon (w, 708.66, 0.01);
  g_assert_true (kv_export_parse_size ("842x595pt", &w, &h, NULL));
  g_assert_cmpfloat (w, ==, 842);
  g_assert_true (kv_export_parse_size ("10.5x7.5in", &w, &h, NULL));
  g_assert_cmpfloat (h, ==, 540);
  for (guint i = 0; i < 5; i++)
    {
      const char *bad[] = { "16x9", "16:10", "x9cm", "1x1pt", "25,5x14cm" };

      g_assert_false (kv_export_parse_size (bad[i], &w, &h, &error));
      g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
      g_clear_error (&error);
    }

  kv_render_options_init (&options);
  g_assert_cmpfloat (kv_export_fit (layout, &options), ==, 1.0);
  g_assert_true (kv_export_parse_size ("16:9", &options.page_width, &options.page_height, NULL));
  g_assert_cmpfloat (kv_export_label_size (layout, &options), >, 6.0);
  g_assert_cmpfloat (kv_export_label_size (layout, &options), <, KV_STYLE_LABEL_SIZE);
  bytes = kv_export_bytes (layout, KV_FORMAT_PNG, &options, &error);
  g_assert_no_error (error);
  reader.data = g_bytes_get_data (bytes, &reader.size);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1920);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 1080);
  cairo_surface_destroy (surface);
}

/* --beamer: a slide per picture, one bounding box for all. */
static void
test_beamer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("hexa", &error);
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvPlaces) places = kv_places_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  KvLayout *layouts[3];

  g_assert_no_error (error);
  history = kv_history_run_script (script, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(KvGraph) graph = kv_view_build (kv_history_get (history, i)->model, NULL, &error);

      g_assert_no_error (error);
      layouts[i] = kv_layout_new_stable (context, graph, KV_LAYOUT_AUTO, places, &error);
      g_assert_no_error (error);
    }
  bytes = kv_export_beamer_bytes (layouts, NULL, 3, NULL, &error);
  g_assert_no_error (error);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  g_assert_nonnull (strstr (text, "\\documentclass[aspectratio=169]{beamer}"));
  g_assert_cmpuint (count (text, "\\begin{frame}"), ==, 1);
  g_assert_cmpuint (count (text, "\\begin{tikzpicture}"), ==, 1);
  g_assert_cmpuint (count (text, "\\only<1>{"), ==, 2);   /* title and picture */
  g_assert_cmpuint (count (text, "\\only<3>{"), ==, 2);
  g_assert_cmpuint (count (text, "\\only<4>"), ==, 0);
  g_assert_cmpuint (count (text, "dropped/.style={"), ==, 1);
  /* The actual world rwb stays where it was: the same node on each slide. */
  {
    g_autofree char *first = NULL;
    const char *p = strstr (text, "{\\underline{rwb}}");
    const char *line;

    g_assert_nonnull (p);
    for (line = p; line > text && line[-1] != '\n'; line--)
      ;
    first = g_strndup (line, p - line);
    g_assert_cmpuint (count (text, first), ==, 3);
  }

  for (guint i = 0; i < 3; i++)
    kv_layout_unref (layouts[i]);
}

/* The root element's height attribute, in points. */
static double
svg_height (const char *svg)
{
  const char *root = strstr (svg, "<svg");
  const char *height = root != NULL ? strstr (root, " height=\"") : NULL;

  g_assert_nonnull (height);
  return g_ascii_strtod (height + strlen (" height=\""), NULL);
}

/* How many characters of @text are drawn (not spaces). */
static guint
n_glyphs (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      n++;
  return n;
}

/* show_title and show_legend: the renderer leaves them out, and so does
 * every export (the window's switches, kripkeviz-cli's --no-title and
 * --no-legend). */
static void
test_title_legend (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  const char *title = layout->graph->title;
  KvRenderOptions options[4];
  KvRenderGeometry geometry[4];
  char *svg[4], *tikz[4], *dot[4];

  g_assert_nonnull (title);
  /* 0: both, 1: no title, 2: no legend, 3: neither. */
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GBytes) bytes = NULL;

      kv_render_options_init (&options[i]);
      options[i].show_title = (i & 1) == 0;
      options[i].show_legend = (i & 2) == 0;
      kv_render_measure (layout, &options[i], &geometry[i]);
      bytes = kv_export_bytes (layout, KV_FORMAT_SVG, &options[i], NULL);
      svg[i] = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_clear_pointer (&bytes, g_bytes_unref);
      bytes = kv_export_bytes (layout, KV_FORMAT_TIKZ, &options[i], NULL);
      tikz[i] = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_clear_pointer (&bytes, g_bytes_unref);
      bytes = kv_export_bytes (layout, KV_FORMAT_DOT, &options[i], NULL);
      dot[i] = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }

  /* The renderer: the graph moves up without the title, the drawing ends
   * at the graph without the legend. */
  g_assert_cmpfloat (geometry[1].graph_y, <, geometry[0].graph_y);
  g_assert_cmpfloat (geometry[2].legend_y, ==, geometry[2].height);
  g_assert_cmpfloat (geometry[2].height, <, geometry[0].height);
  g_assert_cmpfloat (geometry[3].height, <, geometry[1].height);
  g_assert_cmpfloat (geometry[3].height, <=, geometry[2].height);

  /* SVG: its size follows, and the title's glyphs are gone (cairo draws
   * text as <use> of glyphs; the document's <title> stays, for screen
   * readers). */
  g_assert_cmpstr (svg[0], !=, svg[1]);
  g_assert_cmpfloat (svg_height (svg[2]), <, svg_height (svg[0]));
  g_assert_cmpfloat (svg_height (svg[3]), <, svg_height (svg[0]));
  g_assert_cmpuint (count (svg[1], "<use"), <=, count (svg[0], "<use") - n_glyphs (title));
  g_assert_cmpuint (count (svg[2], "<use"), <, count (svg[0], "<use"));

  /* TikZ: no title node (the one in bold, large), no legend. */
#define TIKZ_TITLE "font=\\sffamily\\bfseries\\large"
  g_assert_nonnull (strstr (tikz[0], TIKZ_TITLE));
  g_assert_null (strstr (tikz[1], TIKZ_TITLE));
  g_assert_nonnull (strstr (tikz[1], "% Legend"));
  g_assert_null (strstr (tikz[2], "% Legend"));
  g_assert_nonnull (strstr (tikz[2], TIKZ_TITLE));
  g_assert_null (strstr (tikz[3], TIKZ_TITLE));
  g_assert_null (strstr (tikz[3], "% Legend"));
#undef TIKZ_TITLE

  /* DOT: no graph label without the title. */
  g_assert_nonnull (strstr (dot[0], "graph [label="));
  g_assert_null (strstr (dot[1], "graph [label="));
  g_assert_null (strstr (dot[1], title));

  for (guint i = 0; i < 4; i++)
    {
      g_free (svg[i]);
      g_free (tikz[i]);
      g_free (dot[i]);
    }
}

static void
test_atomic (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static ("new", 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "atomic", "x.svg", NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  guint n_files = 0;

  /* A missing directory: an error, nothing written. */
  g_assert_false (kv_write_bytes (path, bytes, &error));
  g_assert_error (error, KV_ERROR, KV_ERROR_IO);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* Over an existing file: replaced whole, no temporary left behind. */
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (kv_write_bytes (path, bytes, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "new");
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/* Every number after KEY in TEXT is ASCII digits with at most one dot, and
 * ends with one of ENDINGS: a decimal comma ("1,80") would end it early. */
static void
assert_numbers_after (const char *text,
                      const char *key,
                      const char *endings)
{
  guint seen = 0;

  for (const char *p = strstr (text, key); p != NULL; p = strstr (p, key))
    {
      const char *end = p += strlen (key);

      while (g_ascii_isdigit (*end) || *end == '.')
        end++;
      g_assert_cmpint (end - p, >, 0);
      g_assert_nonnull (strchr (endings, *end));
      g_assert_cmpuint (count (p, ".") - count (end, "."), <=, 1);
      seen++;
    }
  g_assert_cmpuint (seen, >, 0);
}

/* Run also under nl_NL.UTF-8 (KV_TEST_DECIMAL_COMMA=1), whose decimal point is
 * a comma: the writers must not depend on the locale. */
static void
test_numbers_have_a_dot (void)
{
  g_autoptr(KvLayout) layout = layout_of ("hexa", 0, KV_VIEW_WHOLE);
  g_autoptr(GBytes) dot = kv_export_bytes (layout, KV_FORMAT_DOT, NULL, NULL);
  g_autoptr(GBytes) tikz = kv_export_bytes (layout, KV_FORMAT_TIKZ, NULL, NULL);
  g_autofree char *dot_text = g_strndup (g_bytes_get_data (dot, NULL), g_bytes_get_size (dot));
  g_autofree char *tikz_text = g_strndup (g_bytes_get_data (tikz, NULL), g_bytes_get_size (tikz));

  if (g_strcmp0 (g_getenv ("KV_TEST_DECIMAL_COMMA"), "1") == 0)
    g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");

  assert_numbers_after (dot_text, "penwidth=", "];,");
  assert_numbers_after (dot_text, "fontsize=", ",]");
  assert_numbers_after (dot_text, "width=", ",]");
  assert_numbers_after (tikz_text, "line width=", "p");
  assert_numbers_after (tikz_text, "minimum width=", "p");
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  context = kv_layout_context_new ();
  tmpdir = g_dir_make_tmp ("kv-draw-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/draw/export/svg", test_svg);
  g_test_add_func ("/draw/export/pdf", test_pdf);
  g_test_add_func ("/draw/export/handout", test_handout);
  g_test_add_func ("/draw/export/png", test_png);
  g_test_add_func ("/draw/export/dot", test_dot);
  g_test_add_func ("/draw/export/tikz", test_tikz);
  g_test_add_func ("/draw/export/dimmed", test_dimmed);
  g_test_add_func ("/draw/export/product-marks", test_product_marks);
  g_test_add_func ("/draw/export/numbers-have-a-dot", test_numbers_have_a_dot);
  g_test_add_func ("/draw/export/clue11-envelope", test_clue_envelope_formats);
  g_test_add_func ("/draw/export/page-size", test_page_size);
  g_test_add_func ("/draw/export/beamer", test_beamer);
  g_test_add_func ("/draw/export/atomic", test_atomic);
  g_test_add_func ("/draw/export/title-legend", test_title_legend);

  status = g_test_run ();

  remove_tree (tmpdir);
  g_free (tmpdir);
  kv_layout_context_free (context);
  return status;
}
