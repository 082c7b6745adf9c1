// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-view.c: what part of a model to draw */
#define G_LOG_DOMAIN "kv-view"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-enum.h"
#include "kv-game-title.h"
#include "kv-partition.h"   /* the engine's kv_classes_new: members of each class */
#include "kv-view.h"
#include "kv-view-private.h"


void
kv_view_options_init (KvViewOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (KvViewOptions) {
    .kind = KV_VIEW_AUTO,
    .limit = KV_VIEW_DEFAULT_LIMIT,
    .radius = 1,
    .links_of = -1,
    .engine = KV_LAYOUT_AUTO,
  };
}

const char *
kv_view_kind_to_string (KvViewKind kind)
{
  const char *name = kv_enum_to_nick (KV_TYPE_VIEW_KIND, kind);

  g_return_val_if_fail (name != NULL, NULL);

  return name;
}

gboolean
kv_view_kind_from_string (const char *name,
                          KvViewKind *kind)
{
  int value;

  g_return_val_if_fail (name != NULL, FALSE);

  if (!kv_enum_from_nick (KV_TYPE_VIEW_KIND, name, &value))
    return FALSE;
  *kind = value;
  return TRUE;
}

/* Labels */

typedef struct {
  char     **abbrev;       /* n_cards: shortest unambiguous prefix */
  gboolean   one_letter;   /* every abbreviation is one character */
} Abbreviations;

static void
abbreviations_init (Abbreviations *ab,
                    const KvGame  *game)
{
  ab->abbrev = g_new0 (char *, game->n_cards + 1);
  ab->one_letter = TRUE;

  for (guint c = 0; c < game->n_cards; c++)
    {
      const char *name = game->card_names[c];
      gsize len = strlen (name), n;

      for (n = 1; n < len; n++)
        {
          gboolean unique = TRUE;

          for (guint d = 0; d < game->n_cards && unique; d++)
            unique = d == c || strncmp (game->card_names[d], name, n) != 0;
          if (unique)
            break;
        }
      ab->abbrev[c] = g_strndup (name, n);
      if (n != 1)
        ab->one_letter = FALSE;
    }
}

static void
abbreviations_clear (Abbreviations *ab)
{
  g_clear_pointer (&ab->abbrev, g_strfreev);
}

static char *
compact_label (const KvModel       *model,
               guint                world,
               const Abbreviations *ab)
{
  const KvGame *game = model->game;
  GString *label = g_string_new (NULL);

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      KvHand hand = kv_model_hand (model, world, o);
      gboolean first = TRUE;

      if (o > 0)
        g_string_append_c (label, '|');
      if (hand == 0)
        g_string_append_c (label, '-');
      for (guint c = 0; c < game->n_cards; c++)
        if (hand & KV_CARD_BIT (c))
          {
            if (!first && !ab->one_letter)
              g_string_append_c (label, ',');
            g_string_append (label, ab->abbrev[c]);
            first = FALSE;
          }
    }

  return g_string_free (label, FALSE);
}

/* The full deal: "1: Scarlet axe rope | 2: … | env: lead Mustard". */
static char *
full_deal (const KvModel *model,
           guint          world)
{
  const KvGame *game = model->game;
  GString *deal = g_string_new (NULL);

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      g_autofree char *hand = kv_game_hand_to_string (game, kv_model_hand (model, world, o));

      g_string_append_printf (deal, "%s%s: %s", o > 0 ? " | " : "",
                              kv_game_owner_name (game, o), hand);
    }

  return g_string_free (deal, FALSE);
}

/* How to read the labels. @engine_form: the engine's initials ("rwb",
 * "arS dwP chG [lM]"); otherwise compact_label's "a,b|c|d". */
static char *
key_note (const KvGame        *game,
          const Abbreviations *ab,
          gboolean             engine_form)
{
  /* TRANSLATORS: the start of a note under a Kripke model; the agents'
   * names follow (mind the space at the end) */
  GString *note = g_string_new (_("Worlds are named by their deal: the cards of "));
  gboolean key = FALSE;

  for (guint a = 0; a < game->n_agents; a++)
    g_string_append_printf (note, "%s%s", a == 0 ? "" : engine_form ? ", " : " | ",
                            game->agent_names[a]);
  if (game->has_envelope)
    /* TRANSLATORS: continues "Worlds are named by their deal: the cards of
     * a, b, c"; keep the leading space, the brackets and the bar */
    g_string_append (note, engine_form ? _(" and [the envelope]") : _(" | the envelope"));
  /* TRANSLATORS: ends "Worlds are named by their deal: the cards of a, b, c" */
  g_string_append (note, engine_form ? _(", in that order") : "");

  for (guint c = 0; c < game->n_cards; c++)
    if (strlen (game->card_names[c]) > 1)
      key = TRUE;
  if (key)
    {
      /* TRANSLATORS: a list "r = red, w = white" follows */
      g_string_append (note, _("; cards:"));
      for (guint c = 0; c < game->n_cards; c++)
        {
          const char *short_name = engine_form ? NULL : ab->abbrev[c];
          char initial[2] = { game->card_names[c][0], '\0' };

          g_string_append_printf (note, " %s = %s%s", short_name != NULL ? short_name : initial,
                                  game->card_names[c], c + 1 < game->n_cards ? "," : "");
        }
    }
  g_string_append_c (note, '.');

  return g_string_free (note, FALSE);
}

