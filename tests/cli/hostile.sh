#!/bin/sh
# Hostile inputs for kripkeviz-cli (issue 7): games too big, products over
# the limit, formulas nested 100 000 deep, chains of actions, junk bytes,
# huge files. Each must end with exit status 2, a "FILE:LINE:COL: error:"
# message, and quickly — never a crash, a hang or a stack overflow.
# Usage: hostile.sh PATH/TO/kripkeviz-cli      (prints TAP)
# HOSTILE_SECONDS: the time each may take (default 3; sanitizer builds are
# slower, .ci/sanitize.sh runs with a timeout multiplier).
set -u
cli=$1
seconds=${HOSTILE_SECONDS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
unset KRIPKEVIZ_WORLD_LIMIT
n=0
failed=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }

now () { date +%s%N; }

# expect DESCRIPTION PATTERN ARGS…: exit status 2, stderr matches PATTERN
# (an extended regular expression), within $seconds.
expect () {
  what=$1 pattern=$2
  shift 2
  start=$(now)
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  ms=$(( ($(now) - start) / 1000000 ))
  if [ "$got" -ne 2 ]; then
    not_ok "$what" "exit $got, expected 2" "$(head -c 600 "$tmp/err")"
  elif ! grep -qE -- "$pattern" "$tmp/err"; then
    not_ok "$what" "stderr does not match /$pattern/" "$(head -c 600 "$tmp/err")"
  elif [ "$ms" -gt $((seconds * 1000)) ]; then
    not_ok "$what" "took $ms ms, more than $seconds s"
  else
    ok "$what ($ms ms)"
  fi
}

