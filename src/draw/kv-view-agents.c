// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-view-agents.c: what each agent considers possible, as small
 * multiples — the picture of a big game a class can read.
 *
 * Clue 11's envelope view links 28 envelopes by some seventy lines from
 * its first step on, and real Cluedo's 324 envelopes are linked by tens of
 * thousands of pairs: no one follows those links on a projector. What the
 * links mean at the actual world is simpler: each agent's class, the
 * envelopes it still considers possible. So this view draws one panel per
 * agent, then Everyone's (the envelopes some agent considers possible:
 * everyone knows the others are out) and Common's (those of the worlds
 * common knowledge ranges over), each a grid of the envelopes still
 * possible: filled in the agent's colour where it considers the envelope
 * possible, a faint ring where it rules it out, crossed out where the step
 * shown ruled it out, the actual envelope ringed. "After this step 3 still
 * considers 4 envelopes possible" is a panel with four dots, and its title
 * says so.
 *
 * The grid is the envelope view's: Clue's weapons down and suspects
 * across; real Cluedo's a block per room, suspects down and weapons across
 * in it. Panels go three across (Cluedo's two; fewer in a narrow canvas).
 * Every card keeps its row and column from step to step, so the panels
 * stay put and consecutive slides line up.
 * Built from a KvState: the same picture on both engines.
 */
#define G_LOG_DOMAIN "kv-view"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kv-view.h"
#include "kv-view-private.h"
#include "kv-style.h"

/* The panels' titles, and the short column names over their grids. */
#define PANEL_TITLE_SIZE KV_STYLE_LABEL_SIZE
/* Real Cluedo's 324 cells a panel, five panels: small dots, so that the
 * titles stay at the labels' size on a projector. */
#define SMALL_DOT 7.0
/* Clue's 28 cells a panel: a dot as wide as a column's short name
 * ("Mu") at the labels' size, so the names stay apart in compact cells. */
#define CLUE_DOT 22.0

typedef struct {
  char   *title;    /* "Player 1", "1 → 2", "Everyone", "Common" */
  char   *key;      /* names its cells for stable places: "1", "1>2", "E", "C" */
  int     agent;    /* its colour, or -1 */
  GArray *now;      /* KvHand: the envelopes it considers possible */
  GArray *before;   /* the same at the step before, or NULL */
} Panel;

static void
panel_clear (gpointer data)
{
  Panel *panel = data;

  g_free (panel->title);
  g_free (panel->key);
  g_clear_pointer (&panel->now, g_array_unref);
  g_clear_pointer (&panel->before, g_array_unref);
}

/* Where an envelope goes in a panel, and what the panel's grid says. */
typedef struct {
  const KvGame *game;
  guint  n_cats;       /* the envelope's categories: 2 (Clue), 3 (Cluedo), else a row */
  int    rows, cols;   /* the categories down and across (a block's, with 3) */
  int    blocks;       /* with 3: the category of the blocks */
  guint  n_rows, n_cols, n_blocks;   /* cards of each */
  guint  across;       /* blocks across a panel */
  guint  head_rows;    /* rows above a panel's cells: its title, its count, its column names */
  guint  height, width;              /* a panel's cells, gaps and captions included */
  guint  gap;          /* columns between panels */
  guint  panels_across; /* three of Clue's; two of real Cluedo's, so a window's
                         * width holds them with their text readable (they
                         * scroll down) */
  GArray *all;         /* KvHand: every envelope still possible (a row's fallback) */
} Cells;

static guint
count_cards (const KvGame *game, int category)
{
  guint n = 0;

  for (guint c = 0; c < game->n_cards; c++)
    n += game->card_category[c] == category;
  return n;
}

/* The cards of @category, in order (names, not owned). */
static GPtrArray *
card_names (const KvGame *game, int category)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == category)
      g_ptr_array_add (names, game->card_names[c]);
  return names;
}

