// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-composer.c: the action composer */
#define G_LOG_DOMAIN "kv-composer"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-choice.h"
#include "kv-composer.h"

#define MAX_SLOTS 8

struct _KvComposer
{
  GtkWidget    parent_instance;

  GtkWidget   *box;
  GtkDropDown *kind_dropdown;
  GtkDropDown *agent_dropdown;
  GtkDropDown *target_dropdown;
  GtkDropDown *action_dropdown;
  GtkDropDown *event_dropdown;
  GtkWidget   *agent_label;
  GtkWidget   *target_label;
  GtkWidget   *cards_label;
  GtkWidget   *formula_label;
  GtkWidget   *action_label;
  GtkWidget   *event_label;
  GtkBox      *cards_box;
  GtkWidget   *chips_label;
  GtkFlowBox  *chips_box;
  GtkEntry    *formula_entry;
  GtkLabel    *preview_label;
  GtkWidget   *apply_button;
  GtkWidget   *draft_box;     /* a bad line to fix, while it does not read */
  GtkLabel    *draft_label;
  GtkEntry    *draft_entry;
  GtkLabel    *draft_error;

  KvModel     *model;
  KvGame      *game;
  GListStore  *kinds;
  GListStore  *agents;
  GListStore  *targets;
  GListStore  *actions;
  GListStore  *events;
  GtkDropDown *slots[MAX_SLOTS];
  GListStore  *slot_stores[MAX_SLOTS];
  guint        n_slots;
  GtkToggleButton *chips[KV_MAX_CARDS];   /* one per card: nocard's cards, showcard's request */
  guint        n_chips;

  KvStep      *step;        /* the composed step when it can be applied */
  char        *reason;      /* else why not */
  gboolean     updating;
  gboolean     keep_choices;  /* set_step_text: show why, do not pick another */
};

G_DEFINE_FINAL_TYPE (KvComposer, kv_composer, GTK_TYPE_WIDGET)

enum {
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The composer's state as the tokens of a step line. */
typedef struct {
  const char *kind;
  const char *agent;
  const char *target;
  const char *cards[KV_MAX_CARDS];
  guint       n_cards;
  const char *request[KV_MAX_CARDS];  /* showcard: the cards asked for */
  guint       n_request;
  gboolean    all_requested;
  const char *formula;
  const char *action;
  const char *event;
} Selection;

static const struct {
  const char *id;
  const char *label;
} kinds[] = {
  { "nocard",   N_("No card") },
  { "showcard", N_("Show card") },
  { "endmove",  N_("End move") },
  { "win",      N_("Win") },
  { "suggest",  N_("Suggest") },
  { "announce", N_("Announce") },
  { "do",       N_("Custom action") },
};

static const char *
selected_id (GtkDropDown *dropdown)
{
  KvChoice *choice = gtk_drop_down_get_selected_item (dropdown);

  return choice != NULL ? kv_choice_get_id (choice) : NULL;
}

static gboolean
select_id (GtkDropDown *dropdown,
           const char  *id)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvChoice) choice = g_list_model_get_item (model, i);

      if (g_strcmp0 (kv_choice_get_id (choice), id) == 0)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}

static Selection
get_selection (KvComposer *self)
{
  Selection sel = { 0 };

  sel.kind = selected_id (self->kind_dropdown);
  sel.agent = selected_id (self->agent_dropdown);
  sel.target = selected_id (self->target_dropdown);
  if (g_strcmp0 (sel.kind, "nocard") == 0)
    {
      /* The cards chosen among the chips. */
      for (guint i = 0; i < self->n_chips; i++)
        if (gtk_toggle_button_get_active (self->chips[i]))
          sel.cards[sel.n_cards++] = self->game->card_names[i];
    }
  else
    {
      sel.n_cards = self->n_slots;
      for (guint i = 0; i < self->n_slots; i++)
        sel.cards[i] = selected_id (self->slots[i]);
    }
  if (g_strcmp0 (sel.kind, "showcard") == 0)
    {
      for (guint i = 0; i < self->n_chips; i++)
        if (gtk_toggle_button_get_active (self->chips[i]))
          sel.request[sel.n_request++] = self->game->card_names[i];
      sel.all_requested = sel.n_request == self->n_chips;
    }
  sel.formula = gtk_editable_get_text (GTK_EDITABLE (self->formula_entry));
  sel.action = selected_id (self->action_dropdown);
  sel.event = selected_id (self->event_dropdown);

  return sel;
}

