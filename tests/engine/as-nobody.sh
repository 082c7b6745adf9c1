#!/bin/sh
# tests/engine/as-nobody.sh PROGRAM: runs PROGRAM as the user nobody when
# run as root (CI is root: test-write's cases for a user who may not write
# everywhere); skipped (77) otherwise or where nobody cannot run it.
[ "$(id -u)" -eq 0 ] || exit 77
command -v setpriv >/dev/null 2>&1 || exit 77
setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$1" || exit 77
exec setpriv --reuid=65534 --regid=65534 --clear-groups env TMPDIR=/tmp "$1"
