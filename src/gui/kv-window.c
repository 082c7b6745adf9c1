/* kv-window.c: the main window */
#define G_LOG_DOMAIN "kv-window"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-composer.h"
#include "kv-export-dialog.h"
#include "kv-gui-resources.h"
#include "kv-knowledge-table.h"
#include "kv-session.h"
#include "kv-step-item.h"
#include "kv-style.h"
#include "kv-turn.h"
#include "kv-window.h"

#include "kv-canvas-view.h"
#include "kv-product-pane.h"

#define MAX_RECENT 5

struct _KvWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *game_button;
  GtkListView          *history_view;
  KvComposer           *composer;
  GtkWidget            *next_turn_button;
  GtkBox               *canvas_slot;
  GtkEntry             *formula_entry;
  GtkLabel             *formula_badge;
  GtkLabel             *formula_error;
  GtkRevealer          *formula_error_revealer;
  KvKnowledgeTable     *knowledge_table;
  GtkPaned             *outer_paned;
  GtkPaned             *inner_paned;
  GtkWidget            *product_button;

  GtkWidget            *canvas;
  GtkStack             *canvas_stack;  /* the canvas, or the product view */
  GtkWidget            *product_pane;
  gboolean              product_mode;  /* the product view is shown */
  GSettings            *settings;

  char                 *game_name;     /* "hexa", or the file's basename without .kvg */
  char                 *game_path;     /* the file, or NULL for a built-in */
  KvHistory            *history;
  GListStore           *steps;         /* KvStepItem, one per history entry */
  GtkSingleSelection   *selection;
  guint                 current;

  KvFormula            *formula;       /* the formula last checked, re-checked on each step */
  KvBits               *highlight;

  gboolean              autosave;
  char                 *session_text;  /* as last written, to skip rewriting it */
  gboolean              session_failed; /* the last autosave failed (said once) */
  gboolean              loading;        /* a history is being put in: no autosave yet */
};

G_DEFINE_FINAL_TYPE (KvWindow, kv_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PRODUCT_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
toast (KvWindow   *self,
       const char *message)
{
  AdwToast *t = adw_toast_new (message);

  adw_toast_set_timeout (t, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
report_error (KvWindow   *self,
              const char *heading,
              const char *message)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* History rows */

static char *
winners_text (const KvModel *model)
{
  const KvGame *game = model->game;
  g_autoptr(GString) names = g_string_new (NULL);
  guint count = 0;

  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autoptr(KvBits) wins = kv_check_win (model, a);

      if (kv_bits_get (wins, model->actual))
        {
          if (count++ > 0)
            g_string_append (names, ", ");
          g_string_append (names, game->agent_names[a]);
        }
    }

  if (count == 0)
    return NULL;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Player %s knows the deal’s secret and can win",
                                       "Players %s know the deal’s secret and can win",
                                       count),
                          names->str);
}

static KvStepItem *
make_item (KvWindow *self,
           guint     index)
{
  const KvHistoryEntry *entry = kv_history_get (self->history, index);
  g_autofree char *words = NULL;
  g_autofree char *del = NULL;
  g_autofree char *worlds = NULL;
  g_autofree char *winners = winners_text (entry->model);

  if (entry->step == NULL)
    {
      words = g_strdup (_("The cards are dealt"));
      del = g_strdup (_("initial model"));
    }
  else
    {
      g_autoptr(GString) text = g_string_new (NULL);
      char *part = kv_step_to_words (entry->step);

      g_string_append (text, part);
      g_free (part);
      /* A suggest: what the responders answered. */
      if (entry->expanded != NULL)
        for (guint i = 0; i < entry->expanded->len; i++)
          {
            part = kv_step_to_words (g_ptr_array_index (entry->expanded, i));
            g_string_append_printf (text, i == 0 ? ": %s" : "; %s", part);
            g_free (part);
          }
      words = g_string_free (g_steal_pointer (&text), FALSE);
      del = kv_step_to_del (entry->step);
    }
  worlds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u world", "%u worlds",
                                         entry->model->n_worlds),
                            entry->model->n_worlds);

  return kv_step_item_new (index, words, del, worlds, winners);
}

