// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-style.c: agent colours and dashes, text and node sizes */
#define G_LOG_DOMAIN "kv-style"
#include "config.h"

#include <cairo.h>
#include <math.h>

#include "kv-enum.h"
#include "kv-style.h"

/* Okabe & Ito's palette without yellow (too light on white), darkest first
 * so the first agents also differ in grey. */
static const struct {
  KvRgb       rgb;
  const char *hex;
} okabe_ito[] = {
  { { 0x00 / 255.0, 0x72 / 255.0, 0xb2 / 255.0 }, "#0072B2" },  /* blue */
  { { 0xd5 / 255.0, 0x5e / 255.0, 0x00 / 255.0 }, "#D55E00" },  /* vermillion */
  { { 0x00 / 255.0, 0x9e / 255.0, 0x73 / 255.0 }, "#009E73" },  /* bluish green */
  { { 0xcc / 255.0, 0x79 / 255.0, 0xa7 / 255.0 }, "#CC79A7" },  /* reddish purple */
  { { 0xe6 / 255.0, 0x9f / 255.0, 0x00 / 255.0 }, "#E69F00" },  /* orange */
  { { 0x56 / 255.0, 0xb4 / 255.0, 0xe9 / 255.0 }, "#56B4E9" },  /* sky blue */
  { { 0x00 / 255.0, 0x00 / 255.0, 0x00 / 255.0 }, "#000000" },  /* black */
};

/* For printing in black and white: greys from dark to mid, the agents told
 * apart by their dashes. */
static const struct {
  KvRgb       rgb;
  const char *hex;
} greys[] = {
  { { 0x00 / 255.0, 0x00 / 255.0, 0x00 / 255.0 }, "#000000" },
  { { 0x55 / 255.0, 0x55 / 255.0, 0x55 / 255.0 }, "#555555" },
  { { 0x80 / 255.0, 0x80 / 255.0, 0x80 / 255.0 }, "#808080" },
  { { 0x33 / 255.0, 0x33 / 255.0, 0x33 / 255.0 }, "#333333" },
  { { 0x6a / 255.0, 0x6a / 255.0, 0x6a / 255.0 }, "#6A6A6A" },
};

/* Read by the layout thread and the main thread alike: an atomic int. */
static gint current_palette = KV_PALETTE_OKABE_ITO;

void
kv_style_set_palette (KvPalette palette)
{
  g_atomic_int_set (&current_palette, palette);
}

KvPalette
kv_style_get_palette (void)
{
  return g_atomic_int_get (&current_palette);
}

gboolean
kv_palette_from_string (const char *name, KvPalette *palette)
{
  int value;

  if (name == NULL || !kv_enum_from_nick (KV_TYPE_PALETTE, name, &value))
    return FALSE;
  *palette = value;
  return TRUE;
}

static const double dashed[] = { 7.0, 4.0 };
static const double dotted[] = { 0.01, 4.0 };
static const double dash_dot[] = { 8.0, 3.5, 0.01, 3.5 };
static const double long_dash[] = { 13.0, 4.5 };
static const double dash_dot_dot[] = { 8.0, 3.5, 0.01, 3.5, 0.01, 3.5 };

static const struct {
  const double *dashes;
  guint         n_dashes;
  const char   *tikz;
  const char   *dot;
} patterns[] = {
  { NULL, 0, "solid", "solid" },
  /* TikZ gets the screen's own patterns: its "dotted" (on 0.4pt off
   * 2pt) under a round cap of this width prints as a solid line. */
  { dashed, G_N_ELEMENTS (dashed), "dash pattern=on 7pt off 4pt", "dashed" },
  { dotted, G_N_ELEMENTS (dotted), "dash pattern=on 0.01pt off 4pt", "dotted" },
  { dash_dot, G_N_ELEMENTS (dash_dot), "dash pattern=on 8pt off 3.5pt on 0.01pt off 3.5pt", "dashed" },
  { long_dash, G_N_ELEMENTS (long_dash), "dash pattern=on 13pt off 4.5pt", "bold" },
  { dash_dot_dot, G_N_ELEMENTS (dash_dot_dot), "dash pattern=on 8pt off 3.5pt on 0.01pt off 3.5pt on 0.01pt off 3.5pt",
    "dotted" },
};

KvRgb
kv_style_agent_color (guint agent)
{
  if (kv_style_get_palette () == KV_PALETTE_GREYSCALE)
    return greys[agent % G_N_ELEMENTS (greys)].rgb;
  return okabe_ito[agent % G_N_ELEMENTS (okabe_ito)].rgb;
}

