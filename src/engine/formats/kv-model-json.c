// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-model-json"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-json.h"
#include "kv-read.h"
#include "kv-model-json.h"
#include "kv-step.h"

/* Deeper nesting than any model needs is refused before parsing: the
 * parser recurses. */
#define MAX_DEPTH 32
/* Larger files are refused before reading them. */
#define MAX_FILE_SIZE (G_GUINT64_CONSTANT (1) << 30)

/* Writing */

static void
add_names (JsonBuilder *b, const char *member, char **names, guint n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
}

static void
add_categories (JsonBuilder *b, const KvGame *game)
{
  json_builder_set_member_name (b, "categories");
  json_builder_begin_array (b);
  for (guint k = 0; k < game->n_categories; k++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, game->category_names[k]);
      json_builder_set_member_name (b, "cards");
      json_builder_begin_array (b);
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) k)
          json_builder_add_string_value (b, game->card_names[c]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "envelope");
      json_builder_add_boolean_value (b, game->has_envelope
                                      && (game->envelope_categories & (G_GUINT64_CONSTANT (1) << k)));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_world (JsonBuilder *b, const KvModel *model, guint w)
{
  const KvGame *game = model->game;
  g_autofree char *label = kv_model_world_label (model, w);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, label);
  json_builder_set_member_name (b, "hands");
  json_builder_begin_object (b);
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    {
      json_builder_set_member_name (b, kv_game_owner_name (game, o));
      json_builder_begin_array (b);
      for (guint c = 0; c < game->n_cards; c++)
        if (kv_model_holds (model, w, c, o))
          json_builder_add_string_value (b, game->card_names[c]);
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* The classes of @agent in the order of their ids, worlds ascending. */
static void
add_partition (JsonBuilder *b, const KvModel *model, guint agent)
{
  guint n = model->n_classes[agent];
  g_autofree guint *first = g_new (guint, MAX (n, 1));
  g_autofree guint *next = g_new (guint, MAX (model->n_worlds, 1));
  g_autofree guint *last = g_new (guint, MAX (n, 1));

  /* Each class as a linked list of its worlds, built in one pass. */
  for (guint k = 0; k < n; k++)
    first[k] = last[k] = G_MAXUINT;
  for (guint w = 0; w < model->n_worlds; w++)
    {
      guint k = model->cls[agent][w];

      next[w] = G_MAXUINT;
      if (first[k] == G_MAXUINT)
        first[k] = w;
      else
        next[last[k]] = w;
      last[k] = w;
    }
  json_builder_set_member_name (b, model->game->agent_names[agent]);
  json_builder_begin_array (b);
  for (guint k = 0; k < n; k++)
    {
      json_builder_begin_array (b);
      for (guint w = first[k]; w != G_MAXUINT; w = next[w])
        json_builder_add_int_value (b, w);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

/* One member a line, and one world (one agent's partition) a line inside
 * "worlds" ("partitions"): readable, diffable, and a tenth of the size of
 * JSON pretty-printed throughout. */
static char *
document_to_text (JsonObject *root)
{
  GString *out = g_string_new ("{\n");
  g_autoptr(GList) names = json_object_get_members (root);

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (root, name);

      g_string_append_printf (out, "  \"%s\": ", name);
      if (g_str_equal (name, "worlds") || g_str_equal (name, "partitions"))
        {
          gboolean is_array = JSON_NODE_HOLDS_ARRAY (node);
          GList *items = is_array ? json_array_get_elements (json_node_get_array (node))
                                  : json_object_get_members (json_node_get_object (node));

          g_string_append (out, is_array ? "[\n" : "{\n");
          for (GList *i = items; i != NULL; i = i->next)
            {
              JsonNode *item = is_array ? i->data : json_object_get_member (json_node_get_object (node), i->data);
              g_autofree char *text = json_to_string (item, FALSE);

              if (is_array)
                g_string_append_printf (out, "    %s%s\n", text, i->next ? "," : "");
              else
                g_string_append_printf (out, "    \"%s\": %s%s\n", (char *) i->data, text, i->next ? "," : "");
            }
          g_list_free (items);
          g_string_append (out, is_array ? "  ]" : "  }");
        }
      else
        {
          g_autofree char *text = json_to_string (node, FALSE);
          g_string_append (out, text);
        }
      g_string_append (out, l->next ? ",\n" : "\n");
    }
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}

char *
kv_model_to_json (const KvModel *model, int step)
{
  const KvGame *game;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) owners = g_ptr_array_new ();

  g_return_val_if_fail (model != NULL, NULL);

  game = model->game;
  for (guint o = 0; o < kv_game_n_owners (game); o++)
    g_ptr_array_add (owners, (char *) kv_game_owner_name (game, o));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, KV_MODEL_JSON_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, KV_MODEL_JSON_VERSION);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, game->title ? game->title : "");
  if (step >= 0)
    {
      json_builder_set_member_name (b, "step");
      json_builder_add_int_value (b, step);
    }
  add_names (b, "agents", game->agent_names, game->n_agents);
  add_names (b, "cards", game->card_names, game->n_cards);
  if (game->n_categories > 0)
    add_categories (b, game);
  add_names (b, "owners", (char **) owners->pdata, owners->len);

  json_builder_set_member_name (b, "worlds");
  json_builder_begin_array (b);
  for (guint w = 0; w < model->n_worlds; w++)
    add_world (b, model, w);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "partitions");
  json_builder_begin_object (b);
  for (guint a = 0; a < game->n_agents; a++)
    add_partition (b, model, a);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "actual");
  json_builder_add_int_value (b, model->actual);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  return document_to_text (json_node_get_object (root));
}

