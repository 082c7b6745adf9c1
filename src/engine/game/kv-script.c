// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-script"
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-action-model.h"
#include "kv-error.h"
#include "kv-narration.h"
#include "kv-parse-private.h"
#include "kv-partition.h"
#include "kv-read.h"
#include "kv-script.h"
#include "kv-games-resources.h"

#define GAMES_PATH "/org/kripkeviz/games/"
#define MAX_SCRIPT_SIZE KV_READ_MAX_BYTES
#define UTF8_BOM "\xEF\xBB\xBF"
/* Checking `do A e` checks every precondition of A, and those may name
 * other actions: the count of preconditions one `do` checks, through every
 * action it names, is at most this (else a few lines could take years). */
#define MAX_ACTION_WEIGHT 10000
/* Names are looked up by a linear search: bound what a script declares. */
#define MAX_ACTIONS 256
#define MAX_EVENTS 1024
/* Each step keeps a model in the history. */
#define MAX_STEPS 10000

/* One line of the script, comment stripped, with its place. */
typedef struct {
  guint  number;
  guint  indent;   /* characters of white space before text, for columns */
  char  *text;
} Line;

typedef struct {
  const char *filename;
  KvScript   *script;
  GError    **error;

  Line *title, *agents, *cards_lines[KV_MAX_CARDS + 1], *envelope, *hands, *deal, *responders;
  guint n_cards_lines;
  GPtrArray *action_lines;   /* Line*: from "action" to "end" inclusive, in order */
  GHashTable *action_weights; /* KvActionModel* → preconditions one `do` of it checks */
} Reader;

/* Sets the error "FILE:LINE:COL: error: MESSAGE" from @inner. */
static gboolean
fail_at (Reader *r, const Line *line, guint column, GError *inner)
{
  g_autofree char *message = kv_read_shorten (inner->message);

  g_set_error (r->error, KV_ERROR, inner->code, "%s:%u:%u: error: %s",
               r->filename, line ? line->number : 1, column ? column : 1, message);
  g_error_free (inner);
  return FALSE;
}

static gboolean
fail (Reader *r, const Line *line, guint column, int code, const char *format, ...) G_GNUC_PRINTF (5, 6);

static gboolean
fail (Reader *r, const Line *line, guint column, int code, const char *format, ...)
{
  va_list args;
  GError *inner;

  va_start (args, format);
  inner = g_error_new_valist (KV_ERROR, code, format, args);
  va_end (args);
  return fail_at (r, line, column, inner);
}

/* The same, at the lexer's current token. */
#define fail_lexer(r, line, lexer, ...) fail (r, line, (lexer)->token.column, __VA_ARGS__)

/* Starts lexing a directive's arguments (after its keyword). */
static void
lex_arguments (KvLexer *lexer, const Line *line)
{
  kv_lexer_init (lexer, line->text, 1 + line->indent);
  kv_lexer_next (lexer);
}

static gboolean
expect_end (Reader *r, const Line *line, KvLexer *lexer)
{
  g_autofree char *found = kv_lexer_dup (lexer);

  if (lexer->token.kind == KV_TOKEN_END)
    return TRUE;
  return fail_lexer (r, line, lexer, KV_ERROR_SYNTAX, _("unexpected “%s”"), found);
}

/* Words a step or a formula reads as keywords, and the step keywords
 * (kv-step.h): an agent or card with one of these names could be declared
 * but never named afterwards. */
static const char *const reserved_names[] = { "of", "true", "false" };

static gboolean
is_reserved (const char *name)
{
  if (kv_step_kind_from_keyword (name, -1, NULL))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (reserved_names); i++)
    if (g_str_equal (name, reserved_names[i]))
      return TRUE;
  return FALSE;
}

/* A list of new, distinct names: agents, cards. */
static gboolean
read_names (Reader *r, const Line *line, KvLexer *lexer, GPtrArray *names, guint limit, const char *what)
{
  while (lexer->token.kind == KV_TOKEN_NAME)
    {
      g_autofree char *name = kv_lexer_dup (lexer);

      if (g_utf8_strlen (name, -1) > KV_MAX_NAME_LENGTH)
        return fail_lexer (r, line, lexer, KV_ERROR_LIMIT, _("a name has at most %d characters"), KV_MAX_NAME_LENGTH);
      for (guint i = 0; i < names->len; i++)
        if (g_strcmp0 (g_ptr_array_index (names, i), name) == 0)
          return fail_lexer (r, line, lexer, KV_ERROR_SYNTAX, _("“%s” is named twice"), name);
      if (g_strcmp0 (name, "env") == 0)
        return fail_lexer (r, line, lexer, KV_ERROR_SYNTAX, _("“env” is reserved for the envelope"));
      if (is_reserved (name))
        return fail_lexer (r, line, lexer, KV_ERROR_SYNTAX,
                           _("“%s” is a reserved word of the script language: choose another name"), name);
      if (names->len == limit)
        return fail_lexer (r, line, lexer, KV_ERROR_LIMIT, _("at most %u %s are allowed"), limit, what);
      g_ptr_array_add (names, g_steal_pointer (&name));
      kv_lexer_next (lexer);
    }
  return TRUE;
}

