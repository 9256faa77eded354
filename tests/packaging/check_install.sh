#!/usr/bin/env bash
# `cmake --install BUILD --prefix TMP` gives the layout of a desktop application, and each file passes the checker
# its format has: desktop-file-validate, appstreamcli validate, groff/man warnings. The man page covers every
# command and option the program's own help prints.
# The licence: the copyright file is the source tree's, in Debian's machine-readable form, Apache-2.0 for the
# project's own files; the metainfo names the project licence; LICENSE is the Apache License 2.0 as Debian has it.
#   check_install.sh BUILD_DIR APP_ID SOURCE_DIR
set -euo pipefail
build=$1 id=$2 src=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
scratch install
prefix=$scratch

cmake --install "$build" --prefix "$prefix" >/dev/null
if ! diff -u <(expected_files "$id" "") <(cd "$prefix" && find . -type f -printf '%P\n' | sort); then
  fail "the installed files differ from the expected layout (- expected, + installed)"
fi

desktop=$prefix/share/applications/$id.desktop
out=$(desktop-file-validate "$desktop" 2>&1) || true
[ -z "$out" ] || fail "desktop-file-validate: $out"
grep -qx "Icon=$id" "$desktop" || fail "the desktop entry's Icon is not $id"
grep -qx "Exec=collidoscope %f" "$desktop" || fail "the desktop entry does not run collidoscope on the file"
for type in model/gltf-binary model/gltf+json; do
  grep -q "^MimeType=.*$type;" "$desktop" || fail "the desktop entry does not open $type"
  # Debian's shared-mime-info knows both types, so the package ships no MIME package of its own.
  [ -f "/usr/share/mime/$type.xml" ] || fail "$type is not a MIME type shared-mime-info knows: ship a definition"
done

out=$(appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" 2>&1) ||
  fail "appstreamcli validate: $out"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$prefix/share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo does not launch $id.desktop"

grep -q "<project_license>Apache-2.0</project_license>" "$prefix/share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo does not name the project licence Apache-2.0"
copyright=$prefix/share/doc/collidoscope/copyright
cmp -s "$copyright" "$src/resources/packaging/copyright" || fail "the installed copyright file is not the source's"
[ "$(head -1 "$copyright")" = "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ] ||
  fail "the copyright file is not in Debian's machine-readable format"
# The first Files paragraph (Files: *) gives the project's own licence.
own=$(awk '/^Files: \*$/ {on = 1} on && /^License:/ {print $2; exit}' "$copyright")
[ "$own" = Apache-2.0 ] || fail "the copyright file gives the project's files the licence '$own', not Apache-2.0"
cmp -s "$src/LICENSE" /usr/share/common-licenses/Apache-2.0 ||
  fail "LICENSE is not the Apache License 2.0 text of /usr/share/common-licenses/Apache-2.0"

# The PNG icon is the SVG drawn at 256 px (redraw with: convert -background none resources/desktop/collidoscope.svg
# -resize 256x256 -strip png32:resources/desktop/collidoscope-256.png).
png=$prefix/share/icons/hicolor/256x256/apps/$id.png
size=$(identify -format '%wx%h' "$png")
[ "$size" = 256x256 ] || fail "the PNG icon is $size, not 256x256"
drawn=$prefix/drawn.png
convert -background none "$prefix/share/icons/hicolor/scalable/apps/$id.svg" -resize 256x256 png32:"$drawn"
differing=$(compare -metric AE -fuzz 10% "$png" "$drawn" null: 2>&1) || true
[ "$differing" = 0 ] || fail "the PNG icon is not the SVG icon drawn at 256 px ($differing pixels differ)"
rm -f "$drawn"

man=$prefix/share/man/man1/collidoscope.1
out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$man" 2>&1)
[ -z "$out" ] || fail "groff warns: $out"
out=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$man" 2>&1 >/dev/null)
[ -z "$out" ] || fail "man warns: $out"

# Every command of `collidoscope help` and every option of each command's --help (and of the window's --help) is in
# the man page source, with roff's \- read as -.
app=$prefix/bin/collidoscope
page=$(sed 's/\\-/-/g' "$man")
commands=$("$app" help | awk '/^Commands:/ {on = 1; next} on && !NF {on = 0} on {print $1}')
[ -n "$commands" ] || fail "collidoscope help lists no command"
for command in $commands help; do
  grep -q "^\.SS \"\?$command\b" <<<"$page" || fail "the man page has no section for the command $command"
done
check_options() {
  local what=$1 help=$2 option
  for option in $(grep -o -- '--[a-z][a-z-]*' <<<"$help" | sort -u); do
    grep -q -- "$option\b" <<<"$page" || fail "the man page does not describe $option of $what"
  done
}
for command in $commands; do
  check_options "$command" "$("$app" "$command" --help)"
done
window_help=$(QT_QPA_PLATFORM=offscreen "$app" --help)
grep -q -- --screenshot <<<"$window_help" || fail "collidoscope --help does not describe the window's options"
check_options "the window" "$window_help"

echo "installed $(cd "$prefix" && find . -type f | wc -l) files; $(wc -w <<<"$commands") commands in the man page"
finish
