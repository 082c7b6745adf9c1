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

# Numbers keep their dot in every locale (the nl_NL.UTF-8 run has a comma).
! grep -Eq '(line width|minimum width)=[0-9]+,' "$dir/hexa.tikz"; ok $? "TikZ numbers have a dot ($LC_ALL)"
! grep -Eq '(penwidth|fontsize|width|height)=[0-9]+,' "$dir/hexa.dot"; ok $? "DOT numbers have a dot ($LC_ALL)"
if command -v neato >/dev/null; then
  neato -n2 -Tsvg "$dir/hexa.dot" >/dev/null 2>"$dir/neato.err" && [ ! -s "$dir/neato.err" ]
  ok $? "Graphviz reads hexa.dot without complaint ($LC_ALL)"
fi

# CLI conventions: -o - is standard output; the extension names the format.
"$cli" export hexa --format dot -o - >"$dir/stdout.dot" 2>"$dir/err"; ok $? "-o - exits 0"
head -c 2 "$dir/stdout.dot" | grep -q '/\*'; ok $? "-o - writes the DOT to standard output"
[ ! -e ./- ] && [ ! -e "$dir/-" ]; ok $? "-o - makes no file named -"
expect_status 0 "format from the extension .pdf" hexa -o "$dir/by-name.pdf"
head -c 5 "$dir/by-name.pdf" | grep -q '%PDF-'; ok $? "by-name.pdf is a PDF"
expect_status 0 "format from the extension .TIKZ" hexa -o "$dir/by-name.TIKZ"
grep -q 'begin{tikzpicture}' "$dir/by-name.TIKZ"; ok $? "by-name.TIKZ is TikZ"
expect_status 2 "--format clashes with the extension" hexa --format pdf -o "$dir/clash.svg"
[ ! -e "$dir/clash.svg" ]; ok $? "nothing written on a clash"
expect_status 2 "no format, no telling extension" hexa -o "$dir/picture.out"
expect_status 2 "no format for standard output" hexa -o -
# A target that is not a regular file is written into, never renamed over.
mkfifo "$dir/pipe"
cat "$dir/pipe" >"$dir/from-pipe" &
reader=$!
expect_status 0 "a named pipe as the target" hexa --format svg -o "$dir/pipe"
wait $reader
[ -p "$dir/pipe" ]; ok $? "the pipe is still a pipe"
grep -q '<svg' "$dir/from-pipe"; ok $? "the SVG went through the pipe"
expect_status 0 "/dev/null as the target" hexa --format pdf -o /dev/null
[ -c /dev/null ]; ok $? "/dev/null is still a device"
mkdir "$dir/folder"
expect_status 2 "a directory as the target" hexa --format pdf -o "$dir/folder"
grep -Eq 'directory|map' "$dir/err"; ok $? "says it is a directory"
[ -d "$dir/folder" ] && [ -z "$(ls -A "$dir/folder")" ]; ok $? "the directory is untouched"
rm -f "$dir/pipe" "$dir/from-pipe" "$dir/by-name.pdf" "$dir/by-name.TIKZ" "$dir/stdout.dot"
rmdir "$dir/folder"

