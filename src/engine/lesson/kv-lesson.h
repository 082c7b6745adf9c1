// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson.h: a lesson — a game script with narration and questions
 * (kv-narration.h, docs/lessons.md) — run, and its questions answered.
 *
 * No answer is stored in a lesson: each is computed here from the state
 * at the moment the question is asked, so a lesson stays right when its
 * script changes. Opening a lesson runs every step and answers every
 * question once, so a question that cannot be answered (a predict with no
 * step after it, a step that is false, a formula the engine refuses) is
 * refused at load with FILE:LINE:COL.
 */
#pragma once

#include "kv-history.h"
#include "kv-narration.h"

G_BEGIN_DECLS

typedef struct {
  KvScript  *script;
  KvHistory *history;   /* entry i: the state before step i (after step i-1) */
} KvLesson;

/* A built-in lesson's name (hexa, …, or lesson:hexa) or a path; the
 * built-in games (kv_script_open) are lessons too, without words. A name
 * that is none of these is refused with the built-in lessons listed. */
KvLesson  *kv_lesson_open   (const char *name_or_path, GError **error);
/* Its script only, not run: the CLI's commands open "lesson:NAME" so. */
#define KV_LESSON_PREFIX "lesson:"
KvScript  *kv_lesson_open_script (const char *name_or_path, GError **error);
/* Runs @script (taken) on the engine KRIPKEVIZ_ENGINE names, or auto. */
KvLesson  *kv_lesson_new    (KvScript *script, GError **error);
void       kv_lesson_free   (KvLesson *lesson);

GStrv      kv_lesson_builtin_names (void);

/* The languages @lesson is written in besides the default (English), as
 * "nl" in `say.nl`, sorted: what else --lang may ask for. */
GStrv      kv_lesson_languages     (const KvLesson *lesson);


guint      kv_lesson_n_steps      (const KvLesson *lesson);
/* The questions asked before step @index (kv_lesson_n_steps: at the end). */
const GPtrArray *kv_lesson_asks   (const KvLesson *lesson, guint index);
guint      kv_lesson_n_questions  (const KvLesson *lesson);
/* The same of a script not run. */
guint      kv_lesson_script_n_questions (const KvScript *script);
/* Whether @script has a lesson's words: narration, a summary or questions
 * (the window opens such a script as a lesson however it is opened). */
gboolean   kv_lesson_script_has_words   (const KvScript *script);
/* The lesson's title and summary in @lang. */
char      *kv_lesson_title        (const KvLesson *lesson, const char *lang);
/* The question in words (its `say`, else a default sentence) in @lang. */
char      *kv_lesson_question_text (const KvLesson *lesson, guint index, const KvAsk *ask, const char *lang);

typedef struct {
  KvAskKind  kind;
  gboolean   truth;       /* truth: φ at the actual world */
  guint32    winners;     /* win: bit a set when win{a} holds */
  GPtrArray *items;       /* predict: char*, every world (explicit) or envelope (symbolic) before the step */
  GArray    *removed;     /* predict: gboolean per item, TRUE when the step removes it */
  gboolean   envelopes;   /* predict: the items are envelopes */
} KvAnswer;

/* The answer to @ask asked before step @index. */
KvAnswer  *kv_lesson_answer  (const KvLesson *lesson, guint index, const KvAsk *ask, GError **error);
void       kv_answer_free    (KvAnswer *answer);
/* Predict: how many items the step removes. */
guint      kv_answer_n_removed (const KvAnswer *answer);
/* The answer in words ("wrb, wbr", "true", "1, 3"; "nobody"). */
char      *kv_answer_to_text (const KvLesson *lesson, const KvAnswer *answer);

/* Grading a student's answer; each returns whether it is all right.
 * Predict: @picks are item names (unknown names are wrong picks); @marks,
 * when not NULL, gets a gboolean per item: TRUE when the student was right
 * about it (picked exactly when removed). */
gboolean   kv_answer_grade_predict (const KvAnswer *answer, const char *const *picks, GArray **marks);
gboolean   kv_answer_grade_truth   (const KvAnswer *answer, gboolean said);
gboolean   kv_answer_grade_win     (const KvAnswer *answer, guint32 picked);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvLesson, kv_lesson_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvAnswer, kv_answer_free)

G_END_DECLS
