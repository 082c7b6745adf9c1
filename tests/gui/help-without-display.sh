#!/bin/sh
# kripkeviz --help and --version answer without a display (and without the
# settings schema), exit 0. Usage: help-without-display.sh PATH/TO/kripkeviz
empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT
for option in --help --version -V "--present --help" "hexa --present --help"; do
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY GSETTINGS_SCHEMA_DIR=$empty XDG_DATA_DIRS=$empty \
        LC_ALL=C "$1" $option 2>&1)
  status=$?
  echo "$option: exit $status: $out"
  [ "$status" -eq 0 ] || exit 1
done
"$1" --help 2>&1 | grep -q 'kripkeviz \[OPTION…\] \[GAME\]' && "$1" --help | grep -q -- '--present' && "$1" --version | grep -q '^kripkeviz [0-9]'
