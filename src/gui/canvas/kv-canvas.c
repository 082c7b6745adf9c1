// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas.c: the drawing area — kv_render in a scrollable, zoomable widget. */
#define G_LOG_DOMAIN "kv-canvas"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "kv-canvas.h"
#include "kv-scene.h"
#include "kv-layout-worker.h"

#define ZOOM_STEP        1.25   /* zoom in/out buttons and keys */
#define WHEEL_STEP       1.15   /* one Ctrl+wheel notch */
#define FIT_MAX          2.0    /* a small drawing is fitted at most at 200 % */
#define PRESENT_FIT_MAX  3.0    /* … at 300 % when presenting */
#define DRAG_THRESHOLD   4.0    /* pixels a press moves before it pans */
#define RING_GAP         4.0    /* points between a node and its selection ring */
#define RING_WIDTH       3.0
#define TOOLTIP_MEMBERS  6      /* classes up to this size are listed in tooltips */

struct _KvCanvas
{
  GtkWidget         parent_instance;

  KvScene          *scene;
  KvRenderOptions   options;
  KvRenderGeometry  geometry;
  double            zoom;
  gboolean          presenting;      /* no title; fit keeps labels readable from afar */

  GtkAdjustment    *hadjustment;
  GtkAdjustment    *vadjustment;
  guint             hscroll_policy : 1;
  guint             vscroll_policy : 1;

  int               selected_world;
  int               hover_node;

  GCancellable     *cancellable;     /* the job in progress */
  gboolean          busy;
  char             *error_message;
  gboolean          fit_on_arrival;  /* fit the job's scene when it arrives */
  gboolean          fit_pending;     /* fit at the next allocation */

  double            pointer_x;
  double            pointer_y;
  gboolean          has_pointer;

  double            drag_start_h;
  double            drag_start_v;
  gboolean          dragging;

  double            pinch_start_zoom;
};

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
  N_PROPS,

  /* GtkScrollable */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

static GParamSpec *properties[N_PROPS];

/* Geometry: the drawing is KvRenderGeometry's size in points, shown at
 * self->zoom pixels per point, centred when smaller than the widget and
 * scrolled by the adjustments otherwise. */

static double
content_width (KvCanvas *self)
{
  return self->scene != NULL ? self->geometry.width * self->zoom : 0;
}

static double
content_height (KvCanvas *self)
{
  return self->scene != NULL ? self->geometry.height * self->zoom : 0;
}

/* Where the drawing's (0, 0) is, in widget coordinates. */
static void
get_origin (KvCanvas *self,
            double   *x,
            double   *y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double cw = content_width (self);
  double ch = content_height (self);

  *x = cw <= width ? floor ((width - cw) / 2) : -round (gtk_adjustment_get_value (self->hadjustment));
  *y = ch <= height ? floor ((height - ch) / 2) : -round (gtk_adjustment_get_value (self->vadjustment));
}

static void
widget_to_drawing (KvCanvas *self,
                   double    x,
                   double    y,
                   double   *dx,
                   double   *dy)
{
  double ox, oy;

  get_origin (self, &ox, &oy);
  *dx = (x - ox) / self->zoom;
  *dy = (y - oy) / self->zoom;
}

static void
configure_adjustment (GtkAdjustment *adjustment,
                      double         content,
                      double         page)
{
  double upper = MAX (content, page);
  double value = CLAMP (gtk_adjustment_get_value (adjustment), 0, upper - page);

  gtk_adjustment_configure (adjustment, value, 0, upper, page * 0.1, page * 0.9, page);
}

