#!/usr/bin/env bash
# Installs what Collidoscope needs to build, run and test, and nothing that is already there.
# Debian 12 / Ubuntu 22.04+: apt packages, then the Khronos glTF-Validator from npm into tests/tools.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache
  qt6-base-dev qt6-3d-dev libqt6opengl6-dev libgl-dev libgl1-mesa-dri
  libassimp-dev nlohmann-json3-dev
  libtinygltf-dev libqhull-dev assimp-testmodels
  xvfb xauth imagemagick
  clang libclang-rt-14-dev
  libdraco-dev libmeshoptimizer-dev
  lintian desktop-file-utils appstream
)
# Debian's npm conflicts with Node builds that bundle their own npm: only ask for it when there is none.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

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

if [ ! -x tests/tools/node_modules/.bin/gltf_validator ] && [ ! -d tests/tools/node_modules/gltf-validator ]; then
  echo "setup: installing gltf-validator (npm)"
  (cd tests/tools && npm ci --no-audit --no-fund --loglevel=error)
fi
