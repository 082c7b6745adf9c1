#!/usr/bin/env bash
# kripkeviz-cli play (and search): self-play from a seed, as a researcher runs it.
# Usage: play-test.sh PATH/TO/kripkeviz-cli GOLDEN_DIR      (prints TAP)
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

# expect STATUS DESCRIPTION PATTERN -- ARGS…
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

# same_output DESCRIPTION FILE_A FILE_B
same_output () {
  if diff -u "$2" "$3" >"$tmp/diff"; then ok "$1"; else not_ok "$1" "$(head -20 "$tmp/diff")"; fi
}

"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --json >"$tmp/a.json"
same_output "play clue11 --json matches golden" "$golden/play-clue11.json" "$tmp/a.json"
"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --json >"$tmp/b.json"
same_output "play: the same seed gives the same output" "$tmp/a.json" "$tmp/b.json"
LC_ALL=nl_NL.UTF-8 LANG=nl_NL.UTF-8 "$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --json >"$tmp/nl.json"
same_output "play --json is the same in a Dutch locale" "$tmp/a.json" "$tmp/nl.json"
"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 6 --json >"$tmp/c.json"
if cmp -s "$tmp/a.json" "$tmp/c.json"; then not_ok "play: another seed, other games"; else ok "play: another seed, other games"; fi
"$cli" play hexa --agents random,naive,del --games 30 --seed 2 >"$tmp/hexa.txt"
same_output "play hexa (text) matches golden" "$golden/play-hexa.txt" "$tmp/hexa.txt"

# Worker processes: each game's randomness comes from the seed and its index
# alone, so any number of workers prints the same bytes as one.
for jobs in 2 3; do
  "$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --json --jobs "$jobs" >"$tmp/j$jobs.json"
  same_output "play --jobs $jobs is byte-identical to --jobs 1" "$golden/play-clue11.json" "$tmp/j$jobs.json"
done
"$cli" play hexa --agents random,naive,del --games 30 --seed 2 -j 4 >"$tmp/hexa4.txt"
same_output "play hexa -j 4 (text) is byte-identical to one process" "$golden/play-hexa.txt" "$tmp/hexa4.txt"

# Shards: four slices through GNU parallel, merged, are exactly one run, as
# JSON and as the table.
if command -v parallel >/dev/null; then
  parallel --will-cite "$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --jobs 1 --json \
    --shard {}/4 ">$tmp/shard-{}.json" ::: 1 2 3 4
  "$cli" play --merge "$tmp"/shard-*.json --json >"$tmp/merged.json" 2>"$tmp/err"
  same_output "four shards through GNU parallel merge into one run's JSON" "$golden/play-clue11.json" "$tmp/merged.json"
  "$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 >"$tmp/one.txt"
  "$cli" play --merge "$tmp"/shard-*.json >"$tmp/merged.txt" 2>"$tmp/err"
  same_output "… and into one run's table" "$tmp/one.txt" "$tmp/merged.txt"
  # The experiments' set-ups travel with the shards: observer, fixed seats,
  # the end when seat 1 asks δ.
  setup="--agents del,del+,naive --games 30 --seed 3 --observer --fixed-seats --end-when-asked"
  parallel --will-cite "$cli" play clue11 $setup --jobs 1 --json --shard {}/3 ">$tmp/set-{}.json" ::: 1 2 3
  "$cli" play clue11 $setup --jobs 2 >"$tmp/set-one.txt"
  "$cli" play --merge "$tmp"/set-*.json >"$tmp/set-merged.txt" 2>"$tmp/err"
  same_output "shards with an observer and fixed seats merge into one run's table" "$tmp/set-one.txt" "$tmp/set-merged.txt"
  expect 2 "play --merge: shards of differently set-up runs" 'another run' -- \
    play --merge "$tmp/set-1.json" "$tmp/shard-2.json"
else
  not_ok "GNU parallel is installed (tools/dev.sh installs it)"
