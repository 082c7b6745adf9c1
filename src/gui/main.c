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
  /* Graphviz sets LC_NUMERIC to "C" while it lays out, on the canvas's
   * worker thread; setlocale is not thread-safe, but setting the locale it
   * already has does nothing. Numbers shown are integers, so nothing shows. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = kv_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
