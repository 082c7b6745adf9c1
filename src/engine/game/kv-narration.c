// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-narration"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-narration.h"
#include "kv-read.h"
#include "kv-step.h"

KvSay *
kv_say_new (const char *lang, const char *text)
{
  KvSay *say = g_new0 (KvSay, 1);

  say->lang = g_strdup (lang);
  say->text = g_strdup (text);
  return say;
}

void
kv_say_free (KvSay *say)
{
  if (say == NULL)
    return;
  g_free (say->lang);
  g_free (say->text);
  g_free (say);
}

GPtrArray *
kv_say_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) kv_say_free);
}

static char *
join_lang (const GPtrArray *says, const char *lang)
{
  GString *out = NULL;

  for (guint i = 0; says != NULL && i < says->len; i++)
    {
      const KvSay *say = g_ptr_array_index (says, i);

      if (g_strcmp0 (say->lang, lang) != 0)
        continue;
      if (out == NULL)
        out = g_string_new (say->text);
      else
        g_string_append_printf (out, " %s", say->text);
    }
  return out ? g_string_free (out, FALSE) : NULL;
}

char *
kv_say_text (const GPtrArray *says, const char *lang)
{
  char *text = lang != NULL ? join_lang (says, lang) : NULL;

  return text != NULL ? text : join_lang (says, NULL);
}

KvAsk *
kv_ask_new (KvAskKind kind)
{
  KvAsk *ask = g_new0 (KvAsk, 1);

  ask->kind = kind;
  ask->say = kv_say_array_new ();
  return ask;
}

void
kv_ask_free (KvAsk *ask)
{
  if (ask == NULL)
    return;
  g_clear_pointer (&ask->formula, kv_formula_unref);
  g_ptr_array_unref (ask->say);
  g_free (ask);
}

GPtrArray *
kv_ask_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) kv_ask_free);
}

static const char *const ask_keywords[] = { "truth", "predict", "win" };

const char *
kv_ask_kind_keyword (KvAskKind kind)
{
  return ask_keywords[kind];
}

void
kv_narration_copy (KvStep *to, const KvStep *from)
{
  g_return_if_fail (to->say == NULL && to->asks == NULL);
  to->say = from->say ? g_ptr_array_ref (from->say) : NULL;
  to->asks = from->asks ? g_ptr_array_ref (from->asks) : NULL;
}

/* Reading */

/* The keyword of @text ("say", "title") and its language ("nl", or NULL);
 * @rest gets the text after them. FALSE when the language is malformed. */
