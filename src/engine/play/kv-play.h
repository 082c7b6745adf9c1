// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-play.h: self-play — a whole game played by strategies.
 *
 * A game starts from a random deal (drawn from a GRand, so a seed gives the
 * same games), agents take turns in agent order: a turn is a suggestion
 * answered from the deal as the game's responders rule says (a responder
 * that can show several cards chooses by its strategy), then `win` when the
 * player knows δ, else `endmove`. The first winner ends the game.
 *
 * The game runs on a KvState, so on either back-end (kv-state.h): the
 * explicit one for games whose deals fit the world limit, the symbolic one
 * for real Cluedo. Games may run in several threads at once, a game in
 * one: KvState serialises the symbolic engine's calls (kv-state.h).
 */
#pragma once

#include "kv-strategy.h"
#include "kv-step.h"

G_BEGIN_DECLS

/* How a game is set up beyond the strategies: the experiments of the
 * sources (docs/experiments.md). Zeroed: none of them. */
typedef struct {
  /* Bowman's observer: an agent "o" with no cards that never moves is
   * added after the players (kv_play_add_observer); what it knows just
   * before the last step and at the end is recorded. */
  gboolean    observer;
  /* Aartun's end: the game ends when agent 0 (seat 1) suggests exactly
   * δ, or wins, whichever comes first. */
  gboolean    end_when_first_asks;
  /* Tournaments: the strategies keep their seats (no rotation). */
  gboolean    fixed_seats;
  /* Tournaments: each game is written as DIR/game-NNNN.kvg (NULL: not). */
  const char *transcripts;
} KvPlayOptions;

/* What an agent knows at one point: of δ's cards (the envelope's, or in
 * a game without one every card), how many it knows the owner of; and of
 * all cards, how many it knows the owner of. */
typedef struct {
  guint delta_known;
  guint owners_known;
} KvPlayKnows;

typedef struct {
  KvGame    *game;        /* the game with this record's deal (and the
                           * observer, when there is one) */
  GPtrArray *steps;       /* KvStep*: as played; a suggest whose shows all
                           * follow the default rule stays a suggest, else
                           * its nocard/showcard answers are written out */
  KvState   *state;       /* after the last step */
  KvState   *before;      /* with an observer, the state before the last
                           * step (NULL: no step, or no observer) */
  int        winner;      /* the agent that won, or -1 (round limit, or
                           * ended when agent 0 asked δ) */
  guint      turns;       /* turns taken */
  guint      rounds;      /* rounds begun when the game ended */
  /* The round in which each agent first won or suggested exactly δ, or 0. */
  guint      done_round[KV_MAX_AGENTS];
  gboolean   ended_by_ask;    /* end_when_first_asks ended it */
  guint      delta_total;     /* δ's cards (envelope cards, or all cards) */
  /* Common knowledge among the players (the observer not among them) at
   * the end: δ's cards whose owner is common knowledge. */
  guint      common_known;
  /* The observer agent, or -1; what it knew just before the last step
   * (for a win, after the winner's suggestion was answered) and at the end. */
  int          observer;
  KvPlayKnows  observer_before, observer_end;
} KvPlayRecord;

/* Called after each step with the state before it (the record holds the
 * one after it); returning FALSE stops the game there (the record ends
 * with that step). */
typedef gboolean (*KvPlayStepFunc) (const KvPlayRecord *record, KvState *before,
                                    const KvStep *step, gpointer data);

/* A copy of @game with a deal drawn from @rand. */
KvGame *kv_play_deal (const KvGame *game, GRand *rand);

/* Plays one game of @game as dealt on the back-end @engine chooses
 * (kv_state_new_initial, default world limit), agent a using
 * @strategies[a]; at most @max_rounds rounds. @func may be NULL. */
KvPlayRecord *kv_play_game (KvGame *game, KvEngineKind engine,
                            const KvStrategy *const *strategies, GRand *rand,
                            guint max_rounds, KvPlayStepFunc func, gpointer data,
                            GError **error);
/* The same set up as @options says (NULL: as kv_play_game). With an
 * observer, @strategies names the players only. */
KvPlayRecord *kv_play_game_with_options (KvGame *game, KvEngineKind engine,
                                         const KvStrategy *const *strategies, GRand *rand,
                                         guint max_rounds, const KvPlayOptions *options,
                                         KvPlayStepFunc func, gpointer data, GError **error);

/* @game with one more agent, "o" (or "o2", … when taken), holding no cards:
 * an observer. NULL with @error for a game with custom action models
 * (they name the agents they were written for). */
KvGame *kv_play_add_observer (const KvGame *game, GError **error);
/* What @agent knows at the point of @state (kv-play-observer.c). */
void    kv_play_knows_of     (KvState *state, guint agent, KvPlayKnows *knows);
/* δ's cards whose owner is common knowledge among @agents (a bit mask) at
 * the point of @state; all agents read the knowledge table, a group checks
 * C{group} c@owner for each. */
guint   kv_play_common_known (KvState *state, guint32 agents, GError **error);

/* The suggest step @player's strategy makes at the point of @state, or
 * NULL when it has nothing left to ask. Next turn in the window uses it. */
KvStep *kv_play_choose_suggestion_state (KvPlayer *player, KvState *state, GRand *rand);
/* The same at the point of an explicit @model. */
KvStep *kv_play_choose_suggestion (KvPlayer *player, const KvModel *model, GRand *rand);

/* The record as a script `run` replays. */
char *kv_play_record_to_script (const KvPlayRecord *record);

void  kv_play_record_free (KvPlayRecord *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvPlayRecord, kv_play_record_free)

G_END_DECLS
