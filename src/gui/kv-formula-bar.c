// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-formula-bar.c: the formula bar */
#define G_LOG_DOMAIN "kv-formula-bar"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-formula-bar.h"

struct _KvFormulaBar
{
  GtkWidget     parent_instance;

  /* Template widgets */
  GtkEntry     *entry;
  GtkLabel     *badge;
  GtkLabel     *count;   /* "here; holds at 12 of 25 200 worlds" */
  GtkLabel     *error;
  GtkRevealer  *error_revealer;

  KvState      *state;      /* where formulas are checked, or NULL */
  char         *text;       /* the text last checked ("formula"), "" for none */
  KvFormula    *formula;    /* that text parsed, re-checked on each model */
  KvBits       *highlight;
  gboolean      setting;    /* the entry's text is being set, not typed */
};

G_DEFINE_FINAL_TYPE (KvFormulaBar, kv_formula_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STATE,
  PROP_FORMULA,
  PROP_HIGHLIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_badge (KvFormulaBar *self,
           const char   *text,
           const char   *css_class,
           const char   *tooltip)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->badge), "true");
  gtk_widget_remove_css_class (GTK_WIDGET (self->badge), "false");
  gtk_widget_set_visible (GTK_WIDGET (self->badge), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->count), text != NULL);
  gtk_label_set_text (self->badge, text != NULL ? text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->badge), tooltip);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->badge), css_class);
}

static void
set_highlight (KvFormulaBar *self,
               const KvBits *worlds)
{
  g_clear_pointer (&self->highlight, kv_bits_free);
  if (worlds != NULL)
    self->highlight = kv_bits_copy (worlds);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT]);
}

static void
set_formula_error (KvFormulaBar *self,
                   const char   *message)
{
  gtk_label_set_text (self->error, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
}

/* A count of worlds for the bar: in full up to ten million, in words
 * beyond ("1.9 billion"). */
static char *
bar_count (guint64 n)
{
  return n < 10000000 ? kv_count_format (n) : kv_count_format_words (n);
}

/* Beside the badge: at how many worlds @f holds, of how many. */
static void
set_count (KvFormulaBar *self,
           guint64       n_true,
           guint64       n_worlds)
{
  g_autofree char *all = bar_count (n_worlds);
  g_autofree char *text = NULL;

  if (n_true == G_MAXUINT64)
    /* TRANSLATORS: after the true/false badge, on the symbolic engine, for a formula with [α] */
    text = g_strdup_printf (_("here; of %s worlds (the symbolic engine counts no formula with an action in it)"), all);
  else
    {
      g_autofree char *some = bar_count (n_true);

      /* TRANSLATORS: after the true/false badge: "true here; holds at 12 of 25 200 worlds" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "here; holds at %s of %s world",
                                           "here; holds at %s of %s worlds", (gulong) MIN (n_worlds, G_MAXULONG)),
                              some, all);
    }
  gtk_label_set_text (self->count, text);
}

/* Checks self->formula at self->state: the badge, the count beside it,
 * and (on an explicit model) the highlight. */
static void
check_formula (KvFormulaBar *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvBits) worlds = NULL;
  g_autofree char *tooltip = NULL;
  KvModel *model;
  guint64 n_true = 0, n_worlds;
  gboolean value;

  if (self->formula == NULL || self->state == NULL)
    {
      set_badge (self, NULL, NULL, NULL);
      set_highlight (self, NULL);
      return;
    }
  model = kv_state_model (self->state);
  n_worlds = kv_state_count_worlds (self->state);
  if (model != NULL)
    worlds = kv_check_worlds (model, self->formula, &error);
  if (model != NULL ? worlds == NULL : !kv_state_check_count (self->state, self->formula, &value, &n_true, &error))
    {
      set_badge (self, NULL, NULL, NULL);
      set_highlight (self, NULL);
      set_formula_error (self, error->message);
      return;
    }
  if (model != NULL)
    {
      value = kv_bits_get (worlds, model->actual);
      n_true = kv_bits_count (worlds);
      tooltip = g_strdup_printf (_("%s at the actual world; the worlds where it holds are highlighted"),
                                 value ? _("True") : _("False"));
    }
  else
    /* TRANSLATORS: "True" or "False" */
    tooltip = g_strdup_printf (_("%s at the actual world, checked symbolically (no worlds drawn to highlight)"),
                               value ? _("True") : _("False"));
  set_badge (self, value ? _("true") : _("false"), value ? "true" : "false", tooltip);
  set_count (self, n_true, n_worlds);
  set_highlight (self, worlds);
}

/* Parses and checks @text_in (the entry's, or "formula" set from outside),
 * which becomes "formula". A parse error shows under the bar; when the
 * user @typed the text, the entry also takes the focus with the error's
 * column selected. */
static void
check_text (KvFormulaBar *self,
            const char   *text_in,
            gboolean      typed)
{
  g_autofree char *text = g_strdup (text_in);  /* @text_in may be self->text */
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  g_autoptr(GError) error = NULL;
  guint column = 0;

  g_clear_pointer (&self->formula, kv_formula_unref);
  set_formula_error (self, NULL);
  if (g_strcmp0 (self->text, stripped) != 0)
    {
      g_free (self->text);
      self->text = g_steal_pointer (&stripped);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMULA]);
    }

  if (self->state == NULL || *self->text == '\0')
    {
      check_formula (self);
      return;
    }

  self->formula = kv_formula_parse (kv_state_game (self->state), text, &column, &error);
  if (self->formula == NULL)
    {
      glong length = g_utf8_strlen (text, -1);
      int start = column > 0 ? (int) column - 1 : 0;
      g_autofree char *message = g_strdup_printf (_("Column %u: %s"), column, error->message);

      check_formula (self);
      set_formula_error (self, error->message != NULL && g_str_has_prefix (error->message, "1:")
                               ? error->message : message);
      if (!typed)
        return;
      gtk_widget_grab_focus (GTK_WIDGET (self->entry));
      if (start < length)
        gtk_editable_select_region (GTK_EDITABLE (self->entry), start, start + 1);
      else
        gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
      return;
    }

  check_formula (self);
}

