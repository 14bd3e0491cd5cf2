#!/bin/bash
# Detection: the cover letter's bug (patches/experiments/full-batch.patch)
# is reported more aggressive than the series, on the shrinkers and the node
# it hits, under pressure on node 1. The figure is scanned per object asked:
# do_shrink_slab() never scans more than it computed (at most 1 on series),
# the bug asks for a whole batch whenever any work is due (above 1). The
# verdict comes with its confidence: the superblock row must be "more
# aggressive" (p under 0.05, corrected over every row of the compare),
# series at most 1, full-batch above 1 and at least twice the series. The
# test cache's row is as clear in its means but its full-batch runs spread
# 4.7..20.5 scanned per asked (2026-12-04): at 4 runs a side it may come
# out inconclusive, never unchanged or less; from 5 runs (make
# regress-tests RUNS=5) it must be "more aggressive" too.
# At least 4 runs a side: at 3, with the Benjamini-Hochberg adjustment
# over every row of the compare, the superblock row came out at p 0.056 in CI
# (0.43 -> 87 scanned per asked, interval 8.7..2133 times series) and
# p 0.005, 0.04 and 0.09 before: 3 runs cannot tell this change reliably.
. "$(dirname "$0")/lib.sh"
plan 4
runs=${REGRESS_RUNS:-4}
[ "$runs" -ge 4 ] || runs=4
# One guest at a time, as the thresholds above were set: numa-pressure's
# reclaim depends on timing, and with series and full-batch booted side by
# side (and the machine otherwise busy) the superblock row once came out
# inconclusive (p 0.09, its interval 6..6141 times series) at 3 runs.
export REGRESS_JOBS=1
FILES=${FILES:-8000} OBJECTS=${OBJECTS:-8000} regress full-batch series full-batch numa-pressure "$runs"
if [ "$rc" -ne 1 ] || [ ! -s "$dir/compare.json" ]; then
	echo "not ok - compare series vs full-batch ($runs + $runs runs) exits 1 (changed): exit $rc, see $OUTDIR/full-batch.log"
	exit 0
fi
echo "ok - compare series vs full-batch ($runs + $runs runs) exits 1 (changed)"
# judge SHRINKER_RE NODE [ALSO-OK-VERDICT]: "ok"/"bad", ratio, interval, p
judge() {
	rows "$1" scanned_per_asked | awk -F'\t' -v node="$2" -v also="${3:-}" '
		$2 == node { n++; b = $5 + 0; c = $6 + 0
		  good = ($4 == "more aggressive" || $4 == also) && b <= 1 && c > 1 && (b == 0 || c / b >= 2)
		  if (!good) bad++
		  out = sprintf("%s, %.2f -> %.2f, ratio in [%s, %s], p %s", $4, b, c, $7, $8, $9) }
		END { print (n == 1 && !bad ? "ok" : "bad"), out }'
}
tc_also=inconclusive
[ "$runs" -ge 5 ] && tc_also=
for pair in 'superblock:sb-ext4.*:' "test cache:shrinkscope-testcache:$tc_also"; do
	label=${pair%%:*} rest=${pair#*:}
	re=${rest%%:*} also=${rest#*:}
	read -r verdict detail <<<"$(judge "$re" 1 "$also")"
	if [ "$verdict" = ok ]; then
		echo "ok - full-batch is more aggressive for the $label shrinker on node 1 (scanned/asked): $detail"
	else
		echo "not ok - full-batch is more aggressive for the $label shrinker on node 1 (series <= 1, full-batch > 1 and >= 2x, p < 0.05${also:+, or $also}): ${detail:-no row}"
	fi
done
# OOM kills: numa-pressure at these sizes ended in one on node 1 in most
# runs while its hog counted all of the node's caches; sized against what
# the fill added, none in 8 runs (2026-12-05). Either way, each run's count (the kernel's /proc/vmstat
# oom_kill) must be the OOM killer's own console lines, and the compare must
# report the sides' totals.
oom_ok=1 oom_detail=
declare -A tot=([base]=0 [cand]=0)
for side in base cand; do
	for r in "$dir/$side"/*/; do
		k=$(cat "$r/oom-kills" 2>/dev/null)
		c=$(grep -cE '[Oo]ut of memory: Killed process' "$r/console.log")
		[ -n "$k" ] && [ "$k" = "$c" ] || oom_ok=0
		oom_detail+=" ${k:-none}/$c"
		tot[$side]=$((tot[$side] + c))
	done
done
tot_b=${tot[base]} tot_c=${tot[cand]}
grep -q "base .* runs, $tot_b kills; candidate .* runs, $tot_c kills" "$dir/oom.txt" || oom_ok=0
if [ "$oom_ok" = 1 ] && grep -qF "$(head -c 40 "$dir/oom.txt")" "$dir/compare.mail"; then
	echo "ok - OOM kills of each run (vmstat/console:$oom_detail) and in the compare's text and mail ($tot_b base, $tot_c candidate)"
else
	echo "not ok - OOM kills of each run are the console's and the compare reports them (vmstat/console:$oom_detail; $(cat "$dir/oom.txt" 2>/dev/null))"
fi
# the pressure was on node 1: a finding on node 0 is named, for the record
rows '.*' | awk -F'\t' '$2 == 0 && $4 ~ /aggressive/ { printf "#   node 0: %s %s %s\n", $1, $3, $4 }'
for s in sb-proc sb-sysfs sb-tmpfs sb-cgroup2 sb-devtmpfs; do
	r=$(judge "$s" 1 | cut -d' ' -f2-)
	[ -n "$r" ] && echo "#   also $s node 1, scanned/asked: $r"
done
exit 0
