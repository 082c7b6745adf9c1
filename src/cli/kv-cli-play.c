// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play.c: play GAME --agents A,B,… --games N --seed S [--json]
 *
 * N games from random deals drawn from one GRand seeded with S. The
 * strategies rotate over the seats from game to game (game g gives agent a
 * the strategy (a + g) mod n of the list), so no strategy keeps the first
 * move. Per strategy: wins, win share, mean and distribution of the rounds
 * to win; and what the observer (common knowledge) knew of δ at the end.
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "kv-cli-agents.h"
#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-cli-play.h"
#include "kv-tournament.h"

/* The observer's figures, per game. */
static double
share (guint part, guint whole)
{
  return whole == 0 ? 0.0 : (double) part / whole;
}

static char *
distribution (const KvTournamentTally *tally)
{
  GString *s = g_string_new (NULL);

  for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
    if (tally->by_rounds[r] > 0)
      g_string_append_printf (s, "%s%u:%u", s->len ? " " : "", r, tally->by_rounds[r]);
  return g_string_free (s, FALSE);
}

/* @text padded to @width characters (not bytes: headers are translated),
 * on the left or the right. */
static void
print_cell (const char *text, int width, gboolean left)
{
  int pad = MAX (0, width - (int) g_utf8_strlen (text, -1));

  if (left)
    printf ("%s%*s", text, pad, "");
  else
    printf ("%*s%s", pad, "", text);
}

static void print_knows (const char *who, const KvTournamentKnows *k, const KvTournamentResult *t,
                         gboolean owners);

static void
print_text (const KvTournamentResult *t, const char *game, guint32 seed, gboolean fixed_seats)
{
  const char *headers[] = { _("strategy"), _("seats"), _("wins"), _("share"), _("rounds") };
  int width[G_N_ELEMENTS (headers)] = { 8, 6, 6, 7, 7 };
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

  /* Each column as wide as its widest cell: Dutch headers are longer. */
  for (guint i = 0; i < t->n_tallies; i++)
    {
      const KvTournamentTally *tally = &t->tallies[i];
      g_autofree char *percent = kv_format_decimal (100 * kv_tournament_tally_share (tally, t), 1);

      g_ptr_array_add (cells, g_strdup (tally->name));
      g_ptr_array_add (cells, g_strdup_printf ("%u", tally->seats));
      g_ptr_array_add (cells, g_strdup_printf ("%u", tally->wins));
      g_ptr_array_add (cells, g_strdup_printf ("%s%%", percent));
      g_ptr_array_add (cells, kv_format_decimal (kv_tournament_tally_mean (tally), 2));
    }
  for (guint k = 0; k < cells->len; k++)
    width[k % G_N_ELEMENTS (headers)] = MAX (width[k % G_N_ELEMENTS (headers)],
                                             (int) g_utf8_strlen (g_ptr_array_index (cells, k), -1));
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    width[c] = MAX (width[c], (int) g_utf8_strlen (headers[c], -1));

  if (fixed_seats)
    printf (_("%s: %u games, seed %u (fixed seats: agent a plays the a-th strategy)\n\n"), game, t->games, seed);
  else
    printf (_("%s: %u games, seed %u (strategies rotate over the seats)\n\n"), game, t->games, seed);
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    {
      print_cell (headers[c], width[c], c == 0);
      printf (" ");
    }
  printf (" %s\n", _("rounds to win: games"));
  for (guint i = 0; i < t->n_tallies; i++)
    {
      g_autofree char *dist = distribution (&t->tallies[i]);

      for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
        {
          print_cell (g_ptr_array_index (cells, i * G_N_ELEMENTS (headers) + c), width[c], c == 0);
          printf (" ");
        }
      printf (" %s\n", dist);
    }
  if (t->no_winner > 0)
    printf (_("\n%u games without a winner in %u rounds\n"), t->no_winner, KV_TOURNAMENT_MAX_ROUNDS);
  if (t->ended_by_ask > 0)
    printf (_("\n%u games ended when agent 1 asked δ\n"), t->ended_by_ask);
  print_knows (_("common knowledge among the players at the end"), &t->common, t, FALSE);
}

/* One agent's (or the players' common) knowledge, as one line. */
static void
print_knows (const char *who, const KvTournamentKnows *k, const KvTournamentResult *t, gboolean owners)
{
  g_autofree char *known = kv_format_decimal (share (k->delta_known_sum, t->games), 2);
  g_autofree char *total = kv_format_decimal (share (t->delta_total_sum, t->games), 2);

  /* TRANSLATORS: the first %s is who ("common knowledge among the players
   * at the end"); the two last %s are decimals ("1.40", "3.00") */
  printf (_("\n%s: knew δ in %u of %u games, %s of its %s cards on average"),
          who, k->knew_delta, t->games, known, total);
  if (owners)
    {
      g_autofree char *cards = kv_format_decimal (share (k->owners_known_sum, t->games), 2);

      /* TRANSLATORS: %s is a decimal, "4.20" */
      printf (_("; the owner of %s cards"), cards);
    }
  printf ("\n");
}

