// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-view.h: what part of a model to draw, as a KvGraph.
 *
 * - whole:      every world, up to a limit (default 300); above it the error
 *               names the views that fit;
 * - around:     the worlds within k links of the actual world (nearest first,
 *               up to the limit), those with links leaving the view marked
 *               KV_NODE_CUT_OFF;
 * - contracted: the bisimulation quotient (kv_model_contract);
 * - agents:     what each agent considers possible at the actual world, as
 *               small multiples: a panel per agent, plus Everyone and
 *               Common, each a grid of the envelopes still possible, those
 *               the panel's agent considers possible filled, the actual one
 *               ringed, those the step shown ruled out crossed out; no
 *               links (kv-view-agents.c). On either engine;
 * - envelope:   one node per envelope content still possible; an agent links
 *               two nodes when it cannot tell apart some world with one from
 *               some world with the other (Clue 11 starts with 28 nodes).
 *               With two envelope categories the nodes are a grid whose
 *               headers name the cards (kv_graph_set_headers: Clue's weapons
 *               down the side, suspects across), the nodes unlabelled
 *               circles, each known by its cards (place key, tooltip);
 * - auto:       whole or contracted if it fits a reader, else envelope
 *               when a few envelopes are left, else agents for a game
 *               with an envelope, else the biggest of whole and
 *               contracted that fits the limit, else around.
 *
 * Worlds are labelled by their deal: "rwb" (the cards of 1, 2, 3) when every
 * owner holds one one-letter card, as in van Ditmarsch's Hexa; otherwise the
 * owners' hands in owner order, separated by "|", with cards abbreviated to
 * their shortest unambiguous prefix and the key in a legend note. The full
 * deal is the node's tooltip.
 *
 * S5 classes are drawn as cycles (a class of at most three worlds as all its
 * links, so Hexa shows its 9 links), never as cliques; a legend note says so.
 */
#pragma once

#include "kv-engine.h"
#include "kv-graph.h"
#include "kv-layout.h"

G_BEGIN_DECLS

#define KV_VIEW_DEFAULT_LIMIT 300

/* A graph of more nodes than this, fitted to the canvas or a page, has
 * labels too small to read (Clue 11's 168 worlds after its last step:
 * about 3 px at 1280×720; twocards' 144 pairs): Auto prefers the envelope
 * grid to it, and a product's pairs go in a matrix. */
#define KV_VIEW_READABLE_NODES 40

typedef enum {
  KV_VIEW_AUTO,
  KV_VIEW_WHOLE,
  KV_VIEW_AROUND,
  KV_VIEW_CONTRACTED,
  KV_VIEW_ENVELOPE,
  KV_VIEW_AGENTS,
} KvViewKind;

typedef struct {
  KvViewKind    kind;
  guint         limit;       /* most nodes drawn; 0: KV_VIEW_DEFAULT_LIMIT */
  guint         radius;      /* around: k ≥ 1 links; 0: 1 */
  const KvBits *highlight;   /* worlds of the model to highlight, or NULL */
  const char   *title;       /* instead of the game's title in "TITLE — 6 worlds", or NULL */
  int           links_of;    /* draw only this agent's links (a legible big picture); -1: every agent's */
  /* A perspective of two agents or more, a₁ → … → aₙ (kv-perspective.h;
   * the envelope view of a state only): the envelopes of its worlds
   * shaded and only aₙ's links drawn, instead of links_of's. n_chain 0:
   * none. */
  const guint  *chain;
  guint         n_chain;
  /* The layout the graph is for. A product's events and its result keep
   * their grids of two agents' crossing classes under KV_LAYOUT_AUTO only,
   * as a model does its own (kv-layout-crossing.c): the engine a user
   * picks lays out all three panels. */
  KvLayoutEngine engine;
  /* The state of the step before the one drawn, or NULL: what the step
   * removed (worlds, envelopes, links) is drawn ghosted and crossed out
   * (KV_NODE_REMOVED, KV_EDGE_CUT), for this step only. Not for around,
   * whose worlds come and go with the radius. */
  KvState       *previous;
  /* The agents view: at most this many panels side by side (a narrow
   * canvas scrolls down, not sideways); 0: the view's own, three of
   * Clue's, two of real Cluedo's. */
  guint          panels_across;
  /* A product drawn on M's ring (Figure 5): the page's width over its
   * height, which the ring widens into an ellipse to fill (an export to a
   * slide); 0: a circle, as on screen. */
  double         aspect;
} KvViewOptions;

