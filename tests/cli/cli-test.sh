#!/usr/bin/env bash
# CLI tests for kripkeviz-cli, as a user runs it: golden JSON for every
# built-in game, exit statuses, and error messages that point at the place.
# Usage: cli-test.sh PATH/TO/kripkeviz-cli GOLDEN_DIR      (prints TAP)
set -u
cli=$1
golden=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
n=0
failed=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }

# expect STATUS DESCRIPTION STDERR_PATTERN -- ARGS…: runs the CLI, checks the
# exit status and that stderr or stdout matches the pattern (if not empty).
expect () {
  local status=$1 what=$2 pattern=$3
  shift 4
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne "$status" ]; then
    not_ok "$what" "exit $got, expected $status" "$(cat "$tmp/err")"
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$tmp/out" "$tmp/err"; then
    not_ok "$what" "output does not match /$pattern/" "$(cat "$tmp/out" "$tmp/err" | head -5)"
  else
    ok "$what"
  fi
}

# Golden JSON: one document per built-in game.
for game in hexa hexa-show twocards clue11; do
  "$cli" run "$game" --json >"$tmp/$game.json" 2>"$tmp/err"
  if [ $? -ne 0 ]; then
    not_ok "run $game --json" "$(cat "$tmp/err")"
  elif ! diff -u "$golden/$game.json" "$tmp/$game.json" >"$tmp/diff"; then
    not_ok "run $game --json matches golden" "$(head -20 "$tmp/diff")"
  else
    ok "run $game --json matches golden"
  fi
done

expect 0 "games lists the built-ins" '^hexa +Hexa' -- games
expect 0 "run hexa prints the knowledge table" 'can win: 1, 3' -- run hexa
expect 0 "run hexa --probabilities gives 2 even odds on r" "^r +1 100% +1 50% 3 50% +1 100% +\\? 1/3 +\\? 1/3" -- run hexa --probabilities
expect 0 "run --probabilities says they are over deals" '^Probabilities over deals' -- run hexa --probabilities
# Both engines give the same deal shares (Clue 11: 1's last-but-one table).
"$cli" run clue11 --probabilities --engine explicit 2>&1 | sed -n '/^card /,$p' >"$tmp/px.txt"
"$cli" run clue11 --probabilities --engine symbolic 2>&1 | sed -n '/^card /,$p' >"$tmp/py.txt"
if [ -s "$tmp/px.txt" ] && grep -q '%' "$tmp/px.txt" && cmp -s "$tmp/px.txt" "$tmp/py.txt"; then ok "run --probabilities: the same shares on both engines"
else not_ok "run --probabilities: the same shares on both engines" "$(diff "$tmp/px.txt" "$tmp/py.txt" | head -5)"; fi
expect 0 "run clue11: everyone knows Plum is 2's, it is not common knowledge" "^Plum +2 +2 +2 +2 +\\? 1/2/3/env" -- run clue11
expect 0 "run explains each step" "2 now knows that 1 holds r" -- run hexa-show
# A step longer than the usual column still leaves room before its count,
# and the counts end in one column.
expect 0 "run cluedo: a long suggest and its count apart" '^ 3  suggest₂\{Scarlet,wrench,kitchen\} +4225725504 worlds' -- run cluedo
ends=$(grep -E '^ ?[0-9]+  ' "$tmp/out" | sed -E 's/ worlds.*//; s/(₀|₁|₂|₃|₄|₅|₆|₇|₈|₉)/_/g' | awk '{ print length($0) }' | sort -u | wc -l)
if [ "$ends" -eq 1 ]; then ok "run cluedo: the counts line up"
else not_ok "run cluedo: the counts line up" "$(grep -E '^ ?[0-9]+  ' "$tmp/out" | head -9)"; fi
# The knowledge table: each column as wide as its widest cell, so cells
# never run together (cluedo6's "? 2/3/4/5/6/env" used to touch the next).
expect 0 "run cluedo6 prints its table" '^worlds +[0-9]+ ' -- run cluedo6
if grep -qE 'env[0-9?]' "$tmp/out"; then not_ok "run cluedo6: the table's cells are apart" "$(grep -E 'env[0-9?]' "$tmp/out" | head -3)"
else ok "run cluedo6: the table's cells are apart"; fi
# Every row of the table starts its cells in the same columns as the header.
starts () { awk '{ line = $0; out = ""; for (i = 2; i <= length(line); i++) if (substr(line, i - 1, 2) ~ /  [^ ]/) out = out " " i; print out }'; }
table=$(sed -n '/^card /,$p' "$tmp/out")
if [ "$(printf '%s\n' "$table" | grep -v '^worlds' | starts | sort -u | wc -l)" -eq 1 ]; then ok "run cluedo6: the table's columns line up"
else not_ok "run cluedo6: the table's columns line up" "$(printf '%s\n' "$table" | head -3)"; fi
# The worlds row: "1 wins" read as "player 1 wins"; E has no worlds of its own.
expect 0 "run hexa: the worlds row says who can win, apart from the count" '^worlds +1, can win +2 +1, can win +2$' -- run hexa
if grep -q ' wins' "$tmp/out"; then not_ok "run hexa: no \"1 wins\" under player 3" "$(grep ' wins' "$tmp/out")"; else ok "run hexa: no \"1 wins\" under player 3"; fi
expect 2 "export --links names an unknown agent" "no agent “9”" -- export clue11 --links 9 --format svg -o "$tmp/links.svg"

