// SPDX-License-Identifier: GPL-3.0-or-later
/* test-strategies.c: the players of Next turn and the Tournament dialog
 * (issue 13, item 5), in the real window under Xvfb.
 *
 *   /strategies/next-turn-naive   choosing naive for player 2 in the
 *                                 Players menu makes its turns naive's
 *   /strategies/tournament-cli    20 Clue 11 games in the dialog give the
 *                                 wins of `kripkeviz-cli play` for the
 *                                 same seats and seed
 *   /strategies/tournament-symbolic  4 games of real Cluedo (symbolic,
 *                                 in kripkeviz-cli processes) in the
 *                                 dialog while the window's own Cluedo
 *                                 takes a turn: both finish, the dialog's
 *                                 result is `play --jobs 1`'s figure for
 *                                 figure, the window's table shows the
 *                                 new step
 *   /strategies/tournament-processes-stop  Stop and closing the dialog
 *                                 kill its processes at once, in a long
 *                                 game: none left, not even a zombie
 *   /strategies/tournament-processes-fail  a process that fails (the BDD
 *                                 table too small for the game): its
 *                                 message in the dialog, no crash
 *   /strategies/play-to-end       Play to the end on its worker: its bar
 *                                 and Cancel, the edits greyed out, one
 *                                 undoable edit, a window closed meanwhile
 *   /strategies/next-turn-worker  Next turn on the same worker: the edits
 *                                 greyed out, the bar only after a moment,
 *                                 the main thread's turn, undo, Cancel
 *   /strategies/screenshot        the dialog at 1024×700, in the language
 *                                 of the environment: tournament-LANG.png
 *                                 in the build dir
 */
#define G_LOG_DOMAIN "test-strategies"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "kv-display-util.h"
#include "kv-i18n.h"
#include "kv-knowledge-table.h"
#include "kv-session-file.h"
#include "kv-strategy-menu.h"
#include "kv-tournament-dialog.h"
#include "kv-tournament-shard.h"
#include "kv-window-private.h"

#define SEED 7

static KvWindow *window;
static char *state_dir;

static KvStrategyMenu *
strategy_menu (void)
{
  GObject *menu = gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW, "strategy_menu");

  g_assert_true (KV_IS_STRATEGY_MENU (menu));
  return KV_STRATEGY_MENU (menu);
}

static void
open_clue11 (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kv_window_open (window, "clue11", &error));
  g_assert_no_error (error);
  kv_display_wait (50);
}

static KvHand
cards_of (const KvStep *step)
{
  KvHand hand = 0;

  for (guint i = 0; i < step->n_cards; i++)
    hand |= KV_CARD_BIT (step->cards[i]);
  return hand;
}

/* What @name would suggest for @agent at the end of @history, drawing from
 * the session's generator for that point (seed + length). */
static KvHand
suggestion_of (const KvHistory *history,
               guint            agent,
               const char      *name,
               guint32          seed)
{
  g_autofree KvPlayer *player = kv_player_new (history->game, agent, kv_strategy_find (name));
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed + kv_history_length (history));
  const KvModel *model = kv_history_get (history, kv_history_length (history) - 1)->model;
  g_autoptr(KvStep) step = kv_play_choose_suggestion (player, model, rand);

  g_assert_nonnull (step);
  return cards_of (step);
}

/* Runs the main loop until Play to the end has answered, and the bar's
 * animation is over. */
static void
wait_played (KvSession *session)
{
  while (kv_session_get_playing (session))
    g_main_context_iteration (NULL, TRUE);
  kv_display_wait (50);
}

/* Counts the main loop's runs while Play to the end plays. */
static gboolean
on_tick (gpointer data)
{
  guint *ticks = data;

  if (kv_session_get_playing (kv_window_get_session (window)))
    (*ticks)++;
  return G_SOURCE_CONTINUE;
}

/* Play to the end in the window (issue 13, item 5): it plays on a worker
 * while the window runs, its bar says which turn and offers Cancel, the
 * edits are greyed out until it is done; the game is one edit (undo);
 * Cancel keeps the game as it was; closing a window while it plays
 * cancels it. In English and in Dutch (the bar's words). */
