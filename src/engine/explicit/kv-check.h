// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-check.h: the model checker. Semantics only; parsing is kv-formula.h's.
 *
 * Global model checking: a formula's truth set over all worlds, one bit per
 * world, so K, C and D cost one pass over the partitions, never a loop over
 * pairs of worlds.
 */
#pragma once

#include "kv-model.h"
#include "kv-formula.h"

G_BEGIN_DECLS

/* The worlds of @model where @f holds. A dynamic operator whose step is
 * refused (a model over the limit) sets @error and returns NULL. */
KvBits  *kv_check_worlds (KvModel *model, const KvFormula *f, GError **error);

/* Whether @f holds at the point of @model. Returns FALSE with @error set
 * when it could not be decided. */
gboolean kv_check_actual (KvModel *model, const KvFormula *f, gboolean *value, GError **error);

/* The worlds where @agent knows δ (the envelope, or the whole deal). */
KvBits  *kv_check_win    (const KvModel *model, guint agent);

G_END_DECLS
