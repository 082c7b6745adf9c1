// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-narration.h: a lesson's words in a game script (docs/lessons.md).
 *
 * A script may carry, besides its game and steps, what a teacher says:
 * a summary, narration for the initial model and after each step, and
 * questions asked before a step. Each text line has a language: `say`
 * is the default (English), `say.nl` Dutch; a reader asks for one and
 * falls back to the default. Questions hold no answers: the lesson room
 * (src/engine/lesson) computes them from the model when they are asked.
 *
 * The game holds the summary, the translated titles, the initial
 * narration and the questions after the last step; a step (kv-step.h)
 * holds its own narration and the questions asked before it. Printing a
 * script (kv_script_to_text) writes them all back, so they go wherever the
 * script text goes: Save Script, undo, autosave, the session file.
 */
#pragma once

#include "kv-formula.h"

G_BEGIN_DECLS

typedef struct {
  char *lang;    /* NULL: the default language; else "nl", … */
  char *text;
} KvSay;

typedef enum {
  KV_ASK_TRUTH,     /* ask truth φ : is φ true at the actual world? */
  KV_ASK_PREDICT,   /* ask predict : which worlds (envelopes) will the next step remove? */
  KV_ASK_WIN,       /* ask win     : who can win now (win{a})? */
} KvAskKind;

typedef struct {
  KvAskKind  kind;
  KvFormula *formula;   /* KV_ASK_TRUTH */
  GPtrArray *say;       /* KvSay*: the question in words */
  guint      line;      /* its line in the script; 0 when built */
  guint      column;    /* of the formula, for messages */
} KvAsk;

KvSay     *kv_say_new        (const char *lang, const char *text);
void       kv_say_free       (KvSay *say);
GPtrArray *kv_say_array_new  (void);
/* The lines of @lang (NULL: the default) joined by spaces; when @lang has
 * none, the default's; NULL when there are none either. */
char      *kv_say_text       (const GPtrArray *says, const char *lang);

KvAsk     *kv_ask_new        (KvAskKind kind);
void       kv_ask_free       (KvAsk *ask);
GPtrArray *kv_ask_array_new  (void);
const char *kv_ask_kind_keyword (KvAskKind kind);

/* Gives @to (a step just parsed, with no words) @from's narration and
 * questions, shared: a step read again on a game dealt anew keeps them
 * (the game has the same players and cards, which is all a formula names). */
void       kv_narration_copy (KvStep *to, const KvStep *from);

/* One lesson line of a script, as the script reader found it. */
typedef struct {
  guint       number;
  guint       indent;
  const char *text;          /* comment stripped, trimmed */
  guint       n_steps_before;
} KvNarrationLine;

/* Whether @text starts with a lesson keyword: say, summary, ask, or
 * title.LANG / say.LANG / summary.LANG. */
gboolean   kv_narration_is_line  (const char *text);

/* Attaches @lines (KvNarrationLine*, in order) to @game and @steps: `say`
 * to the last thing before it (the game's start, a step, a question),
 * `ask` to the next step or, after the last, to the game. On error
 * "FILE:LINE:COL: error: …" in @error. */
gboolean   kv_narration_read     (KvGame *game, GPtrArray *steps, GPtrArray *lines,
                                  const char *filename, GError **error);

/* The lesson lines of a script's header (title.LANG, summary, initial
 * say), of the questions in @asks, and of @says, as kv_narration_read reads them. */
void       kv_narration_print_header (GString *out, const KvGame *game);
void       kv_narration_print_says   (GString *out, const char *keyword, const GPtrArray *says);
void       kv_narration_print_asks   (GString *out, const KvGame *game, const GPtrArray *asks);

G_END_DECLS
