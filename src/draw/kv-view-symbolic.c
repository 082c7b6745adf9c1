// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-view-symbolic.c: the envelope view of a state on either engine — the
 * one picture a symbolic game (real Cluedo: 5.5 billion deals) can draw.
 *
 * Nodes are the envelopes still possible over every world, links per agent
 * the relation kv_state_envelope_links computes (on the symbolic engine,
 * with BDDs). Real Cluedo's envelope has three categories: the envelopes go
 * in blocks, one per card of the biggest category (a room), each block a
 * grid of the other two (suspects down, weapons across: the narrower short
 * names across), the blocks three by three with the room's name over its
 * block. The columns' headers are short (their key is in the legend) and
 * the cells small (KvGraph.compact), so that 18 columns fit the canvas
 * beside the knowledge table with the headers near 12 px.
 *
 * One agent's relation on 324 envelopes links tens of thousands of pairs:
 * drawn as lines it would be a solid mass. So with at most
 * KV_ENVELOPE_GROUPS_MAX envelopes (Clue 11's 28) the links are drawn as
 * the explicit envelope view draws them (a cycle per class, or per maximal
 * group when they are not an equivalence: the same picture on both
 * engines); past that, the links of the true envelope when they are at
 * most MAX_STAR_LINES, else none, and the legend counts each agent's
 * linked pairs. A perspective's agent shades the envelopes it considers
 * possible at the actual world, and only its links are drawn; a chain
 * a → b shades the envelopes of its worlds (what a thinks b may consider
 * possible, kv_state_perspective) and draws b's links, as the explicit
 * views draw only the last agent's.
 */
#define G_LOG_DOMAIN "kv-view"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-game-title.h"
#include "kv-view.h"
#include "kv-view-private.h"
#include "kv-style.h"

/* Most lines of one agent drawn from its relation; past it the picture
 * is a mass of lines (real Cluedo: 324 envelopes, one class). */
#define MAX_AGENT_LINES 150
/* Most lines drawn from the true envelope alone. */
#define MAX_STAR_LINES 40

/* The shortest prefix of each of @names, at least two characters, that no
 * other name starts with ("ca" candlestick, "re" revolver): one letter
 * would leave no room between the columns' headers. */
char **
_kv_view_short_names (GPtrArray *names, guint shortest)
{
  char **out = g_new0 (char *, names->len + 1);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      glong len = g_utf8_strlen (name, -1);
      glong k = MIN ((glong) shortest, len);

      for (; k < len; k++)
        {
          g_autofree char *prefix = g_utf8_substring (name, 0, k);
          gboolean unique = TRUE;

          for (guint j = 0; j < names->len && unique; j++)
            unique = j == i || !g_str_has_prefix (g_ptr_array_index (names, j), prefix);
          if (unique)
            break;
        }
      out[i] = g_utf8_substring (name, 0, k);
    }
  return out;
}

/* The envelope categories, the one with most cards first (the blocks),
 * then the one with the longest names (down the side), then the other
 * (across). FALSE unless there are exactly three. */
gboolean
_kv_view_block_axes (const KvGame *game, int *blocks, int *rows, int *cols)
{
  int k[3];
  guint n = 0, count[3] = { 0 }, longest[3] = { 0 };

  for (guint c = 0; c < game->n_categories; c++)
    if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << c))
      {
        if (n == 3)
          return FALSE;
        k[n++] = (int) c;
      }
  if (n != 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    for (guint c = 0; c < game->n_cards; c++)
      if (game->card_category[c] == k[i])
        {
          count[i]++;
          longest[i] = MAX (longest[i], (guint) g_utf8_strlen (game->card_names[c], -1));
        }
  {
    guint b = 0;

    for (guint i = 1; i < 3; i++)
      if (count[i] > count[b])
        b = i;
    *blocks = k[b];
    *rows = k[(b + 1) % 3];
    *cols = k[(b + 2) % 3];
    if (longest[(b + 2) % 3] > longest[(b + 1) % 3])
      {
        *rows = k[(b + 2) % 3];
        *cols = k[(b + 1) % 3];
      }
  }
  return TRUE;
}

/* The width of the widest of @category's short names, in the headers' font. */
static double
widest_short_name (const KvGame *game, int category)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_auto(GStrv) shorts = NULL;
  double widest = 0;

  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == category)
      g_ptr_array_add (names, game->card_names[c]);
  shorts = _kv_view_short_names (names, 2);
  for (guint i = 0; shorts[i] != NULL; i++)
    {
      double w, h;

      kv_style_text_size (shorts[i], KV_STYLE_LABEL_SIZE, FALSE, &w, &h);
      widest = MAX (widest, w);
    }
  return widest;
}

