// SPDX-License-Identifier: GPL-3.0-or-later
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

static KvHand
hand_of_step (const KvStep *step)
{
  KvHand hand = 0;

  for (guint i = 0; i < step->n_cards; i++)
    hand |= KV_CARD_BIT (step->cards[i]);
  return hand;
}

/* What @player saw of one answered suggestion by @suggester: the answers
 * @answers[0 … n) (nocard and showcard steps, in order). */
static void
observe_answers (KvPlayer      *player,
                 const KvGame  *game,
                 guint          suggester,
                 KvHand         cards,
                 KvStep *const *answers,
                 guint          n)
{
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;
  int shower = -1, shown = -1;

  for (guint i = 0; i < n; i++)
    if (answers[i]->kind == KV_STEP_SHOWCARD)
      {
        shower = answers[i]->agent;
        shown = answers[i]->shown;
      }
  kv_player_observe (player, game, suggester, cards, shower, shown,
                     n_responders >= game->n_agents - 1);
}

/* The player of @agent with @strategy, its own bookkeeping (naive's) made
 * from the history as self-play makes it: what it was shown, and the
 * suggestions of its own nobody could answer. Answers written out (nocard
 * and showcard steps rather than a suggest) count as a suggestion by the
 * one agent they were not asked of, or by the showcard's target. */
static KvPlayer *
player_from_history (const KvHistory  *history,
                     guint             agent,
                     const KvStrategy *strategy)
{
  const KvGame *game = history->game;
  KvPlayer *player = kv_player_new (game, agent, strategy);
  g_autoptr(GPtrArray) run = g_ptr_array_new ();   /* consecutive nocards, same cards */

  for (guint i = 1; i < kv_history_length (history); i++)
    {
      const KvHistoryEntry *entry = kv_history_get (history, i);
      KvStep *step = entry->step;

      if (step->kind == KV_STEP_NOCARD)
        {
          guint32 asked = 0;

          if (run->len > 0 && hand_of_step (g_ptr_array_index (run, 0)) != hand_of_step (step))
            g_ptr_array_set_size (run, 0);
          g_ptr_array_add (run, step);
          for (guint j = 0; j < run->len; j++)
            asked |= 1u << ((KvStep *) g_ptr_array_index (run, j))->agent;
          /* Everybody but one said nocard: that one asked, nobody showed. */
          if (run->len == game->n_agents - 1 && __builtin_popcount (asked) == (int) run->len)
            {
              guint suggester = __builtin_ctz (~asked);

              observe_answers (player, game, suggester, hand_of_step (step),
                               (KvStep **) run->pdata, run->len);
              g_ptr_array_set_size (run, 0);
            }
          continue;
        }
      g_ptr_array_set_size (run, 0);
      if (step->kind == KV_STEP_SUGGEST && entry->expanded != NULL)
        observe_answers (player, game, step->agent, hand_of_step (step),
                         (KvStep **) entry->expanded->pdata, entry->expanded->len);
      else if (step->kind == KV_STEP_SHOWCARD)
        observe_answers (player, game, step->target, hand_of_step (step), &step, 1);
    }
  return player;
}

/* Whether @agent may end its move now: `endmove` announces ¬win{agent},
 * true when it does not know δ at the actual world — the knowledge
 * table's winners, on either engine. */
static gboolean
may_end_move (KvState *state,
              guint    agent)
{
  return !(kv_state_knowledge (state)->winners & (1u << agent));
}

/* The state after the history's last step. */
static KvState *
last_state (const KvHistory *history)
{
  return kv_history_get (history, kv_history_length (history) - 1)->state;
}

guint
kv_turn_play (KvHistory               *history,
              const KvStrategy *const *strategies,
              GRand                   *rand,
              guint                   *agent_out,
              GError                 **error)
{
  const KvGame *game;
  const KvStep *last;
  KvState *state;
  const KvStrategy *strategy;
  guint length, agent;
  gboolean suggested, knows;
  g_autofree char *why = NULL;
  g_autofree char *ending = NULL;
  g_autofree KvPlayer *player = NULL;
  g_autoptr(GRand) own_rand = NULL;

  g_return_val_if_fail (history != NULL, 0);

  why = kv_turn_why_not (history);
  if (why != NULL)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_FALSE, why);
      return 0;
    }
  if (rand == NULL)
    rand = own_rand = g_rand_new_with_seed (kv_history_length (history));

  game = history->game;
  length = kv_history_length (history);
  last = last_turn_step (history);
  state = last_state (history);
  /* A suggest without its ending: that agent finishes its turn — unless it
   * cannot: naive, not seeing that it knows δ, may not truthfully end its
   * move and passes (as in self-play); the next agent moves. */
  suggested = last != NULL && last->kind == KV_STEP_SUGGEST;
  agent = last == NULL ? 0 : suggested ? last->agent : (last->agent + 1) % game->n_agents;
  strategy = strategies != NULL && strategies[agent] != NULL ? strategies[agent] : kv_strategy_find ("del");
  if (suggested)
    {
      player = player_from_history (history, agent, strategy);
      if (!player->strategy->knows (player, state) && !may_end_move (state, agent))
        {
          suggested = FALSE;
          agent = (agent + 1) % game->n_agents;
          strategy = strategies != NULL && strategies[agent] != NULL ? strategies[agent] : kv_strategy_find ("del");
          g_clear_pointer (&player, g_free);
        }
    }
  if (agent_out != NULL)
    *agent_out = agent;

  /* The agent's strategy (kv-strategy.h) suggests, from what it knows; it
   * wins when it knows δ. */
  if (player == NULL)
    player = player_from_history (history, agent, strategy);
  if (!suggested && !player->strategy->knows (player, state))
    {
      g_autoptr(KvStep) suggestion = kv_play_choose_suggestion_state (player, state, rand);

      if (suggestion != NULL && !kv_history_push (history, suggestion, error))
        return 0;
      g_clear_pointer (&player, g_free);
      player = player_from_history (history, agent, strategy);
      state = last_state (history);
    }

  knows = player->strategy->knows (player, state);
  if (!knows && !may_end_move (state, agent))
    {
      /* It passes: the suggest stays without an ending. */
      if (kv_history_length (history) > length)
        return kv_history_length (history) - length;
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE,
                   _("Player %s has nothing to suggest and cannot end its move."),
                   game->agent_names[agent]);
      return 0;
    }
  ending = g_strdup_printf ("%s %s", kv_step_kind_to_keyword (knows ? KV_STEP_WIN : KV_STEP_ENDMOVE),
                            game->agent_names[agent]);
  if (!push_text (history, ending, error))
    {
      kv_history_truncate (history, length - 1);
      return 0;
    }

  return kv_history_length (history) - length;
}

guint
kv_turn_play_to_end (KvHistory               *history,
                     const KvStrategy *const *strategies,
                     GRand                   *rand,
                     guint                    max_turns,
                     KvTurnProgress           progress,
                     gpointer                 data,
                     GError                 **error)
{
  guint added = 0;

  g_return_val_if_fail (history != NULL, 0);

  for (guint turn = 0; turn < max_turns; turn++)
    {
      g_autofree char *why = kv_turn_why_not (history);
      guint steps;

      if (why != NULL && added > 0)
        break;
      steps = kv_turn_play (history, strategies, rand, NULL, error);
      if (steps == 0)
        return added;
      added += steps;
      /* Between turns, never inside one: a turn is played whole or not. */
      if (progress != NULL && !progress (turn + 1, data))
        break;
    }
  return added;
}
