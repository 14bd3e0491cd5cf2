#!/bin/bash
# Guest half of the analyser speed benchmark: a large trace.dat of list_lru
# and shrinker events, in /out. Files on every node (dentry and inode LRUs),
# then rounds of test cache objects on every node in a cgroup, each round
# reclaimed by drop_caches: an add and an isolate event per object.
#   BIG_FILES     files created per node (default 20000)
#   BIG_OBJECTS   test cache objects per node and round (default 250000)
#   BIG_ROUNDS    rounds (default 4)
. /host/vm/guest/lib.sh
files=${BIG_FILES:-20000} objects=${BIG_OBJECTS:-250000} rounds=${BIG_ROUNDS:-4}
nodes=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
variant=$(cat /out/variant)
insmod "/host/build/modules/$variant/testcache/shrinkscope_testcache.ko" || exit 1
new_cgroup big >/dev/null || exit 1
cat >/tmp/work.sh <<W
. /host/vm/guest/lib.sh
tc=/sys/kernel/debug/shrinkscope_testcache
for ((n = 0; n < $nodes; n++)); do
	numactl --membind=\$n bash -c ". /host/vm/guest/lib.sh; populate_files /var/tmp/big/node\$n $files"
done
echo 2 >/proc/sys/vm/drop_caches
for ((r = 0; r < $rounds; r++)); do
	for ((n = 0; n < $nodes; n++)); do
		in_cgroup big numactl --membind=\$n sh -c "echo $objects \$n >\$tc/populate" || exit 1
	done
	echo 2 >/proc/sys/vm/drop_caches
done
W
trace-cmd record -q -b 40000 -e list_lru -e vmscan:mm_shrink_slab_start \
	-e vmscan:mm_shrink_slab_batch -e vmscan:mm_shrink_slab_end \
	-o /tmp/big.dat -- bash /tmp/work.sh >/tmp/big.log 2>&1 || { cat /tmp/big.log; exit 1; }
cp /tmp/big.dat "$OUT/big.dat"
