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

G_END_DECLS
