#!/bin/bash
# vm/regress.sh exits 0, 1 or 3 for a verdict (the analyser's) and 2 for
# anything that went wrong: a compare that never ran must not be read as
# "changed" (exit 1 was what its die() gave a failed run). make regress
# prints a verdict line only for 0, 1 and 3. No guest boots here: each
# error is met before the first one.
. "$(dirname "$0")/../../vm/lib.sh"
. "$TOP/tests/lib/tap.sh"
plan 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_error DESC PATTERN CMD...: CMD exits 2, its last line on stderr
# matches PATTERN
expect_error() {
	local desc=$1 pat=$2 rc=0
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ "$rc" -eq 2 ] && tail -n1 "$tmp/err" | grep -qE "$pat"; then
		pass "$desc: exit 2, $(tail -n1 "$tmp/err")"
	else
		fail "$desc: exit 2 (got $rc), last line on stderr /$pat/" "$(tail -n3 "$tmp/err")"
	fi
}
export RESULTS=$tmp/results
expect_error "regress.sh with RUNS not a number" 'RUNS must be a number' \
	"$TOP/vm/regress.sh" series series default many
expect_error "regress.sh with REGRESS_JOBS 3" 'REGRESS_JOBS must be 1 or 2' \
	env REGRESS_JOBS=3 "$TOP/vm/regress.sh" series series default 1
# a run that fails (run-scenario.sh refuses the scenario before booting)
expect_error "regress.sh whose runs fail" 'run 1 of no-such-scenario failed' \
	"$TOP/vm/regress.sh" series series no-such-scenario 1

rc=0
make -s -C "$TOP" regress BASE=series CAND=series SCENARIO=default RUNS=many >"$tmp/out" 2>&1 || rc=$?
if [ "$rc" -ne 0 ] && ! grep -q 'verdict' "$tmp/out"; then
	pass "make regress RUNS=many fails (make exit $rc) without a verdict line"
else
	fail "make regress RUNS=many fails without a verdict line (make exit $rc)" "$(tail -n3 "$tmp/out")"
fi
