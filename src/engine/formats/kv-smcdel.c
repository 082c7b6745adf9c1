// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-smcdel.c: a game and its public announcements as SMCDEL's text input.
 *
 * The grammar is SMCDEL's own (src/SMCDEL/Internal/Lex.x and Parse.y):
 * variables are numbers, agents are [A-Za-z][A-Za-z0-9]* and not a
 * keyword, `--` starts a comment. `&` and `|` share one precedence there
 * and `->`/`iff` associate to the left, so every compound operand is
 * written in parentheses and nothing relies on precedence.
 */
#define G_LOG_DOMAIN "kv-smcdel"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-action-model.h"
#include "kv-error.h"
#include "kv-product-update.h"
#include "kv-smcdel.h"

typedef struct {
  const KvGame *game;
  guint   n_owners;
  guint   n_vars;
  guint  *var;        /* n_cards * n_owners: card c with owner o is variable var[c * n_owners + o], 0 when o never holds c */
  char  **agents;     /* n_agents: each agent's name in SMCDEL */
} Vocab;

/* SMCDEL's keywords, old and new (1.3 adds ONEOF and the prefix K, Kw):
 * an agent by one of these names would be read as the keyword. */
static const char *const reserved[] = {
  "VARS", "LAW", "OBS", "Top", "Bot", "Not", "not", "iff", "AND", "OR", "XOR",
  "ONEOF", "ForAll", "Forall", "Exists", "K", "Kw", NULL,
};

static gboolean
is_smcdel_name (const char *name)
{
  if (!g_ascii_isalpha (name[0]))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return !g_strv_contains (reserved, name);
}

static gboolean
name_taken (char **names, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (names[i] != NULL && g_str_equal (names[i], name))
      return TRUE;
  return FALSE;
}

/* Agents keep their names when SMCDEL can read them; "1" becomes
 * "agent1" (our names may start with a digit or hold "_"). */
static char **
smcdel_agent_names (const KvGame *game)
{
  char **names = g_new0 (char *, game->n_agents + 1);

  for (guint a = 0; a < game->n_agents; a++)
    if (is_smcdel_name (game->agent_names[a]))
      names[a] = g_strdup (game->agent_names[a]);
  for (guint a = 0; a < game->n_agents; a++)
    {
      GString *name;

      if (names[a] != NULL)
        continue;
      name = g_string_new ("agent");
      for (const char *p = game->agent_names[a]; *p != '\0'; p++)
        if (g_ascii_isalnum (*p))
          g_string_append_c (name, *p);
      while (name_taken (names, game->n_agents, name->str))
        g_string_append_c (name, 'x');
      names[a] = g_string_free (name, FALSE);
    }
  return names;
}

static void
vocab_init (Vocab *v, const KvGame *game)
{
  v->game = game;
  v->n_owners = kv_game_n_owners (game);
  v->n_vars = 0;
  v->var = g_new0 (guint, (gsize) game->n_cards * v->n_owners);
  /* Card by card, so that a card's owners are neighbours: r@1 r@2 r@3 w@1 … */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < v->n_owners; o++)
      if (kv_game_can_hold (game, o, c))
        v->var[c * v->n_owners + o] = ++v->n_vars;
  v->agents = smcdel_agent_names (game);
}

static void
vocab_clear (Vocab *v)
{
  g_clear_pointer (&v->var, g_free);
  g_clear_pointer (&v->agents, g_strfreev);
}

static guint
var_of (const Vocab *v, guint card, guint owner)
{
  return v->var[card * v->n_owners + owner];
}

/* SMCDEL's text has no counting and no sharing: hands of many cards, E{B}
 * inside E{B}, long announcements repeated in every query grow the file
 * fast. Past this size the writer stops with KV_ERROR_LIMIT. */
#define MAX_BYTES (64 * 1024 * 1024)

