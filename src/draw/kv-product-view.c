// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-product-view"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kv-enum.h"
#include "kv-product-view-private.h"

const char *
kv_product_stage_to_string (KvProductStage stage)
{
  const char *name = kv_enum_to_nick (KV_TYPE_PRODUCT_STAGE, stage);

  g_return_val_if_fail (name != NULL, NULL);
  return name;
}

gboolean
kv_product_stage_from_string (const char *name, KvProductStage *stage)
{
  int value;

  if (name == NULL || !kv_enum_from_nick (KV_TYPE_PRODUCT_STAGE, name, &value))
    return FALSE;
  *stage = (KvProductStage) value;
  return TRUE;
}

KvProductView *
kv_product_view_new (KvModel *before, const KvStep *step, GError **error)
{
  g_autoptr(KvProductView) view = g_new0 (KvProductView, 1);

  g_return_val_if_fail (step->kind != KV_STEP_SUGGEST, NULL);

  view->before = kv_model_ref (before);
  view->action = kv_action_model_for_step (step, &view->actual_event);
  view->step_del = kv_step_to_del (step);
  view->after = kv_model_update (before, view->action, view->actual_event, 0, &view->product, error);
  if (view->after == NULL)
    return NULL;
  kv_product_count (view->before, view->product, view->after, &view->counts);
  return g_steal_pointer (&view);
}

/* A suggest's answers (the steps it expanded to), or NULL for any other
 * step: one part, the step itself. */
static GPtrArray *
answers (const KvHistoryEntry *entry)
{
  if (entry->step != NULL && entry->step->kind == KV_STEP_SUGGEST &&
      entry->expanded != NULL && entry->expanded->len > 0)
    return entry->expanded;
  return NULL;
}

guint
kv_product_view_count_parts (const KvHistory *history, guint index)
{
  GPtrArray *parts;

  g_return_val_if_fail (index < kv_history_length (history), 1);

  parts = answers (kv_history_get (history, index));
  return parts != NULL ? parts->len : 1;
}

const KvStep *
kv_product_view_part_step (const KvHistory *history, guint index, guint part)
{
  const KvHistoryEntry *entry;

  g_return_val_if_fail (index < kv_history_length (history), NULL);
  g_return_val_if_fail (part < kv_product_view_count_parts (history, index), NULL);

  entry = kv_history_get (history, index);
  return answers (entry) != NULL ? g_ptr_array_index (entry->expanded, part) : entry->step;
}

KvProductView *
kv_product_view_new_for_entry_part (const KvHistory *history, guint index, guint part, GError **error)
{
  const KvHistoryEntry *entry;
  g_autoptr(KvModel) before = NULL;
  const KvStep *step;

  g_return_val_if_fail (index < kv_history_length (history), NULL);
  g_return_val_if_fail (part < kv_product_view_count_parts (history, index), NULL);

  entry = kv_history_get (history, index);
  if (entry->step == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("the initial model is not the result of an action: choose a later step"));
      return NULL;
    }
  if (kv_history_get (history, index - 1)->model == NULL)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("this game is too big to list its worlds: its product cannot be drawn"));
      return NULL;
    }
  step = kv_product_view_part_step (history, index, part);
  if (step->kind == KV_STEP_SUGGEST)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("nobody answered this suggestion: it changed nothing to draw"));
      return NULL;
    }
  before = kv_model_ref (kv_history_get (history, index - 1)->model);

  /* A suggestion's answers before this one lead to the model it acts on. */
  for (guint i = 0; i < part; i++)
    {
      KvModel *next = kv_model_apply_step (before, kv_product_view_part_step (history, index, i),
                                           history->world_limit, error);

      if (next == NULL)
        return NULL;
      g_clear_pointer (&before, kv_model_unref);
      before = next;
    }
  return kv_product_view_new (before, step, error);
}

KvProductView *
kv_product_view_new_for_entry (const KvHistory *history, guint index, GError **error)
{
  g_return_val_if_fail (index < kv_history_length (history), NULL);

  return kv_product_view_new_for_entry_part (history, index,
                                             kv_product_view_count_parts (history, index) - 1, error);
}

void
kv_product_view_free (KvProductView *view)
{
  if (view == NULL)
    return;
  g_clear_pointer (&view->before, kv_model_unref);
  g_clear_pointer (&view->after, kv_model_unref);
  g_clear_pointer (&view->action, kv_action_model_unref);
  g_clear_pointer (&view->product, kv_product_free);
  g_free (view->step_del);
  g_free (view);
}

static void
grouping_clear (KvProductGrouping *g)
{
  g_clear_pointer (&g->group_of, g_free);
  g_clear_pointer (&g->first, g_array_unref);
  g_clear_pointer (&g->labels, g_ptr_array_unref);
}

