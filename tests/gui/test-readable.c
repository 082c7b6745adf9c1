// SPDX-License-Identifier: GPL-3.0-or-later
/* test-readable.c: the table and the explanation a class reads (issue 30).
 *
 * Every step of Hexa, Clue 11's script, twocards and real Cluedo's script
 * (`cluedo`, on the symbolic engine), at 1024×700 and 1280×720, at the
 * desk and in presentation mode — as it starts, and with the table alone
 * (T) — in the environment's language (meson runs it in English and in
 * Dutch): no label of the knowledge table, the explanation or the
 * presentation strip is under 12 px, none of the table and explanation
 * under 24 px in presentation mode, and none is ellipsized or given less
 * room than it needs (cut); presenting, the table does not scroll
 * sideways (where it would beside the picture, the picture has the
 * explanation beside it, and T shows the table); the first row a step
 * changed is in sight; no table widens the window past the screen. Screenshots
 * readable-LANG-GAME-MODE-WxH.png of the last step in the build dir.
 */
#define G_LOG_DOMAIN "test-readable"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "kv-display-util.h"
#include "kv-knowledge-table.h"
#include "kv-window-private.h"

typedef enum {
  AT_DESK,
  PRESENTING,        /* the layout the window picks */
  PRESENTING_TABLE,  /* T: the table and the explanation alone */
} Mode;

static const char *const mode_names[] = { "desk", "present", "present-table" };

typedef struct {
  int  width;
  int  height;
  Mode mode;
} Case;

static KvWindow *window;

/* Every label shown under @widget: at least @min_px, whole. Returns how
 * many were looked at. */
static guint
check_labels (GtkWidget  *widget,
              double      min_px,
              const char *where)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      /* gtk_widget_measure () counts the margins, the allocation does not. */
      int width = gtk_widget_get_width (widget) + gtk_widget_get_margin_start (widget) +
                  gtk_widget_get_margin_end (widget);
      int height = gtk_widget_get_height (widget) + gtk_widget_get_margin_top (widget) +
                   gtk_widget_get_margin_bottom (widget);
      int min_width = 0, min_height = 0;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &min_height, NULL, NULL, NULL);
      if (kv_display_text_px (widget) < min_px - 0.05)
        g_error ("%s: “%s” is %.1f px, under %.0f", where, text, kv_display_text_px (widget), min_px);
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
        g_error ("%s: “%s” is ellipsized", where, text);
      if (width < min_width || height < min_height)
        g_error ("%s: “%s” is cut: %d×%d px for %d×%d", where, text, width, height, min_width, min_height);
      n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += check_labels (child, min_px, where);
  return n;
}

/* The table shown is all in sight across: no column past its edge. */
static void
check_not_sideways (const char *where)
{
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (kv_knowledge_table_get_scroller (table)));

  if (!gtk_widget_get_mapped (GTK_WIDGET (table)))
    return;
  if (gtk_adjustment_get_upper (h) > gtk_adjustment_get_page_size (h) + 0.5)
    g_error ("%s: the table is %.0f px wide in %.0f px: it scrolls sideways", where,
             gtk_adjustment_get_upper (h), gtk_adjustment_get_page_size (h));
}

/* The first descendant of @widget of type @type, or NULL. */
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first card row the step changed (a cell marked learned) is in
 * sight, whole, in the table's rows: Cluedo's 21 rows are taller than a
 * slide, and "everyone now knows that 3 holds wrench" pointed at a row
 * below its edge. */
