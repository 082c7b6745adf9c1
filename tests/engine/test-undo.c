// SPDX-License-Identifier: GPL-3.0-or-later
/* Undo and redo as a tree: an edit at an earlier step keeps the later steps
 * (undo brings them back, the branch stays reachable); the tree survives
 * being written into a session and read back. */
#include "config.h"

#include "kv-test-util.h"
#include "kv-undo.h"

/* The text of @script's game with its first @n steps and then @extra. */
static char *
steps_text (const KvScript *script, guint n, KvStep *extra)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (steps, g_ptr_array_index (script->steps, i));
  if (extra != NULL)
    g_ptr_array_add (steps, extra);
  return kv_script_to_text (script->game, steps);
}

static KvScript *
clue11 (void)
{
  g_autoptr(GError) error = NULL;
  KvScript *script = kv_script_open ("clue11", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (script->steps->len, >=, 8);
  return script;
}

/* The case: at step 0 of Clue 11, a new step replaces the scripted
 * ones; undo brings every one of them back, redo the new step. */
static void
test_replace_and_undo (void)
{
  g_autoptr(KvScript) script = clue11 ();
  g_autofree char *opened = steps_text (script, script->steps->len, NULL);
  g_autoptr(KvStep) step = kv_step_parse (script->game, "nocard 1 Plum", NULL, NULL);
  g_autofree char *replaced = NULL;
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", opened);
  g_autoptr(KvScript) back = NULL;

  g_assert_nonnull (step);
  replaced = steps_text (script, 0, step);
  g_assert_false (kv_undo_can_undo (undo));
  g_assert_true (kv_undo_record (undo, "Apply step", replaced));
  g_assert_cmpstr (kv_undo_undo_label (undo), ==, "Apply step");

  g_assert_cmpstr (kv_undo_undo (undo), ==, opened);
  back = kv_script_parse (kv_undo_current_text (undo), strlen (kv_undo_current_text (undo)), "undo", NULL);
  g_assert_cmpuint (back->steps->len, ==, script->steps->len);
  g_assert_null (kv_undo_undo (undo));
  g_assert_cmpstr (kv_undo_redo_label (undo), ==, "Apply step");
  g_assert_cmpstr (kv_undo_redo (undo), ==, replaced);
  g_assert_null (kv_undo_redo (undo));
}

/* An edit after an undo is a new branch: the undone edit is not lost. */
static void
test_branches (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", "A");
  g_autoptr(GArray) children = NULL;

  g_assert_true (kv_undo_record (undo, "one", "AB"));
  g_assert_true (kv_undo_record (undo, "two", "ABC"));
  g_assert_false (kv_undo_record (undo, "nothing", "ABC"));
  g_assert_cmpstr (kv_undo_undo (undo), ==, "AB");
  g_assert_true (kv_undo_record (undo, "other", "ABD"));
  g_assert_cmpuint (kv_undo_n_states (undo), ==, 4);
  /* Redo follows the newest branch… */
  g_assert_cmpstr (kv_undo_undo (undo), ==, "AB");
  g_assert_cmpstr (kv_undo_redo (undo), ==, "ABD");
  /* …and the old one is still there to switch to. */
  children = kv_undo_children (undo, 1);
  g_assert_cmpuint (children->len, ==, 2);
  g_assert_cmpstr (kv_undo_goto (undo, g_array_index (children, guint, 0)), ==, "ABC");
  g_assert_cmpstr (kv_undo_undo (undo), ==, "AB");
  g_assert_cmpstr (kv_undo_redo (undo), ==, "ABC");
}

/* Amending the current state (the selection moved, no edit): undo comes
 * back to the amended text, and nothing new is undoable. */
static void
test_amend (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", "A0");

  g_assert_true (kv_undo_record (undo, "one", "B0"));
  kv_undo_amend (undo, "B1");
  g_assert_cmpuint (kv_undo_n_states (undo), ==, 2);
  g_assert_cmpstr (kv_undo_current_text (undo), ==, "B1");
  g_assert_false (kv_undo_record (undo, "nothing", "B1"));
  g_assert_true (kv_undo_record (undo, "two", "C1"));
  g_assert_cmpstr (kv_undo_undo (undo), ==, "B1");
  g_assert_cmpstr (kv_undo_undo (undo), ==, "A0");
  g_assert_null (kv_undo_undo (undo));
}

/* Unlimited: ten thousand edits, all undone. */
static void
test_unlimited (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", "0");
  guint n = 0;

  for (guint i = 1; i <= 10000; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u", i);
      g_assert_true (kv_undo_record (undo, "edit", text));
    }
  while (kv_undo_undo (undo) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 10000);
  g_assert_cmpstr (kv_undo_current_text (undo), ==, "0");
}

static void
test_round_trip (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", "title x\n# comment\n");
  g_autoptr(KvUndo) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *session = NULL;

  kv_undo_record (undo, "Next turn", "title x\nnocard 1 a\n");
  kv_undo_record (undo, "", "title x\nnocard 1 b\n");
  kv_undo_undo (undo);
  kv_undo_record (undo, "Ünïcode — label", "title x\nnocard 2 b\n");
  kv_undo_undo (undo);
  saved = kv_undo_to_text (undo);
  session = g_strconcat ("title x\nnocard 1 a\n", saved, NULL);

  back = kv_undo_from_text (session, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_undo_n_states (back), ==, 4);
  g_assert_cmpuint (kv_undo_current (back), ==, kv_undo_current (undo));
  g_assert_cmpstr (kv_undo_current_text (back), ==, "title x\nnocard 1 a\n");
  g_assert_cmpstr (kv_undo_redo_label (back), ==, "Ünïcode — label");
  g_assert_cmpstr (kv_undo_redo (back), ==, "title x\nnocard 2 b\n");
  g_assert_cmpstr (kv_undo_undo (back), ==, "title x\nnocard 1 a\n");
  g_assert_cmpstr (kv_undo_undo (back), ==, "title x\n# comment\n");
}

static void
test_damaged (void)
{
  const char *cases[] = {
    "title x\n",
    "# kripkeviz-undo: - - =\n# kripkeviz-undo-current: 0\n",
    "# kripkeviz-undo: - - = YQ==\n# kripkeviz-undo-current: 1\n",
    "# kripkeviz-undo: 0 - = YQ==\n# kripkeviz-undo-current: 0\n",
    "# kripkeviz-undo: - 5 = YQ==\n# kripkeviz-undo-current: 0\n",
    "# kripkeviz-undo: - - = YQ==\n# kripkeviz-undo: - - = Yg==\n# kripkeviz-undo-current: 0\n",
    "# kripkeviz-undo: - - = /w==\n# kripkeviz-undo-current: 0\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KvUndo) undo = kv_undo_from_text (cases[i], &error);

      g_assert_null (undo);
      g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
    }
}

/* A tree of four states, as the autosave holds it: a root, two edits on
 * it, one undone. */
static char *
four_states (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("", "title x\n");
  g_autofree char *saved = NULL;

  kv_undo_record (undo, "a", "title x\nnocard 1 a\n");
  kv_undo_record (undo, "b", "title x\nnocard 1 b\n");
  kv_undo_record (undo, "c", "title x\nnocard 2 b\n");
  kv_undo_undo (undo);
  saved = kv_undo_to_text (undo);
  return g_strconcat ("title x\nnocard 1 b\n", saved, NULL);
}

/* Damage keeps what can be read: the states before the first damaged
 * line, current where the file says when it still can. */
static void
test_salvage (void)
{
  g_autofree char *whole = four_states ();
  const char *current = strstr (whole, "# kripkeviz-undo-current: ");
  const char *last = strstr (strstr (strstr (strstr (whole, "# kripkeviz-undo: ") + 1, "# kripkeviz-undo: ") + 1,
                                      "# kripkeviz-undo: ") + 1, "# kripkeviz-undo: ");
  struct { const char *what; char *text; guint n_states; guint current; } cases[] = {
    /* The tail cut inside the last (fourth) state's line. */
    { "tail cut", g_strndup (whole, (gsize) (last - whole) + 30), 3, 2 },
    /* undo-current missing. */
    { "current missing", g_strndup (whole, (gsize) (current - whole)), 4, 3 },
    /* A NUL byte: what a C string reads stops there (kv_session_file_read
     * says so as well). */
    { "NUL byte", g_strndup (whole, (gsize) (last - whole) + 12), 3, 2 },
    /* A parent index out of range on the third state. */
    { "bad parent", NULL, 2, 1 },
  };
  {
    g_auto(GStrv) lines = g_strsplit (whole, "\n", -1);
    guint state = 0;

    /* The third state's parent: "# kripkeviz-undo: 1 …" → "9". */
    for (guint i = 0; lines[i] != NULL; i++)
      if (g_str_has_prefix (lines[i], "# kripkeviz-undo: ") && state++ == 2)
        lines[i][strlen ("# kripkeviz-undo: ")] = '9';
    cases[3].text = g_strjoinv ("\n", lines);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean damaged = FALSE;
      g_autoptr(KvUndo) undo = kv_undo_salvage (cases[i].text, &damaged);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvUndo) strict = kv_undo_from_text (cases[i].text, &error);

      g_test_message ("%s", cases[i].what);
      g_assert_true (damaged);
      g_assert_nonnull (undo);
      g_assert_cmpuint (kv_undo_n_states (undo), ==, cases[i].n_states);
      g_assert_cmpuint (kv_undo_current (undo), ==, cases[i].current);
      /* Every state kept walks back to the root. */
      while (kv_undo_undo (undo) != NULL)
        ;
      g_assert_cmpstr (kv_undo_current_text (undo), ==, "title x\n");
      g_assert_null (strict);
      g_free (cases[i].text);
    }

  /* Whole: nothing damaged; no undo lines at all: nothing, and no damage. */
  {
    gboolean damaged = TRUE;
    g_autoptr(KvUndo) undo = kv_undo_salvage (whole, &damaged);

    g_assert_false (damaged);
    g_assert_cmpuint (kv_undo_n_states (undo), ==, 4);
    g_assert_cmpuint (kv_undo_current (undo), ==, 2);
    g_assert_null (kv_undo_salvage ("title x\n", &damaged));
    g_assert_false (damaged);
    g_assert_null (kv_undo_salvage ("# kripkeviz-undo-current: 0\n", &damaged));
    g_assert_true (damaged);
  }
}