/* Worlds with the same deal get primes: "rwb", "rwb′", "rwb″", "rwb (4)".
 * Returns whether any label repeated. */
static gboolean
mark_repeated_labels (KvGraph *graph)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean repeated = FALSE;

  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      KvNode *node = &g_array_index (graph->nodes, KvNode, i);
      guint times = GPOINTER_TO_UINT (g_hash_table_lookup (seen, node->label));
      char *marked;

      if (times == 0)
        {
          g_hash_table_insert (seen, g_strdup (node->label), GUINT_TO_POINTER (1));
          continue;
        }

      g_hash_table_insert (seen, g_strdup (node->label), GUINT_TO_POINTER (times + 1));
      if (times <= 3)
        marked = g_strconcat (node->label, times == 1 ? "′" : times == 2 ? "″" : "‴", NULL);
      else
        marked = g_strdup_printf ("%s (%u)", node->label, times + 1);
      g_free (node->label);
      node->label = marked;
      repeated = TRUE;
    }

  return repeated;
}

/* Adds nodes for @worlds (in that order) of @model, labelled by deal. */
static void
add_world_nodes (KvGraph       *graph,
                 const KvModel *model,
                 const guint   *worlds,
                 guint          n_worlds,
                 const KvBits  *highlight)
{
  Abbreviations ab;
  gboolean engine_form;
  g_autofree char *probe = NULL;
  g_autofree char *note = NULL;

  if (n_worlds == 0)
    return;

  /* The engine's label when it is compact ("rwb", "arS dwP chG [lM]");
   * otherwise ours. */
  probe = kv_model_world_label (model, worlds[0]);
  engine_form = strchr (probe, ':') == NULL;
  abbreviations_init (&ab, model->game);

  for (guint i = 0; i < n_worlds; i++)
    {
      guint w = worlds[i];
      g_autofree char *full = full_deal (model, w);
      g_autofree char *label = engine_form ? kv_model_world_label (model, w)
                                           : compact_label (model, w, &ab);
      KvNodeFlags flags = 0;

      if (w == model->actual)
        flags |= KV_NODE_ACTUAL;
      if (highlight != NULL && w < highlight->n && kv_bits_get (highlight, w))
        flags |= KV_NODE_HIGHLIGHTED;
      kv_graph_add_node (graph, label, full, flags, w);
    }

  note = key_note (model->game, &ab, engine_form);
  kv_graph_add_note (graph, note);
  abbreviations_clear (&ab);

  if (mark_repeated_labels (graph))
    kv_graph_add_note (graph, _("Primes tell apart worlds with the same deal "
                                "(an action can pair one deal with several events)."));
}

typedef struct {
  guint cls;
  guint node;
} Member;