/* Makes the rows from @from on match the history. */
static void
sync_steps (KvWindow *self,
            guint     from)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->steps));
  guint length = self->history != NULL ? kv_history_length (self->history) : 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  from = MIN (from, n_items);
  for (guint i = from; i < length; i++)
    g_ptr_array_add (items, make_item (self, i));
  g_list_store_splice (self->steps, from, n_items - from, items->pdata, items->len);
}

/* The state shown */

static const KvHistoryEntry *
current_entry (KvWindow *self)
{
  if (self->history == NULL)
    return NULL;
  return kv_history_get (self->history, self->current);
}

static int
selected_world (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  int world = -1;

  world = kv_canvas_view_get_selected_world (KV_CANVAS_VIEW (self->canvas));
  if (entry == NULL || world < 0 || (guint) world >= entry->model->n_worlds)
    return -1;
  return world;
}

static void
update_knowledge (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  KvModel *previous = NULL;
  guint previous_world = 0;
  int world;

  if (entry == NULL)
    {
      kv_knowledge_table_set_state (self->knowledge_table, NULL, 0, NULL, 0, FALSE);
      return;
    }

  world = selected_world (self);
  if (self->current > 0)
    {
      previous = kv_history_get (self->history, self->current - 1)->model;
      previous_world = previous->actual;
      /* The same deal one step earlier (models share their deal table). */
      if (world >= 0 && previous->deals == entry->model->deals)
        for (guint w = 0; w < previous->n_worlds; w++)
          if (previous->deal[w] == entry->model->deal[world])
            {
              previous_world = w;
              break;
            }
    }

  kv_knowledge_table_set_state (self->knowledge_table, entry->model,
                                world >= 0 ? (guint) world : entry->model->actual,
                                previous, previous_world, world >= 0);
}

static void
set_badge (KvWindow   *self,
           const char *text,
           const char *css_class,
           const char *tooltip)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->formula_badge), "true");
  gtk_widget_remove_css_class (GTK_WIDGET (self->formula_badge), "false");
  gtk_widget_set_visible (GTK_WIDGET (self->formula_badge), text != NULL);
  gtk_label_set_text (self->formula_badge, text != NULL ? text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->formula_badge), tooltip);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->formula_badge), css_class);
}

static void
set_highlight (KvWindow     *self,
               const KvBits *worlds)
{
  g_clear_pointer (&self->highlight, kv_bits_free);
  if (worlds != NULL)
    self->highlight = kv_bits_copy (worlds);
  kv_canvas_view_set_highlight (KV_CANVAS_VIEW (self->canvas), worlds);
}

static void
set_formula_error (KvWindow   *self,
                   const char *message)
{
  gtk_label_set_text (self->formula_error, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->formula_error_revealer, message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->formula_entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->formula_entry), "error");
}

/* Checks self->formula at the shown state: the badge and the highlight. */
static void
check_formula (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvBits) worlds = NULL;
  g_autofree char *tooltip = NULL;
  guint count;
  gboolean value;

  if (self->formula == NULL || entry == NULL)
    {
      set_badge (self, NULL, NULL, NULL);
      set_highlight (self, NULL);
      return;
    }

  worlds = kv_check_worlds (entry->model, self->formula, &error);
  if (worlds == NULL)
    {
      set_badge (self, NULL, NULL, NULL);
      set_highlight (self, NULL);
      set_formula_error (self, error->message);
      return;
    }

  value = kv_bits_get (worlds, entry->model->actual);
  count = kv_bits_count (worlds);
  tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%s at the actual world; holds at %u of %u world (highlighted)",
                                          "%s at the actual world; holds at %u of %u worlds (highlighted)",
                                          entry->model->n_worlds),
                             value ? _("True") : _("False"), count, entry->model->n_worlds);
  set_badge (self, value ? _("true") : _("false"), value ? "true" : "false", tooltip);
  set_highlight (self, worlds);
}

