#!/bin/sh
# kripkeviz-cli -o never damages what it writes to (issue 29, N4): a link's
# target is written and the link stays, /dev/stdout and /dev/null and a
# FIFO are written in place, a file keeps its mode and hard links, and a
# failure names the file asked for and leaves the old file whole (a full
# disk, a size limit, a file with several names, a file its user may not
# write). Run as root (CI) and not.
# Usage: output-links.sh PATH/TO/kripkeviz-cli      (prints TAP)
set -u
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for line in "$@"; do echo "# $line"; done; }
check () { if eval "$2"; then ok "$1"; else not_ok "$1" "$(head -c 400 "$tmp/err" 2>/dev/null)"; fi; }
export_dot () { "$cli" export hexa --format dot -o "$@" 2>"$tmp/err"; }

# /dev/stdout redirected to a file: the file gets the picture, /dev/stdout
# stays what it was.
before=$(ls -l /dev/stdout)
export_dot /dev/stdout >"$tmp/out.dot"
check "-o /dev/stdout > file: the file gets it" 'grep -q "graph" "$tmp/out.dot"'
check "-o /dev/stdout > file: /dev/stdout is still a link" '[ -L /dev/stdout ] && [ "$(ls -l /dev/stdout)" = "$before" ]'
# A build with the bug replaces the system's /dev/stdout (as root): put
# it back, so one failed run does not break the machine.
if [ ! -L /dev/stdout ] && [ "$(id -u)" -eq 0 ]; then
  rm -f /dev/stdout && ln -s /proc/self/fd/1 /dev/stdout
fi
export_dot /dev/stdout | cat >"$tmp/piped.dot"
check "-o /dev/stdout | cat: the pipe gets it" 'grep -q "graph" "$tmp/piped.dot"'

# /dev/null stays a character device.
export_dot /dev/null
check "-o /dev/null: still a character device" '[ -c /dev/null ]'

# A symbolic link: its target written, the link kept.
echo old >"$tmp/target.dot"
ln -s target.dot "$tmp/link.dot"
export_dot "$tmp/link.dot"
check "-o link: the link stays a link" '[ -L "$tmp/link.dot" ]'
check "-o link: its target is written" 'grep -q "graph" "$tmp/target.dot"'

# A file's mode and hard links.
echo old >"$tmp/shared.dot"
chmod 0640 "$tmp/shared.dot"
export_dot "$tmp/shared.dot"
check "-o file with mode 0640: mode kept" '[ "$(stat -c %a "$tmp/shared.dot")" = 640 ] && grep -q graph "$tmp/shared.dot"'
echo old >"$tmp/ro.dot"
chmod 0444 "$tmp/ro.dot"
export_dot "$tmp/ro.dot"
status=$?
if [ "$(id -u)" -eq 0 ]; then
  check "-o file with mode 0444, as root: written, mode kept" \
    '[ $status -eq 0 ] && [ "$(stat -c %a "$tmp/ro.dot")" = 444 ] && grep -q graph "$tmp/ro.dot"'
else
  check "-o file with mode 0444: Permission denied, exit 2, the file as it was" \
    '[ $status -eq 2 ] && grep -q "ro.dot: Permission denied" "$tmp/err" && [ "$(cat "$tmp/ro.dot")" = old ]'
fi
echo old >"$tmp/a.dot"
ln "$tmp/a.dot" "$tmp/b.dot"
export_dot "$tmp/a.dot"
check "-o file with two hard links: both names see it" '[ "$(stat -c %h "$tmp/a.dot")" = 2 ] && grep -q graph "$tmp/b.dot"'

# A FIFO is written in place, never replaced.
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/from-fifo" &
reader=$!
export_dot "$tmp/fifo"
wait $reader
check "-o fifo: still a FIFO, the reader got it" '[ -p "$tmp/fifo" ] && grep -q graph "$tmp/from-fifo"'

# A failure names the file asked for, never a temporary one.
export_dot "$tmp/no-such-dir/x.dot"
check "-o in a missing directory: the message names the file" \
  'grep -q "$tmp/no-such-dir/x.dot" "$tmp/err" && ! grep -qE "x\.dot\.[A-Za-z0-9]{6}" "$tmp/err"'
check "-o in a missing directory: nothing left behind" '[ ! -e "$tmp/no-such-dir" ]'

