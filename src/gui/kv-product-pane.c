// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-product-pane.c: M, A and M ⊗ A side by side, with a stage stepper. */
#define G_LOG_DOMAIN "kv-product-pane"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kv-enum-drop-down.h"
#include "kv-product-pane-private.h"

/* The view dropdown's items: every view but contracted and agents (a
 * product's pairs are not contracted, nor kept per agent). */
static const char *
view_label (int view)
{
  return view != KV_VIEW_CONTRACTED && view != KV_VIEW_AGENTS ? kv_view_kind_label (view) : NULL;
}

/* The product, shared by the pane and the panels' layout jobs: the last of
 * them to let go frees it (on whichever thread). */
typedef struct {
  KvProductView *view;
} ProductRef;

static void
product_ref_clear (gpointer data)
{
  ProductRef *ref = data;

  g_clear_pointer (&ref->view, kv_product_view_free);
}

static ProductRef *
product_ref_acquire (ProductRef *ref)
{
  return g_atomic_rc_box_acquire (ref);
}

static void
product_ref_release (ProductRef *ref)
{
  g_atomic_rc_box_release_full (ref, product_ref_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProductRef, product_ref_release)

/* What a panel's graph function reads. */
typedef struct {
  ProductRef     *product;
  KvProductStage  stage;
} StageData;

static void
stage_data_free (gpointer data)
{
  StageData *stage = data;

  product_ref_release (stage->product);
  g_free (stage);
}

/* Runs on the layout thread: the product view is immutable. */
static KvGraph *
stage_graph (const KvViewOptions  *options,
             gpointer              user_data,
             GError              **error)
{
  StageData *data = user_data;

  return kv_product_view_build (data->product->view, data->stage, options, error);
}

struct _KvProductPane
{
  GtkWidget       parent_instance;

  /* Template widgets */
  GtkDropDown    *view_dropdown;
  GtkLabel       *stage_label;
  GtkWidget      *toolbar;         /* a GtkFlowBox: wraps when narrow */
  GtkWidget      *stepper;
  GtkWidget      *part_bar;
  GtkLabel       *part_label;
  GtkDropDown    *part_dropdown;
  GtkLabel       *model_title;
  GtkLabel       *model_subtitle;
  KvCanvasView   *model_panel;
  GtkLabel       *model_counts;
  GtkLabel       *action_title;
  GtkLabel       *action_subtitle;
  KvCanvasView   *action_panel;
  GtkLabel       *action_counts;
  GtkLabel       *product_title;
  GtkLabel       *product_subtitle;
  KvCanvasView   *product_panel;
  GtkLabel       *product_counts;
  GtkWidget      *model_box;      /* the panels: M, A, the product */
  GtkWidget      *action_box;
  GtkWidget      *product_box;

  KvPanelShares   shares;         /* the panels' widths */
  guint           shares_source;  /* an idle measuring them anew, or 0 */
  int             row_width;      /* the panels' row, under the toolbars */
  int             row_height;
  guint           placed_spans[3];  /* the shares the panels were last laid out at */

  ProductRef     *product;        /* the part shown */
  GPtrArray      *parts;          /* ProductRef*: the entry's parts (a suggest's answers) */
  guint           part;
  KvProductStage  stage;
  KvViewKind      view;
  char           *engine;         /* these three are bound to each panel's */
  guint           draw_limit;
  guint           hidden_agents;
  gboolean        busy;
  gboolean        syncing;        /* the part dropdown follows self->part */
  gboolean        presenting;     /* two panels, no toolbar (kv_product_pane_set_presenting) */
  int             hover_panel;    /* the KvProductPanel with a node hovered, or -1 */
};

G_DEFINE_FINAL_TYPE (KvProductPane, kv_product_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STAGE,
  PROP_VIEW,
  PROP_ENGINE,
  PROP_DRAW_LIMIT,
  PROP_HIDDEN_AGENTS,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
kv_product_pane_stage_title (KvProductStage stage)
{
  switch (stage)
    {
    case KV_PRODUCT_STAGE_PAIRS:
      return _("1 All pairs W × E");
    case KV_PRODUCT_STAGE_LINKS:
      return _("2 Links that survive");
    case KV_PRODUCT_STAGE_RESULT:
      return _("3 Result");
    case KV_PRODUCT_STAGE_ACTION:
    default:
      return _("The action");
    }
}

/* Whether a panel is still laying out or drawing. */
static gboolean
panels_busy (KvProductPane *self)
{
  return kv_canvas_view_get_busy (self->model_panel) || kv_canvas_view_get_busy (self->action_panel) ||
         kv_canvas_view_get_busy (self->product_panel);
}

static void
update_busy (KvProductPane *self)
{
  gboolean busy = panels_busy (self) || self->shares_source != 0;

  if (self->busy == busy)
    return;

  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static guint
n_parts (KvProductPane *self)
{
  return self->parts != NULL ? self->parts->len : 0;
}

static void
update_actions (KvProductPane *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "product.previous", kv_product_pane_can_step (self, -1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "product.next", kv_product_pane_can_step (self, 1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "product.previous-part", self->part > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "product.next-part", self->part + 1 < n_parts (self));
}

/* Whether the panels are laid out at the shares: a panel just shown
 * (presenting's stage 3) is measured once it is. */
static gboolean
panels_placed (KvProductPane *self)
{
  return memcmp (self->placed_spans, self->shares.spans, sizeof self->placed_spans) == 0;
}

/* The panels' widths for what they show now (kv-product-pane-shares.c). */
static gboolean
update_shares (gpointer data)
{
  KvProductPane *self = data;
  GtkWidget *boxes[3] = { self->model_box, self->action_box, self->product_box };
  KvCanvas *canvases[3] = { kv_canvas_view_get_canvas (self->model_panel),
                            kv_canvas_view_get_canvas (self->action_panel),
                            kv_canvas_view_get_canvas (self->product_panel) };

  self->shares_source = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->product != NULL && !panels_busy (self) &&
      panels_placed (self) &&
      _kv_panel_shares_update (&self->shares, self->row_width, self->row_height, boxes, canvases, self->stage))
    gtk_widget_queue_allocate (GTK_WIDGET (self));
  update_busy (self);
  return G_SOURCE_REMOVE;
}

/* Before the next frame is laid out: a picture that arrived gets its
 * columns in the same frame. */
static void
queue_shares (KvProductPane *self)
{
  if (self->shares_source != 0)
    return;
  self->shares_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_shares, self, NULL);
  g_source_set_name_by_id (self->shares_source, "[kv] product panels' shares");
  update_busy (self);
}

/* A new size (the history folding away, the window resized): once it
 * settles, as measuring takes a frame or more. */
#define SHARES_SETTLE_MS 120

static void
queue_shares_settled (KvProductPane *self)
{
  g_clear_handle_id (&self->shares_source, g_source_remove);
  self->shares_source = g_timeout_add (SHARES_SETTLE_MS, update_shares, self);
  g_source_set_name_by_id (self->shares_source, "[kv] product panels' shares, resized");
  update_busy (self);
}

static void
update_marks (KvProductPane *self)
{
  KvCanvasView *panels[3] = { self->model_panel, self->action_panel, self->product_panel };

  if (self->model_panel == NULL || self->action_panel == NULL || self->product_panel == NULL)
    return;   /* disposed */
  _kv_product_pane_update_marks (panels, self->hover_panel,
                                 self->product != NULL ? self->product->view : NULL, self->stage);
}

/* @panel shows @stage of the product. With @same_product it showed
 * another stage of it before: the stages share places, so a pair keeps
 * its place from stage to stage (a result world is keyed by its pair), and
 * what the next stage drops fades out. */
static void
set_stage_graph (KvProductPane  *self,
                 KvCanvasView   *panel,
                 KvProductStage  stage,
                 gboolean        same_product)
{
  StageData *data;

  if (self->product == NULL)
    {
      kv_canvas_view_set_graph_func (panel, NULL, NULL, NULL);
      return;
    }

  data = g_new0 (StageData, 1);
  data->product = product_ref_acquire (self->product);
  data->stage = stage;
  if (same_product)
    kv_canvas_view_replace_graph_func (panel, stage_graph, data, stage_data_free);
  else
    kv_canvas_view_set_graph_func (panel, stage_graph, data, stage_data_free);
}

/* Presenting, the product has beside it the panel its stage is read
 * against: the action for the pairs it makes and the links it cuts, the
 * model before for the result. Two panels share the screen, so each reads
 * from the back of a hall (KV_STYLE_PRESENT_TEXT_PX). */
static void
update_panels_shown (KvProductPane *self)
{
  gboolean model = !self->presenting || self->stage == KV_PRODUCT_STAGE_RESULT;
  gboolean action = !self->presenting || self->stage != KV_PRODUCT_STAGE_RESULT;

  gtk_widget_set_visible (self->model_box, model);
  gtk_widget_set_visible (self->action_box, action);
  _kv_panel_shares_set_panels (&self->shares,
                               (model ? 0 : 1u << KV_PRODUCT_PANEL_MODEL) |
                               (action ? 0 : 1u << KV_PRODUCT_PANEL_ACTION),
                               self->presenting ? KV_STYLE_PRESENT_TEXT_PX : KV_STYLE_MIN_TEXT_PX);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* @counts for a panel's foot, each part kept on one line: a narrow
 * panel broke "agent 3: 3 links kept" after "agent" and left "is !"
 * alone. Lines break after a semicolon only (between agents), or after
 * a comma where there is none. */
static char *
counts_text (const char *counts)
{
  char breaks_after = strchr (counts, ';') != NULL ? ';' : ',';
  GString *out = g_string_new (NULL);

  for (const char *c = counts; *c != '\0'; c++)
    if (*c == ' ' && c > counts && c[-1] != breaks_after)
      g_string_append (out, "\u00a0");
    else
      g_string_append_c (out, *c);
  return g_string_free (out, FALSE);
}

/* The product panel, its titles and counts for self->stage; @same_product
 * as for set_stage_graph. */
static void
show_stage (KvProductPane *self,
            gboolean       same_product)
{
  g_autofree char *stage_text = NULL;
  g_autofree char *counts = NULL;

  /* TRANSLATORS: the product view's stepper, "Stage 1 of 3" */
  stage_text = g_strdup_printf (_("Stage %u of %u"), (guint) self->stage, 3u);
  gtk_label_set_text (self->stage_label, stage_text);
  gtk_label_set_text (self->product_subtitle, kv_product_pane_stage_title (self->stage));

  if (self->product != NULL)
    {
      g_autofree char *described = kv_product_view_describe (self->product->view, self->stage);

      counts = counts_text (described);
    }
  gtk_label_set_text (self->product_counts, counts != NULL ? counts : "");

  set_stage_graph (self, self->product_panel, self->stage, same_product);
  update_panels_shown (self);
  update_actions (self);
}

static void
update_panel_views (KvProductPane *self)
{
  KvModel *before = self->product != NULL ? self->product->view->before : NULL;
  KvViewKind model_view = self->view;

  /* M beside its pairs: where auto would draw the agents view (a
   * picture of its own), its envelope grid, the pairs' grid's rows. */
  if (model_view == KV_VIEW_AUTO && before != NULL &&
      kv_view_choose (before, kv_canvas_view_get_draw_limit (self->model_panel)) == KV_VIEW_AGENTS)
    model_view = KV_VIEW_ENVELOPE;
  kv_canvas_view_set_view (self->model_panel, model_view);
  kv_canvas_view_set_view (self->action_panel, self->view);
  kv_canvas_view_set_view (self->product_panel, self->view);
}

/* Public API */

GtkWidget *
kv_product_pane_new (void)
{
  return g_object_new (KV_TYPE_PRODUCT_PANE, NULL);
}

/* Shows part @part of the entry from stage @stage. */
static void
show_part (KvProductPane  *self,
           guint           part,
           KvProductStage  stage)
{
  g_autofree char *model_text = NULL;
  g_autofree char *model_count = NULL;
  g_autofree char *action_counts = NULL;
  g_autofree char *described = NULL;
  g_autofree char *part_text = NULL;
  KvModel *before;

  g_clear_pointer (&self->product, product_ref_release);
  self->part = part;
  self->product = product_ref_acquire (g_ptr_array_index (self->parts, part));
  self->stage = stage;
  _kv_panel_shares_forget (&self->shares);

  before = self->product->view->before;
  update_panel_views (self);
  kv_canvas_view_set_model (self->model_panel, before);
  model_count = kv_count_format (before->n_worlds);
  model_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds",
                                             before->n_worlds),
                                model_count);
  if (part > 0)
    {
      /* TRANSLATORS: under "M — the model before" for a suggestion's
       * second answer on, e.g. "6 worlds, after part 1" */
      g_autofree char *after = g_strdup_printf (_("%s, after part %u"), model_text, part);

      g_free (model_text);
      model_text = g_steal_pointer (&after);
    }
  gtk_label_set_text (self->model_subtitle, model_text);
  {
    g_autofree char *actual = kv_model_world_label (before, before->actual);
    /* TRANSLATORS: under the model before a step, e.g. "The actual world is rwb" */
    g_autofree char *actual_text = g_strdup_printf (_("The actual world is %s"), actual);

    gtk_label_set_text (self->model_counts, actual_text);
  }

  gtk_label_set_text (self->action_subtitle,
                      self->product->view->step_del != NULL ? self->product->view->step_del : "");
  described = kv_product_view_describe (self->product->view, KV_PRODUCT_STAGE_ACTION);
  action_counts = counts_text (described);
  gtk_label_set_text (self->action_counts, action_counts);
  set_stage_graph (self, self->action_panel, KV_PRODUCT_STAGE_ACTION, FALSE);

  /* TRANSLATORS: the product view's part selector for a suggestion, "Part 1 of 3:" */
  part_text = g_strdup_printf (_("Part %u of %u:"), part + 1, n_parts (self));
  gtk_label_set_text (self->part_label, part_text);
  gtk_widget_set_visible (self->part_bar, n_parts (self) > 1);
  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->part_dropdown, part);
  self->syncing = FALSE;

  show_stage (self, FALSE);
  update_marks (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STAGE]);
}