static void
update_actions (KvWindow *self)
{
  guint length = self->history != NULL ? kv_history_length (self->history) : 0;
  g_autofree char *why = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", self->current > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", self->current + 1 < length);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", self->history != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", self->history != NULL);
  {
    KvProductStage stage = kv_product_pane_get_stage (KV_PRODUCT_PANE (self->product_pane));

    /* The initial model is no action's product. */
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product", self->history != NULL && self->current > 0);
    gtk_widget_set_tooltip_text (self->product_button,
                                 self->history != NULL && self->current > 0
                                 ? _("Show how the step is made: the model before (M), the action (A) and their product M ⊗ A side by side (Ctrl+P)")
                                 : _("The initial model is not made by an action: select a later step to see its product"));
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product-previous",
                                   self->product_mode && stage > KV_PRODUCT_STAGE_PAIRS);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.product-next",
                                   self->product_mode && stage < KV_PRODUCT_STAGE_RESULT);
  }

  /* Next turn plays from the selected step: nothing left once someone won. */
  if (self->history != NULL)
    {
      for (guint i = self->current + 1; i-- > 1;)
        {
          const KvStep *step = kv_history_get (self->history, i)->step;

          if (step->kind == KV_STEP_WIN)
            {
              why = g_strdup_printf (_("The game is over: player %s has won."),
                                     self->history->game->agent_names[step->agent]);
              break;
            }
          if (step->kind == KV_STEP_ENDMOVE || step->kind == KV_STEP_SUGGEST)
            break;
        }
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-turn", self->history != NULL && why == NULL);
  gtk_widget_set_tooltip_text (self->next_turn_button,
                               why != NULL ? why
                                           : _("The next player suggests an envelope it still considers possible, the others answer, then it wins or ends its move"));
}

static void
update_title (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  g_autofree char *subtitle = NULL;
  guint length;

  if (entry == NULL)
    {
      adw_window_title_set_title (self->window_title, "Kripkeviz");
      adw_window_title_set_subtitle (self->window_title, NULL);
      return;
    }

  length = kv_history_length (self->history);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Step %u of %u · %u world",
                                           "Step %u of %u · %u worlds",
                                           entry->model->n_worlds),
                              self->current, length - 1, entry->model->n_worlds);
  adw_window_title_set_title (self->window_title,
                              self->history->game->title != NULL ? self->history->game->title
                                                                 : self->game_name);
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* Writes the session after every change (a step, a truncation, a game,
 * the selected step); nothing when it is as last written. */
static void
save_session (KvWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->autosave || self->loading || self->history == NULL)
    return;

  text = kv_session_to_text (self->history, self->game_name, self->current);
  if (g_strcmp0 (text, self->session_text) == 0)
    return;

  path = kv_session_get_path ();
  if (!kv_session_write (path, text, &error))
    {
      g_message ("Could not save the session: %s", error->message);
      if (!self->session_failed)
        {
          g_autofree char *message = g_strdup_printf (_("Could not save the session: %s"), error->message);

          toast (self, message);
        }
      self->session_failed = TRUE;
      return;
    }
  self->session_failed = FALSE;
  g_free (self->session_text);
  self->session_text = g_steal_pointer (&text);
}

static void
update_accessible (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  g_autofree char *description = NULL;

  if (entry != NULL)
    {
      guint length = kv_history_length (self->history);

      description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%u step; step %u is shown",
                                                  "%u steps; step %u is shown",
                                                  length - 1),
                                     length - 1, self->current);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->history_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

static void set_product_mode (KvWindow *self, gboolean product_mode);

/* The product view follows the selected step. */
static void
show_product (KvWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->product_mode)
    return;
  if (self->history == NULL || self->current == 0)
    {
      set_product_mode (self, FALSE);
      return;
    }
  if (!kv_product_pane_set_entry (KV_PRODUCT_PANE (self->product_pane), self->history,
                                  self->current, &error))
    {
      toast (self, error->message);
      set_product_mode (self, FALSE);
    }
}

