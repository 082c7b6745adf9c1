// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli-model"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kv-cli-common.h"
#include "kv-cli-model.h"
#include "kv-partition.h"

/* The model for people: its worlds (the actual one starred), then each
 * agent's classes by world names. */
static char *
model_to_text (const KvModel *model)
{
  const KvGame *game = model->game;
  GString *out = g_string_new (NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *title = kv_game_user_title (game);

  for (guint w = 0; w < model->n_worlds; w++)
    g_ptr_array_add (labels, kv_model_world_label (model, w));
  g_string_append_printf (out, "%s\n", title != NULL ? title : "");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u world, the actual one %u (%s)\n",
                                            "%u worlds, the actual one %u (%s)\n", model->n_worlds),
                          model->n_worlds, model->actual, (char *) g_ptr_array_index (labels, model->actual));
  for (guint w = 0; w < model->n_worlds; w++)
    g_string_append_printf (out, "%c%5u  %s\n", w == model->actual ? '*' : ' ', w,
                            (char *) g_ptr_array_index (labels, w));
  for (guint a = 0; a < game->n_agents; a++)
    {
      /* Each class's worlds in one pass, not a pass over the worlds per class. */
      g_autoptr(KvClasses) classes = kv_classes_new (model->cls[a], model->n_worlds, model->n_classes[a]);

      g_string_append_printf (out, "\n");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "agent %s: %u class\n", "agent %s: %u classes\n",
                                                model->n_classes[a]),
                              game->agent_names[a], model->n_classes[a]);
      for (guint k = 0; k < model->n_classes[a]; k++)
        {
          g_string_append (out, "  {");
          for (guint i = classes->offsets[k]; i < classes->offsets[k + 1]; i++)
            g_string_append_printf (out, "%s%s", i > classes->offsets[k] ? ", " : "",
                                    (char *) g_ptr_array_index (labels, classes->members[i]));
          g_string_append (out, "}\n");
        }
    }
  return g_string_free (out, FALSE);
}

/* model GAME [--step N] [--json] [-o FILE] */
int
kv_cli_model (int argc, char **argv)
{
  g_autofree char *step_text = NULL;
  int step;
  gboolean json = FALSE;
  g_autofree char *output = NULL;
  GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_text, N_("The model after the first N steps (0: the initial model; default: all)"), "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write the versioned JSON (.kvm.json) that run, check and export read back"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (default: standard output)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME — the explicit model: worlds, hands, each agent's partition, the actual world"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const KvHistoryEntry *entry;
  char *text;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 2)
    return kv_cli_fail (_("usage: kripkeviz-cli model GAME [--step N] [--json] [-o FILE]"));
  if (!kv_cli_step_option (step_text, &step))
    return KV_EXIT_ERROR;

  history = kv_cli_open_history (argv[1], NULL);
  if (history == NULL)
    return KV_EXIT_ERROR;
  entry = kv_cli_entry (history, step);
  if (entry == NULL)
    return KV_EXIT_ERROR;

  text = json ? kv_model_to_json (entry->model, step < 0 ? (int) kv_history_length (history) - 1 : step)
              : model_to_text (entry->model);
  bytes = g_bytes_new_take (text, strlen (text));
  if (!kv_cli_write_output (output != NULL ? output : "-", bytes, &error))
    return kv_cli_fail ("%s", error->message);
  return 0;
}
