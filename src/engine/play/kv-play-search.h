// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-play-search.h: searching self-play for van Ditmarsch's open question —
 * an unsuccessful endmove: nobody knows δ, a player ends its move (¬win
 * for it is announced), and afterwards someone knows δ. */
#pragma once

#include "kv-play.h"

G_BEGIN_DECLS

typedef struct {
  guint games_searched;   /* games played until the first find (or all) */
  guint games_found;      /* games with such an endmove */
  KvPlayRecord *first;    /* the first find, ending with its endmove; or NULL */
  guint first_game;       /* its game number, from 1 */
  guint32 learners;       /* agents that know δ right after that endmove */
} KvSearchResult;

/* Plays up to @games games of @game from deals drawn from @rand (agent a
 * with @strategies[a]) on the back-end @engine chooses, stopping each game
 * at its first unsuccessful endmove. Stops at the first find unless
 * @count_all. */
KvSearchResult *kv_play_search_unsuccessful (const KvGame *game, KvEngineKind engine,
                                             const KvStrategy *const *strategies,
                                             GRand *rand, guint games, gboolean count_all,
                                             GError **error);
void kv_search_result_free (KvSearchResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvSearchResult, kv_search_result_free)

G_END_DECLS
