// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-pane-shares.c: how the product view's three panels share its
 * width.
 *
 * Fixed columns left one panel's text small while another had room to
 * spare: twocards' A (twelve events and a legend beside a grid of 144
 * pairs), Clue 11's M (an envelope grid and its long notes) beside a
 * product drawn large. So each panel's smallest text is measured at every
 * share of the row (kv_canvas_get_fitted_text_px), and the row is shared
 * so that the panel reading smallest reads as big as it can, then the
 * next (water-filling). A product's stages keep the shares chosen for the
 * first one shown, so its panels do not move from stage to stage, unless
 * a later stage would then read under 12 px (KV_STYLE_MIN_TEXT_PX): the
 * product's needs are then those of every stage seen, and the row is
 * shared anew.
 */
#define G_LOG_DOMAIN "kv-product-pane"

#include "config.h"

#include <math.h>
#include <string.h>

#include "kv-product-pane-private.h"

/* The default, before any panel is measured: the product has the most to
 * show (a Clue product's grid of pairs), the action model the least. */
static const guint default_spans[3] = { 30, 19, 51 };

void
_kv_panel_shares_init (KvPanelShares *shares)
{
  *shares = (KvPanelShares) { 0 };
  for (guint i = 0; i < 3; i++)
    shares->spans[i] = default_spans[i];
}

void
_kv_panel_shares_forget (KvPanelShares *shares)
{
  shares->stages = 0;
}

/* How high @canvas would be in @panel (a vertical box of captions round
 * the canvas's view) @width wide in a row @row_height high: the captions
 * wrap (A's counts take two lines when it is narrow). */
static int
canvas_height (GtkWidget *panel,
               KvCanvas  *canvas,
               int        width,
               int        row_height)
{
  GtkWidget *view = gtk_widget_get_ancestor (GTK_WIDGET (canvas), KV_TYPE_CANVAS_VIEW);
  int height = row_height - (gtk_widget_get_height (view) - gtk_widget_get_height (GTK_WIDGET (canvas)));

  for (GtkWidget *child = gtk_widget_get_first_child (panel); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != view && gtk_widget_should_layout (child))
      {
        int natural;

        gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
        height -= natural;
      }
  return height;
}

/* What a panel's text is measured in: its box in the row, its canvas. */
typedef struct {
  GtkWidget *panel;
  KvCanvas  *canvas;
  int        row_width;
  int        row_height;
  int        chrome;      /* how much wider the panel is than its canvas */
} Panel;

/* The panel's smallest text at @share columns. */
static double
measure (const Panel *p,
         guint        share)
{
  int width = p->row_width * (int) share / KV_SHARE_COLUMNS;

  return kv_canvas_get_fitted_text_px (p->canvas, width - p->chrome,
                                       canvas_height (p->panel, p->canvas, width, p->row_height));
}

/* Every KV_SHARE_STEP columns; the rest is read across them until it is
 * measured (refine). */
static void
sample (const Panel  *p,
        KvShareCurve *curve)
{
  for (guint share = KV_SHARE_MIN; share <= KV_SHARE_MAX; share++)
    curve->px[share - KV_SHARE_MIN] = (share - KV_SHARE_MIN) % KV_SHARE_STEP == 0 ? measure (p, share) : NAN;
}

/* The text at @share columns: measured, or read across the samples. */
static double
text_at (const KvShareCurve *curve,
         guint               share)
{
  guint i = share - KV_SHARE_MIN, below = i - i % KV_SHARE_STEP;
  guint above = MIN (below + KV_SHARE_STEP, KV_SHARE_MAX - KV_SHARE_MIN);
  double t;

  if (!isnan (curve->px[i]) || above == below)
    return curve->px[i];
  t = (double) (i - below) / (above - below);
  return curve->px[below] * (1 - t) + curve->px[above] * t;
}

/* The smallest text of the three panels at @spans. */
static double
least_text (const KvShareCurve curves[3],
            const guint        spans[3])
{
  return MIN (MIN (text_at (&curves[0], spans[0]), text_at (&curves[1], spans[1])),
              text_at (&curves[2], spans[2]));
}

/* Whether spans reading @a beat spans reading @b: the smallest text
 * bigger, then the next, then the biggest — to a tenth of a pixel for the
 * smallest, a quarter for the others, so that a sliver of a pixel does
 * not move a panel. */
static int
compare_reads (const double a[3],
               const double b[3])
{
  static const double grain[3] = { 0.1, 0.25, 0.25 };

  for (guint i = 0; i < 3; i++)
    {
      double qa = floor (a[i] / grain[i]), qb = floor (b[i] / grain[i]);

      if (qa != qb)
        return qa > qb ? 1 : -1;
    }
  return 0;
}

static void
sort3 (double v[3])
{
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2 - i; j++)
      if (v[j] > v[j + 1])
        {
          double t = v[j];

          v[j] = v[j + 1];
          v[j + 1] = t;
        }
}