static void
group_worlds (KvProductGrouping *g, const KvModel *m, const guint32 *worlds, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g->group_of[worlds[i]] = (gint32) g->n_groups++;
      g_array_append_val (g->first, worlds[i]);
      g_ptr_array_add (g->labels, kv_model_world_label (m, worlds[i]));
    }
}

static void
group_envelopes (KvProductGrouping *g, const KvModel *m)
{
  const KvGame *game = m->game;
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint w = 0; w < m->n_worlds; w++)
    {
      gint64 key = (gint64) kv_model_hand (m, w, kv_game_envelope (game));
      gpointer id;

      if (!g_hash_table_lookup_extended (ids, &key, NULL, &id))
        {
          id = GUINT_TO_POINTER (g->n_groups++);
          g_hash_table_insert (ids, g_memdup2 (&key, sizeof key), id);
          g_array_append_val (g->first, w);
          g_ptr_array_add (g->labels, kv_game_hand_to_string (game, (KvHand) key));
        }
      g->group_of[w] = (gint32) GPOINTER_TO_UINT (id);
    }
}

/* The worlds nearest the actual world, breadth first, at most @max. Each
 * class is walked once, through a list threading its worlds. */
static guint
nearest_worlds (const KvModel *m, guint radius, guint max, guint32 *out)
{
  guint n_agents = m->game->n_agents;
  g_autoptr(KvBits) seen = kv_bits_new (m->n_worlds);
  g_autofree guint32 *depth = g_new0 (guint32, m->n_worlds);
  g_autofree guint32 *next = g_new (guint32, (gsize) n_agents * m->n_worlds);
  guint32 *first[KV_MAX_AGENTS];
  guint n = 0, head = 0;

  for (guint a = 0; a < n_agents; a++)
    {
      first[a] = g_new (guint32, MAX (m->n_classes[a], 1));
      memset (first[a], 0xff, m->n_classes[a] * sizeof (guint32));
      for (guint w = m->n_worlds; w-- > 0; )
        {
          next[(gsize) a * m->n_worlds + w] = first[a][m->cls[a][w]];
          first[a][m->cls[a][w]] = w;
        }
    }

  out[n++] = m->actual;
  kv_bits_set (seen, m->actual);
  while (head < n && n < max)
    {
      guint w = out[head++];

      if (depth[w] == radius)
        continue;
      for (guint a = 0; a < n_agents && n < max; a++)
        {
          guint32 c = m->cls[a][w];

          for (guint32 v = first[a][c]; v != G_MAXUINT32 && n < max; v = next[(gsize) a * m->n_worlds + v])
            if (!kv_bits_get (seen, v))
              {
                kv_bits_set (seen, v);
                depth[v] = depth[w] + 1;
                out[n++] = v;
              }
          first[a][c] = G_MAXUINT32;   /* this class is done */
        }
    }
  for (guint a = 0; a < n_agents; a++)
    g_free (first[a]);
  return n;
}

static gboolean
make_grouping (const KvProductView *view, const KvViewOptions *options, KvProductGrouping *g, GError **error)
{
  const KvModel *m = view->before;
  guint n_events = view->action->n_events;
  guint limit = options->limit ? options->limit : KV_VIEW_DEFAULT_LIMIT;
  KvViewKind kind = options->kind;

  g->group_of = g_new (gint32, m->n_worlds);
  for (guint w = 0; w < m->n_worlds; w++)
    g->group_of[w] = -1;
  g->labels = g_ptr_array_new_with_free_func (g_free);
  g->first = g_array_new (FALSE, FALSE, sizeof (guint));
  g->n_groups = 0;

  if (kind == KV_VIEW_AUTO || kind == KV_VIEW_CONTRACTED)
    {
      if ((guint64) m->n_worlds * n_events <= limit)
        kind = KV_VIEW_WHOLE;
      else if (m->game->has_envelope)
        kind = KV_VIEW_ENVELOPE;
      else
        kind = KV_VIEW_AROUND;
    }
  g->kind = kind;

  switch (kind)
    {
    case KV_VIEW_WHOLE:
      if ((guint64) m->n_worlds * n_events > limit)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                       _("the product has %u × %u pairs, more than the limit of %u: use the envelope or around view"),
                       m->n_worlds, n_events, limit);
          return FALSE;
        }
      {
        g_autofree guint32 *all = g_new (guint32, m->n_worlds);

        for (guint w = 0; w < m->n_worlds; w++)
          all[w] = w;
        group_worlds (g, m, all, m->n_worlds);
      }
      return TRUE;
    case KV_VIEW_ENVELOPE:
      if (!m->game->has_envelope)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_GAME, _("this game has no envelope: use the whole or around view"));
          return FALSE;
        }
      group_envelopes (g, m);
      if ((guint64) g->n_groups * n_events > limit)
        {
          g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                       _("the product has %u envelopes × %u events, more than the limit of %u"),
                       g->n_groups, n_events, limit);
          return FALSE;
        }
      return TRUE;
    case KV_VIEW_AROUND:
    default:
      {
        g_autofree guint32 *near = g_new (guint32, m->n_worlds);
        guint max = MAX (limit / MAX (n_events, 1), 1);
        guint n = nearest_worlds (m, options->radius ? options->radius : 1, max, near);

        group_worlds (g, m, near, n);
      }
      return TRUE;
    }
}

