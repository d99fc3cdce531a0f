#!/usr/bin/env bash
# Installs FloatApp under a prefix: binary, assets, desktop file, icons, man page and bash
# completion. The PNG icons are rendered from assets/floatapp.svg with rsvg-convert
# (librsvg2-bin). `make deb` packages exactly what this installs (scripts/deb.sh).
# Usage: scripts/install.sh PREFIX BINARY
set -euo pipefail
prefix=${1:?prefix}
binary=${2:?binary}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v rsvg-convert >/dev/null || { echo "install.sh: rsvg-convert (librsvg2-bin) is needed to render the icons" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" --format png --output "$work/$size.png" "$root/assets/floatapp.svg"
done
gzip -9n --stdout "$root/assets/floatapp.1" >"$work/floatapp.1.gz"

install -Dm755 "$binary" "$prefix/bin/floatapp"
install -Dm644 "$root/assets/rooms.json" "$prefix/share/floatapp/rooms.json"
install -Dm644 "$root/assets/rooms-local-server.json" "$prefix/share/floatapp/rooms-local-server.json"
install -Dm644 "$root/assets/floatapp.desktop" "$prefix/share/applications/floatapp.desktop"
install -Dm644 "$root/assets/floatapp.svg" "$prefix/share/icons/hicolor/scalable/apps/floatapp.svg"
for size in 48 64 128 256; do
  install -Dm644 "$work/$size.png" "$prefix/share/icons/hicolor/${size}x${size}/apps/floatapp.png"
done
install -Dm644 "$work/floatapp.1.gz" "$prefix/share/man/man1/floatapp.1.gz"
install -Dm644 "$root/assets/floatapp.bash-completion" "$prefix/share/bash-completion/completions/floatapp"
echo "installed floatapp in $prefix"
