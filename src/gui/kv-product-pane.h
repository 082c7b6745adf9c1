// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-pane.h: the product view — how M ⊗ A becomes the next model
 * (docs/design.md, "The window"; van Ditmarsch's Figure 5).
 *
 * Three panels side by side, sharing the width by what their drawings
 * need (kv-product-pane-shares.c): M (the model before, as the canvas draws
 * models), A (the action model: events, preconditions, each agent's blocks)
 * and the product, which a stepper drives through three stages: all pairs
 * W × E (those failing a precondition struck out), the links that survive
 * (the cut ones faded), the result. A counts line under the product says
 * what the stage shows. The panels share one view (auto, whole, around,
 * envelope), so a Clue 11 showcard works through the envelope view.
 *
 * Graphs are built and laid out on the layout thread from one KvProductView
 * the pane owns; the panels' jobs keep it alive until they are done.
 *
 * A suggest's product is shown part by part: each answer (nocard, …,
 * showcard) is its own M, A and M ⊗ A, each part's M the result of the
 * part before; a part selector ("Part 1 of 3:" and the answers) shows
 * above the panels then.
 *
 * Hovering a pair (w, e) in the product rings w in M and e in A; hovering
 * a world of M or an event of A rings its pairs (kv-product-pane-hover.c).
 *
 * Actions: "product.previous", "product.next" (also Page Up/Down and
 * Alt+Left/Right while the focus is inside; past the last stage, the next
 * part), "product.previous-part", "product.next-part", "product.stage"
 * (uint 1–3, the stage toggles).
 *
 * Properties:
 *   "stage"          uint   KV_PRODUCT_STAGE_PAIRS … _RESULT
 *   "view"           enum   a KvViewKind, shared by the panels (no contracted)
 *   "engine"         string as KvCanvasView's
 *   "draw-limit"     uint   as KvCanvasView's
 *   "hidden-agents"  uint   as KvCanvasView's, for the three panels
 *   "busy"           bool   read-only: a panel is being laid out, or the
 *                          panels' widths measured (kv-product-pane-shares.c)
 */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"
#include "kv-draw.h"
#include "kv-product-view.h"
#include "kv-canvas-view.h"

G_BEGIN_DECLS

typedef enum {
  KV_PRODUCT_PANEL_MODEL,     /* M */
  KV_PRODUCT_PANEL_ACTION,    /* A */
  KV_PRODUCT_PANEL_PRODUCT,   /* the stage shown */
} KvProductPanel;

#define KV_TYPE_PRODUCT_PANE (kv_product_pane_get_type ())

G_DECLARE_FINAL_TYPE (KvProductPane, kv_product_pane, KV, PRODUCT_PANE, GtkWidget)

GtkWidget           *kv_product_pane_new        (void);

/* Shows the product of @history's entry @index (≥ 1), from the first stage
 * when it is another step. Fails (showing nothing) as
 * kv_product_view_new_for_entry. */
gboolean             kv_product_pane_set_entry  (KvProductPane   *self,
                                                 const KvHistory *history,
                                                 guint            index,
                                                 GError         **error);
/* A suggest entry is shown part by part (each answer, kv-product-view.h):
 * how many, the one shown (from 0), and "Part 1 of 3:" beside the part
 * selector (NULL when it is hidden: a single part). Another part shows
 * from the first stage. */
guint                kv_product_pane_get_n_parts (KvProductPane *self);
guint                kv_product_pane_get_part    (KvProductPane *self);
void                 kv_product_pane_set_part    (KvProductPane *self,
                                                  guint          part);
const char          *kv_product_pane_get_part_caption (KvProductPane *self);
/* Whether "product.previous" (@direction < 0) or "product.next" moves:
 * through the stages, and on past a part's last stage to the next part. */
gboolean             kv_product_pane_can_step    (KvProductPane *self,
                                                  int            direction);
/* Shows nothing and drops the product. */
void                 kv_product_pane_clear      (KvProductPane   *self);
/* The product shown, or NULL. */
const KvProductView *kv_product_pane_get_product (KvProductPane  *self);

KvProductStage       kv_product_pane_get_stage  (KvProductPane   *self);
void                 kv_product_pane_set_stage  (KvProductPane   *self,
                                                 KvProductStage   stage);
/* Presentation mode: no toolbar (the clicker walks the stages) and two
 * panels, the product and beside it the action (stages 1 and 2) or the
 * model before (stage 3), each in print a hall reads. */
void                 kv_product_pane_set_presenting (KvProductPane *self,
                                                     gboolean       presenting);
KvViewKind           kv_product_pane_get_view   (KvProductPane   *self);
void                 kv_product_pane_set_view   (KvProductPane   *self,
                                                 KvViewKind       view);
gboolean             kv_product_pane_get_busy   (KvProductPane   *self);

KvCanvasView        *kv_product_pane_get_panel  (KvProductPane   *self,
                                                 KvProductPanel   panel);
/* The counts line under the product panel. */
const char          *kv_product_pane_get_counts (KvProductPane   *self);

/* "1 All pairs W × E", "2 Links that survive", "3 Result" (translated). */
const char          *kv_product_pane_stage_title (KvProductStage stage);

G_END_DECLS
