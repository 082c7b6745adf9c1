// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-probability.h: how likely an agent finds each owner of each card.
 *
 * Over deals, as R. S. Bowman's Clue assistant counts them (model counting
 * with a SAT solver): every deal the agent still considers possible is
 * equally likely, so the chance that owner o holds card c is the share of
 * those deals in which o holds c. After a showcard one deal may have
 * several worlds (one per card that could have been shown); a deal counts
 * once however many worlds it has.
 *
 * World shares (every world of the agent's class equally likely) are kept
 * apart, named as such: they weigh a deal by its number of worlds.
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

/* n_cards × n_owners shares in [0, 1], card-major: [c * n_owners + o].
 * For each card the shares over owners sum to 1. Deal shares of @agent's
 * class at @world. */
double *kv_probabilities_new        (const KvModel *model, guint agent, guint world);
/* The same weighing every world of the class alike. */
double *kv_world_probabilities_new  (const KvModel *model, guint agent, guint world);

G_END_DECLS
