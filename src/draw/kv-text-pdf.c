// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-draw"
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-style.h"
#include "kv-text-pdf.h"

/* A4 in points, with 2 cm margins. */
#define PAGE_WIDTH   595.0
#define PAGE_HEIGHT  842.0
#define MARGIN        57.0
#define FONT_SIZE     11.0
#define LINE_HEIGHT   15.0
#define INDENT_STEP    6.0   /* points per leading space */

typedef struct {
  cairo_t *cr;
  double   y;
} Page;

static void
next_line (Page *page)
{
  page->y += LINE_HEIGHT;
  if (page->y > PAGE_HEIGHT - MARGIN)
    {
      cairo_show_page (page->cr);
      page->y = MARGIN + FONT_SIZE;
    }
}

static double
width_of (cairo_t *cr, const char *text)
{
  cairo_text_extents_t extents;

  cairo_text_extents (cr, text, &extents);
  return extents.x_advance;
}

/* @text's lines, wrapped at spaces to @room points. */
static GPtrArray *
wrap (cairo_t *cr, const char *text, double room)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  GString *line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *longer = line->len ? g_strdup_printf ("%s %s", line->str, words[i]) : g_strdup (words[i]);

      if (line->len > 0 && width_of (cr, longer) > room)
        {
          g_ptr_array_add (lines, g_strdup (line->str));
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, longer);
    }
  g_ptr_array_add (lines, g_string_free (line, FALSE));
  return lines;
}

/* @lines from @indent, a page turned where they reach its foot. */
static void
show_lines (Page *page, const GPtrArray *lines, double indent)
{
  for (guint i = 0; i < lines->len; i++)
    {
      cairo_move_to (page->cr, MARGIN + indent, page->y);
      cairo_show_text (page->cr, g_ptr_array_index (lines, i));
      next_line (page);
    }
}

/* Whether @n_lines more fit on the page. */
static gboolean
room_for (const Page *page, guint n_lines)
{
  return page->y + (n_lines - 1) * LINE_HEIGHT <= PAGE_HEIGHT - MARGIN;
}

/* Cairo's PDF, as it comes, appended to a GByteArray. */
static cairo_status_t
append_to_array (void *array, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (array, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kv_text_pdf_bytes (const char *text, GError **error)
{
  g_autoptr(GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (append_to_array, pdf, PAGE_WIDTH, PAGE_HEIGHT);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  Page page = { cairo_create (surface), MARGIN + FONT_SIZE };
  GPtrArray *wrapped;
  cairo_status_t status;

  cairo_set_font_size (page.cr, FONT_SIZE);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gsize spaces = strspn (lines[i], " ");

      if (lines[i][spaces] == '\0')
        {
          page.y += LINE_HEIGHT / 2;
          continue;
        }
      cairo_select_font_face (page.cr, KV_STYLE_FONT, CAIRO_FONT_SLANT_NORMAL,
                              spaces == 0 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      wrapped = wrap (page.cr, lines[i] + spaces, PAGE_WIDTH - 2 * MARGIN - spaces * INDENT_STEP);
      /* A heading (a step's) starts the next page rather than end this
       * one without two lines of what it heads. */
      if (spaces == 0 && page.y > MARGIN + FONT_SIZE && !room_for (&page, wrapped->len + 2))
        {
          cairo_show_page (page.cr);
          page.y = MARGIN + FONT_SIZE;
        }
      show_lines (&page, wrapped, spaces * INDENT_STEP);
      g_clear_pointer (&wrapped, g_ptr_array_unref);
    }
  cairo_destroy (page.cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      /* TRANSLATORS: the first %s is PDF, PNG, SVG or "handout"; the second
       * is Cairo's reason */
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("Could not draw the %s: %s."), "PDF",
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&pdf));
}
