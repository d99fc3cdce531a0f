#!/usr/bin/env bash
# Builds the unit tests under ThreadSanitizer and under AddressSanitizer (with LeakSanitizer)
# and runs them: the unit tests of every pure and media target (see targets below) where that
# test target exists. Each
# sanitizer has its own build folder. Suppressions: scripts/sanitize/*.supp, each with its reason.
# Usage: scripts/sanitize.sh [thread|address]...   (default: both)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(thread address)

targets=()
for t in LocksAndThreadsTests PlaybackTests BroadcastTests PiPLayoutTests RoomsTests SessionTests LiveDirectoryTests AppCoreTests \
         FilesTests; do
  [ -d "Tests/$t" ] && targets+=("$t")
done
filter="^($(IFS='|'; echo "${targets[*]}"))\\."
# Left out under the sanitizers: tests that judge real-time behaviour or RSS (instrumented code
# is too slow for their time bounds; shadow memory and quarantine swamp RSS; their code paths
# are run by the other Playback tests), and IntentAccuracyTests, a single-threaded simulation
# of tens of thousands of gestures over pure value types: nothing for ThreadSanitizer to see,
# nothing AddressSanitizer finds that the other PiPLayout tests do not reach, and over ten
# minutes instrumented.
realtime='MediaCorruptionTests|FaultInjectionTests|MemoryTests|IntentAccuracyTests'
supp="$(pwd)/scripts/sanitize"
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 suppressions=$supp/tsan.supp"
# Full (slow) unwinding on malloc: FFmpeg and libcurl are built without frame pointers, so the
# fast unwinder stops inside them and the suppressions could not see whose leak it is.
export ASAN_OPTIONS="detect_leaks=1 abort_on_error=0 detect_stack_use_after_return=1 fast_unwind_on_malloc=0"
# Leaks are judged by lsan-filter.py below, so the exit status says only whether tests passed.
export LSAN_OPTIONS="suppressions=$supp/lsan.supp print_suppressions=1 exitcode=0"

failed=()
for s in "${sanitizers[@]}"; do
  scratch=".build/sanitize-$s"
  mkdir -p .build
  log="$scratch.log"
  start=$(date +%s)
  echo "== $s sanitizer: building ${targets[*]} in $scratch"
  if ! $SWIFT build --build-tests --scratch-path "$scratch" -Xswiftc "-sanitize=$s" >"$log" 2>&1; then
    tail -40 "$log"; failed+=("$s (build)"); continue
  fi
  echo "== $s sanitizer: running tests matching $filter"
  FLOATAPP_SANITIZER="$s" $SWIFT test --skip-build --scratch-path "$scratch" --filter "$filter" \
    --skip "$realtime" >>"$log" 2>&1
  status=$?
  grep -E "Executed [0-9]+ tests" "$log" | tail -1
  bad=0
  [ $status -eq 0 ] || { bad=1; echo "the test run ended with status $status"; tail -20 "$log"; }
  if grep -qE "with [1-9][0-9]* failures?" "$log"; then bad=1; grep -E "error: |failed \(" "$log" | head -40; fi
  if grep -qE "^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: AddressSanitizer)" "$log"; then
    bad=1; grep -E -A30 "^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: AddressSanitizer)" "$log" | head -150
  fi
  if [ "$s" = address ] && ! /usr/bin/python3 scripts/sanitize/lsan-filter.py "$log"; then bad=1; fi
  [ $bad -eq 0 ] || failed+=("$s")
  echo "== $s sanitizer: $(( $(date +%s) - start )) s, log in $log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "sanitize: FAILED under: ${failed[*]}" >&2
  exit 1
fi
echo "sanitize: no data race, memory error or leak found"
