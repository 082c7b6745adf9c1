// SPDX-License-Identifier: GPL-3.0-or-later
/* main.c: kripkeviz — the window */
#define G_LOG_DOMAIN "kripkeviz"
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kv-application.h"
#include "kv-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KvApplication) app = NULL;

  kv_i18n_init ();

  /* Answered before any display is opened: a terminal or a packaging script
   * may have none. */
  if (argc == 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")))
    {
      printf ("%s\n", _("Usage: kripkeviz [--present] [GAME]\n\n"
                        "Opens GAME (a .kvg script, a .kvm.json model or a built-in game: see\n"
                        "`kripkeviz-cli games`) in a window; without GAME, the last session or Hexa.\n\n"
                        "  --present      start in presentation mode: full screen, large print,\n"
                        "                 the arrow keys or Page Up/Down step (F5 or Esc leaves)\n"
                        "  -h, --help     show this help\n"
                        "  -V, --version  show the version"));
      return 0;
    }
  if (argc == 2 && (g_str_equal (argv[1], "--version") || g_str_equal (argv[1], "-V")))
    {
      printf ("kripkeviz %s\n", PACKAGE_VERSION);
      return 0;
    }

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
