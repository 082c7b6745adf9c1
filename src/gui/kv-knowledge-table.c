// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-table.c: the knowledge table */
#define G_LOG_DOMAIN "kv-knowledge-table"
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "kv-card-row.h"
#include "kv-knowledge-cells.h"
#include "kv-explain.h"
#include "kv-knowledge-table.h"
#include "kv-probability.h"
#include "kv-explicit-knowledge.h"

#define TITLE_COLUMN (-1)

/* The widest the table asks for before it scrolls sideways (a game with
 * many players), so that it never widens the window; wider by as much as
 * its font is larger than the desktop's (presentation mode's large print,
 * full screen). */
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
  KvState       *state;
  int            world;     /* picked on the canvas, or -1: the actual world */
  KvState       *previous;
  guint          previous_world;
  gboolean       probabilities;  /* agents' cells show each owner's share */

  /* kv_knowledge_table_set_perspective: a column after the card's, or none (NULL
   * title); n_cards masks each. */
  char          *perspective_title;
  guint32       *perspective_owners;
  guint32       *perspective_before;
  guint64        perspective_worlds;

  /* The font the columns were measured in, and the idle that measures
   * them again when the style changes it (presentation mode's large print). */
  PangoFontDescription *measured_font;
  guint          restyle_source;
  /* show_learned_tick () while it scrolls (once a frame), whether the
   * rows have had a frame to be laid out in, and whether it has scrolled
   * to the last changed row yet */
  guint          learned_tick;
  gboolean       learned_laid_out;
  gboolean       learned_last_shown;
  gboolean       learned_waits;  /* for the table to be shown */
  int            max_width;  /* kv_knowledge_table_set_max_width, or -1 */
  int            print;      /* kv_knowledge_table_set_print, or 0 */
  int            columns_width;  /* all columns, in measured_font (size_columns) */
  gboolean       veiled;     /* kv_knowledge_table_set_veiled */
};

enum {
  PROP_0,
  PROP_PROBABILITIES,
  PROP_COLUMNS_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KvKnowledgeTable, kv_knowledge_table, GTK_TYPE_WIDGET)

/* A cell's tooltip is asked for when shown, not set at each bind:
 * gtk_widget_set_tooltip_text asks the display where the pointer is, a
 * round trip per cell that was most of a step's time on Clue 11. */
#define CELL_TOOLTIP "kv-cell-tooltip"

static gboolean
cell_query_tooltip (GtkWidget  *box,
                    int         x,
                    int         y,
                    gboolean    keyboard_mode,
                    GtkTooltip *tooltip)
{
  const char *text = g_object_get_data (G_OBJECT (box), CELL_TOOLTIP);

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

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
  gtk_widget_set_has_tooltip (box, TRUE);
  g_signal_connect (box, "query-tooltip", G_CALLBACK (cell_query_tooltip), NULL);
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
  g_object_set_data_full (G_OBJECT (box), CELL_TOOLTIP, g_strdup (tooltip), g_free);
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

/* @widget's font, @pixels high (0: as it is). */
static PangoFontDescription *
font_at (GtkWidget *widget,
         double     pixels)
{
  PangoFontDescription *font =
    pango_font_description_copy (pango_context_get_font_description (gtk_widget_get_pango_context (widget)));

  if (pixels > 0)
    pango_font_description_set_absolute_size (font, pixels * PANGO_SCALE);
  return font;
}

/* @text laid out in @widget's font, @pixels high (0: as it is). */
static PangoLayout *
layout_at (GtkWidget  *widget,
           const char *text,
           double      pixels)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  if (pixels > 0)
    {
      PangoFontDescription *font = font_at (widget, pixels);

      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
    }
  return layout;
}

/* How wide @text is in the table's font, @pixels high (0: as it is),
 * bold (as known cells are) or not. */
static int
text_width (KvKnowledgeTable *self,
            const char       *text,
            gboolean          bold,
            double            pixels)
{
  g_autoptr(PangoLayout) layout = layout_at (GTK_WIDGET (self->column_view), text, pixels);
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  int width = 0;

  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* How wide @title is, bold, in @header's font, @pixels high (0: as it
 * is; each of its lines). */
