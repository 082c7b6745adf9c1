// SPDX-License-Identifier: GPL-3.0-or-later
/* fuzz-engines: a script run on both engines must give the same answers.
 * Any small game the fuzzer makes (at most FUZZ_WORLD_LIMIT worlds) runs on
 * the explicit engine and on the symbolic one; after every step the world
 * count and the knowledge table (each agent's
 * and the common class: its size, each card's possible owners, who knows δ)
 * must agree, and a step false on one is false on the other. A difference
 * is a bug in one of them. */
#include "fuzz-common.h"

#define FUZZ_WORLD_LIMIT 2000

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

static void
assert_same_perspective (const KvPerspective *e, const KvPerspective *s, guint n_cards, const char *who, guint entry)
{
  FUZZ_ASSERT (e->class_size == s->class_size, "entry %u, %s: %" G_GUINT64_FORMAT " worlds explicit, %"
               G_GUINT64_FORMAT " symbolic", entry, who, e->class_size, s->class_size);
  FUZZ_ASSERT (e->wins == s->wins, "entry %u, %s: knows δ on one engine only", entry, who);
  for (guint c = 0; c < n_cards; c++)
    FUZZ_ASSERT (e->possible[c] == s->possible[c], "entry %u, %s: card %u's owners %x explicit, %x symbolic",
                 entry, who, c, e->possible[c], s->possible[c]);
}

static void
assert_same_state (KvState *e, KvState *s, guint entry)
{
  const KvKnowledge *ke = kv_state_knowledge (e);
  const KvKnowledge *ks = kv_state_knowledge (s);

  FUZZ_ASSERT (kv_state_count_worlds (e) == kv_state_count_worlds (s),
               "entry %u: %" G_GUINT64_FORMAT " worlds explicit, %" G_GUINT64_FORMAT " symbolic",
               entry, kv_state_count_worlds (e), kv_state_count_worlds (s));
  FUZZ_ASSERT (ke->winners == ks->winners, "entry %u: winners %x explicit, %x symbolic",
               entry, ke->winners, ks->winners);
  for (guint a = 0; a < ke->n_agents; a++)
    assert_same_perspective (&ke->agents[a], &ks->agents[a], ke->n_cards, "an agent", entry);
  assert_same_perspective (&ke->common, &ks->common, ke->n_cards, "common", entry);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse ((const char *) data, size, "fuzz.kvg", &error);
  g_autoptr(KvHistory) explicit = NULL;
  g_autoptr(KvHistory) symbolic = NULL;
  g_autoptr(GError) symbolic_error = NULL;

  if (script == NULL)
    return 0;
  explicit = kv_history_run_script_with_engine (script, KV_ENGINE_EXPLICIT, FUZZ_WORLD_LIMIT, &error);
  if (explicit == NULL && g_error_matches (error, KV_ERROR, KV_ERROR_LIMIT))
    return 0;
  symbolic = kv_history_run_script_with_engine (script, KV_ENGINE_SYMBOLIC, FUZZ_WORLD_LIMIT, &symbolic_error);
  if (symbolic == NULL && g_error_matches (symbolic_error, KV_ERROR, KV_ERROR_LIMIT))
    return 0;
  /* Both run, or both refuse the same step for the same kind of reason. */
  FUZZ_ASSERT ((explicit == NULL) == (symbolic == NULL), "explicit: %s; symbolic: %s",
               error ? error->message : "ran", symbolic_error ? symbolic_error->message : "ran");
  if (explicit == NULL)
    {
      FUZZ_ASSERT (error->code == symbolic_error->code, "explicit: %s; symbolic: %s",
                   error->message, symbolic_error->message);
      return 0;
    }
  FUZZ_ASSERT (kv_history_length (explicit) == kv_history_length (symbolic), "%u entries explicit, %u symbolic",
               kv_history_length (explicit), kv_history_length (symbolic));
  for (guint i = 0; i < kv_history_length (explicit); i++)
    {
      KvState *e = kv_history_get (explicit, i)->state;
      KvState *s = kv_history_get (symbolic, i)->state;

      FUZZ_ASSERT (kv_state_engine (e) == KV_ENGINE_EXPLICIT && kv_state_engine (s) == KV_ENGINE_SYMBOLIC,
                   "entry %u runs on the wrong engine", i);
      assert_same_state (e, s, i);
    }
  return 0;
}
