// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view.c: the canvas, its toolbar, spinner and "does not fit" message;
 * the agent toggles, the perspective menu, the stable places and the "too many
 * worlds" placeholder are in kv-canvas-view-*.c (kv-canvas-view-private.h). */
#define G_LOG_DOMAIN "kv-canvas-view"

#include "config.h"

#include <glib/gi18n.h>

#include "kv-canvas-view-private.h"
#include "kv-enum-drop-down.h"
#include "kv-gui-resources.h"

G_DEFINE_FINAL_TYPE (KvCanvasView, kv_canvas_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_SELECTED_WORLD,
  PROP_VIEW,
  PROP_ENGINE,
  PROP_HIDDEN_AGENTS,
  PROP_DRAW_LIMIT,
  PROP_BUSY,
  PROP_SHOW_TOOLBAR,
  PROP_PERSPECTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Busy: a relayout is scheduled or the canvas is laying out. */

static void
update_busy (KvCanvasView *self)
{
  gboolean busy = self->update_source != 0 || kv_canvas_get_busy (self->canvas);

  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
  if (self->busy == busy)
    return;

  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static gboolean
update_cb (gpointer data)
{
  KvCanvasView *self = data;
  KvViewOptions options;

  self->update_source = 0;

  kv_view_options_init (&options);
  options.kind = self->view;
  options.limit = self->draw_limit;
  if (self->model != NULL && self->highlight != NULL && self->highlight->n == self->model->n_worlds)
    options.highlight = self->highlight;
  if (self->model != NULL)
    options.previous = self->previous;
  options.panels_across = self->panels_across;

  if (self->source != NULL)
    kv_canvas_show_graph (self->canvas, self->source, &options, self->engine, self->places,
                          self->fit_next);
  else
    kv_canvas_show_model (self->canvas, self->model, &options, self->engine, self->places,
                          self->fit_next);
  self->fit_next = FALSE;
  update_busy (self);

  return G_SOURCE_REMOVE;
}

static void queue_update (KvCanvasView *self, gboolean fit);

/* The agents view's panels go one fewer across while the readable zoom
 * makes them scroll sideways (a window's canvas holds one of real
 * Cluedo's at 1024 px), and back to the view's own number once the
 * canvas is wider than when they went fewer: they scroll down instead. */
static void
hadjustment_changed_cb (GtkAdjustment *adjustment,
                        KvCanvasView  *self)
{
  KvLayout *layout = kv_canvas_get_layout (self->canvas);
  double page = gtk_adjustment_get_page_size (adjustment);

  if (layout == NULL || layout->graph->panels_across == 0 || self->update_source != 0 ||
      kv_canvas_get_busy (self->canvas) || page <= 1)
    return;
  if (gtk_adjustment_get_upper (adjustment) > page + 0.5 && layout->graph->panels_across > 1)
    {
      self->panels_across = layout->graph->panels_across - 1;
      self->panels_narrowed_at = page;
    }
  else if (self->panels_across != 0 && page > self->panels_narrowed_at + 0.5)
    self->panels_across = 0;
  else
    return;
  /* The cells move with their panels: the places kept are the old grid's. */
  _kv_canvas_view_new_places (self, self->places_game);
  queue_update (self, TRUE);
}

/* Calls after one another (a model, then its highlight) make one layout. */
static void
queue_update (KvCanvasView *self,
              gboolean      fit)
{
  self->fit_next |= fit;
  if (self->update_source == 0)
    {
      self->update_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_cb, self, NULL);
      g_source_set_name_by_id (self->update_source, "[kv] canvas view update");
    }
  update_busy (self);
}

/* Canvas signals */

static void
canvas_notify_selected_world_cb (KvCanvasView *self)
{
  /* A perspective is taken at the selected world. */
  _kv_canvas_view_update_perspective (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_WORLD]);
}

