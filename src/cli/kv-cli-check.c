#define G_LOG_DOMAIN "kv-cli-check"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kv-cli-common.h"
#include "kv-cli-check.h"

/* check GAME FORMULA [--step N]: exit 0 true, 1 false, 2 error. */
int
kv_cli_check (int argc, char **argv)
{
  int step = -1;
  GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_INT, &step, N_("Check after the first N steps (0: the initial model)"), "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME FORMULA — is FORMULA true at the actual world?"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvFormula) formula = NULL;
  const KvHistoryEntry *entry;
  gboolean value;
  guint column = 1;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return kv_cli_fail ("%s", error->message);
  if (argc != 3)
    return kv_cli_fail (_("usage: kripkeviz-cli check GAME FORMULA [--step N]"));
  if (step < -1)
    return kv_cli_fail (_("--step must be 0 or more"));

  history = kv_cli_open_history (argv[1], NULL);
  if (history == NULL)
    return KV_EXIT_ERROR;
  entry = kv_cli_entry (history, step);
  if (entry == NULL)
    return KV_EXIT_ERROR;

  formula = kv_formula_parse (history->game, argv[2], &column, &error);
  if (formula == NULL)
    {
      /* The formula, and a caret under the place. */
      fprintf (stderr, "formula:1:%u: error: %s\n  %s\n  %*s^\n", column, error->message, argv[2], column - 1, "");
      return KV_EXIT_ERROR;
    }
  if (!kv_check_actual (entry->model, formula, &value, &error))
    return kv_cli_fail ("%s", error->message);
  printf ("%s\n", value ? "true" : "false");
  return value ? 0 : 1;
}
