// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-graph.c: what to draw */
#define G_LOG_DOMAIN "kv-graph"
#include "config.h"

#include "kv-graph.h"

static void
clear_node (gpointer data)
{
  KvNode *node = data;

  g_clear_pointer (&node->label, g_free);
  g_clear_pointer (&node->tooltip, g_free);
  g_clear_pointer (&node->place_key, g_free);
}

static void
clear_caption (gpointer data)
{
  g_free (((KvGraphCaption *) data)->text);
}

KvGraph *
kv_graph_new (const char         *title,
              guint               n_agents,
              const char * const *agent_names)
{
  KvGraph *graph;

  g_return_val_if_fail (agent_names != NULL || n_agents == 0, NULL);
  g_return_val_if_fail (n_agents <= 32, NULL);

  graph = g_new0 (KvGraph, 1);
  g_atomic_ref_count_init (&graph->ref);
  graph->title = g_strdup (title);
  graph->n_agents = n_agents;
  graph->agent_names = g_new0 (char *, n_agents + 1);
  for (guint i = 0; i < n_agents; i++)
    graph->agent_names[i] = g_strdup (agent_names[i]);
  graph->nodes = g_array_new (FALSE, TRUE, sizeof (KvNode));
  g_array_set_clear_func (graph->nodes, clear_node);
  graph->edges = g_array_new (FALSE, TRUE, sizeof (KvEdge));
  graph->notes = g_ptr_array_new_with_free_func (g_free);
  graph->row_headers = g_ptr_array_new_with_free_func (g_free);
  graph->col_headers = g_ptr_array_new_with_free_func (g_free);
  graph->captions = g_array_new (FALSE, TRUE, sizeof (KvGraphCaption));
  g_array_set_clear_func (graph->captions, clear_caption);

  return graph;
}

KvGraph *
kv_graph_ref (KvGraph *graph)
{
  g_return_val_if_fail (graph != NULL, NULL);

  g_atomic_ref_count_inc (&graph->ref);
  return graph;
}

void
kv_graph_unref (KvGraph *graph)
{
  g_return_if_fail (graph != NULL);

  if (!g_atomic_ref_count_dec (&graph->ref))
    return;

  g_free (graph->title);
  g_free (graph->caption);
  g_strfreev (graph->agent_names);
  g_array_unref (graph->nodes);
  g_array_unref (graph->edges);
  g_ptr_array_unref (graph->notes);
  g_ptr_array_unref (graph->row_headers);
  g_ptr_array_unref (graph->col_headers);
  g_array_unref (graph->captions);
  g_free (graph);
}

guint
kv_graph_add_node (KvGraph     *graph,
                   const char  *label,
                   const char  *tooltip,
                   KvNodeFlags  flags,
                   guint        world)
{
  KvNode node = { 0 };

  g_return_val_if_fail (graph != NULL, 0);
  g_return_val_if_fail (label != NULL, 0);

  node.label = g_strdup (label);
  node.tooltip = g_strdup (tooltip != NULL ? tooltip : label);
  node.flags = flags;
  node.world = world;
  node.row = node.col = -1;
  node.fill = -1;
  g_array_append_val (graph->nodes, node);

  return graph->nodes->len - 1;
}

void
kv_graph_set_grid (KvGraph *graph,
                   guint    i,
                   guint    row,
                   guint    col)
{
  g_return_if_fail (graph != NULL && i < graph->nodes->len);

  g_array_index (graph->nodes, KvNode, i).row = (int) row;
  g_array_index (graph->nodes, KvNode, i).col = (int) col;
}

void
kv_graph_set_dropped (KvGraph *graph,
                      guint    i,
                      double   dropped)
{
  g_return_if_fail (graph != NULL && i < graph->nodes->len);
  g_return_if_fail (dropped > 0 && dropped < 1);

  g_array_index (graph->nodes, KvNode, i).dropped = dropped;
}

