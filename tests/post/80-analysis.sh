#!/bin/bash
# The analyser on a trace recorded in the guest, against the test cache's
# own counters of the same run (written by tests/guest/80-bpf.sh).
out=${1:?usage: 80-analysis.sh OUTDIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
report=$top/analysis/shrinkscope-report
echo "1..2"
read -r ino m0 m1 <"$out/testcache-freed.txt" 2>/dev/null ||
	{ echo "not ok - guest wrote testcache-freed.txt"; exit 0; }
make -s -C "$top/analysis" >/dev/null 2>&1 || { echo "not ok - analysis builds"; exit 0; }
json=$("$report" report --json "$out/testcache-drop.dat" 2>&1) ||
	{ echo "not ok - analyser reads the guest's testcache-drop.dat: $json"; exit 0; }
for nid in 0 1; do
	m=$m0
	[ $nid -eq 1 ] && m=$m1
	a=$(grep -o "{\"shrinker\": \"shrinkscope-testcache\"[^}]*\"node\": $nid, \"memcg\": $ino, [^}]*}" <<<"$json" |
		sed 's/.*"freed": \([0-9]*\).*/\1/')
	if [ -n "$m" ] && [ "$m" -gt 0 ] && [ "$a" = "$m" ]; then
		echo "ok - analyser: test cache freed $a on node $nid in memcg $ino = the module's own count"
	else
		echo "not ok - analyser agrees with the test cache's count on node $nid: analyser ${a:-none}, module ${m:-none}"
	fi
done
