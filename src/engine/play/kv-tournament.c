// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament.c: a self-play tournament (see kv-tournament.h) */
#define G_LOG_DOMAIN "kv-tournament"
#include "config.h"

#include "kv-tournament.h"

struct _KvTournament
{
  KvGame            *game;
  const KvStrategy  *listed[KV_MAX_AGENTS];
  guint32            seed;
  KvEngineKind       engine;
  KvTournamentResult result;
};

static KvTournamentTally *
tally_of (KvTournamentResult *result,
          const char         *name)
{
  for (guint i = 0; i < result->n_tallies; i++)
    if (g_str_equal (result->tallies[i].name, name))
      return &result->tallies[i];
  return NULL;
}

KvTournament *
kv_tournament_new (KvGame                  *game,
                   const KvStrategy *const *listed,
                   guint32                  seed)
{
  KvTournament *self;

  g_return_val_if_fail (game != NULL && listed != NULL, NULL);
  g_return_val_if_fail (game->n_agents <= KV_MAX_AGENTS, NULL);

  self = g_new0 (KvTournament, 1);
  self->game = kv_game_ref (game);
  self->seed = seed;
  self->engine = KV_ENGINE_AUTO;
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_return_val_if_fail (listed[a] != NULL, self);
      self->listed[a] = listed[a];
      if (tally_of (&self->result, listed[a]->name) == NULL)
        self->result.tallies[self->result.n_tallies++].name = listed[a]->name;
    }
  return self;
}

void
kv_tournament_set_engine (KvTournament *self,
                          KvEngineKind  engine)
{
  g_return_if_fail (self != NULL);
  self->engine = engine;
}

void
kv_tournament_free (KvTournament *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->game, kv_game_unref);
  g_free (self);
}

/* One game's suggestions, followed step by step (a KvPlayStepFunc). */
typedef struct {
  KvTournamentResult      *result;
  const KvStrategy *const *seats;
  guint                    turn;      /* the turn whose suggestion is answered, 0: none */
  guint                    mover;
  gboolean                 shown;
} Watch;

/* The suggestion being followed is over: tally it if nobody showed. */
static void
watch_close (Watch    *watch,
             gboolean  won)
{
  KvTournamentTally *tally;

  if (watch->turn == 0)
    return;
  tally = tally_of (watch->result, watch->seats[watch->mover]->name);
  if (!watch->shown)
    {
      tally->unanswered++;
      tally->won_unanswered += won;
    }
  watch->turn = 0;
}

static gboolean
watch_step (const KvPlayRecord *record,
            KvState            *before,
            const KvStep       *step,
            gpointer            data)
{
  Watch *watch = data;

  if (step->kind == KV_STEP_NOCARD || step->kind == KV_STEP_SHOWCARD)
    {
      /* The first answer of this turn: its suggestion starts (a naive
       * player that passed left the last one without an ending). */
      if (watch->turn != record->turns)
        {
          KvTournamentTally *tally;
          KvHand asked = 0;

          watch_close (watch, FALSE);
          watch->turn = record->turns;
          watch->mover = (record->turns - 1) % record->game->n_agents;
          watch->shown = FALSE;
          tally = tally_of (watch->result, watch->seats[watch->mover]->name);
          for (guint i = 0; i < step->n_cards; i++)
            asked |= KV_CARD_BIT (step->cards[i]);
          tally->suggestions++;
          tally->own_card += (record->game->deal[watch->mover] & asked) != 0;
        }
      watch->shown = watch->shown || step->kind == KV_STEP_SHOWCARD;
    }
  else if (watch->turn == record->turns)
    watch_close (watch, step->kind == KV_STEP_WIN);
  return TRUE;
}

gboolean
kv_tournament_play_game (KvTournament  *self,
                         GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return kv_tournament_play_game_at (self, self->result.games, error);
}

/* Game @index's own random numbers, from the run's seed and the index alone,
 * so that a game plays the same in any process, shard or order. */
static GRand *
game_rand (guint32 seed,
           guint   index)
{
  const guint32 key[] = { seed, index };

  return g_rand_new_with_seed_array (key, G_N_ELEMENTS (key));
}

gboolean
kv_tournament_play_game_at (KvTournament  *self,
                            guint          index,
                            GError       **error)
{
  KvTournamentResult *result;
  g_autoptr(GRand) rand = NULL;
  const KvStrategy *seats[KV_MAX_AGENTS];
  g_autoptr(KvGame) dealt = NULL;
  g_autoptr(KvPlayRecord) record = NULL;
  Watch watch = { 0 };
  guint n_agents, g;

  g_return_val_if_fail (self != NULL, FALSE);

  result = &self->result;
  n_agents = self->game->n_agents;
  g = index;
  rand = game_rand (self->seed, index);
  /* The deal first, then the game, from the game's own GRand. */
  dealt = kv_play_deal (self->game, rand);
  for (guint a = 0; a < n_agents; a++)
    seats[a] = self->listed[(a + g) % n_agents];
  /* The suggestions are tallied into a copy, kept only when the game is. */
  {
    KvTournamentResult tallied = *result;

    watch.result = &tallied;
    watch.seats = seats;
    record = kv_play_game (dealt, self->engine, seats, rand, KV_TOURNAMENT_MAX_ROUNDS,
                           watch_step, &watch, error);
    if (record == NULL)
      return FALSE;
    watch_close (&watch, FALSE);
    *result = tallied;
  }

  for (guint a = 0; a < n_agents; a++)
    tally_of (result, seats[a]->name)->seats++;
  result->games++;
  if (record->winner < 0)
    result->no_winner++;
  else
    {
      KvTournamentTally *tally = tally_of (result, seats[record->winner]->name);

      tally->wins++;
      tally->rounds_sum += record->rounds;
      tally->by_rounds[MIN (record->rounds, KV_TOURNAMENT_MAX_ROUNDS)]++;
    }
  result->observer_knew_all += record->observer_known == record->observer_total;
  result->observer_known_sum += record->observer_known;
  result->observer_total_sum += record->observer_total;
  return TRUE;
}

void
kv_tournament_result_add (KvTournamentResult       *into,
                          const KvTournamentResult *part)
{
  g_return_if_fail (into != NULL && part != NULL && into->n_tallies == part->n_tallies);

  into->games += part->games;
  into->no_winner += part->no_winner;
  into->observer_knew_all += part->observer_knew_all;
  into->observer_known_sum += part->observer_known_sum;
  into->observer_total_sum += part->observer_total_sum;
  for (guint i = 0; i < into->n_tallies; i++)
    {
      KvTournamentTally *t = &into->tallies[i];
      const KvTournamentTally *p = &part->tallies[i];

      t->seats += p->seats;
      t->wins += p->wins;
      t->rounds_sum += p->rounds_sum;
      for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
        t->by_rounds[r] += p->by_rounds[r];
      t->suggestions += p->suggestions;
      t->own_card += p->own_card;
      t->unanswered += p->unanswered;
      t->won_unanswered += p->won_unanswered;
    }
}

const KvTournamentResult *
kv_tournament_get_result (const KvTournament *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->result;
}

double
kv_tournament_tally_share (const KvTournamentTally  *tally,
                           const KvTournamentResult *result)
{
  g_return_val_if_fail (tally != NULL && result != NULL, 0.0);
  return result->games == 0 ? 0.0 : (double) tally->wins / result->games;
}

double
kv_tournament_tally_mean (const KvTournamentTally *tally)
{
  g_return_val_if_fail (tally != NULL, 0.0);
  return tally->wins == 0 ? 0.0 : (double) tally->rounds_sum / tally->wins;
}
