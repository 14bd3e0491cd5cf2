#!/bin/bash
# Host side of tests/guest/20-shrink-events.sh: `trace-cmd report` on the host
# must show the superblock shrinker freeing, on every node the guest filled,
# at least one dentry and one inode per file created.
out=${1:?usage: 20-shrink-events.sh OUTDIR}
dat=$out/drop.dat
# the nodes the host gave the guest (vm/qemu-run.sh), not what it reported
nodes=$(cat "$out/nodes" 2>/dev/null)
echo "1..$((2 + 2 * ${nodes:-0}))"
[ -n "$nodes" ] || { echo "not ok - the guest's node count (nodes) is in $out"; exit 0; }
read -r files _ 2>/dev/null <"$out/lab-files" || { echo "not ok - lab-files missing from the guest run"; exit 0; }
if ! trace-cmd report -i "$dat" >"$out/drop.report" 2>"$out/drop.report.err"; then
	echo "not ok - trace-cmd report reads the guest's drop.dat on the host"
	sed 's/^/#   /' "$out/drop.report.err" | head
	exit 0
fi
echo "ok - trace-cmd report reads the guest's drop.dat on the host"
if grep -q 'FAILED TO PARSE' "$out/drop.report"; then
	echo "not ok - every vmscan event parses on the host"
else
	echo "ok - every vmscan event parses on the host"
fi
# mm_shrink_slab_end: "super_cache_scan+0x0/0x... 0x...: nid: N unused scan count
# A new scan count B total_scan C last shrinker return val FREED [memcg ...]"
awk -v files="$files" -v nodes="$nodes" '
/mm_shrink_slab_end:/ && /super_cache_scan/ {
	for (i = 1; i <= NF; i++) {
		if ($i == "nid:") nid = $(i + 1)
		if ($i == "val") val = $(i + 1)
	}
	freed[nid] += val
}
END {
	for (n = 0; n < nodes; n++) {
		# 95%: the debug kernel'\''s SLUB serves some from the CPU'\''s node
		if (freed[n] * 100 >= 2 * files * 95)
			printf "ok - superblock shrinkers freed %d objects on node %d (>= 95%% of 2 x %d files)\n", freed[n], n, files
		else
			printf "not ok - superblock shrinkers free >= 95%% of 2 x %d objects on node %d: saw %d\n", files, n, freed[n]
	}
}' "$out/drop.report"
# the bpftrace count the guest asserted is in the copy that reached the host
bt=$out/bpftrace-nid.out
for ((n = 0; n < nodes; n++)); do
	c=$(sed -n "s/^@freed_events\[$n\]: \([0-9]*\)$/\1/p" "$bt" 2>/dev/null)
	if [ "${c:-0}" -gt 0 ]; then
		echo "ok - bpftrace's count reached the host: $c mm_shrink_slab_end events on node $n"
	else
		echo "not ok - bpftrace's per-node count reached the host (node $n)"
	fi
done
