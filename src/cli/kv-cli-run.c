#define G_LOG_DOMAIN "kv-cli-run"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-run.h"

static void
add_possible (JsonBuilder *b, const KvGame *game, const KvPerspective *p)
{
  json_builder_set_member_name (b, "possible");
  json_builder_begin_object (b);
  for (guint c = 0; c < game->n_cards; c++)
    {
      json_builder_set_member_name (b, game->card_names[c]);
      json_builder_begin_array (b);
      for (guint o = 0; o < kv_game_n_owners (game); o++)
        if (p->possible[c] & (1u << o))
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

static void
add_step (JsonBuilder *b, const KvGame *game, const KvHistoryEntry *entry, guint index)
{
  const KvModel *model = entry->model;
  g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);
  g_autofree guint32 *blocks = NULL;
  g_autofree char *action = entry->step ? kv_step_to_string (entry->step) : g_strdup ("initial");
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
      add_possible (b, game, &k->agents[a]);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "common");
  json_builder_begin_object (b);
  add_possible (b, game, &k->common);
  json_builder_end_object (b);
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
    add_step (b, game, kv_history_get (history, i), i);
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

/* The knowledge table at the actual world: the owner each agent knows, or
 * "?" with the candidates. */
static void
print_table (const KvModel *model)
{
  const KvGame *game = model->game;
  g_autoptr(KvKnowledge) k = kv_knowledge_new (model, model->actual);
  guint width = 8;

  for (guint c = 0; c < game->n_cards; c++)
    width = MAX (width, strlen (game->card_names[c]) + 2);
  /* The row titles, translated, fit too. */
  width = MAX (width, strlen (_("card")) + 2);
  width = MAX (width, strlen (_("worlds")) + 2);

  printf ("%-*s", width, _("card"));
  for (guint a = 0; a < game->n_agents; a++)
    printf ("%-14s", game->agent_names[a]);
  printf ("%s\n", _("everyone"));
  for (guint c = 0; c < game->n_cards; c++)
    {
      printf ("%-*s", width, game->card_names[c]);
      for (guint a = 0; a <= game->n_agents; a++)
        {
          const KvPerspective *p = a < game->n_agents ? &k->agents[a] : &k->common;
          int owner = kv_knowledge_known_owner (p->possible[c]);
          GString *cell = g_string_new (NULL);

          if (owner >= 0)
            g_string_append (cell, kv_game_owner_name (game, owner));
          else
            {
              g_string_append (cell, "? ");
              for (guint o = 0; o < kv_game_n_owners (game); o++)
                if (p->possible[c] & (1u << o))
                  g_string_append_printf (cell, "%s%s", cell->len > 2 ? "/" : "", kv_game_owner_name (game, o));
            }
          printf (a < game->n_agents ? "%-14s" : "%s", cell->str);
          g_string_free (cell, TRUE);
        }
      printf ("\n");
    }
  printf ("%-*s", width, _("worlds"));
  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autofree char *cell = g_strdup_printf ("%u%s", k->agents[a].class_size, k->agents[a].wins ? _(" wins") : "");
      printf ("%-14s", cell);
    }
  printf ("%u\n", k->common.class_size);
}

static void
print_text (const KvHistory *history)
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
      g_string_free (winners, TRUE);
    }
  printf ("\n");
  print_table (kv_history_get (history, kv_history_length (history) - 1)->model);
}

int
kv_cli_run (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — run a game script"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 2)
    return kv_cli_fail (_("usage: kripkeviz-cli run GAME [--json]"));

  history = kv_cli_open_history (argv[1], NULL);
  if (history == NULL)
    return KV_EXIT_ERROR;
  if (json)
    print_json (history);
  else
    print_text (history);
  return 0;
}