gboolean
kv_graph_has_dropped (const KvGraph *graph)
{
  for (guint i = 0; i < graph->nodes->len; i++)
    if (g_array_index (graph->nodes, KvNode, i).dropped > 0)
      return TRUE;
  return FALSE;
}

void
kv_graph_set_point (KvGraph *graph,
                    guint    i,
                    double   x,
                    double   y)
{
  KvNode *node;

  g_return_if_fail (graph != NULL && i < graph->nodes->len);

  node = &g_array_index (graph->nodes, KvNode, i);
  node->at_point = TRUE;
  node->x = x;
  node->y = y;
}

gboolean
kv_graph_is_pointed (const KvGraph *graph)
{
  for (guint i = 0; i < graph->nodes->len; i++)
    if (!kv_graph_node (graph, i)->at_point)
      return FALSE;

  return graph->nodes->len > 0;
}

void
kv_graph_set_initial_place (KvGraph        *graph,
                            guint           i,
                            KvInitialShape  shape,
                            guint           n_places,
                            double          x,
                            double          y)
{
  KvNode *node;

  g_return_if_fail (graph != NULL && i < graph->nodes->len);
  g_return_if_fail (shape != KV_INITIAL_NONE);
  g_return_if_fail (graph->initial_shape == KV_INITIAL_NONE ||
                    (graph->initial_shape == shape && graph->initial_places == n_places));

  node = &g_array_index (graph->nodes, KvNode, i);
  node->initial = TRUE;
  node->initial_x = x;
  node->initial_y = y;
  graph->initial_shape = shape;
  graph->initial_places = n_places;
}

KvInitialShape
kv_graph_initial_shape (const KvGraph *graph)
{
  if (graph->nodes->len == 0)
    return KV_INITIAL_NONE;
  for (guint i = 0; i < graph->nodes->len; i++)
    if (!kv_graph_node (graph, i)->initial)
      return KV_INITIAL_NONE;
  return graph->initial_shape;
}

void
kv_graph_set_headed (KvGraph *graph,
                     guint    i)
{
  KvNode *node;

  g_return_if_fail (graph != NULL && i < graph->nodes->len);

  node = &g_array_index (graph->nodes, KvNode, i);
  g_free (node->place_key);
  node->place_key = g_steal_pointer (&node->label);
  node->label = g_strdup ("");
}

gboolean
kv_graph_is_grid (const KvGraph *graph)
{
  for (guint i = 0; i < graph->nodes->len; i++)
    if (kv_graph_node (graph, i)->row < 0)
      return FALSE;

  return graph->nodes->len > 0;
}

void
kv_graph_set_headers (KvGraph            *graph,
                      const char * const *rows,
                      const char * const *cols)
{
  g_return_if_fail (graph != NULL);

  g_ptr_array_set_size (graph->row_headers, 0);
  g_ptr_array_set_size (graph->col_headers, 0);
  for (guint i = 0; rows != NULL && rows[i] != NULL; i++)
    g_ptr_array_add (graph->row_headers, g_strdup (rows[i]));
  for (guint i = 0; cols != NULL && cols[i] != NULL; i++)
    g_ptr_array_add (graph->col_headers, g_strdup (cols[i]));
}

void
kv_graph_add_caption (KvGraph    *graph,
                      guint       row,
                      guint       col,
                      const char *text)
{
  kv_graph_add_caption_full (graph, row, col, text, 0, FALSE, -1);
}

void
kv_graph_add_caption_full (KvGraph    *graph,
                           guint       row,
                           guint       col,
                           const char *text,
                           double      size,
                           gboolean    bold,
                           int         agent)
{
  KvGraphCaption caption = { row, col, NULL, size, bold, agent };

  g_return_if_fail (graph != NULL && text != NULL);

  caption.text = g_strdup (text);
  g_array_append_val (graph->captions, caption);
}

void
kv_graph_set_caption (KvGraph    *graph,
                      const char *caption)
{
  g_return_if_fail (graph != NULL);

  g_free (graph->caption);
  graph->caption = g_strdup (caption);
}

