// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

int kv_cli_lesson (int argc, char **argv);
