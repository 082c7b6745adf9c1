// SPDX-License-Identifier: GPL-3.0-or-later
/* test-symbolic.c: real Cluedo in the window (issue 12 item 5). The game
 * has 5 557 616 064 worlds, so it runs on the symbolic engine: the
 * knowledge table (every card, E and C, the cells a step changed), the
 * formula bar, the history, the explanation, New Step, Next Turn, undo and
 * stepping work on its states; the canvas draws its envelope view (its
 * grid: test-symbolic-envelope.c), and the product view says why it is
 * off. A game as big without an envelope has no picture: the canvas says
 * why, and the perspective and exports say why they are off. At
 * 1024×700 and 1280×720, in the language of the run (en or nl), with
 * screenshots in the build dir.
 *
 *   /symbolic/open        the game's states, the envelope view, the title;
 *                         the placeholder of a game without envelope
 *   /symbolic/table       every card row, E and C, learned marks
 *   /symbolic/formula     K{1} White@2, false at step 0, true after step 1
 *   /symbolic/screenshot  both sizes: the table's columns inside the window
 *   /symbolic/width       every built-in game at 1024×700 (cluedo6 too), with
 *                         a perspective or not: the window no wider
 *   /symbolic/present-width  cluedo6 presenting at 1024×700: no wider either
 *   /symbolic/present-table  cluedo6 presenting at 1280×720 and 1024×700, the
 *                         table alone: its eight columns in sight at every
 *                         step, in a print the wall keeps large; a
 *                         suggest's title names those with no card once
 *   /symbolic/present-resize  the print follows the window: 1280 → 1024 → 1280
 *   /symbolic/steps       back, forward, New Step, refused, undo, Next Turn
 *   /symbolic/off         product view off; without an envelope, the
 *                         perspective and export too, said why
 *   /symbolic/restore     the autosave reopens it, symbolic, at its step
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kv-canvas-view-private.h"
#include "kv-composer.h"
#include "kv-display-util.h"
#include "kv-knowledge-table.h"
#include "kv-session-file.h"
#include "kv-step-item.h"
#include "kv-window-private.h"

/* 5 557 616 064, as kv_count_format writes it. */
#define CLUEDO_WORLDS "5\u202f557\u202f616\u202f064"

static KvWindow *window;
static char *state_dir;

static KvKnowledgeTable *
table (void)
{
  return KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
}

static const char *
cell (const char *card,
      guint       column,
      gboolean   *learned)
{
  return kv_knowledge_table_get_cell (table (), card, column, learned);
}

static void
select_step (guint step)
{
  kv_window_select_step (window, step);
  kv_display_wait (50);
  g_assert_cmpuint (kv_window_get_step (window), ==, step);
}

static void
open_cluedo (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  kv_display_wait (100);
}

/* 3 × 10 cards, no envelope: 5 550 996 791 340 deals, none drawable. */
#define NO_ENVELOPE_WORLDS "5\u202f550\u202f996\u202f791\u202f340"

static void
open_no_envelope (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (state_dir, "no-envelope.kvg", NULL);
  g_autoptr(GString) text = g_string_new ("title Thirty cards\nagents 1 2 3\ncards");

  for (guint c = 0; c < 30; c++)
    g_string_append_printf (text, " c%u", c);
  g_string_append (text, "\nhands 10 10 10\ndeal");
  for (guint c = 0; c < 30; c++)
    {
      if (c % 10 == 0)
        g_string_append_printf (text, " %u:", c / 10 + 1);
      g_string_append_printf (text, " c%u", c);
    }
  g_string_append (text, "\nnocard 1 c10\n");
  g_assert_true (g_file_set_contents (path, text->str, -1, &error));
  g_assert_true (kv_window_open (window, path, &error));
  g_assert_no_error (error);
  kv_display_wait (100);
}

