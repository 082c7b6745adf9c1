#!/bin/sh
# check-cli-man.sh CLI PAGE: every command `CLI --help` lists, and every
# option each command's --help lists, appears in the man page PAGE.
# Skipped (77) without groff.
set -u
cli=$1 page=$2
command -v groff >/dev/null 2>&1 || { echo "groff not installed: skipped"; exit 77; }
text=$(mktemp)
trap 'rm -f "$text"' EXIT
# Plain ASCII text: \- is a hyphen, no overstriking.
LC_ALL=C.UTF-8 groff -man -Tascii -P-cbou "$page" 2>/dev/null >"$text"
failed=0
commands=$(LC_ALL=C.UTF-8 "$cli" --help | awk '/^  kripkeviz-cli /{print $2}')
[ -n "$commands" ] || { echo "no commands in $cli --help"; exit 1; }
for command in $commands; do
  if ! grep -qE "(^|[^a-z-])$command([^a-z-]|\$)" "$text"; then
    echo "command $command is not in the man page"; failed=1
  fi
  LC_ALL=C.UTF-8 "$cli" "$command" --help >"$text.help" 2>&1 || { echo "$command --help failed"; failed=1; }
  for option in $(grep -oE -- '(^|[ ,])--?[a-zA-Z][a-zA-Z-]*' "$text.help" | sed 's/^[ ,]*//' | sort -u); do
    if ! grep -qF -- "$option" "$text"; then
      echo "$command: option $option is not in the man page"; failed=1
    fi
  done
  rm -f "$text.help"
done
for global in --help --version; do
  grep -qF -- "$global" "$text" || { echo "$global is not in the man page"; failed=1; }
done
[ $failed -eq 0 ] && echo "every command and option is in the man page"
exit $failed
