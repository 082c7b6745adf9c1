// SPDX-License-Identifier: GPL-3.0-or-later
/* test-envelope.c: Clue 11's envelope view is readable (issue 10, item 7).
 *
 * The envelope view lays the envelopes out as a grid whose row and column
 * headers name the cards (weapons down the left, suspects across the top)
 * and whose nodes carry no label of their own. In a 1280×720 window, at
 * fit, those headers — the view's labels — are at least 12 px at every
 * step of the built-in game; at 1024×700 the size is reported. The
 * toolbar's next-agent button shows one agent's links at a time, agent
 * after agent, then every agent's again. Screenshots
 * envelope-LANG-WxH.png and envelope-LANG-agent-1.png in the build dir.
 */
#define G_LOG_DOMAIN "test-envelope"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "kv-display-util.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"

static KvCanvas *
canvas_of (KvWindow *window)
{
  return kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
}

/* The first widget under @widget named @name, or NULL. */
static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static KvWindow *
open_envelope_view (int width,
                    int height)
{
  g_autoptr(GError) error = NULL;
  KvWindow *window = kv_display_new_window (width, height);

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  kv_session_set_view (kv_window_get_session (window), KV_VIEW_ENVELOPE);
  return window;
}

static void
save_screenshot (KvWindow   *window,
                 const char *what)
{
  g_autofree char *name = g_strdup_printf ("envelope-%s-%s.png", kv_display_language (), what);

  g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
}

/* At fit, every step: a grid with headers, nodes without labels, and the
 * headers (drawn at the labels' size) at least @min_px on screen. */
static void
check_label_size (int    width,
                  int    height,
                  double min_px)
{
  KvWindow *window = open_envelope_view (width, height);
  guint n_steps = kv_history_length (kv_window_get_history (window));

  for (guint step = 0; step < n_steps; step++)
    {
      KvLayout *layout;
      double size;

      kv_window_select_step (window, step);
      g_assert_true (kv_display_wait_for_canvas (window, 30000));
      kv_display_wait (100);
      kv_canvas_zoom_fit (canvas_of (window));
      kv_display_wait (100);

      layout = kv_canvas_get_layout (canvas_of (window));
      g_assert_nonnull (layout);
      /* The envelope view: Clue 11's 7 weapons and 4 suspects head the grid. */
      g_assert_true (kv_graph_is_grid (layout->graph));
      g_assert_cmpuint (layout->graph->row_headers->len, ==, 7);
      g_assert_cmpuint (layout->graph->col_headers->len, ==, 4);
      g_assert_cmpuint (layout->n_headers, ==, 11);
      for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
        {
          const KvNode *node = kv_graph_node (layout->graph, i);

          g_assert_cmpstr (node->label, ==, "");
          /* The tooltip still says the whole envelope. */
          g_assert_true (g_str_has_prefix (node->tooltip, "envelope: ") ||
                         g_str_has_prefix (node->tooltip, "envelop: "));
        }

      size = kv_canvas_get_label_size (canvas_of (window));
      g_test_message ("%s %d×%d, step %u: %u envelopes, labels %.2f px", kv_display_language (),
                      width, height, step, kv_graph_n_nodes (layout->graph), size);
      if (step == 0)
        {
          g_autofree char *what = g_strdup_printf ("%dx%d", width, height);

          save_screenshot (window, what);
        }
      if (min_px > 0)
        g_assert_cmpfloat (size, >=, min_px);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

static void
test_label_size_1280 (void)
{
  check_label_size (1280, 720, 12.0);
}

static void
test_label_size_1024 (void)
{
  /* Item 7 asks 12 px at 1280×720; here the size is only reported. */
  check_label_size (1024, 700, 0);
}

/* The next-agent button: agent 1's links, 2's, 3's, then everyone's. */
static void
test_next_agent (void)
{
  KvWindow *window = open_envelope_view (1280, 720);
  GtkWidget *button;

  g_assert_true (kv_display_wait_for_canvas (window, 30000));
  button = find_named (kv_window_get_canvas (window), "next-agent");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));

  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0x6);   /* only 1's */
  kv_display_wait (400);
  save_screenshot (window, "agent-1");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0x5);   /* only 2's */
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0x3);   /* only 3's */
  /* The session keeps what the canvas shows. */
  g_assert_cmpuint (kv_session_get_hidden_agents (kv_window_get_session (window)), ==, 0x3);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0);

  /* From two agents shown, the first agent's only. */
  kv_canvas_view_set_hidden_agents (KV_CANVAS_VIEW (kv_window_get_canvas (window)), 0x4);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (kv_canvas_get_hidden_agents (canvas_of (window)), ==, 0x6);

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

int
main (int   argc,
      char *argv[])
{
  char *state_dir;
  int status;

  /* In the language of the environment. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-envelope", TRUE);

  g_test_add_func ("/envelope/label-size/1280x720", test_label_size_1280);
  g_test_add_func ("/envelope/label-size/1024x700", test_label_size_1024);
  g_test_add_func ("/envelope/next-agent", test_next_agent);

  status = g_test_run ();
  kv_display_finish (NULL, state_dir);
  return status;
}
