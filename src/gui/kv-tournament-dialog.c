// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-tournament-dialog.c: "Tournament" (see kv-tournament-dialog.h) */
#define G_LOG_DOMAIN "kv-tournament-dialog"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-export.h"
#include "kv-game-title.h"
#include "kv-strategy-menu.h"
#include "kv-tournament-dialog.h"
#include "kv-tournament-plot.h"
#include "kv-tournament-processes.h"

#define N_COLUMNS     5
#define EXPORT_WIDTH  960.0
#define EXPORT_HEIGHT 600.0

struct _KvTournamentDialog
{
  AdwWindow           parent_instance;

  /* Template widgets */
  AdwWindowTitle     *window_title;
  AdwPreferencesGroup *seats_group;
  GtkSpinButton      *games_spin;
  GtkSpinButton      *seed_spin;
  GtkSwitch          *observer_switch;
  GtkProgressBar     *progress_bar;
  GtkGrid            *table;
  GtkDrawingArea     *plot;
  GtkLabel           *status_label;

  KvGame             *game;
  char               *name;
  GPtrArray          *seat_rows;     /* AdwComboRow*, one per agent */

  /* A threaded run: the worker threads play into @live under @lock; the
   * main loop copies it to @result every tick and at the end. */
  GCancellable       *cancellable;
  GMutex              lock;
  KvTournamentResult  live;
  guint               games;         /* asked for */
  guint               tick;
  gboolean            running;
  gboolean            disposed;      /* the window is gone: the run ends unseen */
  gboolean            has_result;
  gboolean            observed;      /* the run has an observer */
  KvTournamentResult  result;
  /* A symbolic run's child processes (NULL otherwise): their shards go
   * straight to @result on the main loop. */
  KvTournamentProcesses *processes;
  char               *cells[KV_MAX_AGENTS][N_COLUMNS];
};

G_DEFINE_FINAL_TYPE (KvTournamentDialog, kv_tournament_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* --- the results --------------------------------------------------------- */

static void
set_cell (KvTournamentDialog *self,
          guint               row,
          guint               column,
          const char         *text,
          gboolean            heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (self->table, label, column, row, 1, 1);
  if (!heading && row >= 1 && row - 1 < KV_MAX_AGENTS)
    {
      g_free (self->cells[row - 1][column]);
      self->cells[row - 1][column] = g_strdup (text);
    }
}

static void
update_table (KvTournamentDialog *self)
{
  const KvTournamentResult *result = &self->result;
  const char *headings[N_COLUMNS] = {
    _("Strategy"), _("Seats"), _("Wins"), _("Win share"), _("Mean rounds"),
  };
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  for (guint r = 0; r < KV_MAX_AGENTS; r++)
    for (guint c = 0; c < N_COLUMNS; c++)
      g_clear_pointer (&self->cells[r][c], g_free);

  for (guint c = 0; c < N_COLUMNS; c++)
    set_cell (self, 0, c, headings[c], TRUE);
  if (!self->has_result)
    return;
  for (guint t = 0; t < result->n_tallies; t++)
    {
      const KvTournamentTally *tally = &result->tallies[t];
      g_autofree char *seats = g_strdup_printf ("%u", tally->seats);
      g_autofree char *wins = g_strdup_printf ("%u", tally->wins);
      g_autofree char *percent = kv_format_decimal (100 * kv_tournament_tally_share (tally, result), 1);
      g_autofree char *share = g_strdup_printf ("%s %%", percent);
      g_autofree char *mean = tally->wins > 0 ? kv_format_decimal (kv_tournament_tally_mean (tally), 2)
                                              : g_strdup ("—");

      set_cell (self, t + 1, 0, tally->name, FALSE);
      set_cell (self, t + 1, 1, seats, FALSE);
      set_cell (self, t + 1, 2, wins, FALSE);
      set_cell (self, t + 1, 3, share, FALSE);
      set_cell (self, t + 1, 4, mean, FALSE);
    }
}

static void
update_status (KvTournamentDialog *self,
               const char         *message)
{
  g_autofree char *text = NULL;
  g_autofree char *progress = NULL;
  guint done = self->has_result ? self->result.games : 0;

  progress = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u game", "%u of %u games", self->games),
                              done, self->games);
  gtk_progress_bar_set_fraction (self->progress_bar, self->games > 0 ? (double) done / self->games : 0);
  gtk_progress_bar_set_text (self->progress_bar, self->has_result ? progress : NULL);

  if (message != NULL)
    text = g_strdup (message);
  else if (self->has_result && self->result.no_winner > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u game had no winner in %u rounds.",
                                         "%u games had no winner in %u rounds.",
                                         self->result.no_winner),
                            self->result.no_winner, KV_TOURNAMENT_MAX_ROUNDS);
  if (self->has_result && self->observed && self->result.games > 0)
    {
      const KvTournamentResult *r = &self->result;
      g_autofree char *before = kv_format_decimal ((double) r->observer_before.delta_known_sum / r->games, 2);
      g_autofree char *end = kv_format_decimal ((double) r->observer_end.delta_known_sum / r->games, 2);
      g_autofree char *common = kv_format_decimal ((double) r->common.delta_known_sum / r->games, 2);
      g_autofree char *total = kv_format_decimal ((double) r->delta_total_sum / r->games, 2);
      /* TRANSLATORS: the %s are decimals ("1.25") over the games so far: the
       * envelope's cards the observer knew just before the last step, at
       * the end, those common knowledge among the players at the end, and
       * the envelope's cards */
      g_autofree char *observer = g_strdup_printf (_("Observer: knew %s of the %s envelope cards just before the "
                                                     "last step, %s at the end; common knowledge among the "
                                                     "players at the end: %s."),
                                                   before, total, end, common);
      g_autofree char *both = text != NULL ? g_strdup_printf ("%s\n%s", text, observer) : NULL;

      g_free (text);
      text = both != NULL ? g_steal_pointer (&both) : g_steal_pointer (&observer);
    }
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
}

