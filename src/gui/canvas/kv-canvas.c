// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas.c: the drawing area — kv_render in a scrollable, zoomable
 * widget: the GObject, its scenes and layout jobs, and the selection (the
 * other files are listed in kv-canvas-private.h). */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <math.h>

#include "kv-canvas-private.h"
#include "kv-layout-worker.h"

static void kv_canvas_scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KvCanvas, kv_canvas, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, kv_canvas_scrollable_init))

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_SELECTED_WORLD,
  PROP_HIDDEN_AGENTS,
  PROP_BUSY,
  PROP_ERROR_MESSAGE,
  PROP_HOVER_NODE,
  N_PROPS,

  /* GtkScrollable */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

static GParamSpec *properties[N_PROPS];

void
_kv_canvas_notify_zoom (KvCanvas *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

void
_kv_canvas_notify_hover (KvCanvas *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_NODE]);
}

/* Scene */

static void
set_busy (KvCanvas *self,
          gboolean  busy)
{
  if (self->busy == busy)
    return;

  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
set_error_message (KvCanvas   *self,
                   const char *message)
{
  if (g_strcmp0 (self->error_message, message) == 0)
    return;

  g_free (self->error_message);
  self->error_message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_MESSAGE]);
}

/* The nodes of the scene outside the perspective, when it is the
 * perspective's model's. */
static void
update_dimmed (KvCanvas *self)
{
  const KvScene *scene = self->scene;

  g_clear_pointer (&self->dimmed, kv_bits_free);
  /* The agents view shows each player's view in its own panel. */
  if (self->perspective == NULL || scene == NULL || scene->model == NULL ||
      scene->model != self->perspective_model || scene->world_node == NULL || scene->kind == KV_VIEW_AGENTS)
    return;
  self->dimmed = kv_scene_nodes_of (scene, self->perspective);
  kv_bits_not (self->dimmed);
}

/* Shows @scene (taken). Fitted when @fit, or when it is a stable layout
 * (kv_layout_new_stable) of another frame than the scene before: a new
 * layout. In the same frame every world stays where it was, with the zoom
 * and scroll position, and the change is animated — unless the whole
 * drawing was in view and no longer is (a longer title, another line of
 * legend): then it is fitted again, as a fitted drawing should stay. */