static gboolean
too_big (gsize bytes, GError **error)
{
  if (bytes <= MAX_BYTES)
    return FALSE;
  /* TRANSLATORS: %u is a size in MB */
  g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
               _("the SMCDEL file would be over %u MB: its text input has no counting and no "
                 "sharing, so this game or formula is too big to write out"), MAX_BYTES / (1024 * 1024));
  return TRUE;
}

/* "OP (1, 2, 3)"; one variable alone; none: the unit of OP. */
static void
write_list (GString *out, const char *op, const guint *vars, guint n)
{
  if (n == 0)
    {
      g_string_append (out, g_str_equal (op, "AND") ? "Top" : "Bot");
      return;
    }
  if (n == 1)
    {
      g_string_append_printf (out, "%u", vars[0]);
      return;
    }
  g_string_append_printf (out, "%s (", op);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, i ? ", %u" : "%u", vars[i]);
  g_string_append_c (out, ')');
}

/* At least @k (≥ 1) of @vars: the first one true is vars[i], and k-1 of
 * those after it. A tree of about C(n+1, k+1) literals: SMCDEL's text has
 * no counting and no sharing, and this is the smallest plain form we know. */
static void
write_at_least (GString *out, const guint *vars, guint n, guint k)
{
  if (k == 1)
    write_list (out, "OR", vars, n);
  else if (k == n)
    write_list (out, "AND", vars, n);
  else
    {
      g_string_append (out, "OR (");
      for (guint i = 0; i + k <= n; i++)
        {
          g_string_append_printf (out, i ? ", %u & " : "%u & ", vars[i]);
          /* A list or one variable: never needs parentheses. */
          write_at_least (out, vars + i + 1, n - i - 1, k - 1);
        }
      g_string_append_c (out, ')');
    }
}

/* The literals write_at_least (n, k) writes, as a double (it may be huge). */
static double
at_least_size (guint n, guint k)
{
  g_autofree double *row = g_new0 (double, k + 1);   /* row[j]: literals of at least j of i variables */

  for (guint i = 1; i <= n; i++)
    for (guint j = MIN (i, k); j >= 1; j--)
      row[j] = j == 1 || j == i ? i : 1 + row[j - 1] + row[j];
  return row[k];
}

/* The agents of @mask, by our names, "1,2". */
static char *
agent_set (const KvGame *game, guint32 mask)
{
  GString *out = g_string_new (NULL);

  for (guint a = 0; a < game->n_agents; a++)
    if (mask & (1u << a))
      g_string_append_printf (out, out->len ? ",%s" : "%s", game->agent_names[a]);
  return g_string_free (out, FALSE);
}

static guint
first_agent (guint32 mask)
{
  return (guint) g_bit_nth_lsf (mask, -1);
}

/* The public announcements @step makes, in order (KvFormula*, one per
 * single-event action model); FALSE with *why set when it is not one. */
static gboolean
step_announcements (const KvStep *step, GPtrArray *pres, char **why)
{
  const KvGame *game = step->game;
  g_autoptr(GPtrArray) steps = NULL;
  g_autofree char *text = kv_step_to_string (step);

  if (step->kind == KV_STEP_SUGGEST)
    /* As the engines do: the answers come from the actual deal. */
    steps = kv_suggest_expand_hands (step, game->deal);
  else
    {
      steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
      g_ptr_array_add (steps, kv_step_ref ((KvStep *) step));
    }

  for (guint i = 0; i < steps->len; i++)
    {
      const KvStep *one = g_ptr_array_index (steps, i);
      guint actual;
      g_autoptr(KvActionModel) am = kv_action_model_for_step (one, &actual);

      if (am->n_events == 1)
        {
          g_ptr_array_add (pres, kv_formula_ref (am->pre[0]));
          continue;
        }
      if (step->kind == KV_STEP_SUGGEST)
        /* TRANSLATORS: the first %s is a suggest step ("suggest 1 rope
         * Plum"), the second the agent who shows, the third the suggester */
        *why = g_strdup_printf (_("in “%s”, %s shows %s a card, which is private to the two of them"),
                                text, game->agent_names[one->agent], game->agent_names[one->target]);
      else if (step->kind == KV_STEP_SHOWCARD)
        /* TRANSLATORS: %s is the step ("showcard 1 -> 2 r"), then its two agents */
        *why = g_strdup_printf (_("“%s” is private to %s and %s"),
                                text, game->agent_names[step->agent], game->agent_names[step->target]);
      else
        /* TRANSLATORS: %s is the step ("do twocards sw"), %u its events */
        *why = g_strdup_printf (_("“%s” is an action model of %u events, not one public announcement"),
                                text, am->n_events);
      return FALSE;
    }
  return TRUE;
}