static void
show_result (KvTournamentDialog *self)
{
  update_table (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

static void
draw_plot (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  KvTournamentDialog *self = data;
  KvTournamentResult empty = { 0 };

  kv_tournament_plot_draw (cr, self->has_result ? &self->result : &empty, width, height);
}

/* --- running ------------------------------------------------------------- */

static void
update_actions (KvTournamentDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tournament.run", !self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tournament.cancel", self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tournament.export",
                                 !self->running && self->has_result);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seats_group), !self->running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->games_spin), !self->running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seed_spin), !self->running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->observer_switch), !self->running);
}

static void
set_running (KvTournamentDialog *self,
             gboolean            running)
{
  if (self->running == running)
    return;
  self->running = running;
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* A run's games are shared by worker threads, each with its own
 * KvTournament (same strategies, seed and set-up) that takes the next game
 * index as it is free: game g is dealt and played from the seed and g
 * alone (kv_tournament_play_game_at), so the result is the one `play`
 * prints, however the games fell to the threads. Each thread copies its
 * result to @done after every game; the dialog's live result is their sum. */
#define MAX_WORKERS 8

typedef struct {
  KvTournamentDialog *self;
  KvTournament       *workers[MAX_WORKERS];
  KvTournamentResult  done[MAX_WORKERS];   /* under self->lock */
  guint               n_workers;
  guint               games;
  gint                next;                 /* the next game to play (atomic) */
  GCancellable       *cancellable;
  GError             *error;                /* the first, under self->lock */
} Run;

typedef struct {
  Run   *run;
  guint  worker;
} Worker;

static void
run_free (Run *run)
{
  for (guint w = 0; w < run->n_workers; w++)
    kv_tournament_free (run->workers[w]);
  g_clear_error (&run->error);
  g_free (run);
}

/* Threads for the explicit engine's games: every core. (The symbolic
 * engine's games run in processes, below: its BuDDy calls would take turns
 * in one.) */
static guint
workers_for (guint games)
{
  return CLAMP (MIN (g_get_num_processors (), games), 1, MAX_WORKERS);
}

/* Called with self->lock held: the live result, the workers' sum. */
static void
sum_live (Run *run)
{
  run->self->live = run->done[0];
  for (guint w = 1; w < run->n_workers; w++)
    kv_tournament_result_add (&run->self->live, &run->done[w]);
}

/* One worker: the next free game, until none is left or the run stops. */
static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;
  Run *run = worker->run;
  KvTournament *tournament = run->workers[worker->worker];

  while (!g_cancellable_is_cancelled (run->cancellable))
    {
      guint g = (guint) g_atomic_int_add (&run->next, 1);
      GError *error = NULL;

      if (g >= run->games)
        break;
      if (!kv_tournament_play_game_at (tournament, g, &error))
        {
          g_mutex_lock (&run->self->lock);
          if (run->error == NULL)
            run->error = error;
          else
            g_error_free (error);
          g_mutex_unlock (&run->self->lock);
          g_cancellable_cancel (run->cancellable);
          break;
        }
      g_mutex_lock (&run->self->lock);
      run->done[worker->worker] = *kv_tournament_get_result (tournament);
      sum_live (run);
      g_mutex_unlock (&run->self->lock);
    }
  return NULL;
}