static void
test_play_to_end (void)
{
  KvSession *session = kv_window_get_session (window);
  GtkActionBar *bar = GTK_ACTION_BAR (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                                      "play_bar"));
  GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                               "play_label"));
  g_autofree char *first_turn = g_strdup_printf (_("Playing to the end… turn %u"), 1);
  g_autofree char *before = NULL;
  KvHistory *history;
  guint length, ticks = 0, tick;

  open_clue11 ();
  kv_session_set_seed (session, SEED);
  for (guint a = 0; a < 3; a++)
    g_assert_true (kv_session_set_strategy (session, a, "naive"));
  length = kv_history_length (kv_window_get_history (window));
  kv_window_select_step (window, 2);
  kv_display_wait (20);
  before = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_true (kv_display_button_enabled (window, "win.next-turn"));

  tick = g_timeout_add (0, on_tick, &ticks);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-to-end", NULL));
  /* Back at once: the bar, and nothing that edits. */
  g_assert_true (kv_session_get_playing (session));
  g_assert_true (gtk_action_bar_get_revealed (bar));
  g_assert_cmpstr (gtk_label_get_text (label), ==, first_turn);
  g_assert_true (kv_display_button_enabled (window, "win.cancel-play"));
  g_assert_false (kv_display_button_enabled (window, "win.next-turn"));
  g_assert_false (kv_display_button_enabled (window, "win.undo"));
  g_assert_false (gtk_widget_get_sensitive (kv_window_get_composer (window)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (strategy_menu ())));
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
  wait_played (session);
  g_source_remove (tick);
  g_assert_cmpuint (ticks, >, 0);

  /* Done: one edit from step 2, the last step selected, the bar gone. */
  history = kv_window_get_history (window);
  g_assert_cmpint (kv_history_get (history, kv_history_length (history) - 1)->step->kind, ==, KV_STEP_WIN);
  g_assert_cmpuint (kv_window_get_step (window), ==, kv_history_length (history) - 1);
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_false (kv_display_button_enabled (window, "win.cancel-play"));
  g_assert_true (kv_display_button_enabled (window, "win.undo"));
  g_assert_true (gtk_widget_get_sensitive (kv_window_get_composer (window)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (strategy_menu ())));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  {
    g_autofree char *now = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);

    g_assert_cmpstr (now, ==, before);
  }

  /* Cancel (Esc): the turn being played ends, then the game is as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-to-end", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-play", NULL));
  g_assert_cmpstr (gtk_label_get_text (label), ==, _("Stopping after this turn…"));
  g_assert_false (kv_display_button_enabled (window, "win.cancel-play"));
  wait_played (session);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, _("Play to the end stopped: the game is as it was"));
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  {
    g_autofree char *now = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);

    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (kv_display_button_enabled (window, "win.next-turn"));

  /* A window closed while it plays: cancelled, its session untouched,
   * nothing said to the window that is gone. */
  {
    KvWindow *other = kv_display_new_window (1024, 700);
    g_autoptr(KvSession) held = g_object_ref (kv_window_get_session (other));
    g_autoptr(GError) error = NULL;

    g_assert_true (kv_window_open (other, "clue11", &error));
    g_assert_no_error (error);
    length = kv_history_length (kv_session_get_history (held));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.play-to-end", NULL));
    g_assert_true (kv_session_get_playing (held));
    gtk_window_destroy (GTK_WINDOW (other));
    wait_played (held);
    g_assert_cmpuint (kv_history_length (kv_session_get_history (held)), ==, length);
  }
}

/* Next turn in the window plays on the worker (issue 13, item 5): the
 * action returns at once with the edits greyed out; the bar waits a moment
 * (a turn of Clue 11 takes milliseconds: no flicker), then says a turn
 * plays, with Cancel; the turn is the one kv_session_next_turn plays, one
 * edit that undo takes back; Cancel keeps the game as it was. In English
 * and in Dutch (the bar's and the toast's words). */
