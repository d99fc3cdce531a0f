#!/usr/bin/env bash
# Runs every test of the built test bundle in two lanes side by side, then prints each group's
# status and a table of suite times. Every end-to-end test starts its own Xvfb (on a free display
# via -displayfd), window manager, session bus and servers on free ports, so two lanes do not
# meet. The test products are built once (`swift build --build-tests`) and both lanes run the one
# bundle, without SwiftPM (which would hold the build folder's lock for the whole run).
#
# Groups: each test class goes to the first group whose pattern (an extended regex on
# "Target.Class") it matches; the last group matches everything, so a new test target or class
# runs even if no rule names it. A lane runs its groups one after another in the table's order;
# a group with an "after" (in another lane) waits until that group has ended too. The rules keep CPU-heavy work away from
# timing-sensitive tests: IntentAccuracyTests (about 80 s of pure CPU) runs beside end-to-end
# tests that time nothing, and the end-to-end tests that judge timing (first-frame latency,
# flings at hand speed, transitions) start only after it.
#
# Usage: scripts/test.sh [BIN_DIR]   (default: `swift build --show-bin-path`)
# TEST_LOGS (default .build/test-logs) keeps each group's full output; TEST_FILTER (an
# extended regex on "Target.Class") runs only the classes it matches.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
bin="${1:-$($SWIFT build --show-bin-path)}"
bundle=$(ls -d "$bin"/*PackageTests.xctest 2>/dev/null | head -1)
[ -n "$bundle" ] || { echo "test: no test bundle in $bin (run swift build --build-tests)" >&2; exit 1; }
export FLOATAPP_BIN="${FLOATAPP_BIN:-$bin/floatapp}"
logs="${TEST_LOGS:-.build/test-logs}"
rm -rf "$logs"
mkdir -p "$logs"

# name    lane  after  classes (extended regex on Target.Class)
groups='
cpu       1     -      \.IntentAccuracyTests$
e2e-calm  2     -      ^FloatAppTests\.(CheckRoomsInputE2ETests|ChildProcessTests|CommandLineE2ETests|DesktopEntryTests|DesktopInspectionTests|DesktopPixelsTests|InstallE2ETests|NoDesktopE2ETests|RoomsFileE2ETests|RoomsReloadE2ETests|ScreenshotTests|TestDesktopTests|WaylandE2ETests)$
soak      1     -      ^FloatAppTests\.SoakE2ETests$
e2e       2     cpu    ^FloatAppTests\.
units     1     -      .
'

all_classes=$("$bundle" --list-tests 2>/dev/null | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u)
[ -n "$all_classes" ] || { echo "test: $bundle lists no tests" >&2; exit 1; }
if [ -n "${TEST_FILTER:-}" ]; then
  all_classes=$(grep -E -- "$TEST_FILTER" <<<"$all_classes" || true)
fi

declare -A group_lane group_after group_classes
order=()
left="$all_classes"
while read -r name lane after pattern; do
  [ -n "$name" ] || continue
  order+=("$name")
  group_lane[$name]=$lane
  group_after[$name]=$after
  group_classes[$name]=$(grep -E -- "$pattern" <<<"$left" || true)
  [ -z "${group_classes[$name]}" ] || left=$(grep -v -x -F -f <(printf '%s\n' "${group_classes[$name]}") <<<"$left" || true)
done <<<"$groups"
[ -z "$left" ] || { echo "test: no group takes $left" >&2; exit 1; }

# Runs one group's classes in the bundle; its output goes to its log and, each line prefixed
# with the group's name, to the terminal. Writes "STATUS SECONDS" to NAME.status when done.
run_group() {
  local name=$1 start status
  local classes=${group_classes[$name]}
  start=$(date +%s)
  if [ -z "$classes" ]; then
    status=0
    : >"$logs/$name.log"
  else
    "$bundle" "$(paste -sd, <<<"$classes")" 2>&1 | tee "$logs/$name.log" | sed -u "s/^/[$name] /"
    status=${PIPESTATUS[0]}
  fi
  echo "$status $(( $(date +%s) - start ))" >"$logs/$name.status"
}

# Waits until the group `after` (if any) has ended.
wait_for() {
  [ "$1" = - ] && return
  while [ ! -e "$logs/$1.status" ]; do sleep 1; done
}

run_lane() {
  local lane=$1 name
  for name in "${order[@]}"; do
    [ "${group_lane[$name]}" = "$lane" ] || continue
    wait_for "${group_after[$name]}"
    run_group "$name"
  done
}

start=$(date +%s)
lanes=$(for name in "${order[@]}"; do echo "${group_lane[$name]}"; done | sort -u)
pids=()
for lane in $lanes; do
  run_lane "$lane" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
wall=$(( $(date +%s) - start ))

failed=()
echo
echo "test: groups (lane, wall time, status):"
for name in "${order[@]}"; do
  read -r status seconds <"$logs/$name.status" 2>/dev/null || { status=missing; seconds=0; }
  summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?" "$logs/$name.log" | tail -1 | sed 's/^[[:space:]]*//')
  printf '  %-9s lane %s %5s s  status %s  %s\n' "$name" "${group_lane[$name]}" "$seconds" "$status" "${summary:-no tests}"
  [ "$status" = 0 ] || failed+=("$name")
done

# Suite times: each class's "Executed ... in TESTS (WALL) seconds" line after its suite ends.
for name in "${order[@]}"; do
  awk -v group="$name" '
    /^Test Suite .* (passed|failed) at / { match($0, /'\''[^'\'']*'\''/); suite = substr($0, RSTART + 1, RLENGTH - 2); next }
    suite != "" && /Executed [0-9]+ tests?, with/ {
      t = $0; sub(/.*\(/, "", t); sub(/\).*/, "", t)
      if (suite !~ /^(All tests|Selected tests|.*\.xctest)$/) printf "%s %s %s %s %s\n", t, suite, $2, $5, group
      suite = ""
    }' "$logs/$name.log"
done | sort -rn >"$logs/suites.txt"
total=$(awk '{ s += $1 } END { printf "%.0f", s }' "$logs/suites.txt")
echo
echo "test: the longest of $(wc -l <"$logs/suites.txt") suites, which took $total s in all (s, suite, group, tests, failures):"
head -15 "$logs/suites.txt" | awk '{ printf "  %7.1f  %-36s %-9s %3d tests %s\n", $1, $2, $5, $3, ($4 > 0 ? $4 " FAILED" : "") }'
tail -n +16 "$logs/suites.txt" | awk '{ s += $1; n++ } END { if (n) printf "  %7.1f  the other %d suites\n", s, n }'
echo "test: $wall s on the wall clock in ${#pids[@]} lanes; logs in $logs"

if [ ${#failed[@]} -gt 0 ]; then
  echo
  for name in "${failed[@]}"; do
    echo "test: group $name FAILED; its failures ($logs/$name.log):"
    grep -E "error: |Test Case .* failed|Fatal error|Segmentation|signal" "$logs/$name.log" | head -60
    echo "  ... its last lines:"
    tail -15 "$logs/$name.log"
  done
  echo "test: FAILED: ${failed[*]}" >&2
  exit 1
fi
