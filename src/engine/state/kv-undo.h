// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-undo.h: undo and redo of edits, as a tree that never forgets.
 *
 * What is undone is the document: the game's script text (kv_script_to_text
 * of the game and its steps). Every edit — applying a step at step i, Next
 * turn, deleting steps, opening a game, changing the deal — records the text
 * it produced; moving between steps is navigation and records nothing.
 *
 * The states form a tree, not a stack: an edit made after an undo starts a
 * new branch beside the undone one instead of discarding it, so no sequence
 * of edits and undos loses a step. Undo goes to the parent; redo goes to the
 * child made or visited last; kv_undo_goto switches to any state (another
 * branch). Unlimited; kv_undo_to_text/kv_undo_from_text keep it in the
 * autosaved session as comment lines, so undo survives a restart.
 *
 * GTK-free; the window drives it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _KvUndo KvUndo;

/* A tree holding the one state @text (what was opened), labelled @label. */
KvUndo     *kv_undo_new          (const char *label, const char *text);
void        kv_undo_free         (KvUndo *undo);

/* Records an edit that turned the current state into @text; it becomes the
 * current state. An edit that changes nothing is not recorded (FALSE). */
gboolean    kv_undo_record       (KvUndo *undo, const char *label, const char *text);

/* Puts @text in place of the current state's text, as no edit: what
 * changed since it was recorded is not an edit (the selected step), and an
 * edit about to be recorded should come back to it on undo. */
void        kv_undo_amend        (KvUndo *undo, const char *text);

gboolean    kv_undo_can_undo     (const KvUndo *undo);
gboolean    kv_undo_can_redo     (const KvUndo *undo);
/* The label of the edit undo would undo / redo would redo, or NULL. */
const char *kv_undo_undo_label   (const KvUndo *undo);
const char *kv_undo_redo_label   (const KvUndo *undo);

/* Move and return the text now current (owned by @undo), or NULL if there is
 * nothing to undo / redo. */
const char *kv_undo_undo         (KvUndo *undo);
const char *kv_undo_redo         (KvUndo *undo);

const char *kv_undo_current_text (const KvUndo *undo);
/* The text of state @state (0 … n_states-1), without moving there. */
const char *kv_undo_state_text   (const KvUndo *undo, guint state);
guint       kv_undo_current      (const KvUndo *undo);
guint       kv_undo_n_states     (const KvUndo *undo);
/* The states that branch from @state (edits made there), oldest first. */
GArray     *kv_undo_children     (const KvUndo *undo, guint state);
/* Switches to @state (any branch); its text. */
const char *kv_undo_goto         (KvUndo *undo, guint state);

/* As comment lines ("# kripkeviz-undo: …") to append to a script, and back
 * from any text holding them (other lines are ignored); NULL and @error when
 * they are missing or damaged. */
char       *kv_undo_to_text      (const KvUndo *undo);
KvUndo     *kv_undo_from_text    (const char *text, GError **error);
/* Forgets the oldest states so that the rest takes about @budget bytes
 * (as kv_undo_to_text's text, give or take its base64): the tree is cut
 * at the oldest state on the way to the current one whose branches fit,
 * which becomes the root; branches that left that way before it go too.
 * The current state always stays. How many states were forgotten. */
guint       kv_undo_forget_oldest (KvUndo *undo, gsize budget);
/* What can be read of the tree in @text: the states before the first
 * damaged one (a line cut short, a bad index, bad base64), current where it
 * says when it still can, else the last state read. NULL when none read;
 * *@damaged says whether anything was lost (FALSE when @text holds no
 * undo lines at all). */
KvUndo     *kv_undo_salvage      (const char *text, gboolean *damaged);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvUndo, kv_undo_free)

G_END_DECLS
