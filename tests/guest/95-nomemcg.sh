# Booted with cgroup_disable=memory (tests/run.sh gives this file a boot of
# its own): no shrinker is memcg aware and no list is per memcg, so every
# list_lru and shrink_slab event must say shrinker_id -1 and memcg_id 0,
# and vmpressure_register_kernel() must refuse (EOPNOTSUPP).
. ./lib.sh
plan 4
if ! grep -qw 'cgroup_disable=memory' /proc/cmdline; then
	for i in 1 2 3 4; do
		skip "cgroup_disable=memory case $i" "booted without cgroup_disable=memory"
	done
	exit 0
fi
populate_files /var/tmp/nomemcg 2000
sync
trace-cmd record -q -e list_lru:list_lru_walk -e list_lru:list_lru_del \
	-e vmscan:mm_shrink_slab_start -e vmscan:mm_shrink_slab_end \
	-o /tmp/nomemcg.dat sh -c 'echo 2 >/proc/sys/vm/drop_caches' >/dev/null 2>&1
cp /tmp/nomemcg.dat "$OUT/nomemcg.dat"
raw_report /tmp/nomemcg.dat | gawk -f lib.awk -e '
	{ e = parse() }
	e ~ /^list_lru_/ { nl++; if (f["shrinker_id"] != -1) bl++; if (f["memcg_id"] != 0) ml++ }
	e ~ /^mm_shrink_slab_/ { ns++; if (f["shrinker_id"] != -1) bs++; if (f["memcg_id"] != 0) ms++ }
	END {
		if (nl > 0 && bl == 0 && bs == 0 && ns > 0)
			printf "ok - shrinker ids agree: all %d list_lru and %d shrink_slab events say -1\n", nl, ns
		else
			printf "not ok - shrinker ids agree (-1): list_lru %d of %d differ, shrink_slab %d of %d\n", bl, nl, bs, ns
		if (nl > 0 && ml == 0 && ms == 0)
			printf "ok - memcg_id is 0 (no memcg) in all %d list_lru and %d shrink_slab events\n", nl, ns
		else
			printf "not ok - memcg_id is 0: list_lru %d of %d differ, shrink_slab %d of %d\n", ml, nl, ms, ns
	}'
ko=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
if insmod "$ko"; then
	pass "the test cache loads without the memory controller"
	out=$(bash -c "echo '0 0' >$tc/listen" 2>&1)
	if grep -q 'Operation not supported' <<<"$out"; then
		pass "vmpressure_register_kernel() refuses without the memory controller (EOPNOTSUPP)"
	else
		fail "vmpressure_register_kernel() refuses without the memory controller" "${out:-it succeeded}"
	fi
	rmmod shrinkscope_testcache
else
	fail "the test cache loads without the memory controller"
	fail "vmpressure_register_kernel() refuses without the memory controller" "no test cache"
fi
rm -rf /var/tmp/nomemcg