void        kv_view_options_init     (KvViewOptions *options);

/* "whole", "around", "contracted", "envelope", "agents" ("auto"). */
const char *kv_view_kind_to_string   (KvViewKind kind);
gboolean    kv_view_kind_from_string (const char *name, KvViewKind *kind);

/* Most envelopes whose links a class can follow on a projector: past it
 * auto draws the agents view. */
#define KV_VIEW_READABLE_ENVELOPES 6

/* The view KV_VIEW_AUTO picks for @model with @limit nodes (0: default):
 * the whole model or its contraction while small enough to read at fit,
 * else, for a game with an envelope, the envelope view of at most
 * KV_VIEW_READABLE_ENVELOPES, else the agents view (the links could not be
 * read), else the biggest graph within @limit, else the worlds around
 * the actual one. */
KvViewKind  kv_view_choose           (const KvModel *model, guint limit);

/* An envelope grid (the envelope view's, a Clue product's pairs): the two
 * categories the envelope holds one card of each, rows then columns, or
 * FALSE when it holds other than two. */
gboolean    kv_view_envelope_axes    (const KvGame *game, int *first, int *second);
/* The row and column of @hand in that grid: the places of its cards of
 * @first and @second among their categories' cards; each left as it was
 * when @hand holds no card of that category. */
void        kv_view_envelope_cell    (const KvGame *game, KvHand hand, int first, int second,
                                      int *row, int *col);

/* The graph of @model in the view @options (NULL: defaults). Fails with
 * KV_ERROR_LIMIT when the view has more nodes than the limit (naming the
 * views that fit), KV_ERROR_GAME for the envelope view of a game without
 * envelope. */
KvGraph    *kv_view_build            (const KvModel *model, const KvViewOptions *options,
                                      GError **error);

/* The envelope view of @state on either engine (the one view of a
 * symbolic state), from @links (kv_state_envelope_links (@state)): a node
 * per envelope, ascending; per agent its links, drawn as the envelope
 * view draws them when the envelopes are few (Clue 11: the same graph as
 * kv_view_build's), else only the true envelope's when they are few, else
 * none, the legend counting them (kv-view-symbolic.c).
 * Two envelope categories make the envelope view's grid; three (real
 * Cluedo) a block per card of the biggest, the room's name over it.
 * @options: links_of shades the envelopes that agent considers possible
 * and draws only its links; a chain (n_chain ≥ 2) shades the envelopes
 * of its worlds (kv_state_perspective) and draws only its last agent's
 * links; title; limit (a grid has none). Reads @state
 * through kv_state_* only (the symbolic engine's lock). KV_ERROR_GAME
 * without an envelope. */
KvGraph    *kv_view_build_envelope_links (KvState               *state,
                                          const KvEnvelopeLinks *links,
                                          const KvViewOptions   *options,
                                          GError               **error);

/* The agents view of @state (kv-view-agents.c) on either engine: a panel
 * per agent, then, with a perspective chain of two agents or more in
 * @options, the chain's panel, then Everyone's (the envelopes some agent
 * considers possible: everyone knows the others are out) and Common's
 * (those of the common-knowledge component). With @options->previous,
 * what the step took out of each panel crossed out. A perspective (a
 * single links_of, or a chain) also captions the picture (KvGraph's
 * caption): "What 1 considers possible at the actual world — 300 worlds".
 * Reads @state through kv_state_* only. KV_ERROR_GAME without an
 * envelope. */
KvGraph    *kv_view_build_agents     (KvState               *state,
                                      const KvViewOptions   *options,
                                      GError               **error);

G_END_DECLS