/* "ca candlestick, da dagger" */
static void
append_key (GString *key, GPtrArray *names, char **short_names)
{
  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        g_string_append (key, ", ");
      /* TRANSLATORS: one entry of a key, "ca candlestick" */
      g_string_append_printf (key, _("%s %s"), short_names[i], (const char *) g_ptr_array_index (names, i));
    }
}

/* Real Cluedo's grid: blocks of rows × cols, one per card of @blocks, laid
 * out √n blocks across, a caption row over each row of blocks naming each
 * block where it starts; the headers short. Adds what the grid shows,
 * with the key of the short names, to @note. */
static void
block_grid (KvGraph *graph, const KvGame *game, const GArray *hands, GString *note)
{
  int blocks, rows, cols;
  g_autoptr(GPtrArray) block_names = g_ptr_array_new ();
  g_autoptr(GPtrArray) row_names = g_ptr_array_new ();
  g_autoptr(GPtrArray) col_names = g_ptr_array_new ();
  g_autoptr(GPtrArray) row_headers = g_ptr_array_new ();
  g_autoptr(GPtrArray) col_headers = g_ptr_array_new ();
  g_auto(GStrv) short_cols = NULL;
  g_autoptr(GString) key = g_string_new (NULL);
  guint across, n_block_rows;

  if (!_kv_view_block_axes (game, &blocks, &rows, &cols))
    return;
  /* The category whose short names are narrower goes across: the columns
   * are as wide as their widest header, and eighteen of them must fit. */
  if (widest_short_name (game, cols) > widest_short_name (game, rows))
    {
      int swap = rows;

      rows = cols;
      cols = swap;
    }
  for (guint c = 0; c < game->n_cards; c++)
    {
      if (game->card_category[c] == blocks)
        g_ptr_array_add (block_names, game->card_names[c]);
      else if (game->card_category[c] == rows)
        g_ptr_array_add (row_names, game->card_names[c]);
      else if (game->card_category[c] == cols)
        g_ptr_array_add (col_names, game->card_names[c]);
    }
  /* √n blocks across, rounded up. */
  for (across = 1; across * across < block_names->len; across++)
    ;
  n_block_rows = (block_names->len + across - 1) / across;

  for (guint i = 0; i < hands->len; i++)
    {
      KvHand hand = g_array_index (hands, KvHand, i);
      int b = 0, r = 0, c = 0, none = 0;
      guint row, col;

      kv_view_envelope_cell (game, hand, rows, cols, &r, &c);
      kv_view_envelope_cell (game, hand, blocks, -1, &b, &none);
      row = ((guint) b / across) * (row_names->len + 1) + 1 + (guint) r;
      col = ((guint) b % across) * (col_names->len + 1) + (guint) c;

      kv_graph_set_grid (graph, i, row, col);
      kv_graph_set_headed (graph, i);
    }

  /* The rows' headers beside the first block of each row of blocks, the
   * columns' above the first row of blocks; the grid's rows and columns
   * run on through the blocks beside and below. */
  short_cols = _kv_view_short_names (col_names, 2);
  for (guint r = 0; r < n_block_rows; r++)
    {
      g_ptr_array_add (row_headers, (gpointer) "");
      for (guint i = 0; i < row_names->len; i++)
        g_ptr_array_add (row_headers, g_ptr_array_index (row_names, i));
    }
  for (guint b = 0; b < across; b++)
    {
      if (b > 0)
        g_ptr_array_add (col_headers, (gpointer) "");   /* a gap between blocks */
      for (guint i = 0; i < col_names->len; i++)
        g_ptr_array_add (col_headers, short_cols[i]);
    }
  g_ptr_array_add (row_headers, NULL);
  g_ptr_array_add (col_headers, NULL);
  kv_graph_set_headers (graph, (const char * const *) row_headers->pdata,
                        (const char * const *) col_headers->pdata);
  for (guint b = 0; b < block_names->len; b++)
    kv_graph_add_caption (graph, (b / across) * (row_names->len + 1), (b % across) * (col_names->len + 1),
                          g_ptr_array_index (block_names, b));

  /* 324 envelopes in a window beside the knowledge table: small cells,
   * short column headers (their key in the legend), so the headers are
   * legible. The rows' headers are written once, at the left: in full. */
  graph->compact = TRUE;
  append_key (key, col_names, short_cols);
  /* TRANSLATORS: the note under real Cluedo's envelope grid; %u is the
   * number of envelopes, the %s are categories ("suspect", "weapon",
   * "room") and the key of the columns' short names ("ca candlestick, da
   * dagger, …"): suspect, weapon, key, room */
  g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                             "%u envelope is still possible, a circle: its %s heads its row, "
                                             "its %s its column (%s), its %s its block.",
                                             "%u envelopes are still possible, a circle each: its %s heads its "
                                             "row, its %s its column (%s), its %s its block.", hands->len),
                          hands->len, kv_game_display_category (game, rows), kv_game_display_category (game, cols),
                          key->str, kv_game_display_category (game, blocks));
}