gboolean
kv_product_pane_set_entry (KvProductPane    *self,
                           const KvHistory  *history,
                           guint             index,
                           GError          **error)
{
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GtkStringList) names = NULL;
  guint count;

  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), FALSE);
  g_return_val_if_fail (history != NULL, FALSE);
  g_return_val_if_fail (index < kv_history_length (history), FALSE);

  /* Every part at once: each acts on the result of the one before
   * (kv_product_view_new_for_entry_part), so the chain costs no more than
   * the last part alone, which needs the ones before it anyway. */
  parts = g_ptr_array_new_with_free_func ((GDestroyNotify) product_ref_release);
  names = gtk_string_list_new (NULL);
  count = kv_product_view_count_parts (history, index);
  for (guint part = 0; part < count; part++)
    {
      const KvStep *step = kv_product_view_part_step (history, index, part);
      /* In words, as the history says it (the panels' subtitles give DEL). */
      g_autofree char *text = kv_step_to_words (step);
      KvProductView *view;
      ProductRef *ref;

      if (part == 0)
        view = kv_product_view_new_for_entry_part (history, index, 0, error);
      else
        view = kv_product_view_new (((ProductRef *) g_ptr_array_index (parts, part - 1))->view->after, step, error);
      if (view == NULL)
        {
          kv_product_pane_clear (self);
          return FALSE;
        }
      ref = g_atomic_rc_box_new0 (ProductRef);
      ref->view = view;
      g_ptr_array_add (parts, ref);
      gtk_string_list_append (names, text);
    }

  g_clear_pointer (&self->parts, g_ptr_array_unref);
  self->parts = g_steal_pointer (&parts);
  self->syncing = TRUE;
  gtk_drop_down_set_model (self->part_dropdown, G_LIST_MODEL (names));
  self->syncing = FALSE;
  show_part (self, 0, KV_PRODUCT_STAGE_PAIRS);

  return TRUE;
}

