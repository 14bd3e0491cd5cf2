# TAP for every test file (sourced). A file prints its plan, "1..N", before
# its first result, then exactly N result lines: a runner (plan.awk) fails
# a file that ran fewer or more, so a file that stops early cannot shrink
# the suite unnoticed. A skipped test is still a result: "ok - DESC # SKIP
# REASON", counted in the plan and listed in the summary.

plan() { echo "1..$1"; }

# tap_line LINE: a result line; also on $TAP_CONSOLE when set (the guest
# shows progress on its console).
tap_line() {
	echo "$1"
	[ -z "${TAP_CONSOLE:-}" ] || echo "shrinkscope: $1" >"$TAP_CONSOLE"
}
pass() { tap_line "ok - $*"; }
# fail DESC [DIAGNOSTIC...]
fail() {
	local desc=$1
	shift
	tap_line "not ok - $desc"
	# every line a diagnostic, also those inside one argument
	[ $# -eq 0 ] || printf '%s\n' "$@" | sed 's/^/#   /'
}
# skip DESC REASON
skip() { tap_line "ok - $1 # SKIP $2"; }
# check DESC CONDITION-COMMAND...: pass if the command succeeds.
check() {
	local desc=$1
	shift
	if "$@"; then pass "$desc"; else fail "$desc" "command failed: $*"; fi
}
# ok_if STATUS DESC: pass when STATUS is 0.
ok_if() { if [ "$1" -eq 0 ]; then pass "$2"; else fail "$2"; fi; }

TAP_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# run_file NAME CMD...: run one test file; its results out, checked against
# its plan, and a non-zero exit status is a failure too.
run_file() {
	local name=$1 rc
	shift
	"$@" | awk -v file="$name" -f "$TAP_LIB/plan.awk"
	rc=${PIPESTATUS[0]}
	[ "$rc" -eq 0 ] || echo "not ok - $name exited with status $rc"
}

# tap_summary TAPFILE: the skipped tests with their reasons, then the last
# line, exactly "N passed, N failed" (CI reads it); a skip is neither.
# Returns non-zero on a failure or when nothing passed.
tap_summary() {
	local passed failed skipped
	passed=$(grep '^ok ' "$1" | grep -vc ' # SKIP ')
	failed=$(grep -c '^not ok ' "$1")
	skipped=$(grep '^ok ' "$1" | grep -c ' # SKIP ')
	echo "# $skipped skipped"
	grep '^ok ' "$1" | grep ' # SKIP ' |
		sed -E 's/^ok [0-9]* *- (.*) # SKIP (.*)$/#   skip: \1: \2/'
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}
