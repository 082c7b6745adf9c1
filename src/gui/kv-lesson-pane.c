// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-pane.c: lesson mode in the window (kv-lesson-pane.h). */
#define G_LOG_DOMAIN "kv-lesson-pane"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-lesson-chooser.h"
#include "kv-lesson-pane.h"

struct _KvLessonPane
{
  GtkBox        parent_instance;

  GtkLabel     *title_label;
  GtkLabel     *score_label;
  GtkToggleButton *edit_button;
  GtkLabel     *narration_label;
  GtkLabel     *question_label;
  GtkLabel     *reveal_label;
  GtkWidget    *editor_box;
  GtkTextView  *editor_view;
  GtkStack     *answer_stack;
  GtkWidget    *agent_box;
  GtkLabel     *predict_label;
  GtkWidget    *retry_button;
  GtkWidget    *next_button;

  GtkWidget    *window;          /* not referenced: it holds the pane */
  KvSession    *session;
  KvCanvasView *canvas;
  GSimpleActionGroup *actions;
  GtkEventController *keys;

  KvLesson     *lesson;
  KvLessonWalk *walk;
  char         *name;            /* the session's game name for it */
  gboolean      opening;         /* putting the lesson in the session */
  gboolean      answered;        /* the question revealed was answered, not skipped */
  GHashTable   *picks;           /* a predict question's items picked (char* set) */
  gboolean      asking;          /* a question is shown, its answer not yet */
};

G_DEFINE_FINAL_TYPE (KvLessonPane, kv_lesson_pane, GTK_TYPE_BOX)

enum { EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_ASKING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
set_asking (KvLessonPane *self, gboolean asking)
{
  if (self->asking == asking)
    return;
  self->asking = asking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASKING]);
}

static KvCanvas *
canvas_of (KvLessonPane *self)
{
  return kv_canvas_view_get_canvas (self->canvas);
}

static void
action_set_enabled (KvLessonPane *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The canvas's marks: the items picked; at a reveal, a tick on each item
 * picked that the step removes, a cross on each picked that stays, and
 * "!" on each the step removes that was not picked: every item that
 * goes is marked, and how the class got it. */
static void
update_marks (KvLessonPane *self)
{
  const KvLessonWalk *walk = self->walk;
  g_autoptr(GHashTable) marks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (walk != NULL && walk->answer != NULL && walk->answer->kind == KV_ASK_PREDICT)
    for (guint i = 0; i < walk->answer->items->len; i++)
      {
        const char *item = g_ptr_array_index (walk->answer->items, i);
        gboolean picked = g_hash_table_contains (self->picks, item);
        gboolean removed = g_array_index (walk->answer->removed, gboolean, i);
        KvCanvasMark mark = KV_CANVAS_MARK_NONE;

        if (walk->phase == KV_WALK_QUESTION && picked)
          mark = KV_CANVAS_MARK_PICKED;
        else if (walk->phase == KV_WALK_REVEAL && walk->marks != NULL && (picked || removed))
          mark = g_array_index (walk->marks, gboolean, i) ? KV_CANVAS_MARK_RIGHT
                 : removed ? KV_CANVAS_MARK_MISSED : KV_CANVAS_MARK_WRONG;
        if (mark != KV_CANVAS_MARK_NONE)
          g_hash_table_insert (marks, g_strdup (item), GINT_TO_POINTER (mark));
      }
  kv_canvas_set_item_marks (canvas_of (self), marks);
}

static void
update_score (KvLessonPane *self)
{
  guint right, answered;
  g_autofree char *text = NULL;

  kv_lesson_walk_score (self->walk, &right, &answered);
  /* TRANSLATORS: the running score of a lesson, e.g. "7 of 9 right" */
  text = answered > 0 ? g_strdup_printf (_("%u of %u right"), right, answered) : g_strdup ("");
  gtk_label_set_text (self->score_label, text);
}

static void
update_title (KvLessonPane *self)
{
  g_autofree char *title = kv_lesson_title (self->lesson, kv_i18n_narration_language ());
  g_autofree char *text = NULL;

  /* TRANSLATORS: the lesson pane's heading: the lesson's title, the step shown and the steps */
  text = g_strdup_printf (_("%s · Step %u of %u"), title, self->walk->entry, kv_lesson_n_steps (self->lesson));
  gtk_label_set_text (self->title_label, text);
}

/* What a reveal says: right or not, and the engine's answer. */
static char *
reveal_text (KvLessonPane *self)
{
  g_autofree char *answer = kv_answer_to_text (self->lesson, self->walk->answer);

  if (!self->answered)
    /* TRANSLATORS: a question passed over with Next; %s is the answer ("true", "wrb, wbr", "1, 3") */
    return g_strdup_printf (_("The answer: %s."), answer);
  if (kv_lesson_walk_right (self->walk))
    /* TRANSLATORS: %s is the answer ("true", "wrb, wbr", "1, 3") */
    return g_strdup_printf (_("Right! The answer: %s."), answer);
  /* TRANSLATORS: %s is the answer ("true", "wrb, wbr", "1, 3") */
  return g_strdup_printf (_("Not quite. The answer: %s."), answer);
}

static void
show_label (GtkLabel *label, const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && text[0] != '\0');
}

