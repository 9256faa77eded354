#!/usr/bin/env bash
# Installs what Collidoscope needs to build, run and test, and nothing that is already there.
# Debian 12 / Ubuntu 22.04+: apt packages, then the Khronos glTF-Validator and V-HACD 4 (the decompose bench's baseline) from npm into tests/tools.
# --engines also installs what `make engine-check` runs (Babylon.js, Havok, typescript, PhysX (physx-js-webidl) and
# gl-matrix from npm into tests/engines; not needed by the build or `make test`).
set -euo pipefail
cd "$(dirname "$0")/.."

engines=0
for arg in "$@"; do
  case "$arg" in
    --engines) engines=1 ;;
    *) echo "setup: unknown option '$arg' (--engines: also install the engine check's npm packages)" >&2; exit 2 ;;
  esac
done

# The list is scripts/packages.txt (read by the packaging_setup_packages test too).
packages=()
while read -r name unless command _; do
  case "$name" in '' | '#'*) continue ;; esac
  if [ "$unless" = unless ] && command -v "$command" >/dev/null 2>&1; then continue; fi
  packages+=("$name")
done < <(sed 's/#.*//' scripts/packages.txt)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup: system packages present"
fi

if [ ! -d tests/tools/node_modules/gltf-validator ] || [ ! -f tests/tools/node_modules/vhacd-js/include/VHACD.h ]; then
  echo "setup: installing gltf-validator and vhacd-js (npm)"
  (cd tests/tools && npm ci --no-audit --no-fund --loglevel=error)
fi

if ((engines)) && { [ ! -d tests/engines/node_modules/@babylonjs/havok ] || [ ! -f tests/engines/node_modules/physx-js-webidl/physx-js-webidl.wasm ]; }; then
  echo "setup: installing Babylon.js, Havok, typescript, PhysX and gl-matrix for the engine check (npm)"
  (cd tests/engines && npm ci --no-audit --no-fund --loglevel=error)
fi
