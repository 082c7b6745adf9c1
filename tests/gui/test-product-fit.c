// SPDX-License-Identifier: GPL-3.0-or-later
/* test-product-fit.c: the product view is readable at the default size
 * (issue 10, item 8), in the language of the environment (meson runs it
 * in English and in Dutch).
 *
 * At 1024×700 and 1280×720, the product view of Clue 11's first suggestion
 * (2 shows Plum to 1: a showcard on 47 040 worlds, drawn by envelope) and
 * of Hexa's showcard, at every stage: each of the three panels — M, A and
 * the stage of M ⊗ A — fitted to its place draws its labels and its
 * legend's text at least 12 px high (the panels share the width by what
 * their drawings need, kv-product-pane-shares.c), and no label of the
 * pane is ellipsized or breaks a word across lines. Twocards too: M's twelve
 * deals and the result's 24 worlds in a grid (a row per card of 1, a
 * column per card of 2), A's twelve events in one (a row per card shown
 * to 1, a column per card shown to 2), the 144 pairs in the matrix W × E.
 * Screenshots product-fit-LANG-GAME-WxH-STAGE.png in the build dir.
 */
#define G_LOG_DOMAIN "test-product-fit"
#include "config.h"

#include <adwaita.h>

#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-window-private.h"

#include "kv-canvas-view.h"
#include "kv-product-pane.h"

/* Item 8 of issue 10 asked for 11 px; issue 30 for 12 px everywhere. */
#define MIN_TEXT_PX KV_STYLE_MIN_TEXT_PX

typedef struct {
  const char *game;
  guint       step;     /* the entry shown as a product */
  int         width;
  int         height;
} Case;

/* Every panel at every stage, in both languages (meson runs each). */
static const Case cases[] = {
  { "clue11", 1, 1024, 700 },
  { "clue11", 1, 1280, 720 },
  { "hexa-show", 1, 1024, 700 },
  { "hexa-show", 1, 1280, 720 },
  { "twocards", 1, 1024, 700 },
  { "twocards", 1, 1280, 720 },
};

static const char *const panel_names[] = { "M", "A", "M ⊗ A" };

static void
screenshot (KvWindow       *window,
            const Case     *c,
            KvProductStage  stage)
{
  g_autofree char *name = g_strdup_printf ("product-fit-%s-%s-%dx%d-%s.png", kv_display_language (),
                                           c->game, c->width, c->height,
                                           kv_product_stage_to_string (stage));

  g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
}

/* Every label shown under @widget whole: not ellipsized ("A — the
 * acti…" at 1024 px), no word broken across lines ("the actual one is
 * Plu-" / "m"): each line after the first starts a word. */
static void
check_labels_whole (GtkWidget  *widget,
                    const char *where)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      const char *text = pango_layout_get_text (layout);
      const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly (layout, NULL);

      if (pango_layout_is_ellipsized (layout))
        g_error ("%s: “%s” is ellipsized", where, gtk_label_get_text (GTK_LABEL (widget)));
      for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
        {
          int start = ((PangoLayoutLine *) l->data)->start_index;
          glong offset = g_utf8_pointer_to_offset (text, text + start);

          if (start > 0 && !attrs[offset].is_word_start && !g_unichar_isspace (g_utf8_get_char (text + start)))
            g_error ("%s: “%s” breaks a word across lines", where, text);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_labels_whole (child, where);
}

static void
test_fit (gconstpointer data)
{
  const Case *c = data;
  KvWindow *window = kv_display_new_window (c->width, c->height);
  g_autoptr(GError) error = NULL;
  KvProductPane *pane;

  g_assert_true (kv_window_open (window, c->game, &error));
  g_assert_no_error (error);
  kv_window_select_step (window, c->step);
  kv_window_set_product_mode (window, TRUE);
  pane = KV_PRODUCT_PANE (kv_window_get_product_pane (window));

  for (KvProductStage stage = KV_PRODUCT_STAGE_PAIRS; stage <= KV_PRODUCT_STAGE_RESULT; stage++)
    {
      kv_product_pane_set_stage (pane, stage);
      g_assert_true (kv_display_wait_for_product (window, 30000));

      for (KvProductPanel panel = KV_PRODUCT_PANEL_MODEL; panel <= KV_PRODUCT_PANEL_PRODUCT; panel++)
        {
          KvCanvas *canvas = kv_canvas_view_get_canvas (kv_product_pane_get_panel (pane, panel));
          graphene_rect_t legend;
          double size, legend_size;

          g_assert_nonnull (kv_canvas_get_layout (canvas));
          kv_canvas_zoom_fit (canvas);
          size = kv_canvas_get_label_size (canvas);
          legend_size = kv_canvas_get_legend_text_size (canvas);
          g_test_message ("%s %s %d×%d, stage %s, %s: labels %.2f px, legend %.2f px in %d×%d",
                          kv_display_language (), c->game, c->width, c->height,
                          kv_product_stage_to_string (stage), panel_names[panel], size, legend_size,
                          gtk_widget_get_width (GTK_WIDGET (canvas)),
                          gtk_widget_get_height (GTK_WIDGET (canvas)));
          g_assert_cmpfloat (size, >=, MIN_TEXT_PX);
          /* Every panel has a legend (its agents' lines, its notes), in
           * view and at least as legible as the labels are asked to be. */
          g_assert_true (kv_canvas_get_legend_bounds (canvas, &legend));
          g_assert_cmpfloat (legend.origin.x, >=, -0.5);
          g_assert_cmpfloat (legend.origin.y, >=, -0.5);
          g_assert_cmpfloat (legend.origin.x + legend.size.width, <=, gtk_widget_get_width (GTK_WIDGET (canvas)) + 0.5);
          g_assert_cmpfloat (legend.origin.y + legend.size.height, <=, gtk_widget_get_height (GTK_WIDGET (canvas)) + 0.5);
          g_assert_cmpfloat (legend_size, >=, MIN_TEXT_PX);
        }
      {
        g_autofree char *where = g_strdup_printf ("%s %s %d×%d, stage %s", kv_display_language (), c->game,
                                                  c->width, c->height, kv_product_stage_to_string (stage));

        check_labels_whole (GTK_WIDGET (pane), where);
      }
      kv_display_wait (50);
      screenshot (window, c, stage);
    }

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
  state_dir = kv_display_init (&argc, &argv, "kv-test-product-fit", TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/product-fit/%s/%s/%dx%d", kv_display_language (),
                                               cases[i].game, cases[i].width, cases[i].height);

      g_test_add_data_func (path, &cases[i], test_fit);
    }

  status = g_test_run ();
  kv_display_finish (NULL, g_steal_pointer (&state_dir));
  return status;
}
