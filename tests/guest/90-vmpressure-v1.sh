# The cgroup v1 memory.pressure_level eventfds decide as they always did,
# with and without in-kernel listeners beside them (patches/0007 keeps the
# two apart). Runs on any kernel: tests/run.sh boots it alone on series and
# tests/regress/45 on base, with the same assertions about the eventfds.
# It must be the first test of its boot: the memory controller can move to
# a v1 hierarchy only while no cgroup2 child has ever used it.
. ./lib.sh
plan 8
listen_v1=/host/build/guest-helpers/vmpressure-eventfd
ko=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
v1=/tmp/memory-v1

echo -memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p $v1
if ! mount -t cgroup -o memory memory $v1; then
	fail "a cgroup v1 memory hierarchy mounts" "$(dmesg | tail -3)"
	exit 0
fi
mkdir $v1/vp $v1/vp/a $v1/vp/b
echo 16M >$v1/vp/a/memory.limit_in_bytes

# kernel listeners, on kernels that have them: the test cache listens on
# the memcg of the shell that writes to its listen file
kernel=0 none="the kernel has no in-kernel vmpressure listeners"
if [ -d /sys/kernel/tracing/events/vmpressure ]; then
	insmod "$ko" && [ -e $tc/listen ] && kernel=1
	ok_if $((1 - kernel)) "the test cache loads and listens for vmpressure"
	none="the test cache did not load or listen"
else
	skip "the test cache loads and listens for vmpressure" "$none"
fi
klisten() { sh -c "echo \$\$ >$v1/$1/cgroup.procs && echo '$2' >$tc/listen"; }
knotes() { awk -v id="$1" '$1 == id {print $6 + $7 + $8}' $tc/listeners; }

# Page cache pressure in vp/a: a 96 MiB file read under a 16 MiB limit.
dd if=/dev/zero of=/var/tmp/vp.big bs=1M count=96 status=none conv=fsync
# pressure PHASE LISTENER...: run the eventfd listeners around the
# pressure; sets u[LISTENER] to each one's count
declare -A u
pressure() {
	local phase=$1 pid spec count
	shift
	sync
	echo 1 >/proc/sys/vm/drop_caches
	"$listen_v1" -t 300 "${@/#/$v1/}" >/tmp/v1-$phase.out 2>&1 &
	pid=$!
	if wait_for_line /tmp/v1-$phase.out '^ready' 30 "$pid"; then
		pass "phase $phase: eventfds registered ($*)"
	else
		fail "phase $phase: eventfds registered" "$(cat /tmp/v1-$phase.out)"
	fi
	sh -c "echo \$\$ >$v1/vp/a/cgroup.procs &&
		timeout 120 dd if=/var/tmp/vp.big of=/dev/null bs=4M status=none"
	sleep 1		# the last vmpressure work item
	stop_tracer $pid 30
	cp /tmp/v1-$phase.out "$OUT/vmpressure-v1-$phase.out"
	while read -r spec count; do
		u[${spec#"$v1"/}]=$count
	done < <(grep -v '^ready' /tmp/v1-$phase.out)
}

# Phase 1: eventfds on vp/a and above it; a kernel listener on vp only.
[ $kernel = 1 ] && klisten vp "0 0"		# id 0: vp, default
pressure 1 vp/a:low vp:low,hierarchy vp:low,local vp:low vp/b:low,hierarchy
a=${u[vp/a:low]:-0} h=${u[vp:low,hierarchy]:-0} l=${u[vp:low,local]:-0}
d=${u[vp:low]:-0} s=${u[vp/b:low,hierarchy]:-0}
if [ "$a" -gt 0 ] && [ "$h" -gt 0 ] && [ "$l" -eq 0 ] && [ "$d" -eq 0 ] && [ "$s" -eq 0 ]; then
	pass "v1 eventfds: vp/a low $a, vp hierarchy $h; vp local, vp default (handled below) and sibling vp/b silent"
else
	fail "v1 eventfds: vp/a and vp hierarchy hear vp/a; vp local, vp default and vp/b do not" \
		"vp/a $a, vp hierarchy $h, vp local $l, vp default $d, vp/b $s"
fi
if [ $kernel = 1 ]; then
	k=$(knotes 0)
	if [ "$k" -gt 0 ]; then
		pass "a kernel default listener on vp hears vp/a ($k) although vp/a's eventfd handled it for userspace"
	else
		fail "a kernel listener's passthrough does not depend on eventfds" "$(cat $tc/listeners)"
	fi
else
	skip "a kernel listener's passthrough does not depend on eventfds" "$none"
fi

# Phase 2: a kernel listener on vp/a, no eventfd there: vp's default
# eventfd must still hear vp/a, as it does on a kernel without listeners.
k0=0
if [ $kernel = 1 ]; then
	klisten vp/a "0 0"			# id 1: vp/a, default
	k0=$(knotes 0)
fi
pressure 2 vp:low vp:critical,hierarchy
d=${u[vp:low]:-0}
if [ "$d" -gt 0 ]; then
	pass "v1 eventfds: vp default hears vp/a when no eventfd below handled it ($d, critical ${u[vp:critical,hierarchy]:-0})"
else
	fail "v1 eventfds: vp default hears vp/a when no eventfd below handled it" "$(cat /tmp/v1-2.out)"
fi
if [ $kernel = 1 ]; then
	k1=$(knotes 1) k0b=$(knotes 0)
	if [ "$k1" -gt 0 ] && [ "$k0b" -eq "$k0" ]; then
		pass "kernel listeners: vp/a default heard $k1, so vp default stayed at $k0 (passthrough among kernel listeners)"
	else
		fail "kernel listeners: vp/a default hears, vp default is handled below" \
			"vp/a $k1, vp $k0 -> $k0b" "$(cat $tc/listeners)"
	fi
	check "the test cache unloads" rmmod shrinkscope_testcache
else
	skip "kernel listeners: vp/a default hears, vp default is handled below" "$none"
	skip "the test cache unloads" "$none"
fi
rm -f /var/tmp/vp.big
