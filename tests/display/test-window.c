/* test-window.c: the real window, driven as a user would — Hexa, the
 * composer, the history, the knowledge table, undo, the formula bar, Next
 * turn on Clue 11, and a screenshot that is not blank. */
#define G_LOG_DOMAIN "test-window"
#include "config.h"

#include <adwaita.h>

#include "kv-composer.h"
#include "kv-display-util.h"
#include "kv-knowledge-table.h"
#include "kv-window.h"

static KvWindow *window;

static const char *
cell (const char *card,
      guint       column,
      gboolean   *learned)
{
  return kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                      card, column, learned);
}

static void
check_formula (const char *text)
{
  GtkWidget *entry = kv_window_get_formula_entry (window);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  kv_display_wait (20);
}

static void
test_open_hexa (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_no_error (error);
  /* The script's two steps are in the history; the initial model is shown. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 0)->model->n_worlds, ==, 6);
  /* Each player knows its own card and nothing else. */
  g_assert_cmpstr (cell ("r", 0, NULL), ==, "1");
  g_assert_cmpstr (cell ("w", 0, NULL), ==, "?");
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "?");
  kv_display_wait_for_canvas (window, 10000);
}

static void
test_composer (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  gboolean learned = FALSE;

  /* False at the actual world: refused with the reason. */
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 r"));
  g_assert_nonnull (kv_composer_get_reason (composer));
  g_assert_true (strstr (kv_composer_get_reason (composer), "r") != NULL);

  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 w"));
  g_assert_null (kv_composer_get_reason (composer));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (composer), "composer.apply", NULL));
  kv_display_wait (20);

  /* Applied after step 0: the script's later steps are gone. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 1)->model->n_worlds, ==, 4);

  /* 3 holds b and now knows 2 holds w: learned at this step. */
  g_assert_cmpstr (cell ("w", 2, &learned), ==, "2");
  g_assert_true (learned);
  g_assert_cmpstr (cell ("r", 2, NULL), ==, "1");
  /* 1 still does not know where w is; nor does everyone. */
  g_assert_cmpstr (cell ("w", 0, &learned), ==, "?");
  g_assert_false (learned);
  g_assert_cmpstr (cell ("w", 3, NULL), ==, "?");
  kv_display_wait_for_canvas (window, 10000);
}

static void
test_undo_redo (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "?");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpstr (cell ("w", 2, NULL), ==, "2");
}

static void
test_formula_bar (void)
{
  const KvBits *highlight;

  check_formula ("K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "true");
  g_assert_null (kv_window_get_formula_error (window));
  highlight = kv_window_get_highlight (window);
  g_assert_nonnull (highlight);
  g_assert_cmpuint (highlight->n, ==, 4);

  check_formula ("K{1} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");

  /* A syntax error: the message, no badge, the place selected. */
  check_formula ("K{1} w@2 &");
  g_assert_null (kv_window_get_formula_result (window));
  g_assert_nonnull (kv_window_get_formula_error (window));
  g_assert_null (kv_window_get_highlight (window));

  check_formula ("K{3} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "true");
  /* Re-checked at each step: false before 1's announcement. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, "false");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait_for_canvas (window, 10000);
}

static void
test_screenshot (void)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "window-hexa.png", NULL);

  kv_display_wait_for_canvas (window, 10000);
  texture = kv_display_render (GTK_WIDGET (window));
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), >, 600);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
}

static void
test_broken_script (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "broken.kvg", NULL);
  guint length = kv_history_length (kv_window_get_history (window));

  g_assert_true (g_file_set_contents (path, "title Broken\nagents 1 2\ncards a b\nhands 1 1\n"
                                      "deal 1: a 2: b\nnocard 1 zzz\n", -1, NULL));
  g_assert_false (kv_window_open (window, path, &error));
  g_assert_nonnull (error);
  /* FILE:LINE:COL: message */
  g_assert_true (strstr (error->message, "broken.kvg:6:") != NULL);
  /* The current game stays. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
  g_assert_cmpuint (kv_history_get (kv_window_get_history (window), 0)->model->n_worlds, ==, 6);
}

static void
test_next_turn_clue (void)
{
  g_autoptr(GError) error = NULL;
  KvHistory *history;

  /* Graphviz 2.42's neato overflows the heap routing parallel edges with
   * splines=true (makeMultiSpline), which the envelope view of a Clue game
   * has after a few turns: lay out with sfdp until src/draw avoids it. */
  g_object_set (kv_window_get_canvas (window), "engine", "sfdp", NULL);

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_get (history, 0)->model->n_worlds, ==, 47040);

  /* Ten turns from the initial deal (or until someone wins). */
  for (guint i = 0; i < 10 && gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL); i++)
    kv_display_wait (10);
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), >=, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, kv_history_length (history) - 1);
  for (guint i = 1; i < kv_history_length (history); i++)
    {
      const KvStep *step = kv_history_get (history, i)->step;

      g_assert_true (step->kind == KV_STEP_SUGGEST || step->kind == KV_STEP_ENDMOVE ||
                     step->kind == KV_STEP_WIN);
    }
  /* The first turn is 1's suggestion, then 1 ends its move. */
  g_assert_cmpint (kv_history_get (history, 1)->step->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpuint (kv_history_get (history, 1)->step->agent, ==, 0);

  kv_display_wait_for_canvas (window, 20000);
  {
    g_autoptr(GdkTexture) texture = kv_display_render (GTK_WIDGET (window));
    g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "window-clue11.png", NULL);

    g_assert_true (gdk_texture_save_to_png (texture, path));
    g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  kv_display_fix_locale ();
  kv_display_load_style ();

  window = kv_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (200);

  g_test_add_func ("/window/open-hexa", test_open_hexa);
  g_test_add_func ("/window/composer", test_composer);
  g_test_add_func ("/window/undo-redo", test_undo_redo);
  g_test_add_func ("/window/formula-bar", test_formula_bar);
  g_test_add_func ("/window/screenshot", test_screenshot);
  g_test_add_func ("/window/broken-script", test_broken_script);
  g_test_add_func ("/window/next-turn-clue11", test_next_turn_clue);

  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return status;
}
