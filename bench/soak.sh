#!/usr/bin/env bash
# Drives the real app on a private Xvfb + openbox with random, human-paced input for MINUTES
# (default 10) and reports crashes, RSS after warm-up against the end, threads and descriptors.
# Usage: bench/soak.sh [MINUTES]      FLOATAPP_BIN=path (default: the debug build), FLOATAPP_SEED=N
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${FLOATAPP_BIN:-}" ]; then
  swift build --product floatapp >/dev/null
  FLOATAPP_BIN="$(swift build --show-bin-path)/floatapp"
fi
export FLOATAPP_BIN
exec /usr/bin/python3 bench/soak.py "${1:-10}"
