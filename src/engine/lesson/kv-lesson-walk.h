// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-walk.h: walking through a lesson as a class does, one Next at
 * a time — narration → question → reveal → step → narration — with a
 * running score. The window's lesson mode and its tests drive it; it knows
 * nothing of widgets.
 *
 * The walk is at a history entry (0: the initial model; i: after step i)
 * and, there, in one phase: the entry's narration, one of the questions
 * asked before the next step, or that question's reveal. A question
 * answered is graded at once (its reveal follows); Next on an unanswered
 * question reveals it, counted as not right. Retry goes back from a reveal
 * to its question: the latest answer is the one scored.
 */
#pragma once

#include "kv-lesson.h"

G_BEGIN_DECLS

typedef enum {
  KV_WALK_NARRATION,
  KV_WALK_QUESTION,
  KV_WALK_REVEAL,
  KV_WALK_END,
} KvWalkPhase;

typedef struct {
  const KvLesson *lesson;   /* borrowed: outlives the walk */
  guint        entry;       /* the history entry shown */
  guint        question;    /* QUESTION, REVEAL: index in kv_lesson_asks (entry) */
  KvWalkPhase  phase;
  KvAnswer    *answer;      /* QUESTION, REVEAL: the engine's answer */
  GArray      *marks;       /* REVEAL of a predict: gboolean per item, as kv_answer_grade_predict */
  gint8       *results;     /* per question of the lesson: -1 not answered, 0 wrong, 1 right */
  guint        n_questions;
} KvLessonWalk;

KvLessonWalk *kv_lesson_walk_new   (const KvLesson *lesson);
void          kv_lesson_walk_free  (KvLessonWalk *walk);

/* One Next; FALSE at the end (nothing changes). */
gboolean      kv_lesson_walk_next  (KvLessonWalk *walk);
const KvAsk  *kv_lesson_walk_ask   (const KvLessonWalk *walk);   /* NULL outside a question */

/* Answering the question shown (QUESTION): graded, then its reveal. */
gboolean      kv_lesson_walk_answer_truth   (KvLessonWalk *walk, gboolean said);
gboolean      kv_lesson_walk_answer_win     (KvLessonWalk *walk, guint32 agents);
gboolean      kv_lesson_walk_answer_predict (KvLessonWalk *walk, const char *const *picks);
/* To @entry's narration, as a teacher stepping there with the arrows
 * goes (no further than the lesson's last step): the questions passed
 * over keep their results, those never answered are not scored. */
void          kv_lesson_walk_go_to  (KvLessonWalk *walk, guint entry);
/* From a reveal back to its question. */
void          kv_lesson_walk_retry  (KvLessonWalk *walk);
/* The question shown (QUESTION, REVEAL) was answered right. */
gboolean      kv_lesson_walk_right  (const KvLessonWalk *walk);

/* "7 of 9 right": answered questions, and those right. */
void          kv_lesson_walk_score  (const KvLessonWalk *walk, guint *n_right, guint *n_answered);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvLessonWalk, kv_lesson_walk_free)

G_END_DECLS
