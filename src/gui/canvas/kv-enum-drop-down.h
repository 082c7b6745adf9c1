// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-enum-drop-down.h: a GtkDropDown or AdwComboRow whose items are the
 * values of a registered enum (src/draw/kv-enum.h), chosen by value.
 *
 * The widget's model becomes the enum's values in their order (an
 * AdwEnumListModel), less those @label leaves out; what it shows is
 * @label's (translated) text for each. Code reads and sets the value, never
 * a list position, so a drop-down that offers only some values (the product
 * pane's views) or whose enum grows stays right. Used by the canvas
 * toolbar, the product pane and the preferences.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The label of @value, translated; NULL leaves @value out. */
typedef const char *(*KvEnumLabelFunc) (int value);

/* @drop_down: a GtkDropDown or an AdwComboRow. */
void     kv_enum_drop_down_init          (gpointer         drop_down,
                                          GType            enum_type,
                                          KvEnumLabelFunc  label);
/* The value selected, or -1. */
int      kv_enum_drop_down_get_value     (gpointer         drop_down);
/* Selects @value (nothing when it is not offered). */
void     kv_enum_drop_down_set_value     (gpointer         drop_down,
                                          int              value);
/* Binds a string key of @settings whose choices are the enum's nicks to
 * the selection, both ways. */
void     kv_enum_drop_down_bind_setting  (gpointer         drop_down,
                                          GSettings       *settings,
                                          const char      *key);

/* The labels of the canvas toolbar and the product pane (translated):
 * "Auto", "Whole", "Around", "Contracted", "Envelope" (context "view"), and
 * "Auto" (context "engine") then Graphviz's own names. */
const char *kv_view_kind_label      (int value);
const char *kv_layout_engine_label  (int value);

G_END_DECLS
