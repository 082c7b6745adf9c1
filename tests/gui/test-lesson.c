// SPDX-License-Identifier: GPL-3.0-or-later
/* test-lesson.c: lesson mode in the window (issue 31, item 3).
 *
 * Every built-in lesson, opened from Game ▸ Lessons…, is played to its end
 * with Next — at the desk and in presentation mode, on the screen the test
 * runs on (meson.build: 1024×700 and 1280×720, English and Dutch) —
 * answering its questions as a student would, some right and some wrong:
 * True/False with the buttons, "who can win" with the players' toggles,
 * "which worlds will go" by picking nodes of the canvas, then Reveal,
 * whose ticks and crosses land on the canvas. Once per lesson a wrong
 * answer is retried and answered right. The score the pane shows is the
 * walk's, and the test's own tally. In presentation mode the words are
 * 24 px or more and never cut (the pane needs no scrolling). A malformed
 * lesson is refused in the dialog with its FILE:LINE:COL, and the game the
 * window had stays; a narration written in the window is shown, undone,
 * and saved with the script.
 */
#define G_LOG_DOMAIN "test-lesson"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kv-display-util.h"
#include "kv-lesson-chooser.h"
#include "kv-lesson-pane.h"
#include "kv-window-private.h"

static KvWindow *window;
static char *state_dir;
static gboolean shooting;   /* Hexa presenting on 1280×720: the README's screenshots */

/* A screenshot of the window as it is, into $KV_LESSON_SHOTS (tools/
 * screenshots.sh) or the build directory: "lesson-WHAT-LANG-1280x720.png". */
static void
shoot (const char *what)
{
  const char *dir = g_getenv ("KV_LESSON_SHOTS");
  g_autofree char *name = g_strdup_printf ("lesson-%s-%s-1280x720.png", what, kv_display_language ());
  g_autofree char *path = dir != NULL ? g_build_filename (dir, name, NULL) : NULL;
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_true (kv_display_wait_for_canvas (window, 20000));
  if (path == NULL)
    {
      g_autoptr(GdkTexture) saved = kv_display_save_png (GTK_WIDGET (window), name);
      return;
    }
  texture = kv_display_render (GTK_WIDGET (window));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static KvLessonPane *
pane (void)
{
  return KV_LESSON_PANE (kv_window_get_lesson_pane (window));
}

static KvCanvas *
canvas (void)
{
  return kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
}

static void
click (const char *part)
{
  GtkWidget *button = kv_lesson_pane_get_part (pane (), part);

  g_assert_true (gtk_widget_get_sensitive (button));
  /* As a click: "activate" would press it for a moment first. */
  g_signal_emit_by_name (button, "clicked");
  kv_display_wait (20);
}

static void
activate (const char *action, GVariant *target)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, target));
  kv_display_wait (20);
}

/* The words shown are whole: each label as tall as its lines at its
 * width, inside the window, and in presentation mode ≥ 24 px. */
static void
assert_words_readable (gboolean presenting)
{
  static const char *const labels[] = { "narration_label", "question_label", "reveal_label" };

  GtkWidget *text_box = kv_lesson_pane_get_part (pane (), "text_box");

  /* Laid out, which under load may take more than a frame or two. */
  kv_display_wait (60);
  for (guint tries = 0; tries < 100 && (gtk_widget_get_width (text_box) == 0 || gtk_widget_get_height (text_box) == 0);
       tries++)
    kv_display_wait (20);
  kv_display_assert_inside (text_box, GTK_WIDGET (window), "the lesson's words");
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      GtkWidget *label = kv_lesson_pane_get_part (pane (), labels[i]);
      int needed;

      if (!gtk_widget_get_visible (label))
        continue;
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), !=, "");
      /* The new words' layout may take a frame or two. */
      for (guint tries = 0; tries < 50; tries++)
        {
          gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &needed, NULL, NULL, NULL);
          if (gtk_widget_get_height (label) >= needed)
            break;
          kv_display_wait (20);
        }
      if (gtk_widget_get_height (label) < needed)
        kv_display_save_png (GTK_WIDGET (window), "lesson-cut.png");
      g_assert_cmpint (gtk_widget_get_height (label), >=, needed);
      g_assert_cmpint (needed, >, 0);
      if (presenting)
        g_assert_cmpfloat (kv_display_text_px (label), >=, 24.0);
    }
}

