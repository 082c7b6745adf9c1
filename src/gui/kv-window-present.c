// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-present.c: presentation mode (F5) — full screen, the picture
 * large, a one-line step strip for the header bar and the history, and the
 * keys of a presenter's clicker. */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-lesson-pane.h"
#include "kv-product-pane.h"
#include "kv-step-item.h"
#include "kv-window-private.h"

/* Presentation mode's one-line history: the step, what it did, the game. */
void
_kv_window_update_strip (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  g_autoptr(KvStepItem) item = NULL;
  g_autofree char *text = NULL;

  if (!self->presenting)
    return;
  if (entry == NULL)
    {
      gtk_label_set_text (self->strip_label, "");
      gtk_label_set_text (self->strip_title, "");
      return;
    }

  if (step_of (self) < g_list_model_get_n_items (G_LIST_MODEL (self->steps)))
    item = g_list_model_get_item (G_LIST_MODEL (self->steps), step_of (self));
  /* TRANSLATORS: presentation mode's step strip, e.g. "Step 3 of 8 · 2 ends the move" */
  text = g_strdup_printf (_("Step %u of %u · %s"), step_of (self),
                          kv_history_length (history_of (self)) - 1,
                          item != NULL ? kv_step_item_get_words (item) : "");
  gtk_label_set_text (self->strip_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->strip_label),
                               item != NULL ? kv_step_item_get_del (item) : NULL);
  gtk_label_set_text (self->strip_title, adw_window_title_get_title (self->window_title));
}

/* The window's width: its widget's, which a table bounded by it cannot
 * widen (the surface's also holds the shadows round a window not full
 * screen, and a table as wide as that widened the window past a 1024 px
 * screen, step by step). */
static int
window_width (KvWindow *self)
{
  return gtk_widget_get_width (GTK_WIDGET (self));
}

/* The table alone has the explanation beside it when both fit across
 * (the explanation 300 px), else under it. */
static gboolean
explanation_beside (KvWindow *self)
{
  int width = window_width (self);

  return width > 0 && kv_knowledge_table_get_width_at (self->knowledge_table, 24) + 300 <= width;
}

/* A picture whose every world a class can follow (Hexa's six): it stays
 * on screen, the table beside it scrolling sideways. */
static gboolean
picture_carries_lesson (KvWindow *self)
{
  KvState *state = kv_session_get_state (self->session);

  return state != NULL && kv_state_model (state) != NULL && kv_state_count_worlds (state) <= 64;
}

/* In presentation mode, beside the picture, the table (in large print)
 * takes half the screen; beside a small picture (Hexa's six worlds),
 * what its columns need up to all but PICTURE_MIN_WIDTH: Hexa's hexagon
 * and legend whole at 18 px. Where its columns need more (Hexa at
 * 1024 px), the table would scroll sideways, cut: the picture has the
 * explanation beside it instead, and T shows the table. Alone, the table
 * has the whole width but the explanation's column. */
#define PICTURE_MIN_WIDTH 450

/* The room beside the picture, presenting both: all but the picture's
 * least for a picture that carries the lesson, else half. */
static int
room_beside_picture (KvWindow *self,
                     int       width)
{
  return picture_carries_lesson (self) ? MAX (width / 2, width - PICTURE_MIN_WIDTH) : width / 2;
}

/* The room across for the table presenting @layout: beside the picture,
 * or alone, all the width but the explanation's when that is beside it. */
static int
table_room (KvWindow        *self,
            KvPresentLayout  layout)
{
  int width = window_width (self);

  if (layout != KV_PRESENT_TABLE)
    return room_beside_picture (self, width);
  return explanation_beside (self) ? width - 300 : width;
}

/* The table's print presenting, in pixels: style.css's large print,
 * 24 px, or where its columns would not fit @room, the largest smaller
 * one that does (22, 20 or 19 px; else the smallest, scrolling least) —
 * though never below what 24 px on a 1280 px screen is on the wall (to
 * the pixel), as a projector enlarges a narrower screen to the same size.
 * Six players' eight columns, 1 250 px at 24 px, fit a 1024 px screen at
 * 19 px. */