/* Links of each agent, deduplicated: a link drawn plainly wins over the
 * same link cut elsewhere (when several pairs share a node). */
typedef struct {
  GHashTable *flags;   /* key: agent << 48 | low << 24 | high → KvEdgeFlags + 1 */
} EdgeSet;

static guint64
edge_key (guint agent, guint a, guint b)
{
  return (guint64) agent << 48 | (guint64) MIN (a, b) << 24 | MAX (a, b);
}

static void
edge_set_add (EdgeSet *set, guint agent, guint a, guint b, KvEdgeFlags flags)
{
  guint64 key = edge_key (agent, a, b);
  gpointer old;

  if (a == b)
    return;
  if (g_hash_table_lookup_extended (set->flags, &key, NULL, &old) && !((GPOINTER_TO_UINT (old) - 1) & KV_EDGE_CUT))
    return;
  g_hash_table_insert (set->flags, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (flags + 1));
}

static int
compare_keys (const void *a, const void *b)
{
  guint64 x = **(guint64 *const *) a, y = **(guint64 *const *) b;

  return (x > y) - (x < y);
}

/* Adds the links in a fixed order, so that layouts are reproducible. */
static void
edge_set_flush (EdgeSet *set, KvGraph *graph)
{
  guint n;
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (set->flags, &n);

  qsort (keys, n, sizeof (gpointer), compare_keys);
  for (guint i = 0; i < n; i++)
    {
      guint64 key = *(guint64 *) keys[i];
      KvEdgeFlags flags = GPOINTER_TO_UINT (g_hash_table_lookup (set->flags, &key)) - 1;

      kv_graph_add_edge_full (graph, key >> 48, (key >> 24) & 0xffffff, key & 0xffffff, flags);
    }
}

/* The links of one class: all of them up to three members, else a cycle.
 * Returns TRUE when it drew a cycle. */