static void
show_current (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);

  kv_canvas_view_set_model (KV_CANVAS_VIEW (self->canvas), entry != NULL ? entry->model : NULL);
  show_product (self);
  kv_composer_set_model (self->composer, entry != NULL ? entry->model : NULL);
  check_formula (self);
  update_knowledge (self);
  update_title (self);
  update_actions (self);
  update_accessible (self);
  save_session (self);
}

void
kv_window_select_step (KvWindow *self,
                       guint     index)
{
  g_return_if_fail (KV_IS_WINDOW (self));
  g_return_if_fail (self->history != NULL);
  g_return_if_fail (index < kv_history_length (self->history));

  if (gtk_single_selection_get_selected (self->selection) != index)
    {
      /* on_selection_changed comes back here */
      gtk_single_selection_set_selected (self->selection, index);
      return;
    }

  self->current = index;
  gtk_widget_activate_action (GTK_WIDGET (self->history_view), "list.scroll-to-item", "u", index);
  show_current (self);
}

static void
on_selection_changed (KvWindow *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (self->history != NULL && selected != GTK_INVALID_LIST_POSITION &&
      selected < kv_history_length (self->history))
    kv_window_select_step (self, selected);
}

static void
on_selected_world_changed (KvWindow *self)
{
  update_knowledge (self);
}

/* Opening games */

static void
add_recent (KvWindow   *self,
            const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) "text/plain",
    .app_name = (char *) "Kripkeviz",
    .app_exec = (char *) "kripkeviz %f",
    .groups = NULL,
    .is_private = FALSE,
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
rebuild_game_menu (KvWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) builtins = g_menu_new ();
  g_autoptr(GMenu) files = g_menu_new ();
  g_autoptr(GMenu) recent = g_menu_new ();
  g_auto(GStrv) names = kv_script_builtin_names ();
  GList *items;
  guint n_recent = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = kv_script_builtin_title (names[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (title != NULL ? title : names[i], NULL);

      g_menu_item_set_action_and_target (item, "win.open-game", "s", names[i]);
      g_menu_append_item (builtins, item);
    }
  g_menu_append_section (menu, _("Built-in Games"), G_MENU_MODEL (builtins));

  g_menu_append (files, _("_Open…"), "win.open");
  g_menu_append (files, _("_Save Script…"), "win.save");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (files));

  items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  for (GList *l = items; l != NULL && n_recent < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;
      g_autofree char *basename = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (!g_str_has_suffix (uri, ".kvg") || !gtk_recent_info_has_application (info, "Kripkeviz"))
        continue;
      file = g_file_new_for_uri (uri);
      path = g_file_get_path (file);
      if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      basename = g_file_get_basename (file);
      item = g_menu_item_new (basename, NULL);
      g_menu_item_set_action_and_target (item, "win.open-game", "s", path);
      g_menu_append_item (recent, item);
      n_recent++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  if (n_recent > 0)
    g_menu_append_section (menu, _("Recent"), G_MENU_MODEL (recent));

  gtk_menu_button_set_menu_model (self->game_button, G_MENU_MODEL (menu));
}

/* Shows @history (taken) of the game @name, with entry @selected. */
static void
set_history (KvWindow   *self,
             KvHistory  *history,
             const char *name,
             guint       selected)
{
  g_free (self->game_name);
  self->game_name = g_strdup (name);

  /* A new game: its formulas and highlights mean nothing any more. */
  g_clear_pointer (&self->formula, kv_formula_unref);
  gtk_editable_set_text (GTK_EDITABLE (self->formula_entry), "");
  set_formula_error (self, NULL);

  g_clear_pointer (&self->history, kv_history_free);
  self->history = history;
  self->current = 0;
  /* The rows change the selection on the way: one autosave, at the end. */
  self->loading = TRUE;
  sync_steps (self, 0);
  kv_window_select_step (self, MIN (selected, kv_history_length (history) - 1));
  self->loading = FALSE;
  save_session (self);
}

