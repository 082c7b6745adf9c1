// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-preferences-window.h: the preferences, bound to GSettings
 * (org.kripkeviz.Kripkeviz): layout engine, palette, draw and world limits. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KV_TYPE_PREFERENCES_WINDOW (kv_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (KvPreferencesWindow, kv_preferences_window, KV, PREFERENCES_WINDOW, AdwPreferencesWindow)

KvPreferencesWindow *kv_preferences_window_new (GtkWindow *parent);

G_END_DECLS
