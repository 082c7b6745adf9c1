// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-json"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "kv-error.h"
#include "kv-json.h"
#include "kv-read.h"

#define JSON_SPACE " \t\n\r"

G_GNUC_PRINTF (3, 4)
static gboolean
fail (GError **error, KvError code, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *shown = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* json-glib quotes what it stumbled on: an excerpt, however long. */
  shown = kv_read_shorten (message);
  g_set_error_literal (error, KV_ERROR, code, shown);
  return FALSE;
}

/* Nesting of arrays and objects, outside strings, up to @max + 1;
 * @ends_open: whether the text ends inside a string or with an array or
 * object not closed (only meaningful when the scan got to the end). */
static guint
nesting_depth (const char *text, gsize length, guint max, gboolean *ends_open)
{
  guint depth = 0, deepest = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length && deepest <= max; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          depth++;
          deepest = MAX (deepest, depth);
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  *ends_open = in_string || depth > 0;
  return deepest;
}

/* Where the JSON object @text starts with ends (the offset after its
 * closing brace), or 0 when it does not start with one or is not closed;
 * *@first gets the first character that is not white space. */
static gsize
object_end (const char *text, gsize length, char *first)
{
  gsize i = 0;
  guint depth = 0;
  gboolean in_string = FALSE;

  while (i < length && strchr (JSON_SPACE, text[i]) != NULL && text[i] != '\0')
    i++;
  *first = i < length ? text[i] : '\0';
  if (*first != '{')
    return 0;
  for (; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        depth++;
      else if ((c == ']' || c == '}') && depth > 0 && --depth == 0)
        return i + 1;
    }
  return 0;
}

/* json-glib's message without its "<data>:LINE:COL: " (the parser reads
 * from memory and calls it <data>; the caller names the file): "not JSON
 * at line 1, column 8: …". */
static gboolean
fail_not_json (GError **error, const GError *inner)
{
  guint line, column;
  int end = 0;

  if (sscanf (inner->message, "<data>:%u:%u: %n", &line, &column, &end) == 2 && end > 0)
    return fail (error, KV_ERROR_SYNTAX, _("not JSON at line %u, column %u: %s"), line, column, inner->message + end);
  return fail (error, KV_ERROR_SYNTAX, _("not JSON: %s"), inner->message);
}

/* One object and nothing after it, checked before json-glib reads it:
 * json-glib 1.6 leaks the first value of a document that holds two
 * (""[], {}{}). */
static gboolean
holds_one_object (const char *text, gsize length, const char *what, GError **error)
{
  char first;
  gsize end = object_end (text, length, &first);

  if (first != '{' && first != '\0')
    return fail (error, KV_ERROR_SYNTAX, _("not %s: the document must be a JSON object"), what);
  while (end > 0 && end < length && strchr (JSON_SPACE, text[end]) != NULL && text[end] != '\0')
    end++;
  if (end > 0 && end < length)
    return fail (error, KV_ERROR_SYNTAX, _("not %s: there is more after the JSON object"), what);
  return TRUE;
}

JsonParser *
kv_json_parse_object (const char  *text,
                      gsize        length,
                      guint        max_depth,
                      const char  *what,
                      GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) inner = NULL;
  gboolean ends_open = FALSE;
  JsonNode *root;

  g_return_val_if_fail (text != NULL && what != NULL, NULL);

  if (!g_utf8_validate (text, length, NULL))
    return fail (error, KV_ERROR_SYNTAX, _("the file is not UTF-8 text")), NULL;
  if (nesting_depth (text, length, max_depth, &ends_open) > max_depth)
    return fail (error, KV_ERROR_LIMIT, _("arrays and objects are nested more than %d deep"), (int) max_depth), NULL;
  if (!holds_one_object (text, length, what, error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, length, &inner))
    {
      /* json-glib blames the last token it read ("unexpected character
       * `{'" for a lone "{"): a file cut short is said as such. */
      if (ends_open)
        return fail (error, KV_ERROR_SYNTAX,
                     _("the file ends early: a string, array or object is not closed (is the file cut short?)")), NULL;
      return fail_not_json (error, inner), NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return fail (error, KV_ERROR_SYNTAX, _("not %s: the document must be a JSON object"), what), NULL;
  return g_steal_pointer (&parser);
}
