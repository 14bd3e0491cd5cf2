# bpf/: the bpftrace scripts' figures are exactly the test cache's: its own
# counters, the batches do_shrink_slab() makes of a drop of a known size,
# and a trace-cmd recording of the same run; the libbpf tools likewise.
# ONELINERS.md's one-liners are 85-oneliners.sh.
. ./lib.sh
bpf=/host/bpf
ko=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
plan 17

# --- scripts against the test cache ---
# A batch size of its own (not SHRINK_BATCH) makes its batches its own.
insmod "$ko" batch=96 || { fail "test cache loads for the bpf checks"; exit 0; }
batch=$(cat /sys/module/shrinkscope_testcache/parameters/batch)
ino=$(new_cgroup bpfx)
objects="3000 2000"	# on node 0, node 1
tc_workload() {
	in_cgroup bpfx numactl --membind=0 sh -c "echo ${objects% *} 0 >$tc/populate"
	in_cgroup bpfx numactl --membind=1 sh -c "echo ${objects#* } 1 >$tc/populate"
	trace-cmd record -q -e vmscan:mm_shrink_slab_end -o /tmp/bpf-tc.dat -- \
		sh -c 'echo 2 >/proc/sys/vm/drop_caches' >/dev/null 2>&1
}
# freed_by_module NODE [MEMCG]: the module's count of objects it freed
freed_by_module() {
	awk -v i="${2:-$ino}" -v n="$1" '$1 == i && $2 == n {print $5; f = 1}
		END {if (!f) print 0}' "$tc/stats"
}
# bt_map OUT MAP: a map entry's figure summed over the intervals printed
bt_map() { awk -v map="$2" -f btmap.awk "$1"; }
# expected WHAT: the test cache's batches in a drop of $objects
expected() { awk -v batch="$batch" -v objects="$objects" -v what="$1" -f batches.awk; }
# bt_run NAME WORKLOAD ARGS...: bpf/NAME.bt ARGS around WORKLOAD, into
# /tmp/NAME.out and $OUT; one test line: it attached and stopped.
bt_run() {
	local name=$1 w=$2
	shift 2
	BT_WORKLOAD=$w run_bt "/tmp/$name.out" bpftrace "$bpf/$name.bt" "$@"
	ok_if $? "$name.bt attaches, traces the workload and stops on SIGINT"
	cp "/tmp/$name.out" "$OUT/$name.out"
}

