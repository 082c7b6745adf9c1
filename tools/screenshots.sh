#!/usr/bin/env bash
# tools/screenshots.sh: renders the real window (under Xvfb, with GTK's cairo
# renderer) into screenshots/, for the README and the AppStream metainfo.
# Run it again whenever the window changes:
#
#   tools/screenshots.sh [BUILD_DIR]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
shot=$build/tests/gui/kv-screenshot
out=$top/screenshots

[ -x "$shot" ] || { echo "build first: $shot is missing" >&2; exit 2; }
mkdir -p "$out"

export GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=$build/data
export NO_AT_BRIDGE=1 GTK_A11Y=none LC_ALL=C.UTF-8

run () {
  xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" "$@"
}

# Hexa after Example 4 (nocard 1 w), with a formula checked.
run hexa "$out/hexa-nocard.png" --step 1 --formula 'K{3} w@2' --width 1400 --height 860
# Clue 11 after ten turns of Next turn: the knowledge table.
run clue11 "$out/clue11-table.png" --step 0 --turns 10 --width 1400 --height 860
# Hexa's showcard (Figure 5) as a product, stage 2: the links that survive.
if "$shot" --help 2>&1 | grep -q -- --product; then
  run hexa-show "$out/hexa-showcard-product.png" --step 1 --product links --width 1600 --height 860
fi
ls -l "$out"
