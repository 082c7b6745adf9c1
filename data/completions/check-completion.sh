#!/bin/bash
# check-completion.sh COMPLETION CLI: the bash completion offers the CLI's
# commands, its games and a command's options.
source "$1"
cli=$2
complete_words () {   # complete_words WORD…: COMPREPLY for the last word
  COMP_WORDS=("$cli" "$@"); COMP_CWORD=$#
  _kripkeviz_cli
  echo "${COMPREPLY[*]}"
}
status=0
expect () {  # expect PATTERN WORD…
  local pattern=$1; shift
  local got; got=$(complete_words "$@")
  if ! echo " $got " | grep -q -- "$pattern"; then
    echo "not completed: '$*' gave '$got', wanted /$pattern/"; status=1
  fi
}
expect ' export ' ex
expect ' check ' ""
expect ' hexa ' export h
expect ' --bare ' export hexa --b
expect ' tikz ' export hexa --format t
expect ' --json ' check hexa --j
exit $status
