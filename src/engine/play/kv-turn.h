// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-turn.h: one Cluedo turn, the one turn player of the project: `play`,
 * `search`, the tournament dialog (kv-play.h), Next turn and Play to the
 * end in the window (the history functions below) all take turns with it,
 * so the same seats, state and GRand give the same moves everywhere.
 *
 * A turn of an agent that does not know δ yet: it suggests what its
 * strategy (kv-strategy.h) chooses; the responders answer from the deal as
 * the game's responders rule says, a responder that can show several cards
 * choosing by its own strategy; every player notes what it saw. Then it
 * wins if it now knows δ, else it ends its move (announcing that it cannot
 * win). An agent that already knows δ wins at once. naive may know δ in the
 * model without seeing it in its bookkeeping: it cannot truthfully end its
 * move then, and passes (the suggest stays without an ending).
 *
 * Observer seats (strategy NULL) never move and hold no cards: they are
 * skipped in the turn order and answer nocard. */
#pragma once

#include "kv-history.h"
#include "kv-strategy.h"

G_BEGIN_DECLS

/* The players at the table: one KvPlayer per agent (NULL for an observer
 * seat), with their bookkeeping so far. */
typedef struct {
  KvGame   *game;
  KvPlayer *players[KV_MAX_AGENTS];
} KvTurnSeats;

/* Seats for @game as dealt, agent a playing @strategies[a] (NULL: an
 * observer seat). */
KvTurnSeats *kv_turn_seats_new          (KvGame                  *game,
                                         const KvStrategy *const *strategies);
/* Seats whose bookkeeping is what they saw in @history (suggestions,
 * nocards, showcards; the cards each has shown to whom). An entry of
 * @strategies that is NULL, or @strategies NULL, plays del. */
KvTurnSeats *kv_turn_seats_from_history (const KvHistory         *history,
                                         const KvStrategy *const *strategies);
void         kv_turn_seats_free         (KvTurnSeats             *seats);

/* The agent after @agent that moves (observer seats skipped). */
guint        kv_turn_seats_next         (const KvTurnSeats       *seats,
                                         guint                    agent);

/* A suggestion and its answers. */
typedef struct {
  KvStep    *suggest;
  GPtrArray *answers;      /* KvStep*: nocards, then the showcard if any */
  gboolean   as_default;   /* every show is the lowest card it could show:
                            * the suggest alone says the same */
  int        shower;       /* the agent that showed, or -1 */
  int        shown;        /* the card it showed, or -1 */
} KvTurnSuggestion;

/* The first half of @agent's turn at @state: its suggestion with the
 * answers, or NULL when it knows δ already or has nothing left to ask. */
KvTurnSuggestion *kv_turn_suggest (KvTurnSeats *seats, guint agent, KvState *state, GRand *rand);
/* The second half at @state, after the answers to @suggestion (NULL when
 * there was none, or when the seats have noted it already): every player
 * notes the suggestion, then @agent's ending — win when it knows δ,
 * endmove when it may truthfully end its move, NULL when it can do
 * neither (it passes). */
KvStep           *kv_turn_end     (KvTurnSeats *seats, guint agent, KvState *state,
                                   const KvTurnSuggestion *suggestion);
void              kv_turn_suggestion_free (KvTurnSuggestion *suggestion);

/* --- on a history: Next turn and Play to the end ------------------------ */

/* Appends the next turn's steps to @history (after its last entry), agent
 * a playing @strategies[a] (del for all when @strategies is NULL or its
 * entry is), drawing from @rand (NULL: one seeded with the history's
 * length). The next agent is the one after the last to move (the first when
 * nobody has); a turn left half done (a suggest without its ending) is
 * finished first, unless that agent passes. A suggestion whose shows all
 * follow the default rule is appended as its suggest (the history expands
 * it), else as its nocard and showcard steps. Returns the number of steps
 * appended (0 with @error set when nothing could be done: the game is
 * over, or a step was refused), and the agent in @agent. */
guint kv_turn_play        (KvHistory               *history,
                           const KvStrategy *const *strategies,
                           GRand                   *rand,
                           guint                   *agent,
                           GError                 **error);

/* Told after each turn kv_turn_play_to_end plays: the turns played so
 * far. FALSE stops it before the next turn. */
typedef gboolean (*KvTurnProgress) (guint    turns,
                                    gpointer data);

/* Plays turns until someone wins (at most @max_turns; fewer when
 * @progress, which may be NULL, says stop), all drawing from @rand.
 * Returns the steps added. A turn refused sets @error: the turns before it
 * stay in @history (the caller decides what to keep); 0 with @error set
 * when not one could be played. */
guint kv_turn_play_to_end (KvHistory               *history,
                           const KvStrategy *const *strategies,
                           GRand                   *rand,
                           guint                    max_turns,
                           KvTurnProgress           progress,
                           gpointer                 data,
                           GError                 **error);

/* Why there is no next turn (someone has won), or NULL. Free with g_free. */
char *kv_turn_why_not (const KvHistory *history);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvTurnSeats, kv_turn_seats_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvTurnSuggestion, kv_turn_suggestion_free)

G_END_DECLS
