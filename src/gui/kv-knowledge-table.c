/* kv-knowledge-table.c: the knowledge table */
#define G_LOG_DOMAIN "kv-knowledge-table"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-card-row.h"
#include "kv-knowledge-table.h"

#define TITLE_COLUMN (-1)

struct _KvKnowledgeTable
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkLabel      *perspective_label;
  GtkColumnView *column_view;

  GListStore    *rows;
  KvGame        *game;
  GPtrArray     *columns;   /* GtkColumnViewColumn*, one per agent plus everyone */
};

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
    return;

  g_object_unref (add_column (self, _("Card"), TITLE_COLUMN));
  for (guint a = 0; a <= self->game->n_agents; a++)
    g_ptr_array_add (self->columns, add_column (self, "", a));
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

static void
add_card_row (KvKnowledgeTable  *self,
              GPtrArray         *rows,
              const KvKnowledge *k,
              const KvKnowledge *before,
              guint              card)
{
  const KvGame *game = self->game;
  KvCardRow *row = kv_card_row_new (KV_CARD_ROW_CARD, game->card_names[card], game->n_agents + 1);

  for (guint c = 0; c <= game->n_agents; c++)
    {
      const KvPerspective *p = c < game->n_agents ? &k->agents[c] : &k->common;
      const KvPerspective *q = before == NULL ? NULL
                               : c < game->n_agents ? &before->agents[c] : &before->common;
      guint32 mask = p->possible[card];
      int owner = kv_knowledge_known_owner (mask);
      KvCellFlags flags = 0;
      g_autofree char *who = owners_text (game, mask);
      g_autofree char *tooltip = NULL;

      if (owner >= 0)
        {
          flags |= KV_CELL_KNOWN;
          tooltip = g_strdup_printf (_("Known: %s holds %s"), owner_label (game, owner),
                                     game->card_names[card]);
        }
      else
        tooltip = g_strdup_printf (_("%s is held by %s"), game->card_names[card], who);
      if (q != NULL && q->possible[card] != mask)
        flags |= KV_CELL_LEARNED;

      kv_card_row_set_cell (row, c, owner >= 0 ? owner_short_label (game, owner) : "?", tooltip, flags);
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

void
kv_knowledge_table_set_state (KvKnowledgeTable *self,
                              KvModel          *model,
                              guint             world,
                              KvModel          *previous,
                              guint             previous_world,
                              gboolean          selected)
{
  g_autoptr(KvKnowledge) k = NULL;
  g_autoptr(KvKnowledge) before = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *deal = NULL;
  g_autofree char *perspective = NULL;
  const KvGame *game;
  KvCardRow *summary;
  gboolean any_category = FALSE;

  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));

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

  g_return_if_fail (world < model->n_worlds);
  game = self->game;
  k = kv_knowledge_new (model, world);
  if (previous != NULL && previous_world < previous->n_worlds)
    before = kv_knowledge_new (previous, previous_world);

  deal = kv_model_world_label (model, world);
  if (selected)
    perspective = g_strdup_printf (_("At the selected world %s"), deal);
  else
    perspective = g_strdup_printf (_("At the actual world %s"), deal);
  gtk_label_set_text (self->perspective_label, perspective);

  /* Column titles: the agent, with a star when it can win. */
  for (guint c = 0; c <= game->n_agents; c++)
    {
      GtkColumnViewColumn *col = g_ptr_array_index (self->columns, c);
      g_autofree char *title = c < game->n_agents
                               ? g_strdup_printf (_("Player %s"), game->agent_names[c])
                               : g_strdup (_("Everyone"));

      gtk_column_view_column_set_title (col, title);
    }

  /* The summary: how many worlds each considers possible; who can win. */
  summary = kv_card_row_new (KV_CARD_ROW_SUMMARY, _("Worlds"), game->n_agents + 1);
  for (guint c = 0; c <= game->n_agents; c++)
    {
      const KvPerspective *p = c < game->n_agents ? &k->agents[c] : &k->common;
      const KvPerspective *q = before == NULL ? NULL
                               : c < game->n_agents ? &before->agents[c] : &before->common;
      /* The window holds explicit models, whose worlds fit in a guint. */
      guint size = (guint) p->class_size;
      g_autofree char *text = g_strdup_printf ("%u", size);
      g_autofree char *tooltip = NULL;
      KvCellFlags flags = p->wins ? KV_CELL_WINS : 0;

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
          add_card_row (self, rows, k, before, card);
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
        add_card_row (self, rows, k, before, card);
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

  G_OBJECT_CLASS (kv_knowledge_table_parent_class)->dispose (object);
}

static void
kv_knowledge_table_class_init (KvKnowledgeTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_knowledge_table_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-knowledge-table.ui");
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, box);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, perspective_label);
  gtk_widget_class_bind_template_child (widget_class, KvKnowledgeTable, column_view);

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
}

GtkWidget *
kv_knowledge_table_new (void)
{
  return g_object_new (KV_TYPE_KNOWLEDGE_TABLE, NULL);
}
