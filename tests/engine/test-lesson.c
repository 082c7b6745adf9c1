// SPDX-License-Identifier: GPL-3.0-or-later
/* Lessons: narration and questions in a script (read, printed back the
 * same), the engine's answers graded against hand-worked ones, and
 * questions that cannot be answered refused at their place. */
#include "config.h"

#include "kv-lesson.h"
#include "kv-lesson-walk.h"
#include "kv-test-util.h"

#define HEXA_HEADER "title Hexa\nagents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n"

static KvLesson *
lesson_from (const char *text, GError **error)
{
  KvScript *script = kv_script_parse (text, strlen (text), "lesson.kvg", error);

  return script ? kv_lesson_new (script, error) : NULL;
}

static const KvAsk *
ask_at (const KvLesson *lesson, guint index, guint q)
{
  const GPtrArray *asks = kv_lesson_asks (lesson, index);

  g_assert_nonnull (asks);
  g_assert_cmpuint (q, <, asks->len);
  return g_ptr_array_index (asks, q);
}

/* Example 4: 1 says he has no white card; the worlds wrb and wbr go. */
static void
test_predict_example4 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLesson) lesson = lesson_from (HEXA_HEADER "ask predict\nnocard 1 w\n", &error);
  g_autoptr(KvAnswer) answer = NULL;
  g_autoptr(GArray) marks = NULL;
  const char *right[] = { "wbr", "wrb", NULL };
  const char *half[] = { "wrb", "rbw", NULL };
  const char *strange[] = { "wrb", "wbr", "xyz", NULL };
  guint n_wrong = 0;

  g_assert_no_error (error);
  answer = kv_lesson_answer (lesson, 0, ask_at (lesson, 0, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (answer->items->len, ==, 6);
  g_assert_false (answer->envelopes);
  g_assert_true (kv_answer_grade_predict (answer, right, &marks));
  for (guint i = 0; i < marks->len; i++)
    g_assert_true (g_array_index (marks, gboolean, i));
  g_clear_pointer (&marks, g_array_unref);
  /* wrb right, rbw wrong (it stays), wbr wrong (missed); the other three right */
  g_assert_false (kv_answer_grade_predict (answer, half, &marks));
  for (guint i = 0; i < marks->len; i++)
    {
      const char *item = g_ptr_array_index (answer->items, i);
      gboolean mark = g_array_index (marks, gboolean, i);

      g_assert_true (mark == !(g_str_equal (item, "rbw") || g_str_equal (item, "wbr")));
      n_wrong += !mark;
    }
  g_assert_cmpuint (n_wrong, ==, 2);
  g_assert_false (kv_answer_grade_predict (answer, strange, NULL));
  g_assert_false (kv_answer_grade_predict (answer, NULL, NULL));
  {
    g_autofree char *text = kv_answer_to_text (lesson, answer);
    g_assert_cmpstr (text, ==, "wrb; wbr");
  }
}

/* K₁ r@1 holds at rwb, K₁ w@2 does not; after nocard₁{w} K₃ w@2 does. */
static void
test_truth (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLesson) lesson = lesson_from (HEXA_HEADER "ask truth K{1} r@1\nask truth K{1} w@2\nask truth K{3} w@2\n"
                                            "nocard 1 w\nask truth K{3} w@2\n", &error);
  const gboolean expected[] = { TRUE, FALSE, FALSE };

  g_assert_no_error (error);
  for (guint q = 0; q < 3; q++)
    {
      g_autoptr(KvAnswer) answer = kv_lesson_answer (lesson, 0, ask_at (lesson, 0, q), &error);

      g_assert_no_error (error);
      g_assert_true (kv_answer_grade_truth (answer, expected[q]));
      g_assert_false (kv_answer_grade_truth (answer, !expected[q]));
    }
  {
    g_autoptr(KvAnswer) answer = kv_lesson_answer (lesson, 1, ask_at (lesson, 1, 0), &error);
    g_assert_true (answer->truth);
  }
}

