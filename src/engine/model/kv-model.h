// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-model.h: a pointed S5 Kripke model of a knowledge game.
 *
 * Worlds are numbered 0 … n_worlds-1. Each world has a deal (its valuation),
 * an index into a deal table shared by every model derived from the same
 * initial model: product updates never change who holds what, but may give
 * two worlds the same deal (a world paired with two events).
 *
 * Each agent's relation is an equivalence stored as a partition: cls[a][w]
 * is the class of world w for agent a, classes numbered densely
 * 0 … n_classes[a]-1 in order of first appearance (world 0's class is 0,
 * and each new class the next number), however the model was built. Two
 * worlds are linked for a iff their class ids agree.
 *
 * Models are immutable and reference counted. The struct is public for
 * reading (views and readouts walk it); only kv-model.c, kv-product-update.c and
 * kv-bisim.c build one.
 */
#pragma once

#include <glib-object.h>

#include "kv-game.h"
#include "kv-bits.h"

G_BEGIN_DECLS

/* All deals of a game, n_owners hands each. Shared, reference counted. */
typedef struct {
  gatomicrefcount ref;
  guint    n_deals;
  guint    n_owners;
  KvHand  *hands;          /* n_deals * n_owners */
} KvDeals;

typedef struct _KvModel {
  gatomicrefcount ref;
  KvGame   *game;
  KvDeals  *deals;
  guint     n_worlds;
  guint32  *deal;                      /* n_worlds: index into deals */
  guint32  *cls[KV_MAX_AGENTS];        /* n_agents arrays of n_worlds class ids */
  guint     n_classes[KV_MAX_AGENTS];
  guint     actual;                    /* the point */
  guint     world_limit;               /* inherited by every product, hypothetical ones too; 0: the default */
  gpointer  storage;                   /* when not NULL, the one block holding deal and every cls[a] */
  struct _KvModel *shares;             /* when not NULL, the model (referenced) whose deal and cls[a] these are */
} KvModel;

/* The largest model built unless the caller sets another limit. */
#define KV_DEFAULT_WORLD_LIMIT 2000000

/* The initial model: every deal the header allows, each agent unable to tell
 * apart deals where it holds the same hand; the point is the actual deal.
 * Refused (KV_ERROR_LIMIT) before any allocation when the game has more than
 * @world_limit deals (0: KV_DEFAULT_WORLD_LIMIT). */
KvModel *kv_model_new_initial (KvGame *game, guint world_limit, GError **error);

/* Refuses (KV_ERROR_LIMIT, the estimate in the message) a model of
 * @n_worlds worlds that would need more memory than the machine has
 * available: the world limit may be set far above what fits. */
gboolean kv_model_check_memory (const KvGame *game, double n_worlds, GError **error);

KvModel *kv_model_ref   (KvModel *model);
void     kv_model_unref (KvModel *model);
/* KvModel as a boxed type (by reference), for GObject properties. */
#define KV_TYPE_MODEL (kv_model_get_type ())
GType    kv_model_get_type (void) G_GNUC_CONST;

static inline const KvHand *
kv_model_hands (const KvModel *model, guint world)
{
  return model->deals->hands + (gsize) model->deal[world] * model->deals->n_owners;
}

static inline KvHand
kv_model_hand (const KvModel *model, guint world, guint owner)
{
  return kv_model_hands (model, world)[owner];
}

static inline gboolean
kv_model_holds (const KvModel *model, guint world, guint card, guint owner)
{
  return (kv_model_hand (model, world, owner) & KV_CARD_BIT (card)) != 0;
}

/* The worlds agent @agent cannot tell apart from @world (its class). */
KvBits  *kv_model_class_of      (const KvModel *model, guint agent, guint world);
/* The envelopes of @model's worlds in @worlds (NULL: every world), each
 * once, sorted (kv_hand_compare); none without an envelope. Free with
 * g_array_unref. */
GArray  *kv_model_envelopes     (const KvModel *model, const KvBits *worlds);
guint    kv_model_class_size    (const KvModel *model, guint agent, guint world);

/* The worlds reachable from @world through the relations of @agents (a bit
 * mask over agents): its component in the union, for common knowledge. */
KvBits  *kv_model_component     (const KvModel *model, guint32 agents, guint world);

/* Number of undirected links between distinct worlds for @agent
 * (sum over classes of k(k-1)/2). */
guint64  kv_model_count_links   (const KvModel *model, guint agent);

/* The deal of @world as text, owners in order: "rwb" (Hexa: each agent one
 * card, by its initial), "arS dwP chG [lM]" (cards by initial, the envelope
 * in brackets) when card initials are distinct, else "1: a b | 2: c".
 * Free with g_free. */
char    *kv_model_world_label   (const KvModel *model, guint world);
/* The same label for a deal given as @game's owners' hands. */
char    *kv_game_deal_label     (const KvGame *game, const KvHand *hands);

/* Builds a model over @deals from raw arrays (takes ownership of @deal and
 * @cls arrays); renumbers every partition densely. Used by updates. */
KvModel *kv_model_new_from_parts (KvGame *game, KvDeals *deals, guint n_worlds,
                                  guint32 *deal, guint32 **cls, guint actual);

/* A model with the worlds, deals, classes and point of @model, sharing
 * its arrays (referencing @model): what an update that changes nothing (a
 * public announcement true everywhere) gives, without a copy. */
KvModel *kv_model_new_same (KvModel *model);

/* A model of @n_worlds worlds whose deal and class arrays are allocated,
 * in one block, but not filled: the caller (an update) fills deal, cls,
 * n_classes (dense, in order of first appearance) and actual. One
 * allocation per model instead of one per array: a step's arrays come and
 * go together, and the allocator reuses the block. */
KvModel *kv_model_new_unfilled (KvGame *game, KvDeals *deals, guint n_worlds);

KvDeals *kv_deals_ref   (KvDeals *deals);
void     kv_deals_unref (KvDeals *deals);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvModel, kv_model_unref)

G_END_DECLS
