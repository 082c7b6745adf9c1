// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-count.c: counts for people to read (see kv-count.h). */
#define G_LOG_DOMAIN "kv-count"
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "kv-count.h"
#include "kv-i18n.h"

char *
kv_count_format (guint64 count)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  gsize n = strlen (digits);
  GString *out;

  if (count < 10000)
    return g_steal_pointer (&digits);
  out = g_string_sized_new (n * 2);
  for (gsize i = 0; i < n; i++)
    {
      /* U+202F NARROW NO-BREAK SPACE: a count never wraps inside. */
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (out, "\xe2\x80\xaf");
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

char *
kv_format_decimal (double value, guint digits)
{
  g_autofree char *text = g_strdup_printf ("%.*f", (int) digits, value);
  char *point = strchr (text, '.');
  const char *sign = kv_i18n_decimal_point ();

  if (point == NULL || g_str_equal (sign, "."))
    return g_steal_pointer (&text);
  *point = '\0';
  return g_strconcat (text, sign, point + 1, NULL);
}

/* 4.23×10⁹: the exponent in superscript digits, as printed books write it
 * (the C "4.23e+09" reads as code, not as a number). */
static char *
format_scientific (double count, guint decimals)
{
  static const char *const superscript[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autoptr(GString) exponent = g_string_new (NULL);
  g_autofree char *e_digits = NULL;
  g_autofree char *mantissa_text = NULL;
  double mantissa = count;
  guint e = 0;

  /* Dividing infinity by ten would never end. */
  if (!isfinite (count))
    return g_strdup ("∞");
  /* 9.995 and up would round to "10.00" (9.95 to "10.0"). */
  for (; mantissa >= 10 - 5 / pow (10, decimals + 1); e++)
    mantissa /= 10;
  e_digits = g_strdup_printf ("%u", e);
  for (const char *d = e_digits; *d != '\0'; d++)
    g_string_append (exponent, superscript[*d - '0']);
  mantissa_text = kv_format_decimal (mantissa, decimals);
  return g_strdup_printf ("%s×10%s", mantissa_text, exponent->str);
}

char *
kv_count_format_short (guint64 count)
{
  if (count <= KV_COUNT_SHORT_IN_FULL)
    return kv_count_format (count);
  return format_scientific ((double) count, 2);
}

char *
kv_count_format_narrow (guint64 count)
{
  if (count <= KV_COUNT_NARROW_IN_FULL)
    return kv_count_format (count);
  return format_scientific ((double) count, 1);
}

char *
kv_count_format_approx (double count)
{
  if (count >= 0 && count < 0x1p53)
    return kv_count_format ((guint64) count);
  return format_scientific (MAX (count, 0), 2);
}

char *
kv_count_format_words (guint64 count)
{
  g_autofree char *number = NULL;
  double scaled;

  if (count < 1000000)
    return kv_count_format (count);
  /* One decimal, as a newspaper writes it: "1.9 billion". */
  if (count < G_GUINT64_CONSTANT (1000000000))
    {
      scaled = count / 1e6;
      number = kv_format_decimal (scaled, scaled < 100 ? 1 : 0);
      /* TRANSLATORS: a large count in words, "1.9 million" */
      return g_strdup_printf (_("%s million"), number);
    }
  if (count < G_GUINT64_CONSTANT (1000000000000))
    {
      scaled = count / 1e9;
      number = kv_format_decimal (scaled, scaled < 100 ? 1 : 0);
      /* TRANSLATORS: a large count in words, "1.9 billion" (10⁹; Dutch "miljard") */
      return g_strdup_printf (_("%s billion"), number);
    }
  return format_scientific ((double) count, 2);
}