static void
check_changed_in_sight (const char *where)
{
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  const KvGame *game = kv_window_get_history (window)->game;
  GtkWidget *rows, *label;
  graphene_rect_t bounds;
  const char *changed = NULL;

  if (!gtk_widget_get_mapped (GTK_WIDGET (table)))
    return;
  for (guint card = 0; card < game->n_cards && changed == NULL; card++)
    for (guint column = 0; column < game->n_agents + 2 && changed == NULL; column++)
      {
        gboolean learned = FALSE;

        kv_knowledge_table_get_cell (table, game->card_names[card], column, &learned);
        if (learned)
          changed = game->card_names[card];
      }
  if (changed == NULL)
    return;
  rows = find_type (kv_knowledge_table_get_scroller (table), GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (rows);
  /* It scrolls there a few frames after the rows change. */
  for (guint waited = 0;; waited += 20)
    {
      label = kv_display_find_label (rows, changed);
      if (label != NULL && gtk_widget_compute_bounds (label, rows, &bounds) && bounds.origin.y >= -0.5 &&
          bounds.origin.y + bounds.size.height <= gtk_widget_get_height (rows) + 0.5)
        return;
      if (waited >= 500)
        g_error ("%s: the row of %s, which the step changed, is out of sight", where, changed);
      kv_display_wait (20);
    }
}

static void
set_mode (Mode mode)
{
  kv_window_set_presenting (window, mode != AT_DESK);
  /* Full screen is the screen's size: shown at the size under test. */
  gtk_window_unfullscreen (GTK_WINDOW (window));
  if (mode == PRESENTING_TABLE)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.present-layout", "s", "table");
  kv_display_wait (200);
}

static void
test_readable (gconstpointer data)
{
  static const char *const games[] = { "hexa", "clue11", "twocards", "cluedo" };
  const Case *c = data;
  g_autoptr(GError) error = NULL;

  window = kv_display_new_window (c->width, c->height);
  kv_window_set_autosave (window, FALSE);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      guint n_steps;

      g_assert_true (kv_window_open (window, games[g], &error));
      g_assert_no_error (error);
      set_mode (c->mode);
      n_steps = kv_history_length (kv_window_get_history (window));
      for (guint step = 0; step < n_steps; step++)
        {
          g_autofree char *where = g_strdup_printf ("%s %d×%d %s, %s step %u", kv_display_language (),
                                                    c->width, c->height, mode_names[c->mode], games[g], step);
          guint n;

          kv_window_select_step (window, step);
          g_assert_true (kv_display_wait_for_canvas (window, 30000));
          /* The table and the explanation; in presentation mode the
           * strip too (12 px: it is neither). */
          n = check_labels (window->right_pane, c->mode == AT_DESK ? 12 : 24, where);
          check_changed_in_sight (where);
          if (c->mode != AT_DESK)
            {
              n += check_labels (window->present_strip, 12, where);
              check_not_sideways (where);
            }
          /* No table widens the window past the screen. */
          if (gtk_widget_get_width (GTK_WIDGET (window)) > c->width)
            g_error ("%s: the window is %d px wide", where, gtk_widget_get_width (GTK_WIDGET (window)));
          /* The table's labels, unless it stands aside for the picture. */
          g_assert_cmpuint (n, >, gtk_widget_get_mapped (kv_window_get_knowledge_table (window)) ? 5 : 0);
          if (step == n_steps - 1)
            {
              g_autofree char *name = g_strdup_printf ("readable-%s-%s-%s-%dx%d.png", kv_display_language (),
                                                       games[g], mode_names[c->mode], c->width, c->height);

              g_test_message ("%s: %u labels", where, n);
              g_object_unref (kv_display_save_png (GTK_WIDGET (window), name));
            }
        }
    }
  kv_window_set_presenting (window, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
  window = NULL;
}

int
main (int   argc,
      char *argv[])
{
  static const Case cases[] = {
    { 1024, 700, AT_DESK }, { 1280, 720, AT_DESK },
    { 1024, 700, PRESENTING }, { 1280, 720, PRESENTING },
    { 1024, 700, PRESENTING_TABLE }, { 1280, 720, PRESENTING_TABLE },
  };
  g_autofree char *state_dir = kv_display_init (&argc, &argv, "kv-test-readable", TRUE);
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/readable/%s/%s/%dx%d", kv_display_language (),
                                               mode_names[cases[i].mode], cases[i].width, cases[i].height);

      g_test_add_data_func (path, &cases[i], test_readable);
    }
  status = g_test_run ();
  kv_display_finish (NULL, g_steal_pointer (&state_dir));
  return status;
}
