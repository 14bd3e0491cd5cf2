#!/bin/bash
# Exact costs on the shrink path, asserted: guest instructions of each call
# of do_shrink_slab(), the list_lru walk (__list_lru_walk_one()) and
# vmpressure(), each counted without its callees (the shrinker's callbacks,
# the isolate callback, the lock: their cost is not the series'), and of
# vmpressure's work item with them, on base and on series with every event
# off (vm/insns.sh VARIANT off DIR shrink). Calls of one shape (the same
# number of callees) take the same path and cost the same from boot to
# boot, so paths are compared exactly, shape against shape. The test
# cache's own count of its scan calls says the workload ran.
#
# The limits are what the series costs today with its events off, measured
# (the same in two boots each) and explained in NOTES.md ("Exact costs"),
# so that any work added outside trace_*_enabled() fails here. Each is
# argued in its patch's commit message:
#   do_shrink_slab, early return   +1: the memcg_reclaim argument the series
#                                  added, spilled to the stack on entry
#   do_shrink_slab, no batch       +6 (base 121, series 127): that argument
#                                  moved once more and the end site's
#                                  arguments kept for it. The shape holds
#                                  two frequent paths 2 apart in both
#                                  kernels (base 119/121, series 125/127)
#                                  and which one is the mode varies from
#                                  boot to boot: +8 at worst between modes
#   do_shrink_slab, one batch      +23 and one callee: the batch site's
#                                  nop and lockdep's RCU check, which every
#                                  tracepoint site not behind
#                                  trace_*_enabled() runs when disabled in
#                                  this lab's lockdep kernels (a call of
#                                  rcu_is_watching() and 10 instructions
#                                  around it; none without CONFIG_LOCKDEP)
#   walk of an empty sublist       +10: the budget, three status counters
#                                  zeroed, the guarded walk site
#   walk of 128 items              +272: 2 an item, the list_lru_isolate
#                                  site's nop and its callback's answer
#                                  kept in a register for it (+530 while
#                                  the walk counted every status, 4 an item)
#   vmpressure()                   +0
#   vmpressure's work item         +28 with no listener registered (base
#                                  3371, series 3399): a list test per memcg
#                                  up the tree. +2532 while 0007 took the
#                                  global listeners mutex for each of them
#                                  (lockdep's mutex bookkeeping included).
. "$(dirname "$0")/lib.sh"
plan 11
iters=${INSNS_ITERS:-200}
export INSNS_ITERS=$iters
out=$OUTDIR/insns-shrink

count() {
	"$TOP/vm/kernel-build.sh" "$1" >&2 && "$TOP/vm/module-build.sh" "$1" >&2 &&
		"$TOP/vm/insns.sh" "$1" "$2" "$out/$1-$2" shrink >"$out-$1-$2.log" 2>&1
}
make -s -C "$TOP/vm/plugin" >&2
count base off &
count series off
wait

. "$TOP/vm/fncost-read.sh"
# shapes RUN FN: FN's callee counts, the most frequent first
shapes() { fncost_shapes "$out/$1/fncost.txt" "$2"; }
# shape RUN FN K [min]: "calls mode" of FN's calls with K callees ("calls
# min" with min: the shortest path of the shape)
shape() {
	local n
	n=$(fncost_value "$out/$1/fncost.txt" "$2" calls "$3")
	[ -z "$n" ] || echo "$n $(fncost_value "$out/$1/fncost.txt" "$2" "${4:-mode}" "$3")"
}
# whole RUN FN: "calls mode" of all of FN's calls
whole() {
	local n
	n=$(fncost_value "$out/$1/fncost.txt" "$2" calls)
	[ -z "$n" ] || echo "$n $(fncost_value "$out/$1/fncost.txt" "$2" mode)"
}
# compare WHAT FN BASE_K SERIES_K LIMIT [min]: series' mode (or min) at
# SERIES_K callees at most LIMIT above base's at BASE_K, both shapes taken
# often enough to be the workload's (a quarter of its iterations)
compare() {
	local what=$1 f=$2 bk=$3 sk=$4 limit=$5 col=${6:-mode} bn bm sn sm
	read -r bn bm < <(shape base-off "$f" "$bk" "$col")
	read -r sn sm < <(shape series-off "$f" "$sk" "$col")
	if [ "${bn:-0}" -ge $((iters / 4)) ] && [ "${sn:-0}" -ge $((iters / 4)) ] &&
	   [ $((sm - bm)) -le "$limit" ]; then
		pass "$what: series $sm instructions ($sk callees), base $bm ($bk) with the events off (+$((sm - bm)), at most +$limit)"
	else
		fail "$what with the events off: at most $limit instructions more than base" \
			"series ${sm:-none} (${sk:-?} callees, ${sn:-0} calls), base ${bm:-none} (${bk:-?} callees, ${bn:-0} calls)" \
			"base: $(grep "^$f " "$out/base-off/fncost.txt" 2>/dev/null | head -4 | tr '\n' ';')" \
			"series: $(grep "^$f " "$out/series-off/fncost.txt" 2>/dev/null | head -4 | tr '\n' ';')"
	fi
}

