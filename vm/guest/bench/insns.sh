#!/bin/bash
# Guest half of vm/insns.sh: the work whose instructions the fncost plugin
# counts, per call of list_lru_add() and list_lru_del(). The test cache
# makes INSNS_PAIRS add+del pairs (default 20000) on one list; with "on"
# the list_lru_add/del events are enabled first. Everything else the
# guest does in the meantime is a handful of calls against thousands.
. "$(dirname "$0")/../lib.sh"
mode=${1:-off} pairs=${INSNS_PAIRS:-20000}
variant=$(cat /out/variant)
ko=/host/build/modules/$variant/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
ev=/sys/kernel/tracing/events/list_lru
insmod "$ko" || exit 1
if [ "$mode" = on ]; then
	[ -d "$ev" ] || { echo "no list_lru events in $variant" >&2; exit 1; }
	echo 1 >"$ev/list_lru_add/enable"
	echo 1 >"$ev/list_lru_del/enable"
fi
new_cgroup insns >/dev/null
in_cgroup insns sh -c "echo $pairs >$tc/bench_lru"
cat "$tc/bench_lru" >"$OUT/bench_lru.txt"
[ "$mode" = on ] && echo 0 >"$ev/list_lru_add/enable" && echo 0 >"$ev/list_lru_del/enable"
rmmod shrinkscope_testcache
