#!/usr/bin/env bash
# Builds the Debian package from BUILD_DIR as it is (cpack runs the install rules, it does not rebuild), into a
# temporary folder, then checks its file list, that its Depends were computed from the binary (every library the
# binary needs, mapped to its package here with ldconfig and dpkg, is there with a version), and that lintian
# reports no error and no warning.
#   check_deb.sh BUILD_DIR APP_ID VERSION
set -euo pipefail
build=$(cd "$1" && pwd) id=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
scratch deb
out=$scratch

if ! (cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1); then
  cat "$out/cpack.log"
  echo "FAIL: cpack could not build the package"
  exit 1
fi
deb=$out/collidoscope_${version}_amd64.deb
[ -f "$deb" ] || { ls "$out"; echo "FAIL: no $(basename "$deb")"; exit 1; }
echo "built $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"

listed=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $NF}' | sed 's|^\./usr/||' | sort)
if ! diff -u <(expected_files "$id" .gz) <(cat <<<"$listed"); then
  fail "the package's files differ from the expected layout (- expected, + packaged)"
fi

# Depends: one versioned entry per package of a library the binary needs.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
dpkg-deb -x "$deb" "$out/root"
binary=$out/root/usr/bin/collidoscope
for soname in $(objdump -p "$binary" | awk '$1 == "NEEDED" {print $2}'); do
  # Readers here consume all their input: a reader that stops early (head, awk's exit, grep -q) can end the
  # writer with SIGPIPE, which pipefail turns into a failure that set -e ends the script on, now and then.
  library=$(ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64/ && !found {print $NF; found = 1}')
  [ -n "$library" ] || { fail "$soname (needed by the binary) is not installed here"; continue; }
  package=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | awk -F: 'NR == 1 {print $1}') ||
    package=$(dpkg -S "$library" | awk -F: 'NR == 1 {print $1}')
  sed 's/, /\n/g' <<<"$depends" | awk -v p="$package (>= " 'index($0, p) == 1 {found = 1} END {exit !found}' ||
    fail "Depends has no versioned $package, the package of $soname"
done
grep -q "libqt6widgets6" <<<"$depends" || fail "Depends does not name Qt's widgets library"
sections=$(readelf -S "$binary")
if grep -q '\.debug_info' <<<"$sections"; then fail "the packaged binary is not stripped"; fi

# The binary is hardened as Debian asks of a package (CMakeLists.txt): every check of hardening-check passes
# except the two this toolchain does not emit (stack clash protection shows as unknown, CFI needs CET).
hardening=$(hardening-check "$binary" 2>&1) || true
echo "$hardening"
for check in "Position Independent Executable" "Stack protected" "Fortify Source functions" \
  "Read-only relocations" "Immediate binding"; do
  grep -q "^ $check: yes" <<<"$hardening" || fail "hardening-check: $check is not yes"
done

# Any lintian error or warning fails, and so does any hardening tag (shown only at the info level).
lintian_out=$(lintian --display-info --tag-display-limit 0 "$deb" 2>&1 | grep -v '^running with root privileges') || true
if grep -q 'hardening-' <<<"$lintian_out"; then fail "lintian reports a hardening tag"; fi
[ -z "$lintian_out" ] || echo "$lintian_out"
errors=$(grep -c '^E:' <<<"$lintian_out" || true)
warnings=$(grep -c '^W:' <<<"$lintian_out" || true)
[ "$errors" = 0 ] || fail "lintian reports $errors errors"
[ "$warnings" = 0 ] || fail "lintian reports $warnings warnings"
echo "lintian: $errors errors, $warnings warnings"
finish
