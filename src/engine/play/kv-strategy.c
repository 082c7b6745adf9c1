// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-strategy.c: random, naive, del and del+ (see kv-strategy.h) */
#define G_LOG_DOMAIN "kv-strategy"
#include "config.h"

#include <string.h>

#include "kv-strategy.h"

KvPlayer *
kv_player_new (const KvGame *game, guint agent, const KvStrategy *strategy)
{
  KvPlayer *player = g_new0 (KvPlayer, 1);

  g_return_val_if_fail (agent < game->n_agents && strategy != NULL, player);

  player->strategy = strategy;
  player->agent = agent;
  for (guint c = 0; c < game->n_cards; c++)
    player->seen_owner[c] = (game->deal[agent] & KV_CARD_BIT (c)) ? (int) agent : -1;
  return player;
}

void
kv_player_observe (KvPlayer *player, const KvGame *game, guint suggester, KvHand cards,
                   int shower, int shown, gboolean all_answered)
{
  if (suggester != player->agent)
    return;                     /* a showcard to someone else shows it nothing */
  if (shower >= 0)
    player->seen_owner[shown] = shower;
  else if (all_answered && game->has_envelope)
    /* Nobody else holds them: those it does not hold are in the envelope. */
    player->envelope |= cards & ~game->deal[player->agent];
}

/* --- reading the model: the player's class at the point --------------- */

static guint
owner_key (const KvModel *model, guint world)
{
  const KvGame *game = model->game;

  /* Worlds agree on δ iff they agree on the envelope (or on the deal). */
  return game->has_envelope ? 0 : model->deal[world];
}

gboolean
kv_strategy_model_knows (const KvModel *model, guint agent)
{
  const KvGame *game = model->game;
  g_autoptr(KvBits) cls = kv_model_class_of (model, agent, model->actual);
  guint actual = model->actual;

  for (int w = kv_bits_next (cls, 0); w >= 0; w = kv_bits_next (cls, w + 1))
    {
      if (game->has_envelope
          ? kv_model_hand (model, w, kv_game_envelope (game)) != kv_model_hand (model, actual, kv_game_envelope (game))
          : owner_key (model, w) != owner_key (model, actual))
        return FALSE;
    }
  return TRUE;
}

/* --- reading a symbolic state: the envelopes still possible ------------ */

/* Whether envelope @a comes before @b in the explicit engine's deal
 * order: by the card of the first envelope category, then the next, … */
static gboolean
envelope_before (const KvGame *game, KvHand a, KvHand b)
{
  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      KvHand in_cat = 0;

      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) cat)
          in_cat |= KV_CARD_BIT (c);
      if ((a & in_cat) != (b & in_cat))
        return (a & in_cat) < (b & in_cat);
    }
  return FALSE;
}

gboolean
kv_strategy_state_knows (KvState *state, guint agent)
{
  const KvModel *model = kv_state_model (state);
  g_autoptr(GArray) envelopes = NULL;

  if (model != NULL)
    return kv_strategy_model_knows (model, agent);
  if (!kv_state_game (state)->has_envelope)
    return kv_state_knowledge (state)->agents[agent].wins;
  /* One envelope left is knowing δ, and a cheaper read-out than the
   * whole knowledge table. */
  envelopes = kv_state_envelopes (state, agent);
  return envelopes->len == 1;
}

/* The cards whose owner @agent does not know, from the knowledge table. */
static KvHand
state_unknown_cards (KvState *state, guint agent)
{
  const KvKnowledge *k = kv_state_knowledge (state);
  KvHand unknown = 0;

  for (guint c = 0; c < k->n_cards; c++)
    if (kv_knowledge_known_owner (k->agents[agent].possible[c]) < 0)
      unknown |= KV_CARD_BIT (c);
  return unknown;
}

/* The envelope of @agent's class that the explicit engine's first world
 * of the class has (worlds keep the deal order through every product). */
