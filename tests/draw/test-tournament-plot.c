// SPDX-License-Identifier: GPL-3.0-or-later
/* test-tournament-plot.c: the Tournament dialog's plot, drawn to a PNG
 * surface without GTK — the tally is the CLI's, the bars stand where they
 * should with the strategy's colour and a height proportional to its
 * count, and PNG and SVG come out whole. */
#define G_LOG_DOMAIN "test-tournament-plot"
#include "config.h"

#include <math.h>
#include <string.h>

#include "kv-draw.h"
#include "kv-tournament-plot.h"

#define WIDTH  640
#define HEIGHT 400

/* 20 games of Clue 11 between naive, del and del+ from seed 7. */
static KvTournament *
clue11_tournament (guint games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("clue11", &error);
  const KvStrategy *listed[KV_MAX_AGENTS] = {
    kv_strategy_find ("naive"), kv_strategy_find ("del"), kv_strategy_find ("del+"),
  };
  KvTournament *tournament;

  g_assert_no_error (error);
  g_assert_cmpuint (script->game->n_agents, ==, 3);
  tournament = kv_tournament_new (script->game, listed, 7);
  for (guint g = 0; g < games; g++)
    {
      g_assert_true (kv_tournament_play_game (tournament, &error));
      g_assert_no_error (error);
    }
  return tournament;
}

/* The pixel (x, y) of an ARGB32 surface as 0xRRGGBB. */
static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return ((const guint32 *) (data + y * stride))[x] & 0xffffff;
}

static guint32
rgb_of (KvRgb rgb)
{
  return ((guint32) lround (rgb.red * 255) << 16) | ((guint32) lround (rgb.green * 255) << 8)
         | (guint32) lround (rgb.blue * 255);
}

static void
test_tally (void)
{
  g_autoptr(KvTournament) tournament = clue11_tournament (20);
  const KvTournamentResult *result = kv_tournament_get_result (tournament);
  guint wins = 0;

  g_assert_cmpuint (result->games, ==, 20);
  g_assert_cmpuint (result->n_tallies, ==, 3);
  g_assert_cmpstr (result->tallies[0].name, ==, "naive");
  g_assert_cmpstr (result->tallies[1].name, ==, "del");
  g_assert_cmpstr (result->tallies[2].name, ==, "del+");
  for (guint t = 0; t < result->n_tallies; t++)
    {
      guint by_rounds = 0;
      guint64 rounds = 0;

      g_assert_cmpuint (result->tallies[t].seats, ==, 20);
      for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
        {
          by_rounds += result->tallies[t].by_rounds[r];
          rounds += (guint64) r * result->tallies[t].by_rounds[r];
        }
      g_assert_cmpuint (by_rounds, ==, result->tallies[t].wins);
      g_assert_cmpuint (rounds, ==, result->tallies[t].rounds_sum);
      wins += result->tallies[t].wins;
    }
  g_assert_cmpuint (wins + result->no_winner, ==, 20);
  /* `kripkeviz-cli play clue11 --agents naive,del,del+ --games 20 --seed 7` */
  g_assert_cmpuint (result->tallies[0].wins, ==, 5);
  g_assert_cmpuint (result->tallies[1].wins, ==, 9);
  g_assert_cmpuint (result->tallies[2].wins, ==, 6);
  g_assert_cmpfloat_with_epsilon (kv_tournament_tally_mean (&result->tallies[1]), 21.0 / 9, 1e-9);  /* 2.333 */
  g_assert_cmpfloat_with_epsilon (kv_tournament_tally_share (&result->tallies[1], result), 0.45, 1e-9);
}

