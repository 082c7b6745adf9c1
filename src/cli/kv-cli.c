// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kv-cli-check.h"
#include "kv-cli-common.h"
#include "kv-cli-model.h"
#include "kv-cli-run.h"
#include "kv-cli-play.h"
#include "kv-cli-search.h"
#include "kv-i18n.h"

static int
list_games (int argc, char **argv)
{
  g_auto(GStrv) names = kv_script_builtin_names ();

  if (argc == 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf ("%s\n", _("Usage: kripkeviz-cli games — list the built-in games: name and title"));
      return 0;
    }
  if (argc != 1)
    return kv_cli_fail (_("usage: kripkeviz-cli games"));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = kv_script_builtin_title (names[i]);
      /* In the user's language, as run titles the game. */
      printf ("%-12s %s\n", names[i], title ? kv_game_display_title (title) : "");
    }
  return 0;
}

/* export and lesson run in kripkeviz-cli-export, which alone links the
 * drawing libraries: beside this program in a build tree, in libexecdir
 * once installed. */
static int
exec_drawing (int argc, char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir ? g_build_filename (dir, "kripkeviz-cli-export", NULL) : NULL;
  g_autofree char *installed = g_build_filename (KV_LIBEXEC_DIR, "kripkeviz-cli-export", NULL);
  const char *program = beside && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE) ? beside : installed;
  g_autofree char **args = g_new0 (char *, argc + 2);

  args[0] = (char *) "kripkeviz-cli";
  for (int i = 0; i < argc; i++)
    args[i + 1] = argv[i];
  fflush (stdout);
  execv (program, args);
  return kv_cli_fail (_("cannot run %s: %s"), program, g_strerror (errno));
}

typedef struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *usage;
} Command;

static const Command commands[] = {
  { "games", list_games, N_("games                         list the built-in games") },
  { "run", kv_cli_run, N_("run GAME [--json]             run a script (a .kvg path or a built-in name)") },
  { "check", kv_cli_check, N_("check GAME FORMULA [--step N] [--json] true/false at the actual world (exit 0, 1; 2 on error)") },
  { "model", kv_cli_model, N_("model GAME [--step N] [--json] [-o FILE] the explicit model (--json: a .kvm.json)") },
  { "export", exec_drawing, N_("export GAME --format F -o FILE draw the model (see export --help)") },
  { "play", kv_cli_play, N_("play GAME --agents A,B,… [--games N] [--seed S] [--json]  self-play tournament") },
  { "lesson", exec_drawing, N_("lesson LESSON [--key] [--lang L] [-o F.pdf] | --list  a lesson as a worksheet, or its answer key") },
  { "search", kv_cli_search, N_("search unsuccessful GAME --seed S -o FILE.kvg  find an endmove after which someone wins") },
};

static int
usage (FILE *out)
{
  g_autoptr(GString) text = g_string_new (_("Usage: kripkeviz-cli COMMAND …"));
  g_autofree char *wrapped = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "\n  kripkeviz-cli %s", _(commands[i].usage));
  wrapped = kv_cli_wrap (text->str, 80);
  fprintf (out, "%s\n", wrapped);
  return out == stdout ? 0 : KV_EXIT_ERROR;
}

int
main (int argc, char **argv)
{
  kv_i18n_init ();
  kv_cli_check_stdout_at_exit ();

  if (argc < 2)
    return usage (stderr);
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    return usage (stdout);
  if (strcmp (argv[1], "--version") == 0 || strcmp (argv[1], "-V") == 0)
    {
      printf ("kripkeviz-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return kv_cli_check_environment () ? commands[i].run (argc - 1, argv + 1) : KV_EXIT_ERROR;
  kv_cli_fail (_("unknown command “%s”"), argv[1]);
  return usage (stderr);
}
