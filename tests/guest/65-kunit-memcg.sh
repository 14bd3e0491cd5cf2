# The list_lru_memcg KUnit suite (patches/, built as a module) makes the
# cgroups it charges items to by itself, on a cgroup2 mount of its own, and
# removes them, the reparenting case's child in the middle of the case.
# Each KUnit case becomes one test line: the plan counts the suite's cases
# in patches/. Afterwards no cgroup of the suite is left, live or dying.
. ./lib.sh
plan $((2 + $(kunit_cases list_lru_memcg)))
ko=/host/build/modules/$(cat /out/variant)/kernel/list_lru_memcg_kunit.ko
if [ ! -f "$ko" ]; then
	fail "the list_lru_memcg KUnit module was built" "missing: ${ko#/host/}"
	exit 0
fi
dmesg -C
rc=0
insmod "$ko" || rc=$?
ok_if $rc "insmod list_lru_memcg_kunit.ko returns 0 (exit status $rc)"
dmesg >"$OUT/kunit-memcg.log"
awk -v suites=list_lru_memcg -v where="when loaded" -f ktap.awk "$OUT/kunit-memcg.log"
rmmod list_lru_memcg_kunit
if [ ! -e /sys/fs/cgroup/kunit-list-lru ]; then
	pass "the suite removed the cgroups it made (no /sys/fs/cgroup/kunit-list-lru)"
else
	fail "the suite removed the cgroups it made" "$(find /sys/fs/cgroup/kunit-list-lru -maxdepth 2 -type d)"
fi