static void
test_next_turn_worker (void)
{
  KvSession *session = kv_window_get_session (window);
  GtkActionBar *bar = GTK_ACTION_BAR (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                                      "play_bar"));
  GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), KV_TYPE_WINDOW,
                                                               "play_label"));
  g_autoptr(KvSession) expected = kv_session_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *expected_text = NULL;
  g_autofree char *played_text = NULL;
  GSource *delay;
  guint length;

  open_clue11 ();
  kv_session_set_seed (session, SEED);
  g_assert_true (kv_session_set_strategy (session, 1, "naive"));
  kv_window_select_step (window, 2);
  kv_display_wait (20);
  before = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);
  length = kv_history_length (kv_window_get_history (window));

  /* The turn Next turn played on the main thread before. */
  g_assert_true (kv_session_open (expected, "clue11", &error));
  g_assert_no_error (error);
  kv_session_set_seed (expected, SEED);
  g_assert_true (kv_session_set_strategy (expected, 1, "naive"));
  kv_session_select_step (expected, 2);
  g_assert_true (kv_session_next_turn (expected, &error));
  g_assert_no_error (error);
  expected_text = kv_session_file_to_text (kv_session_get_history (expected), "clue11",
                                           kv_session_get_step (expected));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL));
  /* Back at once: nothing that edits, Cancel (Esc) ready, and no bar yet,
   * only its timer. */
  g_assert_true (kv_session_get_playing (session));
  g_assert_cmpuint (kv_session_get_play_max_turns (session), ==, 1);
  g_assert_cmpuint (kv_history_length (kv_window_get_history (window)), ==, length);
  g_assert_false (kv_display_button_enabled (window, "win.next-turn"));
  g_assert_false (kv_display_button_enabled (window, "win.undo"));
  g_assert_false (gtk_widget_get_sensitive (kv_window_get_composer (window)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (strategy_menu ())));
  g_assert_true (kv_display_button_enabled (window, "win.cancel-play"));
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_cmpuint (window->play_bar_delay, !=, 0);
  /* Its moment is up now (not waited for: the test does not time), and
   * the turn plays on. The worker's answer may come first: then the bar
   * is never shown, as for a quick turn. */
  delay = g_main_context_find_source_by_id (NULL, window->play_bar_delay);
  g_source_set_ready_time (delay, 0);
  while (kv_session_get_playing (session) && window->play_bar_delay != 0)
    g_main_context_iteration (NULL, TRUE);
  if (kv_session_get_playing (session))
    {
      g_assert_true (gtk_action_bar_get_revealed (bar));
      g_assert_cmpstr (gtk_label_get_text (label), ==, _("Playing a turn…"));
    }
  else
    g_test_message ("the turn was over before its bar");
  kv_display_wait_for_play (window);

  /* Done: the same turn as on the main thread, the last step selected,
   * the bar gone, the edits back. */
  played_text = kv_session_file_to_text (kv_window_get_history (window), "clue11", kv_window_get_step (window));
  g_assert_cmpstr (played_text, ==, expected_text);
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_cmpuint (window->play_bar_delay, ==, 0);
  g_assert_false (kv_display_button_enabled (window, "win.cancel-play"));
  g_assert_true (kv_display_button_enabled (window, "win.next-turn"));
  g_assert_true (kv_display_button_enabled (window, "win.undo"));
  g_assert_true (gtk_widget_get_sensitive (kv_window_get_composer (window)));

  /* Undo: one turn back, at the step played from. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  kv_display_wait (20);
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  {
    g_autofree char *now = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);

    g_assert_cmpstr (now, ==, before);
  }

  /* Cancel (Esc): the turn ends, and the game is as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-play", NULL));
  g_assert_cmpstr (gtk_label_get_text (label), ==, _("Stopping after this turn…"));
  g_assert_false (kv_display_button_enabled (window, "win.cancel-play"));
  kv_display_wait_for_play (window);
  g_assert_cmpstr (kv_window_get_last_toast (window), ==, _("Next turn stopped: the game is as it was"));
  g_assert_cmpuint (kv_window_get_step (window), ==, 2);
  {
    g_autofree char *now = kv_session_file_to_text (kv_window_get_history (window), "clue11", 2);

    g_assert_cmpstr (now, ==, before);
  }
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_true (kv_display_button_enabled (window, "win.next-turn"));
  g_assert_true (kv_session_set_strategy (session, 1, "del"));

  /* Real Cluedo (symbolic), whose turns take longer: after its moment
   * the bar says a turn plays and offers Cancel. */
  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  kv_window_select_step (window, 6);
  kv_display_wait (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL));
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_source_set_ready_time (g_main_context_find_source_by_id (NULL, window->play_bar_delay), 0);
  while (kv_session_get_playing (session) && window->play_bar_delay != 0)
    g_main_context_iteration (NULL, TRUE);
  if (kv_session_get_playing (session))
    {
      g_assert_true (gtk_action_bar_get_revealed (bar));
      g_assert_cmpstr (gtk_label_get_text (label), ==, _("Playing a turn…"));
      g_assert_true (kv_display_button_enabled (window, "win.cancel-play"));
    }
  else
    g_test_message ("real Cluedo's turn was over before its bar");
  kv_display_wait_for_play (window);
  g_assert_false (gtk_action_bar_get_revealed (bar));
  g_assert_cmpuint (kv_window_get_step (window), >, 6);
}

