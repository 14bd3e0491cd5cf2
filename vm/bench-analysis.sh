#!/usr/bin/env bash
# bench-analysis.sh: events per second of the analyser against
# `trace-cmd report` and against `trace-cmd report` piped through the
# kernel's trace-vmscan-postprocess.pl, on one large trace recorded in the
# guest, in one run, with peak memory. Results: build/bench/analysis/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$TOP/build/bench/analysis
rm -rf "$out"
mkdir -p "$out"
"$TOP/vm/kernel-build.sh" series
"$TOP/vm/module-build.sh" series
make -s -C "$TOP/analysis" >/dev/null
"$TOP/vm/qemu-run.sh" -k series -o "$out/guest" -- vm/guest/bench/bigtrace.sh
perl_pp=$(KTREES)/series/Documentation/trace/postprocess/trace-vmscan-postprocess.pl
# trace-cmd 3 compresses trace.dat (zstd) by default; decompression is work
# both readers share, so the same trace is measured as recorded and
# uncompressed.
raw=$out/big-uncompressed.dat
trace-cmd convert -i "$out/guest/big.dat" --compression none -o "$raw" >/dev/null 2>&1 ||
	die "trace-cmd convert could not uncompress $out/guest/big.dat"
measure() { # NAME CMD: "seconds peak_kb"
	/usr/bin/time -f '%e %M' -o "$out/$1.time" bash -c "$2" >/dev/null 2>"$out/$1.err" ||
		{ echo "$1 failed: $(tail -1 "$out/$1.err")" >&2; echo "nan nan"; return; }
	cat "$out/$1.time"
}
bench_one() { # LABEL DAT
	local dat=$2 events t_ours m_ours t_tc m_tc t_pl m_pl
	events=$("$TOP/analysis/shrinkscope-report" report "$dat" | awk '/^== Trace files/ {getline; getline; print $2}')
	[ "${events:-0}" -gt 0 ] || die "could not count the events of $dat"
	read -r t_ours m_ours < <(measure analyser "'$TOP/analysis/shrinkscope-report' report '$dat'")
	read -r t_tc m_tc < <(measure trace-cmd "trace-cmd report -i '$dat'")
	read -r t_pl m_pl < <(measure perl "trace-cmd report -i '$dat' | perl '$perl_pp'")
	awk -v n="$events" -v a="$t_ours" -v b="$t_tc" -v c="$t_pl" -v ma="$m_ours" -v mb="$m_tc" \
		-v mc="$m_pl" -v label="$1" -v size="$(du -m "$dat" | cut -f1)" 'BEGIN {
		printf "analyser speed on %d events, trace.dat %s (%s MB):\n", n, label, size
		printf "  %-48s %8s %12s %8s\n", "", "seconds", "events/s", "peak MB"
		printf "  %-48s %8.2f %12.0f %8.1f\n", "shrinkscope-report report", a, n / a, ma / 1024
		printf "  %-48s %8.2f %12.0f %8.1f\n", "trace-cmd report", b, n / b, mb / 1024
		printf "  %-48s %8.2f %12.0f %8.1f\n", "trace-cmd report | trace-vmscan-postprocess.pl", c, n / c, mc / 1024
		printf "  analyser / trace-cmd report: %.1fx   analyser / perl pipeline: %.1fx\n", b / a, c / a
	}'
}
{
	bench_one "as recorded (zstd)" "$out/guest/big.dat"
	bench_one "uncompressed" "$raw"
} | tee "$out/summary.txt"
