// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-deal-dialog.h: "Change Deal" — who holds which card at the actual
 * world, picked card by card: a row per card, a column per owner (each
 * player, and the envelope when the game has one), one choice per row.
 * The line under the grid says what is wrong as the user picks (the
 * engine's kv_game_validate_deal); Apply, sensitive only for a valid deal
 * other than the game's, is kv_session_set_deal, one undoable edit; Random
 * Deal picks a valid deal at random.
 *
 * Its actions: deal.apply, deal.random. */
#pragma once

#include <adwaita.h>

#include "kv-session.h"

G_BEGIN_DECLS

#define KV_TYPE_DEAL_DIALOG (kv_deal_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KvDealDialog, kv_deal_dialog, KV, DEAL_DIALOG, AdwWindow)

/* A dialog over @parent for the game @session shows (it must have one),
 * the game's deal chosen. */
KvDealDialog   *kv_deal_dialog_new        (GtkWindow    *parent,
                                           KvSession    *session);

/* The choice of @card's owner @owner (kv_game_n_owners numbering), or
 * NULL when @owner cannot hold @card (a card of a category the envelope
 * does not take). */
GtkCheckButton *kv_deal_dialog_get_button (KvDealDialog *self,
                                           guint         card,
                                           guint         owner);
/* The deal as chosen now (n_owners hands, owned by the dialog). */
const KvHand   *kv_deal_dialog_get_deal   (KvDealDialog *self);
/* The line under the grid: what is wrong, or what Apply will do. */
const char     *kv_deal_dialog_get_status (KvDealDialog *self);
/* The Apply button (sensitive only for a valid, new deal). */
GtkWidget      *kv_deal_dialog_get_apply_button (KvDealDialog *self);

G_END_DECLS
