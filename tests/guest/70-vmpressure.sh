# In-kernel vmpressure notifications (patches/0007-0008) through the test
# cache's listeners: modes, independent users, levels explained by
# scanned/reclaimed, the tracepoint, bad arguments, unregistering, a memcg
# removed under a listener, and unload under pressure.
. ./lib.sh
plan 15
ko=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
tc=/sys/kernel/debug/shrinkscope_testcache
[ -d /sys/kernel/tracing/events/vmpressure ] || { fail "kernel has vmpressure events"; exit 0; }
insmod "$ko" || { fail "test cache module loads"; exit 0; }
[ -e "$tc/listen" ] || { fail "test cache listens for vmpressure"; rmmod shrinkscope_testcache; exit 0; }

cgs=/sys/fs/cgroup
for c in vp/a vp/b vp; do [ -d "$cgs/$c" ] && rmdir "$cgs/$c"; done
mkdir "$cgs/vp"
listen() { in_cgroup "$1" sh -c "echo '$2' >$tc/listen" 2>/dev/null; }

# Bad arguments fail with EINVAL, as documented.
bad=0
for args in "3 0" "0 3" "-1 0"; do
	out=$(bash -c "echo '$args' >$tc/listen" 2>&1) && bad=1
	grep -q 'Invalid argument' <<<"$out" || bad=1
done
if [ $bad -eq 0 ] && [ "$(grep -c '^[0-9]' "$tc/listeners")" -eq 0 ]; then
	pass "registering with a bad level or mode fails with EINVAL, and registers nothing"
else
	fail "registering with a bad level or mode fails with EINVAL" "$(cat "$tc/listeners")"
fi

# cgroup v2 keeps processes out of inner cgroups: listen on vp while it is
# still a leaf, then give it children.
listen vp "0 2"		# id 0: vp, local: must not hear pressure in vp/a
listen vp "0 1"		# id 1: vp, hierarchy: hears vp/a
listen vp "0 0"		# id 2: vp, default: vp/a's default listener handles it
listen vp "0 0 0 1"	# id 3: vp, default, another user: hears vp/a anyway
echo +memory >"$cgs/vp/cgroup.subtree_control" && mkdir "$cgs/vp/a" "$cgs/vp/b"
a=$(stat -c %i "$cgs/vp/a")
listen vp/a "0 0 1"	# id 4: vp/a, default, trims the cache
listen vp/b "0 1"	# id 5: vp/b, hierarchy: a sibling, hears nothing
listen vp/a "0 2"	# id 6: vp/a, local: its own pressure
if [ "$(grep -c '^[0-9]' "$tc/listeners")" -eq 7 ]; then
	pass "seven listeners registered, on vp, vp/a and vp/b"
else
	fail "seven listeners registered, on vp, vp/a and vp/b" "$(cat "$tc/listeners")"
fi
in_cgroup vp/a numactl --membind=0 sh -c "echo 4000 0 >$tc/populate"

# Page cache pressure in vp/a: a 96 MiB file read under a 16 MiB memory.high.
# Large reads, and a time limit: above memory.high every return to user
# space may sleep a throttling penalty.
read_big='timeout 120 dd if=/var/tmp/vp.big of=/dev/null bs=4M status=none' 
dd if=/dev/zero of=/var/tmp/vp.big bs=1M count=96 status=none conv=fsync
# written back, then dropped: the reads below must charge vp/a
sync
echo 1 >/proc/sys/vm/drop_caches
echo 16M >"$cgs/vp/a/memory.high"
cc0=$(cat "$tc/count_calls")
trace-cmd record -q -e vmpressure:vmpressure_notify -o /tmp/vp.dat -- \
	"$IN_CGROUP" vp/a sh -c "$read_big; sleep 1" >/dev/null 2>&1
cc1=$(cat "$tc/count_calls")
cp /tmp/vp.dat "$OUT/vmpressure.dat"
cp "$tc/listeners" "$OUT/vmpressure-listeners.txt"
notes() { awk -v id="$1" '$1 == id {print $6 + $7 + $8}' "$tc/listeners"; }
n0=$(notes 0) n1=$(notes 1) nd=$(notes 2) no=$(notes 3) n2=$(notes 4) n3=$(notes 5) n5=$(notes 6)
if [ "$n2" -gt 0 ] && [ "$n5" -eq "$n2" ] && [ "$n1" -eq "$n2" ] &&
   [ "$n0" -eq 0 ] && [ "$nd" -eq 0 ] && [ "$n3" -eq 0 ]; then
	pass "modes: vp/a default $n2, vp/a local $n5, vp hierarchy $n1; vp local, vp default (handled below) and sibling vp/b silent"
