# kswapd-oracle.awk: the oracle of the analyser's kswapd passes
# (analysis/src/agg_kswapd.c), from `trace-cmd report` text of one run,
# with none of its code (tests/host/12). Every pass of
# balance_pgdat() over a node starts at priority 12 and calls each
# shrinker once per priority until the node is balanced; a superblock
# with 1 000 objects or more (super_cache_scan) marks the priorities. A
# pass begins at a kswapd's first such call at 12 after a lower priority,
# or when the superblock that began its pass is called at 12 again (the
# scenarios fill one such filesystem; a second one's call at the same
# priority is the same pass). A pass "ended at 12" when that kswapd's next
# such call is not at a lower priority. Prints "passes N ended12 M direct
# W": W the direct reclaim windows (mm_vmscan_direct_reclaim_begin).
function field(name,   v) {
	if (!match($0, name " [0-9]+"))
		return -1
	v = substr($0, RSTART, RLENGTH)
	sub(/.* /, "", v)
	return v + 0
}
/mm_vmscan_direct_reclaim_begin:/ { direct++ }
$1 ~ /^kswapd[0-9]*-[0-9]+$/ && /mm_shrink_slab_start: super_cache_scan/ {
	if (field("cache items") < 1000)
		next
	p = field("priority")
	if (p < 0)
		next
	task = $1
	match($0, /super_cache_scan[^ ]* 0x[0-9a-f]+/)
	sb = substr($0, RSTART, RLENGTH)
	if (p == 12) {
		if (!open12[task] || sb == first[task]) {
			passes++
			first[task] = sb
		}
		open12[task] = 1
	} else if (open12[task] && p < 12) {
		open12[task] = 0
		deeper++
	}
}
END { printf "passes %d ended12 %d direct %d\n", passes, passes - deeper, direct }
