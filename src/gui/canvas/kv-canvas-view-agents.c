// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view-agents.c: the toolbar's agent toggles — one per agent,
 * with its colour and line, showing or hiding its links — and the button
 * after them that shows one agent's links at a time, agent after agent
 * (a big picture, Clue's envelope grid, is legible one agent at a time). */
#define G_LOG_DOMAIN "kv-canvas-view"

#include "config.h"

#include <glib/gi18n.h>

#include "kv-agent-sample.h"
#include "kv-canvas-view-private.h"

static guint32
agents_mask (KvCanvasView *self)
{
  guint n = self->agent_names != NULL ? g_strv_length (self->agent_names) : 0;

  return n >= 32 ? G_MAXUINT32 : (1u << n) - 1;
}

/* A hidden agent's sample and name are dimmed, not only its button raised. */
static void
update_toggle_look (GtkToggleButton *button)
{
  gtk_widget_set_opacity (gtk_button_get_child (GTK_BUTTON (button)),
                          gtk_toggle_button_get_active (button) ? 1.0 : 0.35);
}

void
_kv_canvas_view_sync_toggles (KvCanvasView *self)
{
  guint32 hidden = kv_canvas_get_hidden_agents (self->canvas);
  guint a = 0;

  self->syncing_toggles = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->agents_box));
       child != NULL && GTK_IS_TOGGLE_BUTTON (child);   /* not the next-agent button */
       child = gtk_widget_get_next_sibling (child), a++)
    {
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), (hidden & (1u << a)) == 0);
      update_toggle_look (GTK_TOGGLE_BUTTON (child));
    }
  self->syncing_toggles = FALSE;
}

static void
agent_toggled_cb (GtkToggleButton *button,
                  KvCanvasView    *self)
{
  guint32 hidden = 0;
  guint a = 0;

  update_toggle_look (button);
  if (self->syncing_toggles)
    return;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->agents_box));
       child != NULL && GTK_IS_TOGGLE_BUTTON (child);   /* not the next-agent button */
       child = gtk_widget_get_next_sibling (child), a++)
    if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      hidden |= 1u << a;

  kv_canvas_view_set_hidden_agents (self, hidden);
}

/* One agent's links at a time: from every agent's (or a few), the first
 * agent's only; from one agent's, the next one's; after the last, every
 * agent's again. */
static void
next_agent_clicked_cb (GtkButton    *button,
                       KvCanvasView *self)
{
  guint32 mask = agents_mask (self);
  guint32 shown = ~kv_canvas_get_hidden_agents (self->canvas) & mask;
  guint32 next;

  if (mask == 0)
    return;
  if (shown != 0 && (shown & (shown - 1)) == 0)
    next = (shown << 1) & mask;   /* 0 after the last: everyone's */
  else
    next = 1;
  kv_canvas_view_set_hidden_agents (self, next == 0 ? 0 : mask & ~next);
}

void
_kv_canvas_view_rebuild_toggles (KvCanvasView       *self,
                                 const char * const *names)
{
  GtkWidget *child;

  if (names == NULL && self->agent_names == NULL)
    return;
  if (names != NULL && self->agent_names != NULL &&
      g_strv_equal ((const char * const *) self->agent_names, names))
    return;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->agents_box))) != NULL)
    gtk_box_remove (self->agents_box, child);
  g_clear_pointer (&self->agent_names, g_strfreev);
  if (names == NULL)
    {
      _kv_canvas_view_rebuild_perspectives (self);
      return;
    }

  self->agent_names = g_strdupv ((char **) names);
  _kv_canvas_view_rebuild_perspectives (self);
  for (guint a = 0; self->agent_names[a] != NULL && a < 32; a++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *tooltip = NULL;

      gtk_box_append (GTK_BOX (box), kv_agent_sample_new (a));
      gtk_box_append (GTK_BOX (box), gtk_label_new (self->agent_names[a]));
      gtk_button_set_child (GTK_BUTTON (button), box);
      /* TRANSLATORS: %s is an agent's name, e.g. "1" */
      tooltip = g_strdup_printf (_("Show the links of agent %s"), self->agent_names[a]);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
      g_signal_connect (button, "toggled", G_CALLBACK (agent_toggled_cb), self);
      gtk_box_append (self->agents_box, button);
    }

  /* With more than one agent: one agent's links at a time, in turn,
   * linked to the toggles it sets (after them, so they keep their places). */
  if (g_strv_length (self->agent_names) > 1)
    {
      GtkWidget *next = gtk_button_new_from_icon_name ("media-playlist-repeat-symbolic");

      gtk_widget_set_name (next, "next-agent");
      gtk_widget_set_tooltip_text (next, _("One agent’s links at a time: show the next agent’s only "
                                           "(after the last, every agent’s)"));
      g_signal_connect (next, "clicked", G_CALLBACK (next_agent_clicked_cb), self);
      gtk_box_append (self->agents_box, next);
    }

  /* Agents the new game does not have are not hidden. */
  kv_canvas_view_set_hidden_agents (self, kv_canvas_get_hidden_agents (self->canvas) & agents_mask (self));
  _kv_canvas_view_sync_toggles (self);
}
