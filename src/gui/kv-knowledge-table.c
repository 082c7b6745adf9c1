// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-table.c: the knowledge table */
#define G_LOG_DOMAIN "kv-knowledge-table"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-card-row.h"
#include "kv-explain.h"
#include "kv-knowledge-table.h"
#include "kv-probability.h"

#define TITLE_COLUMN (-1)

/* The widest the table asks for before it scrolls sideways (a game with
 * many players), so that it never widens the window. */
#define MAX_MIN_WIDTH 600

struct _KvKnowledgeTable
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkLabel      *perspective_label;
  GtkScrolledWindow *scroller;
  GtkColumnView *column_view;

  GtkToggleButton *probabilities_button;

  GListStore    *rows;
  KvGame        *game;
  GPtrArray     *columns;   /* GtkColumnViewColumn*: one per agent, E, C */

  /* The state shown (kv_knowledge_table_set_state), kept to show it again
   * with or without probabilities. */
  KvModel       *model;
  guint          world;
  KvModel       *previous;
  guint          previous_world;
  gboolean       selected;
  gboolean       probabilities;  /* agents' cells show each owner's share */
};

enum {
  PROP_0,
  PROP_PROBABILITIES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KvKnowledgeTable, kv_knowledge_table, GTK_TYPE_WIDGET)

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

  gtk_widget_add_css_class (box, "cell");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Columns are as wide as their widest text (fixed_width): never more
   * than the column is given. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_visible (star, FALSE);
  gtk_widget_add_css_class (star, "win-mark");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), star);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
toggle_class (GtkWidget  *widget,
              const char *name,
              gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

static void
cell_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  KvCardRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *star = gtk_widget_get_last_child (box);
  KvCardRowKind kind = kv_card_row_get_kind (row);
  KvCellFlags flags = 0;
  const char *text;
  const char *tooltip = NULL;

  if (column == TITLE_COLUMN)
    text = kv_card_row_get_title (row);
  else
    {
      text = kv_card_row_get_cell_text (row, column);
      tooltip = kv_card_row_get_cell_tooltip (row, column);
      flags = kv_card_row_get_cell_flags (row, column);
    }

  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_widget_set_visible (star, (flags & KV_CELL_WINS) != 0);

  toggle_class (box, "summary", kind == KV_CARD_ROW_SUMMARY);
  toggle_class (box, "category", kind == KV_CARD_ROW_CATEGORY);
  toggle_class (box, "card-name", kind == KV_CARD_ROW_CARD && column == TITLE_COLUMN);
  toggle_class (box, "known", kind == KV_CARD_ROW_CARD && (flags & KV_CELL_KNOWN));
  toggle_class (box, "unknown", kind == KV_CARD_ROW_CARD && column != TITLE_COLUMN &&
                                !(flags & KV_CELL_KNOWN));
  toggle_class (box, "learned", (flags & KV_CELL_LEARNED) != 0);
  toggle_class (box, "winner", (flags & KV_CELL_WINS) != 0);
}

static GtkColumnViewColumn *
add_column (KvKnowledgeTable *self,
            const char       *title,
            int               column)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) col = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), GINT_TO_POINTER (column));
  col = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (col, column != TITLE_COLUMN);
  gtk_column_view_append_column (self->column_view, col);

  return g_steal_pointer (&col);
}

/* The header of column @index (0: the card), or NULL. GtkColumnView 4.8
 * has no API for it: its header's children are the titles, in order. */
GtkWidget *
kv_knowledge_table_get_header (KvKnowledgeTable *self,
                               guint             index)
{
  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (gtk_widget_get_css_name (child), "header"))
      {
        GtkWidget *title = gtk_widget_get_first_child (child);

        for (guint i = 0; title != NULL && i < index; i++)
          title = gtk_widget_get_next_sibling (title);
        return title;
      }
  return NULL;
}

GtkWidget *
kv_knowledge_table_get_scroller (KvKnowledgeTable *self)
{
  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), NULL);
  return GTK_WIDGET (self->scroller);
}

/* How wide @text is in the table's font, bold (as known cells are) or not. */
static int
text_width (KvKnowledgeTable *self,
            const char       *text,
            gboolean          bold)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->column_view), text);
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  int width = 0;

  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

static const char *owner_short_label (const KvGame *game, guint owner);

