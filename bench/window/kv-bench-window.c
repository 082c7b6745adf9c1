// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-window.c: the window's step-to-frame times (docs/design.md, "Budgets"; issue 10):
 * the real window under Xvfb, a step selected as Alt+→ does, and the time
 * until the canvas has its new picture on screen — the layout thread done
 * and the frame after it painted. Prints one line per case,
 *
 *   step-to-frame GAME VIEW MEDIAN_MS ms (min MIN, max MAX)   (first visits: laid out)
 *   step-to-frame GAME VIEW MEDIAN_MS ms (min MIN, max MAX) revisited   (the same steps again)
 *   storm GAME VIEW N steps: settled MS ms after the last
 *
 * The storm case selects steps as fast as a held key repeats and then
 * waits: the picture must settle within about one layout of the last step.
 * The frame waited for is the one where the canvas, the knowledge table
 * and the explanation all show the new step (kv-window.c holds the text
 * back until the picture is ready). `cluedo` is real Cluedo on the
 * symbolic engine: its envelope grid, its table read from BDDs.
 * Animations are switched off, so the final frame is the one measured.
 * Never pass/fail: the figures are for reading.
 */
#define G_LOG_DOMAIN "kv-bench-window"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "kv-display-util.h"
#include "kv-window-private.h"

#define TIME_OUT_US    (30 * G_USEC_PER_SEC)
#define STORM_STEPS    40
#define STORM_GAP_MS   15     /* a held key's repeat rate, about 60/s */

static KvWindow *window;
static gint64 painted_at;     /* the last frame painted, monotonic µs */

static void
after_paint (GdkFrameClock *clock,
             gpointer       user_data)
{
  painted_at = g_get_monotonic_time ();
}

static gboolean
canvas_busy (void)
{
  gboolean busy = FALSE;

  g_object_get (kv_window_get_canvas (window), "busy", &busy, NULL);
  /* The table and the explanation too: they wait for the picture. */
  return busy || window->text_pending;
}

/* Runs the main loop until the canvas is idle and a frame has painted after
 * that; the time of that frame, or -1 after the time-out. */
static gint64
wait_for_frame (void)
{
  gint64 deadline = g_get_monotonic_time () + TIME_OUT_US;
  gint64 idle_at = -1;

  /* The layout job starts from an idle callback: let it. */
  g_main_context_iteration (NULL, FALSE);
  while (g_get_monotonic_time () < deadline)
    {
      if (idle_at < 0 && !canvas_busy ())
        {
          idle_at = g_get_monotonic_time ();
          gtk_widget_queue_draw (kv_window_get_canvas (window));
        }
      if (idle_at >= 0 && painted_at >= idle_at)
        return painted_at;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
  return -1;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* "MEDIAN ms (min MIN, max MAX)": the slowest step matters as much as the
 * typical one (a class waits for it). */
static char *
summary (GArray *times)
{
  g_array_sort (times, compare_doubles);
  if (times->len == 0)
    return g_strdup ("none");
  return g_strdup_printf ("%.1f ms (min %.1f, max %.1f)", g_array_index (times, double, times->len / 2),
                          g_array_index (times, double, 0), g_array_index (times, double, times->len - 1));
}

/* Selects @step and times it to its frame (ms). */
static double
time_step (guint step)
{
  gint64 start = g_get_monotonic_time ();
  gint64 frame;

  kv_session_select_step (kv_window_get_session (window), step);
  frame = wait_for_frame ();
  if (frame < 0)
    g_error ("step %u: no picture within %d s", step, (int) (TIME_OUT_US / G_USEC_PER_SEC));
  return (frame - start) / 1000.0;
}

static void
run_case (const char *game,
          KvViewKind  view,
          guint       turns)
{
  KvSession *session = kv_window_get_session (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) again = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *label = NULL;
  guint length;
  gint64 last, settled;

  if (!kv_window_open (window, game, &error))
    g_error ("%s: %s", game, error->message);
  /* Next turn from the deal (open selects step 0); a game won sooner
   * stops there. */
  for (guint t = 0; t < turns; t++)
    if (!kv_session_next_turn (session, &error))
      {
        g_message ("%s: turn %u: %s", game, t + 1, error->message);
        turns = t;
        break;
      }
  kv_session_set_view (session, view);
  length = kv_history_length (kv_session_get_history (session));
  kv_session_select_step (session, 0);
  wait_for_frame ();

  if (turns > 0)
    label = g_strdup_printf ("%s+%u-turns %s", game, turns, kv_view_kind_to_string (view));
  else
    label = g_strdup_printf ("%s %s", game, kv_view_kind_to_string (view));
  for (guint i = 1; i < length; i++)
    g_array_append_val (first, (double) { time_step (i) });
  for (guint i = length - 1; i-- > 0;)
    g_array_append_val (again, (double) { time_step (i) });
  {
    g_autofree char *first_text = summary (first);
    g_autofree char *again_text = summary (again);

    printf ("step-to-frame %s %s\n", label, first_text);
    printf ("step-to-frame %s %s revisited\n", label, again_text);
  }

  /* A storm: forward and back as fast as a held key, then wait. */
  for (guint i = 0; i < STORM_STEPS; i++)
    {
      guint span = length - 1, pos = i % (2 * span);

      kv_session_select_step (session, pos < span ? pos + 1 : 2 * span - pos - 1);
      kv_display_wait (STORM_GAP_MS);
    }
  last = g_get_monotonic_time ();
  settled = wait_for_frame ();
  printf ("storm %s %u steps: settled %.1f ms after the last\n", label, STORM_STEPS,
          settled < 0 ? -1.0 : (settled - last) / 1000.0);
  fflush (stdout);
}

/* Every case, or those of the games named on the command line
 * (`kv-bench-window cluedo`). */
static const struct {
  const char *game;
  KvViewKind  view;
  guint       turns;
} cases[] = {
  { "hexa", KV_VIEW_WHOLE, 0 },
  { "clue11", KV_VIEW_AROUND, 0 },
  { "clue11", KV_VIEW_ENVELOPE, 0 },
  { "clue11", KV_VIEW_WHOLE, 10 },
  { "cluedo", KV_VIEW_AUTO, 0 },
};

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("kv-bench-window-XXXXXX", NULL);

  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  gtk_init ();
  adw_init ();
  kv_display_fix_locale ();
  kv_display_load_style ();   /* and animations off */

  window = kv_window_new (NULL);
  kv_window_set_autosave (window, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  gtk_window_present (GTK_WINDOW (window));
  kv_display_wait (300);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint), NULL);

  printf ("Window at 1280×720 (Xvfb, cairo renderer), animations off; median, min and max over every step\n");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (argc < 2 || g_strv_contains ((const char * const *) argv + 1, cases[i].game))
      run_case (cases[i].game, cases[i].view, cases[i].turns);

  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autofree char *dir = g_build_filename (state_dir, "kripkeviz", NULL);

    g_rmdir (dir);
    g_rmdir (state_dir);
  }
  return EXIT_SUCCESS;
}
