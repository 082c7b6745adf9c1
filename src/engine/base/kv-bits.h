// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bits.h: a fixed-size bit set over worlds (or events).
 *
 * Formula truth sets, preconditions and highlighted worlds are all bit sets:
 * one bit per world, 64 worlds per word.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint    n;       /* number of bits */
  guint64 *words;   /* (n + 63) / 64 words; bits past n are always 0 */
} KvBits;

KvBits  *kv_bits_new        (guint n);               /* all clear */
KvBits  *kv_bits_new_full   (guint n);               /* all set */
KvBits  *kv_bits_copy       (const KvBits *b);
void     kv_bits_free       (KvBits *b);
guint    kv_bits_count      (const KvBits *b);
void     kv_bits_not        (KvBits *b);
void     kv_bits_and        (KvBits *b, const KvBits *other);
void     kv_bits_or         (KvBits *b, const KvBits *other);
void     kv_bits_xor        (KvBits *b, const KvBits *other);
gboolean kv_bits_equal      (const KvBits *a, const KvBits *b);
int      kv_bits_next       (const KvBits *b, int from); /* first set bit >= from, or -1 */

static inline gboolean
kv_bits_get (const KvBits *b, guint i)
{
  return (b->words[i >> 6] >> (i & 63)) & 1;
}

static inline void
kv_bits_set (KvBits *b, guint i)
{
  b->words[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
}

static inline void
kv_bits_clear (KvBits *b, guint i)
{
  b->words[i >> 6] &= ~(G_GUINT64_CONSTANT (1) << (i & 63));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvBits, kv_bits_free)

G_END_DECLS
