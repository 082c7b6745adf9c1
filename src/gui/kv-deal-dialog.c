// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-deal-dialog.c: "Change Deal" (see kv-deal-dialog.h) */
#define G_LOG_DOMAIN "kv-deal-dialog"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kv-deal-dialog.h"
#include "kv-game-title.h"

struct _KvDealDialog
{
  AdwWindow        parent_instance;

  /* Template widgets */
  AdwWindowTitle  *window_title;
  GtkGrid         *grid;
  GtkLabel        *status_label;
  GtkWidget       *apply_button;

  KvSession       *session;
  KvGame          *game;       /* the game shown when the dialog opened */
  guint            n_owners;
  GtkCheckButton **buttons;    /* card * n_owners + owner; NULL where the owner cannot hold the card */
  GtkLabel       **counts;     /* n_owners: "3 of 3" under each owner */
  KvHand          *deal;       /* n_owners: as chosen */
  gboolean         setting;    /* putting a whole deal in: one update after */
  gboolean         applying;   /* our own edit: the game changes under us */
  GRand           *rand;
};

G_DEFINE_FINAL_TYPE (KvDealDialog, kv_deal_dialog, ADW_TYPE_WINDOW)

static GtkCheckButton *
button_at (KvDealDialog *self,
           guint         card,
           guint         owner)
{
  return self->buttons[card * self->n_owners + owner];
}

/* The cards an owner holds in every deal of the game. */
static guint
owner_size (const KvGame *game,
            guint         owner)
{
  guint in_hands = 0;

  if (owner < game->n_agents)
    return game->hand_sizes[owner];
  for (guint a = 0; a < game->n_agents; a++)
    in_hands += game->hand_sizes[a];
  return game->n_cards - in_hands;
}

static char *
owner_title (const KvGame *game,
             guint         owner)
{
  if (owner < game->n_agents)
    return g_strdup_printf (_("Player %s"), game->agent_names[owner]);
  return g_strdup (C_("owner", "Envelope"));
}

/* The engine's message as a sentence: "Player 2 holds 3 cards; …". */
static char *
sentence (const char *message)
{
  gunichar first = g_utf8_get_char (message);
  char upper[8] = { 0 };

  g_unichar_to_utf8 (g_unichar_toupper (first), upper);
  return g_strconcat (upper, g_utf8_next_char (message), ".", NULL);
}

static void
set_status (KvDealDialog *self,
            const char   *text,
            gboolean      error)
{
  gtk_label_set_text (self->status_label, text);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

/* The deal from the choices, the counts, the line under the grid, Apply. */
static void
update (KvDealDialog *self)
{
  const KvGame *game = self->game;
  g_autoptr(GError) error = NULL;
  gboolean valid, changed;

  memset (self->deal, 0, sizeof (KvHand) * self->n_owners);
  for (guint c = 0; c < game->n_cards; c++)
    for (guint o = 0; o < self->n_owners; o++)
      {
        GtkCheckButton *button = button_at (self, c, o);

        if (button != NULL && gtk_check_button_get_active (button))
          self->deal[o] |= KV_CARD_BIT (c);
      }

  for (guint o = 0; o < self->n_owners; o++)
    {
      guint held = (guint) __builtin_popcountll (self->deal[o]);
      guint size = owner_size (game, o);
      /* TRANSLATORS: under a column of the Change Deal dialog: the cards
       * chosen for a player, of the number it is dealt ("2 of 3") */
      g_autofree char *text = g_strdup_printf (_("%u of %u"), held, size);

      gtk_label_set_text (self->counts[o], text);
      if (held != size)
        gtk_widget_add_css_class (GTK_WIDGET (self->counts[o]), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->counts[o]), "error");
    }

  valid = kv_game_validate_deal (game, self->deal, &error);
  changed = !kv_game_deal_equal (game, self->deal, game->deal);
  if (!valid)
    {
      g_autofree char *text = sentence (error->message);

      set_status (self, text, TRUE);
    }
  else if (!changed)
    set_status (self, _("This is the deal the game is played with."), FALSE);
  else
    set_status (self, _("A valid deal: Apply plays the game with it."), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "deal.apply", valid && changed);
}

