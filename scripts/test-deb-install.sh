#!/usr/bin/env bash
# The package as a user gets it: `apt-get install ./floatapp_*.deb` into a fresh Debian 12 root
# that has never seen Swift, pulling its dependencies; there `floatapp --version`,
# `--check-rooms` on the built-in rooms, `ldd`, `man floatapp`, a start on an X server (Xvfb,
# outside the root) that shows the room list and plays a room; then `apt-get remove` and
# `purge` leave nothing of the package behind, and `autoremove` takes its dependencies away.
# Needs root. The fresh root is made once by debootstrap and kept in .build/debian12-root
# (delete it to start over), the packages apt downloads in .build/debian12-debs; each run
# works in a copy, .build/debian12-run, with the screenshot and logs in .build/debian12-run.out/.
# Usage: scripts/test-deb-install.sh [PACKAGE]   (default: the floatapp_*.deb of the source tree)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=$root/.build/debian12-root
run=$root/.build/debian12-run
out=$root/.build/debian12-run.out
debs=$root/.build/debian12-debs
mounts=(tmp/.X11-unix var/cache/apt/archives dev proc)
shopt -s nullglob
built=(floatapp_*.deb)
package=${1:-${built[0]:-}}

step() { echo "test-deb-install: $*"; }
fail() { echo "test-deb-install: FAIL: $*" >&2; exit 1; }
# Waits up to $1 seconds for the command $2... to succeed.
await() {
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot, mounts)"
[ -f "$package" ] || fail "no floatapp_*.deb here: run make deb first"
for tool in debootstrap Xvfb xwininfo import convert; do
  command -v "$tool" >/dev/null || fail "$tool is missing: scripts/deps.sh deb-install installs it"
done
version=$(dpkg-deb -f "$package" Version)

if [ ! -e "$cache/etc/debian_version" ]; then
  step "making a fresh Debian 12 root in $cache (once)"
  rm -rf --one-file-system "$cache" "$cache.tmp"
  debootstrap --variant=minbase --include=man-db bookworm "$cache.tmp" "$mirror" >"$root/.build/debootstrap.log" 2>&1 ||
    { tail -20 "$root/.build/debootstrap.log" >&2; fail "debootstrap failed (log: .build/debootstrap.log)"; }
  cat >"$cache.tmp/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
  chroot "$cache.tmp" apt-get clean
  mv "$cache.tmp" "$cache"
fi

xvfb=""
app=""
cleanup() {
  [ -z "$app" ] || kill "$app" 2>/dev/null || true
  [ -z "$xvfb" ] || kill "$xvfb" 2>/dev/null || true
  for mount in "${mounts[@]}"; do
    mountpoint -q "$run/$mount" && umount -R "$run/$mount"
  done
  return 0
}
trap cleanup EXIT

