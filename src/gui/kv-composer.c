// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-composer.c: the action composer — the widgets of a KvStepDraft.
 *
 * What a step needs, how its line is written and read back, and why a
 * choice is unavailable are the engine's (src/engine/kv-step-draft.c);
 * this file shows the draft's parts, reads the user's choices into it,
 * and marks what the draft says cannot be chosen. */
#define G_LOG_DOMAIN "kv-composer"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-choice.h"
#include "kv-composer-private.h"
#include "kv-enum-drop-down.h"


G_DEFINE_FINAL_TYPE (KvComposer, kv_composer, GTK_TYPE_WIDGET)

enum {
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The kind drop-down's labels; NULL would leave a kind out. */
static const char *
kind_label (int kind)
{
  switch ((KvStepKind) kind)
    {
    case KV_STEP_NOCARD:
      return _("No card");
    case KV_STEP_SHOWCARD:
      return _("Show card");
    case KV_STEP_ENDMOVE:
      return _("End move");
    case KV_STEP_WIN:
      return _("Win");
    case KV_STEP_ANNOUNCE:
      return _("Announce");
    case KV_STEP_SUGGEST:
      return _("Suggest");
    case KV_STEP_DO:
      return _("Custom action");
    default:
      return NULL;
    }
}

/* A choice's value in the draft: the index of the agent, card or event
 * it names (its id), or -1. */
static int
choice_value (KvComposer       *self,
              KvStepDraftField  field,
              const char       *id)
{
  if (id == NULL)
    return -1;
  switch (field)
    {
    case KV_STEP_DRAFT_AGENT:
    case KV_STEP_DRAFT_TARGET:
      return kv_game_find_agent (self->game, id);
    case KV_STEP_DRAFT_SLOT:
      return kv_game_find_card (self->game, id);
    case KV_STEP_DRAFT_EVENT:
      return self->draft->action != NULL ? kv_action_model_find_event (self->draft->action, id) : -1;
    default:
      return -1;
    }
}

/* The user's choices into the draft (its kind is set by on_kind_changed). */
void
_kv_composer_read_draft (KvComposer *self)
{
  KvStepDraft *draft = self->draft;
  const char *action = kv_choice_drop_down_get_id (self->action_dropdown);

  draft->agent = choice_value (self, KV_STEP_DRAFT_AGENT, kv_choice_drop_down_get_id (self->agent_dropdown));
  draft->target = choice_value (self, KV_STEP_DRAFT_TARGET, kv_choice_drop_down_get_id (self->target_dropdown));
  for (guint i = 0; i < self->n_slots; i++)
    draft->slots[i] = choice_value (self, KV_STEP_DRAFT_SLOT, kv_choice_drop_down_get_id (self->slots[i]));
  if (kv_step_kind_parts (draft->kind) & KV_STEP_PART_CARDS)
    {
      draft->cards = 0;
      for (guint i = 0; i < self->n_chips; i++)
        if (gtk_toggle_button_get_active (self->chips[i]))
          draft->cards |= KV_CARD_BIT (i);
    }
  kv_step_draft_set_formula (draft, gtk_editable_get_text (GTK_EDITABLE (self->formula_entry)));
  draft->action = action != NULL ? kv_game_find_action (self->game, action) : NULL;
  draft->event = choice_value (self, KV_STEP_DRAFT_EVENT, kv_choice_drop_down_get_id (self->event_dropdown));
}

/* Each choice of a drop-down gets the reason the step would be false with it. */
static void
update_reasons (KvComposer       *self,
                GListStore       *store,
                KvStepDraftField  field,
                guint             slot)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
  gboolean changed = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvChoice) choice = g_list_model_get_item (G_LIST_MODEL (store), i);
      int value = choice_value (self, field, kv_choice_get_id (choice));
      g_autofree char *reason = kv_step_draft_check_choice (self->draft, self->state, field, slot, value);

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

