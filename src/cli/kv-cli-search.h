// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-search.h: kripkeviz-cli search — positions found by self-play. */
#pragma once

int kv_cli_search (int argc, char **argv);