static void
show_words (KvLessonPane *self)
{
  const KvLessonWalk *walk = self->walk;
  const KvAsk *ask = kv_lesson_walk_ask (walk);
  g_autofree char *narration = NULL;
  g_autofree char *question = NULL;
  g_autofree char *reveal = NULL;

  if (walk->phase == KV_WALK_NARRATION)
    narration = kv_session_get_narration (self->session, walk->entry, kv_i18n_narration_language ());
  else if (walk->phase == KV_WALK_END)
    narration = g_strdup (_("The end of the lesson."));
  if (ask != NULL)
    question = kv_lesson_question_text (self->lesson, walk->entry, ask, kv_i18n_narration_language ());
  if (walk->phase == KV_WALK_REVEAL)
    reveal = reveal_text (self);
  show_label (self->narration_label, narration);
  show_label (self->question_label, question);
  show_label (self->reveal_label, reveal);
  gtk_widget_remove_css_class (GTK_WIDGET (self->reveal_label), "right");
  gtk_widget_remove_css_class (GTK_WIDGET (self->reveal_label), "wrong");
  if (reveal != NULL && self->answered)
    gtk_widget_add_css_class (GTK_WIDGET (self->reveal_label), kv_lesson_walk_right (walk) ? "right" : "wrong");
}

static void
show_answer_widgets (KvLessonPane *self)
{
  const KvLessonWalk *walk = self->walk;
  const char *page = "none";
  gboolean predict;

  if (walk->phase == KV_WALK_QUESTION)
    switch (walk->answer->kind)
      {
      case KV_ASK_TRUTH: page = "truth"; break;
      case KV_ASK_WIN: page = "win"; break;
      case KV_ASK_PREDICT: page = "predict"; break;
      default: g_assert_not_reached ();
      }
  gtk_stack_set_visible_child_name (self->answer_stack, page);
  predict = walk->phase == KV_WALK_QUESTION && walk->answer->kind == KV_ASK_PREDICT;
  gtk_widget_set_visible (GTK_WIDGET (self->predict_label), predict);
  if (predict)
    {
      g_autofree char *hint = NULL;

      hint = g_strdup_printf (walk->answer->envelopes
                              /* TRANSLATORS: %u envelopes picked on the canvas so far */
                              ? _("Click the envelopes you think will go, then Reveal. Picked: %u.")
                              /* TRANSLATORS: %u worlds picked on the canvas so far */
                              : _("Click the worlds you think will go, then Reveal. Picked: %u."),
                              g_hash_table_size (self->picks));
      gtk_label_set_text (self->predict_label, hint);
    }
  gtk_widget_set_visible (self->retry_button, walk->phase == KV_WALK_REVEAL);
  action_set_enabled (self, "retry", walk->phase == KV_WALK_REVEAL);
  action_set_enabled (self, "next", walk->phase != KV_WALK_END);
  action_set_enabled (self, "reveal", walk->phase == KV_WALK_QUESTION);
  action_set_enabled (self, "answer-truth", walk->phase == KV_WALK_QUESTION);
  action_set_enabled (self, "answer-win", walk->phase == KV_WALK_QUESTION);
}