/* The step line, or NULL when something is missing. */
static char *
selection_to_text (const Selection *sel)
{
  g_autoptr(GString) text = NULL;

  if (sel->kind == NULL)
    return NULL;

  text = g_string_new (sel->kind);
  if (g_str_equal (sel->kind, "announce"))
    {
      g_autofree char *formula = g_strstrip (g_strdup (sel->formula != NULL ? sel->formula : ""));

      if (*formula == '\0')
        return NULL;
      g_string_append_printf (text, " %s", sel->formula);
    }
  else if (g_str_equal (sel->kind, "do"))
    {
      if (sel->action == NULL || sel->event == NULL)
        return NULL;
      g_string_append_printf (text, " %s %s", sel->action, sel->event);
    }
  else
    {
      if (sel->agent == NULL)
        return NULL;
      g_string_append_printf (text, " %s", sel->agent);
      if (g_str_equal (sel->kind, "showcard"))
        {
          if (sel->target == NULL)
            return NULL;
          g_string_append_printf (text, " -> %s", sel->target);
        }
      if (g_str_equal (sel->kind, "nocard") ||
          g_str_equal (sel->kind, "showcard") ||
          g_str_equal (sel->kind, "suggest"))
        {
          if (sel->n_cards == 0)
            return NULL;
          for (guint i = 0; i < sel->n_cards; i++)
            {
              if (sel->cards[i] == NULL)
                return NULL;
              g_string_append_printf (text, " %s", sel->cards[i]);
            }
        }
      /* Without "of" every card is asked for. */
      if (g_str_equal (sel->kind, "showcard") && !sel->all_requested)
        {
          if (sel->n_request == 0)
            return NULL;
          g_string_append (text, " of");
          for (guint i = 0; i < sel->n_request; i++)
            g_string_append_printf (text, " %s", sel->request[i]);
        }
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* NULL when @sel is a step executable at the actual world (then *step is
 * it), else the reason. */
static char *
evaluate (KvComposer       *self,
          const Selection  *sel,
          KvStep          **step)
{
  g_autofree char *text = selection_to_text (sel);
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) parsed = NULL;
  char *why;

  if (text == NULL)
    {
      if (sel->kind != NULL && g_str_equal (sel->kind, "announce"))
        return g_strdup (_("Type the formula to announce."));
      return g_strdup (_("Choose the step’s parts."));
    }

  parsed = kv_step_parse (self->game, text, NULL, &error);
  if (parsed == NULL)
    return g_strdup (error->message);

  why = kv_step_why_false (self->model, parsed);
  if (why != NULL)
    return why;

  if (step != NULL)
    *step = g_steal_pointer (&parsed);
  return NULL;
}

typedef enum {
  FIELD_AGENT,
  FIELD_TARGET,
  FIELD_CARD,
  FIELD_EVENT,
} Field;

/* Each choice of a drop-down gets the reason the step would be false with it. */
static void
update_reasons (KvComposer      *self,
                GListStore      *store,
                const Selection *current,
                Field            field,
                guint            slot)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
  gboolean changed = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvChoice) choice = g_list_model_get_item (G_LIST_MODEL (store), i);
      g_autofree char *reason = NULL;
      Selection sel = *current;

      switch (field)
        {
        case FIELD_AGENT:
          sel.agent = kv_choice_get_id (choice);
          break;
        case FIELD_TARGET:
          sel.target = kv_choice_get_id (choice);
          break;
        case FIELD_CARD:
          sel.cards[slot] = kv_choice_get_id (choice);
          break;
        case FIELD_EVENT:
          sel.event = kv_choice_get_id (choice);
          break;
        }

      reason = evaluate (self, &sel, NULL);
      if (g_strcmp0 (reason, kv_choice_get_reason (choice)) != 0)
        {
          kv_choice_set_reason (choice, reason);
          changed = TRUE;
        }
    }

  /* Rebind the rows; the selections keep their items. */
  if (changed)
    g_list_model_items_changed (G_LIST_MODEL (store), 0, n, n);
}

