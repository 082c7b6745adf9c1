// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-model-json: a model file (.kvm.json, kv_model_from_json) on
 * arbitrary bytes, with a small world limit. A model that reads must print
 * (kv_model_to_json) to JSON that reads to a model printing the same; one
 * that does not must say why, in a message of at most 1000 characters (it
 * quotes at most an excerpt of the input). LeakSanitizer checks every error path
 * frees what json-glib made. */
#include "fuzz-common.h"

#define FUZZ_WORLD_LIMIT 5000
#define MESSAGE_MAX 1001  /* kv_read_shorten's 1000 characters and "…" */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvModel) model = kv_model_from_json ((const char *) data, size, FUZZ_WORLD_LIMIT, &error);
  g_autoptr(KvModel) again = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;

  if (model == NULL)
    {
      FUZZ_ASSERT (error != NULL, "no error set");
      FUZZ_ASSERT (g_utf8_strlen (error->message, -1) <= MESSAGE_MAX, "a %ld-character message",
                   g_utf8_strlen (error->message, -1));
      return 0;
    }
  json = kv_model_to_json (model, -1);
  again = kv_model_from_json (json, strlen (json), FUZZ_WORLD_LIMIT, &error);
  FUZZ_ASSERT (again != NULL, "printed model does not read: %s", error->message);
  json_again = kv_model_to_json (again, -1);
  FUZZ_ASSERT (g_str_equal (json, json_again), "model printed differently after a round trip");
  return 0;
}
