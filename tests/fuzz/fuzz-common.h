// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-common.h: what the libFuzzer harnesses share (tests/fuzz). */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv-engine.h"

/* A GLib critical or warning is a bug the fuzzer should stop at. */
static inline void
fuzz_init_glib (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FATAL_MASK);
}

#define FUZZ_ASSERT(cond, ...) \
  G_STMT_START { \
    if (!(cond)) \
      { \
        fprintf (stderr, "fuzz assertion failed: %s: ", #cond); \
        fprintf (stderr, __VA_ARGS__); \
        fputc ('\n', stderr); \
        abort (); \
      } \
  } G_STMT_END

/* Every script error names its place: "FILE:LINE:COL: error: …". */
static inline void
fuzz_check_script_error (const GError *error, const char *filename)
{
  FUZZ_ASSERT (error != NULL, "no error set");
  FUZZ_ASSERT (error->domain == KV_ERROR, "error domain %s", g_quark_to_string (error->domain));
  FUZZ_ASSERT (g_str_has_prefix (error->message, filename), "message without the file: %s", error->message);
  FUZZ_ASSERT (strstr (error->message, ": error: ") != NULL, "message without “: error: ”: %s", error->message);
}