static gboolean write_formula (const Vocab *v, GString *out, const KvFormula *f,
                               gboolean wrap, GError **error);

/* Operands of a chain of @kind (a & b & c), in order. */
static void
collect_chain (const KvFormula *f, KvFormulaKind kind, GPtrArray *into)
{
  if (f->kind == kind)
    {
      collect_chain (f->left, kind, into);
      collect_chain (f->right, kind, into);
    }
  else
    g_ptr_array_add (into, (gpointer) f);
}

/* win{a}: a knows δ, that is whether each variable of δ holds — the
 * envelope's when the game has one, else the whole deal's less a's own
 * hand, which a observes (when that leaves none, a knows δ: Top). */
static void
write_win (const Vocab *v, GString *out, guint agent)
{
  const KvGame *game = v->game;
  g_autoptr(GString) list = g_string_new (NULL);
  guint n = 0;

  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = game->has_envelope ? kv_game_envelope (game) : 0; o < v->n_owners; o++)
      if (var_of (v, c, o) != 0 && o != agent)
        g_string_append_printf (list, "%s%s knows whether %u", n++ ? ", " : "",
                                v->agents[agent], var_of (v, c, o));
  if (n == 0)
    g_string_append (out, "Top");
  else if (n == 1)
    g_string_append_printf (out, "(%s)", list->str);
  else
    g_string_append_printf (out, "AND (%s)", list->str);
}

static gboolean
write_dynamic (const Vocab *v, GString *out, const KvFormula *f, GError **error)
{
  g_autoptr(GPtrArray) pres = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_formula_unref);
  g_autofree char *why = NULL;
  gboolean box = f->kind == KV_FORMULA_BOX;

  if (!step_announcements (f->step, pres, &why))
    {
      /* TRANSLATORS: %s says why a step is not a public announcement */
      g_set_error (error, KV_ERROR, KV_ERROR_UNSUPPORTED,
                   _("%s: SMCDEL's text input has only public announcements"), why);
      return FALSE;
    }
  for (guint i = 0; i < pres->len; i++)
    {
      g_string_append (out, box ? "[ ! " : "< ! ");
      if (!write_formula (v, out, g_ptr_array_index (pres, i), TRUE, error))
        return FALSE;
      g_string_append (out, box ? " ] " : " > ");
    }
  return write_formula (v, out, f->left, TRUE, error);
}

/* φ₁ & φ₂, or AND (φ₁, …, φₙ) for a longer chain (likewise OR). */
static gboolean
write_chain (const Vocab *v, GString *out, const KvFormula *f, GError **error)
{
  g_autoptr(GPtrArray) operands = g_ptr_array_new ();
  gboolean and = f->kind == KV_FORMULA_AND, ok = TRUE;

  collect_chain (f, f->kind, operands);
  if (operands->len == 2)
    {
      ok = write_formula (v, out, g_ptr_array_index (operands, 0), TRUE, error);
      g_string_append (out, and ? " & " : " | ");
      return ok && write_formula (v, out, g_ptr_array_index (operands, 1), TRUE, error);
    }
  g_string_append (out, and ? "AND (" : "OR (");
  for (guint i = 0; i < operands->len && ok; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      ok = write_formula (v, out, g_ptr_array_index (operands, i), FALSE, error);
    }
  g_string_append_c (out, ')');
  return ok;
}

