#!/bin/sh
# model-test.sh CLI: `model --json` writes a .kvm.json that run, check,
# export and model read back as the same model (Hexa and Clue 11), and a
# malformed model file ends with exit 2 and a message naming the place. TAP.
set -u
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
unset KRIPKEVIZ_WORLD_LIMIT KRIPKEVIZ_ENGINE
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }

# Round trip: GAME STEP FORMULA…
round_trip () {
  game=$1 step=$2
  shift 2
  file=$tmp/$game-$step.kvm.json
  "$cli" model "$game" --step "$step" --json -o "$file" || { not_ok "$game step $step: model --json"; return; }
  # Written again from the file: the same document (but for "step").
  "$cli" model "$file" --json | grep -v '"step"' >"$tmp/again"
  if grep -v '"step"' "$file" | cmp -s - "$tmp/again"; then ok "$game step $step: model → JSON → model"
  else not_ok "$game step $step: written again, the model differs"; fi
  for f in "$@"; do
    a=$("$cli" check "$game" "$f" --step "$step" 2>&1; echo "exit $?")
    b=$("$cli" check "$file" "$f" 2>&1; echo "exit $?")
    if [ "$a" = "$b" ]; then ok "$game step $step: $f"; else not_ok "$game step $step: $f: game [$a] model [$b]"; fi
  done
  if "$cli" export "$file" -o "$tmp/picture.svg" && [ -s "$tmp/picture.svg" ]; then ok "$game step $step: export"
  else not_ok "$game step $step: export"; fi
}

for s in 0 1 2; do
  round_trip hexa $s 'K{1} r@1' 'win{1} | win{3}' 'C{1,2,3} ~w@1' '[nocard 2 b] win{1}' '<showcard 1 -> 3 r> K{3} r@1'
done
for s in 0 3; do
  round_trip clue11 $s 'K{1} lead@env' 'win{2}' 'E{1,2} ~Plum@env' '[suggest 2 rope Green] K{2} rope@1'
done
# run reads the model: step 0 only.
"$cli" run "$tmp/hexa-1.kvm.json" --json >"$tmp/run.json" && grep -q '"worlds" : 4' "$tmp/run.json" \
  && ok "run FILE.kvm.json" || not_ok "run FILE.kvm.json" "$(head -c 400 "$tmp/run.json")"

# expect DESCRIPTION PATTERN ARGS…: exit 2 and stderr matching PATTERN.
expect () {
  what=$1 pattern=$2
  shift 2
  timeout 20 "$cli" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  got=$?
  if [ "$got" -ne 2 ]; then not_ok "$what" "exit $got, expected 2" "$(head -c 400 "$tmp/err")"
  elif ! grep -qE -- "$pattern" "$tmp/err"; then not_ok "$what" "stderr does not match /$pattern/" "$(head -c 400 "$tmp/err")"
  else ok "$what"; fi
}

good=$tmp/hexa-1.kvm.json
edit () { sed "$1" "$good" >"$tmp/bad.kvm.json"; }
edit 's/"actual": 0/"actual": 9/';                expect "actual out of range" 'actual.*0 to 3' check "$tmp/bad.kvm.json" 'r@1'
edit 's/"actual": 0/"actual": 100000000000000000000/'
expect "actual past 64 bits: the number as written, not -1" 'bad\.kvm\.json: error: the number “100000000000000000000” at line [0-9]+, column 13 is too large' run "$tmp/bad.kvm.json"
# A byte-order mark, as scripts take it.
printf '\357\273\277' | cat - "$good" >"$tmp/bom.kvm.json"
"$cli" run "$tmp/bom.kvm.json" >"$tmp/out" 2>"$tmp/err" && ok "a model file with a byte-order mark" \
  || not_ok "a model file with a byte-order mark" "$(head -c 400 "$tmp/err")"
edit 's/"1": \[\[0,1\],\[2,3\]\]/"1": [[0,1],[1,2,3]]/'; expect "not a partition" 'partitions\.1: world 1 is in two classes' run "$tmp/bad.kvm.json"
edit 's/"1": \[\[0,1\],\[2,3\]\]/"1": [[0,1]]/';   expect "a world in no class" 'partitions\.1: world 2 is in no class' run "$tmp/bad.kvm.json"
edit 's/"r"\]/"x"]/';                              expect "unknown card" 'no card .x.' model "$tmp/bad.kvm.json"
edit 's/"3":\["b"\]/"7":["b"]/';                   expect "unknown owner" 'no owner .7.' run "$tmp/bad.kvm.json"
edit 's/"version": 1/"version": 9/';               expect "a newer version" 'version 9' run "$tmp/bad.kvm.json"
edit 's/"format": "kripkeviz-model"/"format": "x"/'; expect "not a model" 'format' run "$tmp/bad.kvm.json"
head -c 300 "$good" >"$tmp/bad.kvm.json";          expect "truncated" 'bad\.kvm\.json: error: the file ends early: a string, array or object is not closed' run "$tmp/bad.kvm.json"
printf '{' >"$tmp/bad.kvm.json";                   expect "just “{”: ends early, not json-glib's “unexpected character”" '^[^ ]*bad\.kvm\.json: error: the file ends early' run "$tmp/bad.kvm.json"
printf '{"a": 1,}' >"$tmp/bad.kvm.json";           expect "a trailing comma: the place, not <data>" 'bad\.kvm\.json: error: not JSON at line 1, column [0-9]+: ' run "$tmp/bad.kvm.json"
if grep -q '<data>' "$tmp/err"; then not_ok "json-glib's <data> is not shown" "$(cat "$tmp/err")"; else ok "json-glib's <data> is not shown"; fi
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[" }' >"$tmp/bad.kvm.json"; expect "nested 100 000 deep" 'nested' run "$tmp/bad.kvm.json"
head -c 5000 /dev/urandom >"$tmp/bad.kvm.json";    expect "junk bytes" 'error' run "$tmp/bad.kvm.json"
expect "missing file" 'bad-none\.kvm\.json' run "$tmp/bad-none.kvm.json"
mkdir "$tmp/dir.kvm.json";                         expect "a directory" 'directory' run "$tmp/dir.kvm.json"
mkfifo "$tmp/fifo.kvm.json" 2>/dev/null && expect "a FIFO" 'regular file' run "$tmp/fifo.kvm.json"
expect "symbolic engine" 'explicit model' check "$good" 'r@1' --engine symbolic
expect "step past the model" 'out of range' check "$good" 'r@1' --step 1
KRIPKEVIZ_WORLD_LIMIT=3 expect "over the world limit" 'more than the limit of 3' run "$good"
# A model file is no game to play, search or teach: said so, and why (it
# was read as a script: unknown directive “{”).
expect "play refuses a model file" '^kripkeviz-cli: [^ ]*hexa-1\.kvm\.json is a model file: play deals new games' play "$good" --agents del
expect "search refuses a model file" '^kripkeviz-cli: [^ ]*hexa-1\.kvm\.json is a model file: search plays new games' search unsuccessful "$good" --count
expect "lesson refuses a model file" '^kripkeviz-cli: [^ ]*hexa-1\.kvm\.json is a model file: a lesson is a script' lesson "$good"
if grep -q 'directive' "$tmp/err"; then not_ok "… not as a script's unknown directive" "$(cat "$tmp/err")"; else ok "… not as a script's unknown directive"; fi

echo "1..$n"
exit $failed
