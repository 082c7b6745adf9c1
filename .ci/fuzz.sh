#!/bin/sh
# .ci/fuzz.sh: a short fuzz run, about a minute per libFuzzer harness
# (script parser, formula parser, script execution, session/undo file,
# model JSON, New Step text, and the two engines against each other on
# small games; docs/testing.md). Non-zero on any crash,
# hang or leak; the inputs are left in tests/fuzz/crashes/.
set -eu
exec "$(dirname "$0")/../tests/fuzz/build-and-run.sh" "${KV_FUZZ_SECONDS:-60}"