const char *
kv_style_agent_hex (guint agent)
{
  if (kv_style_get_palette () == KV_PALETTE_GREYSCALE)
    return greys[agent % G_N_ELEMENTS (greys)].hex;
  return okabe_ito[agent % G_N_ELEMENTS (okabe_ito)].hex;
}

const double *
kv_style_agent_dashes (guint  agent,
                       guint *n_dashes)
{
  guint i = agent % G_N_ELEMENTS (patterns);

  *n_dashes = patterns[i].n_dashes;
  return patterns[i].dashes;
}

const char *
kv_style_agent_tikz_dash (guint agent)
{
  return patterns[agent % G_N_ELEMENTS (patterns)].tikz;
}

const char *
kv_style_agent_dot_style (guint agent)
{
  return patterns[agent % G_N_ELEMENTS (patterns)].dot;
}

static double
relative_luminance (double grey)
{
  return grey <= 0.04045 ? grey / 12.92 : pow ((grey + 0.055) / 1.055, 2.4);
}

double
kv_style_contrast (double grey_a,
                   double grey_b)
{
  double a = relative_luminance (CLAMP (grey_a, 0, 1)) + 0.05;
  double b = relative_luminance (CLAMP (grey_b, 0, 1)) + 0.05;

  return MAX (a, b) / MIN (a, b);
}

double
kv_style_over_white (double grey,
                     double alpha)
{
  return 1.0 - alpha * (1.0 - grey);
}

KvRgb
kv_style_highlight_color (void)
{
  return (KvRgb) { 0xff / 255.0, 0xe0 / 255.0, 0x8a / 255.0 };
}

const char *
kv_style_highlight_hex (void)
{
  return "#FFE08A";
}

/* One scratch cairo_t per thread to measure text with (the layout
 * thread sizes nodes while the main thread measures legends): measuring
 * is done word by word, many times a frame. */
static GPrivate scratch_cr = G_PRIVATE_INIT ((GDestroyNotify) cairo_destroy);

void
kv_style_text_size (const char *text,
                    double      size,
                    gboolean    bold,
                    double     *width,
                    double     *height)
{
  cairo_t *cr = g_private_get (&scratch_cr);
  cairo_text_extents_t extents;
  cairo_font_extents_t font;

  if (cr == NULL)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);

      cr = cairo_create (surface);
      cairo_surface_destroy (surface);
      g_private_set (&scratch_cr, cr);
    }
  cairo_select_font_face (cr, KV_STYLE_FONT, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_font_extents (cr, &font);

  if (width != NULL)
    *width = extents.x_advance;
  if (height != NULL)
    *height = font.ascent + font.descent;
}

void
kv_style_node_size (const char  *label,
                    double      *width,
                    double      *height,
                    KvNodeShape *shape)
{
  double tw, th;

  if (*label == '\0')
    {
      /* No label (an envelope in the grid its headers name): a circle,
       * with room for the actual world's double border. */
      *width = *height = KV_STYLE_DOT_SIZE;
      *shape = KV_NODE_SHAPE_ELLIPSE;
      return;
    }

  kv_style_text_size (label, KV_STYLE_LABEL_SIZE, FALSE, &tw, &th);

  if (g_utf8_strlen (label, -1) <= 5)
    {
      /* An ellipse around the text's box, with room for the double border. */
      *width = ceil (tw * M_SQRT2 + 12.0);
      *height = ceil (th * M_SQRT2 + 6.0);
      *shape = KV_NODE_SHAPE_ELLIPSE;
    }
  else
    {
      /* Room for the text inside the actual world's inner border. */
      *width = ceil (tw + 22.0);
      *height = ceil (th + 14.0);
      *shape = KV_NODE_SHAPE_BOX;
    }
}

double
kv_style_presentation_label_px (guint n_worlds)
{
  const double large = 18.0, small = 11.0;

  if (n_worlds <= KV_STYLE_PRESENT_LARGE_WORLDS)
    return large;
  if (n_worlds >= KV_STYLE_PRESENT_SMALL_WORLDS)
    return small;
  return large - (large - small) * (n_worlds - KV_STYLE_PRESENT_LARGE_WORLDS)
                 / (double) (KV_STYLE_PRESENT_SMALL_WORLDS - KV_STYLE_PRESENT_LARGE_WORLDS);
}