# check: exit 0 true, 1 false, 2 error (the paper's Example 6).
expect 0 "check: after nocard 1 w and endmove 2, 1 can win" '^true$' -- check hexa '[nocard 1 w] [endmove 2] win{1}' --step 0
expect 1 "check: after nocard 1 w alone, 1 cannot win" '^false$' -- check hexa '[nocard 1 w] win{1}' --step 0
expect 0 "check at the last step by default" '^true$' -- check hexa 'win{1} & win{3} & ~win{2}'
expect 0 "check --json at the last step" '^\{"formula":"win\{1\} & win\{3\} & ~win\{2\}","step":2,"value":true\}$' -- check hexa 'win{1} & win{3} & ~win{2}' --json
expect 1 "check --json, false at step 0" '^\{"formula":"\[nocard 1 w\] win\{1\}","step":0,"value":false\}$' -- check hexa '[nocard 1 w] win{1}' --step 0 --json

# Conventions: every subcommand's --help exits 0; --version.
for command in games run check export; do
  expect 0 "$command --help" '[Uu]sage' -- $command --help
done
expect 0 "--version" '^kripkeviz-cli [0-9]' -- --version

# The uninstalled build is translated: its catalogues come from the build tree.
if locale -a 2>/dev/null | grep -qix 'nl_NL.utf-\?8'; then
  LC_ALL=nl_NL.UTF-8 "$cli" export hexa -o - >"$tmp/out" 2>"$tmp/err"
  if grep -q 'standaarduitvoer' "$tmp/err"; then ok "the build tree's CLI speaks Dutch"
  else not_ok "the build tree's CLI speaks Dutch" "$(cat "$tmp/err")"; fi
  # A built-in game's title in the user's language, in text and pictures.
  LC_ALL=nl_NL.UTF-8 "$cli" run hexa >"$tmp/out" 2>"$tmp/err"
  if head -1 "$tmp/out" | grep -qx 'Hexa: drie spelers, drie kaarten'; then ok "run under nl titles the game in Dutch"
  else not_ok "run under nl titles the game in Dutch" "$(head -1 "$tmp/out")"; fi
  LC_ALL=nl_NL.UTF-8 "$cli" games >"$tmp/out" 2>"$tmp/err"
  if grep -qx 'hexa *Hexa: drie spelers, drie kaarten' "$tmp/out" && ! grep -q 'three' "$tmp/out"; then ok "games under nl lists the titles in Dutch"
  else not_ok "games under nl lists the titles in Dutch" "$(cat "$tmp/out")"; fi
  LC_ALL=nl_NL.UTF-8 "$cli" run hexa >"$tmp/out" 2>"$tmp/err"
  if grep -qE '^werelden +1, kan winnen +2 +1, kan winnen +2$' "$tmp/out"; then ok "run under nl: the worlds row in Dutch"
  else not_ok "run under nl: the worlds row in Dutch" "$(tail -2 "$tmp/out")"; fi
  LC_ALL=nl_NL.UTF-8 "$cli" export hexa -o "$tmp/nl.svg" >/dev/null 2>"$tmp/err"
  if grep -q '<title>Hexa: drie spelers, drie kaarten, stap 2' "$tmp/nl.svg"; then ok "export under nl titles the picture in Dutch"
  else not_ok "export under nl titles the picture in Dutch" "$(grep -o '<title>[^<]*' "$tmp/nl.svg" | head -1)"; fi
