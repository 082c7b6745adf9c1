// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli-run"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-cli-run.h"
#include "kv-game-title.h"
#include "kv-lesson.h"

static void
add_possible (JsonBuilder *b, const KvGame *game, const guint32 *possible)
{
  json_builder_set_member_name (b, "possible");
  json_builder_begin_object (b);
  for (guint c = 0; c < game->n_cards; c++)
    {
      json_builder_set_member_name (b, game->card_names[c]);
      json_builder_begin_array (b);
      for (guint o = 0; o < kv_game_n_owners (game); o++)
        if (possible[c] & (1u << o))
          json_builder_add_string_value (b, kv_game_owner_name (game, o));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
add_string_array (JsonBuilder *b, const char *member, char **strings, guint n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_string_value (b, strings[i]);
  json_builder_end_array (b);
}

/* "explain" and "removed": names, or a count past KV_EXPLAIN_NAMED_MAX, on
 * either engine (the symbolic one names deals). */
static void
add_explanation (JsonBuilder *b, const KvExplanation *explanation)
{
  if (explanation == NULL)
    return;
  json_builder_set_member_name (b, "explain");
  json_builder_add_string_value (b, explanation->text);
  json_builder_set_member_name (b, "removed");
  if (explanation->n_removed > explanation->removed->len)
    json_builder_add_int_value (b, (gint64) explanation->n_removed);
  else
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < explanation->removed->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (explanation->removed, i));
      json_builder_end_array (b);
    }
}

/* The steps a suggest stood for: the history's, or expanded from the deal. */
static GPtrArray *
expanded_steps (const KvCliRun *run, guint index)
{
  const KvStep *step = kv_cli_run_step (run, index);

  if (run->history != NULL)
    {
      GPtrArray *expanded = kv_history_get (run->history, index)->expanded;
      return expanded ? g_ptr_array_ref (expanded) : NULL;
    }
  return step->kind == KV_STEP_SUGGEST ? kv_suggest_expand_hands (step, run->script->game->deal) : NULL;
}

/* Worlds left after bisimulation contraction: the explicit engine's, or -1. */
static gint64
contracted_count (const KvCliRun *run, guint index)
{
  g_autofree guint32 *blocks = NULL;
  guint n_blocks;

  if (run->history == NULL)
    return -1;
  blocks = kv_bisim_blocks (kv_history_get (run->history, index)->model, &n_blocks);
  return n_blocks;
}

static void
add_step (JsonBuilder *b, const KvCliRun *run, guint index)
{
  const KvCliReadout *readout = g_ptr_array_index (run->readouts, index);
  const KvGame *game = run->script->game;
  const KvStep *step = index > 0 ? kv_cli_run_step (run, index) : NULL;
  const KvKnowledge *k = readout->knowledge;
  g_autofree guint32 *everyone = kv_knowledge_everyone (k);
  g_autoptr(GPtrArray) expanded = index > 0 ? expanded_steps (run, index) : NULL;
  g_autofree char *action = step == NULL ? g_strdup ("initial")
    : step->text != NULL ? g_strdup (step->text) : kv_step_to_string (step);
  gint64 contracted = contracted_count (run, index);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "index");
  json_builder_add_int_value (b, index);
  json_builder_set_member_name (b, "action");
  json_builder_add_string_value (b, action);
  if (expanded != NULL)
    {
      json_builder_set_member_name (b, "expanded");
      json_builder_begin_array (b);
      for (guint i = 0; i < expanded->len; i++)
        {
          g_autofree char *sub = kv_step_to_string (g_ptr_array_index (expanded, i));
          json_builder_add_string_value (b, sub);
        }
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, "worlds");
  json_builder_add_int_value (b, (gint64) readout->worlds);
  /* The symbolic engine does not contract: the member is left out. */
  if (contracted >= 0)
    {
      json_builder_set_member_name (b, "contracted");
      json_builder_add_int_value (b, contracted);
    }

  json_builder_set_member_name (b, "winners");
  json_builder_begin_array (b);
  for (guint a = 0; a < game->n_agents; a++)
    if (k->winners & (1u << a))
      json_builder_add_string_value (b, game->agent_names[a]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "agents");
  json_builder_begin_object (b);
  for (guint a = 0; a < game->n_agents; a++)
    {
      json_builder_set_member_name (b, game->agent_names[a]);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "class_size");
      json_builder_add_int_value (b, (gint64) k->agents[a].class_size);
      add_possible (b, game, k->agents[a].possible);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "everyone");
  json_builder_begin_object (b);
  add_possible (b, game, everyone);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "common");
  json_builder_begin_object (b);
  add_possible (b, game, k->common.possible);
  json_builder_end_object (b);
  add_explanation (b, readout->explanation);
  json_builder_end_object (b);
}