static void
set_scene (KvCanvas *self,
           KvScene  *scene,
           gboolean  fit)
{
  KvScene *old = self->scene;
  guint64 frame = scene != NULL ? scene->layout->frame : 0;
  gboolean same_frame = old != NULL && frame != 0 && old->layout->frame == frame;
  /* Where the old scene's kv_render origin and its graph were. */
  double old_x = self->geometry.graph_x - self->render_dx;
  double old_y = self->geometry.graph_y - self->render_dy;
  double graph_x, graph_y;
  gboolean was_visible = old != NULL && _kv_canvas_all_visible (self);

  _kv_canvas_get_origin (self, &graph_x, &graph_y);
  graph_x += self->geometry.graph_x * self->zoom;
  graph_y += self->geometry.graph_y * self->zoom;

  self->scene = scene;
  /* Measured anew: a new layout may even sit where a freed one was. */
  self->measured_layout = NULL;
  self->text_layout = NULL;
  update_dimmed (self);
  g_clear_pointer (&self->marked, kv_bits_free);
  /* No node of the new scene yet (not even "none": the cursor follows below). */
  self->hover_node = -2;
  /* A compact grid (real Cluedo's 324 envelopes) wraps its notes for the
   * canvas's shape, as a captioned panel does: notes wrapped for a wide
   * canvas would make it small in a narrow one. */
  if (!self->captioned)
    {
      gboolean box = scene != NULL && scene->layout->graph->compact;

      self->options.fit_width = box ? self->allocated_width : 0;
      self->options.fit_height = box ? self->allocated_height : 0;
    }
  _kv_canvas_update_geometry (self, same_frame);

  if (same_frame && _kv_canvas_animations_enabled (self))
    _kv_canvas_transition_start (self, old,
                                 self->geometry.graph_x - old_x, self->geometry.graph_y - old_y);
  else
    {
      _kv_canvas_transition_stop (self);
      g_clear_pointer (&old, kv_scene_free);
    }

  if (scene != NULL && (fit || (frame != 0 && !same_frame)))
    kv_canvas_zoom_fit (self);
  else if (same_frame)
    {
      _kv_canvas_keep_graph_at (self, graph_x, graph_y);
      if (was_visible && !_kv_canvas_all_visible (self))
        kv_canvas_zoom_fit (self);
    }
  else
    {
      self->anchored = FALSE;
      _kv_canvas_configure_adjustments (self);
    }

  /* Hover follows the new scene at once, under a pointer that did not move. */
  _kv_canvas_set_hover_node (self, self->has_pointer ? kv_canvas_node_at (self, self->pointer_x, self->pointer_y) : -1);

  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kv_canvas_set_perspective (KvCanvas     *self,
                           KvModel      *model,
                           const KvBits *worlds,
                           int           agent)
{
  g_return_if_fail (KV_IS_CANVAS (self));
  g_return_if_fail (worlds == NULL || (model != NULL && worlds->n == model->n_worlds));

  g_clear_pointer (&self->perspective_model, kv_model_unref);
  g_clear_pointer (&self->perspective, kv_bits_free);
  if (worlds != NULL)
    {
      self->perspective_model = kv_model_ref (model);
      self->perspective = kv_bits_copy (worlds);
    }
  self->perspective_agent = worlds != NULL ? agent : -1;
  update_dimmed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const KvScene *
kv_canvas_get_scene (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  return self->scene;
}

int
kv_canvas_get_hover_node (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  return MAX (self->hover_node, -1);
}

void
kv_canvas_set_marked_nodes (KvCanvas     *self,
                            const KvBits *nodes)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (nodes == NULL && self->marked == NULL)
    return;
  if (nodes != NULL && self->marked != NULL && kv_bits_equal (nodes, self->marked))
    return;
  g_clear_pointer (&self->marked, kv_bits_free);
  if (nodes != NULL && self->scene != NULL && nodes->n == kv_scene_n_nodes (self->scene))
    self->marked = kv_bits_copy (nodes);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const KvBits *
kv_canvas_get_marked_nodes (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  return self->marked;
}

void
kv_canvas_get_shown_options (KvCanvas        *self,
                             KvRenderOptions *options)
{
  g_return_if_fail (KV_IS_CANVAS (self));
  _kv_canvas_render_options (self, self->scene, options);
  /* An export: wrapped for no canvas, and titled unless presenting (a
   * panel's caption is not exported with it). */
  options->fit_width = options->fit_height = 0;
  options->fit_corner_width = options->fit_corner_height = 0;
  options->show_title = !self->presenting;
  /* … and its legend as any export's: a panel's is as big as its labels
   * for the screen only. */
  options->legend_scale = 1.0;
  options->legend_place = KV_LEGEND_BELOW;
}

guint
kv_canvas_count_dimmed (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 0);
  return self->dimmed != NULL ? kv_bits_count (self->dimmed) : 0;
}

/* The options a scene is drawn with: the canvas's, and for the scene
 * shown, the perspective's. */
void
_kv_canvas_render_options (KvCanvas        *self,
                           const KvScene   *scene,
                           KvRenderOptions *options)
{
  *options = self->options;
  if (scene != self->scene || self->dimmed == NULL)
    return;
  options->dimmed = self->dimmed;
  if (self->perspective_agent >= 0)
    options->hidden_agents = ~(1u << self->perspective_agent);
}

static void
cancel_job (KvCanvas *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
}

static void
scene_ready_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  KvCanvas *self = KV_CANVAS (object);
  g_autoptr(KvSceneKey) key = user_data;
  g_autoptr(GError) error = NULL;
  KvScene *scene;

  scene = kv_layout_worker_build_finish (result, &error);
  if (scene == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* replaced by a newer job, which owns "busy" */
  if (scene != NULL && key != NULL && self->cache != NULL)
    kv_scene_cache_insert (self->cache, g_steal_pointer (&key), scene);

  g_clear_object (&self->cancellable);
  if (scene == NULL)
    {
      g_debug ("No view: %s", error->message);
      set_scene (self, NULL, FALSE);
      set_error_message (self, error->message);
    }
  else
    {
      set_error_message (self, NULL);
      set_scene (self, scene, self->fit_on_arrival);
    }
  set_busy (self, FALSE);
}

/* Cancels the job under way and, when there is something to draw, gets
 * ready for a new one (TRUE); otherwise clears the canvas (FALSE). */
static gboolean
start_job (KvCanvas *self,
           gboolean  anything,
           gboolean  fit)
{
  cancel_job (self);

  if (!anything)
    {
      set_scene (self, NULL, FALSE);
      set_error_message (self, NULL);
      set_busy (self, FALSE);
      return FALSE;
    }

  /* A pending fit is kept until a job that arrives does it. */
  self->fit_on_arrival = fit || (self->busy && self->fit_on_arrival);
  self->cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  return TRUE;
}

void
kv_canvas_show_model (KvCanvas            *self,
                      KvModel             *model,
                      const KvViewOptions *options,
                      KvLayoutEngine       engine,
                      KvPlaces            *places,
                      gboolean             fit)
{
  g_autoptr(KvSceneKey) key = NULL;
  KvScene *scene = NULL;

  g_return_if_fail (KV_IS_CANVAS (self));

  /* A step shown before in the frame shown now (stepping back, or forth
   * again) is shown at once, with no job: the frame after the step change
   * already has it. */
  if (model != NULL && places != NULL)
    {
      key = kv_scene_key_new (model, options, engine, places);
      if (self->scene != NULL)
        scene = kv_scene_cache_lookup (self->cache, key, self->scene->layout);
    }
  if (scene != NULL)
    {
      fit = fit || (self->busy && self->fit_on_arrival);
      cancel_job (self);
      set_error_message (self, NULL);
      set_scene (self, scene, fit);
      set_busy (self, FALSE);
      return;
    }

  if (start_job (self, model != NULL, fit))
    kv_layout_worker_build_async (self, model, options, engine, places, self->cancellable,
                                  scene_ready_cb, g_steal_pointer (&key));
}

void
kv_canvas_show_graph (KvCanvas            *self,
                      KvGraphSource       *source,
                      const KvViewOptions *options,
                      KvLayoutEngine       engine,
                      KvPlaces            *places,
                      gboolean             fit)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (start_job (self, source != NULL, fit))
    kv_layout_worker_build_graph_async (self, source, options, engine, places, self->cancellable,
                                        scene_ready_cb, NULL);
}