fi
expect 0 "check: higher-order knowledge after showcard" '^true$' -- check hexa-show 'K{1} K{2} r@1 & ~K{3} K{2} r@1'
expect 0 "check: Unicode forms" '^true$' -- check hexa-show 'K₁ K₂ r@1 ∧ ¬K₃ K₂ r@1' 
expect 0 "check: Unicode operators" '^true$' -- check hexa-show '¬(K{3} r@1) ∧ (r@1 → K{2} r@1)'
expect 0 "check Clue 11: 1 knows the envelope at the end" '^true$' -- check clue11 'K{1} (lead@env & Mustard@env)'
expect 1 "check Clue 11 at step 0" '^false$' -- check clue11 'win{1}' --step 0
expect 2 "check: syntax error points at the column" '^formula:1:7: error: expected a formula' -- check hexa 'r@1 & & w@2'
expect 2 "check: unknown card" 'formula:1:1: error: unknown card “x”' -- check hexa 'x@1'
expect 2 "check: --step out of range" 'out of range' -- check hexa 'true' --step 9
# --step -1 is a step below 0, not "no --step" (it used to check step 2).
expect 2 "check: --step -1 refused" '^kripkeviz-cli: --step must be a whole number, 0 or more, not “-1”$' -- check hexa 'K{3} w@2' --step -1 --json
expect 2 "check: --step -2 refused" '^kripkeviz-cli: --step must be a whole number, 0 or more, not “-2”$' -- check hexa 'K{3} w@2' --step -2
expect 2 "model: --step -1 refused" '^kripkeviz-cli: --step must be a whole number, 0 or more, not “-1”$' -- model hexa --step -1 --json
expect 2 "export: --step -1 refused" '--step must be a whole number, 0 or more, not “-1”$' -- export hexa --step -1 --format dot -o -
expect 0 "check: --step 0 still given" '^\{"formula":"true","step":0,"value":true\}$' -- check hexa 'true' --step 0 --json
expect 0 "model: no --step is after all steps" '"step": 2,' -- model hexa --json
# An operator written like a card: the hint teaches the operator's form.
expect 2 "check: K1 is not a card, K{1} is meant" '^formula:1:1: error: “K1” is not a card: for what 1 knows write K\{1\} φ$' -- check hexa 'K1 r@1'
expect 2 "check: the “]” missing after a step, not a card named twice" '^formula:1:13: error: “\]” is missing after the step$' -- check hexa '[nocard 1 r r@1'
expect 2 "check: the “}” missing after the agents" '^formula:1:5: error: “\}” is missing after the agents$' -- check hexa 'K{1 r@1'

expect 2 "check: unknown game" 'not a built-in game \(built-in: clue11, clue18, cluedo, cluedo4, cluedo5, cluedo6, hexa' -- check nosuch 'true'
expect 2 "run: missing argument" 'usage' -- run
expect 2 "unknown command" 'unknown command' -- frobnicate

