// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-card-row.c: one row of the knowledge table */
#define G_LOG_DOMAIN "kv-card-row"
#include "config.h"

#include "kv-card-row.h"

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