/* Whether @agent's links are an equivalence: linked envelopes link the
 * same ones. */
static gboolean
is_equivalence (const KvEnvelopeLinks *links, guint agent)
{
  guint n = kv_envelope_links_n (links);

  for (guint x = 0; x < n; x++)
    for (guint y = x + 1; y < n; y++)
      if (kv_envelope_links_get (links, agent, x, y) &&
          memcmp (kv_envelope_links_row (links, agent, x), kv_envelope_links_row (links, agent, y),
                  sizeof (guint64) * links->words) != 0)
        return FALSE;
  return TRUE;
}

/* Whether every agent links every pair of envelopes (real Cluedo's
 * start: nobody can tell any two envelopes apart). */
static gboolean
all_link_all (const KvEnvelopeLinks *links)
{
  guint n = kv_envelope_links_n (links);

  for (guint a = 0; a < links->n_agents; a++)
    for (guint x = 0; x < n; x++)
      for (guint y = 0; y < n; y++)
        if (!kv_envelope_links_get (links, a, x, y))
          return FALSE;
  return TRUE;
}

/* The lines a cycle per class takes (kv_graph_add_class: a clique up to
 * three members); every linked pair when not an equivalence. */
static guint64
lines_needed (const KvEnvelopeLinks *links, guint agent, gboolean equivalence, guint64 *pairs)
{
  guint n = kv_envelope_links_n (links);
  guint64 lines = 0;

  *pairs = 0;
  for (guint x = 0; x < n; x++)
    {
      guint m = 0;
      gboolean first = TRUE;

      for (guint y = 0; y < n; y++)
        if (kv_envelope_links_get (links, agent, x, y))
          {
            m++;
            first &= y >= x;
            *pairs += y > x;
          }
      if (equivalence && first)
        lines += m <= 3 ? (guint64) m * (m - 1) / 2 : m;
    }
  return equivalence ? lines : *pairs;
}

/* @agent's links, and what the legend says of them when they are not
 * all drawn (or NULL): *@cycles set when a class is drawn as a cycle,
 * the agent's name added to @overlapping when its groups are (not an
 * equivalence), *@starred when only the true envelope's links are. */