static gboolean
split_keyword (const char *text, char **keyword, char **lang, const char **rest)
{
  gsize n = strcspn (text, " \t");
  const char *dot = memchr (text, '.', n);

  *keyword = g_strndup (text, dot ? (gsize) (dot - text) : n);
  *lang = dot ? g_strndup (dot + 1, n - (gsize) (dot - text) - 1) : NULL;
  *rest = text + n + strspn (text + n, " \t");
  if (*lang == NULL)
    return TRUE;
  if (strlen (*lang) < 2 || strlen (*lang) > 8)
    return FALSE;
  for (const char *p = *lang; *p; p++)
    if (!g_ascii_isalpha (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

gboolean
kv_narration_is_line (const char *text)
{
  g_autofree char *keyword = NULL;
  g_autofree char *lang = NULL;
  const char *rest;

  split_keyword (text, &keyword, &lang, &rest);
  if (g_str_equal (keyword, "title"))
    return lang != NULL || text[strlen ("title")] == '.';
  return g_str_equal (keyword, "say") || g_str_equal (keyword, "summary") || g_str_equal (keyword, "ask");
}

typedef struct {
  KvGame     *game;
  GPtrArray  *steps;
  const char *filename;
  GError    **error;
  KvAsk      *last_ask;      /* the question a `say` now belongs to, or NULL */
  guint       last_steps;    /* steps before the last line read */
} Reader;

static gboolean
fail_with (Reader *r, const KvNarrationLine *line, guint column, KvError code, const char *message)
{
  g_autofree char *shown = kv_read_shorten (message);

  g_set_error (r->error, KV_ERROR, code, "%s:%u:%u: error: %s",
               r->filename, line->number, line->indent + column, shown);
  return FALSE;
}

static gboolean
fail (Reader *r, const KvNarrationLine *line, guint column, const char *message)
{
  return fail_with (r, line, column, KV_ERROR_SYNTAX, message);
}

static void
add_say (GPtrArray **says, const char *lang, const char *text)
{
  if (*says == NULL)
    *says = kv_say_array_new ();
  g_ptr_array_add (*says, kv_say_new (lang, text));
}

static gboolean
read_ask (Reader *r, const KvNarrationLine *line, const char *rest)
{
  gsize n = strcspn (rest, " \t");
  const char *formula = rest + n + strspn (rest + n, " \t");
  g_autoptr(GError) inner = NULL;
  GPtrArray **asks;
  KvAsk *ask;
  int kind = -1;

  for (guint k = 0; k < G_N_ELEMENTS (ask_keywords); k++)
    if (n == strlen (ask_keywords[k]) && strncmp (rest, ask_keywords[k], n) == 0)
      kind = (int) k;
  if (kind < 0)
    return fail (r, line, (guint) (rest - line->text) + 1,
                 _("expected “truth FORMULA”, “predict” or “win” after “ask”"));
  ask = kv_ask_new ((KvAskKind) kind);
  ask->line = line->number;
  /* A refusal points at the formula when there is one, else at "ask". */
  ask->column = line->indent + (kind == KV_ASK_TRUTH ? (guint) (formula - line->text) + 1 : 1);
  if (kind == KV_ASK_TRUTH)
    {
      guint column = 1;

      if (*formula == '\0')
        {
          kv_ask_free (ask);
          return fail (r, line, (guint) (formula - line->text) + 1, _("“ask truth” needs a formula"));
        }
      ask->formula = kv_formula_parse (r->game, formula, &column, &inner);
      if (ask->formula == NULL)
        {
          kv_ask_free (ask);
          return fail (r, line, (guint) (formula - line->text) + column, inner->message);
        }
      /* As long as a step may be (KV_MAX_STEP_LENGTH): a worksheet prints it. */
      if (g_utf8_strlen (formula, -1) > KV_MAX_STEP_LENGTH)
        {
          g_autofree char *message = g_strdup_printf (_("a question's formula has at most %d characters"),
                                                      KV_MAX_STEP_LENGTH);

          kv_ask_free (ask);
          return fail_with (r, line, (guint) (formula - line->text) + 1, KV_ERROR_LIMIT, message);
        }
    }
  else if (*formula != '\0')
    {
      kv_ask_free (ask);
      return fail (r, line, (guint) (formula - line->text) + 1, _("unexpected text after the question"));
    }
  if (line->n_steps_before < r->steps->len)
    asks = &((KvStep *) g_ptr_array_index (r->steps, line->n_steps_before))->asks;
  else
    asks = &r->game->final_asks;
  if (*asks == NULL)
    *asks = kv_ask_array_new ();
  g_ptr_array_add (*asks, ask);
  r->last_ask = ask;
  return TRUE;
}

static gboolean
read_line (Reader *r, const KvNarrationLine *line)
{
  g_autofree char *keyword = NULL;
  g_autofree char *lang = NULL;
  const char *rest;
  guint most;

  if (line->n_steps_before != r->last_steps)
    r->last_ask = NULL;   /* a step came between: `say` is the step's */
  r->last_steps = line->n_steps_before;
  if (!split_keyword (line->text, &keyword, &lang, &rest))
    return fail (r, line, (guint) strlen (keyword) + 2, _("a language is written as letters, as in “say.nl”"));
  if (g_str_equal (keyword, "ask"))
    return lang != NULL ? fail (r, line, 1, _("a question has no language: its words are given by “say” lines after it"))
                        : read_ask (r, line, rest);
  if (*rest == '\0')
    return fail (r, line, (guint) strlen (line->text) + 1, _("expected text after the keyword"));
  most = g_str_equal (keyword, "title") ? KV_MAX_TITLE_LENGTH : KV_MAX_SAY_LENGTH;
  if (g_utf8_strlen (rest, -1) > most)
    {
      g_autofree char *message = g_strdup_printf (_("a line of narration has at most %u characters"), most);

      return fail_with (r, line, (guint) (rest - line->text) + 1, KV_ERROR_LIMIT, message);
    }
  if (g_str_equal (keyword, "title"))
    add_say (&r->game->titles, lang, rest);
  else if (g_str_equal (keyword, "summary"))
    add_say (&r->game->summary, lang, rest);
  else if (r->last_ask != NULL)
    g_ptr_array_add (r->last_ask->say, kv_say_new (lang, rest));
  else if (line->n_steps_before == 0)
    add_say (&r->game->say, lang, rest);
  else
    add_say (&((KvStep *) g_ptr_array_index (r->steps, line->n_steps_before - 1))->say, lang, rest);
  return TRUE;
}

gboolean
kv_narration_read (KvGame *game, GPtrArray *steps, GPtrArray *lines, const char *filename, GError **error)
{
  Reader r = { game, steps, filename, error, NULL, 0 };

  for (guint i = 0; i < lines->len; i++)
    if (!read_line (&r, g_ptr_array_index (lines, i)))
      return FALSE;
  return TRUE;
}

/* Printing */

void
kv_narration_print_says (GString *out, const char *keyword, const GPtrArray *says)
{
  for (guint i = 0; says != NULL && i < says->len; i++)
    {
      const KvSay *say = g_ptr_array_index (says, i);
      const char *rest = say->text;

      /* Lines the reader takes (at most KV_MAX_SAY_LENGTH characters), cut
       * at a space it puts back when it joins them: a narration written
       * longer in the window is read again whole. */
      do
        {
          const char *cut = rest + strlen (rest);

          if (g_utf8_strlen (rest, -1) > KV_MAX_SAY_LENGTH)
            {
              const char *most = g_utf8_offset_to_pointer (rest, KV_MAX_SAY_LENGTH);

              cut = most;
              while (cut > rest && *cut != ' ')
                cut--;
              if (cut == rest)
                cut = most;   /* one word that long: cut inside it */
            }
          if (say->lang != NULL)
            g_string_append_printf (out, "%s.%s %.*s\n", keyword, say->lang, (int) (cut - rest), rest);
          else
            g_string_append_printf (out, "%s %.*s\n", keyword, (int) (cut - rest), rest);
          rest = *cut == ' ' ? cut + 1 : cut;
        }
      while (*rest != '\0');
    }
}

void
kv_narration_print_asks (GString *out, const KvGame *game, const GPtrArray *asks)
{
  for (guint i = 0; asks != NULL && i < asks->len; i++)
    {
      const KvAsk *ask = g_ptr_array_index (asks, i);

      g_string_append_printf (out, "ask %s", kv_ask_kind_keyword (ask->kind));
      if (ask->formula != NULL)
        {
          g_autofree char *formula = kv_formula_to_string (game, ask->formula, TRUE);
          g_string_append_printf (out, " %s", formula);
        }
      g_string_append_c (out, '\n');
      kv_narration_print_says (out, "say", ask->say);
    }
}

void
kv_narration_print_header (GString *out, const KvGame *game)
{
  kv_narration_print_says (out, "title", game->titles);
  kv_narration_print_says (out, "summary", game->summary);
  kv_narration_print_says (out, "say", game->say);
}