/* "? 1/2/3/env": the widest a cell of this game can read. */
static char *
widest_cell_text (const KvGame *game)
{
  g_autoptr(GString) text = g_string_new ("? ");

  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      if (o > 0)
        g_string_append_c (text, '/');
      g_string_append (text, owner_short_label (game, o));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Each column as wide as the widest thing it can show, so that the table
 * keeps its width from step to step and asks the window for all of it. */
static void
size_columns (KvKnowledgeTable *self)
{
  const KvGame *game = self->game;
  g_autofree char *widest = NULL;
  /* The cell's padding and the column's (style.css), and room for the
   * winner's star in the summary row. */
  const int cell_extra = 12 + 4 + 4;
  int total = 0;
  int card_width, cell_width;

  if (game == NULL)
    return;

  /* A known owner is bold; a "?" with its candidates is not. */
  widest = widest_cell_text (game);
  cell_width = text_width (self, widest, FALSE);
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    cell_width = MAX (cell_width, text_width (self, owner_short_label (game, o), TRUE));
  card_width = MAX (text_width (self, _("Card"), TRUE), text_width (self, _("Worlds"), TRUE));
  for (guint card = 0; card < game->n_cards; card++)
    card_width = MAX (card_width, text_width (self, game->card_names[card], FALSE));
  for (guint cat = 0; cat < game->n_categories; cat++)
    card_width = MAX (card_width, text_width (self, game->category_names[cat], TRUE));
  card_width = MAX (card_width, text_width (self, _("Other cards"), TRUE));

  for (guint c = 0; c <= self->columns->len; c++)
    {
      GtkColumnViewColumn *col = c == 0 ? NULL : g_ptr_array_index (self->columns, c - 1);
      GtkWidget *header = kv_knowledge_table_get_header (self, c);
      int width = (c == 0 ? card_width : cell_width) + cell_extra;
      int header_width = 0;

      if (header != NULL)
        gtk_widget_measure (header, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &header_width, NULL, NULL);
      width = MAX (width, header_width + 4);
      if (col == NULL)
        {
          GListModel *columns = gtk_column_view_get_columns (self->column_view);
          g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);

          gtk_column_view_column_set_fixed_width (first, width);
        }
      else
        gtk_column_view_column_set_fixed_width (col, width);
      total += width;
    }

  /* All of it when it fits; beyond that, the table scrolls sideways. */
  gtk_scrolled_window_set_min_content_width (self->scroller, MIN (total + 2, MAX_MIN_WIDTH));
}

static void
rebuild_columns (KvKnowledgeTable *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->column_view, col);
    }
  g_ptr_array_set_size (self->columns, 0);

  if (self->game == NULL)
    {
      gtk_scrolled_window_set_min_content_width (self->scroller, -1);
      return;
    }

  g_object_unref (add_column (self, _("Card"), TITLE_COLUMN));
  for (guint a = 0; a < self->game->n_agents; a++)
    {
      g_autofree char *title = g_strdup_printf (_("Player %s"), self->game->agent_names[a]);

      g_ptr_array_add (self->columns, add_column (self, title, a));
    }
  /* TRANSLATORS: a column of the knowledge table, on two lines: what every
   * player knows (E) */
  g_ptr_array_add (self->columns, add_column (self, _("Everyone\nknows"), self->game->n_agents));
  /* TRANSLATORS: a column of the knowledge table, on two lines (C) */
  g_ptr_array_add (self->columns, add_column (self, _("Common\nknowledge"), self->game->n_agents + 1));

  /* What the two group columns mean, on their headers. */
  gtk_widget_set_tooltip_text (kv_knowledge_table_get_header (self, self->game->n_agents + 1),
                               _("Everyone knows (E): the owner every player knows; "
                                 "else “?” and the owners some player still considers possible"));
  gtk_widget_set_tooltip_text (kv_knowledge_table_get_header (self, self->game->n_agents + 2),
                               _("Common knowledge (C): the owner everyone knows, knows that "
                                 "everyone knows, and so on; else “?” and the owners still "
                                 "possible in the worlds linked by any chain of players"));
  size_columns (self);
}

static const char *
owner_label (const KvGame *game,
             guint         owner)
{
  if (game->has_envelope && owner == kv_game_envelope (game))
    return _("envelope");
  return kv_game_owner_name (game, owner);
}

/* In a cell, short: "env" as in formulas. */
static const char *
owner_short_label (const KvGame *game,
                   guint         owner)
{
  if (game->has_envelope && owner == kv_game_envelope (game))
    return C_("knowledge table cell", "env");
  return kv_game_owner_name (game, owner);
}