static char **
steal_strv (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

static gboolean
read_agents (Reader *r)
{
  KvGame *game = r->script->game;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  KvLexer lexer;

  if (r->agents == NULL)
    return fail (r, NULL, 1, KV_ERROR_GAME, _("the script has no “agents” line"));
  lex_arguments (&lexer, r->agents);
  if (!read_names (r, r->agents, &lexer, names, KV_MAX_AGENTS, _("agents")) || !expect_end (r, r->agents, &lexer))
    return FALSE;
  if (names->len == 0)
    return fail (r, r->agents, 7, KV_ERROR_SYNTAX, _("expected at least one agent"));
  game->n_agents = names->len;
  game->agent_names = steal_strv (g_steal_pointer (&names));
  return TRUE;
}

/* "category NAME: cards…" and "cards …" lines, in the order written. */
static gboolean
read_cards (Reader *r)
{
  KvGame *game = r->script->game;
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) card_category = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < r->n_cards_lines; i++)
    {
      const Line *line = r->cards_lines[i];
      int category = KV_NO_CATEGORY;
      guint before;
      KvLexer lexer;

      lex_arguments (&lexer, line);
      if (g_str_has_prefix (line->text, "category"))
        {
          g_autofree char *name = kv_lexer_dup (&lexer);

          if (lexer.token.kind != KV_TOKEN_NAME)
            return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected a category name"));
          if (g_utf8_strlen (name, -1) > KV_MAX_NAME_LENGTH)
            return fail_lexer (r, line, &lexer, KV_ERROR_LIMIT, _("a name has at most %d characters"),
                               KV_MAX_NAME_LENGTH);
          for (guint k = 0; k < categories->len; k++)
            if (g_strcmp0 (g_ptr_array_index (categories, k), name) == 0)
              return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("category “%s” is declared twice"), name);
          category = (int) categories->len;
          g_ptr_array_add (categories, g_steal_pointer (&name));
          kv_lexer_next (&lexer);
          if (lexer.token.kind != KV_TOKEN_COLON)
            return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected “:” after the category name"));
          kv_lexer_next (&lexer);
        }
      before = cards->len;
      if (!read_names (r, line, &lexer, cards, KV_MAX_CARDS, _("cards")) || !expect_end (r, line, &lexer))
        return FALSE;
      if (cards->len == before)
        return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected at least one card"));
      for (guint c = before; c < cards->len; c++)
        g_array_append_val (card_category, category);
    }
  if (cards->len == 0)
    return fail (r, NULL, 1, KV_ERROR_GAME, _("the script has no cards (add a “cards” or “category” line)"));

  game->n_cards = cards->len;
  game->card_names = steal_strv (g_steal_pointer (&cards));
  game->n_categories = categories->len;
  game->category_names = steal_strv (g_steal_pointer (&categories));
  game->card_category = (int *) g_array_free (g_steal_pointer (&card_category), FALSE);
  return TRUE;
}

static gboolean
read_envelope (Reader *r)
{
  KvGame *game = r->script->game;
  KvLexer lexer;

  if (r->envelope == NULL)
    return TRUE;
  lex_arguments (&lexer, r->envelope);
  while (lexer.token.kind == KV_TOKEN_NAME)
    {
      g_autofree char *name = kv_lexer_dup (&lexer);
      int k = kv_game_find_category (game, name);

      if (k < 0)
        return fail_lexer (r, r->envelope, &lexer, KV_ERROR_NAME, _("unknown category “%s”"), name);
      if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << k))
        return fail_lexer (r, r->envelope, &lexer, KV_ERROR_SYNTAX, _("category “%s” is named twice"), name);
      game->envelope_categories |= G_GUINT64_CONSTANT (1) << k;
      kv_lexer_next (&lexer);
    }
  if (!expect_end (r, r->envelope, &lexer))
    return FALSE;
  if (game->envelope_categories == 0)
    return fail (r, r->envelope, 9, KV_ERROR_SYNTAX, _("expected the categories the envelope holds one card of"));
  game->has_envelope = TRUE;
  return TRUE;
}