static void
print_json (const KvCliRun *run)
{
  const KvGame *game = run->script->game;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) owners = g_ptr_array_new ();

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    g_ptr_array_add (owners, (char *) kv_game_owner_name (game, o));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "game");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, game->title);
  add_string_array (b, "agents", game->agent_names, game->n_agents);
  add_string_array (b, "cards", game->card_names, game->n_cards);
  add_string_array (b, "owners", (char **) owners->pdata, owners->len);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < run->readouts->len; i++)
    add_step (b, run, i);
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

/* A cell of the knowledge table: the owner known, or "?" with the candidates. */
static void
append_owners (GString *cell, const KvGame *game, guint32 possible)
{
  int owner = kv_knowledge_known_owner (possible);

  if (owner >= 0)
    {
      g_string_append (cell, kv_game_owner_name (game, owner));
      return;
    }
  g_string_append (cell, "? ");
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    if (possible & (1u << o))
      g_string_append_printf (cell, "%s%s", cell->len > 2 ? "/" : "", kv_game_owner_name (game, o));
}

/* A cell of the probability table: each possible owner with its share
 * ("1 50% 3 50%"). */
static void
append_shares (GString *cell, const KvGame *game, const double *shares, guint card)
{
  guint n_owners = kv_game_n_owners (game);

  for (guint o = 0; o < n_owners; o++)
    if (shares[card * n_owners + o] > 0)
      g_string_append_printf (cell, "%s%s %d%%", cell->len > 0 ? " " : "",
                              kv_game_owner_name (game, o), (int) (shares[card * n_owners + o] * 100 + 0.5));
}

/* Prints @rows (arrays of cells, all as long as the first) as columns,
 * each as wide as its widest cell and two spaces, the last unpadded.
 * Widths count characters, not bytes: names and translations may have
 * multi-byte letters. */
static void
print_columns (GPtrArray *rows)
{
  guint n_columns = ((GPtrArray *) g_ptr_array_index (rows, 0))->len;
  g_autofree glong *widths = g_new0 (glong, n_columns);

  for (guint r = 0; r < rows->len; r++)
    for (guint c = 0; c < n_columns; c++)
      widths[c] = MAX (widths[c], g_utf8_strlen (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (rows, r), c), -1));
  for (guint r = 0; r < rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (rows, r);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint c = 0; c < n_columns; c++)
        {
          const char *cell = g_ptr_array_index (row, c);

          g_string_append (line, cell);
          if (c + 1 < n_columns)
            for (glong pad = g_utf8_strlen (cell, -1); pad < widths[c] + 2; pad++)
              g_string_append_c (line, ' ');
        }
      printf ("%s\n", line->str);
    }
}

static GPtrArray *
row_new (GPtrArray *rows)
{
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (rows, row);
  return row;
}

static char *
owners_cell (const KvGame *game, guint32 possible)
{
  GString *cell = g_string_new (NULL);

  append_owners (cell, game, possible);
  return g_string_free (cell, FALSE);
}

/* The knowledge table at the actual world: per agent the owner it knows,
 * or "?" with the candidates (with @probabilities: each candidate's
 * share of the deals the agent considers possible); then E, what everyone knows, and C, common
 * knowledge. The last row: the worlds each agent considers possible, and
 * whether it can win; E has no worlds of its own (it is what each agent
 * knows), so its cell stays empty, as in the window; C's is the actual
 * world's component. */
static void
print_table (KvState *state, gboolean probabilities)
{
  const KvGame *game = kv_state_game (state);
  const KvKnowledge *k = kv_state_knowledge (state);
  g_autofree guint32 *everyone = kv_knowledge_everyone (k);
  g_autoptr(GPtrArray) shares = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row;

  for (guint a = 0; a < game->n_agents && probabilities; a++)
    g_ptr_array_add (shares, kv_state_probabilities (state, a));

  row = row_new (rows);
  g_ptr_array_add (row, g_strdup (_("card")));
  for (guint a = 0; a < game->n_agents; a++)
    g_ptr_array_add (row, g_strdup (game->agent_names[a]));
  g_ptr_array_add (row, g_strdup (_("everyone")));
  g_ptr_array_add (row, g_strdup (_("common")));

  for (guint c = 0; c < game->n_cards; c++)
    {
      row = row_new (rows);
      g_ptr_array_add (row, g_strdup (game->card_names[c]));
      for (guint a = 0; a < game->n_agents; a++)
        if (probabilities)
          {
            GString *cell = g_string_new (NULL);

            append_shares (cell, game, g_ptr_array_index (shares, a), c);
            g_ptr_array_add (row, g_string_free (cell, FALSE));
          }
        else
          g_ptr_array_add (row, owners_cell (game, k->agents[a].possible[c]));
      g_ptr_array_add (row, owners_cell (game, everyone[c]));
      g_ptr_array_add (row, owners_cell (game, k->common.possible[c]));
    }

  row = row_new (rows);
  g_ptr_array_add (row, g_strdup (_("worlds")));
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, k->agents[a].class_size);

      /* TRANSLATORS: the knowledge table's last row, under an agent: the
       * worlds it considers possible, and that it can win ("1, can win") */
      g_ptr_array_add (row, k->agents[a].wins ? g_strdup_printf (_("%s, can win"), count) : g_steal_pointer (&count));
    }
  g_ptr_array_add (row, g_strdup (""));
  g_ptr_array_add (row, g_strdup_printf ("%" G_GUINT64_FORMAT, k->common.class_size));
  print_columns (rows);
}

