// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-reach.c: reachability in the symbolic engine — the worlds linked
 * to a set by a chain of some agents' relations (C_B in kv-sym-check.c,
 * the knowledge table's common component in kv-sym-knowledge.c), on a
 * relational product (BuDDy's, or our own where BuDDy's cannot be
 * trusted). The hot part of a read-out. */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include "kv-sym-private.h"

/* ---- the relational product ---------------------------------------------
 *
 * ∃V (f ∧ g) in one walk, without building f ∧ g: when f is θ (hundreds of
 * thousands of nodes) and the result a set of one agent's observations (a
 * few thousand), the conjunction is what costs, not the projection. Our
 * own, on BuDDy's public API, for the variable sets BuDDy's bdd_appex is
 * not safe with (kv-sym.c). The memo is an open addressing table of
 * (f, g) pairs; its results are referenced, so that a garbage collection
 * inside bdd_or or bdd_ite keeps them. Levels are read with node_level ():
 * the order may have been changed. */

typedef struct {
  guint64 key;     /* (f << 32 | g) + 1, 0 when free */
  BDD     value;   /* referenced */
} RelprodEntry;

typedef struct {
  guint8       *hidden;   /* per level: quantified away; owned */
  RelprodEntry *table;
  guint         mask;
  guint         n;
} Relprod;

static inline guint
relprod_slot (const Relprod *rp, guint64 key)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & rp->mask;
}

static void
relprod_grow (Relprod *rp)
{
  RelprodEntry *old = rp->table;
  guint old_size = rp->mask + 1;

  rp->mask = old_size * 2 - 1;
  rp->table = g_new0 (RelprodEntry, old_size * 2);
  for (guint i = 0; i < old_size; i++)
    if (old[i].key != 0)
      {
        guint slot = relprod_slot (rp, old[i].key);

        while (rp->table[slot].key != 0)
          slot = (slot + 1) & rp->mask;
        rp->table[slot] = old[i];
      }
  g_free (old);
}

static BDD
relprod_rec (Relprod *rp, BDD f, BDD g)
{
  guint64 key;
  guint slot, level, level_f, level_g;
  BDD f0, f1, g0, g1, r0, r1, r;

  if (f == bddfalse || g == bddfalse)
    return bddfalse;
  if (f == bddtrue && g == bddtrue)
    return bddtrue;
  key = ((guint64) (guint) f << 32 | (guint) g) + 1;
  for (slot = relprod_slot (rp, key); rp->table[slot].key != 0; slot = (slot + 1) & rp->mask)
    if (rp->table[slot].key == key)
      return rp->table[slot].value;

  level_f = f == bddtrue ? G_MAXUINT : node_level (f);
  level_g = g == bddtrue ? G_MAXUINT : node_level (g);
  level = MIN (level_f, level_g);
  f0 = level_f == level ? bdd_low (f) : f;
  f1 = level_f == level ? bdd_high (f) : f;
  g0 = level_g == level ? bdd_low (g) : g;
  g1 = level_g == level ? bdd_high (g) : g;
  /* r0 and r1 stay referenced in the memo (or are constants). The
   * cases BuDDy would settle at once are settled here, without a call. */
  r0 = relprod_rec (rp, f0, g0);
  if (rp->hidden[level] && r0 == bddtrue)
    r = bddtrue;
  else
    {
      r1 = relprod_rec (rp, f1, g1);
      if (r0 == r1)
        r = r0;
      else if (!rp->hidden[level])
        r = bdd_ite (bdd_ithvar (bdd_level2var ((int) level)), r1, r0);
      else if (r0 == bddfalse || r1 == bddtrue)
        r = r1;
      else if (r1 == bddfalse)
        r = r0;
      else
        r = bdd_or (r0, r1);
    }
  bdd_addref (r);

  /* The calls above filled the table, maybe grew it: the slot found
   * before them may be taken now (overwriting it lost a referenced
   * result, and with it its nodes, for good). */
  if (2 * (rp->n + 1) > rp->mask + 1)
    relprod_grow (rp);
  for (slot = relprod_slot (rp, key); rp->table[slot].key != 0; slot = (slot + 1) & rp->mask)
    ;
  rp->table[slot].key = key;
  rp->table[slot].value = r;
  rp->n++;
  return r;
}