static int
header_text_width (GtkWidget  *header,
                   const char *title,
                   double      pixels)
{
  g_autoptr(PangoLayout) layout = layout_at (header, title, pixels);
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  int width = 0;

  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* How much larger than the desktop's font the table's is (1 but in
 * presentation mode), in points. */
static double
font_scale (KvKnowledgeTable *self)
{
  g_autofree char *name = NULL;
  g_autoptr(PangoFontDescription) desktop = NULL;
  double table_pt, desktop_pt;

  /* At the desk the table's font is the desktop's; on leaving
   * presentation mode the font measured is still the large print's until
   * the style reaches the cells (restyle_columns), and the table must not
   * ask the window for the large print's width meanwhile (the history
   * folded). */
  if (gtk_widget_get_root (GTK_WIDGET (self)) == NULL ||
      !gtk_widget_has_css_class (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self))), "presenting"))
    return 1.0;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-font-name", &name, NULL);
  desktop = pango_font_description_from_string (name != NULL ? name : "");
  table_pt = pango_font_description_get_size (self->measured_font) / (double) PANGO_SCALE;
  desktop_pt = pango_font_description_get_size (desktop) / (double) PANGO_SCALE;
  /* Pixels (at 96 dpi) into points. */
  if (pango_font_description_get_size_is_absolute (self->measured_font))
    table_pt *= 72.0 / 96.0;
  if (pango_font_description_get_size_is_absolute (desktop))
    desktop_pt *= 72.0 / 96.0;
  if (table_pt <= 0 || desktop_pt <= 0)
    return 1.0;
  return MAX (1.0, table_pt / desktop_pt);
}

/* Whether the cards outside every category get a heading of their own,
 * "Other cards": only under categories. refill () shows it, and
 * size_columns () makes room for it, by this one rule. */
static gboolean
heads_other_cards (const KvGame *game)
{
  if (game->n_categories == 0)
    return FALSE;
  for (guint card = 0; card < game->n_cards; card++)
    if (game->card_category[card] == KV_NO_CATEGORY)
      return TRUE;
  return FALSE;
}

/* The widest of the Worlds row's counts, in bold: no more worlds than the
 * game's deals, short ("5.56×10⁹"), or the most digits written in full
 * (kv_knowledge_count_text). */
static int
count_width (KvKnowledgeTable *self,
             double            pixels)
{
  double deals = MIN (kv_game_count_deals (self->game), (double) G_MAXUINT64);
  guint64 most_in_full = kv_knowledge_cells_compact (self->game) ? KV_COUNT_NARROW_IN_FULL : KV_COUNT_SHORT_IN_FULL;
  g_autofree char *most = kv_knowledge_count_text (self->game, (guint64) deals);
  g_autofree char *digits = kv_knowledge_count_text (self->game, most_in_full);
  int width = text_width (self, most, TRUE, pixels);

  return deals > most_in_full ? MAX (width, text_width (self, digits, TRUE, pixels)) : width;
}

/* The widest a cell can be in an agent's column or another, with the
 * text @pixels high: a known owner is bold; a "?" with its candidates is
 * not. */
static int
cell_width (KvKnowledgeTable *self,
            gboolean          agent_column,
            double            pixels)
{
  g_auto(GStrv) widest = kv_knowledge_cell_widest (self->game, agent_column);
  int width = 0;

  for (guint i = 0; widest[i] != NULL; i++)
    width = MAX (width, text_width (self, widest[i], FALSE, pixels));
  for (guint o = 0; o < kv_game_n_owners (self->game); o++)
    width = MAX (width, text_width (self, kv_knowledge_cell_owner (self->game, o), TRUE, pixels));
  return MAX (width, count_width (self, pixels));
}

/* Each column's width (column 0 the cards'), as wide as the widest thing
 * it can show, with the text @pixels high (0: as it is shown), into
 * @widths (self->columns->len + 1, or NULL); returns their sum. */