/* Toggles players @agents in "who can win" and answers. */
static void
answer_win (guint32 agents)
{
  GtkWidget *box = kv_lesson_pane_get_part (pane (), "agent_box");
  guint a = 0;

  for (GtkWidget *t = gtk_widget_get_first_child (box); t != NULL; t = gtk_widget_get_next_sibling (t), a++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (t), (agents >> a) & 1);
  activate ("lesson.answer-win", NULL);
}

/* Picks on the canvas the nodes whose items all go (@right) or, for a
 * wrong answer, one node whose items stay (or nothing when every one
 * goes); then Reveal. The reveal's marks are on the canvas. */
static void
answer_predict (const KvAnswer *answer, gboolean right)
{
  g_autoptr(GHashTable) removed = g_hash_table_new (g_str_hash, g_str_equal);
  const KvScene *scene;
  gboolean picked_wrong = FALSE;
  guint n_picked = 0;

  g_assert_true (kv_display_wait_for_canvas (window, 20000));
  scene = kv_canvas_get_scene (canvas ());
  g_assert_nonnull (scene);
  for (guint i = 0; i < answer->items->len; i++)
    if (g_array_index (answer->removed, gboolean, i))
      g_hash_table_add (removed, answer->items->pdata[i]);
  for (guint node = 0; node < kv_scene_n_nodes (scene); node++)
    {
      g_auto(GStrv) items = kv_canvas_get_node_items (canvas (), (int) node);
      gboolean all = items[0] != NULL, none = TRUE;

      for (guint i = 0; items[i] != NULL; i++)
        {
          all = all && g_hash_table_contains (removed, items[i]);
          none = none && !g_hash_table_contains (removed, items[i]);
        }
      /* For the screenshot, a wrong answer that is partly right: ticks and crosses. */
      if ((right && all) || (!right && shooting && all))
        {
          g_assert_true (kv_lesson_pane_pick_node (pane (), (int) node));
          n_picked++;
        }
      else if (!right && none && !picked_wrong && items[0] != NULL)
        {
          g_assert_true (kv_lesson_pane_pick_node (pane (), (int) node));
          picked_wrong = TRUE;
          n_picked++;
        }
    }
  if (!right && !picked_wrong)
    g_test_message ("no world stays: the empty pick is the wrong answer");
  if (shooting && !right && n_picked > 1)
    shoot ("present");
  g_assert_cmpuint (kv_canvas_count_item_marks (canvas (), KV_CANVAS_MARK_PICKED), ==, n_picked);
  activate ("lesson.reveal", NULL);
  if (kv_answer_n_removed (answer) > 0 || picked_wrong)
    g_assert_cmpuint (kv_canvas_count_item_marks (canvas (), KV_CANVAS_MARK_RIGHT)
                      + kv_canvas_count_item_marks (canvas (), KV_CANVAS_MARK_WRONG), >, 0);
  if (!right && picked_wrong)
    g_assert_cmpuint (kv_canvas_count_item_marks (canvas (), KV_CANVAS_MARK_WRONG), >, 0);
  /* Picking only a world that stays misses each that goes: marked so,
   * not crossed as the wrong pick is. */
  if (!right && !shooting && kv_answer_n_removed (answer) > 0)
    g_assert_cmpuint (kv_canvas_count_item_marks (canvas (), KV_CANVAS_MARK_MISSED), >, 0);
  if (shooting && !right && n_picked > 1)
    {
      shoot ("reveal");
      shooting = FALSE;
    }
}

/* Answers the question shown right or wrong, through the widgets. */
static void
answer (gboolean right)
{
  const KvLessonWalk *walk = kv_lesson_pane_get_walk (pane ());
  const KvAnswer *truth = walk->answer;

  switch (truth->kind)
    {
    case KV_ASK_TRUTH:
      click (truth->truth == right ? "true_button" : "false_button");
      break;
    case KV_ASK_WIN:
      answer_win (right ? truth->winners : truth->winners ^ 1u);
      break;
    case KV_ASK_PREDICT:
      answer_predict (truth, right);
      break;
    default:
      g_assert_not_reached ();
    }
}