/* E{B} φ is the conjunction of K{b} φ for b in B. */
static gboolean
write_everyone (const Vocab *v, GString *out, const KvFormula *f, GError **error)
{
  gboolean first = TRUE, ok = TRUE;

  g_string_append (out, "AND (");
  for (guint a = 0; a < v->game->n_agents && ok; a++)
    if (f->agents & (1u << a))
      {
        g_string_append_printf (out, "%s%s knows that ", first ? "" : ", ", v->agents[a]);
        ok = write_formula (v, out, f->left, TRUE, error);
        first = FALSE;
      }
  g_string_append_c (out, ')');
  return ok;
}

/* (a, b, …): a group of agents, as C{B} φ names it. */
static void
write_group (const Vocab *v, GString *out, guint32 agents)
{
  gboolean first = TRUE;

  g_string_append_c (out, '(');
  for (guint a = 0; a < v->game->n_agents; a++)
    if (agents & (1u << a))
      {
        g_string_append_printf (out, "%s%s", first ? "" : ", ", v->agents[a]);
        first = FALSE;
      }
  g_string_append_c (out, ')');
}

static gboolean
write_formula (const Vocab *v, GString *out, const KvFormula *f, gboolean wrap, GError **error)
{
  const KvGame *game = v->game;
  gboolean ok = TRUE;

  if (too_big (out->len, error))
    return FALSE;
  switch (f->kind)
    {
    case KV_FORMULA_TRUE:
      g_string_append (out, "Top");
      return TRUE;
    case KV_FORMULA_FALSE:
      g_string_append (out, "Bot");
      return TRUE;
    case KV_FORMULA_ATOM:
      /* c@env for a card outside the envelope's categories has no variable: it is false. */
      if (var_of (v, f->card, f->owner) == 0)
        g_string_append (out, "Bot");
      else
        g_string_append_printf (out, "%u", var_of (v, f->card, f->owner));
      return TRUE;
    case KV_FORMULA_DISTRIB:
      if (f->agents & (f->agents - 1))
        {
          g_autofree char *group = agent_set (game, f->agents);

          /* TRANSLATORS: D{%s} is the formula's operator, e.g. D{1,2} */
          g_set_error (error, KV_ERROR, KV_ERROR_UNSUPPORTED,
                       _("D{%s} (distributed knowledge) has no form in SMCDEL's text input"), group);
          return FALSE;
        }
      break;
    default:
      break;
    }

  if (wrap)
    g_string_append_c (out, '(');
  switch (f->kind)
    {
    case KV_FORMULA_NOT:
      g_string_append (out, "~ ");
      ok = write_formula (v, out, f->left, TRUE, error);
      break;
    case KV_FORMULA_AND:
    case KV_FORMULA_OR:
      ok = write_chain (v, out, f, error);
      break;
    case KV_FORMULA_IMPLIES:
    case KV_FORMULA_IFF:
      ok = write_formula (v, out, f->left, TRUE, error);
      g_string_append (out, f->kind == KV_FORMULA_IMPLIES ? " -> " : " iff ");
      ok = ok && write_formula (v, out, f->right, TRUE, error);
      break;
    case KV_FORMULA_KNOWS:
    case KV_FORMULA_DISTRIB:   /* of one agent: D{a} is K{a} */
      g_string_append_printf (out, "%s knows that ", v->agents[first_agent (f->agents)]);
      ok = write_formula (v, out, f->left, TRUE, error);
      break;
    case KV_FORMULA_WHETHER:
      g_string_append_printf (out, "%s knows whether ", v->agents[first_agent (f->agents)]);
      ok = write_formula (v, out, f->left, TRUE, error);
      break;
    case KV_FORMULA_POSSIBLE:
      /* M{a} φ is ¬K{a} ¬φ */
      g_string_append_printf (out, "~ (%s knows that (~ ", v->agents[first_agent (f->agents)]);
      ok = write_formula (v, out, f->left, TRUE, error);
      g_string_append (out, "))");
      break;
    case KV_FORMULA_EVERYONE:
      ok = write_everyone (v, out, f, error);
      break;
    case KV_FORMULA_COMMON:
      write_group (v, out, f->agents);
      g_string_append (out, " comknow that ");
      ok = write_formula (v, out, f->left, TRUE, error);
      break;
    case KV_FORMULA_WIN:
      write_win (v, out, first_agent (f->agents));
      break;
    case KV_FORMULA_BOX:
    case KV_FORMULA_DIAMOND:
      ok = write_dynamic (v, out, f, error);
      break;
    default:
      g_assert_not_reached ();
    }
  if (wrap)
    g_string_append_c (out, ')');
  return ok;
}

