// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-step"
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "kv-action-model.h"
#include "kv-error.h"
#include "kv-parse-private.h"
#include "kv-read.h"
#include "kv-step.h"

KvStep *
kv_step_new (KvGame *game, KvStepKind kind)
{
  KvStep *step = g_new0 (KvStep, 1);

  g_atomic_ref_count_init (&step->ref);
  step->kind = kind;
  step->game = game;   /* borrowed: whoever holds steps holds the game */
  return step;
}

KvStep *
kv_step_ref (KvStep *step)
{
  g_return_val_if_fail (step != NULL, NULL);
  g_atomic_ref_count_inc (&step->ref);
  return step;
}

void
kv_step_unref (KvStep *step)
{
  if (step == NULL || !g_atomic_ref_count_dec (&step->ref))
    return;
  g_free (step->cards);
  g_free (step->text);
  if (step->formula != NULL)
    kv_formula_unref (step->formula);
  g_clear_pointer (&step->say, g_ptr_array_unref);
  g_clear_pointer (&step->asks, g_ptr_array_unref);
  g_free (step);
}

/* Keywords: the nicks of KV_TYPE_STEP_KIND */

/* The enum's class, referenced once for good (steps are parsed and
 * printed on worker threads too). */
static GEnumClass *
step_kinds (void)
{
  static GEnumClass *klass = NULL;

  if (g_once_init_enter (&klass))
    g_once_init_leave (&klass, g_type_class_ref (KV_TYPE_STEP_KIND));
  return klass;
}

const char *
kv_step_kind_to_keyword (KvStepKind kind)
{
  GEnumValue *value = g_enum_get_value (step_kinds (), kind);

  return value != NULL ? value->value_nick : NULL;
}

gboolean
kv_step_kind_from_keyword (const char *word, gssize length, KvStepKind *kind)
{
  GEnumClass *klass = step_kinds ();
  gsize n;

  g_return_val_if_fail (word != NULL, FALSE);

  n = length < 0 ? strlen (word) : (gsize) length;
  for (guint i = 0; i < klass->n_values; i++)
    {
      const char *nick = klass->values[i].value_nick;

      if (strlen (nick) == n && strncmp (nick, word, n) == 0)
        {
          if (kind != NULL)
            *kind = klass->values[i].value;
          return TRUE;
        }
    }
  return FALSE;
}

char *
kv_step_kind_keywords (const char *separator)
{
  GEnumClass *klass = step_kinds ();
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < klass->n_values; i++)
    {
      if (i > 0)
        g_string_append (out, separator);
      g_string_append (out, klass->values[i].value_nick);
    }
  return g_string_free (out, FALSE);
}

/* Parsing */

/* Whether the name at @lexer starts a formula rather than naming a card:
 * an atom ("r@1"), an operator ("K{1}", "K₁"), true or false. A step
 * inside a formula ("[nocard 1 r] r@1") ends there, its "]" missing. */
static gboolean
starts_formula (const KvLexer *lexer)
{
  KvLexer lookahead = *lexer;

  if (kv_lexer_is_name (lexer, "true") || kv_lexer_is_name (lexer, "false"))
    return TRUE;
  kv_lexer_next (&lookahead);
  return lookahead.token.kind == KV_TOKEN_AT || lookahead.token.kind == KV_TOKEN_LBRACE
         || lookahead.token.kind == KV_TOKEN_SUBSCRIPT;
}

/* One or more cards, none twice, up to the first token that is not a card
 * name (or is the keyword "of", or starts a formula). */
static gboolean
parse_cards (KvLexer *lexer, KvStep *step, guint *column, GError **error)
{
  KvHand seen = 0;
  guint8 cards[KV_MAX_CARDS];
  guint n = 0;

  while (lexer->token.kind == KV_TOKEN_NAME && !kv_lexer_is_name (lexer, "of") && !starts_formula (lexer))
    {
      guint card, card_column = lexer->token.column;

      if (!kv_parse_card (lexer, step->game, &card, column, error))
        return FALSE;
      if (seen & KV_CARD_BIT (card))
        {
          if (column != NULL)
            *column = card_column;
          g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s is named twice"), step->game->card_names[card]);
          return FALSE;
        }
      seen |= KV_CARD_BIT (card);
      cards[n++] = (guint8) card;
    }
  if (n == 0)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("expected at least one card"));
      return FALSE;
    }
  step->n_cards = n;
  step->cards = g_memdup2 (cards, n);
  return TRUE;
}

