#!/usr/bin/env bash
# FloatApp's requirement ids (R1, W4, P7, M2, D4, X5, ...) as the repository cites them, against
# the ones docs/spec.md defines.
# Usage: scripts/spec.sh check      fail, naming each file:line, when a file cites an id that
#                                   docs/spec.md does not define (or defines twice), or when
#                                   docs/spec.md names a test class or method Tests/ lacks
#        scripts/spec.sh cited      the ids cited, one a line with its count of citations
#        scripts/spec.sh defined    the ids docs/spec.md defines, one a line
#
# A citation is a word made of one of the letters R W P M D X and a number from 1 to 99 without
# a leading zero (P7, W10), with a word boundary on both sides (so W3C, H264, libx264, 0xD4 and
# yuv420p10le are not), in a text file under Sources, Tests, scripts, bench, docs or packaging,
# or in README.md, Makefile or assets/floatapp.1. These are not citations:
#   - X11, the window system (docs/spec.md must never define an X11);
#   - a word alone in double quotes ("P1", "R2"): a value in code, such as a test participant's
#     name or a room id;
#   - P0, M0, ...: ids count from 1 (test participants are named P0, P1, ...).
# A range such as P9-P13 cites its two ends. A word that only looks like an id but is one the
# spec defines (a participant P1 in a comment, the PPM magic number P6) passes unnoticed; one
# that is not defined fails the check like any citation, and is then worded differently.
# docs/spec.md defines an id on a line that starts with `- **ID**`, and names the tests that
# check it as `Target.Class` (a class declared in Tests/Target) and `testMethod` (a method
# declared somewhere in Tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
spec=docs/spec.md

# Every citation as FILE:LINE:ID.
word='"?\b[PWMDRX][1-9][0-9]?\b"?'
citations() {
  local paths=() p
  for p in Sources Tests scripts bench docs packaging README.md Makefile assets/floatapp.1; do
    [ -e "$p" ] && paths+=("$p")
  done
  {
    grep -rnoIE --exclude=spec.md "$word" "${paths[@]}" || true
    # The spec's own lines, less the id each definition starts with.
    if [ -f "$spec" ]; then
      sed -E 's/^- \*\*[PWMDRX][1-9][0-9]?\*\*//' "$spec" | { grep -noE "$word" || true; } | sed "s|^|$spec:|"
    fi
  } |
    awk -F: '{ id = $3; if (id ~ /^".*"$/) next; gsub(/"/, "", id); if (id == "X11") next; print $1 ":" $2 ":" id }'
}

defined() { { grep -oE '^- \*\*[PWMDRX][1-9][0-9]?\*\*' "$spec" || true; } | tr -d '* -'; }

# The tests the spec names that Tests/ does not declare, one a line.
missing_tests() {
  local name target class
  for name in $(grep -oE '`[A-Za-z]+Tests\.[A-Za-z0-9_]+`' "$spec" | tr -d '`' | sort -u); do
    target=${name%%.*} class=${name#*.}
    grep -rqE "^(final )?class $class\b" "Tests/$target" 2>/dev/null || echo "$name"
  done
  for name in $(grep -oE '`test[A-Za-z0-9_]+`' "$spec" | tr -d '`' | sort -u); do
    grep -rqE "func $name\(" Tests || echo "$name"
  done
}

# R, W, P, M, D, X as the spec orders its sections, then by number.
by_section() { awk '{ print index("RWPMDX", substr($1, 1, 1)), substr($1, 2) + 0, $0 }' | sort -k1,1n -k2,2n | cut -d' ' -f3-; }

case "${1:-}" in
  check)
    [ -f "$spec" ] || { echo "spec.sh: $spec is missing" >&2; exit 1; }
    twice=$(defined | sort | uniq -d)
    if [ -n "$twice" ]; then
      echo "spec.sh: $spec defines these ids more than once: $(echo $twice)" >&2
      exit 1
    fi
    undefined=$(citations | awk -F: -v ids="$(defined)" 'BEGIN { split(ids, d, "\n"); for (i in d) known[d[i]] = 1 } !($3 in known)')
    if [ -n "$undefined" ]; then
      echo "spec.sh: cited but not defined in $spec (define them there, or word the text so it is no id):" >&2
      echo "$undefined" >&2
      exit 1
    fi
    missing=$(missing_tests)
    if [ -n "$missing" ]; then
      echo "spec.sh: $spec names tests that Tests/ does not declare (moved or renamed?):" >&2
      echo "$missing" >&2
      exit 1
    fi
    echo "spec.sh: $(citations | cut -d: -f3 | sort -u | wc -l) ids cited, all defined in $spec ($(defined | wc -l) ids), and the tests it names exist"
    ;;
  cited) citations | cut -d: -f3 | sort | uniq -c | awk '{ print $2, $1 }' | by_section ;;
  defined) defined | by_section ;;
  *)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