static int
measure_columns (KvKnowledgeTable *self,
                 double            pixels,
                 int              *widths)
{
  const KvGame *game = self->game;
  /* The cell's padding and the column's (style.css: 3 + 3 and 1 + 1),
   * and 2 px for the column view's rounding (a column may get a pixel
   * less than its width): tight, so that real Cluedo's seven columns
   * with a perspective fit the table's 600 px in Dutch too. */
  const int cell_extra = 6 + 2 + 2;
  int total = 0;
  int card_width, agent_width, group_width;
  guint first_agent = self->perspective_title != NULL ? 1 : 0;

  agent_width = cell_width (self, TRUE, pixels);
  group_width = cell_width (self, FALSE, pixels);
  card_width = MAX (text_width (self, _("Card"), TRUE, pixels), text_width (self, _("Worlds"), TRUE, pixels));
  for (guint card = 0; card < game->n_cards; card++)
    card_width = MAX (card_width, text_width (self, game->card_names[card], FALSE, pixels));
  /* A heading's cell has the row's padding on top of the cell's (style.css): 12 px more. */
  for (guint cat = 0; cat < game->n_categories; cat++)
    card_width = MAX (card_width, text_width (self, kv_game_display_category (game, (int) cat), TRUE, pixels) + 12);
  /* Only for a row it shows: a long heading in Dutch widened real
   * Cluedo's card column. */
  if (heads_other_cards (game))
    card_width = MAX (card_width, text_width (self, _("Other cards"), TRUE, pixels));

  for (guint c = 0; c <= self->columns->len; c++)
    {
      GtkColumnViewColumn *col = c == 0 ? NULL : g_ptr_array_index (self->columns, c - 1);
      GtkWidget *header = kv_knowledge_table_get_header (self, c);
      gboolean agent = c > first_agent && c <= first_agent + game->n_agents;
      int width = (c == 0 ? card_width : agent ? agent_width : group_width) + cell_extra;
      int header_width = 0;

      if (header != NULL)
        {
          GtkColumnViewColumn *column = col;
          g_autoptr(GtkColumnViewColumn) first = NULL;

          /* As shown: the header's own measure (another size: its title's). */
          if (pixels <= 0)
            gtk_widget_measure (header, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &header_width, NULL, NULL);
          /* Its title in the header's font as it is now: a header's own
           * measure lags a style change (presentation mode's large print
           * cut "Player 1" to "Player"). The button's padding: 5 + 5. */
          if (column == NULL)
            column = first = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 0);
          header_width = MAX (header_width,
                              header_text_width (header, gtk_column_view_column_get_title (column), pixels) + 10);
        }
      width = MAX (width, header_width + 4);
      if (widths != NULL)
        widths[c] = width;
      total += width;
    }
  return total;
}

/* Each column as wide as the widest thing it can show, so that the table
 * keeps its width from step to step and asks the window for all of it. */