static void
canvas_notify_busy_cb (KvCanvasView *self)
{
  KvLayout *layout = kv_canvas_get_layout (self->canvas);

  /* A graph says its agents and what it shows once it is built. */
  if (self->source != NULL && layout != NULL)
    {
      _kv_canvas_view_rebuild_toggles (self, (const char * const *) layout->graph->agent_names);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->canvas),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      layout->graph->title != NULL ? layout->graph->title : "",
                                      -1);
    }
  update_busy (self);
}

static void
canvas_notify_error_message_cb (KvCanvasView *self)
{
  const char *message = kv_canvas_get_error_message (self->canvas);

  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (self->auto_button, self->view != KV_VIEW_AUTO);
  gtk_widget_set_visible (self->error_box, message != NULL);
}

static void
canvas_notify_zoom_cb (KvCanvasView *self)
{
  double zoom = kv_canvas_get_zoom (self->canvas);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.zoom-in", zoom < KV_CANVAS_ZOOM_MAX);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.zoom-out", zoom > KV_CANVAS_ZOOM_MIN);
}

static void
auto_button_clicked_cb (KvCanvasView *self)
{
  kv_canvas_view_set_view (self, KV_VIEW_AUTO);
}

static void
view_dropdown_notify_selected_cb (KvCanvasView *self)
{
  int view = kv_enum_drop_down_get_value (self->view_dropdown);

  if (view >= 0)
    kv_canvas_view_set_view (self, view);
}

static void
engine_dropdown_notify_selected_cb (KvCanvasView *self)
{
  int engine = kv_enum_drop_down_get_value (self->engine_dropdown);

  if (engine >= 0)
    kv_canvas_view_set_engine (self, kv_layout_engine_to_string (engine));
}

/* Actions */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  kv_canvas_zoom_in (KV_CANVAS_VIEW (widget)->canvas);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  kv_canvas_zoom_out (KV_CANVAS_VIEW (widget)->canvas);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  kv_canvas_zoom_fit (KV_CANVAS_VIEW (widget)->canvas);
}

/* GtkWidget */

#define CORNER_GAP 4   /* pixels between the drawing and the zoom buttons */

/* The canvas's drawing keeps clear of the zoom buttons: the corner they
 * cover, with their margins and a small gap. Their size is the theme's,
 * known once the view is styled, before its first allocation. */
static void
kv_canvas_view_map (GtkWidget *widget)
{
  KvCanvasView *self = KV_CANVAS_VIEW (widget);
  int width, height;

  GTK_WIDGET_CLASS (kv_canvas_view_parent_class)->map (widget);

  gtk_widget_measure (self->zoom_box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (self->zoom_box, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  kv_canvas_set_corner (self->canvas,
                        width + gtk_widget_get_margin_end (self->zoom_box) + CORNER_GAP,
                        height + gtk_widget_get_margin_bottom (self->zoom_box) + CORNER_GAP);
}

/* The zoom buttons show while the pointer moves over the picture and for
 * a moment after, as an image viewer's do; the rest of the time what the
 * drawing has in that corner (a legend under a grid that scrolls) is in
 * sight, on a projector too. The pointer on them keeps them. */
#define ZOOM_BUTTONS_SECONDS 2

static gboolean
hide_zoom_buttons_cb (gpointer data)
{
  KvCanvasView *self = data;

  if (gtk_event_controller_motion_contains_pointer (GTK_EVENT_CONTROLLER_MOTION (self->zoom_motion)))
    return G_SOURCE_CONTINUE;
  self->zoom_hide_source = 0;
  gtk_revealer_set_reveal_child (self->zoom_revealer, FALSE);
  return G_SOURCE_REMOVE;
}

void
kv_canvas_view_show_zoom_buttons (KvCanvasView *self)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  gtk_revealer_set_reveal_child (self->zoom_revealer, TRUE);
  g_clear_handle_id (&self->zoom_hide_source, g_source_remove);
  self->zoom_hide_source = g_timeout_add_seconds (ZOOM_BUTTONS_SECONDS, hide_zoom_buttons_cb, self);
  g_source_set_name_by_id (self->zoom_hide_source, "[kv] hide the zoom buttons");
}

static void
picture_motion_cb (KvCanvasView *self)
{
  kv_canvas_view_show_zoom_buttons (self);
}

static void
init_zoom_buttons (KvCanvasView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *press = gtk_gesture_click_new ();

  /* A touch shows them as a pointer's motion does; the press goes on to
   * the canvas. */
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (picture_motion_cb), self);
  gtk_widget_add_controller (self->picture_overlay, motion);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (press, "pressed", G_CALLBACK (picture_motion_cb), self);
  gtk_widget_add_controller (self->picture_overlay, GTK_EVENT_CONTROLLER (press));
  self->zoom_motion = gtk_event_controller_motion_new ();
  gtk_widget_add_controller (self->zoom_box, self->zoom_motion);
}