static char *
add_agent_links (KvGraph *graph, const KvGame *game, const KvEnvelopeLinks *links, guint agent,
                 int actual, gboolean *cycles, GPtrArray *overlapping, gboolean *starred)
{
  guint n = kv_envelope_links_n (links);
  gboolean equivalence = is_equivalence (links, agent);
  guint64 pairs;
  guint64 lines = lines_needed (links, agent, equivalence, &pairs);
  g_autofree guint *members = g_new (guint, MAX (n, 1));
  g_autofree char *linked = NULL;
  guint star = 0;

  /* A few envelopes (Clue 11's 28): drawn as the explicit envelope view
   * draws them, a cycle per class, or per maximal group when the links
   * are not an equivalence. */
  if (n <= KV_ENVELOPE_GROUPS_MAX && !equivalence && links->groups != NULL && links->groups[agent] != NULL)
    {
      g_autoptr(GHashTable) groups = g_hash_table_new (g_bytes_hash, g_bytes_equal);
      guint before = kv_graph_n_edges (graph);

      for (guint i = 0; i < links->groups[agent]->len; i++)
        g_hash_table_add (groups, g_ptr_array_index (links->groups[agent], i));
      _kv_view_add_group_cycles (graph, agent, groups, n, members);
      /* Past MAX_AGENT_LINES the cycles are a tangle (Clue 11 mid-game:
       * 172 of one agent): counted and starred as a relation too big. */
      if (kv_graph_n_edges (graph) - before <= MAX_AGENT_LINES)
        {
          g_ptr_array_add (overlapping, game->agent_names[agent]);
          return NULL;
        }
      g_array_set_size (graph->edges, before);
    }
  else if (equivalence && lines <= MAX_AGENT_LINES)
    {
      for (guint x = 0; x < n; x++)
        {
          guint m = 0;
          gboolean first = TRUE;

          for (guint y = 0; y < n; y++)
            if (kv_envelope_links_get (links, agent, x, y))
              {
                first &= y >= x;
                members[m++] = y;
              }
          /* Each class once, from its first member. */
          if (first)
            *cycles |= kv_graph_add_class (graph, agent, members, m);
        }
      return NULL;
    }

  if (actual >= 0)
    for (guint y = 0; y < n; y++)
      star += y != (guint) actual && kv_envelope_links_get (links, agent, (guint) actual, y);
  if (actual >= 0 && star <= MAX_STAR_LINES)
    for (guint y = 0; y < n; y++)
      if (y != (guint) actual && kv_envelope_links_get (links, agent, (guint) actual, y))
        kv_graph_add_edge (graph, agent, (guint) actual, y);

  linked = kv_count_format (pairs);
  *starred |= actual >= 0 && star > 0 && star <= MAX_STAR_LINES;
  /* TRANSLATORS: one agent's entry in "Too many links to draw: of the
   * 52 003 pairs of envelopes, an agent cannot tell apart the worlds of
   * …"; %s a count ("51 298"), then an agent */
  return g_strdup_printf (_("%s (agent %s)"), linked, game->agent_names[agent]);
}

/* Whose view the picture takes: the agent whose links alone are drawn
 * (and whose envelopes are shaded), or a chain a₁ → … → aₙ (its worlds'
 * envelopes shaded, aₙ's links drawn). */
typedef struct {
  int          links_of;   /* -1: every agent's links */
  const guint *chain;      /* NULL: none */
  guint        n_chain;
} Focus;

static void
focus_init (Focus *focus, const KvGame *game, const KvViewOptions *options)
{
  *focus = (Focus) { options != NULL ? options->links_of : -1, NULL, 0 };
  if (focus->links_of >= (int) game->n_agents)
    focus->links_of = -1;
  if (options != NULL && options->chain != NULL && options->n_chain >= 2 &&
      options->n_chain <= KV_PERSPECTIVE_MAX)
    {
      gboolean known = TRUE;

      for (guint i = 0; i < options->n_chain; i++)
        known &= options->chain[i] < game->n_agents;
      if (known)
        {
          focus->chain = options->chain;
          focus->n_chain = options->n_chain;
          focus->links_of = (int) options->chain[options->n_chain - 1];
        }
    }
}

/* "Clue — 3 possible envelopes, 24 worlds"; real Cluedo's grid fills a
 * window beside the knowledge table, so its title is as short as can be
 * (the window's title counts the worlds). */
static char *
envelope_title (KvState *state, guint n, const KvViewOptions *options)
{
  KvGame *game = kv_state_game (state);
  g_autofree char *worlds = kv_count_format (kv_state_count_worlds (state));
  g_autofree char *envelopes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u possible envelope",
                                                             "%u possible envelopes", n), n);
  /* TRANSLATORS: a count of worlds, "5 557 616 064 worlds" */
  g_autofree char *counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds",
                                                           kv_state_count_worlds (state)), worlds);
  /* TRANSLATORS: "3 possible envelopes, 24 worlds" */
  g_autofree char *description = g_strdup_printf (_("%s, %s"), envelopes, counted);
  g_autofree char *game_title = NULL;
  int b, r, c;

  if (_kv_view_block_axes (game, &b, &r, &c))
    {
      g_free (description);
      description = g_strdup (envelopes);
    }
  if (options != NULL && options->title != NULL)
    return g_strdup (options->title);
  game_title = kv_game_user_title (game);
  if (game_title != NULL)
    return g_strdup_printf ("%s — %s", game_title, description);
  return g_steal_pointer (&description);
}

/* A node per envelope, ascending; the actual one marked, the @shaded
 * (or NULL) highlighted. */
