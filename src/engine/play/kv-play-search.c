// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-play-search.c: unsuccessful endmoves in self-play (see kv-play-search.h) */
#define G_LOG_DOMAIN "kv-play-search"
#include "config.h"

#include "kv-play-search.h"

/* Agents that know δ at the point of @state, as a bit mask. */
static guint32
knowers (KvState *state)
{
  guint32 mask = 0;

  for (guint a = 0; a < kv_state_game (state)->n_agents; a++)
    if (kv_strategy_state_knows (state, a))
      mask |= 1u << a;
  return mask;
}

typedef struct {
  gboolean found;
  guint32  learners;
} Watch;

static gboolean
watch_step (const KvPlayRecord *record, KvState *before, const KvStep *step, gpointer data)
{
  Watch *watch = data;

  if (step->kind != KV_STEP_ENDMOVE || knowers (before) != 0)
    return TRUE;
  watch->learners = knowers (record->state);
  watch->found = watch->learners != 0;
  return !watch->found;
}

KvSearchResult *
kv_play_search_unsuccessful (const KvGame *game, KvEngineKind engine,
                             const KvStrategy *const *strategies, GRand *rand, guint games,
                             gboolean count_all, GError **error)
{
  g_autoptr(KvSearchResult) result = g_new0 (KvSearchResult, 1);

  while (result->games_searched < games && (count_all || result->first == NULL))
    {
      g_autoptr(KvGame) dealt = kv_play_deal (game, rand);
      g_autoptr(KvPlayRecord) record = NULL;
      Watch watch = { FALSE, 0 };

      record = kv_play_game (dealt, engine, strategies, rand, 100, watch_step, &watch, error);
      if (record == NULL)
        return NULL;
      result->games_searched++;
      if (!watch.found)
        continue;
      result->games_found++;
      if (result->first == NULL)
        {
          result->first = g_steal_pointer (&record);
          result->first_game = result->games_searched;
          result->learners = watch.learners;
        }
    }
  return g_steal_pointer (&result);
}

void
kv_search_result_free (KvSearchResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->first, kv_play_record_free);
  g_free (result);
}
