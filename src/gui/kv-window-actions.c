// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-window-actions.c: the window's actions (win.*) and their keys */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-deal-dialog.h"
#include "kv-export-dialog.h"
#include "kv-game-menu.h"
#include "kv-help.h"
#include "kv-session-file.h"
#include "kv-tournament-dialog.h"
#include "kv-window-private.h"

/* The game's name for file names: "hexa", or "game" before one. */
static const char *
file_stem (KvWindow *self)
{
  const char *name = kv_session_get_game_name (self->session);

  return name != NULL ? name : "game";
}

/* Undo or redo; a state that no longer runs (a lower world limit) is
 * reported, and nothing changes. */
static void
move_in_undo (GtkWidget *widget,
              gboolean (*move) (KvSession *, GError **))
{
  KvWindow *self = KV_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!move (self->session, &error) && error != NULL)
    _kv_window_toast (self, error->message);
}

/* Next turn and Play to the end play on the session's worker
 * (kv-session-play.c): one late turn of real Cluedo takes a second or
 * two. The application is held until it answers: closing the window
 * cancels the play (its close request and its dispose), and the process
 * waits for the turn being played rather than quit under the worker. */
typedef struct
{
  KvWindow     *window;        /* weak: NULL once the window is gone */
  GApplication *application;   /* NULL for a window without one (tests) */
  guint         max_turns;     /* 1: Next turn */
} Playing;

static void
on_played (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Playing *playing = data;
  KvWindow *self = playing->window;
  g_autoptr(GError) error = NULL;
  gboolean played = kv_session_play_finish (KV_SESSION (object), result, &error);

  /* A window closed meanwhile (gone, or disposed: no session) shows nothing. */
  if (!played && self != NULL && self->session != NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _kv_window_toast (self, playing->max_turns == 1
                                ? _("Next turn stopped: the game is as it was")
                                : _("Play to the end stopped: the game is as it was"));
      else if (playing->max_turns == 1)
        /* The engine's own words, as on the main thread before ("The game
         * is over: …"). */
        _kv_window_toast (self, error->message);
      else
        {
          /* TRANSLATORS: %s says why, e.g. "the game has grown too big for the symbolic engine: …" */
          g_autofree char *text = g_strdup_printf (_("Play to the end refused, the game is as it was: %s"),
                                                   error->message);

          _kv_window_toast (self, text);
        }
    }
  if (playing->application != NULL)
    {
      g_application_release (playing->application);
      g_object_unref (playing->application);
    }
  g_clear_weak_pointer (&playing->window);
  g_free (playing);
}

/* At most @max_turns turns on the worker: Next turn's one, or Play to the
 * end's. */
static void
start_playing (KvWindow *self,
               guint     max_turns)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  Playing *playing;

  if (history_of (self) == NULL || kv_session_get_playing (self->session))
    return;
  playing = g_new0 (Playing, 1);
  g_set_weak_pointer (&playing->window, self);
  playing->max_turns = max_turns;
  if (application != NULL)
    {
      playing->application = g_object_ref (G_APPLICATION (application));
      g_application_hold (playing->application);
    }
  kv_session_play_async (self->session, max_turns, on_played, playing);
}

static void
next_turn_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  start_playing (KV_WINDOW (widget), 1);
}

static void
play_to_end_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  start_playing (KV_WINDOW (widget), KV_SESSION_PLAY_TO_END_TURNS);
}

/* Cancel in the play bar, and Escape: the turn being played ends, then
 * nothing changes. */
static void
cancel_play_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (!kv_session_get_playing (self->session))
    return;
  self->stopping_play = TRUE;
  kv_session_cancel_play (self->session);
  _kv_window_update_play (self);
}

/* Next turn's bar comes only when its turn is still playing after a
 * moment: a turn of Clue 11 takes milliseconds, and a bar shown for those
 * would flicker at every turn. */
#define PLAY_BAR_DELAY_MS 300

