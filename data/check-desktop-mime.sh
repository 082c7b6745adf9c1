#!/bin/sh
# check-desktop-mime.sh DESKTOP MIME_XML: the desktop file takes a file (%f)
# and declares the MIME types that the shared-mime-info file gives *.kvg
# (text/x-kripkeviz) and *.kvm.json (application/x-kripkeviz-model), so a
# double-click in the file manager opens a game or a model in Kripkeviz.
desktop=$1
mime=$2
status=0
grep -q '^Exec=kripkeviz %f$' "$desktop" || { echo "desktop Exec does not take %f"; status=1; }
for pair in 'text/x-kripkeviz *.kvg' 'application/x-kripkeviz-model *.kvm.json'; do
  type=${pair% *}
  glob=${pair#* }
  # The glob inside that type's <mime-type> element.
  sed -n "\\|<mime-type type=\"$type\">|,\\|</mime-type>|p" "$mime" | grep -qF "<glob pattern=\"$glob\"/>" \
    || { echo "MIME XML has no $type with the glob $glob"; status=1; }
  grep -q "^MimeType=.*$type;" "$desktop" || { echo "desktop file does not declare $type"; status=1; }
done
exit $status
