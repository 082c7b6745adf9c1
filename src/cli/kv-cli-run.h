#pragma once

int kv_cli_run (int argc, char **argv);