/* Nobody can win at the start; after nocard₁{w} only 3; after endmove₂ 1 and 3. */
static void
test_win (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLesson) lesson = lesson_from (HEXA_HEADER "ask win\nnocard 1 w\nask win\nendmove 2\nask win\n", &error);
  const guint32 expected[] = { 0, 1u << 2, (1u << 0) | (1u << 2) };

  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(KvAnswer) answer = kv_lesson_answer (lesson, i, ask_at (lesson, i, 0), &error);

      g_assert_no_error (error);
      g_assert_true (kv_answer_grade_win (answer, expected[i]));
      g_assert_false (kv_answer_grade_win (answer, expected[i] ^ 2));
    }
}

/* The answers are the engine's: change the step and the answer follows. */
static void
test_answer_follows_step (void)
{
  const char *steps[] = { "nocard 1 w", "nocard 1 b" };
  const char *removed[] = { "wrb; wbr", "brw; bwr" };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *text = g_strdup_printf (HEXA_HEADER "ask predict\n%s\n", steps[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLesson) lesson = lesson_from (text, &error);
      g_autoptr(KvAnswer) answer = NULL;
      g_autofree char *said = NULL;

      g_assert_no_error (error);
      answer = kv_lesson_answer (lesson, 0, ask_at (lesson, 0, 0), &error);
      said = kv_answer_to_text (lesson, answer);
      g_assert_cmpstr (said, ==, removed[i]);
    }
}

/* Narration and questions round-trip through the printed script, which is
 * what Save Script, undo and the session file keep. */
static void
test_round_trip (void)
{
  const char *text = HEXA_HEADER "title.nl Hexa-les\nsummary Three cards.\nsummary.nl Drie kaarten.\n"
                     "say Six worlds.\nsay.nl Zes werelden.\nask predict\nsay Which go?\nsay.nl Welke?\n"
                     "nocard 1 w\nsay Two went.\nask win\nendmove 2\nask truth K{1} w@2\nsay Does 1 know?\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (text, strlen (text), "lesson.kvg", &error);
  g_autofree char *printed = NULL;
  g_autofree char *again = NULL;
  g_autoptr(KvScript) reread = NULL;
  g_autofree char *nl = NULL;
  g_autofree char *fallback = NULL;

  g_assert_no_error (error);
  printed = kv_script_to_text (script->game, script->steps);
  g_assert_cmpstr (printed, ==, text);
  reread = kv_script_parse (printed, strlen (printed), "again.kvg", &error);
  g_assert_no_error (error);
  again = kv_script_to_text (reread->game, reread->steps);
  g_assert_cmpstr (again, ==, printed);
  nl = kv_say_text (script->game->say, "nl");
  g_assert_cmpstr (nl, ==, "Zes werelden.");
  fallback = kv_say_text (((KvStep *) g_ptr_array_index (script->steps, 0))->say, "nl");
  g_assert_cmpstr (fallback, ==, "Two went.");
}

/* A narration longer than a script's line takes (written in the window,
 * whose editor has no limit) is printed on several lines and read again
 * whole: the autosaved session of a long narration could not be read. */
static void
test_long_narration (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (HEXA_HEADER "say short\n", strlen (HEXA_HEADER "say short\n"),
                                                "lesson.kvg", &error);
  g_autoptr(GString) words = g_string_new (NULL);
  g_autoptr(KvScript) reread = NULL;
  g_autofree char *printed = NULL;
  g_autofree char *back = NULL;

  g_assert_no_error (error);
  for (guint i = 0; words->len < 2600; i++)
    g_string_append_printf (words, "%sword%u", i > 0 ? " " : "", i);
  g_ptr_array_set_size (script->game->say, 0);
  g_ptr_array_add (script->game->say, kv_say_new (NULL, words->str));
  printed = kv_script_to_text (script->game, script->steps);
  reread = kv_script_parse (printed, strlen (printed), "again.kvg", &error);
  g_assert_no_error (error);
  back = kv_say_text (reread->game->say, NULL);
  g_assert_cmpstr (back, ==, words->str);
}

