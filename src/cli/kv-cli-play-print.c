// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play-print.c: play's table and JSON.
 *
 * Per strategy: seats, wins, win share, mean and distribution of the rounds
 * to win; then the players' common knowledge of δ at the end and, when
 * asked for, each fixed seat's figure and the observer's knowledge.
 */
#define G_LOG_DOMAIN "kv-cli-play"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-play-print.h"

/* A figure per game. */
static double
share (guint64 part, guint whole)
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
print_table (const KvTournamentResult *t)
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

void
kv_cli_play_print_text (const KvTournamentResult *t,
                        const KvPlayOptions      *options,
                        const char               *game,
                        guint32                   seed)
{
  if (options->fixed_seats)
    printf (_("%s: %u games, seed %u (fixed seats: agent a plays the a-th strategy)\n\n"), game, t->games, seed);
  else
    printf (_("%s: %u games, seed %u (strategies rotate over the seats)\n\n"), game, t->games, seed);
  print_table (t);
  if (t->no_winner > 0)
    printf (_("\n%u games without a winner in %u rounds\n"), t->no_winner, KV_TOURNAMENT_MAX_ROUNDS);
  if (t->ended_by_ask > 0)
    printf (_("\n%u games ended when agent 1 asked δ\n"), t->ended_by_ask);
  print_knows (_("common knowledge among the players at the end"), &t->common, t, FALSE);
  if (options->fixed_seats)
    {
      printf ("\n%s\n", _("seat  strategy  won or asked δ  mean rounds until then"));
      for (guint a = 0; a < t->n_seats; a++)
        {
          g_autofree char *mean = kv_format_decimal (kv_tournament_seat_mean (&t->seats[a]), 2);

          printf ("%4u  %-8s  %14u  %s\n", a + 1, t->seats[a].name, t->seats[a].done, mean);
        }
      if (options->end_when_first_asks)
        printf ("%s\n", _("(the other seats count the games in which they asked δ before agent 1 did)"));
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

static void
append_json_tally (GString *out, const KvTournamentTally *tally, const KvTournamentResult *t)
{
  gboolean first = TRUE;

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

/* {"knew_delta": …, "mean_cards_known": …, "delta_cards": …, the sums},
 * and with @owners the owners known. */
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
      g_string_append_printf (out, ", \"owners_known_sum\": %" G_GUINT64_FORMAT, k->owners_known_sum);
    }
  g_string_append_printf (out, ", \"cards_known_sum\": %" G_GUINT64_FORMAT ", \"delta_cards_sum\": %" G_GUINT64_FORMAT "}",
                          k->delta_known_sum, t->delta_total_sum);
}

static void
append_json_seats (GString *out, const KvTournamentResult *t)
{
  g_string_append (out, ",\n  \"seats\": [");
  for (guint a = 0; a < t->n_seats; a++)
    {
      g_string_append_printf (out, "%s{\"strategy\": ", a ? ", " : "");
      append_json_string (out, t->seats[a].name);
      g_string_append_printf (out, ", \"won_or_asked_delta\": %u, \"mean_rounds\": ", t->seats[a].done);
      append_json_number (out, kv_tournament_seat_mean (&t->seats[a]));
      g_string_append_printf (out, ", \"rounds_sum\": %" G_GUINT64_FORMAT "}", t->seats[a].rounds_sum);
    }
  g_string_append (out, "]");
}

/* Written by hand rather than by JsonGenerator, which prints 0.35 as
 * 0.34999999999999998. */
void
kv_cli_play_print_json (const KvTournamentResult *t,
                        const KvPlayOptions      *options,
                        const char               *game,
                        guint32                   seed,
                        const KvCliPlaySlice     *slice)
{
  g_autoptr(GString) out = g_string_new ("{\n  \"game\": ");

  append_json_string (out, game);
  g_string_append_printf (out, ",\n  \"games\": %u,\n  \"seed\": %u,\n", t->games, seed);
  /* A shard says which, and how many games the whole run has, for --merge. */
  if (slice->sharded)
    g_string_append_printf (out, "  \"shard\": {\"index\": %u, \"of\": %u, \"run_games\": %u},\n",
                            slice->shard + 1, slice->shards, slice->games);
  g_string_append_printf (out, "  \"no_winner\": %u,\n  \"strategies\": {", t->no_winner);
  for (guint i = 0; i < t->n_tallies; i++)
    {
      g_string_append (out, i ? ",\n    " : "\n    ");
      append_json_tally (out, &t->tallies[i], t);
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
    append_json_seats (out, t);
  if (options->end_when_first_asks)
    g_string_append_printf (out, ",\n  \"ended_when_agent_1_asked_delta\": %u", t->ended_by_ask);
  g_string_append (out, "\n}\n");
  fputs (out->str, stdout);
}
