// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-turn.c: one Cluedo turn (see kv-turn.h) */
#define G_LOG_DOMAIN "kv-turn"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-error.h"
#include "kv-turn.h"

/* --- seats ------------------------------------------------------------- */

static gboolean
is_observer (const KvGame *game, guint agent, const KvStrategy *strategy)
{
  /* An agent without cards is a spectator: it could only pass. */
  return strategy == NULL || game->hand_sizes[agent] == 0;
}

KvTurnSeats *
kv_turn_seats_new (KvGame *game, const KvStrategy *const *strategies)
{
  KvTurnSeats *seats = g_new0 (KvTurnSeats, 1);

  seats->game = kv_game_ref (game);
  for (guint a = 0; a < game->n_agents; a++)
    if (!is_observer (game, a, strategies[a]))
      seats->players[a] = kv_player_new (game, a, strategies[a]);
  return seats;
}

void
kv_turn_seats_free (KvTurnSeats *seats)
{
  if (seats == NULL)
    return;
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    g_free (seats->players[a]);
  kv_game_unref (seats->game);
  g_free (seats);
}

guint
kv_turn_seats_next (const KvTurnSeats *seats, guint agent)
{
  guint n = seats->game->n_agents;

  for (guint i = 1; i <= n; i++)
    if (seats->players[(agent + i) % n] != NULL)
      return (agent + i) % n;
  return agent;
}

static KvHand
hand_of_step (const KvStep *step)
{
  KvHand hand = 0;

  for (guint i = 0; i < step->n_cards; i++)
    hand |= KV_CARD_BIT (step->cards[i]);
  return hand;
}

/* Every player notes a suggestion of @cards by @suggester answered by
 * @answers[0 … n) (nocards, then the showcard if any): the suggester what
 * it was shown or that nobody could show; the shower what it showed. */
static void
note_answers (KvTurnSeats *seats, guint suggester, KvHand cards, KvStep *const *answers, guint n)
{
  const KvGame *game = seats->game;
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;
  int shower = -1, shown = -1;

  for (guint i = 0; i < n; i++)
    if (answers[i]->kind == KV_STEP_SHOWCARD)
      {
        shower = answers[i]->agent;
        shown = answers[i]->shown;
      }
  if (shower >= 0 && seats->players[shower] != NULL)
    seats->players[shower]->shown_to[suggester] |= KV_CARD_BIT (shown);
  for (guint a = 0; a < game->n_agents; a++)
    if (seats->players[a] != NULL)
      kv_player_observe (seats->players[a], game, suggester, cards, shower, shown,
                         n_responders >= game->n_agents - 1);
}

KvTurnSeats *
kv_turn_seats_from_history (const KvHistory *history, const KvStrategy *const *strategies)
{
  const KvGame *game = history->game;
  const KvStrategy *del = kv_strategy_find ("del");
  const KvStrategy *chosen[KV_MAX_AGENTS];
  KvTurnSeats *seats;
  g_autoptr(GPtrArray) run = g_ptr_array_new ();   /* consecutive nocards, same cards */

  for (guint a = 0; a < game->n_agents; a++)
    chosen[a] = strategies != NULL && strategies[a] != NULL ? strategies[a] : del;
  seats = kv_turn_seats_new (history->game, chosen);
  /* Answers written out (nocard and showcard steps rather than a suggest)
   * count as a suggestion by the one agent they were not asked of, or by
   * the showcard's target. */
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
              note_answers (seats, __builtin_ctz (~asked), hand_of_step (step),
                            (KvStep **) run->pdata, run->len);
              g_ptr_array_set_size (run, 0);
            }
          continue;
        }
      g_ptr_array_set_size (run, 0);
      if (step->kind == KV_STEP_SUGGEST && entry->expanded != NULL)
        note_answers (seats, step->agent, hand_of_step (step),
                      (KvStep **) entry->expanded->pdata, entry->expanded->len);
      else if (step->kind == KV_STEP_SHOWCARD)
        note_answers (seats, step->target, hand_of_step (step), &step, 1);
    }
  return seats;
}

/* --- a turn -------------------------------------------------------------- */

static KvStep *
cards_step (const KvGame *game, KvStepKind kind, guint agent, KvHand cards)
{
  KvStep *step = kv_step_new ((KvGame *) game, kind);

  step->agent = agent;
  step->cards = g_new (guint8, MAX (1, __builtin_popcountll (cards)));
  for (guint c = 0; c < game->n_cards; c++)
    if (cards & KV_CARD_BIT (c))
      step->cards[step->n_cards++] = c;
  return step;
}

void
kv_turn_suggestion_free (KvTurnSuggestion *suggestion)
{
  if (suggestion == NULL)
    return;
  g_clear_pointer (&suggestion->suggest, kv_step_unref);
  g_clear_pointer (&suggestion->answers, g_ptr_array_unref);
  g_free (suggestion);
}

