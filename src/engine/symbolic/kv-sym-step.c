// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-step.c: steps in the symbolic engine — the product of a structure
 * with an action model: each event's code on fresh event variables (where
 * they go in the order, and why one-hot), θ ⊗ A, and kv_sym_apply_step,
 * which gathers a suggest's propositional parts into one conjunction.
 * kv-sym-check.c evaluates the preconditions, and [α]φ with these
 * products.
 *
 * A new state's deals come from its predecessor's (kv_sym_apply_step ())
 * when the step said only something of the deal, or was announcements
 * (one event each: from the deals it touched, _kv_sym_announced_deals ()),
 * without holding the predecessor (kv-sym-private.h, deals_from):
 * holding it would keep every θ of a self-play game, where nobody asks
 * for deals, in the table. */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-sym-private.h"
#include "kv-error.h"

static guint
bits_for (guint n_values)
{
  return n_values <= 1 ? 0 : g_bit_storage (n_values - 1);
}

/* The highest level of @vocabulary's variables in [@lo, @hi), or @hi:
 * the levels from @lo up to it are free. */
static guint
free_below (const Vocabulary *vocabulary, guint lo, guint hi)
{
  guint top = hi;

  for (guint p = 0; p < vocabulary->len; p++)
    {
      guint var = (guint) variable (vocabulary, p)->var;

      if (var >= lo && var < top)
        top = var;
    }
  return top;
}

/* Appends @n_bits event variables observed by @observers, each above the
 * last, placed just above @anchor's card (the topmost variable the
 * preconditions mention) when its free levels suffice, else above every
 * variable; returns the position of the first. */
static guint
append_vars (Vocabulary *vocabulary, const KvGame *game, guint n_bits, guint32 observers, int anchor)
{
  guint first = vocabulary->len;
  guint gap = gap_of (game);
  guint top = 0;

  if (anchor >= STATE_BASE && gap > 0)
    {
      guint lo = card_base (game, (anchor - STATE_BASE) / BLOCK_WIDTH);

      top = free_below (vocabulary, lo, lo + gap);
      if (top - lo < n_bits)
        top = 0;
    }
  if (top == 0)
    top = free_below (vocabulary, 0, STATE_BASE);
  if (top < n_bits)
    {
      _kv_sym_error_code = SYM_TOO_MANY_VARS;
      return 0;   /* the error is pending; position 0 keeps the BDDs well formed */
    }
  for (guint i = 0; i < n_bits; i++)
    {
      Variable v = { observers, top - 1 - (int) i };
      g_array_append_val (vocabulary, v);
    }
  return first;
}

/* @value in binary on the @n_bits variables from position @first, as a cube. */
static BDD
binary_cube (const Vocabulary *vocabulary, guint first, guint n_bits, guint value)
{
  BDD cube = keep (bddtrue);

  for (guint i = 0; i < n_bits; i++)
    {
      int var = variable (vocabulary, first + i)->var;
      set_to (&cube, bdd_and (cube, (value >> i) & 1 ? bdd_ithvar (var) : bdd_nithvar (var)));
    }
  return cube;
}

/* Whether some agent tells every pair of events apart, so that the agents'
 * blocks name the event. */
static gboolean
blocks_name_events (const KvActionModel *am)
{
  for (guint e = 0; e < am->n_events; e++)
    for (guint f = e + 1; f < am->n_events; f++)
      {
        gboolean apart = FALSE;

        for (guint a = 0; a < am->n_agents && !apart; a++)
          apart = kv_action_model_class (am, a, e) != kv_action_model_class (am, a, f);
        if (!apart)
          return FALSE;
      }
  return TRUE;
}

