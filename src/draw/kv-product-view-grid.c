// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-view-grid.c: a Clue product's pairs of envelope and event in
 * the grid the envelope view draws (kv-product-view-private.h). */
#define G_LOG_DOMAIN "kv-product-view"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-product-view-private.h"

void
_kv_product_grid_clear (KvProductGrid *grid)
{
  g_clear_pointer (&grid->rows, g_ptr_array_unref);
  g_clear_pointer (&grid->cols, g_ptr_array_unref);
}

gboolean
_kv_product_grid_init (KvProductGrid *grid, const KvProductView *view, const KvProductGrouping *g)
{
  const KvGame *game = view->before->game;

  grid->first = grid->second = -1;
  grid->n_first = 0;
  grid->heading_rows = 0;
  grid->rows = grid->cols = NULL;
  if (g->kind != KV_VIEW_ENVELOPE || !kv_view_envelope_axes (game, &grid->first, &grid->second))
    return FALSE;

  grid->rows = g_ptr_array_new_with_free_func (g_free);
  grid->cols = g_ptr_array_new_with_free_func (g_free);
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == grid->first)
      grid->n_first++;
  for (guint e = 0; e < view->action->n_events; e++)
    {
      /* TRANSLATORS: the product view's grid of envelopes: heads the rows
       * of the pairs with one event, e.g. "event candle" */
      g_ptr_array_add (grid->rows, g_strdup_printf (_("event %s"), view->action->event_names[e]));
      if (grid->rows->len <= 64)
        grid->heading_rows |= G_GUINT64_CONSTANT (1) << (grid->rows->len - 1);
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == grid->first)
          g_ptr_array_add (grid->rows, g_strdup (game->card_names[c]));
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == grid->second)
      g_ptr_array_add (grid->cols, g_strdup (game->card_names[c]));
  g_ptr_array_add (grid->rows, NULL);
  g_ptr_array_add (grid->cols, NULL);
  return TRUE;
}

void
_kv_product_grid_place (const KvProductGrid *grid, const KvProductView *view, const KvProductGrouping *g,
                        KvGraph *graph, guint i, guint group, guint event)
{
  const KvGame *game = view->before->game;
  KvHand hand = kv_model_hand (view->before, g_array_index (g->first, guint, group), kv_game_envelope (game));
  int row = 0, col = 0;

  kv_view_envelope_cell (game, hand, grid->first, grid->second, &row, &col);
  kv_graph_set_grid (graph, i, event * (grid->n_first + 1) + 1 + (guint) row, (guint) col);
  kv_graph_set_headed (graph, i);
}

void
_kv_product_grid_finish (const KvProductGrid *grid, KvGraph *graph, gboolean cycles)
{
  kv_graph_set_headers (graph, (const char * const *) grid->rows->pdata, (const char * const *) grid->cols->pdata);
  graph->heading_rows = grid->heading_rows;
  kv_graph_add_note (graph, cycles ? _("A dot pairs the envelope of its row and column with the event above it; "
                                       "classes of more than three are drawn as cycles.")
                                   : _("A dot pairs the envelope of its row and column with the event above it."));
}