static gboolean
add_class (EdgeSet *set, guint agent, const guint *members, guint n, KvEdgeFlags flags)
{
  if (n <= 3)
    {
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          edge_set_add (set, agent, members[i], members[j], flags);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    edge_set_add (set, agent, members[i], members[(i + 1) % n], flags);
  return TRUE;
}

/* Union-find over nodes, for the components of a relation. */
static guint32
find (guint32 *parent, guint32 i)
{
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

static void
join (guint32 *parent, guint32 a, guint32 b)
{
  a = find (parent, a);
  b = find (parent, b);
  parent[MAX (a, b)] = MIN (a, b);
}

/* A pair node's code (kv-product-view-private.h). */
static guint
pair_code (const KvProductView *view, const KvProductGrouping *g, guint group, guint event)
{
  guint world = g_array_index (g->first, guint, group);
  guint64 code = ((guint64) world * view->action->n_events + event) * 2 + (g->kind == KV_VIEW_ENVELOPE);

  return code < KV_PRODUCT_NO_CODE ? (guint) code : KV_PRODUCT_NO_CODE;
}

static KvGraph *
new_graph (const KvProductView *view, const char *title)
{
  const KvGame *game = view->before->game;

  return kv_graph_new (title, game->n_agents, (const char * const *) game->agent_names);
}

static char *
pair_label (const KvProductGrouping *g, guint group, const KvActionModel *am, guint event)
{
  return g_strdup_printf ("(%s, %s)", (const char *) g_ptr_array_index (g->labels, group), am->event_names[event]);
}

/* Most events labelled with their preconditions in A's panel. */
#define ACTION_LABELS_MAX 4

/* In the grid a block of the row agent is a row, of the column agent a
 * column: linked neighbour to neighbour along it, since a link that
 * skipped a neighbour would run through it. Other agents' blocks as
 * everywhere (add_class). Returns TRUE when it drew a cycle. */
static gboolean
add_action_block (EdgeSet *set, const KvActionGrid *grid, guint agent, guint *members, guint n)
{
  const guint *along = grid == NULL ? NULL : agent == grid->row_agent ? grid->col : agent == grid->col_agent ? grid->row : NULL;

  if (along == NULL)
    return add_class (set, agent, members, n, 0);
  /* In the order of the cells (a few events: insertion sort). */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && along[members[j]] < along[members[j - 1]]; j--)
      {
        guint t = members[j];

        members[j] = members[j - 1];
        members[j - 1] = t;
      }
  for (guint i = 0; i + 1 < n; i++)
    edge_set_add (set, agent, members[i], members[i + 1], 0);
  return FALSE;
}

static KvGraph *
build_action (const KvProductView *view, KvLayoutEngine engine)
{
  const KvActionModel *am = view->action;
  const KvGame *game = view->before->game;
  g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Action model %s: %u event",
                                                                        "Action model %s: %u events", am->n_events),
                                                           view->step_del, am->n_events);
  KvGraph *graph = new_graph (view, title);
  EdgeSet set = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  gboolean cycles = FALSE;
  /* Past a few events the panel is too narrow for their preconditions
   * (twocards' twelve came out at 3 px): the events go by their names,
   * each precondition in its tooltip. */
  gboolean names_only = am->n_events > ACTION_LABELS_MAX;
  KvActionGrid grid = { 0 };
  gboolean in_grid = names_only && engine == KV_LAYOUT_AUTO && _kv_action_grid_init (&grid, am, game->n_agents);

  for (guint e = 0; e < am->n_events; e++)
    {
      g_autofree char *pre = kv_formula_to_string (game, am->pre[e], FALSE);
      /* Named as the pairs name it: a one-event action's "!" too. */
      g_autofree char *label = names_only ? g_strdup (am->event_names[e])
                                          : g_strdup_printf ("%s: %s", am->event_names[e], pre);
      g_autofree char *tooltip = g_strdup_printf (_("event %s, precondition %s"), am->event_names[e], pre);

      kv_graph_add_node (graph, label, tooltip, e == view->actual_event ? KV_NODE_ACTUAL : 0, e);
      /* Two events (a showcard of two cards) one above the other, as the
       * product view's narrow panel wants them; more go on a ring, or in
       * their grid. */
      if (am->n_events == 2)
        kv_graph_set_grid (graph, e, e, 0);
      else if (in_grid)
        kv_graph_set_grid (graph, e, grid.row[e], grid.col[e]);
    }
  for (guint a = 0; a < game->n_agents; a++)
    for (guint e = 0; e < am->n_events; e++)
      {
        g_autofree guint *members = g_new (guint, am->n_events);
        guint n = 0, first = 0;

        /* each block once, from its first event */
        while (kv_action_model_class (am, a, first) != kv_action_model_class (am, a, e))
          first++;
        if (first != e)
          continue;
        for (guint f = e; f < am->n_events; f++)
          if (kv_action_model_class (am, a, f) == kv_action_model_class (am, a, e))
            members[n++] = f;
        cycles |= add_action_block (&set, in_grid ? &grid : NULL, a, members, n);
      }
  edge_set_flush (&set, graph);
  g_hash_table_unref (set.flags);
  if (in_grid)
    {
      g_autofree char *note = NULL;

      /* One note, a line shorter than two: the panel's height is what
       * limits the grid's size. */
      /* TRANSLATORS: the action model's grid of events, each labelled by
       * its name; the %s are agents */
      note = g_strdup_printf (_("Agent %s cannot tell apart the events of a row, agent %s those of a column. "
                                "Each event’s precondition is in its tooltip."),
                              game->agent_names[grid.row_agent], game->agent_names[grid.col_agent]);
      kv_graph_add_note (graph, note);
    }
  else
    {
      if (names_only)
        kv_graph_add_note (graph, _("Each event by its name: its precondition is in its tooltip."));
      kv_graph_add_note (graph, _("An agent links the events it cannot tell apart."));
    }
  if (cycles)
    kv_graph_add_note (graph, _("Blocks of more than three events are drawn as cycles."));
  _kv_action_grid_clear (&grid);
  /* Its points are events: the legend says it of them. */
  graph->of_events = TRUE;
  return graph;
}

