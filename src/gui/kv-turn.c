/* kv-turn.c: "Next turn" */
#define G_LOG_DOMAIN "kv-turn"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-turn.h"

/* The last turn step (suggest, endmove or win) in @history, or NULL. */
static const KvStep *
last_turn_step (const KvHistory *history)
{
  for (guint i = kv_history_length (history); i-- > 1;)
    {
      const KvStep *step = kv_history_get (history, i)->step;

      if (step->kind == KV_STEP_SUGGEST || step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_WIN)
        return step;
    }
  return NULL;
}

char *
kv_turn_why_not (const KvHistory *history)
{
  const KvStep *last;

  g_return_val_if_fail (history != NULL, NULL);

  last = last_turn_step (history);
  if (last != NULL && last->kind == KV_STEP_WIN)
    return g_strdup_printf (_("The game is over: player %s has won."),
                            history->game->agent_names[last->agent]);
  return NULL;
}

static gboolean
push_text (KvHistory   *history,
           const char  *text,
           GError     **error)
{
  g_autoptr(KvStep) step = kv_step_parse (history->game, text, NULL, error);

  return step != NULL && kv_history_push (history, step, error);
}

guint
kv_turn_play (KvHistory  *history,
              guint      *agent_out,
              GError    **error)
{
  const KvGame *game;
  const KvStep *last;
  const KvModel *model;
  guint length, agent;
  gboolean suggested;
  g_autofree char *why = NULL;
  g_autofree char *ending = NULL;
  g_autofree KvPlayer *player = NULL;

  g_return_val_if_fail (history != NULL, 0);

  why = kv_turn_why_not (history);
  if (why != NULL)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_FALSE, why);
      return 0;
    }

  game = history->game;
  length = kv_history_length (history);
  last = last_turn_step (history);
  /* A suggest without its ending: that agent finishes its turn. */
  suggested = last != NULL && last->kind == KV_STEP_SUGGEST;
  agent = last == NULL ? 0 : suggested ? last->agent : (last->agent + 1) % game->n_agents;
  if (agent_out != NULL)
    *agent_out = agent;

  /* The engine's del player: it suggests the first envelope it still
   * considers possible and wins when it knows δ. */
  player = kv_player_new (game, agent, kv_strategy_find ("del"));
  model = kv_history_get (history, length - 1)->model;
  if (!suggested && !player->strategy->knows (player, model))
    {
      g_autoptr(KvStep) suggestion = kv_play_choose_suggestion (player, model, NULL);

      if (suggestion != NULL && !kv_history_push (history, suggestion, error))
        return 0;
      model = kv_history_get (history, kv_history_length (history) - 1)->model;
    }

  ending = g_strdup_printf ("%s %s", player->strategy->knows (player, model) ? "win" : "endmove",
                            game->agent_names[agent]);
  if (!push_text (history, ending, error))
    {
      kv_history_truncate (history, length - 1);
      return 0;
    }

  return kv_history_length (history) - length;
}

guint
kv_turn_play_to_end (KvHistory  *history,
                     guint       max_turns,
                     GError    **error)
{
  guint added = 0;

  g_return_val_if_fail (history != NULL, 0);

  for (guint turn = 0; turn < max_turns; turn++)
    {
      g_autofree char *why = kv_turn_why_not (history);
      guint steps;

      if (why != NULL && added > 0)
        break;
      steps = kv_turn_play (history, NULL, error);
      if (steps == 0)
        return added;
      added += steps;
    }
  return added;
}
