#!/bin/sh
# Every kripkeviz-cli command checks that what it printed reached standard
# output: to a full disk (/dev/full) or a closed descriptor (>&-) it says
# "cannot write to standard output" and exits 2, never 0. A command that
# prints nothing there may run with standard output closed.
# Usage: stdout.sh PATH/TO/kripkeviz-cli      (prints TAP)
set -u
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }

# COMMAND... to /dev/full and to a closed standard output.
refused () {
  "$cli" "$@" >/dev/full 2>"$tmp/err"
  full=$?
  "$cli" "$@" >&- 2>>"$tmp/err"
  closed=$?
  if [ $full -eq 2 ] && [ $closed -eq 2 ] && [ "$(grep -c "cannot write to standard output" "$tmp/err")" -eq 2 ]; then
    ok "$*: exit 2 to /dev/full and to >&-, and says why"
  else
    not_ok "$*: exit $full to /dev/full, $closed to >&-" "$(head -c 400 "$tmp/err")"
  fi
}

refused games
refused run hexa
refused run hexa --json
refused check hexa 'K{1}w@1'
refused check hexa 'w@1'
refused model hexa
refused model hexa --json
refused play hexa --agents random,random,random --games 2
refused play hexa --agents random,random,random --games 2 --json
refused lesson hexa
refused lesson --list
refused export hexa --format dot -o -
refused --help
refused run --help

# Nothing printed on standard output: nothing lost when it is closed.
if "$cli" model hexa --json -o "$tmp/m.json" >&- 2>"$tmp/err"; then
  ok "model -o FILE with standard output closed: exit 0"
else
  not_ok "model -o FILE with standard output closed" "$(head -c 400 "$tmp/err")"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
