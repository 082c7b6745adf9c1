// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-formula-parse"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-parse-private.h"
#include "kv-read.h"

/* Recursive descent, loosest first:
 *   iff     := implies ("<->" implies)*          associative: a balanced tree
 *   implies := or ("->" implies)?                 right-associative
 *   or      := and ("|" and)*                     associative: a balanced tree
 *   and     := unary ("&" unary)*                 associative: a balanced tree
 *   unary   := "~" unary | MODAL unary | "[" step "]" unary | "<" step ">" unary | primary
 *   primary := "true" | "false" | CARD "@" OWNER | "win" "{" AGENT "}" | "(" iff ")"
 */

typedef struct {
  KvLexer *lexer;
  KvGame  *game;
  guint   *column;
  GError **error;
} Parser;

static KvFormula *parse_iff (Parser *p);
static KvFormula *parse_unary (Parser *p);
static gboolean enter (Parser *p);

static gboolean
fail (Parser *p, const char *message)
{
  kv_lexer_error (p->lexer, p->error, p->column, KV_ERROR_SYNTAX, "%s", message);
  return FALSE;
}

static gboolean
expect (Parser *p, KvTokenKind kind, const char *what)
{
  if (p->lexer->token.kind != kind)
    {
      g_autofree char *found = kv_lexer_dup (p->lexer);

      kv_lexer_error (p->lexer, p->error, p->column, KV_ERROR_SYNTAX,
                      _("expected %s but found %s"), what,
                      p->lexer->token.kind == KV_TOKEN_NAME ? found
                        : kv_token_describe (p->lexer->token.kind));
      return FALSE;
    }
  kv_lexer_next (p->lexer);
  return TRUE;
}

/* Subscripts name agents by their digits: "₁" is agent 1; in a group each
 * digit is an agent ("₁₂₃") unless commas separate longer names ("₁₀,₁₁").
 * One agent (K₁₂) takes all the digits. */
static gboolean
parse_subscript_agents (Parser *p, guint32 *agents, gboolean exactly_one)
{
  const KvToken *t = &p->lexer->token;
  gboolean commas = memchr (t->start, ',', t->length) != NULL;
  GString *name = g_string_new (NULL);
  gboolean ok = TRUE;

  *agents = 0;
  for (const char *q = t->start; ok && q <= t->start + t->length; )
    {
      gboolean at_end = q == t->start + t->length;

      if (!at_end && *q != ',')
        {
          g_string_append_c (name, (char) ('0' + ((guchar) q[2] - 0x80)));
          q += 3;
          if (exactly_one || commas)
            continue;
        }
      else
        q++;
      if (name->len > 0)
        {
          int agent = kv_game_find_agent (p->game, name->str);

          if (agent < 0)
            {
              kv_lexer_error (p->lexer, p->error, p->column, KV_ERROR_NAME, _("unknown agent “%s”"), name->str);
              ok = FALSE;
            }
          else
            *agents |= 1u << agent;
          g_string_truncate (name, 0);
        }
      if (at_end)
        break;
    }
  g_string_free (name, TRUE);
  /* "win₂,₃" names two agents where one is wanted, as "win{2,3}" does. */
  if (ok && exactly_one && __builtin_popcount (*agents) != 1)
    return fail (p, _("this operator takes exactly one agent, as in K{1}"));
  if (ok)
    kv_lexer_next (p->lexer);
  return ok;
}

/* Inside braces after at least one agent: whether the current name is
 * no agent but the start of a formula (a card before "@", an operator
 * before "{", true or false), so that a "}" was forgotten before it. */
static gboolean
missing_brace (Parser *p)
{
  g_autofree char *name = kv_lexer_dup (p->lexer);
  KvLexer lookahead = *p->lexer;

  if (kv_game_find_agent (p->game, name) >= 0)
    return FALSE;
  kv_lexer_next (&lookahead);
  return lookahead.token.kind == KV_TOKEN_AT || lookahead.token.kind == KV_TOKEN_LBRACE
         || lookahead.token.kind == KV_TOKEN_SUBSCRIPT || kv_game_find_card (p->game, name) >= 0
         || g_str_equal (name, "true") || g_str_equal (name, "false");
}

