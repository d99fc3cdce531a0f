#!/usr/bin/env bash
# Runs FloatApp's Janus (WebRTC calls) in the foreground from the config beside this script: the
# VideoRoom plugin with the HTTP and WebSocket transports, their APIs on JANUS_BIND only, no admin
# API, no STUN or TURN. The config is written into JANUS_DIR with the settings below filled in,
# and Janus's log goes there too (janus.log). Ctrl-C or SIGTERM stops it.
#   JANUS_HTTP_PORT    HTTP API port (8088): http://JANUS_BIND:PORT/janus
#   JANUS_WS_PORT      WebSocket API port (8188): ws://JANUS_BIND:PORT
#   JANUS_BIND         the address both APIs listen on (127.0.0.1)
#   JANUS_ICE_ENFORCE  the only interfaces or addresses ICE gathers candidates on, e.g. "v0" in a
#                      test's network namespace (unset: every interface but loopback, Janus's rule)
#   JANUS_RTP_PORTS    the UDP port range for media (20000-40000)
#   JANUS_DIR          the config and log folder; kept when given, else a temporary folder under
#                      $XDG_RUNTIME_DIR that is removed on exit
#   JANUS_DEBUG_LEVEL  Janus's log level, 0-7 (4)
# With JANUS_DIR given the script becomes Janus (exec), so its process id is Janus's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
command -v janus >/dev/null || { echo "janus/run.sh: needs janus: make server installs it" >&2; exit 1; }
multiarch=$(gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH)
lib=/usr/lib/$multiarch/janus

keep=1
dir=${JANUS_DIR:-}
if [ -z "$dir" ]; then
  keep=0
  dir=$(mktemp -d "${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}/floatapp-janus.XXXXXX")
fi
mkdir -p "$dir/plugins" "$dir/transports" "$dir/events" "$dir/loggers"
dir=$(cd "$dir" && pwd)
ln -sf "$lib/plugins/libjanus_videoroom.so" "$dir/plugins/"
ln -sf "$lib/transports/libjanus_http.so" "$lib/transports/libjanus_websockets.so" "$dir/transports/"
for file in "$here"/*.jcfg; do
  sed -e "s|@DIR@|$dir|g" \
      -e "s|@HTTP_PORT@|${JANUS_HTTP_PORT:-8088}|g" \
      -e "s|@WS_PORT@|${JANUS_WS_PORT:-8188}|g" \
      -e "s|@BIND@|${JANUS_BIND:-127.0.0.1}|g" \
      -e "s|@RTP_PORTS@|${JANUS_RTP_PORTS:-20000-40000}|g" \
      -e "s|@DEBUG_LEVEL@|${JANUS_DEBUG_LEVEL:-4}|g" \
      -e "s|@LOG_TO_STDOUT@|false|g" \
      "$file" > "$dir/$(basename "$file")"
done

args=(--config="$dir/janus.jcfg" --configs-folder="$dir" --disable-colors)
[ -n "${JANUS_ICE_ENFORCE:-}" ] && args+=(--ice-enforce-list="$JANUS_ICE_ENFORCE")
if [ "$keep" = 1 ]; then
  exec janus "${args[@]}"
fi
janus "${args[@]}" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
wait "$server"