# repeat N TEXT: TEXT N times, no newline.
repeat () { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

hexa_header () { printf 'agents 1 2 3\ncards r w b\nhands 1 1 1\ndeal 1: r 2: w 3: b\n'; }
clue_header () {
  printf 'agents 1 2 3\ncategory weapon: axe candle dagger handgun lead rope wrench\n'
  printf 'category suspect: Scarlet Mustard Green Plum\nenvelope weapon suspect\nhands 3 3 3\n'
  printf 'deal env: lead Mustard 1: Scarlet axe rope 2: Plum wrench dagger 3: Green handgun candle\n'
}

# A game too big: 10 agents, 60 cards, 6 each.
{
  printf 'agents 1 2 3 4 5 6 7 8 9 10\ncards'
  for c in $(seq 0 59); do printf ' c%s' "$c"; done
  printf '\nhands 6 6 6 6 6 6 6 6 6 6\ndeal'
  for a in $(seq 0 9); do
    printf ' %s:' $((a + 1))
    for c in $(seq 0 5); do printf ' c%s' $((a * 6 + c)); done
  done
  printf '\n'
} >"$tmp/big.kvg"
expect "10 agents, 60 cards: refused with the count and the limit" \
  "big.kvg:1:1: error: the game has about 2.22e\+53 deals, more than the limit of 2000000 worlds" run "$tmp/big.kvg"
expect "10 agents, 60 cards: check refused too" "big.kvg:1:1: error: " check "$tmp/big.kvg" 'c1@1'
expect "10 agents, 60 cards: export refused too" "big.kvg:1:1: error: " export "$tmp/big.kvg" --format dot -o "$tmp/big.dot"

# The limit is configurable.
KRIPKEVIZ_WORLD_LIMIT=1000 expect "KRIPKEVIZ_WORLD_LIMIT=1000: Clue 11 refused" \
  "clue11:1:1: error: the game has about 4.7e\+04 deals, more than the limit of 1000 worlds" run clue11
KRIPKEVIZ_WORLD_LIMIT=lots expect "KRIPKEVIZ_WORLD_LIMIT not a number" "KRIPKEVIZ_WORLD_LIMIT must be a number" run hexa
KRIPKEVIZ_WORLD_LIMIT=0 expect "KRIPKEVIZ_WORLD_LIMIT=0" "KRIPKEVIZ_WORLD_LIMIT must be a number" run hexa
if KRIPKEVIZ_WORLD_LIMIT=6 "$cli" run hexa >/dev/null 2>&1; then ok "KRIPKEVIZ_WORLD_LIMIT=6: Hexa runs"; else not_ok "KRIPKEVIZ_WORLD_LIMIT=6: Hexa runs"; fi

# A product over the limit: an action nobody sees doubles Clue 11 each time.
{
  clue_header
  printf 'action twice\n  event a: true\n  event b: true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'
  printf 'do twice a\ndo twice a\n'
} >"$tmp/double.kvg"
KRIPKEVIZ_WORLD_LIMIT=100000 expect "a product over the limit: refused with its size and the limit" \
  "double.kvg:15:1: error: the product would have 188160 worlds, more than the limit of 100000" run "$tmp/double.kvg"

# A long history of steps that change nothing.
{ clue_header; repeat 100 'nocard 1 candle
'; } >"$tmp/long.kvg"
KRIPKEVIZ_WORLD_LIMIT=50000 expect "a history over 8 times the limit" \
  "long.kvg:[0-9]+:1: error: the history would hold" run "$tmp/long.kvg"

# Formulas nested 100 000 deep, in an announce line and on the command line.
for open in '~' '!' '(' 'K{1} ' 'M{2} ~' 'C{} ' 'r@1 -> ' 'r@1 & ' 'r@1 | ' 'r@1 <-> ' '[nocard 1 w] ' '[announce ' '<endmove 2> '; do
  { hexa_header; printf 'announce '; repeat 100000 "$open"; printf 'r@1\n'; } >"$tmp/deep.kvg"
  expect "announce with 100000 × “$open”" \
    "deep.kvg:5:[0-9]+: error: the formula is nested more than 200 deep" run "$tmp/deep.kvg"
done
{ hexa_header; printf 'action deep\n  event e: '; repeat 100000 'K{1} '; printf 'r@1\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'; } >"$tmp/deep-action.kvg"
expect "an action precondition 100000 deep" "deep-action.kvg:6:[0-9]+: error: the formula is nested" run "$tmp/deep-action.kvg"
for open in '~' '(' 'K{1} ' 'r@1 -> ' 'r@1 & '; do
  # An argument is at most 128 KiB.
  formula="$(repeat 15000 "$open")r@1"
  expect "check with 15000 × “$open”" "formula:1:[0-9]+: error: the formula is nested more than 200 deep" check hexa "$formula"
done

# Actions that check other actions: exponentially many preconditions, and
# a chain nested deeper than the checker goes.
{
  hexa_header
  printf 'action A0\n  event x: true\n  event y: true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'
  for i in $(seq 1 39); do
    printf 'action A%s\n  event x: [do A%s x] true\n  event y: [do A%s y] true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n' "$i" $((i - 1)) $((i - 1))
  done
  printf 'do A39 x\n'
} >"$tmp/expo.kvg"
expect "actions checking actions: 2^40 preconditions refused" \
  "expo.kvg:[0-9]+:1: error: action A[0-9]+ nests other actions too much" run "$tmp/expo.kvg"
{
  hexa_header
  printf 'action A0\n  event x: true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'
  nots=$(repeat 100 '~')
  for i in $(seq 1 255); do
    printf 'action A%s\n  event x: %s[do A%s x] true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n' "$i" "$nots" $((i - 1))
  done
  printf 'do A255 x\n'
} >"$tmp/chain.kvg"
expect "a chain of 256 deep actions" "chain.kvg:[0-9]+:1: error: .*nested more than" run "$tmp/chain.kvg"

# Too many things.
{ hexa_header; for i in $(seq 0 256); do printf 'action A%s\n  event x: true\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n' "$i"; done; } >"$tmp/actions.kvg"
expect "257 actions" "actions.kvg:[0-9]+:1: error: a script declares at most 256 actions" run "$tmp/actions.kvg"
{ hexa_header; printf 'action many\n'; for e in $(seq 0 1024); do printf '  event e%s: true\n' "$e"; done; printf '  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'; } >"$tmp/events.kvg"
expect "1025 events" "events.kvg:[0-9]+:1: error: action many has more than 1024 events" run "$tmp/events.kvg"
{ hexa_header; repeat 10001 'nocard 1 w
'; } >"$tmp/steps.kvg"
expect "10001 steps" "steps.kvg:10005:1: error: a script has at most 10000 steps" run "$tmp/steps.kvg"
{ printf 'agents'; for a in $(seq 1 17); do printf ' a%s' "$a"; done; printf '\n'; } >"$tmp/agents.kvg"
expect "17 agents" "agents.kvg:1:[0-9]+: error: at most 16 agents" run "$tmp/agents.kvg"
{ printf 'agents 1\ncards'; for c in $(seq 1 65); do printf ' c%s' "$c"; done; printf '\n'; } >"$tmp/cards.kvg"
expect "65 cards" "cards.kvg:2:[0-9]+: error: at most 64 cards" run "$tmp/cards.kvg"
{ hexa_header; printf 'nocard 1'; repeat 100000 ' w'; printf '\n'; } >"$tmp/tokens.kvg"
expect "a step naming a card 100000 times" "tokens.kvg:5:[0-9]+: error: w is named twice" run "$tmp/tokens.kvg"

# Bytes that are not a script.
head -c 4096 /dev/urandom >"$tmp/junk.kvg"
printf '\377\376agents 1\n' >>"$tmp/junk.kvg"
expect "random bytes" "junk.kvg:1:1: error: the script is not UTF-8 text" run "$tmp/junk.kvg"
{ hexa_header; printf 'nocard 1 w\0\n'; } >"$tmp/nul.kvg"
expect "a NUL byte" "nul.kvg:1:1: error: the script is not UTF-8 text" run "$tmp/nul.kvg"
{ hexa_header; repeat 300000 '# padding padding
'; } >"$tmp/huge.kvg"
expect "a script over 4 MiB" "huge.kvg:1:1: error: the script is larger than 4 MiB" run "$tmp/huge.kvg"
expect "a directory" "$tmp:1:1: error: " run "$tmp"
expect "no such file" "$tmp/none.kvg:1:1: error: " run "$tmp/none.kvg"

echo "1..$n"
[ "$failed" -eq 0 ]