static gboolean
read_hands (Reader *r)
{
  KvGame *game = r->script->game;
  guint total = 0, n = 0;
  guint envelope = game->has_envelope ? (guint) __builtin_popcountll (game->envelope_categories) : 0;
  KvLexer lexer;

  if (r->hands == NULL)
    return fail (r, NULL, 1, KV_ERROR_GAME, _("the script has no “hands” line"));
  game->hand_sizes = g_new0 (guint, game->n_agents);
  lex_arguments (&lexer, r->hands);
  while (lexer.token.kind == KV_TOKEN_NAME)
    {
      g_autofree char *text = kv_lexer_dup (&lexer);
      guint64 size;

      if (!g_ascii_string_to_unsigned (text, 10, 0, KV_MAX_CARDS, &size, NULL))
        return fail_lexer (r, r->hands, &lexer, KV_ERROR_SYNTAX, _("“%s” is not a hand size"), text);
      if (n == game->n_agents)
        return fail_lexer (r, r->hands, &lexer, KV_ERROR_GAME,
                           _("there are %u agents, but more hand sizes"), game->n_agents);
      game->hand_sizes[n++] = (guint) size;
      total += (guint) size;
      kv_lexer_next (&lexer);
    }
  if (!expect_end (r, r->hands, &lexer))
    return FALSE;
  if (n != game->n_agents)
    return fail (r, r->hands, 1, KV_ERROR_GAME, _("there are %u agents, but %u hand sizes"), game->n_agents, n);
  if (total + envelope != game->n_cards)
    return fail (r, r->hands, 1, KV_ERROR_GAME,
                 _("hands do not add up: the hands hold %u cards and the envelope %u, but there are %u cards"),
                 total, envelope, game->n_cards);
  return TRUE;
}

static gboolean
read_deal (Reader *r)
{
  KvGame *game = r->script->game;
  int owner = -1;
  KvLexer lexer;
  GError *inner = NULL;

  if (r->deal == NULL)
    return fail (r, NULL, 1, KV_ERROR_GAME, _("the script has no “deal” line"));
  game->deal = g_new0 (KvHand, kv_game_n_owners (game));
  lex_arguments (&lexer, r->deal);
  while (lexer.token.kind == KV_TOKEN_NAME)
    {
      g_autofree char *name = kv_lexer_dup (&lexer);
      KvLexer after = lexer;

      kv_lexer_next (&after);
      if (after.token.kind == KV_TOKEN_COLON)
        {
          owner = kv_game_find_owner (game, name);
          if (owner < 0)
            return fail_lexer (r, r->deal, &lexer, KV_ERROR_NAME, _("unknown owner “%s”"), name);
          lexer = after;
          kv_lexer_next (&lexer);
          continue;
        }
      if (owner < 0)
        return fail_lexer (r, r->deal, &lexer, KV_ERROR_SYNTAX, _("expected an owner, as in “deal 1: r 2: w”"));
      {
        int card = kv_game_find_card (game, name);

        if (card < 0)
          return fail_lexer (r, r->deal, &lexer, KV_ERROR_NAME, _("unknown card “%s”"), name);
        for (guint o = 0; o < kv_game_n_owners (game); o++)
          if (game->deal[o] & KV_CARD_BIT (card))
            return fail_lexer (r, r->deal, &lexer, KV_ERROR_GAME, _("the deal gives %s twice"), name);
        game->deal[owner] |= KV_CARD_BIT (card);
      }
      kv_lexer_next (&lexer);
    }
  if (!expect_end (r, r->deal, &lexer))
    return FALSE;
  if (!kv_game_validate (game, &inner))
    return fail_at (r, r->deal, 1, inner);
  return TRUE;
}

static gboolean
read_responders (Reader *r)
{
  KvLexer lexer;

  if (r->responders == NULL)
    return TRUE;
  lex_arguments (&lexer, r->responders);
  if (kv_lexer_is_name (&lexer, "clockwise"))
    r->script->game->responders = KV_RESPONDERS_CLOCKWISE;
  else if (kv_lexer_is_name (&lexer, "next"))
    r->script->game->responders = KV_RESPONDERS_NEXT;
  else
    return fail_lexer (r, r->responders, &lexer, KV_ERROR_SYNTAX, _("expected “clockwise” or “next”"));
  kv_lexer_next (&lexer);
  return expect_end (r, r->responders, &lexer);
}

/* An "agent A: e1 e2 | e3" line: the blocks of events A cannot tell apart;
 * "all" (one block) or "each" (every event apart). Events left out are
 * told apart from every other. */