/* Everything the pane shows, from the walk; the session shows its entry. */
static void
update (KvLessonPane *self)
{
  if (self->walk == NULL)
    return;
  if (kv_session_get_step (self->session) != self->walk->entry)
    kv_session_select_step (self->session, self->walk->entry);
  update_title (self);
  update_score (self);
  show_words (self);
  show_answer_widgets (self);
  update_marks (self);
  set_asking (self, self->walk->phase == KV_WALK_QUESTION);
}

/* A question shown afresh: nothing picked, no player toggled. */
static void
clear_answer (KvLessonPane *self)
{
  g_hash_table_remove_all (self->picks);
  for (GtkWidget *child = gtk_widget_get_first_child (self->agent_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), FALSE);
}

gboolean
kv_lesson_pane_next (KvLessonPane *self)
{
  gboolean moved;

  g_return_val_if_fail (KV_IS_LESSON_PANE (self), FALSE);
  if (self->walk == NULL)
    return FALSE;
  if (self->walk->phase == KV_WALK_QUESTION)
    self->answered = FALSE;
  moved = kv_lesson_walk_next (self->walk);
  if (self->walk->phase == KV_WALK_QUESTION)
    clear_answer (self);
  update (self);
  return moved;
}

static void
on_next (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  kv_lesson_pane_next (data);
}

static void
on_retry (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KvLessonPane *self = data;

  if (self->walk == NULL || self->walk->phase != KV_WALK_REVEAL)
    return;
  kv_lesson_walk_retry (self->walk);
  clear_answer (self);
  update (self);
}

static void
answered (KvLessonPane *self)
{
  self->answered = TRUE;
  update (self);
}

static void
on_answer_truth (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KvLessonPane *self = data;

  if (self->walk == NULL || self->walk->phase != KV_WALK_QUESTION || self->walk->answer->kind != KV_ASK_TRUTH)
    return;
  kv_lesson_walk_answer_truth (self->walk, g_variant_get_boolean (parameter));
  answered (self);
}

static void
on_answer_win (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KvLessonPane *self = data;
  guint32 agents = 0;
  guint a = 0;

  if (self->walk == NULL || self->walk->phase != KV_WALK_QUESTION || self->walk->answer->kind != KV_ASK_WIN)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (self->agent_box); child != NULL;
       child = gtk_widget_get_next_sibling (child), a++)
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      agents |= 1u << a;
  kv_lesson_walk_answer_win (self->walk, agents);
  answered (self);
}

static void
on_reveal (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KvLessonPane *self = data;
  g_autofree const char **picks = NULL;

  if (self->walk == NULL || self->walk->phase != KV_WALK_QUESTION)
    return;
  if (self->walk->answer->kind != KV_ASK_PREDICT)
    {
      kv_lesson_pane_next (self);
      return;
    }
  picks = (const char **) g_hash_table_get_keys_as_array (self->picks, NULL);
  kv_lesson_walk_answer_predict (self->walk, picks);
  answered (self);
}

gboolean
kv_lesson_pane_pick_node (KvLessonPane *self,
                          int           node)
{
  g_auto(GStrv) items = NULL;
  gboolean all_picked = TRUE;

  g_return_val_if_fail (KV_IS_LESSON_PANE (self), FALSE);
  if (self->walk == NULL || self->walk->phase != KV_WALK_QUESTION || self->walk->answer->kind != KV_ASK_PREDICT)
    return FALSE;
  items = kv_canvas_get_node_items (canvas_of (self), node);
  for (guint i = 0; items[i] != NULL; i++)
    all_picked = all_picked && g_hash_table_contains (self->picks, items[i]);
  /* A node showing several worlds picks them all, or unpicks them all. */
  for (guint i = 0; items[i] != NULL; i++)
    if (all_picked)
      g_hash_table_remove (self->picks, items[i]);
    else
      g_hash_table_add (self->picks, g_strdup (items[i]));
  update (self);
  return items[0] != NULL;
}