else
	fail "modes: vp/a default and local and vp hierarchy hear each vp/a notification; vp local, vp default and vp/b do not" \
		"$(cat "$tc/listeners")"
fi
# A default-mode listener is silenced only by its own kind below it.
if [ "$no" -eq "$n2" ] && [ "$n2" -gt 0 ] && [ "$nd" -eq 0 ]; then
	pass "independent users: another callback's default listener on vp heard all $no of vp/a's notifications, where the same callback's stayed silent"
else
	fail "independent users: a default listener with another callback on vp hears what vp/a's default listener handles" \
		"vp default (other) $no, vp/a default $n2, vp default (same) $nd"
fi
# The cover letter's case: a cache that only wants to hear of pressure, as a
# shrinker, is asked (count_objects, from inside reclaim) far more often
# than a listener is told (from a work item, once per window).
asked=$((cc1 - cc0))
echo "count_objects $asked notifications $n2" >"$OUT/vmpressure-who.txt"
if [ "$n2" -gt 0 ] && [ "$asked" -gt "$n2" ]; then
	pass "same pressure: the test cache's count_objects ran $asked times from reclaim, its vp/a listener was told $n2 times"
else
	fail "a shrinker is asked more often than a listener is told" "count_objects $asked, notifications $n2"
fi
dropped=$(awk '$1 == 4 {print $9}' "$tc/listeners")
if [ "${dropped:-0}" -gt 0 ]; then
	pass "the test cache dropped $dropped objects of vp/a on pressure notifications"
else
	fail "the test cache drops objects on pressure notifications" "$(cat "$tc/listeners")"
fi

# The tracepoint: one event per notified memcg, levels from scanned/reclaimed.
seen_by_a=$(awk '$1 == 4 {print $6, $7, $8}' "$tc/listeners")
raw_report /tmp/vp.dat | gawk -f lib.awk -v a="$a" -v cb="$seen_by_a" -e '
	function calc(s, r,    scale, p) {	# mm/vmpressure.c vmpressure_calc_level()
		scale = s + r
		if (r >= s) return 0
		p = scale - int(r * scale / s)
		p = int(p * 100 / scale)
		return p >= 95 ? 2 : (p >= 60 ? 1 : 0)
	}
	parse() == "vmpressure_notify" {
		n++
		if (calc(f["scanned"], f["reclaimed"]) != f["level"]) bad++
		if (f["memcg_id"] == a && f["nr_kernel"] > 0) ours[f["level"]]++
		lv[f["level"]]++
	}
	END {
		split(cb, want, " ")
		if (n > 0 && bad == 0)
			printf "ok - all %d vmpressure_notify levels follow from scanned/reclaimed (low %d, medium %d, critical %d)\n", n, lv[0], lv[1], lv[2]
		else
			printf "not ok - vmpressure_notify levels follow from scanned/reclaimed (%d of %d differ)\n", bad, n
		got = sprintf("%d %d %d", ours[0], ours[1], ours[2])
		if (got == cb && ours[0] + ours[1] + ours[2] > 0)
			printf "ok - one vmpressure_notify per notification of vp/a, at the level its callback saw (low medium critical: %s)\n", got
		else
			printf "not ok - one vmpressure_notify per notification of vp/a at its level: events %s, callbacks %s\n", got, cb
	}'

# No callback after unregister.
# (a local listener counts as handling it too: both of vp/a's go)
if timeout 60 sh -c "echo 4 >$tc/unlisten && echo 6 >$tc/unlisten"; then
	pass "unlisten of vp/a's two listeners returns"
else
	echo w >/proc/sysrq-trigger
	fail "unlisten of vp/a's two listeners returns" "failed or timed out"
fi
before="$(notes 4) $(notes 6)"
timeout 300 bpftrace /host/bpf/vmpressure.bt 3600 >/tmp/vmpressure.bt.out 2>&1 &
bt=$!
bt_ready "$bt" /tmp/vmpressure.bt.out 120
in_cgroup vp/a sh -c "$read_big; sleep 1"
stop_tracer $bt 90
cp /tmp/vmpressure.bt.out "$OUT/vmpressure.bt.out"
after="$(notes 4) $(notes 6)" n1b=$(notes 1) ndb=$(notes 2)
vp=$(stat -c %i "$cgs/vp")
seen=$(grep "^@notify\[$vp, " /tmp/vmpressure.bt.out | awk '{s += $NF} END {print s + 0}')
if [ "${seen:-0}" -eq $((n1b - n1)) ] && [ "$seen" -gt 0 ]; then
	pass "vmpressure.bt counted $seen notifications of vp, as its listener did"
