// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-display-util.h: helpers for the display tests and the screenshot tool —
 * waiting for the window, and the paintable → texture → PNG screenshot. */
#pragma once

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>

#include "kv-window-private.h"

G_BEGIN_DECLS

/* The language under test: "en" or "nl" (from LANGUAGE). */
static inline const char *
kv_display_language (void)
{
  const char *lang = g_getenv ("LANGUAGE");

  return lang != NULL && g_str_has_prefix (lang, "nl") ? "nl" : "en";
}

/* The size of @widget's text in pixels (96 dpi, as under Xvfb). */
static inline double
kv_display_text_px (GtkWidget *widget)
{
  const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0;
}

/* The first label shown (in @widget and below, mapped) that says @text,
 * or NULL. */
static inline GtkWidget *
kv_display_find_label (GtkWidget  *widget,
                       const char *text)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = kv_display_find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first button (in @widget and below) for @action, or NULL. */
static inline GtkWidget *
kv_display_find_action_button (GtkWidget  *widget,
                               const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = kv_display_find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether @window's button for @action can be clicked. */
static inline gboolean
kv_display_button_enabled (KvWindow   *window,
                           const char *action)
{
  GtkWidget *button = kv_display_find_action_button (GTK_WIDGET (window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* Runs the main loop for @ms milliseconds. */
static inline void
kv_display_wait (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Runs the main loop until @window's turns playing on the worker (Next
 * turn, Play to the end: kv-session-play.c) have answered, then a little
 * more for what the answer shows (the rows, a toast). At once when none
 * plays. */
static inline void
kv_display_wait_for_play (KvWindow *window)
{
  g_autoptr(KvSession) session = g_object_ref (kv_window_get_session (window));

  while (kv_session_get_playing (session))
    g_main_context_iteration (NULL, TRUE);
  kv_display_wait (20);
}

/* Next turn in @window, as the button does, waited for: TRUE when the
 * action was enabled. */
static inline gboolean
kv_display_next_turn (KvWindow *window)
{
  if (!gtk_widget_activate_action (GTK_WIDGET (window), "win.next-turn", NULL))
    return FALSE;
  kv_display_wait_for_play (window);
  return TRUE;
}

/* Types @text into @window's formula bar and presses Enter. */
static inline void
kv_display_check_formula (KvWindow   *window,
                          const char *text)
{
  GtkWidget *entry = kv_window_get_formula_entry (window);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  kv_display_wait (20);
}

/* Runs the main loop until the canvas has drawn, and the table and the
 * explanation that wait for it have followed (at most @ms). */
/* Whether the window's canvas is laying out or about to. */
static inline gboolean
kv_display_canvas_busy (KvWindow *window)
{
  GtkWidget *canvas = kv_window_get_canvas (window);
  gboolean busy = FALSE;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (canvas), "busy") != NULL)
    g_object_get (canvas, "busy", &busy, NULL);
  return busy || window->text_pending;
}

static inline gboolean
kv_display_wait_for_canvas (KvWindow *window,
                            guint     ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  kv_display_wait (100);
  while (g_get_monotonic_time () < end)
    {
      /* Settled, and still so a moment later: a drawing that arrives may
       * ask for another (the agents view's panels fewer across). */
      if (!kv_display_canvas_busy (window))
        {
          kv_display_wait (150);
          if (!kv_display_canvas_busy (window))
            return TRUE;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return FALSE;
}

/* Runs the main loop until the product view's panels have drawn (at most
 * @ms); TRUE at once when there is no product view. */
static inline gboolean
kv_display_wait_for_product (KvWindow *window,
                             guint     ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  GtkWidget *pane = kv_window_get_product_pane (window);

  if (pane == NULL)
    return TRUE;
  kv_display_wait (100);
  while (g_get_monotonic_time () < end)
    {
      gboolean busy = TRUE;

      g_object_get (pane, "busy", &busy, NULL);
      if (!busy)
        {
          kv_display_wait (150);
          g_object_get (pane, "busy", &busy, NULL);
          if (!busy)
            return TRUE;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return FALSE;
}

/* The widget as rendered now, as a texture. */
static inline GdkTexture *
kv_display_render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  int width = 0, height = 0;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  /* A widget that has not been drawn since its last change gives no node
   * yet: let the frame clock run until it has one. */
  for (guint attempt = 0; node == NULL && attempt < 100; attempt++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node == NULL)
        kv_display_wait (20);
    }
  g_return_val_if_fail (node != NULL, NULL);

  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* How many distinct colours a texture has (a blank one has 1). */
static inline guint
kv_display_count_colours (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  g_autofree guchar *data = g_malloc (stride * height);
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);

  gdk_texture_download (texture, data, stride);
  for (int i = 0; i < width * height; i += 7)
    {
      guint32 pixel = ((guint32 *) data)[i];

      g_hash_table_add (colours, GUINT_TO_POINTER (pixel));
    }
  return g_hash_table_size (colours);
}

/* @widget as rendered now, saved as @name (a PNG) in the build directory
 * for a person to look at; the texture, for more checks. */
static inline GdkTexture *
kv_display_save_png (GtkWidget  *widget,
                     const char *name)
{
  GdkTexture *texture = kv_display_render (widget);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, name, NULL);

  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  return texture;
}

/* @widget, with some size, lies whole inside @inside (its window: what
 * the window shows, without the shadow round it); else the test fails,
 * naming @what. */
static inline void
kv_display_assert_inside (GtkWidget  *widget,
                          GtkWidget  *inside,
                          const char *what)
{
  graphene_rect_t bounds, outer;
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  if (inside == window)
    graphene_rect_init (&outer, 0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  else
    g_assert_true (gtk_widget_compute_bounds (inside, window, &outer));
  if (bounds.origin.x < outer.origin.x - 0.5 ||
      bounds.origin.y < outer.origin.y - 0.5 ||
      bounds.origin.x + bounds.size.width > outer.origin.x + outer.size.width + 0.5 ||
      bounds.origin.y + bounds.size.height > outer.origin.y + outer.size.height + 0.5 ||
      bounds.size.width < 1 || bounds.size.height < 1)
    g_error ("%s (%s, %s) at %.0f,%.0f %.0f×%.0f is not inside %s at %.0f,%.0f %.0f×%.0f",
             what, G_OBJECT_TYPE_NAME (widget),
             GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL
             ? gtk_button_get_label (GTK_BUTTON (widget)) : "",
             bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
             G_OBJECT_TYPE_NAME (inside),
             outer.origin.x, outer.origin.y, outer.size.width, outer.size.height);
}

/* As main.c: LC_NUMERIC stays "C", so that Graphviz's own switch to "C" on
 * the layout thread changes nothing under the main thread's feet. */
static inline void
kv_display_fix_locale (void)
{
  setlocale (LC_NUMERIC, "C");
}

/* The application's style sheet (AdwApplication loads it; tests have none). */
static inline void
kv_display_load_style (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/org/kripkeviz/Kripkeviz/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  /* Screenshots show the final picture, not a fade between two (a test
   * of the fade turns animations back on). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

/* What every display test's main () does first: g_test_init, a fresh
 * XDG_STATE_HOME (a new "@name-XXXXXX" directory, returned: the test
 * removes it), with @translated the environment's language from the build
 * tree's catalogues, then GTK, libadwaita, the numeric locale and the
 * style sheet. */
static inline char *
kv_display_init (int         *argc,
                 char      ***argv,
                 const char  *name,
                 gboolean     translated)
{
  g_autofree char *template = g_strconcat (name, "-XXXXXX", NULL);
  char *state_dir;

  g_test_init (argc, argv, NULL);
  /* Before anything asks for it (GLib keeps the first answer). */
  state_dir = g_dir_make_tmp (template, NULL);
  g_assert_nonnull (state_dir);
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  if (translated)
    kv_i18n_init ();
  gtk_init ();
  adw_init ();
  kv_display_fix_locale ();
  kv_display_load_style ();

  return state_dir;
}

/* A main window of @width × @height, shown and given time to draw. */
static inline KvWindow *
kv_display_new_window (int width,
                       int height)
{
  KvWindow *window = kv_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (200);

  return window;
}

/* What every display test's main () does last: closes @window (NULL: none)
 * and removes @state_dir (taken), kv_display_init's. */
static inline void
kv_display_finish (KvWindow *window,
                   char     *state_dir)
{
  if (window != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      kv_display_wait (50);
    }
  g_rmdir (state_dir);
  g_free (state_dir);
}

G_END_DECLS
