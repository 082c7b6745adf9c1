// SPDX-License-Identifier: GPL-3.0-or-later
/* test-product-parts.c: the product view at a projector's sizes (issue 10,
 * item 8), in the language of the environment (meson runs it in English
 * and in Dutch).
 *
 * At 1024×700 and 1280×720: Clue 11's second suggestion ("suggest 2 axe
 * Mustard": 3 has neither card, 1 shows axe) is shown part by part — the
 * part selector and its caption, the stage captions, all inside the
 * window; part 1's M is the history's model before the suggestion, part
 * 2's M part 1's result, and part 2's result the history's model after it;
 * Page Down goes on from part 1's last stage to part 2. Hovering a pair
 * rings its world in M and its event in A, hovering M's actual world rings
 * its pairs. Screenshots product-parts-LANG-WxH-*.png in the build dir.
 */
#define G_LOG_DOMAIN "test-product-parts"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-product-pane.h"

typedef struct {
  int width;
  int height;
} Size;

static const Size sizes[] = { { 1024, 700 }, { 1280, 720 } };

/* The suggestion of Clue 11's script shown part by part. */
#define SUGGEST_STEP 3

static KvProductPane *
pane_of (KvWindow *window)
{
  return KV_PRODUCT_PANE (kv_window_get_product_pane (window));
}

static KvCanvas *
canvas_of (KvWindow *window, KvProductPanel panel)
{
  return kv_canvas_view_get_canvas (kv_product_pane_get_panel (pane_of (window), panel));
}