/* "{a}", "{a,b}", "{a b}" or "{}" (all agents), or subscripts. */
static gboolean
parse_agent_set (Parser *p, guint32 *agents, gboolean exactly_one)
{
  *agents = 0;
  if (p->lexer->token.kind == KV_TOKEN_SUBSCRIPT)
    return parse_subscript_agents (p, agents, exactly_one);
  if (!expect (p, KV_TOKEN_LBRACE, "“{”"))
    return FALSE;
  while (p->lexer->token.kind == KV_TOKEN_NAME)
    {
      guint agent;

      /* "K{1 r@1": a name after the agents that is no agent starts the
       * operand; the "}" before it is missing. */
      if (*agents != 0 && missing_brace (p))
        return fail (p, _("“}” is missing after the agents"));
      if (!kv_parse_agent (p->lexer, p->game, &agent, p->column, p->error))
        return FALSE;
      *agents |= 1u << agent;
      if (p->lexer->token.kind == KV_TOKEN_COMMA)
        kv_lexer_next (p->lexer);
    }
  if (exactly_one && __builtin_popcount (*agents) != 1)
    return fail (p, _("this operator takes exactly one agent, as in K{1}"));
  if (*agents == 0)
    *agents = (1u << p->game->n_agents) - 1;
  return expect (p, KV_TOKEN_RBRACE, "“}”");
}

typedef struct {
  const char   *name;
  KvFormulaKind kind;
  gboolean      one_agent;
} Modal;

static const Modal modals[] = {
  { "K", KV_FORMULA_KNOWS, TRUE },
  { "M", KV_FORMULA_POSSIBLE, TRUE },
  { "Kw", KV_FORMULA_WHETHER, TRUE },
  { "E", KV_FORMULA_EVERYONE, FALSE },
  { "C", KV_FORMULA_COMMON, FALSE },
  { "D", KV_FORMULA_DISTRIB, FALSE },
  { "win", KV_FORMULA_WIN, TRUE },
};

/* Agents named by @text: one agent's name, or (for a group) one agent
 * per character, as subscripts write them ("C123"). 0 when it names none. */
static guint32
agents_named (const KvGame *game, const char *text, gboolean one_agent)
{
  guint32 agents = 0;
  int agent = kv_game_find_agent (game, text);

  if (agent >= 0)
    return 1u << agent;
  if (one_agent || text[0] == '\0')
    return 0;
  for (const char *q = text; *q != '\0'; q++)
    {
      char name[2] = { *q, '\0' };

      agent = kv_game_find_agent (game, name);
      if (agent < 0)
        return 0;
      agents |= 1u << agent;
    }
  return agents;
}

/* The operator @modal over @agents as it is written: "K{1} φ", "C{1,2} φ",
 * "win{1}". */
static char *
operator_example (const KvGame *game, const Modal *modal, guint32 agents, char **names_out)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint a = 0; a < game->n_agents; a++)
    if (agents & (1u << a))
      g_string_append_printf (names, "%s%s", names->len > 0 ? "," : "", game->agent_names[a]);
  if (names_out != NULL)
    *names_out = g_strdup (names->str);
  return g_strdup_printf ("%s{%s}%s", modal->name, names->str, modal->kind == KV_FORMULA_WIN ? "" : " φ");
}

/* "K1 r@1", "win1": a name that is no card but an operator run into its
 * agents. The message teaches the operator's form, or NULL when @name is
 * not one. */
