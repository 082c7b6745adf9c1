// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play.c: play GAME --agents A,B,… [--games N] [--seed S] [--json]
 *
 * N games from random deals, game g's drawn from a GRand seeded with S and
 * g (kv-tournament.h), so --jobs (worker processes) and --shard K/N (a
 * slice, for other machines; --merge adds their --json up) print the same
 * figures as one process. The strategies rotate over the seats from game to
 * game (game g gives agent a the strategy (a + g) mod n of the list), so no
 * strategy keeps the first move. Per strategy: wins, win share, mean and distribution of the rounds
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
#include "kv-cli-play-merge.h"
#include "kv-cli-play-workers.h"
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

static void
print_text (const KvTournamentResult *t, const char *game, guint32 seed)
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
  {
    g_autofree char *known = kv_format_decimal (share (t->observer_known_sum, t->games), 2);
    g_autofree char *total = kv_format_decimal (share (t->observer_total_sum, t->games), 2);

    /* TRANSLATORS: the two last %s are decimals ("1.40", "3.00", with the locale's decimal sign) */
    printf (_("\nobserver (common knowledge) at the end: knew δ in %u of %u games, %s of its %s cards on average\n"),
            t->observer_knew_all, t->games, known, total);
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

/* Written by hand rather than by JsonGenerator, which prints 0.35 as
 * 0.34999999999999998. */
static void
print_json (const KvTournamentResult *t, const char *game, guint32 seed,
            const KvCliPlaySlice *slice)
{
  g_autoptr(GString) out = g_string_new ("{\n  \"game\": ");

  append_json_string (out, game);
  g_string_append_printf (out, ",\n  \"games\": %u,\n  \"seed\": %u,\n", t->games, seed);
  /* A shard says which, and how many games the whole run has, for --merge. */
  if (slice->shards > 1)
    g_string_append_printf (out, "  \"shard\": {\"index\": %u, \"of\": %u, \"run_games\": %u},\n",
                            slice->shard + 1, slice->shards, slice->games);
  g_string_append_printf (out, "  \"no_winner\": %u,\n  \"strategies\": {", t->no_winner);
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
      g_string_append_printf (out, ", \"rounds_sum\": %" G_GUINT64_FORMAT ", \"rounds\": {", tally->rounds_sum);
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
  g_string_append_printf (out, "\n  },\n  \"observer\": {\"knew_delta\": %u, \"mean_cards_known\": ",
                          t->observer_knew_all);
  append_json_number (out, share (t->observer_known_sum, t->games));
  g_string_append (out, ", \"delta_cards\": ");
  append_json_number (out, share (t->observer_total_sum, t->games));
  g_string_append_printf (out, ", \"cards_known_sum\": %" G_GUINT64_FORMAT ", \"delta_cards_sum\": %" G_GUINT64_FORMAT "}\n}\n",
                          t->observer_known_sum, t->observer_total_sum);
  fputs (out->str, stdout);
}

/* Every play option lives in one struct and one table: adding an option is
 * a field, an entry in play_entries and, if it has bounds, a line in
 * check_options. */
typedef struct {
  char *agents;
  char *engine_text;
  int games;
  gint64 seed;
  gboolean json;
  int jobs;
  char *shard;
  gboolean merge;
} PlayOptions;

static void
play_options_clear (PlayOptions *o)
{
  g_clear_pointer (&o->agents, g_free);
  g_clear_pointer (&o->engine_text, g_free);
  g_clear_pointer (&o->shard, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PlayOptions, play_options_clear)

#define PLAY_USAGE N_("usage: kripkeviz-cli play GAME --agents A,B,… [--games N] [--seed S] [--engine E] [--json]")

/* The option table of @o: GOptionEntry wants the addresses of the fields. */
static GOptionEntry *
play_entries (PlayOptions *o)
{
  const GOptionEntry entries[] = {
    { "agents", 0, 0, G_OPTION_ARG_STRING, &o->agents, N_("One strategy per agent: random, naive, del or del+ (comma-separated)"), "A,B,…" },
    { "games", 0, 0, G_OPTION_ARG_INT, &o->games, N_("Number of games (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed, N_("Seed of the random deals (default 1)"), "S" },
    KV_CLI_ENGINE_OPTION (&o->engine_text),
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &o->jobs, N_("Worker processes (default: the cores)"), "N" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &o->shard, N_("Play only the K-th of N slices of the games"), "K/N" },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &o->merge, N_("Add up the --json outputs of shards (FILE…)"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_("Print JSON"), NULL },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

/* "K/N" into @slice (K from 1 to N); FALSE if it is not that. */
static gboolean
parse_shard (const char *text, KvCliPlaySlice *slice)
{
  guint64 k, n;
  char *end;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_isdigit (*text))
    return FALSE;
  k = g_ascii_strtoull (text, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  n = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0' || n < 1 || n > 1000000 || k < 1 || k > n)
    return FALSE;
  slice->shard = k - 1;
  slice->shards = n;
  return TRUE;
}

/* 0 when the parsed options are in bounds, else the exit code after saying
 * which is wrong. */
static int
check_options (const PlayOptions *o, int argc, KvCliPlaySlice *slice)
{
  if (o->merge)
    return argc >= 2 ? 0 : kv_cli_fail (_("usage: kripkeviz-cli play --merge FILE… [--json]"));
  if (argc != 2 || o->agents == NULL)
    return kv_cli_fail ("%s", _(PLAY_USAGE));
  if (o->games < 1 || o->games > 1000000)
    return kv_cli_fail (_("--games must be between 1 and 1000000"));
  if (o->seed < 0 || o->seed > G_MAXUINT32)
    return kv_cli_fail (_("--seed must be between 0 and %u"), G_MAXUINT32);
  if (o->jobs < 0 || o->jobs > 1024)
    return kv_cli_fail (_("--jobs must be between 0 (every core) and 1024"));
  if (!parse_shard (o->shard, slice))
    return kv_cli_fail (_("--shard must be K/N with 1 ≤ K ≤ N, not “%s”"), o->shard);
  slice->games = o->games;
  slice->jobs = o->jobs > 0 ? (guint) o->jobs : g_get_num_processors ();
  return 0;
}

static void
print_result (const KvTournamentResult *t, const char *game, guint32 seed,
              const KvCliPlaySlice *slice, gboolean json)
{
  if (json)
    print_json (t, game, seed, slice);
  else
    print_text (t, game, seed);
}

/* play --merge FILE…: the shards' --json added up, printed as one run. */
static int
merge (char **paths, guint n, gboolean json)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game = NULL;
  KvCliPlaySlice whole = { .shards = 1 };
  KvTournamentResult result;
  guint32 seed;

  if (!kv_cli_play_merge_files (paths, n, &result, &game, &seed, &error))
    return kv_cli_fail ("%s", error->message);
  whole.games = result.games;
  print_result (&result, game, seed, &whole, json);
  return 0;
}

int
kv_cli_play (int argc, char **argv)
{
  g_auto(PlayOptions) o = { .games = 100, .seed = 1 };
  g_autofree GOptionEntry *entries = play_entries (&o);
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — self-play: strategies against each other from random deals"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvTournament) tournament = NULL;
  KvCliPlaySlice slice = { .shards = 1 };
  KvTournamentResult result;
  KvEngineKind engine;
  const KvStrategy *listed[KV_MAX_AGENTS];
  int status;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if ((status = check_options (&o, argc, &slice)) != 0)
    return status;
  if (o.merge)
    return merge (argv + 1, argc - 1, o.json);
  if (!kv_cli_engine_kind (o.engine_text, &engine))
    return KV_EXIT_ERROR;

  script = kv_script_open (argv[1], &error);
  if (script == NULL)
    return kv_cli_fail ("%s", error->message);
  if (!kv_cli_parse_agents (o.agents, script->game, argv[1], listed))
    return KV_EXIT_ERROR;

  /* The same tournament the window's dialog plays: same seed, same numbers. */
  tournament = kv_tournament_new (script->game, listed, (guint32) o.seed);
  kv_tournament_set_engine (tournament, engine);
  if (!kv_cli_play_slice (tournament, &slice, &result, &error))
    return kv_cli_fail ("%s", error->message);
  print_result (&result, argv[1], (guint32) o.seed, &slice, o.json);
  return 0;
}