static void
test_next_turn_naive (void)
{
  KvSession *session = kv_window_get_session (window);
  KvStrategyMenu *menu = strategy_menu ();
  KvHistory *history;
  GtkDropDown *drop_down;
  guint length;
  KvHand naive, del;

  open_clue11 ();
  kv_session_set_seed (session, SEED);
  for (guint a = 0; a < 3; a++)
    g_assert_cmpstr (kv_session_get_strategy (session, a), ==, "del");
  g_assert_null (kv_strategy_menu_get_drop_down (menu, 3));

  /* Player 2 (agent 1) plays naive, chosen in the menu. */
  drop_down = kv_strategy_menu_get_drop_down (menu, 1);
  g_assert_nonnull (drop_down);
  gtk_drop_down_set_selected (drop_down, 1);
  g_assert_cmpstr (kv_session_get_strategy (session, 1), ==, "naive");
  g_assert_cmpstr (kv_session_get_strategy (session, 0), ==, "del");
  g_assert_nonnull (strstr (kv_strategy_menu_get_summary (menu), "del · naive · del"));

  /* Player 1's turn (del), then player 2's: naive's suggestion. */
  g_assert_true (kv_display_next_turn (window));
  history = kv_window_get_history (window);
  length = kv_history_length (history);
  g_assert_cmpint (kv_history_get (history, length - 1)->step->kind, ==, KV_STEP_ENDMOVE);
  g_assert_cmpuint (kv_history_get (history, length - 1)->step->agent, ==, 0);

  naive = suggestion_of (history, 1, "naive", SEED);
  del = suggestion_of (history, 1, "del", SEED);
  /* With this seed the two ask differently: the step tells them apart. */
  g_assert_cmphex (naive, !=, del);

  /* A step change keeps the players. */
  kv_session_select_step (session, 0);
  kv_session_select_step (session, length - 1);
  g_assert_cmpstr (kv_session_get_strategy (session, 1), ==, "naive");

  g_assert_true (kv_display_next_turn (window));
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), >, length);
  g_assert_cmpint (kv_history_get (history, length)->step->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpuint (kv_history_get (history, length)->step->agent, ==, 1);
  g_assert_cmphex (cards_of (kv_history_get (history, length)->step), ==, naive);

  /* Undo and Next turn again: the same turn (same history, same seed). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (kv_display_next_turn (window));
  history = kv_window_get_history (window);
  g_assert_cmphex (cards_of (kv_history_get (history, length)->step), ==, naive);

  /* Play to the end with the mixed players: someone wins. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-to-end", NULL));
  wait_played (session);
  history = kv_window_get_history (window);
  g_assert_cmpint (kv_history_get (history, kv_history_length (history) - 1)->step->kind, ==, KV_STEP_WIN);

  /* A new game starts with del players. */
  open_clue11 ();
  g_assert_cmpstr (kv_session_get_strategy (session, 1), ==, "del");
  g_assert_cmpuint (gtk_drop_down_get_selected (kv_strategy_menu_get_drop_down (menu, 1)), ==, 2);
}

/* The Tournament dialog, shown by win.tournament. */
static KvTournamentDialog *
open_tournament (void)
{
  g_autoptr(GListModel) toplevels = NULL;
  KvTournamentDialog *dialog = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.tournament", NULL));
  kv_display_wait (100);
  toplevels = gtk_window_get_toplevels ();
  g_object_ref (toplevels);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (KV_IS_TOURNAMENT_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        dialog = KV_TOURNAMENT_DIALOG (item);
    }
  g_assert_nonnull (dialog);
  return dialog;
}

static void
run_tournament (KvTournamentDialog *dialog)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  g_assert_true (kv_tournament_dialog_get_running (dialog));
  while (kv_tournament_dialog_get_running (dialog) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  kv_display_wait (100);
}

