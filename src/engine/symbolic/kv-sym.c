// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym.c: the symbolic back-end on BuDDy (see kv-sym.h for the encoding):
 * the library's start and bounds, its errors as GErrors, tracing; the
 * vocabulary (who observes each variable); the initial structure; ref
 * counting. The rest is split by concern (kv-sym-private.h lists the
 * files): reachability in kv-sym-reach.c, steps and their event variables
 * (with why one-hot rather than binary) in kv-sym-step.c, the checker in
 * kv-sym-check.c, the read-outs in kv-sym-knowledge.c. */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include <string.h>
#include <time.h>
#include <glib/gi18n.h>

#include "kv-sym-private.h"
#include "kv-error.h"
#include "kv-count.h"

int _kv_sym_error_code;
gboolean _kv_sym_trace_on;

static void reorder_from_env (void);

static void
on_gbc (int pre, bddGbcStat *stat)
{
  if (!pre)
    g_printerr ("sym: gc %d nodes, %d free, %ld ms in all, %d collections\n", stat->nodes, stat->freenodes,
                stat->sumtime * 1000 / CLOCKS_PER_SEC, stat->num);
}

static void
on_bdd_error (int code)
{
  _kv_sym_error_code = code;
}

gboolean
kv_sym_nodes_from_env (guint *nodes, GError **error)
{
  const char *text = g_getenv ("KRIPKEVIZ_BDD_NODES");
  guint64 n;

  *nodes = KV_SYM_MAX_NODES;
  if (text == NULL || *text == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, KV_SYM_MIN_NODES, KV_SYM_MAX_NODES, &n, NULL))
    {
      g_autofree char *shown = g_utf8_make_valid (text, MIN (strlen (text), 40));

      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX,
                   _("KRIPKEVIZ_BDD_NODES must be a number of BDD nodes from %u to %u, not “%s”"),
                   KV_SYM_MIN_NODES, KV_SYM_MAX_NODES, shown);
      return FALSE;
    }
  *nodes = (guint) n;
  return TRUE;
}

guint
kv_sym_max_nodes (void)
{
  guint n;

  /* Malformed: the CLI and the window said so at start; the bound stays. */
  kv_sym_nodes_from_env (&n, NULL);
  return n;
}

static void
sym_library_init (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      /* The table starts at a million nodes (or half the bound, if
       * lower: BuDDy takes a bound only above the table's size) and
       * doubles up to the bound, so that a big game collects garbage a few
       * times rather than at every step, while a small game clears little
       * memory at its start. It also grows when a collection frees less
       * than 60% of it, and each operation cache holds a sixth as many
       * entries as the table: fewer collections, within the memory
       * budgets of docs/performance.md. */
      bdd_init ((int) MIN (1000000, kv_sym_max_nodes () / 2), 100000);
      /* The event variables above the cards; each game adds its cards'
       * blocks (kv_sym_new_initial ()). BuDDy's reordering costs the
       * square of the variable count, so there are no more than the games
       * so far need. */
      bdd_setvarnum (STATE_BASE);
      bdd_error_hook (on_bdd_error);
      _kv_sym_trace_on = g_getenv ("KRIPKEVIZ_SYM_TRACE") != NULL;
      bdd_gbc_hook (_kv_sym_trace_on ? on_gbc : NULL);   /* the default one prints to stdout */
      bdd_resize_hook (NULL);
      bdd_setmaxnodenum (kv_sym_max_nodes ());
      reorder_from_env ();
      bdd_setmaxincrease ((int) kv_sym_max_nodes ());
      bdd_setminfreenodes (60);
      bdd_setcacheratio (6);
      g_once_init_leave (&done, 1);
    }
}

/* BuDDy's error @code as our refusal. The table's bound is the usual one,
 * in words a class reads (BuDDy's own: "Number of nodes reached user
 * defined maximum"). */
