#!/bin/bash
# Exact costs, asserted: guest instructions per call of list_lru_add() and
# list_lru_del(), callees included, counted by the fncost TCG plugin
# (vm/insns.sh) on base, on series with the list_lru events off, and on.
# The count of an undisturbed call is the same from boot to boot, so these
# are exact comparisons, not timings. With its events off the series may
# add to each function only what its tracepoint site takes: one jump-label
# nop (list_lru_add took one jmp more, +2, until its event helper read the
# memcg id from the object's memcg, 2026-12-06). The first version of the
# series, which kept the node and a result flag alive for the event, took
# +3 and +10 with jump labels: anything put outside trace_*_enabled()
# fails this.
. "$(dirname "$0")/lib.sh"
plan 7
declare -A allowed=([list_lru_add]=1 [list_lru_del]=1)
pairs=${INSNS_PAIRS:-20000}
export INSNS_PAIRS=$pairs
out=$OUTDIR/insns
# count VARIANT EVENTS: one plugin run (build the kernel first if needed)
count() {
	"$TOP/vm/kernel-build.sh" "$1" >&2 && "$TOP/vm/module-build.sh" "$1" >&2 &&
		"$TOP/vm/insns.sh" "$1" "$2" "$out/$1-$2" >"$out-$1-$2.log" 2>&1
}
# Instruction counts do not depend on what else runs: two guests at once
# (never two builds of one variant at once).
make -s -C "$TOP/vm/plugin" >&2
count base off &
count series off
wait
count series on
. "$TOP/vm/fncost-read.sh"
# get RUN FUNCTION KEY: a value of the plugin's line for FUNCTION
get() { fncost_value "$out/$1/fncost.txt" "$2" "$3"; }
# Each run: the test cache's pairs are the most frequent path of both (all
# but the few calls an interrupt lands in: at least 95% of them).
for r in base-off series-off series-on; do
	a=$(get "$r" list_lru_add mode_calls) d=$(get "$r" list_lru_del mode_calls)
	if [ $((${a:-0} * 100)) -ge $((pairs * 95)) ] && [ $((${d:-0} * 100)) -ge $((pairs * 95)) ]; then
		pass "$r: $a and $d of the test cache's $pairs add+del pairs take the modal path ($(get "$r" list_lru_add mode) and $(get "$r" list_lru_del mode) instructions per call)"
	else
		fail "$r: the plugin counted the test cache's $pairs pairs" \
			"add: ${a:-none}, del: ${d:-none} calls on the modal path (see $out-$r.log)" \
			"$(cat "$out/$r/fncost.txt" 2>/dev/null)"
	fi
done
for f in list_lru_add list_lru_del; do
	b=$(get base-off "$f" mode) s=$(get series-off "$f" mode) on=$(get series-on "$f" mode)
	if [ -n "$b" ] && [ -n "$s" ] && [ $((s - b)) -le "${allowed[$f]}" ]; then
		pass "$f with the events off: series $s, base $b instructions per call (+$((s - b)), at most +${allowed[$f]})"
	else
		fail "$f with the events off costs at most ${allowed[$f]} instruction(s) more than base" \
			"series ${s:-none}, base ${b:-none}"
	fi
	if [ -n "$on" ] && [ -n "$s" ] && [ "$on" -gt "$s" ]; then
		pass "$f with its event on: $on instructions per call, the event $((on - s))"
	else
		fail "$f costs more with its event on" "on ${on:-none}, off ${s:-none}"
	fi
done
