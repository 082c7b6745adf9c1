#!/bin/sh
# Error messages quote a short excerpt around the place, never the whole
# input (issue 29, N6): a 10 000-term formula, a model file with a 1 MB
# agent name; titles and names have length limits (N8). Usage: excerpts.sh kripkeviz-cli SOURCE-ROOT   (prints TAP)
set -u
cli=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }

# expect WHAT PATTERN ARGS…: exit 2, stderr under 1 000 bytes matching PATTERN.
expect () {
  what=$1 pattern=$2
  shift 2
  "$cli" "$@" >/dev/null 2>"$tmp/err"
  got=$?
  size=$(wc -c <"$tmp/err")
  if [ "$got" -eq 2 ] && [ "$size" -lt 1000 ] && grep -qE -- "$pattern" "$tmp/err"; then
    ok "$what ($size bytes)"
  else
    not_ok "$what" "exit $got, $size bytes" "$(head -c 300 "$tmp/err")"
  fi
}

formula=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "r@1 & "; printf "K1" }')
expect "a 10 000-term formula: the place, not the formula" '^formula:1:60001: error: ' check hexa "$formula"
formula=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "r@1 & "; }')
expect "a formula cut short after 10 000 terms" 'found the end' check hexa "$formula"

head -c 1000000 /dev/zero | tr '\0' x >"$tmp/name"
echo >>"$tmp/name"
awk -v names="$tmp/name" 'BEGIN { getline name < names } /"agents"/ && !done { sub(/\["1"/, "[\"" name "\""); done = 1 } { print }' \
  "$root/tests/fuzz/seeds/model-json/hexa-0.kvm.json" >"$tmp/name.kvm.json"
[ "$(wc -c <"$tmp/name.kvm.json")" -gt 1000000 ] || not_ok "the 1 MB name is in the model file"
expect "a model file with a 1 MB agent name" 'name.kvm.json: error: ' run "$tmp/name.kvm.json"

# Length limits, at parse time (N8): a 10⁶-character title once made a
# 65 MB SVG; names and titles have documented bounds (KV_MAX_TITLE_LENGTH,
# KV_MAX_NAME_LENGTH in kv-game.h).
{ printf 'title '; head -c 1000000 /dev/zero | tr '\0' x; printf '\nagents 1 2\ncards a b\nhands 1 1\n'; } >"$tmp/title.kvg"
expect "a 10⁶-character title" 'title.kvg:1:1: error: a title has at most 200 characters' export "$tmp/title.kvg" --format svg -o "$tmp/title.svg"
{ printf 'agents 1 '; head -c 100 /dev/zero | tr '\0' y; printf '\ncards a b\nhands 1 1\n'; } >"$tmp/name.kvg"
expect "a 100-character agent name" 'name.kvg:1:10: error: a name has at most 64 characters' run "$tmp/name.kvg"
{ printf 'agents 1 2\ncategory '; head -c 100 /dev/zero | tr '\0' z; printf ': a b\nhands 1 1\n'; } >"$tmp/category.kvg"
expect "a 100-character category name" 'category.kvg:2:10: error: a name has at most 64 characters' run "$tmp/category.kvg"
# A step is drawn whole too: a 900 KB "announce r@1 & r@1 & …" made a
# 117 MB SVG. Steps, event preconditions and questions' formulas have at
# most 1 000 characters (KV_MAX_STEP_LENGTH), as a line of narration.
{ printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\nannounce r@1'
  awk 'BEGIN { for (i = 0; i < 150000; i++) printf " & r@1" }'; echo; } >"$tmp/chain1m.kvg"
expect "a 900 KB step" 'chain1m.kvg:5:1: error: a step has at most 1000 characters$' export "$tmp/chain1m.kvg" -o "$tmp/chain.svg"
[ ! -e "$tmp/chain.svg" ] && ok "… and no picture written" || not_ok "… and no picture written" "$(wc -c <"$tmp/chain.svg") bytes"
{ printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\naction big\n  event e: r@1'
  awk 'BEGIN { for (i = 0; i < 150000; i++) printf " & r@1" }'
  printf '\n  event f: true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\ndo big e\n'; } >"$tmp/event1m.kvg"
expect "a 900 KB event precondition" "event1m.kvg:6:12: error: an event's precondition has at most 1000 characters\$" \
  export "$tmp/event1m.kvg" --product-stage action -o "$tmp/event.svg"

