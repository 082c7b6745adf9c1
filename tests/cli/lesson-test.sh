#!/bin/sh
# kripkeviz-cli lesson: every built-in lesson plays to its end as a worksheet
# and as an answer key, in English and Dutch; the key's answers are the
# engine's (Hexa Example 4: wrb and wbr go); a malformed lesson is refused
# with its place, exit 2.
cli=$1
n=0
fail=0
ok () { n=$((n + 1)); printf 'ok %s - %s\n' "$n" "$1"; }
bad () { n=$((n + 1)); fail=1; printf 'not ok %s - %s\n' "$n" "$1"; }

for name in $("$cli" lesson --list | cut -d' ' -f1); do
  for lang in en nl; do
    if "$cli" lesson "$name" --lang "$lang" > /tmp/kv-lesson-$$.txt && grep -q '______' /tmp/kv-lesson-$$.txt \
       && "$cli" lesson "$name" --key --lang "$lang" > /tmp/kv-lesson-$$.txt && ! grep -q '______' /tmp/kv-lesson-$$.txt; then
      ok "$name $lang worksheet and key"
    else
      bad "$name $lang worksheet and key"
    fi
  done
done

for name in $("$cli" lesson --list | cut -d' ' -f1); do
  if "$cli" run "lesson:$name" > /tmp/kv-lesson-$$.txt && grep -q '^      » ' /tmp/kv-lesson-$$.txt; then
    ok "run lesson:$name plays to its end with its narration"
  else
    bad "run lesson:$name"
  fi
done

out=$("$cli" lesson hexa --key --lang en)
echo "$out" | grep -q 'Answer: wrb; wbr' && ok "hexa key: Example 4 removes wrb and wbr" || bad "hexa key: Example 4"
echo "$out" | grep -q 'Answer: 1, 3' && ok "hexa key: after endmove 1 and 3 can win" || bad "hexa key: win"
out=$("$cli" lesson hexa --key --lang nl)
echo "$out" | grep -q 'wrb; wbr' && echo "$out" | grep -q 'Voorbeeld 4' && ok "hexa key in Dutch" || bad "hexa key in Dutch"

dir=$(mktemp -d)
printf 'agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nsay Two cards.\nask truth K{1} a@\nnocard 1 b\n' > "$dir/bad.kvg"
"$cli" lesson "$dir/bad.kvg" 2> "$dir/err"
status=$?
[ $status -eq 2 ] && grep -q "bad.kvg:6:" "$dir/err" && ok "malformed lesson refused at its line, exit 2" || bad "malformed lesson: status $status $(cat "$dir/err")"
printf 'agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\nsay Two cards.\nnocard 1 b\nsay One said no b.\n' > "$dir/good.kvg"
"$cli" run "$dir/good.kvg" | grep -q '» One said no b.' && ok "run prints the narration under the step" || bad "run narration"
# Hostile lesson lines: refused with a place and exit 2, never a crash.
header='agents 1 2\ncards a b\nhands 1 1\ndeal 1: a 2: b\n'
i=0
for lines in 'ask' 'ask truth' 'ask truth (((' 'say.' 'title.' 'title.x y' 'say.nl' 'ask.nl win' \
             'ask predict' 'ask truth K{9} a@1' 'summary' 'say.n-l x' \
             'nocard 1 b\nask predict\nask predict' 'action x\nsay hi\nend'; do
  i=$((i + 1))
  printf "$header$lines\n" > "$dir/hostile$i.kvg"
  "$cli" lesson "$dir/hostile$i.kvg" --key > /dev/null 2> "$dir/err"
  status=$?
  if [ $status -eq 2 ] && grep -qE "hostile$i.kvg:[0-9]+:[0-9]+: error: " "$dir/err"; then
    ok "hostile lesson line “$lines” refused at its place"
  else
    bad "hostile lesson line “$lines”: status $status: $(cat "$dir/err")"
  fi
done
# Narration has a length limit, said with the line and column where the text starts.
long=$(head -c 1001 /dev/zero | tr '\0' x)
printf "${header}say %s\n" "$long" > "$dir/long.kvg"
"$cli" lesson "$dir/long.kvg" > /dev/null 2> "$dir/err"
status=$?
[ $status -eq 2 ] && grep -q "long.kvg:5:5: error: a line of narration has at most 1000 characters" "$dir/err" \
  && ok "a 1001-character say line is refused at its place" || bad "long say: status $status $(cut -c1-200 "$dir/err")"