/* The seats' and the observer's figures (KvPlayOptions), after the table. */
static void
print_options_text (const KvTournamentResult *t, const KvTournament *tournament,
                    const KvPlayOptions *options)
{
  if (options->fixed_seats)
    {
      printf ("\n%s\n", _("seat  strategy  won or asked δ  mean rounds until then"));
      for (guint a = 0; a < t->n_seats; a++)
        {
          g_autofree char *mean = kv_format_decimal (kv_tournament_seat_mean (&t->seats[a]), 2);

          printf ("%4u  %-8s  %14u  %s\n", a + 1, kv_tournament_get_listed (tournament)[a]->name,
                  t->seats[a].done, mean);
        }
    }
  if (options->observer)
    {
      print_knows (_("observer (no cards, never moves) just before the last step"), &t->observer_before, t, TRUE);
      print_knows (_("observer (no cards, never moves) at the end"), &t->observer_end, t, TRUE);
    }
}

/* @text as a JSON string. */
static void
append_json_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '"' || *p == '\\')
      g_string_append_printf (out, "\\%c", *p);
    else if ((guchar) *p < 0x20)
      g_string_append_printf (out, "\\u%04x", (guchar) *p);
    else
      g_string_append_c (out, *p);
  g_string_append_c (out, '"');
}

/* A number with at most four decimals, always with a dot. */
static void
append_json_number (GString *out, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.4g", value));
}

/* {"knew_delta": …, "mean_cards_known": …, "delta_cards": …}, and with
 * @owners "mean_owners_known". */
static void
append_json_knows (GString *out, const KvTournamentKnows *k, const KvTournamentResult *t, gboolean owners)
{
  g_string_append_printf (out, "{\"knew_delta\": %u, \"mean_cards_known\": ", k->knew_delta);
  append_json_number (out, share (k->delta_known_sum, t->games));
  g_string_append (out, ", \"delta_cards\": ");
  append_json_number (out, share (t->delta_total_sum, t->games));
  if (owners)
    {
      g_string_append (out, ", \"mean_owners_known\": ");
      append_json_number (out, share (k->owners_known_sum, t->games));
    }
  g_string_append (out, "}");
}

/* Written by hand rather than by JsonGenerator, which prints 0.35 as
 * 0.34999999999999998. */
static void
print_json (const KvTournamentResult *t, const KvTournament *tournament, const KvPlayOptions *options,
            const char *game, guint32 seed)
{
  g_autoptr(GString) out = g_string_new ("{\n  \"game\": ");

  append_json_string (out, game);
  g_string_append_printf (out, ",\n  \"games\": %u,\n  \"seed\": %u,\n  \"no_winner\": %u,\n  \"strategies\": {",
                          t->games, seed, t->no_winner);
  for (guint i = 0; i < t->n_tallies; i++)
    {
      const KvTournamentTally *tally = &t->tallies[i];
      gboolean first = TRUE;

      g_string_append (out, i ? ",\n    " : "\n    ");
      append_json_string (out, tally->name);
      g_string_append_printf (out, ": {\"seats\": %u, \"wins\": %u, \"win_share\": ", tally->seats, tally->wins);
      append_json_number (out, kv_tournament_tally_share (tally, t));
      g_string_append (out, ", \"mean_rounds\": ");
      append_json_number (out, kv_tournament_tally_mean (tally));
      g_string_append (out, ", \"rounds\": {");
      for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
        if (tally->by_rounds[r] > 0)
          {
            g_string_append_printf (out, "%s\"%u\": %u", first ? "" : ", ", r, tally->by_rounds[r]);
            first = FALSE;
          }
      g_string_append_printf (out, "}, \"suggestions\": {\"made\": %u, \"with_own_card\": %u, "
                              "\"unanswered\": %u, \"won_unanswered\": %u}}",
                              tally->suggestions, tally->own_card, tally->unanswered, tally->won_unanswered);
    }
  g_string_append (out, "\n  },\n  \"common_knowledge\": ");
  append_json_knows (out, &t->common, t, FALSE);
  if (options->observer)
    {
      g_string_append (out, ",\n  \"observer\": {\"before_last_step\": ");
      append_json_knows (out, &t->observer_before, t, TRUE);
      g_string_append (out, ", \"end\": ");
      append_json_knows (out, &t->observer_end, t, TRUE);
      g_string_append (out, "}");
    }
  if (options->fixed_seats)
    {
      g_string_append (out, ",\n  \"seats\": [");
      for (guint a = 0; a < t->n_seats; a++)
        {
          g_string_append_printf (out, "%s{\"strategy\": ", a ? ", " : "");
          append_json_string (out, kv_tournament_get_listed (tournament)[a]->name);
          g_string_append_printf (out, ", \"won_or_asked_delta\": %u, \"mean_rounds\": ", t->seats[a].done);
          append_json_number (out, kv_tournament_seat_mean (&t->seats[a]));
          g_string_append (out, "}");
        }
      g_string_append (out, "]");
    }
  if (options->end_when_first_asks)
    g_string_append_printf (out, ",\n  \"ended_when_agent_1_asked_delta\": %u", t->ended_by_ask);
  g_string_append (out, "\n}\n");
  fputs (out->str, stdout);
}