/* The task's thread: the workers, itself the first, until all are done. */
static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;
  Worker workers[MAX_WORKERS];
  GThread *threads[MAX_WORKERS] = { NULL };

  for (guint w = 0; w < run->n_workers; w++)
    workers[w] = (Worker) { run, w };
  for (guint w = 1; w < run->n_workers; w++)
    threads[w] = g_thread_new ("kv-tournament", worker_main, &workers[w]);
  worker_main (&workers[0]);
  for (guint w = 1; w < run->n_workers; w++)
    g_thread_join (threads[w]);
  if (run->error != NULL)
    g_task_return_error (task, g_steal_pointer (&run->error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
take_live (KvTournamentDialog *self)
{
  g_mutex_lock (&self->lock);
  self->result = self->live;
  g_mutex_unlock (&self->lock);
  self->has_result = TRUE;
}

static gboolean
on_tick (gpointer data)
{
  KvTournamentDialog *self = data;

  take_live (self);
  show_result (self);
  update_status (self, NULL);
  return G_SOURCE_CONTINUE;
}

/* A run's end, on threads or in processes: the table, and why it ended
 * early if it did. */
static void
show_end (KvTournamentDialog *self,
          const GError       *error,
          gboolean            stopped)
{
  g_autofree char *message = NULL;

  if (error != NULL)
    message = g_strdup_printf (_("Could not play: %s"), error->message);
  else if (stopped)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "Stopped after %u game.",
                                            "Stopped after %u games.",
                                            self->result.games),
                               self->result.games);
  show_result (self);
  update_status (self, message);
  set_running (self, FALSE);
}

static void
on_run_done (GObject      *object,
             GAsyncResult *result,
             gpointer      data)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (object);
  g_autoptr(GError) error = NULL;
  gboolean cancelled;

  g_task_propagate_boolean (G_TASK (result), &error);
  cancelled = g_cancellable_is_cancelled (self->cancellable);
  g_clear_handle_id (&self->tick, g_source_remove);
  g_clear_object (&self->cancellable);
  take_live (self);
  if (self->disposed)
    {
      self->running = FALSE;
      return;
    }
  show_end (self, error, cancelled);
}

/* A symbolic run's shards so far (kv-tournament-processes.h). */
static void
on_processes_progress (const KvTournamentResult *result,
                       gpointer                  data)
{
  KvTournamentDialog *self = data;

  self->result = *result;
  self->has_result = TRUE;
  show_result (self);
  update_status (self, NULL);
}

/* A symbolic run's end: as on_run_done; the processes are reaped. */
static void
on_processes_done (const KvTournamentResult *result,
                   const GError             *error,
                   gpointer                  data)
{
  KvTournamentDialog *self = data;

  self->processes = NULL;
  self->result = *result;
  self->has_result = TRUE;
  show_end (self, error, self->result.games < self->games);
}

/* The symbolic engine's games in kripkeviz-cli processes, one per core:
 * BuDDy is process-wide, and a GTK process must not fork. */
static void
run_processes (KvTournamentDialog      *self,
               const KvStrategy *const *listed,
               const KvPlayOptions     *options)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  self->processes = kv_tournament_processes_start (self->game, listed, self->games,
                                                   (guint32) gtk_spin_button_get_value (self->seed_spin),
                                                   KV_ENGINE_SYMBOLIC, options, g_get_num_processors (),
                                                   on_processes_progress, on_processes_done,
                                                   self, &error);
  if (self->processes == NULL)
    {
      message = g_strdup_printf (_("Could not play: %s"), error->message);
      update_status (self, message);
      return;
    }
  set_running (self, TRUE);
}

