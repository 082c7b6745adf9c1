// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament.h: a self-play tournament — N games of one game between
 * strategies, tallied per strategy, as `kripkeviz-cli play` plays them.
 *
 * Game g is dealt and played from a GRand seeded with the seed and g alone,
 * so a game plays the same whichever process, shard or order plays it (the
 * results of disjoint sets of games add up to one run's); the strategies
 * rotate over the seats from game to game (game g gives agent a the
 * strategy (a + g) mod n of the list), so no strategy keeps the first move.
 * With fixed seats (KvPlayOptions) agent a always plays the a-th strategy.
 * The tournament plays one game per call, so a caller can show progress and
 * stop between games (the window does, on its main loop). GTK-free.
 *
 * The games run on the back-end kv_tournament_set_engine names (auto by
 * default: explicit when the deals fit the world limit). A tournament may
 * be played on a thread of its own, symbolic or not, while other games run
 * elsewhere: the symbolic engine's calls take turns on KvState's lock
 * (kv-state.h), one call at a time. One tournament is one thread's.
 */
#pragma once

#include "kv-play.h"

G_BEGIN_DECLS

#define KV_TOURNAMENT_MAX_ROUNDS 100
/* The most games one run plays (`play --games`). */
#define KV_TOURNAMENT_MAX_GAMES 1000000

typedef struct {
  const char *name;                 /* the strategy's (static) */
  guint       seats;                /* agent-games played with it */
  guint       wins;
  guint64     rounds_sum;           /* over its wins */
  guint       by_rounds[KV_TOURNAMENT_MAX_ROUNDS + 1];  /* wins in r rounds */
  /* Its suggestions: how many, how many asked a card of its own hand, how
   * many nobody answered with a showcard, and its wins in the turn of such
   * an unanswered suggestion (what sets del and del+ apart, README). */
  guint       suggestions;
  guint       own_card;
  guint       unanswered;
  guint       won_unanswered;
} KvTournamentTally;

/* One seat's figure (agent a of every game, whatever strategy sits
 * there): the games in which it won or suggested exactly δ, and the sum of
 * the rounds when it first did (Aartun's "rounds until it asked δ"). */
typedef struct {
  const char *name;                 /* the listed strategy's, fixed seats */
  guint       done;
  guint64     rounds_sum;
} KvTournamentSeat;

/* What one agent knew at one point, summed over the games. */
typedef struct {
  guint   knew_delta;               /* games it knew every card of δ */
  guint64 delta_known_sum;          /* δ's cards it knew the owner of */
  guint64 owners_known_sum;         /* cards it knew the owner of */
} KvTournamentKnows;

typedef struct {
  guint             games;          /* played so far */
  guint             no_winner;      /* games nobody won in the round limit */
  guint             ended_by_ask;   /* games ended when seat 1 asked δ
                                     * (without a winner) */
  guint64           delta_total_sum;    /* δ's cards, summed over the games */
  /* Common knowledge among the players at the end: delta_known_sum and
   * knew_delta (owners_known_sum unused). */
  KvTournamentKnows common;
  /* The observer (KvPlayOptions.observer) just before the last step and
   * at the end. */
  KvTournamentKnows observer_before, observer_end;
  guint             n_seats;        /* players (the observer not counted) */
  KvTournamentSeat  seats[KV_MAX_AGENTS];
  guint             n_tallies;      /* distinct strategies, first-listed first */
  KvTournamentTally tallies[KV_MAX_AGENTS];
} KvTournamentResult;

typedef struct _KvTournament KvTournament;

/* A tournament of @game (its deal is not used) between @listed, one
 * strategy per agent in list order, dealt from @seed. */
KvTournament *kv_tournament_new        (KvGame                   *game,
                                        const KvStrategy *const  *listed,
                                        guint32                   seed);
void          kv_tournament_free       (KvTournament             *tournament);
/* The back-end of the games to come (KV_ENGINE_AUTO at first). */
void          kv_tournament_set_engine (KvTournament             *tournament,
                                        KvEngineKind              engine);

/* How the games to come are set up (copied; @options->transcripts too). */
void          kv_tournament_set_options (KvTournament            *tournament,
                                         const KvPlayOptions     *options);

/* Plays the next game; FALSE with @error when it could not be played. */
gboolean      kv_tournament_play_game  (KvTournament             *tournament,
                                        GError                  **error);
/* Plays game @index (its deal, seats and moves) and adds it to the result. */
gboolean      kv_tournament_play_game_at (KvTournament           *tournament,
                                          guint                   index,
                                          GError                **error);
/* Adds @part, the result of other games of the same tournament, to @into. */
void          kv_tournament_result_add (KvTournamentResult       *into,
                                        const KvTournamentResult *part);
const KvTournamentResult *kv_tournament_get_result (const KvTournament *tournament);

/* A tally's win share of @result's games and its mean rounds to win
 * (0 without games or wins). */
double        kv_tournament_tally_share (const KvTournamentTally  *tally,
                                         const KvTournamentResult *result);
double        kv_tournament_tally_mean  (const KvTournamentTally  *tally);
/* A seat's mean rounds until it won or asked δ (0 when it never did). */
double        kv_tournament_seat_mean   (const KvTournamentSeat   *seat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvTournament, kv_tournament_free)

G_END_DECLS
