// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explain.c: a step explained, from two models and their knowledge tables. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-action-model.h"
#include "kv-explain-private.h"
#include "kv-i18n.h"

guint32 *
kv_knowledge_everyone (const KvKnowledge *k)
{
  guint32 *possible = g_new0 (guint32, MAX (k->n_cards, 1));

  for (guint a = 0; a < k->n_agents; a++)
    for (guint c = 0; c < k->n_cards; c++)
      possible[c] |= k->agents[a].possible[c];
  return possible;
}

/* The worlds of @before whose deal no world of @after has: a world survives
 * a step exactly when its deal does (a product's pairs keep their world's
 * deal). Every model of a game shares one table of deals, so a deal is its
 * index there: one bit set, no labels (a 3.9 million world step used to
 * spend most of its time printing and hashing names). */
static void
find_removed (const KvModel *before, const KvModel *after, KvExplanation *out)
{
  g_autoptr(KvBits) kept = NULL;
  g_autoptr(GArray) removed = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_if_fail (before->deals == after->deals);

  kept = kv_bits_new (before->deals->n_deals);
  for (guint w = 0; w < after->n_worlds; w++)
    kv_bits_set (kept, after->deal[w]);
  for (guint w = 0; w < before->n_worlds; w++)
    if (!kv_bits_get (kept, before->deal[w]))
      {
        out->n_removed++;
        if (removed->len < KV_EXPLAIN_NAMED_MAX + 1)
          g_array_append_val (removed, w);
      }
  if (out->n_removed <= KV_EXPLAIN_NAMED_MAX)
    for (guint i = 0; i < removed->len; i++)
      g_ptr_array_add (out->removed, kv_model_world_label (before, g_array_index (removed, guint, i)));
}

static void
explain_removed (GString *text, const KvExplanation *out)
{
  g_autofree char *count = kv_count_format (out->n_removed);

  if (out->n_removed == 0)
    {
      g_string_append_printf (text, "%s\n", out->removed_deals ? _("No deal was removed.") : _("No world was removed."));
      return;
    }
  if (out->removed_deals)
    {
      /* TRANSLATORS: %s is a count of deals of the cards; a deal's worlds
       * differ in what was shown to whom */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s deal was removed, with all its worlds.\n",
                                                 "%s deals were removed, with all their worlds.\n", out->n_removed),
                              count);
      return;
    }
  if (out->removed->len == 0)
    {
      /* TRANSLATORS: %s is a count of worlds */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s world was removed.\n",
                                                 "%s worlds were removed.\n", out->n_removed),
                              count);
      return;
    }
  g_ptr_array_add (out->removed, NULL);
  {
    g_autofree char *names = g_strjoinv (", ", (char **) out->removed->pdata);

    /* TRANSLATORS: a count, then the worlds' names, comma separated */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s world was removed: %s.\n",
                                               "%s worlds were removed: %s.\n", out->n_removed),
                            count, names);
  }
  g_ptr_array_set_size (out->removed, out->removed->len - 1);
}

static void
explain_links (GString *text, const KvModel *before, const KvModel *after)
{
  const KvGame *game = before->game;

  for (guint a = 0; a < game->n_agents; a++)
    {
      guint64 had = kv_model_count_links (before, a), has = kv_model_count_links (after, a);

      g_autofree char *lost = NULL;
      g_autofree char *all = NULL;

      if (has >= had)
        continue;
      /* Millions of links are said in words: no one reads 5 441 880. */
      lost = kv_count_format_words (had - has);
      all = kv_count_format_words (had);
      /* TRANSLATORS: an agent, then the links it lost and the links it had */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s lost %s of its %s link.\n",
                                                 "%s lost %s of its %s links.\n", (gulong) MIN (had, G_MAXULONG)),
                              game->agent_names[a], lost, all);
    }
}

/* A product step (more than one event): the pairs (w, e) tried and kept. */
static void
explain_pairs (GString *text, const KvStep *step, const KvModel *before, const KvModel *after)
{
  guint actual_event;
  g_autoptr(KvActionModel) am = NULL;
  g_autofree char *tried = NULL;
  g_autofree char *kept = NULL;

  if (step->kind == KV_STEP_SUGGEST)
    return;
  am = kv_action_model_for_step (step, &actual_event);
  if (am == NULL || am->n_events < 2)
    return;
  tried = kv_count_format ((guint64) before->n_worlds * am->n_events);
  kept = kv_count_format (after->n_worlds);
  /* TRANSLATORS: pairs (world, event) of a product update: tried, then kept */
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Product: %s pairs (w, e) tried, %s kept.\n",
                                             "Product: %s pairs (w, e) tried, %s kept.\n", after->n_worlds),
                          tried, kept);
}