static gboolean
on_play_bar_due (gpointer data)
{
  KvWindow *self = data;

  self->play_bar_delay = 0;
  self->play_bar_due = TRUE;
  _kv_window_update_play (self);
  return G_SOURCE_REMOVE;
}

void
_kv_window_update_play (KvWindow *self)
{
  gboolean playing = kv_session_get_playing (self->session);
  GtkWidget *bar = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), KV_TYPE_WINDOW, "play_bar"));
  GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (self), KV_TYPE_WINDOW, "play_label"));
  GtkWidget *strategies = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), KV_TYPE_WINDOW,
                                                                     "strategy_menu"));
  guint max_turns = kv_session_get_play_max_turns (self->session);
  g_autofree char *text = NULL;

  if (!playing)
    {
      self->stopping_play = FALSE;
      self->play_bar_due = FALSE;
      g_clear_handle_id (&self->play_bar_delay, g_source_remove);
    }
  else if (max_turns == 1 && !self->play_bar_due && self->play_bar_delay == 0)
    /* Removed when the turn is over, or the window disposed. */
    self->play_bar_delay = g_timeout_add (PLAY_BAR_DELAY_MS, on_play_bar_due, self);
  /* Another game or another deal would lose the game being played. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.change-deal", !playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open", !playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open-game", !playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-play", playing && !self->stopping_play);
  gtk_widget_set_sensitive (GTK_WIDGET (self->composer), !playing);
  gtk_widget_set_sensitive (strategies, !playing);

  if (self->stopping_play)
    text = g_strdup (_("Stopping after this turn…"));
  else if (playing && max_turns == 1)
    text = g_strdup (_("Playing a turn…"));
  else if (playing)
    /* TRANSLATORS: %u is the turn being played, 1 for the first */
    text = g_strdup_printf (_("Playing to the end… turn %u"), kv_session_get_played_turns (self->session) + 1);
  if (text != NULL)
    gtk_label_set_text (label, text);
  gtk_action_bar_set_revealed (GTK_ACTION_BAR (bar), playing && (max_turns != 1 || self->play_bar_due));
}

/* Self-play of the game shown (Clue 11 before one), its seats as the
 * players of Next turn. */
static void
tournament_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  g_autoptr(KvScript) script = NULL;
  g_autoptr(GError) error = NULL;
  KvTournamentDialog *dialog;

  if (history_of (self) != NULL)
    dialog = kv_tournament_dialog_new (GTK_WINDOW (self), history_of (self)->game, file_stem (self),
                                       kv_session_get_strategies (self->session));
  else if ((script = kv_script_open ("clue11", &error)) != NULL)
    dialog = kv_tournament_dialog_new (GTK_WINDOW (self), script->game, "clue11", NULL);
  else
    {
      _kv_window_toast (self, error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  move_in_undo (widget, kv_session_undo);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  move_in_undo (widget, kv_session_redo);
}

/* Every step after the selected one, as one edit (a toast offers undo). */
static void
delete_later_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  kv_session_delete_later_steps (KV_WINDOW (widget)->session);
}

/* Who holds which card at the actual world: a dialog, then one edit. */
static void
change_deal_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (history_of (self) == NULL)
    {
      _kv_window_toast (self, _("Open a game first"));
      return;
    }
  /* A model read from a file: kv_session_set_deal would refuse it. */
  if (history_of (self)->given)
    {
      _kv_window_toast (self, _("This model was read from a file: its deal cannot be changed"));
      return;
    }
  gtk_window_present (GTK_WINDOW (kv_deal_dialog_new (GTK_WINDOW (self), self->session)));
}

void
_kv_window_on_deal_changed (KvWindow *self,
                            guint     n_dropped)
{
  g_autofree char *message = NULL;

  if (n_dropped == 0)
    message = g_strdup (_("Deal changed"));
  else
    message = g_strdup_printf (ngettext ("Deal changed: %u later step no longer holds and was dropped",
                                         "Deal changed: %u later steps no longer hold and were dropped",
                                         n_dropped),
                               n_dropped);
  _kv_window_toast_undoable (self, message);
}

