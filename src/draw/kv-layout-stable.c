// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-stable.c: stable pictures — KvPlaces, the frames it keeps,
 * and kv_layout_new_stable (kv-layout.h). */
#define G_LOG_DOMAIN "kv-layout"
#include "config.h"

#include <math.h>

#include "kv-layout-private.h"

/* Where worlds were put, by place key, in one frame shared by every
 * picture of a family laid out with these places. */
typedef struct {
  GHashTable *points;                 /* place key → double[2] */
  gboolean    framed;
  double      min_x, min_y, max_x, max_y;
  /* Changes whenever the bounds do; its high 32 bits are the frame's own
   * and never change (KV_LAYOUT_FRAME_FAMILY: the scene cache moves a
   * layout of the frame to its grown bounds). */
  guint64     id;
  guint32     family;
} Frame;

struct _KvPlaces {
  gatomicrefcount ref;
  GPtrArray      *frames;             /* Frame */
};

/* Frame ids are unique in the process, so a layout of a freed frame never
 * looks like one of a new frame. */
static guint64
next_frame_id (void)
{
  static gint last = 0;

  return (guint) g_atomic_int_add (&last, 1) + 1;
}

static void
frame_free (gpointer data)
{
  Frame *frame = data;

  g_hash_table_destroy (frame->points);
  g_free (frame);
}

KvPlaces *
kv_places_new (void)
{
  KvPlaces *places = g_new0 (KvPlaces, 1);

  g_atomic_ref_count_init (&places->ref);
  places->frames = g_ptr_array_new_with_free_func (frame_free);
  return places;
}

KvPlaces *
kv_places_ref (KvPlaces *places)
{
  g_return_val_if_fail (places != NULL, NULL);

  g_atomic_ref_count_inc (&places->ref);
  return places;
}

void
kv_places_unref (KvPlaces *places)
{
  if (places == NULL || !g_atomic_ref_count_dec (&places->ref))
    return;

  g_ptr_array_unref (places->frames);
  g_free (places);
}

guint
kv_places_size (const KvPlaces *places)
{
  guint n = 0;

  g_return_val_if_fail (places != NULL, 0);

  for (guint f = 0; f < places->frames->len; f++)
    n += g_hash_table_size (((Frame *) g_ptr_array_index (places->frames, f))->points);
  return n;
}

/* The frame that knows most of @graph's worlds, or a new one when none
 * knows any. */
static Frame *
choose_frame (KvPlaces      *places,
              const KvGraph *graph)
{
  Frame *best = NULL;
  guint best_known = 0;

  for (guint f = 0; f < places->frames->len; f++)
    {
      Frame *frame = g_ptr_array_index (places->frames, f);
      guint known = 0;

      for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
        known += g_hash_table_contains (frame->points, kv_graph_place_key (graph, i));
      if (known > best_known)
        {
          best = frame;
          best_known = known;
        }
    }
  if (best != NULL)
    return best;

  /* A frame a failed layout left empty is as good as a new one. */
  for (guint f = 0; f < places->frames->len; f++)
    if (g_hash_table_size (((Frame *) g_ptr_array_index (places->frames, f))->points) == 0)
      return g_ptr_array_index (places->frames, f);

  best = g_new0 (Frame, 1);
  best->family = next_frame_id ();
  best->points = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_ptr_array_add (places->frames, best);
  return best;
}

/* Grows @frame to hold the box @min_x … @max_y (a world); TRUE when it grew
 * (or was empty). */
static gboolean
frame_hold (Frame  *frame,
            double  min_x,
            double  max_x,
            double  min_y,
            double  max_y)
{
  if (!frame->framed)
    {
      frame->min_x = min_x;
      frame->max_x = max_x;
      frame->min_y = min_y;
      frame->max_y = max_y;
      frame->framed = TRUE;
      return TRUE;
    }
  if (min_x >= frame->min_x && max_x <= frame->max_x && min_y >= frame->min_y && max_y <= frame->max_y)
    return FALSE;
  frame->min_x = MIN (frame->min_x, min_x);
  frame->max_x = MAX (frame->max_x, max_x);
  frame->min_y = MIN (frame->min_y, min_y);
  frame->max_y = MAX (frame->max_y, max_y);
  return TRUE;
}

/* Whether @layout, moved by (@dx, @dy), puts a world @pins knows
 * elsewhere (half a point off). */
