// SPDX-License-Identifier: GPL-3.0-or-later
/* test-sym-envelope.c: the envelope view's relation (kv_state_envelope_links)
 * is the same on both engines: Clue 11's script run explicitly and forced
 * symbolic, compared at every step; a four-player game, with the knowledge
 * table read first (its pair projection serves the links) and not; and on
 * real Cluedo (symbolic only) it holds what each agent's class says. */
#include "config.h"

#include "kv-engine.h"
#include "kv-test-util.h"

static void
assert_links_equal (const KvEnvelopeLinks *x, const KvEnvelopeLinks *y)
{
  g_assert_cmpuint (kv_envelope_links_n (x), ==, kv_envelope_links_n (y));
  g_assert_cmpuint (x->n_agents, ==, y->n_agents);
  for (guint i = 0; i < kv_envelope_links_n (x); i++)
    g_assert_cmpuint (g_array_index (x->hands, KvHand, i), ==, g_array_index (y->hands, KvHand, i));
  for (guint a = 0; a < x->n_agents; a++)
    for (guint i = 0; i < kv_envelope_links_n (x); i++)
      for (guint j = 0; j < kv_envelope_links_n (x); j++)
        g_assert_cmpint (kv_envelope_links_get (x, a, i, j), ==, kv_envelope_links_get (y, a, i, j));
  /* The groups (the envelopes of each class), where both worked them out. */
  g_assert_true ((x->groups != NULL) == (y->groups != NULL));
  for (guint a = 0; x->groups != NULL && a < x->n_agents; a++)
    {
      g_assert_nonnull (x->groups[a]);
      g_assert_nonnull (y->groups[a]);
      g_assert_cmpuint (x->groups[a]->len, ==, y->groups[a]->len);
      for (guint i = 0; i < x->groups[a]->len; i++)
        g_assert_true (g_bytes_equal (g_ptr_array_index (x->groups[a], i), g_ptr_array_index (y->groups[a], i)));
    }
}

/* Reflexive and symmetric; the envelopes @agent considers possible at the
 * actual world are one class of the game, so pairwise linked. */
static void
assert_links_sound (KvState *state, const KvEnvelopeLinks *links)
{
  KvGame *game = kv_state_game (state);
  guint n = kv_envelope_links_n (links);

  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(GArray) mine = kv_state_envelopes (state, a);

      for (guint i = 0; i < n; i++)
        {
          g_assert_true (kv_envelope_links_get (links, a, i, i));
          for (guint j = 0; j < n; j++)
            g_assert_cmpint (kv_envelope_links_get (links, a, i, j), ==, kv_envelope_links_get (links, a, j, i));
        }
      g_assert_cmpuint (mine->len, >, 0);
      for (guint i = 0; i < mine->len; i++)
        {
          int x = kv_envelope_links_find (links, g_array_index (mine, KvHand, i));

          g_assert_cmpint (x, >=, 0);
          for (guint j = 0; j < mine->len; j++)
            g_assert_true (kv_envelope_links_get (links, a, (guint) x,
                                                  (guint) kv_envelope_links_find (links, g_array_index (mine, KvHand, j))));
        }
    }
}

static void
test_clue11_both_engines (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  g_autoptr(KvState) exp = NULL;
  g_autoptr(KvState) sym = NULL;
  gboolean some_unlinked = FALSE;

  g_assert_no_error (error);
  exp = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_assert_no_error (error);
  sym = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; ; i++)
    {
      g_autoptr(KvEnvelopeLinks) x = kv_state_envelope_links (exp, &error);
      g_autoptr(KvEnvelopeLinks) y = NULL;

      g_assert_no_error (error);
      y = kv_state_envelope_links (sym, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kv_envelope_links_n (x), >, 0);
      assert_links_equal (x, y);
      assert_links_sound (exp, x);
      for (guint a = 0; a < x->n_agents; a++)
        for (guint p = 0; p < kv_envelope_links_n (x); p++)
          for (guint q = 0; q < kv_envelope_links_n (x); q++)
            some_unlinked |= !kv_envelope_links_get (x, a, p, q);
      if (i == script->steps->len)
        break;
      test_step_both (&exp, &sym, g_ptr_array_index (script->steps, i));
    }
  /* The script teaches something: some agent tells two envelopes apart. */
  g_assert_true (some_unlinked);
}