static char *
score_text (guint right, guint answered)
{
  return answered > 0 ? g_strdup_printf (_("%u of %u right"), right, answered) : g_strdup ("");
}

/* Plays the lesson open to its end; returns how many questions were asked. */
static guint
play_to_end (gboolean presenting)
{
  const KvLessonWalk *walk = kv_lesson_pane_get_walk (pane ());
  guint asked = 0, right = 0, retried = 0, steps = 0;

  while (walk->phase != KV_WALK_END)
    {
      guint n_right, n_answered;
      g_autofree char *expected = NULL;

      g_assert_cmpuint (kv_session_get_step (kv_window_get_session (window)), ==, walk->entry);
      if (walk->phase == KV_WALK_QUESTION)
        {
          /* Every third question wrong; the first wrong one retried. */
          gboolean good = asked % 3 != 1;

          answer (good);
          g_assert_cmpint (walk->phase, ==, KV_WALK_REVEAL);
          g_assert_cmpint (kv_lesson_walk_right (walk), ==, good);
          if (!good && retried++ == 0)
            {
              activate ("lesson.retry", NULL);
              g_assert_cmpint (walk->phase, ==, KV_WALK_QUESTION);
              answer (TRUE);
              good = TRUE;
            }
          asked++;
          right += good;
          g_assert_nonnull (kv_lesson_pane_get_text (pane (), "reveal"));
        }
      kv_lesson_walk_score (walk, &n_right, &n_answered);
      g_assert_cmpuint (n_answered, ==, asked);
      g_assert_cmpuint (n_right, ==, right);
      expected = score_text (right, asked);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (kv_lesson_pane_get_part (pane (), "score_label"))), ==, expected);
      assert_words_readable (presenting);
      click ("next_button");
      g_assert_cmpuint (++steps, <, 500);
    }
  g_assert_cmpuint (asked, ==, walk->n_questions);
  g_assert_false (gtk_widget_get_sensitive (kv_lesson_pane_get_part (pane (), "next_button")));
  return asked;
}

/* Presenting Hexa's lesson on a 1280 px projector: the lesson's words
 * under the table, beside the picture, and every column of the table in
 * sight (none scrolled away). */
static void
assert_present_layout (void)
{
  GtkWidget *canvas = kv_window_get_canvas (window);
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (kv_knowledge_table_get_scroller (table)));
  graphene_rect_t canvas_box, pane_box;

  kv_display_wait (300);
  g_assert_true (gtk_widget_compute_bounds (canvas, GTK_WIDGET (window), &canvas_box));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (pane ()), GTK_WIDGET (window), &pane_box));
  g_assert_cmpfloat (pane_box.origin.x, >=, canvas_box.origin.x + canvas_box.size.width);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 1);
}

static KvLessonChooser *
chooser_new (void)
{
  KvLessonChooser *chooser;

  activate ("lesson.choose", NULL);
  chooser = NULL;
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    if (KV_IS_LESSON_CHOOSER (l->data))
      chooser = l->data;
  g_assert_nonnull (chooser);
  return chooser;
}

static void
test_every_lesson (gconstpointer data)
{
  gboolean presenting = GPOINTER_TO_INT (data);
  g_auto(GStrv) names = kv_lesson_builtin_names ();

  kv_window_set_presenting (window, presenting);
  kv_display_wait (200);
  g_assert_cmpuint (g_strv_length (names), >=, 7);
  for (guint i = 0; names[i] != NULL; i++)
    {
      KvLessonChooser *chooser = chooser_new ();
      g_auto(GStrv) rows = kv_lesson_chooser_get_rows (chooser);

      g_assert_cmpuint (g_strv_length (rows), ==, g_strv_length (names));
      g_test_message ("lesson %s", names[i]);
      shooting = presenting && g_str_equal (names[i], "hexa")
                 && gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))) == 1280;
      g_assert_true (kv_lesson_chooser_open (chooser, names[i]));
      g_assert_true (kv_lesson_pane_get_active (pane ()));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane ())));
      {
        /* The window is titled as the list titles the lesson, in the
         * user's language (its title.nl line: the window said the
         * English title in Dutch). */
        g_auto(GStrv) parts = g_strsplit (rows[i], "\n", 2);

        g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, parts[0]);
      }
      if (shooting)
        assert_present_layout ();
      if (presenting)
        {
          /* The words in large print have room for lines of several words
           * (beside clue11's envelopes they had 230 px of 1280). */
          kv_display_wait (300);
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (pane ())), >=,
                           gtk_widget_get_width (GTK_WIDGET (window)) / 3);
        }
      g_assert_cmpuint (play_to_end (presenting), >, 0);
      activate ("lesson.close", NULL);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane ())));
    }
  kv_window_set_presenting (window, FALSE);
  kv_display_wait (100);
}

