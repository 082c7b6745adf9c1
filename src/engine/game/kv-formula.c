// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-formula"
#include "config.h"

#include "kv-formula.h"
#include "kv-parse-private.h"
#include "kv-step.h"

KvFormula *
kv_formula_new (KvFormulaKind kind, KvFormula *left, KvFormula *right)
{
  KvFormula *f = g_new0 (KvFormula, 1);

  g_atomic_ref_count_init (&f->ref);
  f->kind = kind;
  f->left = left;
  f->right = right;
  return f;
}

KvFormula *
kv_formula_new_atom (guint card, guint owner)
{
  KvFormula *f = kv_formula_new (KV_FORMULA_ATOM, NULL, NULL);

  f->card = card;
  f->owner = owner;
  return f;
}

KvFormula *
kv_formula_new_modal (KvFormulaKind kind, guint32 agents, KvFormula *operand)
{
  KvFormula *f = kv_formula_new (kind, operand, NULL);

  f->agents = agents;
  return f;
}

KvFormula *
kv_formula_ref (KvFormula *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  g_atomic_ref_count_inc (&f->ref);
  return f;
}

void
kv_formula_unref (KvFormula *f)
{
  if (f == NULL || !g_atomic_ref_count_dec (&f->ref))
    return;
  kv_formula_unref (f->left);
  kv_formula_unref (f->right);
  if (f->step != NULL)
    kv_step_unref (f->step);
  g_free (f);
}

/* Printing. Binding strength, loosest first. */
enum { LEVEL_IFF = 1, LEVEL_IMPLIES, LEVEL_OR, LEVEL_AND, LEVEL_UNARY };

static int
level_of (const KvFormula *f)
{
  switch (f->kind)
    {
    case KV_FORMULA_IFF: return LEVEL_IFF;
    case KV_FORMULA_IMPLIES: return LEVEL_IMPLIES;
    case KV_FORMULA_OR: return LEVEL_OR;
    case KV_FORMULA_AND: return LEVEL_AND;
    default: return LEVEL_UNARY;
    }
}

void
kv_append_subscript (GString *out, const char *digits)
{
  static const char *const subscript_digits[] = { "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉" };

  for (const char *p = digits; *p; p++)
    g_string_append (out, subscript_digits[*p - '0']);
}

