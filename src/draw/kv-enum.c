// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-enum.c: names of the registered enums, from their nicks. */
#define G_LOG_DOMAIN "kv-enum"

#include "config.h"

#include "kv-enum.h"

const char *
kv_enum_to_nick (GType enum_type,
                 int   value)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *ev;

  g_return_val_if_fail (G_TYPE_IS_ENUM (enum_type), NULL);

  klass = g_type_class_ref (enum_type);
  ev = g_enum_get_value (klass, value);

  return ev != NULL ? ev->value_nick : NULL;
}

gboolean
kv_enum_from_nick (GType       enum_type,
                   const char *nick,
                   int        *value)
{
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *ev;

  g_return_val_if_fail (G_TYPE_IS_ENUM (enum_type), FALSE);
  g_return_val_if_fail (nick != NULL, FALSE);

  klass = g_type_class_ref (enum_type);
  ev = g_enum_get_value_by_nick (klass, nick);
  if (ev == NULL)
    return FALSE;
  if (value != NULL)
    *value = ev->value;
  return TRUE;
}

char *
kv_enum_nicks (GType       enum_type,
               int         skip,
               const char *separator)
{
  g_autoptr(GEnumClass) klass = NULL;
  GString *nicks = g_string_new (NULL);

  g_return_val_if_fail (G_TYPE_IS_ENUM (enum_type), NULL);

  klass = g_type_class_ref (enum_type);
  for (guint i = 0; i < klass->n_values; i++)
    {
      if (klass->values[i].value == skip)
        continue;
      if (nicks->len > 0)
        g_string_append (nicks, separator);
      g_string_append (nicks, klass->values[i].value_nick);
    }

  return g_string_free (nicks, FALSE);
}
