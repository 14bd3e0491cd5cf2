#!/bin/bash
# Host unit test: vm/kswapd-passes.awk counts kswapd's passes from
# trace-cmd report text (per kswapd, the big superblock only, kswapd's
# calls only), and vm/ranksum.awk gives the textbook exact p.
top=$(cd "$(dirname "$0")/../.." && pwd)
echo "1..9"
want="passes 4 ended12 2 direct 2"
got=$(awk -f "$top/vm/kswapd-passes.awk" "$top/tests/host/fixtures/kswapd-passes.txt")
# the fixture: kswapd0 and kswapd1 each go deeper once, interleaved;
# kswapd1 then ends a pass at 12 and starts one more; a small superblock
# at 11 and a direct reclaimer's call at 12 count for nothing
if [ "$got" = "$want" ]; then
	echo "ok - kswapd passes of the fixture: $got"
else
	echo "not ok - kswapd passes of the fixture: $want (got: $got)"
fi
# two superblocks of 1 000 objects or more: one pass at 12 (both called),
# a second pass going deeper, a third at 12 again: three passes, not six
two="$(printf '      kswapd0-34 [000] 1.%d: mm_shrink_slab_start: super_cache_scan+0x0 0xffff8880%s: nid: 0 objects to shrink 0 gfp_flags GFP_KERNEL cache items 5000 delta 8 total_scan 8 priority %d\n' \
	1 aaaa0000 12 2 bbbb0000 12 3 aaaa0000 12 4 bbbb0000 12 5 aaaa0000 11 6 bbbb0000 11 \
	7 aaaa0000 12 8 bbbb0000 12)"
got=$(printf '%s\n' "$two" | awk -f "$top/vm/kswapd-passes.awk")
if [ "$got" = "passes 3 ended12 2 direct 0" ]; then
	echo "ok - two big superblocks count each pass once: $got"
else
	echo "not ok - two big superblocks count each pass once: passes 3 ended12 2 direct 0 (got: $got)"
fi
# ranksum CASE WANT LINE1 LINE2: p as the exact distribution gives it
ranksum() {
	local got
	got=$(printf '%s\n%s\n' "$3" "$4" | awk -f "$top/vm/ranksum.awk" | sed 's/.*p = \([0-9.]*\) .*/\1/')
	if [ "$got" = "$2" ]; then
		echo "ok - rank-sum p, $1: $got"
	else
		echo "not ok - rank-sum p, $1: $2 (got: $got)"
	fi
}
ranksum "5 and 5 fully separated (2 of 252)" 0.0079 "a: 1 2 3 4 5" "b: 6 7 8 9 10"
ranksum "5 and 5, one pair swapped (4 of 252)" 0.0159 "a: 1 2 3 4 6" "b: 5 7 8 9 10"
ranksum "3 and 3 fully separated, the other way round (2 of 20)" 0.1000 "a: 9 8 7" "b: 3 2 1"
ranksum "ties across the samples, midranks (4 of 20)" 0.2000 "a: 1 1 2" "b: 2 3 3"
ranksum "all tied" 1.0000 "a: 4 4 4" "b: 4 4 4"
if printf 'a: 1 2\n' | awk -f "$top/vm/ranksum.awk" >/dev/null 2>&1; then
	echo "not ok - ranksum.awk refuses one sample"
else
	echo "ok - ranksum.awk refuses one sample"
fi
empty=$(mktemp -d)
if msg=$("$top/vm/kswapd-passes.sh" "$empty" 2>&1); then
	echo "not ok - kswapd-passes.sh fails on a directory without runs"
else
	echo "ok - kswapd-passes.sh fails on a directory without runs: $msg"
fi
rmdir "$empty"
