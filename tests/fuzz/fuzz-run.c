// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-run: parse a script and run it (kv_history_run_script) with a small
 * world limit so that every input is fast; then read the last model out as
 * the CLI does (knowledge, contraction, labels) and write the game for
 * SMCDEL (kv-smcdel.h). */
#include "fuzz-common.h"
#include "kv-smcdel.h"
#include "kv-explicit-knowledge.h"

#define FUZZ_WORLD_LIMIT 5000

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
  g_autoptr(KvScript) script = kv_script_parse ((const char *) data, size, "fuzz.kvg", &error);
  g_autoptr(KvHistory) history = NULL;
  KvModel *model;

  if (script == NULL)
    return 0;
  history = kv_history_run_script (script, FUZZ_WORLD_LIMIT, &error);
  if (history == NULL)
    {
      fuzz_check_script_error (error, "fuzz.kvg");
      return 0;
    }
  FUZZ_ASSERT (kv_history_length (history) == script->steps->len + 1, "%u entries for %u steps",
               kv_history_length (history), script->steps->len);

  model = kv_history_get (history, kv_history_length (history) - 1)->model;
  FUZZ_ASSERT (model->n_worlds <= FUZZ_WORLD_LIMIT, "%u worlds over the limit", model->n_worlds);
  FUZZ_ASSERT (model->actual < model->n_worlds, "the point is not a world");
  {
    g_autoptr(KvKnowledge) knowledge = kv_knowledge_new (model, model->actual);
    g_autoptr(KvModel) contracted = kv_model_contract (model);
    g_autofree char *label = kv_model_world_label (model, model->actual);

    FUZZ_ASSERT (contracted->n_worlds <= model->n_worlds, "contraction grew the model");
    for (guint a = 0; a < model->game->n_agents; a++)
      {
        g_autoptr(KvBits) win = kv_check_win (model, a);
        g_autoptr(KvBits) component = kv_model_component (model, 1u << a, model->actual);

        FUZZ_ASSERT (kv_bits_count (component) == kv_model_class_size (model, a, model->actual),
                     "an agent's component is not its class");
        FUZZ_ASSERT (((knowledge->winners >> a) & 1) == kv_bits_get (win, model->actual),
                     "winners disagree with kv_check_win");
        kv_model_count_links (model, a);
      }
  }
  {
    /* export --format smcdel: SMCDEL's text in ASCII, or a refusal that names the place. */
    g_autofree char *smcdel = kv_smcdel_write (script, script->steps->len, model->n_worlds, &error);

    if (smcdel == NULL)
      {
        FUZZ_ASSERT (error != NULL && error->domain == KV_ERROR
                     && (error->code == KV_ERROR_UNSUPPORTED || error->code == KV_ERROR_LIMIT)
                     && g_str_has_prefix (error->message, "fuzz.kvg:"),
                     "the SMCDEL writer failed without a refusal: %s", error ? error->message : "(no error)");
        g_clear_error (&error);
      }
    else
      {
        FUZZ_ASSERT (g_str_has_prefix (smcdel, "-- ") && strstr (smcdel, "\nVARS\n") != NULL, "no SMCDEL header");
        for (const char *p = smcdel; *p != '\0'; p++)
          FUZZ_ASSERT ((guchar) *p < 0x80, "the SMCDEL text is not ASCII");
      }
  }
  return 0;
}
