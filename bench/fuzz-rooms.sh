#!/usr/bin/env bash
# Runs the rooms-file fuzzer (Tests/RoomsTests/RoomsFileFuzzer.swift) in a release build
# and prints the slowest case: the per-case time bound is 50 ms optimised.
# Usage: bench/fuzz-rooms.sh [CASES]      (FLOATAPP_SEED=N replays a run)
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-20000}"
root=$(pwd)
dir=$(mktemp -d /tmp/floatapp-fuzzbench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/Sources/Fuzz"
cat >"$dir/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "FuzzBench", targets: [
    .target(name: "Rooms", path: "Sources/Rooms"),
    .executableTarget(name: "Fuzz", dependencies: ["Rooms"], path: "Sources/Fuzz"),
])
SWIFT
ln -s "$root/Sources/Rooms" "$dir/Sources/Rooms"
cp Tests/RoomsTests/RoomsFileFuzzer.swift Tests/RoomsTests/ParseTimes.swift Tests/TestSupport/PropertyRandom.swift Tests/TestSupport/SeededRandom.swift \
  "$dir/Sources/Fuzz/"
# The test support files are compiled into the executable here, not imported. The problems'
# words come from AppCore, which this package leaves out: the bench times the parser and checks
# that every problem is located; RoomsTests.RoomsFileFuzzTests checks the words too.
sed -i -e '/^import TestSupport$/d' -e 's/ || \$0\.reason\.words\.isEmpty//' "$dir/Sources/Fuzz/RoomsFileFuzzer.swift"
grep -q 'reason\.words' "$dir/Sources/Fuzz/RoomsFileFuzzer.swift" && { echo "fuzz-rooms.sh: the fuzzer's words check moved; update the sed above" >&2; exit 1; }
cat >"$dir/Sources/Fuzz/main.swift" <<SWIFT
import Foundation

let builtIn = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "$root/assets/rooms.json")))
var fuzzer = RoomsFileFuzzer(corpus: [builtIn] + RoomsFileFuzzer.samples.map { Array(\$0.utf8) },
                             random: .seeded(for: "rooms-file fuzz (release)"))
let report = fuzzer.run(cases: $cases, retimeAbove: 0.0125)
print("\(report.cases) cases: \(report.valid) valid, \(report.errors) located errors, \(report.unlocated.count) unlocated")
print("total \(report.totalSeconds) s, mean \(report.totalSeconds / Double(report.cases) * 1000) ms, slowest \(report.worstSeconds * 1000) ms")
print("slowest: \(report.worstCase)")
exit(report.unlocated.isEmpty && report.worstSeconds < 0.05 ? 0 : 1)
SWIFT
swift build -c release --package-path "$dir" >/dev/null
"$dir/.build/release/Fuzz"