static void
test_open (void)
{
  KvSession *session = kv_window_get_session (window);
  const char *placeholder;

  open_cluedo ();
  g_assert_true (kv_session_is_symbolic (session));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 8);
  g_assert_null (kv_session_get_model (session));
  g_assert_cmpuint (kv_state_count_worlds (kv_session_get_state (session)), ==, 5557616064u);

  /* The canvas draws the envelope view: no placeholder. */
  g_assert_null (kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window))));
  /* A game as big without an envelope: the canvas's place says why there
   * is no picture, with the count. */
  open_no_envelope ();
  g_assert_true (kv_session_is_symbolic (session));
  placeholder = kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
  g_assert_nonnull (placeholder);
  g_assert_nonnull (strstr (placeholder, NO_ENVELOPE_WORLDS));
  open_cluedo ();
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, _("Cluedo, three players"));
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (window->window_title), CLUEDO_WORLDS));

  /* A small game draws again. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (kv_window_open (window, "hexa", &error));
    kv_display_wait (50);
    g_assert_false (kv_session_is_symbolic (session));
    g_assert_null (kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window))));
    open_no_envelope ();
    g_assert_nonnull (kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window))));
    open_cluedo ();
    g_assert_null (kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window))));
  }
}

static void
test_table (void)
{
  const KvGame *game;
  gboolean learned = TRUE;

  open_cluedo ();
  game = kv_window_get_history (window)->game;
  g_assert_cmpuint (game->n_cards, ==, 21);
  select_step (0);
  /* Every card, for every player, E and C. */
  for (guint c = 0; c < game->n_cards; c++)
    for (guint column = 0; column < game->n_agents + 2; column++)
      g_assert_nonnull (cell (game->card_names[c], column, NULL));
  g_assert_null (cell (game->card_names[0], game->n_agents + 2, NULL));
  g_assert_nonnull (kv_knowledge_table_get_header (table (), game->n_agents + 1));
  g_assert_nonnull (kv_knowledge_table_get_header (table (), game->n_agents + 2));
  g_assert_null (kv_knowledge_table_get_header (table (), game->n_agents + 3));
  /* C's 5 557 616 064 worlds fit their cell: 5.56×10⁹ (5,56×10⁹ in Dutch). */
  {
    const char *worlds = cell (_("Worlds"), game->n_agents + 1, NULL);

    g_assert_nonnull (worlds);
    g_assert_true (g_str_has_prefix (worlds, "5.56×10⁹") || g_str_has_prefix (worlds, "5,56×10⁹"));
  }

  /* 1 holds Scarlet and knows it; nobody else does, nor E, nor C. */
  g_assert_cmpstr (cell ("Scarlet", 0, &learned), ==, "1");
  g_assert_false (learned);
  g_assert_true (g_str_has_prefix (cell ("Scarlet", 1, NULL), "?"));
  g_assert_true (g_str_has_prefix (cell ("Scarlet", game->n_agents, NULL), "?"));
  g_assert_true (g_str_has_prefix (cell ("Scarlet", game->n_agents + 1, NULL), "?"));

  /* Step 1: 2 shows White to 1, which the table marks for 1 alone. */
  select_step (1);
  g_assert_cmpstr (cell ("White", 0, &learned), ==, "2");
  g_assert_true (learned);
  cell ("White", 2, &learned);
  g_assert_false (learned);
  g_assert_true (g_str_has_prefix (cell ("White", game->n_agents + 1, &learned), "?"));
  g_assert_false (learned);

  /* Step 7: nobody could show Plum rope study, so 1 knows the envelope. */
  select_step (7);
  g_assert_cmpstr (cell ("Plum", 0, NULL), ==, "env");
  g_assert_cmpstr (cell ("rope", 0, NULL), ==, "env");
  g_assert_cmpstr (cell ("study", 0, &learned), ==, "env");
  g_assert_true (learned);
}

static void
test_formula (void)
{
  open_cluedo ();
  select_step (0);
  kv_display_check_formula (window, "K{1} White@2");
  g_assert_null (kv_window_get_formula_error (window));
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, _("false"));
  /* Nothing drawn, nothing to highlight. */
  g_assert_null (kv_window_get_highlight (window));
  select_step (1);
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, _("true"));
  /* The formula's own errors, as on small games. */
  kv_display_check_formula (window, "K{9} White@2");
  g_assert_nonnull (kv_window_get_formula_error (window));
  kv_display_check_formula (window, "");
}

