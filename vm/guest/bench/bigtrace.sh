#!/bin/bash
# Guest half of the analyser speed benchmark: a large trace.dat of list_lru
# and shrinker events (file creation, then drop_caches), in /out.
#   BIG_FILES   files created per node (default 100000)
cd /host/tests/guest && . ./lib.sh
files=${BIG_FILES:-100000}
nodes=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
cd /tmp || exit 1
cat >/tmp/work.sh <<W
cd /host/tests/guest && . ./lib.sh
for ((n = 0; n < $nodes; n++)); do
	numactl --membind=\$n bash -c ". ./lib.sh; populate_files /var/tmp/big/node\$n $files"
done
echo 2 >/proc/sys/vm/drop_caches
W
trace-cmd record -q -b 40000 -e list_lru -e vmscan:mm_shrink_slab_start \
	-e vmscan:mm_shrink_slab_batch -e vmscan:mm_shrink_slab_end \
	-o /tmp/big.dat -- bash /tmp/work.sh >/tmp/big.log 2>&1 || exit 1
cp /tmp/big.dat "$OUT/big.dat"
