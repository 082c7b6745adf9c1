// SPDX-License-Identifier: GPL-3.0-or-later
/* test-model-file.c: the window opens a model file (issue 14).
 *
 * `kripkeviz-cli model hexa --step 1 --json` writes Hexa after its first
 * step as a .kvm.json; the window opens it as a game of one state: the
 * knowledge table says what `kripkeviz-cli run` says of the same file,
 * the formula bar and the canvas work on it, a step applied runs on it,
 * undo takes the steps and the opening back, and a restart brings it back
 * from the autosave. A file that is not a model changes nothing and says
 * why. The built-in games' titles are in the environment's language in the
 * Game menu and the window title (meson runs this in English and Dutch).
 * Screenshots model-file-LANG-WxH.png in the build dir.
 */
#define G_LOG_DOMAIN "test-model-file"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "kv-display-util.h"
#include "kv-knowledge-table.h"
#include "kv-session-file.h"
#include "kv-step-item.h"
#include "kv-window-private.h"

static KvWindow *window;
static char *work_dir;
static char *model_path;

/* Runs kripkeviz-cli (KV_CLI) with @args; its standard output. */
static char *
run_cli (const char *const *args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("KV_CLI");
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_strv_builder_add (builder, cli);
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static const char *
cell (const char *card,
      guint       column)
{
  return kv_knowledge_table_get_cell (KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window)),
                                      card, column, NULL);
}

/* A cell as the CLI's "possible" owners @owners make it: the owner, or
 * "? a/b" (the table and the CLI's text output spell them alike). */
static char *
expected_cell (JsonArray *owners)
{
  GString *text;

  if (json_array_get_length (owners) == 1)
    return g_strdup (json_array_get_string_element (owners, 0));
  text = g_string_new ("?");
  for (guint i = 0; i < json_array_get_length (owners); i++)
    g_string_append_printf (text, "%c%s", i == 0 ? ' ' : '/', json_array_get_string_element (owners, i));
  return g_string_free (text, FALSE);
}

/* The knowledge table shows what `kripkeviz-cli run MODEL --json` says at
 * step 0: every agent's column and common knowledge. */
static void
test_open (void)
{
  const char *run_args[] = { "run", model_path, "--json", NULL };
  g_autofree char *json = run_cli (run_args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *step, *agents, *common;
  KvHistory *history;
  const KvGame *game;

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_true (kv_window_open (window, model_path, &error));
  g_assert_no_error (error);
  kv_display_wait_for_canvas (window, 20000);

  history = kv_window_get_history (window);
  game = history->game;
  g_assert_true (history->given);
  g_assert_cmpuint (kv_history_length (history), ==, 1);
  g_assert_cmpuint (kv_window_get_step (window), ==, 0);

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  step = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                                      "steps"), 0);
  g_assert_cmpuint (kv_history_get (history, 0)->model->n_worlds, ==, json_object_get_int_member (step, "worlds"));
  g_assert_cmpuint (kv_history_get (history, 0)->model->n_worlds, ==, 4);
  agents = json_object_get_object_member (step, "agents");
  common = json_object_get_object_member (json_object_get_object_member (step, "common"), "possible");
  for (guint c = 0; c < game->n_cards; c++)
    {
      const char *card = game->card_names[c];
      g_autofree char *in_common = expected_cell (json_object_get_array_member (common, card));

      for (guint a = 0; a < game->n_agents; a++)
        {
          JsonObject *possible = json_object_get_object_member (json_object_get_object_member (agents, game->agent_names[a]),
                                                                "possible");
          g_autofree char *expected = expected_cell (json_object_get_array_member (possible, card));

          g_assert_cmpstr (cell (card, a), ==, expected);
        }
      g_assert_cmpstr (cell (card, game->n_agents + 1), ==, in_common);
    }
  /* The history's one row says where the model came from. */
  {
    g_autoptr(KvStepItem) row = g_list_model_get_item (G_LIST_MODEL (window->steps), 0);

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->steps)), ==, 1);
    g_assert_cmpstr (kv_step_item_get_words (row), ==, _("A model read from a file"));
  }
  /* What the paper says after "nocard 1 w": 3 knows the deal. */
  g_assert_cmpstr (cell ("r", 2), ==, "1");
  g_assert_cmpstr (cell ("w", 0), ==, "? 2/3");

  /* The title is the model's (Hexa's, so in the user's language). */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, kv_game_display_title (game->title));
  /* The canvas drew the model. */
  {
    g_autoptr(GdkTexture) texture = kv_display_render (kv_window_get_canvas (window));

    g_assert_nonnull (texture);
    g_assert_cmpuint (kv_display_count_colours (texture), >, 4);
  }
}

