// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-check"
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "kv-check.h"
#include "kv-error.h"
#include "kv-partition.h"
#include "kv-product-update-private.h"

/* The parser bounds how deep a formula nests, but a `do` step's action model
 * has preconditions of its own, which may name other actions: the checker
 * recurses through those as well, so it counts its own depth. Parsed
 * formulas (nested at most KV_FORMULA_MAX_DEPTH) stay far below this. */
#define MAX_CHECK_DEPTH (8 * KV_FORMULA_MAX_DEPTH)

/* The atoms of an action's preconditions, evaluated in one walk over the
 * worlds of one model: an atom over every world reads each world's hand,
 * so a showcard of eleven cards walked the deals eleven times; together,
 * each world's hands are read once and only the cards held are looked at. */
#define MAX_ATOMS 64
#define MAX_ATOM_NODES 1024

typedef struct {
  const KvModel *model;
  guint    n_atoms;
  guint8   card[MAX_ATOMS], owner[MAX_ATOMS];
  KvBits  *bits[MAX_ATOMS];
} Atoms;

typedef struct {
  guint         depth;
  const KvHand *actual_hands;  /* the script's actual deal: a suggest expands against it, always */
  GError      **error;
  const Atoms  *atoms;         /* atoms already evaluated over one model, or NULL */
} Checker;

/* K over a partition: w ⊨ K φ iff φ holds in all of w's class. With @any,
 * M instead: φ holds somewhere in the class. */
static KvBits *
over_partition (const guint32 *cls, guint n_classes, const KvBits *truth, gboolean any)
{
  g_autofree guint8 *mark = g_new0 (guint8, MAX (n_classes, 1));
  KvBits *result = kv_bits_new (truth->n);

  for (guint w = 0; w < truth->n; w++)
    if (kv_bits_get (truth, w) == any)
      mark[cls[w]] = 1;
  for (guint w = 0; w < truth->n; w++)
    if (mark[cls[w]] == any)
      kv_bits_set (result, w);
  return result;
}

/* Distributed knowledge: the intersection of the group's partitions. */
static guint32 *
intersection (const KvModel *model, guint32 agents, guint *n_classes)
{
  guint32 *ids = g_new0 (guint32, MAX (model->n_worlds, 1));
  g_autofree guint64 *keys = g_new (guint64, MAX (model->n_worlds, 1));
  guint n = 1;

  for (guint a = 0; a < model->game->n_agents; a++)
    if (agents & (1u << a))
      {
        for (guint w = 0; w < model->n_worlds; w++)
          keys[w] = (guint64) ids[w] * model->n_classes[a] + model->cls[a][w];
        n = kv_densify_u64 (keys, model->n_worlds, ids);
      }
  *n_classes = n;
  return ids;
}

/* Common knowledge: components of the union of the group's partitions. */
static guint32 *
components (const KvModel *model, guint32 agents, guint *n_classes)
{
  guint32 *parent = g_new (guint32, MAX (model->n_worlds, 1));
  g_autofree guint32 *first = g_new (guint32, MAX (model->n_worlds, 1));

  for (guint w = 0; w < model->n_worlds; w++)
    parent[w] = w;
  for (guint a = 0; a < model->game->n_agents; a++)
    if (agents & (1u << a))
      {
        memset (first, 0xff, model->n_classes[a] * sizeof (guint32));
        for (guint w = 0; w < model->n_worlds; w++)
          {
            guint32 c = model->cls[a][w];

            if (first[c] == G_MAXUINT32)
              first[c] = w;
            else
              parent[kv_find_root (parent, w)] = kv_find_root (parent, first[c]);
          }
      }
  for (guint w = 0; w < model->n_worlds; w++)
    parent[w] = kv_find_root (parent, w);
  *n_classes = kv_densify_u32 (parent, model->n_worlds);
  return parent;
}