step "copying the fresh root to $run"
cleanup
rm -rf --one-file-system "$run" "$out"
cp -a "$cache" "$run"
mkdir -p "$out" "$debs"
mount --bind "$debs" "$run/var/cache/apt/archives"
cp /etc/resolv.conf "$run/etc/resolv.conf"
mount -t proc proc "$run/proc"
mount --rbind /dev "$run/dev"
mount --make-rslave "$run/dev"
in_root() { chroot "$run" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"; }
# Starts floatapp in the root on the X server with arguments $2..., output to $1; app is its pid
# (chroot and env exec it).
start_app() {
  local log=$1; shift
  chroot "$run" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 DISPLAY="$DISPLAY" \
    SDL_AUDIODRIVER=dummy floatapp "$@" >"$log" 2>&1 &
  app=$!
}
# Ends the app started last.
stop_app() {
  kill "$app"
  wait "$app" || true
  app=""
}
[ ! -e "$run/opt/swift" ] && [ -z "$(cd "$run" && find usr -name 'libswiftCore*' -print -quit)" ] ||
  fail "the fresh root has a Swift toolchain"
step "apt-get update"
in_root apt-get update -q >"$out/apt-update.log" 2>&1 || { tail "$out/apt-update.log" >&2; fail "apt-get update"; }

step "apt-get install ./$(basename "$package")"
cp "$package" "$run/tmp/"
start=$(date +%s)
in_root apt-get install -y -q "/tmp/$(basename "$package")" >"$out/apt-install.log" 2>&1 ||
  { tail -30 "$out/apt-install.log" >&2; fail "apt-get install"; }
step "installed with $(grep -oE '[0-9]+ newly installed' "$out/apt-install.log") in $(( $(date +%s) - start )) s"
[ "$(in_root dpkg-query -W -f='${Version}' floatapp)" = "$version" ] || fail "floatapp $version is not installed"

printed=$(in_root floatapp --version)
step "floatapp --version: $printed"
[ "$printed" = "floatapp ${version%-*}" ] || fail "--version printed '$printed', the package is $version"

checked=$(in_root floatapp --check-rooms /usr/share/floatapp/rooms.json) || fail "--check-rooms: $checked"
step "floatapp --check-rooms /usr/share/floatapp/rooms.json: $checked"

in_root ldd /usr/bin/floatapp >"$out/ldd.txt"
! grep -E 'not found|/opt/swift|libswift|libFoundation|libdispatch' "$out/ldd.txt" ||
  fail "the installed binary needs something from the Swift toolchain (above)"
step "ldd: $(wc -l <"$out/ldd.txt") libraries, all from Debian packages, none from /opt/swift"

in_root env MANWIDTH=80 man floatapp >"$out/man.txt" 2>"$out/man.err" || { cat "$out/man.err" >&2; fail "man floatapp"; }
grep -q '^NAME' "$out/man.txt" && grep -q 'floatapp *- *watch live streams' "$out/man.txt" ||
  fail "man floatapp did not show the page: $(head -5 "$out/man.txt")"
step "man floatapp: $(wc -l <"$out/man.txt") lines"
[ -f "$run/usr/share/bash-completion/completions/floatapp" ] || fail "no bash completion"

step "starting floatapp on an X server"
# Xvfb picks a free display and writes its number to fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$out/display" >"$out/xvfb.log" 2>&1 &
xvfb=$!
await 20 grep -q . "$out/display" || fail "Xvfb did not start: $(cat "$out/xvfb.log")"
display=$(cat "$out/display")
mkdir -p "$run/tmp/.X11-unix"
mount --bind /tmp/.X11-unix "$run/tmp/.X11-unix"
export DISPLAY=:$display
# The room list is drawn: FloatApp's window is there and the screen, black before, shows many
# colours (text and icons on the list's rows).
list_drawn() {
  xwininfo -root -tree | grep -q '"FloatApp"' || return 1
  import -window root "$out/list.png" 2>/dev/null || return 1
  [ "$(convert "$out/list.png" -format '%k' info:)" -gt 50 ]
}
start_app "$out/app.log" --log-level info
await 30 list_drawn || fail "no room list on the screen in 30 s: $(cat "$out/app.log")"
step "the room list is on the screen: $out/list.png"
stop_app

start_app "$out/app-open.log" --open test-pattern --stats /tmp/stats.jsonl
# A frame of the room presented in the main window.
played() { grep '"ev":"frame"' "$run/tmp/stats.jsonl" 2>/dev/null | grep '"window":"main"' | grep -q '"room":"test-pattern"'; }
await 30 played ||
  fail "the built-in test pattern did not play in 30 s: $(cat "$out/app-open.log")"
step "the built-in room test-pattern plays"
import -window root "$out/room.png"
stop_app

dpkg-deb -c "$package" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep -v '^$' >"$out/package-files.txt"
step "apt-get remove floatapp"
in_root apt-get remove -y -q floatapp >"$out/apt-remove.log" 2>&1 || { tail "$out/apt-remove.log" >&2; fail "apt-get remove"; }
left=()
while read -r path; do
  [ -e "$run$path" ] || continue
  # A folder other packages also use (usr/share/icons/hicolor/48x48/apps, ...) may stay.
  [ -d "$run$path" ] && [ -n "$(ls -A "$run$path")" ] && continue
  [ -d "$run$path" ] && in_root dpkg-query -S "$path" >/dev/null 2>&1 && continue
  left+=("$path")
done <"$out/package-files.txt"
[ ${#left[@]} -eq 0 ] || fail "apt-get remove left ${left[*]}"
# With no conffiles, remove leaves nothing for purge; purge whatever dpkg still lists.
status=$(in_root dpkg-query -W -f='${db:Status-Abbrev}' floatapp 2>/dev/null || true)
if [ -n "$status" ] && [ "${status:0:2}" != "un" ]; then
  step "apt-get purge floatapp (dpkg status after remove: $status)"
  in_root apt-get purge -y -q floatapp >"$out/apt-purge.log" 2>&1 || { tail "$out/apt-purge.log" >&2; fail "apt-get purge"; }
fi
status=$(in_root dpkg-query -W -f='${db:Status-Abbrev}' floatapp 2>/dev/null || true)
[ -z "$status" ] || [ "${status:0:2}" = "un" ] || fail "dpkg still knows floatapp: $status"
step "apt-get autoremove --purge (the dependencies apt installed for floatapp)"
in_root apt-get autoremove --purge -y -q >"$out/apt-autoremove.log" 2>&1 ||
  { tail "$out/apt-autoremove.log" >&2; fail "apt-get autoremove"; }
step "autoremove: $(grep -oE '[0-9]+ to remove' "$out/apt-autoremove.log")"
# Not /var/cache: `man floatapp` left its formatted page in man-db's cache, which man-db's
# daily run empties of pages whose source is gone.
found=$(cd "$run" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./tmp -o -path ./root -o -path ./var/cache \) \
  -prune -o -iname '*floatapp*' -print)
[ -z "$found" ] || fail "purge left $found"
step "removed: no file of floatapp is left in the root"
trap - EXIT
cleanup
rm -rf --one-file-system "$run"
echo "test-deb-install: 1 passed, 0 failed"
