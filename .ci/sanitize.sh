#!/bin/sh
# .ci/sanitize.sh: the whole test suite in an AddressSanitizer +
# UndefinedBehaviorSanitizer build (without the window), leaks checked.
# Usage: .ci/sanitize.sh [BUILDDIR]   (default _build-asan)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-_build-asan}
cd "$root"

if [ -f "$build/build.ninja" ]; then
  meson configure "$build" -Db_sanitize=address,undefined -Dgui=false
else
  meson setup "$build" -Db_sanitize=address,undefined -Dgui=false
fi
meson compile -C "$build"

# fast_unwind_on_malloc=0: full stacks through Graphviz and fontconfig, which
# have no frame pointers, so that tests/lsan.supp matches their one-time
# allocations and nothing else.
export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
meson test -C "$build" --print-errorlogs --timeout-multiplier 4
