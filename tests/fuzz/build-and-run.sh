#!/bin/sh
# tests/fuzz/build-and-run.sh SECONDS [HARNESS…]
#
# Builds the libFuzzer harnesses (fuzz-script, fuzz-formula, fuzz-run,
# fuzz-session, fuzz-model-json, fuzz-shard, fuzz-step-text, fuzz-engines) with
# clang -fsanitize=fuzzer,address,undefined straight from the engine sources,
# in a temporary directory, and runs each for SECONDS seconds. Exits non-zero
# when a harness crashes, hangs (-timeout=2), leaks or runs out of memory; the
# input that did it is copied to tests/fuzz/crashes/.
#
# Environment:
#   CC                  clang to use (default: clang, else clang-14)
#   KV_FUZZ_JOBS        harnesses run at once (default 1)
#   KV_FUZZ_WORKDIR     keep the build and the grown corpora here (default: a temp dir, removed)
#   KV_FUZZ_ARGS        more libFuzzer arguments
set -eu

seconds=${1:?usage: build-and-run.sh SECONDS [fuzz-script|fuzz-formula|fuzz-run|fuzz-session|fuzz-model-json|fuzz-shard|fuzz-step-text|fuzz-engines]…}
shift
harnesses=${*:-fuzz-script fuzz-formula fuzz-run fuzz-session fuzz-model-json fuzz-shard fuzz-step-text fuzz-engines}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jobs=${KV_FUZZ_JOBS:-1}

if [ -z "${CC:-}" ]; then
  if command -v clang >/dev/null 2>&1; then CC=clang; else CC=clang-14; fi
fi

if [ -n "${KV_FUZZ_WORKDIR:-}" ]; then
  work=$KV_FUZZ_WORKDIR
  mkdir -p "$work"
else
  work=$(mktemp -d /tmp/kv-fuzz.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/gen" "$work/obj"

# The engine includes config.h (for GETTEXT_PACKAGE), the games' GResource
# and its enums' GTypes.
cat > "$work/gen/config.h" <<CONFIG
#pragma once
#define GETTEXT_PACKAGE "kripkeviz"
#define LOCALEDIR "/usr/share/locale"
#define PACKAGE_VERSION "fuzz"
#define APP_ID "org.kripkeviz.Kripkeviz"
#define KV_GAMES_DIR "$root/data/games"
#define KV_SOURCE_GAMES_DIR "$root/data/games"
#define KV_BUILD_ROOT "$work"
CONFIG
glib-compile-resources --sourcedir "$root/data/games" --c-name kv_games \
  --generate-source --target "$work/gen/kv-games-resources.c" "$root/data/games/games.gresource.xml"
glib-compile-resources --sourcedir "$root/data/games" --c-name kv_games \
  --generate-header --target "$work/gen/kv-games-resources.h" "$root/data/games/games.gresource.xml"
# The built-in lessons (lesson/kv-lesson.c, lesson:NAME).
glib-compile-resources --sourcedir "$root/data/lessons" --c-name kv_lessons \
  --generate-source --target "$work/gen/kv-lessons-resources.c" "$root/data/lessons/lessons.gresource.xml"
glib-compile-resources --sourcedir "$root/data/lessons" --c-name kv_lessons \
  --generate-header --target "$work/gen/kv-lessons-resources.h" "$root/data/lessons/lessons.gresource.xml"

# The engine's registered enums (gnome.mkenums_simple in src/engine/meson.build).
cat > "$work/gen/enums.h.template" <<'TEMPLATE'
/*** BEGIN file-header ***/
#pragma once
#include <glib-object.h>
G_BEGIN_DECLS
/*** END file-header ***/
/*** BEGIN value-header ***/
GType @enum_name@_get_type (void);
#define @ENUMPREFIX@_TYPE_@ENUMSHORT@ (@enum_name@_get_type ())
/*** END value-header ***/
/*** BEGIN file-tail ***/
G_END_DECLS
/*** END file-tail ***/
TEMPLATE
cat > "$work/gen/enums.c.template" <<'TEMPLATE'
/*** BEGIN file-header ***/
#include "kv-engine-enums.h"
/*** END file-header ***/
/*** BEGIN file-production ***/
#include "@basename@"
/*** END file-production ***/
/*** BEGIN value-header ***/
GType
@enum_name@_get_type (void)
{
  static gsize type = 0;
  static const G@Type@Value values[] = {
/*** END value-header ***/
/*** BEGIN value-production ***/
    { @VALUENAME@, "@VALUENAME@", "@valuenick@" },
/*** END value-production ***/
/*** BEGIN value-tail ***/
    { 0, NULL, NULL }
  };
  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_@type@_register_static (g_intern_static_string ("@EnumName@"), values));
  return type;
}
/*** END value-tail ***/
TEMPLATE
glib-mkenums --template "$work/gen/enums.h.template" --output "$work/gen/kv-engine-enums.h" "$root/src/engine/game/kv-step.h"
glib-mkenums --template "$work/gen/enums.c.template" --output "$work/gen/kv-engine-enums.c" "$root/src/engine/game/kv-step.h"

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
cflags="-g -O1 -fno-omit-frame-pointer -std=gnu11 -I$work/gen -I$root/src/engine $(for room in "$root"/src/engine/*/; do printf -- '-I%s ' "$room"; done)$(pkg-config --cflags glib-2.0 gio-2.0 json-glib-1.0)"
libs="$(pkg-config --libs glib-2.0 gio-2.0 json-glib-1.0) -lbdd -lm"

