// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-state.c: what the window shows of the selected step's state,
 * on either engine (kv-state.h): the knowledge table, and a symbolic
 * state's (real Cluedo's) picture — its envelope view, or, without an
 * envelope, the word that it has too many worlds to draw. */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-game-title.h"
#include "kv-window-private.h"

/* The window's EnvelopeView (below): a symbolic state's picture. */
#define ENVELOPE_VIEW_KEY "kv-window-envelope-view"

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
 * actual one) of @entry: what the canvas's perspective leaves open. An
 * explicit model's by kv_perspective_worlds (a world may be picked on its
 * canvas), a symbolic state's at the actual world by kv_state_perspective
 * (with BDDs). */
static guint32 *
perspective_owners (const KvHistoryEntry *entry,
                    int                   world,
                    const guint          *chain,
                    guint                 n_chain,
                    guint64              *n_worlds)
{
  if (entry->model != NULL)
    {
      g_autoptr(KvBits) worlds = kv_perspective_worlds (entry->model, world >= 0 ? (guint) world : entry->model->actual,
                                                        chain, n_chain);

      if (n_worlds != NULL)
        *n_worlds = kv_bits_count (worlds);
      return kv_perspective_owners (entry->model, worlds);
    }
  else
    {
      g_autoptr(KvStatePerspective) p = kv_state_perspective (entry->state, chain, n_chain);

      if (n_worlds != NULL)
        *n_worlds = p->n_worlds;
      return g_steal_pointer (&p->owners);
    }
}

/* The knowledge table shows the canvas's perspective too (issue 10): a
 * column "1’s view" or "1 → 2", marked where the step changed it, on
 * either engine. */
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

  if (entry->state == NULL ||
      !kv_perspective_parse (game, kv_session_get_perspective (self->session), chain, &n_chain, NULL) ||
      n_chain == 0)
    {
      kv_knowledge_table_set_perspective (self->knowledge_table, NULL, NULL, NULL, 0);
      return;
    }
  owners = perspective_owners (entry, world, chain, n_chain, &n_worlds);
  if (previous != NULL && previous->state != NULL)
    before = perspective_owners (previous, world >= 0 ? (int) previous_world : -1, chain, n_chain, NULL);
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

  /* A symbolic state's picture follows the perspective too. */
  if (entry != NULL && entry->model == NULL && g_object_get_data (G_OBJECT (self), ENVELOPE_VIEW_KEY) != NULL)
    _kv_window_update_placeholder (self);
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

/* A symbolic state's picture: its agents view (kv_view_build_agents: what
 * each player considers possible, what the step ruled out crossed out),
 * or, when the Envelope view is chosen, its envelope view
 * (kv_view_build_envelope_links), built here, on the main thread, and
 * handed to the canvas's layout thread ready made: that thread only lays
 * it out and never waits for the symbolic engine's lock. What it was built
 * from is kept on the window, so a perspective or a step that changes
 * nothing does not build it again. */
typedef struct {
  KvState         *state;        /* the state drawn, or NULL */
  KvEnvelopeLinks *links;        /* its relation, once the envelope view was drawn */
  gboolean         envelope;     /* the envelope view drawn, else the agents view */
  char            *perspective;  /* the perspective drawn */
  KvGame          *game;         /* the game of the last picture: its steps keep their places */
} EnvelopeView;

static void
envelope_view_free (gpointer data)
{
  EnvelopeView *view = data;

  g_clear_pointer (&view->state, kv_state_unref);
  g_clear_pointer (&view->links, kv_envelope_links_unref);
  g_clear_pointer (&view->game, kv_game_unref);
  g_free (view->perspective);
  g_free (view);
}

/* What the canvas's layout thread gets: the graph, or why the view asked
 * for cannot be drawn; and for the agents view what it was built from, to
 * build it again with its panels fewer across in a narrow canvas. Read
 * only there, freed on any thread. */
typedef struct {
  KvGraph *graph;
  gboolean envelope;   /* it is the envelope view, else the agents view */
  char    *refusal;
  KvState *state;
  KvViewOptions options;   /* a copy (kv_view_options_copy), its chain in chain */
  guint    chain[KV_PERSPECTIVE_MAX];
} EnvelopePicture;

static void
envelope_picture_free (gpointer data)
{
  EnvelopePicture *picture = data;

  kv_graph_unref (picture->graph);
  g_free (picture->refusal);
  g_clear_pointer (&picture->state, kv_state_unref);
  kv_view_options_clear_copy (&picture->options);
  g_free (picture);
}

static KvGraph *
envelope_picture_graph (const KvViewOptions  *options,
                        gpointer              user_data,
                        GError              **error)
{
  EnvelopePicture *picture = user_data;

  if (options->kind != KV_VIEW_AUTO &&
      options->kind != (picture->envelope ? KV_VIEW_ENVELOPE : KV_VIEW_AGENTS))
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_LIMIT, picture->refusal);
      return NULL;
    }
  if (!picture->envelope && options->panels_across != picture->options.panels_across)
    {
      KvViewOptions narrower = picture->options;

      narrower.panels_across = options->panels_across;
      return kv_view_build_agents (picture->state, &narrower, error);
    }
  return kv_graph_ref (picture->graph);
}

/* Shows @state's agents view (or, chosen, its envelope view) in the
 * canvas, unless it shows it already;
 * FALSE when the state cannot have one (no envelope, or the BDD table
 * overflowed), for the placeholder to say why. */
