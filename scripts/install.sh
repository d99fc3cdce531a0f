#!/usr/bin/env bash
# Installs FloatApp under a prefix: binary, assets, desktop file and icons.
# Usage: scripts/install.sh PREFIX BINARY
set -euo pipefail
prefix=${1:?prefix}
binary=${2:?binary}
root=$(cd "$(dirname "$0")/.." && pwd)
install -Dm755 "$binary" "$prefix/bin/floatapp"
install -Dm644 "$root/assets/rooms.json" "$prefix/share/floatapp/rooms.json"
install -Dm644 "$root/assets/floatapp.desktop" "$prefix/share/applications/floatapp.desktop"
install -Dm644 "$root/assets/floatapp.svg" "$prefix/share/icons/hicolor/scalable/apps/floatapp.svg"
install -Dm644 "$root/assets/floatapp.png" "$prefix/share/icons/hicolor/128x128/apps/floatapp.png"
echo "installed floatapp in $prefix"
