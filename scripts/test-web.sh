#!/usr/bin/env bash
# Runs scripts/test.sh (with TEST_FILTER as given) inside a network namespace of its own: lo up
# and one veth pair, v0 at 10.213.0.1/24 and v1 without an address. Janus gathers ICE candidates
# on v0 only (ice_enforce_list) and webrtcbin's ICE finds no other address, so no test packet
# reaches the machine's own interfaces. The X server's Unix sockets work across the namespace.
# Usage: scripts/test-web.sh [BIN_DIR]   (as root, or where unprivileged user namespaces are allowed)
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-n)
[ "$(id -u)" = 0 ] || flags=(-r -n)
exec unshare "${flags[@]}" bash -c '
  set -e
  ip link set lo up
  ip link add v0 type veth peer name v1
  ip addr add 10.213.0.1/24 dev v0
  ip link set v0 up
  ip link set v1 up
  exec scripts/test.sh "$@"' test-web "$@"
