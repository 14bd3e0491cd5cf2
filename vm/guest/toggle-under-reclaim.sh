#!/bin/bash
# toggle-under-reclaim.sh: enable and disable stock vmscan, kmem and
# writeback events 50 times while a loop drops caches and creates files,
# so that static keys are patched while other vCPUs run their sites.
# The lab's check of the emulator's code patching (NOTES.md, single-
# threaded TCG): a clean console is the pass.
#   vm/qemu-run.sh -k 6.12/base -o OUT -- vm/guest/toggle-under-reclaim.sh
# (SHRINKSCOPE_TCG_THREAD=multi reproduces the int3 Oops or RCU stalls)
ev=/sys/kernel/tracing/events
events="vmscan/mm_shrink_slab_start vmscan/mm_shrink_slab_end kmem/kmem_cache_alloc
	kmem/kmem_cache_free writeback/writeback_dirty_inode"
mkdir -p /var/tmp/toggle
for i in $(seq 2000); do : >/var/tmp/toggle/f$i; done
( for i in $(seq 20); do
	echo 2 >/proc/sys/vm/drop_caches
	for j in $(seq 300); do : >/var/tmp/toggle/g$j; done
done ) &
for i in $(seq 50); do
	for e in $events; do echo 1 >"$ev/$e/enable"; done
	for e in $events; do echo 0 >"$ev/$e/enable"; done
done
wait
rm -rf /var/tmp/toggle
echo "shrinkscope: toggled $(echo $events | wc -w) events 50 times during reclaim"
