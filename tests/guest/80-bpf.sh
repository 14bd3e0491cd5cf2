# bpf/: every one-liner of ONELINERS.md prints what it claims, and the
# bpftrace scripts' counts equal the test cache's own counters and a
# trace-cmd recording of the same run.
. ./lib.sh
bpf=/host/bpf
ko=/host/build/modules/series/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
gawk '/^    bpftrace -e / {sub(/^    /, ""); cmd = $0; next}
	/^Expect: `/ && cmd != "" {re = $0; sub(/^Expect: `/, "", re); sub(/`$/, "", re)
		print cmd "\t" re; cmd = ""}' "$bpf/ONELINERS.md" >/tmp/oneliners.tsv
plan $(($(wc -l </tmp/oneliners.tsv) + 14))

workload() {
	populate_files /var/tmp/bpfw 1500
	rm -rf /var/tmp/bpfw/f1*
	echo 2 >/proc/sys/vm/drop_caches
	mount -t tmpfs none /mnt && umount /mnt
}
# run_bt OUT CMD...: start bpftrace, wait until it is tracing, run the
# workload, stop it with SIGINT so that it prints its maps.
run_bt() {
	local out=$1
	shift
	"$@" >"$out" 2>&1 &
	local pid=$!
	if ! bt_ready "$pid" "$out" 120; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return 1
	fi
	# A stuck workload or tracer fails this step with its kernel stacks,
	# instead of eating the whole file's time limit.
	${BT_WORKLOAD:-workload} &
	local w=$!
	wait_or_show "$w" 240
	[ $? -ne 124 ] || { kill -9 "$w" "$pid" 2>/dev/null; return 1; }
	sleep 0.5
	stop_tracer "$pid" || { kill -9 "$pid" 2>/dev/null; return 1; }
}

# --- ONELINERS.md ---
n=0
while IFS=$'\t' read -r cmd re; do
	n=$((n + 1))
	out=/tmp/oneliner.$n
	if run_bt "$out" bash -c "$cmd" && grep -qE "$re" "$out"; then
		pass "one-liner $n prints /$re/"
	else
		fail "one-liner $n prints /$re/" "$cmd" "$(grep -v '^$' "$out" | head -8)"
	fi
	cp "$out" "$OUT/oneliner.$n.out"
done </tmp/oneliners.tsv
[ "$n" -ge 10 ] && pass "ONELINERS.md has $n one-liners (10 or more)" ||
	fail "ONELINERS.md has 10 or more one-liners" "found $n"

# --- scripts against the test cache's counters ---
insmod "$ko" || { fail "test cache loads for the bpf checks"; exit 0; }
ino=$(new_cgroup bpfx)
tc_workload() {
	in_cgroup bpfx numactl --membind=0 sh -c "echo 3000 0 >$tc/populate"
	in_cgroup bpfx numactl --membind=1 sh -c "echo 2000 1 >$tc/populate"
	trace-cmd record -q -e vmscan:mm_shrink_slab_end -o /tmp/bpf-tc.dat -- \
		sh -c 'echo 2 >/proc/sys/vm/drop_caches' >/dev/null 2>&1
}
freed_by_module() { awk -v i="$ino" -v n="$1" '$1 == i && $2 == n {print $5}' "$tc/stats"; }
BT_WORKLOAD=tc_workload run_bt /tmp/shrink_freed.out bpftrace "$bpf/shrink_freed.bt" 3600
ok_if $? "shrink_freed.bt attaches and stops"
cp /tmp/shrink_freed.out "$OUT/shrink_freed.out"
tcrep=$(raw_report /tmp/bpf-tc.dat)
for nid in 0 1; do
	m=$(freed_by_module $nid)
	b=$(sed -n "s/^@freed\[shrinkscope-testcache, $nid, $ino\]: \([0-9]*\)$/\1/p" /tmp/shrink_freed.out | tail -1)
	t=$(gawk -f lib.awk -v ino="$ino" -v nid="$nid" -e 'parse() == "mm_shrink_slab_end" &&
		f["name"] == "shrinkscope-testcache" && f["memcg"] == ino && f["nid"] == nid {s += f["retval"]}
		END {print s + 0}' <<<"$tcrep")
	if [ -n "$m" ] && [ "$m" -gt 0 ] && [ "$m" = "$b" ] && [ "$m" = "$t" ]; then
		pass "shrink_freed.bt: node $nid memcg $ino freed $b = module $m = trace-cmd $t"
	else
		fail "shrink_freed.bt agrees with the module and trace-cmd on node $nid" "bpftrace ${b:-none}, module ${m:-none}, trace-cmd $t"
	fi
done

# For the host: the recording of that run and what the module counted, so
# that tests/post/80-analysis.sh checks the analyser against the module.
cp /tmp/bpf-tc.dat "$OUT/testcache-drop.dat"
echo "$ino $(freed_by_module 0) $(freed_by_module 1)" >"$OUT/testcache-freed.txt"

# lru_walks.bt: removals from the test cache's lru = the module's frees.
m0=$(( $(freed_by_module 0) + $(freed_by_module 1) ))
BT_WORKLOAD=tc_workload run_bt /tmp/lru_walks.out bpftrace "$bpf/lru_walks.bt"
ok_if $? "lru_walks.bt attaches and stops"
cp /tmp/lru_walks.out "$OUT/lru_walks.out"
id=$(sed -n 's/^@name\[\([0-9]*\)\]: shrinkscope-testcache$/\1/p' /tmp/lru_walks.out)
removed=$(sed -n "s/^@removed\[$id\]: \([0-9]*\)$/\1/p" /tmp/lru_walks.out)
m=$(( $(freed_by_module 0) + $(freed_by_module 1) - m0 ))
if [ -n "$id" ] && [ "$m" -gt 0 ] && [ "${removed:-0}" -eq "$m" ]; then
	pass "lru_walks.bt: the test cache's lru (shrinker id $id) removed $removed = module's frees of the run"
else
	fail "lru_walks.bt agrees with the module" "id ${id:-none}, removed ${removed:-none}, module freed $m"
fi

# memcg_reclaim.bt: memory.reclaim on the cgroup shows as memcg reclaim of it.
before=$(( $(freed_by_module 0) + $(freed_by_module 1) ))
mr_workload() {
	in_cgroup bpfx numactl --membind=0 sh -c "echo 3000 0 >$tc/populate"
	echo 8M >/sys/fs/cgroup/bpfx/memory.reclaim 2>/dev/null
}
BT_WORKLOAD=mr_workload run_bt /tmp/memcg_reclaim.out bpftrace "$bpf/memcg_reclaim.bt" 3600
ok_if $? "memcg_reclaim.bt attaches and stops"
cp /tmp/memcg_reclaim.out "$OUT/memcg_reclaim.out"
after=$(( $(freed_by_module 0) + $(freed_by_module 1) ))
b=$(sed -n "s/^@objects_memcg_reclaim\[$ino\]: \([0-9]*\)$/\1/p" /tmp/memcg_reclaim.out | tail -1)
if [ $((after - before)) -gt 0 ] && [ "${b:-0}" -ge $((after - before)) ]; then
	pass "memcg_reclaim.bt: memcg $ino freed $b objects by memcg reclaim (test cache: $((after - before)))"
else
	fail "memcg_reclaim.bt counts memcg reclaim of the cgroup" "bpftrace ${b:-none}, module $((after - before))"
fi

# The other scripts run and print their maps.
for s in shrink_batches scan_latency; do
	if BT_WORKLOAD=tc_workload run_bt "/tmp/$s.out" bpftrace "$bpf/$s.bt" &&
	   grep -q '^@.*shrinkscope-testcache' "/tmp/$s.out"; then
		pass "$s.bt reports the test cache"
	else
		fail "$s.bt reports the test cache" "$(grep -v '^$' "/tmp/$s.out" | head -5)"
	fi
	cp "/tmp/$s.out" "$OUT/$s.out"
done
# --- libbpf tools (build/bpf, from bpf/tools) against the test cache ---
tools=/host/build/bpf
run_tool() { # OUT READY-PATTERN CMD...: start, wait for READY, workload, wait
	local out=$1 ready=$2
	shift 2
	"$@" >"$out" 2>&1 &
	local pid=$!
	wait_for_line "$out" "$ready" 60 || { kill "$pid"; wait "$pid"; return 1; }
	tc_workload
	wait "$pid"
}
m0=$(freed_by_module 0) m1=$(freed_by_module 1)
if run_tool /tmp/shrinkstat.json 'measuring for' "$tools/shrinkstat" -d 12 --json; then
	m0=$(( $(freed_by_module 0) - m0 )) m1=$(( $(freed_by_module 1) - m1 ))
	j0=$(grep -o "\"name\": \"shrinkscope-testcache\", \"nid\": 0, \"memcg\": $ino, [^}]*" /tmp/shrinkstat.json | sed 's/.*"freed": //')
	j1=$(grep -o "\"name\": \"shrinkscope-testcache\", \"nid\": 1, \"memcg\": $ino, [^}]*" /tmp/shrinkstat.json | sed 's/.*"freed": //')
	if [ "$m0" -gt 0 ] && [ "$j0" = "$m0" ] && [ "$j1" = "$m1" ]; then
		pass "shrinkstat --json: test cache freed $j0 + $j1 on nodes 0 + 1 = module $m0 + $m1"
	else
		fail "shrinkstat --json agrees with the module" "json: ${j0:-none} ${j1:-none}, module $m0 $m1"
	fi
else
	fail "shrinkstat runs" "$(head -5 /tmp/shrinkstat.json)"
fi
cp /tmp/shrinkstat.json "$OUT/shrinkstat.json"
m0=$(freed_by_module 0)
if run_tool /tmp/shrinktop.out 'attached' "$tools/shrinktop" -i 12 -c 1 -n shrinkscope -N 0; then
	m0=$(( $(freed_by_module 0) - m0 ))
	t0=$(awk -v cg=/bpfx '$1 == "shrinkscope-testcache" && $2 == 0 && $3 == cg {print $7}' /tmp/shrinktop.out)
	others=$(awk 'NF == 10 && $1 != "SHRINKER" && $1 !~ /shrinkscope/' /tmp/shrinktop.out | wc -l)
	if [ "$m0" -gt 0 ] && [ "$t0" = "$m0" ] && [ "$others" -eq 0 ]; then
		pass "shrinktop -n shrinkscope -N 0: FREED $t0 for /bpfx = module $m0, no other rows"
	else
		fail "shrinktop agrees with the module and filters" "shrinktop ${t0:-none}, module $m0, other rows $others" "$(tail -5 /tmp/shrinktop.out)"
	fi
else
	fail "shrinktop runs" "$(head -5 /tmp/shrinktop.out)"
fi
cp /tmp/shrinktop.out "$OUT/shrinktop.out"
bad=0
for args in "-i 0" "-s nosuch" "-C /no/such/cgroup" "extra"; do
	out=$("$tools/shrinktop" $args 2>&1) && bad=1
	[ "$(wc -l <<<"$out")" -eq 1 ] || bad=1
done
if [ $bad -eq 0 ]; then
	pass "shrinktop rejects bad arguments with one line and a non-zero exit"
else
	fail "shrinktop rejects bad arguments with one line and a non-zero exit"
fi
rmmod shrinkscope_testcache