static int
table_print (KvWindow *self,
             int       room)
{
  static const int prints[] = { 24, 22, 20, KV_KNOWLEDGE_TABLE_LEAST_PRINT };
  int width = window_width (self);
  int print = prints[0];

  for (guint i = 0; i < G_N_ELEMENTS (prints) && width > 0 && prints[i] >= 24 * width / 1280; i++)
    {
      print = prints[i];
      if (kv_knowledge_table_get_width_at (self->knowledge_table, print) <= room)
        break;
    }
  return print;
}

/* The print chosen for @layout, given to the table. */
static void
update_table_print (KvWindow        *self,
                    KvPresentLayout  layout)
{
  self->table_print = self->presenting && !self->product_mode ? table_print (self, table_room (self, layout)) : 24;
  kv_knowledge_table_set_print (self->knowledge_table, self->table_print == 24 ? 0 : self->table_print);
}

/* Whether the table shows beside the picture (presenting both): when its
 * columns, measured in their print, fit the room there. */
static gboolean
table_beside_picture (KvWindow *self)
{
  return window_width (self) <= 0 ||
         kv_knowledge_table_get_width_at (self->knowledge_table, self->table_print) <= table_room (self, KV_PRESENT_BOTH);
}

/* The most the table asks the window for. Alone, no more than its
 * columns in the least print (its natural width is still all of them): a
 * window full screen on a laptop must narrow to a projector's 1024 px to
 * choose that print there, and a table asking for its 24 px width kept it
 * wider than the screen. Beside the picture, all it shows, which the
 * picture's pane leaves it. */
static void
update_table_width (KvWindow *self)
{
  int bound = -1;

  if (self->presenting && window_width (self) > 0)
    bound = table_room (self, self->present_layout);
  if (bound >= 0 && self->present_layout == KV_PRESENT_TABLE)
    {
      int least = kv_knowledge_table_get_width_at (self->knowledge_table, KV_KNOWLEDGE_TABLE_LEAST_PRINT);

      if (least > 0)   /* 0: not measured yet */
        bound = MIN (bound, least);
    }
  kv_knowledge_table_set_max_width (self->knowledge_table, bound);
}

static gboolean
apply_again (gpointer data)
{
  KvWindow *self = data;

  self->present_again = 0;
  _kv_window_apply_layout (self);
  return G_SOURCE_REMOVE;
}

/* The layout chosen and applied again in @ms (0: once idle), unless that
 * is already to come. */
static void
apply_later (KvWindow *self,
             guint     ms)
{
  if (self->present_again == 0)
    self->present_again = ms > 0 ? g_timeout_add (ms, apply_again, self) : g_idle_add (apply_again, self);
}

/* Until the teacher picks one: the table alone when, in large print, it
 * would not fit beside a picture too big to follow (Clue 11, real
 * Cluedo), else both. Chosen again when the window's width changes (full
 * screen arriving), until the teacher picks. */
static void
choose_layout (KvWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  int width = surface != NULL ? gdk_surface_get_width (surface) : 0;
  KvPresentLayout layout;

  int table;

  if (width <= 0)
    width = 1280;
  /* style.css's large print: 24 px. */
  table = kv_knowledge_table_get_width_at (self->knowledge_table, 24);
  if (table == 0)
    /* A game just opened: its columns are measured when it is shown. */
    apply_later (self, 100);
  /* A lesson's words and questions are under the picture: they stay. */
  layout = table > width / 2 && !picture_carries_lesson (self)
           && !kv_lesson_pane_get_active (KV_LESSON_PANE (self->lesson_pane)) ? KV_PRESENT_TABLE : KV_PRESENT_BOTH;
  if (layout == self->present_layout)
    return;
  self->present_layout = layout;
  g_object_notify (G_OBJECT (self), "present-layout");
}

/* Presenting a lesson, its words stand where the step's explanation
 * stands, under (or beside) the table: the picture keeps its column's
 * whole height (Hexa's hexagon and legend at 18 px, where under it the
 * lesson left a strip the picture scrolled in), the narration the table's
 * width. At the desk, with the picture alone, or on a screen narrower than
 * LESSON_BESIDE_MIN_WIDTH (where the lesson's row of buttons in large
 * print, 770 px in Dutch, would not fit beside the picture's 380), they
 * are under the picture. */