/* "2, 3 or envelope" */
static char *
owners_text (const KvGame *game,
             guint32       mask)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = kv_game_n_owners (game);
  guint count = 0, total = 0;

  for (guint o = 0; o < n; o++)
    if (mask & (1u << o))
      total++;

  for (guint o = 0; o < n; o++)
    if (mask & (1u << o))
      {
        if (count > 0)
          g_string_append (text, count + 1 == total ? _(" or ") : ", ");
        g_string_append (text, owner_label (game, o));
        count++;
      }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "? 1/3": the candidates, short, as in the CLI. */
static char *
cell_text (const KvGame *game,
           guint32       mask)
{
  g_autoptr(GString) text = NULL;
  int owner = kv_knowledge_known_owner (mask);
  gboolean first = TRUE;

  if (owner >= 0)
    return g_strdup (owner_short_label (game, owner));

  text = g_string_new ("?");
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    if (mask & (1u << o))
      {
        g_string_append_c (text, first ? ' ' : '/');
        g_string_append (text, owner_short_label (game, o));
        first = FALSE;
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The tooltip of a card's cell in column @c (an agent, E or C). */
static char *
cell_tooltip (const KvGame *game,
              guint         c,
              guint         card,
              guint32       mask)
{
  int owner = kv_knowledge_known_owner (mask);
  g_autofree char *who = owners_text (game, mask);
  const char *name = game->card_names[card];

  if (c < game->n_agents)
    return owner >= 0
           ? g_strdup_printf (_("Known: %s holds %s"), owner_label (game, owner), name)
           : g_strdup_printf (_("%s is held by %s"), name, who);
  if (c == game->n_agents)
    return owner >= 0
           /* TRANSLATORS: E, "everyone knows"; %s: an owner, then a card */
           ? g_strdup_printf (_("Everyone knows that %s holds %s: every player knows it"),
                              owner_label (game, owner), name)
           /* TRANSLATORS: E; %s: a card, then "2, 3 or envelope" */
           : g_strdup_printf (_("Not every player knows who holds %s: between them they still "
                                "consider %s possible"), name, who);
  return owner >= 0
         /* TRANSLATORS: C; %s: an owner, then a card */
         ? g_strdup_printf (_("Common knowledge: %s holds %s, everyone knows that everyone "
                              "knows it, and so on"), owner_label (game, owner), name)
         /* TRANSLATORS: C; %s: a card, then "2, 3 or envelope" */
         : g_strdup_printf (_("Not common knowledge: who holds %s is, as far as everyone "
                              "knows that everyone knows, %s"), name, who);
}

/* An agent's cell with probabilities: each possible owner and its share
 * of the agent's worlds, one per line ("1 50%" over "3 50%"). */
static char *
shares_text (const KvGame *game,
             const double *shares,
             guint         card)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_owners = kv_game_n_owners (game);

  for (guint o = 0; o < n_owners; o++)
    if (shares[card * n_owners + o] > 0)
      g_string_append_printf (text, "%s%s %d%%", text->len > 0 ? "\n" : "",
                              owner_short_label (game, o),
                              (int) (shares[card * n_owners + o] * 100 + 0.5));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
add_card_row (KvKnowledgeTable  *self,
              GPtrArray         *rows,
              const KvKnowledge *k,
              const KvKnowledge *before,
              const guint32     *everyone,
              const guint32     *everyone_before,
              GPtrArray         *shares,
              guint              card)
{
  const KvGame *game = self->game;
  KvCardRow *row = kv_card_row_new (KV_CARD_ROW_CARD, game->card_names[card], game->n_agents + 2);

  for (guint c = 0; c < game->n_agents + 2; c++)
    {
      guint32 mask, mask_before = 0;
      KvCellFlags flags = 0;
      g_autofree char *text = NULL;
      g_autofree char *tooltip = NULL;

      if (c < game->n_agents)
        {
          mask = k->agents[c].possible[card];
          if (before != NULL)
            mask_before = before->agents[c].possible[card];
        }
      else if (c == game->n_agents)
        {
          mask = everyone[card];
          if (before != NULL)
            mask_before = everyone_before[card];
        }
      else
        {
          mask = k->common.possible[card];
          if (before != NULL)
            mask_before = before->common.possible[card];
        }

      if (kv_knowledge_known_owner (mask) >= 0)
        flags |= KV_CELL_KNOWN;
      if (before != NULL && mask_before != mask)
        flags |= KV_CELL_LEARNED;
      if (shares != NULL && c < game->n_agents && kv_knowledge_known_owner (mask) < 0)
        {
          g_autofree char *listed = shares_text (game, g_ptr_array_index (shares, c), card);

          text = g_strdup (listed);
          /* TRANSLATORS: a probability cell's tooltip; %s: a player, a
           * card, then lines "1 50%" */
          tooltip = g_strdup_printf (_("Player %s’s chances for %s, as shares of the worlds it "
                                       "considers possible:\n%s"),
                                     game->agent_names[c], game->card_names[card], listed);
        }
      else
        {
          text = cell_text (game, mask);
          tooltip = cell_tooltip (game, c, card, mask);
        }
      kv_card_row_set_cell (row, c, text, tooltip, flags);
    }

  g_ptr_array_add (rows, row);
}

static void
set_rows (KvKnowledgeTable *self,
          GPtrArray        *rows)
{
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
}

static void refill (KvKnowledgeTable *self);

void
kv_knowledge_table_set_state (KvKnowledgeTable *self,
                              KvModel          *model,
                              guint             world,
                              KvModel          *previous,
                              guint             previous_world,
                              gboolean          selected)
{
  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));
  g_return_if_fail (model == NULL || world < model->n_worlds);

  if (model != NULL)
    kv_model_ref (model);
  g_clear_pointer (&self->model, kv_model_unref);
  self->model = model;
  if (previous != NULL)
    kv_model_ref (previous);
  g_clear_pointer (&self->previous, kv_model_unref);
  self->previous = previous;
  self->world = world;
  self->previous_world = previous_world;
  self->selected = selected;
  refill (self);
}

