#!/usr/bin/env bash
# Runs every test of the built test bundle in two lanes side by side, then prints each group's
# status and a table of the longest suites. Every end-to-end test starts its own Xvfb (on a free
# display via -displayfd), window manager, session bus and servers on free ports, so the lanes
# do not meet. The test products are built once (`swift build --build-tests`) and both lanes run
# that one bundle directly: `swift test` would hold the build folder's lock for its whole run.
#
# Groups: each test class goes to the first group whose pattern (an extended regex on
# "Target.Class") it matches; the last group matches everything, so a new test target or class
# runs even if no rule names it. A lane runs its own groups in the table's order (a group whose
# "after" is still to run in the same lane waits for it; one in another lane is waited for),
# then joins the shared groups (lane "*"), whose classes each lane takes one at a time until
# none is left. The rules keep CPU-heavy work away from timing-sensitive tests:
# IntentAccuracyTests and MonitorsIntentAccuracyTests (pure CPU: 11 s and 13 s on 2026-12-04)
# run one in each lane (the second after the end-to-end tests that time nothing, so that lane is
# not left idle waiting for the first), and the end-to-end tests that judge timing (first-frame
# latency, hand-paced flings, transitions) start only after them (lane 2 after its own groups
# and the cpu group, lane 1 after the units and the soak), beside tests that mostly wait
# (real-time playback, the soak, which `make test` leaves to `make test-soak`).
#
# Usage: scripts/test.sh [BIN_DIR]   (default: `swift build --show-bin-path`)
# TEST_FILTER (an extended regex on "Target.Class") runs only the classes it matches;
# TEST_EXCLUDE (the same kind of regex) leaves out the classes it matches;
# TEST_LOGS (default .build/test-logs) keeps each group's whole output.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
bin="${1:-$($SWIFT build --show-bin-path)}"
bundle=$(ls -d "$bin"/*PackageTests.xctest 2>/dev/null | head -1)
[ -n "$bundle" ] || { echo "test: no test bundle in $bin (run swift build --build-tests)" >&2; exit 1; }
export FLOATAPP_BIN="${FLOATAPP_BIN:-$bin/floatapp}"
logs="${TEST_LOGS:-.build/test-logs}"
rm -rf "$logs"
mkdir -p "$logs/queue"

# name    lane  after  classes (extended regex on Target.Class)
groups='
cpu       1     -      \.IntentAccuracyTests$
e2e-calm  2     -      ^FloatAppTests\.(CheckRoomsInputE2ETests|ChildProcessTests|CommandLineE2ETests|DesktopEntryTests|DesktopInspectionTests|DesktopPixelsTests|InstallE2ETests|NoDesktopE2ETests|RoomsFileE2ETests|RoomsReloadE2ETests|ScreenshotTests|TestDesktopTests|WaylandE2ETests|DeviceLibraryE2ETests|RendererE2ETests)$
cpu2      2     -      \.MonitorsIntentAccuracyTests$
soak      1     units  ^FloatAppTests\.SoakE2ETests$
e2e       *     cpu    ^FloatAppTests\.
units     1     -      .
'
lanes=(1 2)
# A shared group's classes are taken longest first, as far as these (about 25-70 s each) are
# known to be the longest, so that no lane waits at the end for a long class the other took
# last (a 38 s float suite left a lane idle for 27 s when the classes went in name order).
long_first='FloatE2ETests$|\.(LiveServerE2ETests|CallE2ETests|CallDemandE2ETests|FloatMotionE2ETests)$'

all_classes=$("$bundle" --list-tests 2>/dev/null | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u)
[ -n "$all_classes" ] || { echo "test: $bundle lists no tests" >&2; exit 1; }
if [ -n "${TEST_FILTER:-}" ]; then
  all_classes=$(grep -E -- "$TEST_FILTER" <<<"$all_classes" || true)
fi
if [ -n "${TEST_EXCLUDE:-}" ]; then
  all_classes=$(grep -v -E -- "$TEST_EXCLUDE" <<<"$all_classes" || true)
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
  if [ -n "${group_classes[$name]}" ]; then
    left=$(grep -v -x -F -f <(printf '%s\n' "${group_classes[$name]}") <<<"$left" || true)
  fi
done <<<"$groups"
[ -z "$left" ] || { echo "test: no group takes $left" >&2; exit 1; }

# Runs `classes` (comma-separated) in the bundle: the output goes to `log` and, each line
# prefixed with `label`, to the terminal. Returns the bundle's exit status.
run_classes() {
  local label=$1 log=$2 classes=$3
  "$bundle" "$classes" 2>&1 | tee -a "$log" | sed -u "s|^|[$label] |"
  return "${PIPESTATUS[0]}"
}

# Runs a lane's own group; writes "STATUS SECONDS" to NAME.status when it ends.
run_group() {
  local name=$1 start status=0
  start=$(date +%s)
  : >"$logs/$name.log"
  if [ -n "${group_classes[$name]}" ]; then
    run_classes "$name" "$logs/$name.log" "$(paste -sd, <<<"${group_classes[$name]}")"
    status=$?
  fi
  echo "$status $(( $(date +%s) - start ))" >"$logs/$name.status"
}

# Takes a shared group's classes one at a time (a rename claims one) until none is left;
# writes "STATUS SECONDS" (the worst status) to NAME.LANE.status when done.
run_shared() {
  local name=$1 lane=$2 start status=0 class code
  start=$(date +%s)
  : >"$logs/$name.$lane.log"
  for entry in $(ls "$logs/queue/$name" 2>/dev/null); do
    class=${entry#*-}
    mv "$logs/queue/$name/$entry" "$logs/queue/$name.$lane.$class" 2>/dev/null || continue
    run_classes "$name/$lane" "$logs/$name.$lane.log" "$class"
    code=$?
    [ $code -eq 0 ] || status=$code
  done
  echo "$status $(( $(date +%s) - start ))" >"$logs/$name.$lane.status"
}

# Waits until the group `after` (if any) has ended.
wait_for() {
  [ "$1" = - ] && return
  while [ ! -e "$logs/$1.status" ]; do sleep 1; done
}

# Runs a lane's own groups in the table's order (a group whose "after" is a group of the same
# lane still to run waits for it), then joins the shared groups.
run_lane() {
  local lane=$1 name next after rest
  local pending=()
  for name in "${order[@]}"; do
    [ "${group_lane[$name]}" = "$lane" ] && pending+=("$name")
  done
  while [ ${#pending[@]} -gt 0 ]; do
    next=""
    for name in "${pending[@]}"; do
      after=${group_after[$name]}
      if [ "$after" = - ] || [ "${group_lane[$after]}" != "$lane" ] || [ -e "$logs/$after.status" ]; then
        next=$name
        break
      fi
    done
    [ -n "$next" ] || { echo "test: lane $lane cannot order ${pending[*]}" >&2; return 1; }
    wait_for "${group_after[$next]}"
    run_group "$next"
    rest=()
    for name in "${pending[@]}"; do [ "$name" = "$next" ] || rest+=("$name"); done
    pending=("${rest[@]}")
  done
  for name in "${order[@]}"; do
    [ "${group_lane[$name]}" = "*" ] || continue
    wait_for "${group_after[$name]}"
    run_shared "$name" "$lane"
  done
}

for name in "${order[@]}"; do
  [ "${group_lane[$name]}" = "*" ] || continue
  mkdir -p "$logs/queue/$name"
  for class in ${group_classes[$name]}; do
    rank=1
    grep -qE -- "$long_first" <<<"$class" && rank=0
    : >"$logs/queue/$name/$rank-$class"
  done
done

start=$(date +%s)
pids=()
for lane in "${lanes[@]}"; do
  run_lane "$lane" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
wall=$(( $(date +%s) - start ))

# Suite times: each class's "Executed ... in TESTS (WALL) seconds" line after its suite ends,
# as "SECONDS SUITE TESTS FAILURES GROUP".
for name in "${order[@]}"; do
  cat "$logs/$name".log "$logs/$name".*.log 2>/dev/null | awk -v group="$name" '
    /^Test Suite .* (passed|failed) at / { match($0, /'\''[^'\'']*'\''/); suite = substr($0, RSTART + 1, RLENGTH - 2); next }
    suite != "" && /Executed [0-9]+ tests?, with/ {
      t = $0; sub(/.*\(/, "", t); sub(/\).*/, "", t)
      if (suite !~ /^(All tests|Selected tests|.*\.xctest)$/) printf "%s %s %s %s %s\n", t, suite, $2, $5, group
      suite = ""
    }'
