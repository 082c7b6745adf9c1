// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-plot.c: rounds to win per strategy (see kv-tournament-plot.h) */
#define G_LOG_DOMAIN "kv-tournament-plot"
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#include "kv-error.h"
#include "kv-style.h"
#include "kv-tournament-plot.h"

#define TEXT_SIZE    KV_TOURNAMENT_PLOT_TEXT_SIZE
#define LABEL_SIZE   14.0    /* axis labels, bold */
#define MARGIN       12.0
#define LEGEND_ROW   20.0
#define SWATCH       14.0

/* Where everything goes, from the result and the size alone. */
typedef struct {
  double   left, top, right, bottom;   /* the plot area */
  guint    max_rounds;                 /* x: 1 … max_rounds */
  guint    y_max, y_step;              /* y: 0 … y_max by y_step */
  gboolean empty;                      /* no wins */
} Frame;

/* 1, 2, 5, 10, 20, 50, … at least @raw. */
static guint
nice_step (double raw)
{
  guint step = 1;

  for (;;)
    {
      if (step >= raw)
        return step;
      if (2 * step >= raw)
        return 2 * step;
      if (5 * step >= raw)
        return 5 * step;
      step *= 10;
    }
}

static void
frame_of (const KvTournamentResult *result,
          double                    width,
          double                    height,
          Frame                    *frame)
{
  guint max_count = 0;
  guint n_legend = MAX (result->n_tallies, 1);

  frame->max_rounds = 0;
  for (guint t = 0; t < result->n_tallies; t++)
    for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
      if (result->tallies[t].by_rounds[r] > 0)
        {
          frame->max_rounds = MAX (frame->max_rounds, r);
          max_count = MAX (max_count, result->tallies[t].by_rounds[r]);
        }
  frame->empty = max_count == 0;
  frame->max_rounds = MAX (frame->max_rounds, 1);
  frame->y_step = nice_step (MAX (max_count, 1) / 5.0);
  frame->y_max = MAX (frame->y_step * (guint) ceil ((double) MAX (max_count, 1) / frame->y_step), 1);

  frame->left = MARGIN + LABEL_SIZE + 8 + 40;       /* y label, tick numbers */
  frame->right = width - MARGIN - 8;
  frame->top = MARGIN + n_legend * LEGEND_ROW + 12;
  frame->bottom = height - MARGIN - LABEL_SIZE - 8 - TEXT_SIZE - 10;
  if (frame->right < frame->left + 10)
    frame->right = frame->left + 10;
  if (frame->bottom < frame->top + 10)
    frame->bottom = frame->top + 10;
}

static gboolean
bar_rect (const KvTournamentResult *result,
          const Frame              *frame,
          guint                     tally,
          guint                     rounds,
          KvPlotRect               *rect)
{
  double group, bar;
  guint count;

  if (tally >= result->n_tallies || rounds < 1 || rounds > frame->max_rounds)
    return FALSE;
  count = result->tallies[tally].by_rounds[rounds];
  if (count == 0)
    return FALSE;
  group = (frame->right - frame->left) / frame->max_rounds;
  bar = group * 0.8 / result->n_tallies;
  rect->x = frame->left + (rounds - 1) * group + group * 0.1 + tally * bar;
  rect->width = bar;
  rect->height = (frame->bottom - frame->top) * count / frame->y_max;
  rect->y = frame->bottom - rect->height;
  return TRUE;
}

gboolean
kv_tournament_plot_bar (const KvTournamentResult *result,
                        double                    width,
                        double                    height,
                        guint                     tally,
                        guint                     rounds,
                        KvPlotRect               *rect)
{
  Frame frame;

  g_return_val_if_fail (result != NULL && rect != NULL, FALSE);

  frame_of (result, width, height, &frame);
  return bar_rect (result, &frame, tally, rounds, rect);
}

static void
set_font (cairo_t *cr,
          double   size,
          gboolean bold)
{
  cairo_select_font_face (cr, KV_STYLE_FONT, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

/* @text with its reference point at (@x, @y) moved by @align_x × its width
 * (0 left, 0.5 centred, 1 right) and vertically centred on @y. */
static void
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      align_x)
{
  cairo_text_extents_t extents;
  cairo_font_extents_t font;

  cairo_text_extents (cr, text, &extents);
  cairo_font_extents (cr, &font);
  cairo_move_to (cr, x - align_x * extents.x_advance, y + (font.ascent - font.descent) / 2);
  cairo_show_text (cr, text);
}

static void
set_rgb (cairo_t *cr,
         KvRgb    rgb)
{
  cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
}

static void
draw_legend (cairo_t                  *cr,
             const KvTournamentResult *result)
{
  set_font (cr, TEXT_SIZE, FALSE);
  for (guint t = 0; t < result->n_tallies; t++)
    {
      const KvTournamentTally *tally = &result->tallies[t];
      double y = MARGIN + t * LEGEND_ROW + LEGEND_ROW / 2;
      g_autofree char *text = NULL;
      g_autofree char *mean = kv_format_decimal (kv_tournament_tally_mean (tally), 2);

      /* TRANSLATORS: a plot's legend: a strategy (naive, del, …), its
       * wins, its share of the games and the mean rounds to win ("3.45",
       * with the locale's decimal sign) */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s: %u win (%.0f%%), %s rounds on average",
                                           "%s: %u wins (%.0f%%), %s rounds on average",
                                           tally->wins),
                              tally->name, tally->wins,
                              100 * kv_tournament_tally_share (tally, result), mean);
      set_rgb (cr, kv_style_agent_color (t));
      cairo_rectangle (cr, MARGIN + LABEL_SIZE + 8, y - SWATCH / 2, SWATCH, SWATCH);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      show_text (cr, text, MARGIN + LABEL_SIZE + 8 + SWATCH + 8, y, 0);
    }
}

