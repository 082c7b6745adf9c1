#define G_LOG_DOMAIN "kv-cli-run"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-run.h"

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

/* "explain" and "removed" (names, or a count past KV_EXPLAIN_NAMED_MAX). */
static void
add_explanation (JsonBuilder *b, const KvHistory *history, guint index)
{
  g_autoptr(KvExplanation) explanation = NULL;

  if (index == 0)
    return;
  explanation = kv_explain_entry (history, index);
  json_builder_set_member_name (b, "explain");
  json_builder_add_string_value (b, explanation->text);
  json_builder_set_member_name (b, "removed");
  if (explanation->n_removed > KV_EXPLAIN_NAMED_MAX)
    json_builder_add_int_value (b, explanation->n_removed);
  else
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < explanation->removed->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (explanation->removed, i));
      json_builder_end_array (b);
    }
}

static void
add_step (JsonBuilder *b, const KvHistory *history, guint index)
{
  const KvGame *game = history->game;
  const KvHistoryEntry *entry = kv_history_get (history, index);
  const KvModel *model = entry->model;
  g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);
  g_autofree guint32 *everyone = kv_knowledge_everyone (k);
  g_autofree guint32 *blocks = NULL;
  g_autofree char *action = entry->step == NULL ? g_strdup ("initial")
    : entry->step->text != NULL ? g_strdup (entry->step->text) : kv_step_to_string (entry->step);
  guint n_blocks;

  blocks = kv_bisim_blocks (model, &n_blocks);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "index");
  json_builder_add_int_value (b, index);
  json_builder_set_member_name (b, "action");
  json_builder_add_string_value (b, action);
  if (entry->expanded != NULL)
    {
      json_builder_set_member_name (b, "expanded");
      json_builder_begin_array (b);
      for (guint i = 0; i < entry->expanded->len; i++)
        {
          g_autofree char *sub = kv_step_to_string (g_ptr_array_index (entry->expanded, i));
          json_builder_add_string_value (b, sub);
        }
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, "worlds");
  json_builder_add_int_value (b, model->n_worlds);
  json_builder_set_member_name (b, "contracted");
  json_builder_add_int_value (b, n_blocks);

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
      json_builder_add_int_value (b, k->agents[a].class_size);
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
  add_explanation (b, history, index);
  json_builder_end_object (b);
}

static void
print_json (const KvHistory *history)
{
  const KvGame *game = history->game;
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
  for (guint i = 0; i < kv_history_length (history); i++)
    add_step (b, history, i);
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

/* The knowledge table at the actual world: per agent the owner it knows,
 * or "?" with the candidates (with @probabilities: each candidate's
 * share of the agent's worlds); then E, what everyone knows, and C, common
 * knowledge. */
static void
print_table (const KvModel *model, gboolean probabilities)
{
  const KvGame *game = model->game;
  g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);
  g_autofree guint32 *everyone = kv_knowledge_everyone (k);
  g_autoptr(GPtrArray) shares = g_ptr_array_new_with_free_func (g_free);
  guint width = 8, cell_width = probabilities ? 22 : 14;

  for (guint a = 0; a < game->n_agents && probabilities; a++)
    g_ptr_array_add (shares, kv_probabilities_new (model, a, model->actual));
  for (guint c = 0; c < game->n_cards; c++)
    width = MAX (width, strlen (game->card_names[c]) + 2);
  /* The row titles, translated, fit too. */
  width = MAX (width, strlen (_("card")) + 2);
  width = MAX (width, strlen (_("worlds")) + 2);

  printf ("%-*s", width, _("card"));
  for (guint a = 0; a < game->n_agents; a++)
    printf ("%-*s", cell_width, game->agent_names[a]);
  printf ("%-14s%s\n", _("everyone"), _("common"));
  for (guint c = 0; c < game->n_cards; c++)
    {
      printf ("%-*s", width, game->card_names[c]);
      for (guint a = 0; a < game->n_agents; a++)
        {
          g_autoptr(GString) cell = g_string_new (NULL);

          if (probabilities)
            append_shares (cell, game, g_ptr_array_index (shares, a), c);
          else
            append_owners (cell, game, k->agents[a].possible[c]);
          printf ("%-*s", cell_width, cell->str);
        }
      {
        g_autoptr(GString) e = g_string_new (NULL);
        g_autoptr(GString) common = g_string_new (NULL);

        append_owners (e, game, everyone[c]);
        append_owners (common, game, k->common.possible[c]);
        printf ("%-14s%s\n", e->str, common->str);
      }
    }
  printf ("%-*s", width, _("worlds"));
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autofree char *cell = g_strdup_printf ("%u%s", k->agents[a].class_size, k->agents[a].wins ? _(" wins") : "");
      printf ("%-*s", cell_width, cell);
    }
  printf ("%-14s%u\n", "", k->common.class_size);
}

/* The step explained, each sentence indented under the step's line. */
static void
print_explanation (const KvHistory *history, guint index)
{
  g_autoptr(KvExplanation) explanation = kv_explain_entry (history, index);
  g_auto(GStrv) lines = g_strsplit (explanation->text, "\n", -1);

  for (guint j = 0; lines[j] != NULL; j++)
    printf ("      %s\n", lines[j]);
}

static void
print_text (const KvHistory *history, gboolean probabilities)
{
  const KvGame *game = history->game;

  printf ("%s\n\n", game->title);
  for (guint i = 0; i < kv_history_length (history); i++)
    {
      const KvHistoryEntry *entry = kv_history_get (history, i);
      g_autoptr(KvKnowledge) k = kv_knowledge_new (entry->model, entry->model->actual);
      g_autofree char *del = entry->step ? kv_step_to_del (entry->step) : g_strdup (_("initial model"));
      g_autofree char *words = entry->step ? kv_step_to_words (entry->step) : g_strdup ("");
      g_autofree guint32 *blocks = NULL;
      guint n_blocks;
      GString *winners = g_string_new (NULL);

      blocks = kv_bisim_blocks (entry->model, &n_blocks);
      for (guint a = 0; a < game->n_agents; a++)
        if (k->winners & (1u << a))
          g_string_append_printf (winners, "%s%s", winners->len ? ", " : "", game->agent_names[a]);
      /* pad by characters: DEL notation has multi-byte subscripts */
      printf ("%2u  %s%*s", i, del, (int) MAX (0, 30 - (int) g_utf8_strlen (del, -1)), "");
      printf (_("%6u worlds (%u non-bisimilar)"), entry->model->n_worlds, n_blocks);
      if (winners->len > 0)
        printf (_("  can win: %s"), winners->str);
      if (words[0] != '\0')
        printf ("  — %s", words);
      printf ("\n");
      if (i > 0)
        print_explanation (history, i);
      g_string_free (winners, TRUE);
    }
  printf ("\n");
  print_table (kv_history_get (history, kv_history_length (history) - 1)->model, probabilities);
}

int
kv_cli_run (int argc, char **argv)
{
  gboolean json = FALSE;
  gboolean probabilities = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { "probabilities", 0, 0, G_OPTION_ARG_NONE, &probabilities,
      N_("In the knowledge table, each agent's share of its worlds for each owner"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — run a game script"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 2)
    return kv_cli_fail (_("usage: kripkeviz-cli run GAME [--json] [--probabilities]"));

  history = kv_cli_open_history (argv[1], NULL);
  if (history == NULL)
    return KV_EXIT_ERROR;
  if (json)
    print_json (history);
  else
    print_text (history, probabilities);
  return 0;
}
