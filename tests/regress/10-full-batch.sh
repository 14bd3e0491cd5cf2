#!/bin/bash
# The cover letter's bug (patches/experiments/full-batch.patch) is reported
# more aggressive than the series, for the superblock shrinkers and the
# test cache, under pressure on node 1.
. "$(dirname "$0")/lib.sh"
FILES=${FILES:-8000} OBJECTS=${OBJECTS:-8000} regress full-batch series full-batch numa-pressure 1
if [ "$rc" -ne 1 ] || [ ! -s "$dir/compare.json" ]; then
	echo "not ok - compare series vs full-batch exits 1 (changed): exit $rc, see $OUTDIR/full-batch.log"
	exit 0
fi
echo "ok - compare series vs full-batch exits 1 (changed)"
for pair in 'superblock (sb-ext4):sb-ext4[^"]*' 'test cache:shrinkscope-testcache'; do
	label=${pair%%:*} s=${pair#*:}
	r=$(rows "$s" scanned_per_asked)
	more=$(grep -c ' more aggressive ' <<<"$r")
	less=$(grep -c ' less aggressive ' <<<"$r")
	ratio=$(awk '$NF + 0 > 0 && $(NF - 1) + 0 > 0 {printf "%s%.1fx (node %s)", sep, $NF / $(NF - 1), $1; sep = ", "}' \
		<<<"$(sed -E 's/^([0-9]+) (more aggressive|less aggressive|unchanged|n\/a) /\1 /' <<<"$r")")
	if [ "$more" -ge 1 ] && [ "$less" -eq 0 ]; then
		echo "ok - full-batch is more aggressive for the $label shrinker: scanned/asked $ratio the series'"
	else
		echo "not ok - full-batch is reported more aggressive for the $label shrinker ($r)"
	fi
done