static void
open_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  kv_window_open_or_report (KV_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static GtkFileFilter *
kvg_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game scripts"));
  gtk_file_filter_add_pattern (filter, "*.kvg");
  return filter;
}

/* Open's filters: games and models together (the one shown first), then
 * each apart. */
static void
add_open_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) scripts = kvg_filter ();
  g_autoptr(GtkFileFilter) models = gtk_file_filter_new ();

  gtk_file_filter_set_name (all, _("Games and models"));
  gtk_file_filter_add_pattern (all, "*.kvg");
  gtk_file_filter_add_pattern (all, "*" KV_MODEL_JSON_SUFFIX);
  gtk_file_filter_set_name (models, _("Models (.kvm.json)"));
  gtk_file_filter_add_pattern (models, "*" KV_MODEL_JSON_SUFFIX);
  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_add_filter (chooser, scripts);
  gtk_file_chooser_add_filter (chooser, models);
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  KvWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        kv_window_open_or_report (self, path);
    }
  g_object_unref (native);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_open_filters (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  KvWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && history_of (self) != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;
      g_autofree char *text = kv_session_to_script (self->session);
      g_autofree char *name = g_file_get_basename (file);

      /* A temporary file renamed over the old one: a failed save leaves
       * the old file as it was. */
      if (!kv_session_file_save_as (file, text, &error))
        _kv_window_report_error (self, _("Could Not Save the Script"), error->message);
      else
        {
          g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);
          g_autofree char *path = g_file_get_path (file);

          if (path != NULL)
            {
              kv_game_menu_add_recent (path);
              _kv_window_refresh_game_menu (self);
            }
          _kv_window_toast (self, message);
        }
    }
  g_object_unref (native);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = kvg_filter ();
  g_autofree char *name = g_strdup_printf ("%s.kvg", file_stem (self));

  native = gtk_file_chooser_native_new (_("Save the Script"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_exported (KvWindow   *self,
             const char *message)
{
  _kv_window_toast (self, message);
}

/* The picture shown (the product panel's stage in the product view), how
 * it is drawn there (@shown: hidden agents, a perspective's faint worlds)
 * and, when @basename is not NULL, a file name for it; NULL while it is
 * still being drawn. */
static KvLayout *
shown_layout (KvWindow        *self,
              KvRenderOptions *shown,
              char           **basename)
{
  KvCanvasView *view = KV_CANVAS_VIEW (self->canvas);
  KvProductPane *pane = KV_PRODUCT_PANE (self->product_pane);

  if (self->product_mode)
    view = kv_product_pane_get_panel (pane, KV_PRODUCT_PANEL_PRODUCT);
  kv_canvas_get_shown_options (kv_canvas_view_get_canvas (view), shown);
  if (basename != NULL && self->product_mode)
    *basename = g_strdup_printf ("%s-step-%u-%s", file_stem (self),
                                 step_of (self), kv_product_stage_to_string (kv_product_pane_get_stage (pane)));
  else if (basename != NULL)
    *basename = g_strdup_printf ("%s-step-%u", file_stem (self), step_of (self));

  return kv_canvas_get_layout (kv_canvas_view_get_canvas (view));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  KvLayout *layout = NULL;
  KvRenderOptions shown;
  g_autofree char *basename = NULL;
  KvExportDialog *dialog;

  /* A symbolic game exports its envelope view; without one, nothing. */
  if (kv_session_is_symbolic (self->session) &&
      kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (self->canvas)) != NULL)
    {
      _kv_window_toast (self, _("Nothing to export: this game has too many worlds to draw"));
      return;
    }
  layout = shown_layout (self, &shown, &basename);
  if (layout == NULL)
    {
      _kv_window_toast (self, _("Nothing to export yet: the view is still being drawn"));
      return;
    }

  dialog = kv_export_dialog_new (GTK_WINDOW (self), layout, &shown, basename);
  g_signal_connect_swapped (dialog, "exported", G_CALLBACK (on_exported), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The picture shown, as its PNG export, on the clipboard. */
static void
copy_image_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  KvRenderOptions options;
  KvLayout *layout;
  g_autoptr(GError) error = NULL;

  gboolean nothing = kv_session_is_symbolic (self->session) &&
                     kv_canvas_view_get_placeholder (KV_CANVAS_VIEW (self->canvas)) != NULL;

  /* A symbolic game copies its envelope view; without one, nothing. */
  layout = nothing ? NULL : shown_layout (self, &options, NULL);
  if (nothing)
    _kv_window_toast (self, _("Nothing to copy: this game has too many worlds to draw"));
  else if (layout == NULL)
    _kv_window_toast (self, _("Nothing to copy yet: the view is still being drawn"));
  else if (!kv_export_copy_image (widget, layout, &options, &error))
    _kv_window_report_error (self, _("Could Not Copy the Image"), error->message);
  else
    _kv_window_toast (self, _("Image copied"));
}

/* The product view leaves the formula bar out: the formula goes back to
 * the picture its worlds are lit in. */
static void
focus_formula_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->product_mode)
    g_object_set (self, "product-mode", FALSE, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->formula_bar));
}