static gboolean
parse_showcard (KvLexer *lexer, KvStep *step, guint *column, GError **error)
{
  KvGame *game = step->game;
  guint shown_column, target_column;
  gboolean requested = FALSE;

  if (!kv_parse_agent (lexer, game, &step->agent, column, error))
    return FALSE;
  if (lexer->token.kind != KV_TOKEN_IMPLIES)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX,
                      _("expected “->” as in “showcard 1 -> 2 r” (1 shows 2 the card r)"));
      return FALSE;
    }
  kv_lexer_next (lexer);
  target_column = lexer->token.column;
  if (!kv_parse_agent (lexer, game, &step->target, column, error))
    return FALSE;
  if (step->target == step->agent)
    {
      if (column != NULL)
        *column = target_column;
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("an agent cannot show a card to itself"));
      return FALSE;
    }
  shown_column = lexer->token.column;
  if (!kv_parse_card (lexer, game, &step->shown, column, error))
    return FALSE;

  if (kv_lexer_is_name (lexer, "of"))
    {
      kv_lexer_next (lexer);
      if (!parse_cards (lexer, step, column, error))
        return FALSE;
    }
  else
    {
      /* Without "of" the request is every card (Hexa's "show your card"). */
      step->n_cards = game->n_cards;
      step->cards = g_new (guint8, game->n_cards);
      for (guint c = 0; c < game->n_cards; c++)
        step->cards[c] = (guint8) c;
    }

  for (guint i = 0; i < step->n_cards; i++)
    requested = requested || step->cards[i] == step->shown;
  if (!requested)
    {
      if (column != NULL)
        *column = shown_column;
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("%s is not among the requested cards"),
                   game->card_names[step->shown]);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_do (KvLexer *lexer, KvStep *step, guint *column, GError **error)
{
  g_autofree char *name = kv_lexer_dup (lexer);
  g_autofree char *event = NULL;
  int found;

  if (lexer->token.kind != KV_TOKEN_NAME)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("expected the name of an action model"));
      return FALSE;
    }
  step->action = kv_game_find_action (step->game, name);
  if (step->action == NULL)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_NAME,
                      _("unknown action model “%s” (declare it with “action %s” … “end” in the header)"),
                      name, name);
      return FALSE;
    }
  kv_lexer_next (lexer);
  event = kv_lexer_dup (lexer);
  if (lexer->token.kind != KV_TOKEN_NAME)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("expected the actual event of %s"), name);
      return FALSE;
    }
  found = kv_action_model_find_event (step->action, event);
  if (found < 0)
    {
      kv_lexer_error (lexer, error, column, KV_ERROR_NAME, _("%s has no event “%s”"), name, event);
      return FALSE;
    }
  step->event = (guint) found;
  kv_lexer_next (lexer);
  return TRUE;
}

KvStep *
kv_parse_step (KvLexer *lexer, KvGame *game, guint *column, GError **error)
{
  g_autoptr(KvStep) step = NULL;
  KvStepKind kind;
  gboolean ok = FALSE;

  /* "!φ" is the public announcement of φ, as in DEL and SMCDEL. */
  if (lexer->token.kind == KV_TOKEN_BANG)
    step = kv_step_new (game, KV_STEP_ANNOUNCE);
  else if (lexer->token.kind == KV_TOKEN_NAME &&
           kv_step_kind_from_keyword (lexer->token.start, lexer->token.length, &kind))
    step = kv_step_new (game, kind);
  if (step == NULL)
    {
      g_autofree char *found = kv_lexer_dup (lexer);
      g_autofree char *steps = kv_step_kind_keywords (", ");

      /* TRANSLATORS: %s: the word found; then the step keywords ("nocard,
       * showcard, …"), which stay as they are */
      kv_lexer_error (lexer, error, column, KV_ERROR_SYNTAX, _("unknown step “%s” (steps: %s)"),
                      found, steps);
      return NULL;
    }
  kv_lexer_next (lexer);

  switch (step->kind)
    {
    case KV_STEP_NOCARD:
    case KV_STEP_SUGGEST:
      ok = kv_parse_agent (lexer, game, &step->agent, column, error)
        && parse_cards (lexer, step, column, error);
      break;
    case KV_STEP_SHOWCARD:
      ok = parse_showcard (lexer, step, column, error);
      break;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      ok = kv_parse_agent (lexer, game, &step->agent, column, error);
      break;
    case KV_STEP_ANNOUNCE:
      step->formula = kv_parse_formula (lexer, game, column, error);
      ok = step->formula != NULL;
      break;
    case KV_STEP_DO:
      ok = parse_do (lexer, step, column, error);
      break;
    default:
      g_assert_not_reached ();
    }
  return ok ? g_steal_pointer (&step) : NULL;
}