void
kv_graph_add_edge (KvGraph *graph,
                   guint    agent,
                   guint    a,
                   guint    b)
{
  kv_graph_add_edge_full (graph, agent, a, b, 0);
}

void
kv_graph_add_edge_full (KvGraph     *graph,
                        guint        agent,
                        guint        a,
                        guint        b,
                        KvEdgeFlags  flags)
{
  KvEdge edge;

  g_return_if_fail (graph != NULL);
  g_return_if_fail (agent < graph->n_agents);
  g_return_if_fail (a < graph->nodes->len && b < graph->nodes->len);

  if (a == b)
    return;

  edge.source = MIN (a, b);
  edge.target = MAX (a, b);
  edge.agent = agent;
  edge.flags = flags;
  g_array_append_val (graph->edges, edge);
}

gboolean
kv_graph_add_class (KvGraph     *graph,
                    guint        agent,
                    const guint *members,
                    guint        n_members)
{
  g_return_val_if_fail (graph != NULL, FALSE);
  g_return_val_if_fail (members != NULL || n_members == 0, FALSE);

  if (n_members < 2)
    return FALSE;

  if (n_members == 2)
    {
      kv_graph_add_edge (graph, agent, members[0], members[1]);
      return FALSE;
    }

  /* A cycle; for three members it is also the clique. */
  for (guint i = 0; i < n_members; i++)
    kv_graph_add_edge (graph, agent, members[i], members[(i + 1) % n_members]);

  return n_members > 3;
}

void
kv_graph_add_note (KvGraph    *graph,
                   const char *note)
{
  g_return_if_fail (graph != NULL);
  g_return_if_fail (note != NULL);

  for (guint i = 0; i < graph->notes->len; i++)
    if (g_str_equal (g_ptr_array_index (graph->notes, i), note))
      return;

  g_ptr_array_add (graph->notes, g_strdup (note));
}

guint
kv_graph_count_edges (const KvGraph *graph,
                      guint          agent)
{
  guint count = 0;

  g_return_val_if_fail (graph != NULL, 0);

  for (guint i = 0; i < graph->edges->len; i++)
    if (kv_graph_edge (graph, i)->agent == agent)
      count++;

  return count;
}

guint
kv_graph_count_edges_with (const KvGraph *graph,
                           guint          agent,
                           KvEdgeFlags    flags)
{
  guint count = 0;

  g_return_val_if_fail (graph != NULL, 0);

  for (guint i = 0; i < graph->edges->len; i++)
    if (kv_graph_edge (graph, i)->agent == agent && kv_graph_edge (graph, i)->flags == flags)
      count++;

  return count;
}

gboolean
kv_graph_has_node_flag (const KvGraph *graph,
                        KvNodeFlags    flag)
{
  for (guint i = 0; i < kv_graph_n_nodes (graph); i++)
    if (kv_graph_node (graph, i)->flags & flag)
      return TRUE;
  return FALSE;
}

int
kv_graph_actual (const KvGraph *graph)
{
  g_return_val_if_fail (graph != NULL, -1);

  for (guint i = 0; i < graph->nodes->len; i++)
    if (kv_graph_node (graph, i)->flags & KV_NODE_ACTUAL)
      return (int) i;

  return -1;
}

void
kv_graph_set_place_key (KvGraph    *graph,
                        guint       i,
                        const char *key)
{
  KvNode *node;

  g_return_if_fail (graph != NULL);
  g_return_if_fail (i < kv_graph_n_nodes (graph));

  node = &g_array_index (graph->nodes, KvNode, i);
  g_free (node->place_key);
  node->place_key = g_strdup (key);
}

void
kv_graph_keep_links_of (KvGraph *graph,
                        guint    agent)
{
  guint kept = 0;

  g_return_if_fail (graph != NULL);

  for (guint i = 0; i < kv_graph_n_edges (graph); i++)
    if (kv_graph_edge (graph, i)->agent == agent)
      g_array_index (graph->edges, KvEdge, kept++) = *kv_graph_edge (graph, i);
  g_array_set_size (graph->edges, kept);
}
