// SPDX-License-Identifier: GPL-3.0-or-later
/* Graphviz 2.42's circo keeps the last root graph it saw, by address, in
 * static variables. Laying out fresh graphs with circo between other
 * engines must never reuse what it remembers after it was freed (this
 * crashed the window's layout thread). */
#include "config.h"

#include "kv-draw.h"

static void
test_alternate (void)
{
  const KvLayoutEngine engines[] = { KV_LAYOUT_CIRCO, KV_LAYOUT_NEATO, KV_LAYOUT_CIRCO, KV_LAYOUT_FDP,
                                     KV_LAYOUT_NEATO, KV_LAYOUT_CIRCO, KV_LAYOUT_SFDP, KV_LAYOUT_DOT };
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("hexa", &error);
  g_autoptr(KvHistory) history = kv_history_run_script (script, 0, &error);

  g_assert_no_error (error);
  for (guint round = 0; round < 40; round++)
    {
      /* A new context now and then, as the window and the CLI make them. */
      g_autoptr(KvLayoutContext) context = kv_layout_context_new ();

      for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
        {
          const KvModel *model = kv_history_get (history, (round + i) % kv_history_length (history))->model;
          g_autoptr(KvGraph) graph = kv_view_build (model, NULL, &error);
          g_autoptr(KvLayout) layout = NULL;

          g_assert_no_error (error);
          layout = kv_layout_new (context, graph, engines[i], &error);
          g_assert_no_error (error);
          g_assert_cmpuint (kv_graph_n_nodes (layout->graph), ==, model->n_worlds);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layout/alternate-engines", test_alternate);
  return g_test_run ();
}
