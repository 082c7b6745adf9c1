// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explain-summary.c: a step in at most four short lines, for a class
 * reading a projector: what was said or shown, why the worlds it removes
 * go, and who learned what. Large counts are said in words ("1.9 billion
 * deals"), coded deals are counted, not listed: the full explanation
 * (KvExplanation.text) is the window's details. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kv-explain-private.h"

/* Names read aloud only in small games (Hexa's "wrb"); Clue's worlds are
 * codes of a dozen letters that no one reads off a wall. */
#define NAMED_CARDS_MAX 6
#define NAMED_MAX 3

/* "2 worlds (wrb, wbr)", "24 360 worlds", "1.9 billion deals". */
static char *
removed_phrase (const KvExplanation *out, const KvGame *game)
{
  g_autofree char *count = kv_count_format_words (out->n_removed);
  gulong n = (gulong) MIN (out->n_removed, G_MAXULONG);
  g_autofree char *counted = NULL;

  if (out->removed_deals)
    /* TRANSLATORS: a count of deals of the cards, maybe in words ("1.9 billion") */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s deal", "%s deals", n), count);
  /* TRANSLATORS: a count of worlds, maybe in words ("1.9 million") */
  counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s world", "%s worlds", n), count);
  if (game->n_cards <= NAMED_CARDS_MAX && out->removed->len > 0 && out->removed->len <= NAMED_MAX)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < out->removed->len; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (out->removed, i));
      return g_strdup_printf ("%s (%s)", counted, names->str);
    }
  return g_steal_pointer (&counted);
}

/* The step's cards as a list, "axe, rope". */
static char *
step_cards (const KvStep *step)
{
  g_autoptr(GString) cards = g_string_new (NULL);

  for (guint i = 0; i < step->n_cards; i++)
    g_string_append_printf (cards, "%s%s", i > 0 ? ", " : "", step->game->card_names[step->cards[i]]);
  return g_string_free (g_steal_pointer (&cards), FALSE);
}

/* Why the removed worlds go: what would have been different in them. */
static char *
why_removed (const KvStep *step, const KvExplanation *out)
{
  const KvGame *game = step->game;
  const char *agent = game->agent_names[step->agent];
  g_autofree char *what = NULL;
  g_autofree char *cards = NULL;
  gulong n;

  if (out->n_removed == 0)
    {
      if (step->kind == KV_STEP_SHOWCARD)
        /* TRANSLATORS: after a showcard that removes nothing; %s: who saw the card */
        return g_strdup_printf (_("No world goes: only %s sees which card, and can now tell more worlds apart."),
                                game->agent_names[step->target]);
      if (step->kind == KV_STEP_ENDMOVE && game->has_envelope)
        /* TRANSLATORS: an endmove that removes nothing; %s: the player */
        return g_strdup_printf (_("No world goes: in none of them would %s have known the envelope."), agent);
      return g_strdup (out->removed_deals ? _("No deal goes.") : _("No world goes."));
    }

  what = removed_phrase (out, game);
  /* g_dngettext counts in a gulong. */
  n = (gulong) MIN (out->n_removed, (guint64) G_MAXULONG);
  switch (step->kind)
    {
    case KV_STEP_NOCARD:
      cards = step_cards (step);
      if (step->n_cards == 1)
        /* TRANSLATORS: a player, a card, then "24 360 worlds" or "2 worlds (wrb, wbr)" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds %s in %s, which is removed.",
                                           "%s holds %s in %s, which are removed.", n), agent, cards, what);
      /* TRANSLATORS: a player, cards, then "24 360 worlds" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds one of %s in %s, which is removed.",
                                           "%s holds one of %s in %s, which are removed.", n), agent, cards, what);
    case KV_STEP_SHOWCARD:
      /* TRANSLATORS: a player, then "24 360 worlds" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds none of the cards asked for in %s, which is removed.",
                                           "%s holds none of the cards asked for in %s, which are removed.", n), agent, what);
    case KV_STEP_ENDMOVE:
      /* A player wins by knowing the envelope, or, in a game without
       * one (Hexa), the whole deal. */
      if (!game->has_envelope)
        /* TRANSLATORS: a player, then "2 worlds": an endmove removes the worlds where it would have won */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s would have known the whole deal in %s, which is removed.",
                                           "%s would have known the whole deal in %s, which are removed.", n), agent, what);
      /* TRANSLATORS: a player, then "32 deals": an endmove removes the worlds where it would have won */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s would have known the envelope in %s, which is removed.",
                                           "%s would have known the envelope in %s, which are removed.", n), agent, what);
    case KV_STEP_WIN:
      if (!game->has_envelope)
        /* TRANSLATORS: a player, then "2 worlds" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s would not have known the whole deal in %s, which is removed.",
                                           "%s would not have known the whole deal in %s, which are removed.", n), agent, what);
      /* TRANSLATORS: a player, then "32 deals" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s would not have known the envelope in %s, which is removed.",
                                           "%s would not have known the envelope in %s, which are removed.", n), agent, what);
    case KV_STEP_ANNOUNCE:
      /* TRANSLATORS: %s: "24 360 worlds" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The announcement is false in %s, which is removed.",
                                           "The announcement is false in %s, which are removed.", n), what);
    case KV_STEP_SUGGEST:
      /* TRANSLATORS: %s: "1.9 billion deals" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The answers could not have been given in %s, which is removed.",
                                           "The answers could not have been given in %s, which are removed.", n), what);
    case KV_STEP_DO:
      /* TRANSLATORS: %s: "24 360 worlds" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The event cannot happen in %s, which is removed.",
                                           "The event cannot happen in %s, which are removed.", n), what);
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Who learned what, in at most two lines: the first things learned, then
 * how many more the details list. */