/* The list says each lesson's title and summary in the user's language. */
static void
test_list (void)
{
  KvLessonChooser *chooser = chooser_new ();
  g_auto(GStrv) rows = kv_lesson_chooser_get_rows (chooser);
  gboolean dutch = g_strcmp0 (kv_display_language (), "nl") == 0;

  for (guint i = 0; rows[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (rows[i], "\n", 3);

      g_test_message ("%s", rows[i]);
      g_assert_cmpstr (parts[0], !=, "");
      g_assert_cmpstr (parts[1], !=, "");
      g_assert_true (g_str_has_suffix (parts[2], dutch ? "vragen" : "questions")
                     || g_str_has_suffix (parts[2], dutch ? "vraag" : "question"));
    }
  gtk_window_destroy (GTK_WINDOW (chooser));
}

static void
test_malformed (void)
{
  g_autofree char *path = g_build_filename (state_dir, "broken.kvg", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  KvLessonChooser *chooser;
  const char *error;

  g_assert_true (kv_window_open (window, "hexa", NULL));
  g_assert_true (kv_session_apply_step (kv_window_get_session (window), kv_step_parse (
                   kv_session_get_history (kv_window_get_session (window))->game, "nocard 1 w", NULL, NULL), NULL));
  before = kv_session_to_script (kv_window_get_session (window));
  g_assert_true (g_file_set_contents (path,
                                      "title Broken\nagents 1 2 3\ncards r w b\nhands 1 1 1\n"
                                      "deal 1: r 2: w 3: b\nask truth K{1} r@@1\nnocard 1 w\n", -1, NULL));
  chooser = chooser_new ();
  g_assert_false (kv_lesson_chooser_open (chooser, path));
  error = kv_lesson_chooser_get_error (chooser);
  g_test_message ("%s", error);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error, "broken.kvg:6:"));
  g_assert_false (kv_lesson_pane_get_active (pane ()));
  after = kv_session_to_script (kv_window_get_session (window));
  g_assert_cmpstr (after, ==, before);
  gtk_window_destroy (GTK_WINDOW (chooser));
  g_remove (path);
}

/* A lesson file opened as a game (Game ▸ Open…, the command line) is
 * opened as a lesson, and so is one with narration only; one whose step is false is refused with its line,
 * the game open before kept; a game opened after it leaves the lesson. */