/* Public API */

GtkWidget *
kv_canvas_view_new (void)
{
  return g_object_new (KV_TYPE_CANVAS_VIEW, NULL);
}

guint
kv_canvas_view_get_panels_across (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), 0);

  return self->panels_across;
}

/* For screen readers: what the drawing shows, in words. */
static void
update_accessible (KvCanvasView *self)
{
  g_autofree char *description = NULL;

  if (self->model != NULL)
    {
      g_autofree char *actual = kv_model_world_label (self->model, self->model->actual);

      /* TRANSLATORS: "6 worlds, actual world rwb" */
      description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%u world, actual world %s",
                                                  "%u worlds, actual world %s",
                                                  self->model->n_worlds),
                                     self->model->n_worlds, actual);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->canvas),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

void
kv_canvas_view_set_model (KvCanvasView *self,
                          KvModel      *model)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (self->model == model)
    return;

  g_clear_pointer (&self->model, kv_model_unref);
  g_clear_pointer (&self->source, kv_graph_source_unref);
  if (model != NULL)
    self->model = kv_model_ref (model);

  /* The worlds are others: what was selected or highlighted is gone. */
  g_clear_pointer (&self->highlight, kv_bits_free);
  kv_canvas_set_selected_world (self->canvas, -1);

  _kv_canvas_view_rebuild_toggles (self, model != NULL ? (const char * const *) model->game->agent_names : NULL);
  _kv_canvas_view_update_perspective (self);
  update_accessible (self);
  /* Another step of the same game keeps its worlds' places, the zoom and
   * the scroll position; another game is laid out afresh and fitted. */
  if (model == NULL || _kv_canvas_view_places_are_for (self, model->game))
    queue_update (self, model == NULL);
  else
    {
      _kv_canvas_view_new_places (self, model->game);
      queue_update (self, TRUE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
set_graph_func (KvCanvasView   *self,
                KvGraphFunc     func,
                gpointer        user_data,
                GDestroyNotify  destroy,
                gboolean        same_worlds)
{
  g_clear_pointer (&self->model, kv_model_unref);
  g_clear_pointer (&self->source, kv_graph_source_unref);
  if (func != NULL)
    self->source = kv_graph_source_new (func, user_data, destroy);
  else if (destroy != NULL)
    destroy (user_data);

  g_clear_pointer (&self->highlight, kv_bits_free);
  kv_canvas_set_selected_world (self->canvas, -1);
  if (func == NULL)
    _kv_canvas_view_rebuild_toggles (self, NULL);
  update_accessible (self);
  if (same_worlds && self->places != NULL && self->places_game == NULL)
    queue_update (self, FALSE);
  else
    {
      _kv_canvas_view_new_places (self, NULL);
      queue_update (self, TRUE);
    }
}

void
kv_canvas_view_set_graph_func (KvCanvasView   *self,
                               KvGraphFunc     func,
                               gpointer        user_data,
                               GDestroyNotify  destroy)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  set_graph_func (self, func, user_data, destroy, FALSE);
}

void
kv_canvas_view_replace_graph_func (KvCanvasView   *self,
                                   KvGraphFunc     func,
                                   gpointer        user_data,
                                   GDestroyNotify  destroy)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  set_graph_func (self, func, user_data, destroy, TRUE);
}