/* The explicit engine's games on threads of this process. */
static void
run_threads (KvTournamentDialog      *self,
             const KvStrategy *const *listed,
             const KvPlayOptions     *options,
             KvEngineKind             engine)
{
  g_autoptr(GTask) task = NULL;
  Run *run;

  run = g_new0 (Run, 1);
  run->self = self;
  run->games = self->games;
  run->n_workers = workers_for (run->games);
  for (guint w = 0; w < run->n_workers; w++)
    {
      run->workers[w] = kv_tournament_new (self->game, listed, (guint32) gtk_spin_button_get_value (self->seed_spin));
      kv_tournament_set_engine (run->workers[w], engine);
      kv_tournament_set_options (run->workers[w], options);
      run->done[w] = *kv_tournament_get_result (run->workers[w]);
    }
  g_mutex_lock (&self->lock);
  sum_live (run);
  g_mutex_unlock (&self->lock);
  self->cancellable = g_cancellable_new ();
  run->cancellable = self->cancellable;
  take_live (self);
  show_result (self);
  update_status (self, NULL);

  task = g_task_new (self, self->cancellable, on_run_done, NULL);
  g_task_set_task_data (task, run, (GDestroyNotify) run_free);
  g_task_set_return_on_cancel (task, FALSE);
  self->tick = g_timeout_add (100, on_tick, self);
  set_running (self, TRUE);
  g_task_run_in_thread (task, run_thread);
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (widget);
  const KvStrategy *listed[KV_MAX_AGENTS] = { NULL };
  KvPlayOptions options = { 0 };
  KvEngineKind engine;

  if (self->running)
    return;
  for (guint a = 0; a < self->game->n_agents; a++)
    {
      const char *const *names = kv_strategy_names ();
      guint i = adw_combo_row_get_selected (g_ptr_array_index (self->seat_rows, a));

      listed[a] = kv_strategy_find (names[MIN (i, g_strv_length ((char **) names) - 1)]);
    }

  /* On the engine `run` and `play` would choose (KRIPKEVIZ_ENGINE, else
   * explicit when the deals fit the default world limit): real Cluedo
   * plays symbolically. */
  engine = kv_history_choose_engine (self->game, 0);
  options.observer = gtk_switch_get_active (self->observer_switch);
  self->observed = options.observer;
  self->games = (guint) gtk_spin_button_get_value (self->games_spin);
  if (engine == KV_ENGINE_SYMBOLIC)
    run_processes (self, listed, &options);
  else
    run_threads (self, listed, &options, engine);
}

/* Stops a run, on threads (after their games) or in processes (killed);
 * its end follows. */
static void
stop_run (KvTournamentDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->processes != NULL)
    kv_tournament_processes_stop (self->processes);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  stop_run (KV_TOURNAMENT_DIALOG (widget));
}

/* --- export -------------------------------------------------------------- */

gboolean
kv_tournament_dialog_export_plot (KvTournamentDialog  *self,
                                  const char          *path,
                                  GError             **error)
{
  KvFormat format = KV_FORMAT_PNG;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (KV_IS_TOURNAMENT_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!kv_format_from_path (path, &format))
    format = KV_FORMAT_PNG;
  bytes = kv_tournament_plot_bytes (&self->result, format, EXPORT_WIDTH, EXPORT_HEIGHT, error);
  return bytes != NULL && kv_write_bytes (path, bytes, error);
}

static void
on_export_response (GtkNativeDialog    *native,
                    int                 response,
                    KvTournamentDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Choose a local file."));
      else
        kv_tournament_dialog_export_plot (self, path, &error);
      if (error != NULL)
        update_status (self, error->message);
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);

          update_status (self, message);
        }
    }
  g_object_unref (native);
  g_object_unref (self);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (widget);
  GtkFileChooserNative *native;
  GtkFileFilter *png = gtk_file_filter_new ();
  GtkFileFilter *svg = gtk_file_filter_new ();
  g_autofree char *name = g_strdup_printf ("%s-tournament.png", self->name);

  gtk_file_filter_set_name (png, _("PNG — bitmap image"));
  gtk_file_filter_add_suffix (png, "png");
  gtk_file_filter_set_name (svg, _("SVG — vector image"));
  gtk_file_filter_add_suffix (svg, "svg");

  native = gtk_file_chooser_native_new (_("Export the Plot"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), svg);
  g_object_unref (png);
  g_object_unref (svg);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* --- the object ---------------------------------------------------------- */

void
kv_tournament_dialog_set_seat (KvTournamentDialog *self,
                               guint               agent,
                               const char         *strategy)
{
  g_return_if_fail (KV_IS_TOURNAMENT_DIALOG (self));
  g_return_if_fail (agent < self->seat_rows->len);
  g_return_if_fail (kv_strategy_find (strategy) != NULL);

  adw_combo_row_set_selected (g_ptr_array_index (self->seat_rows, agent), kv_strategy_index (strategy));
}

void
kv_tournament_dialog_set_games (KvTournamentDialog *self,
                                guint               games)
{
  g_return_if_fail (KV_IS_TOURNAMENT_DIALOG (self));
  gtk_spin_button_set_value (self->games_spin, games);
}

void
kv_tournament_dialog_set_seed (KvTournamentDialog *self,
                               guint32             seed)
{
  g_return_if_fail (KV_IS_TOURNAMENT_DIALOG (self));
  gtk_spin_button_set_value (self->seed_spin, seed);
}

void
kv_tournament_dialog_set_observer (KvTournamentDialog *self,
                                   gboolean            observer)
{
  g_return_if_fail (KV_IS_TOURNAMENT_DIALOG (self));
  gtk_switch_set_active (self->observer_switch, observer);
}