static int
compare_members (gconstpointer a,
                 gconstpointer b)
{
  const Member *x = a, *y = b;

  if (x->cls != y->cls)
    return x->cls < y->cls ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* Links the graph's nodes (worlds[i] is node i) by every agent's classes. */
static void
add_partition_edges (KvGraph       *graph,
                     const KvModel *model,
                     const guint   *worlds,
                     guint          n_worlds)
{
  g_autofree Member *members = g_new (Member, MAX (n_worlds, 1));
  g_autofree guint *class_nodes = g_new (guint, MAX (n_worlds, 1));
  gboolean cycles = FALSE;

  for (guint a = 0; a < model->game->n_agents; a++)
    {
      for (guint i = 0; i < n_worlds; i++)
        members[i] = (Member) { model->cls[a][worlds[i]], i };
      qsort (members, n_worlds, sizeof (Member), compare_members);

      for (guint i = 0; i < n_worlds;)
        {
          guint n = 0;

          for (guint j = i; j < n_worlds && members[j].cls == members[i].cls; j++)
            class_nodes[n++] = members[j].node;
          cycles |= kv_graph_add_class (graph, a, class_nodes, n);
          i += n;
        }
    }

  if (cycles)
    kv_graph_add_note (graph, _(CYCLE_NOTE));
}

static KvGraph *
new_graph (const KvModel       *model,
           const KvViewOptions *options,
           const char          *description)
{
  g_autofree char *title = NULL;
  g_autofree char *game_title = kv_game_user_title (model->game);

  if (options->title != NULL)
    title = g_strdup (options->title);
  else if (game_title != NULL)
    title = g_strdup_printf ("%s — %s", game_title, description);
  else
    title = g_strdup (description);

  return kv_graph_new (title, model->game->n_agents,
                       (const char * const *) model->game->agent_names);
}

/* Envelopes: the distinct envelope hands, ascending as numbers (the order
 * kv_state_envelope_links gives them on either engine, so that a state's
 * envelope view, kv-view-symbolic.c, draws the same cycles). */
typedef struct {
  GArray     *hands;       /* KvHand, one per node */
  guint32    *node_of;     /* n_worlds: the world's envelope node */
} Envelopes;

static void
envelopes_init (Envelopes     *env,
                const KvModel *model)
{
  g_autoptr(GHashTable) index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint owner = kv_game_envelope (model->game);

  env->hands = g_array_new (FALSE, FALSE, sizeof (KvHand));
  env->node_of = g_new (guint32, model->n_worlds);

  for (guint w = 0; w < model->n_worlds; w++)
    {
      KvHand hand = kv_model_hand (model, w, owner);
      gpointer value;

      if (!g_hash_table_lookup_extended (index, &hand, NULL, &value))
        {
          gint64 *key = g_new (gint64, 1);

          *key = (gint64) hand;
          value = GUINT_TO_POINTER (env->hands->len);
          g_hash_table_insert (index, key, value);
          g_array_append_val (env->hands, hand);
        }
      env->node_of[w] = GPOINTER_TO_UINT (value);
    }

  /* Renumbered ascending: each hand's first number maps to its place. */
  {
    g_autofree guint32 *rank = g_new (guint32, MAX (env->hands->len, 1));

    g_array_sort (env->hands, kv_hand_compare);
    for (guint i = 0; i < env->hands->len; i++)
      {
        gint64 key = (gint64) g_array_index (env->hands, KvHand, i);

        rank[GPOINTER_TO_UINT (g_hash_table_lookup (index, &key))] = i;
      }
    for (guint w = 0; w < model->n_worlds; w++)
      env->node_of[w] = rank[env->node_of[w]];
  }
}

static void
envelopes_clear (Envelopes *env)
{
  g_clear_pointer (&env->hands, g_array_unref);
  g_clear_pointer (&env->node_of, g_free);
}

static guint
count_envelopes (const KvModel *model)
{
  Envelopes env;
  guint n;

  if (!model->game->has_envelope)
    return 0;

  envelopes_init (&env, model);
  n = env.hands->len;
  envelopes_clear (&env);
  return n;
}

static guint
count_contracted (const KvModel *model)
{
  g_autofree guint32 *blocks = NULL;
  guint n_blocks = 0;

  blocks = kv_bisim_blocks (model, &n_blocks);
  return n_blocks;
}

KvViewKind
kv_view_choose (const KvModel *model,
                guint          limit)
{
  guint n_contracted, n_envelopes;

  g_return_val_if_fail (model != NULL, KV_VIEW_WHOLE);

  if (limit == 0)
    limit = KV_VIEW_DEFAULT_LIMIT;
  if (model->n_worlds <= MIN (limit, KV_VIEW_READABLE_NODES))
    return KV_VIEW_WHOLE;
  n_contracted = count_contracted (model);
  if (n_contracted <= MIN (limit, KV_VIEW_READABLE_NODES))
    return KV_VIEW_CONTRACTED;
  /* Past that, a few envelopes' links can be read (Clue 11 won: 3);
   * more are a tangle (Clue 11's 28 from its first step on): what each
   * agent considers possible instead. */
  n_envelopes = count_envelopes (model);
  if (n_envelopes > 0 && n_envelopes <= KV_VIEW_READABLE_ENVELOPES && n_envelopes <= limit)
    return KV_VIEW_ENVELOPE;
  if (n_envelopes > 0)
    return KV_VIEW_AGENTS;
  /* No grid: the biggest graph that may be drawn. */
  if (model->n_worlds <= limit)
    return KV_VIEW_WHOLE;
  if (n_contracted <= limit)
    return KV_VIEW_CONTRACTED;
  return KV_VIEW_AROUND;
}

/* "Views that fit: contracted (12 worlds), envelope (28 nodes), around." */
static char *
views_that_fit (const KvModel *model,
                guint          limit,
                KvViewKind     except)
{
  /* TRANSLATORS: a list of views follows; "whole", "contracted",
   * "envelope" and "around" are the view names of the --view option and
   * the view menu, each entry with a leading space and a trailing comma */
  GString *s = g_string_new (_("Views that fit:"));
  guint n;

  if (except != KV_VIEW_WHOLE && model->n_worlds <= limit)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " whole (%u world),", " whole (%u worlds),", model->n_worlds), model->n_worlds);
  if (except != KV_VIEW_CONTRACTED && (n = count_contracted (model)) <= limit)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " contracted (%u world),", " contracted (%u worlds),", n), n);
  if (except != KV_VIEW_ENVELOPE && (n = count_envelopes (model)) > 0 && n <= limit)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " envelope (%u node),", " envelope (%u nodes),", n), n);
  if (except != KV_VIEW_AGENTS && model->game->has_envelope)
    g_string_append (s, _(" agents (a panel per player),"));
  g_string_append (s, _(" around (the worlds near the actual world)."));

  return g_string_free (s, FALSE);
}

/* The worlds of @previous (the step before) whose deal @model no longer
 * has, or NULL: none, or no deal to match them by (models of one game
 * share their deal table; a deal twice, a product's pairs, is no match). */
static GArray *
removed_worlds (const KvModel *model, KvState *previous, guint32 **node_of_deal)
{
  KvModel *before = previous != NULL ? kv_state_model (previous) : NULL;
  g_autoptr(GArray) removed = NULL;
  g_autofree guint32 *node = NULL;
  guint n_deals;

  if (before == NULL || before->deals != model->deals)
    return NULL;
  n_deals = model->deals->n_deals;
  node = g_new (guint32, MAX (n_deals, 1));
  memset (node, 0xff, sizeof (guint32) * n_deals);
  for (guint w = 0; w < model->n_worlds; w++)
    {
      if (node[model->deal[w]] != G_MAXUINT32)
        return NULL;
      node[model->deal[w]] = w;
    }
  removed = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint w = 0; w < before->n_worlds; w++)
    if (node[before->deal[w]] == G_MAXUINT32)
      g_array_append_val (removed, w);
  if (removed->len == 0)
    return NULL;
  *node_of_deal = g_steal_pointer (&node);
  return g_steal_pointer (&removed);
}