char *
kv_smcdel_formula (const KvGame *game, const KvFormula *f, GError **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  Vocab v;
  gboolean ok;

  g_return_val_if_fail (game != NULL && f != NULL, NULL);

  vocab_init (&v, game);
  ok = write_formula (&v, out, f, FALSE, error);
  vocab_clear (&v);
  return ok ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* A comment line: SMCDEL reads the file in the user's locale, so the
 * output stays ASCII. */
static void
comment (GString *out, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
comment (GString *out, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *ascii = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ascii = g_str_to_ascii (text, "C");
  g_string_append_printf (out, "-- %s\n", ascii);
}

static void
write_vars (const Vocab *v, GString *out)
{
  const KvGame *game = v->game;
  guint width = 0;
  g_autoptr(GPtrArray) numbers = g_ptr_array_new_with_free_func (g_free);

  comment (out, "One variable per card and owner that can hold it: card@owner.");
  g_string_append (out, "VARS\n");
  for (guint c = 0; c < game->n_cards; c++)
    {
      GString *line = g_string_new (NULL);

      for (guint o = 0; o < v->n_owners; o++)
        if (var_of (v, c, o) != 0)
          g_string_append_printf (line, line->len ? ", %u" : "%u", var_of (v, c, o));
      if (c + 1 < game->n_cards)
        g_string_append_c (line, ',');
      width = MAX (width, line->len);
      g_ptr_array_add (numbers, g_string_free (line, FALSE));
    }
  for (guint c = 0; c < game->n_cards; c++)
    {
      const char *line = g_ptr_array_index (numbers, c);

      g_string_append_printf (out, "  %-*s  --", (int) width, line);
      for (guint o = 0; o < v->n_owners; o++)
        if (var_of (v, c, o) != 0)
          g_string_append_printf (out, " %s@%s", game->card_names[c], kv_game_owner_name (game, o));
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');
}

/* One conjunct of the law, and its comment. */
static void
law_item (GPtrArray *items, const char *item, char *note)
{
  g_ptr_array_add (items, g_strdup (item));
  g_ptr_array_add (items, note);
}

static gboolean
write_law (const Vocab *v, GString *out, GError **error)
{
  const KvGame *game = v->game;
  g_autofree guint *vars = g_new (guint, MAX (MAX (v->n_owners, game->n_cards), 1));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);   /* item, note, item, note, … */
  double size = 0;

  /* The hands are the big part: about 6 bytes a literal ("12 & ", ", 12"). */
  for (guint a = 0; a < game->n_agents; a++)
    if (game->hand_sizes[a] > 0)
      size += 6 * at_least_size (game->n_cards, game->hand_sizes[a]);
  if (too_big (size > MAX_BYTES ? G_MAXSIZE : (gsize) size + out->len, error))
    return FALSE;

  if (game->has_envelope)
    {
      comment (out, "The deals: every card has exactly one owner; the envelope holds one card");
      comment (out, "of each of its categories; every agent holds at least its hand size, and");
      comment (out, "so exactly that, since the hands and the envelope add up to all the cards.");
    }
  else
    {
      comment (out, "The deals: every card has exactly one owner; every agent holds at least");
      comment (out, "its hand size, and so exactly that, since the hands add up to all the cards.");
    }
  for (guint c = 0; c < game->n_cards; c++)
    {
      g_autoptr(GString) item = g_string_new (NULL);
      guint n = 0;

      for (guint o = 0; o < v->n_owners; o++)
        if (var_of (v, c, o) != 0)
          vars[n++] = var_of (v, c, o);
      write_list (item, "OR", vars, n);
      /* and no two: every pair of owners is excluded */
      if (n > 1)
        {
          g_string_append (item, n > 2 ? " & ~ OR (" : " & ~ (");
          for (guint i = 0; i < n; i++)
            for (guint j = i + 1; j < n; j++)
              g_string_append_printf (item, "%s%u & %u", i == 0 && j == 1 ? "" : ", ", vars[i], vars[j]);
          g_string_append_c (item, ')');
        }
      law_item (items, item->str, g_strdup_printf ("%s has one owner", game->card_names[c]));
    }
  for (guint k = 0; game->has_envelope && k < game->n_categories; k++)
    {
      g_autoptr(GString) item = NULL;
      guint n = 0;

      if (!(game->envelope_categories & (G_GUINT64_CONSTANT (1) << k)))
        continue;
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) k)
          vars[n++] = var_of (v, c, kv_game_envelope (game));
      item = g_string_new (NULL);
      write_list (item, "OR", vars, n);
      law_item (items, item->str, g_strdup_printf ("the envelope holds a %s", game->category_names[k]));
    }
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(GString) item = NULL;

      if (game->hand_sizes[a] == 0)
        continue;
      for (guint c = 0; c < game->n_cards; c++)
        vars[c] = var_of (v, c, a);
      item = g_string_new (NULL);
      write_at_least (item, vars, game->n_cards, game->hand_sizes[a]);
      law_item (items, item->str, g_strdup_printf ("%s holds %u card%s", game->agent_names[a],
                                                    game->hand_sizes[a], game->hand_sizes[a] == 1 ? "" : "s"));
    }

  /* Every card gives an item, so the list is never empty. */
  g_string_append (out, "LAW AND (\n");
  for (guint i = 0; i < items->len; i += 2)
    g_string_append_printf (out, "  %s%s  -- %s\n", (const char *) g_ptr_array_index (items, i),
                            i + 2 < items->len ? "," : "", (const char *) g_ptr_array_index (items, i + 1));
  g_string_append (out, "  )\n\n");
  return TRUE;
}

