#!/bin/sh
# check-man.sh PAGE: renders a man page as man(1) would, with every groff
# warning on; fails on any warning. Skipped (77) without groff (groff-base).
set -u
page=$1
command -v groff >/dev/null 2>&1 || { echo "groff not installed: skipped"; exit 77; }
warnings=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" 2>&1 >/dev/null)
if [ -n "$warnings" ]; then
  echo "$page: groff warns:"
  echo "$warnings"
  exit 1
fi
# Text comes out, and the page names its program.
LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou "$page" 2>/dev/null | grep -q '^NAME' || { echo "$page: renders empty"; exit 1; }
echo "$page: no warnings"