#define LESSON_BESIDE_MIN_WIDTH 1200

static gboolean
lesson_beside_table (KvWindow *self, KvPresentLayout layout)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  int width = surface != NULL ? gdk_surface_get_width (surface) : 0;

  if (!self->presenting || layout == KV_PRESENT_PICTURE
      || !kv_lesson_pane_get_active (KV_LESSON_PANE (self->lesson_pane)))
    return FALSE;
  return layout == KV_PRESENT_TABLE || width >= LESSON_BESIDE_MIN_WIDTH;
}

/* The least width of the words (the explanation, a lesson's) in the
 * right column: beside the table alone 300 px; beside the picture
 * without the table two fifths of the width, the picture the rest
 * (Hexa's legend whole at 1024 px; a lesson's words lines of several
 * words, not two); under the table, its width (-1). */
static int
words_width (KvWindow *self, KvPresentLayout layout)
{
  if (layout == KV_PRESENT_TABLE)
    return 300;
  return gtk_widget_get_visible (GTK_WIDGET (self->knowledge_table)) ? -1 : window_width (self) * 2 / 5;
}

static void
place_lesson_pane (KvWindow *self, KvPresentLayout layout)
{
  gboolean beside = lesson_beside_table (self, layout);
  GtkWidget *home = beside ? self->right_pane : self->picture_column;
  GtkWidget *parent = gtk_widget_get_parent (self->lesson_pane);

  if (parent != home)
    {
      g_object_ref (self->lesson_pane);
      gtk_box_remove (GTK_BOX (parent), self->lesson_pane);
      if (beside)
        gtk_box_append (GTK_BOX (home), self->lesson_pane);
      else
        gtk_box_insert_child_after (GTK_BOX (home), self->lesson_pane, GTK_WIDGET (self->canvas_stack));
      g_object_unref (self->lesson_pane);
    }
  gtk_widget_set_hexpand (self->lesson_pane, beside && layout == KV_PRESENT_TABLE);
  gtk_widget_set_size_request (self->lesson_pane, beside ? words_width (self, layout) : -1, -1);
  _kv_window_show_explanation (self);
}

void
_kv_window_show_explanation (KvWindow *self)
{
  gboolean has_text = *gtk_label_get_text (self->explanation_label) != '\0';
  gboolean lesson_there = gtk_widget_get_parent (self->lesson_pane) == self->right_pane
                          && kv_lesson_pane_get_active (KV_LESSON_PANE (self->lesson_pane));

  gtk_widget_set_visible (self->explanation_box, has_text && !lesson_there);
}

/* The picture, the table (with the explanation) or both; the table alone
 * has the explanation beside it, where the rows leave no room under it. */
