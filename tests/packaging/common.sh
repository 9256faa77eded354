# Shared by check_install.sh and check_deb.sh (sourced).

# The files a Collidoscope installation has, below its prefix, sorted.
# $1: the desktop application id; $2: the man page and changelog suffix ("" installed, ".gz" in the package).
expected_files() {
  local id=$1 gz=$2
  printf '%s\n' \
    bin/collidoscope \
    "share/applications/$id.desktop" \
    "share/doc/collidoscope/changelog$gz" \
    share/doc/collidoscope/copyright \
    "share/icons/hicolor/256x256/apps/$id.png" \
    "share/icons/hicolor/scalable/apps/$id.svg" \
    "share/man/man1/collidoscope.1$gz" \
    "share/metainfo/$id.metainfo.xml" | sort
}

# scratch NAME: a temporary folder in $scratch, removed when the script exits.
scratch() {
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/collidoscope-$1.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
}

# fail MESSAGE: report a failed check; the script ends with `finish`, which fails when any check did.
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
finish() { [ "$failures" = 0 ]; }