/* When the selected choice is unavailable, selects the first available one
 * (if any); TRUE when the selection changed. */
static gboolean
pick_available (GtkDropDown *dropdown)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);
  KvChoice *selected = gtk_drop_down_get_selected_item (dropdown);
  guint n = g_list_model_get_n_items (model);

  if (selected != NULL && kv_choice_get_reason (selected) == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvChoice) choice = g_list_model_get_item (model, i);

      if (kv_choice_get_reason (choice) == NULL)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* @sel with @card added to (or taken from) @cards. */
static void
toggle_card (const char **cards,
             guint       *n_cards,
             const char  *card,
             gboolean     add)
{
  guint n = 0;

  for (guint i = 0; i < *n_cards; i++)
    if (cards[i] != card)
      cards[n++] = cards[i];
  if (add && n < KV_MAX_CARDS)
    cards[n++] = card;
  *n_cards = n;
}

/* Each chip (a card) gets the reason the step would be false with the card
 * added or taken away; such chips cannot be toggled. */
static void
update_chip_reasons (KvComposer      *self,
                     const Selection *current,
                     gboolean         current_ok)
{
  gboolean request = g_strcmp0 (current->kind, "showcard") == 0;

  for (guint i = 0; i < self->n_chips; i++)
    {
      GtkWidget *chip = GTK_WIDGET (self->chips[i]);
      GtkWidget *child = gtk_widget_get_parent (chip);
      gboolean active = gtk_toggle_button_get_active (self->chips[i]);
      g_autofree char *reason = NULL;
      Selection sel = *current;

      if (request)
        {
          toggle_card (sel.request, &sel.n_request, self->game->card_names[i], !active);
          sel.all_requested = sel.n_request == self->n_chips;
        }
      else
        toggle_card (sel.cards, &sel.n_cards, self->game->card_names[i], !active);
      reason = evaluate (self, &sel, NULL);

      /* A step false as it stands: any card may be changed. */
      if (active && !current_ok)
        g_clear_pointer (&reason, g_free);

      gtk_widget_set_sensitive (child, reason == NULL);
      gtk_widget_set_tooltip_text (child, reason);
      gtk_accessible_update_property (GTK_ACCESSIBLE (chip),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason != NULL ? reason : "",
                                      -1);
    }
}

/* Nocard without a card: the first card it can be about. */
static gboolean
pick_chip (KvComposer *self)
{
  Selection sel = get_selection (self);

  if (sel.n_cards > 0)
    return FALSE;
  for (guint i = 0; i < self->n_chips; i++)
    {
      g_autofree char *reason = NULL;

      sel.cards[0] = self->game->card_names[i];
      sel.n_cards = 1;
      reason = evaluate (self, &sel, NULL);
      if (reason == NULL)
        {
          gtk_toggle_button_set_active (self->chips[i], TRUE);
          return TRUE;
        }
    }
  return FALSE;
}

/* Showcard: the card shown is one of those asked for. */
static gboolean
request_shown (KvComposer *self)
{
  const char *shown = self->n_slots > 0 ? selected_id (self->slots[0]) : NULL;
  int card = shown != NULL ? kv_game_find_card (self->game, shown) : -1;

  if (card < 0 || (guint) card >= self->n_chips || gtk_toggle_button_get_active (self->chips[card]))
    return FALSE;
  gtk_toggle_button_set_active (self->chips[card], TRUE);
  return TRUE;
}