void
_kv_window_apply_layout (KvWindow *self)
{
  KvPresentLayout layout;

  if (self->presenting && !self->present_layout_chosen)
    choose_layout (self);
  /* The product view's three panels take the table's room too, and the
   * formula bar's (its worlds are lit in the main picture, and Ctrl+L
   * goes back there): at 1024×700 their text needs every line. So does
   * the picture when presenting. */
  layout = self->product_mode ? KV_PRESENT_PICTURE : self->presenting ? self->present_layout : KV_PRESENT_BOTH;
  update_table_print (self, layout);
  gtk_widget_set_visible (GTK_WIDGET (self->formula_bar), !self->presenting && !self->product_mode);
  gtk_widget_set_visible (self->layout_switch, !self->product_mode);

  gtk_widget_set_visible (gtk_paned_get_start_child (self->inner_paned), layout != KV_PRESENT_TABLE);
  gtk_widget_set_visible (self->right_pane, layout != KV_PRESENT_PICTURE);
  gtk_widget_set_visible (GTK_WIDGET (self->knowledge_table),
                          !self->presenting || layout != KV_PRESENT_BOTH || table_beside_picture (self));
  gtk_widget_set_visible (self->table_hint, !gtk_widget_get_visible (GTK_WIDGET (self->knowledge_table)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->right_pane),
                                  layout == KV_PRESENT_TABLE && explanation_beside (self)
                                  ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_hexpand (self->right_pane, layout == KV_PRESENT_TABLE);
  gtk_widget_set_hexpand (self->explanation_box, layout == KV_PRESENT_TABLE);
  gtk_widget_set_size_request (self->explanation_box, words_width (self, layout), -1);
  /* While presenting, no heading (the strip says the step); the room's
   * eyes go to the explanation first: it takes the height it needs, the
   * table (scrolling) the rest. */
  gtk_widget_set_visible (self->explanation_heading, !self->presenting);
  gtk_widget_set_vexpand (GTK_WIDGET (self->knowledge_table), !self->presenting || layout == KV_PRESENT_TABLE);
  place_lesson_pane (self, layout);
  update_table_width (self);
}

static const char *const layout_nicks[] = { "both", "picture", "table" };

const char *
_kv_window_present_layout_nick (KvPresentLayout layout)
{
  g_return_val_if_fail (layout < G_N_ELEMENTS (layout_nicks), "both");
  return layout_nicks[layout];
}

KvPresentLayout
_kv_window_present_layout_from_nick (const char *nick)
{
  for (guint i = 0; i < G_N_ELEMENTS (layout_nicks); i++)
    if (g_strcmp0 (nick, layout_nicks[i]) == 0)
      return (KvPresentLayout) i;
  return KV_PRESENT_BOTH;
}

void
_kv_window_set_present_layout (KvWindow        *self,
                               KvPresentLayout  layout)
{
  self->present_layout_chosen = TRUE;
  if (self->present_layout == layout)
    return;
  self->present_layout = layout;
  _kv_window_apply_layout (self);
  g_object_notify (G_OBJECT (self), "present-layout");
}

/* The surface's width (on_realize) comes before the window's own: a
 * window full screen on a laptop that a projector narrows to 1024 px
 * chose its layout and print for the old width, which the window kept. */
void
_kv_window_present_allocated (KvWindow *self,
                              int       width)
{
  if (!self->presenting || width == self->present_width)
    return;
  self->present_width = width;
  apply_later (self, 0);
}

static void
on_realize (KvWindow *self)
{
  g_signal_connect_object (gtk_native_get_surface (GTK_NATIVE (self)), "notify::width",
                           G_CALLBACK (_kv_window_apply_layout), self, G_CONNECT_SWAPPED);
  _kv_window_apply_layout (self);
}

static void
apply_layout_presenting (KvWindow *self)
{
  if (self->presenting)
    _kv_window_apply_layout (self);
}

/* While a lesson's question waits for the class, what would answer it
 * is veiled, its room kept: the table (a star where a player can win)
 * and the step's explanation ("3 now knows the deal"). */
static void
veil_answers (KvWindow *self)
{
  gboolean asking = kv_lesson_pane_get_asking (KV_LESSON_PANE (self->lesson_pane));

  kv_knowledge_table_set_veiled (self->knowledge_table, asking);
  gtk_widget_set_opacity (self->explanation_box, asking ? 0 : 1);
  gtk_widget_set_can_target (self->explanation_box, !asking);
  gtk_widget_set_can_focus (self->explanation_box, !asking);
}

/* Follows the window's width for presentation mode (from kv_window_init). */
void
_kv_window_present_init (KvWindow *self)
{
  self->table_print = 24;
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), NULL);
  /* A lesson opened or left: the layout chosen again; so is the table's
   * place for another game's columns or another step (a picture that
   * carries the lesson or not). */
  g_signal_connect_swapped (self->lesson_pane, "notify::visible", G_CALLBACK (_kv_window_apply_layout), self);
  g_signal_connect_swapped (self->lesson_pane, "notify::asking", G_CALLBACK (veil_answers), self);
  g_signal_connect_swapped (self->knowledge_table, "notify::columns-width",
                            G_CALLBACK (apply_layout_presenting), self);
  g_signal_connect_swapped (self->session, "notify::state", G_CALLBACK (apply_layout_presenting), self);
}