/* Reading */

/* The member @name of @object, of @type; NULL with the error set when it is
 * missing (and @required) or of another type. */
static JsonNode *
member (JsonObject *object, const char *name, JsonNodeType type, gboolean required, GError **error)
{
  static const char *const type_names[] = { N_("an object"), N_("an array"), N_("a value"), N_("null") };
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      if (required)
        kv_read_fail (error, KV_ERROR_SYNTAX, _("the member “%s” is missing"), name);
      return NULL;
    }
  if (JSON_NODE_TYPE (node) != type)
    {
      kv_read_fail (error, KV_ERROR_SYNTAX, _("“%s” must be %s"), name, _(type_names[type]));
      return NULL;
    }
  return node;
}

static gboolean
is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_integer (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
is_reserved (const char *name)
{
  static const char *const reserved[] = { "env", "of", "true", "false" };

  if (kv_step_kind_from_keyword (name, -1, NULL))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (reserved); i++)
    if (g_str_equal (name, reserved[i]))
      return TRUE;
  return FALSE;
}

/* A name as a script would declare it: letters, digits and _. */
static gboolean
valid_name (const char *name)
{
  if (*name == '\0' || strlen (name) > KV_MAX_NAME_LENGTH)
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

/* "agents" or "cards": distinct names, at most @limit. */
static char **
read_names (JsonObject *root, const char *what, guint limit, guint *n_out, GError **error)
{
  JsonNode *node = member (root, what, JSON_NODE_ARRAY, TRUE, error);
  JsonArray *array;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n;

  if (node == NULL)
    return NULL;
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n == 0)
    return kv_read_fail (error, KV_ERROR_GAME, _("“%s” is empty"), what), NULL;
  if (n > limit)
    return kv_read_fail (error, KV_ERROR_LIMIT, _("“%s” has %u names, more than %u"), what, n, limit), NULL;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *name;

      if (!is_string (element))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("%s[%u] must be a string"), what, i), NULL;
      name = json_node_get_string (element);
      if (!valid_name (name))
        return kv_read_fail (error, KV_ERROR_SYNTAX,
                     _("%s[%u]: “%s” is not a name (letters, digits and _ only)"), what, i, name), NULL;
      if (is_reserved (name))
        return kv_read_fail (error, KV_ERROR_SYNTAX,
                     _("%s[%u]: “%s” is a reserved word: choose another name"), what, i, name), NULL;
      for (guint j = 0; j < names->len; j++)
        if (g_str_equal (g_ptr_array_index (names, j), name))
          return kv_read_fail (error, KV_ERROR_SYNTAX, _("%s[%u]: “%s” is named twice"), what, i, name), NULL;
      g_ptr_array_add (names, g_strdup (name));
    }
  *n_out = n;
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static gboolean
read_header (JsonObject *root, GError **error)
{
  JsonNode *format = json_object_get_member (root, "format");
  JsonNode *version = json_object_get_member (root, "version");
  gint64 v;

  if (format == NULL || !is_string (format) || !g_str_equal (json_node_get_string (format), KV_MODEL_JSON_FORMAT))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("not a Kripkeviz model: “format” must be “%s”"), KV_MODEL_JSON_FORMAT);
  if (version == NULL || !is_integer (version))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("“version” must be a whole number"));
  v = json_node_get_int (version);
  if (v != KV_MODEL_JSON_VERSION)
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("model format version %lld is not one this Kripkeviz reads (%d)"),
                 (long long) v, KV_MODEL_JSON_VERSION);
  return TRUE;
}

