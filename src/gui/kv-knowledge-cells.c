// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-cells.c: the texts of the knowledge table's cells — the
 * known owner or "?" and the candidates, their tooltips, probabilities. */
#define G_LOG_DOMAIN "kv-knowledge-table"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-knowledge-cells.h"

/* "? 1/2/3/env": the widest a cell of this game can read. */
char *
kv_knowledge_cell_widest (const KvGame *game)
{
  g_autoptr(GString) text = g_string_new ("? ");

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      if (o > 0)
        g_string_append_c (text, '/');
      g_string_append (text, kv_knowledge_cell_owner (game, o));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
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

/* "? 1/3": the candidates, short, as in the CLI. */
char *
kv_knowledge_cell_text (const KvGame *game,
                        guint32       mask)
{
  g_autoptr(GString) text = NULL;
  int owner = kv_knowledge_known_owner (mask);
  gboolean first = TRUE;

  if (owner >= 0)
    return g_strdup (kv_knowledge_cell_owner (game, owner));

  text = g_string_new ("?");
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    if (mask & (1u << o))
      {
        g_string_append_c (text, first ? ' ' : '/');
        g_string_append (text, kv_knowledge_cell_owner (game, o));
        first = FALSE;
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
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
