#!/bin/bash
# On the base kernel (stock 6.1 events only): the bpf tools say what they
# cannot measure and never print zeros for it. Run by tests/regress/40,
# which also reads shrinkstat's JSON (stat.json) on the host.
cd /host/tests/guest && . ./lib.sh
tools=/host/build/bpf
out=/out/base-tools.tap
: >"$out"
workload() { populate_files /var/tmp/bt 2000; echo 2 >/proc/sys/vm/drop_caches; }
{
plan 3
"$tools/shrinktop" -i 8 -c 1 >/tmp/top.out 2>&1 &
pid=$!
wait_for_line /tmp/top.out attached 60 "$pid" && workload
wait $pid
rows=$(awk 'NF == 10 && $1 != "SHRINKER"' /tmp/top.out)
bad=$(awk '$6 != "-" || $8 != "-" || $9 != "-"' <<<"$rows" | grep -c .)
if grep -q 'no vmscan:mm_shrink_slab_batch' /tmp/top.out && [ -n "$rows" ] && [ "$bad" -eq 0 ]; then
	echo "ok - shrinktop on base: says SCANNED is not measured and prints - there ($(wc -l <<<"$rows") rows, named $(awk '{print $1}' <<<"$rows" | sort -u | head -3 | paste -sd,))"
else
	echo "not ok - shrinktop on base marks what it cannot measure ($bad rows with numbers)"
	sed 's/^/#   /' /tmp/top.out | head -8
fi
"$tools/shrinkstat" -d 8 --json >/tmp/stat.json 2>/tmp/stat.err &
pid=$!
wait_for_line /tmp/stat.err measuring 60 "$pid" && workload
wait $pid
cp /tmp/stat.json /tmp/stat.err /out/ 2>/dev/null
msg=$("$tools/shrinktop" -C /x 2>&1) && st=0 || st=$?
if [ "$st" -ne 0 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && grep -q 'shrinkscope series' <<<"$msg"; then
	echo "ok - shrinktop -C on base: one line, exit $st: $msg"
else
	echo "not ok - shrinktop -C on base refuses in one line: $msg"
fi
timeout 120 bpftrace /host/bpf/shrink_freed.bt >/tmp/bt.out 2>&1 && st=0 || st=$?
if [ "$st" -ne 0 ] && grep -qi 'name\|field' /tmp/bt.out; then
	echo "ok - shrink_freed.bt on base stops with bpftrace's error: $(grep -m1 -i 'error' /tmp/bt.out | cut -c1-100)"
else
	echo "not ok - shrink_freed.bt on base stops with an error (exit $st)"
fi
} >"$out"