static void
size_columns (KvKnowledgeTable *self)
{
  g_autofree int *widths = NULL;
  int total;

  if (self->game == NULL)
    return;
  /* A print given is the one the style shows (style.css) at once; the
   * style's own reaches the cells later (restyle_columns). */
  g_clear_pointer (&self->measured_font, pango_font_description_free);
  self->measured_font = font_at (GTK_WIDGET (self->column_view), self->print);

  widths = g_new (int, self->columns->len + 1);
  total = measure_columns (self, self->print, widths);
  for (guint c = 0; c <= self->columns->len; c++)
    {
      if (c == 0)
        {
          GListModel *columns = gtk_column_view_get_columns (self->column_view);
          g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);

          gtk_column_view_column_set_fixed_width (first, widths[c]);
        }
      else
        gtk_column_view_column_set_fixed_width (g_ptr_array_index (self->columns, c - 1), widths[c]);
    }

  if (self->columns_width != total)
    {
      self->columns_width = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMNS_WIDTH]);
    }
  /* All of it when it fits; beyond that, the table scrolls sideways. */
  {
    int bound = (int) (MAX_MIN_WIDTH * font_scale (self) + 0.5);

    if (self->max_width >= 0)
      bound = MIN (bound, self->max_width);
    gtk_scrolled_window_set_min_content_width (self->scroller, MIN (total + 2, bound));
  }
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
  /* The canvas's perspective, as the picture shows it, next to the cards:
   * past the group columns it was out of sight at 1280×720, the table
   * being wider than its 600 px, and choosing a perspective seemed to
   * change nothing in it. */
  if (self->perspective_title != NULL)
    {
      g_ptr_array_add (self->columns, add_column (self, self->perspective_title, self->game->n_agents + 2));
      gtk_widget_set_tooltip_text (kv_knowledge_table_get_header (self, 1),
                                   _("The perspective the picture shows: the owners still possible "
                                     "in the worlds it leaves bright"));
    }
  for (guint a = 0; a < self->game->n_agents; a++)
    {
      /* TRANSLATORS: a column of the knowledge table, on two lines as
       * the group columns' are, in a game of many players: so that the
       * column is as narrow as its short cells, and six players' columns
       * fit a slide */
      g_autofree char *title = g_strdup_printf (kv_knowledge_cells_compact (self->game) ? _("Player\n%s")
                                                                                   : _("Player %s"),
                                                self->game->agent_names[a]);

      g_ptr_array_add (self->columns, add_column (self, title, a));
    }
  /* TRANSLATORS: a column of the knowledge table, on two lines: what every
   * player knows (E) */
  g_ptr_array_add (self->columns, add_column (self, _("Everyone\nknows"), self->game->n_agents));
  /* TRANSLATORS: a column of the knowledge table, on two lines (C) */
  g_ptr_array_add (self->columns, add_column (self, _("Common\nknowledge"), self->game->n_agents + 1));

  /* What the two group columns mean, on their headers (after the
   * perspective's and the agents'). */
  gtk_widget_set_tooltip_text (kv_knowledge_table_get_header (self, self->columns->len - 1),
                               _("Everyone knows (E): the owner every player knows; "
                                 "else “?” and the owners some player still considers possible"));
  gtk_widget_set_tooltip_text (kv_knowledge_table_get_header (self, self->columns->len),
                               _("Common knowledge (C): the owner everyone knows, knows that "
                                 "everyone knows, and so on; else “?” and the owners still "
                                 "possible in the worlds linked by any chain of players"));
  size_columns (self);
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
  guint n_cells = game->n_agents + (self->perspective_title != NULL ? 3 : 2);
  KvCardRow *row = kv_card_row_new (KV_CARD_ROW_CARD, game->card_names[card], n_cells);

  for (guint c = 0; c < n_cells; c++)
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
      else if (c == game->n_agents + 1)
        {
          mask = k->common.possible[card];
          if (before != NULL)
            mask_before = before->common.possible[card];
        }
      else
        {
          mask = self->perspective_owners[card];
          if (self->perspective_before != NULL)
            mask_before = self->perspective_before[card];
        }

      if (kv_knowledge_known_owner (mask) >= 0)
        flags |= KV_CELL_KNOWN;
      if ((c == game->n_agents + 2 ? self->perspective_before != NULL : before != NULL) && mask_before != mask)
        flags |= KV_CELL_LEARNED;
      if (shares != NULL && c < game->n_agents && kv_knowledge_known_owner (mask) < 0)
        {
          g_autofree char *listed = kv_knowledge_cell_shares (game, g_ptr_array_index (shares, c), card);

          text = g_strdup (listed);
          /* TRANSLATORS: a probability cell's tooltip; %s: a player, a
           * card, then lines "1 50%" */
          tooltip = g_strdup_printf (_("Player %s’s chances for %s, over the deals it considers "
                                       "possible (each as likely):\n%s"),
                                     game->agent_names[c], game->card_names[card], listed);
        }
      else
        {
          text = kv_knowledge_cell_text (game, mask, c < game->n_agents ? (int) c : -1);
          tooltip = kv_knowledge_cell_tooltip (game, c, card, mask);
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
  /* New rows: a scroll to the changed ones waits for their layout, and
   * starts from the top again. */
  self->learned_laid_out = FALSE;
  self->learned_last_shown = FALSE;
}

static void refill (KvKnowledgeTable *self);

/* Whether a cell of @row differs from the previous step. */
static gboolean
row_learned (KvCardRow *row)
{
  for (guint column = 0; column < kv_card_row_get_n_cells (row); column++)
    if (kv_card_row_get_cell_flags (row, column) & KV_CELL_LEARNED)
      return TRUE;
  return FALSE;
}

