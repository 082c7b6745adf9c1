// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lesson-answer.c: the engine's answers to a lesson's questions, and
 * grading a student's against them. */
#define G_LOG_DOMAIN "kv-lesson"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-lesson.h"

void
kv_answer_free (KvAnswer *answer)
{
  if (answer == NULL)
    return;
  g_clear_pointer (&answer->items, g_ptr_array_unref);
  g_clear_pointer (&answer->removed, g_array_unref);
  g_free (answer);
}

/* Explicit: the deals of @before's worlds, by label, each once, and
 * whether @after still has it. */
static void
predict_worlds (KvAnswer *answer, const KvModel *before, const KvModel *after)
{
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint w = 0; w < after->n_worlds; w++)
    g_hash_table_add (kept, GUINT_TO_POINTER (after->deal[w] + 1));
  for (guint w = 0; w < before->n_worlds; w++)
    {
      gpointer deal = GUINT_TO_POINTER (before->deal[w] + 1);
      gboolean removed = !g_hash_table_contains (kept, deal);

      if (!g_hash_table_add (seen, deal))
        continue;
      g_ptr_array_add (answer->items, kv_model_world_label (before, w));
      g_array_append_val (answer->removed, removed);
    }
}

/* Symbolic: the envelopes still possible before, and whether they are after. */
static gboolean
predict_envelopes (const KvLesson *lesson, KvAnswer *answer, KvState *before, KvState *after, GError **error)
{
  g_autoptr(KvEnvelopeLinks) was = kv_state_envelope_links (before, error);
  g_autoptr(KvEnvelopeLinks) is = was ? kv_state_envelope_links (after, error) : NULL;

  if (is == NULL)
    return FALSE;
  if (!lesson->script->game->has_envelope)
    {
      g_set_error (error, KV_ERROR, KV_ERROR_GAME,
                   _("a predict question on a game this large needs an envelope to ask about"));
      return FALSE;
    }
  answer->envelopes = TRUE;
  for (guint i = 0; i < was->hands->len; i++)
    {
      KvHand hand = g_array_index (was->hands, KvHand, i);
      gboolean removed = !g_array_binary_search (is->hands, &hand, kv_hand_compare, NULL);

      g_ptr_array_add (answer->items, kv_game_hand_to_string (lesson->script->game, hand));
      g_array_append_val (answer->removed, removed);
    }
  return TRUE;
}

static gboolean
answer_predict (const KvLesson *lesson, guint index, KvAnswer *answer, GError **error)
{
  const KvHistoryEntry *before, *after;

  if (index >= kv_lesson_n_steps (lesson))
    {
      g_set_error (error, KV_ERROR, KV_ERROR_SYNTAX, _("a predict question needs a step after it"));
      return FALSE;
    }
  before = kv_history_get (lesson->history, index);
  after = kv_history_get (lesson->history, index + 1);
  answer->items = g_ptr_array_new_with_free_func (g_free);
  answer->removed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  if (before->model != NULL && after->model != NULL)
    {
      predict_worlds (answer, before->model, after->model);
      return TRUE;
    }
  return predict_envelopes (lesson, answer, before->state, after->state, error);
}

static gboolean
answer_win (const KvLesson *lesson, KvState *state, KvAnswer *answer, GError **error)
{
  KvGame *game = lesson->script->game;

  for (guint a = 0; a < game->n_agents; a++)
    {
      g_autofree char *text = g_strdup_printf ("win{%s}", game->agent_names[a]);
      g_autoptr(KvFormula) win = kv_formula_parse (game, text, NULL, error);
      gboolean value;

      if (win == NULL || !kv_state_check_actual (state, win, &value, error))
        return FALSE;
      if (value)
        answer->winners |= 1u << a;
    }
  return TRUE;
}

