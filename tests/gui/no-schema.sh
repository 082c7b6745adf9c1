#!/bin/sh
# Without its settings schema the window must say what to do, exit 2, and
# not abort (GSettings would). Usage: no-schema.sh PATH/TO/kripkeviz
empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT
out=$(GSETTINGS_SCHEMA_DIR=$empty XDG_DATA_DIRS=$empty LC_ALL=C "$1" hexa 2>&1)
status=$?
echo "$out"
[ "$status" -eq 2 ] && echo "$out" | grep -q "settings schema org.kripkeviz.Kripkeviz is not installed"