/* The chips' button: the cards chosen, or a call to choose. */
static void
update_chips_button (KvComposer *self)
{
  g_autoptr(GString) chosen = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < self->n_chips; i++)
    if (gtk_toggle_button_get_active (self->chips[i]))
      {
        g_string_append_printf (chosen, "%s%s", n > 0 ? ", " : "", self->game->card_names[i]);
        n++;
      }
  if (n == 0)
    /* TRANSLATORS: the composer's button that opens the card chips, when none is chosen */
    g_string_assign (chosen, _("Choose cards"));
  else if (n > 3)
    {
      /* More names than the sidebar holds: counted (the chips list them). */
      g_string_printf (chosen, g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n), n);
    }
  gtk_menu_button_set_label (self->chips_button, chosen->str);
}

/* Each chip (a card) gets the reason the step would be false with the card
 * added or taken away: said on the chip (its tooltip, a dashed outline),
 * never blocking it — choices go in any order, and the preview says in
 * words why a combination cannot be applied. A chosen chip carries a
 * tick, not only a colour. */
static void
update_chip_reasons (KvComposer *self)
{
  for (guint i = 0; i < self->n_chips; i++)
    {
      GtkWidget *chip = GTK_WIDGET (self->chips[i]);
      GtkWidget *child = gtk_widget_get_parent (chip);
      g_autofree char *reason = kv_step_draft_check_card (self->draft, self->state, i, self->reason == NULL);
      gboolean chosen = gtk_toggle_button_get_active (self->chips[i]);
      g_autofree char *label = chosen ? g_strdup_printf ("✓ %s", self->game->card_names[i])
                                      : g_strdup (self->game->card_names[i]);

      gtk_button_set_label (GTK_BUTTON (chip), label);
      /* Outlined only while the step stands: when it cannot, the preview
       * says why, and every card but the culprit would be "still false". */
      if (reason != NULL && self->reason == NULL)
        gtk_widget_add_css_class (chip, "would-fail");
      else
        gtk_widget_remove_css_class (chip, "would-fail");
      gtk_widget_set_tooltip_text (child, reason);
      gtk_accessible_update_property (GTK_ACCESSIBLE (chip),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason != NULL ? reason : "",
                                      -1);
    }
  if (self->chips_popped)
    update_chips_button (self);
}

/* The rows of the kind's parts (their labels follow, ui/kv-composer.ui). */
static void
show_parts (KvComposer  *self,
            KvStepParts  parts)
{
  gboolean target = (parts & KV_STEP_PART_TARGET) != 0;

  gtk_widget_set_visible (GTK_WIDGET (self->agent_dropdown), (parts & KV_STEP_PART_AGENT) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->target_dropdown), target);
  gtk_widget_set_visible (GTK_WIDGET (self->cards_box), (parts & KV_STEP_PART_SLOTS) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->chips_box), (parts & KV_STEP_PART_CARDS) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->chips_button), self->chips_popped && (parts & KV_STEP_PART_CARDS) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->formula_entry), (parts & KV_STEP_PART_FORMULA) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->action_dropdown), (parts & KV_STEP_PART_ACTION) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->event_dropdown), (parts & KV_STEP_PART_ACTION) != 0);

  /* Nocard's and showcard's agent holds (or not) the cards. */
  gtk_label_set_text (GTK_LABEL (self->agent_label), (parts & KV_STEP_PART_CARDS) ? _("Holder") : _("Player"));
  gtk_label_set_text (GTK_LABEL (self->cards_label),
                      target ? _("Shows") : self->n_slots > 1 ? _("Cards") : _("Card"));
  /* TRANSLATORS: row labels of the composer: the cards showcard asks for;
   * the cards nocard's holder has none of ("Holder 1, None of w b") */
  gtk_label_set_text (GTK_LABEL (self->chips_label), target ? _("Asked for") : _("None of"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chips_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  target ? _("Cards asked for") : _("Cards the holder does not hold"),
                                  -1);
}