/* What the step removed, ghosted and crossed out for this step (the
 * window's next step draws it no more): the worlds of @previous the model
 * lost, labelled as before so a stable layout keeps them in their places,
 * and each agent's links to them, cut. */
static void
add_removed_worlds (KvGraph *graph, const KvModel *model, KvState *previous)
{
  g_autofree guint32 *node_of_deal = NULL;
  g_autoptr(GArray) removed = removed_worlds (model, previous, &node_of_deal);
  KvModel *before;
  g_autoptr(KvGraph) ghosts = NULL;
  g_autofree guint *node_of = NULL;

  if (removed == NULL)
    return;
  before = kv_state_model (previous);
  /* Labelled as add_world_nodes labels them, in a graph of their own. */
  ghosts = kv_graph_new (NULL, graph->n_agents, (const char * const *) graph->agent_names);
  add_world_nodes (ghosts, before, (const guint *) removed->data, removed->len, NULL);
  node_of = g_new (guint, before->n_worlds);
  for (guint w = 0; w < before->n_worlds; w++)
    node_of[w] = node_of_deal[before->deal[w]];   /* kept: its node (node i is world i) */
  for (guint i = 0; i < removed->len; i++)
    {
      const KvNode *ghost = kv_graph_node (ghosts, i);

      node_of[g_array_index (removed, guint, i)] =
        kv_graph_add_node (graph, ghost->label, ghost->tooltip, KV_NODE_REMOVED, G_MAXUINT);
    }
  /* A removed world's links to the others of its class, once each. */
  for (guint a = 0; a < before->game->n_agents; a++)
    for (guint i = 0; i < removed->len; i++)
      {
        guint r = g_array_index (removed, guint, i);

        for (guint w = 0; w < before->n_worlds; w++)
          if (w != r && before->cls[a][w] == before->cls[a][r] &&
              (node_of[w] < model->n_worlds || w > r))
            kv_graph_add_edge_full (graph, a, node_of[r], node_of[w], KV_EDGE_CUT);
      }
}

static KvGraph *
build_whole (const KvModel        *model,
             const KvViewOptions  *options,
             GError              **error)
{
  g_autoptr(KvGraph) graph = NULL;
  g_autofree guint *worlds = NULL;
  g_autofree char *description = NULL;

  if (model->n_worlds > options->limit)
    {
      g_autofree char *fit = views_that_fit (model, options->limit, KV_VIEW_WHOLE);

      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   /* TRANSLATORS: the last %s is "Views that fit: …" */
                   _("The whole model has %u worlds, more than the limit of %u. %s"),
                   model->n_worlds, options->limit, fit);
      return NULL;
    }

  {
    g_autofree char *count = kv_count_format (model->n_worlds);

    description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds", model->n_worlds),
                                   count);
  }
  graph = new_graph (model, options, description);
  worlds = g_new (guint, MAX (model->n_worlds, 1));
  for (guint w = 0; w < model->n_worlds; w++)
    worlds[w] = w;
  add_world_nodes (graph, model, worlds, model->n_worlds, options->highlight);
  add_partition_edges (graph, model, worlds, model->n_worlds);
  add_removed_worlds (graph, model, options->previous);

  return g_steal_pointer (&graph);
}

/* The deal node @i of a whole view stands for, whatever prime its label
 * got ("n e sw′": a deal paired with a second event): add_world_nodes
 * gives every node, a removed world's ghost too, its full deal as
 * tooltip. */
static const char *
node_deal (const KvGraph *graph, guint i)
{
  return kv_graph_node (graph, i)->tooltip;
}

/* Where KV_LAYOUT_AUTO puts @first, the whole view of a game's initial
 * model, when it puts it at places known in advance: on a ring (@place:
 * x, y on the unit circle per node) or in a crossing grid (column, row
 * per node). Returns the shape, and the picture's places in *@n_places. */
static KvInitialShape
initial_picture (const KvGraph *first, double *place, guint *n_places)
{
  guint n_nodes = kv_graph_n_nodes (first);
  guint cells[2 * KV_LAYOUT_CROSSING_MAX];

  *n_places = kv_layout_ring (first, place);
  if (*n_places > 0)
    return KV_INITIAL_RING;
  if (n_nodes > KV_LAYOUT_CROSSING_MAX || !kv_layout_crossing_grid (first, cells))
    return KV_INITIAL_NONE;
  for (guint i = 0; i < n_nodes; i++)
    {
      place[2 * i] = cells[2 * i + 1];
      place[2 * i + 1] = cells[2 * i];
    }
  *n_places = n_nodes;
  return KV_INITIAL_CELLS;
}