done | sort -rn >"$logs/suites.txt"

failed=()
echo
echo "test: groups (lane, seconds from its start to its end, status, tests, failures):"
for name in "${order[@]}"; do
  status=0 seconds=0
  for file in "$logs/$name".status "$logs/$name".*.status; do
    [ -e "$file" ] || continue
    read -r code took <"$file"
    [ "$code" = 0 ] || status=$code
    [ "$took" -gt "$seconds" ] && seconds=$took
  done
  counts=$(awk -v g="$name" '$5 == g { n += $3; f += $4 } END { printf "%d tests, %d failures", n, f }' "$logs/suites.txt")
  printf '  %-9s lane %s %5s s  status %s  %s\n' "$name" "${group_lane[$name]}" "$seconds" "$status" "$counts"
  [ "$status" = 0 ] || failed+=("$name")
done
missing=$(find "$logs/queue" -mindepth 2 -type f | wc -l)
[ "$missing" = 0 ] || { echo "test: $missing classes of a shared group never ran"; failed+=(unrun); }

total=$(awk '{ s += $1 } END { printf "%.0f", s }' "$logs/suites.txt")
echo
echo "test: the longest of $(wc -l <"$logs/suites.txt") suites, $total s in all (seconds, suite, group, tests):"
head -15 "$logs/suites.txt" | awk '{ printf "  %7.1f  %-36s %-9s %3d tests%s\n", $1, $2, $5, $3, ($4 > 0 ? ", " $4 " FAILED" : "") }'
tail -n +16 "$logs/suites.txt" | awk '{ s += $1; n++ } END { if (n) printf "  %7.1f  the other %d suites\n", s, n }'
echo "test: $wall s on the wall clock in ${#lanes[@]} lanes; whole output in $logs"

if [ ${#failed[@]} -gt 0 ]; then
  pattern="error: |Test Case .* failed|Fatal error|exited with signal"
  for name in "${failed[@]}"; do
    for log in "$logs/$name".log "$logs/$name".*.log; do
      [ -s "$log" ] && ! grep -q "^0 " "${log%.log}.status" 2>/dev/null || continue
      echo
      if grep -qE "$pattern" "$log"; then
        echo "test: failures in group $name ($log):"
        # Each failure with the lines of its message that follow, up to the test's end.
        awk -v pattern="$pattern" '
          /^Test Case .* (started|passed)/ { on = 0 }
          $0 ~ pattern { print; on = ($0 ~ /error: /); next }
          on { print }' "$log" | head -120
      else
        echo "test: group $name ended badly; the last lines of $log:"
        tail -15 "$log"
      fi
    done
  done
  echo "test: FAILED: ${failed[*]}" >&2
  exit 1
fi
