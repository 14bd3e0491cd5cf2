#!/bin/bash
# tests/regress/run.sh [OUTDIR]: the regression-report tests alone, the long
# form of what make test runs (make regress-tests RUNS=n sets REGRESS_RUNS,
# the runs per kernel; each test has its own short default). One line per
# test, each file's count checked against its plan, then the skipped tests
# and "N passed, N failed".
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
out=${1:-$top/build/regress-tests}
rm -rf "$out"
mkdir -p "$out"
for t in "$top"/tests/regress/[0-9]*.sh; do
	run_file "regress/$(basename "$t")" bash "$t" "$out"
done | grep -E '^(ok|not ok) |^#   ' | tee "$out/results.tap"
tap_summary "$out/results.tap"