/* @ring: the pairs on M's ring, or NULL. */
static KvGraph *
build_pairs (const KvProductView *view, const KvProductGrouping *g, const KvProductRing *ring)
{
  const KvActionModel *am = view->action;
  const KvModel *m = view->before;
  g_autofree char *n_tried = kv_count_format (view->counts.pairs_tried);
  g_autofree char *n_kept = kv_count_format (view->counts.pairs_kept);
  g_autofree char *title = g_strdup_printf (_("Stage 1 of 3, all pairs W × E for %s: %s tried, %s kept"),
                                            view->step_del, n_tried, n_kept);
  KvGraph *graph = new_graph (view, title);
  g_autofree guint *kept = g_new0 (guint, (gsize) g->n_groups * am->n_events);
  g_autofree guint *tried = g_new0 (guint, (gsize) g->n_groups * am->n_events);
  guint cols, rows_per_event, block;
  KvProductGrid grid;
  gboolean in_grid = _kv_product_grid_init (&grid, view, g);

  for (guint w = 0; w < m->n_worlds; w++)
    if (g->group_of[w] >= 0)
      for (guint e = 0; e < am->n_events; e++)
        {
          gsize i = (gsize) g->group_of[w] * am->n_events + e;

          tried[i]++;
          kept[i] += kv_bits_get (view->product->pre[e], w);
        }

  /* One row per event; long rows (more than 8 pairs) wrap into a block,
   * blocks a row apart, with as many columns as make the grid about as wide
   * as it is tall (a cell is about 7.5 points a character wide, 60 tall). */
  cols = g->n_groups;
  if (g->n_groups > 8)
    {
      guint longest = 0;

      for (guint group = 0; group < g->n_groups; group++)
        longest = MAX (longest, strlen (g_ptr_array_index (g->labels, group)));
      cols = (guint) round (sqrt ((double) g->n_groups * am->n_events * 60.0 / (7.5 * (longest + 8) + 40.0)));
      cols = CLAMP (cols, 2, g->n_groups);
    }
  rows_per_event = (g->n_groups + cols - 1) / cols;
  block = rows_per_event > 1 ? rows_per_event + 1 : 1;

  for (guint e = 0; e < am->n_events; e++)
    for (guint group = 0; group < g->n_groups; group++)
      {
        gsize i = (gsize) group * am->n_events + e;
        g_autofree char *label = pair_label (g, group, am, e);
        g_autofree char *pre = kv_formula_to_string (m->game, am->pre[e], FALSE);
        g_autofree char *tooltip = NULL;
        KvNodeFlags flags = kept[i] == 0 ? KV_NODE_STRUCK : 0;

        if (g->group_of[m->actual] == (gint32) group && e == view->actual_event)
          flags |= KV_NODE_ACTUAL;
        if (g->kind == KV_VIEW_ENVELOPE)
          tooltip = g_strdup_printf (_("envelope %s with event %s: %u of %u pairs satisfy %s"),
                                     (const char *) g_ptr_array_index (g->labels, group),
                                     am->event_names[e], kept[i], tried[i], pre);
        else
          tooltip = g_strdup_printf (kept[i] ? _("%s satisfies %s, the precondition of %s: the pair is kept")
                                             : _("%s fails %s, the precondition of %s: the pair is dropped"),
                                     (const char *) g_ptr_array_index (g->labels, group), pre, am->event_names[e]);
        guint node = kv_graph_add_node (graph, label, tooltip, flags, pair_code (view, g, group, e));

        if (kept[i] > 0 && kept[i] < tried[i])
          kv_graph_set_dropped (graph, node, 1.0 - (double) kept[i] / tried[i]);

        if (in_grid)
          _kv_product_grid_place (&grid, view, g, graph, node, group, e);
        else if (ring != NULL)
          _kv_product_ring_place (ring, graph, node, g_array_index (g->first, guint, group), e);
        else
          kv_graph_set_grid (graph, node, e * block + group / cols, group % cols);
      }
  kv_graph_add_note (graph, _("A pair (w, e) is kept when w satisfies e’s precondition."));
  graph->unrelated = TRUE;
  if (in_grid)
    _kv_product_grid_finish (&grid, graph, FALSE);
  _kv_product_grid_clear (&grid);
  return graph;
}

/* Agent @a's links between the nodes (node_of_pair[p] shows pair p, or
 * -1): each class of the product kept as a cycle, and the kept ones
 * within a class of M joined by cut links. TRUE when a class was drawn
 * as a cycle. */