static gboolean
read_agent_blocks (Reader *r, const Line *line, KvActionModel *am, guint32 *seen_agents)
{
  KvGame *game = r->script->game;
  KvLexer lexer;
  guint agent, column = 1, block;
  GError *inner = NULL;
  g_autofree gboolean *placed = g_new0 (gboolean, am->n_events);

  lex_arguments (&lexer, line);
  if (!kv_parse_agent (&lexer, game, &agent, &column, &inner))
    return fail_at (r, line, column, inner);
  if (*seen_agents & (1u << agent))
    return fail (r, line, 7, KV_ERROR_SYNTAX, _("agent %s has two lines in action %s"),
                 game->agent_names[agent], am->name);
  *seen_agents |= 1u << agent;
  if (lexer.token.kind != KV_TOKEN_COLON)
    return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected “:” after the agent"));
  kv_lexer_next (&lexer);

  if (kv_lexer_is_name (&lexer, "all") || kv_lexer_is_name (&lexer, "each"))
    {
      gboolean all = kv_lexer_is_name (&lexer, "all");

      for (guint e = 0; e < am->n_events; e++)
        am->cls[agent * am->n_events + e] = all ? 0 : e;
      kv_lexer_next (&lexer);
      return expect_end (r, line, &lexer);
    }

  /* Blocks get ids from n_events on, so that singletons (id = event) stay apart. */
  block = am->n_events;
  for (guint e = 0; e < am->n_events; e++)
    am->cls[agent * am->n_events + e] = e;
  while (lexer.token.kind != KV_TOKEN_END)
    {
      if (lexer.token.kind == KV_TOKEN_OR)
        {
          block++;
          kv_lexer_next (&lexer);
          continue;
        }
      {
        g_autofree char *name = kv_lexer_dup (&lexer);
        int e = lexer.token.kind == KV_TOKEN_NAME ? kv_action_model_find_event (am, name) : -1;

        if (e < 0)
          return fail_lexer (r, line, &lexer, KV_ERROR_NAME, _("%s has no event “%s”"), am->name, name);
        if (placed[e])
          return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("event %s is in two blocks"), name);
        placed[e] = TRUE;
        am->cls[agent * am->n_events + e] = block;
      }
      kv_lexer_next (&lexer);
    }
  /* The product update pairs classes as world class × n_events + event
   * class, so event classes must be below n_events. */
  kv_densify_u32 (am->cls + agent * am->n_events, am->n_events);
  return TRUE;
}

static guint action_weight (Reader *r, const KvActionModel *am);

/* The preconditions that checking @f checks through the `do` steps in it. */
static guint64
formula_weight (Reader *r, const KvFormula *f)
{
  guint64 weight = 0;

  if (f == NULL)
    return 0;
  if (f->step != NULL && f->step->kind == KV_STEP_DO)
    weight += action_weight (r, f->step->action);
  else if (f->step != NULL && f->step->kind == KV_STEP_ANNOUNCE)
    weight += formula_weight (r, f->step->formula);
  weight += formula_weight (r, f->left);
  weight += formula_weight (r, f->right);
  return weight;
}

static guint
action_weight (Reader *r, const KvActionModel *am)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (r->action_weights, am));
}

