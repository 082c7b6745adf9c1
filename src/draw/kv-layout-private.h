// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-layout-private.h: what kv-layout.c (Graphviz) shares with
 * kv-layout-stable.c (KvPlaces, kv_layout_new_stable). */
#pragma once

#include "kv-layout.h"

G_BEGIN_DECLS

/* A node's remembered place (kv_layout_new_stable), in the frame of its
 * KvPlaces, y downwards. */
typedef struct {
  gboolean known;
  double   x, y;
} KvPin;

/* kv_layout_new with the nodes @pins knows pinned there (Graphviz neato);
 * @pins: one per node, or NULL for none. */
KvLayout *_kv_layout_new_pinned     (KvLayoutContext  *context,
                                     KvGraph          *graph,
                                     KvLayoutEngine    engine,
                                     const KvPin      *pins,
                                     GError          **error);
/* Straight links between the placed nodes; two agents linking the same
 * pair of nodes get links bent apart. */
void      _kv_layout_straight_links (KvLayout         *layout);

G_END_DECLS
