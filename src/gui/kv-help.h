// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-help.h: opening the user's help (help/C, installed by gnome.yelp) in
 * Yelp, GNOME's help viewer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The help's Mallard id: help:org.kripkeviz.Kripkeviz opens its index. */
#define KV_HELP_ID "org.kripkeviz.Kripkeviz"

/* Opens @page of the help (NULL: its index) in Yelp, found on PATH.
 * KRIPKEVIZ_HELP_DIR, when set, is a folder of .page files opened instead
 * of the installed help (tools/dev.sh points it at help/C, so F1 works
 * from the build tree). FALSE with a message for the window when Yelp is
 * not installed or does not start. */
gboolean kv_help_show (const char  *page,
                       GError     **error);

G_END_DECLS