/* The formula bar checks at the model's actual world. */
static void
test_formula (void)
{
  kv_display_check_formula (window, "K{3} r@1");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, _("true"));
  kv_display_check_formula (window, "K{1} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, _("false"));
  kv_display_check_formula (window, "[endmove 2] K{1} w@2");
  g_assert_cmpstr (kv_window_get_formula_result (window), ==, _("true"));
  kv_display_check_formula (window, "");
}

/* A step applied runs on the model; undo takes it back, then the opening. */
static void
test_apply_and_undo (void)
{
  KvSession *session = kv_window_get_session (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = kv_step_parse (kv_window_get_history (window)->game, "endmove 2", NULL, &error);

  g_assert_no_error (error);
  g_assert_true (kv_session_apply_step (session, step, &error));
  g_assert_no_error (error);
  kv_display_wait_for_canvas (window, 20000);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
  g_assert_cmpuint (kv_window_get_step (window), ==, 1);
  g_assert_cmpuint (kv_session_get_model (session)->n_worlds, ==, 2);
  /* After 2's endmove, 1 knows 2 holds w. */
  g_assert_cmpstr (cell ("w", 0), ==, "2");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (100);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 1);
  g_assert_true (kv_window_get_history (window)->given);
  g_assert_cmpstr (cell ("w", 0), ==, "? 2/3");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (100);
  g_assert_false (kv_window_get_history (window)->given);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  kv_display_wait_for_canvas (window, 20000);
  g_assert_true (kv_window_get_history (window)->given);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, 2);
}

/* The autosave holds the model: a new window restores it, undo and all. */
static void
test_restart (void)
{
  KvWindow *restored;
  g_autofree char *path = kv_session_file_get_path ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  kv_window_set_autosave (window, TRUE);
  kv_display_wait (50);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\n# kripkeviz-model: sha256 "));
  kv_window_set_autosave (window, FALSE);

  restored = kv_window_new (NULL);
  g_assert_true (kv_window_restore_session (restored));
  g_assert_true (kv_window_get_history (restored)->given);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 2);
  g_assert_cmpuint (kv_session_get_model (kv_window_get_session (restored))->n_worlds, ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.undo", NULL));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (restored)), ==, 1);
  g_assert_true (kv_window_get_history (restored)->given);
  gtk_window_destroy (GTK_WINDOW (restored));
  kv_display_wait (50);
  g_unlink (path);
  {
    g_autofree char *dir = g_path_get_dirname (path);

    g_rmdir (dir);
  }
}

/* The dialog a bad file brought up, or NULL. */
static AdwMessageDialog *
error_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (top) && gtk_window_get_transient_for (top) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
}

/* Not a model: the game shown stays, and a dialog says why (as for a bad
 * .kvg). */
static void
test_bad_files (void)
{
  static const char *const texts[] = { "{ not json", "{\"format\": \"kripkeviz-model\", \"version\": 7}" };
  g_autofree char *bad = g_build_filename (work_dir, "bad.kvm.json", NULL);
  KvHistory *before = kv_window_get_history (window);
  guint length = kv_history_length (before);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      AdwMessageDialog *dialog;

      g_assert_true (g_file_set_contents (bad, texts[i], -1, NULL));
      kv_window_open_or_report (window, bad);
      kv_display_wait (100);
      g_assert_true (kv_window_get_history (window) == before);
      g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
      dialog = error_dialog ();
      g_assert_nonnull (dialog);
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, _("Could Not Open the Game"));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "bad.kvm.json"));
      gtk_window_destroy (GTK_WINDOW (dialog));
      kv_display_wait (50);
    }
  g_unlink (bad);
}