/* `kripkeviz-cli play GAME --agents AGENTS --games GAMES --seed SEED --json` */
static char *
cli_play_game (const char *game,
               const char *agents,
               const char *games,
               const char *seed)
{
  const char *cli = g_getenv ("KV_CLI");
  g_autofree char *agents_arg = g_strdup_printf ("--agents=%s", agents);
  const char *argv[] = { cli, "play", game, agents_arg, "--games", games, "--seed", seed, "--json", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* `kripkeviz-cli play clue11 --agents AGENTS --games 20 --seed 7 --json` */
static char *
cli_play (const char *agents)
{
  return cli_play_game ("clue11", agents, "20", "7");
}

/* The CLI's "wins" of @strategy in @json. */
static guint
cli_wins (const char *json,
          const char *strategy)
{
  g_autofree char *quoted = g_regex_escape_string (strategy, -1);
  g_autofree char *pattern = g_strdup_printf ("\"%s\": \\{\"seats\": \\d+, \"wins\": (\\d+)", quoted);
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *wins = NULL;

  g_assert_true (g_regex_match (regex, json, 0, &match));
  wins = g_match_info_fetch (match, 1);
  return (guint) g_ascii_strtoull (wins, NULL, 10);
}

static void
test_tournament_cli (void)
{
  static const char *const seats[] = { "naive", "del", "del+" };
  KvTournamentDialog *dialog;
  const KvTournamentResult *result;
  g_autofree char *json = cli_play ("naive,del,del+");
  guint total = 0;

  open_clue11 ();
  dialog = open_tournament ();
  g_assert_null (kv_tournament_dialog_get_result (dialog));
  for (guint a = 0; a < 3; a++)
    kv_tournament_dialog_set_seat (dialog, a, seats[a]);
  kv_tournament_dialog_set_games (dialog, 20);
  kv_tournament_dialog_set_seed (dialog, 7);
  run_tournament (dialog);

  result = kv_tournament_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->games, ==, 20);
  g_assert_cmpuint (result->n_tallies, ==, 3);
  for (guint t = 0; t < 3; t++)
    {
      g_autofree char *wins = g_strdup_printf ("%u", cli_wins (json, seats[t]));

      g_assert_cmpstr (result->tallies[t].name, ==, seats[t]);
      g_assert_cmpuint (result->tallies[t].wins, ==, cli_wins (json, seats[t]));
      /* and the table shows it */
      g_assert_cmpstr (kv_tournament_dialog_get_cell (dialog, t, 0), ==, seats[t]);
      g_assert_cmpstr (kv_tournament_dialog_get_cell (dialog, t, 2), ==, wins);
      total += result->tallies[t].wins;
    }
  g_assert_cmpuint (total + result->no_winner, ==, 20);

  /* Export Plot: PNG and SVG, written whole. */
  {
    g_autofree char *png = g_build_filename (state_dir, "plot.png", NULL);
    g_autofree char *svg = g_build_filename (state_dir, "plot.svg", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *data = NULL;
    gsize size = 0;

    g_assert_true (kv_tournament_dialog_export_plot (dialog, png, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (png, &data, &size, NULL));
    g_assert_cmpuint (size, >, 1000);
    g_assert_true (memcmp (data, "\x89PNG", 4) == 0);
    g_clear_pointer (&data, g_free);
    g_assert_true (kv_tournament_dialog_export_plot (dialog, svg, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (svg, &data, &size, NULL));
    g_assert_nonnull (strstr (data, "<svg"));
    g_unlink (png);
    g_unlink (svg);
  }

  /* Cancel stops a long run between games. */
  kv_tournament_dialog_set_games (dialog, 100000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  kv_display_wait (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.cancel", NULL));
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (kv_tournament_dialog_get_running (dialog) && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  g_assert_cmpuint (kv_tournament_dialog_get_result (dialog)->games, <, 100000);

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

/* The CLI's "mean_rounds" of the one strategy in @json, as the dialog's
 * table writes it. */
static char *
cli_mean_rounds (const char *json)
{
  g_autoptr(GRegex) regex = g_regex_new ("\"mean_rounds\": ([0-9.]+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *mean = NULL;

  g_assert_true (g_regex_match (regex, json, 0, &match));
  mean = g_match_info_fetch (match, 1);
  return g_strdup_printf ("%.2f", g_ascii_strtod (mean, NULL));
}

/* The Observer switch: the games are the CLI's `play --observer`, and what
 * the observer knew shows under the table. */
static void
test_tournament_observer (void)
{
  static const char *const seats[] = { "naive", "del", "del+" };
  const char *cli = g_getenv ("KV_CLI");
  const char *argv[] = { cli, "play", "clue11", "--agents=naive,del,del+", "--games", "20", "--seed", "7",
                         "--observer", "--json", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected = NULL;
  KvTournamentDialog *dialog;
  const KvTournamentResult *result;
  int status = 0;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &json, NULL, &status, &error));
  g_assert_no_error (error);
  open_clue11 ();
  dialog = open_tournament ();
  for (guint a = 0; a < 3; a++)
    kv_tournament_dialog_set_seat (dialog, a, seats[a]);
  kv_tournament_dialog_set_games (dialog, 20);
  kv_tournament_dialog_set_seed (dialog, 7);
  kv_tournament_dialog_set_observer (dialog, TRUE);
  run_tournament (dialog);

  result = kv_tournament_dialog_get_result (dialog);
  g_assert_nonnull (result);
  expected = g_strdup_printf ("\"observer\": {\"before_last_step\": {\"knew_delta\": %u,",
                              result->observer_before.knew_delta);
  g_assert_nonnull (strstr (json, expected));
  g_assert_cmpuint (result->tallies[1].wins, ==, cli_wins (json, "del"));
  g_assert_true (g_str_has_prefix (kv_tournament_dialog_get_status (dialog), "Observer: knew "));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* `kripkeviz-cli play ARGS… --json`, which must succeed. */
static char *
cli_play_args (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (g_getenv ("KV_CLI"));
  g_ptr_array_add (argv, (char *) g_getenv ("KV_CLI"));
  g_ptr_array_add (argv, (char *) "play");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, (char *) "--json");
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
assert_same_knows (const KvTournamentKnows *a,
                   const KvTournamentKnows *b)
{
  g_assert_cmpuint (a->knew_delta, ==, b->knew_delta);
  g_assert_cmpuint (a->delta_known_sum, ==, b->delta_known_sum);
}

/* Every figure the dialog shows or plots, and the CLI prints. */
static void
assert_same_result (const KvTournamentResult *a,
                    const KvTournamentResult *b)
{
  g_assert_cmpuint (a->games, ==, b->games);
  g_assert_cmpuint (a->no_winner, ==, b->no_winner);
  g_assert_cmpuint (a->delta_total_sum, ==, b->delta_total_sum);
  assert_same_knows (&a->common, &b->common);
  assert_same_knows (&a->observer_before, &b->observer_before);
  assert_same_knows (&a->observer_end, &b->observer_end);
  g_assert_cmpuint (a->n_tallies, ==, b->n_tallies);
  for (guint t = 0; t < a->n_tallies; t++)
    {
      const KvTournamentTally *x = &a->tallies[t], *y = &b->tallies[t];

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpuint (x->seats, ==, y->seats);
      g_assert_cmpuint (x->wins, ==, y->wins);
      g_assert_cmpuint (x->rounds_sum, ==, y->rounds_sum);
      g_assert_cmpmem (x->by_rounds, sizeof x->by_rounds, y->by_rounds, sizeof y->by_rounds);
      g_assert_cmpuint (x->suggestions, ==, y->suggestions);
      g_assert_cmpuint (x->own_card, ==, y->own_card);
      g_assert_cmpuint (x->unanswered, ==, y->unanswered);
      g_assert_cmpuint (x->won_unanswered, ==, y->won_unanswered);
    }
}

static void
test_tournament_symbolic (void)
{
  KvSession *session = kv_window_get_session (window);
  KvKnowledgeTable *table = KV_KNOWLEDGE_TABLE (kv_window_get_knowledge_table (window));
  g_autofree char *json = cli_play_game ("cluedo", "del", "4", "1");
  g_autofree char *mean = cli_mean_rounds (json);
  g_autofree char *one = cli_play_args ((const char *[]) { "cluedo", "--agents=del", "--games=4", "--seed=1",
                                                         "--jobs=1", "--shard=1/1", NULL });
  g_auto(KvTournamentShard) shard = { 0 };
  g_autofree char *worlds_before = NULL;
  g_autoptr(GError) error = NULL;
  KvTournamentDialog *dialog;
  const KvTournamentResult *result;
  const KvHistory *history;
  const KvHistoryEntry *entry;
  guint length;
  gint64 end;

  /* Real Cluedo: the window's game is symbolic. */
  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  kv_display_wait (100);
  g_assert_true (kv_session_is_symbolic (session));
  kv_session_set_seed (session, SEED);
  /* After `endmove 3` (the script's last step is 1's winning suggestion):
   * Next Turn plays on from there, player 1's turn. */
  length = kv_history_length (kv_window_get_history (window)) - 1;
  kv_window_select_step (window, length - 1);
  kv_display_wait (50);
  g_assert_cmpint (kv_history_get (kv_window_get_history (window), length - 1)->step->kind, ==, KV_STEP_ENDMOVE);
  worlds_before = g_strdup (kv_knowledge_table_get_cell (table, _("Worlds"), 0, NULL));
  g_assert_nonnull (worlds_before);

  dialog = open_tournament ();
  /* Not modal: the window can be used while the games run. */
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  for (guint a = 0; a < 3; a++)
    kv_tournament_dialog_set_seat (dialog, a, "del");
  kv_tournament_dialog_set_games (dialog, 4);
  kv_tournament_dialog_set_seed (dialog, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  g_assert_true (kv_tournament_dialog_get_running (dialog));

  /* Meanwhile the window's game takes a turn, on the same symbolic engine:
   * player 1 suggests, is answered and ends its move. */
  g_assert_true (kv_display_next_turn (window));
  history = kv_window_get_history (window);
  g_assert_cmpuint (kv_history_length (history), >, length);
  entry = kv_history_get (history, length);
  g_assert_cmpint (entry->step->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpuint (entry->step->agent, ==, 0);
  g_assert_cmpuint (kv_window_get_step (window), ==, kv_history_length (history) - 1);

  end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (kv_tournament_dialog_get_running (dialog) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  kv_display_wait (100);

  /* The dialog's games are the CLI's: del wins all four, in the same
   * rounds, and every figure is one process's (`--jobs 1`). */
  result = kv_tournament_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->games, ==, 4);
  g_assert_cmpuint (result->n_tallies, ==, 1);
  g_assert_cmpuint (result->tallies[0].wins, ==, cli_wins (json, "del"));
  g_assert_cmpuint (result->tallies[0].wins, ==, 4);
  g_assert_cmpstr (kv_tournament_dialog_get_cell (dialog, 0, 2), ==, "4");
  g_assert_cmpstr (kv_tournament_dialog_get_cell (dialog, 0, 4), ==, mean);
  g_assert_true (kv_tournament_shard_parse (&shard, one, -1, "play --jobs 1", &error));
  g_assert_no_error (error);
  assert_same_result (result, &shard.result);
  g_assert_cmpstr (kv_tournament_dialog_get_status (dialog), ==, "");

  /* The window's table shows the step the turn added: player 1 considers
   * fewer worlds possible after the answers. */
  g_assert_cmpstr (kv_knowledge_table_get_cell (table, _("Worlds"), 0, NULL), !=, worlds_before);
  g_assert_cmpuint (kv_state_count_agent_worlds (kv_session_get_state (session), 0), <,
                    kv_state_count_agent_worlds (kv_history_get (history, length - 1)->state, 0));

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

/* This process's children, running or not yet reaped (zombies too). */
static guint
count_children (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  g_autofree char *me = g_strdup_printf ("%d", (int) getpid ());
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      g_auto(GStrv) fields = NULL;
      const char *after;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      /* "PID (COMM) STATE PPID …": COMM may hold spaces. */
      after = strrchr (stat, ')');
      fields = after != NULL ? g_strsplit (after + 2, " ", 3) : NULL;
      if (fields != NULL && g_strv_length (fields) >= 2 && g_str_equal (fields[1], me))
        n++;
    }
  return n;
}

/* Iterates the main loop until @done says so or @seconds pass. */
static void
wait_for (gboolean (*done) (gpointer), gpointer data, guint seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static gboolean
has_children (gpointer data)
{
  return count_children () > 0;
}

static gboolean
stopped (gpointer data)
{
  return !kv_tournament_dialog_get_running (data);
}

/* The dialog on real Cluedo, @strategy in every seat, @games from seed 1. */
static KvTournamentDialog *
open_cluedo_tournament (guint       games,
                        const char *strategy)
{
  g_autoptr(GError) error = NULL;
  KvTournamentDialog *dialog;

  g_assert_true (kv_window_open (window, "cluedo", &error));
  g_assert_no_error (error);
  kv_display_wait (100);
  dialog = open_tournament ();
  for (guint a = 0; a < 3; a++)
    kv_tournament_dialog_set_seat (dialog, a, strategy);
  kv_tournament_dialog_set_games (dialog, games);
  kv_tournament_dialog_set_seed (dialog, 1);
  return dialog;
}

static gboolean
no_children (gpointer data)
{
  return count_children () == 0;
}

/* Game 1 of `random` players from seed 1 takes about 25 s of processor
 * time: its process is killed, not waited for. */
static void
test_tournament_processes_stop (void)
{
  KvTournamentDialog *dialog = open_cluedo_tournament (1000, "random");
  const KvTournamentResult *result;

  g_assert_cmpuint (count_children (), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  wait_for (has_children, NULL, 10);
  g_assert_cmpuint (count_children (), >, 0);
  kv_display_wait (500);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.cancel", NULL));
  wait_for (stopped, dialog, 3);
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  result = kv_tournament_dialog_get_result (dialog);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->games, <, 1000);
  g_assert_true (g_str_has_prefix (kv_tournament_dialog_get_status (dialog), "Stopped after "));
  g_assert_cmpuint (count_children (), ==, 0);

  /* Closing the dialog while it plays ends its processes too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  wait_for (has_children, NULL, 10);
  g_assert_cmpuint (count_children (), >, 0);
  kv_display_wait (500);
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for (no_children, NULL, 3);
  g_assert_cmpuint (count_children (), ==, 0);
  kv_display_wait (50);
}

/* A BDD table too small for real Cluedo's games: a process fails, the
 * dialog says why in the CLI's words. */
static void
test_tournament_processes_fail (void)
{
  KvTournamentDialog *dialog = open_cluedo_tournament (4, "del");
  const char *status;

  g_setenv ("KRIPKEVIZ_BDD_NODES", "100000", TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  wait_for (stopped, dialog, 30);
  g_unsetenv ("KRIPKEVIZ_BDD_NODES");
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  status = kv_tournament_dialog_get_status (dialog);
  g_assert_true (g_str_has_prefix (status, "Could not play: kripkeviz-cli: the game has grown too big"));
  g_assert_null (strchr (status, '\n'));
  /* A short game may fit the small table; the run stops at the first that
   * does not. */
  g_assert_cmpuint (kv_tournament_dialog_get_result (dialog)->games, <, 4);
  g_assert_cmpuint (count_children (), ==, 0);
  /* No state lost: with the table back to its size it plays them all. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tournament.run", NULL));
  wait_for (stopped, dialog, 60);
  g_assert_false (kv_tournament_dialog_get_running (dialog));
  g_assert_cmpuint (kv_tournament_dialog_get_result (dialog)->games, ==, 4);
  g_assert_cmpstr (kv_tournament_dialog_get_status (dialog), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);
}

static void
test_screenshot (void)
{
  static const char *const seats[] = { "naive", "del", "del+" };
  KvTournamentDialog *dialog;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *name = g_strdup_printf ("tournament-%s.png", kv_display_language ());
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);

  open_clue11 ();
  /* As win.tournament makes it, sized before it is shown. */
  dialog = kv_tournament_dialog_new (GTK_WINDOW (window), kv_window_get_history (window)->game, "clue11",
                                     kv_session_get_strategies (kv_window_get_session (window)));
  gtk_window_set_default_size (GTK_WINDOW (dialog), 1024, 700);
  gtk_window_present (GTK_WINDOW (dialog));
  kv_display_wait (200);
  for (guint a = 0; a < 3; a++)
    kv_tournament_dialog_set_seat (dialog, a, seats[a]);
  kv_tournament_dialog_set_games (dialog, 100);
  kv_tournament_dialog_set_seed (dialog, 1);
  run_tournament (dialog);
  kv_display_wait (300);

  /* The surface is the size asked for (as test-fit.c checks the window);
   * the picture is what is inside its frame. */
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (dialog));

    g_assert_cmpint (gdk_surface_get_width (surface), ==, 1024);
    g_assert_cmpint (gdk_surface_get_height (surface), ==, 700);
  }
  texture = kv_display_render (GTK_WIDGET (dialog));
  g_assert_nonnull (texture);
  g_assert_cmpuint (kv_display_count_colours (texture), >, 10);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);

  gtk_window_destroy (GTK_WINDOW (dialog));
  kv_display_wait (50);

  /* The Players popover, open: players-LANG.png. */
  {
    GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (strategy_menu ()));
    GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
    g_autoptr(GdkTexture) players = NULL;
    g_autofree char *players_name = g_strdup_printf ("players-%s.png", kv_display_language ());
    g_autofree char *players_path = g_test_build_filename (G_TEST_BUILT, players_name, NULL);

    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    kv_display_wait (300);
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
    players = kv_display_render (GTK_WIDGET (popover));
    g_assert_nonnull (players);
    g_assert_true (gdk_texture_save_to_png (players, players_path));
    gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
    kv_display_wait (50);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* In the language of the environment, from the build tree's catalogues. */
  state_dir = kv_display_init (&argc, &argv, "kv-test-strategies", TRUE);
  window = kv_display_new_window (1280, 800);
  /* Clue's envelope view with neato overflows Graphviz 2.42's heap (see
   * test-window.c's next-turn-clue11): lay out with sfdp. */
  g_object_set (kv_window_get_canvas (window), "engine", "sfdp", NULL);

  if (g_strcmp0 (kv_display_language (), "en") == 0)
    {
      g_test_add_func ("/strategies/next-turn-naive", test_next_turn_naive);
      g_test_add_func ("/strategies/tournament-cli", test_tournament_cli);
      g_test_add_func ("/strategies/tournament-observer", test_tournament_observer);
      g_test_add_func ("/strategies/tournament-symbolic", test_tournament_symbolic);
      g_test_add_func ("/strategies/tournament-processes-stop", test_tournament_processes_stop);
      g_test_add_func ("/strategies/tournament-processes-fail", test_tournament_processes_fail);
    }
  g_test_add_func ("/strategies/play-to-end", test_play_to_end);
  g_test_add_func ("/strategies/next-turn-worker", test_next_turn_worker);
  g_test_add_func ("/strategies/screenshot", test_screenshot);

  status = g_test_run ();
  kv_display_finish (window, g_steal_pointer (&state_dir));
  return status;
}
