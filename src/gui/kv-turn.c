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
wins (const KvModel *model,
      guint          agent)
{
  g_autoptr(KvBits) winners = kv_check_win (model, agent);

  return kv_bits_get (winners, model->actual);
}

static gboolean
push_text (KvHistory   *history,
           const char  *text,
           GError     **error)
{
  g_autoptr(KvStep) step = kv_step_parse (history->game, text, NULL, error);

  return step != NULL && kv_history_push (history, step, error);
}

/* "suggest A c…", or NULL when the agent has nothing left to ask. */
static char *
choose_suggestion (const KvModel *model,
                   guint          agent)
{
  const KvGame *game = model->game;
  g_autoptr(GString) text = g_string_new ("suggest ");
  g_autoptr(KvBits) cls = NULL;
  guint n_cards = 0;

  g_string_append (text, game->agent_names[agent]);

  if (game->has_envelope)
    {
      /* The envelope of the first world the agent considers possible. */
      int w;
      KvHand envelope;

      cls = kv_model_class_of (model, agent, model->actual);
      w = kv_bits_next (cls, 0);
      g_assert (w >= 0);
      envelope = kv_model_hand (model, w, kv_game_envelope (game));
      for (guint cat = 0; cat < game->n_categories; cat++)
        for (guint card = 0; card < game->n_cards; card++)
          if ((envelope & KV_CARD_BIT (card)) && game->card_category[card] == (int) cat)
            {
              g_string_append_printf (text, " %s", game->card_names[card]);
              n_cards++;
            }
      for (guint card = 0; card < game->n_cards; card++)
        if ((envelope & KV_CARD_BIT (card)) && game->card_category[card] == KV_NO_CATEGORY)
          {
            g_string_append_printf (text, " %s", game->card_names[card]);
            n_cards++;
          }
    }
  else
    {
      /* The cards whose owner it does not know yet. */
      g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);

      for (guint card = 0; card < game->n_cards; card++)
        if (kv_knowledge_known_owner (k->agents[agent].possible[card]) < 0)
          {
            g_string_append_printf (text, " %s", game->card_names[card]);
            n_cards++;
          }
    }

  if (n_cards == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
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

  model = kv_history_get (history, length - 1)->model;
  if (!suggested && !wins (model, agent))
    {
      g_autofree char *suggestion = choose_suggestion (model, agent);

      if (suggestion != NULL && !push_text (history, suggestion, error))
        return 0;
      model = kv_history_get (history, kv_history_length (history) - 1)->model;
    }

  ending = g_strdup_printf ("%s %s", wins (model, agent) ? "win" : "endmove",
                            game->agent_names[agent]);
  if (!push_text (history, ending, error))
    {
      kv_history_truncate (history, length - 1);
      return 0;
    }

  return kv_history_length (history) - length;
}