/* The oldest states go, the current one and the way to it stay, and what
 * is left reads back whole. */
static void
test_forget_oldest (void)
{
  g_autofree char *pad = g_strnfill (300, 'x');
  g_autoptr(KvUndo) undo = kv_undo_new ("", "root\n");
  g_autoptr(KvUndo) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *current = NULL;
  g_autofree char *saved = NULL;
  guint forgotten, n;

  for (guint i = 0; i < 100; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u %s\n", i, pad);

      kv_undo_record (undo, "edit", text);
      /* A branch near the start, undone. */
      if (i == 3)
        {
          kv_undo_record (undo, "branch", "branch\n");
          kv_undo_undo (undo);
        }
    }
  current = g_strdup (kv_undo_current_text (undo));
  n = kv_undo_n_states (undo);
  g_assert_cmpuint (kv_undo_forget_oldest (undo, G_MAXSIZE), ==, 0);

  forgotten = kv_undo_forget_oldest (undo, 30 * 500);
  g_assert_cmpuint (forgotten, >, 60);
  g_assert_cmpuint (kv_undo_n_states (undo), ==, n - forgotten);
  g_assert_cmpstr (kv_undo_current_text (undo), ==, current);
  saved = kv_undo_to_text (undo);
  g_assert_cmpuint (strlen (saved), <=, 30 * 500);
  back = kv_undo_from_text (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kv_undo_n_states (back), ==, kv_undo_n_states (undo));
  /* Undo walks back to the new root, redo forward to where it was. */
  for (guint i = 0; i + 1 < kv_undo_n_states (back); i++)
    g_assert_nonnull (kv_undo_undo (back));
  g_assert_null (kv_undo_undo (back));
  while (kv_undo_redo (back) != NULL)
    ;
  g_assert_cmpstr (kv_undo_current_text (back), ==, current);
}

