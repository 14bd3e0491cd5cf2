#!/usr/bin/env bash
# bench-analysis-insns.sh: the analyser's instructions per event, counted by
# valgrind's callgrind on the host (perf has no hardware counters on these
# machines; callgrind's count is the same on every run, however loaded the
# machine is), beside trace-cmd report's on the same trace in the same run.
# Three figures of ours: the whole run (start-up, libtracecmd's open,
# reading, aggregation, the text report), the read loop (trace_read:
# libtracecmd's record iteration plus ours) and our own work per record
# (on_record: checks, decode, aggregation). Results: build/bench/insns-analysis/.
#   vm/bench-analysis-insns.sh [TRACE.dat]   default: the committed
#                                            series-pressure.dat fixture
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$TOP/build/bench/insns-analysis
dat=${1:-$TOP/analysis/tests/fixtures/series-pressure.dat}
report=$TOP/analysis/shrinkscope-report
[ -r "$dat" ] || die "bench-analysis-insns: cannot read $dat"
command -v valgrind >/dev/null || die "bench-analysis-insns: valgrind missing (run: make deps)"
rm -rf "$out"
mkdir -p "$out"
make -s -C "$TOP/analysis" >/dev/null

# instructions NAME [TOGGLE] -- CMD...: callgrind's total, counting only
# inside TOGGLE (a function, callees included) when given
instructions() {
	local name=$1 toggle=$2 total
	shift 3
	valgrind --tool=callgrind --callgrind-out-file="$out/$name.cg" \
		${toggle:+--toggle-collect=$toggle} "$@" >/dev/null 2>"$out/$name.err" ||
		die "bench-analysis-insns: $name failed under callgrind (see $out/$name.err)"
	total=$(awk '$1 == "totals:" { print $2 }' "$out/$name.cg")
	# a renamed or inlined toggle function counts nothing: never a cost of 0
	[ "${total:-0}" -gt 0 ] ||
		die "bench-analysis-insns: callgrind counted no instruction for $name${toggle:+ inside $toggle}"
	echo "$total"
}

events=$("$report" report "$dat" | awk '/^== Trace files/ { getline; getline; print $2 }')
[ "${events:-0}" -gt 0 ] || die "bench-analysis-insns: could not count the events of $dat"
tc_events=$(trace-cmd report -i "$dat" 2>/dev/null | grep -cE '\[[0-9]+\] +[0-9]+\.[0-9]+: ' || true)
[ "$tc_events" = "$events" ] ||
	die "bench-analysis-insns: trace-cmd report shows $tc_events events of $dat, the analyser $events"

say "counting instructions under callgrind ($events events, 4 runs)"
whole=$(instructions whole "" -- "$report" report "$dat")
loop=$(instructions loop trace_read -- "$report" report "$dat")
ours=$(instructions ours on_record -- "$report" report "$dat")
tc=$(instructions trace-cmd "" -- trace-cmd report -i "$dat")

awk -v n="$events" -v w="$whole" -v l="$loop" -v o="$ours" -v t="$tc" \
	-v dat="$(basename "$dat")" 'BEGIN {
	printf "analyser instructions per event (callgrind, %s, %d events):\n", dat, n
	printf "  %-52s %14s %10s\n", "", "instructions", "per event"
	printf "  %-52s %14.0f %10.0f\n", "shrinkscope-report report, whole run", w, w / n
	printf "  %-52s %14.0f %10.0f\n", "  its read loop (libtracecmd + ours, trace_read)", l, l / n
	printf "  %-52s %14.0f %10.0f\n", "  its work per record (decode, aggregate: on_record)", o, o / n
	printf "  %-52s %14.0f %10.0f\n", "trace-cmd report, whole run", t, t / n
	printf "  trace-cmd report / analyser, whole runs: %.1fx\n", t / w
}' | tee "$out/summary.txt"
