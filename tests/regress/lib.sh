# Helpers for the regression-report tests (sourced): run vm/regress.sh into
# the test's results folder and read the analyser's compare.json through a
# JSON parser (tests/lib/jq.sh). Each test declares its plan (tests/lib/tap.sh).
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$TOP/tests/lib/tap.sh"
OUTDIR=${1:?usage: TEST OUTDIR}
mkdir -p "$OUTDIR"
jq() { "$TOP/tests/lib/jq.sh" "$@"; }

# regress NAME BASE CAND SCENARIO RUNS: sets $dir and $rc.
# Progress goes to stderr: each run is minutes of guest time.
regress() {
	local log=$OUTDIR/$1.log start=$SECONDS
	rc=0
	echo "[shrinkscope] regress $1: $2 vs $3, $4 x $5 runs each ... (log: $log)" >&2
	RESULTS=$OUTDIR/$1 "$TOP/vm/regress.sh" "$2" "$3" "$4" "$5" >"$log" 2>&1 || rc=$?
	echo "[shrinkscope] regress $1: exit $rc in $((SECONDS - start))s" >&2
	dir=$(ls -d "$OUTDIR/$1"/*-regress-* 2>/dev/null | tail -n1)
}

# rows [SHRINKER_RE [METRIC]]: the compare rows of $dir as tab-separated
# "shrinker node metric verdict base_mean cand_mean ratio_lo ratio_hi p",
# null as "-", of the shrinkers whose names fully match SHRINKER_RE.
rows() {
	jq --null=- "$dir/compare.json" compare \
		shrinker,node,metric,verdict,base_mean,cand_mean,ratio_lo,ratio_hi,p \
		${1:+"shrinker~$1"} ${2:+"metric=$2"}
}

# on_base NAME CMD...: build the base kernel if needed and run CMD (a path
# in the checkout) in a base guest; results in $OUTDIR/NAME, its log in
# $OUTDIR/NAME.log; the status is qemu-run.sh's.
on_base() {
	local name=$1
	shift
	"$TOP/vm/kernel-build.sh" base >/dev/null 2>&1
	"$TOP/vm/qemu-run.sh" -k base -o "$OUTDIR/$name" -- "$@" >"$OUTDIR/$name.log" 2>&1
}
