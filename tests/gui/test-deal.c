// SPDX-License-Identifier: GPL-3.0-or-later
/* test-deal.c: Change Deal (issue 11, item 1) in the real window under
 * Xvfb, in the language of the environment.
 *
 *   /deal/menu             the window's Game menu offers win.change-deal
 *   /deal/change-and-undo  Hexa: the dialog's choices, its line saying
 *                          what is wrong, Apply; the actual world and the
 *                          knowledge table follow, a toast offers Undo;
 *                          win.undo puts the deal and the steps back
 *   /deal/random           Clue 11: Random Deal is a valid deal; closing
 *                          the dialog changes nothing
 *   /deal/screenshot       the dialog fits a 1024×700 and a 1280×720
 *                          screen; over the window there, centred:
 *                          deal-LANG-WxH.png in the build dir
 */
#define G_LOG_DOMAIN "test-deal"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kv-deal-dialog.h"
#include "kv-display-util.h"
#include "kv-window-private.h"

static KvWindow *window;
static char *state_dir;

static void
open_game (const char *name)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, name, &error));
  g_assert_no_error (error);
  kv_display_wait (50);
}

/* The Change Deal dialog shown now, or NULL. */
static KvDealDialog *
shown_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (KV_IS_DEAL_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Game menu → Change Deal…, as the menu item does it. */
static KvDealDialog *
open_dialog (void)
{
  KvDealDialog *dialog;

  g_assert_null (shown_dialog ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.change-deal", NULL));
  kv_display_wait (100);
  dialog = shown_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  return dialog;
}

/* Clicks the choice "@owner holds @card", as the user does. */
static void
choose (KvDealDialog *dialog,
        const char   *card,
        guint         owner)
{
  const KvGame *game = kv_window_get_history (window)->game;
  int c = kv_game_find_card (game, card);
  GtkCheckButton *button;

  g_assert_cmpint (c, >=, 0);
  button = kv_deal_dialog_get_button (dialog, (guint) c, owner);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (button)));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (button)));
  gtk_widget_activate (GTK_WIDGET (button));
  kv_display_wait (10);
  g_assert_true (gtk_check_button_get_active (button));
}

static gboolean
actual_deal_is (const char *line)
{
  const KvHistory *history = kv_window_get_history (window);
  const KvModel *model = kv_history_get (history, kv_window_get_step (window))->model;
  g_autofree char *label = kv_model_world_label (model, model->actual);

  return g_strcmp0 (label, line) == 0;
}

static void
test_menu (void)
{
  GMenuModel *menu = gtk_menu_button_get_menu_model (window->game_button);
  gboolean found = FALSE;

  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
              g_str_equal (action, "win.change-deal"))
            found = TRUE;
        }
    }
  g_assert_true (found);
}

/* Hexa, 1 holds r, 2 w, 3 b. Dealt 1: w 2: r, "nocard 1 w" is false, so
 * both of Hexa's steps go; Ctrl+Z (win.undo) puts everything back. */
