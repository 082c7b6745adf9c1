// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-worker.c: one serialized layout thread for the whole process. */
#define G_LOG_DOMAIN "kv-layout-worker"

#include "config.h"

#include "kv-layout-worker.h"

typedef struct {
  KvModel        *model;       /* a model's view, or … */
  KvGraphSource  *source;      /* … a graph function's graph */
  KvViewOptions   options;     /* a copy (kv_view_options_copy) */
  KvLayoutEngine  engine;
  KvPlaces       *places;      /* read and written only here, on the worker */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->model, kv_model_unref);
  g_clear_pointer (&job->source, kv_graph_source_unref);
  kv_view_options_clear_copy (&job->options);
  g_clear_pointer (&job->places, kv_places_unref);
  g_free (job);
}

static gpointer
worker_main (gpointer data)
{
  GAsyncQueue *queue = data;
  g_autoptr(KvLayoutContext) context = kv_layout_context_new ();

  for (;;)
    {
      g_autoptr(GTask) task = g_async_queue_pop (queue);
      Job *job = g_task_get_task_data (task);
      g_autoptr(GError) error = NULL;
      KvScene *scene;

      if (g_task_return_error_if_cancelled (task))
        continue;

      if (job->source != NULL)
        scene = kv_scene_build_graph (context, job->source, &job->options, job->engine,
                                      job->places, g_task_get_cancellable (task), &error);
      else
        scene = kv_scene_build (context, job->model, &job->options, job->engine,
                                job->places, g_task_get_cancellable (task), &error);
      if (scene != NULL)
        g_task_return_pointer (task, scene, (GDestroyNotify) kv_scene_free);
      else
        g_task_return_error (task, g_steal_pointer (&error));
    }

  return NULL;
}

static GAsyncQueue *
get_queue (void)
{
  static GAsyncQueue *queue = NULL;

  if (g_once_init_enter (&queue))
    {
      GAsyncQueue *q = g_async_queue_new_full (g_object_unref);

      /* The thread lives as long as the process; it waits on the queue. */
      g_thread_unref (g_thread_new ("kv-layout", worker_main, q));
      g_once_init_leave (&queue, q);
    }

  return queue;
}

static void
push_job (gpointer             source_object,
          KvModel             *model,
          KvGraphSource       *source,
          const KvViewOptions *options,
          KvLayoutEngine       engine,
          KvPlaces            *places,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  GTask *task;
  Job *job;

  job = g_new0 (Job, 1);
  if (model != NULL)
    job->model = kv_model_ref (model);
  if (source != NULL)
    job->source = kv_graph_source_ref (source);
  kv_view_options_copy (options, &job->options);
  job->engine = engine;
  if (places != NULL)
    job->places = kv_places_ref (places);

  task = g_task_new (source_object, cancellable, callback, user_data);
  g_task_set_source_tag (task, kv_layout_worker_build_async);
  g_task_set_name (task, "[kv] layout");
  g_task_set_task_data (task, job, job_free);

  /* The queue owns the task until the worker pops it. */
  g_async_queue_push (get_queue (), task);
}

void
kv_layout_worker_build_async (gpointer             source_object,
                              KvModel             *model,
                              const KvViewOptions *options,
                              KvLayoutEngine       engine,
                              KvPlaces            *places,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (source_object == NULL || G_IS_OBJECT (source_object));
  g_return_if_fail (model != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  push_job (source_object, model, NULL, options, engine, places, cancellable, callback, user_data);
}

void
kv_layout_worker_build_graph_async (gpointer             source_object,
                                    KvGraphSource       *source,
                                    const KvViewOptions *options,
                                    KvLayoutEngine       engine,
                                    KvPlaces            *places,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (source_object == NULL || G_IS_OBJECT (source_object));
  g_return_if_fail (source != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  push_job (source_object, NULL, source, options, engine, places, cancellable, callback, user_data);
}

KvScene *
kv_layout_worker_build_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_async_result_is_tagged (result, kv_layout_worker_build_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