KvBits *
kv_check_win (const KvModel *model, guint agent)
{
  const KvGame *game = model->game;
  guint n_classes = model->n_classes[agent];
  const guint32 *cls = model->cls[agent];
  g_autofree guint64 *delta = g_new (guint64, MAX (n_classes, 1));
  g_autofree guint8 *seen = g_new0 (guint8, MAX (n_classes, 1));
  g_autofree guint8 *mixed = g_new0 (guint8, MAX (n_classes, 1));
  KvBits *result = kv_bits_new (model->n_worlds);

  /* δ is the envelope's hand when there is one, else the whole deal. */
  for (guint w = 0; w < model->n_worlds; w++)
    {
      guint64 key = game->has_envelope ? kv_model_hand (model, w, game->n_agents) : model->deal[w];
      guint32 c = cls[w];

      if (!seen[c])
        {
          seen[c] = 1;
          delta[c] = key;
        }
      else if (delta[c] != key)
        mixed[c] = 1;
    }
  for (guint w = 0; w < model->n_worlds; w++)
    if (!mixed[cls[w]])
      kv_bits_set (result, w);
  return result;
}

static KvBits *check (Checker *c, KvModel *model, const KvFormula *f);

/* Adds the atoms of @f evaluated over the model itself (not those after a
 * step, over its product) to @atoms; FALSE once @budget nodes are seen, so
 * that a huge formula costs no more than a glance here. */
static gboolean
collect_atoms (Atoms *atoms, const KvFormula *f, guint *budget)
{
  if (f == NULL)
    return TRUE;
  if (*budget == 0)
    return FALSE;
  (*budget)--;
  switch (f->kind)
    {
    case KV_FORMULA_ATOM:
      for (guint i = 0; i < atoms->n_atoms; i++)
        if (atoms->card[i] == f->card && atoms->owner[i] == f->owner)
          return TRUE;
      if (atoms->n_atoms == MAX_ATOMS)
        return FALSE;
      atoms->card[atoms->n_atoms] = (guint8) f->card;
      atoms->owner[atoms->n_atoms++] = (guint8) f->owner;
      return TRUE;
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      return TRUE;
    default:
      return collect_atoms (atoms, f->left, budget) && collect_atoms (atoms, f->right, budget);
    }
}

/* Every atom of @atoms over the worlds of @model, in one walk: per world,
 * each owner's hand is read once and its cards asked about set their bits. */
static void
evaluate_atoms (Atoms *atoms, const KvModel *model)
{
  guint n = model->n_worlds, n_owners = model->deals->n_owners;
  KvHand asked[KV_MAX_AGENTS + 1] = { 0 };
  guint8 atom_of[KV_MAX_AGENTS + 1][KV_MAX_CARDS];   /* per owner and card asked: its atom */
  guint owners[KV_MAX_AGENTS + 1], n_asked = 0;

  atoms->model = model;
  for (guint i = 0; i < atoms->n_atoms; i++)
    {
      guint o = atoms->owner[i];

      if (asked[o] == 0)
        owners[n_asked++] = o;
      asked[o] |= KV_CARD_BIT (atoms->card[i]);
      atom_of[o][atoms->card[i]] = (guint8) i;
      atoms->bits[i] = kv_bits_new (n);
    }
  for (guint i = 0; i * 64 < n; i++)
    {
      guint end = MIN (64, n - i * 64);
      const guint32 *deal = model->deal + i * 64;
      guint64 word[MAX_ATOMS];

      memset (word, 0, atoms->n_atoms * sizeof (guint64));
      for (guint b = 0; b < end; b++)
        {
          const KvHand *hands = model->deals->hands + (gsize) deal[b] * n_owners;

          for (guint j = 0; j < n_asked; j++)
            {
              guint o = owners[j];

              for (KvHand h = hands[o] & asked[o]; h != 0; h &= h - 1)
                word[atom_of[o][__builtin_ctzll (h)]] |= G_GUINT64_CONSTANT (1) << b;
            }
        }
      for (guint j = 0; j < atoms->n_atoms; j++)
        atoms->bits[j]->words[i] = word[j];
    }
}

/* The truth sets of every precondition of @am, as kv_update_preconditions. */
static KvBits **
preconditions (Checker *c, KvModel *model, const KvActionModel *am)
{
  KvBits **pre = g_new0 (KvBits *, MAX (am->n_events, 1));
  const Atoms *outer = c->atoms;
  Atoms atoms = { NULL, 0 };
  guint budget = MAX_ATOM_NODES;
  gboolean all = TRUE;

  /* Worth it from two atoms on (a showcard's cards, a nocard's); the
   * atoms not collected are evaluated as usual. */
  for (guint e = 0; e < am->n_events && all; e++)
    all = collect_atoms (&atoms, am->pre[e], &budget);
  if (atoms.n_atoms >= 2)
    {
      evaluate_atoms (&atoms, model);
      c->atoms = &atoms;
    }

  for (guint e = 0; e < am->n_events; e++)
    {
      pre[e] = check (c, model, am->pre[e]);
      if (pre[e] == NULL)
        {
          for (guint i = 0; i < e; i++)
            kv_bits_free (pre[i]);
          g_clear_pointer (&pre, g_free);
          break;
        }
    }

  c->atoms = outer;
  for (guint i = 0; i < atoms.n_atoms; i++)
    kv_bits_free (atoms.bits[i]);
  return pre;
}