static void
draw_axes (cairo_t                  *cr,
           const KvTournamentResult *result,
           const Frame              *frame,
           double                    height)
{
  double group = (frame->right - frame->left) / frame->max_rounds;
  guint every;

  set_font (cr, TEXT_SIZE, FALSE);
  cairo_set_line_width (cr, 1);

  /* y: grid lines and counts */
  for (guint y = 0; y <= frame->y_max; y += frame->y_step)
    {
      double py = frame->bottom - (frame->bottom - frame->top) * y / frame->y_max;
      g_autofree char *text = g_strdup_printf ("%u", y);

      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_move_to (cr, frame->left, round (py) + 0.5);
      cairo_line_to (cr, frame->right, round (py) + 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      show_text (cr, text, frame->left - 6, py, 1);
    }

  /* x: a tick per round, labelled as often as they fit */
  every = MAX (1, (guint) ceil (28.0 / group));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint r = 1; r <= frame->max_rounds; r++)
    {
      double px = frame->left + (r - 0.5) * group;

      if ((r - 1) % every != 0 && r != frame->max_rounds)
        continue;
      {
        g_autofree char *text = g_strdup_printf ("%u", r);

        show_text (cr, text, px, frame->bottom + 6 + TEXT_SIZE / 2, 0.5);
      }
    }
  cairo_move_to (cr, frame->left, round (frame->bottom) + 0.5);
  cairo_line_to (cr, frame->right, round (frame->bottom) + 0.5);
  cairo_move_to (cr, round (frame->left) + 0.5, frame->top);
  cairo_line_to (cr, round (frame->left) + 0.5, frame->bottom);
  cairo_stroke (cr);

  /* the axes' names */
  set_font (cr, LABEL_SIZE, TRUE);
  show_text (cr, _("Rounds to win"), (frame->left + frame->right) / 2,
             height - MARGIN - LABEL_SIZE / 2, 0.5);
  cairo_save (cr);
  cairo_translate (cr, MARGIN + LABEL_SIZE / 2, (frame->top + frame->bottom) / 2);
  cairo_rotate (cr, -G_PI / 2);
  show_text (cr, _("Games won"), 0, 0, 0.5);
  cairo_restore (cr);

  if (frame->empty)
    {
      set_font (cr, TEXT_SIZE, FALSE);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      show_text (cr, result->games == 0 ? _("No games played yet") : _("No game was won"),
                 (frame->left + frame->right) / 2, (frame->top + frame->bottom) / 2, 0.5);
    }
}

void
kv_tournament_plot_draw (cairo_t                  *cr,
                         const KvTournamentResult *result,
                         double                    width,
                         double                    height)
{
  Frame frame;

  g_return_if_fail (cr != NULL && result != NULL);

  frame_of (result, width, height, &frame);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  draw_legend (cr, result);
  draw_axes (cr, result, &frame, height);
  for (guint t = 0; t < result->n_tallies; t++)
    for (guint r = 1; r <= frame.max_rounds; r++)
      {
        KvPlotRect rect;

        if (!bar_rect (result, &frame, t, r, &rect))
          continue;
        set_rgb (cr, kv_style_agent_color (t));
        cairo_rectangle (cr, rect.x, rect.y, rect.width, rect.height);
        cairo_fill_preserve (cr);
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
        cairo_set_line_width (cr, 1);
        cairo_stroke (cr);
      }
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void                *data,
              const unsigned char *bytes,
              unsigned int         length)
{
  g_byte_array_append (data, bytes, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kv_tournament_plot_bytes (const KvTournamentResult *result,
                          KvFormat                  format,
                          double                    width,
                          double                    height,
                          GError                  **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (result != NULL, NULL);

  if (format == KV_FORMAT_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width), (int) ceil (height));
  else if (format == KV_FORMAT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, out, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
    }
  else
    {
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("A plot is saved as PNG or SVG, not %s"),
                   kv_format_to_string (format));
      return NULL;
    }

  cr = cairo_create (surface);
  kv_tournament_plot_draw (cr, result, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == KV_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, out);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("Could not draw the plot: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
