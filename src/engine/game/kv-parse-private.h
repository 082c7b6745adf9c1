// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-parse-private.h: the formula and step parsers read one token stream;
 * each stops at the first token it does not understand (internal). */
#pragma once

#include "kv-lexer.h"
#include "kv-step.h"

G_BEGIN_DECLS

KvFormula *kv_parse_formula (KvLexer *lexer, KvGame *game, guint *column, GError **error);
KvStep    *kv_parse_step    (KvLexer *lexer, KvGame *game, guint *column, GError **error);

/* Reads an agent name; sets the error when it is not one. */
gboolean   kv_parse_agent   (KvLexer *lexer, KvGame *game, guint *agent, guint *column, GError **error);
gboolean   kv_parse_card    (KvLexer *lexer, KvGame *game, guint *card, guint *column, GError **error);

/* Printing, shared by formulas and steps: @digits as subscripts (₁₂). */
void       kv_append_subscript (GString *out, const char *digits);

G_END_DECLS
