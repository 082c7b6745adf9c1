// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-update.h: executing actions — the product update M ⊗ A.
 *
 * Worlds (w, e) with w ⊨ pre(e); (w, e) ~a (w', e') iff w ~a w' and
 * e ~a e'; (w, e) keeps w's deal. The product keeps every such pair, not just
 * those connected to the point, as in van Ditmarsch's Definition 7.
 */
#pragma once

#include "kv-model.h"
#include "kv-knowledge-actions.h"

G_BEGIN_DECLS

/* What a product update did, for the product view and its counts. */
typedef struct {
  guint      n_events;
  KvBits   **pre;            /* n_events truth sets of the preconditions over the model's worlds */
  guint32   *pair_world;     /* n_pairs: the product world's origin (w, e) */
  guint32   *pair_event;
  guint      n_pairs;
} KvProduct;

void kv_product_free (KvProduct *product);

/* What the product did, for the product view: pairs W × E tried and kept
 * (those whose world satisfies the event's precondition), and per agent the
 * links among kept pairs whose worlds were linked in M (possible), of which
 * those whose events are linked too survive (kept) and the rest are cut. */
typedef struct {
  guint   pairs_tried;
  guint   pairs_kept;
  guint64 links_possible[KV_MAX_AGENTS];
  guint64 links_kept[KV_MAX_AGENTS];
  guint64 links_cut[KV_MAX_AGENTS];
} KvProductCounts;

void kv_product_count (const KvModel *before, const KvProduct *product, const KvModel *after,
                       KvProductCounts *counts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvProduct, kv_product_free)

/* The product update of @model with @am at event @actual. Refused with
 * KV_ERROR_FALSE (the model unchanged) when pre(actual) is false at the
 * point, and with KV_ERROR_LIMIT when the product would have more than
 * @world_limit worlds (0: KV_DEFAULT_WORLD_LIMIT). When @product is not NULL
 * it receives the pairs and precondition sets. */
KvModel *kv_model_update (KvModel *model, const KvActionModel *am, guint actual,
                          guint world_limit, KvProduct **product, GError **error);

/* Executes one step (not a suggest). The error says why a refused step is
 * false at the actual world ("1 holds w"). */
KvModel *kv_model_apply_step (KvModel *model, const KvStep *step,
                              guint world_limit, GError **error);

/* The same; for a suggest, *@expanded (when not NULL) receives the steps it
 * expanded to, as kv_suggest_expand gives them, so that a caller keeping
 * them does not expand it again; else NULL. */
KvModel *kv_model_apply_step_expanded (KvModel *model, const KvStep *step, guint world_limit,
                                       GPtrArray **expanded, GError **error);

/* Expands a suggest step against the actual deal of @model: the responders'
 * nocard and showcard steps, in order. Returns a GPtrArray of KvStep*. */
GPtrArray *kv_suggest_expand (const KvModel *model, const KvStep *suggest);


/* Why @step is false at the point of @model, or NULL when it is executable
 * there. For suggest, always NULL. Free with g_free. */
char      *kv_step_why_false (const KvModel *model, const KvStep *step);

G_END_DECLS