void
kv_canvas_set_layout (KvCanvas *self,
                      KvLayout *layout)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  cancel_job (self);
  set_error_message (self, NULL);
  set_scene (self, layout != NULL ? kv_scene_new_for_layout (layout) : NULL, TRUE);
  set_busy (self, FALSE);
}

KvLayout *
kv_canvas_get_layout (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  return self->scene != NULL ? self->scene->layout : NULL;
}

KvViewKind
kv_canvas_get_shown_view (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), KV_VIEW_AUTO);

  return self->scene != NULL ? self->scene->kind : KV_VIEW_AUTO;
}

gboolean
kv_canvas_get_busy (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), FALSE);

  return self->busy;
}

const char *
kv_canvas_get_error_message (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  return self->error_message;
}

guint32
kv_canvas_get_hidden_agents (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 0);

  return self->options.hidden_agents;
}

void
kv_canvas_set_hidden_agents (KvCanvas *self,
                             guint32   hidden_agents)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (self->options.hidden_agents == hidden_agents)
    return;

  /* Hiding links changes neither the layout nor where the graph is. */
  self->options.hidden_agents = hidden_agents;
  _kv_canvas_transition_stop (self);
  _kv_canvas_update_geometry (self, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDDEN_AGENTS]);
}

/* Selection and hit testing */

int
kv_canvas_get_selected_world (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  return self->selected_world;
}

void
kv_canvas_set_selected_world (KvCanvas *self,
                              int       world)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  world = MAX (world, -1);
  if (self->selected_world == world)
    return;

  self->selected_world = world;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_WORLD]);
}

int
kv_canvas_select_at (KvCanvas *self,
                     double    x,
                     double    y)
{
  int node;
  int world;

  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  node = kv_canvas_node_at (self, x, y);
  world = node >= 0 ? (int) self->scene->node_world[node] : -1;
  kv_canvas_set_selected_world (self, world);

  return world;
}

/* Size: the drawing at the zoom; the scrolled window around scrolls it. */

static void
kv_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  KvCanvas *self = KV_CANVAS (widget);
  double size = orientation == GTK_ORIENTATION_HORIZONTAL ? _kv_canvas_content_width (self)
                                                          : _kv_canvas_content_height (self);

  *minimum = 0;
  *natural = ceil (size);
}

static void
kv_canvas_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  KvCanvas *self = KV_CANVAS (widget);

  /* Another size: the drawing is placed afresh, and fitted again when it
   * was fitted (a pane folding or unfolding, the window resized). */
  if (width != self->allocated_width || height != self->allocated_height)
    {
      self->anchored = FALSE;
      self->fit_pending |= self->fitted;
      /* A captioned panel's notes wrap for its shape (kv-render.h,
       * kv_canvas_set_captioned). A fitted drawing is placed anew below
       * anyway; any other keeps its place until the next scene. */
      if (width > 1 && height > 1 &&
          (self->captioned || (self->scene != NULL && self->scene->layout->graph->compact)))
        {
          self->options.fit_width = width;
          self->options.fit_height = height;
          if (self->fit_pending)
            _kv_canvas_update_geometry (self, FALSE);
        }
    }
  self->allocated_width = width;
  self->allocated_height = height;
  if (self->fit_pending && self->scene != NULL && width > 1 && height > 1)
    _kv_canvas_apply_fit (self, TRUE);
  else
    _kv_canvas_configure_adjustments (self);
}

