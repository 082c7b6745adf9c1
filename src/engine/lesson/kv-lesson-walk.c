// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-lesson"
#include "config.h"

#include <string.h>

#include "kv-lesson-walk.h"

KvLessonWalk *
kv_lesson_walk_new (const KvLesson *lesson)
{
  KvLessonWalk *walk = g_new0 (KvLessonWalk, 1);

  walk->lesson = lesson;
  walk->phase = KV_WALK_NARRATION;
  walk->n_questions = kv_lesson_n_questions (lesson);
  walk->results = g_new (gint8, MAX (walk->n_questions, 1));
  memset (walk->results, -1, MAX (walk->n_questions, 1));
  return walk;
}

void
kv_lesson_walk_free (KvLessonWalk *walk)
{
  if (walk == NULL)
    return;
  g_clear_pointer (&walk->answer, kv_answer_free);
  g_clear_pointer (&walk->marks, g_array_unref);
  g_free (walk->results);
  g_free (walk);
}

static guint
n_asks (const KvLessonWalk *walk, guint entry)
{
  const GPtrArray *asks = kv_lesson_asks (walk->lesson, entry);

  return asks ? asks->len : 0;
}

const KvAsk *
kv_lesson_walk_ask (const KvLessonWalk *walk)
{
  if (walk->phase != KV_WALK_QUESTION && walk->phase != KV_WALK_REVEAL)
    return NULL;
  return g_ptr_array_index (kv_lesson_asks (walk->lesson, walk->entry), walk->question);
}

/* The question's number in the whole lesson, for its result. */
static guint
global_index (const KvLessonWalk *walk)
{
  guint n = walk->question;

  for (guint e = 0; e < walk->entry; e++)
    n += n_asks (walk, e);
  return n;
}

static void
show_question (KvLessonWalk *walk, guint question)
{
  g_autoptr(GError) error = NULL;

  walk->question = question;
  walk->phase = KV_WALK_QUESTION;
  g_clear_pointer (&walk->answer, kv_answer_free);
  g_clear_pointer (&walk->marks, g_array_unref);
  /* Every question was answered once when the lesson opened (kv_lesson_new). */
  walk->answer = kv_lesson_answer (walk->lesson, walk->entry, kv_lesson_walk_ask (walk), &error);
  g_assert_no_error (error);
}

static void
reveal (KvLessonWalk *walk, gboolean right)
{
  walk->results[global_index (walk)] = right ? 1 : 0;
  walk->phase = KV_WALK_REVEAL;
}

gboolean
kv_lesson_walk_next (KvLessonWalk *walk)
{
  guint last = kv_lesson_n_steps (walk->lesson);

  switch (walk->phase)
    {
    case KV_WALK_END:
      return FALSE;
    case KV_WALK_QUESTION:
      reveal (walk, FALSE);   /* Next without an answer: shown, not right */
      return TRUE;
    case KV_WALK_NARRATION:
      if (n_asks (walk, walk->entry) > 0)
        {
          show_question (walk, 0);
          return TRUE;
        }
      break;
    case KV_WALK_REVEAL:
      if (walk->question + 1 < n_asks (walk, walk->entry))
        {
          show_question (walk, walk->question + 1);
          return TRUE;
        }
      break;
    }
  g_clear_pointer (&walk->answer, kv_answer_free);
  g_clear_pointer (&walk->marks, g_array_unref);
  if (walk->entry == last)
    walk->phase = KV_WALK_END;
  else
    {
      walk->entry++;   /* the step, and its narration */
      walk->phase = KV_WALK_NARRATION;
    }
  return TRUE;
}

void
kv_lesson_walk_go_to (KvLessonWalk *walk, guint entry)
{
  g_clear_pointer (&walk->answer, kv_answer_free);
  g_clear_pointer (&walk->marks, g_array_unref);
  walk->entry = MIN (entry, kv_lesson_n_steps (walk->lesson));
  walk->question = 0;
  walk->phase = KV_WALK_NARRATION;
}

gboolean
kv_lesson_walk_answer_truth (KvLessonWalk *walk, gboolean said)
{
  g_return_val_if_fail (walk->phase == KV_WALK_QUESTION && walk->answer->kind == KV_ASK_TRUTH, FALSE);
  reveal (walk, kv_answer_grade_truth (walk->answer, said));
  return kv_lesson_walk_right (walk);
}

gboolean
kv_lesson_walk_answer_win (KvLessonWalk *walk, guint32 agents)
{
  g_return_val_if_fail (walk->phase == KV_WALK_QUESTION && walk->answer->kind == KV_ASK_WIN, FALSE);
  reveal (walk, kv_answer_grade_win (walk->answer, agents));
  return kv_lesson_walk_right (walk);
}

gboolean
kv_lesson_walk_answer_predict (KvLessonWalk *walk, const char *const *picks)
{
  g_return_val_if_fail (walk->phase == KV_WALK_QUESTION && walk->answer->kind == KV_ASK_PREDICT, FALSE);
  g_clear_pointer (&walk->marks, g_array_unref);
  reveal (walk, kv_answer_grade_predict (walk->answer, picks, &walk->marks));
  return kv_lesson_walk_right (walk);
}

void
kv_lesson_walk_retry (KvLessonWalk *walk)
{
  g_return_if_fail (walk->phase == KV_WALK_REVEAL);
  g_clear_pointer (&walk->marks, g_array_unref);
  walk->phase = KV_WALK_QUESTION;
}

gboolean
kv_lesson_walk_right (const KvLessonWalk *walk)
{
  if (walk->phase != KV_WALK_QUESTION && walk->phase != KV_WALK_REVEAL)
    return FALSE;
  return walk->results[global_index (walk)] == 1;
}

void
kv_lesson_walk_score (const KvLessonWalk *walk, guint *n_right, guint *n_answered)
{
  *n_right = *n_answered = 0;
  for (guint i = 0; i < walk->n_questions; i++)
    if (walk->results[i] >= 0)
      {
        (*n_answered)++;
        *n_right += (guint) walk->results[i];
      }
}
