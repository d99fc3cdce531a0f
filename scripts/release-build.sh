#!/usr/bin/env bash
# Builds FloatApp the way its Debian package ships it: release, with the Swift runtime and
# Foundation linked in (--static-swift-stdlib) and every symbol bound at start (-z now), in
# its own folder .build/static (so that switching between it and `make install` rebuilds
# nothing); prints the binary's path. scripts/deb.sh packages this build,
# and the benchmarks measure it: the binary a user who installs FloatApp runs.
# Usage: scripts/release-build.sh [--show-bin-path]   (the path only, building nothing)
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
build=(-c release --scratch-path .build/static)
if [ "${1:-}" != --show-bin-path ]; then
  "$swift" build "${build[@]}" --product floatapp --static-swift-stdlib --disable-local-rpath \
    -Xlinker -z -Xlinker now >&2
fi
echo "$("$swift" build "${build[@]}" --show-bin-path)/floatapp"
