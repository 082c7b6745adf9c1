// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-model-json.h: an explicit model as versioned JSON (.kvm.json), both
 * ways. The format is documented in docs/model-json.md:
 *
 *   { "format": "kripkeviz-model", "version": 1, "title": "Hexa",
 *     "agents": ["1","2","3"], "cards": ["r","w","b"], "owners": ["1","2","3"],
 *     "worlds": [ { "name": "rwb", "hands": { "1": ["r"], "2": ["w"], "3": ["b"] } }, … ],
 *     "partitions": { "1": [[0, 1], [2, 3], [4, 5]], … },
 *     "actual": 0 }
 *
 * Reading validates everything (names, deals, hand sizes, partitions, the
 * actual world) and builds a new game for the model: its deal is the
 * actual world's. Errors are KV_ERROR_SYNTAX (not JSON, or not this
 * format), KV_ERROR_NAME (an unknown agent, card or owner), KV_ERROR_GAME
 * (hands that are not a deal, partitions that are not partitions) and
 * KV_ERROR_LIMIT (too many worlds), each naming the place as a JSON path
 * ("worlds[3].hands").
 */
#pragma once

#include "kv-model.h"

G_BEGIN_DECLS

#define KV_MODEL_JSON_FORMAT  "kripkeviz-model"
#define KV_MODEL_JSON_VERSION 1
#define KV_MODEL_JSON_SUFFIX  ".kvm.json"

/* @model as the JSON document, pretty-printed, newline-terminated. With
 * @step ≥ 0, a "step" member says which step of its game it is (readers
 * ignore it). Free with g_free. */
char    *kv_model_to_json        (const KvModel *model, int step);

/* The model @text describes; @world_limit (0: KV_DEFAULT_WORLD_LIMIT)
 * caps its worlds. The model owns a new game. */
KvModel *kv_model_from_json      (const char *text, gsize length, guint world_limit, GError **error);

/* Reads the file @path (errors as "PATH: message"). */
KvModel *kv_model_load_json      (const char *path, guint world_limit, GError **error);

/* Whether @name_or_path names a model file: it ends in .kvm.json. */
gboolean kv_model_json_is_path   (const char *name_or_path);

G_END_DECLS