static void
test_refused (void)
{
  const struct { const char *text, *message; } cases[] = {
    { HEXA_HEADER "ask truth K{1} r@\n", "lesson.kvg:6:" },
    { HEXA_HEADER "nocard 1 w\nask predict\n", "lesson.kvg:7:1: error: a predict question needs a step after it" },
    { HEXA_HEADER "ask maybe\n", "lesson.kvg:6:5: error: expected “truth FORMULA”" },
    { HEXA_HEADER "ask truth\n", "lesson.kvg:6:" },
    { HEXA_HEADER "ask win now\n", "lesson.kvg:6:9: error: unexpected text" },
    { HEXA_HEADER "say\n", "lesson.kvg:6:4: error: expected text" },
    { HEXA_HEADER "say.n1 x\n", "lesson.kvg:6:" },
    { HEXA_HEADER "ask predict\nnocard 1 r\n", "lesson.kvg:7:1: error: this step is false" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLesson) lesson = lesson_from (cases[i].text, &error);

      g_assert_null (lesson);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: %s", i, error->message);
    }
}

/* Narration in English has its Dutch too: a Dutch class never falls
 * back to English in a built-in lesson. */
static void
assert_dutch (const char *lesson, const GPtrArray *says)
{
  g_autofree char *en = kv_say_text (says, NULL);
  gboolean has_nl = FALSE;

  for (guint i = 0; says != NULL && i < says->len; i++)
    has_nl = has_nl || g_strcmp0 (((KvSay *) g_ptr_array_index (says, i))->lang, "nl") == 0;
  if (en != NULL && !has_nl)
    g_error ("lesson %s: no Dutch for “%s”", lesson, en);
}

/* Every built-in lesson loads, and its questions are answered. */
static void
test_builtin (void)
{
  g_auto(GStrv) names = kv_lesson_builtin_names ();

  g_assert_true (g_strv_contains ((const char *const *) names, "hexa"));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLesson) lesson = kv_lesson_open (names[i], &error);
      g_autofree char *nl = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (kv_lesson_n_questions (lesson), >, 0);
      nl = kv_lesson_title (lesson, "nl");
      g_assert_cmpstr (nl, !=, lesson->script->game->title);
      assert_dutch (names[i], lesson->script->game->summary);
      assert_dutch (names[i], lesson->script->game->say);
      for (guint s = 0; s <= kv_lesson_n_steps (lesson); s++)
        {
          const GPtrArray *asks = kv_lesson_asks (lesson, s);

          if (s < kv_lesson_n_steps (lesson))
            assert_dutch (names[i], ((KvStep *) g_ptr_array_index (lesson->script->steps, s))->say);
          for (guint q = 0; asks != NULL && q < asks->len; q++)
            assert_dutch (names[i], ((KvAsk *) g_ptr_array_index (asks, q))->say);
        }
    }
}

/* A name that is no lesson, no built-in game and no file is refused with
 * the lessons listed, not the games. */
static void
test_no_such_lesson (void)
{
  const char *names[] = { "nosuch", "lesson:nosuch" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLesson) lesson = kv_lesson_open (names[i], &error);

      g_assert_null (lesson);
      g_assert_error (error, KV_ERROR, KV_ERROR_IO);
      g_assert_true (g_str_has_prefix (error->message, "nosuch: error: No such file, and not a built-in lesson"));
      g_assert_nonnull (strstr (error->message, "russian"));
      g_assert_null (strstr (error->message, "clue18"));
    }
}

/* The languages a lesson is written in besides the default (English): the
 * choices for --lang. */