/* "owners": the agents in order, then "env" when there is an envelope. */
static gboolean
read_owners (JsonObject *root, KvGame *game, GError **error)
{
  JsonNode *node = member (root, "owners", JSON_NODE_ARRAY, TRUE, error);
  JsonArray *array;
  guint n;

  if (node == NULL)
    return FALSE;
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n != game->n_agents && n != game->n_agents + 1)
    return kv_read_fail (error, KV_ERROR_GAME, _("“owners” must be the agents in order, then “env” when there is an envelope"));
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *expected = i < game->n_agents ? game->agent_names[i] : "env";

      if (!is_string (element) || !g_str_equal (json_node_get_string (element), expected))
        return kv_read_fail (error, KV_ERROR_GAME,
                     _("owners[%u] must be “%s”: the owners are the agents in order, then “env” when there is an envelope"),
                     i, expected);
    }
  game->has_envelope = n == game->n_agents + 1;
  return TRUE;
}

/* "categories" (optional): [{"name", "cards", "envelope"}]. */
static gboolean
read_categories (JsonObject *root, KvGame *game, GError **error)
{
  JsonNode *node;
  JsonArray *array;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n;

  game->card_category = g_new (int, game->n_cards);
  for (guint c = 0; c < game->n_cards; c++)
    game->card_category[c] = KV_NO_CATEGORY;
  if (!json_object_has_member (root, "categories"))
    {
      game->category_names = g_new0 (char *, 1);
      return TRUE;
    }
  node = member (root, "categories", JSON_NODE_ARRAY, TRUE, error);
  if (node == NULL)
    return FALSE;
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > 64)
    return kv_read_fail (error, KV_ERROR_LIMIT, _("“categories” has %u categories, more than %u"), n, 64);
  for (guint k = 0; k < n; k++)
    {
      JsonNode *element = json_array_get_element (array, k);
      JsonObject *category;
      JsonNode *name, *cards, *envelope;
      JsonArray *card_array;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("categories[%u] must be an object"), k);
      category = json_node_get_object (element);
      name = json_object_get_member (category, "name");
      if (name == NULL || !is_string (name) || !valid_name (json_node_get_string (name)))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("categories[%u].name must be a name (letters, digits and _ only)"), k);
      cards = json_object_get_member (category, "cards");
      if (cards == NULL || !JSON_NODE_HOLDS_ARRAY (cards))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("categories[%u].cards must be an array of cards"), k);
      envelope = json_object_get_member (category, "envelope");
      if (envelope != NULL && !(JSON_NODE_HOLDS_VALUE (envelope) && json_node_get_value_type (envelope) == G_TYPE_BOOLEAN))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("categories[%u].envelope must be true or false"), k);
      if (envelope != NULL && json_node_get_boolean (envelope))
        {
          if (!game->has_envelope)
            return kv_read_fail (error, KV_ERROR_GAME, _("categories[%u] is in the envelope, but “owners” has no “env”"), k);
          game->envelope_categories |= G_GUINT64_CONSTANT (1) << k;
        }
      card_array = json_node_get_array (cards);
      for (guint i = 0; i < json_array_get_length (card_array); i++)
        {
          JsonNode *card = json_array_get_element (card_array, i);
          int c = is_string (card) ? kv_game_find_card (game, json_node_get_string (card)) : -1;

          if (!is_string (card))
            return kv_read_fail (error, KV_ERROR_SYNTAX, _("categories[%u].cards[%u] must be a string"), k, i);
          if (c < 0)
            return kv_read_fail (error, KV_ERROR_NAME, _("categories[%u].cards[%u]: there is no card “%s”"),
                         k, i, json_node_get_string (card));
          if (game->card_category[c] != KV_NO_CATEGORY)
            return kv_read_fail (error, KV_ERROR_GAME, _("categories[%u]: the card “%s” is in two categories"),
                         k, json_node_get_string (card));
          game->card_category[c] = (int) k;
        }
      g_ptr_array_add (names, g_strdup (json_node_get_string (name)));
    }
  game->n_categories = n;
  g_ptr_array_add (names, NULL);
  game->category_names = (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
  return TRUE;
}

