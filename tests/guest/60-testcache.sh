# The test cache module (testcache/): its own counts against the shrinker
# debugfs, targeted scans, memcg-targeted reclaim, referenced objects,
# node-targeted pressure, and unload under reclaim.
. ./lib.sh
plan 9
ko=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
if ! insmod "$ko"; then
	fail "test cache module loads" "$ko"
	exit 0
fi
sd=$(ls -d /sys/kernel/debug/shrinker/shrinkscope-testcache-* 2>/dev/null)
[ -d "$sd" ] || { fail "test cache shrinker is in shrinker debugfs"; exit 0; }

populate() { # CGROUP N NID [REF_PCT]
	in_cgroup "$1" numactl --membind="$3" sh -c "echo $2 $3 ${4:-0} >$tc/populate"
}
count_of() { # INO -> "n0 n1" from the module's counts
	awk -v i="$1" '$1 == i {print $2, $3; f = 1} END {if (!f) print "0 0"}' "$tc/counts"
}

a=$(new_cgroup tca) b=$(new_cgroup tcb) c=$(new_cgroup tcc)
if populate tca 2000 0 && populate tca 3000 1 && populate tcb 1000 0 && populate tcb 1500 1; then
	pass "populate through debugfs under numactl --membind, in two cgroups"
else
	fail "populate through debugfs under numactl --membind, in two cgroups"
fi
if [ "$(count_of "$a")" = "2000 3000" ] && [ "$(count_of "$b")" = "1000 1500" ]; then
	pass "module counts: memcg $a has 2000 + 3000, memcg $b 1000 + 1500 objects on nodes 0 + 1"
else
	fail "module counts what was populated" "$(cat "$tc/counts")"
fi
if diff <(sort "$sd/count") <(sort "$tc/counts") >/tmp/count.diff; then
	pass "shrinker debugfs count agrees with the module, line by line ($(wc -l <"$tc/counts") memcgs)"
else
	fail "shrinker debugfs count agrees with the module" "$(cat /tmp/count.diff)"
fi

# A targeted scan through the shrinker's debugfs frees from that memcg and node only.
echo "$a 1 500" >"$sd/scan"
if [ "$(count_of "$a")" = "2000 2500" ] && [ "$(count_of "$b")" = "1000 1500" ]; then
	pass "debugfs scan '$a 1 500' freed 500 from memcg $a node 1 and nothing else"
else
	fail "debugfs scan frees from exactly that memcg and node" "$(cat "$tc/counts")"
fi

# memory.reclaim on A reclaims A's objects and leaves B's alone.
echo 2M >/sys/fs/cgroup/tca/memory.reclaim 2>/dev/null
read -r a0 a1 < <(count_of "$a")
if [ $((a0 + a1)) -lt 4500 ] && [ "$(count_of "$b")" = "1000 1500" ]; then
	pass "memory.reclaim on memcg $a: its objects $((4500 - a0 - a1)) fewer, memcg $b unchanged"
else
	fail "memory.reclaim on A frees only A's objects" "$(cat "$tc/counts")"
fi

# Referenced objects survive one more pass.
populate tcc 1000 0 50
echo "$c 0 1000" >"$sd/scan"
first=$(count_of "$c")
echo "$c 0 1000" >"$sd/scan"
second=$(count_of "$c")
if [ "$first" = "500 0" ] && [ "$second" = "0 0" ]; then
	pass "referenced objects: a full pass leaves the 500 referenced, the next frees them"
else
	fail "referenced objects survive exactly one more pass" "after pass 1: $first, pass 2: $second"
fi

# Reparenting: when a memcg goes offline its objects move to its parent's
# lists, counts preserved (memcg_reparent_list_lrus).
d=$(new_cgroup tcd)
populate tcd 700 0 && populate tcd 300 1
root_before=$(awk '$1 == 1 {print $2 + $3}' "$sd/count")
rmdir /sys/fs/cgroup/tcd
root_after=$(awk '$1 == 1 {print $2 + $3}' "$sd/count")
if [ $(( ${root_after:-0} - ${root_before:-0} )) -eq 1000 ] && ! grep -q "^$d " "$sd/count"; then
	pass "reparenting: memcg $d's 1000 objects moved to the root lists on rmdir"
else
	fail "reparenting moves an offline memcg's objects to its parent" \
		"root before $root_before, after $root_after" "$(cat "$sd/count")"
fi

# Pressure confined to node 1 frees mostly node-1 objects.
echo 1 >"$tc/drop"
numactl --membind=0 sh -c "echo 20000 0 >$tc/populate" && numactl --membind=1 sh -c "echo 20000 1 >$tc/populate"
before=$(awk '$1 == 1 && $2 <= 1 {printf "%s ", $5}' "$tc/stats")
free1=$(awk '/MemFree/ {print $4}' /sys/devices/system/node/node1/meminfo)
rec1=$(awk '/FilePages|SReclaimable/ {s += $4} END {print s}' /sys/devices/system/node/node1/meminfo)
numactl --membind=1 memhog -r2 "$((free1 + rec1 / 4))k" >/dev/null 2>&1
read -r f0 f1 < <(awk -v b="$before" 'BEGIN {split(b, x, " ")} $1 == 1 && $2 <= 1 {printf "%d ", $5 - x[$2 + 1]}' "$tc/stats")
echo "numa-pressure freed node0 $f0 node1 $f1" >>"$OUT/testcache-numa.txt"
if [ "$f1" -gt 0 ] && [ $((f1 * 100)) -ge $(((f0 + f1) * 90)) ]; then
	pass "node-1 pressure freed $f1 node-1 and $f0 node-0 objects ($((f1 * 100 / (f0 + f1)))% on node 1)"
else
	fail "node-1 pressure frees >= 90% node-1 objects" "node 0: $f0, node 1: $f1"
fi

# Unload while reclaim runs: every object freed, nothing warns.
populate tca 5000 0
( for i in $(seq 10); do echo 3 >/proc/sys/vm/drop_caches; done ) &
sleep 0.2
rmmod shrinkscope_testcache
rc=$?
wait
if [ $rc -eq 0 ] && [ ! -d "$tc" ] && [ ! -d "$sd" ]; then
	pass "unload during drop_caches: module, its debugfs and its shrinker are gone"
else
	fail "unload during reclaim" "rmmod $rc"
fi
