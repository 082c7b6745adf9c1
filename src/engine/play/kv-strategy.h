// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-strategy.h: players that reason — what a player suggests, which card it
 * shows when it may show several, and when it accuses (wins).
 *
 * A strategy is a small table of functions over a KvPlayer, the state one
 * player keeps during one game:
 *   random  suggests an envelope it still considers possible, picked at random;
 *   naive   uses only its own hand and what it was shown (and that nobody
 *           could show at its own suggestion): its own bookkeeping, never the
 *           Kripke model — Aartun's agent without modal reasoning;
 *   del     uses its whole knowledge in the model (its class at the actual
 *           world: what it learned from everybody's nocard, showcard, endmove);
 *   del+    as del, and suggests what leaves the fewest expected worlds in
 *           its class after the answer.
 *   uniform Aartun's opponents: suggests one card of each envelope category,
 *           each as likely (an envelope of all, whatever it has seen),
 *           shows at random and never accuses; not among
 *           kv_strategy_names (it never wins), but found by name.
 * Every strategy wins only when it knows δ by its own reckoning; random, del
 * and del+ read that from the model (win{a}), naive from its bookkeeping.
 *
 * The strategies read a KvState, so they play on either back-end. On the
 * explicit one they read the worlds of their class (the game records in
 * tests/engine/play are theirs). On the symbolic one they read what
 * kv_state_envelopes gives, the envelopes still possible for them:
 *   del     the first of those in the order the explicit engine deals
 *           (category by category, cards in game order) — the envelope of
 *           the first world of its class there, so both back-ends agree;
 *   random  one of those envelopes, each as likely (the explicit engine
 *           picks a world of its class, so an envelope held by more worlds
 *           is likelier there: its games differ between back-ends);
 *   del+    the suggestion that leaves the fewest envelopes possible on
 *           average, counted over envelopes rather than worlds (see
 *           del_plus_envelopes in kv-strategy.c): the explicit engine's
 *           count per world needs the worlds, which the symbolic one does
 *           not list, so del+'s games differ between back-ends.
 * naive reads only the game and its own bookkeeping: the same everywhere.
 */
#pragma once

#include "kv-state.h"

G_BEGIN_DECLS

typedef struct _KvPlayer KvPlayer;

typedef struct {
  const char *name;
  /* The cards to suggest (one per envelope category, or in a game without
   * envelope the cards whose owner it does not know); 0 when nothing is left. */
  KvHand   (*suggest) (KvPlayer *player, KvState *state, GRand *rand);
  /* The card to show @suggester out of @can_show (never empty). */
  guint    (*show)    (KvPlayer *player, KvState *state, guint suggester,
                       KvHand can_show, GRand *rand);
  /* Whether it knows δ and accuses. */
  gboolean (*knows)   (KvPlayer *player, KvState *state);
} KvStrategy;

/* The strategies by name ("random", "naive", "del", "del+", "uniform"), or NULL. */
const KvStrategy *kv_strategy_find  (const char *name);
/* Their names, NULL-terminated, static. */
const char *const *kv_strategy_names (void);
/* Every strategy kv_strategy_find finds, uniform too, in order: the
 * @index-th, or NULL past the last. */
const KvStrategy *kv_strategy_nth (guint index);

struct _KvPlayer {
  const KvStrategy *strategy;
  guint    agent;
  /* naive's bookkeeping: the owner of each card it has seen (-1 unknown). */
  int      seen_owner[KV_MAX_CARDS];
  KvHand   envelope;                   /* cards it knows are in the envelope */
  /* Cards this player has shown to each agent (all strategies prefer them). */
  KvHand   shown_to[KV_MAX_AGENTS];
};

/* A player of @game for @agent with @strategy; its own hand comes from the
 * game's deal. Free with g_free. */
KvPlayer *kv_player_new (const KvGame *game, guint agent, const KvStrategy *strategy);

/* What the player observes of a suggestion by @suggester of @cards: @shower
 * showed @shown (to the suggester only), or @shower is -1 when nobody could
 * show and @all_answered says every other agent was asked. */
void kv_player_observe (KvPlayer *player, const KvGame *game, guint suggester, KvHand cards,
                        int shower, int shown, gboolean all_answered);

/* Whether agent @agent knows δ in @model at the point (win{agent}). */
gboolean kv_strategy_model_knows (const KvModel *model, guint agent);
/* The same on either back-end. */
gboolean kv_strategy_state_knows (KvState *state, guint agent);

G_END_DECLS