/* Whether agents @a and @b split @am's events into the same blocks. */
static gboolean
same_blocks (const KvActionModel *am, guint a, guint b)
{
  for (guint e = 0; e < am->n_events; e++)
    for (guint f = e + 1; f < am->n_events; f++)
      if ((kv_action_model_class (am, a, e) == kv_action_model_class (am, a, f))
          != (kv_action_model_class (am, b, e) == kv_action_model_class (am, b, f)))
        return FALSE;
  return TRUE;
}

/* The blocks of agent @a in @am one-hot: one variable per block, "the
 * event is in this block", observed by @a, each placed just above the
 * topmost card its own events' preconditions mention (a showcard's "b
 * shows c" just above card c), or, @together, all of them above the
 * topmost card any event's precondition mentions; each event's code gets
 * its block's variable true and every other false. Returns the position
 * of the first.
 *
 * Why not the block in binary above the first requested card (fewer
 * variables): then every level down to the last requested card must
 * carry which card is to be checked, and the showcards of a game cross
 * each other's spans (suspect … room), so θ's width multiplies by their
 * number of events. One-hot, each variable sits next to the card it is
 * about and only "one was already chosen" crosses the span, which keeps
 * six-player θ at about half the size.
 *
 * Together: after the topmost card, θ carries which of the other cards
 * the responder must hold, and the showcards of one responder share
 * that: a question asked again and again (as `del` players ask) adds
 * nothing to θ's width, where one bit per showcard would double it each
 * time. Apart suits games of more players (events_together ()). */
static guint
one_hot_blocks (Vocabulary *vocabulary, const KvGame *game, const KvActionModel *am, guint a,
                guint n_blocks, const BDD *pre, gboolean together, BDD *codes)
{
  guint first = vocabulary->len;

  for (guint k = 0; k < n_blocks; k++)
    {
      BDD support = keep (bddtrue);
      int anchor = -1;

      for (guint e = 0; e < am->n_events; e++)
        if (together || kv_action_model_class (am, a, e) == k)
          set_to (&support, bdd_and (support, bdd_support (pre[e])));
      if (support != bddtrue && support != bddfalse)
        anchor = bdd_var (support);
      bdd_delref (support);
      append_vars (vocabulary, game, 1, 1u << a, anchor);
    }
  if (vocabulary->len < first + n_blocks)
    return first;   /* out of variables: the error is pending */
  for (guint e = 0; e < am->n_events; e++)
    for (guint k = 0; k < n_blocks; k++)
      {
        int var = variable (vocabulary, first + k)->var;

        set_to (&codes[e], bdd_and (codes[e], kv_action_model_class (am, a, e) == k ? bdd_ithvar (var)
                                                                                  : bdd_nithvar (var)));
      }
  return first;
}

/* The event variables of @am, appended to @vocabulary: for each partition
 * of the events into blocks some agents have (several blocks), the block
 * one-hot (one_hot_blocks ()), observed by those agents (a showcard's
 * asker and responder share one set); then, when the blocks do not name
 * the event, the event in binary, observed by nobody. Returns each event's code, a cube over
 * those variables, so that (w, e) ~a (w', e') iff w ~a w' and e ~a e',
 * exactly as in the product. */
