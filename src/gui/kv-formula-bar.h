// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-formula-bar.h: the formula bar under the canvas — type a formula,
 * press Enter: a true/false badge for the actual world, the worlds where it
 * holds as "highlight" (the window hands them to the canvas), and a parse
 * error under the bar with its column selected. The formula is checked
 * again whenever the state changes. */
#pragma once

#include <gtk/gtk.h>

#include "kv-engine.h"

G_BEGIN_DECLS

#define KV_TYPE_FORMULA_BAR (kv_formula_bar_get_type ())
G_DECLARE_FINAL_TYPE (KvFormulaBar, kv_formula_bar, KV, FORMULA_BAR, GtkWidget)

/* The state formulas are checked at ("state"; a reference is kept), or
 * NULL. On the symbolic engine (kv-state.h) the badge says the truth at
 * the actual world, and nothing is highlighted. */
void          kv_formula_bar_set_state     (KvFormulaBar *self,
                                            KvState      *state);
/* The text last checked ("formula"; "" while none is): setting it puts it in
 * the entry and checks it, as Enter does. */
const char   *kv_formula_bar_get_formula   (KvFormulaBar *self);
void          kv_formula_bar_set_formula   (KvFormulaBar *self,
                                            const char   *text);

GtkWidget    *kv_formula_bar_get_entry     (KvFormulaBar *self);
/* The badge's text ("true"/"false"), or NULL when hidden; the error under
 * the bar, or NULL; the worlds where the formula holds, or NULL. */
const char   *kv_formula_bar_get_result    (KvFormulaBar *self);
const char   *kv_formula_bar_get_error     (KvFormulaBar *self);
/* Beside the badge, "here; holds at 12 of 25 200 worlds", or NULL. */
const char   *kv_formula_bar_get_count     (KvFormulaBar *self);
const KvBits *kv_formula_bar_get_highlight (KvFormulaBar *self);

G_END_DECLS
