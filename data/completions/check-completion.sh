#!/bin/bash
# check-completion.sh COMPLETION CLI: the bash completion offers the CLI's
# commands, its games (built-in names, .kvg scripts, .kvm.json models), a
# command's options and the values of those that list them.
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
expect_not () {  # expect_not PATTERN WORD…
  local pattern=$1; shift
  local got; got=$(complete_words "$@")
  if echo " $got " | grep -q -- "$pattern"; then
    echo "wrongly completed: '$*' gave '$got', matching /$pattern/"; status=1
  fi
}
expect ' export ' ex
expect ' check ' ""
expect ' hexa ' export h
expect ' --bare ' export hexa --b
expect ' --jobs ' play clue11 --j
expect ' --shard ' play clue11 --sh
expect ' --merge ' play --m
expect ' -V ' -
expect ' tikz ' export hexa --format t
expect ' --json ' check hexa --j
# Every format, SMCDEL's text input too, also after "--format=".
expect ' svg pdf png dot tikz smcdel ' export hexa --format ""
expect '^ smcdel $' export hexa --format sm
expect ' smcdel ' export hexa --format = ""
expect ' contracted ' export hexa --view ""
# A placeholder (--step=N) is no value to offer.
expect '^ *$' export hexa --step ""

# Files: scripts and models, not other files; folders to go into.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
touch game.kvg model.kvm.json notes.txt
mkdir games
expect ' game.kvg ' export ""
expect ' model.kvm.json ' export ""
expect ' games ' check ""
expect_not 'notes.txt' run ""
expect '^ model.kvm.json $' run mo
# -o takes any file.
expect ' notes.txt ' export hexa -o ""
exit $status