static void
add_envelope_nodes (KvGraph *graph, const KvGame *game, const KvEnvelopeLinks *links, int actual,
                    const GArray *shaded)
{
  for (guint i = 0; i < kv_envelope_links_n (links); i++)
    {
      KvHand hand = g_array_index (links->hands, KvHand, i);
      g_autofree char *label = kv_game_hand_to_string (game, hand);
      /* TRANSLATORS: tooltip of a node of the envelope view; %s is the envelope's cards */
      g_autofree char *tooltip = g_strdup_printf (_("envelope: %s"), label);
      KvNodeFlags flags = (int) i == actual ? KV_NODE_ACTUAL : 0;

      for (guint j = 0; shaded != NULL && j < shaded->len; j++)
        if (g_array_index (shaded, KvHand, j) == hand)
          flags |= KV_NODE_HIGHLIGHTED;
      kv_graph_add_node (graph, label, tooltip, flags, i);
    }
}

/* What the links drawn were, for the legend. */
typedef struct {
  gboolean   cycles;        /* some class drawn as a cycle */
  gboolean   starred;       /* only the true envelope's links drawn for some agent */
  GPtrArray *overlapping;   /* char*, not owned: agents whose groups overlap */
  GPtrArray *counts;        /* char*: "1: 51 298" for agents whose links are too many */
} Drawn;

/* Each agent's links (the focus's only); without a grid, each agent's
 * note as it comes, as the explicit envelope view always said them. */
static void
add_links (KvGraph *graph, const KvGame *game, const KvEnvelopeLinks *links, int actual,
           const Focus *focus, gboolean grid, Drawn *drawn)
{
  for (guint a = 0; a < game->n_agents; a++)
    {
      gboolean cycles = FALSE;
      guint overlapping = drawn->overlapping->len;
      char *said;

      if (focus->links_of >= 0 && (int) a != focus->links_of)
        continue;
      said = add_agent_links (graph, game, links, a, actual, &cycles, drawn->overlapping, &drawn->starred);
      drawn->cycles |= cycles;
      if (said != NULL)
        g_ptr_array_add (drawn->counts, said);
      if (grid)
        continue;
      if (cycles)
        kv_graph_add_note (graph, _(CYCLE_NOTE));
      else if (drawn->overlapping->len > overlapping)
        {
          g_autofree char *note = g_strdup_printf (_("Agent %s's links between envelopes are not transitive: "
                                                     "each group of envelopes it cannot tell apart (one per "
                                                     "hand it may hold) is drawn as a cycle."),
                                                   game->agent_names[a]);

          kv_graph_add_note (graph, note);
        }
    }
}

/* What a link is, whose overlap, and, when some are too many to draw,
 * how many there are. */
static void
note_links (GString *note, const KvEnvelopeLinks *links, const Drawn *drawn, guint n_agents)
{
  guint n = kv_envelope_links_n (links);
  g_autofree char *all = kv_count_format ((guint64) n * (n - 1) / 2);

  /* When no link is drawn the counts say what a link is, in fewer words:
   * the legend leaves the grid its room. */
  if (note->len > 0 && drawn->counts->len == 0)
    g_string_append_c (note, ' ');
  if (drawn->counts->len == 0)
    g_string_append (note, drawn->cycles || drawn->overlapping->len > 0
                           ? _("An agent links two when it cannot tell apart a world with one from a "
                               "world with the other; more than three, by a cycle.")
                           : _("An agent links two when it cannot tell apart a world with one from a "
                               "world with the other."));
  _kv_view_note_overlapping (note, drawn->overlapping);
  if (drawn->counts->len > 1 && drawn->counts->len == n_agents && all_link_all (links))
    {
      g_string_append_c (note, ' ');
      /* TRANSLATORS: %s is a count of pairs of envelopes ("52 326") */
      g_string_append_printf (note, _("No agent can tell apart the worlds of any two envelopes: all %s pairs "
                                      "are linked, too many to draw."), all);
    }
  else if (drawn->counts->len > 0)
    {
      g_autofree char *counts = NULL;

      g_ptr_array_add (drawn->counts, NULL);
      counts = g_strjoinv (", ", (char **) drawn->counts->pdata);
      g_ptr_array_remove_index (drawn->counts, drawn->counts->len - 1);
      g_string_append_c (note, ' ');
      /* TRANSLATORS: the first %s a count of pairs of envelopes ("52 003"),
       * the second a list of the pairs each agent links
       * ("51 298 (agent 1), 51 298 (agent 2), 52 003 (agent 3)") */
      g_string_append_printf (note, _("Too many links to draw: of the %s pairs of envelopes, an agent cannot "
                                      "tell apart the worlds of %s."), all, counts);
      if (drawn->starred)
        {
          g_string_append_c (note, ' ');
          g_string_append (note, _("Drawn: only the true envelope's links."));
        }
    }
}

