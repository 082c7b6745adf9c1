// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-i18n.h: the locale and message catalogues, for kripkeviz and kripkeviz-cli */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The user's locale, but numbers in C (Graphviz reads and writes them, and
 * every export keeps a dot); the text domain bound to the installed
 * catalogues, or to the build tree's when the program runs from there. */
void        kv_i18n_init          (void);

/* TRUE when this program is a file inside the build tree (tools/dev.sh run,
 * the tests): its catalogues are in KV_BUILD_ROOT/po, not yet in
 * LOCALEDIR, and the programs it starts are the build tree's too. */
gboolean    kv_running_from_build_tree (void);

/* The decimal sign of the user's locale ("," in Dutch), for numbers
 * written for people (kv_format_decimal): printf's is C's, "." (see
 * kv_i18n_init). "." until kv_i18n_init. */
const char *kv_i18n_decimal_point (void);

/* The language of the user's locale among those narration (a lesson's
 * say.LANG, a game's title.LANG) is written in: "nl", or NULL for the
 * default, English. */
const char *kv_i18n_narration_language (void);

/* @items (strings) as a list for a sentence: "a", "a and b", "a, b and c"
 * (the last joined in the user's language). Free with g_free. */
char       *kv_i18n_list          (GPtrArray *items);
/* @items as a sentence's choices: "a", "a or b", "a, b or c" (the names
 * an option takes). Free with g_free. */
char       *kv_i18n_choices       (GPtrArray *items);

G_END_DECLS