static KvHand
state_first_envelope (KvState *state, guint agent)
{
  const KvGame *game = kv_state_game (state);
  g_autoptr(GArray) envelopes = kv_state_envelopes (state, agent);
  KvHand first;

  g_assert (envelopes->len > 0);
  first = g_array_index (envelopes, KvHand, 0);
  for (guint i = 1; i < envelopes->len; i++)
    if (envelope_before (game, g_array_index (envelopes, KvHand, i), first))
      first = g_array_index (envelopes, KvHand, i);
  return first;
}

/* The envelope cards of @envelope in suggestion order is card order; a
 * suggestion is a card set, so this is all a suggestion needs. */
static KvHand
envelope_of (const KvModel *model, guint world)
{
  return kv_model_hand (model, world, kv_game_envelope (model->game));
}

/* The cards whose owner @agent does not know at the point. */
static KvHand
unknown_cards (const KvModel *model, guint agent)
{
  const KvGame *game = model->game;
  g_autoptr(KvBits) cls = kv_model_class_of (model, agent, model->actual);
  const KvHand *actual = kv_model_hands (model, model->actual);
  KvHand unknown = 0;

  for (int w = kv_bits_next (cls, 0); w >= 0; w = kv_bits_next (cls, w + 1))
    for (guint o = 0; o < kv_game_n_owners (game); o++)
      unknown |= kv_model_hand (model, w, o) ^ actual[o];
  return unknown;
}

/* A world of @agent's class: the first, or a random one. */
static guint
class_world (const KvModel *model, guint agent, GRand *rand)
{
  g_autoptr(KvBits) cls = kv_model_class_of (model, agent, model->actual);
  guint k = rand != NULL ? (guint) g_rand_int_range (rand, 0, kv_bits_count (cls)) : 0;
  int w = kv_bits_next (cls, 0);

  while (k-- > 0)
    w = kv_bits_next (cls, w + 1);
  g_assert (w >= 0);
  return w;
}

static KvHand
model_suggest (const KvModel *model, guint agent, GRand *rand)
{
  if (!model->game->has_envelope)
    return unknown_cards (model, agent);
  return envelope_of (model, class_world (model, agent, rand));
}

/* model_suggest on either back-end; on the symbolic one @rand picks an
 * envelope, not a world (kv-strategy.h). */
static KvHand
state_suggest (KvState *state, guint agent, GRand *rand)
{
  const KvModel *model = kv_state_model (state);
  g_autoptr(GArray) envelopes = NULL;

  if (model != NULL)
    return model_suggest (model, agent, rand);
  if (!kv_state_game (state)->has_envelope)
    return state_unknown_cards (state, agent);
  if (rand == NULL)
    return state_first_envelope (state, agent);
  envelopes = kv_state_envelopes (state, agent);
  return g_array_index (envelopes, KvHand, g_rand_int_range (rand, 0, envelopes->len));
}

/* --- showing -------------------------------------------------------- */

static guint
lowest_card (KvHand hand)
{
  g_assert (hand != 0);
  return (guint) __builtin_ctzll (hand);
}

static guint
random_card (KvHand hand, GRand *rand)
{
  guint k = (guint) g_rand_int_range (rand, 0, __builtin_popcountll (hand));

  while (k-- > 0)
    hand &= hand - 1;
  return lowest_card (hand);
}

/* Shows what the suggester has already seen from it if it can: that
 * tells nobody anything new. */
static guint
show_known_first (KvPlayer *player, KvState *state, guint suggester,
                  KvHand can_show, GRand *rand)
{
  KvHand seen = can_show & player->shown_to[suggester];
  guint card = lowest_card (seen != 0 ? seen : can_show);

  player->shown_to[suggester] |= KV_CARD_BIT (card);
  return card;
}

static guint
show_random (KvPlayer *player, KvState *state, guint suggester,
             KvHand can_show, GRand *rand)
{
  return random_card (can_show, rand);
}

/* --- random ----------------------------------------------------------- */

static KvHand
random_suggest (KvPlayer *player, KvState *state, GRand *rand)
{
  return state_suggest (state, player->agent, rand);
}

static gboolean
model_knows (KvPlayer *player, KvState *state)
{
  return kv_strategy_state_knows (state, player->agent);
}

