// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-turn.h: "Next turn" — the next agent takes a Cluedo turn by itself.
 * GTK-free: it only reads and extends a history.
 *
 * The agent after the one who moved last (the first agent when nobody has)
 * suggests what its strategy (kv-strategy.h: random, naive, del, del+)
 * chooses; the default, del, suggests an envelope it still considers
 * possible (one card of each envelope category, from the first world of its
 * class at the actual world); in games without an envelope, the cards whose
 * owner it does not know yet.
 * The responders answer from the deal (the engine expands the suggest). Then
 * it wins if it now knows δ, else it ends its move. An agent that already
 * knows δ wins at once. A turn left half done (a suggest without its ending)
 * is finished first. */
#pragma once

#include "kv-engine.h"

G_BEGIN_DECLS

/* Appends the turn's steps to @history (after its last entry), agent a
 * playing @strategies[a] (del for all when @strategies is NULL or its entry
 * is), drawing from @rand (NULL: one seeded with the history's length).
 * Returns the number of steps appended (0 with @error set when nothing
 * could be done: the game is over, or a step was refused), and the agent
 * in @agent. */
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

G_END_DECLS