# "action" is the line as written, spaces normalised (docs/design.md, "The command line and its JSON"): no
# rewriting of ! ¬ {} or a showcard's request.
printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n!  ¬w@1\nannounce\t~C{1,2,3} b@1   # why\nshowcard 1 -> 2 r of r w b\n' >"$tmp/written.kvg"
"$cli" run "$tmp/written.kvg" --json >"$tmp/written.json" 2>"$tmp/err"
for action in '"!  ¬w@1"' '"announce ~C{1,2,3} b@1"' '"showcard 1 -> 2 r of r w b"'; do
  want=$(printf '%s' "$action" | sed 's/  */ /g')
  if grep -qF "\"action\" : $want" "$tmp/written.json"; then ok "run --json action $want as written"
  else not_ok "run --json action $want as written" "$(grep action "$tmp/written.json" "$tmp/err")"; fi
done

# Scripts with errors: FILE:LINE:COL, exit 2.
printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\nnocard 1 r\n' >"$tmp/false.kvg"
expect 2 "a step false at the actual world names its line and why" "false.kvg:5:1: error: this step is false at the actual world: 1 holds r" -- run "$tmp/false.kvg"
printf 'agents 1 2 3\ncards r w b\nhands 1 1\ndeal 1: r 2: w 3: b\n' >"$tmp/hands.kvg"
expect 2 "hands that do not match the agents" "hands.kvg:3:1: error: there are 3 agents, but 2 hand sizes" -- run "$tmp/hands.kvg"
printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\nannounce K{1} (r@1 |\n' >"$tmp/formula.kvg"
expect 2 "a formula error inside a script" "formula.kvg:5:21: error: expected a formula" -- run "$tmp/formula.kvg"
expect 2 "an unreadable file" "$tmp/none.kvg: error:" -- run "$tmp/none.kvg"
expect 0 "-V is --version" "^kripkeviz-cli [0-9]" -- -V
# Every command's --help fits a terminal of 80 columns, in English and Dutch
# (bash counts characters, not bytes, in a UTF-8 locale).
for lang in C.UTF-8 nl_NL.UTF-8; do
  wide=
  for command in "" games run check model export play search; do
    while IFS= read -r line; do
      if [ "${#line}" -gt 80 ]; then wide="$wide ${command:-main}:${#line}"; fi
    done < <(LC_ALL=$lang "$cli" $command --help 2>&1)
  done
  if [ -z "$wide" ]; then ok "--help fits 80 columns ($lang)"; else not_ok "--help fits 80 columns ($lang)" "$wide"; fi
done
expect 2 "export to a missing directory names the file asked for" \
  '^kripkeviz-cli export: Could not write /nonexistent/x\.svg: No such directory$' -- export hexa --format svg -o /nonexistent/x.svg
# The commands that draw nothing start without the drawing stack: only the
# export program (which kripkeviz-cli execs) links Graphviz and cairo.
if command -v ldd >/dev/null; then
  if ldd "$cli" | grep -qE 'libgvc|libcairo|libpixman|libcgraph'; then
    not_ok "kripkeviz-cli does not link the drawing stack" "$(ldd "$cli" | grep -E 'gvc|cairo|pixman|cgraph')"
  else
    ok "kripkeviz-cli does not link the drawing stack"
  fi
fi

# The product view's stages (issue 5), as files a teacher puts on slides.
for stage in action pairs links result; do
  expect 0 "export --product-stage $stage" '' -- export hexa-show --step 1 --product-stage "$stage" --format svg -o "$tmp/$stage.svg"
done
if grep -q 'Stage 1 of 3' "$tmp/pairs.svg" 2>/dev/null; then ok "the pairs stage is titled"; else not_ok "the pairs stage is titled"; fi
# twocards' result sits in M's crossing grid under the automatic layout
# only: an engine asked for lays it out (as it does M).
"$cli" export twocards --step 1 --product-stage result --format dot -o "$tmp/auto.dot"
"$cli" export twocards --step 1 --product-stage result --engine dot --format dot -o "$tmp/dot.dot"
if grep -q 'laid out by neato' "$tmp/auto.dot" && grep -q 'laid out by dot' "$tmp/dot.dot"; then
  ok "export --engine dot lays out a product's result grid"
else
  not_ok "export --engine dot lays out a product's result grid" "$(head -1 "$tmp/auto.dot")" "$(head -1 "$tmp/dot.dot")"
fi
expect 2 "export --product-stage on the initial model" 'initial model is not the result of an action' -- export hexa-show --step 0 --product-stage pairs --format png -o "$tmp/x.png"
expect 2 "export --product-stage with an unknown stage" 'unknown product stage' -- export hexa-show --product-stage middle --format png -o "$tmp/x.png"
expect 2 "export --product-stage with --all-steps" 'one step' -- export hexa-show --all-steps --product-stage pairs --format pdf -o "$tmp/x.pdf"
[ ! -e "$tmp/x.png" ] && [ ! -e "$tmp/x.pdf" ] && ok "failed exports leave no file" || not_ok "failed exports leave no file"

expect 0 "export --palette greyscale" '' -- export hexa --palette greyscale --format svg -o "$tmp/grey.svg"
# cairo writes colours as rgb(R%,G%,B%): with greys the three are equal.
if grep -o 'rgb([^)]*)' "$tmp/grey.svg" | grep -qv 'rgb(\([0-9.]*\)%,\1%,\1%)'; then
  not_ok "greyscale links are grey" "$(grep -o 'rgb([^)]*)' "$tmp/grey.svg" | sort -u)"
else
  ok "greyscale links are grey"
fi
expect 2 "export --palette with an unknown palette" 'unknown palette' -- export hexa --palette pink --format svg -o "$tmp/x.svg"

# SMCDEL's text input (issue 14): the game and its public announcements.
# tests/engine/test-smcdel.c reads such files back and checks their answers.
smcdel_golden () {  # smcdel_golden DESCRIPTION GOLDEN OUTPUT ARGS…: export writes OUTPUT as GOLDEN
  local what=$1 file=$2 output=$3
  shift 3
  "$cli" export "$@" -o "$output" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne 0 ]; then
    not_ok "$what" "exit $got" "$(cat "$tmp/err")"
  elif ! diff -u "$golden/$file" "$output" >"$tmp/diff"; then
    not_ok "$what" "$(head -20 "$tmp/diff")"
  else
    ok "$what"
  fi
}
smcdel_golden "export hexa --format smcdel matches golden" hexa.smcdel.txt "$tmp/hexa.txt" hexa --format smcdel
# The extension names the format.
smcdel_golden "export of an announcement script to a .smcdel.txt file matches golden" hexa-announce.smcdel.txt \
  "$tmp/announce.smcdel.txt" "$golden/hexa-announce.kvg"
