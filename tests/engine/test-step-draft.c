// SPDX-License-Identifier: GPL-3.0-or-later
/* test-step-draft.c: the New Step form's logic without its widgets
 * (kv-step-draft.h) — step lines to drafts and back for every kind, why
 * a draft or one of its choices is refused on Hexa, twocards and Clue 11 —
 * and the step kinds as a registered enum whose nicks are the keywords. */
#define G_LOG_DOMAIN "test-step-draft"
#include "config.h"

#include "kv-test-util.h"

static KvState *
initial (const char *name)
{
  g_autoptr(KvHistory) history = test_open_history (name);

  return kv_state_ref (kv_history_get (history, 0)->state);
}

/* The reason a draft of @text is refused at @state (NULL: it is not). */
static char *
check_text (KvState *state, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStepDraft) draft = kv_step_draft_new_from_text (kv_state_game (state), text, &error);

  g_assert_no_error (error);
  return kv_step_draft_check (draft, state, NULL);
}

/* One line of each kind (on twocards: cards n e s w, a custom action):
 * the enum's nicks are the script keywords, in
 * both directions, and the parser reads them as those kinds. */
static void
test_kinds_are_keywords (void)
{
  static const struct {
    KvStepKind  kind;
    const char *line;
  } lines[] = {
    { KV_STEP_NOCARD, "nocard 1 w" },
    { KV_STEP_SHOWCARD, "showcard 3 -> 1 s" },
    { KV_STEP_ENDMOVE, "endmove 1" },
    { KV_STEP_WIN, "win 1" },
    { KV_STEP_ANNOUNCE, "announce ~w@1" },
    { KV_STEP_SUGGEST, "suggest 1 w" },
    { KV_STEP_DO, "do twocards sw" },
  };
  g_autoptr(GEnumClass) klass = g_type_class_ref (KV_TYPE_STEP_KIND);
  g_autoptr(KvHistory) history = test_open_history ("twocards");
  g_autofree char *keywords = kv_step_kind_keywords ("|");
  KvStepKind kind = KV_STEP_DO;

  g_assert_cmpstr (keywords, ==, "nocard|showcard|endmove|win|announce|suggest|do");
  g_assert_cmpuint (klass->n_values, ==, G_N_ELEMENTS (lines));
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      const char *line = lines[i].line;
      g_autoptr(GError) error = NULL;
      g_autoptr(KvStep) step = kv_step_parse (history->game, line, NULL, &error);
      GEnumValue *value = g_enum_get_value (klass, lines[i].kind);

      g_assert_no_error (error);
      g_assert_cmpint (step->kind, ==, lines[i].kind);
      g_assert_nonnull (value);
      g_assert_true (g_str_has_prefix (line, value->value_nick));
      g_assert_cmpint (line[strlen (value->value_nick)], ==, ' ');
      g_assert_cmpstr (kv_step_kind_to_keyword (lines[i].kind), ==, value->value_nick);
      g_assert_true (kv_step_kind_from_keyword (value->value_nick, -1, &kind));
      g_assert_cmpint (kind, ==, lines[i].kind);
    }

  /* A keyword is a whole word. */
  g_assert_true (kv_step_kind_from_keyword ("win 1", 3, &kind));
  g_assert_cmpint (kind, ==, KV_STEP_WIN);
  g_assert_false (kv_step_kind_from_keyword ("winner", -1, NULL));
  g_assert_false (kv_step_kind_from_keyword ("nocards", 7, NULL));
  g_assert_false (kv_step_kind_from_keyword ("", -1, NULL));
  g_assert_null (kv_step_kind_to_keyword (99));
}

