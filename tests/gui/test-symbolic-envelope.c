// SPDX-License-Identifier: GPL-3.0-or-later
/* test-symbolic-envelope.c: real Cluedo opens on its envelope grid (issue
 * 12 item 5). The game runs on the symbolic engine (5 557 616 064 deals);
 * its picture is the envelope view: 324 envelopes in a block per room,
 * the rooms named over their blocks, the weapons and suspects heading the
 * rows and columns. At 1280×720 and 1024×700, at fit, the headers' size
 * on screen is printed and held above MIN_HEADER_PX (issue 12 asks 12 px:
 * see there), the note under the grid above MIN_NOTE_PX; a step takes
 * envelopes away, stepping back and undo bring them back, redo takes them
 * again; a perspective shades what its agent considers possible, a
 * chain "1>2" what 1 thinks 2 may, and the knowledge table has the perspective's column; the views
 * that need every world say why and name the envelope view; Export opens
 * its dialog. Screenshots symbolic-envelope-LANG-WxH.png in the build dir.
 */
#define G_LOG_DOMAIN "test-symbolic-envelope"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kv-display-util.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-card-row.h"

static KvCanvas *
canvas_of (KvWindow *window)
{
  return kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
}

static KvWindow *
open_cluedo (int width,
             int height)
{
  g_autoptr(GError) error = NULL;
  KvWindow *window = kv_display_new_window (width, height);

  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  g_assert_true (kv_session_is_symbolic (kv_window_get_session (window)));
  /* This test is the envelope view's; the agents view (the default) is
   * test-readability's. */
  kv_session_set_view (kv_window_get_session (window), KV_VIEW_ENVELOPE);
  kv_window_select_step (window, 0);
  g_assert_true (kv_display_wait_for_canvas (window, 30000));
  return window;
}

/* The layout shown, fitted. */
static KvLayout *
fitted_layout (KvWindow *window)
{
  g_assert_true (kv_display_wait_for_canvas (window, 30000));
  kv_display_wait (100);
  kv_canvas_zoom_fit (canvas_of (window));
  kv_display_wait (100);
  return kv_canvas_get_layout (canvas_of (window));
}

static guint
count_flagged (const KvGraph *graph,
               KvNodeFlags    flag)
{
  guint n = 0;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n += (kv_graph_node (graph, i)->flags & flag) != 0;
  return n;
}

/* The headers' size on screen at fit. Issue 12 asks 12 px. Beside the
 * history and the knowledge table the canvas is 480 (en) to 485 (nl) px
 * wide at 1280×720, and the 18 columns with the suspects' names beside
 * them come out at 12.7 px (en) and 12.6 px (nl); 12.2 and 12.0 px at
 * 1024×700. Each size is printed; below MIN_HEADER_PX is a regression. */
#define MIN_HEADER_PX 11.0

/* The note under the grid (how to read it, what the agents link) at fit:
 * 9 to 10 px before its text grew into the room there is (kv-render.c's
 * grows_notes); now 12.2 (en) and 10.9 (nl) px at 1024×700, 12.7 and
 * 11.4 px at 1280×720. */
#define MIN_NOTE_PX 10.5