static void
refresh (KvComposer *self)
{
  KvStepParts parts;
  int card;

  g_clear_pointer (&self->step, kv_step_unref);
  g_clear_pointer (&self->reason, g_free);

  if (self->game == NULL)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.apply", FALSE);
      gtk_label_set_text (self->preview_label, "");
      return;
    }

  self->updating = TRUE;

  _kv_composer_read_draft (self);
  parts = kv_step_kind_parts (self->draft->kind);
  show_parts (self, parts);

  if (parts & KV_STEP_PART_AGENT)
    update_reasons (self, self->agents, KV_STEP_DRAFT_AGENT, 0);
  if (parts & KV_STEP_PART_TARGET)
    {
      update_reasons (self, self->targets, KV_STEP_DRAFT_TARGET, 0);
      if (!self->keep_choices && kv_choice_drop_down_pick_available (self->target_dropdown))
        _kv_composer_read_draft (self);
    }
  if (parts & KV_STEP_PART_SLOTS)
    for (guint i = 0; i < self->n_slots; i++)
      {
        update_reasons (self, self->slot_stores[i], KV_STEP_DRAFT_SLOT, i);
        /* A card the step cannot be about: the first one it can. */
        if (!self->keep_choices && kv_choice_drop_down_pick_available (self->slots[i]))
          _kv_composer_read_draft (self);
      }
  if (!self->keep_choices &&
      (card = kv_step_draft_complete_card (self->draft, self->state)) >= 0 &&
      (guint) card < self->n_chips)
    {
      gtk_toggle_button_set_active (self->chips[card], TRUE);
      _kv_composer_read_draft (self);
    }
  if (parts & KV_STEP_PART_ACTION)
    update_reasons (self, self->events, KV_STEP_DRAFT_EVENT, 0);

  self->reason = kv_step_draft_check (self->draft, self->state, &self->step);
  if (parts & KV_STEP_PART_CARDS)
    update_chip_reasons (self);

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

/* The kind drop-down's rows: KV_TYPE_STEP_KIND's values, and why the game
 * offers none of a kind. */
static const char *
kind_row (gpointer     item,
          const char **reason,
          gpointer     user_data)
{
  KvComposer *self = user_data;
  int kind = adw_enum_list_item_get_value (item);

  *reason = self->game != NULL ? kv_step_draft_kind_reason (self->game, kind) : NULL;
  return kind_label (kind);
}

/* A card drop-down per slot of the draft, each offering its slot's cards
 * (suggest's: one per envelope category). */
static void
rebuild_slots (KvComposer *self)
{
  const KvStepDraft *draft = self->draft;

  for (guint i = 0; i < self->n_slots; i++)
    {
      gtk_box_remove (self->cards_box, GTK_WIDGET (self->slots[i]));
      g_clear_object (&self->slot_stores[i]);
      self->slots[i] = NULL;
    }
  self->n_slots = 0;

  if (draft == NULL)
    return;

  for (guint s = 0; s < draft->n_slots; s++)
    {
      int category = draft->slot_category[s];
      GListStore *store = g_list_store_new (KV_TYPE_CHOICE);
      GtkDropDown *dropdown;

      for (guint card = 0; card < self->game->n_cards; card++)
        if (kv_step_draft_slot_offers (draft, s, card))
          kv_choice_append (store, self->game->card_names[card], NULL);

      dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (store)), NULL));
      gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
      if (category != KV_NO_CATEGORY)
        gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown), kv_game_display_category (self->game, category));
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      category != KV_NO_CATEGORY ? kv_game_display_category (self->game, category)
                                      : draft->kind == KV_STEP_SHOWCARD ? _("Card shown")
                                                                        : _("Card"),
                                      -1);
      kv_choice_drop_down_set_factories (dropdown, NULL, NULL);
      g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (on_selection_changed), self);
      gtk_box_append (self->cards_box, GTK_WIDGET (dropdown));
      if (draft->slots[s] >= 0)
        kv_choice_drop_down_set_id (dropdown, self->game->card_names[draft->slots[s]]);
      self->slots[s] = dropdown;
      self->slot_stores[s] = store;
      self->n_slots++;
    }
}

