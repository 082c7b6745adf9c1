// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-undo"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-undo.h"

#define MARK_STATE   "# kripkeviz-undo: "
#define MARK_CURRENT "# kripkeviz-undo-current: "
#define NO_STATE     G_MAXUINT
#define BASE64       "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

typedef struct {
  guint  parent;       /* NO_STATE for the root */
  guint  last_child;   /* where redo goes; NO_STATE for none */
  char  *label;
  char  *text;
} State;

struct _KvUndo {
  GArray *states;      /* State, append-only: nothing is ever dropped */
  guint   current;
};

static void
state_clear (State *state)
{
  g_free (state->label);
  g_free (state->text);
}

static KvUndo *
undo_alloc (void)
{
  KvUndo *undo = g_new0 (KvUndo, 1);

  undo->states = g_array_new (FALSE, TRUE, sizeof (State));
  g_array_set_clear_func (undo->states, (GDestroyNotify) state_clear);
  return undo;
}

static State *
state_at (const KvUndo *undo, guint index)
{
  return &g_array_index (undo->states, State, index);
}

static void
add_state (KvUndo *undo, guint parent, const char *label, const char *text)
{
  State state = { parent, NO_STATE, g_strdup (label), g_strdup (text) };

  g_array_append_val (undo->states, state);
  if (parent != NO_STATE)
    state_at (undo, parent)->last_child = undo->states->len - 1;
}

KvUndo *
kv_undo_new (const char *label, const char *text)
{
  KvUndo *undo;

  g_return_val_if_fail (text != NULL, NULL);

  undo = undo_alloc ();
  add_state (undo, NO_STATE, label ? label : "", text);
  return undo;
}

void
kv_undo_free (KvUndo *undo)
{
  if (undo == NULL)
    return;
  g_array_unref (undo->states);
  g_free (undo);
}

gboolean
kv_undo_record (KvUndo *undo, const char *label, const char *text)
{
  g_return_val_if_fail (undo != NULL && text != NULL, FALSE);

  if (g_strcmp0 (kv_undo_current_text (undo), text) == 0)
    return FALSE;
  add_state (undo, undo->current, label ? label : "", text);
  undo->current = undo->states->len - 1;
  return TRUE;
}

void
kv_undo_amend (KvUndo *undo, const char *text)
{
  State *state;

  g_return_if_fail (undo != NULL && text != NULL);

  state = state_at (undo, undo->current);
  g_free (state->text);
  state->text = g_strdup (text);
}

gboolean
kv_undo_can_undo (const KvUndo *undo)
{
  return state_at (undo, undo->current)->parent != NO_STATE;
}

gboolean
kv_undo_can_redo (const KvUndo *undo)
{
  return state_at (undo, undo->current)->last_child != NO_STATE;
}

const char *
kv_undo_undo_label (const KvUndo *undo)
{
  return kv_undo_can_undo (undo) ? state_at (undo, undo->current)->label : NULL;
}

const char *
kv_undo_redo_label (const KvUndo *undo)
{
  guint next = state_at (undo, undo->current)->last_child;

  return next != NO_STATE ? state_at (undo, next)->label : NULL;
}

const char *
kv_undo_undo (KvUndo *undo)
{
  guint parent = state_at (undo, undo->current)->parent;

  if (parent == NO_STATE)
    return NULL;
  /* Redo comes back here, even if an older branch was made after this one. */
  state_at (undo, parent)->last_child = undo->current;
  undo->current = parent;
  return kv_undo_current_text (undo);
}

const char *
kv_undo_redo (KvUndo *undo)
{
  guint next = state_at (undo, undo->current)->last_child;

  if (next == NO_STATE)
    return NULL;
  undo->current = next;
  return kv_undo_current_text (undo);
}

const char *
kv_undo_current_text (const KvUndo *undo)
{
  return state_at (undo, undo->current)->text;
}

const char *
kv_undo_state_text (const KvUndo *undo, guint state)
{
  g_return_val_if_fail (state < undo->states->len, NULL);
  return state_at (undo, state)->text;
}

guint
kv_undo_current (const KvUndo *undo)
{
  return undo->current;
}

guint
kv_undo_n_states (const KvUndo *undo)
{
  return undo->states->len;
}

GArray *
kv_undo_children (const KvUndo *undo, guint state)
{
  GArray *children = g_array_new (FALSE, FALSE, sizeof (guint));

  /* Children always come after their parent: one pass from there. */
  for (guint i = state + 1; i < undo->states->len; i++)
    if (state_at (undo, i)->parent == state)
      g_array_append_val (children, i);
  return children;
}

