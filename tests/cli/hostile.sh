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
# U+202F NARROW NO-BREAK SPACE, between a count's groups of digits.
nb=$(printf '\342\200\257')

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }

now () { date +%s%N; }

# expect DESCRIPTION PATTERN ARGS…: exit status 2, stderr matches PATTERN
# (an extended regular expression), within $seconds.
expect () {
  what=$1 pattern=$2
  shift 2
  start=$(now)
  # `timeout` turns a hang (a FIFO waited on forever) into a failure.
  timeout $((seconds * 4)) "$cli" "$@" <"${stdin:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
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
# Counts for people: grouped by narrow no-break spaces ($nb), or past what
# a double holds exactly as 2.22×10⁵³; forced explicit, a hint says what
# answers the game instead.
expect "10 agents, 60 cards: refused with the count and the limit" \
  "big.kvg:1:1: error: the game has 2.22×10⁵³ deals, more than the limit of 2${nb}000${nb}000 worlds" run "$tmp/big.kvg" --engine explicit
expect "10 agents, 60 cards: too big even to count symbolically" \
  "big.kvg:1:1: error: the game has 2.22×10⁵³ deals, more than even the symbolic engine counts \(9.22×10¹⁸\)" run "$tmp/big.kvg"
expect "10 agents, 60 cards: check refused too" "big.kvg:1:1: error: " check "$tmp/big.kvg" 'c1@1'
expect "10 agents, 60 cards: export refused too" "big.kvg:1:1: error: " export "$tmp/big.kvg" --format dot -o "$tmp/big.dot"

# The limit is configurable.
KRIPKEVIZ_WORLD_LIMIT=1000 expect "KRIPKEVIZ_WORLD_LIMIT=1000: Clue 11 refused by the explicit engine" \
  "clue11:1:1: error: the game has 47${nb}040 deals, more than the limit of 1000 worlds" run clue11 --engine explicit
if grep -q "^kripkeviz-cli: the explicit engine lists every world, too many in this game: leave out --engine explicit and the symbolic engine answers it" "$tmp/err"; then
  ok "--engine explicit refused: the hint names the symbolic engine"
else
  not_ok "--engine explicit refused: the hint names the symbolic engine" "$(head -c 600 "$tmp/err")"
fi
expect "model of real Cluedo: refused, the count grouped, the hint says what answers it" \
  "cluedo:1:1: error: the game has 5${nb}557${nb}616${nb}064 deals, more than the limit of 2${nb}000${nb}000 worlds" model cluedo
if grep -q "^kripkeviz-cli: model lists every world, too many in this game: run and check answer it on the symbolic engine" "$tmp/err"; then
  ok "model of real Cluedo: the hint says run and check answer it"
else
  not_ok "model of real Cluedo: the hint says run and check answer it" "$(head -c 600 "$tmp/err")"
fi
if KRIPKEVIZ_WORLD_LIMIT=1000 "$cli" run clue11 --json >"$tmp/out" 2>"$tmp/err" && grep -q '"worlds" : 47040' "$tmp/out" && ! grep -q contracted "$tmp/out"; then
  ok "KRIPKEVIZ_WORLD_LIMIT=1000: Clue 11 runs on the symbolic engine"
else
  not_ok "KRIPKEVIZ_WORLD_LIMIT=1000: Clue 11 runs on the symbolic engine" "$(head -c 600 "$tmp/err")"
fi
# Real Cluedo draws its agents or envelope view (test-cli-export.sh); a
# view of every world is refused, naming them.
expect "export of real Cluedo, whole: names the agents and envelope views" \
  "cannot list its worlds to draw: draw its agents view \\(--view agents\\) or its envelope view" export cluedo --view whole --format dot -o "$tmp/cluedo.dot"
KRIPKEVIZ_WORLD_LIMIT=lots expect "KRIPKEVIZ_WORLD_LIMIT not a number" "KRIPKEVIZ_WORLD_LIMIT must be a number" run hexa
KRIPKEVIZ_WORLD_LIMIT=0 expect "KRIPKEVIZ_WORLD_LIMIT=0" "KRIPKEVIZ_WORLD_LIMIT must be a number" run hexa
if KRIPKEVIZ_WORLD_LIMIT=6 "$cli" run hexa >/dev/null 2>&1; then ok "KRIPKEVIZ_WORLD_LIMIT=6: Hexa runs"; else not_ok "KRIPKEVIZ_WORLD_LIMIT=6: Hexa runs"; fi
KRIPKEVIZ_WORLD_LIMIT=1000 expect "KRIPKEVIZ_WORLD_LIMIT=1000: export of Clue 11's whole model refused" \
  "symbolic engine \\(47.*040 worlds\\), which cannot list its worlds" \
  export clue11 --step 0 --view whole --format dot -o "$tmp/clue.dot"
KRIPKEVIZ_WORLD_LIMIT=1000 KRIPKEVIZ_ENGINE=explicit expect "KRIPKEVIZ_WORLD_LIMIT=1000: export of Clue 11 forced explicit refused" \
  "clue11:1:1: error: the game has 47${nb}040 deals, more than the limit of 1000 worlds" \
  export clue11 --format dot -o "$tmp/clue.dot"
if grep -q "unset KRIPKEVIZ_ENGINE=explicit and the symbolic engine answers it" "$tmp/err"; then
  ok "KRIPKEVIZ_ENGINE=explicit refused: the hint names the variable"
else
  not_ok "KRIPKEVIZ_ENGINE=explicit refused: the hint names the variable" "$(head -c 600 "$tmp/err")"
fi
# A step inside a formula honours the limit too: a coin nobody sees doubles Hexa.
{ hexa_header; printf 'action coin\n  event h: true\n  event t: true\n  agent 1: h t\n  agent 2: h t\n  agent 3: h t\nend\n'; } >"$tmp/coin.kvg"
KRIPKEVIZ_WORLD_LIMIT=6 expect "KRIPKEVIZ_WORLD_LIMIT=6: <do coin h> in a formula refused" \
  "the product would have 12 worlds, more than the limit of 6" check "$tmp/coin.kvg" '<do coin h> true'
KRIPKEVIZ_WORLD_LIMIT=6 expect "KRIPKEVIZ_WORLD_LIMIT=6: [do coin h] under K refused" \
  "the product would have 12 worlds, more than the limit of 6" check "$tmp/coin.kvg" 'K{1} [do coin h] r@1'
# At the largest limit, a game bigger than the memory is refused up front
# with the estimate (17 cards, four players: 1 072 071 000 worlds, tens of GB).
printf 'agents 1 2 3 4\ncategory x: c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13 c14 c15 c16 c17\nenvelope x\nhands 4 4 4 4\ndeal env: c17 1: c1 c2 c3 c4 2: c5 c6 c7 c8 3: c9 c10 c11 c12 4: c13 c14 c15 c16\n' >"$tmp/huge.kvg"
KRIPKEVIZ_WORLD_LIMIT=4294967295 expect "17 cards, 4 players at the largest limit: refused for memory" \
  "huge.kvg:1:1: error: 1${nb}072${nb}071${nb}000 worlds need about [0-9.]+.GB of memory, more than the .* this machine has available" run "$tmp/huge.kvg"

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
for open in '~' '[!' '<!~' '(' 'K{1} ' 'M{2} ~' 'C{} ' 'r@1 -> ' '(r@1 & ' '[nocard 1 w] ' '[announce ' '<endmove 2> '; do
  { hexa_header; printf 'announce '; repeat 100000 "$open"; printf 'r@1\n'; } >"$tmp/deep.kvg"
  expect "announce with 100000 × “$open”" \
    "deep.kvg:5:[0-9]+: error: the formula is nested more than 200 deep" run "$tmp/deep.kvg"
done
{ hexa_header; printf 'action deep\n  event e: '; repeat 100000 'K{1} '; printf 'r@1\n  agent 1: all\n  agent 2: all\n  agent 3: all\nend\n'; } >"$tmp/deep-action.kvg"
expect "an action precondition 100000 deep" "deep-action.kvg:6:[0-9]+: error: the formula is nested" run "$tmp/deep-action.kvg"
for open in '~' '(' 'K{1} ' 'r@1 -> '; do
  # An argument is at most 128 KiB.
  formula="$(repeat 15000 "$open")r@1"
  expect "check with 15000 × “$open”" "formula:1:[0-9]+: error: the formula is nested more than 200 deep" check hexa "$formula"
done
# A flat chain ("r@1 & r@1 & …") is long, not deep (issue 16): tests/engine
# test-regressions /regressions/formula/long-chain parses, checks and prints it.

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
expect "random bytes" "junk.kvg:[0-9]+:[0-9]+: error: the script is not UTF-8 text: the byte 0x[0-9A-F]{2} " run "$tmp/junk.kvg"
{ hexa_header; printf 'nocard 1 w\0\n'; } >"$tmp/nul.kvg"
expect "a NUL byte, at its place" "nul.kvg:5:11: error: the script is not UTF-8 text: the byte 0x00 after “nocard 1 w”" run "$tmp/nul.kvg"
{ hexa_header; repeat 300000 '# padding padding
'; } >"$tmp/huge.kvg"
expect "a script over 4 MiB" "huge.kvg: error: the file is larger than 4 MiB" run "$tmp/huge.kvg"

# Files that are not regular files: the cap holds while reading, a silent
# FIFO is given up (issue 11).
expect "/dev/zero" "/dev/zero: error: the file is larger than 4 MiB" run /dev/zero
expect "/dev/urandom" "/dev/urandom: error: the file is larger than 4 MiB" run /dev/urandom
expect "/dev/zero, export" "/dev/zero: error: the file is larger than 4 MiB" export /dev/zero --format dot -o "$tmp/z.dot"
stdin=/dev/zero expect "standard input that never ends" "^-: error: the file is larger than 4 MiB" run -
mkfifo "$tmp/fifo"
# Given up once reading has taken 10 s in all (KV_READ_TIME_MS).
seconds=11 expect "a FIFO nobody writes to" "fifo: error: nothing came to read for 10.0 s" run "$tmp/fifo"
stdin="$tmp/huge.kvg" expect "standard input over 4 MiB" "^-: error: the file is larger than 4 MiB" run -
# play --merge reads the shards' --json as run reads a script: the same
# cap and time-out, and json-glib only on text that is safe to give it.
repeat 100000 '[' >"$tmp/deep.json"; repeat 100000 ']' >>"$tmp/deep.json"
expect "play --merge: 100 000 nested arrays" "deep.json: error: arrays and objects are nested more than [0-9]+ deep" \
  play --merge "$tmp/deep.json"
expect "play --merge: random bytes" "junk.kvg: error: the file is not UTF-8 text" play --merge "$tmp/junk.kvg"
expect "play --merge: /dev/zero" "/dev/zero: error: the file is larger than 4 MiB" play --merge /dev/zero
expect "play --merge: a file over 4 MiB" "huge.kvg: error: the file is larger than 4 MiB" play --merge "$tmp/huge.kvg"
seconds=11 expect "play --merge: a FIFO nobody writes to" "fifo: error: nothing came to read for 10.0 s" \
  play --merge "$tmp/fifo"
{ printf '{"game": "hexa", "seed": 1, "games": 1, "no_winner": 1, "strategies": {"'; repeat 3000000 x
  printf '": {}}}'; } >"$tmp/long.json"
expect "play --merge: a 3 MB strategy is quoted shortly" "long.json: error: “strategies”: unknown strategy “x{60}x*…" \
  play --merge "$tmp/long.json"
if [ "$(wc -c <"$tmp/err")" -lt 400 ]; then ok "… in under 400 bytes"; else not_ok "… in under 400 bytes" "$(wc -c <"$tmp/err") bytes"; fi
{ hexa_header; printf 'nocard 1 '; repeat 3000000 x; printf '\n'; } >"$tmp/name.kvg"
expect "a 3 MB bad name is quoted shortly" "name.kvg:5:[0-9]+: error: unknown card “x{60}x*…" run "$tmp/name.kvg"
if [ "$(wc -c <"$tmp/err")" -lt 400 ]; then ok "… in under 400 bytes"; else not_ok "… in under 400 bytes" "$(wc -c <"$tmp/err") bytes"; fi
expect "a 3 MB path is quoted shortly" "error: " run "$tmp/$(repeat 300 y)/$(repeat 3000 z)"
if [ "$(wc -c <"$tmp/err")" -lt 400 ]; then ok "… in under 400 bytes"; else not_ok "… in under 400 bytes" "$(wc -c <"$tmp/err") bytes"; fi

# What editors write: a byte-order mark, CR-only or CRLF line endings,
# and a script on standard input.
printf '\357\273\277agents 1 2 3\rcards r w b\rhands 1 1 1\rdeal 1: r 2: w 3: b\rnocard 1 w\r' >"$tmp/mac.kvg"
printf '\357\273\277agents 1 2 3\r\ncards r w b\r\nhands 1 1 1\r\ndeal 1: r 2: w 3: b\r\nnocard 1 w\r\n' >"$tmp/dos.kvg"
for f in mac dos; do
  if timeout 10 "$cli" run "$tmp/$f.kvg" >"$tmp/out" 2>"$tmp/err" && grep -q "4 worlds" "$tmp/out"; then
    ok "a BOM and $f line endings are read"
  else
    not_ok "a BOM and $f line endings are read" "$(head -c 600 "$tmp/err")"
  fi
done
if timeout 10 "$cli" run - <"$tmp/mac.kvg" >"$tmp/out" 2>"$tmp/err" && grep -q "4 worlds" "$tmp/out"; then
  ok "a script on standard input (-)"
else
  not_ok "a script on standard input (-)" "$(head -c 600 "$tmp/err")"
fi
expect "a directory" "$tmp: error: " run "$tmp"
expect "no such file" "$tmp/none.kvg: error: .*No such file" run "$tmp/none.kvg"
expect "no such built-in game" "^nosuch: error: No such file, and not a built-in game" run nosuch

echo "1..$n"
[ "$failed" -eq 0 ]