# A write cut short by a size limit (ulimit -f, its signal ignored so that
# the write itself fails, as on a full disk).
limited () { (trap '' XFSZ; ulimit -f 4; "$@") 2>"$tmp/err"; }

# A file with two hard links is written in place; cut short, it gets its
# old content back under both names.
echo old >"$tmp/c.svg"
ln "$tmp/c.svg" "$tmp/d.svg"
limited "$cli" export cluedo6 -o "$tmp/c.svg"
status=$?
check "-o file with two hard links past a size limit: exit 2, both names old" \
  '[ $status -eq 2 ] && grep -q "c.svg: File too large" "$tmp/err" && [ "$(cat "$tmp/c.svg")" = old ] \
   && [ "$(cat "$tmp/d.svg")" = old ] && [ "$(stat -c %h "$tmp/c.svg")" = 2 ]'
rm -f "$tmp/c.svg" "$tmp/d.svg"

# A file its user may not write is refused, as a shell's `>` would refuse
# it, though the directory would let a rename replace it: root's 0444
# file in a directory anyone may write, written by the user nobody.
as_nobody () { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
refused_as_nobody () {  # FILE COMMAND...: COMMAND -o FILE
  file=$1
  shift
  echo old >"$file"
  chmod 0444 "$file"
  as_nobody "$cli" "$@" -o "$file" >/dev/null 2>"$tmp/err"
  status=$?
  check "$1 -o over root's 0444 file, as nobody: Permission denied, exit 2, the file as it was" \
    '[ $status -eq 2 ] && grep -q "Permission denied" "$tmp/err" && [ "$(cat "$file")" = old ] \
     && [ "$(stat -c %U:%a "$file")" = root:444 ]'
}
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && as_nobody test -x "$cli"; then
  chmod 0755 "$tmp"
  mkdir -m 0777 "$tmp/open"
  refused_as_nobody "$tmp/open/c.json" model hexa --json
  refused_as_nobody "$tmp/open/c.svg" export hexa
  refused_as_nobody "$tmp/open/c.kvg" search unsuccessful clue11 --seed 1
  rm -rf "$tmp/open"
else
  n=$((n + 1))
  echo "ok $n # SKIP a read-only file as another user: needs root and setpriv"
fi

# The lesson's PDF is written as export's files are: a full disk (through
# a link to /dev/full) or a size limit leaves the old file whole, and the
# messages are export's.
ln -s /dev/full "$tmp/full.pdf"
"$cli" lesson hexa -o "$tmp/full.pdf" 2>"$tmp/err"
status=$?
check "lesson -o a link to /dev/full: exit 2, No space left on device" \
  '[ $status -eq 2 ] && grep -q "full.pdf: No space left on device" "$tmp/err" && [ -c /dev/full ]'
echo old >"$tmp/lesson.pdf"
limited "$cli" lesson clue11 --key -o "$tmp/lesson.pdf"
status=$?
check "lesson -o past a size limit: exit 2, the old file whole" \
  '[ $status -eq 2 ] && grep -q "lesson.pdf: File too large" "$tmp/err" && [ "$(cat "$tmp/lesson.pdf")" = old ]'
"$cli" lesson hexa -o "$tmp/lesson.pdf" 2>"$tmp/err"
check "lesson -o: a PDF" '[ "$(head -c 5 "$tmp/lesson.pdf")" = "%PDF-" ]'
"$cli" lesson hexa -o "$tmp/no-such-dir/x.pdf" 2>"$tmp/err"
status=$?
check "lesson -o in a missing directory: says so, as export does" \
  '[ $status -eq 2 ] && grep -q "Could not write $tmp/no-such-dir/x.pdf: No such directory" "$tmp/err"'
mkdir "$tmp/dir.pdf"
"$cli" lesson hexa -o "$tmp/dir.pdf" 2>"$tmp/err"
status=$?
check "lesson -o a directory: says so, as export does" \
  '[ $status -eq 2 ] && grep -q "dir.pdf is a directory" "$tmp/err"'
rmdir "$tmp/dir.pdf"

# Nothing else left in the directory (no temporary files).
check "no temporary files left" '[ -z "$(ls "$tmp" | grep -E "\.[A-Za-z0-9]{6}$")" ]'

echo "1..$n"
[ "$failed" -eq 0 ]
