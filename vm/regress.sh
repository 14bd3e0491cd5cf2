#!/usr/bin/env bash
# regress.sh BASE CAND SCENARIO RUNS [THRESHOLD]: boot each kernel variant,
# run the scenario RUNS times on each, and compare the traces with the
# analyser: a verdict per shrinker and node, plots, and the analyser's exit
# status (0 unchanged, 1 changed, 2 error). Results: results/<ts>-regress-*/.
# Scenario parameters come from the environment as for make run;
# SHRINKERS=REGEX compares only the shrinkers whose names match.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
base=${1:?usage: regress.sh BASE CAND SCENARIO RUNS [THRESHOLD]}
cand=${2:?usage} scenario=${3:?usage} runs=${4:?usage} threshold=${5:-10}
[ "$runs" -ge 1 ] 2>/dev/null || die "RUNS must be a number from 1"
results=${RESULTS:-$TOP/results}
out=$results/$(date +%Y%m%d-%H%M%S)-regress-$base-vs-$cand-$scenario
mkdir -p "$out"
make -s -C "$TOP/analysis" >/dev/null
make -s -C "$TOP/bpf/tools" >/dev/null
for v in $(printf '%s\n' "$base" "$cand" | sort -u); do
	"$TOP/vm/kernel-build.sh" "$v"
	"$TOP/vm/module-build.sh" "$v"
done
# Interleave the variants so that a drift of the machine hits both sides.
for ((i = 1; i <= runs; i++)); do
	for side in base cand; do
		v=$base
		[ "$side" = cand ] && v=$cand
		say "run $i of $runs: $scenario on $v"
		RESULTS=$out/$side "$TOP/vm/run-scenario.sh" -k "$v" -r "$out/$side" "$scenario" >/dev/null ||
			die "run $i of $scenario on $v failed (see $out/$side)"
	done
done
only=()
[ -n "${SHRINKERS:-}" ] && only=(--shrinker "$SHRINKERS")
rc=0
"$TOP/analysis/shrinkscope-report" compare --threshold "$threshold" "${only[@]}" --plot "$out/plots" \
	-o "$out/compare.txt" --base "$out"/base/*/trace.dat --cand "$out"/cand/*/trace.dat || rc=$?
[ "$rc" -le 1 ] || die "the analyser could not compare the runs (exit $rc)"
# the same compare as JSON: its exit must agree with the text one
jrc=0
"$TOP/analysis/shrinkscope-report" compare --threshold "$threshold" "${only[@]}" --json \
	-o "$out/compare.json" --base "$out"/base/*/trace.dat --cand "$out"/cand/*/trace.dat || jrc=$?
[ "$jrc" -eq "$rc" ] || die "the JSON compare exited $jrc, the text one $rc"
cat "$out/compare.txt"
say "$base vs $cand on $scenario x $runs: $([ $rc -eq 0 ] && echo unchanged || echo changed); results in $out"
exit "$rc"