static void
check_grid (int width,
            int height)
{
  KvWindow *window = open_cluedo (width, height);
  KvLayout *layout = fitted_layout (window);
  const KvGraph *graph;
  double size, note_size;
  guint n_initial;

  /* No placeholder: the picture is the grid. */
  g_assert_null (kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (kv_window_get_canvas (window))));
  g_assert_nonnull (layout);
  graph = layout->graph;
  g_assert_true (kv_graph_is_grid (graph));
  n_initial = kv_graph_n_nodes (graph);
  g_assert_cmpuint (n_initial, ==, 6 * 6 * 9);
  /* Six weapons down each of three rows of blocks (and a caption row
   * over each), six suspects across each of three blocks (an empty
   * column between two blocks), nine rooms. */
  g_assert_cmpuint (graph->row_headers->len, ==, 3 * 7);
  g_assert_cmpuint (graph->col_headers->len, ==, 3 * 6 + 2);
  g_assert_cmpuint (graph->captions->len, ==, 9);
  g_assert_cmpuint (layout->n_headers, ==, 21 + 20 + 9);
  g_assert_cmpstr (g_array_index (graph->captions, KvGraphCaption, 0).text, ==, "kitchen");
  g_assert_cmpint (kv_graph_actual (graph), >=, 0);

  size = kv_canvas_get_label_size (canvas_of (window));
  note_size = kv_canvas_get_legend_text_size (canvas_of (window));
  g_test_message ("%s %d×%d: %u envelopes, headers %.2f px, note %.2f px", kv_display_language (), width, height,
                  n_initial, size, note_size);
  {
    g_autofree char *name = g_strdup_printf ("symbolic-envelope-%s-%dx%d.png", kv_display_language (),
                                             width, height);

    g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
  }
  g_assert_cmpfloat (size, >=, MIN_HEADER_PX);
  g_assert_cmpfloat (note_size, >=, MIN_NOTE_PX);

  /* One step (2 shows White to 1) takes envelopes away; undo gives them back. */
  kv_window_select_step (window, 1);
  layout = fitted_layout (window);
  g_assert_nonnull (layout);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), <, n_initial);
  g_assert_cmpfloat (kv_canvas_get_label_size (canvas_of (window)), >=, MIN_HEADER_PX);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
  layout = fitted_layout (window);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, n_initial);

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

static void
test_grid_1280 (void)
{
  check_grid (1280, 720);
}

static void
test_grid_1024 (void)
{
  check_grid (1024, 700);
}

/* The envelopes still possible at the session's selected step. */
static guint
count_envelopes (KvSession *session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvEnvelopeLinks) links = kv_state_envelope_links (kv_session_get_state (session), &error);

  g_assert_no_error (error);
  return kv_envelope_links_n (links);
}

/* An edit (announcing that Scarlet is not in the envelope) takes every
 * envelope with Scarlet away; undo brings them back, redo takes them again. */
static void
test_undo (void)
{
  KvWindow *window = open_cluedo (1280, 720);
  KvSession *session = kv_window_get_session (window);
  KvGame *game = kv_window_get_history (window)->game;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = NULL;
  KvLayout *layout;
  guint before;

  kv_window_select_step (window, kv_history_length (kv_window_get_history (window)) - 1);
  layout = fitted_layout (window);
  before = kv_graph_n_nodes (layout->graph);
  step = kv_step_parse (game, "announce ~Scarlet@env", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, g_steal_pointer (&step), &error));
  g_assert_no_error (error);
  layout = fitted_layout (window);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), <, before);
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    g_assert_null (strstr (kv_graph_node (layout->graph, i)->tooltip, "Scarlet"));
  g_assert_true (kv_session_undo (session, &error));
  /* Whichever step undo selects, the picture is that step's. */
  layout = fitted_layout (window);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, count_envelopes (session));
  kv_window_select_step (window, kv_history_length (kv_window_get_history (window)) - 1);
  layout = fitted_layout (window);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, before);
  g_assert_true (kv_session_redo (session, &error));
  layout = fitted_layout (window);
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, count_envelopes (session));
  g_assert_cmpuint (kv_graph_n_nodes (layout->graph), <, before);
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

/* A perspective shades the envelopes its agent considers possible and
 * draws its links only. */