# shrink_freed.bt printing running totals every second, the drop ending
# while it ticks: its last print is the module's count and trace-cmd's, and
# no print is below the one before (a clear between prints, or a call lost
# between a print and a clear, would show here).
tc_workload_idle() { tc_workload; sleep 2.5; }
bt_run shrink_freed tc_workload_idle 1
ticks=$(grep -cE '^[0-9]{2}:[0-9]{2}:[0-9]{2}$' /tmp/shrink_freed.out)
tcrep=$(raw_report /tmp/bpf-tc.dat)
for nid in 0 1; do
	m=$(freed_by_module $nid)
	b=$(awk -v totals=1 -v map="@freed[shrinkscope-testcache, $nid, $ino]" \
		-f btmap.awk /tmp/shrink_freed.out)
	t=$(gawk -f lib.awk -v ino="$ino" -v nid="$nid" -e 'parse() == "mm_shrink_slab_end" &&
		f["name"] == "shrinkscope-testcache" && f["memcg_id"] == ino && f["nid"] == nid {s += f["retval"]}
		END {print s + 0}' <<<"$tcrep")
	if [ -n "$m" ] && [ "$m" -gt 0 ] && [ "$m" = "$b" ] && [ "$m" = "$t" ] && [ "$ticks" -ge 2 ]; then
		pass "shrink_freed.bt: node $nid memcg $ino running total $b after $ticks intervals = module $m = trace-cmd $t"
	else
		fail "shrink_freed.bt's running total is the module's and trace-cmd's on node $nid" \
			"bpftrace ${b:-none} over $ticks intervals, module ${m:-none}, trace-cmd $t"
	fi
done

# For the host: the recording of that run and what the module counted, so
# that tests/post/80-analysis.sh checks the analyser against the module.
cp /tmp/bpf-tc.dat "$OUT/testcache-drop.dat"
echo "$ino $(freed_by_module 0) $(freed_by_module 1)" >"$OUT/testcache-freed.txt"

# lru_walks.bt: removals from the test cache's lru = the module's frees.
m0=$(( $(freed_by_module 0) + $(freed_by_module 1) ))
bt_run lru_walks tc_workload 3600
id=$(sed -n 's/^@name\[\([0-9]*\)\]: shrinkscope-testcache$/\1/p' /tmp/lru_walks.out)
removed=$(bt_map /tmp/lru_walks.out "@removed[$id]")
m=$(( $(freed_by_module 0) + $(freed_by_module 1) - m0 ))
if [ -n "$id" ] && [ "$m" -gt 0 ] && [ "${removed:-0}" -eq "$m" ]; then
	pass "lru_walks.bt: the test cache's lru (shrinker id $id) removed $removed = module's frees of the run"
else
	fail "lru_walks.bt agrees with the module" "id ${id:-none}, removed ${removed:-none}, module freed $m"
fi

# memcg_reclaim.bt: memory.reclaim on a cgroup whose only reclaimable
# slab objects are the test cache's: its memcg-reclaim frees are exactly
# the module's frees there, and no global reclaim touched it. The same
# commands run outside it first, so that the dentries and inodes of their
# lookups are cached and charged to the root, not to it.
rino=$(new_cgroup bpfr)
numactl --membind=0 sh -c "echo 0 0 >$tc/populate"
mr_workload() {
	in_cgroup bpfr numactl --membind=0 sh -c "echo 3000 0 >$tc/populate"
	echo 8M >/sys/fs/cgroup/bpfr/memory.reclaim 2>/dev/null
}
bt_run memcg_reclaim mr_workload 3600
m=$(( $(freed_by_module 0 "$rino") + $(freed_by_module 1 "$rino") ))
b=$(bt_map /tmp/memcg_reclaim.out "@objects_memcg_reclaim[$rino]")
g=$(bt_map /tmp/memcg_reclaim.out "@objects_global_reclaim[$rino]")
if [ "$m" -gt 0 ] && [ "${b:-0}" -eq "$m" ] && [ "${g:-0}" -eq 0 ]; then
	pass "memcg_reclaim.bt: memcg $rino freed $b objects by memcg reclaim = the test cache's $m, none by global reclaim"
else
	fail "memcg_reclaim.bt counts exactly the test cache's memcg reclaim of memcg $rino" \
		"bpftrace ${b:-none} (global ${g:-none}), module $m" "$(grep -v '^$' /tmp/memcg_reclaim.out | head -8)"
fi
# whatever memory.reclaim left stays out of the drops below
echo 1 >"$tc/drop"

# shrink_batches.bt and scan_latency.bt on a drop of $objects: one call
# per list (the later passes of drop_caches find them empty and trace
# nothing), with the batches do_shrink_slab() makes at priority 0 (see
# batches.awk). Exact as long as no other reclaim reaches the test cache
# during the drop: nothing else in this quiet guest reclaims it.
bt_run shrink_batches tc_workload 3600
key=shrinkscope-testcache bad_hist=()
for what in calls:batches_per_call asked:asked freed:freed_per_batch; do
	want=$(expected "${what%%:*}")
	have=$(bt_map /tmp/shrink_batches.out "@${what#*:}[$key]")
	[ "$want" = "$have" ] || bad_hist+=("@${what#*:}: want $(echo $want), have $(echo $have)")
done
if [ ${#bad_hist[@]} -eq 0 ]; then
	pass "shrink_batches.bt: the test cache's $(expected batches) batches of $batch in $(wc -l <<<"$(expected calls)") calls, asked and freed per batch, as do_shrink_slab() makes them"
else
	fail "shrink_batches.bt reports the test cache's batches exactly" "${bad_hist[@]}"
fi
other=$(grep -E "^@(short_calls|partial|stopped)\[$key\]" /tmp/shrink_batches.out)
if [ -z "$other" ]; then
	pass "shrink_batches.bt: no short call, partial batch or SHRINK_STOP of the test cache"
else
	fail "shrink_batches.bt: no short call, partial batch or SHRINK_STOP of the test cache" "$other"
fi
bt_run scan_latency tc_workload 3600
have=$(bt_map /tmp/scan_latency.out "@usecs[$key]" | awk -F'\t' '{s += $2} END {print s + 0}')
if [ "$have" -eq "$(expected batches)" ]; then
	pass "scan_latency.bt: $have timings of the test cache, one per batch of the drop"
else
	fail "scan_latency.bt times each of the test cache's $(expected batches) batches" "timed $have"
fi

# --- libbpf tools (build/bpf, from bpf/tools) against the test cache ---
tools=/host/build/bpf
# run_tool OUT READY-PATTERN CMD...: start (output to OUT, messages to
# OUT.err: JSON must stay JSON), wait for READY there, workload, wait
run_tool() {
	local out=$1 ready=$2
	shift 2
	"$@" >"$out" 2>"$out.err" &
	local pid=$!
	wait_for_line "$out.err" "$ready" 60 "$pid" || { kill "$pid" 2>/dev/null; wait "$pid"; return 1; }
	tc_workload
	wait "$pid"
}
# shrinkstat --json: its figures are read on the host (tests/post/80),
# through a JSON parser, against what the module counted here.
m0=$(freed_by_module 0) m1=$(freed_by_module 1)
if run_tool /tmp/shrinkstat.json 'measuring for' "$tools/shrinkstat" -d 12 --json; then
	m0=$(( $(freed_by_module 0) - m0 )) m1=$(( $(freed_by_module 1) - m1 ))
	echo "$ino $m0 $m1" >"$OUT/shrinkstat-module.txt"
	pass "shrinkstat --json ran over a drop of the test cache (module: $m0 + $m1 freed)"
else
	fail "shrinkstat --json runs" "$(head -5 /tmp/shrinkstat.json.err)"
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
	fail "shrinktop runs" "$(head -5 /tmp/shrinktop.out.err)"
fi
cp /tmp/shrinktop.out "$OUT/shrinktop.out"

# shrinktop's intervals under steady load: the BPF side keeps running
# totals and shrinktop prints differences, so the intervals add up to the
# module's frees exactly (reading rows, then deleting them, lost the calls
# that ended in between).
# At least four rounds as well: a guest slowed by a loaded host once
# managed two in the 8 s, and two rounds can land in two intervals.
steady_load() { # SECONDS ROUNDS: fill the test cache in bpfx and drop, over and over
	local end=$((SECONDS + $1)) n=0
	while [ $SECONDS -lt $end ] || [ $n -lt "$2" ]; do
		in_cgroup bpfx numactl --membind=0 sh -c "echo 400 0 >$tc/populate"
		in_cgroup bpfx numactl --membind=1 sh -c "echo 400 1 >$tc/populate"
		echo 2 >/proc/sys/vm/drop_caches
		n=$((n + 1))
	done
}
m=$(( $(freed_by_module 0) + $(freed_by_module 1) ))
"$tools/shrinktop" -i 1 -c 25 -n shrinkscope >/tmp/shrinktop-steady.out 2>/tmp/shrinktop-steady.err &
pid=$!
if wait_for_line /tmp/shrinktop-steady.err attached 60 "$pid"; then
	steady_load 8 4
	wait "$pid"
	rc=$?
	m=$(( $(freed_by_module 0) + $(freed_by_module 1) - m ))
	read -r t k < <(awk '/sorted by/ { i++ }
		$1 == "shrinkscope-testcache" && $3 == "/bpfx" { s += $7; seen[i] = 1 }
		END { print s + 0, length(seen) }' /tmp/shrinktop-steady.out)
	if [ $rc -eq 0 ] && [ "$m" -gt 0 ] && [ "$t" -eq "$m" ] && [ "$k" -ge 3 ]; then
		pass "shrinktop -i 1 under steady load: FREED over $k intervals $t = module $m"
	else
		fail "shrinktop's intervals add up to the module's frees under steady load" \
			"shrinktop $t over $k intervals (exit $rc), module $m" "$(tail -5 /tmp/shrinktop-steady.err)"
	fi
else
	kill "$pid"
	wait "$pid"
	fail "shrinktop starts for the steady-load check" "$(head -5 /tmp/shrinktop-steady.err)"
fi
cp /tmp/shrinktop-steady.out "$OUT/shrinktop-steady.out"

# shrinkstat --json with a cgroup named with a quote, a backslash and a
# tab: the host parses it (tests/post/80) and finds the name and its frees.
qname=$(printf 'q"b\\s\tt')
qino=$(new_cgroup "$qname")
q_workload() {
	in_cgroup "$qname" numactl --membind=0 sh -c "echo 1000 0 >$tc/populate"
	echo 2 >/proc/sys/vm/drop_caches
}
m=$(freed_by_module 0 "$qino")
"$tools/shrinkstat" -d 8 --json >/tmp/shrinkstat-q.json 2>/tmp/shrinkstat-q.err &
pid=$!
if wait_for_line /tmp/shrinkstat-q.err 'measuring for' 60 "$pid"; then
	q_workload
	wait "$pid"
	rc=$?
	echo "$qino $(( $(freed_by_module 0 "$qino") - m ))" >"$OUT/shrinkstat-quotes.txt"
	ok_if $rc "shrinkstat --json ran over a drop in a cgroup named with a quote, a backslash and a tab"
else
	kill "$pid"
	wait "$pid"
	fail "shrinkstat starts for the cgroup-name check" "$(head -5 /tmp/shrinkstat-q.err)"
fi
cp /tmp/shrinkstat-q.json "$OUT/shrinkstat-quotes.json"
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
