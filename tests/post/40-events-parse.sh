#!/bin/bash
# Host side of tests/guest/40 and 50: the host's trace-cmd (libtraceevent)
# parses every new and extended list_lru and vmscan event of the catalogue
# in the traces the guest recorded, with no [FAILED TO PARSE].
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: 40-events-parse.sh OUTDIR}
events=$(awk -F'\t' '!/^#/ && $1 != "vmpressure" {print $2}' "$top/tracepoints/events.tsv" | sort -u)
echo "1..4"	# each trace parses; every-event.dat holds every event
for dat in truth-add truth-drop every-event; do
	f=$out/$dat.dat
	if [ ! -s "$f" ]; then
		echo "not ok - guest recorded $dat.dat"
		[ "$dat" = every-event ] &&
			echo "not ok - $dat.dat holds every catalogued list_lru and vmscan event: no trace"
		continue
	fi
	rep=$(trace-cmd report -i "$f" 2>&1)
	n=$(grep -cE ' (list_lru_[a-z]+|mm_shrink_slab_[a-z]+|mm_shrinker_[a-z]+):' <<<"$rep")
	if [ "$n" -gt 0 ] && ! grep -q 'FAILED TO PARSE' <<<"$rep"; then
		echo "ok - host trace-cmd parses all $n events of $dat.dat"
	else
		echo "not ok - host trace-cmd parses $dat.dat ($n events, $(grep -c 'FAILED TO PARSE' <<<"$rep") failed)"
	fi
	[ "$dat" = every-event ] || continue
	missing=$(for e in $events; do grep -q " $e:" <<<"$rep" || echo "$e"; done | paste -sd' ')
	if [ -z "$missing" ]; then
		echo "ok - $dat.dat holds every catalogued list_lru and vmscan event ($(wc -w <<<"$events")), all parsed on the host"
	else
		echo "not ok - $dat.dat holds every catalogued list_lru and vmscan event: missing $missing"
	fi
done