guint
kv_product_pane_get_n_parts (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), 0);

  return n_parts (self);
}

guint
kv_product_pane_get_part (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), 0);

  return self->part;
}

void
kv_product_pane_set_part (KvProductPane *self,
                          guint          part)
{
  g_return_if_fail (KV_IS_PRODUCT_PANE (self));
  g_return_if_fail (part < n_parts (self));

  if (part != self->part)
    show_part (self, part, KV_PRODUCT_STAGE_PAIRS);
}

const char *
kv_product_pane_get_part_caption (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), NULL);

  return gtk_widget_get_visible (self->part_bar) ? gtk_label_get_text (self->part_label) : NULL;
}

gboolean
kv_product_pane_can_step (KvProductPane *self,
                          int            direction)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), FALSE);

  if (self->product == NULL)
    return FALSE;
  if (direction < 0)
    return self->stage > KV_PRODUCT_STAGE_PAIRS || self->part > 0;
  return self->stage < KV_PRODUCT_STAGE_RESULT || self->part + 1 < n_parts (self);
}

void
kv_product_pane_clear (KvProductPane *self)
{
  g_return_if_fail (KV_IS_PRODUCT_PANE (self));

  g_clear_pointer (&self->product, product_ref_release);
  g_clear_pointer (&self->parts, g_ptr_array_unref);
  self->part = 0;
  gtk_widget_set_visible (self->part_bar, FALSE);
  kv_canvas_view_set_model (self->model_panel, NULL);
  kv_canvas_view_set_graph_func (self->action_panel, NULL, NULL, NULL);
  kv_canvas_view_set_graph_func (self->product_panel, NULL, NULL, NULL);
  gtk_label_set_text (self->model_subtitle, "");
  gtk_label_set_text (self->model_counts, "");
  gtk_label_set_text (self->action_subtitle, "");
  gtk_label_set_text (self->action_counts, "");
  gtk_label_set_text (self->product_counts, "");
  update_actions (self);
  update_marks (self);
}