/* One sentence: what @who (NULL: everyone) now knows of @owner's @cards.
 * A negative list is said so that it cannot read as "not both": "does
 * not hold axe", "holds neither axe nor Mustard", "holds none of Green,
 * Peacock and hall". */
static void
say_holds (GString *text, const char *who, const char *owner, GPtrArray *cards, gboolean holds)
{
  g_autofree char *list = kv_i18n_list (cards);
  const char *first = g_ptr_array_index (cards, 0);
  const char *second = cards->len > 1 ? g_ptr_array_index (cards, 1) : NULL;

  if (who == NULL)
    {
      if (holds)
        g_string_append_printf (text, _("everyone now knows that %s holds %s.\n"), owner, list);
      else if (cards->len == 1)
        g_string_append_printf (text, _("everyone now knows that %s does not hold %s.\n"), owner, first);
      else if (cards->len == 2)
        /* TRANSLATORS: an owner, then two cards it does not hold */
        g_string_append_printf (text, _("everyone now knows that %s holds neither %s nor %s.\n"),
                                owner, first, second);
      else
        /* TRANSLATORS: an owner, then a list of three or more cards it does not hold ("Green, Peacock and hall") */
        g_string_append_printf (text, _("everyone now knows that %s holds none of %s.\n"), owner, list);
      return;
    }
  if (holds)
    /* TRANSLATORS: an agent, an owner, cards: "3 now knows that 2 holds w.", "1 now knows that env holds Plum, rope and study." */
    g_string_append_printf (text, _("%s now knows that %s holds %s.\n"), who, owner, list);
  else if (cards->len == 1)
    /* TRANSLATORS: an agent, an owner, one card: "3 now knows that 1 does not hold w." */
    g_string_append_printf (text, _("%s now knows that %s does not hold %s.\n"), who, owner, first);
  else if (cards->len == 2)
    /* TRANSLATORS: an agent, an owner, two cards: "3 now knows that 2 holds neither axe nor Mustard." */
    g_string_append_printf (text, _("%s now knows that %s holds neither %s nor %s.\n"), who, owner, first, second);
  else
    /* TRANSLATORS: an agent, an owner, three or more cards: "3 now knows that env holds none of Green, Peacock and hall." */
    g_string_append_printf (text, _("%s now knows that %s holds none of %s.\n"), who, owner, list);
}

/* What @who (NULL: everyone) newly knows: for each owner, the cards now
 * known to be its, then for each owner the cards newly ruled out for it
 * (of cards whose owner is not known yet): one sentence each, so that a
 * winning suggest in real Cluedo says "1 now knows that env holds none of
 * Green, Peacock, leadpipe…" once, not once a card. */
gboolean
_kv_explain_learned (GString *text, const KvGame *game, const char *who,
                 const guint32 *was, const guint32 *is)
{
  guint n_owners = kv_game_n_owners (game);
  g_autoptr(GPtrArray) holds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) lacks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  gboolean said = FALSE;

  for (guint o = 0; o < n_owners; o++)
    {
      g_ptr_array_add (holds, g_ptr_array_new ());
      g_ptr_array_add (lacks, g_ptr_array_new ());
    }
  for (guint c = 0; c < game->n_cards; c++)
    {
      int owner = kv_knowledge_known_owner (is[c]);

      if (is[c] == was[c])
        continue;
      said = TRUE;
      if (owner >= 0)
        {
          g_ptr_array_add (g_ptr_array_index (holds, owner), game->card_names[c]);
          continue;
        }
      for (guint o = 0; o < n_owners; o++)
        if ((was[c] & ~is[c]) & (1u << o))
          g_ptr_array_add (g_ptr_array_index (lacks, o), game->card_names[c]);
    }
  for (guint side = 0; side < 2; side++)
    for (guint o = 0; o < n_owners; o++)
      {
        GPtrArray *cards = g_ptr_array_index (side == 0 ? holds : lacks, o);

        if (cards->len > 0)
          say_holds (text, who, kv_game_owner_name (game, o), cards, side == 0);
      }
  return said;
}