/* The spans that read best for @curves; of equals, the nearest to
 * @spans, which it updates. */
static void
choose (const KvShareCurve curves[3],
        guint              spans[3])
{
  double best[3] = { -1, -1, -1 };
  guint chosen[3] = { spans[0], spans[1], spans[2] };
  guint best_moved = G_MAXUINT;

  for (guint a = KV_SHARE_MIN; a <= KV_SHARE_MAX; a++)
    for (guint b = KV_SHARE_MIN; b <= KV_SHARE_MAX && a + b < KV_SHARE_COLUMNS; b++)
      {
        guint c = KV_SHARE_COLUMNS - a - b;
        double reads[3];
        guint moved;
        int cmp;

        if (c < KV_SHARE_MIN || c > KV_SHARE_MAX)
          continue;
        reads[0] = text_at (&curves[0], a);
        reads[1] = text_at (&curves[1], b);
        reads[2] = text_at (&curves[2], c);
        sort3 (reads);
        moved = (guint) (ABS ((int) a - (int) spans[0]) + ABS ((int) b - (int) spans[1]) +
                         ABS ((int) c - (int) spans[2]));
        cmp = compare_reads (reads, best);
        if (cmp > 0 || (cmp == 0 && moved < best_moved))
          {
            memcpy (best, reads, sizeof best);
            best_moved = moved;
            chosen[0] = a;
            chosen[1] = b;
            chosen[2] = c;
          }
      }
  memcpy (spans, chosen, sizeof chosen);
}

/* Measures, round each panel's span in @spans, the columns read across
 * so far, so that choosing again goes by what they read. The product's
 * curve, when it holds more stages than @product's, keeps the least of
 * this one's measure and the others' read across. FALSE when there was
 * nothing to measure. */
static gboolean
refine (KvShareCurve  curves[3],
        const Panel   panels[3],
        const guint   spans[3],
        gboolean      product_stages)
{
  gboolean measured = FALSE;

  for (guint i = 0; i < 3; i++)
    for (int d = -1; d <= 1; d++)
      {
        int share = (int) spans[i] + d;
        double *px;

        if (share < KV_SHARE_MIN || share > KV_SHARE_MAX)
          continue;
        px = &curves[i].px[share - KV_SHARE_MIN];
        if (!isnan (*px))
          continue;
        *px = i == 2 && product_stages ? MIN (measure (&panels[i], share), text_at (&curves[i], share))
                                       : measure (&panels[i], share);
        measured = TRUE;
      }
  return measured;
}

/* Adds @curve, another stage's, to the product's: the least of both where
 * both are measured. */
static void
add_stage (KvShareCurve       *product,
           const KvShareCurve *curve)
{
  for (guint i = 0; i < G_N_ELEMENTS (product->px); i++)
    product->px[i] = isnan (product->px[i]) || isnan (curve->px[i]) ? NAN : MIN (product->px[i], curve->px[i]);
}

gboolean
_kv_panel_shares_update (KvPanelShares  *shares,
                         int             width,
                         int             height,
                         GtkWidget      *boxes[3],
                         KvCanvas       *canvases[3],
                         KvProductStage  stage)
{
  gboolean product_stages;
  Panel panels[3];
  guint spans[3];

  if (width <= 1 || height <= 1)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    {
      if (kv_canvas_get_layout (canvases[i]) == NULL || gtk_widget_get_width (GTK_WIDGET (canvases[i])) <= 1)
        return FALSE;
      panels[i] = (Panel) { boxes[i], canvases[i], width, height,
                            gtk_widget_get_width (boxes[i]) - gtk_widget_get_width (GTK_WIDGET (canvases[i])) };
    }
  if (width != shares->width || height != shares->height)
    shares->stages = 0;
  if (shares->stages & 1u << stage)
    return FALSE;

  product_stages = shares->stages != 0;
  shares->stages |= 1u << stage;
  if (!product_stages)
    {
      for (guint i = 0; i < 3; i++)
        sample (&panels[i], &shares->curves[i]);
      shares->width = width;
      shares->height = height;
    }
  else
    {
      KvShareCurve curve;
      gboolean too_small;

      sample (&panels[2], &curve);
      /* This stage reads too small at the shares kept: they are chosen
       * anew for every stage seen. */
      too_small = measure (&panels[2], shares->spans[2]) < MIN (KV_STYLE_MIN_TEXT_PX + KV_SHARE_SPARE_PX,
                                                                least_text (shares->curves, shares->spans));
      add_stage (&shares->curves[2], &curve);
      if (!too_small)
        return FALSE;
    }

  memcpy (spans, shares->spans, sizeof spans);
  choose (shares->curves, spans);
  for (guint round = 0; round < 3 && refine (shares->curves, panels, spans, product_stages); round++)
    choose (shares->curves, spans);
  if (memcmp (spans, shares->spans, sizeof spans) == 0)
    return FALSE;
  memcpy (shares->spans, spans, sizeof spans);
  return TRUE;
}
