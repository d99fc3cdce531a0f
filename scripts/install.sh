#!/usr/bin/env bash
# Installs FloatApp under a prefix: binary, assets, desktop file, icons, translations, man page
# and bash completion. The PNG icons are rendered from assets/floatapp.svg with rsvg-convert
# (librsvg2-bin); the translations in po/ are compiled with msgfmt (gettext) into
# <prefix>/share/locale and into the desktop entry's names. `make deb` packages exactly what
# this installs (scripts/deb.sh).
# Usage: scripts/install.sh PREFIX BINARY
set -euo pipefail
prefix=${1:?prefix}
binary=${2:?binary}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v rsvg-convert >/dev/null || { echo "install.sh: rsvg-convert (librsvg2-bin) is needed to render the icons" >&2; exit 1; }
command -v msgfmt >/dev/null || { echo "install.sh: msgfmt (gettext) is needed to compile the translations" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" --format png --output "$work/$size.png" "$root/assets/floatapp.svg"
done
gzip -9n --stdout "$root/assets/floatapp.1" >"$work/floatapp.1.gz"

install -Dm755 "$binary" "$prefix/bin/floatapp"
install -Dm644 "$root/assets/rooms.json" "$prefix/share/floatapp/rooms.json"
install -Dm644 "$root/assets/rooms-local-server.json" "$prefix/share/floatapp/rooms-local-server.json"
"$root/scripts/po.sh" desktop "$prefix/share/applications/org.floatapp.FloatApp.desktop"
chmod 644 "$prefix/share/applications/org.floatapp.FloatApp.desktop"
install -Dm644 "$root/assets/floatapp.svg" "$prefix/share/icons/hicolor/scalable/apps/floatapp.svg"
for size in 48 64 128 256; do
  install -Dm644 "$work/$size.png" "$prefix/share/icons/hicolor/${size}x${size}/apps/floatapp.png"
done
install -Dm644 "$work/floatapp.1.gz" "$prefix/share/man/man1/floatapp.1.gz"
install -Dm644 "$root/assets/floatapp.bash-completion" "$prefix/share/bash-completion/completions/floatapp"
"$root/scripts/po.sh" compile "$prefix/share/locale"
echo "installed floatapp in $prefix"
