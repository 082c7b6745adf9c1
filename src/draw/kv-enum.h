// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-enum.h: the registered enums (kv-draw-enums.h, made by
 * gnome.mkenums_simple from the headers that declare them) as the one
 * source of their names.
 *
 * Each value's nick is its name everywhere: in the GSettings schema's
 * choices, on the command line ("neato", "okabe-ito", "contracted"), in
 * the --help lists and in to_string/from_string. Drop-downs hold the
 * values themselves (src/gui/kv-enum-drop-down.h), never list positions.
 * GTK-free.
 */
#pragma once

#include <glib-object.h>

#include "kv-draw-enums.h"

G_BEGIN_DECLS

/* @value's nick (a static string), or NULL when @enum_type has no such
 * value. */
const char *kv_enum_to_nick   (GType        enum_type,
                               int          value);
/* The value whose nick is @nick, in @value; FALSE when none is. */
gboolean    kv_enum_from_nick (GType        enum_type,
                               const char  *nick,
                               int         *value);
/* The nicks of @enum_type's values in order, but @skip (-1: none), joined
 * by @separator: "neato|fdp|sfdp|circo|dot" for a --help line. */
char       *kv_enum_nicks     (GType        enum_type,
                               int          skip,
                               const char  *separator);

G_END_DECLS