const char *
kv_undo_goto (KvUndo *undo, guint state)
{
  g_return_val_if_fail (state < undo->states->len, NULL);

  /* Redo along the way back to the root leads here again. */
  for (guint s = state; state_at (undo, s)->parent != NO_STATE; s = state_at (undo, s)->parent)
    state_at (undo, state_at (undo, s)->parent)->last_child = s;
  undo->current = state;
  return kv_undo_current_text (undo);
}

static char *
encode (const char *text)
{
  return g_base64_encode ((const guchar *) text, strlen (text));
}

char *
kv_undo_to_text (const KvUndo *undo)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (undo != NULL, NULL);

  /* One line per state: its parent ("-" for the root), where redo goes,
   * and its label and text in base64 (they hold newlines and '#'). */
  for (guint i = 0; i < undo->states->len; i++)
    {
      const State *state = state_at (undo, i);
      g_autofree char *label = encode (state->label);
      g_autofree char *text = encode (state->text);

      g_string_append (out, MARK_STATE);
      if (state->parent == NO_STATE)
        g_string_append (out, "- ");
      else
        g_string_append_printf (out, "%u ", state->parent);
      if (state->last_child == NO_STATE)
        g_string_append (out, "- ");
      else
        g_string_append_printf (out, "%u ", state->last_child);
      /* "=" for an empty label or text: an empty word reads as a line cut short. */
      g_string_append_printf (out, "%s %s\n", *label ? label : "=", *text ? text : "=");
    }
  g_string_append_printf (out, "%s%u\n", MARK_CURRENT, undo->current);
  return g_string_free (out, FALSE);
}

static gboolean
parse_index (const char *word, guint below, guint *index)
{
  guint64 value;

  if (g_strcmp0 (word, "-") == 0)
    {
      *index = NO_STATE;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (word, 10, 0, (guint64) below - 1, &value, NULL) || below == 0)
    return FALSE;
  *index = (guint) value;
  return TRUE;
}

static char *
decode (const char *word)
{
  gsize length = 0;
  guchar *bytes;

  if (g_strcmp0 (word, "=") == 0)
    return g_strdup ("");
  /* As kv_undo_to_text writes it, whole: a line cut short is damaged, not
   * a shorter text. */
  length = strlen (word);
  if (length == 0 || length % 4 != 0 || strspn (word, BASE64) != length
      || (strchr (word, '=') != NULL && strspn (strchr (word, '='), "=") != strlen (strchr (word, '='))))
    return NULL;
  bytes = g_base64_decode (word, &length);
  if (!g_utf8_validate ((const char *) bytes, (gssize) length, NULL) || memchr (bytes, '\0', length) != NULL)
    {
      g_free (bytes);
      return NULL;
    }
  {
    char *out = g_realloc (bytes, length + 1);

    out[length] = '\0';
    return out;
  }
}

static gboolean
read_state (KvUndo *undo, const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 4);
  State state = { 0 };
  guint n = undo->states->len;

  if (g_strv_length (words) != 4
      || !parse_index (words[0], n, &state.parent)          /* parents come first */
      || (n > 0) != (state.parent != NO_STATE)              /* one root, the first */
      || !parse_index (words[1], G_MAXUINT, &state.last_child))
    return FALSE;
  state.label = decode (words[2]);
  state.text = decode (g_strstrip (words[3]));
  if (state.label == NULL || state.text == NULL)
    {
      state_clear (&state);
      return FALSE;
    }
  g_array_append_val (undo->states, state);
  return TRUE;
}

/* Where redo goes from each state: the child it names when that is one of
 * the states kept, else the last child kept (or none). */
static void
mend_redo (KvUndo *undo)
{
  guint n = undo->states->len;

  for (guint i = 0; i < n; i++)
    {
      guint next = state_at (undo, i)->last_child;

      if (next != NO_STATE && (next >= n || state_at (undo, next)->parent != i))
        state_at (undo, i)->last_child = NO_STATE;
    }
  for (guint i = n; i-- > 1;)
    {
      State *parent = state_at (undo, state_at (undo, i)->parent);

      if (parent->last_child == NO_STATE)
        parent->last_child = i;
    }
}