/* action NAME / event E: FORMULA … / agent A: blocks … / end */
static gboolean
read_action (Reader *r, guint first, guint last)
{
  KvGame *game = r->script->game;
  Line **lines = (Line **) r->action_lines->pdata;
  g_autoptr(GPtrArray) events = g_ptr_array_new ();
  g_autoptr(KvActionModel) am = NULL;
  g_autofree char *name = NULL;
  guint32 seen_agents = 0;
  guint64 weight;
  KvLexer lexer;

  lex_arguments (&lexer, lines[first]);
  name = kv_lexer_dup (&lexer);
  if (lexer.token.kind != KV_TOKEN_NAME)
    return fail_lexer (r, lines[first], &lexer, KV_ERROR_SYNTAX, _("expected the action model's name"));
  if (kv_game_find_action (game, name) != NULL)
    return fail_lexer (r, lines[first], &lexer, KV_ERROR_SYNTAX, _("action “%s” is declared twice"), name);
  if (game->actions->len == MAX_ACTIONS)
    return fail (r, lines[first], 1, KV_ERROR_LIMIT, _("a script declares at most %d actions"), MAX_ACTIONS);
  kv_lexer_next (&lexer);
  if (!expect_end (r, lines[first], &lexer))
    return FALSE;

  for (guint i = first + 1; i < last; i++)
    if (g_str_has_prefix (lines[i]->text, "event"))
      g_ptr_array_add (events, lines[i]);
  if (events->len == 0)
    return fail (r, lines[first], 1, KV_ERROR_SYNTAX, _("action %s has no events"), name);
  if (events->len > MAX_EVENTS)
    return fail (r, g_ptr_array_index (events, MAX_EVENTS), 1, KV_ERROR_LIMIT,
                 _("action %s has more than %d events"), name, MAX_EVENTS);

  am = kv_action_model_new (name, game->n_agents, events->len);
  weight = 0;
  for (guint e = 0; e < events->len; e++)
    {
      const Line *line = g_ptr_array_index (events, e);
      g_autofree char *event = NULL;
      const char *precondition;
      guint column = 1, precondition_column;
      GError *inner = NULL;

      lex_arguments (&lexer, line);
      event = kv_lexer_dup (&lexer);
      if (lexer.token.kind != KV_TOKEN_NAME)
        return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected the event's name"));
      if (g_strcmp0 (event, "all") == 0 || g_strcmp0 (event, "each") == 0)
        return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("“%s” is reserved"), event);
      if (kv_action_model_find_event (am, event) >= 0)
        return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("event “%s” is declared twice"), event);
      kv_lexer_next (&lexer);
      if (lexer.token.kind != KV_TOKEN_COLON)
        return fail_lexer (r, line, &lexer, KV_ERROR_SYNTAX, _("expected “:” and the event's precondition"));
      kv_lexer_next (&lexer);
      precondition = lexer.token.start;
      precondition_column = lexer.token.column;
      am->pre[e] = kv_parse_formula (&lexer, game, &column, &inner);
      if (am->pre[e] == NULL)
        return fail_at (r, line, column, inner);
      weight += 1 + formula_weight (r, am->pre[e]);
      if (weight > MAX_ACTION_WEIGHT)
        return fail (r, line, 1, KV_ERROR_LIMIT,
                     _("action %s nests other actions too much: one “do %s” would check more than %d preconditions"),
                     name, name, MAX_ACTION_WEIGHT);
      if (!expect_end (r, line, &lexer))
        return FALSE;
      /* As long as a step may be (KV_MAX_STEP_LENGTH): it is drawn. */
      if (g_utf8_strlen (precondition, -1) > KV_MAX_STEP_LENGTH)
        return fail (r, line, precondition_column, KV_ERROR_LIMIT,
                     _("an event's precondition has at most %d characters"), KV_MAX_STEP_LENGTH);
      am->event_names[e] = g_steal_pointer (&event);
    }

  for (guint i = first + 1; i < last; i++)
    {
      const Line *line = lines[i];

      if (g_str_has_prefix (line->text, "event"))
        continue;
      if (!g_str_has_prefix (line->text, "agent ") && !g_str_has_prefix (line->text, "agent\t"))
        return fail (r, line, 1, KV_ERROR_SYNTAX,
                     _("expected “event NAME: FORMULA”, “agent A: BLOCKS” or “end” in action %s"), name);
      if (!read_agent_blocks (r, line, am, &seen_agents))
        return FALSE;
    }
  for (guint a = 0; a < game->n_agents; a++)
    if (!(seen_agents & (1u << a)))
      return fail (r, lines[first], 1, KV_ERROR_SYNTAX,
                   _("action %s has no line for agent %s (write “agent %s: all” if it cannot tell the events apart, “agent %s: each” if it tells them all apart)"),
                   name, game->agent_names[a], game->agent_names[a], game->agent_names[a]);

  g_hash_table_insert (r->action_weights, am, GUINT_TO_POINTER ((guint) weight));
  g_ptr_array_add (game->actions, g_steal_pointer (&am));
  return TRUE;
}

