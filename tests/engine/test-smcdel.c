// SPDX-License-Identifier: GPL-3.0-or-later
/* test-smcdel.c: what kv_smcdel_write writes, read back by a small reader
 * of SMCDEL's text input and evaluated on the S5 model the knowledge
 * structure stands for (the states are the assignments of VARS that satisfy
 * LAW; an agent cannot tell two apart when they agree on what it OBServes).
 * Its answers must be the engine's: as many states as deals, as many worlds
 * after the announcements, the same truth for every translated formula.
 *
 * The reader takes SMCDEL's grammar (its Parse.y) but at most one binary
 * operator between parentheses: SMCDEL gives & and | one precedence and
 * reads -> to the left, so the writer must never leave a chain unbracketed,
 * and the reader refuses one. */
#include "config.h"

#include "kv-smcdel.h"
#include "kv-test-util.h"

/* Vocabularies of the games here stay small: the reader enumerates 2^VARS. */
#define MAX_VARS 20

typedef enum {
  N_TOP, N_BOT, N_VAR, N_NOT, N_AND, N_OR, N_IMPLIES, N_IFF,
  N_KNOWS, N_WHETHER, N_COMMON, N_BOX, N_DIAMOND,
} NodeKind;

typedef struct _Node Node;
struct _Node {
  NodeKind   kind;
  guint      var;
  guint32    agents;
  GPtrArray *kids;   /* Node* */
};

typedef struct {
  char     kind;     /* 'T' TRUE?, 'V' VALID?, 'W' WHERE? */
  guint64  state;
  Node    *f;
} Job;

typedef struct {
  const char *p;
  guint       n_vars;
  GPtrArray  *agents;     /* char*: the names OBS declares */
  guint64     obs[KV_MAX_AGENTS];
  Node       *law;
  GArray     *jobs;       /* Job */
  GArray     *states;     /* guint64: the assignments satisfying the law (bit v-1 for variable v) */
} Input;

static void
node_free (Node *n)
{
  if (n->kids != NULL)
    g_ptr_array_unref (n->kids);
  g_free (n);
}

static Node *
node_new (NodeKind kind)
{
  Node *n = g_new0 (Node, 1);

  n->kind = kind;
  n->kids = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  return n;
}

static void
skip (Input *in)
{
  for (;;)
    {
      while (g_ascii_isspace (*in->p))
        in->p++;
      if (g_str_has_prefix (in->p, "--"))
        in->p += strcspn (in->p, "\n");
      else
        return;
    }
}

/* Reads @word (a keyword or punctuation); a keyword must end there. */
static gboolean
accept (Input *in, const char *word)
{
  gsize n = strlen (word);

  skip (in);
  if (strncmp (in->p, word, n) != 0)
    return FALSE;
  if (g_ascii_isalnum (word[n - 1]) && g_ascii_isalnum (in->p[n]))
    return FALSE;
  in->p += n;
  return TRUE;
}

static void
expect (Input *in, const char *word)
{
  if (!accept (in, word))
    g_error ("expected “%s” at “%.40s”", word, in->p);
}

static gboolean
read_number (Input *in, guint *value)
{
  char *end;

  skip (in);
  if (!g_ascii_isdigit (*in->p))
    return FALSE;
  *value = (guint) g_ascii_strtoull (in->p, &end, 10);
  in->p = end;
  return TRUE;
}

/* An agent's name, as SMCDEL's lexer reads one: [A-Za-z][A-Za-z0-9]*. */
static char *
read_name (Input *in)
{
  const char *start;

  skip (in);
  if (!g_ascii_isalpha (*in->p))
    return NULL;
  start = in->p;
  while (g_ascii_isalnum (*in->p))
    in->p++;
  return g_strndup (start, (gsize) (in->p - start));
}

static int
find_agent (Input *in, const char *name)
{
  for (guint a = 0; a < in->agents->len; a++)
    if (g_str_equal (g_ptr_array_index (in->agents, a), name))
      return (int) a;
  return -1;
}

static guint
agent_index (Input *in, const char *name)
{
  int a = find_agent (in, name);

  if (a < 0)
    g_error ("agent “%s” is not in OBS", name);
  return (guint) a;
}

static Node *read_form (Input *in);

