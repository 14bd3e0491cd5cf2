#!/usr/bin/env bash
# kswapd-passes.sh RESULTS_DIR: for a make regress results directory, per
# run of each side: kswapd's passes, the share that ended after priority 12
# and the direct reclaim windows (vm/kswapd-passes.awk over trace-cmd
# report), then the exact rank-sum p of each figure between the sides.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dir=${1:?usage: kswapd-passes.sh RESULTS_DIR (a make regress results directory)}
command -v trace-cmd >/dev/null || die "trace-cmd is missing (make deps)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for side in base cand; do
	ls -d "$dir/$side"/*/ >/dev/null 2>&1 || die "$dir/$side has no runs"
	for run in "$dir/$side"/*/; do
		[ -s "$run/trace.dat" ] || die "$run has no trace.dat"
	done
	for run in "$dir/$side"/*/; do
		trace-cmd report -i "$run/trace.dat" 2>/dev/null |
			awk -f "$TOP/vm/kswapd-passes.awk"
	done |
	# one summary line; each figure's per-run values a line in its file
	awk -v s=$side -v share="$tmp/share" -v windows="$tmp/windows" '
		{ p += $2; e += $4; w = w " " $6
		  shown = shown " " ($2 ? sprintf("%.2f", $4 / $2) : "-")
		  if ($2) tested = tested sprintf(" %.4f", $4 / $2) }
		END { printf "%s: %d runs, passes %d, ended at 12 %d (%.0f%%), per run%s; direct reclaim windows per run%s\n",
			s, NR, p, e, p ? 100 * e / p : 0, shown, w
		      print s ":" tested >>share; print s ":" w >>windows }'
done
for figure in share windows; do
	printf '%s: ' "$figure"
	awk -f "$TOP/vm/ranksum.awk" "$tmp/$figure"
done
