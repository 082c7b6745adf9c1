// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-model.h: kripkeviz-cli model — the explicit model, as a listing
 * or as versioned JSON (.kvm.json, docs/model-json.md). */
#pragma once

int kv_cli_model (int argc, char **argv);
