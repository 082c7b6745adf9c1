// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-pane.h: lesson mode in the window — a lesson's narration and
 * questions under the picture, one Next (the button, Space, Page Down, a
 * presenter's clicker) walking narration → question → reveal → step, the
 * student's answers (True/False, the players who can win, worlds or
 * envelopes clicked on the canvas) graded by the engine, a running score
 * and Retry; and a teacher's own narration written for a step.
 *
 * The walk and the grading are the engine's (src/engine/lesson,
 * kv-lesson-walk.h); this widget shows them and passes the answers on.
 * The game is the session's: opening a lesson puts its history in the
 * session (an edit, so undo goes back to the game before), and the
 * lesson ends when the session shows another game. */
#pragma once

#include <gtk/gtk.h>

#include "kv-canvas-view.h"
#include "kv-engine.h"
#include "kv-lesson-walk.h"
#include "kv-session.h"

G_BEGIN_DECLS

#define KV_TYPE_LESSON_PANE (kv_lesson_pane_get_type ())
G_DECLARE_FINAL_TYPE (KvLessonPane, kv_lesson_pane, KV, LESSON_PANE, GtkBox)

/* Ties the pane to the window's session and canvas, and puts the "lesson"
 * actions (next, retry, reveal, answer-truth, answer-win, close, choose)
 * and the lesson keys (Space, Page Down) on @window. Once. */
void          kv_lesson_pane_attach      (KvLessonPane *self,
                                          GtkWidget    *window,
                                          KvSession    *session,
                                          KvCanvasView *canvas);
/* Opens a built-in lesson (hexa, …) or a lesson file, run and every
 * question answered first: on error (FILE:LINE:COL: error: …) nothing
 * changes — the session keeps the game it had. */
gboolean      kv_lesson_pane_open        (KvLessonPane *self,
                                          const char   *name_or_path,
                                          GError      **error);
void          kv_lesson_pane_close       (KvLessonPane *self);
gboolean      kv_lesson_pane_get_active  (KvLessonPane *self);
/* A question is shown, its answer not yet ("asking"). */
gboolean      kv_lesson_pane_get_asking  (KvLessonPane *self);
/* Presentation mode's strip says the game and the step: the pane leaves
 * out its own title then, to give the picture above it the height. */
void          kv_lesson_pane_set_compact (KvLessonPane *self,
                                          gboolean      compact);
/* One Next; FALSE when no lesson is open (the keys then do what they did)
 * or at its end. */
gboolean      kv_lesson_pane_next        (KvLessonPane *self);
/* A predict question shown: picks or unpicks what canvas node @node
 * shows, as a click on it does; FALSE when no predict question is shown. */
gboolean      kv_lesson_pane_pick_node   (KvLessonPane *self,
                                          int           node);

/* For tests: the walk (NULL outside a lesson), the lesson, and the texts shown. */
const KvLessonWalk *kv_lesson_pane_get_walk   (KvLessonPane *self);
const KvLesson     *kv_lesson_pane_get_lesson (KvLessonPane *self);
/* "narration", "question", "reveal", "score", "title": the label's text. */
const char   *kv_lesson_pane_get_text    (KvLessonPane *self,
                                          const char   *part);
/* The template child @name (a label, a button, "agent_box", …). */
GtkWidget    *kv_lesson_pane_get_part    (KvLessonPane *self,
                                          const char   *name);

G_END_DECLS