static Node *
read_unit (Input *in)
{
  const char *save;
  g_autofree char *name = NULL;
  Node *n;
  guint var;

  if (accept (in, "Top"))
    return node_new (N_TOP);
  if (accept (in, "Bot"))
    return node_new (N_BOT);
  if (read_number (in, &var))
    {
      g_assert_cmpuint (var, >=, 1);
      g_assert_cmpuint (var, <=, in->n_vars);
      n = node_new (N_VAR);
      n->var = var;
      return n;
    }
  if (accept (in, "~"))
    {
      n = node_new (N_NOT);
      g_ptr_array_add (n->kids, read_unit (in));
      return n;
    }
  if (accept (in, "AND") || accept (in, "OR"))
    {
      n = node_new (in->p[-1] == 'D' ? N_AND : N_OR);
      expect (in, "(");
      do
        g_ptr_array_add (n->kids, read_form (in));
      while (accept (in, ","));
      expect (in, ")");
      return n;
    }
  if (accept (in, "[") || accept (in, "<"))
    {
      gboolean box = in->p[-1] == '[';

      n = node_new (box ? N_BOX : N_DIAMOND);
      expect (in, "!");
      g_ptr_array_add (n->kids, read_form (in));
      expect (in, box ? "]" : ">");
      g_ptr_array_add (n->kids, read_unit (in));
      return n;
    }
  if (accept (in, "("))
    {
      guint32 group = 0;

      /* "(a, b) comknow that …", else a bracketed formula. */
      save = in->p;
      for (;;)
        {
          g_autofree char *member = read_name (in);
          int a = member != NULL ? find_agent (in, member) : -1;

          if (a < 0)
            {
              group = 0;
              break;
            }
          group |= 1u << a;
          if (accept (in, ","))
            continue;
          if (!accept (in, ")") || !accept (in, "comknow that"))
            group = 0;
          break;
        }
      if (group != 0)
        {
          n = node_new (N_COMMON);
          n->agents = group;
          g_ptr_array_add (n->kids, read_unit (in));
          return n;
        }
      in->p = save;
      n = read_form (in);
      expect (in, ")");
      return n;
    }
  name = read_name (in);
  if (name == NULL)
    g_error ("expected a formula at “%.40s”", in->p);
  if (accept (in, "knows that"))
    n = node_new (N_KNOWS);
  else
    {
      expect (in, "knows whether");
      n = node_new (N_WHETHER);
    }
  n->agents = 1u << agent_index (in, name);
  g_ptr_array_add (n->kids, read_unit (in));
  return n;
}

static Node *
read_form (Input *in)
{
  static const struct { const char *op; NodeKind kind; } binary[] = {
    { "&", N_AND }, { "|", N_OR }, { "->", N_IMPLIES }, { "iff", N_IFF },
  };
  Node *left = read_unit (in);

  for (guint i = 0; i < G_N_ELEMENTS (binary); i++)
    if (accept (in, binary[i].op))
      {
        Node *n = node_new (binary[i].kind);

        g_ptr_array_add (n->kids, left);
        g_ptr_array_add (n->kids, read_unit (in));
        skip (in);
        /* A second operator would lean on SMCDEL's precedence. */
        g_assert_false (*in->p == '&' || *in->p == '|' || g_str_has_prefix (in->p, "->")
                        || g_str_has_prefix (in->p, "iff "));
        return n;
      }
  return left;
}

static guint64
read_state (Input *in)
{
  guint64 state = 0;
  guint var;

  expect (in, "{");
  while (read_number (in, &var))
    {
      state |= G_GUINT64_CONSTANT (1) << (var - 1);
      if (!accept (in, ","))
        break;
    }
  expect (in, "}");
  return state;
}

