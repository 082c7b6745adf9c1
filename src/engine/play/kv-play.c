// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-play.c: self-play (see kv-play.h) */
#define G_LOG_DOMAIN "kv-play"
#include "config.h"

#include <string.h>

#include "kv-play.h"
#include "kv-action-model.h"
#include "kv-knowledge.h"
#include "kv-product-update.h"
#include "kv-script.h"
#include "kv-turn.h"

KvGame *
kv_play_deal (const KvGame *game, GRand *rand)
{
  KvGame *copy = kv_game_copy_with_deal (game, NULL);
  guint n_owners = kv_game_n_owners (game);
  g_autofree guint8 *rest = g_new (guint8, game->n_cards);
  guint n_rest = 0, next = 0;

  /* The game's deal gives way to a new one. */
  g_free (copy->deal);
  copy->deal = g_new0 (KvHand, n_owners);
  for (guint cat = 0; cat < game->n_categories; cat++)
    if (game->has_envelope && (game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat)))
      {
        guint n = 0, pick;

        for (guint c = 0; c < game->n_cards; c++)
          n += game->card_category[c] == (int) cat;
        pick = g_rand_int_range (rand, 0, n);
        for (guint c = 0; c < game->n_cards; c++)
          if (game->card_category[c] == (int) cat && pick-- == 0)
            copy->deal[kv_game_envelope (game)] |= KV_CARD_BIT (c);
      }
  for (guint c = 0; c < game->n_cards; c++)
    if (!(copy->deal[n_owners - 1] & KV_CARD_BIT (c)) || !game->has_envelope)
      rest[n_rest++] = c;
  /* Fisher–Yates, then hands in agent order. */
  for (guint i = n_rest; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint8 t = rest[i - 1];

      rest[i - 1] = rest[j];
      rest[j] = t;
    }
  for (guint a = 0; a < game->n_agents; a++)
    for (guint k = 0; k < game->hand_sizes[a]; k++)
      copy->deal[a] |= KV_CARD_BIT (rest[next++]);
  g_assert (next == n_rest);
  return copy;
}

void
kv_play_record_free (KvPlayRecord *record)
{
  if (record == NULL)
    return;
  g_clear_pointer (&record->game, kv_game_unref);
  g_clear_pointer (&record->steps, g_ptr_array_unref);
  g_clear_pointer (&record->state, kv_state_unref);
  g_clear_pointer (&record->before, kv_state_unref);
  g_free (record);
}

static KvStep *
cards_step (KvGame *game, KvStepKind kind, guint agent, KvHand cards)
{
  KvStep *step = kv_step_new (game, kind);

  step->agent = agent;
  step->cards = g_new (guint8, __builtin_popcountll (cards));
  for (guint c = 0; c < game->n_cards; c++)
    if (cards & KV_CARD_BIT (c))
      step->cards[step->n_cards++] = c;
  return step;
}

KvStep *
kv_play_choose_suggestion_state (KvPlayer *player, KvState *state, GRand *rand)
{
  KvHand cards = player->strategy->suggest (player, state, rand);

  return cards == 0 ? NULL : cards_step (kv_state_game (state), KV_STEP_SUGGEST, player->agent, cards);
}

KvStep *
kv_play_choose_suggestion (KvPlayer *player, const KvModel *model, GRand *rand)
{
  /* States never change their model: the cast only takes a reference. */
  g_autoptr(KvState) state = kv_state_new_for_model ((KvModel *) model);

  return kv_play_choose_suggestion_state (player, state, rand);
}

/* Applies @step (taking it) to the record's model and records it unless
 * @record_it is FALSE (answers recorded as their suggest). */
static gboolean
apply (KvPlayRecord *record, KvStep *step, gboolean record_it,
       KvPlayStepFunc func, gpointer data, gboolean *stop, GError **error)
{
  g_autoptr(KvStep) owned = step;
  g_autoptr(KvState) before = record->state;
  KvState *after = kv_state_apply_step (before, step, error);

  if (after == NULL)
    {
      record->state = g_steal_pointer (&before);
      return FALSE;
    }
  record->state = after;
  /* Only the observer's figure needs it: a symbolic state held on keeps
   * its θ in BuDDy's table. */
  if (record->observer >= 0)
    {
      g_clear_pointer (&record->before, kv_state_unref);
      record->before = kv_state_ref (before);
    }
  if (record_it)
    g_ptr_array_add (record->steps, g_steal_pointer (&owned));
  if (func != NULL && !func (record, before, step, data))
    *stop = TRUE;
  return TRUE;
}

/* What the players know in common at the end, and the observer just
 * before the last step and at the end. */