const KvProductView *
kv_product_pane_get_product (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), NULL);

  return self->product != NULL ? self->product->view : NULL;
}

KvProductStage
kv_product_pane_get_stage (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), KV_PRODUCT_STAGE_PAIRS);

  return self->stage;
}

void
kv_product_pane_set_stage (KvProductPane  *self,
                           KvProductStage  stage)
{
  g_return_if_fail (KV_IS_PRODUCT_PANE (self));
  g_return_if_fail (stage >= KV_PRODUCT_STAGE_PAIRS && stage <= KV_PRODUCT_STAGE_RESULT);

  if (self->stage == stage)
    return;

  self->stage = stage;
  show_stage (self, TRUE);
  update_marks (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STAGE]);
}

void
kv_product_pane_set_presenting (KvProductPane *self,
                                gboolean       presenting)
{
  g_return_if_fail (KV_IS_PRODUCT_PANE (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;

  self->presenting = presenting;
  /* The clicker walks the stages; the product's subtitle names the one shown. */
  gtk_widget_set_visible (self->toolbar, !presenting);
  update_panels_shown (self);
  queue_shares (self);
}

KvViewKind
kv_product_pane_get_view (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), KV_VIEW_AUTO);

  return self->view;
}

void
kv_product_pane_set_view (KvProductPane *self,
                          KvViewKind     view)
{
  g_return_if_fail (KV_IS_PRODUCT_PANE (self));
  g_return_if_fail (view <= KV_VIEW_AGENTS);

  if (view == KV_VIEW_CONTRACTED || view == KV_VIEW_AGENTS)
    view = KV_VIEW_AUTO;
  if (self->view == view)
    return;

  self->view = view;
  kv_enum_drop_down_set_value (self->view_dropdown, view);
  update_panel_views (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

gboolean
kv_product_pane_get_busy (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), FALSE);

  return self->busy;
}