# TikZ for LaTeX users: UTF-8 kept, --bare to \input, and it compiles.
sed 's/^title .*/title Café met één kaart — Zoë/' "$(dirname "$0")/../../data/games/hexa.kvg" >"$dir/cafe.kvg"
expect_status 0 "a UTF-8 title as TikZ" "$dir/cafe.kvg" -o "$dir/cafe.tex"
grep -q 'Café met één kaart --- Zoë' "$dir/cafe.tex"; ok $? "TikZ keeps UTF-8"
! grep -q '?' "$dir/cafe.tex"; ok $? "TikZ has no ? for a character"
expect_status 0 "--bare" "$dir/cafe.kvg" --bare -o "$dir/bare.tex"
grep -q '^\\begin{tikzpicture}' "$dir/bare.tex" && ! grep -q 'documentclass\|begin{document}' "$dir/bare.tex"
ok $? "--bare is only the tikzpicture"
expect_status 2 "--bare is for TikZ only" hexa --bare -o "$dir/bare.pdf"
# Run when a TeX with TikZ (and Beamer) is installed; .ci/run installs them.
if command -v pdflatex >/dev/null && kpsewhich tikz.sty >/dev/null 2>&1; then
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error cafe.tex >latex.log 2>&1)
  ok $? "pdflatex compiles the TikZ export ($LC_ALL)"
  if kpsewhich beamer.cls >/dev/null 2>&1; then
    printf '%s\n' '\documentclass{beamer}' '\usepackage{tikz}' \
      '\usetikzlibrary{shapes.geometric}' '\begin{document}' \
      '\begin{frame}{Hexa}\centering\resizebox{!}{0.8\textheight}{\input{bare.tex}}\end{frame}' \
      '\end{document}' >"$dir/deck.tex"
    (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error deck.tex >latex.log 2>&1)
    ok $? "a Beamer deck \\inputs the bare export ($LC_ALL)"
  fi
  rm -f "$dir"/*.aux "$dir"/*.log "$dir"/*.nav "$dir"/*.out "$dir"/*.snm "$dir"/*.toc "$dir"/cafe.pdf
fi

# TikZ and DOT show the screen's marks: Hexa where 1 shows red to 2 drops
# 12 of 18 pairs and cuts agent 2's 3 links.
"$cli" export hexa-show --product-stage pairs -o "$dir/pairs.tex" 2>/dev/null
"$cli" export hexa-show --product-stage pairs -o "$dir/pairs.dot" 2>/dev/null
"$cli" export hexa-show --product-stage links -o "$dir/links.tex" 2>/dev/null
"$cli" export hexa-show --product-stage links -o "$dir/links.dot" 2>/dev/null
grep -q 'dropped/.style={' "$dir/pairs.tex" && [ "$(grep -c 'long world, dropped,' "$dir/pairs.tex")" = 12 ]
ok $? "TikZ: 12 dropped pairs in the dropped style"
[ "$(grep -c ', dropped=true' "$dir/pairs.dot")" = 12 ] && [ "$(grep -c '<s>' "$dir/pairs.dot")" = 12 ]
ok $? "DOT: 12 dropped pairs, struck through"
# Clue 11's showcard: an envelope's pairs dropped in part, that share grey.
"$cli" export clue11 --step 1 --product-stage pairs -o "$dir/shares.tex" 2>/dev/null
"$cli" export clue11 --step 1 --product-stage pairs -o "$dir/shares.dot" 2>/dev/null
grep -q 'definecolor{kvdroppedshare}' "$dir/shares.tex" && [ "$(grep -c 'delta angle=-240.00,' "$dir/shares.tex")" = 46 ] \
  && ! grep -q kvdroppedshare "$dir/pairs.tex"
ok $? "TikZ: 45 envelopes dropped at two thirds (and the legend's sample); none in Hexa's"
[ "$(grep -c 'dropped=0.67, fillcolor="#C7C7C7;0.25:#FFFFFF;0.33:#C7C7C7", style="wedged"' "$dir/shares.dot")" = 45 ]
ok $? "DOT: 45 envelopes dropped at two thirds, wedged from twelve o'clock"
[ "$(grep -c 'draw\[agent 2, cut\]' "$dir/links.tex")" = 3 ]; ok $? "TikZ: 3 cut links in the cut style"
[ "$(grep -c ', cut=true' "$dir/links.dot")" = 3 ]; ok $? "DOT: 3 cut links marked"
[ "$(grep -c 'label\(, cut\)\?\] at (' "$dir/links.tex")" = 9 ]; ok $? "TikZ: the agent's name on each of the 9 links"
[ "$(grep -c ' lp="' "$dir/links.dot")" = 9 ]; ok $? "DOT: the agent's name on each of the 9 links"
if command -v neato >/dev/null; then
  neato -n2 -Tsvg "$dir/links.dot" >/dev/null 2>"$dir/neato.err" && [ ! -s "$dir/neato.err" ]
  ok $? "Graphviz reads the cut links' DOT without complaint"
  neato -n2 -Tsvg "$dir/shares.dot" >/dev/null 2>"$dir/neato.err" && [ ! -s "$dir/neato.err" ]
  ok $? "Graphviz reads the greyed shares' DOT without complaint"
fi

# --size: the page asked for, the picture fitted; labels too small are said.
expect_status 0 "clue11 around on a 16:9 slide" clue11 --step 5 --view around --size 16:9 -o "$dir/clue169.pdf"
grep -q '9 pt' "$dir/err"; ok $? "says the labels come out under 9 pt"
# Clue's figure (the envelope view, its grid turned so the seven weapons
# run across) fits a 16:9 slide legibly at every step: nothing said.
for step in 0 1 5 8; do
  expect_status 0 "clue11 step $step envelopes on a 16:9 slide" clue11 --step $step --view envelope --size 16:9 -o "$dir/env169.pdf"
  [ ! -s "$dir/err" ]; ok $? "clue11 step $step envelopes: labels at least 9 pt (nothing said)"
done
# Figure 5 on a slide: the showcard product on Hexa's hexagon widens to the
# page. Its links and its result fit 16:9 and 4:3 at 9 pt (nothing said;
# on the screen's round hexagon they came out at 7.5-8.2 pt); the pairs,
# three a world, at 8.5 pt or more (6.8 and 7.0 pt round, in English).
for size in 16:9 4:3; do
  for stage in links result; do
    expect_status 0 "Figure 5's $stage on a $size slide" hexa-show --step 1 --product-stage $stage --size $size -o "$dir/fig5.pdf"
    [ ! -s "$dir/err" ]; ok $? "Figure 5's $stage on a $size slide: labels at least 9 pt (nothing said)"
  done
  expect_status 0 "Figure 5's pairs on a $size slide" hexa-show --step 1 --product-stage pairs --size $size -o "$dir/fig5.pdf"
  tenths=$(grep -o '[0-9][0-9]*[.,][0-9] pt' "$dir/err" | head -n 1 | tr -d '.,' | cut -d ' ' -f 1)
  [ -z "$tenths" ] || [ "$tenths" -ge 85 ]; ok $? "Figure 5's pairs on a $size slide: labels at least 8.5 pt (${tenths:-90} tenths)"
done
if command -v pdfinfo >/dev/null; then
  pdfinfo "$dir/clue169.pdf" | grep -Eq '^Page size: +453\.54[0-9]* x 255\.11[0-9]* pts'
  ok $? "the 16:9 page is 160 x 90 mm"
fi
expect_status 0 "hexa on a 4:3 slide" hexa --step 0 --size 4:3 -o "$dir/hexa43.svg"
[ ! -s "$dir/err" ]; ok $? "hexa's labels fit a 4:3 slide (nothing said)"
grep -q 'width="362.83' "$dir/hexa43.svg"; ok $? "the SVG is 128 mm wide"
expect_status 0 "--size WxHcm as TikZ" hexa --size 25x14cm -o "$dir/sized.tex"
grep -q 'pdfpagewidth=708.66bp' "$dir/sized.tex"; ok $? "TikZ page 25 cm wide"
expect_status 2 "a bad --size" hexa --size 16x9 -o "$dir/bad.pdf"
[ ! -e "$dir/bad.pdf" ]; ok $? "nothing written for a bad --size"

# --no-title and --no-legend: the picture alone, in every format.
expect_status 0 "--no-title --no-legend as TikZ" hexa --step 0 --no-title --no-legend -o "$dir/bare-picture.tex"
grep -q 'bfseries\\large' "$dir/hexa.tikz" && ! grep -q 'bfseries\\large' "$dir/bare-picture.tex"
ok $? "--no-title: no title node in the TikZ"
grep -q '% Legend' "$dir/hexa.tikz" && ! grep -q '% Legend' "$dir/bare-picture.tex"
ok $? "--no-legend: no legend in the TikZ"
expect_status 0 "--no-title as DOT" hexa --no-title -o "$dir/untitled.dot"
grep -q '^  graph \[label=' "$dir/hexa.dot" && ! grep -q '^  graph \[label=' "$dir/untitled.dot"
ok $? "--no-title: the DOT graph has no label"
expect_status 0 "--no-legend as SVG" hexa --no-legend -o "$dir/no-legend.svg"
expect_status 0 "hexa as SVG" hexa -o "$dir/legend.svg"
svg_height () { grep -o -m1 '<svg[^>]* height="[0-9.]*' "$1" | sed 's/.*height="//; s/\..*//'; }
[ "$(svg_height "$dir/no-legend.svg")" -lt "$(svg_height "$dir/legend.svg")" ]
ok $? "--no-legend: the SVG is less tall"
expect_status 0 "--no-title --no-legend --size 16:9 as PDF" hexa --no-title --no-legend --size 16:9 -o "$dir/slide.pdf"
rm -f "$dir"/bare-picture.tex "$dir"/untitled.dot "$dir"/no-legend.svg "$dir"/legend.svg "$dir"/slide.pdf

