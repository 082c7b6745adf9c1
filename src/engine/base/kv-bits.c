// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-bits"
#include "config.h"

#include "kv-bits.h"

#include <string.h>

static guint
n_words (guint n)
{
  return (n + 63) / 64;
}

KvBits *
kv_bits_new (guint n)
{
  KvBits *b = g_new (KvBits, 1);

  b->n = n;
  b->words = g_new0 (guint64, MAX (n_words (n), 1));
  return b;
}

/* Clears the bits past n so that counts and comparisons can work on words. */
static void
trim (KvBits *b)
{
  if (b->n % 64 != 0)
    b->words[b->n / 64] &= (G_GUINT64_CONSTANT (1) << (b->n % 64)) - 1;
}

KvBits *
kv_bits_new_full (guint n)
{
  KvBits *b = kv_bits_new (n);

  memset (b->words, 0xff, n_words (n) * sizeof (guint64));
  trim (b);
  return b;
}

KvBits *
kv_bits_copy (const KvBits *b)
{
  KvBits *copy = kv_bits_new (b->n);

  memcpy (copy->words, b->words, n_words (b->n) * sizeof (guint64));
  return copy;
}

void
kv_bits_free (KvBits *b)
{
  if (b == NULL)
    return;
  g_free (b->words);
  g_free (b);
}

guint
kv_bits_count (const KvBits *b)
{
  guint count = 0;

  for (guint i = 0; i < n_words (b->n); i++)
    count += __builtin_popcountll (b->words[i]);
  return count;
}

void
kv_bits_not (KvBits *b)
{
  for (guint i = 0; i < n_words (b->n); i++)
    b->words[i] = ~b->words[i];
  trim (b);
}

void
kv_bits_and (KvBits *b, const KvBits *other)
{
  g_return_if_fail (b->n == other->n);
  for (guint i = 0; i < n_words (b->n); i++)
    b->words[i] &= other->words[i];
}

void
kv_bits_or (KvBits *b, const KvBits *other)
{
  g_return_if_fail (b->n == other->n);
  for (guint i = 0; i < n_words (b->n); i++)
    b->words[i] |= other->words[i];
}

void
kv_bits_xor (KvBits *b, const KvBits *other)
{
  g_return_if_fail (b->n == other->n);
  for (guint i = 0; i < n_words (b->n); i++)
    b->words[i] ^= other->words[i];
}

gboolean
kv_bits_equal (const KvBits *a, const KvBits *b)
{
  return a->n == b->n && memcmp (a->words, b->words, n_words (a->n) * sizeof (guint64)) == 0;
}

int
kv_bits_next (const KvBits *b, int from)
{
  if (from < 0)
    from = 0;
  for (guint i = (guint) from / 64; i < n_words (b->n); i++)
    {
      guint64 word = b->words[i];

      if (i == (guint) from / 64)
        word &= ~G_GUINT64_CONSTANT (0) << (from % 64);
      if (word != 0)
        return (int) (i * 64 + __builtin_ctzll (word));
    }
  return -1;
}
