#!/bin/bash
# The analyser on a trace recorded in the guest, and shrinkstat's JSON of
# another drop, against the test cache's own counters of the same runs
# (written by tests/guest/80-bpf.sh). JSON is read through tests/lib/jq.sh.
out=${1:?usage: 80-analysis.sh OUTDIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
report=$top/analysis/shrinkscope-report
jq=$top/tests/lib/jq.sh
echo "1..4"
# freed_of FILE PATH NAME_KEY NODE_KEY NID MEMCG: the test cache's freed in
# its row of that node and memcg (all of them, should there be several)
freed_of() {
	"$jq" "$1" "$2" freed "$3=shrinkscope-testcache" "$4=$5" "memcg=$6" 2>&1 | paste -sd' '
}
if read -r ino m0 m1 2>/dev/null <"$out/testcache-freed.txt" &&
   make -s -C "$top/analysis" >/dev/null 2>&1 &&
   "$report" report --json "$out/testcache-drop.dat" >"$out/testcache-drop.json" 2>"$out/testcache-drop.err"; then
	for nid in 0 1; do
		m=$m0
		[ $nid -eq 1 ] && m=$m1
		a=$(freed_of "$out/testcache-drop.json" shrinkers shrinker node $nid "$ino")
		if [ -n "$m" ] && [ "$m" -gt 0 ] && [ "$a" = "$m" ]; then
			echo "ok - analyser: test cache freed $a on node $nid in memcg $ino = the module's own count"
		else
			echo "not ok - analyser agrees with the test cache's count on node $nid: analyser ${a:-none}, module ${m:-none}"
		fi
	done
else
	for nid in 0 1; do
		echo "not ok - analyser reads the guest's testcache-drop.dat (node $nid): $(head -c 200 "$out/testcache-drop.err" 2>/dev/null)"
	done
fi
if read -r ino m0 m1 2>/dev/null <"$out/shrinkstat-module.txt"; then
	j0=$(freed_of "$out/shrinkstat.json" shrinkers name nid 0 "$ino")
	j1=$(freed_of "$out/shrinkstat.json" shrinkers name nid 1 "$ino")
	if [ "$m0" -gt 0 ] && [ "$j0" = "$m0" ] && [ "$j1" = "$m1" ]; then
		echo "ok - shrinkstat --json: test cache freed $j0 + $j1 on nodes 0 + 1 = module $m0 + $m1"
	else
		echo "not ok - shrinkstat --json agrees with the module: json ${j0:-none} ${j1:-none}, module $m0 $m1"
	fi
else
	echo "not ok - guest wrote shrinkstat-module.txt (shrinkstat ran)"
fi
# The cgroup named q"b\s<TAB>t: valid JSON, its path as named (jq.sh prints
# a backslash as \\ and a tab as \t), its frees the module's.
if read -r qino m 2>/dev/null <"$out/shrinkstat-quotes.txt"; then
	p=$("$jq" "$out/shrinkstat-quotes.json" memcgs path "memcg=$qino" 2>&1)
	j=$(freed_of "$out/shrinkstat-quotes.json" shrinkers name nid 0 "$qino")
	if [ "$p" = '/q"b\\s\tt' ] && [ "$m" -gt 0 ] && [ "$j" = "$m" ]; then
		echo "ok - shrinkstat --json: a cgroup named with a quote, a backslash and a tab parses back as named, freed $j = module $m"
	else
		echo "not ok - shrinkstat --json escapes cgroup names: path ${p:-none}, freed ${j:-none}, module $m"
	fi
else
	echo "not ok - guest wrote shrinkstat-quotes.txt (shrinkstat ran in the quoted cgroup)"
fi