static void
configure_adjustments (KvCanvas *self)
{
  if (self->hadjustment == NULL || self->vadjustment == NULL)
    return;

  configure_adjustment (self->hadjustment, content_width (self),
                        gtk_widget_get_width (GTK_WIDGET (self)));
  configure_adjustment (self->vadjustment, content_height (self),
                        gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
update_geometry (KvCanvas *self)
{
  if (self->scene != NULL)
    kv_render_measure (self->scene->layout, &self->options, &self->geometry);
  else
    memset (&self->geometry, 0, sizeof self->geometry);
}

/* Zoom */

void
kv_canvas_zoom_at (KvCanvas *self,
                   double    zoom,
                   double    x,
                   double    y)
{
  double dx, dy;

  g_return_if_fail (KV_IS_CANVAS (self));

  zoom = CLAMP (zoom, KV_CANVAS_ZOOM_MIN, KV_CANVAS_ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  /* Keep the drawing's point under (x, y) there. */
  widget_to_drawing (self, x, y, &dx, &dy);
  self->zoom = zoom;
  self->fit_pending = FALSE;

  g_object_freeze_notify (G_OBJECT (self->hadjustment));
  g_object_freeze_notify (G_OBJECT (self->vadjustment));
  configure_adjustments (self);
  gtk_adjustment_set_value (self->hadjustment, dx * zoom - x);
  gtk_adjustment_set_value (self->vadjustment, dy * zoom - y);
  g_object_thaw_notify (G_OBJECT (self->hadjustment));
  g_object_thaw_notify (G_OBJECT (self->vadjustment));

  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

void
kv_canvas_set_zoom (KvCanvas *self,
                    double    zoom)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_zoom_at (self, zoom,
                     gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                     gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

double
kv_canvas_get_zoom (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 1.0);

  return self->zoom;
}

void
kv_canvas_zoom_in (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_set_zoom (self, self->zoom * ZOOM_STEP);
}

void
kv_canvas_zoom_out (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  kv_canvas_set_zoom (self, self->zoom / ZOOM_STEP);
}

static void
apply_fit (KvCanvas *self,
           gboolean  allocating)
{
  int width, height;
  double zoom;

  if (self->scene == NULL)
    return;

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (width <= 1 || height <= 1)
    {
      /* Not allocated yet: fit when it is. */
      self->fit_pending = TRUE;
      return;
    }

  zoom = MIN (width / self->geometry.width, height / self->geometry.height);
  if (self->presenting)
    {
      /* Readable from the back of the room even if the drawing no longer
       * fits: then it scrolls, the actual world in the middle. */
      guint n = kv_graph_n_nodes (self->scene->layout->graph);

      zoom = CLAMP (zoom, kv_style_presentation_label_px (n) / KV_STYLE_LABEL_SIZE, PRESENT_FIT_MAX);
    }
  else
    zoom = CLAMP (zoom, KV_CANVAS_ZOOM_MIN, FIT_MAX);
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  self->fit_pending = FALSE;

  configure_adjustments (self);
  gtk_adjustment_set_value (self->hadjustment, 0);
  gtk_adjustment_set_value (self->vadjustment, 0);
  if (self->presenting)
    for (guint i = 0; i < kv_graph_n_nodes (self->scene->layout->graph); i++)
      if (kv_graph_node (self->scene->layout->graph, i)->flags & KV_NODE_ACTUAL)
        {
          const KvLayoutNode *ln = &self->scene->layout->nodes[i];

          gtk_adjustment_set_value (self->hadjustment,
                                    (self->geometry.graph_x + ln->x) * zoom - width / 2.0);
          gtk_adjustment_set_value (self->vadjustment,
                                    (self->geometry.graph_y + ln->y) * zoom - height / 2.0);
          break;
        }
  if (!allocating)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kv_canvas_zoom_fit (KvCanvas *self)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  apply_fit (self, FALSE);
}

void
kv_canvas_set_presenting (KvCanvas *self,
                          gboolean  presenting)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;

  self->presenting = presenting;
  self->options.show_title = !presenting;
  update_geometry (self);
  apply_fit (self, FALSE);
}

double
kv_canvas_get_label_size (KvCanvas *self)
{
  g_return_val_if_fail (KV_IS_CANVAS (self), 0);

  return self->zoom * KV_STYLE_LABEL_SIZE;
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

static void
set_scene (KvCanvas *self,
           KvScene  *scene,
           gboolean  fit)
{
  g_clear_pointer (&self->scene, kv_scene_free);
  self->scene = scene;
  self->hover_node = -1;
  update_geometry (self);

  if (scene != NULL && fit)
    kv_canvas_zoom_fit (self);
  else
    configure_adjustments (self);

  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  g_autoptr(GError) error = NULL;
  KvScene *scene;

  scene = kv_layout_worker_build_finish (result, &error);
  if (scene == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* replaced by a newer job, which owns "busy" */

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
                      gboolean             fit)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (start_job (self, model != NULL, fit))
    kv_layout_worker_build_async (self, model, options, engine, self->cancellable,
                                  scene_ready_cb, NULL);
}

void
kv_canvas_show_graph (KvCanvas            *self,
                      KvGraphSource       *source,
                      const KvViewOptions *options,
                      KvLayoutEngine       engine,
                      gboolean             fit)
{
  g_return_if_fail (KV_IS_CANVAS (self));

  if (start_job (self, source != NULL, fit))
    kv_layout_worker_build_graph_async (self, source, options, engine, self->cancellable,
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

  /* Hiding links changes neither the layout nor the drawing's size. */
  self->options.hidden_agents = hidden_agents;
  update_geometry (self);
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
kv_canvas_node_at (KvCanvas *self,
                   double    x,
                   double    y)
{
  double dx, dy;

  g_return_val_if_fail (KV_IS_CANVAS (self), -1);

  if (self->scene == NULL)
    return -1;

  widget_to_drawing (self, x, y, &dx, &dy);
  return kv_render_node_at (self->scene->layout, &self->options, dx, dy);
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

gboolean
kv_canvas_get_node_center (KvCanvas *self,
                           guint     node,
                           double   *x,
                           double   *y)
{
  const KvLayoutNode *ln;
  double ox, oy;

  g_return_val_if_fail (KV_IS_CANVAS (self), FALSE);

  if (self->scene == NULL || node >= kv_scene_n_nodes (self->scene))
    return FALSE;

  ln = &self->scene->layout->nodes[node];
  get_origin (self, &ox, &oy);
  if (x != NULL)
    *x = ox + (self->geometry.graph_x + ln->x) * self->zoom;
  if (y != NULL)
    *y = oy + (self->geometry.graph_y + ln->y) * self->zoom;

  return TRUE;
}

static void
set_hover_node (KvCanvas *self,
                int       node)
{
  if (self->hover_node == node)
    return;

  self->hover_node = node;
  if (!self->dragging)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), node >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Tooltips */

static char *
world_label (const KvScene *scene,
             guint          world)
{
  const KvGraph *graph = scene->layout->graph;
  int node;

  /* The view's short label when a node shows just this world. */
  if (scene->kind == KV_VIEW_WHOLE || scene->kind == KV_VIEW_AROUND)
    {
      node = kv_scene_node_of (scene, world);
      if (node >= 0)
        return g_strdup (kv_graph_node (graph, node)->label);
    }

  return kv_model_world_label (scene->model, world);
}

static void
append_classes (GString       *markup,
                const KvScene *scene,
                guint          node)
{
  const KvModel *model = scene->model;
  guint world = scene->node_world[node];

  if (scene->kind == KV_VIEW_CONTRACTED)
    {
      guint n = 0;

      for (guint w = 0; w < model->n_worlds; w++)
        n += scene->world_node[w] == (int) node;
      if (n > 1)
        {
          g_string_append_c (markup, '\n');
          g_string_append_printf (markup, ngettext ("Stands for %u bisimilar world",
                                                    "Stands for %u bisimilar worlds", n), n);
        }
    }

  for (guint a = 0; a < model->game->n_agents; a++)
    {
      g_autoptr(KvBits) cls = kv_model_class_of (model, a, world);
      g_autofree char *agent = g_markup_escape_text (model->game->agent_names[a], -1);
      guint n = kv_bits_count (cls);

      g_string_append_c (markup, '\n');
      g_string_append_printf (markup, ngettext ("Agent %s considers %u world possible",
                                                "Agent %s considers %u worlds possible", n),
                              agent, n);
      if (n > 1 && n <= TOOLTIP_MEMBERS)
        {
          g_string_append (markup, ": ");
          for (int w = kv_bits_next (cls, 0), i = 0; w >= 0; w = kv_bits_next (cls, w + 1), i++)
            {
              g_autofree char *label = world_label (scene, w);
              g_autofree char *escaped = g_markup_escape_text (label, -1);

              /* TRANSLATORS: separates the worlds of a class in a list */
              g_string_append_printf (markup, "%s%s", i > 0 ? _(", ") : "", escaped);
            }
        }
    }
}

char *
kv_canvas_get_tooltip_markup (KvCanvas *self,
                              double    x,
                              double    y)
{
  const KvNode *node;
  g_autofree char *label = NULL;
  GString *markup;
  int n;

  g_return_val_if_fail (KV_IS_CANVAS (self), NULL);

  n = kv_canvas_node_at (self, x, y);
  if (n < 0)
    return NULL;

  node = kv_graph_node (self->scene->layout->graph, n);
  markup = g_string_new (NULL);
  label = g_markup_escape_text (node->label, -1);
  g_string_append_printf (markup, "<b>%s</b>", label);
  if (node->tooltip != NULL && g_strcmp0 (node->tooltip, node->label) != 0)
    {
      g_autofree char *deal = g_markup_escape_text (node->tooltip, -1);

      g_string_append_printf (markup, "\n%s", deal);
    }
  if (node->flags & KV_NODE_ACTUAL)
    g_string_append_printf (markup, "\n<i>%s</i>", _("The actual world"));
  if (node->flags & KV_NODE_HIGHLIGHTED)
    g_string_append_printf (markup, "\n<i>%s</i>", _("Highlighted"));
  if (node->flags & KV_NODE_CUT_OFF)
    g_string_append_printf (markup, "\n<i>%s</i>", _("Has links to worlds outside this view"));

  /* An envelope node is many worlds with different classes: its own
   * tooltip says what it stands for. */
  if (self->scene->model != NULL && self->scene->kind != KV_VIEW_ENVELOPE)
    append_classes (markup, self->scene, n);

  return g_string_free (markup, FALSE);
}

static gboolean
kv_canvas_query_tooltip (GtkWidget  *widget,
                         int         x,
                         int         y,
                         gboolean    keyboard_mode,
                         GtkTooltip *tooltip)
{
  KvCanvas *self = KV_CANVAS (widget);
  g_autofree char *markup = NULL;
  const KvLayoutNode *ln;
  double cx, cy;
  int node;

  if (keyboard_mode)
    return FALSE;

  node = kv_canvas_node_at (self, x, y);
  if (node < 0 || !kv_canvas_get_node_center (self, node, &cx, &cy))
    return FALSE;

  markup = kv_canvas_get_tooltip_markup (self, x, y);
  gtk_tooltip_set_markup (tooltip, markup);

  /* Moving onto another node asks again. */
  ln = &self->scene->layout->nodes[node];
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                              floor (cx - ln->width * self->zoom / 2),
                              floor (cy - ln->height * self->zoom / 2),
                              ceil (ln->width * self->zoom),
                              ceil (ln->height * self->zoom),
                            });
  return TRUE;
}

/* Drawing */

static void
draw_ring (KvCanvas *self,
           cairo_t  *cr,
           int       node,
           double    alpha)
{
  const KvLayoutNode *ln;
  double width, gap;

  if (node < 0 || (guint) node >= kv_scene_n_nodes (self->scene))
    return;

  /* In points, but never thinner than a few pixels when zoomed out. */
  width = MAX (RING_WIDTH, 2.5 / self->zoom);
  gap = MAX (RING_GAP, 3.0 / self->zoom);
  ln = &self->scene->layout->nodes[node];
  kv_render_node_path (cr, ln->shape, self->geometry.graph_x + ln->x, self->geometry.graph_y + ln->y,
                       ln->width, ln->height, gap + width / 2);
  /* GNOME's accent blue: apart from the agents' Okabe-Ito colours. */
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, alpha);
  cairo_set_line_width (cr, width);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_stroke (cr);
}

static void
kv_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  KvCanvas *self = KV_CANVAS (widget);
  graphene_rect_t page, visible, area;
  double ox, oy;
  int selected;
  cairo_t *cr;

  if (self->scene == NULL)
    return;

  get_origin (self, &ox, &oy);
  graphene_rect_init (&page, ox, oy, content_width (self), content_height (self));
  graphene_rect_init (&visible, 0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  if (!graphene_rect_intersection (&page, &visible, &area))
    return;

  /* Only the visible part becomes a cairo surface. */
  cr = gtk_snapshot_append_cairo (snapshot, &area);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, self->zoom, self->zoom);
  kv_render (self->scene->layout, cr, &self->options);

  selected = kv_scene_node_of (self->scene, self->selected_world);
  if (self->hover_node >= 0 && self->hover_node != selected)
    draw_ring (self, cr, self->hover_node, 0.35);
  draw_ring (self, cr, selected, 1.0);

  cairo_destroy (cr);
}

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
  double size = orientation == GTK_ORIENTATION_HORIZONTAL ? content_width (self)
                                                          : content_height (self);

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

  if (self->fit_pending && self->scene != NULL && width > 1 && height > 1)
    apply_fit (self, TRUE);
  else
    configure_adjustments (self);
}

/* Input */

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           KvCanvas                 *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;
  set_hover_node (self, kv_canvas_node_at (self, x, y));
}

static void
leave_cb (GtkEventControllerMotion *motion,
          KvCanvas                 *self)
{
  self->has_pointer = FALSE;
  set_hover_node (self, -1);
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           KvCanvas                 *self)
{
  GdkModifierType state;
  double x, y;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  if ((state & GDK_CONTROL_MASK) == 0 || self->scene == NULL)
    return FALSE;   /* the scrolled window scrolls */

  x = self->has_pointer ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  y = self->has_pointer ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  kv_canvas_zoom_at (self, self->zoom * pow (WHEEL_STEP, -dy), x, y);

  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               KvCanvas       *self)
{
  self->drag_start_h = gtk_adjustment_get_value (self->hadjustment);
  self->drag_start_v = gtk_adjustment_get_value (self->vadjustment);
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                KvCanvas       *self)
{
  if (!self->dragging)
    {
      if (hypot (offset_x, offset_y) < DRAG_THRESHOLD)
        return;
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  gtk_adjustment_set_value (self->hadjustment, self->drag_start_h - offset_x);
  gtk_adjustment_set_value (self->vadjustment, self->drag_start_v - offset_y);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             KvCanvas       *self)
{
  double x, y;

  if (self->dragging)
    {
      self->dragging = FALSE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->hover_node >= 0 ? "pointer" : NULL);
      return;
    }

  /* A press that did not move is a click. */
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) > GDK_BUTTON_PRIMARY)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    kv_canvas_select_at (self, x, y);
}

