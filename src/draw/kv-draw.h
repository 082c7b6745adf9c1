// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-draw.h: the whole drawing API in one include (GLib + libgvc + cairo). */
#pragma once

#include "kv-graph.h"
#include "kv-style.h"
#include "kv-view.h"
#include "kv-product-view.h"
#include "kv-layout.h"
#include "kv-render.h"
#include "kv-export.h"
#include "kv-scene.h"
#include "kv-layout-worker.h"
#include "kv-enum.h"