/* A click turns one choice of a row off and another on: the deal is
 * read once, when the new one is on. */
static void
on_button_toggled (GtkCheckButton *button,
                   KvDealDialog   *self)
{
  if (!self->setting && gtk_check_button_get_active (button))
    update (self);
}

/* Chooses @deal's owner of every card. */
static void
choose_deal (KvDealDialog *self,
             const KvHand *deal)
{
  self->setting = TRUE;
  for (guint c = 0; c < self->game->n_cards; c++)
    {
      GtkCheckButton *button = button_at (self, c, kv_game_owner_of (self->game, deal, c));

      if (button != NULL)
        gtk_check_button_set_active (button, TRUE);
    }
  self->setting = FALSE;
  update (self);
}

static GtkWidget *
grid_label (const char *text,
            float       xalign,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A row for @card at @row: its name and a choice per owner. */
static void
add_card_row (KvDealDialog *self,
              guint         card,
              guint         row)
{
  const KvGame *game = self->game;
  const char *name = game->card_names[card];
  GtkCheckButton *group = NULL;

  gtk_grid_attach (self->grid, grid_label (name, 0, NULL), 0, row, 1, 1);
  for (guint o = 0; o < self->n_owners; o++)
    {
      g_autofree char *owner = NULL;
      g_autofree char *label = NULL;
      GtkWidget *button;

      if (!kv_game_can_hold (game, o, card))
        continue;
      owner = owner_title (game, o);
      /* TRANSLATORS: a choice in the Change Deal dialog, read out by a
       * screen reader: "Player 1 holds axe", "Envelope holds lead" */
      label = g_strdup_printf (_("%s holds %s"), owner, name);
      button = gtk_check_button_new ();
      gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);
      else
        group = GTK_CHECK_BUTTON (button);
      g_signal_connect (button, "toggled", G_CALLBACK (on_button_toggled), self);
      gtk_grid_attach (self->grid, button, 1 + o, row, 1, 1);
      self->buttons[card * self->n_owners + o] = GTK_CHECK_BUTTON (button);
    }
}

/* A heading row for a category (or the cards outside them); the next row. */
static guint
add_heading (KvDealDialog *self,
             const char   *text,
             guint         row)
{
  GtkWidget *label = grid_label (text, 0, "heading");

  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 2);
  gtk_grid_attach (self->grid, label, 0, row, 1 + self->n_owners, 1);
  return row + 1;
}

static void
build_grid (KvDealDialog *self)
{
  const KvGame *game = self->game;
  guint row = 2;
  gboolean headed;

  gtk_grid_attach (self->grid, grid_label (_("Card"), 0, "heading"), 0, 0, 1, 1);
  for (guint o = 0; o < self->n_owners; o++)
    {
      g_autofree char *title = owner_title (game, o);
      GtkWidget *count = grid_label ("", 0.5, "numeric");

      gtk_grid_attach (self->grid, grid_label (title, 0.5, "heading"), 1 + o, 0, 1, 1);
      gtk_widget_add_css_class (count, "dim-label");
      gtk_grid_attach (self->grid, count, 1 + o, 1, 1, 1);
      self->counts[o] = GTK_LABEL (count);
    }

  /* Grouped as the knowledge table groups them: by category, then the
   * cards outside every category. */
  for (guint k = 0; k < game->n_categories; k++)
    {
      row = add_heading (self, kv_game_display_category (game, (int) k), row);
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) k)
          add_card_row (self, c, row++);
    }
  headed = game->n_categories == 0;
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == KV_NO_CATEGORY)
      {
        if (!headed)
          row = add_heading (self, _("Other cards"), row);
        headed = TRUE;
        add_card_row (self, c, row++);
      }
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  KvDealDialog *self = KV_DEAL_DIALOG (widget);
  KvHistory *history = kv_session_get_history (self->session);
  g_autoptr(GError) error = NULL;
  gboolean done;

  if (history == NULL || history->game != self->game)
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  self->applying = TRUE;
  done = kv_session_set_deal (self->session, self->deal, &error);
  self->applying = FALSE;
  if (!done)
    {
      g_autofree char *text = sentence (error->message);

      set_status (self, text, TRUE);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
random_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KvDealDialog *self = KV_DEAL_DIALOG (widget);
  g_autoptr(KvGame) dealt = kv_play_deal (self->game, self->rand);

  choose_deal (self, dealt->deal);
}

