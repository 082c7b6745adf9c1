// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-bench-draw.c: layout + render time for views of 6, 50 and 300 worlds,
 * per Graphviz engine (docs/design.md, "Budgets": under 1 s for 300 worlds). Prints a table;
 * passes or fails nothing. An engine whose time, grown quadratically from the
 * smaller view, would pass MAX_SECONDS (argument, default 2) is skipped for
 * the bigger one (dot and circo take minutes on 300 worlds). */
#define G_LOG_DOMAIN "kv-bench-draw"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "kv-draw-test-util.h"

int
main (int    argc,
      char **argv)
{
  static const KvLayoutEngine engines[] = {
    KV_LAYOUT_NEATO, KV_LAYOUT_SFDP, KV_LAYOUT_FDP, KV_LAYOUT_CIRCO, KV_LAYOUT_DOT,
  };
  double max_seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 2.0;
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();
  g_autoptr(KvModel) hexa = test_game_model ("hexa", 0);
  g_autoptr(KvModel) clue = test_game_model ("clue11", 0);
  KvGraph *graphs[3];
  gboolean too_slow[G_N_ELEMENTS (engines)] = { FALSE };

  setvbuf (stdout, NULL, _IOLBF, 0);
  graphs[0] = test_view (hexa, KV_VIEW_WHOLE, 0, 3);
  graphs[1] = test_view (clue, KV_VIEW_AROUND, 50, 3);
  graphs[2] = test_view (clue, KV_VIEW_AROUND, 300, 3);

  g_print ("%-6s %6s %6s %10s %10s %10s %10s\n",
           "engine", "worlds", "links", "layout ms", "render ms", "pdf ms", "total ms");

  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(KvLayout) layout = NULL;
        g_autoptr(GBytes) pdf = NULL;
        KvRenderGeometry geometry;
        cairo_surface_t *surface;
        cairo_t *cr;
        gint64 t0, t1, t2, t3;

        if (too_slow[e])
          {
            g_print ("%-6s %6u %6u %10s\n", kv_layout_engine_to_string (engines[e]),
                     kv_graph_n_nodes (graphs[g]), kv_graph_n_edges (graphs[g]), "skipped");
            continue;
          }

        t0 = g_get_monotonic_time ();
        layout = kv_layout_new (context, graphs[g], engines[e], &error);
        if (layout == NULL)
          g_error ("%s", error->message);
        t1 = g_get_monotonic_time ();

        /* On screen: an image surface, as the canvas' cairo node. */
        kv_render_measure (layout, NULL, &geometry);
        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                              MIN ((int) geometry.width, 8000),
                                              MIN ((int) geometry.height, 8000));
        cr = cairo_create (surface);
        kv_render (layout, cr, NULL);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        t2 = g_get_monotonic_time ();

        pdf = kv_export_bytes (layout, KV_FORMAT_PDF, NULL, &error);
        if (pdf == NULL)
          g_error ("%s", error->message);
        t3 = g_get_monotonic_time ();

        g_print ("%-6s %6u %6u %10.1f %10.1f %10.1f %10.1f%s\n",
                 kv_layout_engine_to_string (engines[e]),
                 kv_graph_n_nodes (graphs[g]), kv_graph_n_edges (graphs[g]),
                 (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, (t3 - t2) / 1000.0,
                 (t2 - t0) / 1000.0,
                 kv_graph_n_nodes (graphs[g]) >= 300 && t2 - t0 > G_USEC_PER_SEC ? "  over budget (1 s)" : "");

        /* Skip the next size when a quadratic guess from this one is
         * already past max_seconds (dot and circo on 300 worlds). */
        if (g + 1 < G_N_ELEMENTS (graphs))
          {
            double growth = (double) kv_graph_n_nodes (graphs[g + 1]) / MAX (kv_graph_n_nodes (graphs[g]), 1);

            if ((t2 - t0) * growth * growth > max_seconds * G_USEC_PER_SEC)
              too_slow[e] = TRUE;
          }
      }

  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    kv_graph_unref (graphs[g]);

  return EXIT_SUCCESS;
}
