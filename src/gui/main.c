// SPDX-License-Identifier: GPL-3.0-or-later
/* main.c: kripkeviz — the window */
#define G_LOG_DOMAIN "kripkeviz"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-application.h"
#include "kv-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KvApplication) app = NULL;

  kv_i18n_init ();

  app = kv_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
