#!/bin/bash
# Guest half of `make bench` for the tracepoints: writes "key value" lines to
# /out/bench.txt. Kernels without our events (base) report what they can.
#   BENCH_PAIRS    list_lru add+del pairs per timing (default 200000)
#   BENCH_REPEAT   timings per figure, the median is kept (default 7)
#   BENCH_OBJECTS  test cache objects reclaimed per shrink timing (default 20000)
. "$(dirname "$0")/../lib.sh"
pairs=${BENCH_PAIRS:-200000} repeat=${BENCH_REPEAT:-7} objects=${BENCH_OBJECTS:-20000}
variant=$(cat /out/variant)
ko=/host/build/modules/$variant/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
ev=/sys/kernel/tracing/events
res=$OUT/bench.txt
: >"$res"
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
new_cgroup bench >/dev/null

lru_ns() { # median ns per add+del pair
	for ((i = 0; i < repeat; i++)); do
		in_cgroup bench sh -c "echo $pairs >$tc/bench_lru"
		awk '{printf "%.2f\n", $2 / $1}' "$tc/bench_lru"
	done | median
}
insmod "$ko" || exit 1
echo "lru_pair_ns_events_off $(lru_ns)" >>"$res"
if [ -d "$ev/list_lru" ]; then
	echo 1 >"$ev/list_lru/list_lru_add/enable"
	echo 1 >"$ev/list_lru/list_lru_del/enable"
	echo "lru_pair_ns_events_on $(lru_ns)" >>"$res"
	echo 0 >"$ev/list_lru/list_lru_add/enable"
	echo 0 >"$ev/list_lru/list_lru_del/enable"
	echo >/sys/kernel/tracing/trace
fi
rmmod shrinkscope_testcache

# Shrink path: batch=1 makes one scan_objects call per object.
insmod "$ko" batch=1 || exit 1
shrink_once() { # EVENT|none: one timing, "ns events"
	in_cgroup bench numactl --membind=0 sh -c "echo $objects 0 >$tc/populate"
	[ "$1" != none ] && echo 1 >"$ev/vmscan/$1/enable"
	t0=$(date +%s%N)
	echo 256M >/sys/fs/cgroup/bench/memory.reclaim 2>/dev/null
	t1=$(date +%s%N)
	[ "$1" != none ] && echo 0 >"$ev/vmscan/$1/enable"
	n=$(grep -c " $1:" /sys/kernel/tracing/trace)
	echo >/sys/kernel/tracing/trace
	echo 1 >"$tc/drop"
	echo "$((t1 - t0)) $n"
}
modes=(none mm_shrink_slab_end)
[ -d "$ev/vmscan/mm_shrink_slab_batch" ] && modes+=(mm_shrink_slab_batch)
# Interleaved (none, end, batch, none, ...): a guest that slows down or
# speeds up during the run shifts every mode alike, not one of them.
for m in "${modes[@]}"; do : >"/tmp/shrink.$m"; done
for ((i = 0; i < repeat; i++)); do
	for m in "${modes[@]}"; do shrink_once "$m" >>"/tmp/shrink.$m"; done
done
for m in "${modes[@]}"; do
	echo "shrink_ns_$m $(cut -d' ' -f1 "/tmp/shrink.$m" | median)" >>"$res"
	echo "shrink_ns_all_$m $(cut -d' ' -f1 "/tmp/shrink.$m" | paste -sd,)" >>"$res"
	echo "shrink_events_$m $(cut -d' ' -f2 "/tmp/shrink.$m" | median)" >>"$res"
done

# The same reclaim with a tracer attached: shrinkstat's BPF programs, the
# equivalent bpftrace script, trace-cmd recording the same events.
tracer_run() { # NAME EVENTS CMD...: "ns" medians with CMD running
	local name=$1 events=$2
	shift 2
	"$@" >/tmp/tracer.$name 2>&1 &
	local pid=$!
	# seconds to attach under TCG; a SIGINT before its handler would kill it
	catches_sigint "$pid" 120 || { echo "$name did not start: $(head -3 /tmp/tracer.$name)" >&2; exit 1; }
	sleep 15
	for ((i = 0; i < repeat; i++)); do
		in_cgroup bench numactl --membind=0 sh -c "echo $objects 0 >$tc/populate"
		t0=$(date +%s%N)
		echo 256M >/sys/fs/cgroup/bench/memory.reclaim 2>/dev/null
		t1=$(date +%s%N)
		echo 1 >"$tc/drop"
		echo "$((t1 - t0))"
	done >/tmp/tracer.$name.ns
	stop_tracer "$pid"
	echo "shrink_ns_$name $(median </tmp/tracer.$name.ns)" >>"$res"
	echo "shrink_ns_all_$name $(paste -sd, /tmp/tracer.$name.ns)" >>"$res"
	echo "shrink_events_$name $events" >>"$res"
}
if [ -d "$ev/vmscan/mm_shrink_slab_batch" ]; then
	nb=$(awk '$1 == "shrink_events_mm_shrink_slab_batch" {print $2}' "$res")
	tracer_run shrinkstat "$nb" /host/build/bpf/shrinkstat -d 600
	tracer_run bpftrace "$nb" bpftrace /host/bpf/shrink_batches.bt 3600
	tracer_run tracecmd "$nb" trace-cmd record -q -e vmscan:mm_shrink_slab_start \
		-e vmscan:mm_shrink_slab_batch -e vmscan:mm_shrink_slab_end -o /tmp/bench.dat
fi
rmmod shrinkscope_testcache
cat "$res"
