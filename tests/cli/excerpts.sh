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

echo "1..$n"
[ "$failed" -eq 0 ]
