// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-export.c: `kripkeviz-cli export` — a game's model as a picture */
#define G_LOG_DOMAIN "kv-cli-export"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "kv-draw.h"
#include "kv-engine.h"
#include "kv-smcdel.h"
#include "kv-cli-common.h"
#include "kv-cli-engine.h"
#include "kv-cli-export.h"

#define EXIT_ERROR 2

/* --size: world labels at least this big on the page, in points. */
#define MIN_LABEL_SIZE 9.0
/* --size: other engines are tried up to this many worlds. */
#define RELAYOUT_MAX 100

static int
fail (const char *format,
      ...) G_GNUC_PRINTF (1, 2);

static int
fail (const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("kripkeviz-cli export: %s\n", message);

  return EXIT_ERROR;
}

/* "Hexa, step 1: nocard 1 w (nocard₁{w})", "Hexa, initial model". */
static char *
step_title (const KvGame         *game,
            const KvHistoryEntry *entry,
            guint                 index)
{
  g_autofree char *action = NULL;
  g_autofree char *del = NULL;
  const char *title = game->title != NULL ? kv_game_display_title (game->title) : _("Game");

  /* TRANSLATORS: a picture's title; %s is the game's title */
  if (entry->step == NULL)
    return g_strdup_printf (_("%s, initial model"), title);

  action = kv_step_to_string (entry->step);
  del = kv_step_to_del (entry->step);
  if (g_strcmp0 (action, del) == 0)
    return g_strdup_printf (_("%s, step %u: %s"), title, index, action);
  /* TRANSLATORS: a picture's title: the game, the step's number, the step
   * and its action in dynamic epistemic logic */
  return g_strdup_printf (_("%s, step %u: %s (%s)"), title, index, action, del);
}

/* Entry @index of @history drawn in @view, or, when @stage is not
 * NO_STAGE, that stage of the product that made it. */
#define NO_STAGE ((KvProductStage) -1)

static KvLayout *
layout_entry (KvLayoutContext       *context,
              const KvHistory       *history,
              guint                  index,
              KvViewKind             view,
              KvProductStage         stage,
              KvLayoutEngine         engine,
              KvPlaces              *places,
              int                    links_of,
              GError               **error)
{
  const KvHistoryEntry *entry = kv_history_get (history, index);
  g_autoptr(KvGraph) graph = NULL;
  g_autofree char *title = step_title (history->game, entry, index);
  KvViewOptions options;

  kv_view_options_init (&options);
  options.kind = view;
  options.links_of = links_of;
  options.title = title;
  options.engine = engine;
  if (stage == NO_STAGE)
    graph = kv_view_build (entry->model, &options, error);
  else
    {
      g_autoptr(KvProductView) product = kv_product_view_new_for_entry (history, index, error);

      options.title = NULL;
      if (product != NULL)
        graph = kv_product_view_build (product, stage, &options, error);
    }
  if (graph == NULL)
    return NULL;

  /* A handout's pages share places: a world stays where it was. */
  if (places != NULL)
    return kv_layout_new_stable (context, graph, engine, places, error);
  return kv_layout_new (context, graph, engine, error);
}

/* --size: the labels on the page at least MIN_LABEL_SIZE. When the
 * picture, scaled to the page, makes them smaller, and the engine was not
 * chosen, the other engines try to lay it out more compactly; the best one
 * replaces @layouts[0]. Says on standard error when even that is too small. */
