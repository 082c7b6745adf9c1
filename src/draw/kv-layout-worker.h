// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-worker.h: the one thread that builds views (of models, or any
 * graph from a KvGraphFunc) and lays them out.
 *
 * cgraph and the Graphviz layout engines are not thread-safe, so every
 * canvas of the process shares one worker: a dedicated thread with a queue,
 * which runs one job at a time, in order, with the process's one
 * KvLayoutContext. The main thread never lays out, so the window never
 * freezes, however big the model.
 *
 * A job is a GTask: its callback runs in the thread-default main context of
 * the caller.
 *
 * Stable pictures: a job given a KvPlaces keeps a reference to it until it
 * is done and lays out with it (kv_layout_new_stable). The places are read
 * and written only here, on the worker, one job at a time and in the order
 * the jobs were queued, so the caller may queue the next step's job with
 * the same places at once; it must not read them itself meanwhile. Cancel a job that a newer one replaces: a queued job is then
 * dropped without running, a running one stops at its next step (Graphviz
 * itself cannot be interrupted) and either way returns G_IO_ERROR_CANCELLED.
 */
#pragma once

#include <gio/gio.h>

#include "kv-scene.h"

G_BEGIN_DECLS

/* Builds kv_scene_build (@model, @options, @engine, @places) on the
 * worker. @model and @places (may be NULL) are referenced and @options
 * copied (with its highlight and title). */
void           kv_layout_worker_build_async  (gpointer             source_object,
                                              KvModel             *model,
                                              const KvViewOptions *options,
                                              KvLayoutEngine       engine,
                                              KvPlaces            *places,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);

/* Builds kv_scene_build_graph (@source, @options, @engine, @places) on
 * the worker: @source and @places (may be NULL) are referenced (the
 * source's data lives until the job is done) and @options copied. Finish
 * with kv_layout_worker_build_finish. */
void           kv_layout_worker_build_graph_async (gpointer             source_object,
                                                   KvGraphSource       *source,
                                                   const KvViewOptions *options,
                                                   KvLayoutEngine       engine,
                                                   KvPlaces            *places,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);

/* The scene (free with kv_scene_free), or NULL and @error. */
KvScene       *kv_layout_worker_build_finish (GAsyncResult        *result,
                                              GError             **error);

G_END_DECLS
