// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-agents.c: --agents A,B,… */
#define G_LOG_DOMAIN "kv-cli-agents"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-cli-agents.h"
#include "kv-cli-common.h"
#include "kv-i18n.h"

gboolean
kv_cli_parse_agents (const char *list, const KvGame *game, const char *game_name,
                     const KvStrategy **strategies)
{
  g_auto(GStrv) names = NULL;

  if (list == NULL)
    {
      for (guint a = 0; a < game->n_agents; a++)
        strategies[a] = kv_strategy_find ("del");
      return TRUE;
    }
  names = g_strsplit (list, ",", -1);
  /* A shorter list that divides the seats repeats: naive,del,del+ seats
   * six players of cluedo6 as naive,del,del+,naive,del,del+. */
  if (g_strv_length (names) == 0 || game->n_agents % g_strv_length (names) != 0)
    {
      kv_cli_fail (_("--agents: %s has %u agents, but %u strategies are listed"),
                   game_name, game->n_agents, g_strv_length (names));
      return FALSE;
    }
  for (guint a = 0; a < game->n_agents; a++)
    {
      const char *name = names[a % g_strv_length (names)];

      strategies[a] = kv_strategy_find (name);
      if (strategies[a] == NULL)
        {
          g_autoptr(GPtrArray) known = g_ptr_array_new ();
          g_autofree char *choices = NULL;

          /* Every name kv_strategy_find knows, from its table. */
          for (guint i = 0; kv_strategy_nth (i) != NULL; i++)
            g_ptr_array_add (known, (char *) kv_strategy_nth (i)->name);
          choices = kv_i18n_choices (known);
          kv_cli_fail (_("--agents: unknown strategy “%s” (strategies: %s)"), name, choices);
          return FALSE;
        }
    }
  return TRUE;
}
