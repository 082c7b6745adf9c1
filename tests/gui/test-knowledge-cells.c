// SPDX-License-Identifier: GPL-3.0-or-later
/* test-knowledge-cells.c: the knowledge table's cell texts
 * (kv-knowledge-cells.c). Three players and an envelope list every
 * candidate ("? 2/3/env"); real Cluedo with six players writes what
 * carries news: "?" when every other owner may hold the card, else the
 * candidates or the owners ruled out ("? not 2"), whichever is shorter,
 * so that its nine columns fit the table's width far better. Needs no
 * display.
 */
#include "config.h"

#include "kv-knowledge-cells.h"

/* Owners 0-based: agent a is owner a - 1, the envelope the last. */
#define OWNER(o) (1u << (o))

static KvScript *
open_game (const char *name)
{
  g_autoptr(GError) error = NULL;
  KvScript *script = kv_script_open (name, &error);

  g_assert_no_error (error);
  return script;
}

static void
assert_cell (const KvGame *game,
             guint32       mask,
             int           self,
             const char   *expected)
{
  g_autofree char *text = kv_knowledge_cell_text (game, mask, self);

  g_assert_cmpstr (text, ==, expected);
}

/* @texts all @length characters long, @expected among them. */
static void
assert_longest (GStrv       texts,
                glong       length,
                const char *expected)
{
  g_assert_true (g_strv_contains ((const char * const *) texts, expected));
  for (guint i = 0; texts[i] != NULL; i++)
    g_assert_cmpint (g_utf8_strlen (texts[i], -1), ==, length);
}

static void
test_three_players (void)
{
  g_autoptr(KvScript) script = open_game ("clue11");
  const KvGame *game = script->game;
  g_auto(GStrv) widest = kv_knowledge_cell_widest (game, TRUE);

  g_assert_false (kv_knowledge_cells_compact (game));
  /* Player 1's column: every other owner, then two of them. */
  assert_cell (game, OWNER (1) | OWNER (2) | OWNER (3), 0, "? 2/3/env");
  assert_cell (game, OWNER (1) | OWNER (3), 0, "? 2/env");
  assert_cell (game, OWNER (2), 0, "3");
  assert_cell (game, OWNER (3), -1, "env");
  g_assert_cmpstrv (widest, ((const char *[]) { "? 1/2/3/env", NULL }));
}

static void
test_six_players (void)
{
  g_autoptr(KvScript) script = open_game ("cluedo6");
  const KvGame *game = script->game;
  guint32 all = OWNER (7) - 1;
  g_auto(GStrv) agent_widest = kv_knowledge_cell_widest (game, TRUE);
  g_auto(GStrv) group_widest = kv_knowledge_cell_widest (game, FALSE);

  g_assert_true (kv_knowledge_cells_compact (game));
  /* Player 2's column (owner 1): it knows nothing but that it does not
   * hold the card. */
  assert_cell (game, all & ~OWNER (1), 1, "?");
  /* … that 4 does not hold it either: the one ruled out. */
  assert_cell (game, all & ~OWNER (1) & ~OWNER (3), 1, "? not 4");
  /* Four of its six others: the two ruled out are shorter. */
  assert_cell (game, OWNER (0) | OWNER (2) | OWNER (5) | OWNER (6), 1, "? not 4/5");
  /* … but for the envelope: "? 1/3/4/5" is as short as "? not 6/env". */
  assert_cell (game, OWNER (0) | OWNER (2) | OWNER (3) | OWNER (4), 1, "? 1/3/4/5");
  /* Three of six, or two: listed. */
  assert_cell (game, OWNER (0) | OWNER (2) | OWNER (6), 1, "? 1/3/env");
  assert_cell (game, OWNER (4) | OWNER (6), 1, "? 5/env");
  assert_cell (game, OWNER (6), 1, "env");
  /* Everyone knows (no column agent): seven owners, six possible. */
  assert_cell (game, all, -1, "?");
  assert_cell (game, all & ~OWNER (1), -1, "? not 2");
  assert_cell (game, OWNER (0) | OWNER (1) | OWNER (6), -1, "? 1/2/env");
  /* The longest each kind of column can read, every one of them (the
   * table measures them all on screen): nine characters beside a player,
   * where the whole list took fifteen. */
  assert_longest (agent_widest, 9, "? 2/3/env");
  assert_longest (agent_widest, 9, "? not 5/6");
  assert_longest (group_widest, 11, "? 1/2/3/env");
  assert_longest (group_widest, 11, "? 2/3/4/5/6");
}

/* The Worlds row: six players' counts two digits narrower than three's,
 * so that the eight columns fit a slide at 1280 px. */
static void
test_counts (void)
{
  g_autoptr(KvScript) six = open_game ("cluedo6");
  g_autoptr(KvScript) three = open_game ("cluedo");
  g_autofree char *narrow = kv_knowledge_count_text (six->game, G_GUINT64_CONSTANT (33598134000));
  g_autofree char *short_ = kv_knowledge_count_text (three->game, G_GUINT64_CONSTANT (33598134000));
  g_autofree char *whole = kv_knowledge_count_text (three->game, 7358401);

  g_assert_cmpstr (narrow, ==, "3.4×10¹⁰");
  g_assert_cmpstr (short_, ==, "3.36×10¹⁰");
  g_assert_cmpstr (whole, ==, "7\u202f358\u202f401");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/knowledge-cells/three-players", test_three_players);
  g_test_add_func ("/knowledge-cells/six-players", test_six_players);
  g_test_add_func ("/knowledge-cells/counts", test_counts);
  return g_test_run ();
}