static void
refresh (KvComposer *self)
{
  Selection sel;
  const char *kind;
  gboolean cards, chips, agent, target, formula, custom;

  g_clear_pointer (&self->step, kv_step_unref);
  g_clear_pointer (&self->reason, g_free);

  if (self->game == NULL)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.apply", FALSE);
      gtk_label_set_text (self->preview_label, "");
      return;
    }

  self->updating = TRUE;

  sel = get_selection (self);
  kind = sel.kind != NULL ? sel.kind : "";
  custom = g_str_equal (kind, "do");
  formula = g_str_equal (kind, "announce");
  target = g_str_equal (kind, "showcard");
  cards = target || g_str_equal (kind, "suggest");
  chips = target || g_str_equal (kind, "nocard");
  agent = !custom && !formula;

  gtk_widget_set_visible (GTK_WIDGET (self->agent_dropdown), agent);
  gtk_widget_set_visible (self->agent_label, agent);
  gtk_label_set_text (GTK_LABEL (self->agent_label),
                      g_str_equal (kind, "nocard") || target ? _("Holder") : _("Player"));
  gtk_widget_set_visible (GTK_WIDGET (self->target_dropdown), target);
  gtk_widget_set_visible (self->target_label, target);
  gtk_widget_set_visible (GTK_WIDGET (self->cards_box), cards);
  gtk_widget_set_visible (self->cards_label, cards);
  gtk_label_set_text (GTK_LABEL (self->cards_label),
                      target ? _("Shows") : self->n_slots > 1 ? _("Cards") : _("Card"));
  gtk_widget_set_visible (GTK_WIDGET (self->chips_box), chips);
  gtk_widget_set_visible (self->chips_label, chips);
  /* TRANSLATORS: row labels of the composer: the cards showcard asks for;
   * the cards nocard's holder has none of ("Holder 1, None of w b") */
  gtk_label_set_text (GTK_LABEL (self->chips_label), target ? _("Asked for") : _("None of"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chips_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  target ? _("Cards asked for") : _("Cards the holder does not hold"),
                                  -1);
  gtk_widget_set_visible (GTK_WIDGET (self->formula_entry), formula);
  gtk_widget_set_visible (self->formula_label, formula);
  gtk_widget_set_visible (GTK_WIDGET (self->action_dropdown), custom);
  gtk_widget_set_visible (self->action_label, custom);
  gtk_widget_set_visible (GTK_WIDGET (self->event_dropdown), custom);
  gtk_widget_set_visible (self->event_label, custom);

  if (agent)
    update_reasons (self, self->agents, &sel, FIELD_AGENT, 0);
  if (target)
    {
      update_reasons (self, self->targets, &sel, FIELD_TARGET, 0);
      if (!self->keep_choices && pick_available (self->target_dropdown))
        sel = get_selection (self);
    }
  if (cards)
    for (guint i = 0; i < self->n_slots; i++)
      {
        update_reasons (self, self->slot_stores[i], &sel, FIELD_CARD, i);
        /* A card the step cannot be about: the first one it can. */
        if (!self->keep_choices && pick_available (self->slots[i]))
          sel = get_selection (self);
      }
  if (!self->keep_choices &&
      ((g_str_equal (kind, "nocard") && pick_chip (self)) || (target && request_shown (self))))
    sel = get_selection (self);
  if (custom)
    update_reasons (self, self->events, &sel, FIELD_EVENT, 0);

  self->reason = evaluate (self, &sel, &self->step);
  if (chips)
    update_chip_reasons (self, &sel, self->reason == NULL);

  if (self->step != NULL)
    {
      g_autofree char *del = kv_step_to_del (self->step);
      g_autofree char *words = kv_step_to_words (self->step);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>  <span alpha=\"70%%\">%s</span>",
                                                         del, words);

      gtk_label_set_markup (self->preview_label, markup);
      gtk_widget_remove_css_class (GTK_WIDGET (self->preview_label), "error");
      gtk_widget_set_tooltip_text (self->apply_button, NULL);
    }
  else
    {
      gtk_label_set_text (self->preview_label, self->reason);
      gtk_widget_add_css_class (GTK_WIDGET (self->preview_label), "error");
      gtk_widget_set_tooltip_text (self->apply_button, self->reason);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.apply", self->step != NULL);

  self->updating = FALSE;
}

static void
on_selection_changed (KvComposer *self)
{
  if (!self->updating)
    refresh (self);
}

/* Drop-down rows: the choice, and under it why it cannot be chosen. */
static void
list_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *reason = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_widget_add_css_class (reason, "caption");
  gtk_widget_add_css_class (reason, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), reason);
  gtk_list_item_set_child (item, box);
}