static char *
glued_operator_hint (const KvGame *game, const char *name)
{
  const Modal *best = NULL;
  guint32 agents = 0;
  g_autofree char *example = NULL;
  g_autofree char *names = NULL;

  /* The longest operator that leaves agents: "Kw1" is Kw and 1. */
  for (guint i = 0; i < G_N_ELEMENTS (modals); i++)
    {
      gsize len = strlen (modals[i].name);
      guint32 found;

      if (!g_str_has_prefix (name, modals[i].name) || (best != NULL && strlen (best->name) >= len))
        continue;
      found = agents_named (game, name + len, modals[i].one_agent);
      if (found != 0)
        {
          best = &modals[i];
          agents = found;
        }
    }
  if (best == NULL)
    return NULL;
  example = operator_example (game, best, agents, &names);
  switch (best->kind)
    {
    case KV_FORMULA_KNOWS:
      /* TRANSLATORS: what was written ("K1"), the agent, the operator written out ("K{1} φ") */
      return g_strdup_printf (_("“%s” is not a card: for what %s knows write %s"), name, names, example);
    case KV_FORMULA_POSSIBLE:
      return g_strdup_printf (_("“%s” is not a card: for what %s considers possible write %s"), name, names, example);
    case KV_FORMULA_WHETHER:
      return g_strdup_printf (_("“%s” is not a card: for whether %s knows write %s"), name, names, example);
    case KV_FORMULA_EVERYONE:
      /* TRANSLATORS: what was written ("E12"), the agents ("1,2"), the operator written out ("E{1,2} φ") */
      return g_strdup_printf (_("“%s” is not a card: for what each of %s knows write %s"), name, names, example);
    case KV_FORMULA_COMMON:
      return g_strdup_printf (_("“%s” is not a card: for common knowledge of %s write %s"), name, names, example);
    case KV_FORMULA_DISTRIB:
      return g_strdup_printf (_("“%s” is not a card: for the distributed knowledge of %s write %s"), name, names, example);
    case KV_FORMULA_WIN:
      return g_strdup_printf (_("“%s” is not a card: for whether %s can win write %s"), name, names, example);
    default:
      g_assert_not_reached ();
    }
}

/* "K 1 r@1", "win 1", "K r@1": an operator without braces. The message
 * shows it with them (with the agent that follows, or the first agent),
 * or NULL when @name is no operator. */
static char *
spaced_operator_hint (Parser *p, const char *name)
{
  const Modal *modal = NULL;
  guint32 agents = 0;
  g_autofree char *example = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (modals); i++)
    if (g_str_equal (name, modals[i].name))
      modal = &modals[i];
  if (modal == NULL)
    return NULL;
  if (p->lexer->token.kind == KV_TOKEN_NAME)
    {
      g_autofree char *next = kv_lexer_dup (p->lexer);

      agents = agents_named (p->game, next, modal->one_agent);
    }
  example = operator_example (p->game, modal, agents != 0 ? agents : 1u, NULL);
  return modal->one_agent
    /* TRANSLATORS: an operator ("win"), then written out ("win{1}") */
    ? g_strdup_printf (_("“%s” takes its agent in braces: write %s"), name, example)
    : g_strdup_printf (_("“%s” takes its agents in braces: write %s"), name, example);
}

