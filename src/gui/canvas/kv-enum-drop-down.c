// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-enum-drop-down.c: drop-downs over a registered enum, by value. */
#define G_LOG_DOMAIN "kv-enum-drop-down"

#include "config.h"

#include <glib/gi18n.h>

#include "kv-draw.h"
#include "kv-enum-drop-down.h"

#define ENUM_TYPE_KEY "kv-enum-type"

const char *
kv_view_kind_label (int value)
{
  switch ((KvViewKind) value)
    {
    case KV_VIEW_AUTO:
      return C_("view", "Auto");
    case KV_VIEW_WHOLE:
      return C_("view", "Whole");
    case KV_VIEW_AROUND:
      return C_("view", "Around");
    case KV_VIEW_CONTRACTED:
      return C_("view", "Contracted");
    case KV_VIEW_ENVELOPE:
      return C_("view", "Envelope");
    case KV_VIEW_AGENTS:
      return C_("view", "Agents");
    default:
      return NULL;
    }
}

const char *
kv_layout_engine_label (int value)
{
  if (value == KV_LAYOUT_AUTO)
    return C_("engine", "Auto");
  return kv_enum_to_nick (KV_TYPE_LAYOUT_ENGINE, value);
}

static gboolean
is_offered (gpointer item,
            gpointer user_data)
{
  KvEnumLabelFunc label = (KvEnumLabelFunc) user_data;

  return label (adw_enum_list_item_get_value (item)) != NULL;
}

static char *
item_label (AdwEnumListItem *item,
            gpointer         user_data)
{
  KvEnumLabelFunc label = (KvEnumLabelFunc) user_data;

  return g_strdup (label (adw_enum_list_item_get_value (item)));
}

void
kv_enum_drop_down_init (gpointer        drop_down,
                        GType           enum_type,
                        KvEnumLabelFunc label)
{
  g_autoptr(GtkFilterListModel) model = NULL;
  GtkCustomFilter *filter;
  GtkExpression *expression;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down) || ADW_IS_COMBO_ROW (drop_down));
  g_return_if_fail (G_TYPE_IS_ENUM (enum_type));
  g_return_if_fail (label != NULL);

  filter = gtk_custom_filter_new (is_offered, (gpointer) label, NULL);
  model = gtk_filter_list_model_new (G_LIST_MODEL (adw_enum_list_model_new (enum_type)),
                                     GTK_FILTER (filter));
  expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                            G_CALLBACK (item_label), (gpointer) label, NULL);

  g_object_set_data (G_OBJECT (drop_down), ENUM_TYPE_KEY, GSIZE_TO_POINTER (enum_type));
  g_object_set (drop_down, "expression", expression, "model", model, NULL);
  gtk_expression_unref (expression);
}

static GListModel *
get_model (gpointer drop_down)
{
  GListModel *model = NULL;

  g_object_get (drop_down, "model", &model, NULL);
  return model;
}

/* The value at @position, or -1. */
static int
value_at (gpointer drop_down,
          guint    position)
{
  g_autoptr(GListModel) model = get_model (drop_down);
  g_autoptr(AdwEnumListItem) item = NULL;

  if (model == NULL || position == GTK_INVALID_LIST_POSITION)
    return -1;
  item = g_list_model_get_item (model, position);
  return item != NULL ? adw_enum_list_item_get_value (item) : -1;
}

/* The position of @value, or GTK_INVALID_LIST_POSITION. */
static guint
position_of (gpointer drop_down,
             int      value)
{
  g_autoptr(GListModel) model = get_model (drop_down);
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdwEnumListItem) item = g_list_model_get_item (model, i);

      if (adw_enum_list_item_get_value (item) == value)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

int
kv_enum_drop_down_get_value (gpointer drop_down)
{
  guint selected = GTK_INVALID_LIST_POSITION;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (drop_down) || ADW_IS_COMBO_ROW (drop_down), -1);

  g_object_get (drop_down, "selected", &selected, NULL);
  return value_at (drop_down, selected);
}

void
kv_enum_drop_down_set_value (gpointer drop_down,
                             int      value)
{
  guint position;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down) || ADW_IS_COMBO_ROW (drop_down));

  position = position_of (drop_down, value);
  if (position != GTK_INVALID_LIST_POSITION)
    g_object_set (drop_down, "selected", position, NULL);
}

/* The key's nick <-> the position of its value. */
static gboolean
setting_get (GValue   *value,
             GVariant *variant,
             gpointer  user_data)
{
  GType enum_type = GPOINTER_TO_SIZE (g_object_get_data (user_data, ENUM_TYPE_KEY));
  guint position;
  int v;

  if (!kv_enum_from_nick (enum_type, g_variant_get_string (variant, NULL), &v))
    return FALSE;
  position = position_of (user_data, v);
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_uint (value, position);
  return TRUE;
}

static GVariant *
setting_set (const GValue       *value,
             const GVariantType *type,
             gpointer            user_data)
{
  GType enum_type = GPOINTER_TO_SIZE (g_object_get_data (user_data, ENUM_TYPE_KEY));
  const char *nick = kv_enum_to_nick (enum_type, value_at (user_data, g_value_get_uint (value)));

  return nick != NULL ? g_variant_new_string (nick) : NULL;
}

void
kv_enum_drop_down_bind_setting (gpointer    drop_down,
                                GSettings  *settings,
                                const char *key)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down) || ADW_IS_COMBO_ROW (drop_down));
  g_return_if_fail (g_object_get_data (drop_down, ENUM_TYPE_KEY) != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* The binding lives as long as the widget; it holds no reference. */
  g_settings_bind_with_mapping (settings, key, drop_down, "selected",
                                G_SETTINGS_BIND_DEFAULT, setting_get, setting_set,
                                drop_down, NULL);
}