/* A relational product that quantifies away the levels @hidden (taken)
 * marks; its memo serves every call until relprod_clear (), so the BDDs
 * passed to it must stay referenced until then. */
static void
relprod_init (Relprod *rp, guint8 *hidden)
{
  rp->hidden = hidden;
  rp->mask = 1023;
  rp->n = 0;
  rp->table = g_new0 (RelprodEntry, rp->mask + 1);
}

static void
relprod_clear (Relprod *rp)
{
  for (guint i = 0; i <= rp->mask; i++)
    if (rp->table[i].key != 0)
      bdd_delref (rp->table[i].value);
  g_clear_pointer (&rp->table, g_free);
  g_clear_pointer (&rp->hidden, g_free);
}

/* ∃(the hidden levels)(@f ∧ @g), referenced. */
static BDD
relprod_run (Relprod *rp, BDD f, BDD g)
{
  return keep (relprod_rec (rp, f, g));
}

/* Per level, whether none of @agents observes the variable there (levels
 * of no variable are never reached). */
static guint8 *
hidden_levels (const Vocabulary *vocabulary, guint32 agents)
{
  guint8 *hidden = g_new0 (guint8, KV_SYM_MAX_VARS);

  for (guint p = 0; p < vocabulary->len; p++)
    hidden[level_of (variable (vocabulary, p)->var)] = !(variable (vocabulary, p)->observers & agents);
  return hidden;
}

/* ---- one agent's step ------------------------------------------------------
 *
 * ∃(what an agent does not observe)(f ∧ g): by BuDDy's bdd_appex when its
 * cache can be trusted with the set (kv-sym.c), else by our relational
 * product above, cheaper than the conjunction on θ. cluedo6's table
 * passes 2^23 nodes in its late steps, where ours takes over. */
typedef struct {
  const Vocabulary *vocabulary;
  guint32           agents;
  BDD               hidden;   /* referenced: the variables quantified away, as a set */
  Relprod           own;      /* set up at its first use (own.table) */
} Step;

static void
step_init (Step *s, const Vocabulary *vocabulary, guint32 agents)
{
  s->vocabulary = vocabulary;
  s->agents = agents;
  s->hidden = _kv_sym_unobserved_vars (vocabulary, agents);
  s->own.table = NULL;
}

/* Referenced. */
static BDD
step_run (Step *s, BDD f, BDD g)
{
  if (_kv_sym_appex_trusted (s->hidden))
    return keep (bdd_appex (f, g, bddop_and, s->hidden));
  if (s->own.table == NULL)
    relprod_init (&s->own, hidden_levels (s->vocabulary, s->agents));
  return relprod_run (&s->own, f, g);
}

static void
step_clear (Step *s)
{
  bdd_delref (s->hidden);
  if (s->own.table != NULL)
    relprod_clear (&s->own);
}

/* One step of a chain of relations: the observations @agent makes in
 * the worlds θ ∧ @from, ∃(what @agent does not observe)(@theta ∧ @from),
 * one relational product (a perspective's next agent, kv-sym-knowledge.c;
 * reach_ring () takes the same step round a ring). Referenced. */
BDD
_kv_sym_observe (const Vocabulary *vocabulary, BDD theta, guint agent, BDD from)
{
  Step step;
  BDD result;

  step_init (&step, vocabulary, 1u << agent);
  result = step_run (&step, theta, from);
  step_clear (&step);
  return result;
}

/* The next agent of @agents after @a, round the table. */
static guint
next_agent (const KvGame *game, guint32 agents, guint a)
{
  do
    a = (a + 1) % game->n_agents;
  while (!(agents & (1u << a)));
  return a;
}