static void
forward_to_canvas (KvWindow   *self,
                   const char *action)
{
  if (self->product_mode)
    {
      gtk_widget_activate_action (GTK_WIDGET (kv_product_pane_get_panel (KV_PRODUCT_PANE (self->product_pane),
                                                                         KV_PRODUCT_PANEL_PRODUCT)),
                                  action, NULL);
      return;
    }
  gtk_widget_activate_action (self->canvas, action, NULL);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  forward_to_canvas (KV_WINDOW (widget), "canvas.zoom-in");
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  forward_to_canvas (KV_WINDOW (widget), "canvas.zoom-out");
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  forward_to_canvas (KV_WINDOW (widget), "canvas.zoom-fit");
}

static void
product_previous_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->product_mode)
    gtk_widget_activate_action (self->product_pane, "product.previous", NULL);
}

static void
product_next_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->product_mode)
    gtk_widget_activate_action (self->product_pane, "product.next", NULL);
}

/* Alt+Left, Alt+Right: the stages while the product view is shown, else
 * the steps. */
static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->product_mode)
    product_previous_action (widget, action_name, parameter);
  else
    kv_session_back (self->session);
}

static void
forward_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->product_mode)
    product_next_action (widget, action_name, parameter);
  else
    kv_session_forward (self->session);
}

/* F1, main menu → Help: the help in Yelp; without Yelp, a toast that says
 * so rather than nothing. */
static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autoptr(GError) error = NULL;

  if (!kv_help_show (NULL, &error))
    _kv_window_toast (KV_WINDOW (widget), error->message);
}

/* The window's actions and their keys, set once: the widget class binds
 * the keys (so a window without an application has them too, as in the
 * display tests) and the application learns them (so the shortcuts window
 * and the menus show them). @more_keys are bound on the window only. */
typedef struct
{
  const char                  *name;
  const char                  *parameter_type;
  GtkWidgetActionActivateFunc  activate;
  const char                  *property;    /* a property action instead */
  const char                  *keys[3];
  const char                  *more_keys[2];
} KvWindowAction;