KvTurnSuggestion *
kv_turn_suggest (KvTurnSeats *seats, guint agent, KvState *state, GRand *rand)
{
  const KvGame *game = seats->game;
  KvPlayer *player = seats->players[agent];
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;
  KvTurnSuggestion *s;
  KvHand cards;

  g_return_val_if_fail (player != NULL, NULL);

  if (player->strategy->knows (player, state))
    return NULL;
  cards = player->strategy->suggest (player, state, rand);
  if (cards == 0)
    return NULL;
  s = g_new0 (KvTurnSuggestion, 1);
  s->suggest = cards_step (game, KV_STEP_SUGGEST, agent, cards);
  s->answers = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  s->as_default = TRUE;
  s->shower = s->shown = -1;
  for (guint i = 1; i <= n_responders && i < game->n_agents && s->shower < 0; i++)
    {
      guint responder = (agent + i) % game->n_agents;
      KvHand held = game->deal[responder] & cards;
      KvPlayer *p = seats->players[responder];
      KvStep *answer;

      if (held == 0)
        answer = cards_step (game, KV_STEP_NOCARD, responder, cards);
      else
        {
          /* Only a player holds cards: observer seats hold none. */
          g_assert (p != NULL);
          s->shower = responder;
          s->shown = p->strategy->show (p, state, agent, held, rand);
          s->as_default = s->shown == __builtin_ctzll (held);
          answer = cards_step (game, KV_STEP_SHOWCARD, responder, cards);
          answer->target = agent;
          answer->shown = s->shown;
        }
      g_ptr_array_add (s->answers, answer);
    }
  return s;
}

KvStep *
kv_turn_end (KvTurnSeats *seats, guint agent, KvState *state, const KvTurnSuggestion *suggestion)
{
  KvPlayer *player = seats->players[agent];
  gboolean knows;
  KvStep *ending;

  g_return_val_if_fail (player != NULL, NULL);

  if (suggestion != NULL)
    note_answers (seats, agent, hand_of_step (suggestion->suggest),
                  (KvStep **) suggestion->answers->pdata, suggestion->answers->len);
  knows = player->strategy->knows (player, state);
  /* A win is true: every strategy knows δ by the model's reckoning or by
   * a sound bookkeeping of what it saw. endmove announces ¬win{agent}:
   * only naive can fail to see that it knows δ, and then it passes. */
  if (!knows && kv_strategy_state_knows (state, agent))
    return NULL;
  ending = kv_step_new (seats->game, knows ? KV_STEP_WIN : KV_STEP_ENDMOVE);
  ending->agent = agent;
  return ending;
}

/* --- on a history ------------------------------------------------------- */

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

/* The state after the history's last step. */
static KvState *
last_state (const KvHistory *history)
{
  return kv_history_get (history, kv_history_length (history) - 1)->state;
}

/* Appends @suggestion: its suggest when the history's expansion says the
 * same, else its answers. */
static gboolean
push_suggestion (KvHistory *history, const KvTurnSuggestion *suggestion, GError **error)
{
  if (suggestion->as_default)
    return kv_history_push (history, suggestion->suggest, error);
  for (guint i = 0; i < suggestion->answers->len; i++)
    if (!kv_history_push (history, g_ptr_array_index (suggestion->answers, i), error))
      return FALSE;
  return TRUE;
}

/* The agent who moves next in @history: the one after the last to move,
 * or the one whose suggest is still without its ending (@suggested). */
static guint
next_agent (const KvHistory *history, const KvTurnSeats *seats, gboolean *suggested)
{
  const KvStep *last = last_turn_step (history);
  guint first = seats->players[0] != NULL ? 0 : kv_turn_seats_next (seats, 0);

  *suggested = last != NULL && last->kind == KV_STEP_SUGGEST;
  if (last == NULL)
    return first;
  return *suggested ? last->agent : kv_turn_seats_next (seats, last->agent);
}

guint
kv_turn_play (KvHistory               *history,
              const KvStrategy *const *strategies,
              GRand                   *rand,
              guint                   *agent_out,
              GError                 **error)
{
  guint length, agent;
  gboolean suggested;
  g_autofree char *why = NULL;
  g_autoptr(KvTurnSeats) seats = NULL;
  g_autoptr(KvTurnSuggestion) suggestion = NULL;
  g_autoptr(KvStep) ending = NULL;
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

  length = kv_history_length (history);
  seats = kv_turn_seats_from_history (history, strategies);
  agent = next_agent (history, seats, &suggested);
  if (suggested && seats->players[agent] != NULL)
    {
      /* Finish that turn, unless the agent passes: then the next moves. */
      ending = kv_turn_end (seats, agent, last_state (history), NULL);
      if (ending == NULL)
        agent = kv_turn_seats_next (seats, agent);
    }
  if (agent_out != NULL)
    *agent_out = agent;
  if (seats->players[agent] == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE, _("Player %s never moves: it is an observer."),
                   history->game->agent_names[agent]);
      return 0;
    }

  if (ending == NULL)
    {
      suggestion = kv_turn_suggest (seats, agent, last_state (history), rand);
      if (suggestion != NULL && !push_suggestion (history, suggestion, error))
        {
          kv_history_truncate (history, length - 1);
          return 0;
        }
      ending = kv_turn_end (seats, agent, last_state (history), suggestion);
    }
  if (ending == NULL)
    {
      /* It passes: the suggest stays without an ending. */
      if (kv_history_length (history) > length)
        return kv_history_length (history) - length;
      g_set_error (error, KV_ERROR, KV_ERROR_FALSE,
                   _("Player %s has nothing to suggest and cannot end its move."),
                   history->game->agent_names[agent]);
      return 0;
    }
  if (!kv_history_push (history, ending, error))
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