static void
list_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  KvChoice *choice = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *reason_label = gtk_widget_get_last_child (box);
  const char *reason = kv_choice_get_reason (choice);

  gtk_label_set_text (GTK_LABEL (label), kv_choice_get_label (choice));
  gtk_label_set_text (GTK_LABEL (reason_label), reason != NULL ? reason : "");
  gtk_widget_set_visible (reason_label, reason != NULL);
  gtk_widget_set_tooltip_text (box, reason);
  if (reason != NULL)
    gtk_widget_add_css_class (box, "unavailable");
  else
    gtk_widget_remove_css_class (box, "unavailable");
  gtk_list_item_set_selectable (item, reason == NULL);
  gtk_list_item_set_activatable (item, reason == NULL);
}

static void
button_setup (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
button_bind (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  KvChoice *choice = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), kv_choice_get_label (choice));
}

static void
setup_dropdown (KvComposer  *self,
                GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();

  g_signal_connect (list, "setup", G_CALLBACK (list_setup), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (list_bind), NULL);
  g_signal_connect (button, "setup", G_CALLBACK (button_setup), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (button_bind), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_signal_connect_swapped (dropdown, "notify::selected",
                            G_CALLBACK (on_selection_changed), self);
}

static GListStore *
new_store (void)
{
  return g_list_store_new (KV_TYPE_CHOICE);
}

static void
append_choice (GListStore *store,
               const char *id,
               const char *label)
{
  g_autoptr(KvChoice) choice = kv_choice_new (id, label);

  g_list_store_append (store, choice);
}

/* The card drop-downs: one card for nocard and showcard; for suggest one per
 * envelope category (a weapon and a suspect), else one card. */
static void
rebuild_slots (KvComposer *self)
{
  const char *kind = selected_id (self->kind_dropdown);
  g_autofree char *first = NULL;
  gboolean per_category;

  if (self->n_slots > 0)
    first = g_strdup (selected_id (self->slots[0]));

  for (guint i = 0; i < self->n_slots; i++)
    {
      gtk_box_remove (self->cards_box, GTK_WIDGET (self->slots[i]));
      g_clear_object (&self->slot_stores[i]);
      self->slots[i] = NULL;
    }
  self->n_slots = 0;

  if (self->game == NULL || kind == NULL)
    return;

  per_category = g_str_equal (kind, "suggest") && self->game->has_envelope &&
                 self->game->envelope_categories != 0;

  /* Nocard's cards are chips. */
  if (g_str_equal (kind, "nocard"))
    return;

  for (guint c = 0; c < (per_category ? self->game->n_categories : 1) && self->n_slots < MAX_SLOTS; c++)
    {
      GListStore *store;
      GtkDropDown *dropdown;

      if (per_category && !(self->game->envelope_categories & (G_GUINT64_CONSTANT (1) << c)))
        continue;

      store = new_store ();
      for (guint card = 0; card < self->game->n_cards; card++)
        if (!per_category || self->game->card_category[card] == (int) c)
          append_choice (store, self->game->card_names[card], NULL);

      dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (store)), NULL));
      gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
      if (per_category)
        gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown), self->game->category_names[c]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      per_category ? self->game->category_names[c]
                                                   : g_str_equal (kind, "showcard") ? _("Card shown")
                                                                                    : _("Card"),
                                      -1);
      setup_dropdown (self, dropdown);
      gtk_box_append (self->cards_box, GTK_WIDGET (dropdown));
      self->slots[self->n_slots] = dropdown;
      self->slot_stores[self->n_slots] = store;
      self->n_slots++;
    }

  if (first != NULL)
    select_id (self->slots[0], first);
}

/* Nocard starts from no card (refresh picks one), showcard from a request
 * of every card. */
static void
reset_chips (KvComposer *self)
{
  gboolean request = g_strcmp0 (selected_id (self->kind_dropdown), "showcard") == 0;

  for (guint i = 0; i < self->n_chips; i++)
    gtk_toggle_button_set_active (self->chips[i], request);
}

static void
on_chip_activated (KvComposer      *self,
                   GtkFlowBoxChild *child)
{
  GtkToggleButton *chip = GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (child));

  if (gtk_widget_is_sensitive (GTK_WIDGET (child)))
    gtk_toggle_button_set_active (chip, !gtk_toggle_button_get_active (chip));
}