static void
cells_init (Cells *cells, const KvGame *game, GArray *all)
{
  *cells = (Cells) { .game = game, .all = all, .rows = -1, .cols = -1, .blocks = -1, .gap = 1, .panels_across = 3 };
  if (kv_view_envelope_axes (game, &cells->rows, &cells->cols))
    {
      /* Clue: a panel per agent of weapons down, suspects across, the
       * suspects' short names over each panel. */
      cells->n_cats = 2;
      cells->head_rows = 3;
      cells->gap = 2;
      cells->n_rows = count_cards (game, cells->rows);
      cells->n_cols = count_cards (game, cells->cols);
      cells->height = cells->n_rows;
      cells->width = cells->n_cols;
    }
  else if (_kv_view_block_axes (game, &cells->blocks, &cells->rows, &cells->cols))
    {
      /* Real Cluedo: a block per room, √9 across, each its name over it. */
      cells->n_cats = 3;
      cells->head_rows = 2;
      cells->gap = 2;
      cells->panels_across = 2;
      cells->n_rows = count_cards (game, cells->rows);
      cells->n_cols = count_cards (game, cells->cols);
      cells->n_blocks = count_cards (game, cells->blocks);
      for (cells->across = 1; cells->across * cells->across < cells->n_blocks; cells->across++)
        ;
      cells->height = (cells->n_blocks + cells->across - 1) / cells->across * (cells->n_rows + 1);
      cells->width = cells->across * (cells->n_cols + 1) - 1;
    }
  else
    {
      /* Any other envelope: the envelopes in a row. */
      cells->head_rows = 2;
      cells->height = 1;
      cells->width = MAX (all->len, 1);
    }
}

/* The row and column of @hand in a panel's cells, from its top left. */
static void
cells_place (const Cells *cells, KvHand hand, guint *row, guint *col)
{
  int r = 0, c = 0, b = 0, none = 0;

  if (cells->n_cats == 2 || cells->n_cats == 3)
    kv_view_envelope_cell (cells->game, hand, cells->rows, cells->cols, &r, &c);
  if (cells->n_cats == 3)
    {
      kv_view_envelope_cell (cells->game, hand, cells->blocks, -1, &b, &none);
      r += (int) ((guint) b / cells->across * (cells->n_rows + 1) + 1);
      c += (int) ((guint) b % cells->across * (cells->n_cols + 1));
    }
  else if (cells->n_cats != 2)
    for (guint i = 0; i < cells->all->len; i++)
      if (g_array_index (cells->all, KvHand, i) == hand)
        c = (int) i;
  *row = (guint) r;
  *col = (guint) c;
}

/* Panel @p's top left cell in the whole grid: its title's. */
static void
panel_origin (const Cells *cells, guint p, guint *row, guint *col)
{
  *row = p / cells->panels_across * (cells->head_rows + cells->height + 1);
  *col = p % cells->panels_across * (cells->width + cells->gap);
}

static gboolean
hands_contain (const GArray *hands, KvHand hand)
{
  for (guint i = 0; hands != NULL && i < hands->len; i++)
    if (g_array_index (hands, KvHand, i) == hand)
      return TRUE;
  return FALSE;
}

/* The union of @sets' hands, ascending. */
static GArray *
hands_union (GArray **sets, guint n)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KvHand));

  for (guint i = 0; i < n; i++)
    for (guint j = 0; sets[i] != NULL && j < sets[i]->len; j++)
      if (!hands_contain (out, g_array_index (sets[i], KvHand, j)))
        g_array_append_val (out, g_array_index (sets[i], KvHand, j));
  g_array_sort (out, kv_hand_compare);
  return out;
}

/* The chain of @options (a perspective of two agents or more), or 0. */
static guint
chain_of (const KvGame *game, const KvViewOptions *options, const guint **chain)
{
  gboolean known = options != NULL && options->chain != NULL && options->n_chain >= 2 &&
                   options->n_chain <= KV_PERSPECTIVE_MAX;

  for (guint i = 0; known && i < options->n_chain; i++)
    known = options->chain[i] < game->n_agents;
  *chain = known ? options->chain : NULL;
  return known ? options->n_chain : 0;
}

/* The chain's envelopes in @state, or NULL without a state. */
static GArray *
chain_envelopes (KvState *state, const guint *chain, guint n_chain)
{
  g_autoptr(KvStatePerspective) perspective = NULL;

  if (state == NULL)
    return NULL;
  perspective = kv_state_perspective (state, chain, n_chain);
  return g_array_ref (perspective->envelopes);
}

static Panel *
add_panel (GArray *panels, char *title, char *key, int agent)
{
  Panel panel = { title, key, agent, NULL, NULL };

  g_array_append_val (panels, panel);
  return &g_array_index (panels, Panel, panels->len - 1);
}

