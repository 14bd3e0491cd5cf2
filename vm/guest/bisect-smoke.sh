#!/bin/bash
# Guest half of `make bisect-check BOOT=1`: the kernel of one step of the
# series boots, the KUnit cases it has passed, and reclaim runs with every
# event it has enabled. Prints what it saw; exits non-zero on a failure
# (the host's console check catches any splat on the way).
. "$(dirname "$0")/lib.sh"
t=/sys/kernel/tracing/events
status=0
if dmesg | grep -E '^(\[ *[0-9.]+\] )?    not ok [0-9]+ '; then
	echo "a KUnit case failed"
	status=1
fi
echo "KUnit cases passed: $(dmesg | grep -cE '^(\[ *[0-9.]+\] )?    ok [0-9]+ ')"
on=()
for e in $t/list_lru/*/enable $t/vmpressure/*/enable $t/vmscan/mm_shrink*/enable; do
	[ -f "$e" ] || continue
	echo 1 >"$e" || { echo "enabling $e failed"; status=1; }
	on+=("$(basename "$(dirname "$e")")")
done
echo "events enabled: ${on[*]:-none}"
populate_files /var/tmp/smoke 3000
echo 2 >/proc/sys/vm/drop_caches
rm -rf /var/tmp/smoke
echo 3 >/proc/sys/vm/drop_caches
echo "events recorded: $(wc -l </sys/kernel/tracing/trace)"
for e in $t/list_lru/*/enable $t/vmpressure/*/enable $t/vmscan/mm_shrink*/enable; do
	[ -f "$e" ] && echo 0 >"$e"
done
exit $status