gboolean
kv_window_open (KvWindow    *self,
                const char  *name_or_path,
                GError     **error)
{
  g_autoptr(KvScript) script = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autofree char *basename = NULL;
  gboolean is_file;

  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  script = kv_script_open (name_or_path, error);
  if (script == NULL)
    return FALSE;
  history = kv_history_run_script (script, g_settings_get_uint (self->settings, "world-limit"), error);
  if (history == NULL)
    return FALSE;

  is_file = strchr (name_or_path, '/') != NULL || g_str_has_suffix (name_or_path, ".kvg");
  basename = g_path_get_basename (name_or_path);
  if (g_str_has_suffix (basename, ".kvg"))
    basename[strlen (basename) - 4] = '\0';

  g_clear_pointer (&self->game_path, g_free);
  if (is_file)
    {
      self->game_path = g_canonicalize_filename (name_or_path, NULL);
      add_recent (self, self->game_path);
      rebuild_game_menu (self);
    }
  set_history (self, g_steal_pointer (&history), basename, 0);

  return TRUE;
}

gboolean
kv_window_restore_session (KvWindow *self)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autoptr(KvHistory) history = NULL;
  g_autoptr(GError) error = NULL;
  guint selected = 0;

  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);

  path = kv_session_get_path ();
  history = kv_session_read (path, g_settings_get_uint (self->settings, "world-limit"),
                             &name, &selected, &error);
  if (history == NULL)
    {
      g_autoptr(GError) aside_error = NULL;
      g_autofree char *aside = NULL;
      g_autofree char *message = NULL;

      if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return FALSE;

      /* Kept for a look, out of the way of the next autosave. */
      g_message ("Could not restore the session: %s", error->message);
      aside = kv_session_set_aside (path, &aside_error);
      if (aside != NULL)
        {
          g_autofree char *basename = g_path_get_basename (aside);

          /* TRANSLATORS: %s is a file name, session.kvg.broken */
          message = g_strdup_printf (_("The last session could not be restored; it was kept as %s"),
                                     basename);
        }
      else
        message = g_strdup (_("The last session could not be restored"));
      toast (self, message);
      return FALSE;
    }

  g_clear_pointer (&self->game_path, g_free);
  set_history (self, g_steal_pointer (&history), name != NULL ? name : _("session"), selected);
  return TRUE;
}

void
kv_window_set_autosave (KvWindow *self,
                        gboolean  autosave)
{
  g_return_if_fail (KV_IS_WINDOW (self));

  self->autosave = !!autosave;
  save_session (self);
}

void
kv_window_open_or_report (KvWindow   *self,
                          const char *name_or_path)
{
  g_autoptr(GError) error = NULL;

  if (!kv_window_open (self, name_or_path, &error))
    report_error (self, _("Could Not Open the Game"), error->message);
}

/* Steps */

/* Keeps the entries up to the selected one; the rows follow. */
static void
truncate_to_current (KvWindow *self)
{
  kv_history_truncate (self->history, self->current);
}

static void
after_push (KvWindow *self,
            guint     first_new)
{
  sync_steps (self, first_new);
  kv_window_select_step (self, kv_history_length (self->history) - 1);
}

static void
on_composer_apply (KvWindow *self,
                   KvStep   *step)
{
  g_autoptr(GError) error = NULL;
  guint first;

  if (self->history == NULL)
    return;

  first = self->current + 1;
  truncate_to_current (self);
  if (!kv_history_push (self->history, step, &error))
    {
      toast (self, error->message);
      sync_steps (self, first);
      kv_window_select_step (self, self->current);
      return;
    }
  after_push (self, first);
}

