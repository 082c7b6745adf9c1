#!/bin/sh
# po/check-po.sh: the translations are complete (meson test --suite data).
#
#   check-po.sh stats PO...          msgfmt --check: no fuzzy, no untranslated
#   check-po.sh sources SRCDIR PO... the same against a .pot made now from
#                                    POTFILES.in (strings added since the last
#                                    kripkeviz-update-po count as untranslated)
#   check-po.sh potfiles SRCDIR      every src/ and ui/ file with translatable
#                                    strings is listed in po/POTFILES.in
#   check-po.sh titles SRCDIR CLI PO...
#                                    every built-in game's title (as
#                                    `CLI games` reads data/games/*.kvg) is
#                                    extracted from POTFILES.in and translated
set -u

# msgfmt's statistics for $1 (on stderr, in English), or fail.
stats () {
  LC_ALL=C msgfmt --check --statistics -o /dev/null "$1" 2>&1
}

# Fails when the statistics $2 of $1 show fuzzy or untranslated messages.
judge () {
  echo "$1: $2"
  case $2 in
    *fuzzy*|*untranslated*)
      echo "$1: not complete: translate it (msgfmt --statistics must show 0 fuzzy, 0 untranslated)" >&2
      return 1 ;;
  esac
  return 0
}

# The messages of the files of POTFILES.in, as a .pot in $2 (run in $1).
make_pot () {
  # The arguments of meson's i18n preset 'glib'.
  (cd "$1" && xgettext --from-code=UTF-8 --add-comments \
      --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
      --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
      --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
      --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
      --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
      --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
      --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
      --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
      --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
      --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
      --files-from=po/POTFILES.in -o "$2") || {
    echo "xgettext failed on the files of po/POTFILES.in" >&2
    return 1
  }
}

mode=${1:-}
[ $# -gt 0 ] && shift
status=0

case $mode in
  stats)
    for po in "$@"; do
      out=$(stats "$po") || { echo "$po: $out" >&2; status=1; continue; }
      judge "$po" "$out" || status=1
    done
    ;;

  sources)
    srcdir=$1; shift
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    make_pot "$srcdir" "$tmp/messages.pot" || exit 1
    for po in "$@"; do
      msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$po" "$tmp/messages.pot" || { status=1; continue; }
      out=$(stats "$tmp/merged.po") || { echo "$po: $out" >&2; status=1; continue; }
      if ! judge "$po (against the sources)" "$out"; then
        echo "run 'meson compile kripkeviz-update-po' and translate the new strings" >&2
        status=1
      fi
    done
    ;;

  potfiles)
    srcdir=$1
    cd "$srcdir" || exit 1
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    {
      grep -rlE '(^|[^A-Za-z0-9_])(N_|_|C_|NC_|ngettext|g_dngettext|g_dpgettext2) ?\( *("|[A-Z_]+[,)])' \
        --include='*.c' src
      grep -rl 'translatable="yes"' --include='*.ui' src ui
    } | sort -u > "$tmp/have"
    grep -vE '^(#|$)' po/POTFILES.in | sort -u > "$tmp/listed"
    missing=$(comm -23 "$tmp/have" "$tmp/listed")
    gone=$(comm -13 "$tmp/have" "$tmp/listed" | while read -r f; do [ -e "$f" ] || echo "$f"; done)
    if [ -n "$missing" ]; then
      echo "po/POTFILES.in lacks files with translatable strings:" >&2
      echo "$missing" >&2
      status=1
    fi
    if [ -n "$gone" ]; then
      echo "po/POTFILES.in lists files that do not exist:" >&2
      echo "$gone" >&2
      status=1
    fi
    [ $status -eq 0 ] && echo "po/POTFILES.in lists all $(wc -l < "$tmp/have") source files with translatable strings"
    ;;

  titles)
    srcdir=$1; cli=$2; shift 2
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    make_pot "$srcdir" "$tmp/messages.pot" || exit 1
    # "hexa         Hexa: three players, three cards": the title as the
    # engine reads it, in English.
    LC_ALL=C LANGUAGE= "$cli" games > "$tmp/games" || { echo "$cli games failed" >&2; exit 1; }
    [ -s "$tmp/games" ] || { echo "$cli games listed no game" >&2; exit 1; }
    msgcat --no-wrap "$tmp/messages.pot" > "$tmp/pot" || exit 1
    for po in "$@"; do
      msgattrib --translated --no-fuzzy --no-obsolete --no-wrap "$po" > "$tmp/$(basename "$po")" || exit 1
    done
    n=0
    while read -r name title; do
      [ -n "$title" ] || { echo "$name: no title" >&2; status=1; continue; }
      # As a .po file writes it: backslashes and quotes escaped.
      msgid=$(printf 'msgid "%s"' "$(printf '%s' "$title" | sed 's/\\/\\\\/g; s/"/\\"/g')")
      if ! grep -qxF "$msgid" "$tmp/pot"; then
        echo "$name: the title \"$title\" is not extracted from po/POTFILES.in: list it in src/engine/kv-game-title.c" >&2
        status=1
      fi
      for po in "$@"; do
        if ! grep -qxF "$msgid" "$tmp/$(basename "$po")"; then
          echo "$name: the title \"$title\" is not translated in $po" >&2
          status=1
        fi
      done
      n=$((n + 1))
    done < "$tmp/games"
    [ $status -eq 0 ] && echo "the $n built-in games' titles are extracted and translated in: $*"
    ;;

  *)
    echo "usage: $0 stats PO... | sources SRCDIR PO... | potfiles SRCDIR | titles SRCDIR CLI PO..." >&2
    exit 2
    ;;
esac

exit $status