KvCanvasView *
kv_product_pane_get_panel (KvProductPane  *self,
                           KvProductPanel  panel)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), NULL);

  switch (panel)
    {
    case KV_PRODUCT_PANEL_MODEL:
      return self->model_panel;
    case KV_PRODUCT_PANEL_ACTION:
      return self->action_panel;
    case KV_PRODUCT_PANEL_PRODUCT:
    default:
      return self->product_panel;
    }
}

const char *
kv_product_pane_get_counts (KvProductPane *self)
{
  g_return_val_if_fail (KV_IS_PRODUCT_PANE (self), NULL);

  return gtk_label_get_text (self->product_counts);
}

/* Signals and actions */

static void
view_dropdown_notify_selected_cb (KvProductPane *self)
{
  int view = kv_enum_drop_down_get_value (self->view_dropdown);

  if (view >= 0)
    kv_product_pane_set_view (self, view);
}

static void
part_dropdown_notify_selected_cb (KvProductPane *self)
{
  guint part = gtk_drop_down_get_selected (self->part_dropdown);

  if (!self->syncing && part < n_parts (self))
    kv_product_pane_set_part (self, part);
}

/* A panel's hovered node, or a new picture in one: the rings follow. */
static void
on_panel_hover (KvProductPane *self,
                GParamSpec    *pspec,
                KvCanvas      *canvas)
{
  KvCanvasView *panels[3] = { self->model_panel, self->action_panel, self->product_panel };

  for (int i = 0; i < 3; i++)
    if (panels[i] != NULL && kv_canvas_view_get_canvas (panels[i]) == canvas)
      {
        if (kv_canvas_get_hover_node (canvas) >= 0)
          self->hover_panel = i;
        else if (self->hover_panel == i)
          self->hover_panel = -1;
      }
  update_marks (self);
}

