#!/usr/bin/env bash
# Opens Collidoscope on a file. Without a display (a server, CI, a container) it renders the window in a virtual
# X server instead and says where it saved the picture.
set -euo pipefail
app=$1
file=${2:-}
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$app" ${file:+"$file"}
fi
out="$(dirname "$app")/../collidoscope-window.png"
echo "No display: rendering the window under Xvfb instead."
"$app" ${file:+"$file"} --screenshot "$out" --size 1280x800 >/dev/null
echo "Screenshot of the window: $(realpath "$out")"
"$app" inspect "${file:-resources/sample/sample.glb}" | sed -n '/^physics:/,$p'
