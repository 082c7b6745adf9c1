// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-i18n.c: the locale and message catalogues */
#define G_LOG_DOMAIN "kv-i18n"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "kv-i18n.h"

gboolean
kv_running_from_build_tree (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  return self != NULL && g_str_has_prefix (self, KV_BUILD_ROOT G_DIR_SEPARATOR_S);
}

/* The user's decimal sign, read before LC_NUMERIC is set to "C". */
static char decimal_point[8] = ".";

void
kv_i18n_init (void)
{
  setlocale (LC_ALL, "");
  g_strlcpy (decimal_point, localeconv ()->decimal_point, sizeof decimal_point);
  if (decimal_point[0] == '\0')
    g_strlcpy (decimal_point, ".", sizeof decimal_point);
  /* Graphviz sets LC_NUMERIC to "C" while it lays out, on the canvas's
   * worker thread; setlocale is not thread-safe, but setting the locale it
   * already has does nothing. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE,
                  kv_running_from_build_tree () ? KV_BUILD_ROOT G_DIR_SEPARATOR_S "po" : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

const char *
kv_i18n_decimal_point (void)
{
  return decimal_point;
}

/* The items of @items but the last, joined by commas: "a, b". */
static char *
join_but_last (GPtrArray *items)
{
  GString *rest = g_string_new (NULL);

  for (guint i = 0; i + 1 < items->len; i++)
    g_string_append_printf (rest, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (items, i));
  return g_string_free (rest, FALSE);
}

char *
kv_i18n_list (GPtrArray *items)
{
  const char *last = g_ptr_array_index (items, items->len - 1);
  g_autofree char *rest = NULL;

  if (items->len == 1)
    return g_strdup (last);
  rest = join_but_last (items);
  /* TRANSLATORS: a list's last item after the others: "Green, Peacock and rope", "4, 5 and 6" */
  return g_strdup_printf (_("%s and %s"), rest, last);
}

char *
kv_i18n_choices (GPtrArray *items)
{
  const char *last = g_ptr_array_index (items, items->len - 1);
  g_autofree char *rest = NULL;

  if (items->len == 1)
    return g_strdup (last);
  rest = join_but_last (items);
  /* TRANSLATORS: the last of the choices after the others: "whole, around or agents" */
  return g_strdup_printf (_("%s or %s"), rest, last);
}

const char *
kv_i18n_narration_language (void)
{
  const char *const *names = g_get_language_names ();

  return names[0] != NULL && g_str_has_prefix (names[0], "nl") ? "nl" : NULL;
}
