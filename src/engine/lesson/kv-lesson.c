// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-lesson"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-game-title.h"
#include "kv-lesson.h"
#include "kv-read.h"
#include "kv-lessons-resources.h"

#define LESSONS_PATH "/org/kripkeviz/lessons/"

void
kv_lesson_free (KvLesson *lesson)
{
  if (lesson == NULL)
    return;
  g_clear_pointer (&lesson->history, kv_history_free);
  g_clear_pointer (&lesson->script, kv_script_free);
  g_free (lesson);
}

guint
kv_lesson_n_steps (const KvLesson *lesson)
{
  return lesson->script->steps->len;
}

const GPtrArray *
kv_lesson_asks (const KvLesson *lesson, guint index)
{
  if (index < lesson->script->steps->len)
    return ((const KvStep *) g_ptr_array_index (lesson->script->steps, index))->asks;
  return lesson->script->game->final_asks;
}

guint
kv_lesson_script_n_questions (const KvScript *script)
{
  guint n = script->game->final_asks ? script->game->final_asks->len : 0;

  for (guint i = 0; i < script->steps->len; i++)
    {
      const KvStep *step = g_ptr_array_index (script->steps, i);
      n += step->asks ? step->asks->len : 0;
    }
  return n;
}

static gboolean
has_lines (const GPtrArray *says)
{
  return says != NULL && says->len > 0;
}

gboolean
kv_lesson_script_has_words (const KvScript *script)
{
  const KvGame *game = script->game;

  if (has_lines (game->say) || has_lines (game->summary) || kv_lesson_script_n_questions (script) > 0)
    return TRUE;
  for (guint i = 0; i < script->steps->len; i++)
    if (has_lines (((const KvStep *) g_ptr_array_index (script->steps, i))->say))
      return TRUE;
  return FALSE;
}

guint
kv_lesson_n_questions (const KvLesson *lesson)
{
  return kv_lesson_script_n_questions (lesson->script);
}

/* Answers every question once: one that cannot be answered is refused
 * at its place in the script. */
static gboolean
check_questions (const KvLesson *lesson, GError **error)
{
  for (guint i = 0; i <= kv_lesson_n_steps (lesson); i++)
    {
      const GPtrArray *asks = kv_lesson_asks (lesson, i);

      for (guint q = 0; asks != NULL && q < asks->len; q++)
        {
          const KvAsk *ask = g_ptr_array_index (asks, q);
          g_autoptr(GError) inner = NULL;
          g_autoptr(KvAnswer) answer = kv_lesson_answer (lesson, i, ask, &inner);

          if (answer == NULL)
            {
              g_set_error (error, KV_ERROR, inner->code, "%s:%u:%u: error: %s",
                           lesson->script->filename, ask->line, ask->column, inner->message);
              return FALSE;
            }
        }
    }
  return TRUE;
}

KvLesson *
kv_lesson_new (KvScript *script, GError **error)
{
  g_autoptr(KvLesson) lesson = g_new0 (KvLesson, 1);
  KvEngineKind engine;

  lesson->script = script;
  if (!kv_engine_from_env (&engine, error))
    return NULL;
  lesson->history = kv_history_run_script_with_engine (script, engine, 0, error);
  if (lesson->history == NULL || !check_questions (lesson, error))
    return NULL;
  return g_steal_pointer (&lesson);
}

static gboolean
is_builtin_game (const char *name)
{
  g_auto(GStrv) games = kv_script_builtin_names ();

  return g_strv_contains ((const char *const *) games, name);
}

KvScript *
kv_lesson_open_script (const char *name_or_path, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (g_str_has_prefix (name_or_path, KV_LESSON_PREFIX))
    name_or_path += strlen (KV_LESSON_PREFIX);
  path = g_strconcat (LESSONS_PATH, name_or_path, ".kvg", NULL);
  if (kv_script_is_builtin_name (name_or_path))
    bytes = g_resource_lookup_data (kv_lessons_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes != NULL)
    {
      gsize length;
      const char *text = g_bytes_get_data (bytes, &length);

      return kv_script_parse (text, length, name_or_path, error);
    }
  if (kv_script_is_builtin_name (name_or_path) && g_strcmp0 (name_or_path, "-") != 0 && !g_file_test (name_or_path, G_FILE_TEST_EXISTS)
      && !is_builtin_game (name_or_path))
    {
      /* Not kv_script_open's error: that lists the games. */
      g_auto(GStrv) names = kv_lesson_builtin_names ();
      g_autofree char *list = g_strjoinv (", ", names);
      g_autofree char *shown = kv_read_shorten (name_or_path);

      g_set_error (error, KV_ERROR, KV_ERROR_IO,
                   _("%s: error: No such file, and not a built-in lesson (built-in: %s)"), shown, list);
      return NULL;
    }
  return kv_script_open (name_or_path, error);
}

