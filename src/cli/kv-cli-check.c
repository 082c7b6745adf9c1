// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli-check"
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-check.h"
#include "kv-cli-engine.h"

/* {"formula": "...", "step": N, "value": true} on one line. */
static void
print_json (const char *formula,
            guint       step,
            gboolean    value)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "formula");
  json_builder_add_string_value (b, formula);
  json_builder_set_member_name (b, "step");
  json_builder_add_int_value (b, step);
  json_builder_set_member_name (b, "value");
  json_builder_add_boolean_value (b, value);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

/* check GAME FORMULA [--step N] [--json]: exit 0 true, 1 false, 2 error. */
int
kv_cli_check (int argc, char **argv)
{
  g_autofree char *step_text = NULL;
  int step;
  gboolean json = FALSE;
  g_autofree char *engine = NULL;
  GOptionEntry entries[] = {
    KV_CLI_ENGINE_OPTION (&engine),
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_text, N_("Check after the first N steps (0: the initial model)"), "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print {\"formula\", \"step\", \"value\"} as JSON"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME FORMULA — is FORMULA true at the actual world?"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvCliRun) run = NULL;
  KvState *state;
  g_autoptr(KvFormula) formula = NULL;
  gboolean value;
  guint column = 1;
  guint at_step = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 3)
    return kv_cli_fail (_("usage: kripkeviz-cli check GAME FORMULA [--step N] [--json]"));
  if (!kv_cli_step_option (step_text, &step))
    return KV_EXIT_ERROR;

  run = kv_cli_open_run_last (argv[1], engine, step);
  if (run == NULL)
    return KV_EXIT_ERROR;
  state = kv_cli_run_last (run, &at_step);

  formula = kv_formula_parse (kv_state_game (state), argv[2], &column, &error);
  if (formula == NULL)
    {
      /* The formula around the place, and a caret under it. */
      guint at = 1;
      g_autofree char *excerpt = kv_read_excerpt (argv[2], column, &at);
      g_autofree char *shown = kv_read_shorten (error->message);

      fprintf (stderr, "formula:1:%u: error: %s\n  %s\n  %*s^\n", column, shown, excerpt, at - 1, "");
      return KV_EXIT_ERROR;
    }
  if (!kv_state_check_actual (state, formula, &value, &error))
    return kv_cli_fail ("%s", error->message);
  if (json)
    print_json (argv[2], at_step, value);
  else
    printf ("%s\n", value ? "true" : "false");
  return value ? 0 : 1;
}
