# The list_lru_memcg KUnit suite (patches/, built as a module) charges items
# to the cgroups /kunit-list-lru/{a,b,a/doomed} made here before loading it;
# its reparenting case waits until we remove a/doomed. Each KUnit case
# becomes one test line: the plan counts the suite's cases in patches/.
. ./lib.sh
plan $((2 + $(kunit_cases list_lru_memcg)))
ko=/host/build/modules/series/kernel/list_lru_memcg_kunit.ko
if [ ! -f "$ko" ]; then
	fail "the list_lru_memcg KUnit module was built" "missing: ${ko#/host/}"
	exit 0
fi
root=/sys/fs/cgroup/kunit-list-lru
prompt="list_lru_memcg_kunit: remove /kunit-list-lru/a/doomed now"
mkdir "$root" && echo +memory >"$root/cgroup.subtree_control" &&
	mkdir "$root/a" "$root/b" && echo +memory >"$root/a/cgroup.subtree_control" &&
	mkdir "$root/a/doomed" || { fail "cgroups for the list_lru_memcg suite"; exit 0; }

dmesg -C
insmod "$ko" &
pid=$!
for ((i = 0; i < 600; i++)); do
	dmesg | grep -qF "$prompt" && break
	sleep 0.1
done
if dmesg | grep -qF "$prompt"; then
	rmdir "$root/a/doomed"
	pass "the reparenting case asked for its cgroup to be removed"
else
	fail "the reparenting case asked for its cgroup to be removed" "$(dmesg | tail -3)"
fi
rc=0
wait "$pid" || rc=$?
ok_if $rc "insmod list_lru_memcg_kunit.ko returns 0 (exit status $rc)"
dmesg >"$OUT/kunit-memcg.log"
awk -v suites=list_lru_memcg -v where="when loaded" -f ktap.awk "$OUT/kunit-memcg.log"
rmmod list_lru_memcg_kunit
rmdir "$root/a/doomed" 2>/dev/null
rmdir "$root/a" "$root/b" "$root"
