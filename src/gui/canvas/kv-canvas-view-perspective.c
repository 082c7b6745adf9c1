// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view-perspective.c: the toolbar's perspective menu — what an
 * agent considers possible at the actual (or selected) world, or what it
 * thinks another agent considers possible; the canvas dims the rest and
 * draws only that agent's links (kv-perspective.h). */
#define G_LOG_DOMAIN "kv-canvas-view"

#include "config.h"

#include <glib/gi18n.h>

#include "kv-canvas-view-private.h"

/* The chain the perspective names in the model's game; 0 agents when none
 * (or when it names agents the game does not have). */
static guint
current_chain (KvCanvasView *self,
               guint        *chain)
{
  guint n = 0;

  if (self->model == NULL || self->perspective == NULL ||
      !kv_perspective_parse (self->model->game, self->perspective, chain, &n, NULL))
    return 0;
  return n;
}

/* Without a model (a symbolic state's envelope view, which the window
 * shades itself): the chain as the button names it over a model ("1 → 2"),
 * when its names are the toolbar's agents; else NULL. */
static char *
display_of_names (KvCanvasView *self)
{
  g_auto(GStrv) names = NULL;

  if (self->agent_names == NULL || self->perspective == NULL || *self->perspective == '\0')
    return NULL;
  names = g_strsplit (self->perspective, ">", -1);
  if (g_strv_length (names) > KV_PERSPECTIVE_MAX)
    return NULL;
  for (guint i = 0; names[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) self->agent_names, names[i]))
      return NULL;
  return g_strjoinv (" → ", names);
}

void
_kv_canvas_view_update_perspective (KvCanvasView *self)
{
  guint chain[KV_PERSPECTIVE_MAX];
  guint n = current_chain (self, chain);
  g_autofree char *display = NULL;

  if (n > 0)
    {
      int selected = kv_canvas_get_selected_world (self->canvas);
      guint world = selected >= 0 && (guint) selected < self->model->n_worlds ? (guint) selected
                                                                             : self->model->actual;
      g_autoptr(KvBits) worlds = kv_perspective_worlds (self->model, world, chain, n);

      guint count = kv_bits_count (worlds);
      g_autofree char *counted = kv_count_format (count);
      g_autofree char *caption = NULL;

      kv_canvas_set_perspective (self->canvas, self->model, worlds, (int) chain[n - 1]);
      display = kv_perspective_to_display (self->model->game, chain, n);
      /* Said on the canvas too, where a class looks. */
      caption = world == self->model->actual
                ? g_strdup_printf (ngettext ("What %s considers possible at the actual world — %s world",
                                             "What %s considers possible at the actual world — %s worlds", count),
                                   display, counted)
                /* TRANSLATORS: the caption of a perspective taken at a world picked on the canvas */
                : g_strdup_printf (ngettext ("What %s considers possible at the selected world — %s world",
                                             "What %s considers possible at the selected world — %s worlds", count),
                                   display, counted);
      kv_canvas_set_caption (self->canvas, caption);
    }
  else
    {
      kv_canvas_set_perspective (self->canvas, NULL, NULL, -1);
      kv_canvas_set_caption (self->canvas, NULL);
      if (self->model == NULL)
        display = display_of_names (self);
    }
  gtk_label_set_text (self->perspective_label, display != NULL ? display : "");
  gtk_widget_set_visible (GTK_WIDGET (self->perspective_label), display != NULL);
  if (display != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->perspective_button), "perspective-on");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->perspective_button), "perspective-on");
}

const char *
kv_canvas_view_get_perspective (KvCanvasView *self)
{
  g_return_val_if_fail (KV_IS_CANVAS_VIEW (self), NULL);
  return self->perspective != NULL ? self->perspective : "";
}

void
kv_canvas_view_set_perspective (KvCanvasView *self,
                                const char   *perspective)
{
  GAction *action;

  g_return_if_fail (KV_IS_CANVAS_VIEW (self));

  if (perspective == NULL)
    perspective = "";
  if (g_strcmp0 (self->perspective, perspective) == 0)
    return;
  g_free (self->perspective);
  self->perspective = g_strdup (perspective);
  action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "perspective");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (perspective));
  _kv_canvas_view_update_perspective (self);
  g_object_notify (G_OBJECT (self), "perspective");
}

static void
perspective_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  kv_canvas_view_set_perspective (KV_CANVAS_VIEW (user_data), g_variant_get_string (parameter, NULL));
}

static void
append_item (GMenu      *section,
             const char *label,
             const char *target)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, "view.perspective", g_variant_new_string (target));
  g_menu_append_item (section, item);
}

void
_kv_canvas_view_rebuild_perspectives (KvCanvasView *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) none = g_menu_new ();
  g_autoptr(GMenu) agents = g_menu_new ();
  g_autoptr(GMenu) pairs = g_menu_new ();
  char **names = self->agent_names;

  gtk_widget_set_visible (GTK_WIDGET (self->perspective_button), names != NULL && names[0] != NULL);
  append_item (none, _("No perspective: every world"), "");
  for (guint a = 0; names != NULL && names[a] != NULL; a++)
    {
      /* TRANSLATORS: the perspective menu; %s is an agent */
      g_autofree char *label = g_strdup_printf (_("What %s considers possible"), names[a]);

      append_item (agents, label, names[a]);
      for (guint b = 0; names[b] != NULL; b++)
        if (b != a)
          {
            g_autofree char *pair_label = NULL;
            g_autofree char *target = g_strdup_printf ("%s>%s", names[a], names[b]);

            /* TRANSLATORS: the perspective menu; %s are agents: what the
             * first thinks the second may consider possible */
            pair_label = g_strdup_printf (_("What %s thinks %s considers possible"), names[a], names[b]);
            append_item (pairs, pair_label, target);
          }
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (none));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (agents));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (pairs));
  gtk_menu_button_set_menu_model (self->perspective_button, G_MENU_MODEL (menu));
  /* Without a model the agents come with a graph's layout: the button
   * names the chain once they are known. */
  if (self->model == NULL)
    _kv_canvas_view_update_perspective (self);
}

void
_kv_canvas_view_init_perspective (KvCanvasView *self)
{
  g_autoptr(GSimpleAction) action =
    g_simple_action_new_stateful ("perspective", G_VARIANT_TYPE_STRING, g_variant_new_string (""));

  self->perspective = g_strdup ("");
  self->actions = g_simple_action_group_new ();
  g_signal_connect (action, "activate", G_CALLBACK (perspective_activated), self);
  g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (action));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "view", G_ACTION_GROUP (self->actions));
  _kv_canvas_view_rebuild_perspectives (self);
  _kv_canvas_view_update_perspective (self);
}
