// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-chooser.c: Game ▸ Lessons… (kv-lesson-chooser.h). */
#define G_LOG_DOMAIN "kv-lesson-chooser"
#include "config.h"

#include <glib/gi18n.h>

#include "kv-lesson-chooser.h"

struct _KvLessonChooser
{
  AdwWindow     parent_instance;

  GtkListBox   *list;
  GtkLabel     *error_label;
  KvLessonPane *pane;
};

G_DEFINE_FINAL_TYPE (KvLessonChooser, kv_lesson_chooser, ADW_TYPE_WINDOW)

/* How long a lesson is: its steps and its questions. */
static char *
length_text (const KvScript *script)
{
  guint n_questions = script->game->final_asks ? script->game->final_asks->len : 0;
  g_autofree char *steps = NULL;
  g_autofree char *questions = NULL;

  for (guint i = 0; i < script->steps->len; i++)
    {
      const KvStep *step = g_ptr_array_index (script->steps, i);

      n_questions += step->asks ? step->asks->len : 0;
    }
  steps = g_strdup_printf (ngettext ("%u step", "%u steps", script->steps->len), script->steps->len);
  questions = g_strdup_printf (ngettext ("%u question", "%u questions", n_questions), n_questions);
  /* TRANSLATORS: a lesson's length, "5 steps · 8 questions" */
  return g_strdup_printf (_("%s · %s"), steps, questions);
}

/* A row per built-in lesson, read (not run: that waits for the click). */
static void
fill (KvLessonChooser *self)
{
  g_auto(GStrv) names = kv_lesson_builtin_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(KvScript) script = kv_lesson_open_script (names[i], NULL);
      KvLesson words = { 0 };
      g_autofree char *title = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *length = NULL;
      GtkWidget *row, *suffix;

      if (script == NULL)
        continue;
      words.script = script;
      title = kv_lesson_title (&words, kv_i18n_narration_language ());
      summary = kv_say_text (script->game->summary, kv_i18n_narration_language ());
      length = length_text (script);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary != NULL ? summary : "");
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      suffix = gtk_label_new (length);
      gtk_widget_add_css_class (suffix, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);
      g_object_set_data_full (G_OBJECT (row), "kv-lesson", g_strdup (names[i]), g_free);
      g_object_set_data_full (G_OBJECT (row), "kv-length", g_steal_pointer (&length), g_free);
      gtk_list_box_append (self->list, row);
    }
}

gboolean
kv_lesson_chooser_open (KvLessonChooser *self,
                        const char      *name_or_path)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (KV_IS_LESSON_CHOOSER (self), FALSE);
  if (!kv_lesson_pane_open (self->pane, name_or_path, &error))
    {
      /* TRANSLATORS: %s is the reason, "lesson.kvg:12:11: error: …" */
      g_autofree char *text = g_strdup_printf (_("This lesson cannot be opened: %s"), error->message);

      gtk_label_set_text (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return FALSE;
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

const char *
kv_lesson_chooser_get_error (KvLessonChooser *self)
{
  g_return_val_if_fail (KV_IS_LESSON_CHOOSER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_text (self->error_label) : NULL;
}

GStrv
kv_lesson_chooser_get_rows (KvLessonChooser *self)
{
  g_autoptr(GStrvBuilder) rows = g_strv_builder_new ();

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row))
      {
        g_autofree char *text = g_strdup_printf ("%s\n%s\n%s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                                 adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                                 (const char *) g_object_get_data (G_OBJECT (row), "kv-length"));
        g_strv_builder_add (rows, text);
      }
  return g_strv_builder_end (rows);
}

static void
on_row_activated (KvLessonChooser *self, GtkListBoxRow *row)
{
  kv_lesson_chooser_open (self, g_object_get_data (G_OBJECT (row), "kv-lesson"));
}

static void
on_open_response (GtkNativeDialog *native, int response, KvLessonChooser *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        kv_lesson_chooser_open (self, path);
    }
  g_object_unref (native);
  g_object_unref (self);
}

static void
on_open_clicked (KvLessonChooser *self)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  native = gtk_file_chooser_native_new (_("Open a Lesson"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Lessons and game scripts"));
  gtk_file_filter_add_pattern (filter, "*.kvg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The dialog lives until the answer, even if the chooser closes. */
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

KvLessonChooser *
kv_lesson_chooser_present (KvLessonPane *pane,
                           GtkWindow    *parent)
{
  KvLessonChooser *self = g_object_new (KV_TYPE_LESSON_CHOOSER, "transient-for", parent, NULL);

  self->pane = pane;
  fill (self);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
kv_lesson_chooser_class_init (KvLessonChooserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-lesson-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, KvLessonChooser, list);
  gtk_widget_class_bind_template_child (widget_class, KvLessonChooser, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_open_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kv_lesson_chooser_init (KvLessonChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