static void
test_perspective (void)
{
  KvWindow *window = open_cluedo (1280, 720);
  KvSession *session = kv_window_get_session (window);
  KvLayout *layout;
  g_autoptr(GArray) mine = NULL;

  kv_window_select_step (window, 1);
  mine = kv_state_envelopes (kv_session_get_state (session), 0);
  layout = fitted_layout (window);
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, 0);

  kv_session_set_perspective (session, "1");
  layout = fitted_layout (window);
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, mine->len);
  /* 1 has seen White: fewer envelopes than there are. */
  g_assert_cmpuint (mine->len, <, kv_graph_n_nodes (layout->graph));
  for (guint i = 0; i < kv_graph_n_edges (layout->graph); i++)
    g_assert_cmpuint (kv_graph_edge (layout->graph, i)->agent, ==, 0);

  kv_session_set_perspective (session, "");
  layout = fitted_layout (window);
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

/* The engine's perspective of @text at the session's step. */
static KvStatePerspective *
engine_perspective (KvSession  *session,
                    const char *text)
{
  KvState *state = kv_session_get_state (session);
  g_autoptr(GError) error = NULL;
  guint chain[KV_PERSPECTIVE_MAX], n_chain = 0;

  g_assert_true (kv_perspective_parse (kv_state_game (state), text, chain, &n_chain, &error));
  g_assert_no_error (error);
  return kv_state_perspective (state, chain, n_chain);
}

/* The knowledge table's perspective column at @text agrees with the
 * engine's perspective: its world count, and each card known (one owner)
 * or open ("?"). Returns the engine's for more checks. */
static KvStatePerspective *
check_column (KvWindow   *window,
              const char *text)
{
  KvSession *session = kv_window_get_session (window);
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  KvGame *game = kv_window_get_history (window)->game;
  guint column = game->n_agents + 2;
  KvStatePerspective *p;
  g_autofree char *count = NULL;

  kv_session_set_perspective (session, text);
  p = engine_perspective (session, text);
  g_assert_nonnull (kv_knowledge_table_get_header (table, game->n_agents + 3));
  count = kv_count_format_short (p->n_worlds);
  g_assert_cmpstr (kv_knowledge_table_get_cell (table, _("Worlds"), column, NULL), ==, count);
  for (guint c = 0; c < game->n_cards; c++)
    {
      const char *cell = kv_knowledge_table_get_cell (table, game->card_names[c], column, NULL);

      g_assert_nonnull (cell);
      g_assert_cmpuint (p->owners[c], !=, 0);
      g_assert_cmpint (g_str_has_prefix (cell, "?"), ==, (p->owners[c] & (p->owners[c] - 1)) != 0);
    }
  return p;
}

/* The text of a column's header. */
static const char *
header_text (GtkWidget *header)
{
  for (GtkWidget *w = header; w != NULL; w = gtk_widget_get_first_child (w))
    if (GTK_IS_LABEL (w))
      return gtk_label_get_text (GTK_LABEL (w));
  return NULL;
}

/* On the symbolic engine too, a perspective has its column in the
 * knowledge table (the engine's counts and owners) and a chain "1>2"
 * shades the envelopes of what 1 thinks 2 may consider possible, drawing
 * 2's links only. */