static void
test_steps (void)
{
  KvComposer *composer = KV_COMPOSER (kv_window_get_composer (window));
  g_autoptr(KvStep) step = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  const char *explanation;

  open_cluedo ();
  select_step (0);
  g_assert_null (kv_window_get_explanation (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL);
  kv_display_wait (50);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  /* Counted, not named: in words up front ("1.9 billion deals"), in full
   * under Details (1 924 850 928). */
  explanation = kv_window_get_explanation (window);
  g_assert_nonnull (explanation);
  if (g_str_equal (kv_display_language (), "nl"))
    g_assert_nonnull (strstr (explanation, "1,9 miljard kaartverdelingen"));
  else
    g_assert_nonnull (strstr (explanation, "1.9 billion deals, which are removed."));
  g_assert_null (strstr (explanation, "1\u202f924\u202f850\u202f928"));
  explanation = kv_window_get_explanation_details (window);
  g_assert_nonnull (strstr (explanation, "1\u202f924\u202f850\u202f928"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
  kv_display_wait (50);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  /* New Step at step 2: a choice false at the actual world says why. */
  select_step (2);
  g_assert_true (kv_composer_set_step_text (composer, "nocard 1 Scarlet"));
  g_assert_nonnull (kv_composer_get_reason (composer));
  g_assert_true (kv_composer_set_step_text (composer, "nocard 3 Plum rope"));
  g_assert_null (kv_composer_get_reason (composer));
  line = kv_composer_get_step_text (composer);
  step = kv_step_parse (kv_window_get_history (window)->game, line, NULL, &error);
  g_assert_no_error (error);
  g_signal_emit_by_name (composer, "apply", step);
  kv_display_wait (50);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 4);
  g_assert_cmpuint (kv_window_get_step (window), ==, 3);
  g_assert_nonnull (kv_window_get_explanation (window));

  /* Undo brings the five later steps back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  kv_display_wait (50);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 8);
  g_assert_true (kv_session_is_symbolic (kv_window_get_session (window)));

  /* Next Turn plays from the selected step: 1 ends its move. */
  select_step (1);
  g_assert_true (kv_display_next_turn (window));
  kv_display_wait (30);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpint (kv_history_get (kv_window_get_history (window), 2)->step->kind, ==, KV_STEP_ENDMOVE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  kv_display_wait (50);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 8);
}

static void
test_off (void)
{
  KvCanvasView *canvas = KV_CANVAS_VIEW (kv_window_get_canvas (window));
  guint n_toasts;

  open_cluedo ();
  select_step (1);
  /* The product view needs every world. */
  g_assert_false (gtk_widget_get_sensitive (window->product_button));
  g_assert_nonnull (gtk_widget_get_tooltip_text (window->product_button));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.product", NULL);
  kv_display_wait (50);
  g_assert_false (kv_window_get_product_mode (window));
  /* The envelope view takes a perspective. */
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (canvas->perspective_button)));
  /* Without an envelope, a perspective has nothing to be drawn on: the
   * canvas's toolbar is off. */
  open_no_envelope ();
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (canvas->perspective_button)));
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (canvas->perspective_button)));
  /* An export is refused with a message, not a dialog. */
  n_toasts = kv_window_get_n_toasts (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
  kv_display_wait (50);
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, n_toasts + 1);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==,
                   _("Nothing to export: this game has too many worlds to draw"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-image", NULL);
  kv_display_wait (50);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==,
                   _("Nothing to copy: this game has too many worlds to draw"));

  /* Back on a small game, all of it is on again. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (kv_window_open (window, "hexa", &error));
    kv_display_wait (50);
    g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (canvas->perspective_button)));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (canvas->perspective_button)), ==,
                     _("Perspective: show only what an agent considers possible (or what it thinks another considers possible)"));
  }
}

/* The autosave holds the script: a new window reopens the same symbolic
 * history, at the step shown. */
