// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view.h: how M ⊗ A becomes the next model, as pictures.
 *
 * For a step that is an action model (showcard, a custom action, a public
 * announcement as a one-event model) a product view holds the model before
 * (M), the action model (A) and its product, and draws:
 *
 *   the action:  A's events, labelled with their preconditions (past
 *                four events, with their names), each agent's blocks, the
 *                actual event marked; many events whose blocks for two
 *                agents cross (twocards' twelve) in a grid, a row per block
 *                of the one, a column per block of the other;
 *   pairs:       every pair (w, e) of W × E, those whose world fails the
 *                event's precondition struck out (KV_NODE_STRUCK, the
 *                reason in the tooltip);
 *   links:       the pairs kept, with each agent's links that survive,
 *                (w, e) ~a (w', e') iff w ~a w' and e ~a e', and the links
 *                of M that the action cuts (KV_EDGE_CUT, drawn faded);
 *   result:      the product model, in any view of kv-view.h; drawn
 *                world by world over an M that KV_LAYOUT_AUTO puts in a
 *                crossing grid (kv_layout_crossing_grid), in M's grid.
 *
 * Over an M that KV_LAYOUT_AUTO puts on a ring (Hexa's hexagon), pairs few
 * enough to be labelled boxes stand at their worlds' places on it in every
 * stage (kv_graph_set_point): w's kept pair at w's place, its dropped
 * pairs above and below it, the result's world (w, e) where the pair
 * was — van Ditmarsch's Figure 5, the result visibly M less the links cut.
 *
 * Big models use the same views as the canvas: with the whole view a node is
 * a pair; with the around view only pairs of M's worlds near the actual
 * world are drawn; with the envelope view a node is (envelope, event), so a
 * Clue 11 showcard shows 28 × 2 nodes — when the envelope holds a card of
 * each of two categories, as dots in a grid whose headers name the cards
 * (one block of rows per event), as the envelope view draws them.
 * KV_VIEW_AUTO picks the first of whole, envelope, around that fits the
 * limit. Pairs of single worlds too many for a graph of labelled boxes
 * (twocards' 12 × 12) are the matrix W × E in the pairs and links stages:
 * a row per world, a column per event, each pair a dot in its cell.
 */
#pragma once

#include "kv-engine.h"
#include "kv-graph.h"
#include "kv-view.h"

G_BEGIN_DECLS

typedef enum {
  KV_PRODUCT_STAGE_ACTION,
  KV_PRODUCT_STAGE_PAIRS,
  KV_PRODUCT_STAGE_LINKS,
  KV_PRODUCT_STAGE_RESULT,
} KvProductStage;

/* "action", "pairs", "links", "result". */
const char *kv_product_stage_to_string   (KvProductStage stage);
gboolean    kv_product_stage_from_string (const char *name, KvProductStage *stage);

typedef struct {
  KvModel         *before;        /* M */
  KvActionModel   *action;        /* A */
  guint            actual_event;
  KvProduct       *product;       /* the pairs kept and the preconditions' truth sets */
  KvModel         *after;         /* M ⊗ A */
  KvProductCounts  counts;
  char            *step_del;      /* the step in DEL notation, for titles */
} KvProductView;

/* The product of history entry @index (≥ 1). A suggest is a sequence of
 * nocard and showcard steps: its last one (the showcard, when someone
 * showed) is the product shown, over the model after the earlier ones.
 * Fails with KV_ERROR_GAME for the initial entry. */
KvProductView *kv_product_view_new_for_entry (const KvHistory *history, guint index, GError **error);

/* The parts of history entry @index (≥ 1) shown one after the other: a
 * suggest's answers (each nocard, then the showcard when someone showed),
 * 1 for any other step. */
guint          kv_product_view_count_parts   (const KvHistory *history, guint index);
/* The step of part @part (< kv_product_view_count_parts) of entry @index:
 * the suggest's answer, else the entry's step. Owned by the history. */
const KvStep  *kv_product_view_part_step     (const KvHistory *history, guint index, guint part);
/* The product of part @part of entry @index: part 0 acts on the model
 * before the entry, each next part on the result of the one before, so
 * the last part's result is the entry's model. */
KvProductView *kv_product_view_new_for_entry_part (const KvHistory *history, guint index,
                                                   guint part, GError **error);

/* The product of @step (not a suggest) on @before, which it must be
 * executable at. */
KvProductView *kv_product_view_new  (KvModel *before, const KvStep *step, GError **error);
void           kv_product_view_free (KvProductView *view);

/* The graph of one stage. @options as for kv_view_build (NULL: defaults);
 * its highlight is ignored. Fails with KV_ERROR_LIMIT when even the around
 * view has more nodes than the limit. */
KvGraph       *kv_product_view_build (const KvProductView *view, KvProductStage stage,
                                      const KvViewOptions *options, GError **error);

/* Hovering: what a node of a stage's picture stands for, and back.
 *
 * A stage's nodes carry a code as their world, so that a picture alone
 * says what its nodes are: in the pairs and links stages a world of M, an
 * event and whether the node groups M's worlds by envelope; in the result
 * a world of M ⊗ A and how the view grouped it (alone, by envelope, by
 * bisimilarity). The action's nodes are A's events. */

/* The worlds of M (*@worlds, bits over view->before's worlds) and the
 * events of A (*@events) the pairs of node @node of @graph stand for,
 * @graph being @stage's picture of @view (kv_product_view_build). A pair
 * (w, e) gives w and e; an envelope's pair every world of M with that
 * envelope, and e; a world of the result the pair it was made of (a
 * grouped one: the pairs of its worlds); an event of A (the action stage)
 * only itself, with *@worlds NULL. FALSE, and both NULL, when @graph has
 * no such node or is no picture of @view (a stale one). */
gboolean       kv_product_view_node_parts (const KvProductView *view, KvProductStage stage,
                                           const KvGraph *graph, guint node,
                                           KvBits **worlds, KvBits **events);
/* The nodes of @graph (@stage's picture, as above) standing for some pair
 * (w, e) with w in @worlds and e in @events (NULL: any): bits over the
 * graph's nodes. In the action stage, the events in @events. */
KvBits        *kv_product_view_find_nodes (const KvProductView *view, KvProductStage stage,
                                           const KvGraph *graph,
                                           const KvBits *worlds, const KvBits *events);

/* One line of counts for the stage, e.g. "18 pairs tried, 6 kept" or
 * "agent 1: 3 links kept, 0 cut; agent 2: 0 kept, 3 cut; …". */
char          *kv_product_view_describe (const KvProductView *view, KvProductStage stage);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvProductView, kv_product_view_free)

G_END_DECLS