/* --- naive: its own bookkeeping only ---------------------------------- */

/* The envelope's card of category @cat as naive knows it, or -1: a card
 * marked as in the envelope (nobody could show it), else the one card of
 * the category whose owner it has not seen. The marks come first: the
 * envelope's card may come after two unseen cards of its category. */
static int
naive_envelope_card (const KvPlayer *player, const KvGame *game, guint cat)
{
  int candidate = -1;
  guint n_unseen = 0;

  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == (int) cat && (player->envelope & KV_CARD_BIT (c)))
      return c;
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == (int) cat && player->seen_owner[c] < 0)
      {
        candidate = c;
        n_unseen++;
      }
  return n_unseen == 1 ? candidate : -1;
}

static gboolean
naive_knows (KvPlayer *player, KvState *state)
{
  const KvGame *game = kv_state_game (state);

  if (game->has_envelope)
    {
      for (guint cat = 0; cat < game->n_categories; cat++)
        if ((game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat))
            && naive_envelope_card (player, game, cat) < 0)
          return FALSE;
      return TRUE;
    }
  else
    {
      /* Every card seen, or the unseen ones all fit in one hand. */
      guint free_owners = 0;

      for (guint a = 0; a < game->n_agents; a++)
        {
          guint seen = 0;

          for (guint c = 0; c < game->n_cards; c++)
            seen += player->seen_owner[c] == (int) a;
          free_owners += seen < game->hand_sizes[a];
        }
      return free_owners <= 1;
    }
}

static KvHand
naive_suggest (KvPlayer *player, KvState *state, GRand *rand)
{
  const KvGame *game = kv_state_game (state);
  KvHand suggestion = 0;

  if (!game->has_envelope)
    {
      for (guint c = 0; c < game->n_cards; c++)
        if (player->seen_owner[c] < 0)
          suggestion |= KV_CARD_BIT (c);
      return suggestion;
    }
  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      KvHand candidates = 0;
      int known;

      if (!(game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat)))
        continue;
      known = naive_envelope_card (player, game, cat);
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) cat && (known >= 0 ? c == (guint) known : player->seen_owner[c] < 0))
          candidates |= KV_CARD_BIT (c);
      if (candidates != 0)
        suggestion |= KV_CARD_BIT (random_card (candidates, rand));
    }
  return suggestion;
}

/* --- del: the model ----------------------------------------------------- */

static KvHand
del_suggest (KvPlayer *player, KvState *state, GRand *rand)
{
  return state_suggest (state, player->agent, NULL);
}

/* --- del+: the most informative suggestion --------------------------------- */

/* What @agent would see at @world when suggesting @cards: who shows first
 * (1 … n_agents-1 after it, 0 for nobody) and which card, as its place
 * among the suggested cards (the first it holds: the agent cannot know
 * the responder's choice). */
static guint
observation (const KvModel *model, guint world, guint agent, KvHand cards, guint stride)
{
  const KvGame *game = model->game;
  guint n_responders = game->responders == KV_RESPONDERS_NEXT ? 1 : game->n_agents - 1;

  for (guint i = 1; i <= n_responders && i < game->n_agents; i++)
    {
      KvHand held = kv_model_hand (model, world, (agent + i) % game->n_agents) & cards;

      if (held != 0)
        return i * stride + __builtin_popcountll (cards & (KV_CARD_BIT (lowest_card (held)) - 1));
    }
  return 0;
}

/* The envelope of @world as a number: its card's place in each envelope
 * category, mixed radix. */
static guint
envelope_index (const KvModel *model, guint world, const guint *place, const guint *radix)
{
  KvHand envelope = envelope_of (model, world);
  guint index = 0;

  for (; envelope != 0; envelope &= envelope - 1)
    {
      guint card = lowest_card (envelope);

      index += place[card] * radix[card];
    }
  return index;
}

/* How many envelopes @agent would still consider possible after the
 * answer to @cards, summed over the worlds of its class @cls: the expected
 * number of envelopes left, times the class size. Smaller is better. */