static void
test_restore (void)
{
  KvWindow *restored;
  g_autofree char *path = kv_session_file_get_path ();

  kv_window_set_autosave (window, TRUE);
  open_cluedo ();
  select_step (3);
  kv_window_set_autosave (window, FALSE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  restored = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (restored));
  g_assert_true (kv_session_is_symbolic (kv_window_get_session (restored)));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 8);
  g_assert_cmpuint (kv_window_get_step (restored), ==, 3);
  g_assert_cmpuint (kv_state_count_worlds (kv_session_get_state (kv_window_get_session (restored))), ==,
                    4225725504u);
  gtk_window_destroy (GTK_WINDOW (restored));
  kv_display_wait (50);
  g_unlink (path);
}

static void
test_screenshot (void)
{
  static const int sizes[][2] = { { 1024, 700 }, { 1280, 720 } };

  open_cluedo ();
  select_step (1);
  kv_display_check_formula (window, "K{1} White@2");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("symbolic-%s-%dx%d.png", kv_display_language (),
                                               sizes[i][0], sizes[i][1]);
      g_autoptr(GdkTexture) texture = NULL;
      const KvGame *game = kv_window_get_history (window)->game;
      GtkWidget *scroller = kv_knowledge_table_get_scroller (table ());

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      kv_display_wait (400);
      /* The window did not grow past the screen (its frame takes a little). */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, sizes[i][0]);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, sizes[i][0] - 40);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, sizes[i][1]);
      /* The cards, each player, E and C: inside the window and the table. */
      for (guint c = 0; c < game->n_agents + 3; c++)
        {
          GtkWidget *header = kv_knowledge_table_get_header (table (), c);
          g_autofree char *what = g_strdup_printf ("%s column %u", name, c);

          g_assert_true (gtk_widget_get_mapped (header));
          kv_display_assert_inside (header, GTK_WIDGET (window), what);
          kv_display_assert_inside (header, scroller, what);
        }
      kv_display_assert_inside (kv_window_get_formula_entry (window), GTK_WIDGET (window), "the formula bar");

      texture = kv_display_save_png (GTK_WIDGET (window), name);
      g_assert_cmpuint (kv_display_count_colours (texture), >, 10);
    }
}

/* Real Cluedo with six players at 1024×700 is no wider than the screen
 * (its six agents' toggles widened the canvas's pane, and the window with
 * it, to 1067 px); nor is any other built-in game, with a perspective "1 → 2"
 * (its menu button's label) or without. With the perspective's column,
 * three players' table shows every column; six players' shows every
 * player's. */
static void
test_width (void)
{
  static const char *games[] = { "cluedo6", "cluedo", "hexa", "clue11" };
  KvWindow *narrow = kv_display_new_window (1024, 700);
  KvSession *session = kv_window_get_session (narrow);
  KvKnowledgeTable *narrow_table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (narrow));

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint p = 0; p < 2; p++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *where = g_strdup_printf ("%s %s%s at 1024×700", kv_display_language (), games[g],
                                                  p ? " with 1 → 2's perspective" : "");
        GdkSurface *surface;
        const KvGame *game;

        if (p == 0)
          {
            g_assert_true (kv_window_open (narrow, games[g], &error));
            g_assert_no_error (error);
          }
        else
          kv_session_set_perspective (session, "1>2");
        kv_display_wait (400);
        surface = gtk_native_get_surface (GTK_NATIVE (narrow));
        g_test_message ("%s: the window is %d px wide", where, gtk_widget_get_width (GTK_WIDGET (narrow)));
        if (gdk_surface_get_width (surface) != 1024 || gtk_widget_get_width (GTK_WIDGET (narrow)) > 1024)
          g_error ("%s: the window is %d px wide (its surface %d)", where,
                   gtk_widget_get_width (GTK_WIDGET (narrow)), gdk_surface_get_width (surface));
        g_assert_cmpint (gdk_surface_get_height (surface), ==, 700);

        /* The cards, the perspective, each player, E and C; with six
         * players, in short cells (kv-knowledge-cells.h), the cards and
         * every player. */
        game = kv_window_get_history (narrow)->game;
        if (game->n_agents <= 3 || p == 0)
          for (guint c = 0; c < (game->n_agents <= 3 ? game->n_agents + 3 + p : game->n_agents + 1); c++)
            {
              GtkWidget *header = kv_knowledge_table_get_header (narrow_table, c);
              g_autofree char *what = g_strdup_printf ("%s: column %u", where, c);

              g_assert_true (gtk_widget_get_mapped (header));
              kv_display_assert_inside (header, GTK_WIDGET (narrow), what);
              kv_display_assert_inside (header, kv_knowledge_table_get_scroller (narrow_table), what);
            }
        if (g == 0)
          {
            g_autofree char *name = g_strdup_printf ("symbolic-cluedo6-%s-1024x700%s.png", kv_display_language (),
                                                     p ? "-perspective" : "");

            g_object_unref (kv_display_save_png (GTK_WIDGET (narrow), name));
          }
      }
  gtk_window_destroy (GTK_WINDOW (narrow));
  kv_display_wait (50);
}