# --beamer: one slide per step, every world in its place.
expect_status 0 "--beamer" hexa --beamer -o "$dir/deck.tex"
grep -q 'documentclass\[aspectratio=169\]{beamer}' "$dir/deck.tex" && grep -q 'only<3>' "$dir/deck.tex" && ! grep -q 'only<4>' "$dir/deck.tex"
ok $? "--beamer: a slide for each of Hexa's 3 pictures"
expect_status 0 "--beamer --step 1 --size 4:3" hexa --beamer --step 1 --size 4:3 -o "$dir/deck43.tex"
grep -q 'aspectratio=43' "$dir/deck43.tex" && grep -q 'only<2>' "$dir/deck43.tex" && ! grep -q 'only<3>' "$dir/deck43.tex"
ok $? "--beamer --step 1: two slides, 4:3"
expect_status 2 "--beamer is TikZ" hexa --beamer -o "$dir/deck.pdf"
expect_status 2 "--beamer and --bare" hexa --beamer --bare -o "$dir/deck2.tex"

if command -v pdflatex >/dev/null && kpsewhich tikz.sty >/dev/null 2>&1; then
  for f in pairs links sized shares; do
    (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error $f.tex >latex.log 2>&1)
    ok $? "pdflatex compiles $f.tex ($LC_ALL)"
  done
  if command -v pdfinfo >/dev/null; then
    pdfinfo "$dir/sized.pdf" | grep -Eq '^Page size: +708\.6[0-9]* x 396\.8[0-9]* pts'
    ok $? "the TikZ page is 25 x 14 cm"
  fi
  if kpsewhich beamer.cls >/dev/null 2>&1; then
    (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error deck.tex >latex.log 2>&1)
    ok $? "pdflatex compiles the --beamer deck ($LC_ALL)"
    if command -v pdfinfo >/dev/null; then
      pdfinfo "$dir/deck.pdf" | grep -Eq '^Pages: +3$'; ok $? "the deck has 3 slides"
    fi
  fi
  rm -f "$dir"/*.aux "$dir"/*.log "$dir"/*.nav "$dir"/*.out "$dir"/*.snm "$dir"/*.toc "$dir"/*.pdf
fi
rm -f "$dir"/pairs.* "$dir"/links.* "$dir"/sized.* "$dir"/deck*.tex "$dir"/hexa43.svg "$dir"/neato.err

# Counts take the plural they need: Hexa's first step is one event.
"$cli" export hexa --step 1 --product-stage action --format svg -o - >"$dir/action.svg" 2>/dev/null
case "$LC_ALL" in
  nl*) grep -q '1 gebeurtenis' "$dir/action.svg" && ! grep -q '1 gebeurtenissen' "$dir/action.svg" ;;
  *) grep -q '1 event' "$dir/action.svg" && ! grep -q '1 events' "$dir/action.svg" ;;
esac
ok $? "one event, singular ($LC_ALL)"
rm -f "$dir/action.svg"

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
expect_status 2 "format clashing with an existing file's name" hexa --format svg -o "$dir/keep.pdf"
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

# Real Cluedo (the symbolic engine: 5 557 616 064 deals) draws its envelope
# view: 324 envelopes, a block per room, the cards heading rows and columns.
expect_status 0 "cluedo's envelope view as SVG" cluedo --step 0 --view envelope --format svg -o "$dir/cluedo.svg"
[ "$(grep -c '<title>[^<]*: [A-Za-z]* [a-z]* [a-z]*</title>' "$dir/cluedo.svg")" = 324 ]
ok $? "cluedo.svg: 324 envelopes, each with its cards"
expect_status 0 "cluedo's envelope view as TikZ, after a step" cluedo --step 1 --view envelope --format tikz -o "$dir/cluedo.tex"
for header in kitchen ballroom study Scarlet Plum ca wr; do
  grep -q "node\[header\] at ([0-9.]*,[0-9.]*) {$header}" "$dir/cluedo.tex"; ok $? "cluedo.tex: the header $header"
done
[ "$(grep -c '% envelop' "$dir/cluedo.tex")" = 323 ]; ok $? "cluedo.tex: 323 envelopes after step 1"
# Where links cannot be read (Clue 11 mid-game, real Cluedo) the default is
# the agents view: a panel per player, Everyone and Common, each an envelope
# grid, filled in the player's colour where it considers the envelope
# possible, what the step ruled out crossed out.
expect_status 0 "clue11's agents view after a step, by default" clue11 --step 3 --format tikz -o "$dir/agents.tex"
for agent in 1 2 3; do
  grep -q "filled $agent, minimum" "$dir/agents.tex"; ok $? "agents.tex: player $agent's panel, filled in its colour"
done
grep -q "removed/.style" "$dir/agents.tex" && grep -q ", removed, minimum" "$dir/agents.tex"
ok $? "agents.tex: what step 3 ruled out, crossed out"
[ "$(grep -c '^  \\draw\[agent' "$dir/agents.tex")" = 0 ]; ok $? "agents.tex: no links"
expect_status 0 "clue11's first picture has nothing crossed out" clue11 --step 0 --view agents --format tikz -o "$dir/agents0.tex"
! grep -q ", removed" "$dir/agents0.tex"; ok $? "agents0.tex: no removed marks at step 0"
expect_status 0 "cluedo's agents view after a step, by default" cluedo --step 1 --format svg -o "$dir/cluedo-agents.svg"
[ "$(grep -c '<title>' "$dir/cluedo-agents.svg")" -ge $((5 * 323)) ]; ok $? "cluedo-agents.svg: five panels of 323 envelopes or more"
expect_status 2 "agents view without envelope" hexa --view agents --format pdf -o "$dir/keep.pdf"
# Agent 3's dotted links print as dots: the screen's pattern, not TikZ's
# own dotted (a solid line at this width).
expect_status 0 "hexa as TikZ" hexa --step 0 --format tikz -o "$dir/hexa-dots.tex"
grep -q "agent 3/.style={[^}]*dash pattern=on 0.01pt off 4pt" "$dir/hexa-dots.tex"; ok $? "hexa-dots.tex: agent 3 dotted as on screen"
# Real Cluedo's grid on a slide is small, and the hint does not offer the
# view already drawn.
expect_status 0 "cluedo's envelope grid on a 16:9 slide" cluedo --step 0 --view envelope --size 16:9 -o "$dir/cluedo169.pdf"
grep -q -- '--size' "$dir/err" && ! grep -q -- '--view' "$dir/err"
ok $? "cluedo's grid on a slide: asks for a bigger --size, not for --view envelope"
expect_status 2 "cluedo's whole model: refused, naming the envelope view" cluedo --view whole --format svg -o "$dir/keep.svg"
grep -q -- '--view envelope' "$dir/err"; ok $? "cluedo's whole model: the message names --view envelope"
expect_status 2 "cluedo: one step's picture, not a handout" cluedo --all-steps --format pdf -o "$dir/keep.pdf"
if command -v pdflatex >/dev/null && kpsewhich tikz.sty >/dev/null 2>&1; then
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error cluedo.tex >latex.log 2>&1)
  ok $? "pdflatex compiles cluedo's envelope grid ($LC_ALL)"
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error agents.tex >latex.log 2>&1)
  ok $? "pdflatex compiles clue11's agents view ($LC_ALL)"
fi

echo "1..$n"
exit $failed