/* A toggle per card of the game. */
static void
rebuild_chips (KvComposer *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chips_box))) != NULL)
    gtk_flow_box_remove (self->chips_box, child);
  self->n_chips = 0;

  if (self->game == NULL)
    return;

  for (guint card = 0; card < self->game->n_cards && card < KV_MAX_CARDS; card++)
    {
      GtkWidget *chip = gtk_toggle_button_new_with_label (self->game->card_names[card]);

      gtk_widget_add_css_class (chip, "card-chip");
      gtk_widget_set_focusable (chip, FALSE);   /* the flow box child takes the focus */
      g_signal_connect_swapped (chip, "toggled", G_CALLBACK (on_selection_changed), self);
      gtk_flow_box_append (self->chips_box, chip);
      self->chips[self->n_chips++] = GTK_TOGGLE_BUTTON (chip);
    }
  reset_chips (self);
}

static void
on_kind_changed (KvComposer *self)
{
  if (self->updating)
    return;
  self->updating = TRUE;
  rebuild_slots (self);
  reset_chips (self);
  self->updating = FALSE;
  refresh (self);
}

static void
rebuild_events (KvComposer *self)
{
  const char *name = selected_id (self->action_dropdown);
  const KvActionModel *am = name != NULL && self->game != NULL ? kv_game_find_action (self->game, name) : NULL;

  g_list_store_remove_all (self->events);
  if (am == NULL)
    return;
  for (guint e = 0; e < am->n_events; e++)
    append_choice (self->events, am->event_names[e], NULL);
}

static void
on_action_changed (KvComposer *self)
{
  if (self->updating)
    return;
  self->updating = TRUE;
  rebuild_events (self);
  self->updating = FALSE;
  refresh (self);
}

static void
on_formula_changed (KvComposer *self)
{
  if (!self->updating)
    refresh (self);
}

static void
apply (KvComposer *self)
{
  g_autoptr(KvStep) step = NULL;

  if (self->step == NULL)
    return;

  /* The handler replaces the model, which refreshes and drops self->step. */
  step = kv_step_ref (self->step);
  g_signal_emit (self, signals[APPLY], 0, step);
}

static void
on_formula_activate (KvComposer *self)
{
  apply (self);
}

/* Enter in the bad line's field: into the form if it reads now, else
 * why not. */
static void
on_draft_activate (KvComposer *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->draft_entry))));
  g_autoptr(KvStep) step = NULL;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  step = kv_step_parse (self->game, text, NULL, &error);
  if (step == NULL)
    {
      gtk_label_set_text (self->draft_error, error != NULL ? error->message : "");
      return;
    }
  kv_composer_set_step_text (self, text);
  gtk_widget_set_visible (self->draft_box, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->kind_dropdown));
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  apply (KV_COMPOSER (widget));
}

static void
rebuild_game (KvComposer *self)
{
  KvGame *game = self->game;
  guint n;

  self->updating = TRUE;

  g_list_store_remove_all (self->agents);
  g_list_store_remove_all (self->targets);
  g_list_store_remove_all (self->actions);
  g_list_store_remove_all (self->events);

  if (game != NULL)
    {
      for (guint a = 0; a < game->n_agents; a++)
        {
          g_autofree char *label = g_strdup_printf (_("Player %s"), game->agent_names[a]);

          append_choice (self->agents, game->agent_names[a], label);
          append_choice (self->targets, game->agent_names[a], label);
        }
      for (guint i = 0; i < game->actions->len; i++)
        {
          const KvActionModel *am = g_ptr_array_index (game->actions, i);

          append_choice (self->actions, am->name, NULL);
        }
      if (game->n_agents > 1)
        gtk_drop_down_set_selected (self->target_dropdown, 1);
    }

  /* Custom actions only when the game declares some. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->kinds));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvChoice) choice = g_list_model_get_item (G_LIST_MODEL (self->kinds), i);

      if (g_str_equal (kv_choice_get_id (choice), "do"))
        kv_choice_set_reason (choice, game != NULL && game->actions->len == 0
                                      ? _("This game declares no custom actions.") : NULL);
    }
  g_list_model_items_changed (G_LIST_MODEL (self->kinds), 0, n, n);

  rebuild_chips (self);
  rebuild_slots (self);
  rebuild_events (self);

  self->updating = FALSE;
}

static void
kv_composer_dispose (GObject *object)
{
  KvComposer *self = KV_COMPOSER (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_COMPOSER);
  for (guint i = 0; i < self->n_slots; i++)
    g_clear_object (&self->slot_stores[i]);
  self->n_slots = 0;
  g_clear_pointer (&self->step, kv_step_unref);
  g_clear_pointer (&self->reason, g_free);
  g_clear_pointer (&self->model, kv_model_unref);
  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_object (&self->kinds);
  g_clear_object (&self->agents);
  g_clear_object (&self->targets);
  g_clear_object (&self->actions);
  g_clear_object (&self->events);

  G_OBJECT_CLASS (kv_composer_parent_class)->dispose (object);
}

static void
kv_composer_class_init (KvComposerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_composer_dispose;

  /**
   * KvComposer::apply:
   * @step: (type gpointer): the KvStep to apply
   */
  signals[APPLY] =
    g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-composer.ui");
  gtk_widget_class_bind_template_child (widget_class, KvComposer, box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, agent_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, target_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, action_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, event_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, agent_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, target_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, cards_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, formula_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, action_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, event_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, cards_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, formula_entry);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, preview_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, apply_button);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_entry);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_error);
  gtk_widget_class_bind_template_callback (widget_class, on_draft_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_chip_activated);

  gtk_widget_class_install_action (widget_class, "composer.apply", NULL, apply_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "composer");
}