gboolean
kv_canvas_view_get_show_toolbar (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), TRUE);

  return gtk_widget_get_visible (self->toolbar);
}

void
kv_canvas_view_set_show_toolbar (KvCanvasView *self,
                                 gboolean      show_toolbar)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  show_toolbar = !!show_toolbar;
  if (kv_canvas_view_get_show_toolbar (self) == show_toolbar)
    return;

  gtk_widget_set_visible (self->toolbar, show_toolbar);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_TOOLBAR]);
}

KvModel *
kv_canvas_view_get_model (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), NULL);

  return self->model;
}

void
kv_canvas_view_set_highlight (KvCanvasView *self,
                              const KvBits *worlds)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (worlds == NULL && self->highlight == NULL)
    return;
  if (worlds != NULL && self->highlight != NULL && kv_bits_equal (worlds, self->highlight))
    return;

  g_clear_pointer (&self->highlight, kv_bits_free);
  if (worlds != NULL)
    self->highlight = kv_bits_copy (worlds);

  /* Same graph, other marks: keep the zoom and the scroll position. */
  if (self->model != NULL)
    queue_update (self, FALSE);
}

void
kv_canvas_view_set_previous (KvCanvasView *self,
                             KvState      *previous)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (self->previous == previous)
    return;
  if (previous != NULL)
    kv_state_ref (previous);
  g_clear_pointer (&self->previous, kv_state_unref);
  self->previous = previous;
  if (self->model != NULL)
    queue_update (self, FALSE);
}

int
kv_canvas_view_get_selected_world (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), -1);

  return kv_canvas_get_selected_world (self->canvas);
}

void
kv_canvas_view_set_selected_world (KvCanvasView *self,
                                   int           world)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (self->model == NULL || world < 0 || (guint) world >= self->model->n_worlds)
    world = -1;
  kv_canvas_set_selected_world (self->canvas, world);
}

KvViewKind
kv_canvas_view_get_view (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), KV_VIEW_AUTO);

  return self->view;
}

void
kv_canvas_view_set_view (KvCanvasView *self,
                         KvViewKind    view)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));
  g_return_if_fail (view <= KV_VIEW_AGENTS);

  if (self->view == view)
    return;

  self->view = view;
  kv_enum_drop_down_set_value (self->view_dropdown, view);
  /* Another view is another picture: laid out afresh. */
  _kv_canvas_view_new_places (self, self->places_game);
  if (self->model != NULL || self->source != NULL)
    queue_update (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

const char *
kv_canvas_view_get_engine (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), "auto");

  return kv_layout_engine_to_string (self->engine);
}

void
kv_canvas_view_set_engine (KvCanvasView *self,
                           const char   *engine)
{
  KvLayoutEngine value = KV_LAYOUT_AUTO;

  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (engine != NULL && !kv_layout_engine_from_string (engine, &value))
    {
      g_warning ("Unknown layout engine “%s”", engine);
      return;
    }
  if (self->engine == value)
    return;

  self->engine = value;
  kv_enum_drop_down_set_value (self->engine_dropdown, value);
  _kv_canvas_view_new_places (self, self->places_game);
  if (self->model != NULL || self->source != NULL)
    queue_update (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENGINE]);
}

guint
kv_canvas_view_get_hidden_agents (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), 0);

  return kv_canvas_get_hidden_agents (self->canvas);
}

void
kv_canvas_view_set_hidden_agents (KvCanvasView *self,
                                  guint         hidden_agents)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (kv_canvas_get_hidden_agents (self->canvas) == hidden_agents)
    return;

  kv_canvas_set_hidden_agents (self->canvas, hidden_agents);
  _kv_canvas_view_sync_toggles (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDDEN_AGENTS]);
}