static void
test_change_and_undo (void)
{
  KvDealDialog *dialog;
  GtkWidget *apply;
  guint toasts;
  g_autofree char *expected_toast = NULL;

  open_game ("hexa");
  kv_window_select_step (window, 2);
  kv_display_wait (20);
  g_assert_true (actual_deal_is ("rwb"));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);

  dialog = open_dialog ();
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  apply = kv_deal_dialog_get_apply_button (dialog);
  /* The game's deal is chosen: nothing to apply. */
  g_assert_cmpstr (kv_deal_dialog_get_status (dialog), ==, _("This is the deal the game is played with."));
  g_assert_false (gtk_widget_get_sensitive (apply));

  /* w to player 1: two cards for 1, none for 2; said, and Apply stays off. */
  choose (dialog, "w", 0);
  g_assert_cmpstr (kv_deal_dialog_get_status (dialog), ==,
                   g_str_equal (kv_display_language (), "nl") ? "Speler 1 heeft 2 kaarten; het spel deelt er 1."
                                                   : "Player 1 holds 2 cards; the game deals 1.");
  g_assert_false (gtk_widget_get_sensitive (apply));

  /* r to player 2: a deal. */
  choose (dialog, "r", 1);
  g_assert_cmpstr (kv_deal_dialog_get_status (dialog), ==, _("A valid deal: Apply plays the game with it."));
  g_assert_true (gtk_widget_get_sensitive (apply));

  /* Refused by the session (a world limit lowered under the game): said in
   * the dialog, which stays, and nothing changes. */
  {
    KvSession *session = kv_window_get_session (window);
    guint limit = kv_session_get_world_limit (session);
    g_autoptr(GError) error = NULL;

    kv_session_set_world_limit (session, 5);
    g_assert_false (kv_session_set_deal (session, kv_deal_dialog_get_deal (dialog), &error));
    g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
    g_signal_emit_by_name (apply, "clicked");
    kv_display_wait (50);
    g_assert_nonnull (dialog);
    /* "The game has about 6 deals, …" */
    g_assert_nonnull (strstr (kv_deal_dialog_get_status (dialog), error->message + 1));
    g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
    g_assert_true (actual_deal_is ("rwb"));
    kv_session_set_world_limit (session, limit);
  }

  toasts = kv_window_get_n_toasts (window);
  g_signal_emit_by_name (apply, "clicked");
  kv_display_wait (100);
  g_assert_null (dialog);
  g_assert_null (shown_dialog ());

  /* The actual world is w r b; "nocard 1 w" and all after it are gone. */
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);
  g_assert_true (actual_deal_is ("wrb"));
  g_assert_cmpstr (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                                "w", 0, NULL), ==, "1");
  g_assert_cmpstr (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                                "r", 1, NULL), ==, "2");
  g_assert_cmpuint (kv_window_get_n_toasts (window), ==, toasts + 1);
  expected_toast = g_strdup_printf (ngettext ("Deal changed: %u later step no longer holds and was dropped",
                                              "Deal changed: %u later steps no longer hold and were dropped", 2), 2);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, expected_toast);

  /* Ctrl+Z: the deal, both steps and the selection are back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (100);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  g_assert_true (actual_deal_is ("rwb"));
  g_assert_cmpstr (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                                "r", 0, NULL), ==, "1");
  g_assert_cmpstr (kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                                "w", 1, NULL), ==, "2");

  /* Redo changes it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait (100);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);
  g_assert_true (actual_deal_is ("wrb"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (50);
}

/* The places of Hexa's worlds on the canvas, by label, and the label of
 * the actual world's node. */
static GHashTable *
canvas_places (char **actual)
{
  KvCanvas *canvas = kv_canvas_view_get_canvas (KV_CANVAS_VIEW (kv_window_get_canvas (window)));
  const KvLayout *layout;
  GHashTable *places = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (kv_display_wait_for_canvas (window, 20000));
  layout = kv_canvas_get_layout (canvas);
  g_assert_nonnull (layout);
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    {
      double *xy = g_new (double, 2);

      xy[0] = layout->nodes[i].x;
      xy[1] = layout->nodes[i].y;
      g_hash_table_insert (places, g_strdup (kv_graph_node (layout->graph, i)->label), xy);
    }
  *actual = g_strdup (kv_graph_node (layout->graph, kv_graph_actual (layout->graph))->label);
  return places;
}

/* Change Deal moves the actual world's mark: every world keeps its place
 * on the hexagon, and the mark is on the new deal. */
static void
test_mark_moves (void)
{
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autofree char *was = NULL, *now = NULL;
  GHashTableIter iter;
  gpointer label, xy;
  KvDealDialog *dialog;

  open_game ("hexa");
  kv_window_select_step (window, 0);
  before = canvas_places (&was);
  g_assert_cmpstr (was, ==, "rwb");
  g_assert_cmpuint (g_hash_table_size (before), ==, 6);

  dialog = open_dialog ();
  choose (dialog, "w", 0);
  choose (dialog, "r", 1);
  g_signal_emit_by_name (kv_deal_dialog_get_apply_button (dialog), "clicked");
  kv_display_wait (100);
  g_assert_true (actual_deal_is ("wrb"));
  after = canvas_places (&now);
  g_assert_cmpstr (now, ==, "wrb");
  g_assert_cmpuint (g_hash_table_size (after), ==, 6);
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &label, &xy))
    {
      const double *there = g_hash_table_lookup (after, label);

      g_assert_nonnull (there);
      g_assert_cmpfloat_with_epsilon (there[0], ((double *) xy)[0], 0.5);
      g_assert_cmpfloat_with_epsilon (there[1], ((double *) xy)[1], 0.5);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (50);
}

/* Clue 11: Random Deal gives a valid deal the choices show; Cancel
 * (closing the dialog) changes nothing. */
