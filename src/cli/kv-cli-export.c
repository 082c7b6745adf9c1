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
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  line = g_strconcat ("kripkeviz-cli export: ", message, NULL);
  kv_cli_print_error (line);

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
  g_autofree char *game_title = kv_game_user_title (game);
  const char *title = game_title != NULL ? game_title : _("Game");

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
              double                 aspect,
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
  /* A product on M's ring widens to the page (--size). */
  options.aspect = aspect;
  /* What the step removed is drawn crossed out, as in the window. */
  if (index > 0)
    options.previous = kv_history_get (history, index - 1)->state;
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

/* The nicks of @enum_type but @skip (-1: none), and @more (NULL: none),
 * as a sentence's choices ("whole, around or agents"): an error lists
 * what the option's parser takes, from the same table. */
static char *
enum_choices (GType enum_type, int skip, const char *more)
{
  g_autofree char *nicks = kv_enum_nicks (enum_type, skip, "|");
  g_auto(GStrv) each = g_strsplit (nicks, "|", -1);
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  for (guint i = 0; each[i] != NULL; i++)
    g_ptr_array_add (items, each[i]);
  if (more != NULL)
    g_ptr_array_add (items, (char *) more);
  return kv_i18n_choices (items);
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
      kv_cli_print_error (error->message);
      return EXIT_ERROR;
    }
  bytes = g_bytes_new_take (text, strlen (text));
  if (!kv_cli_write_output (output, bytes, &error))
    return fail ("%s", error->message);
  return EXIT_SUCCESS;
}

/* A game too big to enumerate (the symbolic engine's, real Cluedo): its
 * pictures, the agents view (the default: what each player considers
 * possible, what step @step ruled out crossed out) or the envelope view
 * of the state after @step, laid out; NULL with @error for the views that
 * need every world, and for more than one step's picture (@many). */
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
  if (view != KV_VIEW_AUTO && view != KV_VIEW_ENVELOPE && view != KV_VIEW_AGENTS)
    {
      /* TRANSLATORS: %s is a count of worlds ("5 557 616 064"); keep --view agents and --view envelope */
      g_set_error (error, KV_ERROR, KV_ERROR_LIMIT,
                   _("this game runs on the symbolic engine (%s worlds), which cannot list its worlds to "
                     "draw: draw its agents view (--view agents) or its envelope view (--view envelope)"), count);
      return NULL;
    }
  if (many)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_LIMIT,
                           _("a game this big draws one step's envelope view: use --step N, not --all-steps, "
                             "--beamer or --product-stage"));
      return NULL;
    }

  if (step > 0)
    entry.step = (KvStep *) kv_cli_run_step (run, step);
  title = step_title (game, &entry, step);
  kv_view_options_init (&view_options);
  view_options.kind = view == KV_VIEW_ENVELOPE ? KV_VIEW_ENVELOPE : KV_VIEW_AGENTS;
  view_options.links_of = links_of;
  view_options.title = title;
  if (view_options.kind == KV_VIEW_AGENTS)
    {
      /* Links cannot be read here: what each player considers possible,
       * what the step ruled out crossed out. */
      if (step > 0)
        view_options.previous = g_ptr_array_index (run->states, step - 1);
      graph = kv_view_build_agents (state, &view_options, error);
      return graph != NULL ? kv_layout_new (context, graph, engine, error) : NULL;
    }
  links = kv_state_envelope_links (state, error);
  if (links == NULL)
    return NULL;
  graph = kv_view_build_envelope_links (state, links, &view_options, error);
  if (graph == NULL)
    return NULL;
  return kv_layout_new (context, graph, engine, error);
}

/* Every export option lives in one struct: the parsed text, then what it
 * was checked into. */
typedef struct {
  char *step_arg, *view_arg, *links_arg, *engine_arg, *format_arg, *output;
  char *stage_arg, *palette_arg, *size_arg;
  gboolean all_steps, bare, beamer, no_title, no_legend;
  /* Checked: */
  guint64 step;
  KvViewKind view;
  KvProductStage stage;
  KvLayoutEngine engine;
  KvFormat format;
  double page_width, page_height;
} ExportOptions;