static const KvWindowAction actions[] = {
  { "win.undo", NULL, undo_action, NULL, { "<Control>z" }, { NULL } },
  { "win.redo", NULL, redo_action, NULL, { "<Control><Shift>z" }, { NULL } },
  /* Every step after the selected one (main menu → Delete Later Steps).
   * Its key is the window's only, not the application's: an application
   * key is seen before a text field, where Ctrl+Delete deletes a word.
   * The menu and the shortcuts window name it themselves. */
  { "win.delete-later", NULL, delete_later_action, NULL, { NULL }, { "<Control>Delete" } },
  /* The product view's stages while it is shown, else the steps. */
  { "win.back", NULL, back_action, NULL, { "<Alt>Left" }, { NULL } },
  { "win.forward", NULL, forward_action, NULL, { "<Alt>Right" }, { NULL } },
  { "win.product", NULL, NULL, "product-mode", { "<Control>p" }, { NULL } },
  /* The history pane: folded over the canvas on a narrow screen. */
  { "win.sidebar", NULL, NULL, "show-sidebar", { "F9" }, { NULL } },
  /* Presentation mode; while in it, a capture-phase controller of the
   * window (kv-window-present.c) steps with ←/→, Page Up/Down, and leaves with Esc. */
  { "win.present", NULL, NULL, "presenting", { "F5" }, { NULL } },
  /* Presentation mode's picture, table or both: its strip's buttons; T
   * (kv-window-present.c) flips through them. */
  { "win.present-layout", NULL, NULL, "present-layout", { NULL }, { NULL } },
  { "win.product-previous", NULL, product_previous_action, NULL, { NULL }, { "Page_Up" } },
  { "win.product-next", NULL, product_next_action, NULL, { NULL }, { "Page_Down" } },
  { "win.next-turn", NULL, next_turn_action, NULL, { "<Control>n" }, { NULL } },
  { "win.play-to-end", NULL, play_to_end_action, NULL, { "<Shift><Control>n" }, { NULL } },
  /* Escape is the window's only (enabled only while it plays): an
   * application key would take it from popovers and text fields. */
  { "win.cancel-play", NULL, cancel_play_action, NULL, { NULL }, { "Escape" } },
  { "win.tournament", NULL, tournament_action, NULL, { NULL }, { NULL } },
  { "win.open", NULL, open_action, NULL, { "<Control>o" }, { NULL } },
  { "win.open-game", "s", open_game_action, NULL, { NULL }, { NULL } },
  { "win.save", NULL, save_action, NULL, { "<Control>s" }, { NULL } },
  /* Game menu → Change Deal…: kv-deal-dialog.c, then one undoable edit. */
  { "win.change-deal", NULL, change_deal_action, NULL, { NULL }, { NULL } },
  { "win.export", NULL, export_action, NULL, { "<Control>e" }, { NULL } },
  { "win.copy-image", NULL, copy_image_action, NULL, { "<Control><Shift>c" }, { NULL } },
  { "win.focus-formula", NULL, focus_formula_action, NULL, { "<Control>l" }, { NULL } },
  { "win.zoom-in", NULL, zoom_in_action, NULL, { "<Control>plus", "<Control>equal" }, { "<Control>KP_Add" } },
  { "win.zoom-out", NULL, zoom_out_action, NULL, { "<Control>minus" }, { "<Control>KP_Subtract" } },
  { "win.zoom-fit", NULL, zoom_fit_action, NULL, { "<Control>0" }, { "<Control>KP_0" } },
  { "win.help", NULL, help_action, NULL, { "F1" }, { NULL } },
};

static void
bind_keys (GtkWidgetClass    *widget_class,
           const char        *action,
           const char *const *keys,
           guint              n_keys)
{
  for (guint i = 0; i < n_keys && keys[i] != NULL; i++)
    {
      guint key = 0;
      GdkModifierType modifiers = 0;

      if (!gtk_accelerator_parse (keys[i], &key, &modifiers))
        g_assert_not_reached ();
      gtk_widget_class_add_binding_action (widget_class, key, modifiers, action, NULL);
    }
}

void
_kv_window_class_actions_init (GtkWidgetClass *widget_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      const KvWindowAction *action = &actions[i];

      if (action->property != NULL)
        gtk_widget_class_install_property_action (widget_class, action->name, action->property);
      else
        gtk_widget_class_install_action (widget_class, action->name, action->parameter_type,
                                         action->activate);
      bind_keys (widget_class, action->name, action->keys, G_N_ELEMENTS (action->keys));
      bind_keys (widget_class, action->name, action->more_keys, G_N_ELEMENTS (action->more_keys));
    }
}

void
kv_window_add_accels (GtkApplication *application)
{
  g_return_if_fail (GTK_IS_APPLICATION (application));

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    if (actions[i].keys[0] != NULL)
      gtk_application_set_accels_for_action (application, actions[i].name, actions[i].keys);
}