static gboolean
show_envelope_view (KvWindow *self,
                    KvState  *state)
{
  EnvelopeView *view = g_object_get_data (G_OBJECT (self), ENVELOPE_VIEW_KEY);
  KvGame *game = kv_state_game (state);
  const char *perspective = kv_session_get_perspective (self->session);
  guint chain[KV_PERSPECTIVE_MAX], n_chain = 0;
  g_autoptr(GError) error = NULL;
  g_autofree char *count = NULL;
  EnvelopePicture *picture;
  KvViewOptions options;
  gboolean same_game;
  gboolean envelope = kv_session_get_view (self->session) == KV_VIEW_ENVELOPE;
  guint step = kv_session_get_step (self->session);
  KvState *previous = step > 0 ? kv_history_get (kv_session_get_history (self->session), step - 1)->state : NULL;

  if (!game->has_envelope)
    return FALSE;
  if (view == NULL)
    {
      view = g_new0 (EnvelopeView, 1);
      g_object_set_data_full (G_OBJECT (self), ENVELOPE_VIEW_KEY, view, envelope_view_free);
    }
  if (view->state == state && g_strcmp0 (view->perspective, perspective) == 0 && view->envelope == envelope)
    return TRUE;
  if (view->state != state)
    {
      g_clear_pointer (&view->links, kv_envelope_links_unref);
      g_clear_pointer (&view->state, kv_state_unref);
      view->state = kv_state_ref (state);
    }
  if (envelope && view->links == NULL)
    {
      KvEnvelopeLinks *links = kv_state_envelope_links (state, &error);

      if (links == NULL)
        {
          g_warning ("%s", error->message);
          return FALSE;
        }
      view->links = links;
    }
  view->envelope = envelope;
  g_free (view->perspective);
  view->perspective = g_strdup (perspective);

  /* A perspective's agent: its envelopes shaded, its links only; a
   * chain's: the envelopes of its worlds, its last agent's links. */
  kv_view_options_init (&options);
  /* The window's title names the game and counts the worlds, the legend
   * the envelopes: the canvas's room goes to the grid. */
  options.title = "";
  if (perspective != NULL && kv_perspective_parse (game, perspective, chain, &n_chain, NULL))
    {
      if (n_chain == 1)
        options.links_of = (int) chain[0];
      else if (n_chain > 1)
        {
          options.chain = chain;
          options.n_chain = n_chain;
        }
    }
  picture = g_new0 (EnvelopePicture, 1);
  picture->envelope = envelope;
  options.previous = previous;
  options.panels_across = kv_canvas_view_get_panels_across (KV_CANVAS_VIEW (self->canvas));
  picture->state = kv_state_ref (state);
  kv_view_options_copy (&options, &picture->options);
  memcpy (picture->chain, chain, sizeof chain);
  picture->options.chain = picture->chain;
  picture->graph = envelope ? kv_view_build_envelope_links (state, view->links, &options, &error)
                            : kv_view_build_agents (state, &options, &error);
  if (picture->graph == NULL)
    {
      g_warning ("%s", error->message);
      g_free (picture);
      return FALSE;
    }
  count = kv_count_format (kv_state_count_worlds (state));
  /* TRANSLATORS: %s is a count of worlds ("5 557 616 064"); "Agents" and
   * "Envelope" are views' names in the canvas's view menu */
  picture->refusal = g_strdup_printf (_("This view draws every world, and this game has %s: too many to draw. "
                                        "Choose the Agents view (what each player considers possible) or "
                                        "the Envelope view (one circle per envelope still possible)."),
                                      count);
  same_game = view->game == game;
  g_clear_pointer (&view->game, kv_game_unref);
  view->game = kv_game_ref (game);
  /* A step of the same game keeps every envelope in its place. */
  if (same_game)
    kv_canvas_view_replace_graph_func (KV_CANVAS_VIEW (self->canvas), envelope_picture_graph, picture,
                                       envelope_picture_free);
  else
    kv_canvas_view_set_graph_func (KV_CANVAS_VIEW (self->canvas), envelope_picture_graph, picture,
                                   envelope_picture_free);
  return TRUE;
}

/* A symbolic state has no model: the canvas draws its envelope view, or,
 * when there is none, says why instead of drawing, naming what works on
 * every world. */
void
_kv_window_update_placeholder (KvWindow *self)
{
  KvState *state = kv_session_get_state (self->session);
  g_autofree char *message = NULL;

  if (state == NULL || kv_state_model (state) != NULL)
    {
      guint step = kv_session_get_step (self->session);

      /* The model's binding shows it, what its step removed crossed out;
       * the next symbolic game starts anew. */
      kv_canvas_view_set_previous (KV_CANVAS_VIEW (self->canvas),
                                   state != NULL && step > 0
                                   ? kv_history_get (kv_session_get_history (self->session), step - 1)->state
                                   : NULL);
      g_object_set_data (G_OBJECT (self), ENVELOPE_VIEW_KEY, NULL);
    }
  else if (!show_envelope_view (self, state))
    {
      g_autofree char *title = kv_game_user_title (kv_state_game (state));
      guint64 n_worlds = kv_state_count_worlds (state);
      g_autofree char *count = kv_count_format (n_worlds);

      /* TRANSLATORS: a game's title, then a count of worlds ("5 557 616 064") */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%s has %s world: too many to draw. The knowledge table and "
                                              "the formula bar work on all of them.",
                                              "%s has %s worlds: too many to draw. The knowledge table and "
                                              "the formula bar work on all of them.",
                                              n_worlds),
                                 title != NULL ? title : kv_session_get_game_name (self->session),
                                 count);
    }
  kv_canvas_view_set_placeholder (KV_CANVAS_VIEW (self->canvas), message);
}
