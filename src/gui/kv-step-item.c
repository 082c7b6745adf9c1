// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-step-item.c: one row of the history sidebar */
#define G_LOG_DOMAIN "kv-step-item"
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kv-i18n.h"
#include "kv-step-item.h"

struct _KvStepItem
{
  GObject  parent_instance;

  guint    index;
  char    *words;
  char    *del;
  char    *worlds;
  char    *winners;
};

G_DEFINE_FINAL_TYPE (KvStepItem, kv_step_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NUMBER,
  PROP_WORDS,
  PROP_DEL,
  PROP_WORLDS,
  PROP_WINNERS,
  PROP_HAS_WINNERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kv_step_item_finalize (GObject *object)
{
  KvStepItem *self = KV_STEP_ITEM (object);

  g_free (self->words);
  g_free (self->del);
  g_free (self->worlds);
  g_free (self->winners);

  G_OBJECT_CLASS (kv_step_item_parent_class)->finalize (object);
}

static void
kv_step_item_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KvStepItem *self = KV_STEP_ITEM (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_NUMBER:
      g_value_take_string (value, g_strdup_printf ("%u", self->index));
      break;
    case PROP_WORDS:
      g_value_set_string (value, self->words);
      break;
    case PROP_DEL:
      g_value_set_string (value, self->del);
      break;
    case PROP_WORLDS:
      g_value_set_string (value, self->worlds);
      break;
    case PROP_WINNERS:
      g_value_set_string (value, self->winners);
      break;
    case PROP_HAS_WINNERS:
      g_value_set_boolean (value, self->winners != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_step_item_class_init (KvStepItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kv_step_item_finalize;
  object_class->get_property = kv_step_item_get_property;

  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NUMBER] =
    g_param_spec_string ("number", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORDS] =
    g_param_spec_string ("words", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEL] =
    g_param_spec_string ("del", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORLDS] =
    g_param_spec_string ("worlds", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINNERS] =
    g_param_spec_string ("winners", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HAS_WINNERS] =
    g_param_spec_boolean ("has-winners", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kv_step_item_init (KvStepItem *self)
{
}

/* @winners: "1 can win", or NULL when nobody can. */
KvStepItem *
kv_step_item_new (guint       index,
                  const char *words,
                  const char *del,
                  const char *worlds,
                  const char *winners)
{
  KvStepItem *self = g_object_new (KV_TYPE_STEP_ITEM, NULL);

  self->index = index;
  self->words = g_strdup (words);
  self->del = g_strdup (del);
  self->worlds = g_strdup (worlds);
  self->winners = g_strdup (winners);

  return self;
}

guint
kv_step_item_get_index (KvStepItem *self)
{
  g_return_val_if_fail (KV_IS_STEP_ITEM (self), 0);
  return self->index;
}

const char *
kv_step_item_get_words (KvStepItem *self)
{
  g_return_val_if_fail (KV_IS_STEP_ITEM (self), NULL);
  return self->words;
}

const char *
kv_step_item_get_del (KvStepItem *self)
{
  g_return_val_if_fail (KV_IS_STEP_ITEM (self), NULL);
  return self->del;
}

/* Who can win at the actual world, in words, or NULL: the knowledge
 * table's winners (win{a} at the actual world), on either engine. */
static char *
winners_text (KvState *state)
{
  const KvGame *game = kv_state_game (state);
  guint32 winners = kv_state_knowledge (state)->winners;
  g_autoptr(GString) names = g_string_new (NULL);
  guint count = 0;

  for (guint a = 0; a < game->n_agents; a++)
    {
      if (winners & (1u << a))
        {
          if (count++ > 0)
            g_string_append (names, ", ");
          g_string_append (names, game->agent_names[a]);
        }
    }

  if (count == 0)
    return NULL;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Player %s knows the deal’s secret and can win",
                                       "Players %s know the deal’s secret and can win",
                                       count),
                          names->str);
}

/* Whether @part, one of @suggest's answers, is a nocard of every card asked. */
static gboolean
denies_every_card (const KvStep *part,
                   const KvStep *suggest)
{
  return part->kind == KV_STEP_NOCARD && part->n_cards == suggest->n_cards &&
         memcmp (part->cards, suggest->cards, suggest->n_cards) == 0;
}

/* Appends @words (taken), after the suggestion's ":" or an answer's ";". */
static void
append_answer (GString  *text,
               gboolean *first,
               char     *words)
{
  g_string_append_printf (text, *first ? ": %s" : "; %s", words);
  *first = FALSE;
  g_free (words);
}

/* Appends "4, 5 and 6 hold none of them", @names being the players who
 * had none of the cards asked, in the order they answered, and empties
 * @names; nothing when it is empty. */
static void
append_none_of_them (GString   *text,
                     gboolean  *first,
                     GPtrArray *names)
{
  g_autofree char *all = NULL;

  if (names->len == 0)
    return;
  all = kv_i18n_list (names);
  /* TRANSLATORS: the players who answered a suggestion that they hold none of its cards */
  append_answer (text, first, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds none of them",
                                                            "%s hold none of them", names->len),
                                               all));
  g_ptr_array_set_size (names, 0);
}

/* A suggest and its answers: "3 suggests Plum, dagger, study: 4, 5 and 6
 * hold none of them; 2 shows dagger to 3". The players who had none of
 * the cards are named once, the cards not again for each (with six
 * players the presentation strip's title took four lines). */
static char *
suggest_words (const KvStep *suggest,
               GPtrArray    *answers)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  char *head = kv_step_to_words (suggest);
  gboolean first = TRUE;

  g_string_append (text, head);
  g_free (head);
  for (guint i = 0; i < answers->len; i++)
    {
      const KvStep *answer = g_ptr_array_index (answers, i);

      if (denies_every_card (answer, suggest))
        {
          g_ptr_array_add (none, suggest->game->agent_names[answer->agent]);
          continue;
        }
      append_none_of_them (text, &first, none);
      append_answer (text, &first, kv_step_to_words (answer));
    }
  append_none_of_them (text, &first, none);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

KvStepItem *
kv_step_item_new_for_entry (const KvHistory *history,
                            guint            index)
{
  const KvHistoryEntry *entry = kv_history_get (history, index);
  g_autofree char *words = NULL;
  g_autofree char *del = NULL;
  g_autofree char *worlds = NULL;
  g_autofree char *winners = winners_text (entry->state);
  guint64 n_worlds = kv_state_count_worlds (entry->state);
  g_autofree char *count = kv_count_format (n_worlds);

  /* A model file (.kvm.json) starts from its model, not from the deal. */
  if (entry->step == NULL && history->given)
    {
      words = g_strdup (_("A model read from a file"));
      del = g_strdup (_("given model"));
    }
  else if (entry->step == NULL)
    {
      words = g_strdup (_("The cards are dealt"));
      del = g_strdup (_("initial model"));
    }
  else
    {
      words = entry->expanded != NULL ? suggest_words (entry->step, entry->expanded)
                                      : kv_step_to_words (entry->step);
      del = kv_step_to_del (entry->step);
    }
  /* TRANSLATORS: a count of worlds, e.g. "5 557 616 064" */
  worlds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds", n_worlds), count);

  return kv_step_item_new (index, words, del, worlds, winners);
}
