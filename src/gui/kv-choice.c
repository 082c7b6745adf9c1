// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-choice.c: one item of a composer drop-down */
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
