// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-preferences-window.c: the preferences */
#define G_LOG_DOMAIN "kv-preferences-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-draw.h"
#include "kv-enum-drop-down.h"
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

/* The rows' items are the enums' values; the keys' choices are their
 * nicks (tests/draw/test-enums.c checks the schema). */
static const char *
engine_label (int engine)
{
  if (engine == KV_LAYOUT_AUTO)
    return _("Automatic");
  return kv_layout_engine_to_string (engine);
}

static const char *
palette_label (int palette)
{
  switch ((KvPalette) palette)
    {
    case KV_PALETTE_OKABE_ITO:
      return _("Colour-blind safe");
    case KV_PALETTE_GREYSCALE:
      return _("Greyscale");
    default:
      return NULL;
    }
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
  kv_enum_drop_down_init (self->engine_row, KV_TYPE_LAYOUT_ENGINE, engine_label);
  kv_enum_drop_down_bind_setting (self->engine_row, self->settings, "layout-engine");
  kv_enum_drop_down_init (self->palette_row, KV_TYPE_PALETTE, palette_label);
  kv_enum_drop_down_bind_setting (self->palette_row, self->settings, "palette");
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