static guint64
split_score (const KvModel *model, const KvBits *cls, const guint *envelope_ids, guint n_envelopes,
             guint agent, KvHand cards, guint *counts, guint *group_sizes)
{
  guint stride = __builtin_popcountll (cards) + 1;
  guint n_groups = model->game->n_agents * stride;
  guint64 score = 0;
  guint i = 0;

  memset (counts, 0, sizeof (guint) * n_groups * n_envelopes);
  memset (group_sizes, 0, sizeof (guint) * n_groups);
  for (int w = kv_bits_next (cls, 0); w >= 0; w = kv_bits_next (cls, w + 1), i++)
    {
      guint g = observation (model, w, agent, cards, stride);

      counts[g * n_envelopes + envelope_ids[i]]++;
      group_sizes[g]++;
    }
  for (guint g = 0; g < n_groups; g++)
    if (group_sizes[g] > 0)
      {
        guint distinct = 0;

        for (guint e = 0; e < n_envelopes; e++)
          distinct += counts[g * n_envelopes + e] > 0;
        score += (guint64) group_sizes[g] * distinct;
      }
  return score;
}

/* Every suggestion: one card of each envelope category (the next after
 * @prev in odometer order), or 0 after the last. */
static KvHand
next_suggestion (const KvGame *game, KvHand prev)
{
  KvHand next = 0;
  gboolean carry = TRUE;

  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      int first = -1, current = -1, after = -1;

      if (!(game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat)))
        continue;
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) cat)
          {
            if (first < 0)
              first = c;
            if (current >= 0 && after < 0)
              after = c;
            if (prev & KV_CARD_BIT (c))
              current = c;
          }
      if (prev == 0)
        next |= KV_CARD_BIT (first);
      else if (carry)
        {
          carry = after < 0;
          next |= KV_CARD_BIT (after < 0 ? first : after);
        }
      else
        next |= KV_CARD_BIT (current);
    }
  return prev != 0 && carry ? 0 : next;
}

/* del+ on the symbolic back-end, over the envelopes @player still
 * considers possible, P, each counted once. For a suggestion S, let S' be
 * its cards the player does not hold. At an envelope E of P the answer
 * shows one of the cards X = S' − E (each taken as likely; an answer
 * cannot show a card of the envelope), after which the envelopes of P
 * without that card are left; when X is empty nobody can show, and those
 * holding all of S' are left. The score is the number left, summed over
 * P (so the mean times |P|, scaled by LCM so it stays a whole number);
 * the smallest wins, the first in odometer order on a tie. Exact, and
 * |P| × suggestions × categories steps: a few hundred thousand in Cluedo. */
static KvHand
del_plus_envelopes (KvPlayer *player, KvState *state)
{
  const KvGame *game = kv_state_game (state);
  const guint64 lcm = 720720;          /* divisible by every |X| ≤ 16 */
  KvHand hand = game->deal[player->agent];
  g_autoptr(GArray) envelopes = kv_state_envelopes (state, player->agent);
  const KvHand *p = (const KvHand *) envelopes->data;
  guint64 without[KV_MAX_CARDS];
  KvHand best = 0;
  guint64 best_score = G_MAXUINT64;

  /* The envelopes of P a shown card c leaves: those without c. */
  for (guint c = 0; c < game->n_cards; c++)
    {
      without[c] = 0;
      for (guint i = 0; i < envelopes->len; i++)
        without[c] += !(p[i] & KV_CARD_BIT (c));
    }
  for (KvHand s = next_suggestion (game, 0); s != 0; s = next_suggestion (game, s))
    {
      KvHand asked = s & ~hand;
      guint64 holding_all = 0, score = 0;

      for (guint i = 0; i < envelopes->len; i++)
        holding_all += (p[i] & asked) == asked;
      for (guint i = 0; i < envelopes->len && score < best_score; i++)
        {
          KvHand shown = asked & ~p[i];
          guint64 left = 0;

          if (shown == 0)
            {
              score += holding_all * lcm;
              continue;
            }
          for (KvHand x = shown; x != 0; x &= x - 1)
            left += without[lowest_card (x)];
          score += left * (lcm / __builtin_popcountll (shown));
        }
      if (score < best_score)
        {
          best = s;
          best_score = score;
        }
    }
  return best;
}