static void
write_obs (const Vocab *v, GString *out)
{
  const KvGame *game = v->game;

  comment (out, "Every agent sees its own hand.");
  g_string_append (out, "OBS\n");
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_string_append_printf (out, "  %s:", v->agents[a]);
      for (guint c = 0; c < game->n_cards; c++)
        g_string_append_printf (out, c ? ", %u" : " %u", var_of (v, c, a));
      if (!g_str_equal (v->agents[a], game->agent_names[a]))
        g_string_append_printf (out, "  -- agent %s", game->agent_names[a]);
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');
}

/* "{1, 5, 9}": the variables true at the actual deal. */
static char *
actual_state (const Vocab *v)
{
  const KvGame *game = v->game;
  GString *out = g_string_new ("{");

  for (guint c = 0; c < game->n_cards; c++)
    g_string_append_printf (out, c ? ", %u" : "%u", var_of (v, c, kv_game_owner_of (game, game->deal, c)));
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

/* The announcements as a prefix, one a line, each with the step it comes
 * from: "  [ ! (~ 4) ]  -- step 1: nocard 1 w\n". */
static char *
announcement_prefix (GPtrArray *announcements, GPtrArray *labels, gboolean box)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < announcements->len; i++)
    g_string_append_printf (out, box ? "  [ ! %s ]  -- %s\n" : "  < ! %s >  -- %s\n",
                            (const char *) g_ptr_array_index (announcements, i),
                            (const char *) g_ptr_array_index (labels, i));
  return g_string_free (out, FALSE);
}