# Control characters reach the terminal escaped, never raw: a script line
# "ESC]0;pwned BEL" (which would retitle the terminal), a formula with a
# newline (its excerpt stays one line, the caret under the place).
# controls_free WHAT: stderr has no control character but the newlines.
controls_free () {
  if [ "$(tr -d '\n' <"$tmp/err" | LC_ALL=C grep -c '[[:cntrl:]]')" -eq 0 ]; then
    ok "$1: no control character printed"
  else
    not_ok "$1: no control character printed" "$(od -c "$tmp/err" | head -5)"
  fi
}
{ printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n\033]0;pwned\007 1 w\n'; } >"$tmp/esc.kvg"
expect "a script line ESC]0;pwned BEL" 'esc.kvg:5:1: error: a control character \(\\e\) is not text' run "$tmp/esc.kvg"
controls_free "a script line ESC]0;pwned BEL"
{ printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\nannounce r@1 \033]0;pwned\007\n'; } >"$tmp/esc.kvg"
expect "ESC]0;pwned BEL after a step" 'esc.kvg:5:14: error: a control character \(\\e\) is not text' run "$tmp/esc.kvg"
controls_free "ESC]0;pwned BEL after a step"
expect "a formula with a newline" '^formula:1:7: error: expected a formula but found “&”$' check hexa 'r@1 &
& K1'
printf 'formula:1:7: error: expected a formula but found “&”\n  r@1 &\\n& K1\n         ^\n' >"$tmp/want"
if cmp -s "$tmp/want" "$tmp/err"; then ok "… its excerpt on one line, the caret under the place"
else not_ok "… its excerpt on one line, the caret under the place" "$(cat "$tmp/err")"; fi
expect "a formula with ESC]0;pwned BEL" '^formula:1:5: error: ' check hexa "$(printf 'r@1 \033]0;pwned\007')"
controls_free "a formula with ESC]0;pwned BEL"

# Bytes that are not UTF-8 are reported where the first of them is, with
# the text before it: a Latin-1 é on line 45 of a script, a byte 0xFF at
# column 5 of a formula (its excerpt shows it escaped, the caret under it).
{ printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n'; for i in $(seq 5 44); do echo "# line $i"; done
  printf 'title Caf\351 Hexa\n'; } >"$tmp/latin1.kvg"
expect "a Latin-1 é on line 45" '/latin1.kvg:45:10: error: the script is not UTF-8 text: the byte 0xE9 after “title Caf”$' run "$tmp/latin1.kvg"
expect "a byte 0xFF at column 5 of a formula" '^formula:1:5: error: the formula is not valid UTF-8: the byte 0xFF after “r@1 ”$' check hexa "$(printf 'r@1 \377')"
printf 'formula:1:5: error: the formula is not valid UTF-8: the byte 0xFF after “r@1 ”\n  r@1 \\xff\n      ^\n' >"$tmp/want"
if cmp -s "$tmp/want" "$tmp/err"; then ok "… its excerpt shows the byte escaped, the caret under it"
else not_ok "… its excerpt shows the byte escaped, the caret under it" "$(cat "$tmp/err")"; fi

# Command-line values are quoted as excerpts too: a 100 000-character
# command, option, option value, game or output name.
L=$(head -c 100000 /dev/zero | tr '\0' x)
expect "an unknown command of 100 000 characters" '^kripkeviz-cli: unknown command “nosuchx+…”$' "nosuch$L"
expect "an unknown option of 100 000 characters" 'kripkeviz-cli: .*--x+…x+' run hexa "--$L"
expect "--agents of 100 000 characters" 'unknown strategy “x+…”' play hexa --agents "$L"
expect "--shard of 100 000 characters" '--shard must be K/N .*“x+…”' play hexa --agents del --shard "$L"
expect "--engine of 100 000 characters" 'kripkeviz-cli: .*x+…' run hexa --engine "$L"
expect "--format of 100 000 characters" 'unknown format “x+…”' export hexa --format "$L" -o "$tmp/x.svg"
expect "--view of 100 000 characters" 'unknown view “x+…”' export hexa --view "$L" -o "$tmp/x.svg"
expect "--size of 100 000 characters" 'kripkeviz-cli export: .*x+…' export hexa --size "$L" -o "$tmp/x.svg"
expect "--links of 100 000 characters" 'no agent “x+…”' export hexa --links "$L" -o "$tmp/x.svg"
expect "--palette of 100 000 characters" 'unknown palette “x+…”' export hexa --palette "$L" -o "$tmp/x.svg"
expect "--product-stage of 100 000 characters" 'unknown product stage “x+…”' export hexa --product-stage "$L" -o "$tmp/x.svg"
expect "-o x.<100 000 characters>" 'kripkeviz-cli export: .*x\.x+…' export hexa -o "x.$L"
expect "model -o x.<100 000 characters>" 'kripkeviz-cli: .*x\.x+…' model hexa -o "x.$L"
expect "a game of 100 000 characters" 'x+…' run "$L"
expect "a lesson of 100 000 characters" 'x+…' lesson "$L"
expect "lesson:<100 000 characters>" 'x+…' run "lesson:$L"
expect "play <100 000 characters>" 'x+…' play "$L" --agents del
expect "--step of 100 000 characters" 'kripkeviz-cli: .*x+…' check hexa r@1 --step "$L"
expect "--games of 100 000 characters" 'kripkeviz-cli: .*x+…' play hexa --agents del --games "$L"
expect "export: one game too many, of 100 000 characters" 'one too many' export hexa "$L" -o "$tmp/x.svg"
expect "an unknown command with ESC]0;pwned BEL" '^kripkeviz-cli: unknown command “\\e\]0;pwned\\x07”$' "$(printf '\033]0;pwned\007')"
controls_free "an unknown command with ESC]0;pwned BEL"
expect "--view with ESC]0;pwned BEL" 'unknown view “\\e\]0;pwned\\x07”' export hexa --view "$(printf '\033]0;pwned\007')" -o "$tmp/x.svg"
controls_free "--view with ESC]0;pwned BEL"

echo "1..$n"
[ "$failed" -eq 0 ]