printf "${header}say %s\n" "$(head -c 1000 /dev/zero | tr '\0' x)" > "$dir/long-ok.kvg"
"$cli" lesson "$dir/long-ok.kvg" > /dev/null 2> "$dir/err" && ok "a 1000-character say line is read" || bad "1000 characters: $(cut -c1-200 "$dir/err")"

for mode in "" --key; do
  if "$cli" lesson russian $mode -o "$dir/russian.pdf" && [ "$(head -c 4 "$dir/russian.pdf")" = "%PDF" ] \
     && { ! command -v pdftotext > /dev/null || pdftotext "$dir/russian.pdf" - | grep -q 'Russian cards'; }; then
    ok "russian ${mode:-worksheet} as PDF"
  else
    bad "russian ${mode:-worksheet} as PDF"
  fi
done
"$cli" lesson hexa -o "$dir/hexa.txt" 2> /dev/null && bad "a PDF handout needs FILE.pdf" || ok "a PDF handout needs FILE.pdf"
# A step's heading is never the last line of a page (hexa's "Step 3: win₃"
# ended page 1, its narration on page 2): headings start at the margin.
if command -v pdftotext > /dev/null; then
  for name in $("$cli" lesson --list | cut -d' ' -f1); do
    for mode in "" --key; do
      "$cli" lesson "$name" $mode -o "$dir/h.pdf"
      pages=$(pdftotext "$dir/h.pdf" - | tr -cd '\f' | wc -c)
      orphan=
      for page in $(seq 1 $((pages - 1))); do
        last=$(pdftotext -f "$page" -l "$page" -layout "$dir/h.pdf" - | grep -v '^[[:space:]]*$' | tail -n 1)
        case "$last" in " "*) ;; *) orphan="page $page ends with “$last”" ;; esac
      done
      [ -z "$orphan" ] && ok "$name ${mode:-worksheet}: no heading ends a page" || bad "$name ${mode:-worksheet}: $orphan"
    done
  done
fi
# A lesson that is not there: the lessons are listed, not the games.
for name in nosuch lesson:nosuch; do
  case $name in lesson:*) command=run ;; *) command=lesson ;; esac
  "$cli" $command "$name" > /dev/null 2> "$dir/err"
  status=$?
  [ $status -eq 2 ] && grep -q 'not a built-in lesson (built-in: .*russian' "$dir/err" && ! grep -q clue18 "$dir/err" \
    && ok "$command $name lists the lessons" || bad "$command $name: status $status $(cat "$dir/err")"
done
# What lesson cannot honour is refused in one line, exit 2, never ignored.
# refused WHAT PATTERN ARGS…
refused () {
  what=$1 pattern=$2
  shift 2
  "$cli" lesson "$@" > "$dir/out" 2> "$dir/err"
  status=$?
  [ $status -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -qE -- "$pattern" "$dir/err" && [ ! -s "$dir/out" ] \
    && ok "$what" || bad "$what: status $status $(cat "$dir/err")"
}
refused "lesson --list --key" '^kripkeviz-cli: --list lists the lessons: --key and -o are for one lesson$' --list --key
refused "lesson --list -o" '^kripkeviz-cli: --list lists the lessons: --key and -o are for one lesson$' --list -o "$dir/l.pdf"
refused "lesson --list with a lesson" '^kripkeviz-cli: usage: ' --list hexa
refused "lesson hexa --lang xx" '^kripkeviz-cli: --lang “xx”: hexa is written in “en” and “nl”$' hexa --lang xx
refused "lesson clue18 --lang nl" '^kripkeviz-cli: --lang “nl”: clue18 is written in “en”$' clue18 --lang nl
refused "lesson --list --lang xx" '^kripkeviz-cli: --lang “xx”: the lessons are written in “en” and “nl”$' --list --lang xx
"$cli" lesson --list --lang nl > "$dir/out" && grep -q '^hexa  *Hexa: drie spelers' "$dir/out" \
  && ok "lesson --list --lang nl" || bad "lesson --list --lang nl: $(head -3 "$dir/out")"
rm -rf "$dir" /tmp/kv-lesson-$$.txt
echo "1..$n"
exit $fail
