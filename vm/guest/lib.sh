# Guest helpers shared by the in-guest tests (tests/guest/lib.sh), the
# scenarios (vm/guest/scenarios/lib.sh) and the bench (sourced, in the guest).
OUT=${OUT:-/out}
GUEST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# in-cgroup NAME CMD...: a program, so trace-cmd record and numactl can run it
IN_CGROUP=$GUEST_DIR/in-cgroup

# populate_files DIR N: N empty files (N dentries and inodes) in DIR.
populate_files() {
	local dir=$1 n=$2 i
	mkdir -p "$dir"
	for ((i = 0; i < n; i++)); do : >"$dir/f$i"; done
}

# wait_for_line FILE PATTERN SECONDS [PID]: until a line of FILE matches
# (a tracer's "Attaching"); fails after SECONDS, or as soon as PID, the
# writer, has exited without writing it: a tool that refused its arguments
# or its kernel says so at once, and waiting out the limit only hides it.
wait_for_line() {
	local f=$1 pat=$2 t=$(( $3 * 10 )) pid=${4:-}
	while ((t-- > 0)); do
		grep -q "$pat" "$f" 2>/dev/null && return 0
		if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
			grep -q "$pat" "$f" 2>/dev/null
			return
		fi
		sleep 0.1
	done
	return 1
}

# catches_sigint PID SECONDS: until PID has a SIGINT handler of its own. A
# job started with & by a script can be killed by a SIGINT sent earlier.
catches_sigint() {
	local pid=$1 t=$(( $2 * 10 )) mask
	while ((t-- > 0)); do
		mask=$(awk '/^SigCgt:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
		[ -n "$mask" ] || return 1	# it has exited
		(( 0x$mask & 2 )) && return 0
		sleep 0.1
	done
	return 1
}

# show_stacks PID: where PID and its descendants, and every task in D state,
# sleep in the kernel, as TAP diagnostics.
show_stacks() {
	local pids=$1 p frontier=$1
	while [ -n "$frontier" ]; do
		frontier=$(for p in $frontier; do pgrep -P "$p"; done)
		pids="$pids $frontier"
	done
	pids="$pids $(ps -eo pid=,stat= | awk '$2 ~ /^D/ {print $1}')"
	for p in $(printf '%s\n' $pids | sort -un); do
		[ -r "/proc/$p/stack" ] || continue
		echo "#   $p $(cat "/proc/$p/comm" 2>/dev/null) $(awk '{print $3}' "/proc/$p/stat" 2>/dev/null):"
		sed 's/^/#     /' "/proc/$p/stack" 2>/dev/null
	done
}
# wait_or_show PID SECONDS: wait for PID and return its exit status; if it
# outlives SECONDS, print a failure (a TAP line) that shows where it is
# stuck and return 124 (it is left running).
wait_or_show() {
	local pid=$1 t=$(( $2 * 10 ))
	while kill -0 "$pid" 2>/dev/null; do
		if ((t-- <= 0)); then
			echo "not ok - $(cat "/proc/$pid/cmdline" 2>/dev/null | tr '\0' ' ' | cut -c1-60) (pid $pid) ends within $2 s"
			echo "shrinkscope: not ok - pid $pid stuck" >/dev/console
			show_stacks "$pid"
			return 124
		fi
		sleep 0.1
	done
	wait "$pid"
}
# stop_tracer PID [SECONDS]: SIGINT until the tracer exits (printing what it
# measured), then reap it as wait_or_show does. bpftrace 0.17 notices
# SIGINT only when the signal interrupts its epoll_wait(): one that lands
# while it attaches or reads its buffers sets a flag it never reads again,
# and it runs on forever. So the signal is repeated each second.
stop_tracer() {
	local pid=$1 n=${2:-60} i
	while ((n-- > 0)) && kill -INT "$pid" 2>/dev/null; do
		for ((i = 0; i < 10; i++)); do
			kill -0 "$pid" 2>/dev/null || break 2
			sleep 0.1
		done
	done
	wait_or_show "$pid" 5
}

# new_cgroup NAME: a fresh child of the root cgroup; prints its inode number,
# its cgroup id on 64-bit: what the shrinker and list_lru events report as
# memcg_id.
new_cgroup() {
	local cg=/sys/fs/cgroup/$1
	[ -d "$cg" ] && rmdir "$cg"
	mkdir "$cg" && stat -c %i "$cg"
}
# in_cgroup NAME CMD...: run CMD inside cgroup NAME; fails, running
# nothing, if it cannot join it.
in_cgroup() { "$IN_CGROUP" "$@"; }