static void
set_too_big (GError **error, int code)
{
  g_autofree char *most = kv_count_format (kv_sym_max_nodes ());

  if (code == BDD_NODENUM)
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 /* TRANSLATORS: %s is a count of nodes, "20 000 000" */
                 _("the game has grown too big for the symbolic engine: its BDDs would need more than %s nodes"),
                 most);
  else
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 /* TRANSLATORS: the first %s is the BDD library's message; the second a count of nodes */
                 _("the game is too big for the symbolic engine: %s (the BDD table holds at most %s nodes)"),
                 bdd_errstring (code), most);
}

/* Turns a BuDDy error since the last call into a GError. BuDDy stays in
 * its error state (every later operation gives bddfalse, and its caches
 * may hold the failed operation's results) until bdd_clear_error (): a
 * refused step must not poison the states read after it. */
gboolean
_kv_sym_failed (GError **error)
{
  int code = _kv_sym_error_code;

  if (code == 0)
    return FALSE;
  _kv_sym_error_code = 0;
  bdd_clear_error ();
  if (code == SYM_TOO_MANY_VARS)
    g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                 _("the game and its steps need more than %d boolean variables"), KV_SYM_MAX_VARS);
  else
    set_too_big (error, code);
  return TRUE;
}

/* ---- room for the read-outs ---------------------------------------------
 *
 * A read-out (the knowledge table's common component, the envelopes, the
 * deals) builds BDDs, and has no way to fail: the knowledge table and the
 * strategies need its answer. The states a history keeps fill the table
 * as a game goes on (θ of real Cluedo doubles with each suggest after
 * twenty steps), so a step is refused while its structure still fits
 * when it leaves less than a read-out's room (kv_sym_apply_step ()), and
 * a read-out that still runs out of nodes is done again with the table's
 * bound raised by that room, once. (What this fixes: at step 29 of a
 * `del` self-play of cluedo the history held 18 of the 20 million nodes,
 * the common component ran out, and BuDDy, left in its error state,
 * answered bddfalse from then on: a common component of no world, then an
 * envelope projection that was no BDD at all.) */

static guint
readout_room (void)
{
  return kv_sym_max_nodes () / 8;
}

/* TRUE when the steps' structures leave a read-out its room, collecting
 * garbage first if the table looks full (the used count includes the
 * garbage); else a KV_ERROR_LIMIT error. */
gboolean
_kv_sym_leave_room (GError **error)
{
  guint most = kv_sym_max_nodes () - readout_room ();

  if ((guint) bdd_getnodenum () <= most)
    return TRUE;
  bdd_gbc ();
  if ((guint) bdd_getnodenum () <= most)
    return TRUE;
  set_too_big (error, BDD_NODENUM);
  return FALSE;
}

/* Called after a read-out's BDD operations (with _kv_sym_error_code
 * cleared before them): FALSE when they succeeded; TRUE when they ran out
 * of nodes and the table's bound now leaves them their room, so that the
 * caller drops what it built and reads again. */
gboolean
_kv_sym_readout_retry (void)
{
  static gboolean raised;
  int code = _kv_sym_error_code;

  if (code == 0)
    return FALSE;
  _kv_sym_error_code = 0;
  bdd_clear_error ();
  if (code != BDD_NODENUM || raised)
    g_error ("a read-out of the symbolic engine failed: %s", bdd_errstring (code));
  raised = TRUE;
  bdd_setmaxnodenum ((int) (kv_sym_max_nodes () + readout_room ()));
  return TRUE;
}

/* ---- the vocabulary ------------------------------------------------------ */

static Vocabulary *
initial_vocabulary (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  Vocabulary *vocabulary = g_array_sized_new (FALSE, FALSE, sizeof (Variable), game->n_cards * n_owners);

  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      {
        Variable v = { o < game->n_agents ? 1u << o : 0, var_of (game, c, o) };
        g_array_append_val (vocabulary, v);
      }
  return vocabulary;
}