/* The parser's message lists the keywords, as it always did. */
static void
test_unknown_step (void)
{
  g_autoptr(KvState) hexa = initial ("hexa");
  g_autoptr(GError) error = NULL;
  g_autoptr(KvStep) step = kv_step_parse (kv_state_game (hexa), "nocards 1 w", NULL, &error);
  g_autoptr(KvStepDraft) draft = NULL;

  g_assert_null (step);
  g_assert_error (error, KV_ERROR, KV_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   "unknown step “nocards” (steps: nocard, showcard, endmove, win, announce, suggest, do)");
  g_clear_error (&error);

  draft = kv_step_draft_new_from_text (kv_state_game (hexa), "nocard 1 zzz", &error);
  g_assert_null (draft);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "zzz"));
}

static void
test_parts (void)
{
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_NOCARD), ==, KV_STEP_PART_AGENT | KV_STEP_PART_CARDS);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_SHOWCARD), ==,
                   KV_STEP_PART_AGENT | KV_STEP_PART_TARGET | KV_STEP_PART_SLOTS | KV_STEP_PART_CARDS);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_ENDMOVE), ==, KV_STEP_PART_AGENT);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_WIN), ==, KV_STEP_PART_AGENT);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_SUGGEST), ==, KV_STEP_PART_AGENT | KV_STEP_PART_SLOTS);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_ANNOUNCE), ==, KV_STEP_PART_FORMULA);
  g_assert_cmpint (kv_step_kind_parts (KV_STEP_DO), ==, KV_STEP_PART_ACTION);
}