/* The first GtkDropDown under @widget whose model has @n items, or NULL. */
static GtkDropDown *
find_part_dropdown (GtkWidget *widget,
                    guint      n)
{
  if (GTK_IS_DROP_DOWN (widget) && GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) &&
      g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) == n)
    return GTK_DROP_DOWN (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found = find_part_dropdown (child, n);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The caption @text is shown in a label inside the window, not only as a
 * tooltip. */
static void
assert_caption (KvWindow   *window,
                const char *text)
{
  GtkWidget *label = kv_display_find_label (kv_window_get_product_pane (window), text);

  if (label == NULL)
    g_error ("no label says “%s”", text);
  g_assert_true (gtk_widget_get_mapped (label));
  kv_display_assert_inside (label, GTK_WIDGET (gtk_widget_get_root (label)), text);
}

static void
screenshot (KvWindow   *window,
            const Size *size,
            const char *what)
{
  g_autofree char *name = g_strdup_printf ("product-parts-%s-%dx%d-%s.png", kv_display_language (),
                                           size->width, size->height, what);
  g_autoptr(GdkTexture) texture = kv_display_save_png (GTK_WIDGET (window), name);

  g_assert_cmpuint (kv_display_count_colours (texture), >, 20);
}

/* The stage captions of the stage shown, inside the window. */
static void
check_captions (KvWindow *window)
{
  KvProductPane *pane = pane_of (window);
  KvProductStage stage = kv_product_pane_get_stage (pane);
  g_autofree char *stage_text = g_strdup_printf (_("Stage %u of %u"), (guint) stage, 3u);

  assert_caption (window, kv_product_pane_stage_title (stage));
  assert_caption (window, stage_text);
  assert_caption (window, kv_product_pane_get_counts (pane));
  g_assert_cmpstr (kv_product_pane_get_counts (pane), !=, "");
}

/* Hovers the node @node of @panel as the pointer would. */
static void
hover (KvWindow       *window,
       KvProductPanel  panel,
       int             node)
{
  KvCanvas *canvas = canvas_of (window, panel);
  double x = -1000, y = -1000;

  if (node >= 0)
    g_assert_true (kv_canvas_get_node_center (canvas, node, &x, &y));
  g_assert_cmpint (kv_canvas_hover_at (canvas, x, y), ==, node);
  kv_display_wait (20);
}

static gboolean
is_marked (KvCanvas *canvas,
           int       node)
{
  const KvBits *marked = kv_canvas_get_marked_nodes (canvas);

  return marked != NULL && node >= 0 && kv_bits_get (marked, node);
}

/* The actual pair rings M's actual world and A's actual event, and back. */
static void
check_hover (KvWindow *window)
{
  const KvProductView *view = kv_product_pane_get_product (pane_of (window));
  KvCanvas *model = canvas_of (window, KV_PRODUCT_PANEL_MODEL);
  KvCanvas *action = canvas_of (window, KV_PRODUCT_PANEL_ACTION);
  KvCanvas *product = canvas_of (window, KV_PRODUCT_PANEL_PRODUCT);
  const KvScene *model_scene = kv_canvas_get_scene (model);
  const KvGraph *pairs = kv_canvas_get_layout (product)->graph;
  const KvGraph *events = kv_canvas_get_layout (action)->graph;
  int pair = kv_graph_actual (pairs);
  int actual_world = kv_scene_node_of (model_scene, view->before->actual);
  int actual_event = kv_graph_actual (events);

  g_assert_true (model_scene->model == view->before);
  g_assert_cmpint (pair, >=, 0);
  g_assert_cmpint (actual_world, >=, 0);
  g_assert_cmpint (actual_event, >=, 0);

  hover (window, KV_PRODUCT_PANEL_PRODUCT, pair);
  g_assert_true (is_marked (model, actual_world));
  g_assert_true (is_marked (action, actual_event));
  /* Only the pair's own world (or envelope) and event. */
  g_assert_cmpuint (kv_bits_count (kv_canvas_get_marked_nodes (action)), ==, 1);
  g_assert_null (kv_canvas_get_marked_nodes (product));

  /* M's actual world: its pairs, one per event here (the pairs stage). */
  hover (window, KV_PRODUCT_PANEL_MODEL, actual_world);
  g_assert_true (is_marked (product, pair));
  g_assert_cmpuint (kv_bits_count (kv_canvas_get_marked_nodes (product)), ==, view->action->n_events);
  g_assert_null (kv_canvas_get_marked_nodes (model));

  /* Nothing hovered: no rings. */
  hover (window, KV_PRODUCT_PANEL_MODEL, -1);
  g_assert_null (kv_canvas_get_marked_nodes (product));
  g_assert_null (kv_canvas_get_marked_nodes (action));
}

static void
test_parts (gconstpointer data)
{
  const Size *size = data;
  KvWindow *window = kv_display_new_window (size->width, size->height);
  g_autoptr(GError) error = NULL;
  KvProductPane *pane;
  KvHistory *history;
  GtkDropDown *dropdown;
  g_autofree char *caption1 = NULL, *caption2 = NULL;
  guint part1_after;

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  history = kv_window_get_history (window);
  kv_window_select_step (window, SUGGEST_STEP);
  kv_window_set_product_mode (window, TRUE);
  g_assert_true (kv_window_get_product_mode (window));
  pane = pane_of (window);
  g_assert_true (kv_display_wait_for_product (window, 30000));

  /* Part 1 of 2: 3's nocard, on the history's model before the suggestion. */
  g_assert_cmpuint (kv_product_pane_get_n_parts (pane), ==, 2);
  g_assert_cmpuint (kv_product_pane_get_part (pane), ==, 0);
  /* TRANSLATORS: as in kv-product-pane.c */
  caption1 = g_strdup_printf (_("Part %u of %u:"), 1u, 2u);
  caption2 = g_strdup_printf (_("Part %u of %u:"), 2u, 2u);
  g_assert_cmpstr (kv_product_pane_get_part_caption (pane), ==, caption1);
  g_assert_true (strcmp (caption1, "Part 1 of 2:") == 0 || strcmp (kv_display_language (), "nl") == 0);
  if (strcmp (kv_display_language (), "nl") == 0)
    g_assert_cmpstr (caption1, ==, "Deel 1 van 2:");
  assert_caption (window, caption1);
  dropdown = find_part_dropdown (kv_window_get_product_pane (window), 2);
  g_assert_nonnull (dropdown);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dropdown)));
  kv_display_assert_inside (GTK_WIDGET (dropdown), GTK_WIDGET (window), "the part selector");
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  /* In words, as the history says it (it said "nocard 3 axe Mustard"). */
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), 0), ==,
                   strcmp (kv_display_language (), "nl") == 0 ? "3 heeft geen van axe, Mustard"
                                                               : "3 holds none of axe, Mustard");
  g_assert_true (kv_product_pane_get_product (pane)->before == kv_history_get (history, SUGGEST_STEP - 1)->model);
  check_captions (window);
  check_hover (window);
  screenshot (window, size, "part1");

  /* Page Down through the stages, and on from the last to part 2. */
  part1_after = kv_product_pane_get_product (pane)->after->n_worlds;
  for (guint i = 0; i < 2; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-next", NULL));
  g_assert_cmpint (kv_product_pane_get_stage (pane), ==, KV_PRODUCT_STAGE_RESULT);
  g_assert_true (kv_display_wait_for_product (window, 30000));
  check_captions (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-next", NULL));
  g_assert_cmpuint (kv_product_pane_get_part (pane), ==, 1);
  g_assert_cmpint (kv_product_pane_get_stage (pane), ==, KV_PRODUCT_STAGE_PAIRS);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 1);
  g_assert_cmpstr (kv_product_pane_get_part_caption (pane), ==, caption2);
  assert_caption (window, caption2);
  g_assert_true (kv_display_wait_for_product (window, 30000));

  /* Part 2 acts on part 1's result and ends at the history's model. */
  g_assert_cmpuint (kv_product_pane_get_product (pane)->before->n_worlds, ==, part1_after);
  g_assert_cmpuint (kv_product_pane_get_product (pane)->after->n_worlds, ==,
                    kv_history_get (history, SUGGEST_STEP)->model->n_worlds);
  g_assert_true (g_str_has_prefix (kv_product_pane_get_product (pane)->step_del, "showcard"));
  check_captions (window);
  check_hover (window);
  screenshot (window, size, "part2");

  /* Back: Page Up from part 2's first stage is part 1's last; the
   * selector picks a part directly. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.product-previous", NULL));
  g_assert_cmpuint (kv_product_pane_get_part (pane), ==, 0);
  g_assert_cmpint (kv_product_pane_get_stage (pane), ==, KV_PRODUCT_STAGE_RESULT);
  gtk_drop_down_set_selected (dropdown, 1);
  g_assert_cmpuint (kv_product_pane_get_part (pane), ==, 1);
  g_assert_cmpint (kv_product_pane_get_stage (pane), ==, KV_PRODUCT_STAGE_PAIRS);
  g_assert_true (kv_display_wait_for_product (window, 30000));

  /* Another step is one part: no selector. */
  kv_window_select_step (window, SUGGEST_STEP + 1);
  g_assert_true (kv_window_get_product_mode (window));
  g_assert_cmpuint (kv_product_pane_get_n_parts (pane), ==, 1);
  g_assert_null (kv_product_pane_get_part_caption (pane));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (dropdown)));
  g_assert_true (kv_display_wait_for_product (window, 30000));

  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  int status;

  /* In the language of the environment. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-product-parts", TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/product-parts/%s/%dx%d", kv_display_language (),
                                               sizes[i].width, sizes[i].height);

      g_test_add_data_func (path, &sizes[i], test_parts);
    }

  status = g_test_run ();
  kv_display_finish (NULL, g_steal_pointer (&state_dir));
  return status;
}
