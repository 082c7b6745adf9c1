// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-count.h: counts of worlds and deals, and decimals, for people to
 * read. Below every other engine file (it includes only GLib and
 * kv-i18n.h), so the model, the symbolic
 * engine, the states and the window format counts alike. Each function
 * returns a new string: free with g_free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @count in full: digits in groups of three, apart by narrow no-break
 * spaces, from 10 000 on ("5 557 616 064"; "6040" stays). The window's
 * counts (64-bit on the symbolic engine) print through it. */
char *kv_count_format         (guint64 count);

/* @count short enough for a table cell: in full up to
 * KV_COUNT_SHORT_IN_FULL, else as 4.23×10⁹ (three significant digits, the
 * locale's decimal sign). */
#define KV_COUNT_SHORT_IN_FULL G_GUINT64_CONSTANT (9999999)
char *kv_count_format_short   (guint64 count);

/* @count for a table of many columns (six players' knowledge table): in
 * full up to KV_COUNT_NARROW_IN_FULL, else as 4.2×10⁹ (two significant
 * digits). */
#define KV_COUNT_NARROW_IN_FULL G_GUINT64_CONSTANT (99999)
char *kv_count_format_narrow  (guint64 count);

/* @count as people say it aloud: in full below a million, else
 * "1.9 million", "4.7 billion" (one decimal, the locale's sign and words),
 * past 10¹² as 4.23×10¹⁵. For sentences, not table cells. */
char *kv_count_format_words   (guint64 count);

/* A count held as a double (kv_game_count_deals): in full while a double
 * holds it exactly (below 2⁵³), else as 2.22×10⁵³ — past 2⁶⁴ it fits no
 * guint64, and below that its last digits would be made up. */
char *kv_count_format_approx  (double count);

/* @value with @digits decimals and the locale's decimal sign ("3,45" in
 * Dutch): for numbers people read, never for files other programs read
 * (those keep a dot: g_ascii_formatd). */
char *kv_format_decimal       (double value, guint digits);

G_END_DECLS
