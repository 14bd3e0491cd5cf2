# The lab itself: NUMA topology, cgroup v2 memory controller, shrinker debugfs.
. ./lib.sh
plan 3

nodes=0 with_mem=0 sizes=
for n in /sys/devices/system/node/node[0-9]*; do
	kb=$(awk '/MemTotal/ {print $4}' "$n/meminfo")
	nodes=$((nodes + 1))
	[ "${kb:-0}" -gt 0 ] && with_mem=$((with_mem + 1))
	sizes+="${sizes:+, }${n##*/} $((${kb:-0} / 1024)) MiB"
done
if [ "$nodes" -ge 2 ] && [ "$with_mem" -eq "$nodes" ]; then
	pass "guest has $nodes NUMA nodes, each with memory ($sizes)"
else
	fail "guest has at least 2 NUMA nodes, each with memory" "saw $sizes"
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
