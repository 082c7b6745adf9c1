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
  # Stage 1 at a projector's size: each world's pairs at its place on M's
  # hexagon, the kept one at the place, the dropped ones struck out.
  run hexa-show "$out/hexa-showcard-pairs.png" --step 1 --product pairs --width 1280 --height 720
fi
# The lecture hall: the window at a projector's sizes, in English and in
# Dutch, and presentation mode (F5), for Hexa after Example 4 and Clue 11
# after its script.
for lang in en nl; do
  if [ $lang = nl ]; then locale=(LANGUAGE=nl LC_ALL=nl_NL.UTF-8); else locale=(LC_ALL=C.UTF-8); fi
  for size in 1024x700 1280x720; do
    w=${size%x*} h=${size#*x}
    env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" hexa "$out/hexa-$lang-$size.png" --step 1 --width "$w" --height "$h"
    env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" clue11 "$out/clue11-$lang-$size.png" --width "$w" --height "$h"
    env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" hexa "$out/hexa-present-$lang-$size.png" --step 1 --present --width "$w" --height "$h"
  done
  # An agent's perspective (2's possible envelopes after 2's suggestion,
  # only 2's links) and the knowledge table's probabilities.
  env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" clue11 "$out/clue11-perspective-$lang-1280x720.png" --step 3 --perspective 2 --probabilities --width 1280 --height 720
  # A suggest's product, part 1 (the first nocard), at the projector's size.
  env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" clue11 "$out/clue11-suggest-product-$lang-1280x720.png" --step 1 --product pairs --width 1280 --height 720
  # Real Cluedo on the symbolic engine: the envelope grid, the table and a formula.
  env "${locale[@]}" xvfb-run -a -s "-screen 0 1600x1000x24" "$shot" cluedo "$out/cluedo-$lang-1280x720.png" --step 1 --formula 'K{1} White@2' --width 1280 --height 720
  # A lesson in presentation mode (Hexa, Example 4's predict question: the
  # worlds picked, then their ticks and crosses), shot by the lesson test.
  env "${locale[@]}" KV_LESSON_SHOTS="$out" xvfb-run -a -s "-screen 0 1280x720x24" \
    "$build/tests/gui/test-lesson" -p /lesson/every-lesson/present >/dev/null
done
# Every change visible (issue 30): a step's removed worlds ghosted in Hexa,
# what each player considers possible in Clue 11 and real Cluedo after a
# step (the agents view, what the step ruled out crossed out), a
# perspective's caption on the canvas.
run hexa "$out/hexa-step.png" --step 1 --width 1280 --height 720
run hexa "$out/hexa-perspective.png" --step 1 --perspective 1 --width 1280 --height 720
run clue11 "$out/clue11-step.png" --step 3 --width 1280 --height 720
run cluedo "$out/cluedo-step.png" --step 1 --width 1600 --height 900
# Twocards' result in the main view: the product view's stage 3, step 0's
# grid with a deal's two worlds in a column at its cell.
run twocards "$out/twocards-step.png" --step 1 --width 1024 --height 700
# Presenting the product view: two panels in large print (Figure 5's
# links beside the action); six players' table in short cells.
run hexa-show "$out/present-product-hexa-show.png" --step 1 --product links --present --width 1280 --height 720
run cluedo6 "$out/cluedo6-table-1024x700.png" --step 3 --width 1024 --height 700
ls -l "$out"