guint
kv_canvas_view_get_draw_limit (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), KV_VIEW_DEFAULT_LIMIT);

  return self->draw_limit;
}

void
kv_canvas_view_set_draw_limit (KvCanvasView *self,
                               guint         limit)
{
  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (limit == 0)
    limit = KV_VIEW_DEFAULT_LIMIT;
  if (self->draw_limit == limit)
    return;

  self->draw_limit = limit;
  if (self->model != NULL || self->source != NULL)
    queue_update (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAW_LIMIT]);
}

gboolean
kv_canvas_view_get_busy (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), FALSE);

  return self->busy;
}

KvCanvas *
kv_canvas_view_get_canvas (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), NULL);

  return self->canvas;
}

/* GObject */

static void
kv_canvas_view_dispose (GObject *object)
{
  KvCanvasView *self = KV_CANVAS_VIEW (object);
  GtkWidget *child;

  g_clear_handle_id (&self->update_source, g_source_remove);
  g_clear_handle_id (&self->zoom_hide_source, g_source_remove);
  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      kv_canvas_show_model (self->canvas, NULL, NULL, KV_LAYOUT_AUTO, NULL, FALSE);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_CANVAS_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->model, kv_model_unref);
  g_clear_pointer (&self->previous, kv_state_unref);
  g_clear_pointer (&self->source, kv_graph_source_unref);
  g_clear_pointer (&self->agent_names, g_strfreev);
  g_clear_pointer (&self->perspective, g_free);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->places, kv_places_unref);
  g_clear_pointer (&self->places_game, kv_game_unref);
  g_clear_pointer (&self->places_header, g_free);
  g_clear_pointer (&self->perspective_tooltip, g_free);
  self->placeholder = NULL;   /* unparented above */

  G_OBJECT_CLASS (kv_canvas_view_parent_class)->dispose (object);
}

static void
kv_canvas_view_finalize (GObject *object)
{
  KvCanvasView *self = KV_CANVAS_VIEW (object);

  g_clear_pointer (&self->highlight, kv_bits_free);

  G_OBJECT_CLASS (kv_canvas_view_parent_class)->finalize (object);
}

