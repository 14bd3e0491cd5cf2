# Files on every node, then drop_caches=2 under trace-cmd and bpftrace: the
# recording goes to the host (tests/post checks it there) and bpftrace counts
# mm_shrink_slab_end per node.
. ./lib.sh

files=${LAB_FILES:-4000}
nodes=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)
plan $((1 + nodes))
for ((n = 0; n < nodes; n++)); do
	numactl --membind="$n" bash -c ". ./lib.sh; populate_files /var/tmp/lab/node$n $files"
done
echo "$files $nodes" >"$OUT/lab-files"

bt=/tmp/bt-nid.out
bpftrace -e 'tracepoint:vmscan:mm_shrink_slab_end { @freed_events[args->nid] = count(); }' \
	>"$bt" 2>&1 &
btpid=$!
if ! bt_ready "$btpid" "$bt" 120; then
	fail "bpftrace attaches to vmscan:mm_shrink_slab_end" "$(cat "$bt")"
	kill "$btpid" 2>/dev/null
	exit 0
fi

trace-cmd record -q -e vmscan:mm_shrink_slab_start -e vmscan:mm_shrink_slab_end \
	-o /tmp/drop.dat sh -c 'echo 2 >/proc/sys/vm/drop_caches' >/tmp/record.log 2>&1
rc=$?
stop_tracer "$btpid"
cp "$bt" "$OUT/bpftrace-nid.out"
if [ "$rc" -eq 0 ] && cp /tmp/drop.dat "$OUT/drop.dat"; then
	pass "trace-cmd recorded drop_caches ($(stat -c %s /tmp/drop.dat) bytes)"
else
	fail "trace-cmd recorded drop_caches" "$(cat /tmp/record.log)"
fi

for ((n = 0; n < nodes; n++)); do
	c=$(sed -n "s/^@freed_events\[$n\]: \([0-9]*\)$/\1/p" "$bt")
	if [ "${c:-0}" -gt 0 ]; then
		pass "bpftrace counted $c mm_shrink_slab_end events on node $n"
	else
		fail "bpftrace counts mm_shrink_slab_end events on node $n" "$(cat "$bt")"
	fi
done