/* The panels of @state, with their envelopes now and at @previous. */
static GArray *
make_panels (KvState *state, KvState *previous, const guint *chain, guint n_chain)
{
  KvGame *game = kv_state_game (state);
  GArray *panels = g_array_new (FALSE, TRUE, sizeof (Panel));
  g_autofree GArray **now = g_new0 (GArray *, game->n_agents);
  g_autofree GArray **before = g_new0 (GArray *, game->n_agents);
  Panel *panel;

  g_array_set_clear_func (panels, panel_clear);
  for (guint a = 0; a < game->n_agents; a++)
    {
      /* TRANSLATORS: a panel's title in the agents view; %s is a player */
      panel = add_panel (panels, g_strdup_printf (_("Player %s"), game->agent_names[a]),
                         g_strdup (game->agent_names[a]), (int) a);
      panel->now = now[a] = kv_state_envelopes (state, a);
      if (previous != NULL)
        panel->before = before[a] = kv_state_envelopes (previous, a);
    }
  if (n_chain > 0)
    {
      g_autofree char *display = kv_perspective_to_display (game, chain, n_chain);
      g_auto(GStrv) names = g_new0 (char *, n_chain + 1);

      for (guint i = 0; i < n_chain; i++)
        names[i] = g_strdup (game->agent_names[chain[i]]);
      panel = add_panel (panels, g_steal_pointer (&display), g_strjoinv (">", names), (int) chain[n_chain - 1]);
      panel->now = chain_envelopes (state, chain, n_chain);
      panel->before = chain_envelopes (previous, chain, n_chain);
    }
  /* TRANSLATORS: a panel's title in the agents view: the envelopes some
   * player considers possible (everyone knows the others are out) */
  panel = add_panel (panels, g_strdup (_("Everyone")), g_strdup ("E"), -1);
  panel->now = hands_union (now, game->n_agents);
  panel->before = previous != NULL ? hands_union (before, game->n_agents) : NULL;
  /* TRANSLATORS: a panel's title in the agents view: the envelopes of the
   * worlds common knowledge ranges over */
  panel = add_panel (panels, g_strdup (_("Common")), g_strdup ("C"), -1);
  panel->now = kv_state_common_envelopes (state);
  panel->before = previous != NULL ? kv_state_common_envelopes (previous) : NULL;
  return panels;
}

/* "Player 1 — lead, Mustard: considered possible" */
static char *
cell_tooltip (const KvGame *game, const Panel *panel, KvHand hand, KvNodeFlags flags)
{
  g_autofree char *cards = kv_game_hand_to_string (game, hand);
  const char *what = (flags & KV_NODE_FILLED) ? _("considered possible")
                     : (flags & KV_NODE_REMOVED) ? _("ruled out by this step") : _("ruled out");

  /* TRANSLATORS: a cell's tooltip in the agents view: the panel's title,
   * the envelope's cards, what the panel's player makes of it */
  return g_strdup_printf (_("%s — %s: %s"), panel->title, cards, what);
}

/* One cell of @panel (the @p-th): @hand's envelope, a node placed in
 * the whole grid; @world is its index among the envelopes still
 * possible (G_MAXUINT for one a step removed). */
static void
add_cell (KvGraph *graph, const Cells *cells, const Panel *panel, guint p, KvHand hand,
          KvNodeFlags flags, guint world)
{
  g_autofree char *cards = kv_game_hand_to_string (cells->game, hand);
  g_autofree char *key = g_strdup_printf ("agents:%s:%s", panel->key, cards);
  g_autofree char *tooltip = cell_tooltip (cells->game, panel, hand, flags);
  guint row, col, top, left, node;

  cells_place (cells, hand, &row, &col);
  panel_origin (cells, p, &top, &left);
  node = kv_graph_add_node (graph, key, tooltip, flags, world);
  g_array_index (graph->nodes, KvNode, node).fill = panel->agent;
  kv_graph_set_grid (graph, node, top + cells->head_rows + row, left + col);
  kv_graph_set_headed (graph, node);
}

/* @panel's cells: every envelope still possible (@all), filled where it
 * considers it possible, and the ones the step took out of it. */
static void
add_panel_cells (KvGraph *graph, const Cells *cells, const Panel *panel, guint p, KvHand actual)
{
  for (guint i = 0; i < cells->all->len; i++)
    {
      KvHand hand = g_array_index (cells->all, KvHand, i);
      KvNodeFlags flags = hands_contain (panel->now, hand) ? KV_NODE_FILLED
                          : hands_contain (panel->before, hand) ? KV_NODE_REMOVED : KV_NODE_FAINT;

      if (hand == actual)
        flags |= KV_NODE_ACTUAL;
      add_cell (graph, cells, panel, p, hand, flags, i);
    }
  for (guint i = 0; panel->before != NULL && i < panel->before->len; i++)
    {
      KvHand hand = g_array_index (panel->before, KvHand, i);

      if (!hands_contain (cells->all, hand))
        add_cell (graph, cells, panel, p, hand, KV_NODE_REMOVED, G_MAXUINT);
    }
}