/* The chips of @cards on, the others off. */
static void
set_chips (KvComposer *self,
           KvHand      cards)
{
  for (guint i = 0; i < self->n_chips; i++)
    gtk_toggle_button_set_active (self->chips[i], (cards & KV_CARD_BIT (i)) != 0);
}

static void
on_chip_activated (KvComposer      *self,
                   GtkFlowBoxChild *child)
{
  GtkToggleButton *chip = GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (child));

  gtk_toggle_button_set_active (chip, !gtk_toggle_button_get_active (chip));
}

/* More cards than this and the chips go in a popover: real Cluedo's 21
 * in the sidebar showed two rows of seven at 1024×700, the form scrolled. */
#define CHIPS_INLINE_MAX 8

/* The chips in the form's grid, or (@popped) in the popover of a button
 * in their row, three a line (Cluedo's suspects, weapons and rooms line
 * up by category). */
static void
place_chips (KvComposer *self,
             gboolean    popped)
{
  GtkWidget *chips = GTK_WIDGET (self->chips_box);
  GtkWidget *grid = gtk_widget_get_parent (GTK_WIDGET (self->chips_button));

  if (self->chips_popped == popped)
    return;
  self->chips_popped = popped;
  g_object_ref (chips);
  if (popped)
    {
      gtk_grid_remove (GTK_GRID (grid), chips);
      gtk_popover_set_child (self->chips_popover, chips);
      gtk_flow_box_set_min_children_per_line (self->chips_box, 3);
      gtk_flow_box_set_max_children_per_line (self->chips_box, 3);
      gtk_flow_box_set_homogeneous (self->chips_box, TRUE);
    }
  else
    {
      gtk_popover_set_child (self->chips_popover, NULL);
      gtk_grid_attach (GTK_GRID (grid), chips, 1, 4, 1, 1);
      gtk_flow_box_set_min_children_per_line (self->chips_box, 1);
      gtk_flow_box_set_max_children_per_line (self->chips_box, 12);
      gtk_flow_box_set_homogeneous (self->chips_box, FALSE);
    }
  g_object_unref (chips);
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
  place_chips (self, self->game->n_cards > CHIPS_INLINE_MAX);

  for (guint card = 0; card < self->game->n_cards && card < KV_MAX_CARDS; card++)
    {
      GtkWidget *chip = gtk_toggle_button_new_with_label (self->game->card_names[card]);

      gtk_widget_add_css_class (chip, "card-chip");
      gtk_widget_set_focusable (chip, FALSE);   /* the flow box child takes the focus */
      g_signal_connect_swapped (chip, "toggled", G_CALLBACK (on_selection_changed), self);
      gtk_flow_box_append (self->chips_box, chip);
      self->chips[self->n_chips++] = GTK_TOGGLE_BUTTON (chip);
    }
  set_chips (self, self->draft->cards);
}

/* Another kind: its slots, and its cards as they start (nocard none,
 * refresh picks one; showcard a request of every card). */
static void
on_kind_changed (KvComposer *self)
{
  int kind = kv_enum_drop_down_get_value (self->kind_dropdown);

  if (self->updating)
    return;
  if (self->draft != NULL && kind >= 0)
    {
      self->updating = TRUE;
      kv_step_draft_set_kind (self->draft, kind);
      rebuild_slots (self);
      set_chips (self, self->draft->cards);
      self->updating = FALSE;
    }
  refresh (self);
}