/* Previous and next go through the stages, and from a part's first stage
 * (last stage) to the part before's last stage (the next part's first). */
static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);

  if (self->stage > KV_PRODUCT_STAGE_PAIRS)
    kv_product_pane_set_stage (self, self->stage - 1);
  else if (self->part > 0)
    show_part (self, self->part - 1, KV_PRODUCT_STAGE_RESULT);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);

  if (self->stage < KV_PRODUCT_STAGE_RESULT)
    kv_product_pane_set_stage (self, self->stage + 1);
  else if (self->part + 1 < n_parts (self))
    show_part (self, self->part + 1, KV_PRODUCT_STAGE_PAIRS);
}

static void
previous_part_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);

  if (self->part > 0)
    kv_product_pane_set_part (self, self->part - 1);
}

static void
next_part_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);

  if (self->part + 1 < n_parts (self))
    kv_product_pane_set_part (self, self->part + 1);
}

/* GObject */

static void
kv_product_pane_dispose (GObject *object)
{
  KvProductPane *self = KV_PRODUCT_PANE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->shares_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), KV_TYPE_PRODUCT_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->product, product_ref_release);
  g_clear_pointer (&self->parts, g_ptr_array_unref);
  g_clear_pointer (&self->engine, g_free);

  G_OBJECT_CLASS (kv_product_pane_parent_class)->dispose (object);
}

/* The pane's rows, top to bottom — the toolbars, then the panels side by
 * side, each its share of the width, taking the height the rows above
 * leave — laid out by the pane itself, which so knows when its size
 * changes (the history folding away, the window resized): the panels'
 * shares are measured anew for it. */
static gboolean
is_panel (KvProductPane *self,
          GtkWidget     *child)
{
  return child == self->model_box || child == self->action_box || child == self->product_box;
}

/* Panel @i's left edge in a @width wide row. */
static int
panel_x (KvProductPane *self,
         guint          i,
         int            width)
{
  guint columns = 0;

  for (guint j = 0; j < i; j++)
    columns += self->shares.spans[j];
  return width * (int) columns / KV_SHARE_COLUMNS;
}

static void
pane_measure (GtkWidget      *widget,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              int            *minimum_baseline,
              int            *natural_baseline)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);
  GtkWidget *panels[3] = { self->model_box, self->action_box, self->product_box };
  int rows_min = 0, rows_nat = 0, panels_min = 0, panels_nat = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min, child_nat;

      if (is_panel (self, child) || !gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_VERTICAL ? for_size : -1,
                          &child_min, &child_nat, NULL, NULL);
      rows_min = orientation == GTK_ORIENTATION_VERTICAL ? rows_min + child_min : MAX (rows_min, child_min);
      rows_nat = orientation == GTK_ORIENTATION_VERTICAL ? rows_nat + child_nat : MAX (rows_nat, child_nat);
    }
  for (guint i = 0; i < 3; i++)
    {
      int child_min, child_nat;
      int width = for_size < 0 ? -1 : panel_x (self, i + 1, for_size) - panel_x (self, i, for_size);

      if (!gtk_widget_should_layout (panels[i]) || self->shares.spans[i] == 0)
        continue;

      gtk_widget_measure (panels[i], orientation, orientation == GTK_ORIENTATION_VERTICAL ? width : -1,
                          &child_min, &child_nat, NULL, NULL);
      panels_min = orientation == GTK_ORIENTATION_VERTICAL ? MAX (panels_min, child_min) : panels_min + child_min;
      panels_nat = orientation == GTK_ORIENTATION_VERTICAL ? MAX (panels_nat, child_nat) : panels_nat + child_nat;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      *minimum = rows_min + panels_min;
      *natural = rows_nat + panels_nat;
    }
  else
    {
      *minimum = MAX (rows_min, panels_min);
      *natural = MAX (rows_nat, panels_nat);
    }
}

