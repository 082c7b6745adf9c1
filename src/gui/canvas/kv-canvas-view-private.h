// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-canvas-view-private.h: KvCanvasView's struct, shared by
 * kv-canvas-view.c (the view, its toolbar, places and layout requests),
 * kv-canvas-view-agents.c (the agent toggles) and
 * kv-canvas-view-perspective.c (the perspective menu). */
#pragma once

#include "kv-canvas-view.h"

G_BEGIN_DECLS

struct _KvCanvasView
{
  GtkWidget       parent_instance;

  /* Template widgets */
  GtkDropDown    *view_dropdown;
  GtkDropDown    *engine_dropdown;
  GtkBox         *agents_box;
  GtkMenuButton  *perspective_button;
  GtkLabel       *perspective_label;
  GtkScrolledWindow *scrolled;
  KvCanvas       *canvas;
  GtkSpinner     *spinner;
  GtkWidget      *error_box;
  GtkLabel       *error_label;
  GtkWidget      *auto_button;
  GtkWidget      *toolbar;         /* a GtkFlowBox: wraps when narrow */
  GtkWidget      *zoom_box;        /* the zoom buttons over the canvas's corner */
  GtkRevealer    *zoom_revealer;   /* … shown while the pointer moves over the picture */
  GtkWidget      *picture_overlay;
  GtkEventController *zoom_motion; /* the pointer over the buttons keeps them */
  guint           zoom_hide_source;
  /* The agents view's panels side by side (0: the view's own), and the
   * canvas's width when they went fewer (kv-canvas-view.c). */
  guint           panels_across;
  double          panels_narrowed_at;

  KvModel        *model;
  KvGraphSource  *source;          /* instead of a model: any graph */
  KvBits         *highlight;
  KvState        *previous;        /* the step before the model's: what it removed, crossed out */
  KvViewKind      view;
  KvLayoutEngine  engine;
  guint           draw_limit;

  guint           update_source;   /* a relayout is scheduled */
  gboolean        fit_next;        /* … and fits the drawing when it arrives */
  gboolean        busy;

  /* Stable pictures: where the worlds of the game (or graph) in this view
   * and engine were put, shared with the layout thread's jobs. */
  KvPlaces       *places;
  KvGame         *places_game;     /* whose worlds they are (NULL: a graph's) */
  char           *places_header;   /* that game's header as a script */

  GStrv           agent_names;     /* whose agents the toggles are */
  gboolean        syncing_toggles;

  /* An agent's perspective ("1", "1>2"; "" none: kv-perspective.h), and
   * the "view.perspective" action its menu sets. */
  char           *perspective;
  GSimpleActionGroup *actions;

  /* kv_canvas_view_set_placeholder: shown instead of the canvas (made on
   * first use), its message, and the perspective's own tooltip. */
  GtkWidget      *placeholder;
  GtkLabel       *placeholder_label;
  char           *perspective_tooltip;
};

/* kv-canvas-view-agents.c */
/* One toggle per agent of @names (NULL: none); nothing changes when they
 * are the agents already there. */
void _kv_canvas_view_rebuild_toggles (KvCanvasView       *self,
                                      const char * const *names);
/* The toggles as the canvas's hidden agents say. */
void _kv_canvas_view_sync_toggles    (KvCanvasView       *self);

/* kv-canvas-view-places.c: stable pictures — one KvPlaces per game (or
 * graph), view and engine. New places for @game's worlds (NULL: a
 * graph's); @game may be the one the places are for now. */
void     _kv_canvas_view_new_places     (KvCanvasView *self,
                                         KvGame       *game);
/* Whether the places are for @game: the same one, or the same game
 * replayed (the same header). */
gboolean _kv_canvas_view_places_are_for (KvCanvasView *self,
                                         KvGame       *game);

/* kv-canvas-view-perspective.c */
void _kv_canvas_view_init_perspective    (KvCanvasView *self);
/* The perspective menu for the agents the toggles are for. */
void _kv_canvas_view_rebuild_perspectives (KvCanvasView *self);
/* The canvas dims what the perspective leaves out, at the selected world
 * (else the actual one) of the model shown. */
void _kv_canvas_view_update_perspective  (KvCanvasView *self);

G_END_DECLS