/* Which envelopes are shaded and why. */
static void
note_shaded (GString *note, const KvGame *game, const GArray *shaded, const Focus *focus)
{
  if (shaded == NULL)
    return;
  g_string_append_c (note, ' ');
  if (focus->chain != NULL && focus->n_chain == 2)
    /* TRANSLATORS: %u envelopes, then two agents: the envelopes of
     * the worlds 1 thinks 2 may consider possible */
    g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                               "Shaded: the %u envelope %s thinks %s may consider possible.",
                                               "Shaded: the %u envelopes %s thinks %s may consider possible.",
                                               shaded->len),
                            shaded->len, game->agent_names[focus->chain[0]], game->agent_names[focus->chain[1]]);
  else if (focus->chain != NULL)
    {
      g_autofree char *display = kv_perspective_to_display (game, focus->chain, focus->n_chain);

      /* TRANSLATORS: %u envelopes, %s a chain of agents ("1 → 2 → 3"):
       * what 1 thinks 2 thinks 3 may consider possible */
      g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                                 "Shaded: the %u envelope possible in the view %s.",
                                                 "Shaded: the %u envelopes possible in the view %s.",
                                                 shaded->len),
                              shaded->len, display);
    }
  else
    /* TRANSLATORS: %u envelopes, %s an agent */
    g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                               "Shaded: the %u envelope %s considers possible.",
                                               "Shaded: the %u envelopes %s considers possible.",
                                               shaded->len),
                            shaded->len, game->agent_names[focus->links_of]);
}

KvGraph *
kv_view_build_envelope_links (KvState               *state,
                              const KvEnvelopeLinks *links,
                              const KvViewOptions   *options,
                              GError               **error)
{
  KvGame *game;
  g_autoptr(KvGraph) graph = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autoptr(GArray) shaded = NULL;
  g_autoptr(GPtrArray) overlapping = g_ptr_array_new ();
  g_autoptr(GPtrArray) counts = g_ptr_array_new_with_free_func (g_free);
  Drawn drawn = { FALSE, FALSE, overlapping, counts };
  gboolean grid;
  guint n, limit = options != NULL && options->limit > 0 ? options->limit : KV_VIEW_DEFAULT_LIMIT;
  int actual;
  Focus focus;

  g_return_val_if_fail (state != NULL && links != NULL, NULL);

  game = kv_state_game (state);
  focus_init (&focus, game, options);
  if (!game->has_envelope)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("This game has no envelope, so there is no envelope view."));
      return NULL;
    }
  n = kv_envelope_links_n (links);
  title = envelope_title (state, n, options);
  graph = kv_graph_new (title, game->n_agents, (const char * const *) game->agent_names);

  actual = kv_envelope_links_find (links, game->deal[kv_game_envelope (game)]);
  if (focus.chain != NULL)
    {
      g_autoptr(KvStatePerspective) perspective = kv_state_perspective (state, focus.chain, focus.n_chain);

      shaded = g_array_ref (perspective->envelopes);
    }
  else if (focus.links_of >= 0)
    shaded = kv_state_envelopes (state, (guint) focus.links_of);
  add_envelope_nodes (graph, game, links, actual, shaded);

  grid = _kv_view_envelope_grid (graph, game, links->hands);
  if (!grid)
    {
      block_grid (graph, game, links->hands, note);
      grid = kv_graph_is_grid (graph) && note->len > 0;
    }
  else
    g_string_append (note, _("Each circle is an envelope still possible: the cards heading its row "
                             "and its column."));
  if (!grid && n > limit)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("The envelope view has %u nodes, more than the limit of %u."), n, limit);
      return NULL;
    }

  add_links (graph, game, links, actual, &focus, grid, &drawn);
  if (grid || counts->len > 0)
    note_links (note, links, &drawn, game->n_agents);
  note_shaded (note, game, shaded, &focus);
  if (!grid)
    kv_graph_add_note (graph, _("One node per envelope still possible; an agent links two envelopes "
                                "when it cannot tell apart a world with one from a world with the other."));
  if (note->len > 0)
    kv_graph_add_note (graph, note->str[0] == ' ' ? note->str + 1 : note->str);
  if (focus.links_of >= 0)
    {
      g_autofree char *only = g_strdup_printf (_("Only the links of agent %s are drawn."),
                                               game->agent_names[focus.links_of]);

      kv_graph_add_note (graph, only);
    }
  return g_steal_pointer (&graph);
}
