// SPDX-License-Identifier: GPL-3.0-or-later
/* test-sym-perspective.c: perspectives (kv_state_perspective) agree on the
 * two back-ends.
 *
 * Hexa, Hexa with a showcard and Clue 11, each forced explicit and forced
 * symbolic, at every step of their built-in scripts: for every agent, every
 * chain of two and every chain of three, the chain's world count, each
 * card's possible owners and the envelopes possible must be identical. The
 * explicit side is kv_perspective_worlds, tested by hand in
 * test-perspective.c. Chains whose answer differs from their first agent's
 * class must occur (else a symbolic chain that stopped at its first agent
 * would pass), and a one-agent perspective must be the knowledge table's
 * class. */
#include "config.h"

#include "kv-test-util.h"

static void
assert_same_perspective (KvState *explicit, KvState *symbolic, const guint *chain, guint n_chain)
{
  KvGame *game = kv_state_game (explicit);
  g_autoptr(KvStatePerspective) e = kv_state_perspective (explicit, chain, n_chain);
  g_autoptr(KvStatePerspective) s = kv_state_perspective (symbolic, chain, n_chain);

  g_assert_nonnull (e);
  g_assert_nonnull (s);
  g_assert_cmpuint (s->n_worlds, ==, e->n_worlds);
  g_assert_cmpuint (e->n_worlds, >, 0);
  for (guint c = 0; c < game->n_cards; c++)
    g_assert_cmphex (s->owners[c], ==, e->owners[c]);
  g_assert_cmpuint (s->envelopes->len, ==, e->envelopes->len);
  for (guint i = 0; i < e->envelopes->len; i++)
    g_assert_cmphex (g_array_index (s->envelopes, KvHand, i), ==, g_array_index (e->envelopes, KvHand, i));
  g_assert_cmpuint (e->envelopes->len > 0, ==, game->has_envelope);
}

/* Compares every chain of one to three agents; returns how many chains of
 * two or three see more worlds than their first agent does. */
static guint
assert_same_chains (KvState *explicit, KvState *symbolic)
{
  KvGame *game = kv_state_game (explicit);
  guint n = game->n_agents;
  guint wider = 0;

  g_assert_cmpuint (n, ==, 3);
  for (guint a = 0; a < n; a++)
    {
      guint one[1] = { a };
      g_autoptr(KvStatePerspective) alone = kv_state_perspective (symbolic, one, 1);
      const KvKnowledge *k = kv_state_knowledge (explicit);

      assert_same_perspective (explicit, symbolic, one, 1);
      /* One agent: its class, as the knowledge table has it. */
      g_assert_cmpuint (alone->n_worlds, ==, k->agents[a].class_size);
      for (guint c = 0; c < game->n_cards; c++)
        g_assert_cmphex (alone->owners[c], ==, k->agents[a].possible[c]);

      for (guint b = 0; b < n; b++)
        {
          guint two[2] = { a, b };
          g_autoptr(KvStatePerspective) chain = kv_state_perspective (symbolic, two, 2);

          assert_same_perspective (explicit, symbolic, two, 2);
          g_assert_cmpuint (chain->n_worlds, >=, alone->n_worlds);
          wider += chain->n_worlds > alone->n_worlds;
          for (guint c = 0; c < n; c++)
            {
              guint three[3] = { a, b, c };

              assert_same_perspective (explicit, symbolic, three, 3);
            }
        }
    }
  return wider;
}

static void
agree_on_script (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);
  g_autoptr(KvState) explicit = NULL;
  g_autoptr(KvState) symbolic = NULL;
  guint wider = 0;

  g_assert_no_error (error);
  explicit = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_assert_no_error (error);
  symbolic = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (symbolic), ==, KV_ENGINE_SYMBOLIC);
  g_assert_cmpuint (script->steps->len, >, 0);
  for (guint i = 0;; i++)
    {
      wider += assert_same_chains (explicit, symbolic);
      if (i == script->steps->len)
        break;
      test_step_both (&explicit, &symbolic, g_ptr_array_index (script->steps, i));
    }
  /* The chains' later steps mattered somewhere. */
  g_assert_cmpuint (wider, >, 0);
}

static void
test_hexa (void)
{
  agree_on_script ("hexa");
}

static void
test_hexa_show (void)
{
  agree_on_script ("hexa-show");
}

static void
test_clue11 (void)
{
  agree_on_script ("clue11");
}

/* Hexa at rwb, by hand (test-perspective.c's worlds): 1 considers rwb and
 * rbw possible (2 worlds), 1 → 2 adds bwr and wbr (4), 1 → 2 → 3 every
 * deal (6); symbolically too. */
static void
test_hexa_by_hand (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = test_script (HEXA);
  g_autoptr(KvState) symbolic = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  guint chain[3] = { 0, 1, 2 };
  guint64 expected[3] = { 2, 4, 6 };

  g_assert_no_error (error);
  for (guint n = 1; n <= 3; n++)
    {
      g_autoptr(KvStatePerspective) p = kv_state_perspective (symbolic, chain, n);

      g_assert_cmpuint (p->n_worlds, ==, expected[n - 1]);
      g_assert_cmpuint (p->envelopes->len, ==, 0);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sym-perspective/hexa-by-hand", test_hexa_by_hand);
  g_test_add_func ("/sym-perspective/hexa", test_hexa);
  g_test_add_func ("/sym-perspective/hexa-show", test_hexa_show);
  g_test_add_func ("/sym-perspective/clue11", test_clue11);
  return g_test_run ();
}