static void
pane_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  KvProductPane *self = KV_PRODUCT_PANE (widget);
  GtkWidget *panels[3] = { self->model_box, self->action_box, self->product_box };
  int y = 0, row_height;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_height;

      if (is_panel (self, child) || !gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &child_height, NULL, NULL);
      gtk_widget_size_allocate (child, &(GtkAllocation) { 0, y, width, child_height }, -1);
      y += child_height;
    }
  row_height = height - y;
  for (guint i = 0; i < 3; i++)
    {
      int x = panel_x (self, i, width), panel_width = panel_x (self, i + 1, width) - x;
      int panel_min;

      /* Presenting, the product may be alone (kv-product-pane-shares.c). */
      gtk_widget_set_child_visible (panels[i], self->shares.spans[i] > 0);
      if (!gtk_widget_should_layout (panels[i]) || self->shares.spans[i] == 0)
        continue;
      gtk_widget_measure (panels[i], GTK_ORIENTATION_VERTICAL, panel_width, &panel_min, NULL, NULL, NULL);
      gtk_widget_size_allocate (panels[i], &(GtkAllocation) { x, y, panel_width, MAX (row_height, panel_min) }, -1);
    }

  self->row_width = width;
  self->row_height = row_height;
  memcpy (self->placed_spans, self->shares.spans, sizeof self->placed_spans);
  if (self->product != NULL && (width != self->shares.width || row_height != self->shares.height))
    queue_shares_settled (self);
  else if (self->product != NULL && self->shares.stages == 0)
    queue_shares (self);   /* another panel shown (presenting's stage 3) */
}

static GtkSizeRequestMode
pane_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
kv_product_pane_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KvProductPane *self = KV_PRODUCT_PANE (object);

  switch (prop_id)
    {
    case PROP_STAGE:
      g_value_set_uint (value, self->stage);
      break;
    case PROP_VIEW:
      g_value_set_enum (value, self->view);
      break;
    case PROP_ENGINE:
      g_value_set_string (value, self->engine);
      break;
    case PROP_DRAW_LIMIT:
      g_value_set_uint (value, self->draw_limit);
      break;
    case PROP_HIDDEN_AGENTS:
      g_value_set_uint (value, self->hidden_agents);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_product_pane_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KvProductPane *self = KV_PRODUCT_PANE (object);

  switch (prop_id)
    {
    case PROP_STAGE:
      kv_product_pane_set_stage (self, g_value_get_uint (value));
      break;
    case PROP_VIEW:
      kv_product_pane_set_view (self, g_value_get_enum (value));
      break;
    case PROP_ENGINE:
      if (g_strcmp0 (self->engine, g_value_get_string (value)) != 0)
        {
          g_free (self->engine);
          self->engine = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DRAW_LIMIT:
      if (self->draw_limit != g_value_get_uint (value))
        {
          self->draw_limit = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_HIDDEN_AGENTS:
      if (self->hidden_agents != g_value_get_uint (value))
        {
          self->hidden_agents = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kv_product_pane_class_init (KvProductPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kv_product_pane_dispose;
  object_class->get_property = kv_product_pane_get_property;
  object_class->set_property = kv_product_pane_set_property;

  properties[PROP_STAGE] =
    g_param_spec_uint ("stage", NULL, NULL,
                       KV_PRODUCT_STAGE_PAIRS, KV_PRODUCT_STAGE_RESULT, KV_PRODUCT_STAGE_PAIRS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_VIEW] =
    g_param_spec_enum ("view", NULL, NULL,
                       KV_TYPE_VIEW_KIND, KV_VIEW_AUTO,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_ENGINE] =
    g_param_spec_string ("engine", NULL, NULL,
                         "auto",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_DRAW_LIMIT] =
    g_param_spec_uint ("draw-limit", NULL, NULL,
                       1, G_MAXUINT, KV_VIEW_DEFAULT_LIMIT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HIDDEN_AGENTS] =
    g_param_spec_uint ("hidden-agents", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KV_TYPE_CANVAS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kripkeviz/Kripkeviz/kv-product-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, stage_label);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, toolbar);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, stepper);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, part_bar);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, part_label);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, part_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, model_title);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, model_subtitle);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, model_panel);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, model_counts);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, action_title);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, action_subtitle);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, action_panel);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, action_counts);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, product_title);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, product_subtitle);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, product_panel);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, product_counts);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, model_box);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, action_box);
  gtk_widget_class_bind_template_child (widget_class, KvProductPane, product_box);

  gtk_widget_class_install_action (widget_class, "product.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "product.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "product.previous-part", NULL, previous_part_action);
  gtk_widget_class_install_action (widget_class, "product.next-part", NULL, next_part_action);
  gtk_widget_class_install_property_action (widget_class, "product.stage", "stage");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "product.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "product.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "product.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "product.next", NULL);

  gtk_widget_class_set_css_name (widget_class, "kvproductpane");
}