static gboolean
add_agent_links (const KvProductView *view, EdgeSet *set, guint a, const gint32 *node_of_pair, guint n_nodes)
{
  const KvModel *m = view->before, *after = view->after;
  const KvProduct *product = view->product;
  gboolean cycles = FALSE;
  g_autofree guint32 *kept = g_new (guint32, MAX (n_nodes, 1));
  g_autofree guint32 *before = g_new (guint32, MAX (n_nodes, 1));
  g_autofree gint32 *first_kept = g_new (gint32, MAX (after->n_classes[a], 1));
  g_autofree gint32 *first_before = g_new (gint32, MAX (m->n_classes[a], 1));
  g_autofree guint *members = g_new (guint, MAX (n_nodes, 1));
  g_autofree gint32 *last = g_new (gint32, MAX (n_nodes, 1));
  g_autofree gint32 *head = g_new (gint32, MAX (n_nodes, 1));
  g_autofree gint32 *next = g_new (gint32, MAX (n_nodes, 1));

  /* Join the nodes an agent cannot tell apart, after (kept) and
   * before the action (through M's classes). With one pair a node these
   * are the product's classes and M's; with grouped nodes, components. */
  for (guint i = 0; i < n_nodes; i++)
    kept[i] = before[i] = i;
  for (guint c = 0; c < after->n_classes[a]; c++)
    first_kept[c] = -1;
  for (guint c = 0; c < m->n_classes[a]; c++)
    first_before[c] = -1;
  for (guint p = 0; p < product->n_pairs; p++)
    {
      gint32 node = node_of_pair[p];
      guint32 pc = after->cls[a][p], mc = m->cls[a][product->pair_world[p]];

      if (node < 0)
        continue;
      if (first_kept[pc] < 0)
        first_kept[pc] = node;
      else
        join (kept, (guint32) node, (guint32) first_kept[pc]);
      if (first_before[mc] < 0)
        first_before[mc] = node;
      else
        join (before, (guint32) node, (guint32) first_before[mc]);
    }

  /* Kept: each component as a cycle, its nodes listed in order from
   * head[root] through next[]. */
  for (guint i = 0; i < n_nodes; i++)
    head[i] = -1;
  for (guint i = n_nodes; i-- > 0; )
    {
      guint32 root = find (kept, i);

      next[i] = head[root];
      head[root] = (gint32) i;
    }
  for (guint root = 0; root < n_nodes; root++)
    {
      guint n = 0;

      for (gint32 i = head[root]; i >= 0; i = next[i])
        members[n++] = (guint) i;
      if (n > 0)
        cycles |= add_class (set, a, members, n, 0);
    }

  /* Cut: within a component of M, the kept components one after the
   * other, joined by faded links. */
  for (guint i = 0; i < n_nodes; i++)
    last[i] = -1;
  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 mroot = find (before, i), kroot = find (kept, i);

      if (kroot != i)
        continue;   /* one link per kept component */
      if (last[mroot] >= 0)
        edge_set_add (set, a, (guint) last[mroot], i, KV_EDGE_CUT);
      last[mroot] = (gint32) i;
    }
  return cycles;
}

/* @ring: the pairs on M's ring, or NULL. */
static KvGraph *
build_links (const KvProductView *view, const KvProductGrouping *g, const KvProductRing *ring)
{
  const KvActionModel *am = view->action;
  const KvModel *m = view->before, *after = view->after;
  const KvProduct *product = view->product;
  const KvGame *game = m->game;
  g_autoptr(GString) title = g_string_new (NULL);
  KvGraph *graph;
  g_autofree gint32 *node_of_pair = g_new (gint32, product->n_pairs);
  g_autofree gint32 *node_of_group_event = g_new (gint32, (gsize) g->n_groups * am->n_events);
  EdgeSet set = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  gboolean cycles = FALSE;
  guint n_nodes;
  KvProductGrid grid;
  gboolean in_grid = _kv_product_grid_init (&grid, view, g);

  /* The counts in the title, as the pairs stage's: the product view's
   * panel leaves the title out for its own captions, which say them. */
  {
    g_autofree char *counts = kv_product_view_describe (view, KV_PRODUCT_STAGE_LINKS);

    /* TRANSLATORS: the second %s is kv_product_view_describe's line of
     * links kept and cut, agent by agent */
    g_string_printf (title, _("Stage 2 of 3, the links that survive %s: %s"), view->step_del, counts);
  }
  graph = new_graph (view, title->str);

  for (gsize i = 0; i < (gsize) g->n_groups * am->n_events; i++)
    node_of_group_event[i] = -1;
  for (guint p = 0; p < product->n_pairs; p++)
    {
      gint32 group = g->group_of[product->pair_world[p]];
      gsize i = (gsize) group * am->n_events + product->pair_event[p];

      node_of_pair[p] = -1;
      if (group < 0)
        continue;
      if (node_of_group_event[i] < 0)
        {
          g_autofree char *label = pair_label (g, (guint) group, am, product->pair_event[p]);

          node_of_group_event[i] = (gint32) kv_graph_add_node (graph, label, label, 0,
                                                               pair_code (view, g, (guint) group, product->pair_event[p]));
          if (in_grid)
            _kv_product_grid_place (&grid, view, g, graph, (guint) node_of_group_event[i], (guint) group, product->pair_event[p]);
          else if (ring != NULL)
            _kv_product_ring_place (ring, graph, (guint) node_of_group_event[i], product->pair_world[p], product->pair_event[p]);
        }
      node_of_pair[p] = node_of_group_event[i];
      if (p == after->actual && node_of_pair[p] >= 0)
        g_array_index (graph->nodes, KvNode, node_of_pair[p]).flags |= KV_NODE_ACTUAL;
    }

  n_nodes = kv_graph_n_nodes (graph);
  for (guint a = 0; a < game->n_agents; a++)
    cycles |= add_agent_links (view, &set, a, node_of_pair, n_nodes);
  edge_set_flush (&set, graph);
  g_hash_table_unref (set.flags);
  kv_graph_add_note (graph, _("(w, e) and (w′, e′) stay linked for an agent when it linked w and w′ and cannot tell e from e′."));
  /* The grid's own note says it of its dots, in one line less. */
  if (cycles && !in_grid)
    kv_graph_add_note (graph, _("Classes of more than three pairs are drawn as cycles."));
  /* The grid's own note says what a dot is. */
  if (g->kind == KV_VIEW_ENVELOPE && !in_grid)
    kv_graph_add_note (graph, _("A node is an envelope paired with an event; an agent's links join the groups of nodes it cannot tell apart."));
  if (in_grid)
    _kv_product_grid_finish (&grid, graph, cycles);
  _kv_product_grid_clear (&grid);
  return graph;
}