/* A small game's worlds where the whole view of its initial model put
 * their deals, when it put them at places known in advance and @graph's
 * nodes are all of those deals (the removed ones' ghosts too): on Hexa's
 * hexagon, a step that keeps 4 of the 6 worlds draws them at their places,
 * not on a square of their own, so that a class sees what the step took
 * away; in twocards' grid, the step that pairs each deal with two events
 * draws both worlds of a deal in a column at its cell, as the product
 * view's result does, not a sprawl of 24 worlds twice the window's size.
 * A ring takes one world to a place (the worlds of a deal paired with
 * several events get a ring of their own). From the game, not the step
 * before, so that a window opened at the step draws the same. */
static void
keep_initial_places (KvGraph *graph, const KvModel *model)
{
  guint n_nodes = kv_graph_n_nodes (graph);
  g_autoptr(KvModel) initial = NULL;
  g_autoptr(KvGraph) first = NULL;
  g_autoptr(GHashTable) place_of = NULL;
  g_autofree guint *place = NULL;
  g_autofree gboolean *taken = NULL;
  double xy[2 * KV_LAYOUT_CROSSING_MAX];
  KvViewOptions plain;
  KvInitialShape shape;
  guint n_places;

  /* No more deals than a ring or a crossing grid takes: a few worlds. */
  if (n_nodes == 0 || kv_game_count_deals (model->game) > KV_LAYOUT_CROSSING_MAX)
    return;
  initial = kv_model_new_initial (model->game, 0, NULL);
  if (initial == NULL)
    return;
  kv_view_options_init (&plain);
  first = build_whole (initial, &plain, NULL);
  if (first == NULL)
    return;
  shape = initial_picture (first, xy, &n_places);
  if (shape == KV_INITIAL_NONE)
    return;

  place_of = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < kv_graph_n_nodes (first); i++)
    g_hash_table_insert (place_of, (gpointer) node_deal (first, i), GUINT_TO_POINTER (i + 1));
  place = g_new (guint, n_nodes);
  taken = g_new0 (gboolean, kv_graph_n_nodes (first));
  for (guint i = 0; i < n_nodes; i++)
    {
      place[i] = GPOINTER_TO_UINT (g_hash_table_lookup (place_of, node_deal (graph, i)));
      if (place[i] == 0)
        return;   /* a deal the initial model has not: places of their own */
      if (taken[place[i] - 1] && shape == KV_INITIAL_RING)
        return;
      taken[place[i] - 1] = TRUE;
    }
  for (guint i = 0; i < n_nodes; i++)
    kv_graph_set_initial_place (graph, i, shape, n_places, xy[2 * (place[i] - 1)], xy[2 * (place[i] - 1) + 1]);
}

/* Cut off: some class of the world (node i is @order's i-th) has members
 * outside the view. @in_view counts, per agent and class, its members in
 * view (zeroed). */
static void
mark_cut_off (KvGraph          *graph,
              const KvModel    *model,
              const GArray     *order,
              KvClasses *const *classes,
              guint           **in_view)
{
  guint n_agents = model->game->n_agents;

  for (guint i = 0; i < order->len; i++)
    for (guint a = 0; a < n_agents; a++)
      in_view[a][model->cls[a][g_array_index (order, guint, i)]]++;
  for (guint i = 0; i < order->len; i++)
    {
      guint w = g_array_index (order, guint, i);

      for (guint a = 0; a < n_agents; a++)
        {
          guint c = model->cls[a][w];

          if (in_view[a][c] < classes[a]->offsets[c + 1] - classes[a]->offsets[c])
            {
              g_array_index (graph->nodes, KvNode, i).flags |= KV_NODE_CUT_OFF;
              break;
            }
        }
    }
}

static KvGraph *
build_around (const KvModel       *model,
              const KvViewOptions *options)
{
  guint n_agents = model->game->n_agents;
  guint k = options->radius;
  g_autoptr(KvGraph) graph = NULL;
  g_autofree int *dist = g_new (int, model->n_worlds);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *description = NULL;
  KvClasses *classes[KV_MAX_AGENTS];
  guint8 *class_done[KV_MAX_AGENTS];
  guint *in_view[KV_MAX_AGENTS];
  gboolean capped = FALSE;
  guint n_within;

  for (guint a = 0; a < n_agents; a++)
    {
      classes[a] = kv_classes_new (model->cls[a], model->n_worlds, model->n_classes[a]);
      class_done[a] = g_new0 (guint8, model->n_classes[a]);
      in_view[a] = g_new0 (guint, model->n_classes[a]);
    }

  /* Breadth first over classes: each class is visited once. */
  memset (dist, -1, sizeof (int) * model->n_worlds);
  dist[model->actual] = 0;
  g_array_append_val (order, model->actual);
  for (guint head = 0; head < order->len; head++)
    {
      guint w = g_array_index (order, guint, head);

      if ((guint) dist[w] >= k)
        continue;

      for (guint a = 0; a < n_agents; a++)
        {
          guint c = model->cls[a][w];

          if (class_done[a][c])
            continue;
          class_done[a][c] = TRUE;

          for (guint i = classes[a]->offsets[c]; i < classes[a]->offsets[c + 1]; i++)
            {
              guint v = classes[a]->members[i];

              if (dist[v] >= 0)
                continue;
              if (order->len >= options->limit)
                {
                  capped = TRUE;
                  continue;
                }
              dist[v] = dist[w] + 1;
              g_array_append_val (order, v);
            }
        }
    }

  n_within = order->len;
  if (capped)
    description = g_strdup_printf (_("the %u worlds nearest the actual world"), n_within);
  else
    /* TRANSLATORS: the plural is chosen by the second number, the links */
    description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%u worlds within %u link of the actual world",
                                                "%u worlds within %u links of the actual world", k),
                                   n_within, k);

  graph = new_graph (model, options, description);
  add_world_nodes (graph, model, (guint *) (void *) order->data, order->len, options->highlight);

  mark_cut_off (graph, model, order, classes, in_view);

  add_partition_edges (graph, model, (guint *) (void *) order->data, order->len);

  if (capped)
    {
      g_autofree char *note = g_strdup_printf (_("Only the %u worlds nearest the actual world are drawn "
                                                 "(of %u worlds in the model)."),
                                               options->limit, model->n_worlds);
      kv_graph_add_note (graph, note);
    }
  else
    {
      /* TRANSLATORS: the plural is chosen by the first number, the links */
      g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Worlds within %u link of the actual world "
                                                            "(%u of %u worlds in the model).",
                                                            "Worlds within %u links of the actual world "
                                                            "(%u of %u worlds in the model).", k),
                                               k, n_within, model->n_worlds);
      kv_graph_add_note (graph, note);
    }

  for (guint a = 0; a < n_agents; a++)
    {
      kv_classes_free (classes[a]);
      g_free (class_done[a]);
      g_free (in_view[a]);
    }

  return g_steal_pointer (&graph);
}