static void
test_languages (void)
{
  g_autoptr(KvLesson) hexa = kv_lesson_open ("hexa", NULL);
  g_autoptr(KvLesson) plain = kv_lesson_open ("clue18", NULL);
  g_auto(GStrv) hexa_languages = kv_lesson_languages (hexa);
  g_auto(GStrv) plain_languages = kv_lesson_languages (plain);
  const char *const dutch[] = { "nl", NULL };

  g_assert_cmpstrv (hexa_languages, dutch);
  g_assert_cmpuint (g_strv_length (plain_languages), ==, 0);
}

/* One Next at a time: narration → question → reveal → step → narration,
 * with a running score and retry; and to a step, as the arrows go. */
static void
test_walk (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvLesson) lesson = lesson_from (HEXA_HEADER "say Six.\nask predict\nask truth K{1} r@1\n"
                                            "nocard 1 w\nsay Four.\nask win\n", &error);
  g_autoptr(KvLessonWalk) walk = NULL;
  const char *wrong[] = { "wrb", NULL };
  const char *right[] = { "wrb", "wbr", NULL };
  guint n_right, n_answered;

  g_assert_no_error (error);
  walk = kv_lesson_walk_new (lesson);
  g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
  g_assert_cmpuint (walk->entry, ==, 0);
  g_assert_true (kv_lesson_walk_next (walk));
  g_assert_cmpint (walk->phase, ==, KV_WALK_QUESTION);
  g_assert_cmpint (kv_lesson_walk_ask (walk)->kind, ==, KV_ASK_PREDICT);
  g_assert_false (kv_lesson_walk_answer_predict (walk, wrong));
  g_assert_cmpint (walk->phase, ==, KV_WALK_REVEAL);
  kv_lesson_walk_score (walk, &n_right, &n_answered);
  g_assert_cmpuint (n_right, ==, 0);
  g_assert_cmpuint (n_answered, ==, 1);
  kv_lesson_walk_retry (walk);
  g_assert_cmpint (walk->phase, ==, KV_WALK_QUESTION);
  g_assert_true (kv_lesson_walk_answer_predict (walk, right));
  kv_lesson_walk_score (walk, &n_right, &n_answered);
  g_assert_cmpuint (n_right, ==, 1);
  g_assert_cmpuint (n_answered, ==, 1);
  g_assert_true (kv_lesson_walk_next (walk));
  g_assert_cmpint (kv_lesson_walk_ask (walk)->kind, ==, KV_ASK_TRUTH);
  g_assert_true (kv_lesson_walk_next (walk));   /* skipped: revealed, not right */
  g_assert_cmpint (walk->phase, ==, KV_WALK_REVEAL);
  g_assert_false (kv_lesson_walk_right (walk));
  g_assert_true (kv_lesson_walk_next (walk));   /* the step */
  g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
  g_assert_cmpuint (walk->entry, ==, 1);
  g_assert_true (kv_lesson_walk_next (walk));
  g_assert_true (kv_lesson_walk_answer_win (walk, 1u << 2));
  g_assert_true (kv_lesson_walk_next (walk));
  g_assert_cmpint (walk->phase, ==, KV_WALK_END);
  g_assert_false (kv_lesson_walk_next (walk));
  kv_lesson_walk_score (walk, &n_right, &n_answered);
  g_assert_cmpuint (n_right, ==, 2);
  g_assert_cmpuint (n_answered, ==, 3);

  /* Stepping with the arrows: to a step's narration, the scores kept;
   * past the last step, no further than it. */
  kv_lesson_walk_go_to (walk, 0);
  g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
  g_assert_cmpuint (walk->entry, ==, 0);
  g_assert_null (kv_lesson_walk_ask (walk));
  kv_lesson_walk_score (walk, &n_right, &n_answered);
  g_assert_cmpuint (n_answered, ==, 3);
  g_assert_true (kv_lesson_walk_next (walk));
  g_assert_cmpint (kv_lesson_walk_ask (walk)->kind, ==, KV_ASK_PREDICT);
  kv_lesson_walk_go_to (walk, 5);
  g_assert_cmpuint (walk->entry, ==, 1);
  g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
  g_assert_null (walk->answer);
}

