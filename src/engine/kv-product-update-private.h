// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-update-private.h: the product without the check at the point, for the
 * model checker's dynamic operators (internal). */
#pragma once

#include "kv-product-update.h"

G_BEGIN_DECLS

/* Truth sets of every precondition; NULL with @error when one fails. */
KvBits  **kv_update_preconditions (KvModel *model, const KvActionModel *am, GError **error);

/* The product for the given precondition sets; its point is
 * (model's point, actual_event) when that pair exists, else the first pair
 * with actual_event, which must exist. */
KvModel  *kv_update_product (KvModel *model, const KvActionModel *am, KvBits **pre, guint actual_event,
                             guint world_limit, KvProduct **product, GError **error);

/* Whether @f holds at the actual world of @state (a model or a KvState). */
typedef gboolean (*KvActualCheck) (gpointer state, const KvFormula *f, gboolean *value, GError **error);

/* Why @step is false at an actual world where the players hold @hands,
 * @agent_wins says whether the step's agent can win (read for endmove and
 * win only) and @check decides preconditions; NULL when it is not. The one
 * wording of kv_step_why_false and kv_state_why_false. */
char     *kv_step_why_false_at (const KvGame *game, const KvHand *hands, gboolean agent_wins,
                                KvActualCheck check, gpointer state, const KvStep *step);

G_END_DECLS