KvUndo *
kv_undo_from_text (const char *text, GError **error)
{
  g_autoptr(KvUndo) undo = undo_alloc ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint64 current = G_MAXUINT64;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], MARK_STATE))
      {
        if (!read_state (undo, lines[i] + strlen (MARK_STATE)))
          {
            g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("a damaged undo history"));
            return NULL;
          }
      }
    else if (g_str_has_prefix (lines[i], MARK_CURRENT))
      g_ascii_string_to_unsigned (g_strstrip (lines[i] + strlen (MARK_CURRENT)), 10, 0, G_MAXUINT, &current, NULL);

  if (undo->states->len == 0 || current >= undo->states->len)
    {
      g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("no undo history"));
      return NULL;
    }
  /* Where redo goes must be a child: checked once all states are known. */
  for (guint i = 0; i < undo->states->len; i++)
    {
      guint next = state_at (undo, i)->last_child;

      if (next != NO_STATE && (next >= undo->states->len || state_at (undo, next)->parent != i))
        {
          g_set_error_literal (error, KV_ERROR, KV_ERROR_SYNTAX, _("a damaged undo history"));
          return NULL;
        }
    }
  /* A state with children but no redo (no writer makes one) redoes to its
   * last child, as a salvaged tree does. */
  mend_redo (undo);
  undo->current = (guint) current;
  return g_steal_pointer (&undo);
}

KvUndo *
kv_undo_salvage (const char *text,
                 gboolean   *damaged)
{
  g_autoptr(KvUndo) undo = undo_alloc ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint64 current = G_MAXUINT64;
  gboolean any = FALSE, stopped = FALSE, bad = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], MARK_STATE))
      {
        any = TRUE;
        /* States name earlier ones: none is read past the first damaged
         * one, nor the last line when the file ends inside it. */
        if (stopped || lines[i + 1] == NULL || !read_state (undo, lines[i] + strlen (MARK_STATE)))
          stopped = bad = TRUE;
      }
    else if (g_str_has_prefix (lines[i], MARK_CURRENT))
      {
        any = TRUE;
        if (lines[i + 1] == NULL
            || !g_ascii_string_to_unsigned (g_strstrip (lines[i] + strlen (MARK_CURRENT)), 10, 0, G_MAXUINT,
                                            &current, NULL))
          bad = TRUE;
      }

  if (undo->states->len == 0)
    {
      *damaged = any;
      return NULL;
    }
  for (guint i = 0; i < undo->states->len && !stopped; i++)
    {
      guint next = state_at (undo, i)->last_child;

      if (next != NO_STATE && (next >= undo->states->len || state_at (undo, next)->parent != i))
        bad = TRUE;
    }
  mend_redo (undo);
  if (current >= undo->states->len)
    {
      bad = TRUE;
      current = undo->states->len - 1;
    }
  undo->current = (guint) current;
  *damaged = bad;
  return g_steal_pointer (&undo);
}

guint
kv_undo_forget_oldest (KvUndo *undo, gsize budget)
{
  guint n = undo->states->len;
  g_autofree gsize *bytes = g_new0 (gsize, n);
  g_autofree guint *path = g_new (guint, n);
  g_autofree guint *renumber = g_new (guint, n);
  GArray *kept;
  guint depth = 0, root = undo->current, forgotten = 0;

  g_return_val_if_fail (undo != NULL, 0);

  /* Each state's size with everything that branches from it: children
   * come after their parents, so one pass backwards adds them up. */
  for (guint i = n; i-- > 0;)
    {
      const State *state = state_at (undo, i);

      /* As written: base64, four bytes for three, and the line's marks. */
      bytes[i] += (strlen (state->label) + strlen (state->text)) / 3 * 4 + 64;
      if (state->parent != NO_STATE)
        bytes[state->parent] += bytes[i];
    }
  /* The new root: the oldest state on the way to the current one whose
   * branches fit in @budget (the current state at least). */
  for (guint s = undo->current; s != NO_STATE; s = state_at (undo, s)->parent)
    path[depth++] = s;
  for (guint i = depth; i-- > 0;)
    if (bytes[path[i]] <= budget || i == 0)
      {
        root = path[i];
        break;
      }
  if (root == 0)
    return 0;

  /* What branches from it, renumbered in order (parents still first). */
  kept = g_array_new (FALSE, TRUE, sizeof (State));
  g_array_set_clear_func (kept, (GDestroyNotify) state_clear);
  for (guint i = 0; i < n; i++)
    {
      State *state = state_at (undo, i);
      gboolean keep = i == root || (i > root && state->parent != NO_STATE && renumber[state->parent] != NO_STATE);

      renumber[i] = keep ? kept->len : NO_STATE;
      if (!keep)
        {
          forgotten++;
          continue;
        }
      g_array_append_val (kept, *state);
      memset (state, 0, sizeof *state);
      {
        State *moved = &g_array_index (kept, State, kept->len - 1);

        moved->parent = i == root ? NO_STATE : renumber[moved->parent];
      }
    }
  for (guint i = 0; i < kept->len; i++)
    {
      State *state = &g_array_index (kept, State, i);

      if (state->last_child != NO_STATE)
        state->last_child = renumber[state->last_child];
    }
  undo->current = renumber[undo->current];
  g_array_unref (undo->states);
  undo->states = kept;
  return forgotten;
}
