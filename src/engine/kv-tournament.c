// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament.c: a self-play tournament (see kv-tournament.h) */
#define G_LOG_DOMAIN "kv-tournament"
#include "config.h"

#include "kv-tournament.h"

struct _KvTournament
{
  KvGame            *game;
  const KvStrategy  *listed[KV_MAX_AGENTS];
  GRand             *rand;
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
  self->rand = g_rand_new_with_seed (seed);
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
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self);
}

gboolean
kv_tournament_play_game (KvTournament  *self,
                         GError       **error)
{
  KvTournamentResult *result;
  const KvStrategy *seats[KV_MAX_AGENTS];
  g_autoptr(KvGame) dealt = NULL;
  g_autoptr(KvPlayRecord) record = NULL;
  guint n_agents, g;

  g_return_val_if_fail (self != NULL, FALSE);

  result = &self->result;
  n_agents = self->game->n_agents;
  g = result->games;
  /* As kv-cli-play.c: the deal first, then the game, from one GRand. */
  dealt = kv_play_deal (self->game, self->rand);
  for (guint a = 0; a < n_agents; a++)
    seats[a] = self->listed[(a + g) % n_agents];
  record = kv_play_game (dealt, self->engine, seats, self->rand, KV_TOURNAMENT_MAX_ROUNDS, NULL, NULL, error);
  if (record == NULL)
    return FALSE;

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