static void
rebuild_events (KvComposer *self)
{
  const char *name = kv_choice_drop_down_get_id (self->action_dropdown);
  const KvActionModel *am = name != NULL && self->game != NULL ? kv_game_find_action (self->game, name) : NULL;

  g_list_store_remove_all (self->events);
  if (am == NULL)
    return;
  for (guint e = 0; e < am->n_events; e++)
    kv_choice_append (self->events, am->event_names[e], NULL);
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
apply (KvComposer *self)
{
  g_autoptr(KvStep) step = NULL;

  if (self->step == NULL)
    return;

  /* The handler replaces the state, which refreshes and drops self->step. */
  step = kv_step_ref (self->step);
  g_signal_emit (self, signals[APPLY], 0, step);
}

static void
on_formula_activate (KvComposer *self)
{
  apply (self);
}

/* Shows @draft (of the composer's game) in the form, and why it cannot be
 * applied if so, without picking other choices. */
void
_kv_composer_show_draft (KvComposer        *self,
                         const KvStepDraft *draft)
{
  KvStepParts parts = kv_step_kind_parts (draft->kind);

  self->keep_choices = TRUE;
  kv_enum_drop_down_set_value (self->kind_dropdown, draft->kind);   /* rebuilds the slots */
  self->keep_choices = FALSE;

  self->updating = TRUE;
  if ((parts & KV_STEP_PART_AGENT) && draft->agent >= 0)
    kv_choice_drop_down_set_id (self->agent_dropdown, self->game->agent_names[draft->agent]);
  if ((parts & KV_STEP_PART_TARGET) && draft->target >= 0)
    kv_choice_drop_down_set_id (self->target_dropdown, self->game->agent_names[draft->target]);
  for (guint s = 0; s < self->n_slots && s < draft->n_slots; s++)
    if (draft->slots[s] >= 0)
      kv_choice_drop_down_set_id (self->slots[s], self->game->card_names[draft->slots[s]]);
  if (parts & KV_STEP_PART_CARDS)
    set_chips (self, draft->cards);
  if (parts & KV_STEP_PART_FORMULA)
    gtk_editable_set_text (GTK_EDITABLE (self->formula_entry), draft->formula != NULL ? draft->formula : "");
  if ((parts & KV_STEP_PART_ACTION) && draft->action != NULL)
    {
      kv_choice_drop_down_set_id (self->action_dropdown, draft->action->name);
      rebuild_events (self);
      if (draft->event >= 0)
        kv_choice_drop_down_set_id (self->event_dropdown, draft->action->event_names[draft->event]);
    }
  self->updating = FALSE;

  self->keep_choices = TRUE;
  refresh (self);
  self->keep_choices = FALSE;
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
  int kind = kv_enum_drop_down_get_value (self->kind_dropdown);
  g_autofree char *first = NULL;

  self->updating = TRUE;

  g_list_store_remove_all (self->agents);
  g_list_store_remove_all (self->targets);
  g_list_store_remove_all (self->actions);
  g_list_store_remove_all (self->events);

  /* The first card drop-down keeps its card when the new game has it. */
  if (self->draft != NULL && self->draft->slots[0] >= 0)
    first = g_strdup (self->draft->game->card_names[self->draft->slots[0]]);
  g_clear_pointer (&self->draft, kv_step_draft_free);

  if (game != NULL)
    {
      int card = first != NULL ? kv_game_find_card (game, first) : -1;

      for (guint a = 0; a < game->n_agents; a++)
        {
          g_autofree char *label = g_strdup_printf (_("Player %s"), game->agent_names[a]);

          kv_choice_append (self->agents, game->agent_names[a], label);
          kv_choice_append (self->targets, game->agent_names[a], label);
        }
      for (guint i = 0; i < game->actions->len; i++)
        {
          const KvActionModel *am = g_ptr_array_index (game->actions, i);

          kv_choice_append (self->actions, am->name, NULL);
        }
      if (game->n_agents > 1)
        gtk_drop_down_set_selected (self->target_dropdown, 1);

      self->draft = kv_step_draft_new (game, kind >= 0 ? kind : KV_STEP_NOCARD);
      if (card >= 0 && (self->draft->n_slots == 0 || kv_step_draft_slot_offers (self->draft, 0, card)))
        self->draft->slots[0] = card;
    }

  /* Custom actions only when the game declares some: their row says so
   * (new factories rebind the rows). */
  kv_choice_drop_down_set_factories (self->kind_dropdown, kind_row, self);

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
  g_clear_pointer (&self->draft, kv_step_draft_free);
  g_clear_pointer (&self->state, kv_state_unref);
  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_object (&self->agents);
  g_clear_object (&self->targets);
  g_clear_object (&self->actions);
  g_clear_object (&self->events);

  G_OBJECT_CLASS (kv_composer_parent_class)->dispose (object);
}

static void
kv_composer_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  KvComposer *self = KV_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_boxed (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_composer_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  KvComposer *self = KV_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      kv_composer_set_state (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_composer_class_init (KvComposerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_composer_dispose;
  object_class->get_property = kv_composer_get_property;
  object_class->set_property = kv_composer_set_property;

  /* The state steps are drafted for (kv_composer_set_state), or NULL. */
  properties[PROP_STATE] =
    g_param_spec_boxed ("state", NULL, NULL, KV_TYPE_STATE,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_bind_template_child (widget_class, KvComposer, cards_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, cards_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_button);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, chips_popover);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, formula_entry);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, preview_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, apply_button);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_box);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_label);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_entry);
  gtk_widget_class_bind_template_child (widget_class, KvComposer, draft_error);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_draft_activate",
                                                G_CALLBACK (_kv_composer_on_draft_activate));
  gtk_widget_class_bind_template_callback (widget_class, on_formula_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_chip_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_action_changed);

  gtk_widget_class_install_action (widget_class, "composer.apply", NULL, apply_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "composer");
}