/* Another game came in (not by Apply): the choices are for a game gone. */
static void
on_game_changed (KvDealDialog *self)
{
  if (!self->applying)
    gtk_window_close (GTK_WINDOW (self));
}

GtkCheckButton *
kv_deal_dialog_get_button (KvDealDialog *self,
                           guint         card,
                           guint         owner)
{
  g_return_val_if_fail (KV_IS_DEAL_DIALOG (self), NULL);
  g_return_val_if_fail (card < self->game->n_cards && owner < self->n_owners, NULL);
  return button_at (self, card, owner);
}

const KvHand *
kv_deal_dialog_get_deal (KvDealDialog *self)
{
  g_return_val_if_fail (KV_IS_DEAL_DIALOG (self), NULL);
  return self->deal;
}

const char *
kv_deal_dialog_get_status (KvDealDialog *self)
{
  g_return_val_if_fail (KV_IS_DEAL_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}

GtkWidget *
kv_deal_dialog_get_apply_button (KvDealDialog *self)
{
  g_return_val_if_fail (KV_IS_DEAL_DIALOG (self), NULL);
  return self->apply_button;
}

static void
kv_deal_dialog_dispose (GObject *object)
{
  KvDealDialog *self = KV_DEAL_DIALOG (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_DEAL_DIALOG);

  G_OBJECT_CLASS (kv_deal_dialog_parent_class)->dispose (object);
}

static void
kv_deal_dialog_finalize (GObject *object)
{
  KvDealDialog *self = KV_DEAL_DIALOG (object);

  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->buttons);
  g_free (self->counts);
  g_free (self->deal);

  G_OBJECT_CLASS (kv_deal_dialog_parent_class)->finalize (object);
}

static void
kv_deal_dialog_class_init (KvDealDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_deal_dialog_dispose;
  object_class->finalize = kv_deal_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-deal-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KvDealDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, KvDealDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, KvDealDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, KvDealDialog, apply_button);

  gtk_widget_class_install_action (widget_class, "deal.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "deal.random", NULL, random_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kv_deal_dialog_init (KvDealDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rand = g_rand_new ();
}

KvDealDialog *
kv_deal_dialog_new (GtkWindow *parent,
                    KvSession *session)
{
  KvDealDialog *self;
  KvHistory *history;
  const KvGame *game;
  g_autofree char *title = NULL;

  g_return_val_if_fail (KV_IS_SESSION (session), NULL);
  history = kv_session_get_history (session);
  g_return_val_if_fail (history != NULL, NULL);
  game = history->game;

  self = g_object_new (KV_TYPE_DEAL_DIALOG,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
  self->session = g_object_ref (session);
  self->game = kv_game_ref (history->game);
  self->n_owners = kv_game_n_owners (game);
  self->buttons = g_new0 (GtkCheckButton *, (gsize) game->n_cards * self->n_owners);
  self->counts = g_new0 (GtkLabel *, self->n_owners);
  self->deal = g_new0 (KvHand, self->n_owners);
  title = kv_game_user_title (game);
  adw_window_title_set_subtitle (self->window_title, title != NULL ? title : kv_session_get_game_name (session));
  g_signal_connect_swapped (session, "game-changed", G_CALLBACK (on_game_changed), self);

  build_grid (self);
  choose_deal (self, game->deal);
  /* Keyboard users start on the first card's owner. */
  if (game->n_cards > 0)
    gtk_window_set_focus (GTK_WINDOW (self),
                          GTK_WIDGET (button_at (self, 0, kv_game_owner_of (game, game->deal, 0))));
  return self;
}