static void
kv_composer_init (KvComposer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->kinds = new_store ();
  self->agents = new_store ();
  self->targets = new_store ();
  self->actions = new_store ();
  self->events = new_store ();

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    append_choice (self->kinds, kinds[i].id, _(kinds[i].label));

  self->updating = TRUE;
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (self->kinds));
  gtk_drop_down_set_model (self->agent_dropdown, G_LIST_MODEL (self->agents));
  gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (self->targets));
  gtk_drop_down_set_model (self->action_dropdown, G_LIST_MODEL (self->actions));
  gtk_drop_down_set_model (self->event_dropdown, G_LIST_MODEL (self->events));
  setup_dropdown (self, self->agent_dropdown);
  setup_dropdown (self, self->target_dropdown);
  setup_dropdown (self, self->event_dropdown);
  setup_dropdown (self, self->kind_dropdown);
  setup_dropdown (self, self->action_dropdown);
  /* These two rebuild other drop-downs first. */
  g_signal_handlers_disconnect_by_func (self->kind_dropdown, on_selection_changed, self);
  g_signal_handlers_disconnect_by_func (self->action_dropdown, on_selection_changed, self);
  g_signal_connect_swapped (self->kind_dropdown, "notify::selected",
                            G_CALLBACK (on_kind_changed), self);
  g_signal_connect_swapped (self->action_dropdown, "notify::selected",
                            G_CALLBACK (on_action_changed), self);
  self->updating = FALSE;

  refresh (self);
}

GtkWidget *
kv_composer_new (void)
{
  return g_object_new (KV_TYPE_COMPOSER, NULL);
}

void
kv_composer_set_model (KvComposer *self,
                       KvModel    *model)
{
  g_return_if_fail (KV_IS_COMPOSER (self));

  if (model != NULL)
    kv_model_ref (model);
  g_clear_pointer (&self->model, kv_model_unref);
  self->model = model;

  if ((model != NULL ? model->game : NULL) != self->game)
    {
      /* A line of another game's script is nothing to fix here. */
      gtk_widget_set_visible (self->draft_box, FALSE);
      g_clear_pointer (&self->game, kv_game_unref);
      if (model != NULL)
        self->game = kv_game_ref (model->game);
      rebuild_game (self);
    }

  refresh (self);
}