static void
kv_composer_init (KvComposer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->agents = g_list_store_new (KV_TYPE_CHOICE);
  self->targets = g_list_store_new (KV_TYPE_CHOICE);
  self->actions = g_list_store_new (KV_TYPE_CHOICE);
  self->events = g_list_store_new (KV_TYPE_CHOICE);

  self->updating = TRUE;
  /* The kinds by value, in the enum's order (kv-enum-drop-down.h). */
  kv_enum_drop_down_init (self->kind_dropdown, KV_TYPE_STEP_KIND, kind_label);
  kv_choice_drop_down_set_factories (self->kind_dropdown, kind_row, self);
  gtk_drop_down_set_model (self->agent_dropdown, G_LIST_MODEL (self->agents));
  gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (self->targets));
  gtk_drop_down_set_model (self->action_dropdown, G_LIST_MODEL (self->actions));
  gtk_drop_down_set_model (self->event_dropdown, G_LIST_MODEL (self->events));
  kv_choice_drop_down_set_factories (self->agent_dropdown, NULL, NULL);
  kv_choice_drop_down_set_factories (self->target_dropdown, NULL, NULL);
  kv_choice_drop_down_set_factories (self->action_dropdown, NULL, NULL);
  kv_choice_drop_down_set_factories (self->event_dropdown, NULL, NULL);
  self->updating = FALSE;

  refresh (self);
}

GtkWidget *
kv_composer_new (void)
{
  return g_object_new (KV_TYPE_COMPOSER, NULL);
}

void
kv_composer_set_state (KvComposer *self,
                       KvState    *state)
{
  g_return_if_fail (KV_IS_COMPOSER (self));

  if (self->state == state)
    return;
  if (state != NULL)
    kv_state_ref (state);
  g_clear_pointer (&self->state, kv_state_unref);
  self->state = state;

  if ((state != NULL ? kv_state_game (state) : NULL) != self->game)
    {
      /* A line of another game's script is nothing to fix here. */
      gtk_widget_set_visible (self->draft_box, FALSE);
      g_clear_pointer (&self->game, kv_game_unref);
      if (state != NULL)
        self->game = kv_game_ref (kv_state_game (state));
      rebuild_game (self);
    }

  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}



const char *
kv_composer_get_reason (KvComposer *self)
{
  g_return_val_if_fail (KV_IS_COMPOSER (self), NULL);
  return self->reason;
}



