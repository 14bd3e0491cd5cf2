#!/bin/bash
# Scenario "default" (in the guest): fill dentry and inode caches on every
# node, then apply global memory pressure with an anonymous-memory hog while
# trace-cmd records the shrinker events. Results: /out/trace.dat and friends.
#   FILES      files created per node (default 20000)
#   HOG_PCT    share of the reclaimable caches (file pages + reclaimable
#              slab) the hog takes on top of free memory (default 60)
#   HOG_ROUNDS how many times the hog touches all of it (default 3)
cd "$(dirname "$0")/../../../tests/guest" && . ./lib.sh
files=${FILES:-20000} pct=${HOG_PCT:-60} rounds=${HOG_ROUNDS:-3}
nodes=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
log() { echo "shrinkscope: $*" >/dev/console; }

for ((n = 0; n < nodes; n++)); do
	log "creating $files files on node $n"
	numactl --membind="$n" bash -c ". ./lib.sh; populate_files /var/tmp/fill/node$n $files"
done
snapshot() {
	grep -H . /sys/devices/system/node/node*/meminfo | grep -E 'MemFree|FilePages|SReclaimable'
	grep -H . /sys/kernel/debug/shrinker/sb-*/count 2>/dev/null
}
snapshot >"$OUT/before.txt"

events=(-e vmscan:mm_shrink_slab_start -e vmscan:mm_shrink_slab_end
	-e vmscan:mm_vmscan_direct_reclaim_begin -e vmscan:mm_vmscan_direct_reclaim_end
	-e vmscan:mm_vmscan_kswapd_wake -e vmscan:mm_vmscan_memcg_reclaim_begin
	-e vmscan:mm_vmscan_memcg_reclaim_end)
for sys in list_lru vmpressure; do
	[ -d /sys/kernel/tracing/events/$sys ] && events+=(-e "$sys")
done
# No swap: anonymous memory cannot be reclaimed, so the hog takes all free
# memory plus a share of the caches, and reclaim must free that share.
hog=$(awk -v pct="$pct" '/^MemFree:/ {f = $2} /^(Cached|SReclaimable):/ {r += $2}
	END {printf "%d", f + r * pct / 100}' /proc/meminfo)
log "recording while a hog touches ${hog} kB $rounds times"
cd /tmp || exit 1
trace-cmd record -q "${events[@]}" -o /tmp/trace.dat -- \
	memhog -r"$rounds" "${hog}k" >/tmp/record.log 2>&1
rc=$?
snapshot >"$OUT/after.txt"
cp /tmp/record.log "$OUT/record.log"
cp /tmp/trace.dat "$OUT/trace.dat" || exit 1
log "trace.dat: $(stat -c %s /tmp/trace.dat) bytes"
exit $rc
