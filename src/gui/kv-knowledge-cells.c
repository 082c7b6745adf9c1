// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-cells.c: the texts of the knowledge table's cells — the
 * known owner or "?" and the candidates, their tooltips, probabilities. */
#define G_LOG_DOMAIN "kv-knowledge-table"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-count.h"
#include "kv-knowledge-cells.h"

/* Short cells for games with more owners than three players and the
 * envelope, up to a dozen (the widest cell is found among every set of
 * candidates). */
#define COMPACT_FROM_OWNERS 5
#define COMPACT_UP_TO_OWNERS 12

gboolean
kv_knowledge_cells_compact (const KvGame *game)
{
  guint n = kv_game_n_owners (game);

  return n >= COMPACT_FROM_OWNERS && n <= COMPACT_UP_TO_OWNERS;
}

char *
kv_knowledge_count_text (const KvGame *game,
                         guint64       count)
{
  return kv_knowledge_cells_compact (game) ? kv_count_format_narrow (count) : kv_count_format_short (count);
}

/* The owners a @self column can name as candidates: all but @self (an
 * agent's column: the agent knows its own cards), all for -1. */
static guint32
others_of (const KvGame *game,
           int           self)
{
  guint32 all = (guint32) ((1ull << kv_game_n_owners (game)) - 1);

  return self >= 0 ? all & ~(1u << self) : all;
}