static KvGraph *
build_contracted (const KvModel        *model,
                  const KvViewOptions  *options,
                  GError              **error)
{
  g_autoptr(KvModel) quotient = kv_model_contract (model);
  g_autoptr(KvBits) highlight = NULL;
  g_autofree char *description = NULL;
  g_autofree char *note = NULL;
  g_autofree guint *worlds = NULL;
  g_autoptr(KvGraph) graph = NULL;

  if (quotient->n_worlds > options->limit)
    {
      g_autofree char *fit = views_that_fit (model, options->limit, KV_VIEW_CONTRACTED);

      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   /* TRANSLATORS: the last %s is "Views that fit: …" */
                   _("The contracted model has %u worlds, more than the limit of %u. %s"),
                   quotient->n_worlds, options->limit, fit);
      return NULL;
    }

  if (options->highlight != NULL)
    {
      g_autofree guint32 *blocks = NULL;
      guint n_blocks;

      /* Bisimilar worlds satisfy the same formulas: a block is highlighted
       * when its worlds are. The quotient's world b is block b. */
      blocks = kv_bisim_blocks (model, &n_blocks);
      g_assert (n_blocks == quotient->n_worlds);
      highlight = kv_bits_new (quotient->n_worlds);
      for (guint w = 0; w < model->n_worlds && w < options->highlight->n; w++)
        if (kv_bits_get (options->highlight, w))
          kv_bits_set (highlight, blocks[w]);
    }

  description = g_strdup_printf (_("contracted, %u of %u worlds"), quotient->n_worlds, model->n_worlds);
  graph = new_graph (quotient, options, description);
  worlds = g_new (guint, MAX (quotient->n_worlds, 1));
  for (guint w = 0; w < quotient->n_worlds; w++)
    worlds[w] = w;
  add_world_nodes (graph, quotient, worlds, quotient->n_worlds, highlight);
  add_partition_edges (graph, quotient, worlds, quotient->n_worlds);

  note = g_strdup_printf (_("Bisimulation contraction: one world for each class of bisimilar worlds "
                            "(%u of %u)."), quotient->n_worlds, model->n_worlds);
  kv_graph_add_note (graph, note);

  return g_steal_pointer (&graph);
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  return g_bytes_compare (*(GBytes * const *) a, *(GBytes * const *) b);
}

static gboolean
is_subset (const guint64 *a,
           const guint64 *b,
           guint          words)
{
  for (guint j = 0; j < words; j++)
    if ((a[j] & ~b[j]) != 0)
      return FALSE;
  return TRUE;
}

void
_kv_view_note_overlapping (GString *note, const GPtrArray *agents)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *joined = NULL;

  if (agents->len == 0)
    return;
  names = g_ptr_array_copy ((GPtrArray *) agents, NULL, NULL);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (", ", (char **) names->pdata);
  g_string_append_c (note, ' ');
  /* TRANSLATORS: %s is an agent's name, or several with commas ("1, 2") */
  g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                             "Agent %s's groups overlap: a cycle per hand.",
                                             "Agents %s: groups overlap, a cycle per hand.",
                                             agents->len),
                          joined);
}

/* Draws each maximal group (a bit set over @n nodes) of @agent as a cycle,
 * every link once. */