static void
pinch_begin_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                KvCanvas         *self)
{
  self->pinch_start_zoom = self->zoom;
}

static void
pinch_scale_changed_cb (GtkGestureZoom *gesture,
                        double          scale,
                        KvCanvas       *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  kv_canvas_zoom_at (self, self->pinch_start_zoom * scale, x, y);
}

/* GtkScrollable */

static void
adjustment_value_changed_cb (GtkAdjustment *adjustment,
                             KvCanvas      *self)
{
  if (self->has_pointer)
    set_hover_node (self, kv_canvas_node_at (self, self->pointer_x, self->pointer_y));
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
  configure_adjustments (self);
  g_object_notify (G_OBJECT (self), prop_id == PROP_HADJUSTMENT ? "hadjustment" : "vadjustment");
}

static void
kv_canvas_scrollable_init (GtkScrollableInterface *iface)
{
}

/* GObject */

static void
kv_canvas_dispose (GObject *object)
{
  KvCanvas *self = KV_CANVAS (object);

  cancel_job (self);
  g_clear_pointer (&self->scene, kv_scene_free);
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

  widget_class->snapshot = kv_canvas_snapshot;
  widget_class->measure = kv_canvas_measure;
  widget_class->size_allocate = kv_canvas_size_allocate;
  widget_class->query_tooltip = kv_canvas_query_tooltip;

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
  GtkEventController *controller;
  GtkGesture *gesture;

  self->zoom = 1.0;
  self->selected_world = -1;
  self->hover_node = -1;
  kv_render_options_init (&self->options);

  set_adjustment (self, &self->hadjustment, NULL, PROP_HADJUSTMENT);
  set_adjustment (self, &self->vadjustment, NULL, PROP_VADJUSTMENT);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

GtkWidget *
kv_canvas_new (void)
{
  return g_object_new (KV_TYPE_CANVAS, NULL);
}
