// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-step.h: one step of a game script — a game action as written.
 *
 * A step is syntax: what was said ("nocard 2 candle Scarlet"). Turning it
 * into an action model is kv-action-model.h's job, executing it kv-product-update.h's.
 * Steps are immutable and reference counted (formulas may hold them).
 */
#pragma once

#include "kv-formula.h"
#include "kv-engine-enums.h"

G_BEGIN_DECLS

/* Registered (KV_TYPE_STEP_KIND, by gnome.mkenums_simple in meson.build):
 * each value's nick is its script keyword, the one source of the keywords
 * the parser reads, the printer writes and the composer's drop-down offers. */
typedef enum {
  KV_STEP_NOCARD,     /*< nick=nocard >*/    /* nocard B C…  : B holds none of C… */
  KV_STEP_SHOWCARD,   /*< nick=showcard >*/  /* showcard B -> A C [of C…] : B shows A card C */
  KV_STEP_ENDMOVE,    /*< nick=endmove >*/   /* endmove A    : ¬win{A} */
  KV_STEP_WIN,        /*< nick=win >*/       /* win A        : win{A} */
  KV_STEP_ANNOUNCE,   /*< nick=announce >*/  /* announce φ */
  KV_STEP_SUGGEST,    /*< nick=suggest >*/   /* suggest A C… : a Cluedo turn, expanded from the deal */
  KV_STEP_DO,         /*< nick=do >*/        /* do NAME EVENT : a custom action model */
} KvStepKind;

struct _KvStep {
  gatomicrefcount ref;
  KvStepKind kind;
  guint      agent;         /* B for nocard/showcard (the holder), A for endmove/win/suggest */
  guint      target;        /* A for showcard (who sees the card) */
  guint      shown;         /* showcard: the card shown */
  guint      n_cards;       /* nocard, showcard (the request), suggest */
  guint8    *cards;         /* in the order written; showcard without `of`: every card */
  KvFormula *formula;       /* announce */
  const KvActionModel *action;  /* do: owned by the game */
  guint      event;         /* do: the actual event */
  KvGame    *game;
  char      *text;          /* the line as written, spaces normalised; NULL when built, not parsed */
  GPtrArray *say;           /* KvSay*: a lesson's narration after the step (kv-narration.h); NULL: none */
  GPtrArray *asks;          /* KvAsk*: the questions asked before it; NULL: none */
};

/* @kind's script keyword ("nocard"), its nick; NULL when @kind is none. */
const char *kv_step_kind_to_keyword   (KvStepKind kind);
/* The kind whose keyword is the first @length bytes of @word (-1: all of
 * it), in *kind when not NULL; FALSE when it is no step keyword. */
gboolean    kv_step_kind_from_keyword (const char *word, gssize length, KvStepKind *kind);
/* Every keyword in order, joined by @separator ("nocard, showcard, …"). */
char       *kv_step_kind_keywords     (const char *separator);

KvStep *kv_step_new   (KvGame *game, KvStepKind kind);
KvStep *kv_step_ref   (KvStep *step);
void    kv_step_unref (KvStep *step);

/* Parses one step line (without comment). On error sets @error and
 * *error_column (1-based) when not NULL. */
KvStep *kv_step_parse (KvGame *game, const char *text, guint *error_column, GError **error);

/* The step as a script line with spaces normalised ("nocard 1 w"). */
char   *kv_step_to_string  (const KvStep *step);
/* In DEL notation with subscripts: "nocard₁{w}", "showcard₁₂{r}", "endmove₂". */
char   *kv_step_to_del     (const KvStep *step);
/* In words: "1 does not hold w", "1 shows r to 2". Translatable. */
char   *kv_step_to_words   (const KvStep *step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KvStep, kv_step_unref)

G_END_DECLS
