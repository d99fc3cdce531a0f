#!/usr/bin/env bash
# Installs the Debian packages a FloatApp target needs, and only those missing.
# Usage: scripts/deps.sh run|test|web|prefs|orca|bench|server|deb|deb-install
set -euo pipefail

# Text is laid out by Pango and drawn by cairo; fonts-dejavu-core covers the built-in rooms and
# the UI's own strings. The test set adds the Noto fonts so every script the tests show has one.
# pulseaudio-utils: pactl tells FloatApp the sound server's sources (the default microphone).
# The test set's pulseaudio is the sound server SoundServerCaptureTests records from.
# GStreamer's webrtcbin sends and receives WebRTC calls (Sources/WebRTC): -bad has webrtcbin (its -dev
# package is left out, it brings OpenCV: Sources/CGStreamer/shim.h says how FloatApp builds without it),
# -nice its ICE agent, -ugly x264enc, -libav the H.264 decoder, -base/-good Opus and RTP; -good also
# brings libsoup-3.0-0, Janus's WebSocket API's client (loaded at run time: Sources/CSoup/shim.h).
# libwayland-dev: the float asks Wayland compositors for activation itself (Sources/CWayland); the
# test set's sway and grim run it on a tiling compositor, and wayland-protocols with
# libwayland-bin's wayland-scanner check the protocol code kept in the tree.
# xdg-utils: InstanceE2ETests opens a call link with the real xdg-open; libglib2.0-bin's gdbus
# calls org.freedesktop.Application as GApplication's launchers do (SingleInstanceTests); xclip
# reads the invite link the app copied.
# at-spi2-core's bus launcher and registry and python3-pyatspi: AccessibilityE2ETests reads the
# accessible tree as a screen reader does (python3-pyatspi brought 3 packages onto a machine with
# the test set: 72 kB fetched, 361 kB installed, 14 s).
run_pkgs=(pkg-config libsdl2-dev libavformat-dev libavcodec-dev
  libavutil-dev libswscale-dev libswresample-dev libavdevice-dev libavfilter-dev
  libx11-dev libpango1.0-dev libcairo2-dev fontconfig fonts-dejavu-core libdbus-1-dev librsvg2-bin gettext
  pulseaudio-utils libwayland-dev
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly
  gstreamer1.0-nice gstreamer1.0-libav)
# The GNOME Wayland session: mutter runs Xwayland, and Tests/Tools/remote-pointer.py drives its
# pointer over D-Bus with python3-dbus (xhost, in x11-xserver-utils, lets the tests' clients in).
# xclip owns and reads the clipboard and the primary selection; ibus with ibus-hangul composes
# Korean from plain keys for the text field's input-method test (TextFieldE2ETests).
# libgl1-mesa-dri is Mesa's llvmpipe, the OpenGL behind Xvfb's GLX that RendererE2ETests draws
# through with --renderer gl; mesa-utils' glxinfo -B shows which renderer that is.
test_pkgs=(xvfb openbox fluxbox icewm xfwm4 xfconf mutter xwayland kwin-x11 kwin-style-breeze xdotool x11-utils x11-xserver-utils wmctrl imagemagick
  ffmpeg libxtst-dev weston dbus dbus-daemon dbus-bin playerctl desktop-file-utils
  nginx-light libnginx-mod-rtmp python3 python3-xlib python3-dbus pulseaudio xserver-xorg-core xserver-xorg-video-dummy
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji pango1.0-tools
  sway grim wayland-protocols libwayland-bin xdg-utils libglib2.0-bin xclip
  ibus ibus-hangul at-spi2-core python3-pyatspi libgl1-mesa-dri mesa-utils)
# The desktop's settings served as a GNOME session does (`make test-prefs`, X8): the XDG desktop
# portal with its GTK backend, which reads GSettings from dconf. xdg-desktop-portal and -gtk
# brought 4 packages onto a machine with the test set (about 3 MB installed, 28 s here, over the
# 15 s `make test` allows a new package), so their test runs after it.
# Orca and the speech-dispatcher it speaks through (`make test-orca`, X7): 17 packages, 8.6 MB
# fetched, 56 MB installed, 31 s here; the tests' speech goes to a file through
# speech-dispatcher's generic module, no synthesizer needed.
orca_pkgs=(orca speech-dispatcher)
prefs_pkgs=(xdg-desktop-portal xdg-desktop-portal-gtk dconf-service dconf-gsettings-backend gsettings-desktop-schemas)
# The text benchmark's peer is the SDL_ttf renderer FloatApp used before Pango (loaded at run time).
# valgrind: bench/instructions.py counts instructions with callgrind (binutils: objcopy makes the copy it runs).
# The benchmarks measure the build the Debian package ships (scripts/release-build.sh), whose
# static Foundation links libcurl and libxml2.
bench_pkgs=(mpv time python3-matplotlib libsdl2-ttf-2.0-0 valgrind binutils libcurl4-openssl-dev libxml2-dev)
# The Debian package (`make deb`, scripts/lint-deb.sh): the static Foundation links libcurl and
# libxml2; dpkg-dev computes Depends; lintian and man check the package and its man page. The
# test set needs only man (ManPageTests): `make test` builds no package.
deb_pkgs=(libcurl4-openssl-dev libxml2-dev dpkg-dev binutils lintian man-db)
# The package installed into a fresh Debian 12 root (scripts/test-deb-install.sh).
deb_install_pkgs=(debootstrap xvfb x11-utils imagemagick)
# Janus, the WebRTC server for calls with browsers (VideoRoom plugin, HTTP and WebSocket transports),
# and its own VideoRoom demo page (janus-demos), the browser side the README shows.
server_pkgs=(nginx-light libnginx-mod-rtmp janus janus-demos)
# The WebRTC call tests (`make test-web`): Janus started by the tests on free ports, a browser in
# the call (Chromium and janus.js from libjs-janus-gateway), python3-websockets for Chromium's
# DevTools protocol; iproute2 and util-linux's unshare make the tests' network namespace, whose
# own firewall (nftables) drops Janus's media ports for the test of ICE that never connects.
web_pkgs=(janus libjs-janus-gateway chromium python3-websockets iproute2 util-linux nftables)

want=("${run_pkgs[@]}")
case "${1:-run}" in
  run) ;;
  test) want+=("${test_pkgs[@]}" man-db bash-completion) ;;
  prefs) want+=("${test_pkgs[@]}" "${prefs_pkgs[@]}") ;;
  orca) want+=("${test_pkgs[@]}" "${orca_pkgs[@]}") ;;
  web) want+=("${test_pkgs[@]}" "${web_pkgs[@]}") ;;
  bench) want+=("${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
  server) want=("${server_pkgs[@]}") ;;
  deb) want+=("${deb_pkgs[@]}") ;;
  deb-install) want+=("${deb_pkgs[@]}" "${deb_install_pkgs[@]}") ;;
  *) echo "deps.sh: unknown set '$1' (run, test, web, prefs, orca, bench, server, deb or deb-install)" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == *"install ok installed"* ]] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps.sh: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
if [ -z "$(ls -A /var/lib/apt/lists/*_Packages 2>/dev/null | head -1)" ]; then
  $sudo apt-get update -q
fi
if ! $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
