// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-sym-probability.c: deal shares on the symbolic engine (see
 * kv_sym_probabilities in kv-sym.h, and kv-probability.h for what they
 * mean): the deals of an agent's class at the actual world — θ with what
 * the agent observes there fixed, the event variables quantified away —
 * and, per card and agent, the share of them in which the agent holds the
 * card. The envelope's share is what the agents leave (its variables are
 * defined by theirs, kv-sym-private.h). */
#define G_LOG_DOMAIN "kv-sym"
#include "config.h"

#include <math.h>

#include "kv-sym-private.h"

/* What @agent observes at the actual world, as a cube: each variable it
 * observes at its value there. Referenced. */
static BDD
observed_cube (const KvSym *sym, guint agent)
{
  BDD cube = keep (bddtrue);
  BDD b = sym->actual;

  /* The actual world is a cube over every variable: one child of each
   * node is false. */
  while (b != bddtrue && b != bddfalse)
    {
      int var = bdd_var (b);
      gboolean value = bdd_low (b) == bddfalse;
      gboolean observed = FALSE;

      for (guint p = 0; p < sym->vocabulary->len && !observed; p++)
        observed = variable (sym->vocabulary, p)->var == var
                   && (variable (sym->vocabulary, p)->observers & (1u << agent));
      if (observed)
        set_to (&cube, bdd_and (cube, value ? bdd_ithvar (var) : bdd_nithvar (var)));
      b = value ? bdd_high (b) : bdd_low (b);
    }
  return cube;
}

/* The event variables of @sym's vocabulary, as a set. Referenced. */
static BDD
event_set (const KvSym *sym)
{
  g_autofree int *vars = g_new (int, MAX (sym->vocabulary->len, 1));
  guint n = 0;

  for (guint p = n_state_vars (sym->game); p < sym->vocabulary->len; p++)
    vars[n++] = variable (sym->vocabulary, p)->var;
  return keep (bdd_makeset (vars, (int) n));
}

/* The shares into @shares (zeroed): the count of each (deals ∧ c@o) over
 * the count of the deals, as base-2 logarithms over every variable of the
 * table (the ratio is that over the state variables; a plain count over
 * 4 096 variables would overflow a double). */
static void
fill_shares (const KvGame *game, BDD deals, double *shares)
{
  guint n_owners = kv_game_n_owners (game);
  double total = bdd_satcountln (deals);

  for (guint c = 0; c < game->n_cards; c++)
    {
      double agents = 0;

      for (guint o = 0; o < game->n_agents; o++)
        {
          BDD both = keep (bdd_and (deals, bdd_ithvar (var_of (game, c, o))));

          if (both != bddfalse)
            shares[c * n_owners + o] = exp2 (bdd_satcountln (both) - total);
          agents += shares[c * n_owners + o];
          bdd_delref (both);
        }
      /* What the agents leave; a rounding error is no chance. */
      if (game->has_envelope && agents < 1.0 - 1e-12)
        shares[c * n_owners + kv_game_envelope (game)] = 1.0 - agents;
    }
}

double *
kv_sym_probabilities (KvSym *sym, guint agent)
{
  const KvGame *game = sym->game;
  gsize size = MAX ((gsize) game->n_cards * kv_game_n_owners (game), 1);
  double *shares = g_new0 (double, size);

  g_return_val_if_fail (agent < game->n_agents, shares);

  if (sym->twin != NULL)
    {
      g_free (shares);
      return kv_sym_probabilities (sym->twin, agent);
    }
  do
    {
      BDD cube, events, deals;

      _kv_sym_error_code = 0;
      memset (shares, 0, size * sizeof (double));
      cube = observed_cube (sym, agent);
      events = event_set (sym);
      deals = _kv_sym_and_exist (sym->theta, cube, events);
      if (_kv_sym_error_code == 0 && deals != bddfalse)
        fill_shares (game, deals, shares);
      bdd_delref (deals);
      bdd_delref (events);
      bdd_delref (cube);
    }
  while (_kv_sym_readout_retry ());
  return shares;
}