static void
fit_labels (KvLayoutContext       *context,
            GPtrArray             *layouts,
            gboolean               may_relayout,
            const KvRenderOptions *options,
            const char            *size)
{
  static const KvLayoutEngine engines[] = {
    KV_LAYOUT_NEATO, KV_LAYOUT_FDP, KV_LAYOUT_SFDP, KV_LAYOUT_CIRCO, KV_LAYOUT_DOT,
  };
  KvLayout *best = g_ptr_array_index (layouts, 0);
  KvLayoutEngine first = best->engine;
  double best_size = kv_export_label_size (best, options);
  g_autofree char *points = NULL;

  if (best_size >= MIN_LABEL_SIZE)
    return;
  /* A grid keeps its cells whatever the engine, but may turn its rows
   * into columns (a landscape slide wants the longer category across);
   * past a hundred worlds the other engines take seconds each and rarely
   * do better. */
  if (kv_graph_is_grid (best->graph))
    {
      KvLayout *turned = kv_export_turn_grid (best, options);

      if (turned != NULL)
        {
          best_size = kv_export_label_size (turned, options);
          g_ptr_array_remove_index (layouts, 0);
          g_ptr_array_add (layouts, turned);
          best = turned;
        }
      may_relayout = FALSE;
    }
  if (kv_graph_n_nodes (best->graph) > RELAYOUT_MAX)
    may_relayout = FALSE;

  for (guint i = 0; may_relayout && i < G_N_ELEMENTS (engines) && best_size < MIN_LABEL_SIZE; i++)
    {
      g_autoptr(KvLayout) other = NULL;
      double label_size;

      if (engines[i] == first)
        continue;
      other = kv_layout_new (context, best->graph, engines[i], NULL);
      if (other == NULL)
        continue;
      label_size = kv_export_label_size (other, options);
      if (label_size > best_size)
        {
          best_size = label_size;
          g_ptr_array_remove_index (layouts, 0);
          g_ptr_array_add (layouts, g_steal_pointer (&other));
          best = g_ptr_array_index (layouts, 0);
        }
    }

  if (best_size >= MIN_LABEL_SIZE)
    return;
  points = kv_format_decimal (best_size, 1);
  /* A grid is already the envelope view: drawing less is not on offer. */
  if (kv_graph_is_grid (best->graph))
    /* TRANSLATORS: the first %s is the --size asked for (16:9, 25x14cm);
     * the second a size in points ("6.2", the locale's decimal sign); keep --size */
    g_printerr (_("kripkeviz-cli export: on a %s page the labels come out at %s pt, under %.0f pt: "
                  "the grid has a cell for every envelope; ask for a bigger --size\n"),
                size, points, MIN_LABEL_SIZE);
  else
    /* TRANSLATORS: the first %s is the --size asked for (16:9, 25x14cm);
     * the second a size in points ("6.2", the locale's decimal sign); keep --view, --size and --links */
    g_printerr (_("kripkeviz-cli export: on a %s page the labels come out at %s pt, under %.0f pt: "
                  "draw less (--view contracted, envelope or around, or --links AGENT) or ask for a bigger --size\n"),
                size, points, MIN_LABEL_SIZE);
}

/* SMCDEL's text input is not a picture: it is no KvFormat (the window's
 * export dialog offers pictures), and export handles it before them. */
#define SMCDEL_FORMAT "smcdel"

static gboolean
named_like_smcdel (const char *output)
{
  g_autofree char *lower = g_ascii_strdown (output, -1);

  return g_str_has_suffix (lower, ".smcdel.txt") || g_str_has_suffix (lower, ".smcdel");
}

/* The game and its first @step steps (-1: all) as SMCDEL's text input. */
static int
export_smcdel (const char *game,
               int         step,
               const char *output)
{
  g_autoptr(KvCliRun) run = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  KvState *last;
  char *text;
  guint at_step;

  if (kv_model_json_is_path (game))
    /* TRANSLATORS: %s is a .kvm.json file */
    return fail (_("%s is a model, not a game: SMCDEL's input is written from a game script "
                   "(a .kvg file or a built-in game)"), game);
  /* The steps run first, on the engine the game's size asks for: only
   * steps true at the actual deal are written. */
  run = kv_cli_open_run (game, NULL, step);
  if (run == NULL)
    return EXIT_ERROR;
  last = kv_cli_run_last (run, &at_step);
  text = kv_smcdel_write (run->script, at_step, kv_state_count_worlds (last), &error);
  if (text == NULL)
    {
      g_printerr ("%s\n", error->message);
      return EXIT_ERROR;
    }
  bytes = g_bytes_new_take (text, strlen (text));
  if (!kv_cli_write_output (output, bytes, &error))
    return fail ("%s", error->message);
  return EXIT_SUCCESS;
}