/* text → draft → text gives the line back, for every kind. */
static void
test_round_trips (void)
{
  static const struct {
    const char *game;
    const char *text;
    const char *expected;   /* NULL: @text */
  } cases[] = {
    { "hexa", "nocard 1 w", NULL },
    { "hexa", "nocard 1 w b", NULL },
    { "hexa", "nocard 1   b w", "nocard 1 w b" },   /* the cards are a set, in card order */
    { "hexa", "showcard 1 -> 2 r", NULL },          /* every card asked for: no "of" */
    { "hexa", "showcard 1 -> 2 r of r w", NULL },
    { "hexa", "showcard 2 -> 3 w of b w", "showcard 2 -> 3 w of w b" },
    { "hexa", "showcard 1 -> 2 r of r w b", "showcard 1 -> 2 r" },
    { "hexa", "endmove 2", NULL },
    { "hexa", "win 3", NULL },
    { "hexa", "suggest 1 w", NULL },
    { "hexa", "announce ~w@1 & K{2} b@3", NULL },
    { "hexa", "!~w@1", "announce ~w@1" },
    { "twocards", "do twocards sw", NULL },
    { "twocards", "do twocards ne", NULL },
    { "clue11", "nocard 2 candle Scarlet", NULL },
    { "clue11", "showcard 3 -> 1 candle of candle Scarlet", NULL },
    { "clue11", "suggest 1 candle Plum", NULL },
    { "clue11", "suggest 1 Plum rope", "suggest 1 rope Plum" },   /* a weapon, then a suspect */
    { "clue11", "endmove 1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KvHistory) history = test_open_history (cases[i].game);
      g_autoptr(GError) error = NULL;
      g_autoptr(KvStepDraft) draft = kv_step_draft_new_from_text (history->game, cases[i].text, &error);
      g_autoptr(KvStepDraft) again = NULL;
      g_autofree char *text = NULL;
      g_autofree char *text_again = NULL;

      g_test_message ("%s: %s", cases[i].game, cases[i].text);
      g_assert_no_error (error);
      text = kv_step_draft_to_text (draft);
      g_assert_cmpstr (text, ==, cases[i].expected != NULL ? cases[i].expected : cases[i].text);
      /* and again: the draft of the line is the same draft */
      again = kv_step_draft_new_from_text (history->game, text, &error);
      g_assert_no_error (error);
      text_again = kv_step_draft_to_text (again);
      g_assert_cmpstr (text_again, ==, text);
      g_assert_cmpint (again->kind, ==, draft->kind);
      g_assert_cmpint (again->agent, ==, draft->agent);
      g_assert_cmpint (again->cards, ==, draft->cards);
    }
}

/* The draft's fields, as the form reads them. */
static void
test_fields (void)
{
  g_autoptr(KvState) clue = initial ("clue11");
  const KvGame *game = kv_state_game (clue);
  g_autoptr(KvStepDraft) suggest = kv_step_draft_new_from_text (kv_state_game (clue), "suggest 2 Plum wrench", NULL);
  g_autoptr(KvStepDraft) showcard = kv_step_draft_new_from_text (kv_state_game (clue), "showcard 3 -> 1 candle of candle Scarlet",
                                                                 NULL);
  g_autoptr(KvStepDraft) draft = NULL;
  g_autoptr(KvState) twocards = initial ("twocards");
  g_autoptr(KvStepDraft) custom = kv_step_draft_new_from_text (kv_state_game (twocards), "do twocards sw", NULL);

  /* Suggest on Clue 11: one slot per envelope category. */
  g_assert_cmpint (suggest->kind, ==, KV_STEP_SUGGEST);
  g_assert_cmpint (suggest->agent, ==, 1);
  g_assert_cmpuint (suggest->n_slots, ==, 2);
  g_assert_cmpint (suggest->slot_category[0], ==, kv_game_find_category (game, "weapon"));
  g_assert_cmpint (suggest->slot_category[1], ==, kv_game_find_category (game, "suspect"));
  g_assert_cmpint (suggest->slots[0], ==, kv_game_find_card (game, "wrench"));
  g_assert_cmpint (suggest->slots[1], ==, kv_game_find_card (game, "Plum"));
  g_assert_true (kv_step_draft_slot_offers (suggest, 0, kv_game_find_card (game, "axe")));
  g_assert_false (kv_step_draft_slot_offers (suggest, 0, kv_game_find_card (game, "Plum")));
  g_assert_false (kv_step_draft_slot_offers (suggest, 2, kv_game_find_card (game, "axe")));

  /* Showcard: the holder, the target, the card shown in its one slot,
   * the request as a set. */
  g_assert_cmpint (showcard->agent, ==, 2);
  g_assert_cmpint (showcard->target, ==, 0);
  g_assert_cmpuint (showcard->n_slots, ==, 1);
  g_assert_cmpint (showcard->slot_category[0], ==, KV_NO_CATEGORY);
  g_assert_cmpint (showcard->slots[0], ==, kv_game_find_card (game, "candle"));
  g_assert_cmpint (showcard->cards, ==, KV_CARD_BIT (kv_game_find_card (game, "candle")) |
                                        KV_CARD_BIT (kv_game_find_card (game, "Scarlet")));

  /* Custom: the action model and its actual event. */
  g_assert_true (custom->action == kv_game_find_action (kv_state_game (twocards), "twocards"));
  g_assert_cmpint (custom->event, ==, kv_action_model_find_event (custom->action, "sw"));

  /* A new kind: its slots, its cards as they start; the first card stays
   * through a kind without slots. */
  draft = kv_step_draft_new_from_text (showcard->game, "showcard 3 -> 1 candle of candle", NULL);
  kv_step_draft_set_kind (draft, KV_STEP_ENDMOVE);
  g_assert_cmpuint (draft->n_slots, ==, 0);
  g_assert_cmpint (draft->cards, ==, 0);
  kv_step_draft_set_kind (draft, KV_STEP_SHOWCARD);
  g_assert_cmpint (draft->slots[0], ==, kv_game_find_card (game, "candle"));
  g_assert_cmpint (draft->cards, ==, KV_CARD_BIT (game->n_cards) - 1);
  kv_step_draft_set_kind (draft, KV_STEP_SUGGEST);
  g_assert_cmpuint (draft->n_slots, ==, 2);
  g_assert_cmpint (draft->slots[0], ==, kv_game_find_card (game, "candle"));
  g_assert_cmpint (draft->slots[1], ==, -1);
  g_assert_null (kv_step_draft_to_text (draft));
  kv_step_draft_set_kind (draft, KV_STEP_NOCARD);
  g_assert_cmpint (draft->cards, ==, 0);
  g_assert_null (kv_step_draft_to_text (draft));   /* nocard of no card */
}

/* Why a draft is refused on Hexa: incomplete, unreadable, false. */
static void
test_refusals_hexa (void)
{
  g_autoptr(KvState) hexa = initial ("hexa");
  g_autoptr(KvStepDraft) draft = kv_step_draft_new (kv_state_game (hexa), KV_STEP_NOCARD);
  g_autoptr(KvStep) step = NULL;
  g_autofree char *why = NULL;
  static const struct {
    const char *text;
    const char *reason;   /* NULL: applies */
  } cases[] = {
    { "nocard 1 w", NULL },
    { "nocard 1 r", "1 holds r" },
    { "nocard 1 w r", "1 holds r" },
    { "showcard 1 -> 2 r", NULL },
    { "showcard 1 -> 2 w of w b", "1 does not hold w" },
    { "endmove 1", NULL },
    { "win 1", "1 does not know the deal yet" },
    { "announce r@1", NULL },
    { "announce w@1", "w@1 is false at the actual world" },
  };

  /* Nothing chosen yet. */
  why = kv_step_draft_check (draft, hexa, &step);
  g_assert_cmpstr (why, ==, "Choose the step’s parts.");
  g_assert_null (step);
  g_clear_pointer (&why, g_free);
  kv_step_draft_set_kind (draft, KV_STEP_ANNOUNCE);
  kv_step_draft_set_formula (draft, "  ");
  why = kv_step_draft_check (draft, hexa, NULL);
  g_assert_cmpstr (why, ==, "Type the formula to announce.");
  g_clear_pointer (&why, g_free);
  /* A formula that does not parse: the parser's message. */
  kv_step_draft_set_formula (draft, "K{1} (w@1");
  why = kv_step_draft_check (draft, hexa, NULL);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, "“)”"));
  g_clear_pointer (&why, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *reason = NULL;
      g_autoptr(KvStepDraft) d = kv_step_draft_new_from_text (kv_state_game (hexa), cases[i].text, NULL);
      g_autoptr(KvStep) s = NULL;

      g_test_message ("%s", cases[i].text);
      g_assert_nonnull (d);
      reason = kv_step_draft_check (d, hexa, &s);
      if (cases[i].reason == NULL)
        {
          g_autofree char *line = NULL;

          g_assert_null (reason);
          g_assert_nonnull (s);
          line = kv_step_to_string (s);
          g_assert_cmpstr (line, ==, cases[i].text);
        }
      else
        {
          g_assert_nonnull (reason);
          g_assert_null (s);
          g_assert_nonnull (strstr (reason, cases[i].reason));
        }
    }

  /* Hexa has no custom actions, twocards has. */
  g_assert_cmpstr (kv_step_draft_kind_reason (kv_state_game (hexa), KV_STEP_DO), ==, "This game declares no custom actions.");
  g_assert_null (kv_step_draft_kind_reason (kv_state_game (hexa), KV_STEP_NOCARD));
  {
    g_autoptr(KvState) twocards = initial ("twocards");

    g_assert_null (kv_step_draft_kind_reason (kv_state_game (twocards), KV_STEP_DO));
  }
}