static void
export_options_clear (ExportOptions *o)
{
  char **texts[] = { &o->step_arg, &o->view_arg, &o->links_arg, &o->engine_arg, &o->format_arg,
                     &o->output, &o->stage_arg, &o->palette_arg, &o->size_arg };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_clear_pointer (texts[i], g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExportOptions, export_options_clear)

/* The option table of @o, its choices listed from the enums (kv-enum.h);
 * @choices keeps the lists' strings alive as long as the table. */
static GOptionEntry *
export_entries (ExportOptions *o, GPtrArray *choices)
{
  char *views = kv_enum_nicks (KV_TYPE_VIEW_KIND, KV_VIEW_AUTO, "|");
  char *engines = kv_enum_nicks (KV_TYPE_LAYOUT_ENGINE, KV_LAYOUT_AUTO, "|");
  g_autofree char *pictures = kv_enum_nicks (KV_TYPE_FORMAT, -1, "|");
  char *formats = g_strconcat (pictures, "|" SMCDEL_FORMAT, NULL);
  char *palettes = kv_enum_nicks (KV_TYPE_PALETTE, -1, "|");
  char *stages = kv_enum_nicks (KV_TYPE_PRODUCT_STAGE, -1, "|");
  const GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_STRING, &o->step_arg, N_("After the first N steps (0: the initial model; default: all)"), "N" },
    { "all-steps", 0, 0, G_OPTION_ARG_NONE, &o->all_steps, N_("A PDF handout: one page per step"), NULL },
    { "links", 0, 0, G_OPTION_ARG_STRING, &o->links_arg, N_("Draw only this agent's links"), N_("AGENT") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &o->view_arg, N_("What to draw (default: whole when it fits, else contracted, agents, around)"), views },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &o->engine_arg, N_("Graphviz layout engine (default: by size)"), engines },
    { "format", 0, 0, G_OPTION_ARG_STRING, &o->format_arg, N_("Output format: a picture, or smcdel for SMCDEL's text input (the game and its public announcements)"), formats },
    { "palette", 0, 0, G_OPTION_ARG_STRING, &o->palette_arg, N_("Agent colours (default: okabe-ito, safe for colour-blind viewers; greyscale for printing)"), palettes },
    { "product-stage", 0, 0, G_OPTION_ARG_STRING, &o->stage_arg, N_("A stage of the product that made step N: the action model, all pairs, the links that survive, the result"), stages },
    { "bare", 0, 0, G_OPTION_ARG_NONE, &o->bare, N_("TikZ: only the tikzpicture, to \\input in a LaTeX or Beamer document"), NULL },
    { "beamer", 0, 0, G_OPTION_ARG_NONE, &o->beamer, N_("TikZ: a Beamer frame with a slide per step (up to --step N), every world kept in its place"), NULL },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o->size_arg, N_("Fit the picture to a page or slide this size (16:9 is 16 × 9 cm, 4:3 is 12.8 × 9.6 cm), labels at least 9 pt"), "16:9|4:3|WxH(cm|mm|pt|in)" },
    { "no-title", 0, 0, G_OPTION_ARG_NONE, &o->no_title, N_("Leave out the title above the picture"), NULL },
    { "no-legend", 0, 0, G_OPTION_ARG_NONE, &o->no_legend, N_("Leave out the legend below the picture"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_("Output file"), N_("FILE") },
    { NULL }
  };

  g_ptr_array_add (choices, views);
  g_ptr_array_add (choices, engines);
  g_ptr_array_add (choices, formats);
  g_ptr_array_add (choices, palettes);
  g_ptr_array_add (choices, stages);
  return g_memdup2 (entries, sizeof entries);
}

