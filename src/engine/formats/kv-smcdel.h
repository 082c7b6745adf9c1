// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-smcdel.h: a game and its public announcements as SMCDEL's text input.
 *
 * SMCDEL (Malvin Gattinger's symbolic model checker for DEL) reads a
 * knowledge structure — VARS, a state LAW, what each agent OBServes — and
 * then TRUE?, VALID? and WHERE? queries whose formulas may announce
 * publicly ([ ! φ ] ψ, < ! φ > ψ). The writer uses one variable per card
 * and possible owner, so an agent observes the variables of its own hand
 * and the law's satisfying assignments are the game's deals.
 *
 * Only steps whose action model is a single event (a public announcement:
 * nocard, endmove, win, announce, a one-card showcard, a one-event custom
 * action, a suggest nobody answers privately) can be written; anything else
 * is an error naming the step and its line. Formulas translate operator by
 * operator: M, E, win, single-agent D by what they abbreviate; D of a group
 * and private steps inside [ ] have no form there and are errors.
 *
 * The output is plain ASCII and uses only SMCDEL 1.2's syntax (no ONEOF,
 * no prefix K), so older and newer SMCDELs both read it.
 */
#pragma once

#include "kv-script.h"

G_BEGIN_DECLS

/* WHERE? lists the worlds one per line: asked only when they are at most this many. */
#define KV_SMCDEL_WHERE_MAX 1000

/* SMCDEL's text input for @script's game and its first @n_steps steps,
 * which must have been run (they are true at the actual world). @n_worlds
 * is the number of worlds after them (0 when unknown): it is named in a
 * comment, and the WHERE? query that lists them is written when it is at
 * most KV_SMCDEL_WHERE_MAX. On a step that is not a public announcement,
 * sets "FILE:LINE:1: error: …" (KV_ERROR_UNSUPPORTED) and returns NULL;
 * KV_ERROR_LIMIT when the file would pass 64 MB (SMCDEL's text has no
 * counting and no sharing: hands of many cards, E{} nested in E{}), with
 * "FILE:LINE:1: error: …" for a step and "FILE: error: …" for the game.
 * Free with g_free. */
char *kv_smcdel_write   (const KvScript *script, guint n_steps, guint64 n_worlds, GError **error);

/* @f in SMCDEL's syntax over the variables and agent names
 * kv_smcdel_write gives @game; NULL with KV_ERROR_UNSUPPORTED or
 * KV_ERROR_LIMIT set. Free with g_free. */
char *kv_smcdel_formula (const KvGame *game, const KvFormula *f, GError **error);

G_END_DECLS
