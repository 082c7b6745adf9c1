// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explicit-knowledge.h: the knowledge table (kv-knowledge.h) at @world
 * of an explicit model; kv_sym_knowledge is the symbolic engine's. */
#pragma once

#include "kv-knowledge.h"

G_BEGIN_DECLS

KvKnowledge *kv_knowledge_new (const KvModel *model, guint world);

G_END_DECLS