/* The column view's list of rows: it scrolls to a row (GTK 4.8 has no
 * gtk_column_view_scroll_to). */
static GtkWidget *
rows_view (KvKnowledgeTable *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

/* The first and the last card row the step changed (FALSE: none). The
 * worlds' row changes at nearly every step and does not count. */
static gboolean
learned_rows (KvKnowledgeTable *self,
              guint            *first,
              guint            *last)
{
  GListModel *rows = G_LIST_MODEL (self->rows);

  *first = G_MAXUINT;
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(KvCardRow) row = g_list_model_get_item (rows, i);

      if (kv_card_row_get_kind (row) == KV_CARD_ROW_CARD && row_learned (row))
        {
          *first = MIN (*first, i);
          *last = i;
        }
    }
  return *first != G_MAXUINT;
}

/* The card rows the step changed, in sight: Cluedo's table is taller
 * than a screen, and the row the explanation speaks of ("everyone now
 * knows that 3 holds wrench") may be below its edge. From the top, the
 * last of them scrolled to, then the first, each only as far as needed:
 * the top stays when they fit under it, else the first is shown with as
 * many after it as fit.
 *
 * The list scrolls to a row by where the rows were laid out, which new
 * rows are only at the next frame, and by where it was scrolled to at
 * that layout: one scroll a frame, from the frame after the rows
 * changed (and, the table hidden, once it is shown again). */
static gboolean
show_learned_tick (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       data)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (widget);
  GtkWidget *view = rows_view (self);
  guint first, last;

  if (!gtk_widget_get_mapped (widget))
    {
      /* Hidden (the picture alone): again once shown (map ()). */
      self->learned_tick = 0;
      self->learned_waits = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (!self->learned_laid_out)
    {
      self->learned_laid_out = TRUE;   /* in this frame */
      return G_SOURCE_CONTINUE;
    }
  if (view != NULL && learned_rows (self, &first, &last))
    {
      if (!self->learned_last_shown)
        {
          gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
          gtk_widget_activate_action (view, "list.scroll-to-item", "u", last);
          self->learned_last_shown = TRUE;
          if (first != last)
            return G_SOURCE_CONTINUE;
        }
      else
        gtk_widget_activate_action (view, "list.scroll-to-item", "u", first);
    }
  self->learned_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
show_learned_later (KvKnowledgeTable *self)
{
  self->learned_laid_out = FALSE;
  self->learned_last_shown = FALSE;
  self->learned_waits = FALSE;
  if (self->learned_tick == 0)
    self->learned_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), show_learned_tick, NULL, NULL);
}

static void
kv_knowledge_table_map (GtkWidget *widget)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (widget);

  GTK_WIDGET_CLASS (kv_knowledge_table_parent_class)->map (widget);
  if (self->learned_waits)
    show_learned_later (self);
}

void
kv_knowledge_table_set_state (KvKnowledgeTable *self,
                              KvState          *state,
                              int               world,
                              KvState          *previous,
                              guint             previous_world)
{
  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));
  g_return_if_fail (world < 0 || (state != NULL && kv_state_model (state) != NULL &&
                                  (guint) world < kv_state_model (state)->n_worlds));

  if (state != NULL)
    kv_state_ref (state);
  g_clear_pointer (&self->state, kv_state_unref);
  self->state = state;
  if (previous != NULL)
    kv_state_ref (previous);
  g_clear_pointer (&self->previous, kv_state_unref);
  self->previous = previous;
  self->world = world;
  self->previous_world = previous_world;
  refill (self);
  show_learned_later (self);
}

void
kv_knowledge_table_set_perspective (KvKnowledgeTable *self,
                                    const char       *title,
                                    const guint32    *owners,
                                    const guint32    *before,
                                    guint64           n_worlds)
{
  gboolean columns_change;
  guint n_cards;

  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));
  g_return_if_fail (title == NULL || (owners != NULL && self->game != NULL));

  columns_change = g_strcmp0 (title, self->perspective_title) != 0;
  n_cards = self->game != NULL ? self->game->n_cards : 0;
  g_free (self->perspective_title);
  self->perspective_title = g_strdup (title);
  g_clear_pointer (&self->perspective_owners, g_free);
  g_clear_pointer (&self->perspective_before, g_free);
  if (title != NULL)
    {
      self->perspective_owners = g_memdup2 (owners, n_cards * sizeof (guint32));
      if (before != NULL)
        self->perspective_before = g_memdup2 (before, n_cards * sizeof (guint32));
    }
  self->perspective_worlds = n_worlds;
  if (columns_change)
    rebuild_columns (self);
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
/* Where the table reads (markup): the actual or the selected world, named
 * in a typewriter font, where "[lM]" (lead, Mustard) cannot read as
 * "[IM]"; on the symbolic engine, counted. */
