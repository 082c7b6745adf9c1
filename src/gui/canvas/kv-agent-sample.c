// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-agent-sample.c: an agent's line sample, drawn with kv-style. */
#define G_LOG_DOMAIN "kv-agent-sample"

#include "config.h"

#include "kv-agent-sample.h"
#include "kv-style.h"

#define SAMPLE_WIDTH  28
#define SAMPLE_HEIGHT 12

struct _KvAgentSample
{
  GtkWidget parent_instance;
  guint     agent;
};

G_DEFINE_FINAL_TYPE (KvAgentSample, kv_agent_sample, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_AGENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kv_agent_sample_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  KvAgentSample *self = KV_AGENT_SAMPLE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  KvRgb rgb = kv_style_agent_color (self->agent);
  const double *dashes;
  guint n_dashes;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dashes = kv_style_agent_dashes (self->agent, &n_dashes);
  cairo_set_source_rgb (cr, rgb.red, rgb.green, rgb.blue);
  cairo_set_line_width (cr, KV_STYLE_EDGE_WIDTH * 1.2);
  cairo_set_line_cap (cr, n_dashes > 0 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
  cairo_set_dash (cr, dashes, n_dashes, 0);
  cairo_move_to (cr, 2, height / 2.0);
  cairo_line_to (cr, width - 2, height / 2.0);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
kv_agent_sample_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? SAMPLE_WIDTH : SAMPLE_HEIGHT;
}

static void
kv_agent_sample_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KvAgentSample *self = KV_AGENT_SAMPLE (object);

  switch (prop_id)
    {
    case PROP_AGENT:
      g_value_set_uint (value, self->agent);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_agent_sample_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KvAgentSample *self = KV_AGENT_SAMPLE (object);

  switch (prop_id)
    {
    case PROP_AGENT:
      self->agent = g_value_get_uint (value);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_agent_sample_class_init (KvAgentSampleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kv_agent_sample_get_property;
  object_class->set_property = kv_agent_sample_set_property;

  widget_class->snapshot = kv_agent_sample_snapshot;
  widget_class->measure = kv_agent_sample_measure;

  properties[PROP_AGENT] =
    g_param_spec_uint ("agent", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "kvagentsample");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
kv_agent_sample_init (KvAgentSample *self)
{
}

GtkWidget *
kv_agent_sample_new (guint agent)
{
  return g_object_new (KV_TYPE_AGENT_SAMPLE, "agent", agent, NULL);
}

guint
kv_agent_sample_get_agent (KvAgentSample *self)
{
  g_return_val_if_fail (KV_IS_AGENT_SAMPLE (self), 0);

  return self->agent;
}