/* [α]φ and ⟨α⟩φ for a chain of steps (a suggest expands to several). */
static KvBits *
check_dynamic (Checker *c, KvModel *model, GPtrArray *steps, guint index, const KvFormula *f, gboolean box)
{
  guint event;
  g_autoptr(KvActionModel) am = NULL;
  KvBits **pre;
  KvBits *result;

  if (index == steps->len)
    return check (c, model, f);

  am = kv_action_model_for_step (g_ptr_array_index (steps, index), &event);
  pre = preconditions (c, model, am);
  if (pre == NULL)
    return NULL;

  result = box ? kv_bits_new_full (model->n_worlds) : kv_bits_new (model->n_worlds);
  if (kv_bits_count (pre[event]) > 0)
    {
      g_autoptr(KvProduct) product = NULL;
      g_autoptr(KvModel) next = kv_update_product (model, am, pre, event, 0, &product, c->error);
      g_autoptr(KvBits) after = next ? check_dynamic (c, next, steps, index + 1, f, box) : NULL;

      if (after == NULL)
        g_clear_pointer (&result, kv_bits_free);
      else
        for (guint p = 0; p < product->n_pairs; p++)
          if (product->pair_event[p] == event)
            {
              if (kv_bits_get (after, p))
                kv_bits_set (result, product->pair_world[p]);
              else
                kv_bits_clear (result, product->pair_world[p]);
            }
    }

  for (guint e = 0; e < am->n_events; e++)
    kv_bits_free (pre[e]);
  g_free (pre);
  return result;
}