static KvHand
del_plus_suggest (KvPlayer *player, KvState *state, GRand *rand)
{
  const KvModel *model = kv_state_model (state);
  const KvGame *game = kv_state_game (state);
  guint place[KV_MAX_CARDS] = { 0 }, radix[KV_MAX_CARDS] = { 0 };
  guint n_envelopes = 1, n_groups = game->n_agents * (game->n_categories + 1), i = 0;
  g_autoptr(KvBits) cls = NULL;
  g_autofree guint *envelope_ids = NULL;
  g_autofree guint *counts = NULL;
  g_autofree guint *group_sizes = NULL;
  KvHand best = 0;
  guint64 best_score = G_MAXUINT64;

  if (!game->has_envelope)
    return del_suggest (player, state, rand);
  if (model == NULL)
    return del_plus_envelopes (player, state);

  for (guint cat = 0; cat < game->n_categories; cat++)
    if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat))
      {
        guint n = 0;

        for (guint c = 0; c < game->n_cards; c++)
          if (game->card_category[c] == (int) cat)
            {
              place[c] = n++;
              radix[c] = n_envelopes;
            }
        n_envelopes *= n;
      }

  cls = kv_model_class_of (model, player->agent, model->actual);
  envelope_ids = g_new (guint, kv_bits_count (cls));
  for (int w = kv_bits_next (cls, 0); w >= 0; w = kv_bits_next (cls, w + 1))
    envelope_ids[i++] = envelope_index (model, w, place, radix);
  counts = g_new (guint, n_groups * n_envelopes);
  group_sizes = g_new (guint, n_groups);
  for (KvHand s = next_suggestion (game, 0); s != 0; s = next_suggestion (game, s))
    {
      guint64 score = split_score (model, cls, envelope_ids, n_envelopes, player->agent, s,
                                   counts, group_sizes);

      if (score < best_score)
        {
          best = s;
          best_score = score;
        }
    }
  return best;
}

/* --- uniform: Aartun's opponents ---------------------------------------- */

/* One card of each envelope category, each as likely, whatever it has
 * seen: a uniformly random envelope of all of them. */
static KvHand
uniform_suggest (KvPlayer *player, KvState *state, GRand *rand)
{
  const KvGame *game = kv_state_game (state);
  KvHand suggestion = 0;

  if (!game->has_envelope)
    return random_suggest (player, state, rand);
  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      KvHand in_cat = 0;

      if (!(game->envelope_categories & (G_GUINT64_CONSTANT (1) << cat)))
        continue;
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) cat)
          in_cat |= KV_CARD_BIT (c);
      suggestion |= KV_CARD_BIT (random_card (in_cat, rand));
    }
  return suggestion;
}

/* It never accuses (a turn player that knows δ in the model and does not
 * say so cannot end its move: it passes, kv-turn.h). */
static gboolean
never_knows (KvPlayer *player, KvState *state)
{
  return FALSE;
}

static const KvStrategy strategies[] = {
  { "random", random_suggest, show_random, model_knows },
  { "naive", naive_suggest, show_known_first, naive_knows },
  { "del", del_suggest, show_known_first, model_knows },
  { "del+", del_plus_suggest, show_known_first, model_knows },
  { "uniform", uniform_suggest, show_random, never_knows },
};

/* The players; uniform, an opponent that never wins, is found by name. */
static const char *const names[] = { "random", "naive", "del", "del+", NULL };

const KvStrategy *
kv_strategy_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (strategies); i++)
    if (g_strcmp0 (strategies[i].name, name) == 0)
      return &strategies[i];
  return NULL;
}

const char *const *
kv_strategy_names (void)
{
  return names;
}

const KvStrategy *
kv_strategy_nth (guint index)
{
  return index < G_N_ELEMENTS (strategies) ? &strategies[index] : NULL;
}
