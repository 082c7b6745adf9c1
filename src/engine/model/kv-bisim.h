// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bisim.h: bisimulation contraction by partition refinement.
 *
 * Start from the partition by deal; split blocks by, for every agent, the
 * set of blocks its class meets; repeat until stable. In S5 this is the
 * coarsest bisimulation: van Ditmarsch's measure of a state's complexity.
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

/* Block id per world (n_worlds, free with g_free); *n_blocks the count. */
guint32 *kv_bisim_blocks   (const KvModel *model, guint *n_blocks);

/* The quotient model: one world per block, the point's block as point. */
KvModel *kv_model_contract (const KvModel *model);

G_END_DECLS