/* "1/3/env": the owners in @mask, short. */
static char *
owners_short (const KvGame *game,
              guint32       mask)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    if (mask & (1u << o))
      {
        if (text->len > 0)
          g_string_append_c (text, '/');
        g_string_append (text, kv_knowledge_cell_owner (game, o));
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A card not known, candidates @mask among @others: "? 1/3" — or, in a
 * compact game, "?" when every other may hold it, and the owners ruled
 * out ("? not 2") where that is shorter. */
static char *
unknown_text (const KvGame *game,
              guint32       mask,
              guint32       others)
{
  g_autofree char *listed = owners_short (game, mask);
  g_autofree char *excluded = NULL;
  g_autofree char *ruled_out = NULL;

  if (!kv_knowledge_cells_compact (game))
    return g_strdup_printf ("? %s", listed);
  if ((others & ~mask) == 0)
    return g_strdup ("?");
  excluded = owners_short (game, others & ~mask);
  ruled_out = g_strdup_printf (C_("knowledge table cell", "? not %s"), excluded);
  if (g_utf8_strlen (ruled_out, -1) < g_utf8_strlen (listed, -1) + 2)
    return g_steal_pointer (&ruled_out);
  return g_strdup_printf ("? %s", listed);
}

/* The agent with the shortest name: its column's others are the longest. */
static int
shortest_agent (const KvGame *game)
{
  int best = 0;

  for (guint a = 1; a < game->n_agents; a++)
    if (g_utf8_strlen (game->agent_names[a], -1) < g_utf8_strlen (game->agent_names[best], -1))
      best = (int) a;
  return best;
}

GStrv
kv_knowledge_cell_widest (const KvGame *game,
                          gboolean      agent_column)
{
  g_autoptr(GStrvBuilder) texts = g_strv_builder_new ();
  g_autoptr(GPtrArray) longest = g_ptr_array_new_with_free_func (g_free);
  guint32 others = others_of (game, agent_column && game->n_agents > 0 ? shortest_agent (game) : -1);
  glong most = 0;

  if (!kv_knowledge_cells_compact (game))
    {
      g_autofree char *all = unknown_text (game, others_of (game, -1), others_of (game, -1));

      g_strv_builder_add (texts, all);
      return g_strv_builder_end (texts);
    }
  /* Every set of two or more candidates: the longest texts, measured on
   * screen by the table. */
  for (guint32 mask = others; mask != 0; mask = (mask - 1) & others)
    if (mask & (mask - 1))
      {
        char *text = unknown_text (game, mask, others);
        glong length = g_utf8_strlen (text, -1);

        if (length > most)
          g_ptr_array_set_size (longest, 0);
        if (length >= most && !g_ptr_array_find_with_equal_func (longest, text, g_str_equal, NULL))
          {
            most = length;
            g_ptr_array_add (longest, text);
          }
        else
          g_free (text);
      }
  for (guint i = 0; i < longest->len; i++)
    g_strv_builder_add (texts, g_ptr_array_index (longest, i));
  return g_strv_builder_end (texts);
}

static const char *
owner_label (const KvGame *game,
             guint         owner)
{
  if (game->has_envelope && owner == kv_game_envelope (game))
    return _("envelope");
  return kv_game_owner_name (game, owner);
}

/* In a cell, short: "env" as in formulas. */
const char *
kv_knowledge_cell_owner (const KvGame *game,
                         guint         owner)
{
  if (game->has_envelope && owner == kv_game_envelope (game))
    return C_("knowledge table cell", "env");
  return kv_game_owner_name (game, owner);
}

/* "2, 3 or envelope" */
static char *
owners_text (const KvGame *game,
             guint32       mask)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = kv_game_n_owners (game);
  guint count = 0, total = 0;

  for (guint o = 0; o < n; o++)
    if (mask & (1u << o))
      total++;

  for (guint o = 0; o < n; o++)
    if (mask & (1u << o))
      {
        if (count > 0)
          g_string_append (text, count + 1 == total ? _(" or ") : ", ");
        g_string_append (text, owner_label (game, o));
        count++;
      }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
kv_knowledge_cell_text (const KvGame *game,
                        guint32       mask,
                        int           self)
{
  int owner = kv_knowledge_known_owner (mask);

  if (owner >= 0)
    return g_strdup (kv_knowledge_cell_owner (game, owner));
  return unknown_text (game, mask, others_of (game, self));
}

/* The tooltip of a card's cell in column @c (an agent, E, C or the
 * perspective). */
char *
kv_knowledge_cell_tooltip (const KvGame *game,
                           guint         c,
                           guint         card,
                           guint32       mask)
{
  int owner = kv_knowledge_known_owner (mask);
  g_autofree char *who = owners_text (game, mask);
  const char *name = game->card_names[card];

  if (c < game->n_agents)
    return owner >= 0
           ? g_strdup_printf (_("Known: %s holds %s"), owner_label (game, owner), name)
           : g_strdup_printf (_("%s is held by %s"), name, who);
  if (c == game->n_agents)
    return owner >= 0
           /* TRANSLATORS: E, "everyone knows"; %s: an owner, then a card */
           ? g_strdup_printf (_("Everyone knows that %s holds %s: every player knows it"),
                              owner_label (game, owner), name)
           /* TRANSLATORS: E; %s: a card, then "2, 3 or envelope" */
           : g_strdup_printf (_("Not every player knows who holds %s: between them they still "
                                "consider %s possible"), name, who);
  if (c > game->n_agents + 1)
    return owner >= 0
           /* TRANSLATORS: the perspective's column; %s: an owner, then a card */
           ? g_strdup_printf (_("In the worlds the perspective leaves bright, %s holds %s"),
                              owner_label (game, owner), name)
           /* TRANSLATORS: the perspective's column; %s: a card, then "2, 3 or envelope" */
           : g_strdup_printf (_("In the worlds the perspective leaves bright, %s is held by %s"), name, who);
  return owner >= 0
         /* TRANSLATORS: C; %s: an owner, then a card */
         ? g_strdup_printf (_("Common knowledge: %s holds %s, everyone knows that everyone "
                              "knows it, and so on"), owner_label (game, owner), name)
         /* TRANSLATORS: C; %s: a card, then "2, 3 or envelope" */
         : g_strdup_printf (_("Not common knowledge: who holds %s is, as far as everyone "
                              "knows that everyone knows, %s"), name, who);
}

/* An agent's cell with probabilities: each possible owner and its share
 * of the agent's worlds, one per line ("1 50%" over "3 50%"). */
char *
kv_knowledge_cell_shares (const KvGame *game,
                          const double *shares,
                          guint         card)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_owners = kv_game_n_owners (game);

  for (guint o = 0; o < n_owners; o++)
    if (shares[card * n_owners + o] > 0)
      g_string_append_printf (text, "%s%s %d%%", text->len > 0 ? "\n" : "",
                              kv_knowledge_cell_owner (game, o),
                              (int) (shares[card * n_owners + o] * 100 + 0.5));
  return g_string_free (g_steal_pointer (&text), FALSE);
}
