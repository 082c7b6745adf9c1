// SPDX-License-Identifier: GPL-3.0-or-later
/* test-enums.c: one source for every choice — the registered enums' nicks
 * are the names in to_string/from_string, the --help lists, and the
 * GSettings schema's choices. */
#define G_LOG_DOMAIN "test-enums"
#include "config.h"

#include <string.h>

#include "kv-draw.h"

static void
test_nicks (void)
{
  g_autofree char *engines = kv_enum_nicks (KV_TYPE_LAYOUT_ENGINE, KV_LAYOUT_AUTO, "|");
  g_autofree char *views = kv_enum_nicks (KV_TYPE_VIEW_KIND, KV_VIEW_AUTO, "|");
  g_autofree char *palettes = kv_enum_nicks (KV_TYPE_PALETTE, -1, "|");
  g_autofree char *stages = kv_enum_nicks (KV_TYPE_PRODUCT_STAGE, -1, ", ");
  g_autofree char *formats = kv_enum_nicks (KV_TYPE_FORMAT, -1, "|");
  int value = -1;

  /* The lists kripkeviz-cli export --help shows. */
  g_assert_cmpstr (engines, ==, "neato|fdp|sfdp|circo|dot");
  g_assert_cmpstr (views, ==, "whole|around|contracted|envelope|agents");
  g_assert_cmpstr (palettes, ==, "okabe-ito|greyscale");
  g_assert_cmpstr (stages, ==, "action, pairs, links, result");
  g_assert_cmpstr (formats, ==, "svg|pdf|png|dot|tikz");

  g_assert_cmpstr (kv_enum_to_nick (KV_TYPE_VIEW_KIND, KV_VIEW_CONTRACTED), ==, "contracted");
  g_assert_null (kv_enum_to_nick (KV_TYPE_VIEW_KIND, 99));
  g_assert_true (kv_enum_from_nick (KV_TYPE_PALETTE, "greyscale", &value));
  g_assert_cmpint (value, ==, KV_PALETTE_GREYSCALE);
  value = -1;
  g_assert_false (kv_enum_from_nick (KV_TYPE_PALETTE, "grayscale", &value));
  g_assert_cmpint (value, ==, -1);
}

/* Every value's name goes there and back through the enum's own
 * to_string/from_string. */
static void
test_round_trips (void)
{
  g_autoptr(GEnumClass) engines = g_type_class_ref (KV_TYPE_LAYOUT_ENGINE);
  g_autoptr(GEnumClass) views = g_type_class_ref (KV_TYPE_VIEW_KIND);
  g_autoptr(GEnumClass) palettes = g_type_class_ref (KV_TYPE_PALETTE);
  g_autoptr(GEnumClass) stages = g_type_class_ref (KV_TYPE_PRODUCT_STAGE);
  g_autoptr(GEnumClass) formats = g_type_class_ref (KV_TYPE_FORMAT);

  g_assert_cmpuint (engines->n_values, ==, KV_LAYOUT_DOT + 1);
  for (guint i = 0; i < engines->n_values; i++)
    {
      KvLayoutEngine e = KV_LAYOUT_AUTO;

      g_assert_cmpint (engines->values[i].value, ==, i);
      g_assert_cmpstr (kv_layout_engine_to_string (i), ==, engines->values[i].value_nick);
      g_assert_true (kv_layout_engine_from_string (engines->values[i].value_nick, &e));
      g_assert_cmpint (e, ==, i);
    }

  g_assert_cmpuint (views->n_values, ==, KV_VIEW_AGENTS + 1);
  for (guint i = 0; i < views->n_values; i++)
    {
      KvViewKind k = KV_VIEW_AUTO;

      g_assert_cmpstr (kv_view_kind_to_string (i), ==, views->values[i].value_nick);
      g_assert_true (kv_view_kind_from_string (views->values[i].value_nick, &k));
      g_assert_cmpint (k, ==, i);
    }

  g_assert_cmpuint (palettes->n_values, ==, KV_PALETTE_GREYSCALE + 1);
  for (guint i = 0; i < palettes->n_values; i++)
    {
      KvPalette p = KV_PALETTE_OKABE_ITO;

      g_assert_true (kv_palette_from_string (palettes->values[i].value_nick, &p));
      g_assert_cmpint (p, ==, i);
    }
  g_assert_false (kv_palette_from_string (NULL, NULL));

  g_assert_cmpuint (stages->n_values, ==, KV_PRODUCT_STAGE_RESULT + 1);
  for (guint i = 0; i < stages->n_values; i++)
    {
      KvProductStage s = KV_PRODUCT_STAGE_ACTION;

      g_assert_cmpstr (kv_product_stage_to_string (i), ==, stages->values[i].value_nick);
      g_assert_true (kv_product_stage_from_string (stages->values[i].value_nick, &s));
      g_assert_cmpint (s, ==, i);
    }
  g_assert_false (kv_product_stage_from_string (NULL, NULL));

  /* kv-export.c keeps its own table of formats (with their extensions):
   * it must agree with the enum. */
  for (guint i = 0; i < formats->n_values; i++)
    {
      KvFormat f = KV_FORMAT_SVG;

      g_assert_cmpstr (kv_format_to_string (i), ==, formats->values[i].value_nick);
      g_assert_true (kv_format_from_string (formats->values[i].value_nick, &f));
      g_assert_cmpint (f, ==, i);
    }
}

