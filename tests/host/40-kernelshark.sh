#!/bin/bash
# Host test: the KernelShark plugin (analysis/kernelshark/). It builds
# warning-free and its pairing passes its unit test. Each committed fixture,
# and two traces cut from them (calls cut by the trace's edges; start
# events missing), is loaded through libkshark with the plugin and no
# window (ssks-calls), and what the plugin paired must equal:
#  - per call (pid, CPUs, start and end times in ns, shr, node, freed,
#    batches, scanned): a pairing done here in awk on `trace-cmd report -R
#    -t` text, with none of the plugin's or the analyser's code;
#  - per shrinker x shr x node x memcg (calls, freed, name): the analyser's
#    `shrinkscope-report report --json`.
# The analyser's bad inputs (analysis/tests/mkbad.sh) and a trace without
# end events never crash it. Then `make view TRACE=...` under Xvfb: the
# window comes up, the screenshot holds the plugin's node colours and the
# plugin reports as many calls as ssks-calls found; kernelshark without the
# plugin shows neither colour.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
an=$top/analysis
ks=$an/kernelshark
fx=$an/tests/fixtures
plugin=$ks/plugin-shrinkscope.so
calls=$ks/ssks-calls
jq=$top/tests/lib/jq.sh
tmp=$(mktemp -d)
groups=()	# process groups this test started (Xvfb, kernelshark)
cleanup() {
	local g
	for g in "${groups[@]}"; do
		kill -- "-$g" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

# --- inputs, made before the plan: its size depends on them --------------
bash "$an/tests/mkbad.sh" "$tmp/bad" >/dev/null 2>&1
bad=("$tmp"/bad/*.dat)
[ -e "${bad[0]}" ] || bad=()
traces=("$fx"/*.dat "$tmp/cut.dat" "$tmp/nostart.dat")
# build, unit; two per trace; bad inputs and no-end; four GUI; view error
echo "1..$((2 + 2 * ${#traces[@]} + ${#bad[@]} + 1 + 4 + 1))"

if ! make -C "$ks" -s >"$tmp/build.log" 2>&1; then
	fail "kernelshark plugin builds (-Wall -Wextra -Werror)" \
		"$(tail -n 20 "$tmp/build.log")"
	exit 0
fi
pass "kernelshark plugin builds (-Wall -Wextra -Werror)"
make -C "$ks" -s check >"$tmp/unit.log" 2>&1
rc=$?
units=$(grep -c '^ok - ' "$tmp/unit.log")
if [ $rc -eq 0 ] && [ "$(tail -n1 "$tmp/unit.log")" = "1..$units" ]; then
	pass "kernelshark pairing unit test: $units checks pass (make -C analysis/kernelshark check)"
else
	fail "kernelshark pairing unit test (make -C analysis/kernelshark check)" \
		"$(grep -v '^ok - ' "$tmp/unit.log" | head -20)"
fi
make -C "$an" -s >"$tmp/an.log" 2>&1 || cat "$tmp/an.log" >&2

# A trace cut by time (trace-cmd split): the ext4 superblock shrinker's
# call on node 0 starts before 16.3 s, the one on node 1 ends after 16.5 s.
# Its name must end in .dat for libkshark.
trace-cmd split -i "$fx/base-drop.dat" -o "$tmp/cut.dat" 16.3 16.5 \
	>/dev/null 2>&1 && mv "$tmp/cut.dat.1" "$tmp/cut.dat"
# Traces whose start or end events are gone: the event renamed in the
# formats of an uncompressed copy (same length, byte for byte otherwise),
# so nothing knows it.
trace-cmd convert -i "$fx/series-drop.dat" --file-version 6 \
	--compression none -o "$tmp/v6.dat" >/dev/null 2>&1
LC_ALL=C sed 's/name: mm_shrink_slab_start$/name: mm_shrink_slab_stXrt/' \
	"$tmp/v6.dat" >"$tmp/nostart.dat"
LC_ALL=C sed 's/name: mm_shrink_slab_end$/name: mm_shrink_slab_eXd/' \
	"$tmp/v6.dat" >"$tmp/noend.dat"

# oracle FILE: one line per call from trace-cmd's raw text, as the plugin
# prints them: pid cpu0 cpu1 t0 t1 shr nid freed batches scanned. A call
# is start -> batches -> end in one task; a batch or an end joins the open
# call only if it names the same shr; an end without one is a call with no
# start; a start with no end stays open ("-" for what is not there).
# scanned: the end's scanned where the trace has it, else the batches'.
oracle() {
	trace-cmd report -R -t -i "$1" 2>/dev/null | awk '
	function field(name,    i) {
		for (i = 1; i <= nf; i++)
			if (index(kv[i], name "=") == 1)
				return substr(kv[i], length(name) + 2)
		return "-"
	}
	function out(k) {
		print pid[k], c0[k], c1[k], t0[k], t1[k], shr[k], nid[k], fr[k], nb[k], sc[k]
	}
	function call(p, s, cpu) {
		n++
		pid[n] = p; c0[n] = cpu; c1[n] = -1; t0[n] = "-"; t1[n] = "-"
		shr[n] = s; nid[n] = field("nid"); fr[n] = "-"; nb[n] = 0; sc[n] = "-"
		return n
	}
	match($0, /-[0-9]+ +\[[0-9]+\] +[0-9]+\.[0-9]+: [a-z_0-9]+: /) {
		split(substr($0, RSTART + 1, RLENGTH - 3), h, /[] []+/)
		p = h[1]; cpu = h[2] + 0; ev = h[4]; sub(/:$/, "", ev)
		split(h[3], tt, ".")
		ts = sprintf("%.0f", tt[1] * 1000000000 + tt[2])
		nf = split(substr($0, RSTART + RLENGTH), kv, / +/)
		s = field("shr")
		k = open[p]
		if (ev == "mm_shrink_slab_start") {
			if (k)
				out(k)
			k = open[p] = call(p, s, cpu)
			t0[k] = ts
		} else if (ev == "mm_shrink_slab_batch" && k && shr[k] == s) {
			nb[k]++
			sc[k] = (sc[k] == "-" ? 0 : sc[k]) + field("nr_scanned")
		} else if (ev == "mm_shrink_slab_end") {
			if (k && shr[k] != s) {
				out(k)
				k = 0
			}
			if (!k) {
				k = call(p, s, cpu)
				c0[k] = -1
			}
			c1[k] = cpu; t1[k] = ts; fr[k] = field("retval")
			if (field("scanned") != "-")
				sc[k] = field("scanned")
			out(k)
			open[p] = 0
		}
	}
	END { for (p in open) if (open[p]) out(open[p]) }'
}

# plugin_calls OUT: ssks-calls output, the call lines in oracle order
plugin_calls() {
	awk -F'\t' '$1 == "call" { print $2, $3, $4, $5, $6, $7, $8, $12, $14, $13 }' "$1"
}

# plugin_rows OUT: per name|shr|node|memcg, calls (ends) and freed
plugin_rows() {
	awk -F'\t' '$1 == "call" && $6 != "-" {
		k = $10 "|" $7 "|" $8 "|" $9
		n[k]++; f[k] += $12
	}
	END { for (k in n) print k, n[k], f[k] }' "$1"
}

# analyser_rows FILE: the same from shrinkscope-report's JSON
analyser_rows() {
	"$an/shrinkscope-report" report --json "$1" >"$tmp/an.json" 2>"$tmp/an.err" ||
		return 1
	"$jq" --null=- "$tmp/an.json" shrinkers shrinker,shr,node,memcg,calls,freed |
		awk -F'\t' '$5 > 0 { print $1 "|" $2 "|" $3 "|" $4, $5, $6 }'
}

for t in "${traces[@]}"; do
	name=$(basename "$t")
	out=$tmp/$name.out
	if ! "$calls" -p "$plugin" "$t" >"$out" 2>"$tmp/$name.err"; then
		fail "kernelshark $name: per-call intervals equal trace-cmd report's" \
			"ssks-calls failed:" "$(tail -n 5 "$tmp/$name.err")"
		fail "kernelshark $name: per-shrinker calls and freed equal the analyser's"
		continue
	fi
	oracle "$t" | sort >"$tmp/o.txt"
	plugin_calls "$out" | sort >"$tmp/p.txt"
	n=$(wc -l <"$tmp/p.txt")
	what="kernelshark $name: $n calls, per call pid, CPUs, start, end (ns), shr, node, freed, batches, scanned equal trace-cmd report's"
	if [ ! -s "$tmp/o.txt" ] && [ "$name" != series-mount.dat ]; then
		fail "$what" "the oracle found no call in trace-cmd report's text"
	elif cmp -s "$tmp/o.txt" "$tmp/p.txt"; then
		pass "$what"
	else
		fail "$what" "trace-cmd (<) vs plugin (>):" \
			"$(diff "$tmp/o.txt" "$tmp/p.txt" | head -10)"
	fi
	plugin_rows "$out" | sort >"$tmp/pr.txt"
	if analyser_rows "$t" >"$tmp/ar.raw"; then
		sort "$tmp/ar.raw" >"$tmp/ar.txt"
		rows=$(wc -l <"$tmp/ar.txt")
		if [ "$rows" -gt 0 ] && cmp -s "$tmp/ar.txt" "$tmp/pr.txt"; then
			pass "kernelshark $name: $rows rows of calls and freed per shrinker, shr, node, memcg equal shrinkscope-report's"
		else
			fail "kernelshark $name: calls and freed per shrinker, shr, node, memcg equal shrinkscope-report's" \
				"analyser (<) vs plugin (>):" "$(diff "$tmp/ar.txt" "$tmp/pr.txt" | head -10)"
		fi
	elif grep -q 'no vmscan:mm_shrink_slab_start/end events' "$tmp/an.err" &&
	     [ ! -s "$tmp/pr.txt" ]; then
		pass "kernelshark $name: no shrink events, no calls (the analyser refuses it: $(cat "$tmp/an.err"))"
	else
		fail "kernelshark $name: calls and freed equal shrinkscope-report's" \
			"analyser: $(cat "$tmp/an.err")"
	fi
done

# Bad input: ssks-calls refuses what would crash libkshark (exit 2, one
# line), and on what libkshark loads the plugin reports and never crashes.
for b in "${bad[@]}"; do
	name=$(basename "$b")
	"$calls" -p "$plugin" "$b" >"$tmp/b.out" 2>"$tmp/b.err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(grep -c . "$tmp/b.err")" -eq 1 ]; then
		pass "kernelshark bad input $name: refused before libkshark opens it ($(cat "$tmp/b.err"))"
	elif [ $rc -eq 0 ] && grep -q '^summary' "$tmp/b.out" &&
	     grep -q "^shrinkscope: .*$name: [0-9]* shrinker calls" "$tmp/b.err"; then
		pass "kernelshark bad input $name: loaded, the plugin reports $(grep -o '[0-9]* shrinker calls' "$tmp/b.err")"
	else
		fail "kernelshark bad input $name: no crash, refused or reported (exit $rc)" \
			"$(tail -n 3 "$tmp/b.err")"
	fi
done
# Without end events every start stays open: as many open calls as
# trace-cmd shows starts; without start events no call has one.
starts=$(trace-cmd report -i "$tmp/noend.dat" 2>/dev/null | grep -c 'mm_shrink_slab_start:')
"$calls" -p "$plugin" "$tmp/noend.dat" >"$tmp/ne.out" 2>"$tmp/ne.err"
rc=$?
open=$(awk -F'\t' '$1 == "call" && $6 == "-" && $5 != "-"' "$tmp/ne.out" | wc -l)
ns=$(awk -F'\t' '$1 == "call" { n++; if ($5 == "-") m++ }
	END { print (n && n == m) ? n : 0 }' "$tmp/nostart.dat.out")
if [ $rc -eq 0 ] && [ "$starts" -gt 0 ] && [ "$open" -eq "$starts" ] &&
   [ "$ns" -gt 0 ]; then
	pass "kernelshark traces without end events: $open calls, all open (hollow boxes), one per start; without start events: $ns calls, none with a start"
else
	fail "kernelshark traces without end or start events: every start an open call, no call with a start" \
		"exit $rc, $open open calls, $starts starts; $ns calls without a start" \
		"$(tail -n 3 "$tmp/ne.err")"
fi

# --- the window, under Xvfb ------------------------------------------------
gui=$fx/series-drop.dat
# node colours of draw.cpp (Tableau 10), as ImageMagick prints them
node0='#1F77B4'
node1='#FF7F0E'

# shot NAME: a screenshot of the whole screen; pixels of node 0 and 1
shot() {
	import -display ":$display" -window root "$tmp/$1.png" 2>/dev/null || return 1
	convert "$tmp/$1.png" -format %c histogram:info:- 2>/dev/null |
		awk -v a="$node0" -v b="$node1" '
			{ n = $1; sub(/:$/, "", n) }
			index($0, a) { na = n } index($0, b) { nb = n }
			END { print na + 0, nb + 0 }'
}

# start_ks LOG CMD...: in its own process group, on the Xvfb display; waits
# up to 60 s for the main window (titled "Kernel Shark (FILE)")
start_ks() {
	local log=$1 i
	shift
	DISPLAY=:$display setsid "$@" >"$log.out" 2>"$log.err" </dev/null &
	groups+=($!)
	for i in $(seq 60); do
		xwininfo -display ":$display" -root -tree 2>/dev/null |
			grep -q '"Kernel Shark (' && return 0
		sleep 1
	done
	return 1
}

stop_ks() {
	kill -- "-${groups[-1]}" 2>/dev/null
	wait "${groups[-1]}" 2>/dev/null
}

gui_skip() {
	local d
	for d in "make view TRACE=series-drop.dat opens KernelShark under Xvfb" \
		"kernelshark screenshot holds the plugin's node 0 and node 1 colours" \
		"kernelshark: the plugin reports as many calls as ssks-calls" \
		"kernelshark without the plugin: neither node colour (control)"; do
		skip "$d" "$1"
	done
}

missing=
for c in Xvfb xwininfo import convert kernelshark; do
	command -v "$c" >/dev/null || missing="$missing $c"
done
if [ -n "$missing" ]; then
	gui_skip "not installed:$missing (vm/deps.sh installs them)"
else
	# KernelShark's settings and session files here, not in a home; as
	# root it would first ask to be trusted, in a modal box
	export KS_USER_CACHE_DIR=$tmp/kscache XDG_RUNTIME_DIR=$tmp/xdg
	mkdir -p "$KS_USER_CACHE_DIR" "$XDG_RUNTIME_DIR"
	chmod 700 "$XDG_RUNTIME_DIR"
	printf '[General]\nnoRootWarn=true\n' >"$KS_USER_CACHE_DIR/setting.ini"
	# -noreset: an X server resets when its last client leaves, and a
	# client that connects meanwhile fails ("could not load the Qt
	# platform plugin xcb"): the control's KernelShark did, once, when
	# the first one had just been stopped on a loaded machine
	setsid Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset \
		3>"$tmp/display" >"$tmp/xvfb.log" 2>&1 &
	groups+=($!)
	for i in $(seq 20); do
		[ -s "$tmp/display" ] && break
		sleep 0.5
	done
	display=$(head -n1 "$tmp/display" 2>/dev/null)
	if [ -z "$display" ]; then
		gui_skip "Xvfb did not start: $(tail -n 2 "$tmp/xvfb.log")"
	else
		want=$(awk -F'\t' '$1 == "call"' "$tmp/series-drop.dat.out" | wc -l)
		if start_ks "$tmp/view" make -s -C "$top" view TRACE="$gui"; then
			pass "make view TRACE=series-drop.dat opens KernelShark under Xvfb"
			# the first paint may lag the window: poll for the colours
			for i in $(seq 20); do
				read -r a b < <(shot with)
				[ "${a:-0}" -gt 50 ] && [ "${b:-0}" -gt 50 ] && break
				sleep 1
			done
			if [ "${a:-0}" -gt 50 ] && [ "${b:-0}" -gt 50 ]; then
				pass "kernelshark screenshot holds the plugin's node 0 and node 1 colours ($a and $b pixels)"
			else
				fail "kernelshark screenshot holds the plugin's node 0 and node 1 colours" \
					"pixels: node 0 ${a:-none}, node 1 ${b:-none}" \
					"$(tail -n 5 "$tmp/view.err")"
			fi
			got=$(sed -n 's/^shrinkscope: .*: \([0-9]*\) shrinker calls.*/\1/p' "$tmp/view.err")
			check "kernelshark: the plugin reports $want calls, as many as ssks-calls (KernelShark's stderr: ${got:-nothing})" \
				[ "$got" = "$want" ]
		else
			fail "make view TRACE=series-drop.dat opens KernelShark under Xvfb" \
				"$(tail -n 5 "$tmp/view.err")"
			fail "kernelshark screenshot holds the plugin's node 0 and node 1 colours" "no window"
			fail "kernelshark: the plugin reports as many calls as ssks-calls" "no window"
		fi
		stop_ks
		# the control: no plugin, the same trace, the same wait
		if start_ks "$tmp/plain" kernelshark "$gui"; then
			sleep 5
			read -r a b < <(shot without)
			check "kernelshark without the plugin: neither node colour (control: ${a:-?} and ${b:-?} pixels)" \
				[ "${a:-1}" -eq 0 -a "${b:-1}" -eq 0 ]
		else
			fail "kernelshark without the plugin: neither node colour (control)" \
				"no window: $(tail -n 5 "$tmp/plain.err")"
		fi
		stop_ks
	fi
fi

# make view with nothing to show says so and fails
make -s -C "$top" view RESULTS="$tmp/none" >/dev/null 2>"$tmp/none.err"
rc=$?
check "make view without a trace fails and says to make run first (exit $rc)" \
	grep -q 'make run first' "$tmp/none.err"