static void
on_canvas_released (GtkGestureClick *gesture, int n_press, double x, double y, KvLessonPane *self)
{
  int node = kv_canvas_node_at (canvas_of (self), x, y);

  if (node >= 0)
    kv_lesson_pane_pick_node (self, node);
}

/* The players' toggles for "who can win now?". */
static void
fill_agents (KvLessonPane *self)
{
  const KvGame *game = self->lesson->script->game;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->agent_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->agent_box), child);
  for (guint a = 0; a < game->n_agents; a++)
    {
      GtkWidget *toggle = gtk_toggle_button_new_with_label (game->agent_names[a]);

      gtk_widget_add_css_class (toggle, "pill");
      /* TRANSLATORS: a toggle's tooltip in "who can win now?"; %s is a player */
      {
        g_autofree char *tip = g_strdup_printf (_("Player %s can win now"), game->agent_names[a]);
        gtk_widget_set_tooltip_text (toggle, tip);
      }
      gtk_box_append (GTK_BOX (self->agent_box), toggle);
    }
}

/* The name the session knows the lesson's game by: the file's basename
 * without .kvg, or the built-in lesson's name. */
static char *
game_name_for (const char *name_or_path)
{
  g_autofree char *base = g_path_get_basename (name_or_path);

  if (g_str_has_prefix (base, KV_LESSON_PREFIX))
    return g_strdup (base + strlen (KV_LESSON_PREFIX));
  if (g_str_has_suffix (base, ".kvg"))
    base[strlen (base) - strlen (".kvg")] = '\0';
  return g_steal_pointer (&base);
}

static void
set_active (KvLessonPane *self, gboolean active)
{
  gtk_widget_set_visible (GTK_WIDGET (self), active);
  gtk_event_controller_set_propagation_phase (self->keys, active ? GTK_PHASE_CAPTURE : GTK_PHASE_NONE);
  action_set_enabled (self, "close", active);
  if (!active)
    {
      gtk_toggle_button_set_active (self->edit_button, FALSE);
      kv_canvas_set_item_marks (canvas_of (self), NULL);
    }
}

gboolean
kv_lesson_pane_open (KvLessonPane *self,
                     const char   *name_or_path,
                     GError      **error)
{
  g_autoptr(KvLesson) lesson = NULL;
  gboolean is_file;

  g_return_val_if_fail (KV_IS_LESSON_PANE (self), FALSE);
  lesson = kv_lesson_open (name_or_path, error);
  if (lesson == NULL)
    return FALSE;

  kv_lesson_pane_close (self);
  self->lesson = g_steal_pointer (&lesson);
  self->walk = kv_lesson_walk_new (self->lesson);
  self->name = game_name_for (name_or_path);
  is_file = g_file_test (name_or_path, G_FILE_TEST_EXISTS);
  self->opening = TRUE;
  kv_session_set_history (self->session,
                          kv_history_copy (self->lesson->history, kv_history_length (self->lesson->history) - 1),
                          self->name, is_file ? name_or_path : NULL, 0);
  self->opening = FALSE;
  fill_agents (self);
  clear_answer (self);
  set_active (self, TRUE);
  update (self);
  return TRUE;
}

void
kv_lesson_pane_set_compact (KvLessonPane *self,
                            gboolean      compact)
{
  g_return_if_fail (KV_IS_LESSON_PANE (self));
  gtk_widget_set_visible (GTK_WIDGET (self->title_label), !compact);
}

void
kv_lesson_pane_close (KvLessonPane *self)
{
  g_return_if_fail (KV_IS_LESSON_PANE (self));
  g_clear_pointer (&self->walk, kv_lesson_walk_free);
  g_clear_pointer (&self->lesson, kv_lesson_free);
  g_clear_pointer (&self->name, g_free);
  if (self->picks != NULL)
    g_hash_table_remove_all (self->picks);
  if (self->keys != NULL)
    set_active (self, FALSE);
  set_asking (self, FALSE);
}