/* When the result draws each world on its own (the whole view), each is
 * the pair (w, e) of stages 1 and 2 under the pair's name, so a stable
 * layout (kv-layout.h) keeps it where that pair was. */
static void
name_result_by_pairs (const KvProductView *view,
                      KvGraph             *graph)
{
  const KvProduct *product = view->product;
  guint n_worlds = 0;

  /* Every world of M ⊗ A a node, beside the ghosts of those the step
   * removed (KV_NODE_REMOVED), which are no pairs. */
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    n_worlds += !(kv_graph_node (graph, i)->flags & KV_NODE_REMOVED);
  if (n_worlds != view->after->n_worlds)
    return;
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      guint p = kv_graph_node (graph, i)->world;

      if (kv_graph_node (graph, i)->flags & KV_NODE_REMOVED)
        continue;
      g_autofree char *world = NULL;
      g_autofree char *key = NULL;

      world = kv_model_world_label (view->before, product->pair_world[p]);
      key = g_strdup_printf ("(%s, %s)", world, view->action->event_names[product->pair_event[p]]);
      kv_graph_set_place_key (graph, i, key);
    }
}

/* Puts the result's codes in its nodes' worlds, which the view @kind of
 * M ⊗ A made worlds (whole, around), representative worlds (envelope) or
 * bisimulation blocks of @blocks (contracted). */
static void
code_result_nodes (const KvProductView *view,
                   KvGraph             *graph,
                   KvViewKind           kind,
                   const guint32       *blocks,
                   guint                n_blocks)
{
  const KvModel *after = view->after;
  g_autofree guint *block_first = g_new (guint, MAX (n_blocks, 1));
  guint how = kind == KV_VIEW_ENVELOPE ? KV_PRODUCT_RESULT_ENVELOPE : kind == KV_VIEW_CONTRACTED ? KV_PRODUCT_RESULT_BISIMILAR : KV_PRODUCT_RESULT_ALONE;

  for (guint b = 0; b < n_blocks; b++)
    block_first[b] = KV_PRODUCT_NO_CODE;
  for (guint p = after->n_worlds; p-- > 0;)
    block_first[blocks[p]] = p;
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    {
      KvNode *node = &g_array_index (graph->nodes, KvNode, i);
      guint p = node->world;

      if (how == KV_PRODUCT_RESULT_BISIMILAR)
        p = p < n_blocks ? block_first[p] : KV_PRODUCT_NO_CODE;
      node->world = p < after->n_worlds && (guint64) p * 4 + how < KV_PRODUCT_NO_CODE ? p * 4 + how : KV_PRODUCT_NO_CODE;
    }
}

