#!/bin/bash
# Host side of tests/guest/40-events-truth.sh: the host's trace-cmd
# (libtraceevent) parses every new and extended event the guest recorded.
out=${1:?usage: 40-events-parse.sh OUTDIR}
for dat in truth-add truth-drop; do
	f=$out/$dat.dat
	[ -s "$f" ] || { echo "not ok - guest recorded $dat.dat"; continue; }
	rep=$(trace-cmd report -i "$f" 2>&1)
	n=$(grep -cE ' (list_lru_[a-z]+|mm_shrink_slab_[a-z]+):' <<<"$rep")
	if [ "$n" -gt 0 ] && ! grep -q 'FAILED TO PARSE' <<<"$rep"; then
		echo "ok - host trace-cmd parses all $n events of $dat.dat"
	else
		echo "not ok - host trace-cmd parses $dat.dat ($n events, $(grep -c 'FAILED TO PARSE' <<<"$rep") failed)"
	fi
done
