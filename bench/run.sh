#!/usr/bin/env bash
# Runs FloatApp's benchmarks (see bench/README.md): playback against ffplay and mpv,
# switches between the float and the full view timed by the X server, then live latency (a host app to a viewer app, over
# RTMP and HLS, against ffplay), calls, call latency (A to B in a call: picture, sound, lip sync,
# and what sending costs), WebRTC media through Janus in a network namespace (its delays, lip sync
# and a three-way call's CPU), Janus calls against RTMP calls between two FloatApps (latency, lip sync
# and a joined 3-way call's CPU, in a network namespace), the text layer against SDL_ttf on a 1,001-room list, then the cold
# start (exec to the first picture on the screen: a file, HLS and RTMP, against ffplay and mpv).
# Each starts and ends its own Xvfb + openbox.
# Usage: bench/run.sh [NAME|all] (default all; the names are listed below); after a benchmark's name,
# further arguments go to its script (bench/playback.py --help, bench/switches.py --help, ...).
# Tables are printed and written to bench/out/NAME.md.
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1

python=$(command -v python3 || true)
[ -n "$python" ] || { echo "bench: python3 is needed" >&2; exit 1; }
# FloatApp as its Debian package ships it (the Swift runtime linked in): the binary users run.
bin=$(scripts/release-build.sh --show-bin-path 2>/dev/null)
[ -x "$bin" ] || { echo "bench: build FloatApp first: scripts/release-build.sh" >&2; exit 1; }

child=""
trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait 2>/dev/null' EXIT
trap 'exit 130' INT TERM HUP

run() {
  local python=$python
  # The latency benchmark reads the screen with python3-xlib, a Debian package of the system python.
  # So do the switches and cold start benchmarks (python3-xlib's DAMAGE) and the calls benchmark's plot (python3-matplotlib).
  case "$1" in latency|callatency|januscall|calls|switches|coldstart) [ -x /usr/bin/python3 ] && python=/usr/bin/python3 ;; esac
  "$python" "bench/$1.py" --floatapp "$bin" "${@:2}" &
  child=$!
  wait "$child"
  local status=$?
  child=""
  return $status
}

# The benchmarks `all` runs, in this order, one a line: each is bench/<name>.py.
benches=(
  playback
  switches
  latency
  calls
  callatency
  webrtc
  januscall
  text
  coldstart
)

what=${1:-all}
[ $# -gt 0 ] && shift
status=0
if [ "$what" = all ]; then
  for bench in "${benches[@]}"; do
    run "$bench" || status=$?
    echo
  done
elif printf '%s\n' "${benches[@]}" | grep -qx -- "$what"; then
  run "$what" "$@" || status=$?
else
  echo "usage: bench/run.sh [$(IFS='|'; echo "${benches[*]}")|all] [options]" >&2
  exit 2
fi
exit $status