BDD *
_kv_sym_event_codes (Vocabulary *vocabulary, const KvGame *game, const KvActionModel *am, const BDD *pre,
                     gboolean together)
{
  BDD *codes = g_new (BDD, am->n_events);
  g_autofree guint *first_of = g_new0 (guint, am->n_agents);
  g_autofree guint *bits_of = g_new0 (guint, am->n_agents);

  for (guint e = 0; e < am->n_events; e++)
    codes[e] = keep (bddtrue);
  if (am->n_events == 1)
    return codes;
  for (guint a = 0; a < am->n_agents; a++)
    {
      guint n_blocks = 0;
      gboolean shared = FALSE;

      for (guint e = 0; e < am->n_events; e++)
        n_blocks = MAX (n_blocks, kv_action_model_class (am, a, e) + 1);
      if (n_blocks < 2)
        continue;
      for (guint b = 0; b < a && !shared; b++)
        if (bits_of[b] > 0 && same_blocks (am, a, b))
          {
            /* a observes b's variables too: they already name a's blocks. */
            for (guint i = 0; i < bits_of[b]; i++)
              g_array_index (vocabulary, Variable, first_of[b] + i).observers |= 1u << a;
            shared = TRUE;
          }
      if (shared)
        continue;
      first_of[a] = one_hot_blocks (vocabulary, game, am, a, n_blocks, pre, together, codes);
      bits_of[a] = n_blocks;
    }
  if (!blocks_name_events (am))
    {
      /* The event's number goes above the first card the preconditions mention. */
      guint n_bits = bits_for (am->n_events);
      BDD support = keep (bddtrue);
      int anchor = -1;
      guint first;

      for (guint e = 0; e < am->n_events; e++)
        set_to (&support, bdd_and (support, bdd_support (pre[e])));
      if (support != bddtrue && support != bddfalse)
        anchor = bdd_var (support);
      bdd_delref (support);
      first = append_vars (vocabulary, game, n_bits, 0, anchor);

      for (guint e = 0; e < am->n_events; e++)
        {
          BDD name = binary_cube (vocabulary, first, n_bits, e);
          set_to (&codes[e], bdd_and (codes[e], name));
          bdd_delref (name);
        }
    }
  return codes;
}

/* ⋁_e code(e) ∧ pre(e): which event happened, and that its precondition
 * held. */
static BDD
event_law (guint n_events, const BDD *pre, const BDD *codes)
{
  BDD events = keep (bddfalse);

  for (guint e = 0; e < n_events; e++)
    {
      BDD pair = keep (bdd_and (codes[e], pre[e]));
      set_to (&events, bdd_or (events, pair));
      bdd_delref (pair);
    }
  return events;
}

/* θ ⊗ A: the worlds (w, e) with w ⊨ pre(e), e written in its code. */
BDD
_kv_sym_product_law (BDD theta, guint n_events, const BDD *pre, const BDD *codes)
{
  BDD events = event_law (n_events, pre, codes);
  BDD result = keep (bdd_and (theta, events));

  bdd_delref (events);
  return result;
}

/* The steps a step stands for: a suggest expands against the actual deal,
 * always (as the explicit checker does). */
GPtrArray *
_kv_sym_expand_step (const KvGame *game, const KvStep *step)
{
  GPtrArray *steps;

  if (step->kind == KV_STEP_SUGGEST)
    return kv_suggest_expand_hands (step, game->deal);
  steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  g_ptr_array_add (steps, kv_step_ref ((KvStep *) step));
  return steps;
}

/* Whether @f's truth at a world depends on that world's deal alone (no
 * knowledge, no step, no win): such a precondition is the same BDD in
 * every structure, and says nothing about earlier events. */
static gboolean
is_propositional (const KvFormula *f)
{
  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
    case KV_FORMULA_FALSE:
    case KV_FORMULA_ATOM:
      return TRUE;
    case KV_FORMULA_NOT:
      return is_propositional (f->left);
    case KV_FORMULA_AND:
    case KV_FORMULA_OR:
    case KV_FORMULA_IMPLIES:
    case KV_FORMULA_IFF:
      return is_propositional (f->left) && is_propositional (f->right);
    default:
      return FALSE;
    }
}

static gboolean
action_is_propositional (const KvActionModel *am)
{
  for (guint e = 0; e < am->n_events; e++)
    if (!is_propositional (am->pre[e]))
      return FALSE;
  return TRUE;
}

/* A step being applied: a suggest's expanded steps go through one of
 * these, so that the products of those whose preconditions are
 * propositional (nocard, showcard) are gathered in @pending and meet θ in
 * one conjunction, one walk of θ instead of one per step. */