/* A game too big to enumerate (the symbolic engine's, real Cluedo): its
 * one picture, the envelope view of the state after @step
 * (kv_view_build_envelope_links), laid out; NULL with @error for the
 * views that need every world, and for more than one step's picture
 * (@many). */
static KvLayout *
symbolic_layout (KvLayoutContext  *context,
                 KvCliRun         *run,
                 guint             step,
                 KvViewKind        view,
                 int               links_of,
                 gboolean          many,
                 KvLayoutEngine    engine,
                 GError          **error)
{
  KvState *state = g_ptr_array_index (run->states, step);
  KvGame *game = kv_state_game (state);
  KvHistoryEntry entry = { NULL, NULL, NULL, state };
  g_autoptr(KvEnvelopeLinks) links = NULL;
  g_autoptr(KvGraph) graph = NULL;
  g_autofree char *title = NULL;
  g_autofree char *count = kv_count_format (kv_state_count_worlds (state));
  KvViewOptions view_options;

  if (!game->has_envelope)
    {
      /* TRANSLATORS: %s is a count of worlds ("5 557 616 064") */
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("this game runs on the symbolic engine (%s worlds), which cannot list its worlds to "
                     "draw, and it has no envelope whose view could stand for them: run and check answer it"),
                   count);
      return NULL;
    }
  if (view != KV_VIEW_AUTO && view != KV_VIEW_ENVELOPE)
    {
      /* TRANSLATORS: %s is a count of worlds ("5 557 616 064"); keep --view envelope */
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("this game runs on the symbolic engine (%s worlds), which cannot list its worlds to "
                     "draw: draw its envelope view (--view envelope)"), count);
      return NULL;
    }
  if (many)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_LIMIT,
                           _("a game this big draws one step's envelope view: use --step N, not --all-steps, "
                             "--beamer or --product-stage"));
      return NULL;
    }

  links = kv_state_envelope_links (state, error);
  if (links == NULL)
    return NULL;
  if (step > 0)
    entry.step = (KvStep *) kv_cli_run_step (run, step);
  title = step_title (game, &entry, step);
  kv_view_options_init (&view_options);
  view_options.kind = KV_VIEW_ENVELOPE;
  view_options.links_of = links_of;
  view_options.title = title;
  graph = kv_view_build_envelope_links (state, links, &view_options, error);
  if (graph == NULL)
    return NULL;
  return kv_layout_new (context, graph, engine, error);
}

