#!/usr/bin/env bash
# Runs a local live server (nginx with the RTMP module) in the foreground for FloatApp:
# RTMP publish and play on 127.0.0.1:$RTMP_PORT (applications "live" and "call"), HLS and the statistics
# page on 127.0.0.1:$HTTP_PORT. Config, logs and HLS segments go under $XDG_RUNTIME_DIR (or a
# temp dir) and are removed on exit. Beside it runs Janus, the WebRTC server for calls with
# browsers (scripts/janus/run.sh: its HTTP API on 127.0.0.1:$JANUS_HTTP_PORT, its WebSocket API on
# 127.0.0.1:$JANUS_WS_PORT), its config and log in the same folder. Ctrl-C stops both.
# Usage: scripts/server.sh   (RTMP_PORT=1935 HTTP_PORT=8080 JANUS_HTTP_PORT=8088 JANUS_WS_PORT=8188 by default)
set -euo pipefail

rtmp_port=${RTMP_PORT:-1935}
http_port=${HTTP_PORT:-8080}
janus_http_port=${JANUS_HTTP_PORT:-8088}
janus_ws_port=${JANUS_WS_PORT:-8188}
module=/usr/lib/nginx/modules/ngx_rtmp_module.so
[ -x /usr/sbin/nginx ] && [ -f "$module" ] || {
  echo "server.sh: needs nginx and its RTMP module: make server installs them (nginx-light libnginx-mod-rtmp)" >&2
  exit 1
}

base=${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}
dir=$(mktemp -d "$base/floatapp-server.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/hls" "$dir/tmp"

cat > "$dir/nginx.conf" <<CONF
load_module $module;
daemon off;
master_process off;
pid $dir/nginx.pid;
error_log $dir/error.log notice;
events { worker_connections 512; }
rtmp {
    server {
        listen 127.0.0.1:$rtmp_port;
        application live {
            live on; idle_streams off;
            hls on; hls_path $dir/hls; hls_fragment 1s; hls_playlist_length 6s;
        }
        # Calls (W10): one stream per participant, <room>~<name>; the publisher's metadata is
        # passed on as sent (it carries the mute and camera state), and a publisher that sends
        # nothing for 3 s is dropped, so a vanished participant leaves the call.
        application call {
            live on; idle_streams off; meta copy; drop_idle_publisher 3s;
        }
    }
}
http {
    access_log off;
    client_body_temp_path $dir/tmp/body; proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi; uwsgi_temp_path $dir/tmp/uwsgi; scgi_temp_path $dir/tmp/scgi;
    types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
    server {
        listen 127.0.0.1:$http_port;
        location /stat { rtmp_stat all; }
        location /hls/ { alias $dir/hls/; add_header Cache-Control no-cache; }
    }
}
CONF

cat <<INFO
FloatApp local live server
  publish / play:  rtmp://127.0.0.1:$rtmp_port/live/<stream>
  calls:           rtmp://127.0.0.1:$rtmp_port/call/<room>~<participant>
  Janus calls:     http://127.0.0.1:$janus_http_port/janus  ws://127.0.0.1:$janus_ws_port
                   (VideoRoom rooms 1234 and 5678; browsers and FloatApps share them)
  HLS:             http://127.0.0.1:$http_port/hls/<stream>.m3u8
  statistics:      http://127.0.0.1:$http_port/stat
  rooms file:      assets/rooms-local-server.json (for the default ports)
  files and log:   $dir
Ctrl-C stops the server.
INFO

nginx -p "$dir" -c "$dir/nginx.conf" &
server=$!
JANUS_DIR="$dir/janus" JANUS_HTTP_PORT=$janus_http_port JANUS_WS_PORT=$janus_ws_port \
  "$(dirname "$0")/janus/run.sh" &
janus=$!
trap 'kill "$server" "$janus" 2>/dev/null; wait "$server" "$janus" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
wait -n "$server" "$janus"