static void
kv_canvas_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KvCanvasView *self = KV_CANVAS_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_boxed (value, self->model);
      break;
    case PROP_SELECTED_WORLD:
      g_value_set_int (value, kv_canvas_view_get_selected_world (self));
      break;
    case PROP_VIEW:
      g_value_set_enum (value, self->view);
      break;
    case PROP_ENGINE:
      g_value_set_string (value, kv_canvas_view_get_engine (self));
      break;
    case PROP_HIDDEN_AGENTS:
      g_value_set_uint (value, kv_canvas_view_get_hidden_agents (self));
      break;
    case PROP_DRAW_LIMIT:
      g_value_set_uint (value, self->draw_limit);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_SHOW_TOOLBAR:
      g_value_set_boolean (value, kv_canvas_view_get_show_toolbar (self));
      break;
    case PROP_PERSPECTIVE:
      g_value_set_string (value, kv_canvas_view_get_perspective (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_canvas_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KvCanvasView *self = KV_CANVAS_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      kv_canvas_view_set_model (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_WORLD:
      kv_canvas_view_set_selected_world (self, g_value_get_int (value));
      break;
    case PROP_VIEW:
      kv_canvas_view_set_view (self, g_value_get_enum (value));
      break;
    case PROP_ENGINE:
      kv_canvas_view_set_engine (self, g_value_get_string (value));
      break;
    case PROP_HIDDEN_AGENTS:
      kv_canvas_view_set_hidden_agents (self, g_value_get_uint (value));
      break;
    case PROP_DRAW_LIMIT:
      kv_canvas_view_set_draw_limit (self, g_value_get_uint (value));
      break;
    case PROP_SHOW_TOOLBAR:
      kv_canvas_view_set_show_toolbar (self, g_value_get_boolean (value));
      break;
    case PROP_PERSPECTIVE:
      kv_canvas_view_set_perspective (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_canvas_view_class_init (KvCanvasViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_canvas_view_dispose;
  object_class->finalize = kv_canvas_view_finalize;
  object_class->get_property = kv_canvas_view_get_property;
  object_class->set_property = kv_canvas_view_set_property;
  widget_class->map = kv_canvas_view_map;

  /* The model shown (kv_canvas_view_set_model), or NULL. */
  properties[PROP_MODEL] =
    g_param_spec_boxed ("model", NULL, NULL, KV_TYPE_MODEL,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SELECTED_WORLD] =
    g_param_spec_int ("selected-world", NULL, NULL,
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VIEW] =
    g_param_spec_enum ("view", NULL, NULL,
                       KV_TYPE_VIEW_KIND, KV_VIEW_AUTO,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ENGINE] =
    g_param_spec_string ("engine", NULL, NULL,
                         "auto",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HIDDEN_AGENTS] =
    g_param_spec_uint ("hidden-agents", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_DRAW_LIMIT] =
    g_param_spec_uint ("draw-limit", NULL, NULL,
                       1, G_MAXUINT, KV_VIEW_DEFAULT_LIMIT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SHOW_TOOLBAR] =
    g_param_spec_boolean ("show-toolbar", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* An agent's perspective, "1" or "1>2" (kv-perspective.h); "" for none. */
  properties[PROP_PERSPECTIVE] =
    g_param_spec_string ("perspective", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_assert (kv_gui_get_resource () != NULL);   /* links the one GResource in */
  g_type_ensure (KV_TYPE_CANVAS);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/kripkeviz/Kripkeviz/kv-canvas-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, engine_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, agents_box);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, perspective_button);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, perspective_label);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, canvas);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, spinner);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, error_box);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, error_label);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, auto_button);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, toolbar);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, zoom_box);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, zoom_revealer);
  gtk_widget_class_bind_template_child (widget_class, KvCanvasView, picture_overlay);
  gtk_widget_class_bind_template_callback (widget_class, auto_button_clicked_cb);

  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_fit_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "canvas.zoom-fit", NULL);

  gtk_widget_class_set_css_name (widget_class, "kvcanvasview");
}

static void
kv_canvas_view_init (KvCanvasView *self)
{
  self->view = KV_VIEW_AUTO;
  self->engine = KV_LAYOUT_AUTO;
  self->draw_limit = KV_VIEW_DEFAULT_LIMIT;

  gtk_widget_init_template (GTK_WIDGET (self));
  kv_enum_drop_down_init (self->view_dropdown, KV_TYPE_VIEW_KIND, kv_view_kind_label);
  kv_enum_drop_down_init (self->engine_dropdown, KV_TYPE_LAYOUT_ENGINE, kv_layout_engine_label);
  _kv_canvas_view_init_perspective (self);
  init_zoom_buttons (self);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (self->scrolled), "changed",
                           G_CALLBACK (hadjustment_changed_cb), self, 0);

  /* The toolbar's groups are not items to focus or select: their controls are. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->toolbar); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);

  g_signal_connect_swapped (self->canvas, "notify::selected-world",
                            G_CALLBACK (canvas_notify_selected_world_cb), self);
  g_signal_connect_swapped (self->canvas, "notify::busy",
                            G_CALLBACK (canvas_notify_busy_cb), self);
  g_signal_connect_swapped (self->canvas, "notify::error-message",
                            G_CALLBACK (canvas_notify_error_message_cb), self);
  g_signal_connect_swapped (self->canvas, "notify::zoom",
                            G_CALLBACK (canvas_notify_zoom_cb), self);
  g_signal_connect_swapped (self->view_dropdown, "notify::selected",
                            G_CALLBACK (view_dropdown_notify_selected_cb), self);
  g_signal_connect_swapped (self->engine_dropdown, "notify::selected",
                            G_CALLBACK (engine_dropdown_notify_selected_cb), self);
}
