// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-application.h: the application — `kripkeviz [GAME]` opens a built-in
 * game or a .kvg file in a window (Hexa without one); app actions: about,
 * preferences, quit. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KV_TYPE_APPLICATION (kv_application_get_type ())
G_DECLARE_FINAL_TYPE (KvApplication, kv_application, KV, APPLICATION, AdwApplication)

KvApplication *kv_application_new (void);

G_END_DECLS