static void
test_random (void)
{
  KvDealDialog *dialog;
  const KvGame *game;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gboolean other = FALSE;

  open_game ("clue11");
  game = kv_window_get_history (window)->game;
  before = kv_session_to_script (kv_window_get_session (window));
  dialog = open_dialog ();
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);

  /* One deal in 47 040 is the game's own: a few tries find another. */
  for (guint attempt = 0; attempt < 5 && !other; attempt++)
    {
      const KvHand *deal;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "deal.random", NULL));
      kv_display_wait (10);
      deal = kv_deal_dialog_get_deal (dialog);
      g_assert_true (kv_game_validate_deal (game, deal, NULL));
      for (guint c = 0; c < game->n_cards; c++)
        {
          guint owner = kv_game_owner_of (game, deal, c);

          g_assert_true (gtk_check_button_get_active (kv_deal_dialog_get_button (dialog, c, owner)));
        }
      other = !kv_game_deal_equal (game, deal, game->deal);
    }
  g_assert_true (other);
  g_assert_cmpstr (kv_deal_dialog_get_status (dialog), ==, _("A valid deal: Apply plays the game with it."));
  g_assert_true (gtk_widget_get_sensitive (kv_deal_dialog_get_apply_button (dialog)));
  /* The envelope takes only its categories' cards: every card here. */
  g_assert_nonnull (kv_deal_dialog_get_button (dialog, 0, kv_game_envelope (game)));

  gtk_window_close (GTK_WINDOW (dialog));
  kv_display_wait (50);
  g_assert_null (dialog);
  after = kv_session_to_script (kv_window_get_session (window));
  g_assert_cmpstr (after, ==, before);
}

/* Whether @widget lies inside @dialog's area, whole. */
static gboolean
inside (GtkWidget    *widget,
        KvDealDialog *dialog)
{
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (widget, GTK_WIDGET (dialog), &bounds))
    return FALSE;
  return bounds.origin.x >= 0 && bounds.origin.y >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (GTK_WIDGET (dialog)) &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (GTK_WIDGET (dialog));
}

/* @texture as a cairo surface (both are premultiplied BGRA in memory). */
static cairo_surface_t *
texture_surface (GdkTexture *texture)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gdk_texture_get_width (texture),
                                                         gdk_texture_get_height (texture));

  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The dialog over the window, centred as a window manager puts a modal
 * dialog: what the user sees, as a PNG at @path. */
static void
save_over_window (GdkTexture *dialog,
                  const char *path)
{
  g_autoptr(GdkTexture) back = kv_display_render (GTK_WIDGET (window));
  cairo_surface_t *surface = texture_surface (back);
  cairo_surface_t *front = texture_surface (dialog);
  cairo_t *cr = cairo_create (surface);
  int x = (gdk_texture_get_width (back) - gdk_texture_get_width (dialog)) / 2;
  int y = (gdk_texture_get_height (back) - gdk_texture_get_height (dialog)) / 2;

  cairo_set_source_surface (cr, front, MAX (x, 0), MAX (y, 0));
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (front);
  cairo_surface_destroy (surface);
}

static void
test_screenshot (void)
{
  static const int sizes[][2] = { { 1024, 700 }, { 1280, 720 } };

  open_game ("clue11");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      KvDealDialog *dialog;
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("deal-%s-%dx%d.png", kv_display_language (), sizes[i][0], sizes[i][1]);
      g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);
      const KvGame *game = kv_window_get_history (window)->game;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      kv_display_wait (200);
      dialog = open_dialog ();
      g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      /* A wrong choice, so that the line under the grid says what is wrong. */
      choose (dialog, "axe", 1);
      kv_display_wait (300);

      /* It fits the screen, and what must be reached is in it. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, sizes[i][0]);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (dialog)), <=, sizes[i][1]);
      g_assert_true (inside (kv_deal_dialog_get_apply_button (dialog), dialog));
      g_assert_true (inside (GTK_WIDGET (kv_deal_dialog_get_button (dialog, 0, 0)), dialog));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (kv_deal_dialog_get_button (dialog, game->n_cards - 1,
                                                                                    kv_game_envelope (game)))));

      texture = kv_display_render (GTK_WIDGET (dialog));
      g_assert_nonnull (texture);
      g_assert_cmpuint (kv_display_count_colours (texture), >, 10);
      save_over_window (texture, path);
      g_test_message ("screenshot: %s", path);

      gtk_window_close (GTK_WINDOW (dialog));
      kv_display_wait (50);
      g_assert_null (dialog);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-deal", TRUE);
  window = kv_display_new_window (1280, 720);
  /* Clue's envelope view with neato overflows Graphviz 2.42's heap (see
   * test-window.c's next-turn-clue11): lay out with sfdp. */
  g_object_set (kv_window_get_canvas (window), "engine", "sfdp", NULL);

  g_test_add_func ("/deal/menu", test_menu);
  g_test_add_func ("/deal/change-and-undo", test_change_and_undo);
  g_test_add_func ("/deal/random", test_random);
  g_test_add_func ("/deal/mark-moves", test_mark_moves);
  g_test_add_func ("/deal/screenshot", test_screenshot);

  status = g_test_run ();
  kv_display_finish (window, g_steal_pointer (&state_dir));
  return status;
}
