#!/bin/sh
# check-desktop-mime.sh DESKTOP MIME_XML: the desktop file takes a file (%f)
# and declares the MIME type that the shared-mime-info file gives *.kvg, so
# a double-click in the file manager opens a game in Kripkeviz.
desktop=$1
mime=$2
type=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' "$mime")
status=0
[ "$type" = text/x-kripkeviz ] || { echo "MIME XML declares '$type', not text/x-kripkeviz"; status=1; }
grep -q '<glob pattern="\*\.kvg"/>' "$mime" || { echo "MIME XML has no *.kvg glob"; status=1; }
grep -q '^Exec=kripkeviz %f$' "$desktop" || { echo "desktop Exec does not take %f"; status=1; }
grep -q "^MimeType=.*$type;" "$desktop" || { echo "desktop file does not declare $type"; status=1; }
exit $status
