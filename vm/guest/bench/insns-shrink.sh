#!/bin/bash
# Guest half of `vm/insns.sh VARIANT MODE OUTDIR shrink`: the reclaim work
# whose instructions the fncost plugin counts, per call of do_shrink_slab(),
# the list_lru walk and vmpressure(), and per event of each probe.
#
# INSNS_ITERS times (default 300): the test cache gets 100 objects on node 0
# in cgroup insns (fewer than one batch, so its do_shrink_slab() call is one
# count and one scan), every other time 300 (four batches: 128, 128 and 44
# freed, then one that finds the list empty), then drop_caches shrinks
# them; the two shapes give the cost of a call and of a batch. Then
# INSNS_RECLAIMS times (default 50): an 8 MB file read in the cgroup,
# whose memory.max of 4 MB reclaims as it goes (vmpressure() and its work
# item).
# MODE: off, the events off and no tracer; on, the shrinker, list_lru_walk
# and vmpressure_notify events enabled through tracefs (the ftrace ring
# buffer, as trace-cmd record writes to); shrinkstat or bpftrace, that tool
# attached instead. "on" registers a test cache vmpressure listener on the
# cgroup where the kernel has them, so that vmpressure_notify fires.
. "$(dirname "$0")/../lib.sh"
mode=${1:-off} iters=${INSNS_ITERS:-300}
variant=$(cat /out/variant)
ko=/host/build/modules/$variant/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
ev=/sys/kernel/tracing/events
insmod "$ko" || exit 1
new_cgroup insns >/dev/null || exit 1
dd if=/dev/zero of=/var/tmp/insns.f bs=1M count=8 status=none conv=fsync
# out of the root's page cache, so that reading it charges the cgroup
echo 1 >/proc/sys/vm/drop_caches
events=(vmscan/mm_shrink_slab_start vmscan/mm_shrink_slab_end
	vmscan/mm_shrink_slab_batch list_lru/list_lru_walk
	vmpressure/vmpressure_notify)
tracer=
case $mode in
off) ;;
on)
	for e in "${events[@]}"; do
		[ -d "$ev/$e" ] && echo 1 >"$ev/$e/enable"
	done
	[ -e "$tc/listen" ] && in_cgroup insns sh -c "echo '0 0' >$tc/listen"
	;;
shrinkstat)
	/host/build/bpf/shrinkstat -d 3600 >"$OUT/tracer.log" 2>&1 &
	tracer=$!
	wait_for_line "$OUT/tracer.log" 'measuring for' 120 "$tracer" ||
		{ echo "shrinkstat did not attach" >&2; exit 1; }
	;;
bpftrace)
	bpftrace /host/bpf/shrink_freed.bt >"$OUT/tracer.log" 2>&1 &
	tracer=$!
	wait_for_line "$OUT/tracer.log" Attaching 120 "$tracer" ||
		{ echo "bpftrace did not attach" >&2; exit 1; }
	;;
*) echo "mode must be off, on, shrinkstat or bpftrace" >&2; exit 1 ;;
esac
for ((i = 0; i < iters; i++)); do
	in_cgroup insns numactl --membind=0 sh -c "echo '$((i % 2 ? 300 : 100)) 0' >$tc/populate" || exit 1
	echo 2 >/proc/sys/vm/drop_caches
done
# memory.max, not memory.reclaim (proactive reclaim reports no pressure)
# nor memory.high (it throttles the reader for seconds at a time)
echo 4M >/sys/fs/cgroup/insns/memory.max
for ((i = 0; i < ${INSNS_RECLAIMS:-50}; i++)); do
	in_cgroup insns cat /var/tmp/insns.f >/dev/null
done
echo max >/sys/fs/cgroup/insns/memory.max
cat "$tc/scan_calls" >"$OUT/scan_calls.txt"
[ -z "$tracer" ] || { kill -INT "$tracer"; wait "$tracer"; }
for e in "${events[@]}"; do
	[ -d "$ev/$e" ] && echo 0 >"$ev/$e/enable"
done
rmmod shrinkscope_testcache
