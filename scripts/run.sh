#!/usr/bin/env bash
# Opens Collidoscope on a file. Until the main window exists this prints the inspection of the file.
set -euo pipefail
app=$1
file=$2
"$app" inspect "$file"