static gboolean
moves_known (const KvLayout *layout,
             const KvPin    *pins,
             double          dx,
             double          dy)
{
  for (guint i = 0; i < kv_graph_n_nodes (layout->graph); i++)
    if (pins[i].known &&
        (fabs (layout->nodes[i].x + dx - pins[i].x) > 0.5 || fabs (layout->nodes[i].y + dy - pins[i].y) > 0.5))
      return TRUE;
  return FALSE;
}

KvLayout *
kv_layout_new_stable (KvLayoutContext  *context,
                      KvGraph          *graph,
                      KvLayoutEngine    engine,
                      KvPlaces         *places,
                      GError          **error)
{
  guint n_nodes;
  g_autofree KvPin *pins = NULL;
  guint n_known = 0;
  int anchor = -1;
  double dx = 0, dy = 0;
  KvLayout *layout;
  Frame *frame;
  gboolean grown = FALSE, initial, anew;

  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (places != NULL, NULL);

  n_nodes = kv_graph_n_nodes (graph);
  if (n_nodes == 0)
    return kv_layout_new (context, graph, engine, error);

  frame = choose_frame (places, graph);
  pins = g_new0 (KvPin, n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    {
      const double *place = g_hash_table_lookup (frame->points, kv_graph_place_key (graph, i));

      if (place == NULL)
        continue;
      pins[i] = (KvPin) { TRUE, place[0], place[1] };
      n_known++;
      if (anchor < 0)
        anchor = (int) i;
    }

  /* A grid is placed anew (no Graphviz either): its headers too. So is a
   * graph that keeps the initial model's places (kv_graph_set_initial_place),
   * which are known in advance: its known worlds may not all stay (below). */
  initial = _kv_layout_keeps_initial (graph, engine);
  if (n_known == n_nodes && !kv_graph_is_grid (graph) && !initial)
    {
      /* Every world known: no Graphviz at all. */
      layout = _kv_layout_alloc (graph, KV_LAYOUT_NEATO);
    }
  else
    {
      layout = _kv_layout_new_pinned (context, graph, engine, n_known > 0 ? pins : NULL, error);
      if (layout == NULL)
        return NULL;
      /* Graphviz moved the drawing to its own origin: move it back so the
       * first known world is where it was. */
      if (anchor >= 0)
        {
          dx = pins[anchor].x - layout->nodes[anchor].x;
          dy = pins[anchor].y - layout->nodes[anchor].y;
        }
    }
  /* Where those places put a known world elsewhere (twocards' result
   * stacks two worlds in each cell of the initial grid, which moves the
   * cells), all of it stays where they put it, moved to its first known
   * world: its picture is the one a window opened at that step draws. */
  anew = initial && moves_known (layout, pins, dx, dy);

  /* Into the frame's coordinates; known worlds exactly where they were. */
  for (guint i = 0; i < n_nodes; i++)
    {
      KvLayoutNode *node = &layout->nodes[i];

      if (pins[i].known && !anew)
        {
          node->x = pins[i].x;
          node->y = pins[i].y;
        }
      else
        {
          double *place = g_new (double, 2);

          node->x += dx;
          node->y += dy;
          place[0] = node->x;
          place[1] = node->y;
          g_hash_table_replace (frame->points, g_strdup (kv_graph_place_key (graph, i)), place);
        }
      grown |= frame_hold (frame, node->x - node->width / 2, node->x + node->width / 2,
                           node->y - node->height / 2, node->y + node->height / 2);
    }
  /* A grid's headers move with its worlds, and the frame holds them. */
  if (layout->n_headers > 0)
    grown |= _kv_layout_headers_move (layout, dx, dy, &frame->min_x, &frame->max_x,
                                      &frame->min_y, &frame->max_y);
  if (grown)
    frame->id = ((guint64) frame->family << 32) | next_frame_id ();
  layout->frame = frame->id;

  /* The frame's top left is the drawing's origin, on every page. */
  for (guint i = 0; i < n_nodes; i++)
    {
      layout->nodes[i].x -= frame->min_x;
      layout->nodes[i].y -= frame->min_y;
    }
  _kv_layout_headers_move (layout, -frame->min_x, -frame->min_y, NULL, NULL, NULL, NULL);
  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    g_clear_pointer (&layout->edges[i].points, g_free);
  _kv_layout_straight_links (layout);
  layout->width = frame->max_x - frame->min_x;
  layout->height = frame->max_y - frame->min_y;

  return layout;
}