Vocabulary *
_kv_sym_vocabulary_copy (const Vocabulary *vocabulary)
{
  Vocabulary *copy = g_array_sized_new (FALSE, FALSE, sizeof (Variable), vocabulary->len);

  g_array_append_vals (copy, vocabulary->data, vocabulary->len);
  return copy;
}

/* The variables none of @agents (a bit mask) observes, but for the
 * envelope's of @game when it is not NULL. Referenced. */
static BDD
unobserved (const Vocabulary *vocabulary, const KvGame *game, guint32 agents)
{
  g_autofree int *vars = g_new (int, MAX (vocabulary->len, 1));
  guint n = 0;

  for (guint p = 0; p < vocabulary->len; p++)
    if (!(variable (vocabulary, p)->observers & agents) && (game == NULL || !is_defined (game, p)))
      vars[n++] = variable (vocabulary, p)->var;
  return keep (bdd_makeset (vars, (int) n));
}

BDD
_kv_sym_unobserved_vars (const Vocabulary *vocabulary, guint32 agents)
{
  return unobserved (vocabulary, NULL, agents);
}

BDD
_kv_sym_unobserved_but_envelope (const Vocabulary *vocabulary, const KvGame *game, guint32 agents)
{
  return unobserved (vocabulary, game, agents);
}

/* ---- BuDDy's apply-and-quantify -------------------------------------------
 *
 * bdd_appex computes ∃V (f ∧ g) in one walk, without building f ∧ g: the
 * common-knowledge walk's steps (kv-sym-reach.c), M and K (kv-sym-check.c)
 * and the envelope links (kv-sym-envelope-links.c). BuDDy 2.4 keys its results
 * in the quantification cache by V's node number shifted left eight bits,
 * in an int ("FIXME: range!" in its bddop.c): past node 2^23 the key
 * overflows, and two sets whose node numbers are equal modulo 2^24 share
 * one and get each other's results (a table can hold 20 million nodes;
 * most likely why appex and appall gave wrong answers on cluedo's
 * endmoves in an early version, which avoided them since). No key
 * overflows while every V is below 2^23, so only such a V goes to
 * bdd_appex; every call must check, or one unchecked V could share a key
 * with a checked one. bdd_appex is kept for the sets it is safe with:
 * it is a third faster than our own product (kv-sym-reach.c). */
#define APPEX_MAX_NODE (1 << 23)

gboolean _kv_sym_avoid_appex;

gboolean
_kv_sym_appex_trusted (BDD vars)
{
  return vars < APPEX_MAX_NODE && !_kv_sym_avoid_appex;
}

BDD
_kv_sym_and_exist (BDD f, BDD g, BDD vars)
{
  BDD both, result;

  if (_kv_sym_appex_trusted (vars))
    return keep (bdd_appex (f, g, bddop_and, vars));
  both = keep (bdd_and (f, g));
  result = keep (bdd_exist (both, vars));
  bdd_delref (both);
  return result;
}

/* ---- reordering -----------------------------------------------------------
 *
 * θ's size depends on the order of the cards: a long game's suggestions
 * tie cards together, and an order that keeps tied cards close keeps θ
 * narrow. BuDDy's WIN2ITE can reorder the cards' blocks (each card with
 * its event variables, moved whole: BLOCK_WIDTH) when θ has grown past a
 * threshold, the threshold then becoming twice θ's size after it (four
 * times when it gained less than a quarter). It is off unless asked for
 * (KRIPKEVIZ_SYM_REORDER): each call swaps every pair of neighbouring
 * blocks level by level, over every live node, many times, and with the
 * event variables placed as kv-sym-step.c places them θ stays narrow
 * enough in the game's own order that a reordering costs more than it
 * saves. Every walk of the engine goes by levels (level_of ()), so answers
 * do not depend on the order. */

guint _kv_sym_reorder_from = 0;
#define REORDER_MOST 150000
int _kv_sym_reorder_method = BDD_REORDER_WIN2ITE;