gboolean
kv_lesson_pane_get_asking (KvLessonPane *self)
{
  g_return_val_if_fail (KV_IS_LESSON_PANE (self), FALSE);
  return self->asking;
}

gboolean
kv_lesson_pane_get_active (KvLessonPane *self)
{
  g_return_val_if_fail (KV_IS_LESSON_PANE (self), FALSE);
  return self->walk != NULL;
}

/* The session shows another game (opened, or an undo past the lesson's
 * opening), or steps were added or taken away: the lesson is over. Its
 * own game again — an undone narration, say — keeps it. */
static void
on_session_changed (KvLessonPane *self)
{
  KvHistory *history = kv_session_get_history (self->session);

  if (self->opening || self->walk == NULL)
    return;
  if (history != NULL && kv_history_length (history) == kv_lesson_n_steps (self->lesson) + 1
      && g_strcmp0 (kv_session_get_game_name (self->session), self->name) == 0)
    {
      update (self);
      return;
    }
  kv_lesson_pane_close (self);
}

/* A step chosen elsewhere (the history, the strip's arrows, Alt+→): the
 * lesson goes to its narration. The pane's own Next selects its step
 * first, and finds the walk there already. */
static void
on_session_step (KvLessonPane *self)
{
  guint step = kv_session_get_step (self->session);

  if (self->opening || self->walk == NULL || step == self->walk->entry
      || step > kv_lesson_n_steps (self->lesson))
    return;
  kv_lesson_walk_go_to (self->walk, step);
  self->answered = FALSE;
  clear_answer (self);
  update (self);
}

static void
on_close (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  kv_lesson_pane_close (data);
}

static void
on_choose (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KvLessonPane *self = data;

  kv_lesson_chooser_present (self, GTK_WINDOW (self->window));
}

/* Edit Narration: the text of the step shown, in the user's language. */
static void
on_edit_toggled (KvLessonPane *self)
{
  gboolean editing = gtk_toggle_button_get_active (self->edit_button) && self->walk != NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->editor_box, editing);
  if (!editing)
    return;
  text = kv_session_get_narration (self->session, self->walk->entry, kv_i18n_narration_language ());
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->editor_view), text != NULL ? text : "", -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor_view));
}

static void
on_edit_cancel (KvLessonPane *self)
{
  gtk_toggle_button_set_active (self->edit_button, FALSE);
}

static void
on_edit_save (KvLessonPane *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor_view);
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (self->walk == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (!kv_session_set_narration (self->session, self->walk->entry, kv_i18n_narration_language (), text, &error))
    {
      show_label (self->reveal_label, error->message);
      return;
    }
  gtk_toggle_button_set_active (self->edit_button, FALSE);
  /* Shown with its step from now on. */
  if (self->walk->phase != KV_WALK_NARRATION)
    self->walk->phase = KV_WALK_NARRATION;
  update (self);
  g_signal_emit (self, signals[EDITED], 0);
}

/* Space and Page Down outside presentation mode (presentation mode's keys
 * come first and call kv_lesson_pane_next too); a text field keeps them. */
static gboolean
on_key_next (GtkWidget *widget, GVariant *args, gpointer data)
{
  KvLessonPane *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self->window));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
                        || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL))
    return FALSE;
  return kv_lesson_pane_next (self);
}

static GtkEventController *
keys_new (KvLessonPane *self)
{
  static const guint keyvals[] = { GDK_KEY_space, GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "kv-lesson-keys");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (keyvals); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keyvals[i], 0),
                                                            gtk_callback_action_new (on_key_next, self, NULL)));
  return controller;
}

