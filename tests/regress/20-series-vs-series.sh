#!/bin/bash
# A/A: the series against itself, every row of every shrinker (no filter).
# compare controls the family-wise chance of any false "changed" row at
# 5% (Holm), so more than one is a failure of the method, not bad luck:
# at most 1 changed row is allowed, and the count is printed. The same run
# must also be able to say "unchanged" (a compare that only ever says
# inconclusive would pass the first check): the test cache frees exactly
# OBJECTS per node on every drop, so its objects per run are unchanged.
# make regress-tests RUNS=5 adds a second scenario, memcg-reclaim.
. "$(dirname "$0")/lib.sh"
runs=${REGRESS_RUNS:-3}
plan $((2 + (runs >= 5)))	# A/A, the test cache's row, the memcg A/A
aa() { # aa NAME SCENARIO: one A/A compare, its checks
	local name=$1 scen=$2 changed tested
	regress "$name" series series "$scen" "$runs"
	if [ "$rc" -eq 2 ] || [ ! -s "$dir/compare.json" ]; then
		echo "not ok - A/A series vs series on $scen ($runs + $runs runs): compare failed (exit $rc, see $OUTDIR/$name.log)"
		return 1
	fi
	changed=$(rows | awk -F'\t' '$4 ~ /aggressive/' | wc -l)
	tested=$(rows | awk -F'\t' '$4 == "unchanged" || $4 ~ /aggressive/ || $4 == "inconclusive"' | wc -l)
	if [ "$changed" -le 1 ] && [ "$tested" -gt 0 ]; then
		echo "ok - A/A series vs series on $scen ($runs + $runs runs): $changed of $tested rows tested called changed (at most 1 allowed at 5% family-wise), exit $rc"
	else
		echo "not ok - A/A series vs series on $scen ($runs + $runs runs): $changed of $tested rows tested called changed, at most 1 allowed"
		rows | awk -F'\t' '$4 ~ /aggressive/ { print "#   " $0 }'
	fi
}
FILES=${FILES:-5000} OBJECTS=${OBJECTS:-5000} aa self drop-caches
if [ "$rc" -eq 2 ]; then
	echo "not ok - A/A: the test cache's objects freed per run are unchanged: compare failed"
else
	tc=$(rows 'shrinkscope-testcache' freed_per_run)
	if [ -n "$tc" ] && ! awk -F'\t' '$4 != "unchanged" { bad = 1 } END { exit bad }' <<<"$tc"; then
		echo "not ok - A/A: the test cache's objects freed per run (exactly OBJECTS per node) are unchanged: $(tr '\t\n' ' ;' <<<"$tc")"
	elif [ -n "$tc" ]; then
		echo "ok - A/A: the test cache's objects freed per run are unchanged on every node ($(awk -F'\t' '{ printf "%s%s", sep, $5; sep = ", " }' <<<"$tc"))"
	else
		echo "not ok - A/A: the test cache's objects freed per run are unchanged: no such row"
	fi
fi
if [ "$runs" -ge 5 ]; then
	FILES=${FILES:-3000} OBJECTS=${OBJECTS:-3000} aa self-memcg memcg-reclaim
fi
exit 0