/* KRIPKEVIZ_SYM_REORDER: "off" (the default) never reorders; "random"
 * shuffles the cards' blocks after every step, for tests (answers must
 * not change); a number is the θ size from which to reorder. */
static void
reorder_from_env (void)
{
  const char *text = g_getenv ("KRIPKEVIZ_SYM_REORDER");
  guint64 n;

  if (text == NULL)
    return;
  if (g_str_equal (text, "off"))
    _kv_sym_reorder_from = 0;
  else if (g_str_equal (text, "random"))
    {
      _kv_sym_reorder_from = 1;
      _kv_sym_reorder_method = BDD_REORDER_RANDOM;
    }
  else if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &n, NULL))
    _kv_sym_reorder_from = (guint) n;
}

/* The blocks every game's cards have used so far: they lie in a row, as
 * only they were ever moved, so declaring them all keeps blocks whole. */
static guint reorder_blocks;
static guint reorder_next;

void
_kv_sym_reorder (const KvGame *game, BDD theta)
{
  guint size;
  gint64 start = trace_start ();

  /* Off (the default): θ's size, a walk of all its nodes, is not needed. */
  if (_kv_sym_reorder_from == 0)
    return;
  size = (guint) bdd_nodecount (theta);
  /* Each call walks the table many times: on a θ this large it costs
   * more than the steps it would save. */
  if (size > REORDER_MOST && _kv_sym_reorder_method != BDD_REORDER_RANDOM)
    return;
  if (size < _kv_sym_reorder_from
      || (_kv_sym_reorder_method != BDD_REORDER_RANDOM && size < reorder_next))
    return;
  /* Reordering needs room in the table for its swaps. */
  if ((guint) bdd_getnodenum () > kv_sym_max_nodes () / 2)
    return;
  if (game->n_cards > reorder_blocks)
    {
      reorder_blocks = game->n_cards;
      bdd_clrvarblocks ();
      for (guint c = 0; c < reorder_blocks; c++)
        bdd_intaddvarblock ((int) card_base (game, c), (int) (card_base (game, c) + BLOCK_WIDTH - 1),
                            BDD_REORDER_FIXED);
    }
  bdd_reorder (_kv_sym_reorder_method);
  if (_kv_sym_error_code != 0)
    {
      /* Out of room: the order is as it was or better, the BDDs intact. */
      _kv_sym_error_code = 0;
      bdd_clear_error ();
    }
  /* An order that gained little is near the best one: wait longer. */
  reorder_next = (guint) bdd_nodecount (theta);
  reorder_next *= reorder_next > size * 3 / 4 ? 4 : 2;
  trace ("reorder", start, theta);
}

/* ---- the envelope's variables, defined -------------------------------- */

BDD
_kv_sym_envelope_holds (const KvGame *game, guint card)
{
  BDD nobody = keep (bddtrue);

  for (guint a = game->n_agents; a-- > 0;)
    set_to (&nobody, bdd_and (nobody, bdd_nithvar (var_of (game, card, a))));
  return nobody;
}

/* Each envelope variable equal to its definition, from the last card up
 * (each card's part sits below the cards above it in the order). */
static BDD
envelope_definitions (const KvGame *game)
{
  BDD law = keep (bddtrue);

  for (guint c = game->n_cards; c-- > 0;)
    {
      BDD nobody = _kv_sym_envelope_holds (game, c);
      BDD defined = keep (bdd_biimp (bdd_ithvar (var_of (game, c, kv_game_envelope (game))), nobody));

      set_to (&law, bdd_and (defined, law));
      bdd_delref (defined);
      bdd_delref (nobody);
    }
  return law;
}

BDD
_kv_sym_envelope_exist (const KvGame *game, BDD set, BDD vars)
{
  BDD law, result;

  if (!game->has_envelope)
    return keep (bdd_exist (set, vars));
  law = envelope_definitions (game);
  result = _kv_sym_and_exist (set, law, vars);
  bdd_delref (law);
  return result;
}

/* ---- the initial structure ----------------------------------------------- */