static gboolean
read_actions (Reader *r)
{
  Line **lines = (Line **) r->action_lines->pdata;
  guint first = 0;

  for (guint i = 0; i < r->action_lines->len; i++)
    {
      if (g_str_has_prefix (lines[i]->text, "action"))
        first = i;
      else if (g_strcmp0 (lines[i]->text, "end") == 0 && !read_action (r, first, i))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_word (const char *text, const char *word)
{
  gsize n = strlen (word);

  return strncmp (text, word, n) == 0 && (text[n] == '\0' || text[n] == ' ' || text[n] == '\t');
}

static gboolean
is_step (const char *text)
{
  if (text[0] == '!')  /* !φ: the public announcement */
    return TRUE;
  return kv_step_kind_from_keyword (text, strcspn (text, " \t"), NULL);
}

/* Sorts a header line into its slot; a directive given twice is an error. */
static gboolean
sort_header_line (Reader *r, Line *line)
{
  struct { const char *word; Line **slot; } singles[] = {
    { "title", &r->title }, { "agents", &r->agents }, { "envelope", &r->envelope },
    { "hands", &r->hands }, { "deal", &r->deal }, { "responders", &r->responders },
  };

  for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
    if (is_word (line->text, singles[i].word))
      {
        if (*singles[i].slot != NULL)
          return fail (r, line, 1, KV_ERROR_SYNTAX, _("a second “%s” line (the first is line %u)"),
                       singles[i].word, (*singles[i].slot)->number);
        *singles[i].slot = line;
        return TRUE;
      }
  if (is_word (line->text, "category") || is_word (line->text, "cards"))
    {
      if (r->n_cards_lines == G_N_ELEMENTS (r->cards_lines))
        return fail (r, line, 1, KV_ERROR_LIMIT, _("too many card lines"));
      r->cards_lines[r->n_cards_lines++] = line;
      return TRUE;
    }
  {
    g_autofree char *word = g_strndup (line->text, strcspn (line->text, " \t"));
    g_autofree char *steps = kv_step_kind_keywords (", ");

    /* TRANSLATORS: the first %s is the word found, the second the step
     * keywords ("nocard, showcard, …"); the keywords stay as they are */
    return fail (r, line, 1, KV_ERROR_SYNTAX,
                 _("unknown directive “%s” (header: title, agents, category, cards, envelope, hands, deal, responders, action; steps: %s)"),
                 word, steps);
  }
}

static void
line_free (Line *line)
{
  g_free (line->text);
  g_free (line);
}

/* The lines of @text: a UTF-8 byte-order mark is skipped, and "\r\n", "\r"
 * (old Mac editors) and "\n" all end a line. */
static GStrv
split_lines (const char *text, gsize length)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  const char *end = text + length;
  const char *start;

  if (length >= 3 && memcmp (text, UTF8_BOM, 3) == 0)
    text += 3;
  start = text;
  for (const char *p = text; p <= end; p++)
    if (p == end || *p == '\n' || *p == '\r')
      {
        g_autofree char *line = g_strndup (start, (gsize) (p - start));

        g_strv_builder_add (lines, line);
        if (p < end - 1 && p[0] == '\r' && p[1] == '\n')
          p++;
        start = p + 1;
      }
  return g_strv_builder_end (lines);
}

/* Sorts the script's lines: the header's into their slots, actions',
 * steps' and a lesson's (kv-narration.h) into their lists. */
static gboolean
sort_lines (Reader *r, GStrv raw, GPtrArray *lines, GPtrArray *step_lines, GPtrArray *lesson_lines)
{
  gboolean in_action = FALSE;
  Line *action_start = NULL;

  for (guint i = 0; raw[i] != NULL; i++)
    {
      Line *line;
      char *hash = strchr (raw[i], '#');

      if (hash != NULL)
        *hash = '\0';
      line = g_new (Line, 1);
      line->indent = (guint) strspn (raw[i], " \t");
      g_strstrip (raw[i]);
      if (raw[i][0] == '\0')
        {
          g_free (line);
          continue;
        }
      line->number = i + 1;
      line->text = g_strdup (raw[i]);
      g_ptr_array_add (lines, line);

      if (in_action)
        {
          g_ptr_array_add (r->action_lines, line);
          in_action = g_strcmp0 (line->text, "end") != 0;
        }
      else if (is_word (line->text, "action"))
        {
          if (step_lines->len > 0)
            return fail (r, line, 1, KV_ERROR_SYNTAX, _("actions are declared in the header, before the first step"));
          g_ptr_array_add (r->action_lines, line);
          in_action = TRUE;
          action_start = line;
        }
      else if (kv_narration_is_line (line->text))
        {
          KvNarrationLine *said = g_new (KvNarrationLine, 1);

          *said = (KvNarrationLine) { line->number, line->indent, line->text, step_lines->len };
          g_ptr_array_add (lesson_lines, said);
        }
      else if (is_step (line->text))
        {
          if (step_lines->len == MAX_STEPS)
            return fail (r, line, 1, KV_ERROR_LIMIT, _("a script has at most %d steps"), MAX_STEPS);
          g_ptr_array_add (step_lines, line);
        }
      else if (step_lines->len > 0)
        {
          if (is_word (line->text, "end"))
            return fail (r, line, 1, KV_ERROR_SYNTAX, _("“end” without “action”"));
          return fail (r, line, 1, KV_ERROR_SYNTAX, _("header lines come before the first step (line %u)"),
                       ((Line *) g_ptr_array_index (step_lines, 0))->number);
        }
      else if (!sort_header_line (r, line))
        return FALSE;
    }
  if (in_action)
    return fail (r, action_start, 1, KV_ERROR_SYNTAX, _("this action has no “end” line"));
  return TRUE;
}

static gboolean
read_steps (Reader *r, GPtrArray *step_lines)
{
  KvScript *script = r->script;

  for (guint i = 0; i < step_lines->len; i++)
    {
      const Line *line = g_ptr_array_index (step_lines, i);
      guint column = 1;
      GError *inner = NULL;
      KvStep *step = kv_step_parse (script->game, line->text, &column, &inner);

      if (step == NULL)
        return fail_at (r, line, column + line->indent, inner);
      g_ptr_array_add (script->steps, step);
      g_array_append_val (script->step_lines, line->number);
    }
  return TRUE;
}

static gboolean
check_text (Reader *r, const char *text, gsize length)
{
  g_autofree char *what = NULL;
  Line place = { 0 };

  if (length > MAX_SCRIPT_SIZE)
    return fail (r, NULL, 1, KV_ERROR_LIMIT, _("the script is larger than %d MiB"), MAX_SCRIPT_SIZE / (1024 * 1024));
  /* A NUL byte too is refused, at its place. */
  if (!kv_read_check_utf8 (text, length, &place.number, &place.indent, &what))
    return fail (r, &place, place.indent, KV_ERROR_SYNTAX, _("the script is not UTF-8 text: %s"), what);
  if (!kv_read_check_controls (text, length, &place.number, &place.indent, &what))
    /* TRANSLATORS: %s is the character escaped, as \e or \x07 */
    return fail (r, &place, place.indent, KV_ERROR_SYNTAX, _("a control character (%s) is not text"), what);
  return TRUE;
}

/* The title line's text, or the file's name; at most KV_MAX_TITLE_LENGTH
 * characters. */
static gboolean
read_title (Reader *r)
{
  KvGame *game = r->script->game;

  if (r->title == NULL)
    {
      game->title = g_path_get_basename (r->script->filename);
      return TRUE;
    }
  game->title = g_strdup (g_strstrip (r->title->text + strlen ("title")));
  if (g_utf8_strlen (game->title, -1) > KV_MAX_TITLE_LENGTH)
    return fail (r, r->title, 1, KV_ERROR_LIMIT, _("a title has at most %d characters"), KV_MAX_TITLE_LENGTH);
  return TRUE;
}

KvScript *
kv_script_parse (const char *text, gsize length, const char *filename, GError **error)
{
  g_autoptr(KvScript) script = g_new0 (KvScript, 1);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g_autoptr(GPtrArray) step_lines = g_ptr_array_new ();
  g_autoptr(GPtrArray) lesson_lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) raw = NULL;
  Reader r = { 0 };
  gboolean ok;

  g_return_val_if_fail (text != NULL, NULL);

  script->filename = g_strdup (filename ? filename : "script");
  script->game = kv_game_new ();
  script->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) kv_step_unref);
  script->step_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  r.filename = script->filename;
  r.script = script;
  r.error = error;
  r.action_lines = g_ptr_array_new ();
  r.action_weights = g_hash_table_new (NULL, NULL);

  ok = check_text (&r, text, length);
  if (ok)
    {
      raw = split_lines (text, length);
      ok = sort_lines (&r, raw, lines, step_lines, lesson_lines);
    }
  if (ok)
    {
      ok = read_title (&r) && read_agents (&r) && read_cards (&r) && read_envelope (&r) && read_hands (&r)
           && read_deal (&r) && read_responders (&r) && read_actions (&r) && read_steps (&r, step_lines)
           && kv_narration_read (script->game, script->steps, lesson_lines, script->filename, error);
    }

  g_ptr_array_unref (r.action_lines);
  g_hash_table_unref (r.action_weights);
  return ok ? g_steal_pointer (&script) : NULL;
}