int
kv_cli_play (int argc, char **argv)
{
  g_autofree char *agents = NULL;
  g_autofree char *engine_text = NULL;
  int games = 100;
  gint64 seed = 1;
  gboolean json = FALSE;
  KvPlayOptions options = { 0 };
  g_autofree char *transcripts = NULL;
  GOptionEntry entries[] = {
    { "agents", 0, 0, G_OPTION_ARG_STRING, &agents, N_("One strategy per agent: random, naive, del or del+ (comma-separated)"), "A,B,…" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of games (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random deals (default 1)"), "S" },
    KV_CLI_ENGINE_OPTION (&engine_text),
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    /* The experiments' set-ups (KvPlayOptions, docs/experiments.md). */
    { "observer", 0, 0, G_OPTION_ARG_NONE, &options.observer, N_("Add an observer: an agent with no cards that never moves"), NULL },
    { "fixed-seats", 0, 0, G_OPTION_ARG_NONE, &options.fixed_seats, N_("Agent a plays the a-th strategy in every game"), NULL },
    { "end-when-asked", 0, 0, G_OPTION_ARG_NONE, &options.end_when_first_asks, N_("End each game when agent 1 suggests exactly δ"), NULL },
    { "transcripts", 0, 0, G_OPTION_ARG_FILENAME, &transcripts, N_("Write each game as DIR/game-NNNN.kvg"), "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — self-play: strategies against each other from random deals"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvTournament) tournament = NULL;
  KvEngineKind engine;
  const KvStrategy *listed[KV_MAX_AGENTS];
  gboolean progress;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 2 || agents == NULL)
    return kv_cli_fail (_("usage: kripkeviz-cli play GAME --agents A,B,… [--games N] [--seed S] [--engine E] [--json] [--observer] [--fixed-seats] [--end-when-asked] [--transcripts DIR]"));
  if (games < 1 || games > 1000000)
    return kv_cli_fail (_("--games must be between 1 and 1000000"));
  if (seed < 0 || seed > G_MAXUINT32)
    return kv_cli_fail (_("--seed must be between 0 and %u"), G_MAXUINT32);

  if (!kv_cli_engine_kind (engine_text, &engine))
    return KV_EXIT_ERROR;

  script = kv_script_open (argv[1], &error);
  if (script == NULL)
    return kv_cli_fail ("%s", error->message);
  if (!kv_cli_parse_agents (agents, script->game, argv[1], listed))
    return KV_EXIT_ERROR;

  /* The same tournament the window's dialog plays: same seed, same numbers. */
  progress = isatty (STDERR_FILENO) && games > 1;
  tournament = kv_tournament_new (script->game, listed, (guint32) seed);
  kv_tournament_set_engine (tournament, engine);
  options.transcripts = transcripts;
  kv_tournament_set_options (tournament, &options);
  /* A thousand games of cluedo6 take most of an hour: on a terminal, the
   * count so far, on one line that the table's first line replaces. */
  for (int g = 0; g < games; g++)
    {
      if (progress)
        /* TRANSLATORS: progress on the terminal, "game 12 of 1000" */
        g_printerr (_("\rgame %d of %d…"), g + 1, games);
      if (!kv_tournament_play_game (tournament, &error))
        {
          if (progress)
            g_printerr ("\n");
          return kv_cli_fail ("%s", error->message);
        }
    }
  if (progress)
    g_printerr ("\r\033[K");

  if (json)
    print_json (kv_tournament_get_result (tournament), tournament, &options, argv[1], (guint32) seed);
  else
    {
      print_text (kv_tournament_get_result (tournament), argv[1], (guint32) seed, options.fixed_seats);
      print_options_text (kv_tournament_get_result (tournament), tournament, &options);
    }
  return 0;
}