/* Whether --format smcdel is asked for, by name or by the file's. */
static gboolean
wants_smcdel (const ExportOptions *o)
{
  return g_strcmp0 (o->format_arg, SMCDEL_FORMAT) == 0
         || (o->format_arg == NULL && !g_str_equal (o->output, "-") && named_like_smcdel (o->output));
}

/* --format smcdel with only the options that apply to it; 0 or the exit
 * status after saying what is wrong. */
static int
check_smcdel (const ExportOptions *o)
{
  const struct { gboolean given; const char *option; } pictures_only[] = {
    { o->all_steps, "--all-steps" }, { o->links_arg != NULL, "--links" }, { o->view_arg != NULL, "--view" },
    { o->engine_arg != NULL, "--engine" }, { o->palette_arg != NULL, "--palette" },
    { o->stage_arg != NULL, "--product-stage" }, { o->bare, "--bare" }, { o->beamer, "--beamer" },
    { o->size_arg != NULL, "--size" }, { o->no_title, "--no-title" }, { o->no_legend, "--no-legend" },
  };
  KvFormat named;

  if (!g_str_equal (o->output, "-") && kv_format_from_path (o->output, &named))
    return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                 o->format_arg, o->output, kv_format_to_string (named));
  for (guint i = 0; i < G_N_ELEMENTS (pictures_only); i++)
    if (pictures_only[i].given)
      /* TRANSLATORS: %s is an option, e.g. --view */
      return fail (_("%s is for pictures: --format smcdel writes SMCDEL's text input"),
                   pictures_only[i].option);
  return 0;
}

/* A picture's format, from --format and the file's name, which may only
 * agree; 0 or the exit status after saying what is wrong. */
static int
check_format (ExportOptions *o)
{
  KvFormat named;

  o->format = KV_FORMAT_SVG;
  if (o->format_arg != NULL && !kv_format_from_string (o->format_arg, &o->format))
    {
      g_autofree char *choices = enum_choices (KV_TYPE_FORMAT, -1, SMCDEL_FORMAT);

      /* TRANSLATORS: the second %s lists the choices: "svg, pdf or png" */
      return fail (_("unknown format “%s”: use %s"), o->format_arg, choices);
    }
  if (o->format_arg != NULL && !g_str_equal (o->output, "-") && named_like_smcdel (o->output))
    return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                 o->format_arg, o->output, SMCDEL_FORMAT);
  if (!g_str_equal (o->output, "-") && kv_format_from_path (o->output, &named))
    {
      if (o->format_arg != NULL && o->format != named)
        return fail (_("--format %s, but %s is named like a %s file: drop --format or rename the file"),
                     o->format_arg, o->output, kv_format_to_string (named));
      o->format = named;
    }
  else if (o->format_arg == NULL && g_str_equal (o->output, "-"))
    return fail (_("writing to standard output: say which format with --format"));
  else if (o->format_arg == NULL)
    return fail (_("which format? %s does not say (no .svg, .pdf, .png, .dot, .tex or .smcdel.txt): use --format"), o->output);
  return 0;
}

/* The view, layout engine, palette and product stage named; 0 or the exit
 * status after saying which is unknown. */