KvLesson *
kv_lesson_open (const char *name_or_path, GError **error)
{
  KvScript *script = kv_lesson_open_script (name_or_path, error);

  return script ? kv_lesson_new (script, error) : NULL;
}

GStrv
kv_lesson_builtin_names (void)
{
  g_auto(GStrv) children = g_resource_enumerate_children (kv_lessons_get_resource (), LESSONS_PATH,
                                                          G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; children != NULL && children[i] != NULL; i++)
    if (g_str_has_suffix (children[i], ".kvg"))
      {
        g_autofree char *name = g_strndup (children[i], strlen (children[i]) - strlen (".kvg"));
        g_strv_builder_add (builder, name);
      }
  return g_strv_builder_end (builder);
}

static void
add_languages (GPtrArray *languages, const GPtrArray *says)
{
  for (guint i = 0; says != NULL && i < says->len; i++)
    {
      const KvSay *say = g_ptr_array_index (says, i);

      if (say->lang != NULL && !g_ptr_array_find_with_equal_func (languages, say->lang, g_str_equal, NULL))
        g_ptr_array_add (languages, g_strdup (say->lang));
    }
}

static void
add_ask_languages (GPtrArray *languages, const GPtrArray *asks)
{
  for (guint i = 0; asks != NULL && i < asks->len; i++)
    add_languages (languages, ((const KvAsk *) g_ptr_array_index (asks, i))->say);
}

static int
compare_languages (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

GStrv
kv_lesson_languages (const KvLesson *lesson)
{
  const KvGame *game = lesson->script->game;
  GPtrArray *languages = g_ptr_array_new ();

  add_languages (languages, game->titles);
  add_languages (languages, game->summary);
  add_languages (languages, game->say);
  add_ask_languages (languages, game->final_asks);
  for (guint i = 0; i < lesson->script->steps->len; i++)
    {
      const KvStep *step = g_ptr_array_index (lesson->script->steps, i);

      add_languages (languages, step->say);
      add_ask_languages (languages, step->asks);
    }
  g_ptr_array_sort (languages, compare_languages);
  g_ptr_array_add (languages, NULL);
  return (GStrv) g_ptr_array_free (languages, FALSE);
}

char *
kv_lesson_title (const KvLesson *lesson, const char *lang)
{
  return kv_game_title_in (lesson->script->game, lang);
}

char *
kv_lesson_question_text (const KvLesson *lesson, guint index, const KvAsk *ask, const char *lang)
{
  char *said = kv_say_text (ask->say, lang);
  g_autofree char *words = NULL;

  if (ask->kind == KV_ASK_TRUTH)
    {
      g_autofree char *notation = kv_formula_to_string (lesson->script->game, ask->formula, FALSE);
      g_autofree char *owned = said;

      /* TRANSLATORS: %s is a formula, as in "True or false: K₁ r@1?" */
      return owned ? g_strdup_printf ("%s  (%s)", owned, notation) : g_strdup_printf (_("True or false: %s?"), notation);
    }
  if (said != NULL)
    return said;
  if (ask->kind == KV_ASK_WIN)
    return g_strdup (_("Who can win now?"));
  words = kv_step_to_words (g_ptr_array_index (lesson->script->steps, index));
  if (lesson->history->engine == KV_ENGINE_SYMBOLIC)
    /* TRANSLATORS: %s is a step in words ("1 suggests White, rope, hall") */
    return g_strdup_printf (_("Which envelopes will go when %s?"), words);
  /* TRANSLATORS: %s is a step in words ("1 does not hold w") */
  return g_strdup_printf (_("Which worlds will go when %s?"), words);
}