gboolean
kv_knowledge_table_get_probabilities (KvKnowledgeTable *self)
{
  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), FALSE);
  return self->probabilities;
}

void
kv_knowledge_table_set_probabilities (KvKnowledgeTable *self,
                                      gboolean          probabilities)
{
  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));

  probabilities = !!probabilities;
  if (self->probabilities == probabilities)
    return;
  self->probabilities = probabilities;
  refill (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBABILITIES]);
}

/* The rows for the state kept in self. */
static void
refill (KvKnowledgeTable *self)
{
  KvModel *model = self->model;
  KvModel *previous = self->previous;
  guint world = self->world;
  guint previous_world = self->previous_world;
  gboolean selected = self->selected;
  g_autoptr(GPtrArray) shares = NULL;
  g_autoptr(KvKnowledge) k = NULL;
  g_autoptr(KvKnowledge) before = NULL;
  g_autofree guint32 *everyone = NULL;
  g_autofree guint32 *everyone_before = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *deal = NULL;
  g_autofree char *perspective = NULL;
  const KvGame *game;
  KvCardRow *summary;
  gboolean any_category = FALSE;

  if ((model != NULL ? model->game : NULL) != self->game)
    {
      g_clear_pointer (&self->game, kv_game_unref);
      if (model != NULL)
        self->game = kv_game_ref (model->game);
      rebuild_columns (self);
    }

  if (model == NULL)
    {
      set_rows (self, rows);
      gtk_label_set_text (self->perspective_label, "");
      return;
    }

  game = self->game;
  k = kv_knowledge_new (model, world);
  if (self->probabilities)
    {
      shares = g_ptr_array_new_with_free_func (g_free);
      for (guint a = 0; a < game->n_agents; a++)
        g_ptr_array_add (shares, kv_probabilities_new (model, a, world));
    }
  if (previous != NULL && previous_world < previous->n_worlds)
    before = kv_knowledge_new (previous, previous_world);
  everyone = kv_knowledge_everyone (k);
  if (before != NULL)
    everyone_before = kv_knowledge_everyone (before);

  deal = kv_model_world_label (model, world);
  if (selected)
    perspective = g_strdup_printf (_("At the selected world %s"), deal);
  else
    perspective = g_strdup_printf (_("At the actual world %s"), deal);
  gtk_label_set_text (self->perspective_label, perspective);

  /* The summary: how many worlds each considers possible; who can win.
   * E has no worlds of its own (it is what each player knows). */
  summary = kv_card_row_new (KV_CARD_ROW_SUMMARY, _("Worlds"), game->n_agents + 2);
  for (guint c = 0; c < game->n_agents + 2; c++)
    {
      const KvPerspective *p = c < game->n_agents ? &k->agents[c] : &k->common;
      const KvPerspective *q = before == NULL ? NULL
                               : c < game->n_agents ? &before->agents[c] : &before->common;
      /* The window holds explicit models, whose worlds fit in a guint. */
      guint size = (guint) p->class_size;
      g_autofree char *text = g_strdup_printf ("%u", size);
      g_autofree char *tooltip = NULL;
      KvCellFlags flags = p->wins ? KV_CELL_WINS : 0;

      if (c == game->n_agents)
        {
          kv_card_row_set_cell (summary, c, "",
                                _("Everyone knows what each player knows: it has no worlds of its own"),
                                0);
          continue;
        }
      if (c < game->n_agents)
        tooltip = p->wins
                  ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Player %s considers %u world possible and can win",
                                                  "Player %s considers %u worlds possible and can win",
                                                  size),
                                     game->agent_names[c], size)
                  : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Player %s considers %u world possible",
                                                  "Player %s considers %u worlds possible",
                                                  size),
                                     game->agent_names[c], size);
      else
        tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%u world in the common-knowledge component",
                                                "%u worlds in the common-knowledge component",
                                                size),
                                   size);
      if (q != NULL && q->class_size != p->class_size)
        flags |= KV_CELL_LEARNED;
      kv_card_row_set_cell (summary, c, text, tooltip, flags);
    }
  g_ptr_array_add (rows, summary);

  /* Cards grouped by category, then those outside any. */
  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      g_autofree char *heading = g_strdup (game->category_names[cat]);

      heading[0] = g_ascii_toupper (heading[0]);
      g_ptr_array_add (rows, kv_card_row_new (KV_CARD_ROW_CATEGORY, heading, 0));
      for (guint card = 0; card < game->n_cards; card++)
        if (game->card_category[card] == (int) cat)
          add_card_row (self, rows, k, before, everyone, everyone_before, shares, card);
      any_category = TRUE;
    }
  for (guint card = 0; card < game->n_cards; card++)
    if (game->card_category[card] == KV_NO_CATEGORY)
      {
        if (any_category)
          {
            g_ptr_array_add (rows, kv_card_row_new (KV_CARD_ROW_CATEGORY, _("Other cards"), 0));
            any_category = FALSE;
          }
        add_card_row (self, rows, k, before, everyone, everyone_before, shares, card);
      }

  set_rows (self, rows);
}