KvAnswer *
kv_lesson_answer (const KvLesson *lesson, guint index, const KvAsk *ask, GError **error)
{
  g_autoptr(KvAnswer) answer = g_new0 (KvAnswer, 1);
  KvState *state;

  g_return_val_if_fail (index < kv_history_length (lesson->history), NULL);
  state = kv_history_get (lesson->history, index)->state;
  answer->kind = ask->kind;
  switch (ask->kind)
    {
    case KV_ASK_TRUTH:
      if (!kv_state_check_actual (state, ask->formula, &answer->truth, error))
        return NULL;
      break;
    case KV_ASK_WIN:
      if (!answer_win (lesson, state, answer, error))
        return NULL;
      break;
    case KV_ASK_PREDICT:
      if (!answer_predict (lesson, index, answer, error))
        return NULL;
      break;
    }
  return g_steal_pointer (&answer);
}

/* A worksheet names this many removed worlds, then counts them. */
#define ANSWER_NAMED_MAX 12

guint
kv_answer_n_removed (const KvAnswer *answer)
{
  guint n = 0;

  for (guint i = 0; answer->removed != NULL && i < answer->removed->len; i++)
    n += g_array_index (answer->removed, gboolean, i) ? 1 : 0;
  return n;
}

char *
kv_answer_to_text (const KvLesson *lesson, const KvAnswer *answer)
{
  const KvGame *game = lesson->script->game;
  GString *out = g_string_new (NULL);

  switch (answer->kind)
    {
    case KV_ASK_TRUTH:
      g_string_append (out, answer->truth ? _("true") : _("false"));
      break;
    case KV_ASK_WIN:
      for (guint a = 0; a < game->n_agents; a++)
        if (answer->winners & (1u << a))
          g_string_append_printf (out, "%s%s", out->len ? ", " : "", game->agent_names[a]);
      if (out->len == 0)
        g_string_append (out, _("nobody"));
      break;
    case KV_ASK_PREDICT:
      for (guint i = 0, named = 0; i < answer->items->len; i++)
        if (g_array_index (answer->removed, gboolean, i) && named++ < ANSWER_NAMED_MAX)
          g_string_append_printf (out, "%s%s", out->len ? "; " : "", (char *) g_ptr_array_index (answer->items, i));
      if (kv_answer_n_removed (answer) > ANSWER_NAMED_MAX)
        /* TRANSLATORS: after the first worlds a step removes: "; … (1 234 in all)" */
        g_string_append_printf (out, _("; … (%u in all)"), kv_answer_n_removed (answer));
      if (out->len == 0)
        g_string_append (out, answer->envelopes ? _("no envelope") : _("no world"));
      break;
    }
  return g_string_free (out, FALSE);
}

gboolean
kv_answer_grade_predict (const KvAnswer *answer, const char *const *picks, GArray **marks)
{
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gboolean all = TRUE;

  g_return_val_if_fail (answer->kind == KV_ASK_PREDICT, FALSE);
  for (guint i = 0; picks != NULL && picks[i] != NULL; i++)
    {
      guint found;

      if (!g_ptr_array_find_with_equal_func (answer->items, picks[i], g_str_equal, &found))
        all = FALSE;   /* a world that is not there: a wrong pick */
    }
  for (guint i = 0; i < answer->items->len; i++)
    {
      gboolean picked = picks != NULL && g_strv_contains (picks, g_ptr_array_index (answer->items, i));
      gboolean right = picked == g_array_index (answer->removed, gboolean, i);

      g_array_append_val (out, right);
      all = all && right;
    }
  if (marks != NULL)
    *marks = g_steal_pointer (&out);
  return all;
}

gboolean
kv_answer_grade_truth (const KvAnswer *answer, gboolean said)
{
  g_return_val_if_fail (answer->kind == KV_ASK_TRUTH, FALSE);
  return !answer->truth == !said;
}

gboolean
kv_answer_grade_win (const KvAnswer *answer, guint32 picked)
{
  g_return_val_if_fail (answer->kind == KV_ASK_WIN, FALSE);
  return answer->winners == picked;
}