/* worlds[@w].hands into @hands (n_owners hands): every card exactly once. */
static gboolean
read_hands (JsonNode *world, guint w, const KvGame *game, KvHand *hands, GError **error)
{
  JsonObject *object;
  JsonNode *node;
  JsonObjectIter iter;
  const char *owner_name;
  JsonNode *cards;
  KvHand seen = 0;

  if (!JSON_NODE_HOLDS_OBJECT (world))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("worlds[%u] must be an object"), w);
  object = json_node_get_object (world);
  node = json_object_get_member (object, "hands");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("worlds[%u].hands must be an object: owner → cards"), w);
  node = json_object_get_member (object, "name");
  if (node != NULL && !is_string (node))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("worlds[%u].name must be a string"), w);

  memset (hands, 0, sizeof (KvHand) * kv_game_n_owners (game));
  json_object_iter_init (&iter, json_node_get_object (json_object_get_member (object, "hands")));
  while (json_object_iter_next (&iter, &owner_name, &cards))
    {
      int o = kv_game_find_owner (game, owner_name);
      JsonArray *array;

      if (o < 0)
        return kv_read_fail (error, KV_ERROR_NAME, _("worlds[%u].hands: there is no owner “%s”"), w, owner_name);
      if (!JSON_NODE_HOLDS_ARRAY (cards))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("worlds[%u].hands.%s must be an array of cards"), w, owner_name);
      array = json_node_get_array (cards);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *card = json_array_get_element (array, i);
          int c;

          if (!is_string (card))
            return kv_read_fail (error, KV_ERROR_SYNTAX, _("worlds[%u].hands.%s[%u] must be a string"), w, owner_name, i);
          c = kv_game_find_card (game, json_node_get_string (card));
          if (c < 0)
            return kv_read_fail (error, KV_ERROR_NAME, _("worlds[%u].hands.%s: there is no card “%s”"),
                         w, owner_name, json_node_get_string (card));
          if (seen & KV_CARD_BIT (c))
            return kv_read_fail (error, KV_ERROR_GAME, _("worlds[%u].hands: the card “%s” is given twice"),
                         w, game->card_names[c]);
          seen |= KV_CARD_BIT (c);
          hands[o] |= KV_CARD_BIT (c);
        }
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (!(seen & KV_CARD_BIT (c)))
      return kv_read_fail (error, KV_ERROR_GAME, _("worlds[%u].hands: nobody holds the card “%s”"), w, game->card_names[c]);
  return TRUE;
}

/* partitions[agent]: each world in exactly one class; fills @cls. */
static gboolean
read_partition (JsonObject *partitions, const KvGame *game, guint agent, guint n_worlds,
                guint32 *cls, GError **error)
{
  const char *name = game->agent_names[agent];
  JsonNode *node = json_object_get_member (partitions, name);
  JsonArray *classes;
  guint n_classes;

  if (node == NULL)
    return kv_read_fail (error, KV_ERROR_GAME, _("partitions: agent “%s” has no partition"), name);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("partitions.%s must be an array of classes"), name);
  for (guint w = 0; w < n_worlds; w++)
    cls[w] = G_MAXUINT32;
  classes = json_node_get_array (node);
  n_classes = json_array_get_length (classes);
  for (guint k = 0; k < n_classes; k++)
    {
      JsonNode *class_node = json_array_get_element (classes, k);
      JsonArray *worlds;

      if (!JSON_NODE_HOLDS_ARRAY (class_node))
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("partitions.%s[%u] must be an array of world numbers"), name, k);
      worlds = json_node_get_array (class_node);
      if (json_array_get_length (worlds) == 0)
        return kv_read_fail (error, KV_ERROR_GAME, _("partitions.%s[%u] is an empty class"), name, k);
      for (guint i = 0; i < json_array_get_length (worlds); i++)
        {
          JsonNode *world = json_array_get_element (worlds, i);
          gint64 w;

          if (!is_integer (world))
            return kv_read_fail (error, KV_ERROR_SYNTAX, _("partitions.%s[%u][%u] must be a world number"), name, k, i);
          w = json_node_get_int (world);
          if (w < 0 || w >= n_worlds)
            return kv_read_fail (error, KV_ERROR_GAME,
                         _("partitions.%s[%u]: there is no world %lld (the worlds are 0 to %u)"),
                         name, k, (long long) w, n_worlds - 1);
          if (cls[w] != G_MAXUINT32)
            return kv_read_fail (error, KV_ERROR_GAME,
                         _("partitions.%s: world %lld is in two classes: it is not a partition"),
                         name, (long long) w);
          cls[w] = k;
        }
    }
  for (guint w = 0; w < n_worlds; w++)
    if (cls[w] == G_MAXUINT32)
      return kv_read_fail (error, KV_ERROR_GAME, _("partitions.%s: world %u is in no class: it is not a partition"), name, w);
  return TRUE;
}

