// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament.c: a self-play tournament (see kv-tournament.h) */
#define G_LOG_DOMAIN "kv-tournament"
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "kv-tournament.h"
#include "kv-write.h"

struct _KvTournament
{
  KvGame            *game;
  const KvStrategy  *listed[KV_MAX_AGENTS];
  guint32            seed;
  KvEngineKind       engine;
  KvPlayOptions      options;
  char              *transcripts;
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
  self->result.n_seats = game->n_agents;
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_return_val_if_fail (listed[a] != NULL, self);
      self->listed[a] = listed[a];
      self->result.seats[a].name = listed[a]->name;
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
kv_tournament_set_options (KvTournament        *self,
                           const KvPlayOptions *options)
{
  g_return_if_fail (self != NULL && options != NULL);
  g_free (self->transcripts);
  self->transcripts = g_strdup (options->transcripts);
  self->options = *options;
  self->options.transcripts = self->transcripts;
}

void
kv_tournament_free (KvTournament *self)
{
  if (self == NULL)
    return;
  g_free (self->transcripts);
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
          watch->mover = (record->turns - 1) % (record->game->n_agents - (record->observer >= 0));
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

static void
add_knows (KvTournamentKnows *sum, guint delta_known, guint owners_known, guint delta_total)
{
  sum->knew_delta += delta_known == delta_total;
  sum->delta_known_sum += delta_known;
  sum->owners_known_sum += owners_known;
}

/* Game @number as DIR/game-NNNN.kvg, a script `run` replays. */
static gboolean
write_transcript (const char *dir, guint number, const KvPlayRecord *record, GError **error)
{
  g_autofree char *name = g_strdup_printf ("game-%04u.kvg", number);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = kv_play_record_to_script (record);

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  return kv_write_file (path, text, -1, 0666, error);
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
    seats[a] = self->listed[self->options.fixed_seats ? a : (a + g) % n_agents];
  /* The suggestions are tallied into a copy, kept only when the game is. */
  {
    KvTournamentResult tallied = *result;

    watch.result = &tallied;
    watch.seats = seats;
    record = kv_play_game_with_options (dealt, self->engine, seats, rand,
                                        KV_TOURNAMENT_MAX_ROUNDS, &self->options,
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
    result->no_winner += !record->ended_by_ask;
  else
    {
      KvTournamentTally *tally = tally_of (result, seats[record->winner]->name);

      tally->wins++;
      tally->rounds_sum += record->rounds;
      tally->by_rounds[MIN (record->rounds, KV_TOURNAMENT_MAX_ROUNDS)]++;
    }
  add_knows (&result->common, record->common_known, 0, record->delta_total);
  result->delta_total_sum += record->delta_total;
  result->ended_by_ask += record->ended_by_ask;
  for (guint a = 0; a < n_agents; a++)
    if (record->done_round[a] > 0)
      {
        result->seats[a].done++;
        result->seats[a].rounds_sum += record->done_round[a];
      }
  if (record->observer >= 0)
    {
      add_knows (&result->observer_before, record->observer_before.delta_known,
                 record->observer_before.owners_known, record->delta_total);
      add_knows (&result->observer_end, record->observer_end.delta_known,
                 record->observer_end.owners_known, record->delta_total);
    }
  if (self->options.transcripts != NULL)
    return write_transcript (self->options.transcripts, index + 1, record, error);
  return TRUE;
}

static void
knows_add (KvTournamentKnows *into, const KvTournamentKnows *part)
{
  into->knew_delta += part->knew_delta;
  into->delta_known_sum += part->delta_known_sum;
  into->owners_known_sum += part->owners_known_sum;
}

void
kv_tournament_result_add (KvTournamentResult       *into,
                          const KvTournamentResult *part)
{
  g_return_if_fail (into != NULL && part != NULL && into->n_tallies == part->n_tallies
                    && into->n_seats == part->n_seats);

  into->games += part->games;
  into->no_winner += part->no_winner;
  into->ended_by_ask += part->ended_by_ask;
  into->delta_total_sum += part->delta_total_sum;
  knows_add (&into->common, &part->common);
  knows_add (&into->observer_before, &part->observer_before);
  knows_add (&into->observer_end, &part->observer_end);
  for (guint a = 0; a < into->n_seats; a++)
    {
      into->seats[a].done += part->seats[a].done;
      into->seats[a].rounds_sum += part->seats[a].rounds_sum;
    }
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

double
kv_tournament_seat_mean (const KvTournamentSeat *seat)
{
  g_return_val_if_fail (seat != NULL, 0.0);
  return seat->done == 0 ? 0.0 : (double) seat->rounds_sum / seat->done;
}