static char *
where_markup (KvState  *state,
              KvModel  *model,
              int       world,
              gboolean  selected)
{
  g_autofree char *deal = NULL;
  guint64 n_worlds;

  if (model != NULL)
    {
      g_autofree char *label = kv_model_world_label (model, world);

      deal = g_markup_printf_escaped ("<tt>%s</tt>", label);
      if (selected)
        return g_strdup_printf (_("At the selected world %s"), deal);
      return g_strdup_printf (_("At the actual world %s"), deal);
    }
  n_worlds = kv_state_count_worlds (state);
  deal = kv_count_format (n_worlds);
  /* TRANSLATORS: %s is a count of worlds, e.g. "5 557 616 064" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "At the actual world, one of %s",
                                       "At the actual world, one of %s worlds", n_worlds),
                          deal);
}

/* A state of another game: its columns, no perspective yet. */
static void
follow_game (KvKnowledgeTable *self,
             KvGame           *game)
{
  if (game == self->game)
    return;
  g_clear_pointer (&self->perspective_title, g_free);
  g_clear_pointer (&self->perspective_owners, g_free);
  g_clear_pointer (&self->perspective_before, g_free);
  g_clear_pointer (&self->game, kv_game_unref);
  if (game != NULL)
    self->game = kv_game_ref (game);
  rebuild_columns (self);
}

/* Under the title: where the table is read, with the short cells' key
 * (kv-knowledge-cells.h); veiled, that the rows come back. */
static void
update_heading (KvKnowledgeTable *self,
                KvModel          *model,
                guint             world,
                gboolean          selected)
{
  g_autofree char *where = NULL;

  if (self->veiled)
    {
      gtk_label_set_text (self->perspective_label, _("Shown again with the answer"));
      return;
    }
  where = where_markup (self->state, model, world, selected);
  if (kv_knowledge_cells_compact (self->game))
    {
      g_autofree char *key = g_markup_escape_text (_("“?”: any other may hold the card; "
                                                     "“? not 2”: any other but 2"), -1);
      g_autofree char *with_key = g_strdup_printf ("%s\n%s", where, key);

      gtk_label_set_markup (self->perspective_label, with_key);
      return;
    }
  gtk_label_set_markup (self->perspective_label, where);
}

/* The worlds' row: each player's count, and a perspective's when one is
 * shown. */
static KvCardRow *
summary_row (KvKnowledgeTable  *self,
             const KvKnowledge *k,
             const KvKnowledge *before)
{
  const KvGame *game = self->game;
  KvCardRow *summary = kv_card_row_new_summary (game, k, before, self->perspective_title != NULL);
  g_autofree char *count = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *tooltip = NULL;

  if (self->perspective_title == NULL)
    return summary;
  count = kv_count_format (self->perspective_worlds);
  /* Real Cluedo's chains count billions: short, as the others. */
  cell = kv_knowledge_count_text (game, self->perspective_worlds);
  tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world the perspective leaves bright",
                                          "%s worlds the perspective leaves bright", self->perspective_worlds),
                             count);
  kv_card_row_set_cell (summary, game->n_agents + 2, cell, tooltip, 0);
  return summary;
}

