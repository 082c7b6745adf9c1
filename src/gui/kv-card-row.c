// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-card-row.c: one row of the knowledge table */
#define G_LOG_DOMAIN "kv-card-row"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-card-row.h"
#include "kv-knowledge-cells.h"

typedef struct {
  char        *text;
  char        *tooltip;
  KvCellFlags  flags;
} Cell;

struct _KvCardRow
{
  GObject        parent_instance;

  KvCardRowKind  kind;
  char          *title;
  guint          n_cells;
  Cell          *cells;
};

G_DEFINE_FINAL_TYPE (KvCardRow, kv_card_row, G_TYPE_OBJECT)

static void
kv_card_row_finalize (GObject *object)
{
  KvCardRow *self = KV_CARD_ROW (object);

  for (guint i = 0; i < self->n_cells; i++)
    {
      g_free (self->cells[i].text);
      g_free (self->cells[i].tooltip);
    }
  g_free (self->cells);
  g_free (self->title);

  G_OBJECT_CLASS (kv_card_row_parent_class)->finalize (object);
}

static void
kv_card_row_class_init (KvCardRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kv_card_row_finalize;
}

static void
kv_card_row_init (KvCardRow *self)
{
}

KvCardRow *
kv_card_row_new (KvCardRowKind  kind,
                 const char    *title,
                 guint          n_cells)
{
  KvCardRow *self = g_object_new (KV_TYPE_CARD_ROW, NULL);

  self->kind = kind;
  self->title = g_strdup (title);
  self->n_cells = n_cells;
  self->cells = g_new0 (Cell, n_cells);

  return self;
}

KvCardRowKind
kv_card_row_get_kind (KvCardRow *self)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), KV_CARD_ROW_CARD);
  return self->kind;
}

const char *
kv_card_row_get_title (KvCardRow *self)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), NULL);
  return self->title;
}

guint
kv_card_row_get_n_cells (KvCardRow *self)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), 0);
  return self->n_cells;
}

void
kv_card_row_set_cell (KvCardRow   *self,
                      guint        cell,
                      const char  *text,
                      const char  *tooltip,
                      KvCellFlags  flags)
{
  g_return_if_fail (KV_IS_CARD_ROW (self));
  g_return_if_fail (cell < self->n_cells);

  g_free (self->cells[cell].text);
  g_free (self->cells[cell].tooltip);
  self->cells[cell].text = g_strdup (text);
  self->cells[cell].tooltip = g_strdup (tooltip);
  self->cells[cell].flags = flags;
}

const char *
kv_card_row_get_cell_text (KvCardRow *self,
                           guint      cell)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), NULL);
  return cell < self->n_cells ? self->cells[cell].text : NULL;
}

const char *
kv_card_row_get_cell_tooltip (KvCardRow *self,
                              guint      cell)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), NULL);
  return cell < self->n_cells ? self->cells[cell].tooltip : NULL;
}

KvCellFlags
kv_card_row_get_cell_flags (KvCardRow *self,
                            guint      cell)
{
  g_return_val_if_fail (KV_IS_CARD_ROW (self), 0);
  return cell < self->n_cells ? self->cells[cell].flags : 0;
}

/* The summary: how many worlds each considers possible; who can win.
 * E has no worlds of its own (it is what each player knows). */
KvCardRow *
kv_card_row_new_summary (const KvGame      *game,
                         const KvKnowledge *k,
                         const KvKnowledge *before,
                         gboolean           extra)
{
  KvCardRow *summary = kv_card_row_new (KV_CARD_ROW_SUMMARY, _("Worlds"), game->n_agents + (extra ? 3 : 2));

  for (guint c = 0; c < game->n_agents + 2; c++)
    {
      const KvPerspective *p = c < game->n_agents ? &k->agents[c] : &k->common;
      const KvPerspective *q = before == NULL ? NULL
                               : c < game->n_agents ? &before->agents[c] : &before->common;
      /* 64-bit on the symbolic engine (real Cluedo's classes). */
      guint64 size = p->class_size;
      g_autofree char *text = kv_count_format (size);
      g_autofree char *cell = kv_knowledge_count_text (game, size);
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
                                                  "Player %s considers %s world possible and can win",
                                                  "Player %s considers %s worlds possible and can win",
                                                  size),
                                     game->agent_names[c], text)
                  : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Player %s considers %s world possible",
                                                  "Player %s considers %s worlds possible",
                                                  size),
                                     game->agent_names[c], text);
      else
        tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%s world in the common-knowledge component",
                                                "%s worlds in the common-knowledge component",
                                                size),
                                   text);
      if (q != NULL && q->class_size != p->class_size)
        flags |= KV_CELL_LEARNED;
      kv_card_row_set_cell (summary, c, cell, tooltip, flags);
    }
  return summary;
}
