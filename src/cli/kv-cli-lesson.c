// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-lesson.c: `kripkeviz-cli lesson LESSON [--key]` — a lesson as a
 * worksheet (narration and questions, a line to answer on) or as its
 * answer key (the engine's answers), as text or, with -o FILE.pdf, as a
 * PDF handout (kv-text-pdf.h: the one part that loads the drawing stack). */
#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kv-cli-common.h"
#include "kv-cli-lesson.h"
#include "kv-i18n.h"
#include "kv-lesson.h"
#include "kv-text-pdf.h"

/* Text is wrapped for a terminal; a PDF wraps its own lines to the page. */
static guint wrap_width = 72;

static void
print_wrapped (GString *out, const char *indent, const char *text)
{
  GString *line = g_string_new (NULL);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (line->len > 0 && g_utf8_strlen (line->str, -1) + g_utf8_strlen (words[i], -1) > wrap_width)
        {
          g_string_append_printf (out, "%s%s\n", indent, line->str);
          g_string_truncate (line, 0);
        }
      g_string_append_printf (line, "%s%s", line->len ? " " : "", words[i]);
    }
  if (line->len > 0)
    g_string_append_printf (out, "%s%s\n", indent, line->str);
  g_string_free (line, TRUE);
}

static void
print_narration (GString *out, const GPtrArray *says, const char *lang)
{
  g_autofree char *text = kv_say_text (says, lang);

  if (text != NULL)
    {
      print_wrapped (out, "    ", text);
      g_string_append_printf (out, "\n");
    }
}

/* The questions before step @index, numbered from *@number. */
static void
print_questions (GString *out, const KvLesson *lesson, guint index, gboolean key, const char *lang, guint *number)
{
  const GPtrArray *asks = kv_lesson_asks (lesson, index);

  for (guint q = 0; asks != NULL && q < asks->len; q++)
    {
      const KvAsk *ask = g_ptr_array_index (asks, q);
      g_autofree char *text = kv_lesson_question_text (lesson, index, ask, lang);
      g_autofree char *heading = g_strdup_printf (_("Question %u."), ++*number);
      g_autoptr(KvAnswer) answer = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *said = NULL;

      g_string_append_printf (out, "  %s\n", heading);
      print_wrapped (out, "    ", text);
      if (!key)
        {
          g_string_append_printf (out, "    %s ______________________________\n\n", _("Answer:"));
          continue;
        }
      answer = kv_lesson_answer (lesson, index, ask, &error);
      said = answer ? kv_answer_to_text (lesson, answer) : g_strdup (error->message);
      /* TRANSLATORS: in a lesson's answer key, before the engine's answer */
      g_string_append_printf (out, "    %s %s\n\n", _("Answer:"), said);
    }
}

static void
print_lesson (GString *out, const KvLesson *lesson, gboolean key, const char *lang)
{
  const KvGame *game = lesson->script->game;
  g_autofree char *title = kv_lesson_title (lesson, lang);
  g_autofree char *summary = kv_say_text (game->summary, lang);
  guint number = 0;

  g_string_append_printf (out, "%s%s\n\n", title, key ? _(" — answer key") : "");
  if (summary != NULL)
    {
      print_wrapped (out, "  ", summary);
      g_string_append_printf (out, "\n");
    }
  /* TRANSLATORS: the lesson's first heading: the game before any step */
  g_string_append_printf (out, "%s\n", _("The start"));
  print_narration (out, game->say, lang);
  for (guint i = 0; i <= kv_lesson_n_steps (lesson); i++)
    {
      const KvStep *step = i < kv_lesson_n_steps (lesson) ? g_ptr_array_index (lesson->script->steps, i) : NULL;
      g_autofree char *del = step ? kv_step_to_del (step) : NULL;
      g_autofree char *words = step ? kv_step_to_words (step) : NULL;

      print_questions (out, lesson, i, key, lang, &number);
      if (step == NULL)
        break;
      /* TRANSLATORS: a lesson's heading per step: "Step 1: nocard₁{w} — 1 does not hold w" */
      g_string_append_printf (out, _("Step %u: %s — %s\n"), i + 1, del, words);
      print_narration (out, step->say, lang);
    }
}

/* Adds the languages @lesson is written in to @languages, each once. */
static void
add_languages (GPtrArray *languages, const KvLesson *lesson)
{
  g_auto(GStrv) own = kv_lesson_languages (lesson);

  for (guint i = 0; own[i] != NULL; i++)
    if (!g_ptr_array_find_with_equal_func (languages, own[i], g_str_equal, NULL))
      g_ptr_array_add (languages, g_strdup (own[i]));
}

/* Whether --lang @lang (NULL: not given) is a language @lesson, named
 * @name, is written in (@lesson NULL: one of the built-in lessons'); says
 * which they are when not. */