/* The schema's string keys with <choices>: key name -> GPtrArray of
 * choices, and the defaults. */
typedef struct {
  char       *key;
  GHashTable *choices;    /* key -> GPtrArray of char * */
  GHashTable *defaults;   /* key -> char * (a GVariant text) */
  gboolean    in_default;
} Schema;

static void
schema_start (GMarkupParseContext  *context,
              const char           *element,
              const char          **names,
              const char          **values,
              gpointer              user_data,
              GError              **error)
{
  Schema *schema = user_data;

  if (g_str_equal (element, "key"))
    {
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "name"))
          {
            g_free (schema->key);
            schema->key = g_strdup (values[i]);
          }
    }
  else if (g_str_equal (element, "choice") && schema->key != NULL)
    {
      GPtrArray *choices = g_hash_table_lookup (schema->choices, schema->key);

      if (choices == NULL)
        {
          choices = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (schema->choices, g_strdup (schema->key), choices);
        }
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "value"))
          g_ptr_array_add (choices, g_strdup (values[i]));
    }
  else if (g_str_equal (element, "default"))
    schema->in_default = TRUE;
}

static void
schema_end (GMarkupParseContext  *context,
            const char           *element,
            gpointer              user_data,
            GError              **error)
{
  Schema *schema = user_data;

  if (g_str_equal (element, "default"))
    schema->in_default = FALSE;
  else if (g_str_equal (element, "key"))
    g_clear_pointer (&schema->key, g_free);
}

static void
schema_text (GMarkupParseContext  *context,
             const char           *text,
             gsize                 len,
             gpointer              user_data,
             GError              **error)
{
  Schema *schema = user_data;

  if (schema->in_default && schema->key != NULL)
    g_hash_table_insert (schema->defaults, g_strdup (schema->key), g_strndup (text, len));
}

/* The schema's choices for @key are @enum_type's nicks, in order, and its
 * default is one of them. */
static void
assert_key_is_enum (Schema     *schema,
                    const char *key,
                    GType       enum_type)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);
  GPtrArray *choices = g_hash_table_lookup (schema->choices, key);
  const char *text = g_hash_table_lookup (schema->defaults, key);
  g_autoptr(GVariant) def = NULL;

  g_test_message ("key %s", key);
  g_assert_nonnull (choices);
  g_assert_cmpuint (choices->len, ==, klass->n_values);
  for (guint i = 0; i < klass->n_values; i++)
    g_assert_cmpstr (g_ptr_array_index (choices, i), ==, klass->values[i].value_nick);

  g_assert_nonnull (text);
  def = g_variant_parse (G_VARIANT_TYPE_STRING, text, NULL, NULL, NULL);
  g_assert_nonnull (def);
  g_assert_true (kv_enum_from_nick (enum_type, g_variant_get_string (def, NULL), NULL));
}

static void
test_schema (void)
{
  const GMarkupParser parser = { schema_start, schema_end, schema_text, NULL, NULL };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                 "org.kripkeviz.Kripkeviz.gschema.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  Schema schema = {
    .choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) g_ptr_array_unref),
    .defaults = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
  };

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, &schema, NULL);
  g_markup_parse_context_parse (context, text, len, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);

  assert_key_is_enum (&schema, "layout-engine", KV_TYPE_LAYOUT_ENGINE);
  assert_key_is_enum (&schema, "palette", KV_TYPE_PALETTE);
  /* No other key has choices that no enum checks. */
  g_assert_cmpuint (g_hash_table_size (schema.choices), ==, 2);

  g_free (schema.key);
  g_hash_table_unref (schema.choices);
  g_hash_table_unref (schema.defaults);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/draw/enums/nicks", test_nicks);
  g_test_add_func ("/draw/enums/round-trips", test_round_trips);
  g_test_add_func ("/draw/enums/schema", test_schema);

  return g_test_run ();
}