typedef struct {
  KvGame     *game;
  const PairView *view;  /* the state's, or NULL; valid while θ is still its θ */
  Vocabulary *vocabulary;
  BDD         theta;     /* referenced: θ, without @pending */
  BDD         pending;   /* referenced: the products not yet taken into θ */
  BDD         actual;    /* referenced */
  BDD         deal_law;  /* referenced: what the steps said of the deal, when propositional
                          * (or, once applied, announcements: kv_sym_apply_step ()) */
  gboolean    propositional;
  BDD         kept;      /* referenced: the steps' preconditions, while each has one event */
  gboolean    one_event;
  gboolean    together;  /* where event variables go (_kv_sym_event_codes ()) */
} Apply;

static void
apply_init (Apply *ap, KvSym *sym, gboolean together)
{
  *ap = (Apply) { sym->game, view_for (sym, 0),
                  _kv_sym_vocabulary_copy (sym->vocabulary), keep (sym->theta), keep (bddtrue),
                  keep (sym->actual), keep (bddtrue), TRUE, keep (bddtrue), TRUE, together };
}

static void
apply_clear (Apply *ap)
{
  if (ap->vocabulary != NULL)
    g_array_unref (ap->vocabulary);
  bdd_delref (ap->theta);
  bdd_delref (ap->pending);
  bdd_delref (ap->actual);
  bdd_delref (ap->deal_law);
  bdd_delref (ap->kept);
}

static void
apply_flush (Apply *ap)
{
  gint64 start = trace_start ();

  if (ap->pending == bddtrue)
    return;
  set_to (&ap->theta, bdd_and (ap->theta, ap->pending));
  set_to (&ap->pending, bddtrue);
  trace ("product", start, ap->theta);
}

static gboolean
apply_one (Apply *ap, const KvStep *step, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(KvActionModel) am = NULL;
  Eval ev = { ap->game, ap->vocabulary, &local, ap->view };
  gboolean propositional;
  guint event;
  BDD *pre, *codes;
  BDD events, preconditions_hold;
  gint64 start = trace_start ();

  _kv_sym_error_code = 0;
  am = kv_action_model_for_step (step, &event);
  propositional = action_is_propositional (am);
  /* An epistemic precondition is evaluated in θ as it is by now. */
  if (!propositional)
    apply_flush (ap);
  pre = _kv_sym_preconditions (&ev, ap->theta, am);
  trace ("preconditions", start, pre[0]);
  if (local == NULL && !_kv_sym_failed (&local) && !holds_at (ap->actual, pre[event]))
    {
      g_autofree char *text = kv_step_to_string (step);
      g_set_error (&local, KV_ERROR, KV_ERROR_FALSE,
                   _("“%s” cannot happen: its precondition is false at the actual world"), text);
    }
  if (local != NULL)
    {
      free_bdds (pre, am->n_events);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* θ ⊗ A, its conjunction with θ pending. */
  codes = _kv_sym_event_codes (ap->vocabulary, ap->game, am, pre, ap->together);
  events = event_law (am->n_events, pre, codes);
  preconditions_hold = keep (bddfalse);
  for (guint e = 0; e < am->n_events; e++)
    set_to (&preconditions_hold, bdd_or (preconditions_hold, pre[e]));
  set_to (&ap->pending, bdd_and (ap->pending, events));
  set_to (&ap->actual, bdd_and (ap->actual, codes[event]));
  /* The new event variables are free in θ, so ∃ of them over θ ∧ events
   * is θ ∧ (some precondition holds): with propositional preconditions,
   * a condition on the deal alone. */
  ap->propositional = ap->propositional && propositional;
  if (ap->propositional)
    set_to (&ap->deal_law, bdd_and (ap->deal_law, preconditions_hold));
  ap->one_event = ap->one_event && am->n_events == 1;
  if (ap->one_event)
    set_to (&ap->kept, bdd_and (ap->kept, pre[0]));
  if (!propositional)
    apply_flush (ap);
  free_bdds (codes, am->n_events);
  free_bdds (pre, am->n_events);
  bdd_delref (events);
  bdd_delref (preconditions_hold);
  return !_kv_sym_failed (error);
}

static gboolean
check_sym (gpointer sym, const KvFormula *f, gboolean *value, GError **error)
{
  return kv_sym_check_actual (sym, f, value, error);
}

/* Why @step is false at @sym's actual world, in the explicit engine's
 * words (kv_step_why_false_at), or NULL when that cannot say. */
static char *
why_false (KvSym *sym, const KvStep *step)
{
  gboolean wins = FALSE;

  if (step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_WIN)
    {
      g_autoptr(KvKnowledge) k = kv_sym_knowledge (sym);

      wins = (k->winners & (1u << step->agent)) != 0;
    }
  return kv_step_why_false_at (sym->game, sym->game->deal, wins, check_sym, sym, step);
}

/* A false step's refusal says why, as the explicit engine's does. */
static void
explain_refusal (KvSym *sym, const KvStep *step, GError **error)
{
  g_autofree char *why = NULL;

  if (error == NULL || !g_error_matches (*error, KV_ERROR, KV_ERROR_FALSE))
    return;
  why = why_false (sym, step);
  if (why == NULL)
    return;
  g_clear_error (error);
  g_set_error (error, KV_ERROR, KV_ERROR_FALSE, _("this step is false at the actual world: %s"), why);
}

/* @steps (@step expanded) applied to @sym's structure, into @ap (made by
 * apply_init ()): FALSE, with @error set, when one is false or the table
 * cannot hold the result. */
static gboolean
apply_all (Apply *ap, KvSym *sym, GPtrArray *steps, GError **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < steps->len && ok; i++)
    ok = apply_one (ap, g_ptr_array_index (steps, i), error);
  if (!ok)
    return FALSE;
  apply_flush (ap);
  /* Announcements that said something of what agents know (an endmove):
   * what they said of the deal, when they removed a world. */
  if (!ap->propositional && ap->one_event && ap->theta != sym->theta)
    {
      bdd_delref (ap->deal_law);
      ap->deal_law = _kv_sym_announced_deals (ap->vocabulary, sym->game, sym->theta, ap->theta, ap->kept);
    }
  return !_kv_sym_failed (error) && _kv_sym_leave_room (error);
}

