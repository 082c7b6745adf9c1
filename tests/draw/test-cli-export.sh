#!/bin/sh
# test-cli-export.sh CLI: `kripkeviz-cli export` — every format, the handout,
# and bad input (exit 2, a message, nothing written). TAP output.
cli="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0
failed=0

ok () {
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}

# expect_status STATUS DESCRIPTION ARGS...
expect_status () {
  want=$1; what=$2; shift 2
  "$cli" export "$@" >"$dir/out" 2>"$dir/err"
  got=$?
  [ "$got" = "$want" ]; ok $? "$what (exit $got)"
  if [ "$want" = 2 ]; then
    [ -s "$dir/err" ]; ok $? "$what: says why"
  fi
}

for format in svg pdf png dot tikz; do
  expect_status 0 "hexa as $format" hexa --format $format -o "$dir/hexa.$format"
  [ -s "$dir/hexa.$format" ]; ok $? "hexa.$format written"
done
head -c 5 "$dir/hexa.pdf" | grep -q '%PDF-'; ok $? "hexa.pdf is a PDF"
if command -v pdfinfo >/dev/null; then
  pdfinfo "$dir/hexa.pdf" >/dev/null 2>&1; ok $? "pdfinfo reads hexa.pdf"
fi

expect_status 0 "hexa --step 0 --engine neato" hexa --step 0 --engine neato --format svg -o "$dir/step0.svg"
expect_status 0 "clue11 --step 0 --view envelope" clue11 --step 0 --view envelope --format png -o "$dir/clue.png"
expect_status 0 "twocards --view contracted" twocards --view contracted --format dot -o "$dir/two.dot"
expect_status 0 "hexa --all-steps" hexa --all-steps --format pdf -o "$dir/handout.pdf"
if command -v pdfinfo >/dev/null; then
  pdfinfo "$dir/handout.pdf" | grep -Eq '^Pages: +3$'; ok $? "handout has a page per step"
fi

# Bad input: exit 2, and an existing file is left alone.
echo keep >"$dir/keep.pdf"
expect_status 2 "unknown view" hexa --view nope --format pdf -o "$dir/keep.pdf"
expect_status 2 "unknown engine" hexa --engine twopi --format pdf -o "$dir/keep.pdf"
expect_status 2 "unknown format" hexa --format jpeg -o "$dir/keep.pdf"
expect_status 2 "step out of range" hexa --step 99 --format pdf -o "$dir/keep.pdf"
expect_status 2 "step not a number" hexa --step two --format pdf -o "$dir/keep.pdf"
expect_status 2 "whole view over the limit" clue11 --step 0 --view whole --format pdf -o "$dir/keep.pdf"
expect_status 2 "envelope view without envelope" hexa --view envelope --format pdf -o "$dir/keep.pdf"
expect_status 2 "--all-steps is a PDF" hexa --all-steps --format svg -o "$dir/keep.pdf"
expect_status 2 "dot on 300 worlds" clue11 --step 0 --view around --engine dot --format pdf -o "$dir/keep.pdf"
expect_status 2 "unknown game" no-such-game --format pdf -o "$dir/keep.pdf"
expect_status 2 "no output" hexa --format pdf
[ "$(cat "$dir/keep.pdf")" = keep ]; ok $? "the existing file is untouched"
expect_status 2 "unwritable output" hexa --format pdf -o "$dir/missing/dir/x.pdf"
[ ! -e "$dir/missing" ]; ok $? "nothing half-written"
[ "$(ls -A "$dir" | grep -c '^\.')" = 0 ]; ok $? "no temporary files left"

echo "1..$n"
exit $failed