static KvFormula *
parse_primary (Parser *p)
{
  KvLexer *lexer = p->lexer;
  KvFormula *f;

  if (lexer->token.kind == KV_TOKEN_LPAREN)
    {
      kv_lexer_next (lexer);
      f = parse_iff (p);
      if (f == NULL)
        return NULL;
      if (!expect (p, KV_TOKEN_RPAREN, "“)”"))
        {
          kv_formula_unref (f);
          return NULL;
        }
      return f;
    }

  if (lexer->token.kind != KV_TOKEN_NAME)
    {
      g_autofree char *message =
        g_strdup_printf (_("expected a formula but found %s"), kv_token_describe (lexer->token.kind));
      fail (p, message);
      return NULL;
    }

  if (kv_lexer_is_name (lexer, "true") || kv_lexer_is_name (lexer, "false"))
    {
      KvFormulaKind kind = kv_lexer_is_name (lexer, "true") ? KV_FORMULA_TRUE : KV_FORMULA_FALSE;

      kv_lexer_next (lexer);
      if (lexer->token.kind != KV_TOKEN_AT)
        return kv_formula_new (kind, NULL, NULL);
      fail (p, _("“true” and “false” are not cards"));
      return NULL;
    }

  /* card@owner */
  {
    g_autofree char *name = kv_lexer_dup (lexer);
    guint card_column = lexer->token.column;
    int card = kv_game_find_card (p->game, name);
    int owner;

    kv_lexer_next (lexer);
    if (lexer->token.kind != KV_TOKEN_AT)
      {
        g_autofree char *message = NULL;

        if (lexer->token.kind == KV_TOKEN_LBRACE)
          message = g_strdup_printf (_("unknown operator “%s” (operators are K, M, Kw, E, C, D and win)"), name);
        else if (card < 0 && (message = glued_operator_hint (p->game, name)) != NULL)
          {
            fail (p, message);
            /* The caret under "K1", the name that is no card. */
            if (p->column != NULL)
              *p->column = card_column;
            return NULL;
          }
        else if (card < 0)
          message = spaced_operator_hint (p, name);
        if (message == NULL)
          message = g_strdup_printf (_("expected “@” after “%s”, as in %s@1"), name, name);
        /* The caret where "@" (or the braces) should be. */
        fail (p, message);
        return NULL;
      }
    if (card < 0)
      {
        if (p->column != NULL)
          *p->column = card_column;
        g_set_error (p->error, KV_ERROR, KV_ERROR_NAME, _("unknown card “%s”"), name);
        return NULL;
      }
    kv_lexer_next (lexer);
    if (lexer->token.kind != KV_TOKEN_NAME)
      {
        fail (p, _("expected an owner (an agent or env) after “@”"));
        return NULL;
      }
    {
      g_autofree char *owner_name = kv_lexer_dup (lexer);

      owner = kv_game_find_owner (p->game, owner_name);
      if (owner < 0)
        {
          kv_lexer_error (lexer, p->error, p->column, KV_ERROR_NAME,
                          _("unknown owner “%s” (owners are the agents%s)"), owner_name,
                          p->game->has_envelope ? _(" and env") : "");
          return NULL;
        }
    }
    kv_lexer_next (lexer);
    return kv_formula_new_atom ((guint) card, (guint) owner);
  }
}

/* A name followed by "{" is an operator; a name followed by "@" an atom. */
static const Modal *
peek_modal (Parser *p)
{
  KvLexer lookahead = *p->lexer;

  if (p->lexer->token.kind != KV_TOKEN_NAME)
    return NULL;
  kv_lexer_next (&lookahead);
  if (lookahead.token.kind != KV_TOKEN_LBRACE && lookahead.token.kind != KV_TOKEN_SUBSCRIPT)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (modals); i++)
    if (kv_lexer_is_name (p->lexer, modals[i].name))
      return &modals[i];
  return NULL;
}

static KvFormula *
parse_dynamic (Parser *p, KvFormulaKind kind, KvTokenKind close)
{
  KvFormula *f, *operand;
  KvStep *step;

  kv_lexer_next (p->lexer);
  step = kv_parse_step (p->lexer, p->game, p->column, p->error);
  if (step == NULL)
    return NULL;
  /* Whatever follows the step, the bracket that closes it is missing
   * there ("[nocard 1 r r@1": the step ends before "r@1"). */
  if (p->lexer->token.kind != close)
    {
      fail (p, close == KV_TOKEN_RBRACKET ? _("“]” is missing after the step") : _("“>” is missing after the step"));
      kv_step_unref (step);
      return NULL;
    }
  kv_lexer_next (p->lexer);
  operand = parse_unary (p);
  if (operand == NULL)
    {
      kv_step_unref (step);
      return NULL;
    }
  f = kv_formula_new (kind, operand, NULL);
  f->step = step;
  return f;
}