/* What the three panels show alike: the pane's own, bound to each. */
static const char * const shared_properties[] = { "engine", "draw-limit", "hidden-agents" };

static void
kv_product_pane_init (KvProductPane *self)
{
  KvCanvasView *panels[3];

  self->stage = KV_PRODUCT_STAGE_PAIRS;
  self->view = KV_VIEW_AUTO;
  self->engine = g_strdup ("auto");
  self->draw_limit = KV_VIEW_DEFAULT_LIMIT;
  self->hover_panel = -1;
  _kv_panel_shares_init (&self->shares);
  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (pane_request_mode, pane_measure, pane_allocate));

  gtk_widget_init_template (GTK_WIDGET (self));
  kv_enum_drop_down_init (self->view_dropdown, KV_TYPE_VIEW_KIND, view_label);
  /* The toolbar's groups are not items to focus or select: their controls are. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->toolbar); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  /* The stages' names wrap in a narrow window (Dutch at 1024 px) rather
   * than widen it. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->stepper); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (child))))
      {
        GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (child)));

        gtk_label_set_wrap (label, TRUE);
        gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
      }

  panels[0] = self->model_panel;
  panels[1] = self->action_panel;
  panels[2] = self->product_panel;
  for (guint i = 0; i < G_N_ELEMENTS (panels); i++)
    {
      KvCanvas *canvas = kv_canvas_view_get_canvas (panels[i]);

      /* The panel's captions say what the drawing's title would. */
      kv_canvas_set_captioned (canvas, TRUE);
      for (guint p = 0; p < G_N_ELEMENTS (shared_properties); p++)
        g_object_bind_property (self, shared_properties[p], panels[i], shared_properties[p],
                                G_BINDING_SYNC_CREATE);
      g_signal_connect_swapped (panels[i], "notify::busy", G_CALLBACK (update_busy), self);
      /* A picture that settles gets its rings (none while laid out). */
      g_signal_connect_object (canvas, "notify::busy", G_CALLBACK (update_marks), self, G_CONNECT_SWAPPED);
      /* … and its panel's share of the row. */
      g_signal_connect_object (canvas, "notify::busy", G_CALLBACK (queue_shares), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (canvas, "notify::hover-node", G_CALLBACK (on_panel_hover), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_swapped (self->view_dropdown, "notify::selected",
                            G_CALLBACK (view_dropdown_notify_selected_cb), self);
  g_signal_connect_swapped (self->part_dropdown, "notify::selected",
                            G_CALLBACK (part_dropdown_notify_selected_cb), self);

  show_stage (self, FALSE);
}