static void
next_turn_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  guint first, agent = 0;

  if (self->history == NULL)
    return;

  first = self->current + 1;
  truncate_to_current (self);
  if (kv_turn_play (self->history, &agent, &error) == 0)
    {
      toast (self, error->message);
      sync_steps (self, first);
      kv_window_select_step (self, self->current);
      return;
    }
  after_push (self, first);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->current > 0)
    kv_window_select_step (self, self->current - 1);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);

  if (self->history != NULL && self->current + 1 < kv_history_length (self->history))
    kv_window_select_step (self, self->current + 1);
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
  g_autoptr(GtkFileFilter) filter = kvg_filter ();

  native = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  KvWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->history != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GPtrArray) steps = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *name = g_file_get_basename (file);

      for (guint i = 1; i < kv_history_length (self->history); i++)
        g_ptr_array_add (steps, kv_history_get (self->history, i)->step);
      text = kv_script_to_text (self->history->game, steps);

      /* A temporary file renamed over the old one: a failed save leaves
       * the old file as it was. */
      if (!kv_session_save_file (file, text, &error))
        report_error (self, _("Could Not Save the Script"), error->message);
      else
        {
          g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);
          g_autofree char *path = g_file_get_path (file);

          if (path != NULL)
            {
              add_recent (self, path);
              rebuild_game_menu (self);
            }
          toast (self, message);
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
  g_autofree char *name = g_strdup_printf ("%s.kvg", self->game_name != NULL ? self->game_name : "game");

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
  toast (self, message);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KvWindow *self = KV_WINDOW (widget);
  KvLayout *layout = NULL;
  guint32 hidden = 0;
  g_autofree char *basename = NULL;
  KvExportDialog *dialog;

  if (self->product_mode)
    {
      /* The product panel's stage, as shown. */
      KvProductPane *pane = KV_PRODUCT_PANE (self->product_pane);
      KvCanvasView *panel = kv_product_pane_get_panel (pane, KV_PRODUCT_PANEL_PRODUCT);

      layout = kv_canvas_get_layout (kv_canvas_view_get_canvas (panel));
      hidden = kv_canvas_view_get_hidden_agents (panel);
      basename = g_strdup_printf ("%s-step-%u-%s", self->game_name != NULL ? self->game_name : "game",
                                  self->current, kv_product_stage_to_string (kv_product_pane_get_stage (pane)));
    }
  else
    {
      layout = kv_canvas_get_layout (kv_canvas_view_get_canvas (KV_CANVAS_VIEW (self->canvas)));
      hidden = kv_canvas_view_get_hidden_agents (KV_CANVAS_VIEW (self->canvas));
    }
  if (layout == NULL)
    {
      toast (self, _("Nothing to export yet: the view is still being drawn"));
      return;
    }

  if (basename == NULL)
    basename = g_strdup_printf ("%s-step-%u", self->game_name != NULL ? self->game_name : "game", self->current);
  dialog = kv_export_dialog_new (GTK_WINDOW (self), layout, hidden, basename);
  g_signal_connect_swapped (dialog, "exported", G_CALLBACK (on_exported), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
focus_formula_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (KV_WINDOW (widget)->formula_entry));
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

/* The product view */

static void
set_product_mode (KvWindow *self,
                  gboolean  product_mode)
{
  KvProductPane *pane = KV_PRODUCT_PANE (self->product_pane);
  g_autoptr(GError) error = NULL;

  product_mode = !!product_mode && self->history != NULL && self->current > 0;
  if (self->product_mode == product_mode)
    return;

  if (product_mode &&
      !kv_product_pane_set_entry (pane, self->history, self->current, &error))
    {
      toast (self, error->message);
      product_mode = FALSE;
      if (!self->product_mode)
        {
          /* The toggle went in: put it back out. */
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRODUCT_MODE]);
          return;
        }
    }

  self->product_mode = product_mode;
  if (!product_mode)
    kv_product_pane_clear (pane);
  gtk_stack_set_visible_child (self->canvas_stack, product_mode ? self->product_pane : self->canvas);
  /* Three panels need the room the knowledge table takes. */
  gtk_widget_set_visible (GTK_WIDGET (self->knowledge_table), !product_mode);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRODUCT_MODE]);
}

static void
on_product_stage_changed (KvWindow *self)
{
  update_actions (self);
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
    undo_action (widget, action_name, parameter);
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
    redo_action (widget, action_name, parameter);
}

/* Formula bar */

