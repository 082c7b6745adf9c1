// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-check.c: formula evaluation in the symbolic engine — a formula's
 * BDD, the set of worlds where it holds: K, M, D, E, C, Kw, win and the
 * dynamic [α]φ, ⟨α⟩φ (through kv-sym-step.c's products), and whether it
 * holds at the actual world. */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include "kv-sym-private.h"

static BDD eval (Eval *ev, BDD theta, const KvFormula *f);

/* M_B φ: ∃(what nobody in B observes)(θ ∧ φ). */
static BDD
possible (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD hidden = _kv_sym_unobserved_vars (ev->vocabulary, agents);
  BDD result = _kv_sym_and_exist (theta, phi, hidden);

  bdd_delref (hidden);
  return result;
}

/* K_B φ = ¬M_B ¬φ, i.e. ∀(what nobody in B observes)(θ → φ). */
static BDD
knows (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD not_phi = keep (bdd_not (phi));
  BDD doubt = possible (ev, theta, agents, not_phi);
  BDD result = keep (bdd_not (doubt));

  bdd_delref (doubt);
  bdd_delref (not_phi);
  return result;
}

static BDD
knows_whether (Eval *ev, BDD theta, guint agent, BDD phi)
{
  BDD yes = knows (ev, theta, 1u << agent, phi);
  BDD not_phi = keep (bdd_not (phi));
  BDD no = knows (ev, theta, 1u << agent, not_phi);
  BDD result = keep (bdd_or (yes, no));

  bdd_delref (yes);
  bdd_delref (not_phi);
  bdd_delref (no);
  return result;
}

static BDD
everyone (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD result = keep (bddtrue);

  for (guint a = 0; a < ev->game->n_agents; a++)
    if (agents & (1u << a))
      {
        BDD k = knows (ev, theta, 1u << a, phi);
        set_to (&result, bdd_and (result, k));
        bdd_delref (k);
      }
  return result;
}

/* C_B φ: no world where φ fails is reachable by B's relations (the least
 * fixpoint of reachability from ¬φ, far cheaper on big structures than
 * the greatest fixpoint νX. E_B(φ ∧ X) it equals in S5). */
static BDD
common (Eval *ev, BDD theta, guint32 agents, BDD phi)
{
  BDD fails = keep (bdd_apply (theta, phi, bddop_diff));
  BDD bad = _kv_sym_reach (ev->vocabulary, ev->game, theta, agents, fails, -1, NULL);
  BDD result = keep (bdd_not (bad));

  bdd_delref (bad);
  bdd_delref (fails);
  return result;
}

/* The δ-uniqueness walk of win (): for each node f of P, over the
 * variables a observes, X(f) = "f has exactly one assignment of Q", Q
 * being δ's variables a does not observe, counted from f's level down.
 * Levels skipped by an edge hold free variables, so an edge that skips a
 * variable of Q leaves no assignment alone. Where nobody is near winning,
 * X is false in most nodes and a node whose branches have it false has
 * it false with no operation; only where a branch's X is not is E = ∃Q
 * of a branch asked for (bdd_exist, whose cache keeps what it walked). */
typedef struct {
  const guint8 *quantified;   /* per level: in Q */
  guint        *q_rank;       /* per level: how many levels of Q lie above it */
  guint         end;          /* the level past the last variable */
  BDD           q_set;        /* Q, as a set */
  GHashTable   *memo;         /* node → X, referenced */
} Unique;

/* X of a quantified node's branch @x where its other branch @other has no
 * assignment: x ∧ ¬∃Q other. Referenced. */
static BDD
unique_alone (const Unique *u, BDD x, BDD other)
{
  BDD other_e = keep (bdd_exist (other, u->q_set));
  BDD result = keep (bdd_apply (x, other_e, bddop_diff));

  bdd_delref (other_e);
  return result;
}

/* X of @f (not referenced for the caller: the memo holds it). */
static BDD
unique_rec (Unique *u, BDD f)
{
  gpointer found;
  BDD child[2], x[2], result;
  guint level;

  if (f == bddfalse || f == bddtrue)
    return f;
  if (g_hash_table_lookup_extended (u->memo, GINT_TO_POINTER (f), NULL, &found))
    return GPOINTER_TO_INT (found);
  level = node_level (f);
  for (int side = 0; side < 2; side++)
    {
      guint child_level;

      child[side] = side ? bdd_high (f) : bdd_low (f);
      child_level = child[side] == bddfalse || child[side] == bddtrue ? u->end : node_level (child[side]);
      x[side] = u->q_rank[child_level] > u->q_rank[level + 1] ? bddfalse : unique_rec (u, child[side]);
    }
  if (x[0] == x[1] && (x[0] == bddfalse || !u->quantified[level]))
    result = keep (x[0]);
  else if (!u->quantified[level])
    result = keep (bdd_ite (bdd_ithvar (bdd_level2var ((int) level)), x[1], x[0]));
  else if (x[0] == bddfalse)
    result = unique_alone (u, x[1], child[0]);
  else if (x[1] == bddfalse)
    result = unique_alone (u, x[0], child[1]);
  else
    {
      /* One assignment: one side's, where the other has none. */
      BDD high_alone = unique_alone (u, x[1], child[0]);
      BDD high_e = keep (bdd_exist (child[1], u->q_set));

      result = keep (bdd_ite (high_e, high_alone, x[0]));
      bdd_delref (high_e);
      bdd_delref (high_alone);
    }
  g_hash_table_insert (u->memo, GINT_TO_POINTER (f), GINT_TO_POINTER (result));
  return result;
}

static void
unref_memo (gpointer node, gpointer x, gpointer data)
{
  bdd_delref (GPOINTER_TO_INT (x));
}

/* win{a}: a knows δ, the envelope (or, without one, the whole deal): a's
 * class has one assignment of δ's variables (outside θ: false). θ is
 * projected once onto what a observes and δ's variables (P), then one
 * walk of P finds where one assignment of δ remains (unique_rec), instead
 * of a projection of P per variable of δ, which would cost an endmove
 * most of its time. */
static BDD
win (Eval *ev, BDD theta, guint agent)
{
  const KvGame *game = ev->game;
  guint n_owners = kv_game_n_owners (game);
  guint n_vars = ev->vocabulary->len;
  g_autofree int *rest = g_new (int, MAX (n_vars, 1));
  g_autofree int *q = g_new (int, MAX (n_vars, 1));
  g_autofree guint8 *quantified = g_new0 (guint8, KV_SYM_MAX_VARS + 1);
  g_autofree guint *q_rank = g_new0 (guint, KV_SYM_MAX_VARS + 2);
  g_autofree gboolean *in_delta = g_new0 (gboolean, MAX (n_vars, 1));
  guint n_rest = 0, n_q = 0, top;
  Unique u = { quantified, q_rank, levels_end (game), bddfalse, g_hash_table_new (NULL, NULL) };
  BDD rest_set, projected, result;
  gint64 start = trace_start ();

  /* δ's variables, by position: the state variables come first, card-major. */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < n_owners; o++)
      if (!game->has_envelope || o == kv_game_envelope (game))
        in_delta[c * n_owners + o] = TRUE;
  for (guint p = 0; p < n_vars; p++)
    if (!(variable (ev->vocabulary, p)->observers & (1u << agent)))
      {
        int var = variable (ev->vocabulary, p)->var;

        if (in_delta[p])
          {
            quantified[level_of (var)] = TRUE;
            q[n_q++] = var;
          }
        else
          rest[n_rest++] = var;
      }
  for (guint level = 0; level <= u.end; level++)
    q_rank[level + 1] = q_rank[level] + quantified[level];
  rest_set = keep (bdd_makeset (rest, (int) n_rest));
  u.q_set = keep (bdd_makeset (q, (int) n_q));
  if (ev->view != NULL && ev->view->theta == theta && (ev->view->agents & (1u << agent)))
    projected = keep (bdd_exist (ev->view->bdd, rest_set));   /* it holds every variable a observes */
  else
    projected = _kv_sym_envelope_exist (game, theta, rest_set);
  trace ("win project", start, projected);
  /* A variable of δ above P's top is free: two assignments wherever a can
   * be. Where nobody can win, win{a} is false and an endmove's
   * θ ∧ ¬win{a} is θ itself, with no walk of θ. */
  top = projected == bddfalse || projected == bddtrue ? u.end : node_level (projected);
  result = q_rank[top] > 0 ? bddfalse : keep (unique_rec (&u, projected));
  trace ("win", start, result);
  g_hash_table_foreach (u.memo, unref_memo, NULL);
  g_hash_table_unref (u.memo);
  bdd_delref (u.q_set);
  bdd_delref (projected);
  bdd_delref (rest_set);
  return result;
}