static gboolean
all_digits (const char *s)
{
  for (; *s; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

/* Agents as Unicode subscripts ("₁₂₃"), or in braces when a name has no
 * subscript form ("{Ann,Bob}"); ASCII always uses braces. */
static void
append_agents (GString *out, const KvGame *game, guint32 agents, gboolean ascii)
{
  gboolean subscripts = !ascii;
  gboolean long_names = FALSE;
  gboolean first = TRUE;

  for (guint a = 0; a < game->n_agents; a++)
    if (agents & (1u << a))
      {
        subscripts = subscripts && all_digits (game->agent_names[a]);
        long_names = long_names || game->agent_names[a][1] != '\0';
      }

  if (!subscripts)
    g_string_append_c (out, '{');
  for (guint a = 0; a < game->n_agents; a++)
    if (agents & (1u << a))
      {
        if (!first && (!subscripts || long_names))
          g_string_append_c (out, ',');
        first = FALSE;
        if (subscripts)
          kv_append_subscript (out, game->agent_names[a]);
        else
          g_string_append (out, game->agent_names[a]);
      }
  if (!subscripts)
    g_string_append_c (out, '}');
}

static void append_formula (GString *out, const KvGame *game, const KvFormula *f, gboolean ascii);

static void
append_operand (GString *out, const KvGame *game, const KvFormula *f, int min_level, gboolean ascii)
{
  gboolean parens = level_of (f) < min_level;

  if (parens)
    g_string_append_c (out, '(');
  append_formula (out, game, f, ascii);
  if (parens)
    g_string_append_c (out, ')');
}

/* The operands of a chain (kv-formula-parse.c builds one as a balanced
 * tree, its inner nodes marked in_chain) in order, as they were written:
 * the first as a left operand, the others as right ones, so a chain prints
 * as it did when it was a left-leaning tree. Recurses only as deep as the
 * balanced tree. */
static void
append_chain (GString *out, const KvGame *game, const KvFormula *f, KvFormulaKind kind,
              const char *binary, int left_level, int right_level, gboolean *first, gboolean ascii)
{
  if (f->kind == kind && f->in_chain)
    {
      append_chain (out, game, f->left, kind, binary, left_level, right_level, first, ascii);
      append_chain (out, game, f->right, kind, binary, left_level, right_level, first, ascii);
      return;
    }
  if (!*first)
    g_string_append (out, binary);
  append_operand (out, game, f, *first ? left_level : right_level, ascii);
  *first = FALSE;
}

static void
append_formula (GString *out, const KvGame *game, const KvFormula *f, gboolean ascii)
{
  static const char *const modal_ascii[] = {
    [KV_FORMULA_KNOWS] = "K", [KV_FORMULA_POSSIBLE] = "M", [KV_FORMULA_WHETHER] = "Kw",
    [KV_FORMULA_EVERYONE] = "E", [KV_FORMULA_COMMON] = "C", [KV_FORMULA_DISTRIB] = "D",
    [KV_FORMULA_WIN] = "win",
  };
  const char *binary = NULL;
  int left_level = 0, right_level = 0;

  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
      g_string_append (out, "true");
      return;
    case KV_FORMULA_FALSE:
      g_string_append (out, "false");
      return;
    case KV_FORMULA_ATOM:
      g_string_append_printf (out, "%s@%s", game->card_names[f->card], kv_game_owner_name (game, f->owner));
      return;
    case KV_FORMULA_NOT:
      g_string_append (out, ascii ? "~" : "¬");
      append_operand (out, game, f->left, LEVEL_UNARY, ascii);
      return;
    case KV_FORMULA_WIN:
      g_string_append (out, "win");
      append_agents (out, game, f->agents, ascii);
      return;
    case KV_FORMULA_KNOWS:
    case KV_FORMULA_POSSIBLE:
    case KV_FORMULA_WHETHER:
    case KV_FORMULA_EVERYONE:
    case KV_FORMULA_COMMON:
    case KV_FORMULA_DISTRIB:
      g_string_append (out, modal_ascii[f->kind]);
      if (ascii && f->agents == (1u << game->n_agents) - 1 && f->kind >= KV_FORMULA_EVERYONE)
        g_string_append (out, "{}");
      else
        append_agents (out, game, f->agents, ascii);
      g_string_append_c (out, ' ');
      append_operand (out, game, f->left, LEVEL_UNARY, ascii);
      return;
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      {
        gboolean box = f->kind == KV_FORMULA_BOX;
        g_autofree char *step = NULL;

        /* An announcement prints as "!φ" (docs/formulas.md). */
        if (f->step->kind == KV_STEP_ANNOUNCE)
          {
            g_autofree char *announced = kv_formula_to_string (game, f->step->formula, ascii);
            step = g_strconcat ("!", announced, NULL);
          }
        else
          step = kv_step_to_string (f->step);

        g_string_append_printf (out, "%s%s%s ", box ? "[" : (ascii ? "<" : "⟨"), step,
                                box ? "]" : (ascii ? ">" : "⟩"));
        append_operand (out, game, f->left, LEVEL_UNARY, ascii);
        return;
      }
    case KV_FORMULA_AND:
      binary = ascii ? " & " : " ∧ ";
      left_level = LEVEL_AND;
      right_level = LEVEL_AND + 1;
      break;
    case KV_FORMULA_OR:
      binary = ascii ? " | " : " ∨ ";
      left_level = LEVEL_OR;
      right_level = LEVEL_OR + 1;
      break;
    case KV_FORMULA_IMPLIES:
      binary = ascii ? " -> " : " → ";
      left_level = LEVEL_IMPLIES + 1;
      right_level = LEVEL_IMPLIES;
      break;
    case KV_FORMULA_IFF:
      binary = ascii ? " <-> " : " ↔ ";
      left_level = LEVEL_IFF;
      right_level = LEVEL_IFF + 1;
      break;
    default:
      g_assert_not_reached ();
    }

  if (f->kind == KV_FORMULA_IMPLIES)
    {
      append_operand (out, game, f->left, left_level, ascii);
      g_string_append (out, binary);
      append_operand (out, game, f->right, right_level, ascii);
    }
  else
    {
      gboolean first = TRUE;

      append_chain (out, game, f->left, f->kind, binary, left_level, right_level, &first, ascii);
      append_chain (out, game, f->right, f->kind, binary, left_level, right_level, &first, ascii);
    }
}

char *
kv_formula_to_string (const KvGame *game, const KvFormula *f, gboolean ascii)
{
  GString *out = g_string_new (NULL);

  append_formula (out, game, f, ascii);
  return g_string_free (out, FALSE);
}
