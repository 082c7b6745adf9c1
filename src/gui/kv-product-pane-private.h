// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-pane-private.h: what the product pane's files share. */
#pragma once

#include "kv-product-pane.h"

G_BEGIN_DECLS

/* kv-product-pane-hover.c: rings, in the panels other than @hovered (a
 * KvProductPanel, -1 for none), what its hovered node stands for: a pair's
 * world in M and its event in A, a world's pairs, an event's pairs.
 * @panels are M, A and the product (showing @stage of @view); a panel
 * still laying out, or showing another product, gets no rings. */
void _kv_product_pane_update_marks (KvCanvasView        *panels[3],
                                    int                  hovered,
                                    const KvProductView *view,
                                    KvProductStage       stage);

/* kv-product-pane-shares.c: the panels' widths, in hundredths of the
 * row's (columns), from what each panel's text reads at each share. */
#define KV_SHARE_COLUMNS 100
#define KV_SHARE_MIN     10    /* no panel narrower than a tenth of the row */
#define KV_SHARE_MAX     80    /* two panels (presenting): the product up to four fifths */
#define KV_SHARE_STEP    2     /* measured every second column, then round the best */
/* A stage read within this of the floor (floor_px) gets the row shared anew:
 * what is measured between samples is read across them. */
#define KV_SHARE_SPARE_PX 0.2

/* A panel's smallest text, in pixels, at each share from KV_SHARE_MIN
 * columns; NAN where not measured. */
typedef struct {
  double px[KV_SHARE_MAX - KV_SHARE_MIN + 1];
} KvShareCurve;

typedef struct {
  KvShareCurve curves[3];   /* M, A, and the product: the least of its stages seen */
  guint        stages;      /* bits of the KvProductStages measured; 0: none (a new part) */
  int          width;       /* the row's size they were measured at */
  int          height;
  guint        spans[3];    /* each panel's columns: KV_SHARE_COLUMNS in all; 0: not shown */
  double       alone_px;    /* the product's text alone in the row, presenting */
  guint        hidden;      /* bits of the panels not shown (presenting shows two): no columns */
  double       floor_px;    /* the text the panels must keep: a stage reading less shares anew */
} KvPanelShares;

void     _kv_panel_shares_init   (KvPanelShares       *shares);
/* A new part: measured afresh when its panels are laid out. */
void     _kv_panel_shares_forget (KvPanelShares       *shares);
/* Shows only the panels not in @hidden (bits of KvProductPanels; never
 * the product), which must keep their text at @floor_px: a hidden panel's
 * columns go to the product until the row is measured anew. */
void     _kv_panel_shares_set_panels (KvPanelShares   *shares,
                                      guint            hidden,
                                      double           floor_px);
/* Measures the panels shown (M, A, the product at @stage; in @boxes, side
 * by side in a @width × @height row) if they are laid out and this stage, at
 * this size, is not measured yet; TRUE when the spans changed (lay the
 * panels out again). */
gboolean _kv_panel_shares_update (KvPanelShares       *shares,
                                  int                  width,
                                  int                  height,
                                  GtkWidget           *boxes[3],
                                  KvCanvas            *canvases[3],
                                  KvProductStage       stage);

G_END_DECLS