/* Each event's precondition, evaluated once in θ. */
BDD *
_kv_sym_preconditions (Eval *ev, BDD theta, const KvActionModel *am)
{
  BDD *pre = g_new (BDD, am->n_events);

  for (guint e = 0; e < am->n_events; e++)
    pre[e] = eval (ev, theta, am->pre[e]);
  return pre;
}

/* [α]φ and ⟨α⟩φ for the chain @steps from @index: pre(e) → φ at (w, e),
 * φ evaluated in the product and read back at e's code. */
static BDD
eval_dynamic (Eval *ev, BDD theta, GPtrArray *steps, guint index, const KvFormula *f)
{
  g_autoptr(KvActionModel) am = NULL;
  guint event, mark;
  BDD *pre, *codes;
  BDD next, after, at_event, result;

  if (index == steps->len)
    return eval (ev, theta, f->left);
  am = kv_action_model_for_step (g_ptr_array_index (steps, index), &event);
  pre = _kv_sym_preconditions (ev, theta, am);
  mark = ev->vocabulary->len;
  codes = _kv_sym_event_codes (ev->vocabulary, ev->game, am, pre, FALSE);
  next = _kv_sym_product_law (theta, am->n_events, pre, codes);
  after = eval_dynamic (ev, next, steps, index + 1, f);
  at_event = keep (bdd_restrict (after, codes[event]));
  if (f->kind == KV_FORMULA_BOX)
    result = keep (bdd_imp (pre[event], at_event));
  else
    result = keep (bdd_and (pre[event], at_event));
  bdd_delref (at_event);
  bdd_delref (after);
  bdd_delref (next);
  free_bdds (codes, am->n_events);
  free_bdds (pre, am->n_events);
  g_array_set_size (ev->vocabulary, mark);
  return result;
}

