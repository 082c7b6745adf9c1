// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-grid.c: the product view's grids (kv-product-view-private.h):
 * many pairs in a grid of dots with headers — a Clue product's pairs of
 * envelope and event in the grid the envelope view draws, any other game's
 * in the matrix W × E; A's events in a grid by two agents' blocks; the
 * result in M's crossing grid. */
#define G_LOG_DOMAIN "kv-product-view"
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "kv-layout.h"
#include "kv-partition.h"
#include "kv-product-view-private.h"

void
_kv_product_grid_clear (KvProductGrid *grid)
{
  g_clear_pointer (&grid->rows, g_ptr_array_unref);
  g_clear_pointer (&grid->cols, g_ptr_array_unref);
}

/* Whether the envelope grid heads each event's block of rows. */
static guint
event_headings (const KvProductView *view)
{
  return view->action->n_events > 1 ? 1 : 0;
}

static void
init_envelopes (KvProductGrid *grid, const KvProductView *view)
{
  const KvGame *game = view->before->game;

  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == grid->first)
      grid->n_first++;
  for (guint e = 0; e < view->action->n_events; e++)
    {
      /* One event (an announcement, "!") needs no heading: every pair has it. */
      if (event_headings (view))
        {
          /* TRANSLATORS: the product view's grid of envelopes: heads the rows
           * of the pairs with one event, e.g. "event candle" */
          g_ptr_array_add (grid->rows, g_strdup_printf (_("event %s"), view->action->event_names[e]));
          if (grid->rows->len <= 64)
            grid->heading_rows |= G_GUINT64_CONSTANT (1) << (grid->rows->len - 1);
        }
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == grid->first)
          g_ptr_array_add (grid->rows, g_strdup (game->card_names[c]));
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == grid->second)
      g_ptr_array_add (grid->cols, g_strdup (game->card_names[c]));
}

/* Short headers: a world's label ("n e sw") down the left, an event's
 * name ("sw") across the top, so that a dozen columns fit the product's
 * panel; the preconditions are A's, beside it. */
static void
init_matrix (KvProductGrid *grid, const KvProductView *view, const KvProductGrouping *g)
{
  for (guint group = 0; group < g->n_groups; group++)
    g_ptr_array_add (grid->rows, g_strdup (g_ptr_array_index (g->labels, group)));
  for (guint e = 0; e < view->action->n_events; e++)
    g_ptr_array_add (grid->cols, g_strdup (view->action->event_names[e]));
}

gboolean
_kv_product_grid_init (KvProductGrid *grid, const KvProductView *view, const KvProductGrouping *g)
{
  const KvGame *game = view->before->game;
  guint n_events = view->action->n_events;

  grid->kind = KV_PRODUCT_GRID_NONE;
  grid->first = grid->second = -1;
  grid->n_first = 0;
  grid->heading_rows = 0;
  grid->rows = grid->cols = NULL;
  if (g->kind == KV_VIEW_ENVELOPE && kv_view_envelope_axes (game, &grid->first, &grid->second))
    grid->kind = KV_PRODUCT_GRID_ENVELOPES;
  /* One event is one column (a public announcement): the graph's rows
   * wrap into a picture as wide as it is tall, a matrix would not. Groups
   * of worlds by an envelope of another shape keep the graph, whose nodes
   * say their envelope. */
  else if (g->kind != KV_VIEW_ENVELOPE && n_events >= 2 &&
           (guint64) g->n_groups * n_events > KV_VIEW_READABLE_NODES)
    grid->kind = KV_PRODUCT_GRID_MATRIX;
  else
    return FALSE;

  grid->rows = g_ptr_array_new_with_free_func (g_free);
  grid->cols = g_ptr_array_new_with_free_func (g_free);
  if (grid->kind == KV_PRODUCT_GRID_ENVELOPES)
    init_envelopes (grid, view);
  else
    init_matrix (grid, view, g);
  g_ptr_array_add (grid->rows, NULL);
  g_ptr_array_add (grid->cols, NULL);
  return TRUE;
}

void
_kv_product_grid_place (const KvProductGrid *grid, const KvProductView *view, const KvProductGrouping *g,
                        KvGraph *graph, guint i, guint group, guint event)
{
  const KvGame *game = view->before->game;

  if (grid->kind == KV_PRODUCT_GRID_MATRIX)
    {
      g_autofree char *key = NULL;

      kv_graph_set_grid (graph, i, group, event);
      kv_graph_set_headed (graph, i);
      /* The result names its worlds by their pairs (kv-product-view.c) to
       * keep them where the pairs were; its labelled boxes would overlap
       * in the matrix's cells, a dot wide, so the matrix keeps its places
       * under names of its own (the pairs and links stages share them). */
      key = g_strdup_printf ("W × E %s", kv_graph_place_key (graph, i));
      kv_graph_set_place_key (graph, i, key);
    }
  else
    {
      KvHand hand = kv_model_hand (view->before, g_array_index (g->first, guint, group), kv_game_envelope (game));
      guint heading = event_headings (view);
      int row = 0, col = 0;

      kv_view_envelope_cell (game, hand, grid->first, grid->second, &row, &col);
      kv_graph_set_grid (graph, i, event * (grid->n_first + heading) + heading + (guint) row, (guint) col);
      kv_graph_set_headed (graph, i);
    }
}