/* The formula's truth over @states (indices into in->states). */
static gboolean *
eval (const Input *in, const guint *states, guint n, const Node *f)
{
  gboolean *t = g_new0 (gboolean, MAX (n, 1));
  g_autofree gboolean *a = NULL;
  g_autofree gboolean *b = NULL;
  g_autofree guint *sub = NULL;
  g_autofree guint *place = NULL;
  guint n_sub = 0;

  switch (f->kind)
    {
    case N_TOP:
    case N_BOT:
      for (guint i = 0; i < n; i++)
        t[i] = f->kind == N_TOP;
      break;
    case N_VAR:
      for (guint i = 0; i < n; i++)
        t[i] = (g_array_index (in->states, guint64, states[i]) >> (f->var - 1)) & 1;
      break;
    case N_NOT:
      a = eval (in, states, n, g_ptr_array_index (f->kids, 0));
      for (guint i = 0; i < n; i++)
        t[i] = !a[i];
      break;
    case N_AND:
    case N_OR:
      for (guint i = 0; i < n; i++)
        t[i] = f->kind == N_AND;
      for (guint k = 0; k < f->kids->len; k++)
        {
          g_autofree gboolean *kid = eval (in, states, n, g_ptr_array_index (f->kids, k));

          for (guint i = 0; i < n; i++)
            t[i] = f->kind == N_AND ? t[i] && kid[i] : t[i] || kid[i];
        }
      break;
    case N_IMPLIES:
    case N_IFF:
      a = eval (in, states, n, g_ptr_array_index (f->kids, 0));
      b = eval (in, states, n, g_ptr_array_index (f->kids, 1));
      for (guint i = 0; i < n; i++)
        t[i] = f->kind == N_IMPLIES ? !a[i] || b[i] : a[i] == b[i];
      break;
    case N_KNOWS:
    case N_WHETHER:
    case N_COMMON:
      {
        /* Worlds linked by the agents' observations: one agent's class, or
         * the group's component for common knowledge. */
        g_autofree guint *component = g_new (guint, MAX (n, 1));

        a = eval (in, states, n, g_ptr_array_index (f->kids, 0));
        for (guint i = 0; i < n; i++)
          component[i] = i;
        for (gboolean changed = TRUE; changed;)
          {
            changed = FALSE;
            for (guint i = 0; i < n; i++)
              for (guint j = 0; j < n; j++)
                for (guint ag = 0; ag < in->agents->len; ag++)
                  {
                    guint64 seen = in->obs[ag];

                    if ((f->agents & (1u << ag))
                        && (g_array_index (in->states, guint64, states[i]) & seen) == (g_array_index (in->states, guint64, states[j]) & seen)
                        && component[j] < component[i])
                      {
                        component[i] = component[j];
                        changed = TRUE;
                      }
                  }
            if (f->kind != N_COMMON)
              break;   /* one agent's class: its relation is already an equivalence */
          }
        for (guint i = 0; i < n; i++)
          {
            gboolean all_true = TRUE, all_false = TRUE;

            for (guint j = 0; j < n; j++)
              if (component[j] == component[i])
                {
                  all_true = all_true && a[j];
                  all_false = all_false && !a[j];
                }
            t[i] = all_true || (f->kind == N_WHETHER && all_false);
          }
      }
      break;
    case N_BOX:
    case N_DIAMOND:
      /* Public announcement: the states where it is true, alone. */
      a = eval (in, states, n, g_ptr_array_index (f->kids, 0));
      sub = g_new (guint, MAX (n, 1));
      place = g_new (guint, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        if (a[i])
          {
            place[i] = n_sub;
            sub[n_sub++] = states[i];
          }
      b = eval (in, sub, n_sub, g_ptr_array_index (f->kids, 1));
      for (guint i = 0; i < n; i++)
        t[i] = f->kind == N_BOX ? !a[i] || b[place[i]] : a[i] && b[place[i]];
      break;
    default:
      g_assert_not_reached ();
    }
  return t;
}

static void
input_free (Input *in)
{
  for (guint i = 0; i < in->jobs->len; i++)
    node_free (g_array_index (in->jobs, Job, i).f);
  g_array_unref (in->jobs);
  g_array_unref (in->states);
  g_ptr_array_unref (in->agents);
  node_free (in->law);
  g_free (in);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Input, input_free)

/* Reads VARS (1 … n, in order), LAW, OBS and the queries, and finds the
 * law's states by trying every assignment. */
static Input *
read_input (const char *text)
{
  Input *in = g_new0 (Input, 1);
  g_autofree guint *all = NULL;
  g_autofree gboolean *law = NULL;
  g_autofree char *name = NULL;
  guint var;

  in->p = text;
  in->agents = g_ptr_array_new_with_free_func (g_free);
  in->jobs = g_array_new (FALSE, FALSE, sizeof (Job));
  in->states = g_array_new (FALSE, FALSE, sizeof (guint64));

  expect (in, "VARS");
  while (read_number (in, &var))
    {
      g_assert_cmpuint (var, ==, in->n_vars + 1);
      in->n_vars++;
      if (!accept (in, ","))
        break;
    }
  g_assert_cmpuint (in->n_vars, <=, MAX_VARS);

  /* OBS names the agents the law does not use: read it first. */
  {
    const char *law_text;

    expect (in, "LAW");
    law_text = in->p;
    in->p = strstr (in->p, "\nOBS");
    g_assert_nonnull (in->p);
    expect (in, "OBS");
    while ((name = read_name (in)) != NULL)
      {
        if (g_str_equal (name, "TRUE") || g_str_equal (name, "VALID") || g_str_equal (name, "WHERE"))
          {
            in->p -= strlen (name);
            break;
          }
        expect (in, ":");
        while (read_number (in, &var))
          {
            in->obs[in->agents->len] |= G_GUINT64_CONSTANT (1) << (var - 1);
            if (!accept (in, ","))
              break;
          }
        g_ptr_array_add (in->agents, g_steal_pointer (&name));
      }
    {
      const char *jobs = in->p;

      in->p = law_text;
      in->law = read_form (in);
      expect (in, "OBS");
      in->p = jobs;
    }
  }

  for (;;)
    {
      Job job = { 0, };

      if (accept (in, "TRUE?"))
        {
          job.kind = 'T';
          job.state = read_state (in);
        }
      else if (accept (in, "VALID?"))
        job.kind = 'V';
      else if (accept (in, "WHERE?"))
        job.kind = 'W';
      else
        break;
      job.f = read_form (in);
      g_array_append_val (in->jobs, job);
    }
  skip (in);
  g_assert_cmpint (*in->p, ==, '\0');

  /* The law's states, by brute force. */
  for (guint64 s = 0; s < (G_GUINT64_CONSTANT (1) << in->n_vars); s++)
    g_array_append_val (in->states, s);
  all = g_new (guint, in->states->len);
  for (guint i = 0; i < in->states->len; i++)
    all[i] = i;
  law = eval (in, all, in->states->len, in->law);
  for (guint i = in->states->len; i-- > 0;)
    if (!law[i])
      g_array_remove_index (in->states, i);
  return in;
}

/* The answers to the queries: TRUE? and VALID? give 0 or 1, WHERE? its count. */
static guint
answer (const Input *in, const Job *job)
{
  guint n = in->states->len;
  g_autofree guint *all = g_new (guint, MAX (n, 1));
  g_autofree gboolean *t = NULL;
  guint count = 0;

  for (guint i = 0; i < n; i++)
    all[i] = i;
  t = eval (in, all, n, job->f);
  for (guint i = 0; i < n; i++)
    {
      count += t[i];
      if (job->kind == 'T' && g_array_index (in->states, guint64, i) == job->state)
        return t[i];
    }
  g_assert_cmpint (job->kind, !=, 'T');   /* a TRUE? state satisfies the law */
  return job->kind == 'V' ? count == n : count;
}

static gboolean
check_actual (KvModel *model, const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvFormula) f = kv_formula_parse (model->game, text, NULL, &error);
  gboolean value = FALSE;

  g_assert_no_error (error);
  g_assert_true (kv_check_actual (model, f, &value, &error));
  return value;
}