static KvBits *
check_binary (Checker *c, KvModel *model, const KvFormula *f)
{
  g_autoptr(KvBits) left = check (c, model, f->left);
  g_autoptr(KvBits) right = left ? check (c, model, f->right) : NULL;

  if (right == NULL)
    return NULL;
  switch (f->kind)
    {
    case KV_FORMULA_AND:
      kv_bits_and (left, right);
      break;
    case KV_FORMULA_OR:
      kv_bits_or (left, right);
      break;
    case KV_FORMULA_IMPLIES:
      kv_bits_not (left);
      kv_bits_or (left, right);
      break;
    case KV_FORMULA_IFF:
      kv_bits_xor (left, right);
      kv_bits_not (left);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_steal_pointer (&left);
}

static KvBits *check_inner (Checker *c, KvModel *model, const KvFormula *f);

static KvBits *
check (Checker *c, KvModel *model, const KvFormula *f)
{
  KvBits *result = NULL;

  if (c->depth >= MAX_CHECK_DEPTH)
    g_set_error (c->error, KV_ERROR, KV_ERROR_LIMIT,
                 _("the formula and the actions it uses are nested more than %d deep"), MAX_CHECK_DEPTH);
  else
    {
      c->depth++;
      result = check_inner (c, model, f);
      c->depth--;
    }
  return result;
}

static KvBits *
check_inner (Checker *c, KvModel *model, const KvFormula *f)
{
  guint n = model->n_worlds;
  guint agent = f->agents ? (guint) __builtin_ctz (f->agents) : 0;
  g_autoptr(KvBits) operand = NULL;

  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
      return kv_bits_new_full (n);
    case KV_FORMULA_FALSE:
      return kv_bits_new (n);
    case KV_FORMULA_ATOM:
      {
        const KvHand *hands = model->deals->hands + f->owner;
        guint n_owners = model->deals->n_owners;
        KvBits *result;

        if (c->atoms != NULL && c->atoms->model == model)
          for (guint i = 0; i < c->atoms->n_atoms; i++)
            if (c->atoms->card[i] == f->card && c->atoms->owner[i] == f->owner)
              return kv_bits_copy (c->atoms->bits[i]);

        /* A word of 64 worlds at a time, without a branch per world:
         * preconditions are mostly atoms, over every world. */
        result = kv_bits_new (n);

        for (guint i = 0; i * 64 < n; i++)
          {
            guint end = MIN (64, n - i * 64);
            const guint32 *deal = model->deal + i * 64;
            guint64 word = 0;

            for (guint b = end; b-- > 0; )
              word = word << 1 | ((hands[(gsize) deal[b] * n_owners] >> f->card) & 1);
            result->words[i] = word;
          }
        return result;
      }
    case KV_FORMULA_NOT:
      operand = check (c, model, f->left);
      if (operand != NULL)
        kv_bits_not (operand);
      return g_steal_pointer (&operand);
    case KV_FORMULA_AND:
    case KV_FORMULA_OR:
    case KV_FORMULA_IMPLIES:
    case KV_FORMULA_IFF:
      return check_binary (c, model, f);
    case KV_FORMULA_WIN:
      return kv_check_win (model, agent);
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      {
        g_autoptr(GPtrArray) steps = NULL;

        if (f->step->kind == KV_STEP_SUGGEST)
          steps = kv_suggest_expand_hands (f->step, c->actual_hands);
        else
          {
            steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
            g_ptr_array_add (steps, kv_step_ref (f->step));
          }
        return check_dynamic (c, model, steps, 0, f->left, f->kind == KV_FORMULA_BOX);
      }
    default:
      break;
    }

  /* The modal operators. */
  operand = check (c, model, f->left);
  if (operand == NULL)
    return NULL;
  switch (f->kind)
    {
    case KV_FORMULA_KNOWS:
      return over_partition (model->cls[agent], model->n_classes[agent], operand, FALSE);
    case KV_FORMULA_POSSIBLE:
      return over_partition (model->cls[agent], model->n_classes[agent], operand, TRUE);
    case KV_FORMULA_WHETHER:
      {
        KvBits *knows = over_partition (model->cls[agent], model->n_classes[agent], operand, FALSE);
        g_autoptr(KvBits) knows_not = NULL;

        kv_bits_not (operand);
        knows_not = over_partition (model->cls[agent], model->n_classes[agent], operand, FALSE);
        kv_bits_or (knows, knows_not);
        return knows;
      }
    case KV_FORMULA_EVERYONE:
      {
        KvBits *result = kv_bits_new_full (n);

        for (guint a = 0; a < model->game->n_agents; a++)
          if (f->agents & (1u << a))
            {
              g_autoptr(KvBits) knows = over_partition (model->cls[a], model->n_classes[a], operand, FALSE);
              kv_bits_and (result, knows);
            }
        return result;
      }
    case KV_FORMULA_COMMON:
    case KV_FORMULA_DISTRIB:
      {
        guint n_classes;
        g_autofree guint32 *cls = f->kind == KV_FORMULA_COMMON
          ? components (model, f->agents, &n_classes)
          : intersection (model, f->agents, &n_classes);

        return over_partition (cls, n_classes, operand, FALSE);
      }
    default:
      g_assert_not_reached ();
    }
}

/* The one loop over an action's preconditions, for the product update
 * too: each precondition is evaluated once per update. */
KvBits **
kv_update_preconditions (KvModel *model, const KvActionModel *am, GError **error)
{
  Checker c = { 0, NULL, error, NULL };

  g_return_val_if_fail (model != NULL && am != NULL, NULL);
  c.actual_hands = kv_model_hands (model, model->actual);
  return preconditions (&c, model, am);
}

KvBits *
kv_check_worlds (KvModel *model, const KvFormula *f, GError **error)
{
  Checker c = { 0, NULL, error, NULL };

  g_return_val_if_fail (model != NULL && f != NULL, NULL);
  /* Under a hypothetical step the product's point may be another deal
   * (when the step is false at the actual world); a suggest still
   * expands against the deal the formula is checked at. */
  c.actual_hands = kv_model_hands (model, model->actual);
  return check (&c, model, f);
}

gboolean
kv_check_actual (KvModel *model, const KvFormula *f, gboolean *value, GError **error)
{
  g_autoptr(KvBits) truth = kv_check_worlds (model, f, error);

  if (truth == NULL)
    return FALSE;
  *value = kv_bits_get (truth, model->actual);
  return TRUE;
}