static KvModel *
read_model (JsonObject *root, guint world_limit, GError **error)
{
  g_autoptr(KvGame) game = kv_game_new ();
  JsonNode *node;
  JsonArray *worlds;
  JsonObject *partitions;
  KvDeals *deals;
  guint n_worlds, n_owners;
  gint64 actual;
  g_autofree guint32 *deal = NULL;
  guint32 *cls[KV_MAX_AGENTS] = { NULL };
  KvModel *model = NULL;

  if (!read_header (root, error))
    return NULL;
  node = member (root, "title", JSON_NODE_VALUE, FALSE, error);
  if (node == NULL && json_object_has_member (root, "title"))
    return NULL;
  if (node != NULL && !is_string (node))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("“title” must be a string")), NULL;
  if (node != NULL && g_utf8_strlen (json_node_get_string (node), -1) > KV_MAX_TITLE_LENGTH)
    return kv_read_fail (error, KV_ERROR_LIMIT, _("a title has at most %d characters"), KV_MAX_TITLE_LENGTH), NULL;
  if (node != NULL)
    {
      /* Printed by run, as a script's is: text only (kv_read_check_controls). */
      const char *title = json_node_get_string (node);
      g_autofree char *what = NULL;
      guint line, column;

      if (!kv_read_check_controls (title, strlen (title), &line, &column, &what))
        /* TRANSLATORS: %s is the character escaped, as \e or \x07 */
        return kv_read_fail (error, KV_ERROR_SYNTAX, _("“title” holds a control character (%s), which is not text"),
                             what), NULL;
    }
  game->title = g_strdup (node != NULL ? json_node_get_string (node) : _("Model"));

  game->agent_names = read_names (root, "agents", KV_MAX_AGENTS, &game->n_agents, error);
  if (game->agent_names == NULL)
    return NULL;
  game->card_names = read_names (root, "cards", KV_MAX_CARDS, &game->n_cards, error);
  if (game->card_names == NULL)
    return NULL;
  if (!read_owners (root, game, error) || !read_categories (root, game, error))
    return NULL;
  n_owners = kv_game_n_owners (game);

  node = member (root, "worlds", JSON_NODE_ARRAY, TRUE, error);
  if (node == NULL)
    return NULL;
  worlds = json_node_get_array (node);
  n_worlds = json_array_get_length (worlds);
  if (n_worlds == 0)
    return kv_read_fail (error, KV_ERROR_GAME, _("“worlds” is empty: a model has at least one world")), NULL;
  if (n_worlds > (world_limit ? world_limit : KV_DEFAULT_WORLD_LIMIT))
    return kv_read_fail (error, KV_ERROR_LIMIT, _("the model has %u worlds, more than the limit of %u"),
                 n_worlds, world_limit ? world_limit : KV_DEFAULT_WORLD_LIMIT), NULL;

  node = member (root, "actual", JSON_NODE_VALUE, TRUE, error);
  if (node == NULL)
    return NULL;
  if (!is_integer (node))
    return kv_read_fail (error, KV_ERROR_SYNTAX, _("“actual” must be a world number")), NULL;
  actual = json_node_get_int (node);
  if (actual < 0 || actual >= n_worlds)
    return kv_read_fail (error, KV_ERROR_GAME, _("“actual” is %lld, but the worlds are 0 to %u"),
                 (long long) actual, n_worlds - 1), NULL;

  deals = g_new0 (KvDeals, 1);
  g_atomic_ref_count_init (&deals->ref);
  deals->n_deals = n_worlds;
  deals->n_owners = n_owners;
  deals->hands = g_new0 (KvHand, (gsize) n_worlds * n_owners);
  deal = g_new (guint32, n_worlds);
  for (guint w = 0; w < n_worlds; w++)
    {
      deal[w] = w;
      if (!read_hands (json_array_get_element (worlds, w), w, game, deals->hands + (gsize) w * n_owners, error))
        goto out;
    }

  /* The game: its deal is the actual world's, its hand sizes the same in
   * every world. */
  game->deal = g_memdup2 (deals->hands + (gsize) actual * n_owners, sizeof (KvHand) * n_owners);
  game->hand_sizes = g_new (guint, game->n_agents);
  for (guint a = 0; a < game->n_agents; a++)
    game->hand_sizes[a] = (guint) __builtin_popcountll (game->deal[a]);
  for (guint w = 0; w < n_worlds; w++)
    for (guint o = 0; o < n_owners; o++)
      if (__builtin_popcountll (deals->hands[(gsize) w * n_owners + o]) != __builtin_popcountll (game->deal[o]))
        {
          kv_read_fail (error, KV_ERROR_GAME,
                _("worlds[%u].hands: “%s” holds %d cards here but %d in the actual world: every world must give each owner as many cards"),
                w, kv_game_owner_name (game, o), __builtin_popcountll (deals->hands[(gsize) w * n_owners + o]),
                __builtin_popcountll (game->deal[o]));
          goto out;
        }

  node = member (root, "partitions", JSON_NODE_OBJECT, TRUE, error);
  if (node == NULL)
    goto out;
  partitions = json_node_get_object (node);
  {
    JsonObjectIter iter;
    const char *name;
    JsonNode *unused;

    json_object_iter_init (&iter, partitions);
    while (json_object_iter_next (&iter, &name, &unused))
      if (kv_game_find_agent (game, name) < 0)
        {
          kv_read_fail (error, KV_ERROR_NAME, _("partitions: there is no agent “%s”"), name);
          goto out;
        }
  }
  for (guint a = 0; a < game->n_agents; a++)
    {
      cls[a] = g_new (guint32, n_worlds);
      if (!read_partition (partitions, game, a, n_worlds, cls[a], error))
        goto out;
    }

  model = kv_model_new_from_parts (game, deals, n_worlds, g_steal_pointer (&deal), cls, (guint) actual);
  model->world_limit = world_limit;
  memset (cls, 0, sizeof cls);