/* The Game menu lists the built-in games by their titles in the user's
 * language; the window title of a built-in is too. */
static void
test_titles (void)
{
  GMenuModel *menu = gtk_menu_button_get_menu_model (window->game_button);
  g_autoptr(GMenuModel) builtins = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  g_auto(GStrv) names = kv_script_builtin_names ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_menu_model_get_n_items (builtins), ==, g_strv_length (names));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = kv_script_builtin_title (names[i]);
      g_autofree char *label = NULL;

      g_assert_true (g_menu_model_get_item_attribute (builtins, (int) i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_cmpstr (label, ==, kv_game_display_title (title));
      if (g_str_equal (kv_display_language (), "nl"))
        g_assert_cmpstr (label, !=, title);
      else
        g_assert_cmpstr (label, ==, title);
    }

  g_assert_true (kv_window_open (window, "hexa", &error));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   g_str_equal (kv_display_language (), "nl") ? "Hexa: drie spelers, drie kaarten"
                                                    : "Hexa: three players, three cards");

  /* The menu as shown: model-file-LANG-game-menu.png. */
  {
    GtkPopover *popover = gtk_menu_button_get_popover (window->game_button);
    g_autoptr(GdkTexture) texture = NULL;
    g_autofree char *name = g_strdup_printf ("model-file-%s-game-menu.png", kv_display_language ());
    g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);

    gtk_menu_button_popup (window->game_button);
    kv_display_wait (300);
    texture = kv_display_render (GTK_WIDGET (popover));
    g_assert_nonnull (texture);
    g_assert_true (gdk_texture_save_to_png (texture, path));
    gtk_menu_button_popdown (window->game_button);
    kv_display_wait (100);
  }
}

static void
save_screenshot (int width,
                 int height)
{
  g_autoptr(GdkTexture) texture = kv_display_render (GTK_WIDGET (window));
  g_autofree char *name = g_strdup_printf ("model-file-%s-%dx%d.png", kv_display_language (), width, height);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);

  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* The model, one step on, at the sizes a class uses. */
static void
test_screenshots (void)
{
  static const int sizes[][2] = { { 1024, 700 }, { 1280, 720 } };
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, model_path, &error));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      kv_display_wait (300);
      kv_display_wait_for_canvas (window, 20000);
      save_screenshot (sizes[i][0], sizes[i][1]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = NULL;
  int status;

  state_dir = kv_display_init (&argc, &argv, "kv-test-model-file", TRUE);
  work_dir = g_dir_make_tmp ("kv-test-model-file-XXXXXX", NULL);
  model_path = g_build_filename (work_dir, "hexa-1.kvm.json", NULL);
  {
    const char *args[] = { "model", "hexa", "--step", "1", "--json", "-o", model_path, NULL };
    g_autofree char *out = run_cli (args);
  }
  window = kv_display_new_window (1024, 700);

  g_test_add_func ("/model-file/open", test_open);
  g_test_add_func ("/model-file/formula", test_formula);
  g_test_add_func ("/model-file/apply-and-undo", test_apply_and_undo);
  g_test_add_func ("/model-file/restart", test_restart);
  g_test_add_func ("/model-file/bad-files", test_bad_files);
  g_test_add_func ("/model-file/titles", test_titles);
  g_test_add_func ("/model-file/screenshots", test_screenshots);

  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  kv_display_wait (50);
  g_unlink (model_path);
  g_rmdir (work_dir);
  g_free (model_path);
  g_free (work_dir);
  g_rmdir (state_dir);
  return status;
}