/* With four agents the knowledge table's common component keeps a pair
 * projection with the envelope, which the links read for its two agents
 * (kv-sym-envelope-links.c): the links are the explicit engine's whether the
 * table was read first or not. */
static void
test_four_pair_view (void)
{
  static const char *steps[] = { "suggest 1 Mustard rope", "endmove 1", "suggest 2 Plum knife", "endmove 2",
                                 "showcard 4 -> 3 knife", "suggest 3 Scarlet pipe", NULL };
  g_autoptr(KvScript) script = test_script ("agents 1 2 3 4\n"
                                            "category suspect: Scarlet Mustard Plum\n"
                                            "category weapon: rope knife pipe\n"
                                            "envelope suspect weapon\nhands 1 1 1 1\n"
                                            "deal env: Plum pipe 1: Scarlet 2: rope 3: Mustard 4: knife\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvState) exp = kv_state_new_initial (script->game, KV_ENGINE_EXPLICIT, 0, &error);
  g_autoptr(KvState) sym = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);
  g_autoptr(KvState) read_first = kv_state_new_initial (script->game, KV_ENGINE_SYMBOLIC, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; ; i++)
    {
      g_autoptr(KvEnvelopeLinks) x = kv_state_envelope_links (exp, &error);
      g_autoptr(KvEnvelopeLinks) y = kv_state_envelope_links (sym, &error);
      g_autoptr(KvEnvelopeLinks) z = NULL;

      kv_state_knowledge (read_first);
      z = kv_state_envelope_links (read_first, &error);
      g_assert_no_error (error);
      assert_links_equal (x, y);
      assert_links_equal (x, z);
      if (steps[i] == NULL)
        break;
      {
        g_autoptr(KvStep) step = kv_step_parse (script->game, steps[i], NULL, &error);
        KvState *next;

        g_assert_no_error (error);
        test_step_both (&exp, &sym, step);
        next = kv_state_apply_step (read_first, step, &error);
        g_assert_no_error (error);
        kv_state_unref (read_first);
        read_first = next;
      }
    }
}

static void
test_cluedo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("cluedo", &error);
  g_autoptr(KvState) state = NULL;
  guint first_n = 0, last_n = 0;

  g_assert_no_error (error);
  state = kv_state_new_initial (script->game, KV_ENGINE_AUTO, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kv_state_engine (state), ==, KV_ENGINE_SYMBOLIC);
  for (guint i = 0; ; i++)
    {
      g_autoptr(KvEnvelopeLinks) links = kv_state_envelope_links (state, &error);

      g_assert_no_error (error);
      if (i == 0)
        {
          first_n = kv_envelope_links_n (links);
          /* 6 suspects × 6 weapons × 9 rooms. */
          g_assert_cmpuint (first_n, ==, 324);
        }
      last_n = kv_envelope_links_n (links);
      assert_links_sound (state, links);
      if (i == script->steps->len)
        break;
      {
        KvState *next = kv_state_apply_step (state, g_ptr_array_index (script->steps, i), &error);

        g_assert_no_error (error);
        g_clear_pointer (&state, kv_state_unref);
        state = next;
      }
    }
  g_assert_cmpuint (last_n, <=, first_n);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sym-envelope/clue11-both-engines", test_clue11_both_engines);
  g_test_add_func ("/sym-envelope/four-pair-view", test_four_pair_view);
  g_test_add_func ("/sym-envelope/cluedo", test_cluedo);
  return g_test_run ();
}