/* Runs of white space as one space, none at either end (docs/design.md, "The command line and its JSON": a
 * step's "action" is the line as written, spaces normalised). */
static char *
normalise_spaces (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *c = text; *c != '\0'; c++)
    if (g_ascii_isspace (*c))
      space = out->len > 0;
    else
      {
        if (space)
          g_string_append_c (out, ' ');
        space = FALSE;
        g_string_append_c (out, *c);
      }
  return g_string_free (out, FALSE);
}

KvStep *
kv_step_parse (KvGame *game, const char *text, guint *error_column, GError **error)
{
  KvLexer lexer;
  KvStep *step;
  g_autofree char *what = NULL;
  guint column;

  g_return_val_if_fail (game != NULL && text != NULL, NULL);

  if (!kv_read_check_utf8 (text, strlen (text), NULL, &column, &what))
    {
      if (error_column != NULL)
        *error_column = column;
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("the step is not valid UTF-8: %s"), what);
      return NULL;
    }
  kv_lexer_init (&lexer, text, 1);
  step = kv_parse_step (&lexer, game, error_column, error);
  if (step != NULL && lexer.token.kind != KV_TOKEN_END)
    {
      g_autofree char *found = kv_lexer_dup (&lexer);

      kv_lexer_error (&lexer, error, error_column, KV_ERROR_SYNTAX, _("unexpected “%s” after the step"), found);
      g_clear_pointer (&step, kv_step_unref);
    }
  /* Checked once it reads: a long step with a mistake is told the mistake. */
  if (step != NULL && g_utf8_strlen (text, -1) > KV_MAX_STEP_LENGTH)
    {
      if (error_column != NULL)
        *error_column = 1;
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT, _("a step has at most %d characters"), KV_MAX_STEP_LENGTH);
      g_clear_pointer (&step, kv_step_unref);
    }
  if (step != NULL)
    step->text = normalise_spaces (text);
  return step;
}

/* Printing */

static gboolean
requests_every_card (const KvStep *step)
{
  if (step->n_cards != step->game->n_cards)
    return FALSE;
  for (guint i = 0; i < step->n_cards; i++)
    if (step->cards[i] != i)
      return FALSE;
  return TRUE;
}

static void
append_cards (GString *out, const KvStep *step, const char *separator)
{
  for (guint i = 0; i < step->n_cards; i++)
    {
      if (i > 0)
        g_string_append (out, separator);
      g_string_append (out, step->game->card_names[step->cards[i]]);
    }
}

