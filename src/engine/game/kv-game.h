// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-game.h: a knowledge game — agents, cards, categories, hands, envelope,
 * the actual deal and the custom action models a script declares.
 *
 * A KvGame is immutable once built and reference counted: every model, step
 * and history of the game holds a reference.
 *
 * Owners are numbered 0 … n_agents-1 for the agents, then n_agents for the
 * envelope when the game has one (kv_game_n_owners counts it). A hand is a
 * bit set of cards (KvHand), so games have at most KV_MAX_CARDS cards.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KV_MAX_CARDS  64
#define KV_MAX_AGENTS 16
/* The longest title and name (agent, card, category) a script or model
 * file may give, in characters: checked where they are read, so that no
 * picture, table or message is made from a megabyte of text. */
#define KV_MAX_TITLE_LENGTH 200
#define KV_MAX_NAME_LENGTH  64
/* The longest line of narration (say, summary), in characters: a few
 * sentences a teacher reads out. */
#define KV_MAX_SAY_LENGTH   1000
/* The longest step, event precondition and question's formula a script
 * gives, in characters as written: as long as a line of narration. Each
 * is shown whole, in a picture's title, the history, the tables and a
 * worksheet, so a longer one would make any of them unreadable. */
#define KV_MAX_STEP_LENGTH  1000
#define KV_NO_CATEGORY (-1)

typedef guint64 KvHand;

#define KV_CARD_BIT(c) (G_GUINT64_CONSTANT (1) << (c))

/* Hands ascending as numbers, for g_array_sort (). */
static inline int
kv_hand_compare (gconstpointer a, gconstpointer b)
{
  KvHand x = *(const KvHand *) a, y = *(const KvHand *) b;

  return x < y ? -1 : x > y;
}

typedef enum {
  KV_RESPONDERS_CLOCKWISE,   /* every agent after the suggester, wrapping, until one shows */
  KV_RESPONDERS_NEXT,        /* only the next agent answers */
} KvResponders;

typedef struct _KvActionModel KvActionModel;

typedef struct {
  gatomicrefcount ref;

  char    *title;

  guint    n_agents;
  char   **agent_names;      /* n_agents */
  guint   *hand_sizes;       /* n_agents */

  guint    n_cards;
  char   **card_names;       /* n_cards, in declaration order */
  int     *card_category;    /* n_cards: category index or KV_NO_CATEGORY */

  guint    n_categories;
  char   **category_names;   /* n_categories */

  gboolean has_envelope;
  guint64  envelope_categories;  /* bit per category: one card of it is in the envelope */

  KvHand  *deal;             /* n_owners hands: the actual deal */
  KvResponders responders;

  GPtrArray *actions;        /* KvActionModel*: custom action models, in declaration order */

  /* A lesson's words (kv-narration.h), NULL when the script has none:
   * KvSay* titles in other languages, summary and initial narration;
   * KvAsk* questions after the last step. */
  GPtrArray *titles, *summary, *say, *final_asks;
} KvGame;

KvGame     *kv_game_ref             (KvGame *game);
void        kv_game_unref           (KvGame *game);

guint       kv_game_n_owners        (const KvGame *game);
const char *kv_game_owner_name      (const KvGame *game, guint owner);     /* "env" for the envelope */
guint       kv_game_envelope        (const KvGame *game);                  /* the envelope's owner index */

int         kv_game_find_agent      (const KvGame *game, const char *name); /* -1 if none */
int         kv_game_find_owner      (const KvGame *game, const char *name); /* agents and "env" */
int         kv_game_find_card       (const KvGame *game, const char *name);
/* Whether @owner may hold @card in a deal: a player any card, the envelope
 * only the cards of its categories. */
gboolean    kv_game_can_hold        (const KvGame *game, guint owner, guint card);
int         kv_game_find_category   (const KvGame *game, const char *name);
const KvActionModel *kv_game_find_action (const KvGame *game, const char *name);

/* The owner of @card in the deal @hands (n_owners hands). */
guint       kv_game_owner_of        (const KvGame *game, const KvHand *hands, guint card);

/* The number of deals the game's header allows, as a double (it may be huge),
 * computed without enumerating them. */
double      kv_game_count_deals     (const KvGame *game);

/* Cards of @hand as "a b c" in card order; free with g_free. */
char       *kv_game_hand_to_string  (const KvGame *game, KvHand hand);

/* Checks the header is a game: hand sizes add up to the cards outside the
 * envelope, the deal gives every card one owner, respects hand sizes and the
 * envelope's categories. Used by the script reader after the header. */
gboolean    kv_game_validate        (const KvGame *game, GError **error);
/* Its deal part: whether @deal (n_owners hands) is a deal of @game — no
 * card it does not have, every card to one owner, every player its hand
 * size, the envelope one card of each of its categories and nothing else;
 * else FALSE with the first thing wrong ("player 2 holds 3 cards; the game
 * deals 2"). */
gboolean    kv_game_validate_deal   (const KvGame *game, const KvHand *deal, GError **error);
/* Whether @a and @b (n_owners hands each) are the same deal. */
gboolean    kv_game_deal_equal      (const KvGame *game, const KvHand *a, const KvHand *b);

/* A new game like @game (its action models shared) but dealt @deal
 * (n_owners hands, copied; NULL: @game's deal). Not checked: see
 * kv_game_validate_deal. */
KvGame     *kv_game_copy_with_deal  (const KvGame *game, const KvHand *deal);

/* A new, empty game for the script reader to fill in. */
KvGame     *kv_game_new             (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvGame, kv_game_unref)

G_END_DECLS
