// SPDX-License-Identifier: GPL-3.0-or-later
/* Counts for people (kv-count.c): grouped digits, the short form of a
 * table cell, and counts past what a double holds exactly. */
#include "config.h"

#include <locale.h>

#include "kv-test-util.h"

typedef struct {
  guint64     count;
  const char *text;
} CountCase;

/* Each of the @n @cases written by @format as its text. */
static void
assert_written (char *(*format) (guint64), const CountCase *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = format (cases[i].count);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* U+202F NARROW NO-BREAK SPACE, between groups of digits. */
#define NB "\u202f"

static void
test_format (void)
{
  static const CountCase cases[] = {
    { 0, "0" }, { 6, "6" }, { 6040, "6040" }, { 9999, "9999" }, { 10000, "10" NB "000" },
    { 47040, "47" NB "040" }, { 2000000, "2" NB "000" NB "000" },
    { G_GUINT64_CONSTANT (5557616064), "5" NB "557" NB "616" NB "064" },
    { G_MAXUINT64, "18" NB "446" NB "744" NB "073" NB "709" NB "551" NB "615" },
  };

  assert_written (kv_count_format, cases, G_N_ELEMENTS (cases));
}

/* The knowledge table's cells: whole up to 7 digits, then 4.23×10⁹. */
static void
test_short (void)
{
  static const CountCase cases[] = {
    { 6, "6" }, { 9999999, "9" NB "999" NB "999" }, { 10000000, "1.00×10⁷" },
    { G_GUINT64_CONSTANT (4225725504), "4.23×10⁹" },
    /* 9.996 would round up to "10.00": the exponent grows instead. */
    { G_GUINT64_CONSTANT (99960000000), "1.00×10¹¹" },
    { G_MAXUINT64, "1.84×10¹⁹" },
  };

  assert_written (kv_count_format_short, cases, G_N_ELEMENTS (cases));
}

/* A table of many columns (six players' knowledge table): whole up to 5
 * digits, then 4.2×10⁹. */
static void
test_narrow (void)
{
  static const CountCase cases[] = {
    { 6, "6" }, { 99999, "99" NB "999" }, { 100000, "1.0×10⁵" }, { 7358401, "7.4×10⁶" },
    { G_GUINT64_CONSTANT (33600000000), "3.4×10¹⁰" },
    /* 9.96 would round up to "10.0": the exponent grows instead. */
    { G_GUINT64_CONSTANT (99600000000), "1.0×10¹¹" },
    { G_GUINT64_CONSTANT (44460928512000), "4.4×10¹³" },
  };

  assert_written (kv_count_format_narrow, cases, G_N_ELEMENTS (cases));
}

/* Deal counts are doubles (kv_game_count_deals): exact below 2⁵³,
 * scientific from there on, however far past 2⁶⁴. */
static void
test_approx (void)
{
  static const struct { double count; const char *text; } cases[] = {
    { 6, "6" }, { 47040, "47" NB "040" }, { 5557616064.0, "5" NB "557" NB "616" NB "064" },
    { 44460928512000.0, "44" NB "460" NB "928" NB "512" NB "000" },
    { 0x1p53 - 1, "9" NB "007" NB "199" NB "254" NB "740" NB "991" },
    { 0x1p53, "9.01×10¹⁵" }, { 0x1p63, "9.22×10¹⁸" }, { 2.22e53, "2.22×10⁵³" },
    { 1e300, "1.00×10³⁰⁰" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = kv_count_format_approx (cases[i].count);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Decimals for people in the user's locale, though printf's stays C's
 * (kv_i18n_init): Dutch writes 4,23×10⁹ and 3,45. */
static void
test_decimal_sign (void)
{
  g_autofree char *c_mean = kv_format_decimal (3.449, 2);
  g_autofree char *c_short = NULL;
  g_autofree char *nl_mean = NULL;
  g_autofree char *nl_short = NULL;
  g_autofree char *nl_whole = NULL;

  g_assert_cmpstr (c_mean, ==, "3.45");
  if (setlocale (LC_ALL, "nl_NL.UTF-8") == NULL)
    {
      g_test_skip ("no nl_NL.UTF-8 locale");
      return;
    }
  g_setenv ("LC_ALL", "nl_NL.UTF-8", TRUE);
  kv_i18n_init ();
  nl_mean = kv_format_decimal (3.449, 2);
  nl_short = kv_count_format_short (G_GUINT64_CONSTANT (4225725504));
  nl_whole = kv_format_decimal (12, 0);
  g_assert_cmpstr (nl_mean, ==, "3,45");
  g_assert_cmpstr (nl_short, ==, "4,23×10⁹");
  g_assert_cmpstr (nl_whole, ==, "12");
  /* printf itself still writes C's numbers, as Graphviz and the exports need. */
  c_short = g_strdup_printf ("%.2f", 4.23);
  g_assert_cmpstr (c_short, ==, "4.23");

  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  kv_i18n_init ();
}

/* Counts for sentences: in full below a million, then in words. */
static void
test_words (void)
{
  static const CountCase cases[] = {
    { 32, "32" },
    { 999999, "999\u202f999" },
    { 1000000, "1.0 million" },
    { 5441880, "5.4 million" },
    { 123456789, "123 million" },
    { 1924850928, "1.9 billion" },
    { G_GUINT64_CONSTANT (5557616064), "5.6 billion" },
    { G_GUINT64_CONSTANT (999999999999), "1000 billion" },
    { G_GUINT64_CONSTANT (4230000000000000), "4.23×10¹⁵" },
  };

  assert_written (kv_count_format_words, cases, G_N_ELEMENTS (cases));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/count/format", test_format);
  g_test_add_func ("/count/words", test_words);
  g_test_add_func ("/count/short", test_short);
  g_test_add_func ("/count/narrow", test_narrow);
  g_test_add_func ("/count/approx", test_approx);
  g_test_add_func ("/count/decimal-sign", test_decimal_sign);
  return g_test_run ();
}
