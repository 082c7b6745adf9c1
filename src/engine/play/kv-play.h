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

typedef struct {
  KvGame    *game;        /* the game with this record's deal */
  GPtrArray *steps;       /* KvStep*: as played; a suggest whose shows all
                           * follow the default rule stays a suggest, else
                           * its nocard/showcard answers are written out */
  KvState   *state;       /* after the last step */
  int        winner;      /* the agent that won, or -1 (round limit) */
  guint      turns;       /* turns taken */
  guint      rounds;      /* rounds begun when the game ended */
  guint      observer_known;  /* δ's cards the observer (common knowledge) knew at the end */
  guint      observer_total;  /* δ's cards (envelope cards, or all cards) */
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
