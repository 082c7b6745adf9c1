// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-lexer"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kv-error.h"
#include "kv-lexer.h"
#include "kv-read.h"

void
kv_lexer_init (KvLexer *lexer, const char *text, guint first_column)
{
  lexer->text = text;
  lexer->pos = text;
  lexer->column = first_column;
  lexer->depth = 0;
  kv_lexer_next (lexer);
}

/* The subscript digits ₀…₉ are U+2080…U+2089: E2 82 80…89 in UTF-8. */
static gboolean
is_subscript (const char *p)
{
  return (guchar) p[0] == 0xe2 && (guchar) p[1] == 0x82 && (guchar) p[2] >= 0x80 && (guchar) p[2] <= 0x89;
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

typedef struct {
  const char *text;
  KvTokenKind kind;
} Symbol;

/* Longest first: "<->" before "<", "->" before nothing else. */
static const Symbol symbols[] = {
  { "<->", KV_TOKEN_IFF },
  { "->", KV_TOKEN_IMPLIES },
  { "¬", KV_TOKEN_NOT }, { "~", KV_TOKEN_NOT },
  { "!", KV_TOKEN_BANG },
  { "∧", KV_TOKEN_AND }, { "&", KV_TOKEN_AND },
  { "∨", KV_TOKEN_OR }, { "|", KV_TOKEN_OR },
  { "→", KV_TOKEN_IMPLIES },
  { "↔", KV_TOKEN_IFF },
  { "(", KV_TOKEN_LPAREN }, { ")", KV_TOKEN_RPAREN },
  { "{", KV_TOKEN_LBRACE }, { "}", KV_TOKEN_RBRACE },
  { "[", KV_TOKEN_LBRACKET }, { "]", KV_TOKEN_RBRACKET },
  { "<", KV_TOKEN_LANGLE }, { "⟨", KV_TOKEN_LANGLE },
  { ">", KV_TOKEN_RANGLE }, { "⟩", KV_TOKEN_RANGLE },
  { ",", KV_TOKEN_COMMA },
  { "@", KV_TOKEN_AT },
  { ":", KV_TOKEN_COLON },
};

void
kv_lexer_next (KvLexer *lexer)
{
  KvToken *t = &lexer->token;
  const char *p = lexer->pos;

  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
    {
      p++;
      lexer->column++;
    }

  t->start = p;
  t->column = lexer->column;

  if (*p == '\0')
    {
      t->kind = KV_TOKEN_END;
      t->length = 0;
    }
  else if (is_name_char (*p))
    {
      const char *q = p;

      while (is_name_char (*q))
        q++;
      t->kind = KV_TOKEN_NAME;
      t->length = (gsize) (q - p);
    }
  else if (is_subscript (p))
    {
      const char *q = p;

      while (is_subscript (q) || (*q == ',' && is_subscript (q + 1)))
        q += *q == ',' ? 1 : 3;
      t->kind = KV_TOKEN_SUBSCRIPT;
      t->length = (gsize) (q - p);
    }
  else
    {
      t->kind = KV_TOKEN_INVALID;
      t->length = (gsize) (g_utf8_next_char (p) - p);
      for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
        if (strncmp (p, symbols[i].text, strlen (symbols[i].text)) == 0)
          {
            t->kind = symbols[i].kind;
            t->length = strlen (symbols[i].text);
            break;
          }
    }

  lexer->pos = p + t->length;
  lexer->column += (guint) g_utf8_strlen (p, (gssize) t->length);
}

gboolean
kv_lexer_is_name (const KvLexer *lexer, const char *name)
{
  return lexer->token.kind == KV_TOKEN_NAME
    && lexer->token.length == strlen (name)
    && strncmp (lexer->token.start, name, lexer->token.length) == 0;
}

char *
kv_lexer_dup (const KvLexer *lexer)
{
  return g_strndup (lexer->token.start, lexer->token.length);
}

const char *
kv_token_describe (KvTokenKind kind)
{
  switch (kind)
    {
    case KV_TOKEN_END: return _("the end of the line");
    case KV_TOKEN_NAME: return _("a name");
    case KV_TOKEN_NOT: return "“~”";
    case KV_TOKEN_BANG: return "“!”";
    case KV_TOKEN_AND: return "“&”";
    case KV_TOKEN_OR: return "“|”";
    case KV_TOKEN_IMPLIES: return "“->”";
    case KV_TOKEN_IFF: return "“<->”";
    case KV_TOKEN_LPAREN: return "“(”";
    case KV_TOKEN_RPAREN: return "“)”";
    case KV_TOKEN_LBRACE: return "“{”";
    case KV_TOKEN_RBRACE: return "“}”";
    case KV_TOKEN_LBRACKET: return "“[”";
    case KV_TOKEN_RBRACKET: return "“]”";
    case KV_TOKEN_LANGLE: return "“<”";
    case KV_TOKEN_RANGLE: return "“>”";
    case KV_TOKEN_COMMA: return "“,”";
    case KV_TOKEN_AT: return "“@”";
    case KV_TOKEN_COLON: return "“:”";
    case KV_TOKEN_SUBSCRIPT: return _("a subscript");
    case KV_TOKEN_INVALID: return _("an unknown character");
    default: g_assert_not_reached ();
    }
}

void
kv_lexer_error (const KvLexer *lexer, GError **error, guint *column, int code, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *shown = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  shown = kv_read_shorten (message);

  if (column != NULL)
    *column = lexer->token.column;
  g_set_error_literal (error, KV_ERROR, code, shown);
}