static KvFormula *
parse_unary_inner (Parser *p)
{
  KvLexer *lexer = p->lexer;
  const Modal *modal;

  if (lexer->token.kind == KV_TOKEN_NOT)
    {
      KvFormula *operand;

      kv_lexer_next (lexer);
      operand = parse_unary (p);
      return operand ? kv_formula_new (KV_FORMULA_NOT, operand, NULL) : NULL;
    }
  if (lexer->token.kind == KV_TOKEN_BANG)
    {
      kv_lexer_error (lexer, p->error, p->column, KV_ERROR_SYNTAX,
                      _("“!” is the public announcement, not a negation: write ~φ for not φ, [!φ] ψ for after announcing φ"));
      return NULL;
    }
  if (lexer->token.kind == KV_TOKEN_LBRACKET)
    return parse_dynamic (p, KV_FORMULA_BOX, KV_TOKEN_RBRACKET);
  if (lexer->token.kind == KV_TOKEN_LANGLE)
    return parse_dynamic (p, KV_FORMULA_DIAMOND, KV_TOKEN_RANGLE);

  modal = peek_modal (p);
  if (modal != NULL)
    {
      guint32 agents;
      KvFormula *operand;

      kv_lexer_next (lexer);
      if (!parse_agent_set (p, &agents, modal->one_agent))
        return NULL;
      if (modal->kind == KV_FORMULA_WIN)
        return kv_formula_new_modal (KV_FORMULA_WIN, agents, NULL);
      operand = parse_unary (p);
      return operand ? kv_formula_new_modal (modal->kind, agents, operand) : NULL;
    }
  return parse_primary (p);
}

/* Every recursion passes here or through parse_iff, so the depth limit
 * bounds the C stack whatever the input. */
static KvFormula *
parse_unary (Parser *p)
{
  KvFormula *f;

  f = enter (p) ? parse_unary_inner (p) : NULL;
  p->lexer->depth--;
  return f;
}

typedef KvFormula *(*ParseFunc) (Parser *p);

/* The operands @ops[lo … hi-1] of one chain as a balanced tree: and, or and
 * iff are associative, so the shape does not change the meaning, and a
 * chain of n operands is only log₂ n deep for the checker, the printer and
 * unref. Takes the operands. */
static KvFormula *
build_chain (KvFormula **ops, guint lo, guint hi, KvFormulaKind kind, gboolean root)
{
  guint mid = lo + (hi - lo) / 2;
  KvFormula *f;

  if (hi - lo == 1)
    return ops[lo];
  f = kv_formula_new (kind, build_chain (ops, lo, mid, kind, FALSE), build_chain (ops, mid, hi, kind, FALSE));
  f->in_chain = !root;
  return f;
}

/* operand (op operand)*. The operands sit side by side, not inside each
 * other, so a chain does not count against the depth limit: only nesting
 * (parentheses, unary operators, "->") does. */
static KvFormula *
parse_left_assoc (Parser *p, ParseFunc operand, KvTokenKind op, KvFormulaKind kind)
{
  KvFormula *first = operand (p);
  g_autoptr(GPtrArray) ops = NULL;
  KvFormula *f;

  if (first == NULL || p->lexer->token.kind != op)
    return first;
  ops = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_formula_unref);
  g_ptr_array_add (ops, first);
  while (p->lexer->token.kind == op)
    {
      KvFormula *right;

      kv_lexer_next (p->lexer);
      right = operand (p);
      if (right == NULL)
        return NULL;
      g_ptr_array_add (ops, right);
    }
  f = build_chain ((KvFormula **) ops->pdata, 0, ops->len, kind, TRUE);
  /* The tree owns the operands now. */
  g_ptr_array_set_free_func (ops, NULL);
  return f;
}

static KvFormula *
parse_and (Parser *p)
{
  return parse_left_assoc (p, parse_unary, KV_TOKEN_AND, KV_FORMULA_AND);
}