/* Every prefix of @name's steps: the law's states are the deals, the
 * announcements can be made, WHERE? finds the worlds after them, and each
 * agent's win{} query agrees with the engine. */
static void
assert_steps_agree (KvScript *script, guint n_steps)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvHistory) history = test_history (script);
  const KvGame *game = script->game;

  g_assert_cmpuint (n_steps, <, kv_history_length (history));
  for (guint s = 0; s <= n_steps; s++)
    {
      KvModel *model = kv_history_get (history, s)->model;
      g_autofree char *text = kv_smcdel_write (script, s, model->n_worlds, &error);
      g_autoptr(Input) in = NULL;
      guint job = 0;

      g_assert_no_error (error);
      in = read_input (text);
      g_assert_cmpfloat (in->states->len, ==, kv_game_count_deals (game));
      g_assert_cmpuint (in->agents->len, ==, game->n_agents);
      if (s > 0)
        {
          g_assert_cmpint (g_array_index (in->jobs, Job, job).kind, ==, 'T');
          g_assert_cmpuint (answer (in, &g_array_index (in->jobs, Job, job)), ==, 1);
          job++;
        }
      g_assert_cmpint (g_array_index (in->jobs, Job, job).kind, ==, 'W');
      g_assert_cmpuint (answer (in, &g_array_index (in->jobs, Job, job)), ==, model->n_worlds);
      job++;
      g_assert_cmpuint (in->jobs->len, ==, job + game->n_agents);
      for (guint a = 0; a < game->n_agents; a++, job++)
        {
          g_autofree char *win = g_strdup_printf ("win{%s}", game->agent_names[a]);

          g_assert_cmpuint (answer (in, &g_array_index (in->jobs, Job, job)), ==, check_actual (model, win));
        }
    }
}

