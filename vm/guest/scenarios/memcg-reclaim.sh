#!/bin/bash
# Scenario "memcg-reclaim": three cgroups with their own files and test
# cache objects; memory.reclaim on the first, then a tight memory.high on
# the second while it reads a file; the third is left alone, the control
# that targeted reclaim must spare.
#   FILES      files per node per cgroup (default 10000)
#   OBJECTS    test cache objects per node per cgroup (default 10000)
#   RECLAIM    amount written to memory.reclaim of cgroup A (default 16M)
#   HIGH       memory.high of cgroup B (default 16M)
. "$(dirname "$0")/lib.sh"
for c in A B C; do
	new_cgroup "scen$c" >/dev/null || die "cannot make cgroup scen$c"
	fill_files "${FILES:-10000}" "scen$c"
	fill_testcache "${OBJECTS:-10000}" "scen$c"
done
dd if=/dev/zero of=/var/tmp/scen.big bs=1M count=64 status=none conv=fsync
sync; echo 1 >/proc/sys/vm/drop_caches
log "recording memory.reclaim on scenA, memory.high on scenB"
record sh -c "echo ${RECLAIM:-16M} >/sys/fs/cgroup/scenA/memory.reclaim;
	echo ${HIGH:-16M} >/sys/fs/cgroup/scenB/memory.high;
	$IN_CGROUP scenB cat /var/tmp/scen.big >/dev/null; true" || exit 1
for c in A B C; do echo "scen$c $(stat -c %i /sys/fs/cgroup/scen$c)"; done >"$OUT/cgroups.txt"
