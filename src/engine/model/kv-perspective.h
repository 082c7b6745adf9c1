// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-perspective.h: an agent's perspective — what a considers possible at
 * a world, and along a chain a → b what a thinks b may consider possible.
 *
 * The worlds of the chain a₁ → … → aₙ at world w: a₁'s class at w, then
 * every world a₂ considers possible at any of those, and so on (the union
 * of each next agent's classes). The window dims every other world and
 * draws only aₙ's links, so a class reads "a considers these possible"
 * (issue 10: beyond Hintikka's World's bubbles, which show one agent's
 * class only).
 *
 * A chain is written as agent names joined by ">": "1", "1>2".
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

#define KV_PERSPECTIVE_MAX 4   /* the longest chain */

/* The worlds of @chain (@n_chain agents, ≥ 1) at @world. */
KvBits   *kv_perspective_worlds (const KvModel *model, guint world,
                                 const guint *chain, guint n_chain);

/* For each card, the owners it has somewhere in @worlds (a set of
 * @model's worlds, as kv_perspective_worlds gives): n_cards masks over
 * owners, as KvKnowledge's possible. The knowledge table's perspective
 * column: what a (or a → b) leaves open. Free with g_free. */
guint32  *kv_perspective_owners (const KvModel *model, const KvBits *worlds);

/* Reads "1>2" against @game's agents into @chain (KV_PERSPECTIVE_MAX
 * entries) and *@n_chain; "" is no perspective (0 agents). FALSE with
 * KV_ERROR_NAME for an unknown agent or a chain too long. */
gboolean  kv_perspective_parse  (const KvGame *game, const char *text,
                                 guint *chain, guint *n_chain, GError **error);

/* "1 → 2" for a menu or a caption. */
char     *kv_perspective_to_display (const KvGame *game, const guint *chain, guint n_chain);

G_END_DECLS
