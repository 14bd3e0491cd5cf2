#!/bin/bash
# fuzz/run.sh DIR SECONDS: both fuzzers for SECONDS, side by side, nice'd:
# fuzz_trace over trace.dat inputs, fuzz_cli over command lines. DIR holds
# the built fuzzers (fuzz.mk), and gets the seeds (small traces cut from
# the fixtures by mkseed), the corpora, the logs and crashes/. Prints each
# fuzzer's figures; exits 1 on any crash, leak, timeout or out-of-memory,
# naming the reproducer (rerun it: DIR/fuzz_trace FILE).
set -uo pipefail
fz=$(cd "$1" && pwd) secs=$2
an=$(cd "$(dirname "$0")/.." && pwd)
fx=$an/tests/fixtures
mkdir -p "$fz/crashes" "$fz/corpus-trace" "$fz/corpus-cli"

seeds() {
	local f v6
	mkdir -p "$fz/traces"
	v6=$(mktemp)
	for f in series-drop base-drop series-lru series-pressure; do
		trace-cmd convert -i "$fx/$f.dat" --file-version 6 \
			--compression none -o "$v6" >/dev/null 2>&1 &&
		"$fz/mkseed" "$v6" "$fz/traces/$f-v6.dat" 2 &&
		trace-cmd convert -i "$fz/traces/$f-v6.dat" --file-version 7 \
			--compression zstd -o "$fz/traces/$f-v7z.dat" >/dev/null 2>&1 &&
		trace-cmd convert -i "$fz/traces/$f-v6.dat" --file-version 7 \
			--compression none -o "$fz/traces/$f-v7.dat" >/dev/null 2>&1 ||
			{ rm -f "$v6"; echo "fuzz: cannot make seeds from $f.dat" >&2; exit 2; }
	done
	rm -f "$v6"
	# command lines: NUL-separated arguments, @N a seed trace
	local i=0 c
	for c in 'report @0' 'report --json @1' 'report --csv --bucket=2 @2 @3' \
		'report --allow-lost --bucket 0.5 @4' \
		'compare --base @0 @3 @6 --cand @1 @4 @7' \
		'compare --format=mail --threshold=5 --base-name=a --cand-name=b --scenario=s --reproduce=r --base @0 --cand @1' \
		'compare --json --shrinker=sb-.* --confidence=90 --base @2 @2 @2 --cand @5 @5 @5' \
		'compare --csv --min-objects=10 --base @9 @10 --cand @11 @9' \
		'report --frobnicate @0' 'compare --base @0 --cand'; do
		printf '%s' "$c" | tr ' ' '\0' >"$fz/corpus-cli/seed$((i++))"
	done
	touch "$fz/traces/.done"
}
[ -f "$fz/traces/.done" ] || seeds

# run NAME RSS_MB ARGS...: one fuzzer, its log in DIR/NAME.log
run() {
	local name=$1 rss=$2
	shift 2
	# -timeout above the analyser's own 30 s for a header parse
	nice -n 10 "$fz/$name" -max_total_time="$secs" -timeout=45 \
		-rss_limit_mb="$rss" -print_final_stats=1 \
		-artifact_prefix="$fz/crashes/$name-" "$@" >"$fz/$name.log" 2>&1
}
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$an/fuzz/lsan.supp:print_suppressions=0}
# what libFuzzer leaves in crashes/: crash-, leak-, timeout-, oom- files
# fail the run; slow-unit- files (an input over 10 s, which a loaded
# machine produces) are only named
artifacts() { ls -t "$fz/crashes" | grep -v -- '-slow-unit-'; }
before=$(artifacts | wc -l)
run fuzz_trace 2048 -dict="$an/fuzz/trace.dict" "$fz/corpus-trace" "$fz/traces" &
t=$!
# a command that fails leaves its memory behind, as exit() would: an hour
# in one process ran out of mappings, so a long run of fuzz_cli is in
# libFuzzer's fork mode, a fresh process every few seconds (a short one
# would spend its time re-reading the corpus there)
fork=
[ "$secs" -le 300 ] || fork=-fork=1
SHRINKSCOPE_FUZZ_TRACES=$fz/traces ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 \
	run fuzz_cli 2048 $fork -detect_leaks=0 \
	-dict="$an/fuzz/cli.dict" "$fz/corpus-cli" &
c=$!
wait $t
rt=$?
wait $c
rc=$?

# figures: executions, speed, coverage, corpus
for name in fuzz_trace fuzz_cli; do
	log=$fz/$name.log
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	# fork mode: "#RUNS: cov: ... exec/s N ..." lines instead
	[ -n "$runs" ] || runs=$(sed -nE 's/^#([0-9]+): cov:.*/\1/p' "$log" | tail -1)
	[ -n "$speed" ] || speed=$(sed -nE 's/^#[0-9]+: .*exec\/s ([0-9]+).*/\1/p' "$log" | tail -1)
	cov=$(grep -aoE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
	echo "$name: ${runs:-?} runs, ${speed:-?}/s, ${cov:-no coverage line} ($log)"
done
new=$(artifacts | head -n $(($(artifacts | wc -l) - before)))
slow=$(ls "$fz/crashes" | grep -c -- '-slow-unit-')
[ "$slow" -eq 0 ] || echo "fuzz: $slow input(s) took over 10 s (not failures): $fz/crashes/*-slow-unit-*"
if [ $rt -ne 0 ] || [ $rc -ne 0 ] || [ -n "$new" ]; then
	for f in $new; do
		echo "fuzz: reproducer $fz/crashes/$f"
	done
	grep -a -h -m3 -E "ERROR: |SUMMARY: |runtime error" "$fz/fuzz_trace.log" "$fz/fuzz_cli.log"
	exit 1
fi
