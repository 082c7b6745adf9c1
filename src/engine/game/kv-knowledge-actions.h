// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-knowledge-actions.h: the rules of the knowledge actions at a deal,
 * the same on either engine (kv_action_model_for_step, kv-action-model.h,
 * turns a step into its action model). */
#pragma once

#include "kv-action-model.h"
#include "kv-game.h"

G_BEGIN_DECLS

/* A suggest's answers against the deal @hands (one hand per owner): the
 * responders' nocard and showcard steps, in order. A GPtrArray of KvStep*. */
GPtrArray *kv_suggest_expand_hands (const KvStep *suggest, const KvHand *hands);

/* Whether @f holds at the actual world of @state (a model or a KvState). */
typedef gboolean (*KvActualCheck) (gpointer state, const KvFormula *f, gboolean *value, GError **error);

/* Why @step is false at an actual world where the players hold @hands,
 * @agent_wins says whether the step's agent can win (read for endmove and
 * win only) and @check decides preconditions; NULL when it is not. The one
 * wording of kv_step_why_false and kv_state_why_false. */
char      *kv_step_why_false_at (const KvGame *game, const KvHand *hands, gboolean agent_wins,
                                 KvActualCheck check, gpointer state, const KvStep *step);

G_END_DECLS