static void
test_hexa (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("hexa", &error);

  g_assert_no_error (error);
  assert_steps_agree (script, 2);
}

static const char announcements_kvg[] =
  "title Hexa with announcements\n"
  "agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n"
  "announce M{2} r@1 | K{3} b@3\n"
  "announce ~C{1,2} w@2 & Kw{1} b@3 -> true\n"
  "announce C{1,2,3} (r@1 | w@1 | b@1) & D{1} r@1\n"
  "suggest 1 r\n"                      /* nobody holds r but 1: two public nocards */
  "showcard 1 -> 3 r of r\n"           /* one card asked for: public */
  "announce E{1,2,3} r@1 & [!~w@1] win{2} & <nocard 1 w> win{3}\n";

static void
test_announcements (void)
{
  g_autoptr(KvScript) script = test_script (announcements_kvg);

  assert_steps_agree (script, 6);
}

/* A game and, at its initial model, formulas whose translations must hold
 * at the same worlds as the formulas. */
static void
assert_formulas_agree (const char *kvg, const char *const *formulas)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = test_script (kvg);
  g_autoptr(KvHistory) history = test_history (script);
  KvModel *model = kv_history_get (history, 0)->model;
  g_autofree char *text = kv_smcdel_write (script, 0, model->n_worlds, &error);
  g_autoptr(Input) in = NULL;
  guint64 actual;

  g_assert_no_error (error);
  in = read_input (text);
  g_assert_cmpfloat (in->states->len, ==, kv_game_count_deals (script->game));
  g_assert_cmpuint (in->states->len, ==, model->n_worlds);
  actual = g_array_index (in->jobs, Job, in->jobs->len - 1).state;

  for (guint i = 0; formulas[i] != NULL; i++)
    {
      g_autoptr(KvFormula) f = kv_formula_parse (script->game, formulas[i], NULL, &error);
      g_autoptr(KvBits) worlds = NULL;
      g_autofree char *translated = NULL;
      g_autoptr(Input) q = NULL;

      g_assert_no_error (error);
      translated = kv_smcdel_formula (script->game, f, &error);
      g_assert_no_error (error);
      g_test_message ("%s  ↦  %s", formulas[i], translated);
      /* The same structure, asked WHERE? and TRUE? at the actual deal. */
      {
        g_autoptr(GString) full = g_string_new (NULL);
        const char *obs_end = strstr (text, "\n\n-- The actual deal");

        g_assert_nonnull (obs_end);
        g_string_append_len (full, text, obs_end - text);
        g_string_append_printf (full, "\nWHERE? %s\nTRUE? {", translated);
        for (guint v = 0; v < 64; v++)
          if (actual & (G_GUINT64_CONSTANT (1) << v))
            g_string_append_printf (full, "%s%u", full->str[full->len - 1] == '{' ? "" : ", ", v + 1);
        g_string_append_printf (full, "} %s\n", translated);
        q = read_input (full->str);
      }
      worlds = kv_check_worlds (model, f, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (answer (q, &g_array_index (q->jobs, Job, 0)), ==, kv_bits_count (worlds));
      g_assert_cmpuint (answer (q, &g_array_index (q->jobs, Job, 1)), ==, check_actual (model, formulas[i]));
    }
}