/* A state with children but no redo (as a hand-edited or fuzzed file may
 * have): read whole or salvaged, redo goes to its last child. */
static void
test_redo_mended (void)
{
  g_autoptr(KvUndo) undo = kv_undo_new ("Open", "a");
  g_autofree char *text = NULL;
  g_autofree char *broken = NULL;
  g_autoptr(KvUndo) whole = NULL;
  g_autoptr(KvUndo) salvaged = NULL;
  g_autofree char *whole_text = NULL;
  g_autofree char *salvaged_text = NULL;
  gboolean damaged = TRUE;
  char *at;

  kv_undo_record (undo, "Apply", "b");
  kv_undo_record (undo, "Apply", "c");
  kv_undo_undo (undo);
  kv_undo_undo (undo);
  text = kv_undo_to_text (undo);
  /* State 1's redo (to 2) written as none. */
  broken = g_strdup (text);
  at = strstr (broken, "kripkeviz-undo: 0 2 ");
  g_assert_nonnull (at);
  at[strlen ("kripkeviz-undo: 0 ")] = '-';
  whole = kv_undo_from_text (broken, NULL);
  g_assert_nonnull (whole);
  salvaged = kv_undo_salvage (broken, &damaged);
  g_assert_false (damaged);
  whole_text = kv_undo_to_text (whole);
  salvaged_text = kv_undo_to_text (salvaged);
  g_assert_cmpstr (whole_text, ==, salvaged_text);
  g_assert_cmpstr (whole_text, ==, text);
  g_assert_cmpstr (kv_undo_redo (whole), ==, "b");
  g_assert_cmpstr (kv_undo_redo (whole), ==, "c");
}

/* A state whose text is empty prints as "=" and reads back (the
 * fuzzer's salvaged tree that did not read back). */
static void
test_empty_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvUndo) undo = kv_undo_new ("", "");
  g_autofree char *printed = kv_undo_to_text (undo);
  g_autoptr(KvUndo) again = kv_undo_from_text (printed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_cmpstr (kv_undo_current_text (again), ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/undo/replace-and-undo", test_replace_and_undo);
  g_test_add_func ("/undo/branches", test_branches);
  g_test_add_func ("/undo/amend", test_amend);
  g_test_add_func ("/undo/unlimited", test_unlimited);
  g_test_add_func ("/undo/round-trip", test_round_trip);
  g_test_add_func ("/undo/damaged", test_damaged);
  g_test_add_func ("/undo/salvage", test_salvage);
  g_test_add_func ("/undo/forget-oldest", test_forget_oldest);
  g_test_add_func ("/undo/redo-mended", test_redo_mended);
  g_test_add_func ("/undo/empty-text", test_empty_text);
  return g_test_run ();
}
