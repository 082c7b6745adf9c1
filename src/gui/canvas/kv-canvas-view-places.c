// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view-places.c: the canvas view's stable pictures (KvPlaces). */
#define G_LOG_DOMAIN "kv-canvas-view"

#include "config.h"

#include "kv-canvas-view-private.h"

/* Stable pictures: one KvPlaces per game (or graph), view and engine, so
 * that stepping forward and back keeps every surviving world where it was.
 * The layout thread alone reads and writes them; the view only hands them
 * to its jobs, and lets go of them for new ones. */

/* @game's header without its deal: the worlds a deal does not change.
 * Change Deal keeps the places, so the hexagon stays and the actual
 * world's mark moves. */
static char *
header_of (KvGame *game)
{
  g_autofree char *text = kv_script_to_text (game, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *header = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "deal "))
      {
        g_string_append (header, lines[i]);
        g_string_append_c (header, '\n');
      }
  return g_string_free (header, FALSE);
}

/* New places for @game's worlds (NULL: a graph's); @game may be the one
 * the places are for now (another view of it). */
void
_kv_canvas_view_new_places (KvCanvasView *self,
                            KvGame       *game)
{
  if (game != NULL)
    kv_game_ref (game);
  g_clear_pointer (&self->places, kv_places_unref);
  g_clear_pointer (&self->places_game, kv_game_unref);
  g_clear_pointer (&self->places_header, g_free);
  self->places = kv_places_new ();
  self->places_game = game;
  if (game != NULL)
    self->places_header = header_of (game);
}

/* Whether the places are for @game: the same one, or the same game
 * replayed (undo and a reopened session parse the script again, which
 * makes a new KvGame with the same header), or with another deal: the
 * same worlds, the actual one elsewhere. */
gboolean
_kv_canvas_view_places_are_for (KvCanvasView *self,
                                KvGame       *game)
{
  g_autofree char *header = NULL;

  if (self->places_game == game)
    return TRUE;
  if (self->places_game == NULL)
    return FALSE;
  header = header_of (game);
  if (!g_str_equal (header, self->places_header))
    return FALSE;
  /* The next model of the replayed game is known by its pointer. */
  g_clear_pointer (&self->places_game, kv_game_unref);
  self->places_game = kv_game_ref (game);
  return TRUE;
}