static void
test_formulas (void)
{
  static const char *const hexa[] = {
    "r@1", "true", "false", "~w@2 -> b@3", "r@1 <-> ~(w@1 | b@1)",
    "r@1 & w@2 & b@3", "r@1 | w@1 | b@1 | false",
    "K{1} r@1", "K{2} (r@1 -> b@3)", "M{2} r@1", "Kw{3} r@1", "~Kw{1} w@2",
    "E{1,3} ~r@2", "E{} (r@1 | ~r@1)", "C{1,2,3} (r@1 | w@1 | b@1)", "C{1,2} ~w@1", "C{2} w@2",
    "D{1} r@1", "win{1}", "~win{2} & ~win{3}",
    "[nocard 1 w] K{2} r@1", "<nocard 1 w> win{3}", "[!~w@1] ~win{2}", "<!r@2> true",
    "[nocard 1 w] [endmove 2] win{1}", "<suggest 1 r> K{3} r@1", "[showcard 2 -> 1 w of w] K{1} w@2",
    "K{1} K{2} ~K{3} (r@1 & w@2)", "M{1} M{2} C{1,3} b@3 -> [!b@3] E{1,2,3} b@3",
    NULL,
  };
  static const char *const envelope[] = {
    "x@env", "c@env", "K{1} ~c@env", "win{1}", "M{2} (x@env & p@env)", "Kw{1} (y@env | z@env)",
    "[suggest 1 x p] K{1} z@2", "<suggest 1 x p> ~win{1}", "C{1,2} (p@env | q@env)",
    NULL,
  };
  static const char *const three_of_five[] = {
    "a@1 & b@1 & c@1", "K{2} ~(d@2 & e@2)", "K{1} (d@2 & e@2)", "M{2} a@2", "win{2}", "[nocard 2 a b c] win{1}",
    NULL,
  };

  assert_formulas_agree ("agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n", hexa);
  assert_formulas_agree ("agents 1 2\ncategory weapon: x y z\ncategory suspect: p q\ncards c\n"
                         "envelope weapon suspect\nhands 2 2\ndeal env: x p 1: y c 2: z q\n", envelope);
  assert_formulas_agree ("agents 1 2\ncards a b c d e\nhands 3 2\ndeal 1: a b c 2: d e\n", three_of_five);
  /* δ of one variable, and of none (one player sees the whole deal). */
  assert_formulas_agree ("agents 1 2\ncategory x: a\ncards b c\nenvelope x\nhands 1 1\ndeal env: a 1: b 2: c\n",
                         (const char *const[]) { "win{1}", "[!b@1] win{2}", "Kw{2} a@env", NULL });
  assert_formulas_agree ("agents 1\ncards a b\nhands 2\ndeal 1: a b\n",
                         (const char *const[]) { "win{1}", "K{1} a@1", "C{} b@1", NULL });
  /* A hand of none: the law still counts it. */
  assert_formulas_agree ("agents 1 2 3\ncards a b c\nhands 2 0 1\ndeal 1: a b 3: c\n",
                         (const char *const[]) { "K{2} (a@1 | a@3)", "win{2}", NULL });
}

static void
assert_contains (const char *text, const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” does not say “%s”", text, part);
}