KvScript *
kv_script_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) inner = NULL;

  text = kv_read_file (path, MAX_SCRIPT_SIZE, KV_READ_TIME_MS, &length, &inner);
  if (text == NULL)
    {
      g_autofree char *shown = kv_read_shorten (path);

      g_set_error (error, KV_ERROR, inner->domain == KV_ERROR ? inner->code : KV_ERROR_IO,
                   "%s: error: %s", shown, inner->message);
      return NULL;
    }
  return kv_script_parse (text, length, path, error);
}

static GBytes *
builtin_bytes (const char *name)
{
  g_autofree char *path = g_strconcat (GAMES_PATH, name, ".kvg", NULL);

  return g_resource_lookup_data (kv_games_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}

static int
compare_names (const void *a, const void *b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

GStrv
kv_script_builtin_names (void)
{
  g_auto(GStrv) children = g_resource_enumerate_children (kv_games_get_resource (), GAMES_PATH,
                                                          G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GStrv names;

  for (guint i = 0; children != NULL && children[i] != NULL; i++)
    if (g_str_has_suffix (children[i], ".kvg"))
      {
        g_autofree char *name = g_strndup (children[i], strlen (children[i]) - strlen (".kvg"));
        g_strv_builder_add (builder, name);
      }
  names = g_strv_builder_end (builder);
  qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  return names;
}

char *
kv_script_builtin_title (const char *name)
{
  g_autoptr(GBytes) bytes = builtin_bytes (name);
  g_autoptr(KvScript) script = NULL;
  gsize length;
  const char *text;

  if (bytes == NULL)
    return NULL;
  text = g_bytes_get_data (bytes, &length);
  script = kv_script_parse (text, length, name, NULL);
  return script ? g_strdup (script->game->title) : NULL;
}

gboolean
kv_script_is_builtin_name (const char *name_or_path)
{
  return strchr (name_or_path, '/') == NULL && !g_str_has_suffix (name_or_path, ".kvg");
}

KvScript *
kv_script_open (const char *name_or_path, GError **error)
{
  g_autoptr(GBytes) bytes = NULL;

  if (kv_script_is_builtin_name (name_or_path) && (bytes = builtin_bytes (name_or_path)) != NULL)
    {
      gsize length;
      const char *text = g_bytes_get_data (bytes, &length);

      return kv_script_parse (text, length, name_or_path, error);
    }
  if (strchr (name_or_path, '/') == NULL && g_strcmp0 (name_or_path, "-") != 0
      && !g_file_test (name_or_path, G_FILE_TEST_EXISTS))
    {
      g_auto(GStrv) names = kv_script_builtin_names ();
      g_autofree char *list = g_strjoinv (", ", names);
      g_autofree char *shown = kv_read_shorten (name_or_path);

      g_set_error (error, KV_ERROR, KV_ERROR_IO,
                   _("%s: error: No such file, and not a built-in game (built-in: %s)"),
                   shown, list);
      return NULL;
    }
  return kv_script_load (name_or_path, error);
}

static void
append_names (GString *out, char **names, guint n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %s", names[i]);
}

char *
kv_script_to_text (const KvGame *game, GPtrArray *steps)
{
  GString *out = g_string_new (NULL);
  guint n_owners = kv_game_n_owners (game);
  gboolean loose_cards = FALSE;

  g_string_append_printf (out, "title %s\nagents", game->title);
  append_names (out, game->agent_names, game->n_agents);
  g_string_append_c (out, '\n');
  for (guint k = 0; k < game->n_categories; k++)
    {
      g_string_append_printf (out, "category %s:", game->category_names[k]);
      for (guint c = 0; c < game->n_cards; c++)
        if (game->card_category[c] == (int) k)
          g_string_append_printf (out, " %s", game->card_names[c]);
      g_string_append_c (out, '\n');
    }
  for (guint c = 0; c < game->n_cards; c++)
    if (game->card_category[c] == KV_NO_CATEGORY)
      {
        g_string_append (out, loose_cards ? " " : "cards ");
        g_string_append (out, game->card_names[c]);
        loose_cards = TRUE;
      }
  if (loose_cards)
    g_string_append_c (out, '\n');
  if (game->has_envelope)
    {
      g_string_append (out, "envelope");
      for (guint k = 0; k < game->n_categories; k++)
        if (game->envelope_categories & (G_GUINT64_CONSTANT (1) << k))
          g_string_append_printf (out, " %s", game->category_names[k]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "hands");
  for (guint a = 0; a < game->n_agents; a++)
    g_string_append_printf (out, " %u", game->hand_sizes[a]);
  g_string_append (out, "\ndeal");
  for (guint o = 0; o < n_owners; o++)
    {
      g_autofree char *hand = kv_game_hand_to_string (game, game->deal[o]);
      g_string_append_printf (out, " %s: %s", kv_game_owner_name (game, o), hand);
    }
  g_string_append_c (out, '\n');
  if (game->responders == KV_RESPONDERS_NEXT)
    g_string_append (out, "responders next\n");
  kv_narration_print_header (out, game);

  for (guint i = 0; i < game->actions->len; i++)
    {
      const KvActionModel *am = g_ptr_array_index (game->actions, i);

      g_string_append_printf (out, "action %s\n", am->name);
      for (guint e = 0; e < am->n_events; e++)
        {
          g_autofree char *pre = kv_formula_to_string (game, am->pre[e], TRUE);
          g_string_append_printf (out, "  event %s: %s\n", am->event_names[e], pre);
        }
      for (guint a = 0; a < game->n_agents; a++)
        {
          g_autofree guint8 *done = g_new0 (guint8, am->n_events);
          gboolean first_block = TRUE;

          g_string_append_printf (out, "  agent %s:", game->agent_names[a]);
          for (guint e = 0; e < am->n_events; e++)
            {
              if (done[e])
                continue;
              if (!first_block)
                g_string_append (out, " |");
              first_block = FALSE;
              for (guint f = e; f < am->n_events; f++)
                if (kv_action_model_class (am, a, f) == kv_action_model_class (am, a, e))
                  {
                    done[f] = 1;
                    g_string_append_printf (out, " %s", am->event_names[f]);
                  }
            }
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "end\n");
    }

  for (guint i = 0; steps != NULL && i < steps->len; i++)
    {
      const KvStep *step = g_ptr_array_index (steps, i);
      g_autofree char *line = kv_step_to_string (step);

      kv_narration_print_asks (out, game, step->asks);
      g_string_append_printf (out, "%s\n", line);
      kv_narration_print_says (out, "say", step->say);
    }
  /* The header alone (steps NULL) is no lesson's end. */
  if (steps != NULL)
    kv_narration_print_asks (out, game, game->final_asks);
  return g_string_free (out, FALSE);
}

void
kv_script_free (KvScript *script)
{
  if (script == NULL)
    return;
  g_clear_pointer (&script->steps, g_ptr_array_unref);
  g_clear_pointer (&script->step_lines, g_array_unref);
  g_clear_pointer (&script->game, kv_game_unref);
  g_free (script->filename);
  g_free (script);
}
