// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-cli-play.h: kripkeviz-cli play — self-play tournaments. */
#pragma once

int kv_cli_play (int argc, char **argv);