void
_kv_view_add_group_cycles (KvGraph    *graph,
                           guint       agent,
                           GHashTable *groups,
                           guint       n,
                           guint      *members)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new ();
  g_autoptr(GHashTable) drawn = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint words = (n + 63) / 64;

  GHashTableIter iter;
  gpointer group;

  /* Deterministic order: hash tables have none. */
  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, &group, NULL))
    g_ptr_array_add (sets, group);
  g_ptr_array_sort (sets, compare_groups);

  for (guint i = 0; i < sets->len; i++)
    {
      const guint64 *set = g_bytes_get_data (g_ptr_array_index (sets, i), NULL);
      gboolean maximal = TRUE;
      guint m = 0;

      for (guint k = 0; k < sets->len && maximal; k++)
        if (k != i)
          {
            const guint64 *other = g_bytes_get_data (g_ptr_array_index (sets, k), NULL);

            /* Strictly inside another group (equal groups are one key). */
            maximal = !is_subset (set, other, words);
          }
      if (!maximal)
        continue;

      for (guint x = 0; x < n; x++)
        if (set[x >> 6] & (G_GUINT64_CONSTANT (1) << (x & 63)))
          members[m++] = x;
      if (m < 2)
        continue;

      for (guint k = 0; k < (m == 2 ? 1 : m); k++)
        {
          guint u = MIN (members[k], members[(k + 1) % m]);
          guint v = MAX (members[k], members[(k + 1) % m]);
          gint64 key = ((gint64) u << 32) | v;

          if (g_hash_table_contains (drawn, &key))
            continue;
          g_hash_table_add (drawn, g_memdup2 (&key, sizeof key));
          kv_graph_add_edge (graph, agent, u, v);
        }
    }
}

/* The place of @card among the cards of its category (0 for the first). */
static guint
rank_in_category (const KvGame *game, guint card)
{
  guint rank = 0;

  for (guint c = 0; c < card; c++)
    rank += game->card_category[c] == game->card_category[card];
  return rank;
}

gboolean
kv_view_envelope_axes (const KvGame *game,
                       int          *first,
                       int          *second)
{
  *first = *second = -1;
  for (guint k = 0; k < game->n_categories; k++)
    if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << k))
      {
        if (*first < 0)
          *first = (int) k;
        else if (*second < 0)
          *second = (int) k;
        else
          return FALSE;
      }
  return *second >= 0;
}

void
kv_view_envelope_cell (const KvGame *game,
                       KvHand        hand,
                       int           first,
                       int           second,
                       int          *row,
                       int          *col)
{
  for (guint c = 0; c < game->n_cards; c++)
    if (hand & KV_CARD_BIT (c))
      {
        if (game->card_category[c] == first)
          *row = (int) rank_in_category (game, c);
        else if (game->card_category[c] == second)
          *col = (int) rank_in_category (game, c);
      }
}

/* When the envelope holds one card of each of two categories (Clue: a
 * weapon and a suspect), envelopes go in a grid, the first category's
 * cards as rows and the second's as columns, as on a detective's notepad;
 * otherwise the layout places them. The grid's headers name the cards, so
 * a node says nothing itself (a small circle: the labels that matter, the
 * headers, get the room) and its tooltip says the envelope. Every card of
 * both categories has its row or column, even when no envelope with it is
 * left: the grid keeps its shape from step to step, and an empty row says
 * that card is out. Returns whether it made a grid. */
gboolean
_kv_view_envelope_grid (KvGraph      *graph,
               const KvGame *game,
               const GArray *hands)
{
  int first, second;
  g_autofree int *cells = g_new (int, 2 * MAX (hands->len, 1));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) cols = g_ptr_array_new ();

  if (!kv_view_envelope_axes (game, &first, &second))
    return FALSE;
  /* Every envelope has its cell, or there is no grid. */
  for (guint i = 0; i < hands->len; i++)
    {
      cells[2 * i] = cells[2 * i + 1] = -1;
      kv_view_envelope_cell (game, g_array_index (hands, KvHand, i), first, second,
                             &cells[2 * i], &cells[2 * i + 1]);
      if (cells[2 * i] < 0 || cells[2 * i + 1] < 0)
        return FALSE;
    }
  for (guint i = 0; i < hands->len; i++)
    {
      kv_graph_set_grid (graph, i, (guint) cells[2 * i], (guint) cells[2 * i + 1]);
      kv_graph_set_headed (graph, i);
    }

  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == first)
      g_ptr_array_add (rows, game->card_names[c]);
    else if (game->card_category[c] == second)
      g_ptr_array_add (cols, game->card_names[c]);
  g_ptr_array_add (rows, NULL);
  g_ptr_array_add (cols, NULL);
  kv_graph_set_headers (graph, (const char * const *) rows->pdata, (const char * const *) cols->pdata);

  return TRUE;
}