KvGraph *
kv_product_view_build (const KvProductView *view, KvProductStage stage,
                       const KvViewOptions *options, GError **error)
{
  KvViewOptions defaults;
  KvProductGrouping grouping = { 0 };
  KvGraph *graph = NULL;

  if (options == NULL)
    {
      kv_view_options_init (&defaults);
      options = &defaults;
    }

  switch (stage)
    {
    case KV_PRODUCT_STAGE_ACTION:
      return build_action (view, options->engine);
    case KV_PRODUCT_STAGE_RESULT:
      {
        KvViewOptions result = *options;
        g_autofree char *title = NULL;
        guint n_blocks;
        g_autofree guint32 *blocks = kv_bisim_blocks (view->after, &n_blocks);
        g_autofree char *worlds = kv_count_format (view->after->n_worlds);
        g_autofree char *classes = kv_count_format (n_blocks);

        /* TRANSLATORS: the plural is chosen by the number of worlds, the
         * first number */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Stage 3 of 3, the result M ⊗ A of %s: %s world (%s non-bisimilar)",
                                              "Stage 3 of 3, the result M ⊗ A of %s: %s worlds (%s non-bisimilar)",
                                              view->after->n_worlds),
                                 view->step_del, worlds, classes);
        result.highlight = NULL;
        result.title = title;
        /* The view auto picks, decided here to know how nodes group worlds. */
        if (result.kind == KV_VIEW_AUTO)
          result.kind = kv_view_choose (view->after, result.limit);
        /* The result beside its pairs is their grid's: its envelopes,
         * not a panel per player. */
        if (result.kind == KV_VIEW_AGENTS)
          result.kind = KV_VIEW_ENVELOPE;
        graph = kv_view_build (view->after, &result, error);
        if (graph != NULL)
          {
            KvProductRing ring = { 0 };

            name_result_by_pairs (view, graph);
            if (result.kind == KV_VIEW_WHOLE && _kv_product_ring_init (&ring, view, options))
              _kv_product_ring_result (&ring, view, graph);
            else if (result.kind == KV_VIEW_WHOLE && result.engine == KV_LAYOUT_AUTO)
              _kv_product_result_grid (view, &result, graph);
            _kv_product_ring_clear (&ring);
            code_result_nodes (view, graph, result.kind, blocks, n_blocks);
          }
        return graph;
      }
    case KV_PRODUCT_STAGE_PAIRS:
    case KV_PRODUCT_STAGE_LINKS:
      if (make_grouping (view, options, &grouping, error))
        {
          KvProductRing ring = { 0 };
          gboolean on_ring = grouping.kind == KV_VIEW_WHOLE && _kv_product_ring_init (&ring, view, options);

          graph = stage == KV_PRODUCT_STAGE_PAIRS ? build_pairs (view, &grouping, on_ring ? &ring : NULL)
                                                  : build_links (view, &grouping, on_ring ? &ring : NULL);
          _kv_product_ring_clear (&ring);
        }
      grouping_clear (&grouping);
      return graph;
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
kv_product_view_describe (const KvProductView *view, KvProductStage stage)
{
  const KvGame *game = view->before->game;
  GString *out = g_string_new (NULL);

  switch (stage)
    {
    case KV_PRODUCT_STAGE_ACTION:
      g_string_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u event; the actual one is %s",
                                         "%u events; the actual one is %s", view->action->n_events),
                       view->action->n_events,
                       view->action->event_names[view->actual_event]);
      break;
    case KV_PRODUCT_STAGE_PAIRS:
      /* TRANSLATORS: the plural is chosen by the number of pairs tried,
       * the first number */
      {
        g_autofree char *tried = kv_count_format_words (view->counts.pairs_tried);
        g_autofree char *kept = kv_count_format_words (view->counts.pairs_kept);
        g_autofree char *dropped = kv_count_format_words (view->counts.pairs_tried - view->counts.pairs_kept);

        g_string_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s pair tried, %s kept, %s dropped",
                                           "%s pairs tried, %s kept, %s dropped", view->counts.pairs_tried),
                         tried, kept, dropped);
      }
      break;
    case KV_PRODUCT_STAGE_LINKS:
      for (guint a = 0; a < game->n_agents; a++)
        {
          /* Millions in words, as a class reads them. */
          g_autofree char *kept = kv_count_format_words (view->counts.links_kept[a]);
          g_autofree char *cut = kv_count_format_words (view->counts.links_cut[a]);

          /* TRANSLATORS: the first %s is "; " between agents (keep it first);
           * the plural is chosen by the number of links kept, the third %s */
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%sagent %s: %s link kept, %s cut",
                                                    "%sagent %s: %s links kept, %s cut",
                                                    (gulong) MIN (view->counts.links_kept[a], G_MAXULONG)),
                                  a ? "; " : "", game->agent_names[a], kept, cut);
        }
      break;
    case KV_PRODUCT_STAGE_RESULT:
      {
        g_autofree char *worlds = kv_count_format (view->after->n_worlds);

        g_string_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds", view->after->n_worlds),
                         worlds);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (out, FALSE);
}

