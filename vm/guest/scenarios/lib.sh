# Shared by the scenarios (sourced in the guest): filling caches, recording.
# The helpers they share with the tests are in vm/guest/lib.sh.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
nodes=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
log() { echo "shrinkscope: $*" >/dev/console; }
# die MESSAGE: the scenario fails; a trace of the wrong setup is worse
# than none.
die() { log "error: $*"; exit 1; }

# fill_files N [CGROUP]: N files on every node, charged to CGROUP if given.
fill_files() {
	local n
	for ((n = 0; n < nodes; n++)); do
		log "creating $1 files on node $n${2:+ in $2}"
		if [ -n "${2:-}" ]; then
			in_cgroup "$2" numactl --membind="$n" bash -c ". $GUEST_DIR/lib.sh; populate_files /var/tmp/fill/${2}node$n $1" ||
				die "creating files in cgroup $2 on node $n failed"
		else
			numactl --membind="$n" bash -c ". $GUEST_DIR/lib.sh; populate_files /var/tmp/fill/node$n $1"
		fi
	done
}

# fill_testcache N [CGROUP]: N test cache objects on every node, charged to
# CGROUP if given. Any failure fails the scenario: objects anywhere else
# would be measured as another memcg's.
fill_testcache() {
	local tc=/sys/kernel/debug/shrinkscope_testcache n
	[ -d "$tc" ] || insmod "/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko" ||
		die "the test cache module does not load"
	for ((n = 0; n < nodes; n++)); do
		if [ -n "${2:-}" ]; then
			in_cgroup "$2" numactl --membind="$n" sh -c "echo $1 $n >$tc/populate" ||
				die "populating the test cache in cgroup $2 on node $n failed"
		else
			numactl --membind="$n" sh -c "echo $1 $n >$tc/populate" ||
				die "populating the test cache on node $n failed"
		fi
	done
}

