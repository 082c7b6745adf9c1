/* kv-preferences-window.c: the preferences */
#define G_LOG_DOMAIN "kv-preferences-window"
#include "config.h"

#include "kv-preferences-window.h"

struct _KvPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *engine_row;
  AdwComboRow          *palette_row;
  GtkSpinButton        *draw_limit_spin;
  GtkSpinButton        *world_limit_spin;

  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (KvPreferencesWindow, kv_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char * const engines[] = { "auto", "neato", "fdp", "sfdp", "circo", "dot", NULL };
static const char * const palettes[] = { "okabe-ito", "greyscale", NULL };

/* A string key with choices <-> a combo row's position. */
static gboolean
choice_get (GValue   *value,
            GVariant *variant,
            gpointer  user_data)
{
  const char * const *choices = user_data;
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    if (g_str_equal (choices[i], s))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
choice_set (const GValue       *value,
            const GVariantType *type,
            gpointer            user_data)
{
  const char * const *choices = user_data;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) choices))
    return NULL;
  return g_variant_new_string (choices[i]);
}

/* A uint key <-> a spin button's double value. */
static gboolean
uint_get (GValue   *value,
          GVariant *variant,
          gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_uint32 (variant));
  return TRUE;
}

static GVariant *
uint_set (const GValue       *value,
          const GVariantType *type,
          gpointer            user_data)
{
  return g_variant_new_uint32 ((guint32) g_value_get_double (value));
}

static void
kv_preferences_window_dispose (GObject *object)
{
  KvPreferencesWindow *self = KV_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (kv_preferences_window_parent_class)->dispose (object);
}

static void
kv_preferences_window_class_init (KvPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KvPreferencesWindow, engine_row);
  gtk_widget_class_bind_template_child (widget_class, KvPreferencesWindow, palette_row);
  gtk_widget_class_bind_template_child (widget_class, KvPreferencesWindow, draw_limit_spin);
  gtk_widget_class_bind_template_child (widget_class, KvPreferencesWindow, world_limit_spin);
}

static void
kv_preferences_window_init (KvPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "layout-engine", self->engine_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get, choice_set,
                                (gpointer) engines, NULL);
  g_settings_bind_with_mapping (self->settings, "palette", self->palette_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get, choice_set,
                                (gpointer) palettes, NULL);
  g_settings_bind_with_mapping (self->settings, "draw-limit", self->draw_limit_spin, "value",
                                G_SETTINGS_BIND_DEFAULT, uint_get, uint_set, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "world-limit", self->world_limit_spin, "value",
                                G_SETTINGS_BIND_DEFAULT, uint_get, uint_set, NULL, NULL);
}

KvPreferencesWindow *
kv_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (KV_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
