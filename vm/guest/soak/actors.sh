# The soak's actors (sourced in the guest by tests/guest/99-soak.sh). Each
# runs its loop until SOAK_END (epoch seconds), counts its iterations in
# $SOAK/NAME.n and writes what went wrong, one line each, to $SOAK/NAME.err.
# What the churn makes legitimately fail (a populate while the module is
# out, an rmmod while a file of it is open) is counted in $SOAK/NAME.busy,
# never passed off as an iteration.
SOAK=${SOAK:-/tmp/soak}
TC=/sys/kernel/debug/shrinkscope_testcache
TRACEFS=/sys/kernel/tracing
CGS=/sys/fs/cgroup
SOAK_KO=/host/build/modules/$(cat /out/variant)/testcache/shrinkscope_testcache.ko
NODES=$(ls -d /sys/devices/system/node/node[0-9]* | wc -l)

soak_running() { [ "$EPOCHSECONDS" -lt "$SOAK_END" ]; }
# bump NAME [FILE]: one more in $SOAK/NAME.n (or .FILE)
bump() {
	local f=$SOAK/$1.${2:-n} n=0
	[ -f "$f" ] && read -r n <"$f"
	echo $((n + 1)) >"$f"
}
oops() { echo "$2" >>"$SOAK/$1.err"; }

# Every series event on and off, through a tracefs instance made and
# removed each round (the instance's event files come and go with it).
actor_events() {
	local inst=$TRACEFS/instances/soak e
	while soak_running; do
		mkdir "$inst" || { oops events "mkdir of a tracefs instance failed"; sleep 1; continue; }
		for e in list_lru/list_lru_add list_lru/list_lru_del list_lru/list_lru_walk \
			list_lru/list_lru_isolate vmscan/mm_shrink_slab_start \
			vmscan/mm_shrink_slab_end vmscan/mm_shrink_slab_batch \
			vmscan/mm_shrinker_register vmscan/mm_shrinker_unregister \
			vmpressure/vmpressure_notify; do
			echo 1 >"$inst/events/$e/enable" &&
				echo 0 >"$inst/events/$e/enable" ||
				oops events "toggling $e failed"
		done
		echo 1 >"$inst/events/list_lru/enable" && sleep 0.5 &&
			echo 0 >"$inst/events/list_lru/enable" ||
			oops events "the list_lru group toggle failed"
		rmdir "$inst" || oops events "rmdir of the tracefs instance failed"
		bump events
	done
}

# shrinkstat attached for 3 s at a time: it must load, measure and exit 0.
actor_shrinkstat() {
	while soak_running; do
		if /host/build/bpf/shrinkstat -d 3 >"$SOAK/shrinkstat.out" 2>&1; then
			bump shrinkstat
		else
			oops shrinkstat "shrinkstat exited $?: $(tail -n1 "$SOAK/shrinkstat.out")"
			sleep 1
		fi
	done
}

