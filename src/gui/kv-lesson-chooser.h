// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-chooser.h: Game ▸ Lessons… — the built-in lessons (title,
 * summary and length in the user's language) and Open… for a teacher's
 * own file. A lesson that cannot be opened is said in the dialog, with
 * its FILE:LINE:COL and the reason, and the window keeps its game. */
#pragma once

#include <adwaita.h>

#include "kv-lesson-pane.h"

G_BEGIN_DECLS

#define KV_TYPE_LESSON_CHOOSER (kv_lesson_chooser_get_type ())
G_DECLARE_FINAL_TYPE (KvLessonChooser, kv_lesson_chooser, KV, LESSON_CHOOSER, AdwWindow)

KvLessonChooser *kv_lesson_chooser_present (KvLessonPane *pane,
                                            GtkWindow    *parent);
/* Opens @name_or_path in the pane, as a row or Open… does: closes the
 * dialog, or keeps it open with the error shown (FALSE). */
gboolean    kv_lesson_chooser_open      (KvLessonChooser *self,
                                         const char      *name_or_path);
/* The error shown, or NULL. */
const char *kv_lesson_chooser_get_error (KvLessonChooser *self);
/* The rows' titles and subtitles, for tests: "title\nsummary\nlength" each. */
GStrv       kv_lesson_chooser_get_rows  (KvLessonChooser *self);

G_END_DECLS