static gboolean
check_language (const char *lang, const KvLesson *lesson, const char *name)
{
  g_autoptr(GPtrArray) languages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  if (lang == NULL || g_str_equal (lang, "en"))
    return TRUE;
  /* The default language is English. */
  g_ptr_array_add (languages, g_strdup ("en"));
  if (lesson != NULL)
    add_languages (languages, lesson);
  else
    {
      g_auto(GStrv) names = kv_lesson_builtin_names ();

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autoptr(KvLesson) each = kv_lesson_open (names[i], NULL);

          if (each != NULL)
            add_languages (languages, each);
        }
    }
  if (g_ptr_array_find_with_equal_func (languages, lang, g_str_equal, NULL))
    return TRUE;
  /* Quoted: in Dutch "en en nl" would read as a stammer. */
  for (guint i = 0; i < languages->len; i++)
    {
      char *quoted = g_strdup_printf ("“%s”", (char *) languages->pdata[i]);

      g_free (languages->pdata[i]);
      languages->pdata[i] = quoted;
    }
  list = kv_i18n_list (languages);
  if (lesson == NULL)
    /* TRANSLATORS: %s: the language asked for, then the lessons' ("en and nl") */
    kv_cli_fail (_("--lang “%s”: the lessons are written in %s"), lang, list);
  else
    /* TRANSLATORS: %s: the language asked for, the lesson, then its languages ("en and nl") */
    kv_cli_fail (_("--lang “%s”: %s is written in %s"), lang, name, list);
  return FALSE;
}

int
kv_cli_lesson (int argc, char **argv)
{
  gboolean key = FALSE;
  gboolean list = FALSE;
  g_autofree char *lang = NULL;
  g_autofree char *output = NULL;
  GOptionEntry entries[] = {
    { "key", 0, 0, G_OPTION_ARG_NONE, &key, N_("Print the answer key: every answer, computed by the engine"), NULL },
    { "lang", 0, 0, G_OPTION_ARG_STRING, &lang, N_("The lesson's language (en, nl; default: the user's)"), "LANG" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write a PDF handout to FILE.pdf"), "FILE" },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("List the built-in lessons"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("LESSON — print a lesson as a worksheet, or with --key its answers"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLesson) lesson = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GBytes) pdf = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (list && (key || output != NULL))
    return kv_cli_fail (_("--list lists the lessons: --key and -o are for one lesson"));
  if (list && argc == 1)
    {
      g_auto(GStrv) names = kv_lesson_builtin_names ();

      if (!check_language (lang, NULL, NULL))
        return KV_EXIT_ERROR;

      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autoptr(KvLesson) each = kv_lesson_open (names[i], NULL);
          g_autofree char *title = each ? kv_lesson_title (each, lang ? lang : kv_i18n_narration_language ()) : NULL;

          guint n_steps = each ? kv_lesson_n_steps (each) : 0;
          guint n_questions = each ? kv_lesson_n_questions (each) : 0;
          /* TRANSLATORS: a lesson's length in --list, "(3 steps, 8 questions)" */
          g_autofree char *steps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", n_steps), n_steps);
          g_autofree char *questions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u question", "%u questions",
                                                                     n_questions), n_questions);

          printf ("%-14s %s (%s, %s)\n", names[i], title ? title : "", steps, questions);
        }
      return 0;
    }
  if (argc != 2 || list)
    return kv_cli_fail (_("usage: kripkeviz-cli lesson LESSON [--key] [--lang LANG] [-o FILE.pdf] | --list"));
  if (!kv_cli_takes_script (argv[1], _("a lesson is a script with narration and questions (a .kvg file or a "
                                       "built-in lesson, see --list); a model file holds one model and no words")))
    return KV_EXIT_ERROR;
  lesson = kv_lesson_open (argv[1], &error);
  if (lesson == NULL)
    {
      kv_cli_print_error (error->message);
      return KV_EXIT_ERROR;
    }
  if (!check_language (lang, lesson, argv[1]))
    return KV_EXIT_ERROR;
  if (lang != NULL && g_str_equal (lang, "en"))
    g_clear_pointer (&lang, g_free);
  if (output != NULL)
    wrap_width = G_MAXUINT;
  print_lesson (out, lesson, key, lang ? lang : kv_i18n_narration_language ());
  if (output == NULL)
    {
      fputs (out->str, stdout);
      return 0;
    }
  if (!g_str_has_suffix (output, ".pdf"))
    return kv_cli_fail (_("%s: the worksheet is written as PDF: name the file FILE.pdf"), output);
  pdf = kv_text_pdf_bytes (out->str, &error);
  /* As export writes its files: atomically, through links, never over a
   * device (kv-write.h). */
  if (pdf == NULL || !kv_cli_write_output (output, pdf, &error))
    return kv_cli_fail ("%s", error->message);
  return 0;
}
