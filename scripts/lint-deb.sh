#!/usr/bin/env bash
# Checks the package `make deb` built the way Debian's archive checks packages: lintian reports
# no error, and every warning it reports is listed with its reason in packaging/README.
# Usage: scripts/lint-deb.sh [PACKAGE]   (default: the floatapp_*.deb in the source tree's root)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
shopt -s nullglob
built=(floatapp_*.deb)
package=${1:-${built[0]:-}}
[ -f "$package" ] || { echo "lint-deb: no floatapp_*.deb here: run make deb first" >&2; exit 1; }

report=$(lintian --display-info --fail-on none "$package" 2>&1) || { printf '%s\n' "$report" >&2; exit 1; }
report=$(grep -v 'running with root privileges is not recommended' <<<"$report" || true)
[ -z "$report" ] || printf '%s\n' "$report"
count() { grep -c "^$1: " <<<"$report" || true; }
errors=$(count E)
warnings=$(count W)
unlisted=()
for tag in $(sed -n 's/^W: [^:]*: \([A-Za-z0-9.+-]*\).*/\1/p' <<<"$report" | sort -u); do
  grep -q "^- \`$tag\`" packaging/README || unlisted+=("$tag")
done
echo "lint-deb: lintian on $package: $errors errors, $warnings warnings, $(count I) info"
if [ "$errors" -ne 0 ] || [ ${#unlisted[@]} -ne 0 ]; then
  [ ${#unlisted[@]} -eq 0 ] || echo "lint-deb: warnings not listed with a reason in packaging/README: ${unlisted[*]}" >&2
  exit 1
fi