gboolean
kv_composer_set_step_text (KvComposer *self,
                           const char *text)
{
  g_autoptr(KvStep) step = NULL;
  g_autofree char *line = NULL;
  static const char *ids[] = {
    [KV_STEP_NOCARD] = "nocard", [KV_STEP_SHOWCARD] = "showcard",
    [KV_STEP_ENDMOVE] = "endmove", [KV_STEP_WIN] = "win",
    [KV_STEP_ANNOUNCE] = "announce", [KV_STEP_SUGGEST] = "suggest",
    [KV_STEP_DO] = "do",
  };

  g_return_val_if_fail (KV_IS_COMPOSER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->game == NULL)
    return FALSE;
  step = kv_step_parse (self->game, text, NULL, NULL);
  if (step == NULL)
    return FALSE;

  self->keep_choices = TRUE;
  select_id (self->kind_dropdown, ids[step->kind]);   /* rebuilds the slots */
  self->keep_choices = FALSE;

  self->updating = TRUE;
  switch (step->kind)
    {
    case KV_STEP_SHOWCARD:
      gtk_drop_down_set_selected (self->target_dropdown, step->target);
      if (self->n_slots > 0)
        select_id (self->slots[0], self->game->card_names[step->shown]);
      for (guint i = 0; i < self->n_chips; i++)
        gtk_toggle_button_set_active (self->chips[i], FALSE);
      for (guint i = 0; i < step->n_cards; i++)
        if (step->cards[i] < self->n_chips)
          gtk_toggle_button_set_active (self->chips[step->cards[i]], TRUE);
      G_GNUC_FALLTHROUGH;
    case KV_STEP_ENDMOVE:
    case KV_STEP_WIN:
      gtk_drop_down_set_selected (self->agent_dropdown, step->agent);
      break;
    case KV_STEP_NOCARD:
      gtk_drop_down_set_selected (self->agent_dropdown, step->agent);
      for (guint i = 0; i < self->n_chips; i++)
        gtk_toggle_button_set_active (self->chips[i], FALSE);
      for (guint i = 0; i < step->n_cards; i++)
        if (step->cards[i] < self->n_chips)
          gtk_toggle_button_set_active (self->chips[step->cards[i]], TRUE);
      break;
    case KV_STEP_SUGGEST:
      gtk_drop_down_set_selected (self->agent_dropdown, step->agent);
      /* Each card goes to the first free slot that offers it. */
      {
        gboolean used[MAX_SLOTS] = { FALSE };

        for (guint i = 0; i < step->n_cards; i++)
          for (guint s = 0; s < self->n_slots; s++)
            if (!used[s] && select_id (self->slots[s], self->game->card_names[step->cards[i]]))
              {
                used[s] = TRUE;
                break;
              }
      }
      break;
    case KV_STEP_ANNOUNCE:
      line = kv_step_to_string (step);
      gtk_editable_set_text (GTK_EDITABLE (self->formula_entry),
                             g_str_has_prefix (line, "announce ") ? line + strlen ("announce ") : line);
      break;
    case KV_STEP_DO:
      select_id (self->action_dropdown, step->action->name);
      rebuild_events (self);
      gtk_drop_down_set_selected (self->event_dropdown, step->event);
      break;
    default:
      break;
    }
  self->updating = FALSE;

  self->keep_choices = TRUE;
  refresh (self);
  self->keep_choices = FALSE;
  return TRUE;
}

char *
kv_composer_get_step_text (KvComposer *self)
{
  Selection sel;

  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);

  sel = get_selection (self);
  return selection_to_text (&sel);
}

const char *
kv_composer_get_reason (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  return self->reason;
}

gboolean
kv_composer_set_draft (KvComposer *self,
                       guint       line,
                       const char *text,
                       const char *problem)
{
  g_autofree char *label = NULL;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (KV_IS_COMPOSER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (kv_composer_set_step_text (self, stripped))
    {
      gtk_widget_set_visible (self->draft_box, FALSE);
      return TRUE;
    }
  /* TRANSLATORS: %u is a line of a game script */
  label = g_strdup_printf (_("_Line %u of the script, to correct:"), line);
  gtk_label_set_text_with_mnemonic (self->draft_label, label);
  gtk_editable_set_text (GTK_EDITABLE (self->draft_entry), stripped);
  gtk_label_set_text (self->draft_error, problem != NULL ? problem : "");
  gtk_widget_set_visible (self->draft_box, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->draft_entry));
  return FALSE;
}

const char *
kv_composer_get_draft (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  if (!gtk_widget_get_visible (self->draft_box))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (self->draft_entry));
}

const char *
kv_composer_get_draft_error (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  if (!gtk_widget_get_visible (self->draft_box))
    return NULL;
  return gtk_label_get_text (self->draft_error);
}
