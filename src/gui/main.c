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

  /* Without its schema GSettings aborts the window: say what to do instead. */
  {
    g_autoptr(GSettingsSchema) schema =
      g_settings_schema_source_lookup (g_settings_schema_source_get_default (), APP_ID, TRUE);

    if (schema == NULL)
      {
        g_printerr (_("kripkeviz: the settings schema %s is not installed: install Kripkeviz "
                      "(meson install), or run it from a build with tools/dev.sh run, or set "
                      "GSETTINGS_SCHEMA_DIR to the build's data directory.\n"), APP_ID);
        return 2;
      }
  }

  app = kv_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