const char *
kv_tournament_dialog_get_status (KvTournamentDialog *self)
{
  g_return_val_if_fail (KV_IS_TOURNAMENT_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}

gboolean
kv_tournament_dialog_get_running (KvTournamentDialog *self)
{
  g_return_val_if_fail (KV_IS_TOURNAMENT_DIALOG (self), FALSE);
  return self->running;
}

const KvTournamentResult *
kv_tournament_dialog_get_result (KvTournamentDialog *self)
{
  g_return_val_if_fail (KV_IS_TOURNAMENT_DIALOG (self), NULL);
  return self->has_result ? &self->result : NULL;
}

const char *
kv_tournament_dialog_get_cell (KvTournamentDialog *self,
                               guint               row,
                               guint               column)
{
  g_return_val_if_fail (KV_IS_TOURNAMENT_DIALOG (self), NULL);
  if (row >= KV_MAX_AGENTS || column >= N_COLUMNS)
    return NULL;
  return self->cells[row][column];
}

static gboolean
kv_tournament_dialog_close_request (GtkWindow *window)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (window);

  /* The threads stop after their games; the task keeps the dialog alive. */
  stop_run (self);
  return GTK_WINDOW_CLASS (kv_tournament_dialog_parent_class)->close_request (window);
}

static void
kv_tournament_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_tournament_dialog_dispose (GObject *object)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (object);

  self->disposed = TRUE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  /* The processes hold no reference: a window that goes (destroy with
   * its parent) kills them here. */
  if (self->processes != NULL)
    kv_tournament_processes_abandon (g_steal_pointer (&self->processes));
  g_clear_handle_id (&self->tick, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_TOURNAMENT_DIALOG);

  G_OBJECT_CLASS (kv_tournament_dialog_parent_class)->dispose (object);
}

static void
kv_tournament_dialog_finalize (GObject *object)
{
  KvTournamentDialog *self = KV_TOURNAMENT_DIALOG (object);

  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_pointer (&self->seat_rows, g_ptr_array_unref);
  g_clear_object (&self->cancellable);
  g_free (self->name);
  for (guint r = 0; r < KV_MAX_AGENTS; r++)
    for (guint c = 0; c < N_COLUMNS; c++)
      g_free (self->cells[r][c]);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (kv_tournament_dialog_parent_class)->finalize (object);
}

static void
kv_tournament_dialog_class_init (KvTournamentDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kv_tournament_dialog_dispose;
  object_class->finalize = kv_tournament_dialog_finalize;
  object_class->get_property = kv_tournament_dialog_get_property;
  window_class->close_request = kv_tournament_dialog_close_request;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-tournament-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, games_spin);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, observer_switch);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, table);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, plot);
  gtk_widget_class_bind_template_child (widget_class, KvTournamentDialog, status_label);

  gtk_widget_class_install_action (widget_class, "tournament.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "tournament.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "tournament.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kv_tournament_dialog_init (KvTournamentDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_mutex_init (&self->lock);
  self->seat_rows = g_ptr_array_new ();
  gtk_drawing_area_set_draw_func (self->plot, draw_plot, self, NULL);
}

KvTournamentDialog *
kv_tournament_dialog_new (GtkWindow               *parent,
                          KvGame                  *game,
                          const char              *name,
                          const KvStrategy *const *strategies)
{
  KvTournamentDialog *self;
  g_autofree char *game_title = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  /* Not modal: the window stays usable while the games run (a symbolic
   * tournament plays in other processes, so the window's own symbolic game
   * keeps this process's BuDDy); it goes with the window, which ends its
   * run. */
  self = g_object_new (KV_TYPE_TOURNAMENT_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->game = kv_game_ref (game);
  self->name = g_strdup (name != NULL ? name : "game");
  game_title = kv_game_user_title (game);
  adw_window_title_set_subtitle (self->window_title, game_title != NULL ? game_title : self->name);

  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autofree char *title = g_strdup_printf (_("Player %s"), game->agent_names[a]);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
      g_autoptr(GtkStringList) model = gtk_string_list_new (kv_strategy_names ());
      const char *strategy = strategies != NULL && strategies[a] != NULL ? strategies[a]->name : "del";

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_combo_row_set_model (row, G_LIST_MODEL (model));
      adw_combo_row_set_selected (row, kv_strategy_index (strategy));
      adw_preferences_group_add (self->seats_group, GTK_WIDGET (row));
      g_ptr_array_add (self->seat_rows, row);
    }

  update_table (self);
  update_status (self, _("Choose the strategies, then Play."));
  update_actions (self);
  return self;
}