static KvFormula *
parse_or (Parser *p)
{
  return parse_left_assoc (p, parse_and, KV_TOKEN_OR, KV_FORMULA_OR);
}

static gboolean
enter (Parser *p)
{
  if (++p->lexer->depth <= KV_FORMULA_MAX_DEPTH)
    return TRUE;
  kv_lexer_error (p->lexer, p->error, p->column, KV_ERROR_LIMIT,
                  _("the formula is nested more than %d deep"), KV_FORMULA_MAX_DEPTH);
  return FALSE;
}

static KvFormula *
parse_implies (Parser *p)
{
  KvFormula *left = parse_or (p), *right;

  if (left == NULL || p->lexer->token.kind != KV_TOKEN_IMPLIES)
    return left;
  kv_lexer_next (p->lexer);
  right = enter (p) ? parse_implies (p) : NULL;
  p->lexer->depth--;
  if (right == NULL)
    {
      kv_formula_unref (left);
      return NULL;
    }
  return kv_formula_new (KV_FORMULA_IMPLIES, left, right);
}

static KvFormula *
parse_iff (Parser *p)
{
  KvFormula *f;

  f = enter (p) ? parse_left_assoc (p, parse_implies, KV_TOKEN_IFF, KV_FORMULA_IFF) : NULL;
  p->lexer->depth--;
  return f;
}

KvFormula *
kv_parse_formula (KvLexer *lexer, KvGame *game, guint *column, GError **error)
{
  Parser p = { lexer, game, column, error };

  return parse_iff (&p);
}

gboolean
kv_parse_agent (KvLexer *lexer, KvGame *game, guint *agent, guint *column, GError **error)
{
  g_autofree char *name = kv_lexer_dup (lexer);
  int found;

  if (lexer->token.kind != KV_TOKEN_NAME)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("expected an agent but found %s"),
                      kv_token_describe (lexer->token.kind));
      return FALSE;
    }
  found = kv_game_find_agent (game, name);
  if (found < 0)
    {
      g_autofree char *agents = g_strjoinv (" ", game->agent_names);

      kv_lexer_error (lexer, error, column, KV_ERROR_NAME, _("unknown agent “%s” (agents: %s)"), name, agents);
      return FALSE;
    }
  *agent = (guint) found;
  kv_lexer_next (lexer);
  return TRUE;
}

gboolean
kv_parse_card (KvLexer *lexer, KvGame *game, guint *card, guint *column, GError **error)
{
  g_autofree char *name = kv_lexer_dup (lexer);
  int found;

  if (lexer->token.kind != KV_TOKEN_NAME)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("expected a card but found %s"),
                      kv_token_describe (lexer->token.kind));
      return FALSE;
    }
  found = kv_game_find_card (game, name);
  if (found < 0)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_NAME, _("unknown card “%s”"), name);
      return FALSE;
    }
  *card = (guint) found;
  kv_lexer_next (lexer);
  return TRUE;
}

KvFormula *
kv_formula_parse (KvGame *game, const char *text, guint *error_column, GError **error)
{
  KvLexer lexer;
  KvFormula *f;
  g_autofree char *what = NULL;
  guint column;

  g_return_val_if_fail (game != NULL && text != NULL, NULL);

  if (!kv_read_check_utf8 (text, strlen (text), NULL, &column, &what))
    {
      if (error_column != NULL)
        *error_column = column;
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("the formula is not valid UTF-8: %s"), what);
      return NULL;
    }
  kv_lexer_init (&lexer, text, 1);
  f = kv_parse_formula (&lexer, game, error_column, error);
  if (f != NULL && lexer.token.kind != KV_TOKEN_END)
    {
      g_autofree char *found = kv_lexer_dup (&lexer);

      kv_lexer_error (&lexer, error, error_column, KV_ERROR_SYNTAX, _("unexpected “%s” after the formula"), found);
      g_clear_pointer (&f, kv_formula_unref);
    }
  return f;
}