static void
on_formula_activate (KvWindow *self)
{
  const KvHistoryEntry *entry = current_entry (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->formula_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  g_autoptr(GError) error = NULL;
  guint column = 0;

  g_clear_pointer (&self->formula, kv_formula_unref);
  set_formula_error (self, NULL);

  if (entry == NULL || *stripped == '\0')
    {
      check_formula (self);
      return;
    }

  self->formula = kv_formula_parse (self->history->game, text, &column, &error);
  if (self->formula == NULL)
    {
      glong length = g_utf8_strlen (text, -1);
      int start = column > 0 ? (int) column - 1 : 0;
      g_autofree char *message = g_strdup_printf (_("Column %u: %s"), column, error->message);

      check_formula (self);
      set_formula_error (self, error->message != NULL && g_str_has_prefix (error->message, "1:")
                               ? error->message : message);
      gtk_widget_grab_focus (GTK_WIDGET (self->formula_entry));
      if (start < length)
        gtk_editable_select_region (GTK_EDITABLE (self->formula_entry), start, start + 1);
      else
        gtk_editable_set_position (GTK_EDITABLE (self->formula_entry), -1);
      return;
    }

  check_formula (self);
}

static void
on_formula_changed (KvWindow *self)
{
  /* The badge belongs to the text that was checked. */
  if (self->formula != NULL)
    {
      g_clear_pointer (&self->formula, kv_formula_unref);
      check_formula (self);
    }
  set_formula_error (self, NULL);
}

/* Settings */

static void
on_world_limit_changed (KvWindow *self)
{
  if (self->history != NULL)
    self->history->world_limit = g_settings_get_uint (self->settings, "world-limit");
}

/* Widgets keep what they last drew: after the palette changes, every one
 * draws again (canvases, agent toggles, the product panels). */
static void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_all (child);
}

static void
on_palette_changed (KvWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "palette");
  KvPalette palette = KV_PALETTE_OKABE_ITO;

  kv_palette_from_string (name, &palette);
  kv_style_set_palette (palette);
  queue_draw_all (GTK_WIDGET (self));
}

static gboolean
kv_window_close_request (GtkWindow *window)
{
  KvWindow *self = KV_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (kv_window_parent_class)->close_request (window);
}

static void
kv_window_dispose (GObject *object)
{
  KvWindow *self = KV_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->steps);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->formula, kv_formula_unref);
  g_clear_pointer (&self->highlight, kv_bits_free);
  g_clear_pointer (&self->history, kv_history_free);

  G_OBJECT_CLASS (kv_window_parent_class)->dispose (object);
}

static void
kv_window_finalize (GObject *object)
{
  KvWindow *self = KV_WINDOW (object);

  g_free (self->game_name);
  g_free (self->game_path);
  g_free (self->session_text);

  G_OBJECT_CLASS (kv_window_parent_class)->finalize (object);
}

static void
kv_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  KvWindow *self = KV_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PRODUCT_MODE:
      g_value_set_boolean (value, self->product_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  KvWindow *self = KV_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PRODUCT_MODE:
      set_product_mode (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_window_class_init (KvWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kv_window_dispose;
  object_class->finalize = kv_window_finalize;
  object_class->get_property = kv_window_get_property;
  object_class->set_property = kv_window_set_property;
  window_class->close_request = kv_window_close_request;

  properties[PROP_PRODUCT_MODE] =
    g_param_spec_boolean ("product-mode", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Links the resources in (they live in a static library). */
  g_assert (kv_gui_get_resource () != NULL);

  g_type_ensure (KV_TYPE_COMPOSER);
  g_type_ensure (KV_TYPE_KNOWLEDGE_TABLE);
  g_type_ensure (KV_TYPE_STEP_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KvWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, composer);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, next_turn_button);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, canvas_slot);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, formula_entry);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, formula_badge);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, formula_error);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, formula_error_revealer);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, knowledge_table);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, KvWindow, product_button);
  gtk_widget_class_bind_template_callback (widget_class, on_composer_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_changed);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.next-turn", NULL, next_turn_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-game", "s", open_game_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.focus-formula", NULL, focus_formula_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_property_action (widget_class, "win.product", "product-mode");
  gtk_widget_class_install_action (widget_class, "win.product-previous", NULL, product_previous_action);
  gtk_widget_class_install_action (widget_class, "win.product-next", NULL, product_next_action);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "win.forward", NULL, forward_action);

  /* The same keys as the application's accelerators (kv-application.c),
   * for a window without an application (the display tests). */

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.product", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "win.product-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "win.product-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.next-turn", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.focus-formula", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
}