/* Where @game's event variables go (_kv_sym_event_codes ()): with three
 * players or fewer, an asker has at most two responders, so the
 * showcards of one responder are many and share θ's width when their
 * variables are together; with more players they are spread over more
 * responders and share little, and apart each costs one bit, not a card. */
gboolean _kv_sym_events_apart;

static gboolean
events_together (const KvGame *game)
{
  return game->n_agents <= 3 && !_kv_sym_events_apart;
}

KvSym *
kv_sym_apply_step (KvSym *sym, const KvStep *step, GError **error)
{
  g_autoptr(GPtrArray) steps = _kv_sym_expand_step (sym->game, step);
  Apply ap;
  KvSym *next = NULL;

  apply_init (&ap, sym, events_together (sym->game));
  if (!apply_all (&ap, sym, steps, error))
    explain_refusal (sym, step, error);
  else
    {
      next = _kv_sym_new (sym->game, g_steal_pointer (&ap.vocabulary), ap.theta, ap.actual);
      _kv_sym_reorder (sym->game, next->theta);
      ap.theta = ap.actual = bddfalse;
      if (step->kind == KV_STEP_SUGGEST)
        next->mover = (int) step->agent;
      if (next->theta == sym->theta && next->actual == sym->actual
          && next->vocabulary->len == sym->vocabulary->len)
        next->twin = kv_sym_ref (sym->twin != NULL ? sym->twin : sym);
      else if (ap.propositional || ap.one_event)
        _kv_sym_set_deals_from (next, sym, keep (ap.deal_law));
    }
  apply_clear (&ap);
  return next;
}
