#!/bin/sh
# tests/docs/help-check.sh: the help is valid Mallard in every language.
#
#   help-check.sh HELPDIR LANG...
#
# Validates HELPDIR/C/*.page with yelp-check; for each LANG, checks that
# HELPDIR/LANG/LANG.po translates every message of the pages as they are
# now (none missing, fuzzy or untranslated), then builds the translated
# pages as gnome.yelp does at install (msgfmt, itstool) and validates them.
set -eu

help=$1
shift
for tool in yelp-check itstool msgfmt msgcmp; do
  command -v $tool >/dev/null || { echo "$tool is missing: install yelp-tools, itstool and gettext (tools/dev.sh does)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

yelp-check validate "$help"/C/*.page
echo "C: valid"

itstool -o "$tmp/help.pot" "$help"/C/*.page
for lang in "$@"; do
  po=$help/$lang/$lang.po
  # Every message of the pages is in the po file...
  if ! msgcmp "$po" "$tmp/help.pot" 2>"$tmp/cmp"; then
    cat "$tmp/cmp" >&2
    echo "$po: out of date with help/C: run ninja help-org.kripkeviz.Kripkeviz-update-po and translate" >&2
    exit 1
  fi
  # ...and translated.
  stats=$(LC_ALL=C msgfmt --check --statistics -o "$tmp/$lang.mo" "$po" 2>&1)
  case $stats in
    *fuzzy*|*untranslated*)
      echo "$po: $stats: translate every message" >&2
      exit 1 ;;
  esac
  mkdir -p "$tmp/$lang"
  itstool -m "$tmp/$lang.mo" -o "$tmp/$lang/" "$help"/C/*.page
  yelp-check validate "$tmp/$lang"/*.page
  echo "$lang: $stats; valid"
done
