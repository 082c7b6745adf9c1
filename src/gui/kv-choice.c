// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-choice.c: one item of a composer drop-down, and the drop-downs of them */
#define G_LOG_DOMAIN "kv-choice"
#include "config.h"

#include "kv-choice.h"

struct _KvChoice
{
  GObject  parent_instance;

  char    *id;
  char    *label;
  char    *reason;
};

G_DEFINE_FINAL_TYPE (KvChoice, kv_choice, G_TYPE_OBJECT)

static void
kv_choice_finalize (GObject *object)
{
  KvChoice *self = KV_CHOICE (object);

  g_free (self->id);
  g_free (self->label);
  g_free (self->reason);

  G_OBJECT_CLASS (kv_choice_parent_class)->finalize (object);
}

static void
kv_choice_class_init (KvChoiceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kv_choice_finalize;
}

static void
kv_choice_init (KvChoice *self)
{
}

KvChoice *
kv_choice_new (const char *id,
               const char *label)
{
  KvChoice *self = g_object_new (KV_TYPE_CHOICE, NULL);

  self->id = g_strdup (id);
  self->label = g_strdup (label != NULL ? label : id);

  return self;
}

const char *
kv_choice_get_id (KvChoice *self)
{
  g_return_val_if_fail (KV_IS_CHOICE (self), NULL);
  return self->id;
}

const char *
kv_choice_get_label (KvChoice *self)
{
  g_return_val_if_fail (KV_IS_CHOICE (self), NULL);
  return self->label;
}

const char *
kv_choice_get_reason (KvChoice *self)
{
  g_return_val_if_fail (KV_IS_CHOICE (self), NULL);
  return self->reason;
}

void
kv_choice_set_reason (KvChoice   *self,
                      const char *reason)
{
  g_return_if_fail (KV_IS_CHOICE (self));
  g_free (self->reason);
  self->reason = g_strdup (reason);
}

void
kv_choice_append (GListStore *store,
                  const char *id,
                  const char *label)
{
  g_autoptr(KvChoice) choice = kv_choice_new (id, label);

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_list_store_append (store, choice);
}

/* Drop-downs of choices */

typedef struct {
  KvChoiceRowFunc row;
  gpointer        user_data;
} RowReader;

static const char *
read_row (const RowReader *reader,
          gpointer         item,
          const char     **reason)
{
  *reason = NULL;
  if (KV_IS_CHOICE (item))
    {
      *reason = kv_choice_get_reason (item);
      return kv_choice_get_label (item);
    }
  return reader->row != NULL ? reader->row (item, reason, reader->user_data) : NULL;
}

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
           RowReader                *reader)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *reason_label = gtk_widget_get_last_child (box);
  const char *reason = NULL;

  gtk_label_set_text (GTK_LABEL (label), read_row (reader, gtk_list_item_get_item (item), &reason));
  gtk_label_set_text (GTK_LABEL (reason_label), reason != NULL ? reason : "");
  gtk_widget_set_visible (reason_label, reason != NULL);
  gtk_widget_set_tooltip_text (box, reason);
  if (reason != NULL)
    gtk_widget_add_css_class (box, "unavailable");
  else
    gtk_widget_remove_css_class (box, "unavailable");
  /* Chosen anyway if the user wants (choices go in any order): the
   * composer's preview then says why the step cannot be applied. */
  gtk_list_item_set_selectable (item, TRUE);
  gtk_list_item_set_activatable (item, TRUE);
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
             RowReader                *reader)
{
  const char *reason = NULL;

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      read_row (reader, gtk_list_item_get_item (item), &reason));
}

static void
free_reader (gpointer  data,
             GClosure *closure)
{
  g_free (data);
}

void
kv_choice_drop_down_set_factories (GtkDropDown     *dropdown,
                                   KvChoiceRowFunc  row,
                                   gpointer         user_data)
{
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  RowReader reader = { row, user_data };

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  g_signal_connect (list, "setup", G_CALLBACK (list_setup), NULL);
  g_signal_connect_data (list, "bind", G_CALLBACK (list_bind),
                         g_memdup2 (&reader, sizeof reader), free_reader, 0);
  g_signal_connect (button, "setup", G_CALLBACK (button_setup), NULL);
  g_signal_connect_data (button, "bind", G_CALLBACK (button_bind),
                         g_memdup2 (&reader, sizeof reader), free_reader, 0);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
}

const char *
kv_choice_drop_down_get_id (GtkDropDown *dropdown)
{
  gpointer item;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), NULL);

  item = gtk_drop_down_get_selected_item (dropdown);
  return item != NULL && KV_IS_CHOICE (item) ? kv_choice_get_id (item) : NULL;
}

gboolean
kv_choice_drop_down_set_id (GtkDropDown *dropdown,
                            const char  *id)
{
  GListModel *model;
  guint n;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), FALSE);

  model = gtk_drop_down_get_model (dropdown);
  n = model != NULL ? g_list_model_get_n_items (model) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (KV_IS_CHOICE (item) && g_strcmp0 (kv_choice_get_id (KV_CHOICE (item)), id) == 0)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
kv_choice_drop_down_pick_available (GtkDropDown *dropdown)
{
  GListModel *model;
  gpointer selected;
  guint n;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), FALSE);

  model = gtk_drop_down_get_model (dropdown);
  selected = gtk_drop_down_get_selected_item (dropdown);
  n = model != NULL ? g_list_model_get_n_items (model) : 0;
  if (selected != NULL && KV_IS_CHOICE (selected) && kv_choice_get_reason (selected) == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (KV_IS_CHOICE (item) && kv_choice_get_reason (KV_CHOICE (item)) == NULL)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}
