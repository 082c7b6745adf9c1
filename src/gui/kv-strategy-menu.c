// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-strategy-menu.c: the players' strategies of Next turn */
#define G_LOG_DOMAIN "kv-strategy-menu"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-strategy-menu.h"

struct _KvStrategyMenu
{
  GtkWidget       parent_instance;

  /* Template widgets */
  GtkMenuButton  *button;
  GtkGrid        *grid;
  GtkLabel       *summary_label;
  GtkLabel       *help_label;

  KvSession      *session;      /* weak */
  GPtrArray      *drop_downs;   /* GtkDropDown*, one per agent (in the grid) */
  gboolean        syncing;      /* the drop-downs follow the session */
};

G_DEFINE_FINAL_TYPE (KvStrategyMenu, kv_strategy_menu, GTK_TYPE_WIDGET)

const char *
kv_strategy_describe (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "random"))
    return _("random: suggests any envelope it still considers possible");
  if (g_str_equal (name, "naive"))
    return _("naive: uses only its own hand and the cards it was shown");
  if (g_str_equal (name, "del"))
    return _("del: uses all it knows in the model, also from others’ answers and moves");
  if (g_str_equal (name, "del+"))
    return _("del+: as del, and asks what leaves it the fewest worlds");
  return name;
}

guint
kv_strategy_index (const char *name)
{
  const char *const *names = kv_strategy_names ();

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return i;
  return 0;
}

static void
update_summary (KvStrategyMenu *self)
{
  KvHistory *history = self->session != NULL ? kv_session_get_history (self->session) : NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *text = NULL;

  if (history != NULL)
    for (guint a = 0; a < history->game->n_agents; a++)
      g_string_append_printf (list, "%s%s", a > 0 ? " · " : "", kv_session_get_strategy (self->session, a));
  /* TRANSLATORS: the strategies of the players in order, "del · naive · del" */
  text = g_strdup_printf (_("Players: %s"), list->len > 0 ? list->str : "—");
  gtk_label_set_text (self->summary_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->button), history != NULL);
}

static void
on_strategies_changed (KvStrategyMenu *self)
{
  self->syncing = TRUE;
  for (guint a = 0; a < self->drop_downs->len; a++)
    gtk_drop_down_set_selected (g_ptr_array_index (self->drop_downs, a),
                                kv_strategy_index (kv_session_get_strategy (self->session, a)));
  self->syncing = FALSE;
  update_summary (self);
}

static void
on_drop_down_selected (GtkDropDown    *drop_down,
                       GParamSpec     *pspec,
                       KvStrategyMenu *self)
{
  guint agent = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (drop_down), "agent"));
  guint selected = gtk_drop_down_get_selected (drop_down);

  if (self->syncing || self->session == NULL || selected >= g_strv_length ((char **) kv_strategy_names ()))
    return;
  kv_session_set_strategy (self->session, agent, kv_strategy_names ()[selected]);
}

/* One row per player: its name and a drop-down of the strategies. */
static void
on_game_changed (KvStrategyMenu *self)
{
  KvHistory *history = self->session != NULL ? kv_session_get_history (self->session) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->drop_downs, 0);

  if (history != NULL)
    for (guint a = 0; a < history->game->n_agents; a++)
      {
        g_autofree char *title = g_strdup_printf (_("Player %s"), history->game->agent_names[a]);
        GtkWidget *label = gtk_label_new (title);
        GtkWidget *drop_down = gtk_drop_down_new_from_strings (kv_strategy_names ());

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_widget_set_hexpand (drop_down, TRUE);
        gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
        g_object_set_data (G_OBJECT (drop_down), "agent", GUINT_TO_POINTER (a));
        gtk_grid_attach (self->grid, label, 0, a, 1, 1);
        gtk_grid_attach (self->grid, drop_down, 1, a, 1, 1);
        g_ptr_array_add (self->drop_downs, drop_down);
        g_signal_connect (drop_down, "notify::selected", G_CALLBACK (on_drop_down_selected), self);
      }
  on_strategies_changed (self);
}

void
kv_strategy_menu_set_session (KvStrategyMenu *self,
                              KvSession      *session)
{
  g_return_if_fail (KV_IS_STRATEGY_MENU (self));
  g_return_if_fail (session == NULL || KV_IS_SESSION (session));

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_object_remove_weak_pointer (G_OBJECT (self->session), (gpointer *) &self->session);
    }
  self->session = session;
  if (session != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &self->session);
      g_signal_connect_swapped (session, "game-changed", G_CALLBACK (on_game_changed), self);
      g_signal_connect_swapped (session, "notify::strategies", G_CALLBACK (on_strategies_changed), self);
    }
  on_game_changed (self);
}

GtkDropDown *
kv_strategy_menu_get_drop_down (KvStrategyMenu *self,
                                guint           agent)
{
  g_return_val_if_fail (KV_IS_STRATEGY_MENU (self), NULL);
  return agent < self->drop_downs->len ? g_ptr_array_index (self->drop_downs, agent) : NULL;
}

const char *
kv_strategy_menu_get_summary (KvStrategyMenu *self)
{
  g_return_val_if_fail (KV_IS_STRATEGY_MENU (self), NULL);
  return gtk_label_get_text (self->summary_label);
}

static void
kv_strategy_menu_dispose (GObject *object)
{
  KvStrategyMenu *self = KV_STRATEGY_MENU (object);
  GtkWidget *child;

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_object_remove_weak_pointer (G_OBJECT (self->session), (gpointer *) &self->session);
      self->session = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_STRATEGY_MENU);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->drop_downs, g_ptr_array_unref);

  G_OBJECT_CLASS (kv_strategy_menu_parent_class)->dispose (object);
}

static void
kv_strategy_menu_class_init (KvStrategyMenuClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_strategy_menu_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-strategy-menu.ui");
  gtk_widget_class_bind_template_child (widget_class, KvStrategyMenu, button);
  gtk_widget_class_bind_template_child (widget_class, KvStrategyMenu, grid);
  gtk_widget_class_bind_template_child (widget_class, KvStrategyMenu, summary_label);
  gtk_widget_class_bind_template_child (widget_class, KvStrategyMenu, help_label);
}

static void
kv_strategy_menu_init (KvStrategyMenu *self)
{
  g_autoptr(GString) help = g_string_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->drop_downs = g_ptr_array_new ();
  for (const char *const *name = kv_strategy_names (); *name != NULL; name++)
    g_string_append_printf (help, "%s%s", help->len > 0 ? "\n" : "", kv_strategy_describe (*name));
  gtk_label_set_text (self->help_label, help->str);
  update_summary (self);
}
