#!/usr/bin/env bash
# summary.sh TRACE.DAT: objects freed per shrinker and node, from the
# mm_shrink_slab_end events of a trace (the lab's first report).
set -euo pipefail
dat=${1:?usage: summary.sh TRACE.DAT}
[ -s "$dat" ] || { echo "summary: $dat: missing or empty" >&2; exit 1; }
report=$(trace-cmd report -i "$dat" 2>/dev/null) || { echo "summary: $dat: trace-cmd cannot read it" >&2; exit 1; }
grep -q 'mm_shrink_slab_end:' <<<"$report" ||
	{ echo "summary: $dat: no vmscan:mm_shrink_slab_end events" >&2; exit 1; }
awk '
/mm_shrink_slab_end:/ {
	name = ""
	for (i = 1; i <= NF; i++) {
		if ($i ~ /mm_shrink_slab_end:/) { fn = $(i + 1); ptr = $(i + 2) }
		if ($i == "nid:") nid = $(i + 1)
		if ($i == "val") freed = $(i + 1)
		if ($i == "name") name = $(i + 1)
	}
	# the series kernel names shrinkers; the base kernel gives a function
	if (name != "") fn = name
	sub(/\+0x.*/, "", fn); sub(/:$/, "", ptr)
	key = fn " " ptr " " nid
	calls[key]++; total[key] += freed
}
END {
	printf "%-28s %-18s %4s %8s %10s\n", "shrinker", "instance", "nid", "calls", "freed"
	for (k in calls) {
		split(k, f, " ")
		printf "%-28s %-18s %4s %8d %10d\n", f[1], f[2], f[3], calls[k], total[k]
	}
}' <<<"$report" | { read -r h; echo "$h"; sort -k5,5nr; }