/* Exactly @k of @cards' variables for @owner are true (a counting DP from the
 * last card back, so the BDD follows the variable order). */
static BDD
owner_holds_exactly (const KvGame *game, guint owner, KvHand cards, guint k)
{
  g_autofree BDD *count = g_new (BDD, k + 1);

  for (guint j = 0; j <= k; j++)
    count[j] = keep (j == 0 ? bddtrue : bddfalse);
  for (int c = (int) game->n_cards - 1; c >= 0; c--)
    {
      BDD x;

      if (!(cards & KV_CARD_BIT (c)))
        continue;
      x = bdd_ithvar (var_of (game, (guint) c, owner));
      for (guint j = k + 1; j-- > 0;)
        {
          BDD held = j > 0 ? count[j - 1] : bddfalse;
          set_to (&count[j], bdd_ite (x, held, count[j]));
        }
    }
  for (guint j = 0; j < k; j++)
    bdd_delref (count[j]);
  return count[k];
}

/* θ of the initial structure: every card has one owner, every agent its
 * hand size, the envelope one card of each of its categories. */
static BDD
initial_law (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  KvHand every = game->n_cards == 64 ? G_MAXUINT64 : KV_CARD_BIT (game->n_cards) - 1;
  BDD theta = keep (bddtrue);

  for (guint c = 0; c < game->n_cards; c++)
    {
      BDD one = keep (bddfalse);

      for (guint o = 0; o < n_owners; o++)
        {
          BDD only = keep (bddtrue);

          for (guint p = 0; p < n_owners; p++)
            set_to (&only, bdd_and (only, p == o ? bdd_ithvar (var_of (game, c, p))
                                                 : bdd_nithvar (var_of (game, c, p))));
          set_to (&one, bdd_or (one, only));
          bdd_delref (only);
        }
      set_to (&theta, bdd_and (theta, one));
      bdd_delref (one);
    }
  for (guint a = 0; a < game->n_agents; a++)
    {
      BDD hand = owner_holds_exactly (game, a, every, game->hand_sizes[a]);
      set_to (&theta, bdd_and (theta, hand));
      bdd_delref (hand);
    }
  if (game->has_envelope)
    {
      for (guint k = 0; k < game->n_categories; k++)
        {
          KvHand cards = 0;
          guint want = (game->envelope_categories >> k) & 1;
          BDD part;

          for (guint c = 0; c < game->n_cards; c++)
            if (game->card_category[c] == (int) k)
              cards |= KV_CARD_BIT (c);
          part = owner_holds_exactly (game, kv_game_envelope (game), cards, want);
          set_to (&theta, bdd_and (theta, part));
          bdd_delref (part);
        }
      /* Cards of no category are never in the envelope. */
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == KV_NO_CATEGORY)
          set_to (&theta, bdd_and (theta, bdd_nithvar (var_of (game, c, kv_game_envelope (game)))));
      /* The envelope's variables are defined, not kept (is_defined ()). */
      {
        g_autofree int *vars = g_new (int, game->n_cards);
        BDD envelope;

        for (guint c = 0; c < game->n_cards; c++)
          vars[c] = var_of (game, c, kv_game_envelope (game));
        envelope = keep (bdd_makeset (vars, (int) game->n_cards));
        set_to (&theta, bdd_exist (theta, envelope));
        bdd_delref (envelope);
      }
    }
  return theta;
}

/* The actual deal as a cube over the state variables. */
static BDD
actual_deal_cube (const KvGame *game)
{
  guint n_owners = kv_game_n_owners (game);
  BDD cube = keep (bddtrue);

  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      {
        int v = var_of (game, c, o);
        gboolean held = (game->deal[o] & KV_CARD_BIT (c)) != 0;
        set_to (&cube, bdd_and (cube, held ? bdd_ithvar (v) : bdd_nithvar (v)));
      }
  return cube;
}