/* Each choice the form offers, with the reason it would be refused. */
static void
test_choices_hexa (void)
{
  g_autoptr(KvState) hexa = initial ("hexa");
  g_autoptr(KvStepDraft) nocard = kv_step_draft_new_from_text (kv_state_game (hexa), "nocard 1 w", NULL);
  g_autoptr(KvStepDraft) showcard = kv_step_draft_new_from_text (kv_state_game (hexa), "showcard 1 -> 2 r of r w", NULL);
  g_autoptr(KvStepDraft) empty = kv_step_draft_new (kv_state_game (hexa), KV_STEP_NOCARD);
  g_autofree char *why = NULL;

  /* nocard _ w: 2 holds w. */
  g_assert_null (kv_step_draft_check_choice (nocard, hexa, KV_STEP_DRAFT_AGENT, 0, 0));
  why = kv_step_draft_check_choice (nocard, hexa, KV_STEP_DRAFT_AGENT, 0, 1);
  g_assert_cmpstr (why, ==, "2 holds w");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_choice (nocard, hexa, KV_STEP_DRAFT_AGENT, 0, 2));

  /* Its chips: r cannot be added (1 holds it), b can, w can go (no
   * card is no step: "choose"). */
  why = kv_step_draft_check_card (nocard, hexa, 0, TRUE);
  g_assert_cmpstr (why, ==, "1 holds r");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_card (nocard, hexa, 2, TRUE));
  why = kv_step_draft_check_card (nocard, hexa, 1, TRUE);
  g_assert_cmpstr (why, ==, "Choose the step’s parts.");
  g_clear_pointer (&why, g_free);
  /* A draft false as it stands: its cards may be taken away. */
  nocard->cards |= KV_CARD_BIT (0);
  g_assert_null (kv_step_draft_check_card (nocard, hexa, 0, FALSE));
  nocard->cards &= ~KV_CARD_BIT (0);

  /* showcard 1 -> _ r: not to itself; 2 and 3 are fine. */
  why = kv_step_draft_check_choice (showcard, hexa, KV_STEP_DRAFT_TARGET, 0, 0);
  g_assert_cmpstr (why, ==, "an agent cannot show a card to itself");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_choice (showcard, hexa, KV_STEP_DRAFT_TARGET, 0, 2));
  /* showcard 1 -> 2 _ of r w: 1 holds r only; b is not asked for. */
  why = kv_step_draft_check_choice (showcard, hexa, KV_STEP_DRAFT_SLOT, 0, 1);
  g_assert_cmpstr (why, ==, "1 does not hold w");
  g_clear_pointer (&why, g_free);
  why = kv_step_draft_check_choice (showcard, hexa, KV_STEP_DRAFT_SLOT, 0, 2);
  g_assert_cmpstr (why, ==, "b is not among the requested cards");
  g_clear_pointer (&why, g_free);
  /* Its request: r, the card shown, stays asked for; b may be added. */
  why = kv_step_draft_check_card (showcard, hexa, 0, TRUE);
  g_assert_cmpstr (why, ==, "r is not among the requested cards");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_card (showcard, hexa, 2, TRUE));

  /* What the form completes by itself. */
  g_assert_cmpint (kv_step_draft_complete_card (showcard, hexa), ==, -1);
  showcard->cards = KV_CARD_BIT (1);
  g_assert_cmpint (kv_step_draft_complete_card (showcard, hexa), ==, 0);   /* r, the card shown */
  g_assert_cmpint (kv_step_draft_complete_card (nocard, hexa), ==, -1);    /* it has a card */
  empty->agent = 0;
  g_assert_cmpint (kv_step_draft_complete_card (empty, hexa), ==, 1);      /* 1 holds r: w */
  empty->agent = 1;
  g_assert_cmpint (kv_step_draft_complete_card (empty, hexa), ==, 0);      /* 2 holds w: r */
}