/* The worlds of @theta linked to one of @from (a subset of @theta) by a
 * chain of @agents' relations: a least fixpoint, each agent's step taken
 * from what is reached so far. S5 relations are symmetric, so these are
 * also the worlds from which @from is reachable.
 *
 * Reached sets are kept as what the last agent observes: after agent a's
 * step the reached worlds are θ ∧ S_a, S_a a set of a's observations, and
 * the next agent b's is S_b = ∃(what b does not see)(θ ∧ S_a), never
 * θ ∧ S_a itself, which would cost most of a read-out. What neither a
 * nor b observes is quantified away once, natively, into
 * T_ab = ∃(hidden from a and b) θ (with six players, two hands out of
 * six: small; with three, θ itself), and S_b is one relational product of
 * T_ab and S_a. The reached set only grows, so it is closed when an
 * agent's S is what it was a round before; and a closed set is all of θ
 * when S_a is every observation a can make in θ, the usual end, found
 * without a last round of confirmation. Steps go from everything reached
 * so far, not from a frontier: a difference of sets has more nodes than
 * the set. */
static BDD
reach_ring (const Vocabulary *vocabulary, const KvGame *game, BDD theta, guint32 agents, BDD from,
            gboolean project, PairView *view)
{
  guint n_agents = game->n_agents;
  g_autofree Step *step = g_new0 (Step, n_agents);
  g_autofree BDD *observed = g_new (BDD, n_agents);
  g_autofree BDD *pair = g_new (BDD, n_agents);   /* T_a,next(a), referenced */
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (BDD));
  guint first = (guint) g_bit_nth_lsf (agents, -1);
  BDD all_of_first, result;
  gint64 start = trace_start ();
  guint steps = 0;

  for (guint a = 0; a < n_agents; a++)
    {
      observed[a] = pair[a] = bddfalse;
      if (agents & (1u << a))
        {
          guint b = next_agent (game, agents, a);

          step_init (&step[a], vocabulary, 1u << a);
          if (b < a && next_agent (game, agents, b) == a)
            pair[a] = keep (pair[b]);   /* two agents: T_ab is T_ba */
          else if (project)
            {
              /* With @view, T_ab keeps the envelope, for win{a} and win{b} (PairView). */
              guint32 both = (1u << a) | (1u << b);
              BDD neither = view != NULL ? _kv_sym_unobserved_but_envelope (vocabulary, game, both)
                                         : _kv_sym_unobserved_vars (vocabulary, both);

              pair[a] = view != NULL ? _kv_sym_envelope_exist (game, theta, neither)
                                     : keep (bdd_exist (theta, neither));
              bdd_delref (neither);
            }
          else
            pair[a] = keep (theta);
        }
    }
  /* The first agent's step from @from, and every observation it can make
   * (what the agent before it sees of θ does not matter). */
  {
    BDD hidden = _kv_sym_unobserved_vars (vocabulary, 1u << first);
    guint last = first;

    while (next_agent (game, agents, last) != first)
      last = next_agent (game, agents, last);
    observed[first] = keep (bdd_exist (from, hidden));
    all_of_first = keep (bdd_exist (pair[last], hidden));
    bdd_delref (hidden);
  }
  trace ("  pairs", start, all_of_first);
  if (project && view != NULL)
    {
      view->bdd = keep (pair[first]);
      view->theta = theta;
      view->agents = agents;
    }
  result = bddfalse;
  for (guint a = first;;)
    {
      guint b = next_agent (game, agents, a);
      gint64 step_start;
      BDD next;

      if (observed[a] == all_of_first && a == first)
        {
          result = keep (theta);
          break;
        }
      step_start = trace_start ();
      next = step_run (&step[b], pair[a], observed[a]);
      if (_kv_sym_trace_on)
        g_printerr ("sym:   step %u→%u       %9.1f ms %9d nodes\n", a + 1, b + 1,
                    (g_get_monotonic_time () - step_start) / 1000.0, bdd_nodecount (next));
      steps++;
      if (next == observed[b] || _kv_sym_error_code != 0)
        {
          /* Closed: nothing was added in a round. */
          bdd_delref (next);
          result = keep (bdd_and (theta, observed[b]));
          break;
        }
      /* Our own product's memo (when it is used) holds pairs of nodes
       * of every earlier S: they stay referenced until the end. */
      g_array_append_val (kept, observed[b]);
      observed[b] = next;
      a = b;
    }
  if (_kv_sym_trace_on)
    g_printerr ("sym: reach %u steps%s\n", steps, result == theta ? " (all)" : "");
  trace ("reach", start, result);
  for (guint a = 0; a < n_agents; a++)
    {
      bdd_delref (observed[a]);
      bdd_delref (pair[a]);
      if (agents & (1u << a))
        step_clear (&step[a]);
    }
  for (guint i = 0; i < kept->len; i++)
    bdd_delref (g_array_index (kept, BDD, i));
  bdd_delref (all_of_first);
  return result;
}

