#!/bin/bash
# tests/regress/run.sh [OUTDIR]: the regression-report tests alone, the long
# form of what make test runs (make regress-tests RUNS=n sets REGRESS_RUNS,
# the runs per kernel; each test has its own short default). One line per
# test, then "N passed, N failed".
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$top/build/regress-tests}
rm -rf "$out"
mkdir -p "$out"
for t in "$top"/tests/regress/[0-9]*.sh; do
	bash "$t" "$out" || echo "not ok - $(basename "$t") exited with status $?"
done | grep -E '^(ok|not ok) |^#   ' | tee "$out/results.tap"
passed=$(grep -c '^ok ' "$out/results.tap")
failed=$(grep -c '^not ok ' "$out/results.tap")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