void
kv_lesson_pane_attach (KvLessonPane *self,
                       GtkWidget    *window,
                       KvSession    *session,
                       KvCanvasView *canvas)
{
  static const GActionEntry entries[] = {
    { "next", on_next, NULL, NULL, NULL },
    { "retry", on_retry, NULL, NULL, NULL },
    { "reveal", on_reveal, NULL, NULL, NULL },
    { "answer-truth", on_answer_truth, "b", NULL, NULL },
    { "answer-win", on_answer_win, NULL, NULL, NULL },
    { "close", on_close, NULL, NULL, NULL },
    { "choose", on_choose, NULL, NULL, NULL },
  };
  GtkGesture *click = gtk_gesture_click_new ();

  g_return_if_fail (KV_IS_LESSON_PANE (self) && self->session == NULL);
  self->window = window;
  self->session = g_object_ref (session);
  self->canvas = canvas;
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (window, "lesson", G_ACTION_GROUP (self->actions));
  self->keys = keys_new (self);
  gtk_widget_add_controller (window, self->keys);
  g_signal_connect_object (session, "game-changed", G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "steps-changed", G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::step", G_CALLBACK (on_session_step), self, G_CONNECT_SWAPPED);
  g_signal_connect (click, "released", G_CALLBACK (on_canvas_released), self);
  gtk_widget_add_controller (GTK_WIDGET (canvas_of (self)), GTK_EVENT_CONTROLLER (click));
  set_active (self, FALSE);
}

const KvLessonWalk *
kv_lesson_pane_get_walk (KvLessonPane *self)
{
  g_return_val_if_fail (KV_IS_LESSON_PANE (self), NULL);
  return self->walk;
}

const KvLesson *
kv_lesson_pane_get_lesson (KvLessonPane *self)
{
  g_return_val_if_fail (KV_IS_LESSON_PANE (self), NULL);
  return self->lesson;
}

GtkWidget *
kv_lesson_pane_get_part (KvLessonPane *self,
                         const char   *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), KV_TYPE_LESSON_PANE, name));
}

const char *
kv_lesson_pane_get_text (KvLessonPane *self,
                         const char   *part)
{
  g_autofree char *name = g_strconcat (part, "_label", NULL);
  GtkWidget *label = kv_lesson_pane_get_part (self, name);

  g_return_val_if_fail (GTK_IS_LABEL (label), NULL);
  return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static void
kv_lesson_pane_dispose (GObject *object)
{
  KvLessonPane *self = KV_LESSON_PANE (object);

  g_clear_pointer (&self->walk, kv_lesson_walk_free);
  g_clear_pointer (&self->lesson, kv_lesson_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->picks, g_hash_table_unref);
  g_clear_object (&self->actions);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_LESSON_PANE);
  G_OBJECT_CLASS (kv_lesson_pane_parent_class)->dispose (object);
}

/* The lesson's large print (ui/kv-lesson.css), once for the display. */
static void
load_css (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/org/kripkeviz/Kripkeviz/kv-lesson.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
kv_lesson_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KvLessonPane *self = KV_LESSON_PANE (object);

  switch (prop_id)
    {
    case PROP_ASKING:
      g_value_set_boolean (value, self->asking);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_lesson_pane_class_init (KvLessonPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_lesson_pane_dispose;
  object_class->get_property = kv_lesson_pane_get_property;
  /* A question is shown and not yet answered: what would give its answer
   * away (the knowledge table, the step's explanation) is veiled. */
  properties[PROP_ASKING] = g_param_spec_boolean ("asking", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The narration written in the window: the session changed (autosave). */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-lesson-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, score_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, edit_button);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, narration_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, question_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, reveal_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, editor_box);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, editor_view);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, answer_stack);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, agent_box);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, predict_label);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, retry_button);
  gtk_widget_class_bind_template_child (widget_class, KvLessonPane, next_button);
  /* Found with gtk_widget_get_template_child (tests); no field. */
  gtk_widget_class_bind_template_child_full (widget_class, "editor_save", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "text_box", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "true_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "false_button", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_cancel);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_save);
}

static void
kv_lesson_pane_init (KvLessonPane *self)
{
  static gboolean css_loaded;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->picks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!css_loaded && gdk_display_get_default () != NULL)
    {
      load_css ();
      css_loaded = TRUE;
    }
}