/* Takes @vocabulary, @theta and @actual. */
KvSym *
_kv_sym_new (KvGame *game, Vocabulary *vocabulary, BDD theta, BDD actual)
{
  KvSym *sym = g_new0 (KvSym, 1);

  g_atomic_ref_count_init (&sym->ref);
  sym->game = kv_game_ref (game);
  sym->vocabulary = vocabulary;
  sym->theta = theta;
  sym->actual = actual;
  sym->mover = -1;
  return sym;
}

/* Links @sym's deals to @from's (see deals_from), taking @deals_step. */
void
_kv_sym_set_deals_from (KvSym *sym, KvSym *from, BDD deals_step)
{
  g_assert (sym->deals_from == NULL);
  sym->deals_from = from;
  sym->deals_step = deals_step;
  if (from->deals_waiting == NULL)
    from->deals_waiting = g_ptr_array_new ();
  g_ptr_array_add (from->deals_waiting, sym);
}

/* Unlinks @sym from the state its deals come from, if any. */
void
_kv_sym_drop_deals_from (KvSym *sym)
{
  if (sym->deals_from == NULL)
    return;
  g_ptr_array_remove_fast (sym->deals_from->deals_waiting, sym);
  sym->deals_from = NULL;
  bdd_delref (sym->deals_step);
  sym->deals_step = bddfalse;
}

KvSym *
kv_sym_new_initial (KvGame *game, GError **error)
{
  BDD theta;

  sym_library_init ();
  if (kv_game_n_owners (game) > 31)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the symbolic engine handles at most 31 owners (players and the envelope)"));
      return NULL;
    }
  /* World counts are 64-bit everywhere. */
  if (kv_game_count_deals (game) >= 0x1p63)
    {
      g_autofree char *deals_text = kv_count_format_approx (kv_game_count_deals (game));
      g_autofree char *most_text = kv_count_format_approx (0x1p63);

      /* TRANSLATORS: two counts written as 2.22×10⁵³ */
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("the game has %s deals, more than even the symbolic engine counts (%s)"),
                   deals_text, most_text);
      return NULL;
    }
  _kv_sym_error_code = 0;
  if (kv_game_n_owners (game) >= BLOCK_WIDTH)
    {
      _kv_sym_error_code = SYM_TOO_MANY_VARS;
      _kv_sym_failed (error);
      return NULL;
    }
  if ((guint) bdd_varnum () < card_base (game, game->n_cards))
    bdd_setvarnum ((int) card_base (game, game->n_cards));
  theta = initial_law (game);
  if (_kv_sym_failed (error))
    {
      bdd_delref (theta);
      return NULL;
    }
  return _kv_sym_new (game, initial_vocabulary (game), theta, actual_deal_cube (game));
}

KvSym *
kv_sym_ref (KvSym *sym)
{
  g_atomic_ref_count_inc (&sym->ref);
  return sym;
}

void
kv_sym_unref (KvSym *sym)
{
  if (sym == NULL || !g_atomic_ref_count_dec (&sym->ref))
    return;
  bdd_delref (sym->theta);
  bdd_delref (sym->actual);
  bdd_delref (sym->deals);
  bdd_delref (sym->view.bdd);
  _kv_sym_drop_deals_from (sym);
  if (sym->deals_waiting != NULL)
    {
      /* Those waiting for our deals read theirs off their own θ now. */
      while (sym->deals_waiting->len > 0)
        _kv_sym_drop_deals_from (g_ptr_array_index (sym->deals_waiting, sym->deals_waiting->len - 1));
      g_ptr_array_unref (sym->deals_waiting);
    }
  g_clear_pointer (&sym->twin, kv_sym_unref);
  g_clear_pointer (&sym->knowledge, kv_knowledge_free);
  g_array_unref (sym->vocabulary);
  kv_game_unref (sym->game);
  g_free (sym);
}

KvGame *
kv_sym_game (const KvSym *sym)
{
  return sym->game;
}

guint
kv_sym_node_count (const KvSym *sym)
{
  return (guint) bdd_nodecount (sym->theta);
}