void
_kv_window_set_presenting (KvWindow *self,
                           gboolean  presenting)
{
  presenting = !!presenting;
  if (self->presenting == presenting)
    return;

  self->presenting = presenting;
  if (presenting)
    {
      self->flap_was_revealed = adw_flap_get_reveal_flap (self->flap);
      adw_flap_set_reveal_flap (self->flap, FALSE);
      /* Folding or unfolding (a lesson's words changing the panes' widths)
       * must not bring the history back over the picture. */
      adw_flap_set_locked (self->flap, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self), "presenting");
      gtk_window_fullscreen (GTK_WINDOW (self));
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      gtk_widget_remove_css_class (GTK_WIDGET (self), "presenting");
      /* The product view keeps it folded and locked. */
      adw_flap_set_locked (self->flap, self->product_mode);
      adw_flap_set_reveal_flap (self->flap, self->flap_was_revealed && !self->product_mode);
    }
  /* The strip stands for the header bar and the history; the formula bar
   * makes room for the picture (_kv_window_apply_layout). */
  gtk_widget_set_visible (self->header_bar, !presenting);
  gtk_widget_set_visible (self->present_strip, presenting);
  gtk_event_controller_set_propagation_phase (self->present_keys,
                                              presenting ? GTK_PHASE_CAPTURE : GTK_PHASE_NONE);
  /* The view and the agents are chosen before: the picture takes the room. */
  kv_canvas_view_set_show_toolbar (KV_CANVAS_VIEW (self->canvas), !presenting);
  kv_canvas_set_presenting (kv_canvas_view_get_canvas (KV_CANVAS_VIEW (self->canvas)), presenting);
  kv_product_pane_set_presenting (KV_PRODUCT_PANE (self->product_pane), presenting);
  kv_lesson_pane_set_compact (KV_LESSON_PANE (self->lesson_pane), presenting);
  _kv_window_apply_layout (self);
  _kv_window_update_strip (self);
  if (presenting)
    gtk_widget_grab_focus (self->canvas);
  g_object_notify (G_OBJECT (self), "presenting");
}

typedef enum {
  PRESENT_BACK,
  PRESENT_FORWARD,
  PRESENT_LEAVE,
  PRESENT_FLIP,
} PresentKey;

/* A key of a presenter's clicker (or the keyboard) while presenting; an
 * open menu or a text field keeps its keys. */
static gboolean
on_present_key (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  KvWindow *self = KV_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL))
    return FALSE;

  switch (GPOINTER_TO_INT (user_data))
    {
    case PRESENT_BACK:
      gtk_widget_activate_action (widget, "win.back", NULL);
      break;
    case PRESENT_FORWARD:
      /* In a lesson the clicker walks it: narration, question, reveal, step. */
      if (!kv_lesson_pane_get_active (KV_LESSON_PANE (self->lesson_pane)))
        gtk_widget_activate_action (widget, "win.forward", NULL);
      else
        kv_lesson_pane_next (KV_LESSON_PANE (self->lesson_pane));
      break;
    case PRESENT_LEAVE:
      _kv_window_set_presenting (self, FALSE);
      break;
    case PRESENT_FLIP:
      /* Both → picture → table → both; the product view is a picture. */
      if (!self->product_mode)
        _kv_window_set_present_layout (self, (self->present_layout + 1) % G_N_ELEMENTS (layout_nicks));
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

GtkEventController *
_kv_window_present_keys_new (void)
{
  static const struct {
    guint      keyval;
    PresentKey what;
  } keys[] = {
    { GDK_KEY_Left, PRESENT_BACK },
    { GDK_KEY_Page_Up, PRESENT_BACK },
    { GDK_KEY_KP_Page_Up, PRESENT_BACK },
    { GDK_KEY_BackSpace, PRESENT_BACK },
    { GDK_KEY_Right, PRESENT_FORWARD },
    { GDK_KEY_Page_Down, PRESENT_FORWARD },
    { GDK_KEY_KP_Page_Down, PRESENT_FORWARD },
    { GDK_KEY_space, PRESENT_FORWARD },
    { GDK_KEY_Escape, PRESENT_LEAVE },
    { GDK_KEY_t, PRESENT_FLIP },
    { GDK_KEY_T, PRESENT_FLIP },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "kv-present-keys");
  /* Before any widget sees them, and only while presenting. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                            gtk_callback_action_new (on_present_key,
                                                                                     GINT_TO_POINTER (keys[i].what),
                                                                                     NULL)));
  return controller;
}