char *
kv_step_to_string (const KvStep *step)
{
  const KvGame *game = step->game;
  GString *out = g_string_new (kv_step_kind_to_keyword (step->kind));

  g_string_append_c (out, ' ');
  switch (step->kind)
    {
    case KV_STEP_NOCARD:
    case KV_STEP_SUGGEST:
      g_string_append_printf (out, "%s ", game->agent_names[step->agent]);
      append_cards (out, step, " ");
      break;
    case KV_STEP_SHOWCARD:
      g_string_append_printf (out, "%s -> %s %s", game->agent_names[step->agent],
                              game->agent_names[step->target], game->card_names[step->shown]);
      if (!requests_every_card (step))
        {
          g_string_append (out, " of ");
          append_cards (out, step, " ");
        }
      break;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      g_string_append (out, game->agent_names[step->agent]);
      break;
    case KV_STEP_ANNOUNCE:
      {
        g_autofree char *f = kv_formula_to_string (game, step->formula, TRUE);
        g_string_append (out, f);
      }
      break;
    case KV_STEP_DO:
      g_string_append_printf (out, "%s %s", step->action->name, step->action->event_names[step->event]);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (out, FALSE);
}

/* An agent as a subscript when its name is digits, else as "_name". */
static void
append_subscript (GString *out, const char *name)
{
  for (const char *p = name; *p; p++)
    if (!g_ascii_isdigit (*p))
      {
        g_string_append_printf (out, "_%s", name);
        return;
      }
  kv_append_subscript (out, name);
}

char *
kv_step_to_del (const KvStep *step)
{
  const KvGame *game = step->game;
  GString *out = g_string_new (NULL);

  switch (step->kind)
    {
    case KV_STEP_NOCARD:
    case KV_STEP_SUGGEST:
      g_string_append (out, kv_step_kind_to_keyword (step->kind));
      append_subscript (out, game->agent_names[step->agent]);
      g_string_append_c (out, '{');
      append_cards (out, step, ",");
      g_string_append_c (out, '}');
      break;
    case KV_STEP_SHOWCARD:
      g_string_append (out, kv_step_kind_to_keyword (step->kind));
      append_subscript (out, game->agent_names[step->agent]);
      append_subscript (out, game->agent_names[step->target]);
      g_string_append_printf (out, "{%s}", game->card_names[step->shown]);
      break;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      g_string_append (out, kv_step_kind_to_keyword (step->kind));
      append_subscript (out, game->agent_names[step->agent]);
      break;
    case KV_STEP_ANNOUNCE:
      {
        g_autofree char *f = kv_formula_to_string (game, step->formula, FALSE);
        g_string_append_printf (out, "!(%s)", f);
      }
      break;
    case KV_STEP_DO:
      g_string_append_printf (out, "%s(%s)", step->action->name, step->action->event_names[step->event]);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (out, FALSE);
}

/* The longest formula an announcement's words repeat, in characters. */
#define ANNOUNCED_IN_WORDS 40

char *
kv_step_to_words (const KvStep *step)
{
  const KvGame *game = step->game;
  const char *agent = game->agent_names[step->agent];
  GString *cards = g_string_new (NULL);
  char *words = NULL;

  append_cards (cards, step, ", ");
  switch (step->kind)
    {
    case KV_STEP_NOCARD:
      words = step->n_cards == 1
        ? g_strdup_printf (_("%s does not hold %s"), agent, cards->str)
        : g_strdup_printf (_("%s holds none of %s"), agent, cards->str);
      break;
    case KV_STEP_SHOWCARD:
      words = g_strdup_printf (_("%s shows %s to %s"), agent, game->card_names[step->shown],
                               game->agent_names[step->target]);
      break;
    case KV_STEP_ENDMOVE:
      words = g_strdup_printf (_("%s ends the move (cannot win)"), agent);
      break;
    case KV_STEP_WIN:
      words = g_strdup_printf (_("%s wins"), agent);
      break;
    case KV_STEP_ANNOUNCE:
      {
        g_autofree char *f = kv_formula_to_string (game, step->formula, FALSE);

        /* The DEL notation beside the words has the formula whole; a
         * long one (the Russian cards' seven hands) said twice would fill
         * the presenting strip. */
        words = g_utf8_strlen (f, -1) <= ANNOUNCED_IN_WORDS ? g_strdup_printf (_("announcement: %s"), f)
                                                            : g_strdup (_("a public announcement"));
      }
      break;
    case KV_STEP_SUGGEST:
      words = g_strdup_printf (_("%s suggests %s"), agent, cards->str);
      break;
    case KV_STEP_DO:
      words = g_strdup_printf (_("%s, event %s"), step->action->name, step->action->event_names[step->event]);
      break;
    default:
      g_assert_not_reached ();
    }
  g_string_free (cards, TRUE);
  return words;
}