for r in base-off series-off; do
	sc=$(awk '{print $1}' "$out/$r/scan_calls.txt" 2>/dev/null)
	read -r n _ < <(shape "$r" do_shrink_slab 1)
	if [ "${sc:-0}" -ge "$iters" ] && [ "${n:-0}" -ge "$iters" ]; then
		pass "$r: the test cache scanned $sc times in $iters drops; $n shrinker calls returned early"
	else
		fail "$r: the workload ran: the test cache scanned in each of $iters drops" \
			"its scan calls: ${sc:-none}; early returns: ${n:-none} (see $out-$r.log)"
	fi
done

# do_shrink_slab: the early return; then the base's most frequent working
# shape (a call that scanned nothing: the start and end sites) against the
# same in series; then its next one, one batch, against series' with the
# batch site's one callee more
# The early returns hold two paths (count 0 and SHRINK_EMPTY, 30 and 32 on
# base) whose shares move from boot to boot: the shorter is compared.
compare "do_shrink_slab, early return" do_shrink_slab 1 1 1 min
work=($(shapes base-off do_shrink_slab | awk '$1 > 1' | head -2))
compare "do_shrink_slab, no batch" do_shrink_slab "${work[0]:-0}" "${work[0]:-0}" 8
compare "do_shrink_slab, one batch" do_shrink_slab "${work[1]:-0}" $((${work[1]:-0} + 1)) 23
# the walk: an empty sublist, and a full batch of the test cache (128
# isolate callbacks and the lock's)
compare "list_lru walk of an empty sublist" __list_lru_walk_one 0 0 10
compare "list_lru walk of 128 items" __list_lru_walk_one 129 129 272
vk=$(shapes base-off vmpressure | awk '$1 > 0' | head -1)
compare "vmpressure(), its most frequent path that does work" vmpressure "${vk:-0}" "${vk:-0}" 0

read -r bn bm < <(whole base-off vmpressure_work_fn)
read -r sn sm < <(whole series-off vmpressure_work_fn)
if [ "${bn:-0}" -gt 0 ] && [ "${sn:-0}" -gt 0 ] && [ $((sm - bm)) -le 28 ]; then
	pass "vmpressure's work item with no listener: series $sm, base $bm instructions, callees included (+$((sm - bm)), at most +28; $sn and $bn runs)"
else
	fail "vmpressure's work item with no listener: at most 28 instructions more than base" \
		"series ${sm:-none} (${sn:-0} runs), base ${bm:-none} (${bn:-0} runs)"
fi

# no probe of an event ran with the events off
for r in base-off series-off; do
	probes=$(awk '$1 ~ /^trace_event_raw_event_/ && $2 != "calls=0" {print $1, $2}' "$out/$r/fncost.txt" 2>/dev/null)
	read -r n _ < <(whole "$r" do_shrink_slab)
	if [ -z "$probes" ] && [ "${n:-0}" -ge "$iters" ]; then
		pass "$r: no event probe ran in $n shrinker calls with the events off"
	else
		fail "$r: no event probe ran with the events off" "${probes:-no probe ran}" \
			"do_shrink_slab calls: ${n:-none}"
	fi
done
