#!/usr/bin/env bash
# The packaging tests belong to the release configuration, and the package's changelog is the same in every
# configuration: a first configure of a sanitizer build (as `make test-asan` does it) registers tests but none of
# packaging_*, and writes the changelog of BUILD_DIR byte for byte, its trailer line naming the maintainer.
#   check_configurations.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
scratch configurations
asan=$scratch/asan

if ! cmake -S "$src" -B "$asan" -G Ninja -DCS_SANITIZE=ON -DCS_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug \
  >"$scratch/configure.log" 2>&1; then
  cat "$scratch/configure.log"
  echo "FAIL: the sanitizer build does not configure"
  exit 1
fi
listed=$(ctest --test-dir "$asan" -N | awk '$1 == "Test" {print $3}')
echo "the sanitizer build registers $(wc -l <<<"$listed") tests"
grep -q '^cli_commands$' <<<"$listed" || fail "the sanitizer build does not register the other tests (cli_commands)"
packaging=$(grep '^packaging_' <<<"$listed" || true)
[ -z "$packaging" ] || fail "the sanitizer build registers packaging tests: $(paste -sd' ' <<<"$packaging")"

changelog=$asan/resources/changelog
cmp -s "$build/resources/changelog" "$changelog" ||
  fail "the sanitizer build's changelog differs from this build's: $(diff "$build/resources/changelog" "$changelog")"
# dpkg's own parser: no warning, and the trailer's maintainer is the package's.
parsed=$(dpkg-parsechangelog -l "$changelog" -S Maintainer 2>"$scratch/parse.err") || true
[ ! -s "$scratch/parse.err" ] || fail "dpkg-parsechangelog warns: $(cat "$scratch/parse.err")"
maintainer=$(sed -n 's/^CS_PACKAGE_MAINTAINER:STRING=//p' "$asan/CMakeCache.txt")
[ -n "$parsed" ] && [ "$parsed" = "$maintainer" ] ||
  fail "the changelog's maintainer is '$parsed', not the package's '$maintainer'"
finish