fi
expect 2 "play --merge: a shard missing" 'shard 3 of 4 is missing' -- play --merge "$tmp/shard-1.json" "$tmp/shard-2.json" "$tmp/shard-4.json"
expect 2 "play --merge: a shard twice" 'given twice' -- play --merge "$tmp/shard-1.json" "$tmp/shard-1.json"
expect 2 "play --merge: not a shard's JSON" 'not the --json of play --shard' -- play --merge "$golden/play-clue11.json"
# --shard 1/1 says it is a shard too (the window's Tournament merges one
# process's run), and merges into the run itself.
"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --jobs 1 --json --shard 1/1 >"$tmp/whole.json"
"$cli" play --merge "$tmp/whole.json" --json >"$tmp/whole-merged.json" 2>"$tmp/err"
same_output "play --shard 1/1 merges into one run's JSON" "$golden/play-clue11.json" "$tmp/whole-merged.json"

# A shard's --json that play did not write is refused, whatever member is
# wrong: exit 2, one line naming the file and the member, nothing on
# standard output, no GLib warning.
# refuse DESCRIPTION PATTERN -- ARGS…
refuse () {
  local what=$1 pattern=$2
  shift 3
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne 2 ]; then
    not_ok "$what" "exit $got, expected 2" "$(head -c 300 "$tmp/err")"
  elif ! grep -qE -- "$pattern" "$tmp/err"; then
    not_ok "$what" "stderr does not match /$pattern/" "$(head -c 300 "$tmp/err")"
  elif [ -s "$tmp/out" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || grep -qE 'CRITICAL|WARNING' "$tmp/err"; then
    not_ok "$what" "output, or more than one line of error" "$(head -c 300 "$tmp/out" "$tmp/err")"
  else
    ok "$what"
  fi
}
"$cli" play clue11 --agents del,del+,naive --games 7 --seed 3 --fixed-seats --observer --end-when-asked \
  --jobs 1 --json --shard 1/2 >"$tmp/m1.json" 2>/dev/null
"$cli" play clue11 --agents del,del+,naive --games 7 --seed 3 --fixed-seats --observer --end-when-asked \
  --jobs 1 --json --shard 2/2 >"$tmp/m2.json" 2>/dev/null
# corrupt NAME SED-SCRIPT: m1.json edited into NAME.json.
corrupt () { sed -E "$2" "$tmp/m1.json" >"$tmp/$1.json"; }
corrupt game5 's/"game": "clue11"/"game": 5/'
refuse "play --merge: a game that is a number" 'game5\.json: error: “game” must be a string' -- play --merge "$tmp/game5.json"
refuse "play --merge: … beside a good shard" 'game5\.json: error: “game” must be a string' -- play --merge "$tmp/m2.json" "$tmp/game5.json"
corrupt game-object 's/"game": "clue11"/"game": {}/'
refuse "play --merge: a game that is an object" 'game-object\.json: error: “game” must be a string' -- play --merge "$tmp/game-object.json"
corrupt strategy-array 's/\{"strategy": "del"/{"strategy": [1]/'
refuse "play --merge: a seat's strategy that is an array" 'strategy-array\.json: error: “seats\[0\]\.strategy” must be a string' -- play --merge "$tmp/strategy-array.json" "$tmp/m2.json"
corrupt strategy-unknown 's/\{"strategy": "del"/{"strategy": "clever"/'
refuse "play --merge: a seat's unknown strategy" 'strategy-unknown\.json: error: “seats\[0\]\.strategy”: .*“clever”' -- play --merge "$tmp/strategy-unknown.json" "$tmp/m2.json"
corrupt games-string 's/"games": 4/"games": "x"/'
refuse "play --merge: games that are a string" 'games-string\.json: error: “games” must be a whole number' -- play --merge "$tmp/games-string.json" "$tmp/m2.json"
corrupt games-wrong 's/"games": 4/"games": 3/'
refuse "play --merge: games that are not the shard's" 'games-wrong\.json: error: “games” is 3, but shard 1 of 2 of a 7-game run has 4' -- play --merge "$tmp/games-wrong.json" "$tmp/m2.json"
for value in 1000000 -5 1e308 2.5 '"2"'; do
  corrupt wins 's/"del": \{"seats": 4, "wins": 2/"del": {"seats": 4, "wins": '"$value"'/'
  refuse "play --merge: del's wins $value" 'wins\.json: error: “strategies\.del\.wins” must be a whole number from 0 to 4' -- play --merge "$tmp/wins.json" "$tmp/m2.json"
