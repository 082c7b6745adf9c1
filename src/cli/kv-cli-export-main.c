// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-export-main.c: kripkeviz-cli-export, the commands that draw
 * (export, and lesson for its PDF handout) in a program of their own, so
 * that the other commands start without loading the drawing libraries.
 * kripkeviz-cli execs it as `kripkeviz-cli export …` or `kripkeviz-cli
 * lesson …` (argv[0] kripkeviz-cli, argv[1] the command). */
#define G_LOG_DOMAIN "kv-cli"
#include "config.h"

#include "kv-cli-common.h"
#include "kv-cli-export.h"
#include "kv-cli-lesson.h"
#include "kv-i18n.h"

int
main (int argc, char **argv)
{
  kv_i18n_init ();
  kv_cli_check_stdout_at_exit ();
  if (argc >= 2 && g_str_equal (argv[1], "lesson"))
    return kv_cli_lesson (argc - 1, argv + 1);
  if (argc < 2)
    return kv_cli_fail ("usage: kripkeviz-cli export GAME --format F -o FILE");
  return kv_cli_export (argc - 1, argv + 1);
}