out:
  for (guint a = 0; a < KV_MAX_AGENTS; a++)
    g_free (cls[a]);
  kv_deals_unref (deals);
  return model;
}

KvModel *
kv_model_from_json (const char  *text,
                    gsize        length,
                    guint        world_limit,
                    GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  parser = kv_json_parse_object (text, length, MAX_DEPTH, _("a Kripkeviz model"), error);
  if (parser == NULL)
    return NULL;
  return read_model (json_node_get_object (json_parser_get_root (parser)), world_limit, error);
}

KvModel *
kv_model_load_json (const char  *path,
                    guint        world_limit,
                    GError     **error)
{
  g_autoptr(GError) inner = NULL;
  g_autoptr(GMappedFile) file = NULL;
  KvModel *model;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return kv_read_fail (error, KV_ERROR_IO, _("%s: error: is a directory, not a model file"), path), NULL;
  /* Mapped, not read: a FIFO or a device would block or never end. */
  if (g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return kv_read_fail (error, KV_ERROR_IO, _("%s: error: not a regular file"), path), NULL;
  file = g_mapped_file_new (path, FALSE, &inner);
  if (file == NULL)
    return kv_read_fail (error, KV_ERROR_IO, "%s: error: %s", path, inner->message), NULL;
  if (g_mapped_file_get_length (file) > MAX_FILE_SIZE)
    return kv_read_fail (error, KV_ERROR_LIMIT, _("%s: error: the file is larger than 1 GiB"), path), NULL;
  model = kv_model_from_json (g_mapped_file_get_contents (file) ? g_mapped_file_get_contents (file) : "",
                              g_mapped_file_get_length (file), world_limit, &inner);
  if (model == NULL)
    return kv_read_fail (error, inner->code, "%s: error: %s", path, inner->message), NULL;
  return model;
}

gboolean
kv_model_json_is_path (const char *name_or_path)
{
  g_return_val_if_fail (name_or_path != NULL, FALSE);
  return g_str_has_suffix (name_or_path, KV_MODEL_JSON_SUFFIX);
}