/* A panel's title and count over it; Clue's short column names over its
 * cells, Cluedo's room names over its blocks. */
static void
add_panel_captions (KvGraph *graph, const Cells *cells, const Panel *panel, guint p, char **shorts,
                    char **block_shorts)
{
  g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u envelope", "%u envelopes",
                                                         panel->now->len), panel->now->len);
  guint top, left;

  panel_origin (cells, p, &top, &left);
  kv_graph_add_caption_full (graph, top, left, panel->title, PANEL_TITLE_SIZE, TRUE, panel->agent);
  kv_graph_add_caption_full (graph, top + 1, left, count, PANEL_TITLE_SIZE, FALSE, -1);
  for (guint c = 0; cells->n_cats == 2 && shorts[c] != NULL; c++)
    kv_graph_add_caption_full (graph, top + 2, left + c, shorts[c], 0, FALSE, -1);
  for (guint b = 0; cells->n_cats == 3 && block_shorts[b] != NULL; b++)
    kv_graph_add_caption_full (graph, top + cells->head_rows + b / cells->across * (cells->n_rows + 1),
                               left + b % cells->across * (cells->n_cols + 1), block_shorts[b],
                               PANEL_TITLE_SIZE, FALSE, -1);
}

/* The rows' cards down the left of each row of panels: Clue's weapons,
 * Cluedo's row category beside each row of blocks. */
static void
add_row_headers (KvGraph *graph, const Cells *cells, guint n_panels)
{
  g_autoptr(GPtrArray) names = card_names (cells->game, cells->rows);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  guint n_panel_rows = (n_panels + cells->panels_across - 1) / cells->panels_across;

  for (guint pr = 0; pr < n_panel_rows; pr++)
    {
      guint block_rows = cells->n_cats == 3 ? (cells->n_blocks + cells->across - 1) / cells->across : 1;

      for (guint i = 0; i < cells->head_rows; i++)
        g_ptr_array_add (rows, (gpointer) "");
      for (guint br = 0; br < block_rows; br++)
        {
          if (cells->n_cats == 3)
            g_ptr_array_add (rows, (gpointer) "");   /* the rooms' names */
          for (guint i = 0; i < names->len; i++)
            g_ptr_array_add (rows, g_ptr_array_index (names, i));
        }
      if (pr + 1 < n_panel_rows)
        g_ptr_array_add (rows, (gpointer) "");
    }
  g_ptr_array_add (rows, NULL);
  g_ptr_array_add (none, NULL);
  kv_graph_set_headers (graph, (const char * const *) rows->pdata, (const char * const *) none->pdata);
}

/* The line under the title for a perspective: "What 1 considers possible
 * at the actual world — 300 worlds"; NULL without one. */
static char *
perspective_caption (KvState *state, int links_of, const guint *chain, guint n_chain)
{
  KvGame *game = kv_state_game (state);
  g_autofree char *count = NULL;
  guint64 n;

  if (n_chain > 0)
    {
      g_autoptr(KvStatePerspective) perspective = kv_state_perspective (state, chain, n_chain);
      g_autofree char *display = kv_perspective_to_display (game, chain, n_chain);

      n = perspective->n_worlds;
      count = kv_count_format (n);
      /* TRANSLATORS: the caption of a perspective of a chain of agents,
       * "1 → 2", then a count of worlds */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "What %s considers possible at the actual world — %s world",
                                           "What %s considers possible at the actual world — %s worlds", n),
                              display, count);
    }
  if (links_of < 0)
    return NULL;
  n = kv_state_count_agent_worlds (state, (guint) links_of);
  count = kv_count_format (n);
  /* TRANSLATORS: the caption of an agent's perspective: the agent, then a
   * count of worlds */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "What %s considers possible at the actual world — %s world",
                                       "What %s considers possible at the actual world — %s worlds", n),
                          game->agent_names[links_of], count);
}

/* What the legend says the panels show; under real Cluedo's blocks, which
 * card each column of a block is. */
