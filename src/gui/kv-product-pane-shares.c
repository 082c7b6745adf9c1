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
 * a later stage would then read under 12 px (KV_STYLE_MIN_TEXT_PX; 18 px,
 * KV_STYLE_PRESENT_TEXT_PX, presenting): the product's needs are then
 * those of every stage seen, and the row is shared anew. Presenting shows
 * two panels, the product and the one its stage is read against (the
 * hidden one gets no columns), or the product alone where the two cannot
 * both read at 18 px.
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
  *shares = (KvPanelShares) { .floor_px = KV_STYLE_MIN_TEXT_PX };
  for (guint i = 0; i < 3; i++)
    shares->spans[i] = default_spans[i];
}

void
_kv_panel_shares_set_panels (KvPanelShares *shares,
                             guint          hidden,
                             double         floor_px)
{
  shares->floor_px = floor_px;
  if (shares->hidden == hidden)
    return;

  shares->hidden = hidden;
  shares->stages = 0;
  for (guint i = 0; i < 3; i++)
    shares->spans[i] = default_spans[i];
  for (guint i = 0; i < 2; i++)
    if (hidden & 1u << i)
      {
        shares->spans[2] += shares->spans[i];
        shares->spans[i] = 0;
      }
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

/* The text of panel @i at @share columns; one hidden, or given none,
 * reads as big as can be, so that it never is the smallest. */
static double
panel_text_at (const KvPanelShares *shares,
               guint                i,
               guint                share)
{
  if (shares->hidden & 1u << i || share == 0)
    return INFINITY;
  return share == KV_SHARE_COLUMNS ? shares->alone_px : text_at (&shares->curves[i], share);
}

/* The smallest text of the panels shown at @spans. */
static double
least_text (const KvPanelShares *shares,
            const guint          spans[3])
{
  return MIN (MIN (panel_text_at (shares, 0, spans[0]), panel_text_at (shares, 1, spans[1])),
              panel_text_at (shares, 2, spans[2]));
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

/* The columns panel @i may take: none when hidden. */
static void
span_range (const KvPanelShares *shares,
            guint                i,
            guint               *lo,
            guint               *hi)
{
  gboolean hidden = (shares->hidden & 1u << i) != 0;

  *lo = hidden ? 0 : KV_SHARE_MIN;
  *hi = hidden ? 0 : KV_SHARE_MAX;
}

/* The spans that read best for the shares' curves; of equals, the
 * nearest to @spans, which it updates. */
static void
choose (const KvPanelShares *shares,
        guint                spans[3])
{
  double best[3] = { -1, -1, -1 };
  guint chosen[3] = { spans[0], spans[1], spans[2] };
  guint best_moved = G_MAXUINT;
  guint a_lo, a_hi, b_lo, b_hi;

  span_range (shares, 0, &a_lo, &a_hi);
  span_range (shares, 1, &b_lo, &b_hi);
  for (guint a = a_lo; a <= a_hi; a++)
    for (guint b = b_lo; b <= b_hi && a + b < KV_SHARE_COLUMNS; b++)
      {
        guint c = KV_SHARE_COLUMNS - a - b;
        double reads[3];
        guint moved;
        int cmp;

        if (c < KV_SHARE_MIN || c > KV_SHARE_MAX)
          continue;
        reads[0] = panel_text_at (shares, 0, a);
        reads[1] = panel_text_at (shares, 1, b);
        reads[2] = panel_text_at (shares, 2, c);
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
refine (KvPanelShares *shares,
        const Panel    panels[3],
        const guint    spans[3],
        gboolean       product_stages)
{
  KvShareCurve *curves = shares->curves;
  gboolean measured = FALSE;

  for (guint i = 0; i < 3; i++)
    for (int d = -1; d <= 1; d++)
      {
        int share = (int) spans[i] + d;
        double *px;

        if (shares->hidden & 1u << i || share < KV_SHARE_MIN || share > KV_SHARE_MAX)
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
      if (shares->hidden & 1u << i)
        continue;
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
        if (!(shares->hidden & 1u << i))
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
      too_small = measure (&panels[2], shares->spans[2]) < MIN (shares->floor_px + KV_SHARE_SPARE_PX,
                                                                least_text (shares, shares->spans));
      add_stage (&shares->curves[2], &curve);
      if (!too_small)
        return FALSE;
    }

  memcpy (spans, shares->spans, sizeof spans);
  choose (shares, spans);
  for (guint round = 0; round < 3 && refine (shares, panels, spans, product_stages); round++)
    choose (shares, spans);
  /* Presenting, the product alone when it and the panel beside it cannot
   * both keep the floor and it alone reads bigger (twocards' result at
   * 1024 px: 24 worlds beside 12). */
  if (shares->hidden != 0 && least_text (shares, spans) < shares->floor_px)
    {
      shares->alone_px = measure (&panels[2], KV_SHARE_COLUMNS);
      if (shares->alone_px > least_text (shares, spans))
        {
          spans[0] = spans[1] = 0;
          spans[2] = KV_SHARE_COLUMNS;
        }
    }
  if (memcmp (spans, shares->spans, sizeof spans) == 0)
    return FALSE;
  memcpy (shares->spans, spans, sizeof spans);
  return TRUE;
}