static int
check_choices (ExportOptions *o)
{
  KvPalette palette;
  g_autofree char *choices = NULL;

  o->view = KV_VIEW_AUTO;
  o->engine = KV_LAYOUT_AUTO;
  o->stage = NO_STAGE;

  if (o->view_arg != NULL && (!kv_view_kind_from_string (o->view_arg, &o->view) || o->view == KV_VIEW_AUTO))
    {
      choices = enum_choices (KV_TYPE_VIEW_KIND, KV_VIEW_AUTO, NULL);
      return fail (_("unknown view “%s”: use %s"), o->view_arg, choices);
    }
  if (o->engine_arg != NULL
      && (!kv_layout_engine_from_string (o->engine_arg, &o->engine) || o->engine == KV_LAYOUT_AUTO))
    {
      choices = enum_choices (KV_TYPE_LAYOUT_ENGINE, KV_LAYOUT_AUTO, NULL);
      return fail (_("unknown layout engine “%s”: use %s"), o->engine_arg, choices);
    }
  if (o->palette_arg != NULL && !kv_palette_from_string (o->palette_arg, &palette))
    {
      choices = enum_choices (KV_TYPE_PALETTE, -1, NULL);
      return fail (_("unknown palette “%s”: use %s"), o->palette_arg, choices);
    }
  if (o->palette_arg != NULL)
    kv_style_set_palette (palette);
  if (o->stage_arg != NULL && !kv_product_stage_from_string (o->stage_arg, &o->stage))
    {
      choices = enum_choices (KV_TYPE_PRODUCT_STAGE, -1, NULL);
      return fail (_("unknown product stage “%s”: use %s"), o->stage_arg, choices);
    }
  return 0;
}

/* The options that exclude or need each other; 0 or the exit status after
 * saying which. */
static int
check_combinations (ExportOptions *o)
{
  g_autoptr(GError) error = NULL;

  if (o->stage_arg != NULL && o->all_steps)
    return fail (_("--product-stage draws one step's product: use --step N, not --all-steps"));
  if (o->all_steps && o->step_arg != NULL)
    return fail (_("--step and --all-steps exclude each other"));
  if (o->all_steps && o->format != KV_FORMAT_PDF)
    return fail (_("--all-steps makes a PDF handout: use --format pdf"));
  if (o->bare && o->format != KV_FORMAT_TIKZ)
    return fail (_("--bare is for TikZ: use --format tikz or a .tex file"));
  if (o->beamer && o->format != KV_FORMAT_TIKZ)
    return fail (_("--beamer writes a LaTeX Beamer frame: use --format tikz or a .tex file"));
  if (o->beamer && o->bare)
    return fail (_("--bare and --beamer exclude each other"));
  if (o->beamer && (o->all_steps || o->stage_arg != NULL))
    return fail (_("--beamer draws every step up to --step N: drop --all-steps and --product-stage"));
  if (o->size_arg != NULL && !kv_export_parse_size (o->size_arg, &o->page_width, &o->page_height, &error))
    return fail ("%s", error->message);
  return 0;
}

/* The game and output named, and --step; 0 or the exit status after saying
 * what is wrong. */
static int
check_arguments (ExportOptions *o, int argc, char **argv)
{
  g_autoptr(GError) error = NULL;

  if (argc < 2)
    return fail (_("which game? Usage: kripkeviz-cli export GAME --format FORMAT -o FILE"));
  if (argc > 2)
    return fail (_("one game only, please (“%s” is one too many)"), argv[2]);
  if (o->output == NULL)
    return fail (_("-o FILE is required (-o - for standard output)"));
  /* As check and model read it: "-1" is not "no --step". */
  if (o->step_arg != NULL && !kv_cli_parse_number ("--step", o->step_arg, 0, G_MAXINT, &o->step, &error))
    return fail ("%s", error->message);
  return 0;
}

/* The game, opened as run and check open it: KRIPKEVIZ_WORLD_LIMIT (and
 * KRIPKEVIZ_ENGINE) hold here too. A game on the symbolic engine has
 * states (@run) and no @history. FALSE when it could not be opened
 * (said). */
static gboolean
open_game (const char *name, KvHistory **history, KvScript **script, KvCliRun **run)
{
  if (kv_model_json_is_path (name))
    *history = kv_cli_open_history (name, script);
  else if ((*run = kv_cli_open_run (name, NULL, -1)) != NULL && (*run)->history != NULL)
    {
      *history = g_steal_pointer (&(*run)->history);
      *script = g_steal_pointer (&(*run)->script);
      g_clear_pointer (run, kv_cli_run_free);
    }
  return *history != NULL || *run != NULL;
}