static void
add_agents_note (KvGraph *graph, const Cells *cells, gboolean removed)
{
  g_autoptr(GString) note = g_string_new (NULL);

  /* TRANSLATORS: the legend of the agents view (small multiples), after
   * the marks' own entries */
  g_string_append (note, _("A panel per player at the actual world. Everyone: what some player "
                           "considers possible. Common: what common knowledge leaves open."));
  if (removed)
    {
      g_string_append_c (note, ' ');
      g_string_append (note, _("Crossed out: what this step ruled out."));
    }
  if (cells->n_cats == 3)
    {
      g_autoptr(GPtrArray) names = card_names (cells->game, cells->cols);
      g_autofree char *across = NULL;

      g_ptr_array_add (names, NULL);
      across = g_strjoinv (", ", (char **) names->pdata);

      g_string_append_c (note, ' ');
      /* TRANSLATORS: real Cluedo's agents view: %s lists the cards of each
       * room's columns, left to right ("Green, Mustard, …") */
      g_string_append_printf (note, _("Across each room: %s."), across);
    }
  kv_graph_add_note (graph, note->str);
}

static KvGraph *
new_agents_graph (KvState *state, const KvViewOptions *options, guint n_envelopes)
{
  KvGame *game = kv_state_game (state);
  g_autofree char *title = NULL;

  if (options != NULL && options->title != NULL)
    title = g_strdup (options->title);
  else
    {
      /* TRANSLATORS: the agents view's title after the game's: "28
       * possible envelopes: who considers which possible" */
      g_autofree char *description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                   "%u possible envelope: who considers it possible",
                                                                   "%u possible envelopes: who considers which possible",
                                                                   n_envelopes), n_envelopes);

      /* The window's title names the game (an export titles each step):
       * the panels get the room. */
      title = g_steal_pointer (&description);
    }
  return kv_graph_new (title, game->n_agents, (const char * const *) game->agent_names);
}

/* The short names over each panel's columns (Clue's suspects), and the
 * rooms' over Cluedo's blocks; NULL where the grid has none. */
static void
column_names (const Cells *cells, char ***shorts, char ***block_shorts)
{
  *shorts = NULL;
  *block_shorts = NULL;
  if (cells->n_cats == 2)
    {
      g_autoptr(GPtrArray) names = card_names (cells->game, cells->cols);

      *shorts = _kv_view_short_names (names, 2);
    }
  else if (cells->n_cats == 3)
    {
      g_autoptr(GPtrArray) names = card_names (cells->game, cells->blocks);

      /* A block is six small dots wide: "kit", "bal", "con" (the
       * tooltips name the room). */
      *block_shorts = _kv_view_short_names (names, 3);
    }
}

KvGraph *
kv_view_build_agents (KvState               *state,
                      const KvViewOptions   *options,
                      GError               **error)
{
  KvGame *game;
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) panels = NULL;
  g_autoptr(KvGraph) graph = NULL;
  g_auto(GStrv) shorts = NULL;
  g_auto(GStrv) block_shorts = NULL;
  g_autofree char *caption = NULL;
  const guint *chain;
  guint n_chain;
  int links_of;
  Cells cells;
  KvHand actual;

  g_return_val_if_fail (state != NULL, NULL);

  game = kv_state_game (state);
  if (!game->has_envelope)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("This game has no envelope, so there is no agents view."));
      return NULL;
    }
  n_chain = chain_of (game, options, &chain);
  links_of = options != NULL && options->links_of >= 0 && (guint) options->links_of < game->n_agents
             ? options->links_of : -1;
  all = kv_state_all_envelopes (state);
  panels = make_panels (state, options != NULL ? options->previous : NULL, chain, n_chain);
  cells_init (&cells, game, all);
  if (options != NULL && options->panels_across > 0)
    cells.panels_across = MIN (cells.panels_across, options->panels_across);
  column_names (&cells, &shorts, &block_shorts);
  actual = game->deal[kv_game_envelope (game)];

  graph = new_agents_graph (state, options, all->len);
  /* No links to make room for: each cell only as big as its dot and the
   * headers need, so the text is as big as can be at fit. */
  graph->compact = TRUE;
  graph->panels_across = cells.panels_across;
  graph->dot_size = cells.n_cats == 3 ? SMALL_DOT : CLUE_DOT;
  for (guint p = 0; p < panels->len; p++)
    {
      const Panel *panel = &g_array_index (panels, Panel, p);

      add_panel_captions (graph, &cells, panel, p, shorts, block_shorts);
      add_panel_cells (graph, &cells, panel, p, actual);
    }
  if (cells.n_cats == 2 || cells.n_cats == 3)
    add_row_headers (graph, &cells, panels->len);
  add_agents_note (graph, &cells, kv_graph_has_node_flag (graph, KV_NODE_REMOVED));
  caption = perspective_caption (state, links_of, chain, n_chain);
  kv_graph_set_caption (graph, caption);
  return g_steal_pointer (&graph);
}