echo "fuzz: building in $work with $CC"
objects=""
for src in "$root"/src/engine/*/*.c "$work/gen/kv-games-resources.c" "$work/gen/kv-lessons-resources.c" \
           "$work/gen/kv-engine-enums.c"; do
  obj="$work/obj/$(basename "$src" .c).o"
  # shellcheck disable=SC2086
  $CC $cflags $sanitize -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
  objects="$objects $obj"
done
# The session file's reader lives with the window (src/gui) but needs
# only GIO: built into its harness alone.
extra_for () {
  case $1 in
    fuzz-session) echo "-I$root/src/gui $root/src/gui/kv-session-file.c" ;;
    *) echo "" ;;
  esac
}
for h in $harnesses; do
  # shellcheck disable=SC2086
  $CC $cflags $sanitize -fsanitize=fuzzer "$here/$h.c" $(extra_for "$h") $objects $libs -o "$work/$h"
done

# Seeds: the built-in games and hand-written scripts for the script
# harnesses, hand-written formulas for the formula one; past crashes too.
seeds_for () {
  case $1 in
    fuzz-formula) echo "$here/seeds/formula $here/regressions/formula" ;;
    fuzz-session) echo "$here/seeds/session $here/regressions/session" ;;
    fuzz-model-json) echo "$here/seeds/model-json $here/regressions/model-json" ;;
    fuzz-shard) echo "$here/seeds/shard $here/regressions/shard" ;;
    fuzz-step-text) echo "$here/seeds/step-text $here/regressions/step-text" ;;
    *) echo "$here/seeds/script $root/data/games $here/regressions/script" ;;
  esac
}
dict_for () {
  case $1 in
    fuzz-formula) echo "$here/formula.dict" ;;
    fuzz-model-json) echo "$here/json.dict" ;;
    fuzz-shard) echo "$here/shard.dict" ;;
    *) echo "$here/kvg.dict" ;;
  esac
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/tests/lsan.supp:print_suppressions=0}"
export G_SLICE=always-malloc G_DEBUG=gc-friendly LC_ALL=C.UTF-8

run_one () {
  h=$1
  corpus="$work/corpus-$h"
  mkdir -p "$corpus" "$work/artifacts-$h"
  seeds=""
  for d in $(seeds_for "$h"); do [ -d "$d" ] && seeds="$seeds $d"; done
  echo "fuzz: running $h for $seconds s"
  # shellcheck disable=SC2086
  if "$work/$h" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -max_len=8192 \
       -dict="$(dict_for "$h")" -print_final_stats=1 \
       -artifact_prefix="$work/artifacts-$h/" ${KV_FUZZ_ARGS:-} "$corpus" $seeds \
       > "$work/$h.log" 2>&1; then
    tail -n 12 "$work/$h.log" | grep -E '^(stat::|Done|INFO: fuzzed)' || true
    echo "fuzz: $h: nothing found"
    return 0
  fi
  echo "fuzz: $h FAILED; the end of its log:"
  tail -n 60 "$work/$h.log"
  mkdir -p "$here/crashes"
  cp "$work/artifacts-$h"/* "$here/crashes/" 2>/dev/null || true
  echo "fuzz: inputs copied to $here/crashes/"
  return 1
}

status=0
if [ "$jobs" -gt 1 ]; then
  pids=""
  for h in $harnesses; do
    run_one "$h" > "$work/$h.summary" 2>&1 &
    pids="$pids $!"
  done
  for p in $pids; do wait "$p" || status=1; done
  for h in $harnesses; do cat "$work/$h.summary"; done
else
  for h in $harnesses; do run_one "$h" || status=1; done
fi
exit $status