done
# Past 64 bits json-glib would read it as -1: refused where it is written.
corrupt wins 's/"del": \{"seats": 4, "wins": 2/"del": {"seats": 4, "wins": 99999999999999999999/'
refuse "play --merge: del's wins 99999999999999999999" 'wins\.json: error: the number “99999999999999999999” at line [0-9]+, column [0-9]+ is too large' -- play --merge "$tmp/wins.json" "$tmp/m2.json"
corrupt rounds-key 's/"rounds": \{"4": 2\}/"rounds": {"abc": 2}/'
refuse "play --merge: a number of rounds that is no number" 'rounds-key\.json: error: “strategies\.del\.rounds”: “abc” is not a number of rounds from 1 to 100' -- play --merge "$tmp/rounds-key.json" "$tmp/m2.json"
corrupt rounds-zero 's/"rounds": \{"4": 2\}/"rounds": {"0": 2}/'
refuse "play --merge: a win in round 0" 'rounds-zero\.json: error: “strategies\.del\.rounds”: “0” is not a number' -- play --merge "$tmp/rounds-zero.json" "$tmp/m2.json"
corrupt rounds-sum 's/"rounds": \{"4": 2\}/"rounds": {"4": 1, "3": 1}/'
refuse "play --merge: wins in rounds that do not add up to rounds_sum" 'rounds-sum\.json: error: “strategies\.del\.rounds_sum” is 8, but .*7' -- play --merge "$tmp/rounds-sum.json" "$tmp/m2.json"
corrupt rounds-wins 's/"rounds": \{"4": 2\}/"rounds": {"4": 1}/'
refuse "play --merge: wins in rounds that are not the wins" 'rounds-wins\.json: error: “strategies\.del\.rounds” adds up to 1, not “strategies\.del\.wins” \(2\)' -- play --merge "$tmp/rounds-wins.json" "$tmp/m2.json"
corrupt no-winner 's/"no_winner": 0/"no_winner": 1/'
refuse "play --merge: games won and not won that are not the games" 'no-winner\.json: error: .*“games” \(4\)' -- play --merge "$tmp/no-winner.json" "$tmp/m2.json"
corrupt unanswered 's/"unanswered": 2, "won_unanswered": 0/"unanswered": 2, "won_unanswered": 3/'
refuse "play --merge: more unanswered wins than unanswered suggestions" 'unanswered\.json: error: “strategies\.del\.suggestions\.won_unanswered” must be a whole number from 0 to 2' -- play --merge "$tmp/unanswered.json" "$tmp/m2.json"
corrupt knows 's/"cards_known_sum": 6/"cards_known_sum": 9/'
refuse "play --merge: more of δ known than δ has" 'knows\.json: error: “common_knowledge\.cards_known_sum” must be a whole number from 0 to 8' -- play --merge "$tmp/knows.json" "$tmp/m2.json"
corrupt seat-done 's/"won_or_asked_delta": 4, "mean_rounds": 3.75, "rounds_sum": 15/"won_or_asked_delta": 4, "mean_rounds": 3.75, "rounds_sum": 2/'
refuse "play --merge: fewer rounds than games a seat asked δ in" 'seat-done\.json: error: “seats\[0\]\.rounds_sum” must be a whole number from 4 to 400' -- play --merge "$tmp/seat-done.json" "$tmp/m2.json"
corrupt shard-of 's/"of": 2/"of": 4294967295/'
refuse "play --merge: 4 294 967 295 shards" 'shard-of\.json: error: “shard\.of” must be a whole number from 1 to 1000000' -- play --merge "$tmp/shard-of.json"
corrupt no-strategies 's/"strategies": \{/"strategies": {}, "x": {/'
refuse "play --merge: no strategies" 'no-strategies\.json: error: “strategies” must hold from 1 to 16 strategies' -- play --merge "$tmp/no-strategies.json"
printf '[1]' >"$tmp/array.json"
refuse "play --merge: an array" 'array\.json: error: not the --json of play --shard K/N: the document must be a JSON object' -- play --merge "$tmp/array.json"
"$cli" play --merge "$tmp/m1.json" "$tmp/m2.json" >"$tmp/m-merged.txt" 2>"$tmp/err"
"$cli" play clue11 --agents del,del+,naive --games 7 --seed 3 --fixed-seats --observer --end-when-asked \
  --jobs 1 >"$tmp/m-one.txt" 2>/dev/null