void
_kv_product_grid_finish (const KvProductGrid *grid, KvGraph *graph, gboolean cycles)
{
  const char *note;

  kv_graph_set_headers (graph, (const char * const *) grid->rows->pdata, (const char * const *) grid->cols->pdata);
  graph->heading_rows = grid->heading_rows;
  /* The renderer draws a headed node as a circle (KV_STYLE_DOT_SIZE). */
  if (grid->kind == KV_PRODUCT_GRID_MATRIX)
    note = cycles ? _("A circle pairs the world heading its row with the event heading its column; "
                      "classes of more than three are drawn as cycles.")
                  : _("A circle pairs the world heading its row with the event heading its column.");
  else if (grid->heading_rows == 0)
    note = cycles ? _("A circle pairs the envelope of its row and column with the action's one event; "
                      "classes of more than three are drawn as cycles.")
                  : _("A circle pairs the envelope of its row and column with the action's one event.");
  else
    note = cycles ? _("A circle pairs the envelope of its row and column with the event above it; "
                      "classes of more than three are drawn as cycles.")
                  : _("A circle pairs the envelope of its row and column with the event above it.");
  kv_graph_add_note (graph, note);
}

void
_kv_action_grid_clear (KvActionGrid *grid)
{
  g_clear_pointer (&grid->row, g_free);
  g_clear_pointer (&grid->col, g_free);
}

/* Numbers @agent's blocks by their first events into @index (per event);
 * returns how many there are. */
static guint
number_blocks (const KvActionModel *am, guint agent, guint *index)
{
  memcpy (index, &am->cls[agent * am->n_events], am->n_events * sizeof (guint));
  return kv_densify_u32 (index, am->n_events);
}

gboolean
_kv_action_grid_init (KvActionGrid *grid, const KvActionModel *am, guint n_agents)
{
  guint n_found = 0, rows = 0, cols = 0;
  g_autofree guint *cells = g_new (guint, 2 * (gsize) am->n_events);

  *grid = (KvActionGrid) { 0 };
  grid->row = g_new (guint, am->n_events);
  grid->col = g_new (guint, am->n_events);
  for (guint a = 0; a < n_agents && n_found < 2; a++)
    {
      guint *index = n_found == 0 ? grid->row : grid->col;
      guint n = number_blocks (am, a, index);

      if (n == am->n_events)
        continue;   /* tells every event apart: no links */
      if (n_found++ == 0)
        {
          grid->row_agent = a;
          rows = n;
        }
      else
        {
          grid->col_agent = a;
          cols = n;
        }
    }
  if (n_found < 2 || !kv_layout_cross_cells (am->n_events, grid->row, rows, grid->col, cols, cells))
    {
      _kv_action_grid_clear (grid);
      return FALSE;
    }
  for (guint e = 0; e < am->n_events; e++)
    grid->col[e] = cells[2 * e + 1];
  return TRUE;
}

void
_kv_product_result_grid (const KvProductView *view,
                         const KvViewOptions *options,
                         KvGraph             *graph)
{
  const KvModel *m = view->before;
  const KvProduct *product = view->product;
  guint n_nodes = kv_graph_n_nodes (graph);
  KvViewOptions whole = *options;
  g_autoptr(KvGraph) model_graph = NULL;
  g_autofree guint *cells = NULL;
  g_autofree gint32 *node_of_world = NULL;
  g_autofree guint *pair_cells = NULL;
  g_autofree guint *grid = NULL;

  if (n_nodes != view->after->n_worlds || m->n_worlds > KV_LAYOUT_CROSSING_MAX)
    return;
  whole.kind = KV_VIEW_WHOLE;
  whole.highlight = NULL;
  whole.title = NULL;
  model_graph = kv_view_build (m, &whole, NULL);
  if (model_graph == NULL || kv_graph_n_nodes (model_graph) != m->n_worlds)
    return;
  cells = g_new (guint, 2 * (gsize) m->n_worlds);
  if (!kv_layout_crossing_grid (model_graph, cells))
    return;
  node_of_world = g_new (gint32, m->n_worlds);
  for (guint w = 0; w < m->n_worlds; w++)
    node_of_world[w] = -1;
  for (guint i = 0; i < kv_graph_n_nodes (model_graph); i++)
    node_of_world[kv_graph_node (model_graph, i)->world] = (gint32) i;
  /* Node i is the pair p = i (kv_view_build's whole view): the pairs of
   * one world in a column at its cell, in their order. */
  pair_cells = g_new (guint, 2 * (gsize) n_nodes);
  grid = g_new (guint, 2 * (gsize) n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    {
      guint at = (guint) node_of_world[product->pair_world[kv_graph_node (graph, i)->world]];

      pair_cells[2 * i] = cells[2 * at];
      pair_cells[2 * i + 1] = cells[2 * at + 1];
    }
  kv_layout_stack_cells (n_nodes, pair_cells, grid);
  for (guint i = 0; i < n_nodes; i++)
    kv_graph_set_grid (graph, i, grid[2 * i], grid[2 * i + 1]);
}