/* The step explained, each sentence indented under the step's line. */
static void
print_explanation (const KvExplanation *explanation)
{
  g_auto(GStrv) lines = g_strsplit (explanation->text, "\n", -1);

  for (guint j = 0; lines[j] != NULL; j++)
    printf ("      %s\n", lines[j]);
}

/* A lesson's narration of the step (kv-narration.h), in the user's language. */
static void
print_narration (const GPtrArray *says)
{
  g_autofree char *text = kv_say_text (says, kv_i18n_narration_language ());

  if (text != NULL)
    printf ("      » %s\n", text);
}

static void
print_text (const KvCliRun *run, gboolean probabilities)
{
  const KvGame *game = run->script->game;
  g_autofree char *title = NULL;
  int del_width = 30, count_width = 6;

  /* The counts line up, right-aligned, after the longest step in DEL
   * notation (a real Cluedo suggest is longer than the usual column).
   * Padded by characters: DEL notation has multi-byte subscripts. */
  for (guint i = 0; i < run->readouts->len; i++)
    {
      const KvCliReadout *readout = g_ptr_array_index (run->readouts, i);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, readout->worlds);

      count_width = MAX (count_width, (int) strlen (count));
      if (i > 0)
        {
          g_autofree char *del = kv_step_to_del (kv_cli_run_step (run, i));

          del_width = MAX (del_width, (int) g_utf8_strlen (del, -1) + 2);
        }
    }
  title = kv_game_user_title (game);
  printf ("%s\n\n", title != NULL ? title : "");
  for (guint i = 0; i < run->readouts->len; i++)
    {
      const KvCliReadout *readout = g_ptr_array_index (run->readouts, i);
      const KvStep *step = i > 0 ? kv_cli_run_step (run, i) : NULL;
      const KvKnowledge *k = readout->knowledge;
      g_autofree char *del = step ? kv_step_to_del (step) : g_strdup (_("initial model"));
      g_autofree char *words = step ? kv_step_to_words (step) : g_strdup ("");
      g_autofree char *worlds = g_strdup_printf ("%*" G_GUINT64_FORMAT, count_width, readout->worlds);
      gint64 contracted = contracted_count (run, i);
      GString *winners = g_string_new (NULL);

      for (guint a = 0; a < game->n_agents; a++)
        if (k->winners & (1u << a))
          g_string_append_printf (winners, "%s%s", winners->len ? ", " : "", game->agent_names[a]);
      printf ("%2u  %s%*s", i, del, del_width - (int) g_utf8_strlen (del, -1), "");
      if (contracted >= 0)
        printf (_("%s worlds (%u non-bisimilar)"), worlds, (guint) contracted);
      else
        printf (_("%s worlds"), worlds);
      if (winners->len > 0)
        printf (_("  can win: %s"), winners->str);
      if (words[0] != '\0')
        printf ("  — %s", words);
      printf ("\n");
      if (readout->explanation != NULL)
        print_explanation (readout->explanation);
      print_narration (step ? step->say : game->say);
      g_string_free (winners, TRUE);
    }
  printf ("\n");
  if (probabilities)
    printf ("%s\n\n", _("Probabilities over deals: each deal an agent still considers possible is as likely as any other (a deal counts once however many worlds it has)."));
  print_table (g_ptr_array_index (run->states, run->states->len - 1), probabilities);
}

int
kv_cli_run (int argc, char **argv)
{
  gboolean json = FALSE;
  gboolean probabilities = FALSE;
  g_autofree char *engine = NULL;
  GOptionEntry entries[] = {
    KV_CLI_ENGINE_OPTION (&engine),
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { "probabilities", 0, 0, G_OPTION_ARG_NONE, &probabilities,
      N_("In the knowledge table, each agent's probability for each owner, over the deals it considers possible"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — run a game script"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvCliRun) run = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 2)
    return kv_cli_fail (_("usage: kripkeviz-cli run GAME [--json] [--probabilities]"));

  run = kv_cli_open_run_read_out (argv[1], engine);
  if (run == NULL)
    return KV_EXIT_ERROR;
  if (json)
    print_json (run);
  else
    print_text (run, probabilities);
  return 0;
}