static gboolean
count_knowledge (KvPlayRecord *record, GError **error)
{
  const KvGame *game = record->game;
  guint32 players = 0;
  g_autoptr(GError) local = NULL;

  record->delta_total = game->has_envelope ? __builtin_popcountll (game->deal[kv_game_envelope (game)])
                                           : game->n_cards;
  for (guint a = 0; a < game->n_agents; a++)
    if ((int) a != record->observer)
      players |= 1u << a;
  record->common_known = kv_play_common_known (record->state, players, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (record->observer >= 0)
    {
      kv_play_knows_of (record->before != NULL ? record->before : record->state, record->observer,
                        &record->observer_before);
      kv_play_knows_of (record->state, record->observer, &record->observer_end);
    }
  return TRUE;
}

/* Whether @suggestion asks exactly δ. */
static gboolean
asks_delta (const KvGame *game, const KvTurnSuggestion *suggestion)
{
  KvHand cards = 0;

  if (!game->has_envelope)
    return FALSE;
  for (guint i = 0; i < suggestion->suggest->n_cards; i++)
    cards |= KV_CARD_BIT (suggestion->suggest->cards[i]);
  return cards == game->deal[kv_game_envelope (game)];
}

/* Applies @suggestion's answers to the record's state; the record keeps
 * its suggest when that says the same, else the answers. */
static gboolean
apply_suggestion (KvPlayRecord *record, const KvTurnSuggestion *suggestion,
                  KvPlayStepFunc func, gpointer data, gboolean *stop, GError **error)
{
  if (suggestion->as_default)
    g_ptr_array_add (record->steps, kv_step_ref (suggestion->suggest));
  for (guint i = 0; i < suggestion->answers->len && !*stop; i++)
    if (!apply (record, kv_step_ref (g_ptr_array_index (suggestion->answers, i)),
                !suggestion->as_default, func, data, stop, error))
      return FALSE;
  return TRUE;
}

KvPlayRecord *
kv_play_game (KvGame *game, KvEngineKind engine, const KvStrategy *const *strategies,
              GRand *rand, guint max_rounds, KvPlayStepFunc func, gpointer data,
              GError **error)
{
  return kv_play_game_with_options (game, engine, strategies, rand, max_rounds, NULL,
                                    func, data, error);
}

/* A new record of @game (with the observer @options asks for) at its
 * initial state, and its seats. */
static KvPlayRecord *
record_new (KvGame *game, KvEngineKind engine, const KvStrategy *const *strategies,
            const KvPlayOptions *options, KvTurnSeats **seats, GError **error)
{
  g_autoptr(KvPlayRecord) record = g_new0 (KvPlayRecord, 1);
  const KvStrategy *seated[KV_MAX_AGENTS] = { NULL };

  record->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  record->winner = -1;
  record->observer = -1;
  if (options != NULL && options->observer)
    {
      record->game = kv_play_add_observer (game, error);
      if (record->game == NULL)
        return NULL;
      record->observer = game->n_agents;
    }
  else
    record->game = kv_game_ref (game);
  record->state = kv_state_new_initial (record->game, engine, 0, error);
  if (record->state == NULL)
    return NULL;
  memcpy (seated, strategies, sizeof (KvStrategy *) * game->n_agents);
  *seats = kv_turn_seats_new (record->game, seated);
  return g_steal_pointer (&record);
}

KvPlayRecord *
kv_play_game_with_options (KvGame *game, KvEngineKind engine, const KvStrategy *const *strategies,
                           GRand *rand, guint max_rounds, const KvPlayOptions *options,
                           KvPlayStepFunc func, gpointer data, GError **error)
{
  g_autoptr(KvPlayRecord) record = NULL;
  g_autoptr(KvTurnSeats) seats = NULL;
  gboolean stop = FALSE, end_when_asked = options != NULL && options->end_when_first_asks;
  guint n_movers = 0, agent;

  g_return_val_if_fail (game != NULL && strategies != NULL && rand != NULL, NULL);

  /* Unannounced showcards pile up in his game: a deal keeps a world per
   * card each could have been, past what the explicit engine holds. */
  if (end_when_asked && engine == KV_ENGINE_AUTO)
    engine = KV_ENGINE_SYMBOLIC;
  record = record_new (game, engine, strategies, options, &seats, error);
  if (record == NULL)
    return NULL;
  for (guint a = 0; a < record->game->n_agents; a++)
    n_movers += seats->players[a] != NULL;
  g_return_val_if_fail (n_movers > 0, NULL);
  agent = seats->players[0] != NULL ? 0 : kv_turn_seats_next (seats, 0);

  /* One turn per iteration, by kv-turn.h's turn player. */
  for (; !stop && record->winner < 0 && !record->ended_by_ask && record->turns < max_rounds * n_movers;
       agent = kv_turn_seats_next (seats, agent))
    {
      g_autoptr(KvTurnSuggestion) suggestion = NULL;
      KvStep *ending;

      record->turns++;
      record->rounds = (record->turns + n_movers - 1) / n_movers;
      suggestion = kv_turn_suggest (seats, agent, record->state, rand);
      if (suggestion != NULL && asks_delta (record->game, suggestion) && record->done_round[agent] == 0)
        record->done_round[agent] = record->rounds;
      if (suggestion != NULL && !apply_suggestion (record, suggestion, func, data, &stop, error))
        return NULL;
      if (stop)
        break;
      /* Aartun's end: seat 1 has asked δ (and heard nobody show). */
      if (end_when_asked && agent == 0 && record->done_round[0] != 0)
        {
          record->ended_by_ask = TRUE;
          break;
        }
      ending = kv_turn_end (seats, agent, record->state, suggestion);
      /* Nobody announces in his game: only seat 1's win (it knows δ, so
       * it would ask for it) ends a turn with a step. */
      if (end_when_asked && ending != NULL && (agent != 0 || ending->kind != KV_STEP_WIN))
        g_clear_pointer (&ending, kv_step_unref);
      if (ending == NULL)
        continue;               /* it passes */
      if (!apply (record, ending, TRUE, func, data, &stop, error))
        return NULL;
      if (ending->kind == KV_STEP_WIN)
        {
          record->winner = agent;
          if (record->done_round[agent] == 0)
            record->done_round[agent] = record->rounds;
        }
    }
  if (!count_knowledge (record, error))
    return NULL;
  return g_steal_pointer (&record);
}

char *
kv_play_record_to_script (const KvPlayRecord *record)
{
  return kv_script_to_text (record->game, record->steps);
}