/* --links AGENT as the agent's index (-1 without it); 0 or the exit status. */
static int
check_links (const ExportOptions *o, const KvGame *game, int *links_of)
{
  *links_of = -1;
  if (o->links_arg == NULL)
    return 0;
  for (guint a = 0; a < game->n_agents && *links_of < 0; a++)
    if (g_str_equal (game->agent_names[a], o->links_arg))
      *links_of = (int) a;
  if (*links_of < 0)
    /* TRANSLATORS: %s is the agent asked for */
    return fail (_("--links: there is no agent “%s” in this game"), o->links_arg);
  return 0;
}

/* --size with a product stage: entry @index's product laid out for the
 * page. On M's ring (Figure 5) the product widens to fill the page
 * (KvViewOptions.aspect); how much room the title and legend leave it
 * depends on their lines, so each of a few widths is laid out and the one
 * whose labels come out largest on the page is kept. */
static KvLayout *
layout_product_for_page (KvLayoutContext *context, const KvHistory *history, guint index, const ExportOptions *o,
                         int links_of, const KvRenderOptions *render, GError **error)
{
  static const double widen[] = { 1.0, 1.25, 1.5, 2.0, 2.5 };
  double page = o->page_width / o->page_height;
  KvLayout *best = NULL;
  double best_size = 0;

  for (guint i = 0; i < G_N_ELEMENTS (widen); i++)
    {
      KvLayout *layout = layout_entry (context, history, index, o->view, o->stage, o->engine, NULL, links_of,
                                       page * widen[i], error);
      double size;

      if (layout == NULL)
        break;
      size = kv_export_label_size (layout, render);
      if (size > best_size)
        {
          g_clear_pointer (&best, kv_layout_unref);
          best = layout;
          best_size = size;
        }
      else
        kv_layout_unref (layout);
      /* Not on a ring (Graphviz's or a grid's places): the width asked
       * for changes nothing. */
      if (!kv_graph_is_pointed (best->graph))
        break;
    }
  if (best != NULL)
    g_clear_error (error);
  return best;
}

/* The pictures asked for, laid out: one, or every step's up to --step for
 * a handout or a Beamer frame (in stable places). NULL when one failed
 * (said). */
static GPtrArray *
make_layouts (const ExportOptions *o, KvLayoutContext *context, KvHistory *history, KvCliRun *run,
              guint step, int links_of, const KvRenderOptions *render)
{
  g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_layout_unref);
  /* One step's picture is laid out after the steps before it, as the
   * window does, so consecutive slides line up: every world where it was. */
  gboolean stable = !o->all_steps && !o->beamer && o->stage == NO_STAGE && step > 0;
  g_autoptr(KvPlaces) places = (o->all_steps || o->beamer || stable) ? kv_places_new () : NULL;
  g_autoptr(GError) error = NULL;

  if (history == NULL)
    {
      KvLayout *layout = symbolic_layout (context, run, step, o->view, links_of,
                                          o->all_steps || o->beamer || o->stage_arg != NULL, o->engine, &error);

      if (layout == NULL)
        {
          fail ("%s", error->message);
          return NULL;
        }
      g_ptr_array_add (layouts, layout);
      return g_steal_pointer (&layouts);
    }
  for (guint i = (o->all_steps || o->beamer || stable) ? 0 : step; i <= step; i++)
    {
      KvLayout *layout = o->page_height > 0 && o->stage != NO_STAGE
                         ? layout_product_for_page (context, history, i, o, links_of, render, &error)
                         : layout_entry (context, history, i, o->view, o->stage, o->engine, places, links_of, 0,
                                         &error);

      if (layout == NULL && stable && i < step)
        {
          /* A step before that this view cannot draw places nothing. */
          g_clear_error (&error);
          continue;
        }
      if (stable && i < step)
        {
          kv_layout_unref (layout);
          continue;
        }
      if (layout == NULL)
        {
          /* TRANSLATORS: %u is a step's number, %s the error */
          fail (_("step %u: %s"), i, error->message);
          return NULL;
        }
      g_ptr_array_add (layouts, layout);
    }
  return g_steal_pointer (&layouts);
}