same_output "play --merge: the two shards these were made from merge into their run" "$tmp/m-one.txt" "$tmp/m-merged.txt"
# --merge takes the run's set-up from the shards: an option that would
# set it up again is refused, not ignored.
for option in '--agents del' '--games 5' '--seed 2' '--shard 1/2' "--transcripts $tmp/tr-merge" '--observer' \
              '--fixed-seats' '--end-when-asked' '--jobs 2' '--engine symbolic'; do
  # shellcheck disable=SC2086
  refuse "play --merge $option: refused" "^kripkeviz-cli: ${option%% *} does not go with --merge" -- \
    play --merge "$tmp/m1.json" "$tmp/m2.json" $option
done
expect 0 "play --merge --json: --json is what goes with it" '"games": 7' -- play --merge "$tmp/m1.json" "$tmp/m2.json" --json

expect 2 "play --shard 5/4" '--shard must be K/N' -- play clue11 --agents del,del,del --shard 5/4
expect 2 "play --jobs -1" '--jobs must be' -- play clue11 --agents del,del,del --jobs -1

# In Dutch the headers are longer than the English column widths: the
# columns still line up (every line as long up to the last column), with
# decimal commas.
if locale -a 2>/dev/null | grep -qix 'nl_NL.utf-\?8'; then
  LC_ALL=nl_NL.UTF-8 "$cli" play hexa --agents random,naive,del --games 30 --seed 2 >"$tmp/nl.txt"
  widths=$( { sed -n 3p "$tmp/nl.txt" | sed 's/ rondes tot winst: spellen$//'
              sed -n '4,6p' "$tmp/nl.txt" | sed -E 's/ [^ ]+$//'; } | while IFS= read -r line; do
              printf '%s' "$line" | wc -m; done | sort -u | wc -l)
  if [ "$widths" -eq 1 ] && grep -q '33,3%' "$tmp/nl.txt"; then ok "play hexa in Dutch: columns line up, decimal commas"
  else not_ok "play hexa in Dutch: columns line up, decimal commas" "$(cat "$tmp/nl.txt")"; fi
fi

# The back-ends: naive and del play Clue 11 alike on both (kv-strategy.h),
# chosen by --engine or KRIPKEVIZ_ENGINE; real Cluedo plays symbolically.
for s in naive del; do
  "$cli" play clue11 --agents $s --games 20 --seed 4 --engine explicit --json >"$tmp/x-$s.json"
  "$cli" play clue11 --agents $s --games 20 --seed 4 --engine symbolic --json >"$tmp/y-$s.json"
  same_output "play clue11 --agents $s: the symbolic engine plays the explicit one's games" "$tmp/x-$s.json" "$tmp/y-$s.json"