static void
refill (KvKnowledgeTable *self)
{
  KvModel *model = self->state != NULL ? kv_state_model (self->state) : NULL;
  KvModel *previous = self->previous != NULL ? kv_state_model (self->previous) : NULL;
  gboolean selected = self->world >= 0;
  guint world = selected ? (guint) self->world : model != NULL ? model->actual : 0;
  g_autoptr(GPtrArray) shares = NULL;
  /* At the actual world the states' own tables, read out once (on either
   * engine); at a world picked on the canvas, read out here. */
  g_autoptr(KvKnowledge) k_picked = NULL;
  g_autoptr(KvKnowledge) before_picked = NULL;
  const KvKnowledge *k = NULL;
  const KvKnowledge *before = NULL;
  g_autofree guint32 *everyone = NULL;
  g_autofree guint32 *everyone_before = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  const KvGame *game;

  follow_game (self, self->state != NULL ? kv_state_game (self->state) : NULL);
  /* Deal shares on either engine (kv_state_probabilities). */
  gtk_widget_set_sensitive (GTK_WIDGET (self->probabilities_button), TRUE);

  if (self->state == NULL)
    {
      set_rows (self, rows);
      gtk_label_set_text (self->perspective_label, "");
      return;
    }

  game = self->game;
  if (selected)
    k = k_picked = kv_knowledge_new (model, world);
  else
    k = kv_state_knowledge (self->state);
  if (self->probabilities)
    {
      shares = g_ptr_array_new_with_free_func (g_free);
      for (guint a = 0; a < game->n_agents; a++)
        g_ptr_array_add (shares, model != NULL ? kv_probabilities_new (model, a, world)
                                               : kv_state_probabilities (self->state, a));
    }
  if (selected && previous != NULL && self->previous_world < previous->n_worlds)
    before = before_picked = kv_knowledge_new (previous, self->previous_world);
  else if (!selected && self->previous != NULL)
    before = kv_state_knowledge (self->previous);
  everyone = kv_knowledge_everyone (k);
  if (before != NULL)
    everyone_before = kv_knowledge_everyone (before);

  update_heading (self, model, world, selected);
  g_ptr_array_add (rows, summary_row (self, k, before));
  /* Cards grouped by category, then those outside any. */
  for (guint cat = 0; cat < game->n_categories; cat++)
    {
      g_autofree char *heading = g_strdup (kv_game_display_category (game, (int) cat));

      heading[0] = g_ascii_toupper (heading[0]);
      g_ptr_array_add (rows, kv_card_row_new (KV_CARD_ROW_CATEGORY, heading, 0));
      for (guint card = 0; card < game->n_cards; card++)
        if (game->card_category[card] == (int) cat)
          add_card_row (self, rows, k, before, everyone, everyone_before, shares, card);
    }
  if (heads_other_cards (game))
    g_ptr_array_add (rows, kv_card_row_new (KV_CARD_ROW_CATEGORY, _("Other cards"), 0));
  for (guint card = 0; card < game->n_cards; card++)
    if (game->card_category[card] == KV_NO_CATEGORY)
      add_card_row (self, rows, k, before, everyone, everyone_before, shares, card);

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

      KvCardRowKind kind = kv_card_row_get_kind (row);

      if ((kind == KV_CARD_ROW_CARD || kind == KV_CARD_ROW_SUMMARY) &&
          g_strcmp0 (kv_card_row_get_title (row), card) == 0)
        {
          if (learned != NULL)
            *learned = (kv_card_row_get_cell_flags (row, column) & KV_CELL_LEARNED) != 0;
          return kv_card_row_get_cell_text (row, column);
        }
    }

  return NULL;
}

char **
kv_knowledge_table_get_headings (KvKnowledgeTable *self)
{
  g_autoptr(GStrvBuilder) headings = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KvCardRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (kv_card_row_get_kind (row) == KV_CARD_ROW_CATEGORY)
        g_strv_builder_add (headings, kv_card_row_get_title (row));
    }
  return g_strv_builder_end (headings);
}

void
kv_knowledge_table_set_veiled (KvKnowledgeTable *self,
                               gboolean          veiled)
{
  GtkWidget *rows = GTK_WIDGET (self->scroller);

  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));

  veiled = !!veiled;
  if (self->veiled == veiled)
    return;
  self->veiled = veiled;
  /* Its room kept: the picture beside it does not move. */
  gtk_widget_set_opacity (rows, veiled ? 0 : 1);
  gtk_widget_set_can_target (rows, !veiled);
  gtk_widget_set_can_focus (rows, !veiled);
  refill (self);
}

gboolean
kv_knowledge_table_get_veiled (KvKnowledgeTable *self)
{
  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), FALSE);
  return self->veiled;
}