static void
say_learned (GString *summary, const KvGame *game, const KvKnowledge *was, const KvKnowledge *is)
{
  g_autoptr(GString) learned = g_string_new (NULL);
  g_autofree guint32 *everyone_was = kv_knowledge_everyone (was);
  g_autofree guint32 *everyone_is = kv_knowledge_everyone (is);
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  /* Everyone first: it is what the whole class now shares. */
  _kv_explain_learned (learned, game, NULL, everyone_was, everyone_is);
  for (guint a = 0; a < game->n_agents; a++)
    _kv_explain_learned (learned, game, game->agent_names[a], was->agents[a].possible, is->agents[a].possible);
  if (learned->len == 0)
    {
      g_string_append_printf (summary, "\n%s", _("Nobody learned which card anyone holds."));
      return;
    }
  g_string_truncate (learned, learned->len - 1);
  lines = g_strsplit (learned->str, "\n", -1);
  n = g_strv_length (lines);
  for (guint i = 0; i < MIN (n, 2u); i++)
    {
      /* A sentence starts with a capital ("everyone now knows…"). */
      g_autofree char *first = g_utf8_strup (lines[i], g_utf8_next_char (lines[i]) - lines[i]);

      if (i == 1 && n > 2)
        break;
      g_string_append_printf (summary, "\n%s%s", first, g_utf8_next_char (lines[i]));
    }
  if (n > 2)
    /* TRANSLATORS: the summary's last line when more was learned than it shows */
    g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "\n… and %u more thing learned (Details).",
                                                  "\n… and %u more things learned (Details).", n - 1),
                            n - 1);
}

char *
_kv_explain_summary (const KvStep *step, const KvExplanation *out,
                     const KvKnowledge *was, const KvKnowledge *is)
{
  g_autofree char *words = kv_step_to_words (step);
  g_autofree char *first = g_utf8_strup (words, g_utf8_next_char (words) - words);
  g_autofree char *why = why_removed (step, out);
  GString *summary = g_string_new (NULL);

  if (step->kind == KV_STEP_WIN)
    /* TRANSLATORS: the summary's first line for a win step */
    g_string_append_printf (summary, _("Game over: %s wins."), step->game->agent_names[step->agent]);
  else
    g_string_append_printf (summary, "%s%s.", first, g_utf8_next_char (words));
  g_string_append_printf (summary, "\n%s", why);
  say_learned (summary, step->game, was, is);
  return g_string_free (summary, FALSE);
}