static void
assert_refused (const char *name, guint n_steps, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open (name, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  /* the steps before it are written */
  text = kv_smcdel_write (script, n_steps - 1, 0, &error);
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = kv_smcdel_write (script, n_steps, 0, &error);
  g_assert_null (text);
  g_assert_error (error, KV_ERROR, KV_ERROR_UNSUPPORTED);
  assert_contains (error->message, message);
}

static void
assert_formula_refused (const char *text, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = kv_script_open ("hexa", &error);
  g_autoptr(KvFormula) f = kv_formula_parse (script->game, text, NULL, &error);
  g_autofree char *translated = NULL;

  g_assert_no_error (error);
  translated = kv_smcdel_formula (script->game, f, &error);
  g_assert_null (translated);
  g_assert_error (error, KV_ERROR, KV_ERROR_UNSUPPORTED);
  assert_contains (error->message, message);
}

static void
test_refused (void)
{
  assert_refused ("hexa-show", 1, "hexa-show:10:1: error: “showcard 1 -> 2 r” is private to 1 and 2");
  assert_refused ("twocards", 1, "of 12 events");
  assert_refused ("clue11", 1, "in “suggest 1 candle Plum”, 2 shows 1 a card");
  assert_formula_refused ("D{1,2} r@1", "D{1,2} (distributed knowledge)");
  assert_formula_refused ("K{1} [showcard 1 -> 2 r] K{2} r@1", "private to 1 and 2");
  assert_formula_refused ("<suggest 2 r b> true", "3 shows 2 a card");
}

/* What SMCDEL's text cannot say briefly is refused, not written for ever:
 * hands of many cards (no counting), E{} inside E{} (no sharing). */
static void
test_too_big (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("agents 1 2\ncards");
  g_autoptr(KvScript) hands = NULL;
  g_autoptr(KvScript) nested = NULL;
  g_autofree char *out = NULL;

  for (guint c = 0; c < 40; c++)
    g_string_append_printf (text, " c%u", c);
  g_string_append (text, "\nhands 20 20\ndeal 1:");
  for (guint c = 0; c < 40; c++)
    g_string_append_printf (text, c == 20 ? " 2: c%u" : " c%u", c);
  g_string_append_c (text, '\n');
  hands = test_script (text->str);
  out = kv_smcdel_write (hands, 0, 0, &error);
  g_assert_null (out);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  assert_contains (error->message, "test.kvg: error: the SMCDEL file would be over 64 MB");
  g_clear_error (&error);

  g_string_assign (text, "agents 1 2 3 4 5 6 7 8\ncards r w b\nhands 1 1 1 0 0 0 0 0\n"
                         "deal 1: r 2: w 3: b\nannounce");
  for (guint i = 0; i < 40; i++)
    g_string_append (text, " E{}");
  g_string_append (text, " true\n");
  nested = test_script (text->str);
  out = kv_smcdel_write (nested, 1, 0, &error);
  g_assert_null (out);
  g_assert_error (error, KV_ERROR, KV_ERROR_LIMIT);
  assert_contains (error->message, "test.kvg:5:1: error: the SMCDEL file would be over 64 MB");
}

/* SMCDEL's names: a letter, then letters and digits, not a keyword. The
 * reader takes OBS's names and refuses a query that names another. */
static void
test_agent_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KvScript) script = test_script ("agents alice agent1 1 K Top a_b\ncards c1 c2 c3\n"
                                            "hands 1 1 1 0 0 0\ndeal alice: c1 agent1: c2 1: c3\n"
                                            "announce c1@alice\n");
  g_autoptr(KvHistory) history = test_history (script);
  g_autofree char *text = kv_smcdel_write (script, 1, 0, &error);
  const char *expected[] = { "alice", "agent1", "agent1x", "agentK", "agentTop", "agentab" };
  g_autoptr(Input) in = NULL;

  g_assert_no_error (error);
  in = read_input (text);
  g_assert_cmpuint (in->agents->len, ==, G_N_ELEMENTS (expected));
  for (guint a = 0; a < G_N_ELEMENTS (expected); a++)
    g_assert_cmpstr (g_ptr_array_index (in->agents, a), ==, expected[a]);
  g_assert_cmpuint (in->states->len, ==, 6);
  /* the win{} queries name them too */
  g_assert_cmpuint (in->jobs->len, ==, 1 + G_N_ELEMENTS (expected));
  for (guint a = 0; a < G_N_ELEMENTS (expected); a++)
    {
      g_autofree char *win = g_strdup_printf ("win{%s}", script->game->agent_names[a]);

      g_assert_cmpuint (answer (in, &g_array_index (in->jobs, Job, 1 + a)), ==,
                        check_actual (test_last_model (history), win));
    }
  /* agent1 and 1 tell c2 and c3 apart, alice cannot */
  g_assert_true (check_actual (test_last_model (history), "win{agent1} & win{1} & ~win{alice}"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/smcdel/hexa", test_hexa);
  g_test_add_func ("/smcdel/announcements", test_announcements);
  g_test_add_func ("/smcdel/formulas", test_formulas);
  g_test_add_func ("/smcdel/refused", test_refused);
  g_test_add_func ("/smcdel/agent-names", test_agent_names);
  g_test_add_func ("/smcdel/too-big", test_too_big);
  return g_test_run ();
}