/* Clue 11: the initial model, and the state before 1 wins. */
static void
test_refusals_clue11 (void)
{
  g_autoptr(KvHistory) history = test_open_history ("clue11");
  KvState *start = kv_history_get (history, 0)->state;
  KvState *knows = NULL;
  g_autoptr(KvStepDraft) endmove = NULL;
  g_autoptr(KvStepDraft) suggest = NULL;
  g_autoptr(KvStepDraft) nocard = NULL;
  g_autofree char *why = NULL;

  g_assert_cmpuint (kv_state_count_worlds (start), ==, 47040);
  /* After "suggest 1 lead Mustard" nobody could show: 1 knows the envelope. */
  for (guint i = 0; i < kv_history_length (history); i++)
    if (kv_history_get (history, i)->step != NULL &&
        g_strcmp0 (kv_history_get (history, i)->step->text, "suggest 1 lead Mustard") == 0)
      knows = kv_history_get (history, i)->state;
  g_assert_nonnull (knows);

  why = check_text (start, "nocard 1 axe");
  g_assert_cmpstr (why, ==, "1 holds axe");
  g_clear_pointer (&why, g_free);
  why = check_text (start, "showcard 2 -> 1 candle of candle Plum");
  g_assert_cmpstr (why, ==, "2 does not hold candle");
  g_clear_pointer (&why, g_free);
  g_assert_null (check_text (start, "showcard 2 -> 1 Plum of candle Plum"));
  g_assert_null (check_text (start, "suggest 1 candle Plum"));
  why = check_text (start, "win 1");
  g_assert_cmpstr (why, ==, "1 does not know the envelope yet");
  g_clear_pointer (&why, g_free);

  why = check_text (knows, "endmove 1");
  g_assert_cmpstr (why, ==, "1 knows the envelope, so it can win");
  g_clear_pointer (&why, g_free);
  g_assert_null (check_text (knows, "win 1"));

  /* The players for endmove: 1 cannot, 2 and 3 can. */
  endmove = kv_step_draft_new_from_text (kv_state_game (knows), "endmove 2", NULL);
  why = kv_step_draft_check_choice (endmove, knows, KV_STEP_DRAFT_AGENT, 0, 0);
  g_assert_cmpstr (why, ==, "1 knows the envelope, so it can win");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_choice (endmove, knows, KV_STEP_DRAFT_AGENT, 0, 2));

  /* Suggest's weapon slot: any weapon is fine. */
  suggest = kv_step_draft_new_from_text (kv_state_game (start), "suggest 3 rope Green", NULL);
  for (guint c = 0; c < kv_state_game (start)->n_cards; c++)
    if (kv_step_draft_slot_offers (suggest, 0, c))
      g_assert_null (kv_step_draft_check_choice (suggest, start, KV_STEP_DRAFT_SLOT, 0, c));

  /* Nocard 2 of nothing yet: the first card 2 does not hold is axe; 2's
   * own cards cannot be added. */
  nocard = kv_step_draft_new (kv_state_game (start), KV_STEP_NOCARD);
  nocard->agent = 1;
  g_assert_cmpint (kv_step_draft_complete_card (nocard, start), ==, kv_game_find_card (kv_state_game (start), "axe"));
  nocard->cards = KV_CARD_BIT (kv_game_find_card (kv_state_game (start), "axe"));
  why = kv_step_draft_check_card (nocard, start, kv_game_find_card (kv_state_game (start), "Plum"), TRUE);
  g_assert_cmpstr (why, ==, "2 holds Plum");
  g_clear_pointer (&why, g_free);
  g_assert_null (kv_step_draft_check_card (nocard, start, kv_game_find_card (kv_state_game (start), "lead"), TRUE));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/step-draft/kinds-are-keywords", test_kinds_are_keywords);
  g_test_add_func ("/step-draft/unknown-step", test_unknown_step);
  g_test_add_func ("/step-draft/parts", test_parts);
  g_test_add_func ("/step-draft/round-trips", test_round_trips);
  g_test_add_func ("/step-draft/fields", test_fields);
  g_test_add_func ("/step-draft/refusals-hexa", test_refusals_hexa);
  g_test_add_func ("/step-draft/choices-hexa", test_choices_hexa);
  g_test_add_func ("/step-draft/refusals-clue11", test_refusals_clue11);

  return g_test_run ();
}
