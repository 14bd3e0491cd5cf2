#!/bin/bash
# Host side of tests/guest/70: the host's trace-cmd parses the
# vmpressure_notify events the guest recorded, with no [FAILED TO PARSE].
out=${1:?usage: 70-vmpressure-parse.sh OUTDIR}
echo "1..1"
f=$out/vmpressure.dat
[ -s "$f" ] || { echo "not ok - guest recorded vmpressure.dat"; exit 0; }
rep=$(trace-cmd report -i "$f" 2>&1)
n=$(grep -c ' vmpressure_notify:' <<<"$rep")
if [ "$n" -gt 0 ] && ! grep -q 'FAILED TO PARSE' <<<"$rep" &&
   grep -qE ' vmpressure_notify: +memcg_id=[0-9]+ level=(low|medium|critical) ' <<<"$rep"; then
	echo "ok - host trace-cmd parses all $n vmpressure_notify events of vmpressure.dat, levels by name"
else
	echo "not ok - host trace-cmd parses vmpressure.dat ($n events, $(grep -c 'FAILED TO PARSE' <<<"$rep") failed)"
	grep -m3 'vmpressure_notify' <<<"$rep" | sed 's/^/#   /'
fi