static void
test_draw_png (void)
{
  g_autoptr(KvTournament) tournament = clue11_tournament (20);
  const KvTournamentResult *result = kv_tournament_get_result (tournament);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  guint drawn = 0, non_white = 0;
  double unit = 0;     /* pixels per game won */

  kv_tournament_plot_draw (cr, result, WIDTH, HEIGHT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int y = 0; y < HEIGHT; y += 3)
    for (int x = 0; x < WIDTH; x += 3)
      non_white += pixel_at (surface, x, y) != 0xffffff;
  g_assert_cmpuint (non_white, >, 500);

  for (guint t = 0; t < result->n_tallies; t++)
    for (guint r = 0; r <= KV_TOURNAMENT_MAX_ROUNDS; r++)
      {
        guint count = result->tallies[t].by_rounds[r];
        KvPlotRect rect;

        if (!kv_tournament_plot_bar (result, WIDTH, HEIGHT, t, r, &rect))
          {
            g_assert_cmpuint (count, ==, 0);
            continue;
          }
        g_assert_cmpuint (count, >, 0);
        g_assert_cmpfloat (rect.x, >=, 0);
        g_assert_cmpfloat (rect.x + rect.width, <=, WIDTH);
        g_assert_cmpfloat (rect.y, >=, 0);
        g_assert_cmpfloat (rect.y + rect.height, <=, HEIGHT);
        /* Heights proportional to the counts. */
        if (unit == 0)
          unit = rect.height / count;
        g_assert_cmpfloat_with_epsilon (rect.height, unit * count, 1e-6);
        /* The bar is there, in its strategy's colour. */
        g_assert_cmphex (pixel_at (surface, (int) (rect.x + rect.width / 2), (int) (rect.y + rect.height / 2)),
                         ==, rgb_of (kv_style_agent_color (t)));
        drawn++;
      }
  /* naive won in 1, 2 (twice), 3 and 4 rounds; del in 1, 2 (five
   * times), 3 (twice) and 4; del+ in 2 (three times), 3 (twice) and 4. */
  g_assert_cmpuint (drawn, ==, 11);
  {
    KvPlotRect naive, del;

    g_assert_true (kv_tournament_plot_bar (result, WIDTH, HEIGHT, 0, 2, &naive));
    g_assert_true (kv_tournament_plot_bar (result, WIDTH, HEIGHT, 1, 2, &del));
    g_assert_cmpfloat_with_epsilon (del.height / naive.height, 2.5, 1e-6);
    g_assert_cmpfloat (naive.x, <, del.x);
  }
  cairo_surface_destroy (surface);
}

static void
test_bytes (void)
{
  g_autoptr(KvTournament) tournament = clue11_tournament (5);
  const KvTournamentResult *result = kv_tournament_get_result (tournament);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = kv_tournament_plot_bytes (result, KV_FORMAT_PNG, WIDTH, HEIGHT, &error);
  g_autoptr(GBytes) svg = NULL;
  g_autoptr(GBytes) dot = NULL;
  gsize size;
  const char *data;

  g_assert_no_error (error);
  data = g_bytes_get_data (png, &size);
  g_assert_cmpuint (size, >, 1000);
  g_assert_true (memcmp (data, "\x89PNG", 4) == 0);

  svg = kv_tournament_plot_bytes (result, KV_FORMAT_SVG, WIDTH, HEIGHT, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (svg, &size);
  g_assert_nonnull (g_strstr_len (data, size, "<svg"));
  g_assert_nonnull (g_strstr_len (data, size, "</svg>"));

  dot = kv_tournament_plot_bytes (result, KV_FORMAT_DOT, WIDTH, HEIGHT, &error);
  g_assert_null (dot);
  g_assert_error (error, KV_ERROR, KV_ERROR_IO);
}

/* No games: the axes and a note, nothing else. */
static void
test_empty (void)
{
  KvTournamentResult result = { 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 120);
  cairo_t *cr = cairo_create (surface);
  KvPlotRect rect;

  kv_tournament_plot_draw (cr, &result, 200, 120);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  g_assert_false (kv_tournament_plot_bar (&result, 200, 120, 0, 1, &rect));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tournament-plot/tally", test_tally);
  g_test_add_func ("/tournament-plot/draw-png", test_draw_png);
  g_test_add_func ("/tournament-plot/bytes", test_bytes);
  g_test_add_func ("/tournament-plot/empty", test_empty);
  return g_test_run ();
}