/* Every built-in lesson walks to its end, answering every question with
 * the engine's own answer: all right. */
static void
test_walk_builtin (void)
{
  g_auto(GStrv) names = kv_lesson_builtin_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvLesson) lesson = kv_lesson_open (names[i], &error);
      g_autoptr(KvLessonWalk) walk = kv_lesson_walk_new (lesson);
      guint n_right, n_answered, n_next = 0;

      while (kv_lesson_walk_next (walk))
        {
          n_next++;
          if (walk->phase != KV_WALK_QUESTION)
            continue;
          switch (walk->answer->kind)
            {
            case KV_ASK_TRUTH:
              g_assert_true (kv_lesson_walk_answer_truth (walk, walk->answer->truth));
              break;
            case KV_ASK_WIN:
              g_assert_true (kv_lesson_walk_answer_win (walk, walk->answer->winners));
              break;
            case KV_ASK_PREDICT:
              {
                g_autoptr(GPtrArray) picks = g_ptr_array_new ();

                for (guint k = 0; k < walk->answer->items->len; k++)
                  if (g_array_index (walk->answer->removed, gboolean, k))
                    g_ptr_array_add (picks, g_ptr_array_index (walk->answer->items, k));
                g_ptr_array_add (picks, NULL);
                g_assert_true (kv_lesson_walk_answer_predict (walk, (const char *const *) picks->pdata));
              }
              break;
            }
        }
      g_assert_cmpuint (walk->entry, ==, kv_lesson_n_steps (lesson));
      kv_lesson_walk_score (walk, &n_right, &n_answered);
      g_assert_cmpuint (n_right, ==, kv_lesson_n_questions (lesson));
      g_assert_cmpuint (n_answered, ==, n_right);
      g_assert_cmpuint (n_next, >, kv_lesson_n_steps (lesson));
    }
}

/* Change Deal (kv_history_rerun) reads the steps again on the new game:
 * their narration and questions stay with them. */
static void
test_rerun_keeps_words (void)
{
  const char *text = HEXA_HEADER "say Six.\nask win\nnocard 1 w\nsay Four.\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_parse (text, strlen (text), "lesson.kvg", &error);
  g_autoptr(KvHistory) history = kv_history_run_script (script, 0, &error);
  const KvHand deal[] = { KV_CARD_BIT (0), KV_CARD_BIT (2), KV_CARD_BIT (1) };   /* rbw */
  g_autoptr(KvGame) game = kv_game_copy_with_deal (script->game, deal);
  g_autoptr(KvHistory) rerun = kv_history_rerun (history, game, NULL, &error);
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();
  g_autofree char *printed = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (kv_history_length (rerun), ==, 2);
  g_ptr_array_add (steps, kv_history_get (rerun, 1)->step);
  printed = kv_script_to_text (rerun->game, steps);
  g_assert_nonnull (strstr (printed, "say Six.\nask win\nnocard 1 w\nsay Four.\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lesson/predict-example4", test_predict_example4);
  g_test_add_func ("/lesson/truth", test_truth);
  g_test_add_func ("/lesson/win", test_win);
  g_test_add_func ("/lesson/answer-follows-step", test_answer_follows_step);
  g_test_add_func ("/lesson/round-trip", test_round_trip);
  g_test_add_func ("/lesson/long-narration", test_long_narration);
  g_test_add_func ("/lesson/refused", test_refused);
  g_test_add_func ("/lesson/builtin", test_builtin);
  g_test_add_func ("/lesson/no-such-lesson", test_no_such_lesson);
  g_test_add_func ("/lesson/languages", test_languages);
  g_test_add_func ("/lesson/walk", test_walk);
  g_test_add_func ("/lesson/rerun-keeps-words", test_rerun_keeps_words);
  g_test_add_func ("/lesson/walk-builtin", test_walk_builtin);
  return g_test_run ();
}