done
KRIPKEVIZ_ENGINE=symbolic "$cli" play clue11 --agents del --games 20 --seed 4 --json >"$tmp/env.json"
same_output "play: KRIPKEVIZ_ENGINE=symbolic as --engine symbolic" "$tmp/y-del.json" "$tmp/env.json"
expect 2 "play: unknown engine" 'unknown engine “bdd”' -- play clue11 --agents del --engine bdd
expect 0 "play cluedo (symbolic): a shorter list repeats over the seats" '^del +3 +[0-9]' -- play cluedo --agents del --games 1 --seed 1
"$cli" play cluedo --agents del,del+,naive --games 2 --seed 3 --json >"$tmp/c1.json"
"$cli" play cluedo --agents del,del+,naive --games 2 --seed 3 --json >"$tmp/c2.json"
same_output "play cluedo: the same seed gives the same output" "$tmp/c1.json" "$tmp/c2.json"
if grep -q '"games": 2' "$tmp/c1.json"; then ok "play cluedo --json: two games"; else not_ok "play cluedo --json: two games" "$(head -5 "$tmp/c1.json")"; fi
# Each strategy's suggestions (README, why del beats del+): del asks only
# envelopes it considers possible, never a card of its own, so a
# suggestion nobody answers tells it δ and it wins in that turn; del+
# probes with its own cards.
suggestions () { grep -E "^ *\"$1\": " "$tmp/a.json" | grep -oE '"suggestions": \{[^}]*\}'; }
del_s=$(suggestions del)
plus_s=$(suggestions 'del\+')
if [[ "$del_s" =~ \"made\":\ ([0-9]+),\ \"with_own_card\":\ 0,\ \"unanswered\":\ ([0-9]+),\ \"won_unanswered\":\ ([0-9]+) ]] \
   && [ "${BASH_REMATCH[1]}" -gt 0 ] && [ "${BASH_REMATCH[2]}" -gt 0 ] && [ "${BASH_REMATCH[2]}" -eq "${BASH_REMATCH[3]}" ]; then
  ok "play --json: del never asks its own cards, and wins at every unanswered suggestion"
else
  not_ok "play --json: del never asks its own cards, and wins at every unanswered suggestion" "$del_s"
fi
if [[ "$plus_s" =~ \"made\":\ ([0-9]+),\ \"with_own_card\":\ ([0-9]+),\ \"unanswered\":\ ([0-9]+),\ \"won_unanswered\":\ ([0-9]+) ]] \
   && [ "${BASH_REMATCH[2]}" -gt 0 ] && [ "${BASH_REMATCH[2]}" -le "${BASH_REMATCH[1]}" ] && [ "${BASH_REMATCH[4]}" -lt "${BASH_REMATCH[3]}" ]; then
  ok "play --json: del+ probes with its own cards, and not every unanswered probe wins"
else
  not_ok "play --json: del+ probes with its own cards, and not every unanswered probe wins" "$plus_s"
fi

expect 2 "play: a list that does not divide the seats" 'cluedo6 has 6 agents, but 4 strategies' -- play cluedo6 --agents del,del,del,del

expect 0 "play --help" 'agents' -- play --help
expect 2 "play: unknown strategy" 'unknown strategy “clever”' -- play clue11 --agents del,clever,del
expect 2 "play: one strategy per agent" 'clue11 has 3 agents, but 2 strategies' -- play clue11 --agents del,del
expect 2 "play: --agents is needed" 'usage' -- play clue11
expect 2 "play: --games out of range" 'games must be' -- play clue11 --agents del,del,del --games 0
expect 2 "play: unknown game" 'not a built-in game' -- play nosuch --agents del,del,del

# search unsuccessful: a Clue 11 game whose last step, an endmove, lets
# someone know δ when nobody did before; run replays it.
expect 0 "search unsuccessful clue11 --seed 1 finds one" 'game 85: nobody knew δ; after “endmove 2”' -- search unsuccessful clue11 --seed 1 -o "$tmp/u.kvg"
same_output "search: the game found matches golden" "$golden/search-clue11-seed1.kvg" "$tmp/u.kvg"
"$cli" run "$tmp/u.kvg" >"$tmp/run.txt" 2>&1
steps=$(grep -cE '^ *[0-9]+  ' "$tmp/run.txt")
last=$(grep -E '^ *[0-9]+  ' "$tmp/run.txt" | tail -1)
if [[ "$last" == *endmove₂*"can win: 3"* ]] && [ "$(grep -E '^ *[0-9]+  ' "$tmp/run.txt" | grep -c 'can win')" -eq 1 ] && [ "$steps" -eq 17 ]; then
  ok "search: run replays it, and 3 can win right after the last endmove only"
else
  not_ok "search: run replays it, and 3 can win right after the last endmove only" "$last"
fi
expect 0 "search --count says how often" '^2 of 200 games \(seed 1\) had an unsuccessful endmove' -- search unsuccessful clue11 --seed 1 --count --games 200
expect 1 "search: none in Hexa" 'no unsuccessful endmove in 50 games' -- search unsuccessful hexa --seed 1 --games 50 --count
expect 2 "search: -o or --count is needed" 'usage' -- search unsuccessful clue11
expect 2 "search: only unsuccessful" 'usage' -- search successful clue11 -o "$tmp/x.kvg"
expect 2 "search: unwritable output" 'Could not write .*x.kvg: No such directory' -- search unsuccessful clue11 --seed 1 -o "$tmp/no/such/dir/x.kvg"
"$cli" search unsuccessful clue11 --seed 1 --engine symbolic -o "$tmp/us.kvg" >/dev/null 2>&1
same_output "search --engine symbolic finds the same game" "$golden/search-clue11-seed1.kvg" "$tmp/us.kvg"
expect 0 "search --help" 'unsuccessful' -- search --help

# The experiments' set-ups (docs/experiments.md). --observer adds an
# agent with no cards that never moves: the players' games are the same.
"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 --observer >"$tmp/obs.txt"
"$cli" play clue11 --agents naive,del,del+ --games 40 --seed 5 >"$tmp/noobs.txt"
same_output "play --observer: the players' table is the same" <(sed -n 1,7p "$tmp/noobs.txt") <(sed -n 1,7p "$tmp/obs.txt")
if grep -q '^observer (no cards, never moves) just before the last step: knew δ in [0-9]* of 40 games' "$tmp/obs.txt" \
   && grep -q '^observer (no cards, never moves) at the end' "$tmp/obs.txt" \
   && grep -q '^common knowledge among the players at the end' "$tmp/obs.txt"; then
  ok "play --observer: the observer before the last step and at the end, C apart"
else not_ok "play --observer: the observer before the last step and at the end, C apart" "$(cat "$tmp/obs.txt")"; fi
# Aartun: seat 1 against uniform opponents, fixed seats, ended when seat 1 asks δ.
"$cli" play clue11 --agents del,uniform,uniform --fixed-seats --end-when-asked --games 20 --seed 1 >"$tmp/aartun.txt"
if grep -qE '^ +1  del +20  [0-9]' "$tmp/aartun.txt" && grep -qE '^uniform +40 +0 ' "$tmp/aartun.txt"; then
  ok "play --fixed-seats --end-when-asked: seat 1 asked δ or won in every game, uniform never wins"
else not_ok "play --fixed-seats --end-when-asked: seat 1 asked δ or won in every game, uniform never wins" "$(cat "$tmp/aartun.txt")"; fi
# --transcripts: each game a .kvg that run replays to the same end.
"$cli" play clue11 --agents naive,del,del+ --games 3 --seed 5 --observer --transcripts "$tmp/tr" >/dev/null
if [ "$(ls "$tmp/tr" | wc -l)" -eq 3 ] && tail -1 "$tmp/tr/game-0002.kvg" | grep -q '^win ' \
   && "$cli" run "$tmp/tr/game-0002.kvg" >"$tmp/tr.txt" 2>&1 && grep -q 'can win' "$tmp/tr.txt"; then
  ok "play --transcripts: three games, each replayed by run to its win"
else not_ok "play --transcripts: three games, each replayed by run to its win" "$(ls "$tmp/tr")" "$(tail -3 "$tmp/tr.txt")"; fi
expect 2 "play --transcripts: unwritable directory" 'tr|denied|directory' -- play clue11 --agents del,del,del --games 1 --transcripts /proc/no/such

# Progress: on a terminal, the games counted on standard error; elsewhere
# (a pipe, a file, as above) only the slowest game's time, which the table
# on standard output leaves out so that it stays the same for one seed.
"$cli" play hexa --agents del --games 3 >/dev/null 2>"$tmp/quiet"
if grep -qE '^slowest game: [123], [0-9]+\.[0-9]{2} s of processor time$' "$tmp/quiet" \
   && [ "$(wc -l <"$tmp/quiet")" -eq 1 ]; then
  ok "play: no progress when standard error is no terminal, only the slowest game"
else not_ok "play: no progress when standard error is no terminal, only the slowest game" "$(head -c 200 "$tmp/quiet")"; fi
"$cli" play hexa --agents del --games 4 --jobs 2 >/dev/null 2>"$tmp/quiet"
if grep -qE '^slowest game: [1234], ' "$tmp/quiet"; then ok "play --jobs 2: the workers' slowest game"
else not_ok "play --jobs 2: the workers' slowest game" "$(head -c 200 "$tmp/quiet")"; fi
if command -v script >/dev/null; then
  script -qec "'$cli' play hexa --agents del --games 3" /dev/null >"$tmp/tty" 2>&1
  if grep -q 'game 3 of 3' "$tmp/tty" && grep -q 'strategy' "$tmp/tty"; then
    ok "play: on a terminal, the games counted, then the table"
  else
    not_ok "play: on a terminal, the games counted, then the table" "$(head -c 300 "$tmp/tty")"
  fi
fi

echo "1..$n"
[ "$failed" -eq 0 ]