static void
on_formula_activate (KvFormulaBar *self)
{
  check_text (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)), TRUE);
}

/* The user edits the text: what was checked no longer stands (the badge
 * belongs to the text that was checked, and "formula" is "" until Enter). */
static void
on_formula_changed (KvFormulaBar *self)
{
  if (self->setting)
    return;
  g_clear_pointer (&self->formula, kv_formula_unref);
  check_formula (self);
  set_formula_error (self, NULL);
  if (*self->text != '\0')
    {
      g_free (self->text);
      self->text = g_strdup ("");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMULA]);
    }
}

void
kv_formula_bar_set_state (KvFormulaBar *self,
                          KvState      *state)
{
  gboolean same_game;

  g_return_if_fail (KV_IS_FORMULA_BAR (self));

  if (self->state == state)
    return;
  /* Another game's state (a game opened, or an undo): the formula names
   * its agents and cards, so the text is parsed again, not just re-checked. */
  same_game = self->state != NULL && state != NULL && kv_state_game (self->state) == kv_state_game (state);
  if (state != NULL)
    kv_state_ref (state);
  g_clear_pointer (&self->state, kv_state_unref);
  self->state = state;
  if (same_game && self->formula != NULL)
    check_formula (self);
  else
    check_text (self, self->text, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

const char *
kv_formula_bar_get_formula (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  return self->text;
}

void
kv_formula_bar_set_formula (KvFormulaBar *self,
                            const char   *text)
{
  g_return_if_fail (KV_IS_FORMULA_BAR (self));

  if (text == NULL)
    text = "";
  if (g_strcmp0 (self->text, text) == 0 && self->formula != NULL)
    return;
  self->setting = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  self->setting = FALSE;
  check_text (self, text, FALSE);
}

GtkWidget *
kv_formula_bar_get_entry (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  return GTK_WIDGET (self->entry);
}

const char *
kv_formula_bar_get_result (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->badge)))
    return NULL;
  return gtk_label_get_text (self->badge);
}

const char *
kv_formula_bar_get_count (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->count)))
    return NULL;
  return gtk_label_get_text (self->count);
}

const char *
kv_formula_bar_get_error (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->error_revealer))
    return NULL;
  return gtk_label_get_text (self->error);
}

const KvBits *
kv_formula_bar_get_highlight (KvFormulaBar *self)
{
  g_return_val_if_fail (KV_IS_FORMULA_BAR (self), NULL);
  return self->highlight;
}

static gboolean
kv_formula_bar_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (KV_FORMULA_BAR (widget)->entry));
}

static void
kv_formula_bar_dispose (GObject *object)
{
  KvFormulaBar *self = KV_FORMULA_BAR (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_FORMULA_BAR);
  /* The bar's box has no name, so the template leaves it in place. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->state, kv_state_unref);
  g_clear_pointer (&self->formula, kv_formula_unref);
  g_clear_pointer (&self->highlight, kv_bits_free);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (kv_formula_bar_parent_class)->dispose (object);
}

static void
kv_formula_bar_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KvFormulaBar *self = KV_FORMULA_BAR (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_boxed (value, self->state);
      break;
    case PROP_FORMULA:
      g_value_set_string (value, self->text);
      break;
    case PROP_HIGHLIGHT:
      g_value_set_pointer (value, self->highlight);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_formula_bar_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KvFormulaBar *self = KV_FORMULA_BAR (object);

  switch (prop_id)
    {
    case PROP_STATE:
      kv_formula_bar_set_state (self, g_value_get_boxed (value));
      break;
    case PROP_FORMULA:
      kv_formula_bar_set_formula (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_formula_bar_class_init (KvFormulaBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_formula_bar_dispose;
  object_class->get_property = kv_formula_bar_get_property;
  object_class->set_property = kv_formula_bar_set_property;
  widget_class->grab_focus = kv_formula_bar_grab_focus;

  /* Where formulas are checked (a reference is kept), or NULL: a state
   * on either engine (kv-state.h). */
  properties[PROP_STATE] =
    g_param_spec_boxed ("state", NULL, NULL, KV_TYPE_STATE,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The text last checked (Enter), "" while none is. */
  properties[PROP_FORMULA] =
    g_param_spec_string ("formula", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIGHLIGHT] =
    g_param_spec_pointer ("highlight", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-formula-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KvFormulaBar, entry);
  gtk_widget_class_bind_template_child (widget_class, KvFormulaBar, badge);
  gtk_widget_class_bind_template_child (widget_class, KvFormulaBar, count);
  gtk_widget_class_bind_template_child (widget_class, KvFormulaBar, error);
  gtk_widget_class_bind_template_child (widget_class, KvFormulaBar, error_revealer);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_formula_changed);
}

static void
kv_formula_bar_init (KvFormulaBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->text = g_strdup ("");
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}
