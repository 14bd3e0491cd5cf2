#!/usr/bin/env bash
# regress.sh BASE CAND SCENARIO RUNS [THRESHOLD]: boot each kernel variant
# (KERNEL/VARIANT for a kernel other than $KERNEL: 6.1/base against 6.12/base),
# run the scenario RUNS times on each (interleaved, one boot per run: the
# boot-to-boot spread is part of the noise a verdict must survive), and
# compare the traces with the analyser: a verdict per shrinker and node with
# its confidence, plots, a report to mail, and the analyser's exit status
# (0 unchanged, 1 changed, 3 inconclusive, 2 error; a verdict needs RUNS >= 3).
# Results: results/<ts>-regress-*/ (compare.txt, .json, .mail, plots/).
# Scenario parameters come from the environment as for make run;
# SHRINKERS=REGEX compares only the shrinkers whose names match.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# 1 and 3 are verdicts: any error, ours or a failed command's, exits 2 so
# that a run that never finished is not read as "changed".
die() { printf '[shrinkscope] error: %s\n' "$*" >&2; exit 2; }
trap 'exit 2' ERR
base=${1:?usage: regress.sh BASE CAND SCENARIO RUNS [THRESHOLD]}
cand=${2:?usage} scenario=${3:?usage} runs=${4:?usage} threshold=${5:-10}
[ "$runs" -ge 1 ] 2>/dev/null || die "RUNS must be a number from 1"
results=${RESULTS:-$TOP/results}
# a variant may name its kernel (6.12/base): the folder's name says it with -
out=$results/$(date +%Y%m%d-%H%M%S)-regress-${base//\//-}-vs-${cand//\//-}-$scenario
mkdir -p "$out"
make -s -C "$TOP/analysis" >/dev/null
make -s -C "$TOP/bpf/tools" >/dev/null
for v in $(printf '%s\n' "$base" "$cand" | sort -u); do
	"$TOP/vm/kernel-build.sh" "$v"
	"$TOP/vm/module-build.sh" "$v"
done
# Interleave the variants so that a drift of the machine hits both sides.
# A TCG guest keeps about one host core busy, so run i of base and run i of
# the candidate boot side by side (REGRESS_JOBS=1: one after the other).
# Paired, whatever else loads the machine weighs on both sides alike.
jobs=${REGRESS_JOBS:-2}
[ "$jobs" = 1 ] || [ "$jobs" = 2 ] || die "REGRESS_JOBS must be 1 or 2"
run_side() {
	local i=$1 side=$2 v=$base
	[ "$side" = cand ] && v=$cand
	say "run $i of $runs: $scenario on $v ($side)"
	RESULTS=$out/$side "$TOP/vm/run-scenario.sh" -k "$v" -r "$out/$side" "$scenario" >/dev/null ||
		die "run $i of $scenario on $v failed (see $out/$side)"
}
for ((i = 1; i <= runs; i++)); do
	if [ "$jobs" = 1 ]; then
		run_side "$i" base
		run_side "$i" cand
		continue
	fi
	run_side "$i" base &
	b=$!
	run_side "$i" cand &
	c=$!
	ok=1
	wait "$b" || ok=0
	wait "$c" || ok=0
	[ "$ok" = 1 ] || die "run $i of $scenario failed"
done
# What the mail says was run: the variants' patches, the scenario's
# parameters as given, and the command that does it all again.
params=
for p in $(sed -n 's/^#   \([A-Z][A-Z_0-9]*\) .*/\1/p' "$TOP/vm/guest/scenarios/$scenario.sh"); do
	[ -n "${!p:-}" ] && params+=" $p=${!p}"
done
describe() {
	local t n
	t=$("$TOP/vm/kernel-path.sh" "$1")
	n=$(git -C "$t" rev-list --count pristine..HEAD 2>/dev/null || echo '?')
	# in a subshell: split_variant sets KERNEL for its caller
	(split_variant "$1" && echo "$1 ($n patches on Debian's linux-source-$KERNEL $(kernel_version))")
}
only=()
[ -n "${SHRINKERS:-}" ] && only=(--shrinker "$SHRINKERS")
args=(--threshold "$threshold" "${only[@]}" --base-name "$(describe "$base")"
	--cand-name "$(describe "$cand")" --scenario "$scenario$params"
	--reproduce "${params# }${params:+ }${SHRINKERS:+SHRINKERS='$SHRINKERS' }make regress BASE=$base CAND=$cand SCENARIO=$scenario RUNS=$runs THRESHOLD=$threshold")
rc=0
"$TOP/analysis/shrinkscope-report" compare "${args[@]}" --plot "$out/plots" \
	-o "$out/compare.txt" --base "$out"/base/*/trace.dat --cand "$out"/cand/*/trace.dat || rc=$?
[ "$rc" -ne 2 ] || die "the analyser could not compare the runs (exit $rc)"
# the same compare as JSON and as mail: their exits must agree
for fmt in json mail; do
	frc=0
	"$TOP/analysis/shrinkscope-report" compare "${args[@]}" --format=$fmt \
		-o "$out/compare.$fmt" --base "$out"/base/*/trace.dat --cand "$out"/cand/*/trace.dat || frc=$?
	[ "$frc" -eq "$rc" ] || die "the $fmt compare exited $frc, the text one $rc"
done
echo "$rc" >"$out/status"
# OOM kills per side (each run's oom-kills, from /proc/vmstat): a run with
# a kill ran a shorter workload, and sides that differ in them did not run
# the same experiment. Said after the compare, in its text and its mail.
oom_side() {
	local f k n=0 runs=0 kills=0
	for f in "$out/$1"/*/; do
		runs=$((runs + 1))
		k=$(cat "$f/oom-kills" 2>/dev/null) || { echo "unknown"; return; }
		kills=$((kills + k))
		[ "$k" -eq 0 ] || n=$((n + 1))
	done
	echo "$n of $runs runs, $kills kills"
}
ob=$(oom_side base) oc=$(oom_side cand)
oom="OOM kills during the recordings (/proc/vmstat oom_kill): base $ob; candidate $oc."
[ "${ob%% *}" = "${oc%% *}" ] ||
	oom+=" The sides differ: past a kill they did not run the same workload, and the figures above compare different experiments."
echo "$oom" >"$out/oom.txt"
for f in compare.txt compare.mail; do
	printf '\n%s\n' "$oom" | fold -s -w 76 | sed 's/ *$//' >>"$out/$f"
done
cat "$out/compare.txt"
case $rc in
0) verdict=unchanged ;; 1) verdict=CHANGED ;; *) verdict="inconclusive (some rows need more runs)" ;;
esac
say "$base vs $cand on $scenario x $runs: $verdict; results in $out (report to mail: compare.mail)"
# a side with a kill, or whose kills are unknown, is worth a warning
if [ "${ob%% *}" != 0 ] || [ "${oc%% *}" != 0 ]; then say "warning: $oom"; fi
exit "$rc"