/* @layouts as the file's bytes: a handout, a Beamer frame or one picture. */
static GBytes *
export_layouts (const ExportOptions *o, GPtrArray *layouts, const KvRenderOptions *options, GError **error)
{
  if (o->all_steps)
    return kv_export_handout_bytes ((KvLayout * const *) layouts->pdata, NULL, layouts->len, options, error);
  if (o->beamer)
    return kv_export_beamer_bytes ((KvLayout * const *) layouts->pdata, NULL, layouts->len, options, error);
  return kv_export_bytes (g_ptr_array_index (layouts, 0), o->format, options, error);
}

/* Draws what @o asks of @game_name into o->output. */
static int
export_pictures (ExportOptions *o, const char *game_name)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(KvCliRun) run = NULL;
  g_autoptr(KvLayoutContext) context = NULL;
  g_autoptr(GPtrArray) layouts = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  KvRenderOptions options;
  guint n_entries, step;
  int links_of, status;

  if (!open_game (game_name, &history, &script, &run))
    return EXIT_ERROR;
  if ((status = check_links (o, history != NULL ? history->game : run->script->game, &links_of)) != 0)
    return status;
  n_entries = history != NULL ? kv_history_length (history) : run->states->len;
  if (o->step_arg != NULL && o->step >= n_entries)
    /* TRANSLATORS: the plural is chosen by the number of steps, the third
     * number; %s is the game */
    return fail (g_dngettext (GETTEXT_PACKAGE,
                              "step %u is out of range: %s has %u step (0 … %u)",
                              "step %u is out of range: %s has %u steps (0 … %u)", n_entries - 1),
                 (guint) o->step, game_name, n_entries - 1, n_entries - 1);
  step = o->step_arg != NULL ? (guint) o->step : n_entries - 1;

  kv_render_options_init (&options);
  options.tikz_bare = o->bare;
  options.show_title = !o->no_title;
  options.show_legend = !o->no_legend;
  options.page_width = o->page_width;
  options.page_height = o->page_height;
  context = kv_layout_context_new ();
  layouts = make_layouts (o, context, history, run, step, links_of, &options);
  if (layouts == NULL)
    return EXIT_ERROR;
  if (o->size_arg != NULL && !o->all_steps && !o->beamer && o->format != KV_FORMAT_DOT)
    fit_labels (context, layouts, o->engine_arg == NULL, &options, o->size_arg);
  bytes = export_layouts (o, layouts, &options, &error);
  if (bytes == NULL || !kv_cli_write_output (o->output, bytes, &error))
    return fail ("%s", error->message);
  return EXIT_SUCCESS;
}

int
kv_cli_export (int    argc,
               char **argv)
{
  g_auto(ExportOptions) o = { 0 };
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
  g_autofree GOptionEntry *entries = export_entries (&o, choices);
  g_autoptr(GOptionContext) context = g_option_context_new (_("GAME - draw a game's Kripke model"));
  g_autoptr(GError) error = NULL;
  int status;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("GAME is a .kvg script or a built-in game (see `kripkeviz-cli games`)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!kv_cli_parse_options (context, &argc, &argv, &error))
    return fail ("%s", error->message);

  /* Everything the command line says is checked before any work. */
  if ((status = check_arguments (&o, argc, argv)) != 0)
    return status;
  if (wants_smcdel (&o) && (status = check_smcdel (&o)) != 0)
    return status;
  if (wants_smcdel (&o))
    /* Past G_MAXINT is out of range all the same. */
    return export_smcdel (argv[1], o.step_arg != NULL ? (int) MIN (o.step, (guint64) G_MAXINT) : -1, o.output);
  if ((status = check_format (&o)) != 0 || (status = check_choices (&o)) != 0
      || (status = check_combinations (&o)) != 0)
    return status;
  return export_pictures (&o, argv[1]);
}
