#!/usr/bin/env zsh
# check-zsh-completion.zsh COMPLETION CLI: the zsh completion offers the
# CLI's commands, its games, a command's options and the values of those
# that list them. compadd, compset and _files are stood in for: what the
# completion would add is printed instead.
source <(sed '$d' "$1")
cli=$2
IPREFIX=
compadd () { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; print -r -- "$@"; }
compset () { IPREFIX=${words[CURRENT]%%=*}=; }
_files () { : ; }
complete_words () {   # complete_words WORD…: what is offered for the last word
  words=("$cli" "$@"); CURRENT=${#words}; IPREFIX=
  _kripkeviz_cli
}
integer failed=0
expect () {  # expect PATTERN WORD…
  local pattern=$1; shift
  local got; got=" $(complete_words "$@" | tr '\n' ' ') "
  if [[ $got != *$pattern* ]]; then
    print "not completed: '$*' gave '$got', wanted '$pattern'"; failed=1
  fi
}
expect ' export ' ex
expect ' -V ' -
expect ' hexa ' export h
expect ' --bare ' export hexa --b
expect ' --jobs ' play clue11 --j
expect ' --shard ' play clue11 --sh
expect ' svg ' export hexa --format ''
expect ' pdf ' export hexa --format=p
expect ' okabe-ito ' export hexa --palette ''
exit $failed
