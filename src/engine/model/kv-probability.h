// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-probability.h: how likely an agent finds each owner of each card.
 *
 * As R. S. Bowman's Clue assistant counts them: all the worlds an agent
 * considers possible at a world are equally likely, so the chance that
 * owner o holds card c is the share of those worlds in which o holds c.
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

/* n_cards × n_owners shares in [0, 1], card-major: [c * n_owners + o].
 * For each card the shares over owners sum to 1. */
double *kv_probabilities_new (const KvModel *model, guint agent, guint world);

G_END_DECLS
