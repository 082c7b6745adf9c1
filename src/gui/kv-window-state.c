// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-state.c: what the window shows of the selected step's state,
 * on either engine (kv-state.h): the knowledge table, and in the canvas's
 * place the word that a symbolic state (real Cluedo) has too many worlds
 * to draw. */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-window-private.h"

static int
selected_world (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  int world = -1;

  world = kv_canvas_view_get_selected_world (KV_CANVAS_VIEW (self->canvas));
  if (entry == NULL || entry->model == NULL || world < 0 || (guint) world >= entry->model->n_worlds)
    return -1;
  return world;
}

/* The owners of each card over the worlds of @chain at @world (-1: the
 * actual one) of @model: what the canvas's perspective leaves open. */
static guint32 *
perspective_owners (KvModel     *model,
                    int          world,
                    const guint *chain,
                    guint        n_chain,
                    guint64     *n_worlds)
{
  g_autoptr(KvBits) worlds = kv_perspective_worlds (model, world >= 0 ? (guint) world : model->actual,
                                                    chain, n_chain);

  if (n_worlds != NULL)
    *n_worlds = kv_bits_count (worlds);
  return kv_perspective_owners (model, worlds);
}

/* The knowledge table shows the canvas's perspective too (issue 10): a
 * column "1’s view" or "1 → 2", marked where the step changed it. An
 * explicit model only (a symbolic state has no perspective). */
static void
update_perspective_column (KvWindow             *self,
                           const KvHistoryEntry *entry,
                           int                   world,
                           const KvHistoryEntry *previous,
                           guint                 previous_world)
{
  KvGame *game = history_of (self)->game;
  guint chain[KV_PERSPECTIVE_MAX], n_chain = 0;
  g_autofree guint32 *owners = NULL;
  g_autofree guint32 *before = NULL;
  g_autofree char *title = NULL;
  guint64 n_worlds = 0;

  if (entry->model == NULL ||
      !kv_perspective_parse (game, kv_session_get_perspective (self->session), chain, &n_chain, NULL) ||
      n_chain == 0)
    {
      kv_knowledge_table_set_perspective (self->knowledge_table, NULL, NULL, NULL, 0);
      return;
    }
  owners = perspective_owners (entry->model, world, chain, n_chain, &n_worlds);
  if (previous != NULL && previous->model != NULL)
    before = perspective_owners (previous->model, world >= 0 ? (int) previous_world : -1, chain, n_chain, NULL);
  if (n_chain == 1)
    /* TRANSLATORS: the knowledge table's column for an agent's perspective, on two lines */
    title = g_strdup_printf (_("%s’s\nview"), game->agent_names[chain[0]]);
  else
    title = kv_perspective_to_display (game, chain, n_chain);
  kv_knowledge_table_set_perspective (self->knowledge_table, title, owners, before, n_worlds);
}

void
_kv_window_update_knowledge (KvWindow *self)
{
  const KvHistoryEntry *entry = kv_session_get_entry (self->session);
  const KvHistoryEntry *previous = NULL;
  guint previous_world = 0;
  int world;

  if (entry == NULL)
    {
      kv_knowledge_table_set_state (self->knowledge_table, NULL, -1, NULL, 0);
      kv_knowledge_table_set_perspective (self->knowledge_table, NULL, NULL, NULL, 0);
      return;
    }

  /* A world picked on the canvas (explicit models only), else the actual
   * world: the states' own tables, on either engine. */
  world = selected_world (self);
  if (step_of (self) > 0)
    previous = kv_history_get (history_of (self), step_of (self) - 1);
  if (world >= 0 && previous != NULL)
    {
      KvModel *before = previous->model;

      previous_world = before->actual;
      /* The same deal one step earlier (models share their deal table). */
      if (before->deals == entry->model->deals)
        for (guint w = 0; w < before->n_worlds; w++)
          if (before->deal[w] == entry->model->deal[world])
            {
              previous_world = w;
              break;
            }
    }

  kv_knowledge_table_set_state (self->knowledge_table, entry->state, world,
                                previous != NULL ? previous->state : NULL, previous_world);
  update_perspective_column (self, entry, world, previous, previous_world);
}

/* A symbolic state has no model: the canvas says so instead of drawing,
 * and what works on every world is named. */
void
_kv_window_update_placeholder (KvWindow *self)
{
  KvState *state = kv_session_get_state (self->session);
  g_autofree char *message = NULL;

  if (state != NULL && kv_state_model (state) == NULL)
    {
      KvGame *game = kv_state_game (state);
      guint64 n_worlds = kv_state_count_worlds (state);
      g_autofree char *count = kv_count_format (n_worlds);

      /* TRANSLATORS: a game's title, then a count of worlds ("5 557 616 064") */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%s has %s world: too many to draw. The knowledge table and "
                                              "the formula bar work on all of them.",
                                              "%s has %s worlds: too many to draw. The knowledge table and "
                                              "the formula bar work on all of them.",
                                              n_worlds),
                                 game->title != NULL ? kv_game_display_title (game->title)
                                                     : kv_session_get_game_name (self->session),
                                 count);
    }
  kv_canvas_view_set_placeholder (KV_CANVAS_VIEW (self->canvas), message);
}