expect 0 "export --format smcdel to standard output" '^LAW AND \($' -- export hexa --format smcdel -o -
expect 2 "export --format smcdel refuses a showcard, naming its line" \
  '^hexa-show:10:1: error: “showcard 1 -> 2 r” is private to 1 and 2: SMCDEL.s text input has only public announcements \(--step 0 exports the steps before it\)$' \
  -- export hexa-show --format smcdel -o "$tmp/show.smcdel.txt"
[ ! -e "$tmp/show.smcdel.txt" ] && ok "a refused SMCDEL export leaves no file" || not_ok "a refused SMCDEL export leaves no file"
expect 0 "export --format smcdel --step 0 stops before the showcard" '^VARS$' -- export hexa-show --step 0 --format smcdel -o -
expect 2 "export --format smcdel refuses a custom action model" 'twocards:[0-9]+:1: error: “do twocards sw” is an action model of 12 events' \
  -- export twocards --format smcdel -o -
expect 2 "export --format smcdel to a file named .svg" 'named like a svg file' -- export hexa --format smcdel -o "$tmp/x.svg"
expect 2 "export --format svg to a file named .smcdel.txt" 'named like a smcdel file' -- export hexa --format svg -o "$tmp/x.smcdel.txt"
expect 2 "export --format smcdel with a picture's option" '^kripkeviz-cli export: --view is for pictures' -- export hexa --format smcdel --view whole -o -
expect 2 "export --format smcdel --step out of range" 'out of range' -- export hexa --format smcdel --step 7 -o -
"$cli" model hexa --json -o "$tmp/hexa.kvm.json" 2>"$tmp/err"
expect 2 "export --format smcdel of a model file" 'is a model, not a game' -- export "$tmp/hexa.kvm.json" --format smcdel -o -
expect 2 "an unknown format lists smcdel too" 'use svg, pdf, png, dot, tikz or smcdel' -- export hexa --format gif -o -
expect 0 "export --help lists smcdel" '--format=svg\|pdf\|png\|dot\|tikz\|smcdel' -- export --help

