// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-error"
#include "config.h"

#include "kv-error.h"

G_DEFINE_QUARK (kv-error-quark, kv_error)
