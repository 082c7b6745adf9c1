#pragma once

int kv_cli_check (int argc, char **argv);
