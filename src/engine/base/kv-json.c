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
#define UTF8_BOM "\xEF\xBB\xBF"

/* Where the string whose opening quote is at @i ends: its closing
 * quote's offset, or @length when it is not closed. */
static gsize
string_end (const char *text, gsize length, gsize i)
{
  for (i++; i < length; i++)
    if (text[i] == '\\')
      i++;
    else if (text[i] == '"')
      return i;
  return length;
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

      if (c == '"')
        {
          i = string_end (text, length, i);
          in_string = i >= length;
        }
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

/* The first whole number in @text, outside strings, that json-glib does
 * not read as written (past 64 bits it reads 10²⁰ as -1): its offset and
 * length in *@start and *@n; FALSE when there is none. */
static gboolean
find_huge_integer (const char *text, gsize length, gsize *start, gsize *n)
{
  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];
      gsize end = i + (c == '-' ? 1 : 0);

      if (c == '"')
        {
          i = string_end (text, length, i);
          continue;
        }
      if (c != '-' && !g_ascii_isdigit (c))
        continue;
      while (end < length && g_ascii_isdigit (text[end]))
        end++;
      /* A fraction or an exponent makes a double, read as written. */
      if (end - i > 18 && (end == length || (text[end] != '.' && text[end] != 'e' && text[end] != 'E')))
        {
          g_autofree char *number = g_strndup (text + i, end - i);
          g_autoptr(GError) error = NULL;
          gint64 value;

          if (!g_ascii_string_to_signed (number, 10, G_MININT64, G_MAXINT64, &value, &error)
              && g_error_matches (error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
            {
              *start = i;
              *n = end - i;
              return TRUE;
            }
        }
      /* The rest of the number (a fraction, an exponent) is no new one
       * (the UTF-8 check has refused a NUL byte). */
      while (end < length && (g_ascii_isdigit (text[end]) || strchr (".eE+-", text[end]) != NULL))
        end++;
      i = end - 1;
    }
  return FALSE;
}

/* Says that the number at @start (@n bytes) of @text is too large (or too
 * far below zero), with its line and column. */
static gboolean
fail_huge_integer (GError **error, const char *text, gsize start, gsize n)
{
  g_autofree char *number = g_strndup (text + start, n);
  guint line = 1;
  gsize line_start = 0;

  for (gsize i = 0; i < start; i++)
    if (text[i] == '\n')
      {
        line++;
        line_start = i + 1;
      }
  return kv_read_fail (error, KV_ERROR_LIMIT,
               number[0] == '-' ? _("the number “%s” at line %u, column %u is too small")
                                : _("the number “%s” at line %u, column %u is too large"),
               number, line, (guint) g_utf8_strlen (text + line_start, start - line_start) + 1);
}

/* Where the JSON object @text starts with ends (the offset after its
 * closing brace), or 0 when it does not start with one or is not closed;
 * *@first gets the first character that is not white space. */
static gsize
object_end (const char *text, gsize length, char *first)
{
  gsize i = 0;
  guint depth = 0;

  while (i < length && strchr (JSON_SPACE, text[i]) != NULL && text[i] != '\0')
    i++;
  *first = i < length ? text[i] : '\0';
  if (*first != '{')
    return 0;
  for (; i < length; i++)
    {
      char c = text[i];

      if (c == '"')
        i = string_end (text, length, i);
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
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("not JSON at line %u, column %u: %s"), line, column, inner->message + end);
  return kv_read_fail (error, KV_ERROR_SYNTAX, _("not JSON: %s"), inner->message);
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
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("not %s: the document must be a JSON object"), what);
  while (end > 0 && end < length && strchr (JSON_SPACE, text[end]) != NULL && text[end] != '\0')
    end++;
  if (end > 0 && end < length)
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("not %s: there is more after the JSON object"), what);
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
  g_autofree char *which = NULL;
  guint line, column;
  gsize huge, huge_length;
  JsonNode *root;

  g_return_val_if_fail (text != NULL && what != NULL, NULL);

  /* A byte-order mark, as scripts take it (an editor's "UTF-8 with BOM"). */
  if (length >= strlen (UTF8_BOM) && memcmp (text, UTF8_BOM, strlen (UTF8_BOM)) == 0)
    {
      text += strlen (UTF8_BOM);
      length -= strlen (UTF8_BOM);
    }
  if (!kv_read_check_utf8 (text, length, &line, &column, &which))
    /* TRANSLATORS: the last %s says which byte: "the byte 0xE9 after “caf”" */
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("the file is not UTF-8 text at line %u, column %u: %s"),
                 line, column, which), NULL;
  if (nesting_depth (text, length, max_depth, &ends_open) > max_depth)
    return kv_read_fail (error, KV_ERROR_LIMIT, _("arrays and objects are nested more than %d deep"), (int) max_depth), NULL;
  if (find_huge_integer (text, length, &huge, &huge_length))
    return fail_huge_integer (error, text, huge, huge_length), NULL;
  if (!holds_one_object (text, length, what, error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, length, &inner))
    {
      /* json-glib blames the last token it read ("unexpected character
       * `{'" for a lone "{"): a file cut short is said as such. */
      if (ends_open)
        return kv_read_fail (error, KV_ERROR_SYNTAX,
                     _("the file ends early: a string, array or object is not closed (is the file cut short?)")), NULL;
      return fail_not_json (error, inner), NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("not %s: the document must be a JSON object"), what), NULL;
  return g_steal_pointer (&parser);
}