static BDD
eval (Eval *ev, BDD theta, const KvFormula *f)
{
  BDD left, right, result;

  if (*ev->error != NULL || _kv_sym_error_code != 0)
    return keep (bddfalse);
  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
      return keep (bddtrue);
    case KV_FORMULA_FALSE:
      return keep (bddfalse);
    case KV_FORMULA_ATOM:
      if (ev->game->has_envelope && f->owner == kv_game_envelope (ev->game))
        return _kv_sym_envelope_holds (ev->game, f->card);
      return keep (bdd_ithvar (var_of (ev->game, f->card, f->owner)));
    case KV_FORMULA_WIN:
      return win (ev, theta, (guint) g_bit_nth_lsf (f->agents, -1));
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      {
        g_autoptr(GPtrArray) steps = _kv_sym_expand_step (ev->game, f->step);
        return eval_dynamic (ev, theta, steps, 0, f);
      }
    default:
      break;
    }

  left = eval (ev, theta, f->left);
  switch (f->kind)
    {
    case KV_FORMULA_NOT:
      result = keep (bdd_not (left));
      break;
    case KV_FORMULA_KNOWS:
    case KV_FORMULA_DISTRIB:
      result = knows (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_POSSIBLE:
      result = possible (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_WHETHER:
      result = knows_whether (ev, theta, (guint) g_bit_nth_lsf (f->agents, -1), left);
      break;
    case KV_FORMULA_EVERYONE:
      result = everyone (ev, theta, f->agents, left);
      break;
    case KV_FORMULA_COMMON:
      result = common (ev, theta, f->agents, left);
      break;
    default:
      right = eval (ev, theta, f->right);
      if (f->kind == KV_FORMULA_AND)
        result = keep (bdd_and (left, right));
      else if (f->kind == KV_FORMULA_OR)
        result = keep (bdd_or (left, right));
      else if (f->kind == KV_FORMULA_IMPLIES)
        result = keep (bdd_imp (left, right));
      else
        result = keep (bdd_biimp (left, right));
      bdd_delref (right);
      break;
    }
  bdd_delref (left);
  return result;
}

/* @f's truth over θ; with @n_true, the worlds where it holds
 * (G_MAXUINT64 when the formula brought in event variables: θ's count
 * does not range over them). */
static gboolean
check (KvSym *sym, const KvFormula *f, gboolean *value, guint64 *n_true, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GArray) vocabulary = _kv_sym_vocabulary_copy (sym->vocabulary);
  Eval ev = { sym->game, vocabulary, &local, view_for (sym, 0) };
  BDD truth;

  _kv_sym_error_code = 0;
  truth = eval (&ev, sym->theta, f);
  if (local == NULL)
    _kv_sym_failed (&local);
  if (local == NULL)
    *value = holds_at (sym->actual, truth);
  if (local == NULL && n_true != NULL)
    {
      *n_true = G_MAXUINT64;
      if (vocabulary->len == sym->vocabulary->len)
        {
          BDD where = bdd_addref (bdd_and (sym->theta, truth));

          if (!_kv_sym_failed (&local))
            *n_true = _kv_sym_count (sym, where);
          bdd_delref (where);
        }
    }
  bdd_delref (truth);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

gboolean
kv_sym_check_actual (KvSym *sym, const KvFormula *f, gboolean *value, GError **error)
{
  return check (sym, f, value, NULL, error);
}

gboolean
kv_sym_check_count (KvSym *sym, const KvFormula *f, gboolean *value, guint64 *n_true, GError **error)
{
  return check (sym, f, value, n_true, error);
}