/* What every agent, then everyone, learned between the two tables. */
static void
explain_knowledge (GString *text, const KvGame *game, const KvKnowledge *was, const KvKnowledge *is)
{
  g_autofree guint32 *everyone_was = kv_knowledge_everyone (was);
  g_autofree guint32 *everyone_is = kv_knowledge_everyone (is);
  gboolean learned = FALSE;

  for (guint a = 0; a < game->n_agents; a++)
    learned |= _kv_explain_learned (text, game, game->agent_names[a],
                                was->agents[a].possible, is->agents[a].possible);
  learned |= _kv_explain_learned (text, game, NULL, everyone_was, everyone_is);
  if (!learned)
    g_string_append_printf (text, "%s\n", _("Nobody learned which card anyone holds."));
}

static KvExplanation *
explanation_new (const KvStep *step, GString **text)
{
  KvExplanation *out = g_new0 (KvExplanation, 1);
  g_autofree char *words = kv_step_to_words (step);
  g_autofree char *del = kv_step_to_del (step);

  out->removed = g_ptr_array_new_with_free_func (g_free);
  *text = g_string_new (NULL);
  /* TRANSLATORS: the action in words, then in DEL notation */
  g_string_append_printf (*text, _("Action: %s (%s).\n"), words, del);
  return out;
}

/* Takes @text; no trailing newline: callers add their own. */
static KvExplanation *
explanation_finish (KvExplanation *out, GString *text)
{
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);
  out->text = g_string_free (text, FALSE);
  return out;
}

/* @was and @is: the knowledge tables at the two models' actual worlds. */
static KvExplanation *
explain_models (const KvStep *step, const KvModel *before, const KvModel *after,
                const KvKnowledge *was, const KvKnowledge *is)
{
  GString *text;
  KvExplanation *out = explanation_new (step, &text);

  find_removed (before, after, out);
  explain_removed (text, out);
  explain_links (text, before, after);
  explain_pairs (text, step, before, after);
  explain_knowledge (text, before->game, was, is);
  out->summary = _kv_explain_summary (step, out, was, is);
  return explanation_finish (out, text);
}

KvExplanation *
kv_explain_entry (const KvHistory *history, guint index)
{
  g_return_val_if_fail (index >= 1 && index < kv_history_length (history), NULL);

  /* Through the entries' states, on either engine: their knowledge tables
   * are read out once and kept. */
  return kv_explain_states (kv_history_get (history, index)->step,
                            kv_history_get (history, index - 1)->state,
                            kv_history_get (history, index)->state);
}

KvExplanation *
kv_explain_states (const KvStep *step, KvState *before, KvState *after)
{
  GString *text;
  KvExplanation *out;

  /* The states' own knowledge tables, read out once each. */
  if (kv_state_model (before) != NULL && kv_state_model (after) != NULL)
    return explain_models (step, kv_state_model (before), kv_state_model (after),
                           kv_state_knowledge (before), kv_state_knowledge (after));

  /* Symbolic: the deals removed, each with all its worlds, named as the
   * explicit engine names worlds when there are few; links are not listed. */
  out = explanation_new (step, &text);
  out->n_removed = kv_state_count_removed (before, after);
  out->removed_deals = TRUE;
  if (out->n_removed <= KV_EXPLAIN_NAMED_MAX)
    {
      g_autoptr(GPtrArray) labels = kv_state_removed_deal_labels (before, after, KV_EXPLAIN_NAMED_MAX);

      for (guint i = 0; labels != NULL && i < labels->len; i++)
        g_ptr_array_add (out->removed, g_steal_pointer (&g_ptr_array_index (labels, i)));
    }
  explain_removed (text, out);
  explain_knowledge (text, kv_state_game (before), kv_state_knowledge (before), kv_state_knowledge (after));
  out->summary = _kv_explain_summary (step, out, kv_state_knowledge (before), kv_state_knowledge (after));
  return explanation_finish (out, text);
}

void
kv_explanation_free (KvExplanation *explanation)
{
  if (explanation == NULL)
    return;
  g_free (explanation->text);
  g_free (explanation->summary);
  g_ptr_array_unref (explanation->removed);
  g_free (explanation);
}
