#!/usr/bin/env bash
# Times the rooms-file JSON parser (release build) on one string made of N
# `\u00e9` escapes, for the parser at a git revision (default: the work tree).
# Usage: bench/json-escapes.sh [REV] [N...]     (N defaults to 100000 200000 400000)
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-}"
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(100000 200000 400000)

dir=$(mktemp -d /tmp/floatapp-jsonbench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/Sources/JSON" "$dir/Sources/Bench"
if [ -n "$rev" ]; then
  # The parser lives in Sources/Rooms/JSON; older revisions kept it in Sources/PiPLayout/JSON.
  src=Sources/Rooms/JSON
  git cat-file -e "$rev:$src" 2>/dev/null || src=Sources/PiPLayout/JSON
  for f in $(git ls-tree --name-only "$rev" "$src/"); do git show "$rev:$f" >"$dir/Sources/JSON/$(basename "$f")"; done
else
  cp $(git ls-files Sources/Rooms/JSON) "$dir/Sources/JSON/"
fi
cat >"$dir/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "JSONBench", targets: [
    .target(name: "JSON", path: "Sources/JSON"),
    .executableTarget(name: "Bench", dependencies: ["JSON"], path: "Sources/Bench"),
])
SWIFT
cat >"$dir/Sources/Bench/main.swift" <<'SWIFT'
import Dispatch
import JSON

for arg in CommandLine.arguments.dropFirst() {
    let count = Int(arg)!
    let text = "{\"title\": \"" + String(repeating: "\\u00e9", count: count) + "\"}"
    let start = DispatchTime.now().uptimeNanoseconds
    let result = JSONParser.parse(Array(text.utf8))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard case .success = result else { fatalError("parse failed") }
    print("\(count) escapes: \(seconds) s")
}
SWIFT
swift build -c release --package-path "$dir" >/dev/null
"$dir/.build/release/Bench" "${counts[@]}"