static void
kv_window_init (KvWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_swapped (self->settings, "changed::world-limit",
                            G_CALLBACK (on_world_limit_changed), self);
  g_signal_connect_swapped (self->settings, "changed::palette",
                            G_CALLBACK (on_palette_changed), self);
  on_palette_changed (self);

  self->steps = g_list_store_new (KV_TYPE_STEP_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->steps)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_list_view_set_model (self->history_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);

  self->canvas = kv_canvas_view_new ();
  g_settings_bind (self->settings, "layout-engine", self->canvas, "engine", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "draw-limit", self->canvas, "draw-limit", G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->canvas, "notify::selected-world",
                            G_CALLBACK (on_selected_world_changed), self);
  gtk_widget_set_vexpand (self->canvas, TRUE);
  gtk_widget_set_hexpand (self->canvas, TRUE);
  self->canvas_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->canvas_stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  /* Sized by the page shown: the product view's three panels are wider than
   * the canvas, and would otherwise squeeze the window's other panes. */
  gtk_stack_set_hhomogeneous (self->canvas_stack, FALSE);
  gtk_stack_set_vhomogeneous (self->canvas_stack, FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->canvas_stack), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->canvas_stack), TRUE);
  gtk_stack_add_named (self->canvas_stack, self->canvas, "canvas");
  self->product_pane = kv_product_pane_new ();
  g_settings_bind (self->settings, "layout-engine", self->product_pane, "engine", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "draw-limit", self->product_pane, "draw-limit", G_SETTINGS_BIND_GET);
  /* The agent toggles of the canvas apply to the panels too. */
  g_object_bind_property (self->canvas, "hidden-agents", self->product_pane, "hidden-agents",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->product_pane, "notify::stage",
                            G_CALLBACK (on_product_stage_changed), self);
  gtk_stack_add_named (self->canvas_stack, self->product_pane, "product");
  gtk_stack_set_visible_child (self->canvas_stack, self->canvas);
  gtk_box_append (self->canvas_slot, GTK_WIDGET (self->canvas_stack));

  rebuild_game_menu (self);
  update_actions (self);
}

KvWindow *
kv_window_new (GtkApplication *application)
{
  return g_object_new (KV_TYPE_WINDOW, "application", application, NULL);
}

KvHistory *
kv_window_get_history (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->history;
}

guint
kv_window_get_step (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), 0);
  return self->current;
}

GtkWidget *
kv_window_get_composer (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->composer);
}

GtkWidget *
kv_window_get_knowledge_table (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->knowledge_table);
}

GtkWidget *
kv_window_get_formula_entry (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->formula_entry);
}

GtkWidget *
kv_window_get_canvas (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->canvas;
}

GtkWidget *
kv_window_get_product_pane (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->product_pane;
}

gboolean
kv_window_get_product_mode (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), FALSE);
  return self->product_mode;
}

void
kv_window_set_product_mode (KvWindow *self,
                            gboolean  product_mode)
{
  g_return_if_fail (KV_IS_WINDOW (self));
  set_product_mode (self, product_mode);
}

const char *
kv_window_get_formula_result (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->formula_badge)))
    return NULL;
  return gtk_label_get_text (self->formula_badge);
}

const char *
kv_window_get_formula_error (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->formula_error_revealer))
    return NULL;
  return gtk_label_get_text (self->formula_error);
}

const KvBits *
kv_window_get_highlight (KvWindow *self)
{
  g_return_val_if_fail (KV_IS_WINDOW (self), NULL);
  return self->highlight;
}
