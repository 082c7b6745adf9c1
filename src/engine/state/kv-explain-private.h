// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-explain-private.h: what kv-explain.c and kv-explain-summary.c share. */
#pragma once

#include "kv-explain.h"

G_BEGIN_DECLS

/* What @who (NULL: everyone) newly knows, one sentence a line, appended
 * to @text; FALSE when nothing. */
gboolean _kv_explain_learned (GString *text, const KvGame *game, const char *who,
                              const guint32 *was, const guint32 *is);

/* The explanation's summary (KvExplanation.summary) from what it found. */
char    *_kv_explain_summary (const KvStep *step, const KvExplanation *out,
                              const KvKnowledge *was, const KvKnowledge *is);

G_END_DECLS
