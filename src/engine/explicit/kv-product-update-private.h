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


G_END_DECLS
