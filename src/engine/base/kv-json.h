// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-json.h: a JSON document handed to json-glib only once it is safe to.
 *
 * json-glib's parser recurses once per array or object (100 000 "[" overflow
 * the stack), answers random bytes with "JSON data must be UTF-8 encoded"
 * and nothing about where, and in 1.6 leaks the first of two top-level
 * values. Every JSON file Kripkeviz reads (a model file, the shards' --json
 * of `play --merge`) goes through here, which checks all three first.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A new parser whose root is the one JSON object @text (@length bytes)
 * holds; or NULL with a plain message (no file name: the caller adds it)
 * in @error: KV_ERROR_LIMIT when arrays and objects nest deeper than
 * @max_depth or a whole number does not fit 64 bits (json-glib reads 10²⁰
 * as -1), KV_ERROR_SYNTAX when the text is not UTF-8 (said where), not
 * JSON, cut short, or not one object ("not @what: …", @what naming the
 * format as in "a Kripkeviz model"). A UTF-8 byte-order mark is skipped. */
JsonParser *kv_json_parse_object (const char  *text,
                                  gsize        length,
                                  guint        max_depth,
                                  const char  *what,
                                  GError     **error);

G_END_DECLS