int
kv_cli_export (int    argc,
               char **argv)
{
  g_autofree char *step_arg = NULL;
  g_autofree char *view_arg = NULL;
  g_autofree char *links_arg = NULL;
  int links_of = -1;
  g_autofree char *engine_arg = NULL;
  g_autofree char *format_arg = NULL;
  g_autofree char *output = NULL;
  g_autofree char *stage_arg = NULL;
  g_autofree char *palette_arg = NULL;
  g_autofree char *size_arg = NULL;
  gboolean all_steps = FALSE;
  gboolean bare = FALSE;
  gboolean beamer = FALSE;
  gboolean no_title = FALSE;
  gboolean no_legend = FALSE;
  /* The choices' lists come from the enums (kv-enum.h). */
  g_autofree char *views = kv_enum_nicks (KV_TYPE_VIEW_KIND, KV_VIEW_AUTO, "|");
  g_autofree char *engines = kv_enum_nicks (KV_TYPE_LAYOUT_ENGINE, KV_LAYOUT_AUTO, "|");
  g_autofree char *pictures = kv_enum_nicks (KV_TYPE_FORMAT, -1, "|");
  g_autofree char *formats = g_strconcat (pictures, "|" SMCDEL_FORMAT, NULL);
  g_autofree char *palettes = kv_enum_nicks (KV_TYPE_PALETTE, -1, "|");
  g_autofree char *stages = kv_enum_nicks (KV_TYPE_PRODUCT_STAGE, -1, "|");
  const GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_arg, N_("After the first N steps (0: the initial model; default: all)"), "N" },
    { "all-steps", 0, 0, G_OPTION_ARG_NONE, &all_steps, N_("A PDF handout: one page per step"), NULL },
    { "links", 0, 0, G_OPTION_ARG_STRING, &links_arg, N_("Draw only this agent's links"), N_("AGENT") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_arg, N_("What to draw (default: whole when it fits, else contracted, envelope, around)"), views },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine_arg, N_("Graphviz layout engine (default: by size)"), engines },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_arg, N_("Output format: a picture, or smcdel for SMCDEL's text input (the game and its public announcements)"), formats },
    { "palette", 0, 0, G_OPTION_ARG_STRING, &palette_arg, N_("Agent colours (default: okabe-ito, safe for colour-blind viewers; greyscale for printing)"), palettes },
    { "product-stage", 0, 0, G_OPTION_ARG_STRING, &stage_arg, N_("A stage of the product that made step N: the action model, all pairs, the links that survive, the result"), stages },
    { "bare", 0, 0, G_OPTION_ARG_NONE, &bare, N_("TikZ: only the tikzpicture, to \\input in a LaTeX or Beamer document"), NULL },
    { "beamer", 0, 0, G_OPTION_ARG_NONE, &beamer, N_("TikZ: a Beamer frame with a slide per step (up to --step N), every world kept in its place"), NULL },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_arg, N_("Fit the picture to a page or slide this size (16:9 is 16 × 9 cm, 4:3 is 12.8 × 9.6 cm), labels at least 9 pt"), "16:9|4:3|WxH(cm|mm|pt|in)" },
    { "no-title", 0, 0, G_OPTION_ARG_NONE, &no_title, N_("Leave out the title above the picture"), NULL },
    { "no-legend", 0, 0, G_OPTION_ARG_NONE, &no_legend, N_("Leave out the legend below the picture"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Output file"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvCliRun) run = NULL;
  KvGame *game;
  g_autoptr(KvLayoutContext) layout_context = NULL;
  g_autoptr(KvPlaces) places = NULL;
  g_autoptr(GPtrArray) layouts = NULL;
  g_autoptr(GBytes) bytes = NULL;
  KvViewKind view = KV_VIEW_AUTO;
  KvProductStage stage = NO_STAGE;
  KvLayoutEngine engine = KV_LAYOUT_AUTO;
  KvFormat format = KV_FORMAT_SVG;
  KvFormat named;
  KvRenderOptions options;
  double page_width = 0, page_height = 0;
  guint64 step = 0;
  guint n_entries;

  context = g_option_context_new (_("GAME - draw a game's Kripke model"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("GAME is a .kvg script or a built-in game (see `kripkeviz-cli games`)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return fail ("%s", error->message);

  /* Everything the command line says is checked before any work. */
  if (argc < 2)
    return fail (_("which game? Usage: kripkeviz-cli export GAME --format FORMAT -o FILE"));
  if (argc > 2)
    return fail (_("one game only, please (\"%s\" is one too many)"), argv[2]);
  if (output == NULL)
    return fail (_("-o FILE is required (-o - for standard output)"));
  /* As check and model say it: "-1" is not "no --step". */
  if (step_arg != NULL && step_arg[0] == '-')
    return fail (_("--step must be 0 or more"));
  if (step_arg != NULL &&
      !g_ascii_string_to_unsigned (step_arg, 10, 0, G_MAXUINT, &step, NULL))
    return fail (_("--step wants a number of steps (0 for the initial model), not \"%s\""), step_arg);
  if (g_strcmp0 (format_arg, SMCDEL_FORMAT) == 0
      || (format_arg == NULL && !g_str_equal (output, "-") && named_like_smcdel (output)))
    {
      const struct { gboolean given; const char *option; } pictures_only[] = {
        { all_steps, "--all-steps" }, { links_arg != NULL, "--links" }, { view_arg != NULL, "--view" },
        { engine_arg != NULL, "--engine" }, { palette_arg != NULL, "--palette" },
        { stage_arg != NULL, "--product-stage" }, { bare, "--bare" }, { beamer, "--beamer" },
        { size_arg != NULL, "--size" }, { no_title, "--no-title" }, { no_legend, "--no-legend" },
      };

      if (!g_str_equal (output, "-") && kv_format_from_path (output, &named))
        return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                     format_arg, output, kv_format_to_string (named));
      for (guint i = 0; i < G_N_ELEMENTS (pictures_only); i++)
        if (pictures_only[i].given)
          /* TRANSLATORS: %s is an option, e.g. --view */
          return fail (_("%s is for pictures: --format smcdel writes SMCDEL's text input"),
                       pictures_only[i].option);
      /* Past G_MAXINT is out of range all the same. */
      return export_smcdel (argv[1], step_arg != NULL ? (int) MIN (step, (guint64) G_MAXINT) : -1, output);
    }
  if (format_arg != NULL && !kv_format_from_string (format_arg, &format))
    return fail (_("unknown format \"%s\": use svg, pdf, png, dot, tikz or smcdel"), format_arg);
  if (format_arg != NULL && !g_str_equal (output, "-") && named_like_smcdel (output))
    return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                 format_arg, output, SMCDEL_FORMAT);
  if (!g_str_equal (output, "-") && kv_format_from_path (output, &named))
    {
      /* The file's extension names the format; --format may only agree. */
      if (format_arg != NULL && format != named)
        return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                     format_arg, output, kv_format_to_string (named));
      format = named;
    }
  else if (format_arg == NULL && g_str_equal (output, "-"))
    return fail (_("writing to standard output: say which format with --format"));
  else if (format_arg == NULL)
    return fail (_("which format? %s does not say (no .svg, .pdf, .png, .dot, .tex or .smcdel.txt): use --format"), output);
  if (view_arg != NULL &&
      (!kv_view_kind_from_string (view_arg, &view) || view == KV_VIEW_AUTO))
    return fail (_("unknown view \"%s\": use whole, around, contracted or envelope"), view_arg);
  if (engine_arg != NULL &&
      (!kv_layout_engine_from_string (engine_arg, &engine) || engine == KV_LAYOUT_AUTO))
    return fail (_("unknown layout engine \"%s\": use neato, fdp, sfdp, circo or dot"), engine_arg);
  if (palette_arg != NULL)
    {
      KvPalette palette;

      if (!kv_palette_from_string (palette_arg, &palette))
        return fail (_("unknown palette \"%s\": use okabe-ito or greyscale"), palette_arg);
      kv_style_set_palette (palette);
    }
  if (stage_arg != NULL && !kv_product_stage_from_string (stage_arg, &stage))
    return fail (_("unknown product stage \"%s\": use action, pairs, links or result"), stage_arg);
  if (stage_arg != NULL && all_steps)
    return fail (_("--product-stage draws one step's product: use --step N, not --all-steps"));
  if (all_steps && step_arg != NULL)
    return fail (_("--step and --all-steps exclude each other"));
  if (all_steps && format != KV_FORMAT_PDF)
    return fail (_("--all-steps makes a PDF handout: use --format pdf"));
  if (bare && format != KV_FORMAT_TIKZ)
    return fail (_("--bare is for TikZ: use --format tikz or a .tex file"));
  if (beamer && format != KV_FORMAT_TIKZ)
    return fail (_("--beamer writes a LaTeX Beamer frame: use --format tikz or a .tex file"));
  if (beamer && bare)
    return fail (_("--bare and --beamer exclude each other"));
  if (beamer && (all_steps || stage_arg != NULL))
    return fail (_("--beamer draws every step up to --step N: drop --all-steps and --product-stage"));
  if (size_arg != NULL && !kv_export_parse_size (size_arg, &page_width, &page_height, &error))
    return fail ("%s", error->message);

  /* As run and check: KRIPKEVIZ_WORLD_LIMIT (and KRIPKEVIZ_ENGINE) hold
   * here too. A game on the symbolic engine has states and no history. */
  if (kv_model_json_is_path (argv[1]))
    history = kv_cli_open_history (argv[1], &script);
  else if ((run = kv_cli_open_run (argv[1], NULL, -1)) != NULL && run->history != NULL)
    {
      history = g_steal_pointer (&run->history);
      script = g_steal_pointer (&run->script);
      g_clear_pointer (&run, kv_cli_run_free);
    }
  if (history == NULL && run == NULL)
    return EXIT_ERROR;
  game = history != NULL ? history->game : run->script->game;
  if (links_arg != NULL)
    {
      for (guint a = 0; a < game->n_agents && links_of < 0; a++)
        if (g_str_equal (game->agent_names[a], links_arg))
          links_of = (int) a;
      if (links_of < 0)
        /* TRANSLATORS: %s is the agent asked for */
        return fail (_("--links: there is no agent \"%s\" in this game"), links_arg);
    }

  n_entries = history != NULL ? kv_history_length (history) : run->states->len;
  if (step_arg == NULL)
    step = n_entries - 1;
  else if (step >= n_entries)
    /* TRANSLATORS: the plural is chosen by the number of steps, the third
     * number; %s is the game */
    return fail (g_dngettext (GETTEXT_PACKAGE,
                              "step %u is out of range: %s has %u step (0 … %u)",
                              "step %u is out of range: %s has %u steps (0 … %u)", n_entries - 1),
                 (guint) step, argv[1], n_entries - 1, n_entries - 1);

  kv_render_options_init (&options);
  options.tikz_bare = bare;
  options.show_title = !no_title;
  options.show_legend = !no_legend;
  options.page_width = page_width;
  options.page_height = page_height;
  layout_context = kv_layout_context_new ();
  layouts = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_layout_unref);
  if (history == NULL)
    {
      KvLayout *layout = symbolic_layout (layout_context, run, (guint) step, view, links_of,
                                          all_steps || beamer || stage_arg != NULL, engine, &error);

      if (layout == NULL)
        return fail ("%s", error->message);
      g_ptr_array_add (layouts, layout);
    }
  if (all_steps || beamer)
    places = kv_places_new ();
  if (all_steps)
    step = n_entries - 1;
  for (guint i = (all_steps || beamer) ? 0 : (guint) step; history != NULL && i <= (guint) step; i++)
    {
      KvLayout *layout = layout_entry (layout_context, history, i, view, stage, engine,
                                       places, links_of, &error);

      if (layout == NULL)
        /* TRANSLATORS: %u is a step's number, %s the error */
        return fail (_("step %u: %s"), i, error->message);
      g_ptr_array_add (layouts, layout);
    }

  if (size_arg != NULL && !all_steps && !beamer && format != KV_FORMAT_DOT)
    fit_labels (layout_context, layouts, engine_arg == NULL, &options, size_arg);

  if (all_steps)
    bytes = kv_export_handout_bytes ((KvLayout * const *) layouts->pdata, NULL,
                                     layouts->len, &options, &error);
  else if (beamer)
    bytes = kv_export_beamer_bytes ((KvLayout * const *) layouts->pdata, NULL,
                                    layouts->len, &options, &error);
  else
    bytes = kv_export_bytes (g_ptr_array_index (layouts, 0), format, &options, &error);
  if (bytes == NULL)
    return fail ("%s", error->message);

  if (!kv_cli_write_output (output, bytes, &error))
    return fail ("%s", error->message);

  return EXIT_SUCCESS;
}