/* Presenting six players at 1024×700, from the start: the table in large
 * print asked for the window's surface, shadows and all, and widened the
 * window step by step to 1080 px, the button that leaves presentation
 * mode past the screen's edge. */
static void
test_present_width (void)
{
  KvWindow *narrow = kv_display_new_window (1024, 700);
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (narrow, "cluedo6", &error));
  g_assert_no_error (error);
  kv_window_set_presenting (narrow, TRUE);
  gtk_window_unfullscreen (GTK_WINDOW (narrow));
  for (guint step = 0; step <= 3; step++)
    {
      kv_window_select_step (narrow, step);
      g_assert_true (kv_display_wait_for_canvas (narrow, 60000));
      kv_display_wait (200);
      g_test_message ("%s cluedo6 presenting at 1024×700, step %u: the window is %d px wide",
                      kv_display_language (), step, gtk_widget_get_width (GTK_WIDGET (narrow)));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (narrow)), <=, 1024);
    }
  gtk_window_destroy (GTK_WINDOW (narrow));
  kv_display_wait (50);
}

/* Every label shown under @widget is in the table's print, @print px (the
 * columns are measured in it). */
static void
assert_print (GtkWidget *widget,
              int        print)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    g_assert_cmpfloat (fabs (kv_display_text_px (widget) - print), <, 0.01);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_print (child, print);
}

/* Presenting six players' table on a slide @width px wide: the eight
 * columns (six players, E, C) in sight, none past the edge, at every step
 * (the counts and the players' headers were as wide as a column could
 * be: Common knowledge was past the edge), in a print no smaller on the
 * wall than 24 px on a 1280 px screen (at 1024 px it was 24 px, and
 * scrolled sideways). */
