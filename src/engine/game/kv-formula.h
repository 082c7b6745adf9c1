// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-formula.h: formulas of dynamic epistemic logic (docs/formulas.md), as a tree.
 *
 * Syntax only: building, parsing and printing. Truth is kv-check.h's job.
 * Names are resolved against a game when parsing, so a formula holds card,
 * owner and agent indices. Formulas are immutable once parsed and may be
 * shared by reference.
 */
#pragma once

#include "kv-game.h"

G_BEGIN_DECLS

typedef struct _KvStep KvStep;

typedef enum {
  KV_FORMULA_TRUE,
  KV_FORMULA_FALSE,
  KV_FORMULA_ATOM,      /* card@owner */
  KV_FORMULA_NOT,
  KV_FORMULA_AND,
  KV_FORMULA_OR,
  KV_FORMULA_IMPLIES,
  KV_FORMULA_IFF,
  KV_FORMULA_KNOWS,     /* K{a} */
  KV_FORMULA_POSSIBLE,  /* M{a} */
  KV_FORMULA_WHETHER,   /* Kw{a} */
  KV_FORMULA_EVERYONE,  /* E{B} */
  KV_FORMULA_COMMON,    /* C{B} */
  KV_FORMULA_DISTRIB,   /* D{B} */
  KV_FORMULA_WIN,       /* win{a}: a knows δ */
  KV_FORMULA_BOX,       /* [STEP] φ */
  KV_FORMULA_DIAMOND,   /* <STEP> φ */
} KvFormulaKind;

typedef struct _KvFormula KvFormula;

struct _KvFormula {
  gatomicrefcount ref;
  KvFormulaKind kind;
  guint    card, owner;   /* ATOM */
  guint32  agents;        /* modal operators: bit mask of agents (one bit for K, M, Kw, win) */
  KvFormula *left;        /* the only operand of unary operators */
  KvFormula *right;
  KvStep  *step;          /* BOX, DIAMOND */
  /* AND, OR, IFF: an inner node of a chain written flat ("a & b & c"),
   * which the parser builds as a balanced tree so that a long chain is
   * shallow for every walker; it prints as part of its parent's chain. */
  gboolean in_chain;
};

KvFormula *kv_formula_new      (KvFormulaKind kind, KvFormula *left, KvFormula *right); /* takes both */
KvFormula *kv_formula_new_atom (guint card, guint owner);
KvFormula *kv_formula_new_modal (KvFormulaKind kind, guint32 agents, KvFormula *operand); /* takes operand */
KvFormula *kv_formula_ref      (KvFormula *f);
void       kv_formula_unref    (KvFormula *f);

/* Parses @text (ASCII or Unicode forms). On error, sets @error and
 * *error_column (1-based, in characters) when not NULL. Nesting deeper than KV_FORMULA_MAX_DEPTH is an error. */
#define KV_FORMULA_MAX_DEPTH 200
KvFormula *kv_formula_parse    (KvGame *game, const char *text,
                                guint *error_column, GError **error);

/* Prints in the Unicode form with subscripts: K₁ r@1, C₁₂₃ (¬w@1 ∧ …).
 * With @ascii, prints the ASCII form that kv_formula_parse reads back. */
char      *kv_formula_to_string (const KvGame *game, const KvFormula *f, gboolean ascii);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvFormula, kv_formula_unref)

G_END_DECLS