static KvGraph *
build_envelope (const KvModel        *model,
                const KvViewOptions  *options,
                GError              **error)
{
  g_autoptr(KvState) state = NULL;
  g_autoptr(KvEnvelopeLinks) links = NULL;
  g_autofree guint *count = NULL;
  g_autofree guint *first = NULL;
  KvViewOptions opts = *options;
  KvGraph *graph;
  Envelopes env;
  guint n;

  if (!model->game->has_envelope)
    {
      g_autofree char *fit = views_that_fit (model, options->limit, KV_VIEW_ENVELOPE);

      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   /* TRANSLATORS: %s is "Views that fit: …" */
                   _("This game has no envelope, so there is no envelope view. %s"), fit);
      return NULL;
    }
  envelopes_init (&env, model);
  n = env.hands->len;
  if (n > options->limit)
    {
      g_autofree char *fit = views_that_fit (model, options->limit, KV_VIEW_ENVELOPE);

      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   /* TRANSLATORS: the last %s is "Views that fit: …" */
                   _("The envelope view has %u nodes, more than the limit of %u. %s"),
                   n, options->limit, fit);
      envelopes_clear (&env);
      return NULL;
    }

  /* The one envelope view (kv-view-symbolic.c), of the model's state;
   * kv_view_build keeps one agent's links itself, as in every view. */
  state = kv_state_new_for_model ((KvModel *) model);
  links = kv_state_envelope_links (state, error);
  opts.links_of = -1;
  opts.chain = NULL;
  opts.n_chain = 0;
  graph = links != NULL ? kv_view_build_envelope_links (state, links, &opts, error) : NULL;
  if (graph == NULL)
    {
      envelopes_clear (&env);
      return NULL;
    }

  /* What a model knows more: each node's worlds, the first of them the
   * one a click selects, and the worlds highlighted. */
  count = g_new0 (guint, MAX (n, 1));
  first = g_new (guint, MAX (n, 1));
  for (guint w = model->n_worlds; w-- > 0;)
    {
      count[env.node_of[w]]++;
      first[env.node_of[w]] = w;
    }
  for (guint i = 0; i < n && i < kv_graph_n_nodes (graph); i++)
    {
      KvNode *node = &g_array_index (graph->nodes, KvNode, i);
      g_autofree char *label = kv_game_hand_to_string (model->game, g_array_index (env.hands, KvHand, i));

      node->world = first[i];
      g_free (node->tooltip);
      /* TRANSLATORS: tooltip of a node of the envelope view; %s is the envelope's cards */
      node->tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "envelope: %s (%u world)",
                                                    "envelope: %s (%u worlds)", count[i]),
                                       label, count[i]);
    }
  if (options->highlight != NULL)
    for (guint w = 0; w < model->n_worlds && w < options->highlight->n; w++)
      if (kv_bits_get (options->highlight, w))
        g_array_index (graph->nodes, KvNode, env.node_of[w]).flags |= KV_NODE_HIGHLIGHTED;
  envelopes_clear (&env);

  return graph;
}

/* The agents view of @model (kv-view-agents.c), each cell's world the
 * first with its envelope, so that a click selects a world of it. */
static KvGraph *
build_agents (const KvModel        *model,
              const KvViewOptions  *options,
              GError              **error)
{
  g_autoptr(KvState) state = NULL;
  g_autoptr(GArray) all = NULL;
  g_autofree guint *first = NULL;
  KvGraph *graph;
  guint owner;

  if (!model->game->has_envelope)
    {
      g_autofree char *fit = views_that_fit (model, options->limit, KV_VIEW_AGENTS);

      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   /* TRANSLATORS: %s is "Views that fit: …" */
                   _("This game has no envelope, so there is no agents view. %s"), fit);
      return NULL;
    }
  state = kv_state_new_for_model ((KvModel *) model);
  graph = kv_view_build_agents (state, options, error);
  if (graph == NULL)
    return NULL;
  /* A cell's world is its envelope's place among every envelope still
   * possible: the first world with that envelope stands for it. */
  all = kv_state_all_envelopes (state);
  owner = kv_game_envelope (model->game);
  first = g_new (guint, MAX (all->len, 1));
  for (guint w = model->n_worlds; w-- > 0;)
    {
      KvHand hand = kv_model_hand (model, w, owner);
      guint lo = 0, hi = all->len;

      while (lo < hi)
        {
          guint mid = (lo + hi) / 2;

          if (g_array_index (all, KvHand, mid) < hand)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo < all->len)
        first[lo] = w;
    }
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      KvNode *node = &g_array_index (graph->nodes, KvNode, i);

      if (node->world < all->len)
        node->world = first[node->world];
    }
  return graph;
}

KvGraph *
kv_view_build (const KvModel        *model,
               const KvViewOptions  *options,
               GError              **error)
{
  KvViewOptions opts;
  KvGraph *graph = NULL;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options != NULL)
    opts = *options;
  else
    kv_view_options_init (&opts);
  if (opts.limit == 0)
    opts.limit = KV_VIEW_DEFAULT_LIMIT;
  if (opts.radius == 0)
    opts.radius = 1;
  if (opts.kind == KV_VIEW_AUTO)
    opts.kind = kv_view_choose (model, opts.limit);

  switch (opts.kind)
    {
    case KV_VIEW_WHOLE:
      graph = build_whole (model, &opts, error);
      if (graph != NULL)
        keep_initial_places (graph, model);
      break;
    case KV_VIEW_AROUND:
      graph = build_around (model, &opts);
      break;
    case KV_VIEW_CONTRACTED:
      graph = build_contracted (model, &opts, error);
      break;
    case KV_VIEW_ENVELOPE:
      graph = build_envelope (model, &opts, error);
      break;
    case KV_VIEW_AGENTS:
      graph = build_agents (model, &opts, error);
      break;
    case KV_VIEW_AUTO:
    default:
      g_return_val_if_reached (NULL);
    }

  if (graph != NULL && opts.kind != KV_VIEW_AGENTS && opts.links_of >= 0 &&
      (guint) opts.links_of < model->game->n_agents)
    {
      g_autofree char *note = g_strdup_printf (_("Only the links of agent %s are drawn."),
                                               model->game->agent_names[opts.links_of]);

      kv_graph_keep_links_of (graph, (guint) opts.links_of);
      kv_graph_add_note (graph, note);
    }
  return graph;
}
