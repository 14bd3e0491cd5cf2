#!/bin/bash
# The cover letter's bug (patches/experiments/full-batch.patch) is reported
# more aggressive than the series, for the superblock shrinkers and the
# test cache, under pressure on node 1. The figure is scanned per object
# asked: do_shrink_slab() never scans more than it computed (at most 1 on
# series), the bug asks for a whole batch whenever any work is due (above
# 1). A change of that kind, not noise, is what must be reported: series
# at most 1, full-batch above 1 and at least twice the series.
. "$(dirname "$0")/lib.sh"
plan 3
runs=${REGRESS_RUNS:-1}
FILES=${FILES:-8000} OBJECTS=${OBJECTS:-8000} regress full-batch series full-batch numa-pressure "$runs"
if [ "$rc" -ne 1 ] || [ ! -s "$dir/compare.json" ]; then
	echo "not ok - compare series vs full-batch exits 1 (changed): exit $rc, see $OUTDIR/full-batch.log"
	exit 0
fi
echo "ok - compare series vs full-batch ($runs + $runs runs) exits 1 (changed)"
# judge SHRINKER_RE: "ok"/"bad" then the node-by-node ratios
judge() {
	rows "$1" scanned_per_asked | awk -F'\t' '
		{ node = $1; verdict = $2; b = $3 + 0; c = $4 + 0
		  good = verdict == "more aggressive" && b <= 1 && c > 1 && (b == 0 || c / b >= 2)
		  if (!good) bad++
		  out = out sep (b > 0 ? sprintf("%.1fx", c / b) : "from 0") " (node " node ", " sprintf("%.2f", b) " -> " sprintf("%.2f", c) ")"
		  sep = ", "; n++ }
		END { print (n > 0 && !bad ? "ok" : "bad"), out }'
}
for pair in 'superblock sb-ext4:sb-ext4.*' 'test cache:shrinkscope-testcache'; do
	label=${pair%%:*} re=${pair#*:}
	read -r verdict ratios <<<"$(judge "$re")"
	if [ "$verdict" = ok ]; then
		echo "ok - full-batch is more aggressive for the $label shrinker: scanned/asked $ratios"
	else
		echo "not ok - full-batch is more aggressive for the $label shrinker (series <= 1, full-batch > 1 and >= 2x): ${ratios:-no rows}"
	fi
done
# the other superblock shrinkers, for the record: not every run reclaims them
for s in sb-proc sb-sysfs sb-tmpfs sb-cgroup2 sb-devtmpfs; do
	r=$(judge "$s.*" | cut -d' ' -f2-)
	[ -n "$r" ] && echo "#   also $s, scanned/asked: $r"
done
exit 0