static void
test_open_as_game (void)
{
  static const char head[] = "title Mine\nagents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\nask win\n";
  g_autofree char *path = g_build_filename (state_dir, "mine.kvg", NULL);
  g_autofree char *false_path = g_build_filename (state_dir, "false.kvg", NULL);
  g_autofree char *text = g_strconcat (head, "nocard 1 w\n", NULL);
  g_autofree char *false_text = g_strconcat (head, "nocard 1 r\n", NULL);
  g_autofree char *narration = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (g_file_set_contents (false_path, false_text, -1, NULL));
  g_assert_true (kv_window_open (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (kv_lesson_pane_get_active (pane ()));
  g_assert_cmpuint (kv_lesson_n_questions (kv_lesson_pane_get_lesson (pane ())), ==, 1);

  g_assert_true (kv_window_open (window, "hexa", NULL));
  g_assert_false (kv_lesson_pane_get_active (pane ()));
  /* Narration alone makes a lesson too. */
  g_assert_true (g_file_set_contents (path, "agents 1 2\ncards r w\nhands 1 1\ndeal 1: r 2: w\nnocard 1 w\nsay 1 holds red.\n", -1, NULL));
  g_assert_true (kv_window_open (window, path, &error));
  g_assert_true (kv_lesson_pane_get_active (pane ()));
  narration = kv_session_get_narration (kv_window_get_session (window), 1, NULL);
  g_assert_cmpstr (narration, ==, "1 holds red.");

  g_assert_true (kv_window_open (window, "hexa", NULL));
  g_assert_false (kv_lesson_pane_get_active (pane ()));
  before = kv_session_to_script (kv_window_get_session (window));
  g_assert_false (kv_window_open (window, false_path, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "false.kvg:7:"));
  g_assert_false (kv_lesson_pane_get_active (pane ()));
  after = kv_session_to_script (kv_window_get_session (window));
  g_assert_cmpstr (after, ==, before);
  g_remove (path);
  g_remove (false_path);
}

/* A narration written in the window: shown, carried by the script, undone. */
static void
test_edit_narration (void)
{
  KvSession *session = kv_window_get_session (window);
  KvLessonChooser *chooser = chooser_new ();
  GtkTextBuffer *buffer;
  g_autofree char *script = NULL;
  g_autofree char *original = NULL;
  const char *lang = kv_i18n_narration_language ();

  g_assert_true (kv_lesson_chooser_open (chooser, "hexa"));
  original = kv_session_get_narration (session, 0, lang);
  kv_window_set_autosave (window, TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (kv_lesson_pane_get_part (pane (), "edit_button")), TRUE);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (kv_lesson_pane_get_part (pane (), "editor_view")));
  /* A control character pasted in is a space (a script holds none). */
  gtk_text_buffer_set_text (buffer, "Three players,\nthree cards:\033our own words.", -1);
  click ("editor_save");
  g_assert_cmpstr (kv_lesson_pane_get_text (pane (), "narration"), ==, "Three players, three cards: our own words.");
  script = kv_session_to_script (session);
  g_assert_nonnull (strstr (script, "Three players, three cards: our own words."));
  {
    /* The autosaved session holds it too. */
    g_autofree char *path = g_build_filename (state_dir, "kripkeviz", "session.kvg", NULL);
    g_autofree char *saved = NULL;

    g_autoptr(KvScript) reread = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
    g_assert_nonnull (strstr (saved, "Three players, three cards: our own words."));
    /* … and is read again: restarting brings it back. */
    reread = kv_script_parse (saved, strlen (saved), path, &error);
    g_assert_no_error (error);
    kv_window_set_autosave (window, FALSE);
  }
  g_assert_true (kv_session_undo (session, NULL));
  kv_display_wait (50);
  g_assert_true (kv_lesson_pane_get_active (pane ()));
  g_assert_cmpstr (kv_lesson_pane_get_text (pane (), "narration"), ==, original);
  activate ("lesson.close", NULL);
}

/* As a key press reaches the window: the window's shortcut controllers
 * named @name, in their phase (GTK 4.8 cannot make a key event). */
static gboolean
press_key (const char *name, guint keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
          || g_strcmp0 (gtk_event_controller_get_name (controller), name) != 0
          || gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_NONE)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
              && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               GTK_WIDGET (window), gtk_shortcut_get_arguments (shortcut)))
            {
              kv_display_wait (30);
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* Space and Page Down walk the lesson at the desk; presenting, the
 * clicker's Page Down and → do (not the history's Step Forward); a step
 * chosen in the history takes the lesson to its narration; undoing the
 * lesson's opening brings the game before back and leaves the lesson. */