else
	fail "vmpressure.bt counts what the listener got" "bpftrace ${seen:-none}, listener $((n1b - n1))" "$(grep -v '^$' /tmp/vmpressure.bt.out | head -5)"
fi
if [ "$before" = "$after" ] && [ "$n1b" -gt "$n1" ]; then
	pass "no callback after unregister ($after before and after, while vp hierarchy went $n1 -> $n1b)"
else
	fail "no callback after unregister" "before $before after $after; vp $n1 -> $n1b"
fi
# with vp/a's listeners gone, vp's default listener is the first to hear
if [ "$nd" -eq 0 ] && [ "$ndb" -gt 0 ]; then
	pass "default mode passes vp/a's pressure up once nobody below handles it (vp default 0 -> $ndb)"
else
	fail "default mode passes pressure up only when unhandled below" "vp default $nd -> $ndb"
fi

# A memcg removed with a listener on it: vmpressure detaches the listener
# and drops its reference, so the memcg is freed (cgroup.stat of its parent
# counts it among the dying until then); unregistering later only frees it.
# Pages charged to it pin it too (6.12 showed it, 2 boots in 7): the
# shell that registers there can fault in page cache that earlier tests'
# reclaim evicted. So the same shell runs outside first, and if the memcg
# is still dying after 10 s, vpoff's charge is reclaimed every 5 s for 30
# s more: then only a reference like the listener's can keep it.
for c in vpoff/c vpoff; do [ -d "$cgs/$c" ] && rmdir "$cgs/$c"; done
mkdir "$cgs/vpoff" && echo +memory >"$cgs/vpoff/cgroup.subtree_control" &&
	mkdir "$cgs/vpoff/c"
dying() { awk '$1 == "nr_dying_descendants" {print $2}' "$cgs/vpoff/cgroup.stat"; }
# wait_freed TENTHS: until vpoff has no dying memcg, at most TENTHS/10 s
wait_freed() {
	local i
	for ((i = 0; i < $1; i++)); do [ "$(dying)" -eq 0 ] && return; sleep 0.1; done
}
sh -c "cat $tc/listeners" >/dev/null
listen vpoff/c "0 1"	# id 7
rmdir "$cgs/vpoff/c"
SECONDS=0
wait_freed 100
charged=0
for ((k = 0; k < 6 && $(dying) != 0; k++)); do
	c=$(cat "$cgs/vpoff/memory.current")
	charged=$((charged + c))
	echo "$c" >"$cgs/vpoff/memory.reclaim" 2>/dev/null
	wait_freed 50
done
pinned=
[ "$charged" = 0 ] || pinned="; $charged bytes of its pages reclaimed in $k rounds"
if [ "$(awk '$1 == 7' "$tc/listeners" | wc -l)" -eq 1 ] && [ "$(dying)" -eq 0 ]; then
	pass "a memcg removed with a listener registered is freed (vpoff: nr_dying_descendants back to 0 after $SECONDS s$pinned)"
else
	fail "a memcg removed with a listener registered is freed" \
		"vpoff nr_dying_descendants $(dying) after $SECONDS s, $charged bytes reclaimed in $k rounds; charged now $(cat "$cgs/vpoff/memory.current")" \
		"$(cat "$tc/listeners")"
fi
if echo 7 >"$tc/unlisten" && awk '$1 == 7 && $5 == 0 {ok = 1} END {exit !ok}' "$tc/listeners"; then
	pass "unregistering the listener of the freed memcg returns and frees it"
else
	fail "unregistering the listener of the freed memcg" "$(cat "$tc/listeners")"
fi
rmdir "$cgs/vpoff"

# Unload the consumer while pressure goes on.
( for i in 1 2 3; do in_cgroup vp/a sh -c "$read_big"; done ) &
# unload only once notifications are arriving
start=$(notes 1) t=300
while [ "$(notes 1)" -eq "$start" ] && ((t-- > 0)); do sleep 0.1; done
now=$(notes 1)
if [ "$now" -gt "$start" ] && rmmod shrinkscope_testcache; then
	pass "unloading the listening test cache while its callbacks run (vp hierarchy $start -> $now just before)"
else
	fail "unloading the listening test cache while its callbacks run" "vp hierarchy $start -> $now"
fi
wait
rm -f /var/tmp/vp.big
