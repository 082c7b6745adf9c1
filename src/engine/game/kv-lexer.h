// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-lexer.h: tokens of script lines, steps and formulas (internal).
 *
 * One lexer for all three so that a step can hold a formula (announce φ)
 * and a formula a step ([nocard 1 w] φ): each parser reads from the same
 * token stream and stops at the token it does not understand.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KV_TOKEN_END,
  KV_TOKEN_NAME,       /* [A-Za-z0-9_]+ */
  KV_TOKEN_NOT,        /* ~ ¬ */
  KV_TOKEN_BANG,       /* ! : the public announcement, not a negation */
  KV_TOKEN_AND,        /* & ∧ */
  KV_TOKEN_OR,         /* | ∨ */
  KV_TOKEN_IMPLIES,    /* -> → */
  KV_TOKEN_IFF,        /* <-> ↔ */
  KV_TOKEN_LPAREN,
  KV_TOKEN_RPAREN,
  KV_TOKEN_LBRACE,
  KV_TOKEN_RBRACE,
  KV_TOKEN_LBRACKET,
  KV_TOKEN_RBRACKET,
  KV_TOKEN_LANGLE,     /* < ⟨ */
  KV_TOKEN_RANGLE,     /* > ⟩ */
  KV_TOKEN_COMMA,
  KV_TOKEN_AT,
  KV_TOKEN_COLON,
  KV_TOKEN_SUBSCRIPT,  /* ₀…₉ and commas between them: agents as in K₁, C₁₂₃, C₁₀,₁₁ */
  KV_TOKEN_INVALID,    /* a character that is none of the above */
} KvTokenKind;

typedef struct {
  KvTokenKind kind;
  const char *start;    /* into the text */
  gsize       length;   /* bytes */
  guint       column;   /* 1-based, in characters, plus the lexer's column offset */
} KvToken;

typedef struct {
  const char *text;
  const char *pos;
  guint       column;   /* column of pos */
  KvToken     token;    /* the current token (lookahead) */
  guint       depth;    /* nesting depth, for the formula parser's limit */
} KvLexer;

/* Starts lexing @text (NUL-terminated, valid UTF-8); the first column is
 * @first_column (1 for a whole line). Reads the first token. */
void        kv_lexer_init    (KvLexer *lexer, const char *text, guint first_column);
void        kv_lexer_next    (KvLexer *lexer);
gboolean    kv_lexer_is_name (const KvLexer *lexer, const char *name);
char       *kv_lexer_dup     (const KvLexer *lexer);   /* the current token's text */
const char *kv_token_describe (KvTokenKind kind);     /* "“&”", "end of line", … */

/* Sets @error to the formatted message about the current token and stores
 * its column in *column when not NULL. Messages do not repeat the place:
 * callers prefix "FILE:LINE:COL: error: ". */
void        kv_lexer_error   (const KvLexer *lexer, GError **error, guint *column,
                              int code, const char *format, ...) G_GNUC_PRINTF (5, 6);

G_END_DECLS