/* GtkScrollable */

static void
adjustment_value_changed_cb (GtkAdjustment *adjustment,
                             KvCanvas      *self)
{
  if (self->has_pointer)
    _kv_canvas_set_hover_node (self, kv_canvas_node_at (self, self->pointer_x, self->pointer_y));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (KvCanvas       *self,
                GtkAdjustment **slot,
                GtkAdjustment  *adjustment,
                guint           prop_id)
{
  if (adjustment != NULL && *slot == adjustment)
    return;

  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed_cb, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);

  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb), self);
  _kv_canvas_configure_adjustments (self);
  g_object_notify (G_OBJECT (self), prop_id == PROP_HADJUSTMENT ? "hadjustment" : "vadjustment");
}

static void
kv_canvas_scrollable_init (GtkScrollableInterface *iface)
{
}

/* GtkWidget */

/* A fade cannot run unseen: the frame clock does not tick for it. */
static void
kv_canvas_unmap (GtkWidget *widget)
{
  _kv_canvas_transition_stop (KV_CANVAS (widget));

  GTK_WIDGET_CLASS (kv_canvas_parent_class)->unmap (widget);
}

/* GObject */

static void
kv_canvas_dispose (GObject *object)
{
  KvCanvas *self = KV_CANVAS (object);

  cancel_job (self);
  _kv_canvas_transition_stop (self);
  g_clear_pointer (&self->scene, kv_scene_free);
  g_clear_pointer (&self->cache, kv_scene_cache_free);
  g_clear_pointer (&self->perspective_model, kv_model_unref);
  g_clear_pointer (&self->perspective, kv_bits_free);
  g_clear_pointer (&self->caption, g_free);
  self->options.caption = NULL;
  g_clear_pointer (&self->dimmed, kv_bits_free);
  g_clear_pointer (&self->marked, kv_bits_free);
  g_clear_pointer (&self->item_marks, g_hash_table_unref);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_value_changed_cb, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_value_changed_cb, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (kv_canvas_parent_class)->dispose (object);
}

static void
kv_canvas_finalize (GObject *object)
{
  KvCanvas *self = KV_CANVAS (object);

  g_clear_pointer (&self->error_message, g_free);

  G_OBJECT_CLASS (kv_canvas_parent_class)->finalize (object);
}

static void
kv_canvas_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  KvCanvas *self = KV_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_SELECTED_WORLD:
      g_value_set_int (value, self->selected_world);
      break;
    case PROP_HIDDEN_AGENTS:
      g_value_set_uint (value, self->options.hidden_agents);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;
    case PROP_HOVER_NODE:
      g_value_set_int (value, kv_canvas_get_hover_node (self));
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_canvas_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  KvCanvas *self = KV_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      kv_canvas_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_SELECTED_WORLD:
      kv_canvas_set_selected_world (self, g_value_get_int (value));
      break;
    case PROP_HIDDEN_AGENTS:
      kv_canvas_set_hidden_agents (self, g_value_get_uint (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value), prop_id);
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value), prop_id);
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_canvas_class_init (KvCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_canvas_dispose;
  object_class->finalize = kv_canvas_finalize;
  object_class->get_property = kv_canvas_get_property;
  object_class->set_property = kv_canvas_set_property;

  widget_class->snapshot = _kv_canvas_snapshot;
  widget_class->unmap = kv_canvas_unmap;
  widget_class->measure = kv_canvas_measure;
  widget_class->size_allocate = kv_canvas_size_allocate;
  widget_class->query_tooltip = _kv_canvas_query_tooltip;

  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         KV_CANVAS_ZOOM_MIN, KV_CANVAS_ZOOM_MAX, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SELECTED_WORLD] =
    g_param_spec_int ("selected-world", NULL, NULL,
                      -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HIDDEN_AGENTS] =
    g_param_spec_uint ("hidden-agents", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HOVER_NODE] =
    g_param_spec_int ("hover-node", NULL, NULL,
                      -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  gtk_widget_class_set_css_name (widget_class, "kvcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
kv_canvas_init (KvCanvas *self)
{
  self->zoom = 1.0;
  self->selected_world = -1;
  self->perspective_agent = -1;
  self->hover_node = -1;
  /* A game's whole history of steps, in one view. */
  self->cache = kv_scene_cache_new (64);
  kv_render_options_init (&self->options);

  set_adjustment (self, &self->hadjustment, NULL, PROP_HADJUSTMENT);
  set_adjustment (self, &self->vadjustment, NULL, PROP_VADJUSTMENT);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");

  _kv_canvas_init_input (self);
}

GtkWidget *
kv_canvas_new (void)
{
  return g_object_new (KV_TYPE_CANVAS, NULL);
}
