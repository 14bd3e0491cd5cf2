# The lab itself: NUMA topology, cgroup v2 memory controller, shrinker debugfs.
. ./lib.sh

with_mem=0
for n in /sys/devices/system/node/node[0-9]*; do
	kb=$(awk '/MemTotal/ {print $4}' "$n/meminfo")
	[ "${kb:-0}" -gt 0 ] && with_mem=$((with_mem + 1))
done
if [ "$with_mem" -ge 2 ]; then
	pass "guest has $with_mem NUMA nodes with memory"
else
	fail "guest has at least 2 NUMA nodes with memory" "saw $with_mem"
fi

if grep -qw memory /sys/fs/cgroup/cgroup.controllers &&
   grep -qw memory /sys/fs/cgroup/cgroup.subtree_control; then
	pass "cgroup v2 offers and delegates the memory controller"
else
	fail "cgroup v2 offers the memory controller" \
		"controllers: $(cat /sys/fs/cgroup/cgroup.controllers)"
fi

sb=$(ls /sys/kernel/debug/shrinker 2>/dev/null | grep -c '^sb-')
if [ "$sb" -gt 0 ]; then
	pass "shrinker debugfs lists $sb superblock shrinkers"
else
	fail "shrinker debugfs lists superblock shrinkers" \
		"entries: $(ls /sys/kernel/debug/shrinker 2>&1 | tr '\n' ' ')"
fi