/* Two agents of @agents that observe no variable in common (so that
 * between them every variable may change), in *@a and *@b: of those
 * pairs, one with @prefer if any (-1: none), and then the one that
 * observes the fewest event variables, whose T_ab keeps the fewest.
 * FALSE when every two share
 * one (a showcard between them). */
static gboolean
disjoint_pair (const Vocabulary *vocabulary, const KvGame *game, guint32 agents, int prefer, guint *a,
               guint *b)
{
  guint fewest = G_MAXUINT;

  for (guint x = 0; x < game->n_agents; x++)
    for (guint y = x + 1; y < game->n_agents; y++)
      {
        guint32 both = (1u << x) | (1u << y);
        gboolean shared = FALSE;
        guint observed = 0;

        if ((agents & both) != both)
          continue;
        for (guint p = n_state_vars (game); p < vocabulary->len && !shared; p++)
          {
            guint32 observers = variable (vocabulary, p)->observers;

            shared = (observers & both) == both;
            observed += (observers & both) != 0;
          }
        if ((int) x != prefer && (int) y != prefer)
          observed += vocabulary->len;   /* after every pair with @prefer */
        if (!shared && observed < fewest)
          {
            fewest = observed;
            *a = x;
            *b = y;
          }
      }
  return fewest != G_MAXUINT;
}

/* The worlds of @theta linked to one of @from by a chain of @agents'
 * relations (see reach_ring ()). When @view is wanted, the two agents'
 * projection keeps the envelope's variables: an endmove's win{a} reads
 * off it instead of projecting θ (with the mover preferred, as its
 * endmove comes next): with the envelope's variables defined, win{a}
 * would otherwise conjoin θ with their definition.
 *
 * With more than three agents, each pair of the ring costs a projection
 * of θ (T_ab), most of the time of a read-out. Fewer agents link fewer
 * worlds, so the worlds two of them reach are a part of the answer; when
 * that part is all of θ, so is the answer, exactly. Two agents that
 * observe no variable in common (no showcard between them) can between
 * them change every variable, and in Cluedo they usually reach all of θ:
 * one projection, T_ab, instead of one per agent. When they do not, the
 * whole ring is walked. With three agents the ring projects nothing, and
 * two of them nearly always share a showcard, so a pair first would
 * mostly be work lost. */
BDD
_kv_sym_reach (const Vocabulary *vocabulary, const KvGame *game, BDD theta, guint32 agents, BDD from,
               int prefer, PairView *view)
{
  /* With three agents the third's hand and the envelope are most of what
   * is left, and T_ab is no smaller than θ: not worth the projections. */
  gboolean project = __builtin_popcount (agents) > 3;
  guint a, b;

  if (from == bddfalse)
    return bddfalse;
  if (project && disjoint_pair (vocabulary, game, agents, prefer, &a, &b))
    {
      BDD part = reach_ring (vocabulary, game, theta, (1u << a) | (1u << b), from, TRUE, view);

      if (_kv_sym_trace_on)
        g_printerr ("sym: reach by %u and %u: %s\n", a + 1, b + 1, part == theta ? "all" : "not all, again by all");
      if (part == theta)
        return part;
      bdd_delref (part);
    }
  return reach_ring (vocabulary, game, theta, agents, from, project, NULL);
}