const char *
kv_knowledge_table_get_cell (KvKnowledgeTable *self,
                             const char       *card,
                             guint             column,
                             gboolean         *learned)
{
  guint n;

  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvCardRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (kv_card_row_get_kind (row) == KV_CARD_ROW_CARD &&
          g_strcmp0 (kv_card_row_get_title (row), card) == 0)
        {
          if (learned != NULL)
            *learned = (kv_card_row_get_cell_flags (row, column) & KV_CELL_LEARNED) != 0;
          return kv_card_row_get_cell_text (row, column);
        }
    }

  return NULL;
}

static void
kv_knowledge_table_dispose (GObject *object)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_KNOWLEDGE_TABLE);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_pointer (&self->model, kv_model_unref);
  g_clear_pointer (&self->previous, kv_model_unref);

  G_OBJECT_CLASS (kv_knowledge_table_parent_class)->dispose (object);
}

static void
kv_knowledge_table_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (object);

  switch (prop_id)
    {
    case PROP_PROBABILITIES:
      g_value_set_boolean (value, self->probabilities);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_knowledge_table_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (object);

  switch (prop_id)
    {
    case PROP_PROBABILITIES:
      kv_knowledge_table_set_probabilities (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_knowledge_table_class_init (KvKnowledgeTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_knowledge_table_dispose;
  object_class->get_property = kv_knowledge_table_get_property;
  object_class->set_property = kv_knowledge_table_set_property;

  /* Each player's cells show its chances for each owner (R. S. Bowman's
   * assistant's probabilities: shares of the worlds it considers possible)
   * instead of the candidates. */
  properties[PROP_PROBABILITIES] =
    g_param_spec_boolean ("probabilities", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-knowledge-table.ui");
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, box);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, perspective_label);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, scroller);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, column_view);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, probabilities_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "knowledge");
}

static void
kv_knowledge_table_init (KvKnowledgeTable *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_list_store_new (KV_TYPE_CARD_ROW);
  self->columns = g_ptr_array_new_with_free_func (g_object_unref);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  g_object_bind_property (self->probabilities_button, "active", self, "probabilities",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

GtkWidget *
kv_knowledge_table_new (void)
{
  return g_object_new (KV_TYPE_KNOWLEDGE_TABLE, NULL);
}
