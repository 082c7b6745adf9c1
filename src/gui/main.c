/* main.c: kripkeviz — the window */
#define G_LOG_DOMAIN "kripkeviz"
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "kv-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KvApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = kv_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
