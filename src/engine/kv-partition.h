// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-partition.h: internal helpers for partitions stored as class ids.
 *
 * Not part of the public engine API (kv-engine.h does not include it).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Renumbers @keys (n of them, any 64-bit values) to dense ids 0 … k-1 in
 * order of first appearance; writes them to @out and returns k. */
guint kv_densify_u64 (const guint64 *keys, guint n, guint32 *out);
/* The same, when about @expected distinct keys are expected (a hint). */
guint kv_densify_u64_expecting (const guint64 *keys, guint n, guint32 *out, guint expected);

/* The same for 32-bit ids, in place. */
guint kv_densify_u32 (guint32 *ids, guint n);

/* Members of every class, as compressed rows: the worlds of class c are
 * members[offsets[c]] … members[offsets[c+1]-1], in increasing order. */
typedef struct {
  guint    n_classes;
  guint32 *offsets;    /* n_classes + 1 */
  guint32 *members;    /* n */
} KvClasses;

KvClasses *kv_classes_new  (const guint32 *cls, guint n, guint n_classes);
void       kv_classes_free (KvClasses *classes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvClasses, kv_classes_free)

G_END_DECLS