static void
test_keys (void)
{
  KvSession *session = kv_window_get_session (window);
  KvLessonChooser *chooser;
  const KvLessonWalk *walk;
  g_autofree char *before = NULL;
  g_autofree char *after_undo = NULL;

  g_assert_true (kv_window_open (window, "twocards", NULL));
  before = kv_session_to_script (session);
  g_assert_false (press_key ("kv-lesson-keys", GDK_KEY_space));
  chooser = chooser_new ();
  g_assert_true (kv_lesson_chooser_open (chooser, "hexa"));
  walk = kv_lesson_pane_get_walk (pane ());
  g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
  g_assert_true (press_key ("kv-lesson-keys", GDK_KEY_space));
  g_assert_cmpint (walk->phase, ==, KV_WALK_QUESTION);
  /* The question's answer is not on screen while the class thinks: the
   * table (its stars) and the step's explanation are veiled. */
  g_assert_true (kv_knowledge_table_get_veiled (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window))));
  g_assert_cmpfloat (gtk_widget_get_opacity (window->explanation_box), ==, 0);
  {
    /* At the desk, for a look (the build directory). */
    g_autofree char *name = g_strdup_printf ("lesson-desk-%s-%dx%d.png", kv_display_language (),
                                             gtk_widget_get_width (GTK_WIDGET (window)),
                                             gtk_widget_get_height (GTK_WIDGET (window)));
    g_autoptr(GdkTexture) shot = (kv_display_wait_for_canvas (window, 20000),
                                  kv_display_save_png (GTK_WIDGET (window), name));
  }
  g_assert_true (press_key ("kv-lesson-keys", GDK_KEY_Page_Down));
  g_assert_cmpint (walk->phase, ==, KV_WALK_REVEAL);
  g_assert_nonnull (kv_lesson_pane_get_text (pane (), "reveal"));
  g_assert_false (kv_knowledge_table_get_veiled (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window))));
  g_assert_cmpfloat (gtk_widget_get_opacity (window->explanation_box), ==, 1);

  kv_window_set_presenting (window, TRUE);
  kv_display_wait (100);
  g_assert_true (press_key ("kv-present-keys", GDK_KEY_Page_Down));
  g_assert_cmpint (walk->phase, ==, KV_WALK_QUESTION);
  g_assert_cmpuint (walk->question, ==, 1);
  g_assert_true (press_key ("kv-present-keys", GDK_KEY_Right));
  g_assert_cmpint (walk->phase, ==, KV_WALK_REVEAL);
  g_assert_cmpuint (kv_session_get_step (session), ==, 0);
  kv_window_set_presenting (window, FALSE);
  kv_display_wait (100);

  /* A step chosen in the history (or with the strip's arrows): the
   * lesson goes to its narration (it stayed at step 0's reveal while the
   * window showed step 1). */
  for (guint step = 2; step-- > 0;)
    {
      g_autofree char *narration = kv_session_get_narration (session, step, kv_i18n_narration_language ());

      kv_window_select_step (window, step);
      kv_display_wait (50);
      g_assert_cmpuint (walk->entry, ==, step);
      g_assert_cmpint (walk->phase, ==, KV_WALK_NARRATION);
      g_assert_cmpstr (kv_lesson_pane_get_text (pane (), "narration"), ==, narration);
      g_assert_null (kv_lesson_pane_get_text (pane (), "question"));
    }

  g_assert_true (kv_session_undo (session, NULL));
  kv_display_wait (50);
  g_assert_false (kv_lesson_pane_get_active (pane ()));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane ())));
  after_undo = kv_session_to_script (session);
  g_assert_cmpstr (after_undo, ==, before);
}

int
main (int   argc,
      char *argv[])
{
  GdkDisplay *display;
  GdkRectangle screen = { 0 };
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-lesson", TRUE);
  display = gdk_display_get_default ();
  gdk_monitor_get_geometry (g_list_model_get_item (gdk_display_get_monitors (display), 0), &screen);
  window = kv_display_new_window (screen.width, screen.height);

  g_test_add_func ("/lesson/list", test_list);
  g_test_add_func ("/lesson/malformed", test_malformed);
  g_test_add_func ("/lesson/open-as-game", test_open_as_game);
  g_test_add_func ("/lesson/edit-narration", test_edit_narration);
  g_test_add_func ("/lesson/keys", test_keys);
  g_test_add_data_func ("/lesson/every-lesson/desk", GINT_TO_POINTER (FALSE), test_every_lesson);
  g_test_add_data_func ("/lesson/every-lesson/present", GINT_TO_POINTER (TRUE), test_every_lesson);

  status = g_test_run ();
  {
    g_autofree char *session = g_build_filename (state_dir, "kripkeviz", "session.kvg", NULL);
    g_autofree char *dir = g_build_filename (state_dir, "kripkeviz", NULL);

    gtk_window_destroy (GTK_WINDOW (window));
    kv_display_wait (50);
    g_remove (session);
    g_rmdir (dir);
  }
  kv_display_finish (NULL, state_dir);
  return status;
}