static void
present_table (int width,
               int height)
{
  KvWindow *slide = kv_display_new_window (width, height);
  g_autoptr(GError) error = NULL;
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (slide));
  GtkAdjustment *across =
    gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (kv_knowledge_table_get_scroller (table)));
  guint n_steps;

  g_assert_true (kv_window_open (slide, "cluedo6", &error));
  g_assert_no_error (error);
  kv_window_set_presenting (slide, TRUE);
  gtk_window_unfullscreen (GTK_WINDOW (slide));
  gtk_widget_activate_action (GTK_WIDGET (slide), "win.present-layout", "s", "table");
  n_steps = kv_history_length (kv_window_get_history (slide));
  for (guint step = 0; step < n_steps; step++)
    {
      kv_window_select_step (slide, step);
      g_assert_true (kv_display_wait_for_canvas (slide, 60000));
      kv_display_wait (200);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (table)));
      g_test_message ("%s cluedo6 presenting at %d×%d, step %u: the table is %.0f px in %.0f, at %d px",
                      kv_display_language (), width, height, step, gtk_adjustment_get_upper (across),
                      gtk_adjustment_get_page_size (across), slide->table_print);
      g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across) + 0.5);
      g_assert_cmpint (slide->table_print, >=, 24 * width / 1280);
      g_assert_cmpint (slide->table_print, <=, 24);
      assert_print (GTK_WIDGET (table), slide->table_print);
    }
  /* The strip's title (the history's words) names those who had none of
   * the cards once, not each with the three cards again (four lines). */
  {
    g_autoptr(KvStepItem) suggest = g_list_model_get_item (G_LIST_MODEL (slide->steps), 5);

    g_assert_cmpstr (kv_step_item_get_words (suggest), ==,
                     g_str_equal (kv_display_language (), "nl")
                     ? "3 oppert Plum, dagger, study: 4, 5, 6 en 1 hebben er geen van; 2 toont dagger aan 3"
                     : "3 suggests Plum, dagger, study: 4, 5, 6 and 1 hold none of them; 2 shows dagger to 3");
  }
  {
    g_autofree char *name = g_strdup_printf ("symbolic-cluedo6-%s-present-%dx%d.png", kv_display_language (), width,
                                             height);

    g_object_unref (kv_display_save_png (GTK_WIDGET (slide), name));
  }
  kv_window_set_presenting (slide, FALSE);
  gtk_window_destroy (GTK_WINDOW (slide));
  kv_display_wait (50);
}

static void
test_present_table (void)
{
  present_table (1280, 720);
  present_table (1024, 700);
}

/* The print follows the window: a slide that narrows to 1024 px goes
 * down to 19 px, columns whole, and back to 24 px at 1280. */
static void
test_present_resize (void)
{
  static const int sizes[][3] = { { 1280, 720, 24 }, { 1024, 700, 19 }, { 1280, 720, 24 } };
  KvWindow *slide = kv_display_new_window (1280, 720);
  g_autoptr(GError) error = NULL;
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (slide));
  GtkAdjustment *across =
    gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (kv_knowledge_table_get_scroller (table)));

  g_assert_true (kv_window_open (slide, "cluedo6", &error));
  g_assert_no_error (error);
  kv_window_set_presenting (slide, TRUE);
  gtk_window_unfullscreen (GTK_WINDOW (slide));
  gtk_widget_activate_action (GTK_WIDGET (slide), "win.present-layout", "s", "table");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      gtk_window_set_default_size (GTK_WINDOW (slide), sizes[i][0], sizes[i][1]);
      g_assert_true (kv_display_wait_for_canvas (slide, 60000));
      kv_display_wait (400);
      g_test_message ("%s cluedo6 presenting, resized to %d×%d: the table is %.0f px in %.0f, at %d px",
                      kv_display_language (), sizes[i][0], sizes[i][1], gtk_adjustment_get_upper (across),
                      gtk_adjustment_get_page_size (across), slide->table_print);
      g_assert_cmpint (slide->table_print, ==, sizes[i][2]);
      g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across) + 0.5);
      assert_print (GTK_WIDGET (table), slide->table_print);
    }
  kv_window_set_presenting (slide, FALSE);
  gtk_window_destroy (GTK_WINDOW (slide));
  kv_display_wait (50);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-symbolic", TRUE);
  window = kv_display_new_window (1280, 720);

  g_test_add_func ("/symbolic/open", test_open);
  g_test_add_func ("/symbolic/table", test_table);
  g_test_add_func ("/symbolic/formula", test_formula);
  /* Before the edits: no toast over the picture. */
  g_test_add_func ("/symbolic/screenshot", test_screenshot);
  g_test_add_func ("/symbolic/width", test_width);
  g_test_add_func ("/symbolic/present-width", test_present_width);
  g_test_add_func ("/symbolic/present-table", test_present_table);
  g_test_add_func ("/symbolic/present-resize", test_present_resize);
  g_test_add_func ("/symbolic/steps", test_steps);
  g_test_add_func ("/symbolic/off", test_off);
  g_test_add_func ("/symbolic/restore", test_restore);

  status = g_test_run ();
  kv_display_finish (window, g_steal_pointer (&state_dir));
  return status;
}