# The choices an error lists are the ones the option takes: read from the
# same tables as the option's help and its parser, so none is left out.
# choices HELP-NAME: the option's choices in `export --help` as "a, b or c".
choices () {
  "$cli" export --help | grep -oE -- "--$1=[a-z+|-]+" | cut -d= -f2 | sed -E 's/\|([^|]*)$/ or \1/; s/\|/, /g'
}
for option in view engine format palette product-stage; do
  list=$(choices "$option")
  case $option in engine) what="layout engine" ;; product-stage) what="product stage" ;; *) what=$option ;; esac
  expect 2 "export --$option bogus lists every choice: $list" "^kripkeviz-cli export: unknown $what “bogus”: use $list\$" \
    -- export hexa "--$option" bogus -o "$tmp/x.svg"
done
expect 2 "export --view bogus lists agents too" 'use whole, around, contracted, envelope or agents$' -- export hexa --view bogus -o "$tmp/x.svg"
expect 2 "--agents foo lists every strategy" '^kripkeviz-cli: --agents: unknown strategy “foo” \(strategies: random, naive, del, del\+ or uniform\)$' \
  -- play hexa --agents foo
for strategy in $(sed -E 's/.*\(strategies: (.*)\)$/\1/; s/,? or / /; s/, / /g' "$tmp/err"); do
  expect 0 "--agents $strategy, as listed, plays" '' -- play hexa --agents "$strategy" --games 2 --jobs 1
done
expect 2 "--engine bogus lists every engine" '^kripkeviz-cli: unknown engine “bogus” \(auto, explicit or symbolic\)$' -- run hexa --engine bogus

# Numbers are decimal only, as written: "010" is ten, not eight; "0x10"
# is no number; the text is quoted as given.
expect 0 "play --games 010 plays ten games" '^hexa: 10 games, seed 1 ' -- play hexa --agents del --games 010 --jobs 1
expect 0 "play --seed 010 is seed ten" '^hexa: 2 games, seed 10 ' -- play hexa --agents del --games 2 --seed 010 --jobs 1
expect 2 "play --games 0x10 is no number" '^kripkeviz-cli: --games must be a whole number from 1 to 1000000, not “0x10”$' -- play hexa --agents del --games 0x10
expect 2 "play --seed 0x10 is no number" '^kripkeviz-cli: --seed must be a whole number from 0 to 4294967295, not “0x10”$' -- play hexa --agents del --seed 0x10
expect 2 "play --jobs 0x10 is no number" '^kripkeviz-cli: --jobs must be a whole number from 0 to 1024, not “0x10”$' -- play hexa --agents del --jobs 0x10
expect 2 "search --games 0x10 is no number" '^kripkeviz-cli: --games must be a whole number from 1 to 1000000, not “0x10”$' -- search unsuccessful hexa --count --games 0x10
expect 2 "search --seed 010x is no number" '^kripkeviz-cli: --seed must be a whole number from 0 to 4294967295, not “010x”$' -- search unsuccessful hexa --count --seed 010x
expect 2 "check --step 010 is step ten" '^kripkeviz-cli: --step 10 is out of range: the script has 2 steps' -- check hexa true --step 010
expect 2 "model --step 0x1 is no number" '^kripkeviz-cli: --step must be a whole number, 0 or more, not “0x1”$' -- model hexa --step 0x1
expect 2 "export --step 0x1 is no number" '^kripkeviz-cli export: --step must be a whole number, 0 or more, not “0x1”$' -- export hexa --step 0x1 -o "$tmp/x.svg"
expect 0 "check --step 01 is step one" '^true$' -- check hexa '~w@1' --step 01

echo "1..$n"
[ "$failed" -eq 0 ]