/* The first @n_steps steps of @script as announcements in SMCDEL's syntax,
 * a label for each ("step 3: nocard 2 r", a suggest's answers one by one)
 * and a note for each step with its line. FALSE with @error set at the
 * first step that is not public or holds what SMCDEL cannot say. */
static gboolean
translate_steps (const Vocab      *v,
                 const KvScript   *script,
                 guint             n_steps,
                 GPtrArray        *announcements,
                 GPtrArray        *labels,
                 GPtrArray        *notes,
                 GError          **error)
{
  for (guint i = 0; i < n_steps; i++)
    {
      const KvStep *step = g_ptr_array_index (script->steps, i);
      guint line = g_array_index (script->step_lines, guint, i);
      g_autoptr(GPtrArray) pres = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_formula_unref);
      g_autoptr(GPtrArray) answers = NULL;
      g_autoptr(GString) note = g_string_new (NULL);
      g_autofree char *text = kv_step_to_string (step);
      g_autofree char *why = NULL;

      if (!step_announcements (step, pres, &why))
        {
          /* TRANSLATORS: %s says why a step is not a public announcement;
           * %u the number of steps before it; keep --step */
          g_autofree char *message = g_strdup_printf (_("%s: SMCDEL's text input has only public announcements "
                                                        "(--step %u exports the steps before it)"), why, i);

          g_set_error (error, KV_ERROR, KV_ERROR_UNSUPPORTED, "%s:%u:1: error: %s",
                       script->filename, line, message);
          return FALSE;
        }
      g_string_append_printf (note, "step %u (line %u): %s", i + 1, line, text);
      if (step->kind == KV_STEP_SUGGEST)
        {
          /* One announcement per answer, in the order step_announcements gives them. */
          answers = kv_suggest_expand_hands (step, v->game->deal);
          g_assert (answers->len == pres->len);
        }
      for (guint j = 0; j < pres->len; j++)
        {
          g_autoptr(GString) formula = g_string_new (NULL);
          g_autoptr(GError) inner = NULL;
          g_autofree char *answer = answers != NULL ? kv_step_to_string (g_ptr_array_index (answers, j)) : NULL;

          if (!write_formula (v, formula, g_ptr_array_index (pres, j), TRUE, &inner))
            {
              g_set_error (error, KV_ERROR, inner->code, "%s:%u:1: error: %s",
                           script->filename, line, inner->message);
              return FALSE;
            }
          g_ptr_array_add (announcements, g_string_free (g_steal_pointer (&formula), FALSE));
          g_ptr_array_add (labels, g_strdup_printf ("step %u: %s", i + 1, answer != NULL ? answer : text));
          if (answer != NULL)
            g_string_append_printf (note, "%s %s", j ? "," : ", answered:", answer);
        }
      g_ptr_array_add (notes, g_string_free (g_steal_pointer (&note), FALSE));
    }
  return TRUE;
}