void
kv_knowledge_table_set_max_width (KvKnowledgeTable *self,
                                  int               max_width)
{
  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));

  max_width = MAX (max_width, -1);
  if (self->max_width == max_width)
    return;
  self->max_width = max_width;
  size_columns (self);
}

void
kv_knowledge_table_set_print (KvKnowledgeTable *self,
                              int               pixels)
{
  g_autofree char *print_class = NULL;

  g_return_if_fail (KV_IS_KNOWLEDGE_TABLE (self));
  /* The prints style.css has a class for. */
  g_return_if_fail (pixels == 0 || pixels == 22 || pixels == 20 || pixels == KV_KNOWLEDGE_TABLE_LEAST_PRINT);

  if (self->print == pixels)
    return;
  if (self->print != 0)
    {
      print_class = g_strdup_printf ("print-%d", self->print);
      gtk_widget_remove_css_class (GTK_WIDGET (self), print_class);
      g_clear_pointer (&print_class, g_free);
    }
  self->print = pixels;
  if (pixels != 0)
    {
      print_class = g_strdup_printf ("print-%d", pixels);
      gtk_widget_add_css_class (GTK_WIDGET (self), print_class);
    }
  size_columns (self);
}

/* The font's size in pixels (at 96 dpi). */
static double
font_pixels (const PangoFontDescription *font)
{
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0;
}

int
kv_knowledge_table_get_width_at (KvKnowledgeTable *self,
                                 double            pixels)
{
  g_return_val_if_fail (KV_IS_KNOWLEDGE_TABLE (self), 0);
  if (self->measured_font == NULL || self->columns_width == 0)
    return 0;
  /* As shown, or measured in that font (the large print before the
   * style reaches the cells): its border's 2 px counted. */
  if (fabs (font_pixels (self->measured_font) - pixels) < 0.01)
    return self->columns_width + 2;
  return measure_columns (self, pixels, NULL) + 2;
}

/* Columns as wide as their texts in the font they are shown in now: run
 * once the new style has reached the cells. */
static gboolean
restyle_columns (gpointer data)
{
  KvKnowledgeTable *self = data;
  const PangoFontDescription *font =
    pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self->column_view)));

  self->restyle_source = 0;
  if (self->measured_font == NULL || !pango_font_description_equal (font, self->measured_font))
    size_columns (self);
  return G_SOURCE_REMOVE;
}

static void
kv_knowledge_table_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (widget);

  GTK_WIDGET_CLASS (kv_knowledge_table_parent_class)->css_changed (widget, change);
  if (self->game != NULL && self->restyle_source == 0)
    self->restyle_source = g_idle_add (restyle_columns, self);
}

static void
kv_knowledge_table_dispose (GObject *object)
{
  KvKnowledgeTable *self = KV_KNOWLEDGE_TABLE (object);

  g_clear_handle_id (&self->restyle_source, g_source_remove);
  if (self->learned_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->learned_tick);
  self->learned_tick = 0;
  g_clear_pointer (&self->measured_font, pango_font_description_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_KNOWLEDGE_TABLE);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->game, kv_game_unref);
  g_clear_pointer (&self->state, kv_state_unref);
  g_clear_pointer (&self->previous, kv_state_unref);
  g_clear_pointer (&self->perspective_title, g_free);
  g_clear_pointer (&self->perspective_owners, g_free);
  g_clear_pointer (&self->perspective_before, g_free);

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
    case PROP_COLUMNS_WIDTH:
      g_value_set_int (value, self->columns_width);
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
  widget_class->css_changed = kv_knowledge_table_css_changed;
  widget_class->map = kv_knowledge_table_map;

  /* Each player's cells show its chances for each owner (R. S. Bowman's
   * assistant's probabilities: shares of the deals it considers possible)
   * instead of the candidates. */
  properties[PROP_PROBABILITIES] =
    g_param_spec_boolean ("probabilities", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Its columns' width as sized in the font shown (another game, the
   * large print): where the window puts the table depends on it. */
  properties[PROP_COLUMNS_WIDTH] =
    g_param_spec_int ("columns-width", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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

  self->max_width = -1;
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