snapshot() {
	grep -H . /sys/devices/system/node/node*/meminfo | grep -E 'MemFree|FilePages|SReclaimable'
	grep -H '^oom_kill ' /proc/vmstat
	# slabinfo counts pages: their size turns them into kB on the host
	echo "pagesize:$(getconf PAGESIZE)"
	# the caches the scenarios fill, as slab objects and pages: whether a
	# freed object gave its page back (fragmentation) is seen only here
	awk '$1 ~ /^(dentry|.*inode_cache|radix_tree_node|buffer_head|shrinkscope.*)$/ {
		print "/proc/slabinfo:" $1, $2, $3, $4, $5, $6}' /proc/slabinfo
	grep -H . /sys/kernel/debug/shrinker/*/count 2>/dev/null
	cat /sys/kernel/debug/shrinkscope_testcache/stats 2>/dev/null
}

# The ring buffer per CPU that record() asks trace-cmd for, in kB.
TRACE_BUFFER_KB=20000
# reserve_trace_buffers: size the ring buffers now, as record() will: about
# 40 MB on two CPUs taken after a hog was sized would come out of the
# memory the hog was promised.
reserve_trace_buffers() { echo "$TRACE_BUFFER_KB" >/sys/kernel/tracing/buffer_size_kb; }

# record CMD...: trace-cmd record every shrinker, list_lru, vmpressure and
# reclaim event the kernel has while CMD runs; results in /out.
record() {
	local events=(-e vmscan:mm_shrink_slab_start -e vmscan:mm_shrink_slab_end
		-e vmscan:mm_vmscan_direct_reclaim_begin -e vmscan:mm_vmscan_direct_reclaim_end
		-e vmscan:mm_vmscan_kswapd_wake -e vmscan:mm_vmscan_memcg_reclaim_begin
		-e vmscan:mm_vmscan_memcg_reclaim_end
		-e vmscan:mm_vmscan_lru_shrink_inactive)
	local e
	for e in mm_shrink_slab_batch mm_shrinker_register mm_shrinker_unregister; do
		[ -d /sys/kernel/tracing/events/vmscan/$e ] && events+=(-e "vmscan:$e")
	done
	[ -d /sys/kernel/tracing/events/list_lru ] && events+=(-e list_lru:list_lru_walk)
	[ -d /sys/kernel/tracing/events/vmpressure ] && events+=(-e vmpressure)
	snapshot >"$OUT/before.txt"
	# shrinkstat (bpf/tools) measures the same run from BPF maps; a
	# scenario without it is not the one the README describes
	local stat=/host/build/bpf/shrinkstat spid
	[ -x "$stat" ] || { log "error: $stat is missing (make -C bpf/tools)"; return 1; }
	"$stat" -d 3600 --json >"$OUT/shrinkstat.json" 2>"$OUT/shrinkstat.err" &
	spid=$!
	if ! wait_for_line "$OUT/shrinkstat.err" measuring 60 "$spid"; then
		log "error: shrinkstat did not start: $(head -c 300 "$OUT/shrinkstat.err")"
		kill "$spid" 2>/dev/null
		return 1
	fi
	cd /tmp || return 1
	trace-cmd record -q -b "$TRACE_BUFFER_KB" "${events[@]}" -o /tmp/trace.dat -- "$@" >"$OUT/record.log" 2>&1
	local rc=$?
	stop_tracer "$spid" || { log "error: shrinkstat did not stop"; rc=1; }
	snapshot >"$OUT/after.txt"
	cp /tmp/trace.dat "$OUT/trace.dat" || return 1
	log "trace.dat: $(stat -c %s /tmp/trace.dat) bytes"
	return $rc
}

# caches_kb [NODE]: page cache and reclaimable slab (of NODE, or all), less
# what reclaim cannot free without swap (tmpfs and shared memory, counted
# in Cached and a node's FilePages).
caches_kb() {
	if [ -n "${1:-}" ]; then
		awk '$3 ~ /^(FilePages|SReclaimable):$/ {r += $4} $3 == "Shmem:" {r -= $4}
			END {print r + 0}' "/sys/devices/system/node/node$1/meminfo"
	else
		awk '/^(Cached|SReclaimable):/ {r += $2} /^Shmem:/ {r -= $2}
			END {print r + 0}' /proc/meminfo
	fi
}

# filled_hog_kb PCT CACHES_BEFORE [NODE]: free memory (of NODE, or all)
# plus PCT% of the caches the scenario filled (caches_kb now less
# CACHES_BEFORE, taken before filling). Unlike hog_kb, memory a kernel held
# before the scenario is left out: 6.1 keeps its tracefs event files'
# dentries and inodes (about 10 MB, pinned, yet counted in SReclaimable)
# where 6.12's eventfs makes them on lookup, so counting it asked 6.1's
# reclaim for memory it could not free.
filled_hog_kb() {
	local free
	if [ -n "${3:-}" ]; then
		free=$(awk '$3 == "MemFree:" {print $4}' "/sys/devices/system/node/node$3/meminfo")
	else
		free=$(awk '/^MemFree:/ {print $2}' /proc/meminfo)
	fi
	awk -v pct="$1" -v before="$2" -v now="$(caches_kb "${3:-}")" -v f="$free" \
		'BEGIN {printf "%d", f + (now - before) * pct / 100}'
}

# hog_kb PCT [NODE]: free memory plus PCT% of the caches (of NODE, or all).
hog_kb() {
	if [ -n "${2:-}" ]; then
		awk -v pct="$1" '/MemFree/ {f = $4} /FilePages|SReclaimable/ {r += $4}
			END {printf "%d", f + r * pct / 100}' "/sys/devices/system/node/node$2/meminfo"
	else
		awk -v pct="$1" '/^MemFree:/ {f = $2} /^(Cached|SReclaimable):/ {r += $2}
			END {printf "%d", f + r * pct / 100}' /proc/meminfo
	fi
}