char *
kv_smcdel_write (const KvScript *script, guint n_steps, guint64 n_worlds, GError **error)
{
  const KvGame *game;
  g_autoptr(GString) out = NULL;
  g_autoptr(GPtrArray) announcements = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *state = NULL;
  g_autofree char *box = NULL;
  g_autofree char *diamond = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GError) inner = NULL;
  Vocab v;

  g_return_val_if_fail (script != NULL && n_steps <= script->steps->len, NULL);

  game = script->game;
  vocab_init (&v, game);
  if (!translate_steps (&v, script, n_steps, announcements, labels, notes, error))
    {
      vocab_clear (&v);
      return NULL;
    }

  out = g_string_new (NULL);
  title = g_strdup (game->title != NULL ? game->title : "Game");
  comment (out, "%s", title);
  comment (out, "Written by kripkeviz-cli export --format smcdel for SMCDEL, the symbolic");
  comment (out, "model checker for DEL: the game's deals as a knowledge structure, and its");
  comment (out, "steps as public announcements. Run it with: smcdel FILE");
  g_string_append_c (out, '\n');
  write_vars (&v, out);
  if (!write_law (&v, out, &inner))
    {
      /* The whole game, not one line: "FILE: error: …", as for model files. */
      g_set_error (error, KV_ERROR, inner->code, "%s: error: %s", script->filename, inner->message);
      vocab_clear (&v);
      return NULL;
    }
  write_obs (&v, out);

  state = actual_state (&v);
  box = announcement_prefix (announcements, labels, TRUE);
  diamond = announcement_prefix (announcements, labels, FALSE);
  /* Every query repeats the announcements. */
  if (too_big (out->len + (game->n_agents + 2) * (strlen (box) + 64 * (gsize) v.n_vars), &inner))
    {
      g_set_error (error, KV_ERROR, inner->code, "%s: error: %s", script->filename, inner->message);
      vocab_clear (&v);
      return NULL;
    }
  {
    g_autoptr(GString) deal = g_string_new (NULL);

    for (guint o = 0; o < v.n_owners; o++)
      {
        g_autofree char *hand = kv_game_hand_to_string (game, game->deal[o]);

        g_string_append_printf (deal, "%s%s: %s", o ? " " : "", kv_game_owner_name (game, o), hand);
      }
    comment (out, "The actual deal, %s, is the state %s.", deal->str, state);
  }

  if (n_steps > 0)
    {
      comment (out, "The steps, as public announcements:");
      for (guint i = 0; i < notes->len; i++)
        comment (out, "  %s", (const char *) g_ptr_array_index (notes, i));
      g_string_append_c (out, '\n');
      comment (out, "They can be made at the actual deal, in this order:");
      g_string_append_printf (out, "TRUE? %s\n%s  Top\n\n", state, diamond);
    }
  else
    comment (out, "No steps: the initial model.");

  if (n_worlds > 0 && n_worlds <= KV_SMCDEL_WHERE_MAX)
    {
      if (n_steps > 0)
        comment (out, "The deals where they can be made: the %" G_GUINT64_FORMAT " world%s after step %u.",
                 n_worlds, n_worlds == 1 ? "" : "s", n_steps);
      else
        comment (out, "The deals: the %" G_GUINT64_FORMAT " world%s of the initial model.",
                 n_worlds, n_worlds == 1 ? "" : "s");
      g_string_append_printf (out, "WHERE?\n%s  Top\n\n", diamond);
    }
  else if (n_worlds > 0)
    {
      comment (out, "There are %" G_GUINT64_FORMAT " worlds %s: too many for WHERE? to list them.",
               n_worlds, n_steps ? "after the steps" : "in the initial model");
      g_string_append_c (out, '\n');
    }

  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(GString) win = g_string_new (NULL);
      g_autofree char *when = n_steps ? g_strdup_printf ("after step %u", n_steps) : g_strdup ("in the initial model");

      write_win (&v, win, a);

      comment (out, "win{%s} %s: %s knows %s.", game->agent_names[a], when,
               game->agent_names[a], game->has_envelope ? "the envelope" : "the deal (it sees its own hand)");
      g_string_append_printf (out, "TRUE? %s\n%s  %s\n%s", state, box, win->str,
                              a + 1 < game->n_agents ? "\n" : "");
    }

  vocab_clear (&v);
  return g_string_free (g_steal_pointer (&out), FALSE);
}