static void
test_chain (void)
{
  KvWindow *window = open_cluedo (1280, 720);
  KvSession *session = kv_window_get_session (window);
  KvGame *game = kv_window_get_history (window)->game;
  g_autoptr(KvStatePerspective) one = NULL;
  g_autoptr(KvStatePerspective) chain = NULL;
  KvLayout *layout;

  kv_window_select_step (window, MIN (3, kv_history_length (kv_window_get_history (window)) - 1));
  /* No perspective, no column. */
  g_assert_null (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                              game->card_names[0], game->n_agents + 2, NULL));

  one = check_column (window, "1");
  g_assert_cmpuint (one->n_worlds, ==, kv_state_count_agent_worlds (kv_session_get_state (session), 0));
  layout = fitted_layout (window);
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, one->envelopes->len);

  chain = check_column (window, "1>2");
  /* 2 may consider more possible than 1 does. */
  g_assert_cmpuint (chain->n_worlds, >, one->n_worlds);
  g_assert_cmpuint (chain->envelopes->len, >, one->envelopes->len);
  layout = fitted_layout (window);
  g_assert_cmpuint (chain->envelopes->len, <, kv_graph_n_nodes (layout->graph));
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, chain->envelopes->len);
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    if (kv_graph_node (layout->graph, i)->flags & KV_NODE_HIGHLIGHTED)
      {
        gboolean found = FALSE;

        for (guint j = 0; j < chain->envelopes->len && !found; j++)
          {
            g_autofree char *label = kv_game_hand_to_string (game, g_array_index (chain->envelopes, KvHand, j));

            /* A grid's node names its envelope by its place key. */
            found = g_strcmp0 (label, kv_graph_node (layout->graph, i)->place_key) == 0;
          }
        g_assert_true (found);
      }
  for (guint i = 0; i < kv_graph_n_edges (layout->graph); i++)
    g_assert_cmpuint (kv_graph_edge (layout->graph, i)->agent, ==, 1);
  /* The column comes next to the cards: in sight at 1280×720 without
   * scrolling sideways (past the group columns it was not). */
  {
    KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
    GtkWidget *scroller = kv_knowledge_table_get_scroller (table);
    g_autofree char *name = g_strdup_printf ("symbolic-chain-%s-1280x720.png", kv_display_language ());

    guint pair[] = { 0, 1 };
    g_autofree char *title = kv_perspective_to_display (game, pair, 2);

    kv_display_wait (200);
    g_assert_cmpstr (header_text (kv_knowledge_table_get_header (table, 1)), ==, title);
    kv_display_assert_inside (kv_knowledge_table_get_header (table, 1), scroller,
                              "the perspective column's header");
    g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
  }

  kv_session_set_perspective (session, "");
  g_assert_null (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                              game->card_names[0], game->n_agents + 2, NULL));
  layout = fitted_layout (window);
  g_assert_cmpuint (count_flagged (layout->graph, KV_NODE_HIGHLIGHTED), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

/* The whole model would need every world: the canvas says so and names
 * the envelope view; Export opens its dialog on the grid. */
static void
test_views_and_export (void)
{
  KvWindow *window = open_cluedo (1280, 720);
  KvSession *session = kv_window_get_session (window);
  guint n_toasts = kv_window_get_n_toasts (window);
  const char *message;
  GList *toplevels;
  gboolean dialog = FALSE;

  kv_session_set_view (session, KV_VIEW_WHOLE);
  g_assert_true (kv_display_wait_for_canvas (window, 30000));
  message = kv_canvas_get_error_message (canvas_of (window));
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "5\xe2\x80\xaf" "557\xe2\x80\xaf" "616\xe2\x80\xaf" "064"));
  kv_session_set_view (session, KV_VIEW_ENVELOPE);
  g_assert_nonnull (fitted_layout (window));
  g_assert_null (kv_canvas_get_error_message (canvas_of (window)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL);
  kv_display_wait (200);
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, n_toasts);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != window && gtk_widget_get_visible (l->data) &&
        g_str_equal (G_OBJECT_TYPE_NAME (l->data), "KvExportDialog"))
      {
        dialog = TRUE;
        gtk_window_destroy (l->data);
      }
  g_list_free (toplevels);
  g_assert_true (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

int
main (int    argc,
      char **argv)
{
  char *state_dir;
  int status;

  /* In the language of the environment. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-symbolic-envelope", TRUE);
  g_test_add_func ("/symbolic-envelope/grid-1280", test_grid_1280);
  g_test_add_func ("/symbolic-envelope/grid-1024", test_grid_1024);
  g_test_add_func ("/symbolic-envelope/undo", test_undo);
  g_test_add_func ("/symbolic-envelope/perspective", test_perspective);
  g_test_add_func ("/symbolic-envelope/chain", test_chain);
  g_test_add_func ("/symbolic-envelope/views-and-export", test_views_and_export);
  status = g_test_run ();
  kv_display_finish (NULL, state_dir);
  return status;
}
