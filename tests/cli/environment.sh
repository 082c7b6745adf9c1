#!/bin/sh
# A malformed KRIPKEVIZ_* setting is an error that names it and says why
# (issue 29, N7): exit 2, never ignored. Usage: environment.sh kripkeviz-cli
set -u
cli=$1
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }
unset KRIPKEVIZ_WORLD_LIMIT KRIPKEVIZ_ENGINE KRIPKEVIZ_BDD_NODES
export LC_ALL=C.UTF-8

# expect SETTING PATTERN: `run hexa` with SETTING exits 2 and says PATTERN.
expect () {
  err=$(env "$1" "$cli" run hexa 2>&1 >/dev/null)
  got=$?
  if [ "$got" -eq 2 ] && printf '%s' "$err" | grep -qE -- "$2"; then
    ok "$1"
  else
    not_ok "$1" "exit $got" "$err"
  fi
}
expect KRIPKEVIZ_BDD_NODES=garbage 'KRIPKEVIZ_BDD_NODES must be a number of BDD nodes from 100000 to 20000000, not “garbage”'
expect KRIPKEVIZ_BDD_NODES=5 'KRIPKEVIZ_BDD_NODES must be .* not “5”'
expect KRIPKEVIZ_BDD_NODES=99999999999 'KRIPKEVIZ_BDD_NODES must be'
expect KRIPKEVIZ_ENGINE=quantum 'KRIPKEVIZ_ENGINE: .*quantum'
expect KRIPKEVIZ_WORLD_LIMIT=lots 'KRIPKEVIZ_WORLD_LIMIT must be a number of worlds'
if KRIPKEVIZ_BDD_NODES=200000 "$cli" run hexa >/dev/null 2>&1; then
  ok "KRIPKEVIZ_BDD_NODES=200000 works"
else
  not_ok "KRIPKEVIZ_BDD_NODES=200000 works"
fi
echo "1..$n"
[ "$failed" -eq 0 ]
