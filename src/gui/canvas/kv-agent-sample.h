// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-agent-sample.h: a short line in an agent's colour and dash pattern, as
 * the canvas draws that agent's links (for the agent toggles). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KV_TYPE_AGENT_SAMPLE (kv_agent_sample_get_type ())

G_DECLARE_FINAL_TYPE (KvAgentSample, kv_agent_sample, KV, AGENT_SAMPLE, GtkWidget)

GtkWidget *kv_agent_sample_new       (guint agent);
guint      kv_agent_sample_get_agent (KvAgentSample *self);

G_END_DECLS
