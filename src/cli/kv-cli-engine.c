#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-engine.h"

/* The limit KRIPKEVIZ_WORLD_LIMIT sets, for auto's choice only (a bad value
 * is reported by kv_cli_open_history). */
static guint
world_limit_from_env (void)
{
  const char *text = g_getenv ("KRIPKEVIZ_WORLD_LIMIT");
  guint64 limit = 0;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT32, &limit, NULL))
    limit = 0;
  return limit ? (guint) limit : KV_DEFAULT_WORLD_LIMIT;
}

static KvState *
open_explicit (const char *game, int step, guint *at_step)
{
  g_autoptr(KvHistory) history = kv_cli_open_history (game, NULL);
  const KvHistoryEntry *entry = history ? kv_cli_entry (history, step) : NULL;

  if (entry == NULL)
    return NULL;
  *at_step = step < 0 ? kv_history_length (history) - 1 : (guint) step;
  return kv_state_new_for_model (entry->model);
}

static KvState *
open_symbolic (KvScript *script, int step, guint *at_step)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) state = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  guint n_steps = script->steps->len;

  if (state == NULL)
    {
      fprintf (stderr, "%s:1:1: error: %s\n", script->filename, error->message);
      return NULL;
    }
  if (step > (int) n_steps)
    {
      kv_cli_fail (_("--step %d is out of range: the script has %u steps (0 is the initial model)"), step, n_steps);
      return NULL;
    }
  for (guint i = 0; i < (step < 0 ? n_steps : (guint) step); i++)
    {
      KvState *next = kv_state_apply_step (state, g_ptr_array_index (script->steps, i), &error);

      if (next == NULL)
        {
          fprintf (stderr, "%s:%u:1: error: %s\n", script->filename,
                   g_array_index (script->step_lines, guint, i), error->message);
          return NULL;
        }
      kv_state_unref (state);
      state = next;
    }
  *at_step = step < 0 ? n_steps : (guint) step;
  return g_steal_pointer (&state);
}

KvState *
kv_cli_open_state (const char *game, const char *engine_text, int step, guint *at_step)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  KvEngineKind kind;

  if (engine_text != NULL ? !kv_engine_parse (engine_text, &kind, &error)
                          : !kv_engine_from_env (&kind, &error))
    {
      kv_cli_fail ("%s", error->message);
      return NULL;
    }
  if (kind == KV_ENGINE_EXPLICIT)
    return open_explicit (game, step, at_step);
  script = kv_script_open (game, &error);
  if (script == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return NULL;
    }
  if (kind == KV_ENGINE_AUTO && kv_game_count_deals (script->game) <= world_limit_from_env ())
    return open_explicit (game, step, at_step);
  return open_symbolic (script, step, at_step);
}