# bpftrace scripts of bpf/ in turn, each attached, left 2 s, detached.
actor_bpftrace() {
	local scripts=(/host/bpf/*.bt) i=0 s pid
	while soak_running; do
		s=${scripts[i++ % ${#scripts[@]}]}
		bpftrace "$s" >"$SOAK/bpftrace.out" 2>&1 &
		pid=$!
		if wait_for_line "$SOAK/bpftrace.out" '^Attaching' 120 "$pid"; then
			sleep 2
			stop_tracer "$pid" >>"$SOAK/bpftrace.err" && bump bpftrace ||
				oops bpftrace "$(basename "$s") did not stop on SIGINT"
		else
			kill -9 "$pid" 2>/dev/null
			wait "$pid"
			oops bpftrace "$(basename "$s") did not attach: $(tail -n1 "$SOAK/bpftrace.out")"
		fi
	done
}

# trace-cmd record of the series' reclaim events for 3 s (list_lru_add/del,
# millions under this churn, are the events actor's); the file must read
# back. On disk: a tmpfs file competes with the memcgs for memory.
actor_tracecmd() {
	local dat=/var/tmp/soak.dat
	while soak_running; do
		rm -f "$dat"
		if trace-cmd record -q -o "$dat" -e list_lru:list_lru_walk \
			-e list_lru:list_lru_isolate -e vmpressure \
			-e vmscan:mm_shrink_slab_start -e vmscan:mm_shrink_slab_end \
			-e vmscan:mm_shrink_slab_batch -e vmscan:mm_shrinker_register \
			-e vmscan:mm_shrinker_unregister sleep 3 >/dev/null 2>"$SOAK/tracecmd.out" &&
			trace-cmd report -i "$dat" >/dev/null 2>>"$SOAK/tracecmd.out"; then
			bump tracecmd
		elif grep -q "error in size of file '/proc/kallsyms'" "$SOAK/tracecmd.out"; then
			# trace-cmd sizes /proc/kallsyms by reading it, then copies
			# it: a module loaded or unloaded in between (the module
			# actor) fails the recording. Its race, not the kernel's.
			bump tracecmd busy
		else
			oops tracecmd "record or report failed: $(grep -v '^ *$' "$SOAK/tracecmd.out" | head -n3 | tr '\n' ' ')"
			sleep 1
		fi
	done
}

# populate_in CGROUP N NID: N test cache objects on node NID charged to
# CGROUP; a refusal while the module is out (or has no free memcg slot)
# is churn, not an error.
populate_in() {
	in_cgroup "$1" numactl --membind="$3" sh -c "echo $2 $3 >$TC/populate" 2>/dev/null
}

# memcgs made, filled with files and test cache objects on every node,
# squeezed by memory.high and memory.reclaim, and removed.
actor_memcg() {
	local i=0 cg name n
	while soak_running; do
		name=soak$((i++ % 4))
		cg=$CGS/$name
		[ -d "$cg" ] && ! rmdir "$cg" 2>/dev/null && { bump memcg busy; sleep 1; continue; }
		mkdir "$cg" || { oops memcg "mkdir $name failed"; sleep 1; continue; }
		for ((n = 0; n < NODES; n++)); do
			in_cgroup "$name" numactl --membind="$n" bash -c \
				". $GUEST_DIR/lib.sh; populate_files /var/tmp/soak/$name/n$n 300" ||
				oops memcg "files in $name on node $n failed"
			populate_in "$name" 400 "$n" || bump memcg busy
		done
		echo $(( $(cat "$cg/memory.current") / 2 )) >"$cg/memory.high" ||
			oops memcg "memory.high on $name failed"
		in_cgroup "$name" cat /var/tmp/soak/"$name"/n0/f1 >/dev/null 2>&1
		# memory.reclaim may give up (EAGAIN) short of its target
		echo 1M >"$cg/memory.reclaim" 2>/dev/null || bump memcg busy
		echo max >"$cg/memory.high"
		rm -rf "/var/tmp/soak/$name"
		rmdir "$cg" 2>/dev/null || bump memcg busy
		bump memcg
	done
}

actor_dropcaches() {
	local v=2
	while soak_running; do
		echo $v >/proc/sys/vm/drop_caches || oops dropcaches "drop_caches=$v failed"
		v=$((v == 2 ? 3 : 2))
		bump dropcaches
		sleep 1
	done
}

# The test cache loaded, given vmpressure listeners that trim it (on the
# root and on a cgroup of its own under memory.high), filled, pressed,
# and unloaded with its listeners still registered. Notifications heard
# add up in $SOAK/module.heard.
actor_module() {
	local cg=$CGS/soakmod n heard
	mkdir -p "$cg"
	while soak_running; do
		if [ ! -d "$TC" ]; then
			insmod "$SOAK_KO" || { oops module "insmod failed"; sleep 1; continue; }
		fi
		echo "0 0 1" >"$TC/listen" || oops module "listen on the root failed"
		in_cgroup soakmod sh -c "echo '0 1 1' >$TC/listen" ||
			oops module "listen on soakmod failed"
		for ((n = 0; n < NODES; n++)); do
			populate_in soakmod 1000 "$n" || oops module "populate in soakmod on node $n failed"
		done
		# page cache pressure under memory.high: vmpressure from high reclaim
		echo 8M >"$cg/memory.high"
		in_cgroup soakmod dd if=/dev/zero of=/var/tmp/soakmod.big bs=1M count=24 \
			status=none 2>/dev/null
		in_cgroup soakmod dd if=/var/tmp/soakmod.big of=/dev/null bs=1M status=none 2>/dev/null
		echo max >"$cg/memory.high"
		rm -f /var/tmp/soakmod.big
		heard=$(awk 'NR > 1 {s += $6 + $7 + $8} END {print s + 0}' "$TC/listeners")
		echo $(( $(cat "$SOAK/module.heard" 2>/dev/null || echo 0) + heard )) >"$SOAK/module.heard"
		# unload with the listeners registered; the last round leaves it in
		if soak_running; then
			n=0
			until rmmod shrinkscope_testcache 2>/dev/null; do
				bump module busy
				((n++ < 100)) || { oops module "rmmod busy for 20 s"; break; }
				sleep 0.2
			done
		fi
		bump module
	done
}
SOAK_ACTORS="events shrinkstat bpftrace tracecmd memcg dropcaches module"
